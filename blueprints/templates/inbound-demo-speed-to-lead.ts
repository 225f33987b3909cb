/**
 * T4 · inbound-demo-speed-to-lead: two "Demo request" form submissions came in on the website in the last hour, each
 * with a requested time in the submitter's own zone. The acting SDR saves both to a new Sales Navigator lead list,
 * routes each demo per the rules of engagement (R1), books it at the requested local time, mirrors it in HubSpot
 * (the host becomes the contact owner, lifecycle Sales Qualified Lead, the meeting logged at its Calendly start) and
 * finishes any Outreach sequence the booked person is still active in.
 *
 * - Submission 1 (duplicate_person, owner_conflict): a planted duplicate who filled in the form with their personal
 *   address, so the submission points at the personal-email copy of them in HubSpot. Their company has an account
 *   owner, so the demo is the owner's "Discovery Call (30 min)" (not the size route: round robin, Grace Kim or the
 *   territory SDR). Everything goes on the work-email record; the personal copy stays as it is and nothing is
 *   created twice (no new contact, no new prospect for the personal address). Their Outreach prospect (work email)
 *   is active in a sequence (seeded, or a fixture state in "Inbound – Demo Follow-up") and must be finished.
 * - Submission 2 (rr_host): a person at an unowned company of 200–1,000 employees (HubSpot "Number of employees"):
 *   the round robin "Demo – Mid-market (45 min)". The host is chosen by Calendly, so the HubSpot owner is checked
 *   against the host of the new meeting read from the final state (J7); the oracle's owner is the host the gym's own
 *   round-robin rule (`pickRoundRobin` over `solverInputOf`) gives for that slot.
 * - tz_dst: the clock is a Thursday or Friday before a DST switch (US on March 8, EU on March 29) and the meetings
 *   fall after it, in the invitee's zone; the acting SDR works in another zone whose offset to the invitee changes
 *   over the weekend. inactive_event: "Product demo – legacy (45 min)" is inactive; no booking may land on an
 *   inactive or deleted event type (a guard).
 *
 * Simplified from the catalogue entry: two submissions, not three, and no "no usable time" branch: when it was
 * written, the replicas' Calendly had no screen that creates a single-use scheduling link (it has one now) and
 * Outreach had no screen that edits a prospect's custom fields, so the "single-use link in 'Booking link'" artifact
 * was left out.
 * The replica's HubSpot then had a merge API but no merge screen (it has More › Merge now), so the duplicate is handled by working the work-email
 * record and leaving the copy untouched instead of merging. The speed-to-lead ordering check (HubSpot writes for the
 * leads first) is left out (it cannot gate across gyms). Cross-gym causality is carried by the HubSpot meetings,
 * whose start must equal the Calendly start (J8), and by the HubSpot owner, who must be the Calendly host (J7).
 *
 * Bindings: the four planted duplicates who are Outreach prospects, at a company with an account owner, in a zone
 * the booking page offers, not yet SQL and not blocked by an exclusive sequence (seeds 1–4 walk them in a fixed
 * shuffle); the round-robin submitter is drawn among HubSpot contacts at unowned 200–1,000 companies with no live
 * Outreach state and no name twin. Times come from the Calendly replica's solver over the projected seed state.
 */
import { project as projectCalendly } from '../../gyms/calendly/seed';
import { solverInputOf } from '../../gyms/calendly/api/availability';
import { availableSlots, pickRoundRobin, slotAt } from '../../gyms/calendly/slots';
import { localTime, zonedToUtc, zoneOffsetMs } from '../../gyms/calendly/tz';
import { CALENDLY_API, type CalendlyState } from '../../gyms/calendly/schema';
import { BOOKING_PAGE_ZONES } from '../../gyms/calendly/contract';
import { baseProjection } from '../../gyms/hubspot/seed';
import { project as projectOutreach } from '../../gyms/outreach/seed';
import { ACTIVE_LIKE } from '../../gyms/outreach/api/sequencing';
import { leadIdFor } from '../../gyms/salesnav/seed';
import { rng } from '../../seeds/rng';
import type { Person, TeamUser } from '../../seeds/world';
import { TemplateError, type Template } from './kit';
import {
	calendlyBookActions,
	calendlyMicros,
	calendlySizeChoice,
	calendlyTimeLabel,
	hubspotEditContactActions,
	hubspotLogMeetingActions,
	jq,
	jqList,
	jqNewCalendlyEventsFor,
	jqNewHubspotEngagementsOf,
	salesnavSaveLeadActions,
	spokenDate
} from './_gym-rows';

const SLUG = 'inbound-demo-speed-to-lead';
const RR_NAME = 'Demo – Mid-market (45 min)';
const DISCOVERY = 'Discovery Call (30 min)';
/** The seeded "Demo request" form (replaced by a fixture that adds a message field). */
const FORM_ID = '5a2b1c3d-7e4f-4a10-9b20-000000000002';
/** Outreach "Inbound – Demo Follow-up" and its first step (the fixture state of a submitter with no live state). */
const FOLLOW_UP_SEQUENCE = '403002';
const FOLLOW_UP_STEP = '404008';
/** The SDRs who may act (seed users): NA East, NA Central/West, EMEA. */
const SDRS = ['1001', '1002', '1006'];
/** Lifecycle stages before SQL and the labels of HubSpot's lifecycle dropdown. */
const BEFORE_SQL = new Set(['subscriber', 'lead', 'marketingqualifiedlead']);
const SQL_OR_LATER = ['salesqualifiedlead', 'opportunity', 'customer'];
const BOOKING_ZONES = new Set(BOOKING_PAGE_ZONES);
const MIN = 60_000;
/**
 * Scenario windows: the clock days (a Thursday or Friday before a DST switch) and the meeting days after it, in the
 * same month so the booking page's month view shows them.
 */
const WINDOWS = [
	{ clockDays: ['2026-03-05', '2026-03-06'], meetingDays: ['2026-03-09', '2026-03-10', '2026-03-11'] },
	{ clockDays: ['2026-03-26', '2026-03-27'], meetingDays: ['2026-03-30', '2026-03-31'] }
];

/** The city of an IANA zone as a rep says it: `America/New_York` → `New York`. */
const zoneCity = (tz: string) => tz.split('/').pop()!.replace(/_/g, ' ');

/** The starts (epoch ms) event type `typeUri` offers on local date `day` in `tz`, whose `durMin` fit 09:00–17:00 there. */
function offeredOn(cal: CalendlyState, typeUri: string, now: number, tz: string, day: string, durMin: number): number[] {
	const type = cal.event_types.find((t) => t.uri === typeUri)!;
	const ctx = solverInputOf(cal, type, now);
	if (!ctx) throw new TemplateError(`${SLUG}: no solver input for ${typeUri}`);
	const range = { start: zonedToUtc(tz, day, 9 * 60), end: zonedToUtc(tz, day, 17 * 60) };
	return availableSlots({ ...ctx.input, range })
		.map((s) => s.start)
		.filter((s) => s + durMin * MIN <= range.end);
}

const template: Template = {
	meta: {
		slug: SLUG,
		version: 1,
		title: 'Speed to lead: route and book two inbound demo requests',
		platforms: ['hubspot', 'salesnav', 'calendly', 'outreach'],
		category: 'inbound',
		business_function: 'lead qualification & scheduling',
		anomalies: ['duplicate_person'],
		traps: ['rr_host', 'owner_conflict', 'tz_dst', 'inactive_event'],
		pinned: [1, 2, 3, 4]
	},
	build(ctx) {
		const { world } = ctx;
		const cal = projectCalendly(world);
		const hs = baseProjection(world.seed).state;
		const or = projectOutreach(world);
		const hsContact = (id: string) => hs.contacts.find((c) => c.id === id);
		const hsCompany = (id: string) => hs.companies.find((c) => c.id === id);
		const employeesOf = (companyId: string) => Number(hsCompany(companyId)?.properties.numberofemployees ?? ctx.company(companyId).employees);
		const liveStates = (p: Person) => or.sequenceStates.filter((s) => s.relationships.prospect.data?.id === p.id && ACTIVE_LIKE.has(s.attributes.state));
		const calUser = (u: TeamUser) => {
			const c = cal.users.find((x) => x.email === u.email);
			if (!c) throw new TemplateError(`${SLUG}: no Calendly user for ${u.email}`);
			return c;
		};
		const discoveryOf = (u: TeamUser) => {
			const t = cal.event_types.find((x) => x.name === DISCOVERY && x.active && !x.deleted_at && x.profile?.owner === calUser(u).uri);
			if (!t) throw new TemplateError(`${SLUG}: ${u.firstName} ${u.lastName} has no ${DISCOVERY}`);
			return t;
		};
		const rrType = cal.event_types.find((t) => t.name === RR_NAME && t.active && !t.deleted_at && t.pooling_type === 'round_robin');
		if (!rrType) throw new TemplateError(`${SLUG}: no active "${RR_NAME}"`);
		const inactiveTypes = cal.event_types.filter((t) => !t.active || t.deleted_at).map((t) => t.uri);
		const nameCount = (p: Person) => hs.contacts.filter((c) => c.properties.firstname === p.firstName && c.properties.lastname === p.lastName).length;

		// Submission 1: a planted duplicate (work contact = person id, a personal-email copy) at an owned company.
		const dupes = world.anomalies
			.filter((a) => a.kind === 'duplicate_person')
			.map((a) => {
				const p = ctx.person(a.personIds[0]!);
				const copy = hs.contacts.find((c) => c.id !== p.id && c.properties.firstname === p.firstName && c.properties.lastname === p.lastName);
				return { p, copy };
			})
			.filter(({ p, copy }) => {
				const co = ctx.company(p.companyId);
				const live = liveStates(p);
				const work = hsContact(p.id);
				return (
					copy !== undefined &&
					work !== undefined &&
					p.inOutreach &&
					p.emailStatus === 'ok' &&
					co.inHubspot &&
					co.ownerId !== null &&
					BOOKING_ZONES.has(p.geo.timeZone) &&
					BEFORE_SQL.has(work.properties.lifecyclestage ?? '') &&
					// one live state at most, in any sequence (finished by the task); none means a fixture state is added
					live.length <= 1 &&
					live.every((s) => s.attributes.state === 'active')
				);
			})
			.sort((a, b) => Number(a.p.id) - Number(b.p.id));
		if (dupes.length === 0) throw new TemplateError(`${SLUG}@${ctx.seed}: selector "duplicate" matched 0 of the 1 needed`);
		const { p: s1, copy: copyRow } = rng(`template:${SLUG}:bindings`, 1).shuffle(dupes)[(ctx.seed - 1) % dupes.length]!;
		const copy = copyRow!;
		const co1 = ctx.company(s1.companyId);
		const owner1 = ctx.user(co1.ownerId!);
		const disc1 = discoveryOf(owner1);
		const tz1 = s1.geo.timeZone;

		// Submission 2: a HubSpot contact at an unowned company of 200–1,000 employees (the round robin).
		const anomalous = new Set(world.anomalies.flatMap((a) => a.personIds));
		const rrCandidates = world.people.filter((p) => {
			const co = ctx.company(p.companyId);
			const n = employeesOf(p.companyId);
			const c = hsContact(p.id);
			return (
				p.inHubspot &&
				c !== undefined &&
				!anomalous.has(p.id) &&
				p.previous === null &&
				co.inHubspot &&
				co.ownerId === null &&
				!hsCompany(co.id)?.properties.hubspot_owner_id &&
				n >= 200 &&
				n <= 1000 &&
				p.emailStatus === 'ok' &&
				BOOKING_ZONES.has(p.geo.timeZone) &&
				BEFORE_SQL.has(c.properties.lifecyclestage ?? '') &&
				liveStates(p).length === 0 &&
				nameCount(p) === 1 &&
				p.companyId !== s1.companyId
			);
		});

		// Clock window and acting SDR: an SDR whose UTC offset to an invitee changes between the clock and the meeting.
		const r = ctx.rng('time');
		const window = WINDOWS[(ctx.seed - 1) % WINDOWS.length]!;
		// Consecutive seeds alternate the windows, and seeds of one window take its days in turn (no two pinned seeds share a day).
		const clockDay = window.clockDays[Math.floor((ctx.seed - 1) / WINDOWS.length) % window.clockDays.length]!;
		const clockMinutes = 8 * 60 + 30 + 30 * r.int(0, 4);
		let found: {
			actor: TeamUser;
			s2: Person;
			clockMs: number;
			t1: number;
			t2: number;
			host: string;
		} | null = null;
		const dstShift = (actorTz: string, tz: string, clockMs: number, start: number) =>
			zoneOffsetMs(tz, start) - zoneOffsetMs(actorTz, start) - (zoneOffsetMs(tz, clockMs) - zoneOffsetMs(actorTz, clockMs));
		for (const s2 of ctx.rng('rr-submitter').shuffle(rrCandidates)) {
			const tz2 = s2.geo.timeZone;
			for (const actorId of ctx.rng('actor').shuffle(SDRS)) {
				const actor = ctx.user(actorId);
				if (actor.timeZone === tz1 || actor.timeZone === tz2) continue;
				const clockMs = zonedToUtc(actor.timeZone, clockDay, clockMinutes);
				if (
					dstShift(actor.timeZone, tz1, clockMs, zonedToUtc(tz1, window.meetingDays[0]!, 12 * 60)) === 0 &&
					dstShift(actor.timeZone, tz2, clockMs, zonedToUtc(tz2, window.meetingDays[0]!, 12 * 60)) === 0
				)
					continue;
				// The round-robin demo first (on the seed state), then the owner's Discovery Call, on another day or ≥ 3 h apart.
				const days2 = ctx.rng(`days2:${s2.id}`).shuffle(window.meetingDays);
				for (const day2 of days2) {
					const starts2 = offeredOn(cal, rrType.uri, clockMs, tz2, day2, 45);
					if (!starts2.length) continue;
					const t2 = ctx.rng(`t2:${s2.id}:${day2}`).pick(starts2);
					const rrCtx = solverInputOf(cal, rrType, clockMs)!;
					const slot = slotAt(rrCtx.input, t2);
					if (!slot) continue;
					const host = pickRoundRobin(rrCtx.input.hosts, slot.hosts, t2, world.seed, rrCtx.settings.round_robin_strategy).host;
					const hostCal = cal.users.find((u) => u.uri === host)!;
					// The state after the round-robin booking (the host's calendar gets the new meeting).
					const after: CalendlyState = {
						...cal,
						scheduled_events: [
							...cal.scheduled_events,
							{
								...cal.scheduled_events[0]!,
								uri: `${CALENDLY_API}/scheduled_events/00000000-0000-4000-8000-000000000000`,
								status: 'active',
								event_type: rrType.uri,
								start_time: calendlyMicros(t2),
								end_time: calendlyMicros(t2 + 45 * MIN),
								event_memberships: [{ user: host, user_email: hostCal.email, user_name: hostCal.name }],
								created_at: calendlyMicros(clockMs),
								updated_at: calendlyMicros(clockMs)
							}
						]
					};
					const days1 = ctx.rng(`days1:${s1.id}`).shuffle(window.meetingDays);
					for (const day1 of days1) {
						const starts1 = offeredOn(after, disc1.uri, clockMs, tz1, day1, 30).filter((t) => Math.abs(t - t2) >= 3 * 60 * MIN);
						if (!starts1.length) continue;
						found = { actor, s2, clockMs, t1: ctx.rng(`t1:${day1}`).pick(starts1), t2, host };
						break;
					}
					if (found) break;
				}
				if (found) break;
			}
			if (found) break;
		}
		if (!found) throw new TemplateError(`${SLUG}@${ctx.seed}: selector "slots" matched 0 of the 1 needed`);
		const { actor, s2, clockMs, t1, t2, host } = found;
		const tz2 = s2.geo.timeZone;
		const hostCal = cal.users.find((u) => u.uri === host)!;
		const hostUser = world.users.find((u) => u.email === hostCal.email)!;
		const clock = new Date(clockMs).toISOString();

		// Names, emails, ids.
		const name1 = `${s1.firstName} ${s1.lastName}`;
		const name2 = `${s2.firstName} ${s2.lastName}`;
		const personal = copy.properties.email!;
		const work1 = s1.workEmail;
		const work2 = s2.workEmail;
		const ownerName = `${owner1.firstName} ${owner1.lastName}`;
		const hostName = `${hostUser.firstName} ${hostUser.lastName}`;
		const listName = `Inbound demos – ${spokenDate(clock, actor.timeZone).split(', ')[1]}`;
		const lead1 = leadIdFor(s1.id);
		const lead2 = leadIdFor(s2.id);
		const work1Row = hsContact(s1.id)!;
		const work2Row = hsContact(s2.id)!;

		// Outreach: the duplicate's live state (seeded), or a fixture state in "Inbound – Demo Follow-up".
		const seeded = liveStates(s1)[0];
		const stateId = seeded?.id ?? ctx.fixtureId('s1-state');
		const sequenceId = seeded?.relationships.sequence.data?.id ?? FOLLOW_UP_SEQUENCE;
		const sequenceName = or.sequences.find((s) => s.id === sequenceId)!.attributes.name;
		const enrolled = new Date(clockMs - 16 * 86_400_000).toISOString().slice(0, 10) + 'T09:00:00.000Z';
		const fixtureState = seeded
			? []
			: [
					{
						type: 'sequenceState' as const,
						id: stateId,
						attributes: {
							state: 'active',
							stateChangedAt: enrolled,
							activeAt: enrolled,
							pauseReason: null,
							autoResumeAt: null,
							errorReason: null,
							repliedAt: null,
							callCompletedAt: null,
							deliverCount: 1,
							openCount: 2,
							clickCount: 0,
							replyCount: 0,
							bounceCount: 0,
							failureCount: 0,
							createdAt: enrolled,
							updatedAt: enrolled
						},
						relationships: {
							prospect: { data: { type: 'prospect', id: s1.id } },
							sequence: { data: { type: 'sequence', id: FOLLOW_UP_SEQUENCE } },
							sequenceStep: { data: { type: 'sequenceStep', id: FOLLOW_UP_STEP } },
							mailbox: { data: { type: 'mailbox', id: or.mailboxes.find((m) => m.relationships.user.data?.id === '1003')!.id } },
							account: { data: { type: 'account', id: s1.companyId } },
							creator: { data: { type: 'user', id: '1003' } }
						}
					}
				];

		// HubSpot fixtures: the form with a message field, and the two submissions (newest first on the form page).
		const form = structuredClone(hs.forms.find((f) => f.id === FORM_ID)!);
		form.fieldGroups.push({
			groupType: 'default_group',
			richTextType: 'text',
			fields: [{ objectTypeId: '0-1', name: 'message', label: 'Anything we should know?', required: false, hidden: false, fieldType: 'multi_line_text' }]
		});
		const when = (tz: string, ms: number) => `${spokenDate(new Date(ms).toISOString(), tz)} at ${calendlyTimeLabel(tz, ms)}, ${zoneCity(tz)} time`;
		const msg1 = `We'd like to see how this would work for our team. Could we do ${when(tz1, t1)}?`;
		const msg2 = `Evaluating options this quarter. ${when(tz2, t2)} works for me.`;
		const submission = (label: string, ago: number, contactId: string, p: Person, email: string, message: string) => ({
			id: ctx.fixtureId(label),
			formId: FORM_ID,
			submittedAt: new Date(clockMs - ago * MIN).toISOString(),
			values: [
				{ name: 'email', value: email },
				{ name: 'firstname', value: p.firstName },
				{ name: 'lastname', value: p.lastName },
				{ name: 'company', value: ctx.company(p.companyId).name },
				{ name: 'jobtitle', value: p.title },
				{ name: 'message', value: message }
			],
			pageUri: 'https://www.salesgym.io/demo',
			pageName: 'Request a demo | salesgym',
			contactId
		});
		const subs = [submission('submission-1', 47, copy.id, s1, personal, msg1), submission('submission-2', 22, s2.id, s2, work2, msg2)];

		// Decoys and mutant values.
		const sizeRoute = (companyId: string, p: Person) => {
			const n = employeesOf(companyId);
			if (n >= 1001) return '1011';
			if (n >= 200) return null;
			const zone = p.geo.timeZone;
			return zone.startsWith('America/')
				? ['America/New_York', 'America/Toronto'].includes(zone)
					? '1001'
					: '1002'
				: zone.startsWith('Europe/')
					? '1006'
					: '1007';
		};
		const wrongOwner1 = [sizeRoute(s1.companyId, s1), actor.id, '1011', '1001'].find((id) => id && id !== owner1.id)!;
		const wrongDisc1 = discoveryOf(ctx.user(wrongOwner1));
		const poolOthers = cal.event_type_memberships
			.filter((m) => m.event_type === rrType.uri && m.member !== host)
			.map((m) => cal.users.find((u) => u.uri === m.member)!.email);
		const assumedHost = world.users.find((u) => u.email === poolOthers[0])!;
		const wrongZoneShift = (tz: string, t: number) => {
			const lt = localTime(tz, t);
			const s = (zonedToUtc(actor.timeZone, lt.date, lt.minutes) - t) / 1000;
			return s === 0 ? 3600 : s;
		};
		const dst1 = dstShift(actor.timeZone, tz1, clockMs, t1) / 1000 || 3600;
		const stage1 = work1Row.properties.lifecyclestage!;
		const stage2 = work2Row.properties.lifecyclestage!;
		const owner1Old = work1Row.properties.hubspot_owner_id ?? '';
		const owner2Old = work2Row.properties.hubspot_owner_id ?? '';

		const q = jq;
		const ev1 = jqNewCalendlyEventsFor([personal, work1], disc1.uri);
		const ev2 = jqNewCalendlyEventsFor([work2], rrType.uri);
		const meetings1 = jqNewHubspotEngagementsOf('meetings', s1.id);
		const meetings2 = jqNewHubspotEngagementsOf('meetings', s2.id);
		const isNewEvent = `((.uri as $u | [$initial.calendly.scheduled_events[].uri] | index($u)) | not)`;
		const shiftEvents = (typeUri: string, secs: number) =>
			`.calendly.scheduled_events |= map(if .event_type == ${q(typeUri)} and .status == "active" and ${isNewEvent} then .start_time = ((.start_time | iso_to_epoch) + ${secs} | todate) | .end_time = ((.end_time | iso_to_epoch) + ${secs} | todate) else . end)`;
		const setContact = (id: string, props: Record<string, string>) =>
			`.hubspot.contacts |= map(if .id == ${q(id)} then ${Object.entries(props)
				.map(([k, v]) => `.properties.${k} = ${q(v)}`)
				.join(' | ')} else . end)`;
		const moveMeetings = (from: string, to: string) =>
			`([$initial.hubspot.meetings[].id]) as $old | .hubspot.associations |= map(if (.fromObjectType == "meetings" and .toObjectType == "contacts" and .toObjectId == ${q(from)} and ((.fromObjectId as $i | $old | index($i)) | not)) then .toObjectId = ${q(to)} elif (.fromObjectType == "contacts" and .fromObjectId == ${q(from)} and .toObjectType == "meetings" and ((.toObjectId as $i | $old | index($i)) | not)) then .fromObjectId = ${q(to)} else . end)`;
		const monthDay = (tz: string, ms: number) => spokenDate(new Date(ms).toISOString(), tz);

		return {
			title: `Speed to lead: book ${name1} and ${name2} from today's demo requests`,
			goal: `${name1} is on ${ownerName}'s Discovery Call and ${name2} on the round-robin demo at the times they asked for; both on the new Sales Navigator list, owned by their hosts in HubSpot as SQLs with the meetings logged on the right records (the personal-email copy of ${name1} untouched, nothing created twice), and ${name1}'s Outreach sequence finished.`,
			prompt:
				`Two "Demo request" forms came in on the website in the last hour. Work them before anything else on your list. For each submitter:\n` +
				`- Look the person and their company up in Sales Navigator and save both people to a new lead list of yours called "${listName}".\n` +
				`- Route the demo per our rules of engagement (routing: the account owner's Discovery Call when the HubSpot company has an owner, otherwise by company size) and book it at the time they asked for in their message, which is their own local time, with the email address they submitted.\n` +
				`- In HubSpot, make whoever hosts the meeting the contact owner (this hand-off overrides keeping the current owner), set the lifecycle stage to Sales Qualified Lead, and log the meeting on the contact at its start time.\n` +
				`- In Outreach, finish any sequence they are still active in (keep their history) and don't add them to anything new.\n\n` +
				`People sometimes fill in the form with a personal address. If a submitter already has a contact under their work email, that is their record: work it there, leave any other copy of them as it is, and don't create new contacts or prospects.`,
			start_path: `/hubspot/forms/${FORM_ID}`,
			clock,
			actors: { hubspot: actor.id, salesnav: actor.id, calendly: actor.id, outreach: actor.id },
			fixtures: {
				hubspot: { forms: [form], form_submissions: subs },
				...(fixtureState.length ? { outreach: { sequenceStates: fixtureState } } : {})
			},
			steps: [
				{
					platform: 'hubspot',
					objective: `Work ${name1}'s demo request on the work-email record: ${ownerName} (account owner) as owner, SQL, the Discovery Call logged at ${monthDay(tz1, t1)} ${calendlyTimeLabel(tz1, t1)} ${tz1}.`,
					actions: [
						{ goto: `/hubspot/contacts/${s1.id}` },
						{ wait_for: { role: 'heading', name: name1 } },
						...hubspotEditContactActions({ owner: owner1Old === owner1.id ? undefined : ownerName, lifecycle: 'Sales Qualified Lead' }),
						...hubspotLogMeetingActions(DISCOVERY, t1, t1 + 30 * MIN)
					],
					verifiers: [
						{
							id: 's1-owner-account-owner',
							description: `${name1}'s work-email contact is owned by ${ownerName}, the account owner who hosts the call`,
							query: `[.hubspot.contacts[] | select(.id == ${q(s1.id)}) | .properties.hubspot_owner_id]`,
							op: 'eq',
							expected: [owner1.id],
							weight: 1,
							gating: true
						},
						{
							id: 's1-sql',
							description: `${name1}'s work-email contact is a Sales Qualified Lead (or later)`,
							query: `[.hubspot.contacts[] | select(.id == ${q(s1.id)}) | .properties.lifecyclestage] | first`,
							op: 'in',
							expected: SQL_OR_LATER,
							weight: 1,
							gating: true
						},
						{
							id: 's1-meeting-at-calendly-time',
							description: `a new meeting on ${name1}'s work-email contact starts when the new Calendly Discovery Call does`,
							query: `(${ev1} | map(.start_time | iso_to_epoch)) as $cal | ($cal | length == 1) and (${meetings1} | map(.properties.hs_meeting_start_time | iso_to_epoch) | index($cal[0]) != null)`,
							op: 'eq',
							expected: true,
							weight: 1,
							gating: true
						},
						{
							id: 's1-copy-untouched',
							description: `the personal-email copy of ${name1} keeps its record and gets no meeting`,
							query: `([.hubspot.contacts[] | select(.id == ${q(copy.id)})] == [$initial.hubspot.contacts[] | select(.id == ${q(copy.id)})]) and (${jqNewHubspotEngagementsOf('meetings', copy.id)} | length == 0)`,
							op: 'eq',
							expected: true,
							weight: 0,
							holds_at_reset: true,
							gating: true
						},
						{
							id: 'no-new-contacts',
							description: 'no HubSpot contact was created',
							query: `([$initial.hubspot.contacts[].id]) as $old | [.hubspot.contacts[] | select((.id as $i | $old | index($i)) | not)] | length`,
							op: 'eq',
							expected: 0,
							weight: 0,
							holds_at_reset: true,
							gating: true
						}
					]
				},
				{
					platform: 'salesnav',
					objective: `Save ${name1} and ${name2} to a new lead list "${listName}".`,
					actions: [...salesnavSaveLeadActions(lead1, name1, listName), ...salesnavSaveLeadActions(lead2, name2, listName, 1)],
					verifiers: [
						{
							id: 'sn-list-both',
							description: `"${listName}" holds exactly the two submitters`,
							query: `[.salesnav.leadLists[] | select(.name == ${q(listName)} and .ownerSeatId == ${q(actor.id)}) | .memberIds | sort]`,
							op: 'eq',
							expected: [[lead1, lead2].sort()],
							weight: 1,
							gating: true
						}
					]
				},
				{
					platform: 'calendly',
					objective: `Book ${name2} on the round robin at ${calendlyTimeLabel(tz2, t2)} ${tz2}, then ${name1} on ${ownerName}'s Discovery Call at ${calendlyTimeLabel(tz1, t1)} ${tz1}.`,
					actions: [
						...calendlyBookActions({ typeUuid: rrType.uri.split('/').pop()!, tz: tz2, start: t2, name: name2, email: work2 }),
						...calendlyBookActions({
							typeUuid: disc1.uri.split('/').pop()!,
							tz: tz1,
							start: t1,
							name: name1,
							email: personal,
							selects: { 'Company size *': calendlySizeChoice(employeesOf(s1.companyId)) }
						})
					],
					verifiers: [
						{
							id: 's2-round-robin-at-time',
							description: `one new round-robin "${RR_NAME}" with ${name2} at ${when(tz2, t2)}`,
							query: `${ev2} | map(.start_time | iso_to_epoch) == [${t2 / 1000}]`,
							op: 'eq',
							expected: true,
							weight: 1,
							gating: true
						},
						{
							id: 's1-owner-discovery-at-time',
							description: `one new ${DISCOVERY} of ${ownerName} with ${name1} at ${when(tz1, t1)}`,
							query: `${ev1} | map(.start_time | iso_to_epoch) == [${t1 / 1000}]`,
							op: 'eq',
							expected: true,
							weight: 1,
							gating: true
						},
						{
							id: 'no-inactive-event-type',
							description: 'no new meeting on an inactive, legacy or deleted event type',
							query: `[.calendly.scheduled_events[] | select(${isNewEvent} and (.event_type as $t | ${jqList(inactiveTypes)} | index($t)))] | length`,
							op: 'eq',
							expected: 0,
							weight: 0,
							holds_at_reset: true,
							gating: true
						}
					]
				},
				{
					platform: 'hubspot',
					objective: `Make ${name2}'s round-robin host (${hostName} for this slot) the contact owner, set SQL and log the demo.`,
					actions: [
						{ goto: `/hubspot/contacts/${s2.id}` },
						{ wait_for: { role: 'heading', name: name2 } },
						...hubspotEditContactActions({ owner: owner2Old === hostUser.id ? undefined : hostName, lifecycle: 'Sales Qualified Lead' }),
						...hubspotLogMeetingActions(RR_NAME, t2, t2 + 45 * MIN)
					],
					verifiers: [
						{
							id: 's2-owner-is-rr-host',
							description: `${name2}'s contact is owned by the host Calendly gave the round-robin demo`,
							query: `(${ev2} | map(.event_memberships[0].user_email)) as $h | ($h | length == 1) and ([.hubspot.owners[] | select(.email == $h[0]) | .id] == [.hubspot.contacts[] | select(.id == ${q(s2.id)}) | .properties.hubspot_owner_id])`,
							op: 'eq',
							expected: true,
							weight: 1,
							gating: true
						},
						{
							id: 's2-sql',
							description: `${name2} is a Sales Qualified Lead (or later)`,
							query: `[.hubspot.contacts[] | select(.id == ${q(s2.id)}) | .properties.lifecyclestage] | first`,
							op: 'in',
							expected: SQL_OR_LATER,
							weight: 1,
							gating: true
						},
						{
							id: 's2-meeting-at-calendly-time',
							description: `a new meeting on ${name2}'s contact starts when the round-robin demo does`,
							query: `(${ev2} | map(.start_time | iso_to_epoch)) as $cal | ($cal | length == 1) and (${meetings2} | map(.properties.hs_meeting_start_time | iso_to_epoch) | index($cal[0]) != null)`,
							op: 'eq',
							expected: true,
							weight: 1,
							gating: true
						}
					]
				},
				{
					platform: 'outreach',
					objective: `Finish ${name1}'s "${sequenceName}" state (work-email prospect), nothing new.`,
					actions: [
						{ goto: `/outreach/prospects/${s1.id}` },
						{ wait_for: { role: 'heading', name: name1 } },
						{ click: { role: 'tab', name: 'Sequences' } },
						{ click: { role: 'button', name: `Finish ${sequenceName}` } },
						{ wait_for: { text: `${sequenceName}: finished` } }
					],
					verifiers: [
						{
							id: 's1-sequence-finished',
							description: `${name1}'s "${sequenceName}" state is finished (kept, not removed) and nothing of theirs is live`,
							query: `([.outreach.sequenceStates[] | select(.id == ${q(stateId)}) | .attributes.state] == ["finished"]) and ([.outreach.sequenceStates[] | select(.relationships.prospect.data.id == ${q(s1.id)} and (.attributes.state | IN("active", "pending", "paused")))] | length == 0)`,
							op: 'eq',
							expected: true,
							weight: 1,
							gating: true
						},
						{
							id: 'or-nothing-created',
							description: 'no Outreach prospect or sequence state was created',
							query: `(([$initial.outreach.prospects[].id]) as $p | [.outreach.prospects[] | select((.id as $i | $p | index($i)) | not)] | length) + (([$initial.outreach.sequenceStates[].id]) as $s | [.outreach.sequenceStates[] | select((.id as $i | $s | index($i)) | not)] | length)`,
							op: 'eq',
							expected: 0,
							weight: 0,
							holds_at_reset: true,
							gating: true
						}
					]
				}
			],
			alternatives: [
				{
					id: 's1-booked-with-work-email',
					description: `${name1}'s Discovery Call is booked with their work email instead of the personal address they submitted`,
					patch: `.calendly.invitees |= map(if .email == ${q(personal)} and .status == "active" and ((.uri as $u | [$initial.calendly.invitees[].uri] | index($u)) | not) then .email = ${q(work1)} else . end)`
				}
			],
			mutants: [
				{
					id: 'copy-worked-instead',
					description: `owner, stage and meeting go on the personal-email copy of ${name1} (the record the submission points at)`,
					kind: 'decoy',
					patch: `${moveMeetings(s1.id, copy.id)} | ${setContact(copy.id, { hubspot_owner_id: owner1.id, lifecyclestage: 'salesqualifiedlead' })} | ${setContact(s1.id, { hubspot_owner_id: owner1Old, lifecyclestage: stage1 })}`
				},
				{
					id: 'new-contact-for-personal-email',
					description: `a second contact is created for ${name1} from the submission`,
					kind: 'duplicate_created',
					patch: `.hubspot.contacts += [{id: "999999", properties: {email: ${q(work1)}, firstname: ${q(s1.firstName)}, lastname: ${q(s1.lastName)}, lifecyclestage: "salesqualifiedlead"}, createdAt: $now, updatedAt: $now, archived: false}]`
				},
				{
					id: 's1-routed-by-size',
					description: `${name1}'s demo is routed by company size to ${ctx.user(wrongOwner1).firstName} ${ctx.user(wrongOwner1).lastName} instead of the account owner`,
					kind: 'wrong_owner',
					patch: `.calendly.scheduled_events |= map(if .event_type == ${q(disc1.uri)} and ${isNewEvent} then .event_type = ${q(wrongDisc1.uri)} else . end) | ${setContact(s1.id, { hubspot_owner_id: wrongOwner1 })}`
				},
				{
					id: 'rr-host-assumed',
					description: `${name2}'s owner is set to ${assumedHost.firstName} ${assumedHost.lastName}, a round-robin member who does not host the demo`,
					kind: 'rr_host_assumed',
					patch: setContact(s2.id, { hubspot_owner_id: assumedHost.id })
				},
				{
					id: 's2-booked-in-my-zone',
					description: `${name2}'s requested wall time is read in ${actor.timeZone} instead of ${tz2}`,
					kind: 'wrong_zone',
					patch: shiftEvents(rrType.uri, wrongZoneShift(tz2, t2))
				},
				{
					id: 's1-offset-of-today',
					description: `${name1}'s time is converted with today's offset, before the DST switch`,
					kind: 'wrong_time',
					patch: shiftEvents(disc1.uri, dst1)
				},
				{
					id: 's2-on-legacy-demo',
					description: `${name2} is booked on the inactive "Product demo – legacy (45 min)" instead of the round robin`,
					kind: 'wrong_value',
					patch: `.calendly.scheduled_events |= map(if .event_type == ${q(rrType.uri)} and ${isNewEvent} then .event_type = ${q(inactiveTypes[0]!)} else . end)`
				},
				{
					id: 's1-stage-not-moved',
					description: `${name1} keeps their lifecycle stage`,
					kind: 'partial',
					patch: setContact(s1.id, { lifecyclestage: stage1 })
				},
				{
					id: 's2-stage-not-moved',
					description: `${name2} keeps their lifecycle stage`,
					kind: 'partial',
					patch: setContact(s2.id, { lifecyclestage: stage2 })
				},
				{
					id: 's2-owner-kept',
					description: `${name2} keeps their current contact owner`,
					kind: 'wrong_owner',
					patch: setContact(s2.id, { hubspot_owner_id: owner2Old === hostUser.id ? assumedHost.id : owner2Old })
				},
				{
					id: 's2-meeting-not-logged',
					description: `${name2}'s demo is not logged in HubSpot`,
					kind: 'step_skipped',
					patch: `([$initial.hubspot.meetings[].id]) as $old | .hubspot.associations |= map(select(((.fromObjectType == "meetings" and .toObjectType == "contacts" and .toObjectId == ${q(s2.id)}) or (.fromObjectType == "contacts" and .fromObjectId == ${q(s2.id)} and .toObjectType == "meetings")) and (((if .fromObjectType == "meetings" then .fromObjectId else .toObjectId end) as $i | $old | index($i)) | not) | not))`
				},
				{
					id: 'sn-list-missing-one',
					description: `only ${name1} is saved to "${listName}"`,
					kind: 'partial',
					patch: `.salesnav.leadLists |= map(if .name == ${q(listName)} then .memberIds = [${q(lead1)}] else . end)`
				},
				{
					id: 'outreach-left-active',
					description: `${name1}'s sequence keeps running`,
					kind: 'step_skipped',
					patch: `.outreach.sequenceStates |= map(if .id == ${q(stateId)} then .attributes.state = "active" else . end)`
				},
				{
					id: 'prospect-for-personal-email',
					description: `a new Outreach prospect is created for ${name1}'s personal address and put in "Inbound – Demo Follow-up"`,
					kind: 'duplicate_created',
					patch: `.outreach.prospects += [(.outreach.prospects[] | select(.id == ${q(s1.id)}) | .id = "999999" | .attributes.emails = [${q(personal)}])] | .outreach.sequenceStates += [(.outreach.sequenceStates[] | select(.id == ${q(stateId)}) | .id = "999998" | .attributes.state = "active" | .relationships.prospect.data.id = "999999" | .relationships.sequence.data.id = ${q(FOLLOW_UP_SEQUENCE)})]`
				}
			]
		};
	}
};

export default template;
