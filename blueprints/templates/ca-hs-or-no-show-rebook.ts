/**
 * T3 · ca-hs-or-no-show-rebook (tier 3, inbound, lead qualification & scheduling): a rep's invitee did not show up
 * to today's Discovery Call (it started 20 minutes ago). The rep has the no-show recovery play run in three tools:
 * - Calendly: the invitee is marked as a no-show on that meeting (Calendly allows the mark only once the meeting
 *   has started: `POST /invitee_no_shows`, Calendly API reference "Create Invitee No Show");
 * - HubSpot: the meeting the Calendly booking logged on the contact (same start instant, J8) gets the outcome
 *   "No show" (HubSpot's meeting outcomes: Scheduled, Completed, Rescheduled, No show, Canceled), and the rep gets a
 *   rebook task due tomorrow, at 09:00 in the rep's own zone (rules of engagement R12). HubSpot's task form reads
 *   its date and time in UTC, so the rep's offset (after the US switch to daylight time on March 8 where it applies)
 *   decides the UTC time typed in: the tz_dst trap;
 * - Outreach: the prospect goes into "No-show rebook" from the rep's own mailbox (the dialog preselects the org's
 *   first mailbox) with the rep's booking link of the event type they missed in Custom Field 2 (the team's
 *   booking-link field), copied from Calendly and verified against the event type's `scheduling_url` in the final
 *   Calendly state. The prospect is already active in a colleague's non-exclusive sequence ("Event follow-up", or
 *   the one the seed has them in): "No-show rebook" is not exclusive either, so Outreach takes them, and that other
 *   sequence must be left alone (R8; the active_in_sequence anomaly).
 *
 * Decoy: the same invitee is registered for a "Product webinar Q&A (60 min)" later the same day (a fixture: the
 * Calendly group event and the HubSpot meeting it logged). It has not started, so it is not a no-show; its HubSpot
 * meeting keeps the outcome Scheduled.
 *
 * Bindings: a seeded, still scheduled one-on-one Discovery Call after the world's epoch, on a Monday–Thursday of the
 * host's zone (so "tomorrow" is a working day), starting 08:00–15:59 there, whose only invitee booked with their work
 * email, is a HubSpot contact with no other meeting, may be emailed (not opted out, not bounced), has never been in
 * "No-show rebook" and is not live in an exclusive Outreach sequence. Seeds walk the reps who host such a meeting in
 * a fixed shuffle (then each rep's meetings), so seeds 1–5 are five different reps' days (world seed 1 has six). The acting user is the host, in
 * every tool; the clock is 20 minutes after the start.
 *
 * Simplified from the catalogue entry: the catalogue carries the invitee's `reschedule_url` into Custom Field 2. A
 * reschedule link of a meeting that has already started cannot move it (Calendly refuses to reschedule or cancel
 * an event in the past; the replica's reschedule page says so), so that link would send the no-show to a dead end;
 * the rebook link is the rep's booking link of the same event type instead (the causal check becomes "equal to the
 * event type's link in the final Calendly state", and the reschedule link is a mutant). The prospect always exists
 * in Outreach (imported by a fixture when the seed has none), because the anomaly this template exercises needs a
 * live state elsewhere; the "create the prospect" branch of the catalogue is left out. The later meeting the same
 * day is a webinar, not a second call with the rep: a second sales call later the same day would make the rebook
 * sequence pointless.
 */
import { project as projectCalendly, uriFor } from '../../gyms/calendly/seed';
import { zonedToUtc } from '../../gyms/calendly/tz';
import { projectHubSpot } from '../../gyms/hubspot/seed';
import { ACTIVE_LIKE } from '../../gyms/outreach/api/sequencing';
import { RULESET_EXCLUSIVE } from '../../gyms/outreach/seed';
import { rng } from '../../seeds/rng';
import type { Meeting, Person, World } from '../../seeds/world';
import { TemplateError, type InstanceContext, type Template } from './kit';
import {
	calendlyInviteeRow,
	addMs,
	calendlyMicros,
	DAY_MS,
	hubspotRow,
	jq,
	jqList,
	jqNewHubspotEngagementsOf,
	localDate,
	localWeekday,
	meetingsRowLabel,
	outreachBulkAddToSequence,
	outreachProspectRows,
	outreachTables,
	spokenDate
} from './_gym-rows';

const DISCOVERY = 'Discovery Call (30 min)';
const WEBINAR = 'Product webinar Q&A (60 min)';
const SEQUENCE = 'No-show rebook';
/** The non-exclusive sequence a fixture puts the prospect in when the seed has them in none. */
const OTHER_SEQUENCE = 'Event follow-up';
/** Outreach states that count as "in a sequence" (the gym's own set). */
const LIVE = [...ACTIVE_LIKE];
/** Minutes between the start of the missed call and the clock. */
const LATE_MIN = 20;

type OrRow = { id: string; attributes: Record<string, unknown>; relationships: Record<string, { data: { id: string } | null } | undefined> };

/** Memoized projections of the world (pure; the same world object every call). */
const memo = new WeakMap<World, { hs: ReturnType<typeof projectHubSpot>['state']; cal: ReturnType<typeof projectCalendly>; or: Record<string, OrRow[]> }>();
function projections(world: World) {
	let m = memo.get(world);
	if (!m)
		memo.set(world, (m = { hs: projectHubSpot(world).state, cal: projectCalendly(world), or: outreachTables(world) as unknown as Record<string, OrRow[]> }));
	return m;
}

/** The hour (0–23) of the instant `iso` in `tz`. */
function localHour(iso: string, tz: string): number {
	return Number(new Intl.DateTimeFormat('en-US', { timeZone: tz, hour: '2-digit', hourCycle: 'h23' }).format(new Date(iso)));
}

/** `HH:MM` (UTC) of epoch ms: the HubSpot task form's Time field. */
const utcTime = (ms: number) => new Date(ms).toISOString().slice(11, 16);

function build(ctx: InstanceContext) {
	const { world } = ctx;
	const { hs, cal, or } = projections(world);
	const contacts = new Map(hs.contacts.map((c) => [c.id, c]));
	const meetingsOf = (cid: string) =>
		hs.associations.filter((a) => a.fromObjectType === 'meetings' && a.toObjectType === 'contacts' && a.toObjectId === cid).map((a) => a.fromObjectId);
	const seqById = new Map(or.sequences!.map((s) => [s.id, s]));
	const rebookSeq = or.sequences!.find((s) => s.attributes.name === SEQUENCE)!;
	const otherSeqDefault = or.sequences!.find((s) => s.attributes.name === OTHER_SEQUENCE)!;
	const exclusive = (seqId: string) => seqById.get(seqId)?.relationships.ruleset?.data?.id === RULESET_EXCLUSIVE;
	const statesOf = (pid: string) => or.sequenceStates!.filter((s) => s.relationships.prospect?.data?.id === pid);
	const epoch = Date.parse(world.epoch);

	const eligible = (m: Meeting) => {
		if (m.kind !== 'one_on_one' || m.eventName !== DISCOVERY || m.outcome !== 'scheduled' || m.personIds.length !== 1) return false;
		if (Date.parse(m.startAt) <= epoch) return false;
		const host = ctx.user(m.hostIds[0]!);
		const wd = localWeekday(m.startAt, host.timeZone);
		const hour = localHour(m.startAt, host.timeZone);
		if (wd < 1 || wd > 4 || hour < 8 || hour > 15) return false;
		const p = ctx.person(m.personIds[0]!);
		const c = contacts.get(p.id);
		if (!p.inHubspot || !c || m.inviteeEmail !== p.workEmail || p.emailStatus !== 'ok') return false;
		if ((c.properties.email ?? '').toLowerCase() !== p.workEmail.toLowerCase() || c.properties.hs_email_optout === 'true') return false;
		if (meetingsOf(p.id).length !== 1) return false;
		if (p.inOutreach) {
			const states = statesOf(p.id);
			if (states.some((s) => s.relationships.sequence?.data?.id === rebookSeq.id)) return false;
			const live = states.filter((s) => LIVE.includes(String(s.attributes.state)));
			if (live.some((s) => exclusive(s.relationships.sequence!.data!.id))) return false;
			if (!live.length && states.some((s) => s.relationships.sequence?.data?.id === otherSeqDefault.id)) return false;
			const prospect = or.prospects!.find((x) => x.id === p.id);
			if (!prospect || prospect.attributes.optedOut || prospect.attributes.emailOptedOut) return false;
		}
		return true;
	};
	// Seeds spread over reps first: seed s takes the ((s - 1) mod n)-th rep of a fixed shuffle, then that rep's
	// ((s - 1) div n)-th eligible meeting (another fixed shuffle), so seeds 1..n are n different reps' days.
	const pool = world.meetings.filter(eligible);
	const hosts = rng('template:ca-hs-or-no-show-rebook:hosts', 0).shuffle([...new Set(pool.map((x) => x.hostIds[0]!))].sort());
	if (!hosts.length) throw new TemplateError('ca-hs-or-no-show-rebook: no eligible meeting');
	const hostId = hosts[(ctx.seed - 1) % hosts.length]!;
	const ofHost = rng(`template:ca-hs-or-no-show-rebook:meetings:${hostId}`, 0).shuffle(pool.filter((x) => x.hostIds[0] === hostId));
	const m = ofHost[Math.floor((ctx.seed - 1) / hosts.length) % ofHost.length]!;
	const rep = ctx.user(m.hostIds[0]!);
	const repName = `${rep.firstName} ${rep.lastName}`;
	const zone = rep.timeZone;
	const p: Person = ctx.person(m.personIds[0]!);
	const name = `${p.firstName} ${p.lastName}`;
	const email = p.workEmail.toLowerCase();
	const contact = contacts.get(p.id)!;
	const contactOwner = contact.properties.hubspot_owner_id ?? '';
	const company = ctx.company(p.companyId);

	// ---- times
	const startMs = Date.parse(m.startAt);
	const clockMs = startMs + LATE_MIN * 60_000;
	const today = localDate(m.startAt, zone);
	const tomorrow = addMs(`${today}T12:00:00.000Z`, DAY_MS).slice(0, 10);
	const dueMs = zonedToUtc(zone, tomorrow, 9 * 60);
	const dayText = spokenDate(m.startAt, zone);

	// ---- Calendly: the missed call, its invitee, the rep's Discovery Call type and its link
	const eventUri = uriFor('scheduled_events', `meeting:${m.id}`);
	const event = cal.scheduled_events.find((e) => e.uri === eventUri);
	const invitee = cal.invitees.find((i) => i.event === eventUri);
	if (!event || !invitee) throw new TemplateError(`ca-hs-or-no-show-rebook@${ctx.seed}: meeting ${m.id} is not in Calendly`);
	const eventType = cal.event_types.find((t) => t.uri === event.event_type)!;
	const bookingLink = eventType.scheduling_url;
	const rrDemo = cal.event_types.find((t) => t.name === 'Demo – Mid-market (45 min)' && t.active)!;

	// ---- The decoy: a webinar later the same day (another host's group event), booked two days ago
	const webinarTypes = cal.event_types.filter((t) => t.name === WEBINAR && t.active && !t.deleted_at);
	const webinarType = ctx.pick('webinar-host', webinarTypes);
	const webinarHost = cal.users.find((u) => u.uri === webinarType.profile?.owner)!;
	const webinarHostUser = world.users.find((u) => u.email.toLowerCase() === webinarHost.email.toLowerCase())!;
	const webinarStartMs = startMs + ctx.pick('webinar-offset', [150, 180, 210]) * 60_000;
	const webinarBookedMs = clockMs - 2 * DAY_MS - ctx.rng('webinar-booked').int(60, 600) * 60_000;
	const webinarUri = uriFor('scheduled_events', `tpl:ca-hs-or-no-show-rebook:${ctx.seed}:webinar`);
	const webinarInviteeUuid = uriFor('x', `tpl:ca-hs-or-no-show-rebook:${ctx.seed}:webinar:invitee`).split('/').pop()!;
	const webinarInviteeUri = `${webinarUri}/invitees/${webinarInviteeUuid}`;
	const booked = calendlyMicros(webinarBookedMs);
	const webinarEvent = {
		uri: webinarUri,
		name: WEBINAR,
		status: 'active',
		start_time: calendlyMicros(webinarStartMs),
		end_time: calendlyMicros(webinarStartMs + 60 * 60_000),
		event_type: webinarType.uri,
		location: { type: 'zoom_conference', location: null, status: 'pushed', join_url: `https://zoom.us/j/${ctx.fixtureId('webinar-zoom')}` },
		invitees_counter: { total: 1, active: 1, limit: 10 },
		event_memberships: [{ user: webinarHost.uri, user_email: webinarHost.email, user_name: webinarHost.name }],
		event_guests: [],
		cancellation: null,
		calendar_event: { kind: webinarHostUser.timeZone.startsWith('Europe/') ? 'outlook' : 'google', external_id: `tpl${ctx.fixtureId('webinar-cal')}` },
		meeting_notes_plain: null,
		created_at: booked,
		updated_at: booked
	};
	const webinarInvitee = calendlyInviteeRow({
		uri: webinarInviteeUri,
		event: webinarUri,
		email,
		firstName: p.firstName,
		lastName: p.lastName,
		name,
		timezone: p.geo.timeZone,
		createdAt: booked,
		questions: [{ question: 'Questions you would like answered', answer: 'Pricing for 20 seats', position: 0 }]
	});

	// ---- HubSpot: the missed call's meeting (seeded) and the webinar's (fixture)
	const hsMeetingId = meetingsOf(p.id)[0]!;
	const webinarMeetingId = ctx.fixtureId('hs-webinar-meeting');
	const meetingBase = hubspotRow<{ id: string; properties: Record<string, string>; createdAt: string; updatedAt: string }>('meetings', hsMeetingId);
	const webinarBookedIso = new Date(webinarBookedMs).toISOString();
	const webinarMeeting = {
		...meetingBase,
		id: webinarMeetingId,
		properties: {
			...meetingBase.properties,
			hs_timestamp: new Date(webinarStartMs).toISOString(),
			hs_meeting_title: WEBINAR,
			hs_meeting_body: `Booked via Calendly by ${email}`,
			hs_meeting_start_time: new Date(webinarStartMs).toISOString(),
			hs_meeting_end_time: new Date(webinarStartMs + 60 * 60_000).toISOString(),
			hs_meeting_outcome: 'SCHEDULED',
			hs_meeting_external_url: `https://calendly.com/events/${webinarMeetingId}`,
			hubspot_owner_id: webinarHostUser.id,
			createdate: webinarBookedIso,
			hs_lastmodifieddate: webinarBookedIso,
			hs_object_id: webinarMeetingId
		},
		createdAt: webinarBookedIso,
		updatedAt: webinarBookedIso
	};
	const hsAssociations = [
		{
			id: `200:${webinarMeetingId}:${p.id}`,
			fromObjectType: 'meetings',
			fromObjectId: webinarMeetingId,
			toObjectType: 'contacts',
			toObjectId: p.id,
			associationCategory: 'HUBSPOT_DEFINED',
			associationTypeId: 200
		}
	];

	// ---- Outreach: the prospect (a fixture when the seed has none) and the live state elsewhere
	const prospectId = p.inOutreach ? p.id : ctx.fixtureId('prospect');
	const prospectRows = p.inOutreach
		? null
		: outreachProspectRows(world, p.id, { prospect: prospectId, emailAddress: (order) => ctx.fixtureId(`email-address:${order}`) });
	const seededLive = p.inOutreach ? statesOf(p.id).find((s) => LIVE.includes(String(s.attributes.state))) : undefined;
	const mailboxOf = (userId: string) => or.mailboxes!.find((x) => x.relationships.user?.data?.id === userId)!;
	const myMailbox = mailboxOf(rep.id);
	const firstMailbox = or.mailboxes![0]!.id === myMailbox.id ? or.mailboxes![1]! : or.mailboxes![0]!;
	let otherStateId: string;
	let otherSeqName: string;
	let otherState: string;
	let stateFixture: Record<string, unknown>[] = [];
	if (seededLive) {
		otherStateId = seededLive.id;
		otherSeqName = String(seqById.get(seededLive.relationships.sequence!.data!.id)!.attributes.name);
		otherState = String(seededLive.attributes.state);
	} else {
		const ownerId = otherSeqDefault.relationships.owner!.data!.id;
		const sender = ownerId === rep.id ? '1012' : ownerId;
		const step = or.sequenceSteps!.find((s) => s.relationships.sequence?.data?.id === otherSeqDefault.id && Number(s.attributes.order) === 1)!;
		const activeAt = new Date(clockMs - ctx.rng('other-state').int(6, 12) * DAY_MS).toISOString().slice(0, 10) + 'T09:00:00.000Z';
		const changed = addMs(activeAt, DAY_MS);
		otherStateId = ctx.fixtureId('other-state');
		otherSeqName = OTHER_SEQUENCE;
		otherState = 'active';
		stateFixture = [
			{
				type: 'sequenceState',
				id: otherStateId,
				attributes: {
					state: 'active',
					stateChangedAt: activeAt,
					activeAt,
					pauseReason: null,
					autoResumeAt: null,
					errorReason: null,
					repliedAt: null,
					callCompletedAt: null,
					deliverCount: 1,
					openCount: 1,
					clickCount: 0,
					replyCount: 0,
					bounceCount: 0,
					failureCount: 0,
					createdAt: activeAt,
					updatedAt: changed
				},
				relationships: {
					prospect: { data: { type: 'prospect', id: prospectId } },
					sequence: { data: { type: 'sequence', id: otherSeqDefault.id } },
					sequenceStep: { data: { type: 'sequenceStep', id: step.id } },
					mailbox: { data: { type: 'mailbox', id: mailboxOf(sender).id } },
					account: { data: { type: 'account', id: p.companyId } },
					creator: { data: { type: 'user', id: sender } }
				}
			}
		];
	}
	const orFixture = {
		...(prospectRows ? { prospects: prospectRows.prospects, emailAddresses: prospectRows.emailAddresses } : {}),
		...(stateFixture.length ? { sequenceStates: stateFixture } : {})
	};

	// ---- verifier building blocks
	const newTasks = `${jqNewHubspotEngagementsOf('tasks', p.id)} | map(select(.properties.hubspot_owner_id == ${jq(rep.id)} and .properties.hs_task_status != "COMPLETED"))`;
	const rebookStates = `[.outreach.sequenceStates[] | select(.relationships.prospect.data.id == ${jq(prospectId)} and .relationships.sequence.data.id == ${jq(rebookSeq.id)} and (.attributes.state | IN(${LIVE.map(jq).join(', ')})))]`;
	const linkQ = `([.calendly.event_types[] | select(.uri == ${jq(eventType.uri)}) | .scheduling_url] | first)`;
	const setOutcome = (id: string, outcome: string) =>
		`.hubspot.meetings |= map(if .id == ${jq(id)} then .properties.hs_meeting_outcome = ${jq(outcome)} else . end)`;
	const setInvitee = (uri: string, expr: string) => `.calendly.invitees |= map(if .uri == ${jq(uri)} then ${expr} else . end)`;
	const taskIds = `(${jqNewHubspotEngagementsOf('tasks', p.id)} | map(.id)) as $t`;
	const setTasks = (expr: string) => `${taskIds} | .hubspot.tasks |= map(if (.id | IN($t[])) then ${expr} else . end)`;
	const setCustom2 = (v: string | null) =>
		`.outreach.prospects |= map(if .id == ${jq(prospectId)} then .attributes.custom2 = ${v === null ? 'null' : jq(v)} else . end)`;
	const setRebook = (expr: string) =>
		`.outreach.sequenceStates |= map(if .relationships.prospect.data.id == ${jq(prospectId)} and .relationships.sequence.data.id == ${jq(rebookSeq.id)} then ${expr} else . end)`;
	const noShowStamp = `{uri: ${jq(uriFor('invitee_no_shows', `tpl:ca-hs-or-no-show-rebook:${ctx.seed}:mutant`))}, created_at: ${jq(calendlyMicros(clockMs + 60_000))}}`;
	const taskTitle = `Rebook ${name} (no-show ${today})`;
	const ownerUser = world.users.find((u) => u.id === contactOwner);
	const wrongOwner = contactOwner && contactOwner !== rep.id ? contactOwner : '1012';

	return {
		title: `No-show rebook: ${name} missed ${repName}'s ${DISCOVERY} on ${dayText}`,
		goal:
			`${name}'s ${DISCOVERY} with ${repName} today (${m.startAt}) is marked as a no-show in Calendly (and nothing else is); its HubSpot meeting has the outcome No show, ` +
			`the ${WEBINAR} later today keeps Scheduled; ${repName} has a rebook task on the contact due ${tomorrow} 09:00 ${zone}; in Outreach ${name} is in "${SEQUENCE}" from ${String(myMailbox.attributes.email)} ` +
			`with ${bookingLink} in Custom Field 2, and still in "${otherSeqName}".`,
		prompt:
			`${name} (${email}) didn't show up for our call today; it started ${LATE_MIN} minutes ago. Mark the no-show in Calendly. ` +
			`In HubSpot, set that meeting's outcome to No show and give me a task to rebook them, due tomorrow. ` +
			`Then put them into the Outreach sequence "${SEQUENCE}" from my mailbox, with my Calendly booking link for the same kind of meeting they missed in their Custom Field 2 (our booking-link field). ` +
			`Follow our rules of engagement.`,
		start_path: '/calendly/meetings',
		clock: new Date(clockMs).toISOString(),
		actors: { calendly: rep.id, hubspot: rep.id, outreach: rep.id },
		fixtures: {
			calendly: { scheduled_events: [webinarEvent], invitees: [webinarInvitee] },
			hubspot: { meetings: [webinarMeeting], associations: hsAssociations },
			...(Object.keys(orFixture).length ? { outreach: orFixture } : {})
		},
		steps: [
			{
				platform: 'calendly' as const,
				objective: `Mark ${name} as a no-show on today's ${DISCOVERY} (the one that started ${LATE_MIN} minutes ago) and copy ${repName}'s ${DISCOVERY} booking link.`,
				actions: [
					{ click: { role: 'tab', name: 'Past' } },
					{ wait_for: { role: 'list', name: 'Past events' } },
					{ click: { role: 'button', name: `Details: ${DISCOVERY} ${meetingsRowLabel(zone, startMs)}` } },
					{ click: { role: 'button', name: `Mark as no-show: ${name}` } },
					{ wait_for: { text: `${name} marked as no-show` } },
					{ goto: '/calendly/scheduling' },
					{ click: { role: 'button', name: `Copy link: ${DISCOVERY}` } },
					{ wait_for: { text: `Link copied: ${bookingLink}` } }
				],
				verifiers: [
					{
						id: 'no-show-marked',
						description: `${name} is marked as a no-show on today's ${DISCOVERY}, and nobody else was marked`,
						query: `[.calendly.invitees[] | select(.no_show != null) | .uri] - [$initial.calendly.invitees[] | select(.no_show != null) | .uri]`,
						op: 'eq' as const,
						expected: [invitee.uri]
					},
					{
						id: 'webinar-not-marked',
						description: `The ${WEBINAR} later today (not started) is not marked as a no-show`,
						query: `[.calendly.invitees[] | select(.uri == ${jq(webinarInviteeUri)}) | .no_show]`,
						op: 'eq' as const,
						expected: [null],
						weight: 0,
						holds_at_reset: true
					},
					{
						id: 'meetings-kept',
						description: 'Both meetings stay active in Calendly (a no-show is a mark, not a cancellation)',
						query: `[.calendly.scheduled_events[] | select(.uri | IN(${jqList([eventUri, webinarUri])}[])) | .status]`,
						op: 'eq' as const,
						expected: ['active', 'active'],
						weight: 0,
						holds_at_reset: true
					}
				]
			},
			{
				platform: 'hubspot' as const,
				objective: `Set the ${DISCOVERY} meeting on ${name} to No show; a rebook task for ${repName} due ${tomorrow} 09:00 ${zone} (${utcTime(dueMs)} UTC).`,
				actions: [
					{ goto: `/hubspot/contacts/${p.id}` },
					{ wait_for: { role: 'heading', name } },
					{ click: { role: 'tab', name: 'Activities' } },
					{ click: { role: 'combobox', name: `Outcome: ${DISCOVERY}` } },
					{ click: { role: 'option', name: 'No show' } },
					{ wait_for: { text: 'Meeting outcome set to No show' } },
					{ click: { role: 'button', name: 'Task' } },
					{ fill: { label: 'Title', value: taskTitle } },
					{ click: { role: 'combobox', name: 'Assigned to' } },
					{ click: { role: 'option', name: repName } },
					{ fill: { label: 'Due date', value: new Date(dueMs).toISOString().slice(0, 10) } },
					{ fill: { label: 'Time', value: utcTime(dueMs) } },
					{ click: { role: 'button', name: 'Create' } },
					{ wait_for: { role: 'heading', name: `Task: ${taskTitle}` } }
				],
				verifiers: [
					{
						id: 'meeting-no-show',
						description: `The HubSpot meeting that starts when the Calendly call does (J8) has the outcome No show`,
						query: `([.calendly.scheduled_events[] | select(.uri == ${jq(eventUri)}) | .start_time | iso_to_epoch] | first) as $t | [.hubspot.meetings[] | select(.id == ${jq(hsMeetingId)} and (.properties.hs_meeting_start_time | iso_to_epoch) == $t) | .properties.hs_meeting_outcome]`,
						op: 'eq' as const,
						expected: ['NO_SHOW']
					},
					{
						id: 'webinar-meeting-scheduled',
						description: `The ${WEBINAR} meeting later today keeps the outcome Scheduled`,
						query: `[.hubspot.meetings[] | select(.id == ${jq(webinarMeetingId)}) | .properties.hs_meeting_outcome]`,
						op: 'eq' as const,
						expected: ['SCHEDULED'],
						weight: 0,
						holds_at_reset: true
					},
					{
						id: 'rebook-task-tomorrow',
						description: `One new open task on ${name} for ${repName}, due tomorrow (${tomorrow} in ${zone})`,
						query: `(${jq(new Date(clockMs).toISOString())} | add_duration("P1D") | local_date(${jq(zone)})) as $tomorrow | ${newTasks} | map((.properties.hs_timestamp | local_date(${jq(zone)})) == $tomorrow)`,
						op: 'eq' as const,
						expected: [true]
					},
					{
						id: 'rebook-task-nine',
						description: `It is due at 09:00 ${zone} (R12), i.e. ${utcTime(dueMs)} UTC in HubSpot's form`,
						query: `${newTasks} | map(.properties.hs_timestamp | local_time(${jq(zone)}))`,
						op: 'eq' as const,
						expected: ['09:00']
					}
				]
			},
			{
				platform: 'outreach' as const,
				objective: `Custom Field 2 = ${bookingLink}; add ${name} to "${SEQUENCE}" from ${String(myMailbox.attributes.email)}; leave "${otherSeqName}" running.`,
				actions: [
					{ goto: `/outreach/prospects/${prospectId}` },
					{ wait_for: { role: 'heading', name } },
					{ click: { role: 'button', name: 'Show all custom fields' } },
					{ click: { role: 'button', name: 'Edit Custom Field 2' } },
					{ fill: { label: 'Custom Field 2', value: bookingLink } },
					{ click: { role: 'button', name: 'Save' } },
					{ wait_for: { text: 'Custom fields saved' } },
					...outreachBulkAddToSequence([{ email, name }], SEQUENCE, String(myMailbox.attributes.email), '1 added, 0 skipped')
				],
				verifiers: [
					{
						id: 'in-no-show-rebook',
						description: `${name} is in "${SEQUENCE}"`,
						query: `${rebookStates} | length`,
						op: 'eq' as const,
						expected: 1
					},
					{
						id: 'from-my-mailbox',
						description: `sending from ${repName}'s own mailbox (${String(myMailbox.attributes.email)})`,
						query: `${rebookStates} | map(.relationships.mailbox.data.id)`,
						op: 'eq' as const,
						expected: [myMailbox.id]
					},
					{
						id: 'booking-link',
						description: `Custom Field 2 holds ${repName}'s ${DISCOVERY} booking link as Calendly has it`,
						query: `${linkQ} as $u | [.outreach.prospects[] | select(.id == ${jq(prospectId)}) | .attributes.custom2 == $u]`,
						op: 'eq' as const,
						expected: [true]
					},
					{
						id: 'other-sequence-kept',
						description: `${name}'s state in the colleague's "${otherSeqName}" is left as it was (R8)`,
						query: `[.outreach.sequenceStates[] | select(.id == ${jq(otherStateId)}) | .attributes.state]`,
						op: 'eq' as const,
						expected: [otherState],
						weight: 0,
						holds_at_reset: true
					}
				]
			}
		],
		mutants: [
			{
				id: 'calendly-not-marked',
				description: `never marks ${name} as a no-show in Calendly`,
				kind: 'step_skipped' as const,
				patch: setInvitee(invitee.uri, '.no_show = null')
			},
			{
				id: 'webinar-marked-too',
				description: `also marks ${name} as a no-show on the ${WEBINAR} later today`,
				kind: 'collateral' as const,
				patch: setInvitee(webinarInviteeUri, `.no_show = ${noShowStamp}`)
			},
			{
				id: 'call-canceled',
				description: `cancels the missed call in Calendly instead of marking the no-show`,
				kind: 'wrong_tool' as const,
				patch: `${setInvitee(invitee.uri, '.no_show = null | .status = "canceled"')} | .calendly.scheduled_events |= map(if .uri == ${jq(eventUri)} then .status = "canceled" else . end)`
			},
			{
				id: 'outcome-not-set',
				description: 'leaves the HubSpot meeting at Scheduled',
				kind: 'step_skipped' as const,
				patch: setOutcome(hsMeetingId, 'SCHEDULED')
			},
			{
				id: 'outcome-on-webinar',
				description: `sets No show on the ${WEBINAR} meeting instead of the missed call's`,
				kind: 'decoy' as const,
				patch: `${setOutcome(hsMeetingId, 'SCHEDULED')} | ${setOutcome(webinarMeetingId, 'NO_SHOW')}`
			},
			{
				id: 'outcome-canceled',
				description: 'sets the meeting outcome to Canceled instead of No show',
				kind: 'wrong_value' as const,
				patch: setOutcome(hsMeetingId, 'CANCELED')
			},
			{
				id: 'no-task',
				description: 'creates no rebook task',
				kind: 'step_skipped' as const,
				patch: `${taskIds} | .hubspot.associations |= map(select((.fromObjectType == "tasks" and (.fromObjectId | IN($t[]))) | not))`
			},
			{
				id: 'task-for-contact-owner',
				description: `keeps the form's default assignee (${ownerUser && contactOwner !== rep.id ? `the contact owner, ${ownerUser.firstName} ${ownerUser.lastName}` : 'someone else'}) instead of ${repName}`,
				kind: 'wrong_owner' as const,
				patch: setTasks(`.properties.hubspot_owner_id = ${jq(wrongOwner)}`)
			},
			{
				id: 'task-due-today',
				description: 'makes the task due today',
				kind: 'wrong_time' as const,
				patch: setTasks(`.properties.hs_timestamp = ${jq(new Date(dueMs - DAY_MS).toISOString())}`)
			},
			{
				id: 'task-hour-off',
				description: `types 09:00 with the wrong UTC offset (the standard-time offset after the DST switch, or UTC): due 08:00 or 10:00 ${zone}`,
				kind: 'wrong_zone' as const,
				patch: setTasks(`.properties.hs_timestamp = ${jq(new Date(dueMs + 3_600_000).toISOString())}`)
			},
			{
				id: 'not-enrolled',
				description: `never adds ${name} to "${SEQUENCE}"`,
				kind: 'step_skipped' as const,
				patch: `.outreach.sequenceStates |= map(select((.relationships.prospect.data.id == ${jq(prospectId)} and .relationships.sequence.data.id == ${jq(rebookSeq.id)}) | not))`
			},
			{
				id: 'default-mailbox',
				description: `keeps the dialog's preselected mailbox (${String(firstMailbox.attributes.email)})`,
				kind: 'wrong_owner' as const,
				patch: setRebook(`.relationships.mailbox.data.id = ${jq(firstMailbox.id)}`)
			},
			{
				id: 'reschedule-link',
				description: `puts the invitee's reschedule link (a dead end: the meeting has started) in Custom Field 2`,
				kind: 'wrong_value' as const,
				patch: setCustom2(invitee.reschedule_url)
			},
			{
				id: 'round-robin-link',
				description: `puts the round-robin demo's link (${rrDemo.scheduling_url}) in Custom Field 2`,
				kind: 'decoy' as const,
				patch: setCustom2(rrDemo.scheduling_url)
			},
			{
				id: 'no-link',
				description: 'sequences them without the booking link',
				kind: 'partial' as const,
				patch: setCustom2(null)
			},
			{
				id: 'other-sequence-finished',
				description: `takes ${name} out of the colleague's "${otherSeqName}" first`,
				kind: 'collateral' as const,
				patch: `.outreach.sequenceStates |= map(if .id == ${jq(otherStateId)} then .attributes.state = "finished" else . end)`
			}
		],
		alternatives: [
			{
				id: 'call-task-on-company-too',
				description: `words the task its own way, makes it a call task and also associates it with ${company.name}`,
				patch: `${taskIds} | .hubspot.tasks |= map(if (.id | IN($t[])) then .properties.hs_task_subject = "Call to find a new time" | .properties.hs_task_type = "CALL" else . end) | .hubspot.associations += [($t[] | {id: ("192:" + . + ":" + ${jq(p.companyId)}), fromObjectType: "tasks", fromObjectId: ., toObjectType: "companies", toObjectId: ${jq(p.companyId)}, associationCategory: "HUBSPOT_DEFINED", associationTypeId: 192})]`
			}
		]
	};
}

const template: Template = {
	meta: {
		slug: 'ca-hs-or-no-show-rebook',
		version: 1,
		title: 'No-show recovery: mark the no-show in Calendly, No show and a rebook task in HubSpot, the rebook sequence in Outreach',
		platforms: ['calendly', 'hubspot', 'outreach'],
		category: 'inbound',
		business_function: 'lead qualification & scheduling',
		anomalies: ['active_in_sequence'],
		traps: ['tz_dst', 'no_show', 'default_mailbox', 'default_assignee'],
		pinned: [1, 2, 3, 4, 5]
	},
	build
};

export default template;
