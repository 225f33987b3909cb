/**
 * Template `dormant-lead-returns` (tier 4, inbound, dormant lead re-engagement): a HubSpot lead who went quiet
 * months ago booked the round-robin "Demo – Mid-market (45 min)" twice (two slots, two different round-robin
 * hosts). The rep keeps the earlier slot and cancels the other in Calendly; in HubSpot reopens the lead (lead
 * status Open, lifecycle at least SQL, the kept demo's host as owner although an old owner exists: the prompt
 * overrides the "keep the owner" rule), logs the kept meeting at its start time and notes that the lead came back
 * inbound; reads the promotion in Sales Navigator (current title) into HubSpot and saves the lead to a named list;
 * and finishes the lead's paused Outreach state without adding them anywhere (Outreach only finishes an active
 * state, so a paused one is resumed and finished at once).
 *
 * Bindings: a dormant person of the manifest (no activity for 6+ months before the clock) who is a HubSpot lead or
 * MQL with an owner, a "Director of …" or "VP of …" title (the promotion's old title is derived from it) and an
 * employer that is an Outreach account. Fixtures: the HubSpot contact with the old title, the two Calendly
 * bookings, the Outreach prospect with its paused (out-of-office) state. Decoys: the later slot, booked FIRST and
 * with another host (the "first booking" and "its host" are both wrong), the old HubSpot owner, "Resume" alone.
 */
import { projectHubSpot } from '../../gyms/hubspot/seed';
import { project as projectOutreach } from '../../gyms/outreach/seed';
import { project as projectCalendly, uriFor } from '../../gyms/calendly/seed';
import { leadIdFor } from '../../gyms/salesnav/seed';
import type { Person } from '../../seeds/world';
import type { Template } from './kit';
import { calendlyInviteeRow } from './_gym-rows';
import { TemplateError } from './kit';

/** Team user ids of the round-robin "Demo – Mid-market (45 min)" pool (the seed's event type memberships). */
const RR_POOL = ['1003', '1004', '1008', '1009', '1010', '1011'];
/**
 * The acting user in every tool: Ravi Sharma, the SDR manager, an admin of the Calendly organization (a plain
 * Calendly user may cancel only the events they host: Calendly's "Cancel Event" permission).
 */
const ACTOR = '1012';
/** The round-robin demo's name as Calendly shows it. */
const DEMO = 'Demo – Mid-market (45 min)';
/** Scenario days (Mondays and Tuesdays, before and after the US DST switch of 2026-03-08); the clock is 14:00 UTC. */
const DAYS = ['2026-03-02', '2026-03-03', '2026-03-09', '2026-03-10'];
/** UTC start hours of the two bookings (business hours in the Americas and Europe). */
const HOURS = [14, 15, 16, 17, 18];
/** Dormant = no activity for at least this long before the clock (ms): 6 months. */
const DORMANT_MS = 183 * 86_400_000;

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** Calendly's wire timestamps: microseconds. */
const micros = (ms: number) => `${iso(ms).slice(0, 23)}000Z`;

/** The title before the promotion: "VP of X" ← "Director of X", "Director of X" ← "Senior Manager, X". */
function oldTitle(title: string): string | null {
	const vp = /^VP of (.+)$/.exec(title);
	if (vp) return `Director of ${vp[1]}`;
	const dir = /^Director of (.+)$/.exec(title);
	if (dir) return `Senior Manager, ${dir[1]}`;
	return null;
}

/** Calendly's Meetings row label in `zone`: "Thu, Mar 5 10:00am" (as the screen's formatIn renders it). */
function calendlyLabel(zone: string, ms: number): string {
	const date = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric' }).format(new Date(ms));
	const parts = Object.fromEntries(
		new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' })
			.formatToParts(new Date(ms))
			.map((p) => [p.type, p.value])
	);
	const h = Number(parts.hour);
	return `${date} ${((h + 11) % 12) + 1}:${parts.minute}${h < 12 ? 'am' : 'pm'}`;
}

/** Whole months between two instants (30.44-day months, floor). */
const monthsBetween = (from: number, to: number) => Math.floor((to - from) / (30.44 * DAY_MS));

const template: Template = {
	meta: {
		slug: 'dormant-lead-returns',
		version: 1,
		title: 'A dormant lead books the demo again: reactivate them in all four tools',
		platforms: ['calendly', 'hubspot', 'salesnav', 'outreach'],
		category: 'inbound',
		business_function: 'dormant lead re-engagement',
		anomalies: ['dormant'],
		traps: ['rr_host', 'owner_conflict', 'paused_ooto', 'lifecycle_forward'],
		pinned: [1, 2, 3, 9, 10, 11, 13, 15, 16]
	},
	build(ctx) {
		const { world } = ctx;
		const day = ctx.cycle('day', DAYS);
		const clockMs = Date.parse(`${day}T14:00:00.000Z`);
		const hs = projectHubSpot(world).state;
		const contacts = new Map(hs.contacts.map((c) => [c.id, c]));
		const or = projectOutreach(world);
		const orAccounts = new Set(or.accounts.map((a) => String(a.id)));
		const orEmails = new Set(or.prospects.flatMap((p) => (p.attributes as { emails: string[] }).emails));
		const eligible = (p: Person) => {
			const c = contacts.get(p.id);
			return (
				p.inHubspot &&
				!p.inOutreach &&
				p.emailStatus === 'ok' &&
				p.lastActivityAt !== null &&
				Date.parse(p.lastActivityAt) <= clockMs - DORMANT_MS &&
				oldTitle(p.title) !== null &&
				c !== undefined &&
				c.properties.jobtitle === p.title &&
				['lead', 'marketingqualifiedlead'].includes(c.properties.lifecyclestage ?? '') &&
				!!c.properties.hubspot_owner_id &&
				!RR_POOL.includes(c.properties.hubspot_owner_id) &&
				orAccounts.has(p.companyId) &&
				!orEmails.has(p.workEmail)
			);
		};
		const p = ctx.pick('lead', ctx.anomalyPeople('dormant'), eligible);
		const company = ctx.company(p.companyId);
		const contact = contacts.get(p.id)!;
		const oldOwner = ctx.user(contact.properties.hubspot_owner_id!);
		const [keptHost, dupHost] = ctx.pickMany('hosts', RR_POOL, 2).map((id) => ctx.user(id));
		if (!keptHost || !dupHost) throw new TemplateError('dormant-lead-returns: no hosts');
		const name = `${p.firstName} ${p.lastName}`;
		const months = monthsBetween(Date.parse(p.lastActivityAt!), clockMs);
		const before = oldTitle(p.title)!;

		// The two bookings: the kept one is the EARLIER slot, booked second; the duplicate was booked first.
		const hrs = ctx.pickMany('hours', HOURS, 2);
		const keptStart = clockMs - 14 * 3_600_000 + 2 * DAY_MS + hrs[0]! * 3_600_000;
		const dupStart = clockMs - 14 * 3_600_000 + 3 * DAY_MS + hrs[1]! * 3_600_000;
		const dupBooked = clockMs - 3 * 3_600_000 - 17 * 60_000;
		const keptBooked = clockMs - 2 * 3_600_000 - 4 * 60_000;
		const cal = projectCalendly(world);
		const calUser = (email: string) => {
			const u = cal.users.find((x) => x.email === email);
			if (!u) throw new TemplateError(`dormant-lead-returns@${ctx.seed}: no Calendly user ${email}`);
			return u;
		};
		const demoType = cal.event_types.find((e) => e.name === DEMO && e.active);
		if (!demoType) throw new TemplateError(`dormant-lead-returns@${ctx.seed}: no active ${DEMO}`);
		const keptUri = uriFor('scheduled_events', `tpl:dormant-lead-returns:${ctx.seed}:kept`);
		const dupUri = uriFor('scheduled_events', `tpl:dormant-lead-returns:${ctx.seed}:dup`);
		const event = (uri: string, start: number, booked: number, host: ReturnType<typeof calUser>, label: string) => ({
			uri,
			name: DEMO,
			status: 'active' as const,
			start_time: micros(start),
			end_time: micros(start + 45 * 60_000),
			event_type: demoType.uri,
			location: { type: 'google_conference', location: null, status: 'pushed', join_url: `https://meet.google.com/${ctx.fixtureId(`${label}-meet`)}` },
			invitees_counter: { total: 1, active: 1, limit: 1 },
			event_memberships: [{ user: host.uri, user_email: host.email, user_name: host.name }],
			event_guests: [],
			cancellation: null,
			calendar_event: { kind: 'google', external_id: `tpl${ctx.fixtureId(`${label}-cal`)}` },
			meeting_notes_plain: null,
			created_at: micros(booked),
			updated_at: micros(booked)
		});
		const invitee = (eventUri: string, booked: number, label: string) => {
			const id = uriFor('x', `tpl:dormant-lead-returns:${ctx.seed}:${label}:invitee`).split('/').pop()!;
			return calendlyInviteeRow({
				uri: `${eventUri}/invitees/${id}`,
				event: eventUri,
				email: p.workEmail,
				firstName: p.firstName,
				lastName: p.lastName,
				name,
				timezone: p.geo.timeZone,
				createdAt: micros(booked)
			});
		};
		const keptHostCal = calUser(keptHost.email);
		const dupHostCal = calUser(dupHost.email);

		// Outreach: the prospect (owned by the old owner), paused out of office in a sequence long ago.
		const seqs = or.sequences.filter(
			(s) =>
				(s.attributes as { enabled: boolean }).enabled && ['Re-engage – 3 touch', 'VP Sales – Cold', 'Outbound – RevOps'].includes(String(s.attributes.name))
		);
		const seq = ctx.pick('sequence', seqs);
		const seqName = String(seq.attributes.name);
		const step = or.sequenceSteps.find((s) => s.relationships.sequence?.data?.id === seq.id);
		const mailbox = or.mailboxes.find((m) => m.relationships.user?.data?.id === oldOwner.id);
		if (!step || !mailbox) throw new TemplateError(`dormant-lead-returns@${ctx.seed}: no step of ${seqName} or mailbox of ${oldOwner.id}`);
		const prospectId = ctx.fixtureId('prospect');
		const stateId = ctx.fixtureId('state');
		const pausedAt = iso(Date.parse(p.lastActivityAt!) + 2 * DAY_MS);
		const activeAt = iso(Date.parse(p.lastActivityAt!) - 5 * DAY_MS);
		const shape = or.prospects[0]!;
		const prospect = {
			...shape,
			id: prospectId,
			attributes: {
				...shape.attributes,
				firstName: p.firstName,
				lastName: p.lastName,
				emails: [p.workEmail],
				title: before,
				company: company.name,
				linkedInUrl: p.linkedinUrl,
				workPhones: [p.phone],
				mobilePhones: [],
				timeZoneIana: p.geo.timeZone,
				tags: [],
				optedOut: false,
				optedOutAt: null,
				emailOptedOut: false,
				emailsOptStatus: null,
				callOptedOut: false,
				engagedScore: 2,
				touchedAt: p.lastActivityAt,
				externalId: null,
				createdAt: activeAt,
				updatedAt: pausedAt
			},
			relationships: {
				account: { data: { type: 'account', id: p.companyId } },
				owner: { data: { type: 'user', id: oldOwner.id } },
				stage: shape.relationships.stage
			}
		};
		const emailAddress = {
			type: 'emailAddress',
			id: ctx.fixtureId('email-address'),
			attributes: {
				email: p.workEmail,
				emailType: 'work',
				order: 0,
				status: null,
				statusChangedAt: null,
				unsubscribedAt: null,
				createdAt: activeAt,
				updatedAt: activeAt
			},
			relationships: { prospect: { data: { type: 'prospect', id: prospectId } } }
		};
		const state = {
			type: 'sequenceState',
			id: stateId,
			attributes: {
				state: 'paused',
				stateChangedAt: pausedAt,
				activeAt,
				pauseReason: 'ooto',
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
				createdAt: activeAt,
				updatedAt: pausedAt
			},
			relationships: {
				prospect: { data: { type: 'prospect', id: prospectId } },
				sequence: { data: { type: 'sequence', id: seq.id } },
				sequenceStep: { data: { type: 'sequenceStep', id: step.id } },
				mailbox: { data: { type: 'mailbox', id: mailbox.id } },
				account: { data: { type: 'account', id: p.companyId } },
				creator: { data: { type: 'user', id: oldOwner.id } }
			}
		};

		const leadId = leadIdFor(p.id);
		const monthName = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long' }).format(new Date(clockMs));
		const list = `Returned inbound – ${monthName}`;
		const viewer = ctx.user(ACTOR).timeZone;
		const dupLabel = calendlyLabel(viewer, dupStart);
		const utcInput = (ms: number) => iso(ms).slice(0, 16);
		const cid = p.id;
		// Rows created during the episode: created at or after the clock (every seeded row is older than the world's
		// epoch, which precedes every clock of this template); no query needs the reset state.
		const since = clockMs / 1000;
		const newOf = (table: string) =>
			`([.hubspot.associations[] | select(.fromObjectType == "${table}" and .toObjectType == "contacts" and .toObjectId == "${cid}") | .fromObjectId]) as $mine | [.hubspot.${table}[] | select((.createdAt | iso_to_epoch) >= ${since}) | select(.id as $i | $mine | index($i))]`;
		const contactQ = (prop: string) => `[.hubspot.contacts[] | select(.id == "${cid}") | .properties.${prop}] | first`;
		const reason = 'Duplicate booking';
		const noteText = `Came back inbound after ${months} months: booked the ${DEMO} with ${keptHost.firstName} ${keptHost.lastName}.`;

		return {
			title: `${name} comes back inbound: keep one demo, reopen the lead in HubSpot, save them in Sales Navigator, finish the paused Outreach state`,
			goal: `${name} (${company.name}) has one active ${DEMO} (the earlier slot, with ${keptHost.firstName} ${keptHost.lastName}); the later duplicate is canceled. HubSpot: lead status Open, lifecycle SQL, owner ${keptHost.firstName} ${keptHost.lastName}, title ${p.title}, the kept meeting logged, a note that they came back inbound. Sales Navigator: saved to "${list}". Outreach: the paused ${seqName} state finished, nothing new.`,
			prompt: [
				`${name} (${p.workEmail}) from ${company.name}, a lead who went quiet about ${months} months ago, just booked our round-robin ${DEMO} — twice, for two different slots. Reactivate them properly:`,
				`- Calendly: keep the earlier of the two slots and cancel the other one with the reason "${reason}".`,
				`- HubSpot: lead status Open, lifecycle stage Sales Qualified Lead, the host of the demo they keep as contact owner (even though the contact already has an owner), the demo logged as a meeting on the contact at its real start time, and a note that they came back inbound.`,
				`- Sales Navigator shows a promotion since we last spoke: put their current title on the HubSpot contact, and save them as a lead to my list "${list}" (create it).`,
				`- Outreach: they are still paused in a sequence from before. Finish that sequence for them, and don't add them to anything new.`
			].join('\n'),
			start_path: '/calendly/meetings',
			actors: { calendly: ACTOR, hubspot: ACTOR, salesnav: ACTOR, outreach: ACTOR },
			clock: iso(clockMs),
			fixtures: {
				hubspot: {
					contacts: [{ ...contact, properties: { ...contact.properties, jobtitle: before } }]
				},
				calendly: {
					scheduled_events: [event(keptUri, keptStart, keptBooked, keptHostCal, 'kept'), event(dupUri, dupStart, dupBooked, dupHostCal, 'dup')],
					invitees: [invitee(keptUri, keptBooked, 'kept'), invitee(dupUri, dupBooked, 'dup')]
				},
				outreach: { prospects: [prospect], emailAddresses: [emailAddress], sequenceStates: [state] }
			},
			steps: [
				{
					platform: 'calendly',
					objective: `Find both of ${name}'s demo bookings (two round-robin hosts), keep the earlier slot and cancel the later one with the reason.`,
					actions: [
						{ goto: '/calendly/meetings' },
						{ select: { role: 'combobox', name: 'Host', option: dupHostCal.name } },
						{ fill: { label: 'Invitee email', value: p.workEmail } },
						{ click: { role: 'button', name: 'Apply' } },
						{ click: { role: 'button', name: `Details: ${DEMO} ${dupLabel}` } },
						{ click: { role: 'button', name: `Cancel: ${DEMO}` } },
						{ fill: { label: 'Reason for canceling', value: reason } },
						{ click: { role: 'button', name: 'Cancel event' } },
						{ wait_for: { text: 'Event canceled' } }
					],
					verifiers: [
						{
							id: 'duplicate-canceled',
							description: `The later slot (${iso(dupStart)}, ${dupHost.firstName} ${dupHost.lastName}) is canceled`,
							query: `[.calendly.scheduled_events[] | select(.uri == "${dupUri}") | .status]`,
							op: 'eq',
							expected: ['canceled']
						},
						{
							id: 'kept-active',
							description: `The earlier slot (${iso(keptStart)}, ${keptHost.firstName} ${keptHost.lastName}) stays active`,
							query: `[.calendly.scheduled_events[] | select(.uri == "${keptUri}") | .status]`,
							op: 'eq',
							expected: ['active'],
							weight: 0,
							holds_at_reset: true
						}
					]
				},
				{
					platform: 'hubspot',
					objective: `Reopen ${name}: status, lifecycle, the kept demo's host as owner, the current title, the meeting and a note.`,
					actions: [
						{ goto: `/hubspot/contacts/${cid}` },
						{ wait_for: { role: 'heading', name } },
						{ click: { role: 'button', name: 'Edit Job title' } },
						{ fill: { label: 'Job title', value: p.title } },
						{ click: { role: 'button', name: 'Edit Contact owner' } },
						{ click: { role: 'combobox', name: 'Contact owner' } },
						{ click: { role: 'option', name: `${keptHost.firstName} ${keptHost.lastName}` } },
						{ click: { role: 'button', name: 'Edit Lifecycle stage' } },
						{ click: { role: 'combobox', name: 'Lifecycle stage' } },
						{ click: { role: 'option', name: 'Sales Qualified Lead' } },
						{ click: { role: 'button', name: 'Edit Lead status' } },
						{ click: { role: 'combobox', name: 'Lead status' } },
						{ click: { role: 'option', name: 'Open' } },
						{ click: { role: 'button', name: 'Save' } },
						{ wait_for: { text: 'Contact saved' } },
						{ click: { role: 'button', name: 'Meeting' } },
						{ fill: { label: 'Meeting title', value: DEMO } },
						{ click: { role: 'combobox', name: 'Outcome' } },
						{ click: { role: 'option', name: 'Scheduled' } },
						{ fill: { label: 'Start time', value: utcInput(keptStart) } },
						{ fill: { label: 'End time', value: utcInput(keptStart + 45 * 60_000) } },
						{ click: { role: 'button', name: 'Log activity' } },
						{ wait_for: { role: 'heading', name: `Meeting: ${DEMO}` } },
						{ click: { role: 'button', name: 'Note' } },
						{ fill: { role: 'textbox', name: 'Note', value: noteText } },
						{ click: { role: 'button', name: 'Save note' } },
						{ wait_for: { text: noteText } }
					],
					verifiers: [
						{ id: 'lead-status-open', description: 'Lead status is Open', query: contactQ('hs_lead_status'), op: 'eq', expected: 'OPEN' },
						{
							id: 'lifecycle-sql',
							description: 'Lifecycle stage is SQL or later (never backward)',
							query: contactQ('lifecyclestage'),
							op: 'in',
							expected: ['salesqualifiedlead', 'opportunity', 'customer']
						},
						{
							id: 'owner-kept-host',
							description: `Contact owner is the kept demo's host, ${keptHost.firstName} ${keptHost.lastName} (not the old owner ${oldOwner.firstName} ${oldOwner.lastName}, not the canceled slot's host)`,
							query: contactQ('hubspot_owner_id'),
							op: 'eq',
							expected: keptHost.id
						},
						{
							id: 'title-from-salesnav',
							description: `Job title is the current one from Sales Navigator: ${p.title}`,
							query: contactQ('jobtitle'),
							op: 'eq',
							expected: p.title
						},
						{
							id: 'meeting-at-kept-slot',
							description: 'A new meeting on the contact starts at the kept slot (same instant as Calendly)',
							query: `${newOf('meetings')} | map(.properties.hs_meeting_start_time | iso_to_epoch) | index(${keptStart / 1000}) != null`,
							op: 'eq',
							expected: true
						},
						{
							id: 'note-inbound',
							description: 'A new note on the contact says they came back inbound',
							query: `${newOf('notes')} | map(select(.properties.hs_note_body // "" | test("inbound"; "i"))) | length > 0`,
							op: 'eq',
							expected: true
						},
						{
							id: 'no-duplicate-contact',
							description: 'No second contact was created for the lead',
							query: `[.hubspot.contacts[] | select((.properties.email // "" | ascii_downcase) == "${p.workEmail}")] | length`,
							op: 'eq',
							expected: 1,
							weight: 0,
							holds_at_reset: true
						}
					]
				},
				{
					platform: 'salesnav',
					objective: `Save ${name} as a lead to "${list}".`,
					actions: [
						{ goto: `/salesnav/lead/${leadId}` },
						{ wait_for: { role: 'heading', name } },
						{ click: { role: 'button', name: 'Save ▾' } },
						{ check: { label: 'Create new list' } },
						{ fill: { label: 'List name', value: list } },
						{ click: { role: 'button', name: 'Save' } },
						{ wait_for: { text: `saved to ${list}` } }
					],
					verifiers: [
						{
							id: 'saved-to-list',
							description: `${name} is saved, in the list "${list}" of seat ${ACTOR}`,
							query: `([.salesnav.leadLists[] | select(.name == "${list}" and .ownerSeatId == "${ACTOR}") | select(.memberIds | index("${leadId}") != null)] | length > 0) and ([.salesnav.leads[] | select(.leadId == "${leadId}") | .saved] == [true])`,
							op: 'eq',
							expected: true
						}
					]
				},
				{
					platform: 'outreach',
					objective: `Finish ${name}'s paused ${seqName} state (resume, then finish: Outreach finishes active states only); nothing new.`,
					actions: [
						{ goto: `/outreach/prospects/${prospectId}` },
						{ wait_for: { role: 'heading', name } },
						{ click: { role: 'tab', name: 'Sequences' } },
						{ click: { role: 'button', name: `Resume ${seqName}` } },
						{ wait_for: { text: `${seqName}: resumed` } },
						{ click: { role: 'button', name: `Finish ${seqName}` } },
						{ wait_for: { text: `${seqName}: finished` } }
					],
					verifiers: [
						{
							id: 'paused-state-finished',
							description: `The paused ${seqName} state is finished (not resumed, not removed)`,
							query: `[.outreach.sequenceStates[] | select(.id == "${stateId}") | .attributes.state]`,
							op: 'eq',
							expected: ['finished']
						},
						{
							id: 'no-new-sequence',
							description: 'The prospect got no new sequence state',
							query: `[.outreach.sequenceStates[] | select(.relationships.prospect.data.id == "${prospectId}" and .id != "${stateId}")] | length`,
							op: 'eq',
							expected: 0,
							weight: 0,
							holds_at_reset: true
						}
					]
				}
			],
			mutants: [
				{
					id: 'canceled-the-earlier-slot',
					description: 'cancels the earlier slot and keeps the later one (the first booked)',
					kind: 'decoy',
					patch: `.calendly.scheduled_events |= map(if .uri == "${dupUri}" then .status = "active" | .cancellation = null elif .uri == "${keptUri}" then .status = "canceled" else . end)`
				},
				{
					id: 'kept-both-bookings',
					description: 'leaves both bookings active',
					kind: 'step_skipped',
					patch: `.calendly.scheduled_events |= map(if .uri == "${dupUri}" then .status = "active" | .cancellation = null else . end)`
				},
				{
					id: 'owner-kept-old',
					description: `keeps the old contact owner ${oldOwner.firstName} ${oldOwner.lastName} (the default rule the prompt overrides)`,
					kind: 'wrong_owner',
					patch: `.hubspot.contacts |= map(if .id == "${cid}" then .properties.hubspot_owner_id = "${oldOwner.id}" else . end)`
				},
				{
					id: 'owner-canceled-host',
					description: `makes the canceled slot's host ${dupHost.firstName} ${dupHost.lastName} the owner`,
					kind: 'rr_host_assumed',
					patch: `.hubspot.contacts |= map(if .id == "${cid}" then .properties.hubspot_owner_id = "${dupHost.id}" else . end)`
				},
				{
					id: 'meeting-at-canceled-slot',
					description: 'logs the meeting at the canceled slot',
					kind: 'wrong_time',
					patch: `.hubspot.meetings |= map(if (.createdAt | iso_to_epoch) >= ${since} then .properties.hs_meeting_start_time = "${iso(dupStart)}" else . end)`
				},
				{
					id: 'meeting-not-logged',
					description: 'logs no meeting in HubSpot',
					kind: 'step_skipped',
					patch: `.hubspot.meetings |= map(select((.createdAt | iso_to_epoch) < ${since}))`
				},
				{
					id: 'no-note',
					description: 'writes no note',
					kind: 'step_skipped',
					patch: `.hubspot.notes |= map(select((.createdAt | iso_to_epoch) < ${since}))`
				},
				{
					id: 'status-not-reopened',
					description: 'leaves the lead status as it was',
					kind: 'partial',
					patch: `.hubspot.contacts |= map(if .id == "${cid}" then .properties.hs_lead_status = ${JSON.stringify(contact.properties.hs_lead_status ?? null)} else . end)`
				},
				{
					id: 'lifecycle-not-advanced',
					description: 'leaves the lifecycle stage where it was',
					kind: 'partial',
					patch: `.hubspot.contacts |= map(if .id == "${cid}" then .properties.lifecyclestage = "${contact.properties.lifecyclestage}" else . end)`
				},
				{
					id: 'stale-title',
					description: 'keeps the old title instead of the Sales Navigator one',
					kind: 'stale_data',
					patch: `.hubspot.contacts |= map(if .id == "${cid}" then .properties.jobtitle = "${before}" else . end)`
				},
				{
					id: 'duplicate-contact',
					description: 'creates a second HubSpot contact for the lead',
					kind: 'duplicate_created',
					patch: `.hubspot.contacts += [(.hubspot.contacts[] | select(.id == "${cid}") | .id = "999999")]`
				},
				{
					id: 'not-saved-in-salesnav',
					description: 'does not save the lead in Sales Navigator',
					kind: 'step_skipped',
					patch: `.salesnav.leadLists |= map(.memberIds |= map(select(. != "${leadId}"))) | .salesnav.leads |= map(if .leadId == "${leadId}" then .saved = false else . end)`
				},
				{
					id: 'resumed-not-finished',
					description: 'resumes the paused state instead of finishing it',
					kind: 'wrong_value',
					patch: `.outreach.sequenceStates |= map(if .id == "${stateId}" then .attributes.state = "active" else . end)`
				},
				{
					id: 'added-to-new-sequence',
					description: 'finishes the old state but also adds the lead to a new sequence',
					kind: 'collateral',
					patch: `.outreach.sequenceStates += [(.outreach.sequenceStates[] | select(.id == "${stateId}") | .id = "999998" | .attributes.state = "active")]`
				}
			]
		};
	}
};

export default template;
