/**
 * T4-09 · no-show-job-change-branch (tier 4, Sales Navigator + Calendly + HubSpot + Outreach, inbound, lead
 * qualification & scheduling): an inbound prospect booked the acting rep's Discovery Call and no-showed it this
 * morning. Before chasing them the rep checks Sales Navigator, because people who vanish sometimes just changed
 * jobs. Both branches mark the no-show in Calendly, set the HubSpot meeting's outcome to No show (HubSpot's meeting
 * activity card) and finish (not remove: Outreach "Finishing vs removing prospects") the exclusive "Inbound – Demo
 * Follow-up" state their booking put them in. Then:
 * - still at the company (odd seeds): into "No-show rebook" from the rep's own mailbox (the Add-to-sequence dialog
 *   preselects another mailbox), with the booking link of the event they missed (the rep's Discovery Call, read
 *   on Calendly's Scheduling page) in Custom Field 2, the team's booking-link field. The exclusive follow-up
 *   sequence blocks the add until it is finished (Outreach "Sequence Exclusivity Settings");
 * - left (even seeds): never sequence the old address (rules of engagement R4); their HubSpot contact moves to the
 *   new company with the Sales Navigator title (update in place, R4); the colleague who took over their old role
 *   (the one holder of that title at the old company with less than a year in role, whose previous role there
 *   ended when the leaver left: another holder of the title has years in role) is added to HubSpot on the old
 *   company with their Sales Navigator title and the email of the prompt's enrichment export, and put in
 *   "VP Sales – Cold" from the rep's mailbox.
 *
 * Bindings. Stay: a planted `active_in_sequence` person live in "Inbound – Demo Follow-up" from a rep's mailbox
 * (the rep, not Maya Patel whose mailbox the dialog preselects, is the actor and the host), whose working hours
 * overlap the rep's. Left: a planted `job_changer` whose HubSpot contact sits at the old company only, with a
 * colleague there who is in neither HubSpot nor a live sequence (the successor) and another colleague (the decoy
 * holder of the same title); the actor is a rep whose hours overlap the leaver's. Seeds alternate the branches
 * (s1, s3 stay; s2, s4 left) and walk the bindings in id order, so pinned seeds are different people and days.
 *
 * Fixtures: the Calendly event on the rep's Discovery Call this morning (invitee: the work address; for the
 * leaver, the old address), the HubSpot meeting (outcome Scheduled) on the contact and company. Left only: the
 * leaver's Outreach prospect under the old address and company with its live "Inbound – Demo Follow-up" state; the
 * successor's prospect when the world has none; Sales Navigator rows re-dated so the move is recent (the booking
 * predates it): the leaver's past position ends this month, the successor's and the decoy's current title is the
 * leaver's old one (the successor's previous role at the company ends this month).
 *
 * Simplified from the catalogue: (1) the booking link is the rep's Discovery Call link, not the invitee's
 * `reschedule_url`: the Calendly replica's host screens do not show an invitee's links, and its reschedule page
 * refuses a meeting in the past, which a no-show always is; (2) the successor is an existing Outreach prospect
 * (the Outreach replica has no screen that creates prospects), so only HubSpot gets a new record; (3) R4's note on
 * the old company and the email change are not asked for (the prompt states the update it wants; a note is
 * accepted); (4) the Sales Navigator dates of the leaver, successor and decoy are fixtures (no planted job change
 * is recent enough for a booking under the old address, and no planted company has a successor).
 */
import { project as projectCalendly, uuidFor } from '../../gyms/calendly/seed';
import { CALENDLY_API } from '../../gyms/calendly/contract';
import { localTime, zonedToUtc } from '../../gyms/calendly/tz';
import { projectHubSpot } from '../../gyms/hubspot/seed';
import { project as projectOutreach } from '../../gyms/outreach/seed';
import { leadIdFor, project as projectSalesNav } from '../../gyms/salesnav/seed';
import type { Person, World } from '../../seeds/world';
import { TemplateError, type InstanceContext, type Template } from './kit';
import {
	calendlyInviteeRow,
	DAY_MS,
	addMs,
	calendlyMicros,
	calendlyTimeLabel,
	hubspotRow,
	jq,
	jqList,
	meetingsRowLabel,
	prospectFixture,
	spokenDate
} from './_gym-rows';

const SLUG = 'no-show-job-change-branch';
const DISCOVERY = 'Discovery Call (30 min)';
/** Outreach sequences of the seed: the booking's follow-up (exclusive), the rebook one, the cold one (exclusive). */
const FOLLOW_UP = { id: '403002', name: 'Inbound – Demo Follow-up' };
const REBOOK = { id: '403007', name: 'No-show rebook' };
const COLD = { id: '403001', name: 'VP Sales – Cold' };
/** Team users who may act (every one has a Discovery Call and a mailbox); Maya Patel's mailbox is the dialog's default. */
const ACTORS = ['1002', '1003', '1004', '1006', '1008', '1009', '1010', '1011'];
/** Scenario days (weekdays of March 2026, before and after the US clock change). */
const DAYS = ['2026-03-03', '2026-03-04', '2026-03-05', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-17', '2026-03-18', '2026-03-24', '2026-03-25'];
/** Local start times (minutes) the no-showed call may have had, earliest first. */
const STARTS = [9 * 60, 9 * 60 + 30, 10 * 60, 10 * 60 + 30, 11 * 60];
const LIVE = ['active', 'paused', 'pending'];
/** Sales Navigator seniorities above a role someone is promoted into from within. */
const SENIOR = ['Owner / Partner', 'CXO', 'Vice President', 'Director', 'In Training'];
/** Old roles nobody is promoted into from within here (C-level, VP, founder). */
const TOP_TITLE = /Chief|VP|Vice President|Founder|Owner|Head/;
const MIN = 60_000;

type Row = { id: string; [k: string]: unknown };
type OrRow = Row & { attributes: Record<string, unknown>; relationships: Record<string, { data: { id: string } | null }> };
type Lead = {
	leadId: string;
	currentTitle: string;
	headline: string;
	yearsInRole: number;
	yearsAtCompany: number;
	pastPositions: { title: string; companyName: string; accountId: string | null; startedOn: string; endedOn: string | null }[];
	[k: string]: unknown;
};

const memo = new WeakMap<
	World,
	{ hs: ReturnType<typeof projectHubSpot>['state']; or: Record<string, OrRow[]>; cal: ReturnType<typeof projectCalendly>; sn: { leads: Lead[] } }
>();
function projected(world: World) {
	let p = memo.get(world);
	if (!p) {
		p = {
			hs: projectHubSpot(world).state,
			or: projectOutreach(world) as unknown as Record<string, OrRow[]>,
			cal: projectCalendly(world),
			sn: projectSalesNav(world) as unknown as { leads: Lead[] }
		};
		memo.set(world, p);
	}
	return p;
}

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

function build(ctx: InstanceContext) {
	const { world } = ctx;
	const { hs, or, cal, sn } = projected(world);
	const stay = ctx.seed % 2 === 1;
	const k = Math.floor((ctx.seed - 1) / 2);
	const day = ctx.cycle('day', DAYS);
	const hsCompanies = new Set(hs.companies.map((c) => c.id));
	const hsEmails = new Set(hs.contacts.map((c) => String(c.properties.email ?? '').toLowerCase()));
	const companyAssocs = (cid: string) =>
		hs.associations.filter(
			(a) =>
				(a.fromObjectType === 'contacts' && a.fromObjectId === cid && a.toObjectType === 'companies') ||
				(a.toObjectType === 'contacts' && a.toObjectId === cid && a.fromObjectType === 'companies')
		);
	const statesOf = (pid: string) => or.sequenceStates!.filter((s) => s.relationships.prospect?.data?.id === pid);
	const liveOf = (pid: string) => statesOf(pid).filter((s) => LIVE.includes(String(s.attributes.state)));
	const mailboxOf = (userId: string) => or.mailboxes!.find((m) => m.relationships.user?.data?.id === userId)!;
	const calUser = (userId: string) => cal.users.find((u) => u.email === ctx.user(userId).email)!;
	const typeOf = (userId: string, name: string) => cal.event_types.find((t) => t.profile?.owner === calUser(userId).uri && t.name === name && !t.deleted_at);
	const hostEvents = (userId: string) =>
		cal.scheduled_events.filter((e) => e.status === 'active' && e.event_memberships.some((m) => m.user === calUser(userId).uri));
	// The call's start: the first local start of the day that is 08:00–17:00 for the invitee and clear of the host's meetings.
	const slotFor = (userId: string, inviteeZone: string): number | null => {
		const zone = ctx.user(userId).timeZone;
		for (const m of STARTS) {
			const start = zonedToUtc(zone, day, m);
			const local = localTime(inviteeZone, start);
			if (local.date !== day || local.minutes < 8 * 60 || local.minutes + 30 > 17 * 60) continue;
			const clash = hostEvents(userId).some((e) => Date.parse(e.start_time) < start + 60 * MIN && Date.parse(e.end_time) > start - 30 * MIN);
			if (!clash) return start;
		}
		return null;
	};
	// The colleague who takes over a leaver's role: same function, below VP level, in neither HubSpot nor a live sequence.
	const successorFits = (leaver: Person, q: Person) =>
		q.function === leaver.function &&
		!SENIOR.includes(q.seniority) &&
		q.title !== leaver.previous!.title &&
		!q.inHubspot &&
		!hsEmails.has(q.workEmail) &&
		enrollable(q);
	const enrollable = (p: Person) =>
		p.emailStatus === 'ok' && !liveOf(p.id).length && !statesOf(p.id).some((s) => s.relationships.sequence?.data?.id === COLD.id);

	// ---- bindings
	type Binding = { invitee: Person; actorId: string; start: number };
	let binding: Binding;
	let successor: Person | null = null;
	let decoy: Person | null = null;
	let exportPeople: Person[];
	if (stay) {
		const pool = ctx
			.anomalyPeople('active_in_sequence')
			.filter((p) => p.previous === null && p.emailStatus === 'ok' && hsCompanies.has(p.companyId) && companyAssocs(p.id).length === 1)
			.flatMap((p) => {
				const live = liveOf(p.id);
				if (live.length !== 1 || live[0]!.relationships.sequence?.data?.id !== FOLLOW_UP.id) return [];
				if (statesOf(p.id).some((s) => s.relationships.sequence?.data?.id === REBOOK.id)) return [];
				const actorId = live[0]!.relationships.creator?.data?.id ?? '';
				if (!ACTORS.includes(actorId) || live[0]!.relationships.mailbox?.data?.id !== mailboxOf(actorId).id) return [];
				const start = slotFor(actorId, p.geo.timeZone);
				return start === null ? [] : [{ invitee: p, actorId, start }];
			})
			.sort((a, b) => Number(a.invitee.id) - Number(b.invitee.id));
		if (!pool.length) throw new TemplateError(`${SLUG}@${ctx.seed}: no active_in_sequence person in "${FOLLOW_UP.name}" to bind`);
		binding = pool[k % pool.length]!;
		exportPeople = world.people.filter((p) => p.companyId === binding.invitee.companyId && p.id !== binding.invitee.id && p.previous === null).slice(0, 3);
	} else {
		const pool = ctx
			.anomalyPeople('job_changer')
			.filter((p) => {
				const old = p.previous?.companyId;
				if (!old || old === p.companyId || !hsCompanies.has(old) || !hsCompanies.has(p.companyId) || p.inOutreach) return false;
				if (p.title === p.previous!.title || TOP_TITLE.test(p.previous!.title)) return false;
				if (hs.contacts.find((c) => c.id === p.id)?.properties.jobtitle !== p.previous!.title) return false;
				const assocs = companyAssocs(p.id);
				if (assocs.length !== 1 || ![assocs[0]!.toObjectId, assocs[0]!.fromObjectId].includes(old)) return false;
				const newCoName = ctx.company(p.companyId).name;
				if (hs.companies.filter((c) => c.properties.name === newCoName).length !== 1) return false;
				const colleagues = world.people.filter((q) => q.companyId === old && q.previous === null);
				return colleagues.some((q) => successorFits(p, q)) && colleagues.length >= 2;
			})
			.sort((a, b) => Number(a.id) - Number(b.id));
		const bindings = pool.flatMap((p) => {
			const actorId = ctx
				.rng(`actor:${p.id}`)
				.shuffle([...ACTORS])
				.find((a) => slotFor(a, p.geo.timeZone) !== null);
			return actorId ? [{ invitee: p, actorId, start: slotFor(actorId, p.geo.timeZone)! }] : [];
		});
		if (!bindings.length) throw new TemplateError(`${SLUG}@${ctx.seed}: no job changer with a successor to bind`);
		binding = bindings[k % bindings.length]!;
		const old = binding.invitee.previous!.companyId;
		const colleagues = world.people.filter((q) => q.companyId === old && q.previous === null).sort((a, b) => Number(a.id) - Number(b.id));
		successor = ctx.pick('successor', colleagues, (q) => successorFits(binding.invitee, q));
		decoy = ctx.pick('decoy', colleagues, (q) => q.id !== successor!.id);
		const third = colleagues.filter((q) => q.id !== successor!.id && q.id !== decoy!.id).slice(0, 1);
		exportPeople = ctx.rng('export').shuffle([successor, decoy, ...third]);
	}
	const { invitee, actorId, start } = binding;
	const actor = ctx.user(actorId);
	const actorName = fullName(actor);
	const zone = actor.timeZone;
	const clockMs = start + 80 * MIN;
	const clock = new Date(clockMs).toISOString();
	const name = fullName(invitee);
	const company = ctx.company(stay ? invitee.companyId : invitee.previous!.companyId);
	const newCo = stay ? null : ctx.company(invitee.companyId);
	const bookedEmail = stay ? invitee.workEmail : invitee.previous!.workEmail;
	const myMailbox = mailboxOf(actorId);
	const otherMailbox = or.mailboxes![0]!.id === myMailbox.id ? or.mailboxes![1]! : or.mailboxes![0]!;
	const discovery = typeOf(actorId, DISCOVERY);
	const decoyType = typeOf(actorId, 'Executive briefing (60 min)') ?? cal.event_types.find((t) => t.pooling_type === 'round_robin' && t.active)!;
	if (!discovery) throw new TemplateError(`${SLUG}@${ctx.seed}: ${actorName} has no ${DISCOVERY}`);

	// ---- Calendly fixture: this morning's Discovery Call, booked three weeks ago (before any move).
	const eventUri = `${CALENDLY_API}/scheduled_events/${uuidFor(`template:${SLUG}:${ctx.seed}:event`)}`;
	const inviteeUri = `${eventUri}/invitees/${uuidFor(`template:${SLUG}:${ctx.seed}:invitee`)}`;
	const bookedMs = start - 21 * DAY_MS;
	const booked = calendlyMicros(bookedMs);
	const host = calUser(actorId);
	const event = {
		uri: eventUri,
		name: DISCOVERY,
		status: 'active',
		start_time: calendlyMicros(start),
		end_time: calendlyMicros(start + 30 * MIN),
		event_type: discovery.uri,
		location: { type: 'google_conference', location: null, status: 'pushed', join_url: `https://meet.google.com/${eventUri.slice(-12)}` },
		invitees_counter: { total: 1, active: 1, limit: 1 },
		event_memberships: [{ user: host.uri, user_email: host.email, user_name: host.name }],
		event_guests: [],
		cancellation: null,
		calendar_event: { kind: 'google', external_id: eventUri.slice(-16).replace(/-/g, 'x') },
		meeting_notes_plain: null,
		created_at: booked,
		updated_at: booked
	};
	const inviteeRow = calendlyInviteeRow({
		uri: inviteeUri,
		event: eventUri,
		email: bookedEmail,
		firstName: invitee.firstName,
		lastName: invitee.lastName,
		name,
		timezone: invitee.geo.timeZone,
		createdAt: booked
	});

	// ---- HubSpot fixture: the meeting the booking logged, on the contact and the company it shows.
	const meetingId = ctx.fixtureId('hs-meeting');
	const meetingTitle = `${DISCOVERY}: ${name}`;
	const meetingBase = hubspotRow<Row & { properties: Record<string, string> }>('meetings', hs.meetings[0]!.id);
	const bookedIso = new Date(bookedMs).toISOString();
	const meeting = {
		...meetingBase,
		id: meetingId,
		properties: {
			hs_timestamp: new Date(start).toISOString(),
			hs_meeting_title: meetingTitle,
			hs_meeting_body: `Booked through Calendly by ${bookedEmail}.`,
			hs_meeting_start_time: new Date(start).toISOString(),
			hs_meeting_end_time: new Date(start + 30 * MIN).toISOString(),
			hs_meeting_outcome: 'SCHEDULED',
			hubspot_owner_id: actorId,
			createdate: bookedIso,
			hs_lastmodifieddate: bookedIso,
			hs_object_id: meetingId
		},
		createdAt: bookedIso,
		updatedAt: bookedIso
	};
	const assoc = (typeId: number, fromType: string, from: string, toType: string, to: string) => ({
		id: `${typeId}:${from}:${to}`,
		fromObjectType: fromType,
		fromObjectId: from,
		toObjectType: toType,
		toObjectId: to,
		associationCategory: 'HUBSPOT_DEFINED',
		associationTypeId: typeId
	});
	const hsAssociations = [assoc(200, 'meetings', meetingId, 'contacts', invitee.id), assoc(188, 'meetings', meetingId, 'companies', company.id)];

	// ---- Outreach: the invitee's prospect and its live follow-up state (seeded when staying; fixtures when left).
	const orFixture: Record<string, Row[]> = {};
	let inviteePid = invitee.id;
	let followUpStateId: string;
	if (stay) {
		followUpStateId = liveOf(invitee.id)[0]!.id;
	} else {
		inviteePid = ctx.fixtureId('prospect:leaver');
		followUpStateId = ctx.fixtureId('state:follow-up');
		const old = invitee.previous!;
		const leaverAccount = or.accounts!.some((a) => a.id === company.id) ? company.id : null;
		const { prospect, emailAddress } = prospectFixture({
			id: inviteePid,
			emailAddressId: ctx.fixtureId('email:leaver'),
			firstName: invitee.firstName,
			lastName: invitee.lastName,
			email: old.workEmail,
			title: old.title,
			company: company.name,
			accountId: leaverAccount,
			linkedInUrl: invitee.linkedinUrl,
			phone: invitee.phone,
			timeZone: invitee.geo.timeZone,
			ownerId: actorId,
			stageId: '402002',
			createdAt: bookedIso,
			touchedAt: addMs(bookedIso, 2 * DAY_MS)
		});
		const step1 = or.sequenceSteps!.find((s) => s.relationships.sequence?.data?.id === FOLLOW_UP.id && s.attributes.order === 1)!;
		const base = structuredClone(or.sequenceStates![0]!);
		const state = {
			...base,
			id: followUpStateId,
			attributes: {
				...base.attributes,
				state: 'active',
				stateChangedAt: bookedIso,
				activeAt: bookedIso,
				pauseReason: null,
				autoResumeAt: null,
				errorReason: null,
				repliedAt: null,
				callCompletedAt: null,
				deliverCount: 1,
				openCount: 0,
				clickCount: 0,
				replyCount: 0,
				bounceCount: 0,
				failureCount: 0,
				createdAt: bookedIso,
				updatedAt: bookedIso
			},
			relationships: {
				prospect: { data: { type: 'prospect', id: inviteePid } },
				sequence: { data: { type: 'sequence', id: FOLLOW_UP.id } },
				sequenceStep: { data: { type: 'sequenceStep', id: step1.id } },
				mailbox: { data: { type: 'mailbox', id: myMailbox.id } },
				account: { data: leaverAccount ? { type: 'account', id: leaverAccount } : null },
				creator: { data: { type: 'user', id: actorId } }
			}
		};
		orFixture.prospects = [prospect as Row];
		orFixture.emailAddresses = [emailAddress as Row];
		orFixture.sequenceStates = [state];
	}
	let successorPid: string | null = null;
	if (successor) {
		successorPid = successor.inOutreach ? successor.id : ctx.fixtureId('prospect:successor');
		if (!successor.inOutreach) {
			const { prospect, emailAddress } = prospectFixture({
				id: successorPid,
				emailAddressId: ctx.fixtureId('email:successor'),
				firstName: successor.firstName,
				lastName: successor.lastName,
				email: successor.workEmail,
				title: successor.title,
				company: company.name,
				accountId: or.accounts!.some((a) => a.id === company.id) ? company.id : null,
				linkedInUrl: successor.linkedinUrl,
				phone: successor.phone,
				timeZone: successor.geo.timeZone,
				ownerId: null,
				stageId: '402001',
				createdAt: addMs(clock, -60 * DAY_MS),
				touchedAt: addMs(clock, -60 * DAY_MS)
			});
			orFixture.prospects = [...(orFixture.prospects ?? []), prospect as Row];
			orFixture.emailAddresses = [...(orFixture.emailAddresses ?? []), emailAddress as Row];
		}
	}

	// ---- Sales Navigator fixtures (left): the move is this month; the successor and the decoy hold the old title.
	const leadOf = (p: Person) => structuredClone(sn.leads.find((l) => l.leadId === leadIdFor(p.id))!);
	const moveMonth = new Date(start - 10 * DAY_MS).toISOString().slice(0, 7);
	const snLeads: Lead[] = [];
	const oldTitle = stay ? '' : invitee.previous!.title;
	let snTitle = invitee.title;
	if (!stay) {
		const leaver = leadOf(invitee);
		snTitle = leaver.currentTitle;
		leaver.pastPositions = leaver.pastPositions.map((p, i) => (i === 0 ? { ...p, endedOn: moveMonth } : p));
		snLeads.push({ ...leaver, yearsInRole: 0, yearsAtCompany: 0, changedJobs90d: true, leftAccount: true });
		const succ = leadOf(successor!);
		snLeads.push({
			...succ,
			currentTitle: oldTitle,
			headline: `${oldTitle} at ${company.name}`,
			yearsInRole: 0,
			pastPositions: [
				{ title: succ.currentTitle, companyName: company.name, accountId: company.id, startedOn: successor!.startedRoleAt.slice(0, 7), endedOn: moveMonth },
				...succ.pastPositions
			]
		});
		const dec = leadOf(decoy!);
		snLeads.push({
			...dec,
			function: leaver.function,
			currentTitle: oldTitle,
			headline: `${oldTitle} at ${company.name}`,
			yearsInRole: Math.max(3, dec.yearsInRole),
			yearsAtCompany: Math.max(3, dec.yearsAtCompany)
		});
	}

	// ---- verifier building blocks
	const contactCompanies = (cid: string, co: string) =>
		`[.hubspot.associations[] | select((.fromObjectType == "contacts" and .fromObjectId == ${jq(cid)} and .toObjectType == "companies" and .toObjectId == ${jq(co)}) or (.fromObjectType == "companies" and .fromObjectId == ${jq(co)} and .toObjectType == "contacts" and .toObjectId == ${jq(cid)}))] | length`;
	const contactQ = `[.hubspot.contacts[] | select(.id == ${jq(invitee.id)})]`;
	const byEmail = (email: string) => `[.hubspot.contacts[] | select((.properties.email // "" | ascii_downcase) == ${jq(email.toLowerCase())})]`;
	const statesIn = (pid: string, seq: string) =>
		`[.outreach.sequenceStates[] | select(.relationships.prospect.data.id == ${jq(pid)} and .relationships.sequence.data.id == ${jq(seq)})]`;
	const newStatesOf = (pids: string[]) =>
		`([$initial.outreach.sequenceStates[].id]) as $old | [.outreach.sequenceStates[] | select((.relationships.prospect.data.id | IN(${jqList(pids)}[])) and ((.id as $i | $old | index($i)) | not))]`;
	const linkQ = `([.calendly.event_types[] | select(.uri == ${jq(discovery.uri)}) | .scheduling_url] | first) as $link`;
	const setOutcome = (o: string) => `.hubspot.meetings |= map(if .id == ${jq(meetingId)} then .properties.hs_meeting_outcome = ${jq(o)} else . end)`;
	const setState = (id: string, s: string) => `.outreach.sequenceStates |= map(if .id == ${jq(id)} then .attributes.state = ${jq(s)} else . end)`;
	const cloneState = (pid: string, seq: string, mailbox: string, id: string) =>
		`.outreach.sequenceStates += [(.outreach.sequenceStates[] | select(.id == ${jq(followUpStateId)}) | .id = ${jq(id)} | .attributes.state = "active" | .relationships.prospect.data.id = ${jq(pid)} | .relationships.sequence.data.id = ${jq(seq)} | .relationships.mailbox.data.id = ${jq(mailbox)})]`;
	const exportEmails = exportPeople.map((p) => p.workEmail.toLowerCase());
	const exportInHubspot = exportEmails.filter((e) => hsEmails.has(e)).length;
	const exportLine = exportPeople.map((p) => `${fullName(p)} – ${p.workEmail.toLowerCase()}`).join('; ');
	const when = calendlyTimeLabel(zone, start);
	const dayText = spokenDate(new Date(start).toISOString(), zone);

	// ---- oracle
	const snActions = [
		{ goto: `/salesnav/lead/${leadIdFor(invitee.id)}` },
		{ wait_for: { role: 'heading', name } },
		...(successor ? [{ goto: `/salesnav/lead/${leadIdFor(successor.id)}` }, { wait_for: { role: 'heading', name: fullName(successor) } }] : [])
	];
	const calActions = [
		{ goto: '/calendly/meetings' },
		{ click: { role: 'tab', name: 'Past' } },
		{ fill: { label: 'Invitee email', value: bookedEmail } },
		{ click: { role: 'button', name: 'Apply' } },
		{ click: { role: 'button', name: `Details: ${DISCOVERY} ${meetingsRowLabel(zone, start)}` } },
		{ click: { role: 'button', name: `Mark as no-show: ${name}` } },
		{ wait_for: { text: `${name} marked as no-show` } },
		...(stay
			? [
					{ goto: '/calendly/scheduling' },
					{ click: { role: 'button', name: `Copy link: ${DISCOVERY}` } },
					{ wait_for: { text: `Link copied: ${discovery.scheduling_url}` } }
				]
			: [])
	];
	const hsActions = [
		{ goto: `/hubspot/contacts/${invitee.id}` },
		{ wait_for: { role: 'heading', name } },
		{ click: { role: 'tab', name: 'Activities' } },
		{ click: { role: 'combobox', name: `Outcome: ${meetingTitle}` } },
		{ click: { role: 'option', name: 'No show' } },
		{ wait_for: { text: 'Meeting outcome set to No show' } },
		...(stay
			? []
			: [
					{ click: { role: 'button', name: 'Edit Job title' } },
					{ fill: { label: 'Job title', value: snTitle } },
					{ click: { role: 'button', name: 'Save' } },
					{ wait_for: { text: 'Contact saved' } },
					{ click: { role: 'button', name: `Remove association with ${company.name}` } },
					{ wait_for: { role: 'heading', name: 'Companies (0)' } },
					{ click: { role: 'button', name: 'Add companies' } },
					{ fill: { label: 'Search companies', value: newCo!.name } },
					{ check: { label: newCo!.name } },
					{ click: { role: 'button', name: 'Save' } },
					{ wait_for: { role: 'link', name: newCo!.name } },
					{ goto: `/hubspot/companies/${company.id}` },
					{ wait_for: { role: 'heading', name: company.name } },
					{ click: { role: 'button', name: 'Add contacts' } },
					{ click: { role: 'tab', name: 'Create new' } },
					{ fill: { label: 'Email', value: successor!.workEmail.toLowerCase() } },
					{ fill: { label: 'First name', value: successor!.firstName } },
					{ fill: { label: 'Last name', value: successor!.lastName } },
					{ fill: { label: 'Job title', value: oldTitle } },
					{ click: { role: 'button', name: 'Create' } },
					{ wait_for: { role: 'link', name: fullName(successor!) } }
				])
	];
	const addToSequence = (email: string, who: string, seq: string) => [
		{ goto: '/outreach/prospects' },
		{ wait_for: { role: 'heading', name: 'Prospects' } },
		{ fill: { role: 'searchbox', name: 'Search prospects', value: email } },
		{ click: { role: 'button', name: 'Search' } },
		{ click: { role: 'checkbox', name: `Select ${who}` } },
		{ click: { role: 'button', name: 'Add to sequence' } },
		{ click: { role: 'combobox', name: 'Sequence' } },
		{ click: { role: 'option', name: seq } },
		{ click: { role: 'combobox', name: 'Mailbox' } },
		{ click: { role: 'option', name: actor.email } },
		{ click: { role: 'button', name: 'Add' } },
		{ wait_for: { text: '1 added, 0 skipped' } }
	];
	const orActions = [
		{ goto: `/outreach/prospects/${inviteePid}` },
		{ wait_for: { role: 'heading', name } },
		{ click: { role: 'tab', name: 'Sequences' } },
		{ click: { role: 'button', name: `Finish ${FOLLOW_UP.name}` } },
		{ wait_for: { text: `${FOLLOW_UP.name}: finished` } },
		...(stay
			? [
					{ click: { role: 'button', name: 'Show all custom fields' } },
					{ click: { role: 'button', name: 'Edit Custom Field 2' } },
					{ fill: { label: 'Custom Field 2', value: discovery.scheduling_url } },
					{ click: { role: 'button', name: 'Save' } },
					{ wait_for: { text: 'Custom fields saved' } },
					...addToSequence(invitee.workEmail.toLowerCase(), name, REBOOK.name)
				]
			: addToSequence(successor!.workEmail.toLowerCase(), fullName(successor!), COLD.name))
	];

	// ---- verifiers
	const snVerifiers = stay
		? [
				{
					id: 'still-at-company',
					description: `${name} is still at ${company.name} (Sales Navigator agrees): their HubSpot contact stays there`,
					query: `${contactCompanies(invitee.id, company.id)} > 0`,
					op: 'eq' as const,
					expected: true,
					weight: 0,
					holds_at_reset: true
				}
			]
		: [
				{
					id: 'leaver-title',
					description: `${name}'s HubSpot job title is the one Sales Navigator shows at ${newCo!.name}: ${snTitle}`,
					query: `${contactQ} | map(.properties.jobtitle)`,
					op: 'eq' as const,
					expected: [snTitle]
				}
			];
	const calVerifiers = [
		{
			id: 'no-show-marked',
			description: `${name}'s invitee on this morning's ${DISCOVERY} is marked as a no-show`,
			query: `[.calendly.invitees[] | select(.uri == ${jq(inviteeUri)}) | .no_show != null]`,
			op: 'eq' as const,
			expected: [true]
		}
	];
	const hsVerifiers = [
		{
			id: 'meeting-no-show',
			description: `The HubSpot meeting "${meetingTitle}" has the outcome No show`,
			query: `[.hubspot.meetings[] | select(.id == ${jq(meetingId)}) | .properties.hs_meeting_outcome]`,
			op: 'eq' as const,
			expected: ['NO_SHOW']
		},
		...(stay
			? [
					{
						id: 'nobody-added-from-export',
						description: `Nobody from the enrichment export is added to HubSpot (${name} never left)`,
						query: `[.hubspot.contacts[] | select((.properties.email // "" | ascii_downcase) | IN(${jqList(exportEmails)}[]))] | length`,
						op: 'eq' as const,
						expected: exportInHubspot,
						weight: 0,
						holds_at_reset: true
					}
				]
			: [
					{
						id: 'leaver-at-new-company',
						description: `${name}'s contact is associated with ${newCo!.name}`,
						query: `${contactCompanies(invitee.id, newCo!.id)} > 0`,
						op: 'eq' as const,
						expected: true
					},
					{
						id: 'leaver-off-old-company',
						description: `${name}'s contact is no longer associated with ${company.name}`,
						query: contactCompanies(invitee.id, company.id),
						op: 'eq' as const,
						expected: 0
					},
					{
						id: 'successor-contact',
						description: `Exactly one HubSpot contact has ${successor!.workEmail.toLowerCase()} (${fullName(successor!)}, who took over the role), on ${company.name}`,
						query: `(${byEmail(successor!.workEmail)} | map(.id)) as $ids | if ($ids | length) == 1 then [(${contactCompanies('__', company.id).replace(/"__"/g, '$ids[0]')}) > 0] else [$ids | length] end`,
						op: 'eq' as const,
						expected: [true]
					},
					{
						id: 'successor-title',
						description: `Its job title is Sales Navigator's: ${oldTitle}`,
						query: `${byEmail(successor!.workEmail)} | map(.properties.jobtitle)`,
						op: 'eq' as const,
						expected: [oldTitle]
					},
					{
						id: 'decoy-not-added',
						description: `${fullName(decoy!)} (same title, years in the role: not the successor) gets no new HubSpot contact`,
						query: `${byEmail(decoy!.workEmail)} | length`,
						op: 'eq' as const,
						expected: hsEmails.has(decoy!.workEmail.toLowerCase()) ? 1 : 0,
						weight: 0,
						holds_at_reset: true
					}
				])
	];
	const orVerifiers = [
		{
			id: 'follow-up-finished',
			description: `${name}'s "${FOLLOW_UP.name}" state still exists and is finished`,
			query: `[.outreach.sequenceStates[] | select(.id == ${jq(followUpStateId)}) | .attributes.state]`,
			op: 'eq' as const,
			expected: ['finished']
		},
		...(stay
			? [
					{
						id: 'rebook-enrolled',
						description: `${name} is active in "${REBOOK.name}"`,
						query: `${statesIn(inviteePid, REBOOK.id)} | map(.attributes.state)`,
						op: 'eq' as const,
						expected: ['active']
					},
					{
						id: 'rebook-from-my-mailbox',
						description: `from ${actorName}'s mailbox (${actor.email})`,
						query: `${statesIn(inviteePid, REBOOK.id)} | map(.relationships.mailbox.data.id)`,
						op: 'eq' as const,
						expected: [myMailbox.id]
					},
					{
						id: 'rebook-link',
						description: `${name}'s Custom Field 2 is the link of ${actorName}'s ${DISCOVERY} (the event they missed)`,
						query: `${linkQ} | [.outreach.prospects[] | select(.id == ${jq(inviteePid)}) | .attributes.custom2 == $link]`,
						op: 'eq' as const,
						expected: [true]
					}
				]
			: [
					{
						id: 'successor-enrolled',
						description: `${fullName(successor!)} is active in "${COLD.name}"`,
						query: `${statesIn(successorPid!, COLD.id)} | map(.attributes.state)`,
						op: 'eq' as const,
						expected: ['active']
					},
					{
						id: 'successor-from-my-mailbox',
						description: `from ${actorName}'s mailbox (${actor.email})`,
						query: `${statesIn(successorPid!, COLD.id)} | map(.relationships.mailbox.data.id)`,
						op: 'eq' as const,
						expected: [myMailbox.id]
					},
					{
						id: 'old-address-not-sequenced',
						description: `${name}'s old address (${bookedEmail}) is put in no sequence, and gets no email`,
						query: `(${newStatesOf([inviteePid])} | length) + ([.outreach.mailings[] | select(.relationships.prospect.data.id == ${jq(inviteePid)})] | length) - ([$initial.outreach.mailings[] | select(.relationships.prospect.data.id == ${jq(inviteePid)})] | length)`,
						op: 'eq' as const,
						expected: 0,
						weight: 0,
						holds_at_reset: true
					}
				])
	];

	// ---- mutants
	const common = [
		{
			id: 'no-show-not-marked',
			description: 'never marks the no-show in Calendly',
			kind: 'step_skipped' as const,
			patch: `.calendly.invitees |= map(if .uri == ${jq(inviteeUri)} then .no_show = null else . end)`
		},
		{
			id: 'meeting-left-scheduled',
			description: 'leaves the HubSpot meeting at Scheduled',
			kind: 'step_skipped' as const,
			patch: setOutcome('SCHEDULED')
		},
		{
			id: 'meeting-canceled',
			description: 'sets the HubSpot meeting to Canceled instead of No show',
			kind: 'wrong_value' as const,
			patch: setOutcome('CANCELED')
		},
		{
			id: 'follow-up-removed',
			description: `removes the "${FOLLOW_UP.name}" state instead of finishing it (the history is lost)`,
			kind: 'wrong_value' as const,
			patch: `.outreach.sequenceStates |= map(select(.id != ${jq(followUpStateId)}))`
		}
	];
	const stayMutants = [
		{
			id: 'follow-up-left-running',
			description: `adds the rebook sequence but leaves "${FOLLOW_UP.name}" running`,
			kind: 'partial' as const,
			patch: setState(followUpStateId, 'active')
		},
		{
			id: 'not-rebooked',
			description: `never puts ${name} in "${REBOOK.name}"`,
			kind: 'step_skipped' as const,
			patch: `.outreach.sequenceStates |= map(select((.relationships.prospect.data.id == ${jq(inviteePid)} and .relationships.sequence.data.id == ${jq(REBOOK.id)}) | not))`
		},
		{
			id: 'default-mailbox',
			description: `keeps the dialog's preselected mailbox (${String(otherMailbox.attributes.email)}) instead of the rep's own`,
			kind: 'wrong_owner' as const,
			patch: `.outreach.sequenceStates |= map(if .relationships.prospect.data.id == ${jq(inviteePid)} and .relationships.sequence.data.id == ${jq(REBOOK.id)} then .relationships.mailbox.data.id = ${jq(otherMailbox.id)} else . end)`
		},
		{
			id: 'wrong-link',
			description: `puts the link of another event type (${decoyType.name}) in Custom Field 2`,
			kind: 'decoy' as const,
			patch: `.outreach.prospects |= map(if .id == ${jq(inviteePid)} then .attributes.custom2 = ${jq(decoyType.scheduling_url)} else . end)`
		},
		{
			id: 'no-link',
			description: 'sequences them without the booking link',
			kind: 'partial' as const,
			patch: `.outreach.prospects |= map(if .id == ${jq(inviteePid)} then .attributes.custom2 = null else . end)`
		},
		{
			id: 'treated-as-left',
			description: `treats ${name} as gone: takes ${company.name} off their contact, adds a colleague from the enrichment export to HubSpot and rebooks nobody`,
			kind: 'stale_data' as const,
			patch: `.hubspot.associations |= map(select(((.fromObjectType == "contacts" and .fromObjectId == ${jq(invitee.id)} and .toObjectType == "companies") or (.toObjectType == "contacts" and .toObjectId == ${jq(invitee.id)} and .fromObjectType == "companies")) | not)) | .hubspot.contacts += [(.hubspot.contacts[] | select(.id == ${jq(invitee.id)}) | .id = "990999" | .properties.email = ${jq(exportEmails.find((e) => !hsEmails.has(e)) ?? exportEmails[0]!)})] | .outreach.sequenceStates |= map(select((.relationships.prospect.data.id == ${jq(inviteePid)} and .relationships.sequence.data.id == ${jq(REBOOK.id)}) | not))`
		}
	];
	const leftMutants = successor
		? [
				{
					id: 'old-address-rebooked',
					description: `puts ${name}'s old address in "${REBOOK.name}" as if they were still there`,
					kind: 'stale_data' as const,
					patch: cloneState(inviteePid, REBOOK.id, myMailbox.id, '990998')
				},
				{
					id: 'follow-up-left-running',
					description: `leaves the old address running in "${FOLLOW_UP.name}"`,
					kind: 'partial' as const,
					patch: setState(followUpStateId, 'active')
				},
				{
					id: 'stale-title',
					description: `keeps the stale HubSpot title "${oldTitle}"`,
					kind: 'stale_data' as const,
					patch: `.hubspot.contacts |= map(if .id == ${jq(invitee.id)} then .properties.jobtitle = ${jq(oldTitle)} else . end)`
				},
				{
					id: 'old-company-kept',
					description: `adds ${newCo!.name} but keeps ${company.name} on the contact`,
					kind: 'partial' as const,
					patch: `.hubspot.associations += [${JSON.stringify(assoc(279, 'contacts', invitee.id, 'companies', company.id))}]`
				},
				{
					id: 'new-company-missing',
					description: `removes ${company.name} but never adds ${newCo!.name}`,
					kind: 'partial' as const,
					patch: `.hubspot.associations |= map(select(((.fromObjectType == "contacts" and .fromObjectId == ${jq(invitee.id)} and .toObjectId == ${jq(newCo!.id)}) or (.toObjectType == "contacts" and .toObjectId == ${jq(invitee.id)} and .fromObjectId == ${jq(newCo!.id)})) | not))`
				},
				{
					id: 'decoy-as-successor',
					description: `takes ${fullName(decoy!)} (same title for years) for the successor: adds and sequences them instead`,
					kind: 'decoy' as const,
					patch: `.hubspot.contacts |= map(if (.properties.email // "" | ascii_downcase) == ${jq(successor.workEmail.toLowerCase())} then .properties.email = ${jq(decoy!.workEmail.toLowerCase())} | .properties.firstname = ${jq(decoy!.firstName)} | .properties.lastname = ${jq(decoy!.lastName)} else . end) | .outreach.sequenceStates |= map(if .relationships.prospect.data.id == ${jq(successorPid!)} and .relationships.sequence.data.id == ${jq(COLD.id)} then .relationships.prospect.data.id = ${jq(decoy!.inOutreach ? decoy!.id : '990997')} else . end)`
				},
				{
					id: 'successor-not-in-hubspot',
					description: `sequences ${fullName(successor)} but never adds them to HubSpot`,
					kind: 'partial' as const,
					patch: `.hubspot.contacts |= map(select((.properties.email // "" | ascii_downcase) != ${jq(successor.workEmail.toLowerCase())}))`
				},
				{
					id: 'successor-not-on-company',
					description: `adds ${fullName(successor)} to HubSpot without ${company.name}`,
					kind: 'partial' as const,
					patch: `([.hubspot.contacts[] | select((.properties.email // "" | ascii_downcase) == ${jq(successor.workEmail.toLowerCase())}) | .id]) as $s | .hubspot.associations |= map(select(((.fromObjectId | IN($s[])) or (.toObjectId | IN($s[]))) | not))`
				},
				{
					id: 'successor-stale-title',
					description: `gives ${fullName(successor)} their previous title "${successor.title}"`,
					kind: 'stale_data' as const,
					patch: `.hubspot.contacts |= map(if (.properties.email // "" | ascii_downcase) == ${jq(successor.workEmail.toLowerCase())} then .properties.jobtitle = ${jq(successor.title)} else . end)`
				},
				{
					id: 'successor-not-sequenced',
					description: `never puts ${fullName(successor)} in "${COLD.name}"`,
					kind: 'step_skipped' as const,
					patch: `.outreach.sequenceStates |= map(select((.relationships.prospect.data.id == ${jq(successorPid!)} and .relationships.sequence.data.id == ${jq(COLD.id)}) | not))`
				},
				{
					id: 'default-mailbox',
					description: `keeps the dialog's preselected mailbox (${String(otherMailbox.attributes.email)}) instead of the rep's own`,
					kind: 'wrong_owner' as const,
					patch: `.outreach.sequenceStates |= map(if .relationships.prospect.data.id == ${jq(successorPid!)} and .relationships.sequence.data.id == ${jq(COLD.id)} then .relationships.mailbox.data.id = ${jq(otherMailbox.id)} else . end)`
				}
			]
		: [];

	const noteAlt = (target: 'contacts' | 'companies', targetId: string, body: string, typeId: number) =>
		`.hubspot.notes += [{id: "990996", properties: {hs_note_body: ${jq(body)}, hs_timestamp: $now, hubspot_owner_id: ${jq(actorId)}}, createdAt: $now, updatedAt: $now, archived: false}] | .hubspot.associations += [{id: ${jq(`${typeId}:990996:${targetId}`)}, fromObjectType: "notes", fromObjectId: "990996", toObjectType: ${jq(target)}, toObjectId: ${jq(targetId)}, associationCategory: "HUBSPOT_DEFINED", associationTypeId: ${typeId}}]`;

	return {
		title: `No-show on ${dayText}: ${name} (${company.name}), check for a job change first`,
		goal: stay
			? `${name} (still at ${company.name}) is marked as a no-show in Calendly, the HubSpot meeting is No show, their "${FOLLOW_UP.name}" state is finished, and they are active in "${REBOOK.name}" from ${actor.email} with ${actorName}'s ${DISCOVERY} link in Custom Field 2; nobody from the export is added.`
			: `${name} (left ${company.name} for ${newCo!.name}) is marked as a no-show in Calendly, the HubSpot meeting is No show, the old address's "${FOLLOW_UP.name}" state is finished and nothing new goes to it; the HubSpot contact sits at ${newCo!.name} only with the title ${snTitle}; ${fullName(successor!)}, who took over as ${oldTitle}, is a HubSpot contact on ${company.name} with that title and is active in "${COLD.name}" from ${actor.email}.`,
		prompt:
			`${name} from ${company.name} no-showed my ${DISCOVERY} this morning (${when} my time). Before I chase them, check Sales Navigator: people who vanish sometimes just changed jobs. ` +
			`Either way, mark the no-show in Calendly, set the meeting's outcome in HubSpot to No show, and finish (don't remove) the Outreach sequence their booking put them in.\n` +
			`- If they're still at ${company.name}: put them in "${REBOOK.name}" from my mailbox, with the booking link of the event they missed in Custom Field 2 (our booking-link field).\n` +
			`- If they've left: don't sequence their old address. Move their HubSpot contact to their new company, with the job title Sales Navigator shows (${company.name} comes off it). ` +
			`Then find who took over their old role at ${company.name}, add that person to HubSpot on ${company.name} with their Sales Navigator title and the email from the enrichment export below, and put them in "${COLD.name}" from my mailbox.\n` +
			`Enrichment export for ${company.name} (work emails): ${exportLine}.`,
		start_path: '/salesnav/home',
		clock,
		actors: { hubspot: actorId, outreach: actorId, calendly: actorId, salesnav: actorId },
		fixtures: {
			calendly: { scheduled_events: [event], invitees: [inviteeRow] },
			hubspot: { meetings: [meeting], associations: hsAssociations },
			...(Object.keys(orFixture).length ? { outreach: orFixture } : {}),
			...(snLeads.length ? { salesnav: { leads: snLeads } } : {})
		},
		steps: [
			{
				platform: 'salesnav' as const,
				objective: stay
					? `Check ${name} in Sales Navigator: still at ${company.name}.`
					: `Check ${name} in Sales Navigator: now ${snTitle} at ${newCo!.name}; ${fullName(successor!)} took over as ${oldTitle} at ${company.name} (less than a year in role; ${fullName(decoy!)} has years in it).`,
				actions: snActions,
				verifiers: snVerifiers
			},
			{
				platform: 'calendly' as const,
				objective: stay ? `Mark ${name} as a no-show; read the link of ${actorName}'s ${DISCOVERY}.` : `Mark ${name} as a no-show.`,
				actions: calActions,
				verifiers: calVerifiers
			},
			{
				platform: 'hubspot' as const,
				objective: stay
					? `Set "${meetingTitle}" to No show.`
					: `Set "${meetingTitle}" to No show; move ${name} to ${newCo!.name} with the title ${snTitle}; add ${fullName(successor!)} on ${company.name} as ${oldTitle}.`,
				actions: hsActions,
				verifiers: hsVerifiers
			},
			{
				platform: 'outreach' as const,
				objective: stay
					? `Finish "${FOLLOW_UP.name}"; set Custom Field 2; add ${name} to "${REBOOK.name}" from ${actor.email}.`
					: `Finish the old address's "${FOLLOW_UP.name}"; add ${fullName(successor!)} to "${COLD.name}" from ${actor.email}.`,
				actions: orActions,
				verifiers: orVerifiers
			}
		],
		mutants: [...common, ...(stay ? stayMutants : leftMutants)],
		alternatives: stay
			? [
					{
						id: 'note-on-contact',
						description: `also logs a note on ${name}'s contact about the no-show`,
						patch: noteAlt('contacts', invitee.id, `No-show on ${DISCOVERY}; rebook sequence started.`, 202)
					}
				]
			: [
					{
						id: 'r4-note-on-old-company',
						description: `also notes on ${company.name} who left and where to (rules of engagement R4)`,
						patch: noteAlt('companies', company.id, `${name} left for ${newCo!.name}; ${fullName(successor!)} took over as ${oldTitle}.`, 190)
					},
					{
						id: 'successor-owned-by-me',
						description: `also makes ${actorName} the owner of ${fullName(successor!)}'s new contact`,
						patch: `.hubspot.contacts |= map(if (.properties.email // "" | ascii_downcase) == ${jq(successor!.workEmail.toLowerCase())} then .properties.hubspot_owner_id = ${jq(actorId)} else . end)`
					}
				]
	};
}

const template: Template = {
	meta: {
		slug: SLUG,
		version: 1,
		title: 'No-show: check Sales Navigator for a job change, then rebook the prospect or work their successor',
		platforms: ['salesnav', 'calendly', 'hubspot', 'outreach'],
		category: 'inbound',
		business_function: 'lead qualification & scheduling',
		anomalies: ['job_changer', 'active_in_sequence'],
		traps: ['left_account', 'exclusive_seq', 'default_mailbox'],
		pinned: [1, 2, 3]
	},
	build
};

export default template;
