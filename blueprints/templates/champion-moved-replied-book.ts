/**
 * T4 · champion-moved-replied-book: a former champion who moved to one of the acting AE's accounts answered the
 * "Job changer" email from their new address, proposing Tuesday or Wednesday afternoon in their own zone. The AE
 * finishes their Outreach sequence (keeping the history), reads the new title and the zone in Sales Navigator and
 * saves the new company to a new account list, books them into their own Discovery Call at the earliest slot of
 * that afternoon window (13:00–17:00 the champion's time, the meeting ending by 17:00) on the coming Tuesday or
 * Wednesday, and fixes the stale HubSpot contact (title, company association moved, owner, lifecycle SQL).
 *
 * Bindings: a planted job changer whose HubSpot contact still sits at the old company, whose new company has an
 * AE owner in HubSpot and an Outreach account, whose contact is owned by someone else and is not yet an SQL, who
 * works in a zone the booking page offers with another UTC offset than the AE's schedule, and for whom the AE's
 * Discovery Call has a slot in that window. The expected slot comes from the Calendly replica's own slot solver
 * (gyms/calendly/slots.ts) over the projected seed tables, so it is the slot the booking page offers.
 * Decoys: the old company (its association, and an account list holding it), the slot the same window gives in
 * the AE's own zone, and the next offered slot.
 *
 * Not pinned: seed 9 (its oracle's "Save ▾" on the Sales Navigator lead page is not found for that binding, in two
 * tries); seeds 4, 5, 7, 8, 10 and 12–20 repeat earlier bindings.
 */
import { project as calendlyProject } from '../../gyms/calendly/seed';
import { solverInputOf } from '../../gyms/calendly/api/availability';
import type { CalendlyState } from '../../gyms/calendly/schema';
import { availableSlots, type SolveInput } from '../../gyms/calendly/slots';
import { localTime, zonedToUtc } from '../../gyms/calendly/tz';
import { projectHubSpot } from '../../gyms/hubspot/seed';
import { project as outreachProject } from '../../gyms/outreach/seed';
import { leadIdFor } from '../../gyms/salesnav/seed';
import type { World } from '../../seeds/world';
import { BOOKING_PAGE_ZONES } from '../../gyms/calendly/contract';
import { TemplateError, type InstanceContext, type Template } from './kit';
import { bookingDay as dayLabel, calendlyMicros as micros, calendlySizeChoice as sizeChoice, calendlyTimeLabel as timeLabel } from './_gym-rows';

/** AEs who own accounts (the team's account owners). */
const AES = ['1003', '1004', '1008', '1009', '1010', '1011'];
/** Lifecycle stages before SQL (the task moves them forward; R2 never backward). */
const BEFORE_SQL = ['subscriber', 'lead', 'marketingqualifiedlead'];
/** Mondays of the scenario calendar whose Tuesday and Wednesday fall in the same month (pre-DST and US-DST-only weeks). */
const MONDAYS = ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23'];
/** The Outreach sequence the champion replied to (shared, enabled, owned by Sofia Rossi). */
const SEQUENCE_ID = '403006';
const SEQUENCE_NAME = 'Job changer';
const LIST_NAME = 'Champion accounts';
const DAY_MS = 86_400_000;

/** The AE's Discovery Call and its solver input, built by the replica's own `solverInputOf` over the projected state. */
function discoveryOf(cal: CalendlyState, email: string, nowMs: number): { uri: string; zone: string; input: Omit<SolveInput, 'range'> } {
	const user = cal.users.find((u) => u.email === email);
	const type = user && cal.event_types.find((t) => t.profile?.owner === user.uri && t.name === 'Discovery Call (30 min)');
	const solver = type && solverInputOf(cal, type, nowMs);
	if (!user || !type || !solver) throw new TemplateError(`champion-moved-replied-book: no Discovery Call for ${email}`);
	return { uri: type.uri, zone: solver.input.hosts[0]!.timezone, input: solver.input };
}

/** Offered starts (epoch ms) on the coming Tuesday/Wednesday after `monday` whose 30 min fit 13:00–17:00 in `zone`. */
function windowSlots(input: Omit<SolveInput, 'range'>, zone: string, monday: string): number[] {
	const days = [1, 2].map((d) => new Date(Date.parse(`${monday}T00:00:00Z`) + d * DAY_MS).toISOString().slice(0, 10));
	const range = { start: zonedToUtc(zone, days[0]!, 0), end: zonedToUtc(zone, days[1]!, 24 * 60) };
	return availableSlots({ ...input, range })
		.map((s) => s.start)
		.filter((t) => {
			const l = localTime(zone, t);
			return days.includes(l.date) && l.minutes >= 13 * 60 && l.minutes + 30 <= 17 * 60;
		})
		.sort((a, b) => a - b);
}

/** Memoized projections of the world (pure; the same world object every call). */
const projections = new WeakMap<World, { hs: ReturnType<typeof projectHubSpot>['state']; cal: CalendlyState; or: ReturnType<typeof outreachProject> }>();
function projected(world: World) {
	let p = projections.get(world);
	if (!p) {
		p = { hs: projectHubSpot(world).state, cal: calendlyProject(world), or: outreachProject(world) };
		projections.set(world, p);
	}
	return p;
}

function build(ctx: InstanceContext) {
	const { hs, cal, or } = projected(ctx.world);
	const monday = MONDAYS[ctx.rng('clock').int(0, MONDAYS.length - 1)]!;
	const contactOf = (id: string) => hs.contacts.find((c) => c.id === id);
	const companyOwner = (id: string) => hs.companies.find((c) => c.id === id)?.properties.hubspot_owner_id ?? null;
	const clockFor = (ae: string) => zonedToUtc(ctx.user(ae).timeZone, monday, 9 * 60 + 30);
	const champion = ctx.pick('champion', ctx.anomalyPeople('job_changer'), (p) => {
		const c = contactOf(p.id);
		const ae = companyOwner(p.companyId);
		if (!c || !ae || !AES.includes(ae) || !p.previous || c.properties.hubspot_owner_id === ae || c.properties.jobtitle === p.title) return false;
		if (!BEFORE_SQL.includes(String(c.properties.lifecyclestage))) return false;
		if (!or.accounts.some((a) => a.id === p.companyId)) return false;
		const zone = p.geo.timeZone;
		if (!BOOKING_PAGE_ZONES.includes(zone)) return false;
		const d = discoveryOf(cal, ctx.user(ae).email, clockFor(ae));
		const right = windowSlots(d.input, zone, monday);
		const hostZone = windowSlots(d.input, d.zone, monday);
		return right.length >= 2 && hostZone.length >= 1 && hostZone[0] !== right[0];
	});
	const aeId = companyOwner(champion.companyId)!;
	const ae = ctx.user(aeId);
	const aeName = `${ae.firstName} ${ae.lastName}`;
	const nowMs = clockFor(aeId);
	const zone = champion.geo.timeZone;
	const d = discoveryOf(cal, ae.email, nowMs);
	const [slot, nextSlot] = windowSlots(d.input, zone, monday) as [number, number];
	const hostZoneSlot = windowSlots(d.input, d.zone, monday)[0]!;
	const newCo = ctx.company(champion.companyId);
	const oldCo = ctx.company(champion.previous!.companyId);
	const contact = contactOf(champion.id)!;
	const name = `${champion.firstName} ${champion.lastName}`;
	const email = champion.workEmail;
	const oldTitle = String(contact.properties.jobtitle);
	const oldOwner = contact.properties.hubspot_owner_id ?? null;
	const oldStage = String(contact.properties.lifecyclestage);
	const maya = cal.event_types.find(
		(t) => t.name === 'Discovery Call (30 min)' && t.profile?.owner === cal.users.find((u) => u.email === ctx.user('1001').email)?.uri
	)!;

	// Outreach fixture: the champion as a prospect at the new company (new email), active in "Job changer" at step 2.
	const pid = ctx.fixtureId('prospect');
	const sid = ctx.fixtureId('sequence-state');
	const eid = ctx.fixtureId('email-address');
	const mailbox = or.mailboxes.find((m) => m.attributes.email === ae.email)!;
	const step2 = or.sequenceSteps.find((s) => s.relationships.sequence.data.id === SEQUENCE_ID && s.attributes.order === 2)!;
	const at = (days: number) => new Date(nowMs - days * DAY_MS).toISOString().replace(/T.*/, 'T09:00:00.000Z');
	const prospect = {
		type: 'prospect',
		id: pid,
		attributes: {
			firstName: champion.firstName,
			lastName: champion.lastName,
			emails: [email],
			title: champion.title,
			company: newCo.name,
			linkedInUrl: champion.linkedinUrl,
			workPhones: [champion.phone],
			mobilePhones: [],
			timeZoneIana: zone,
			tags: ['job-changer'],
			optedOut: false,
			optedOutAt: null,
			emailOptedOut: false,
			emailsOptStatus: null,
			callOptedOut: false,
			engagedScore: 2,
			touchedAt: at(1),
			externalId: null,
			createdAt: at(9),
			updatedAt: at(1)
		},
		relationships: {
			account: { data: { type: 'account', id: newCo.id } },
			owner: { data: { type: 'user', id: aeId } },
			stage: { data: { type: 'stage', id: '402002' } }
		}
	};
	const state = {
		type: 'sequenceState',
		id: sid,
		attributes: {
			state: 'active',
			stateChangedAt: at(6),
			activeAt: at(9),
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
			createdAt: at(9),
			updatedAt: at(6)
		},
		relationships: {
			prospect: { data: { type: 'prospect', id: pid } },
			sequence: { data: { type: 'sequence', id: SEQUENCE_ID } },
			sequenceStep: { data: { type: 'sequenceStep', id: step2.id } },
			mailbox: { data: { type: 'mailbox', id: mailbox.id } },
			account: { data: { type: 'account', id: newCo.id } },
			creator: { data: { type: 'user', id: aeId } }
		}
	};
	const emailAddress = {
		type: 'emailAddress',
		id: eid,
		attributes: { email, emailType: 'work', order: 0, status: null, statusChangedAt: null, unsubscribedAt: null, createdAt: at(9), updatedAt: at(9) },
		relationships: { prospect: { data: { type: 'prospect', id: pid } } }
	};

	const localSlot = localTime(zone, slot);
	const hh = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
	const slotLocal = `${localSlot.date} ${hh(localSlot.minutes)}`;
	const inviteeEvents = `[.calendly.invitees[] | select(.email == "${email}" and .status == "active") | .event] as $evs`;
	const contactQ = `.hubspot.contacts[] | select(.id == "${champion.id}")`;
	const assocTo = (co: string) =>
		`[.hubspot.associations[] | select(.fromObjectType == "contacts" and .fromObjectId == "${champion.id}" and .toObjectType == "companies" and .toObjectId == "${co}")] | length`;
	const shiftEvent = (ms: number) =>
		`${inviteeEvents} | .calendly.scheduled_events |= map(if (.uri | IN($evs[])) then .start_time = "${micros(ms)}" | .end_time = "${micros(ms + 30 * 60_000)}" else . end)`;

	return {
		title: `Book ${name}, our former champion now at ${newCo.name}, and set the records straight`,
		goal: `${name} (now at ${newCo.name}) is booked into ${aeName}'s Discovery Call at ${slotLocal} ${zone} (the earliest Tuesday/Wednesday 13:00–17:00 slot in their zone); their "${SEQUENCE_NAME}" sequence state is finished; ${newCo.name} is on ${aeName}'s new Sales Navigator account list "${LIST_NAME}"; the HubSpot contact sits at ${newCo.name} (not ${oldCo.name}) with the Sales Navigator title "${champion.title}", owner ${aeName}, lifecycle stage SQL.`,
		prompt:
			`${name}, our champion at ${oldCo.name}, has moved to ${newCo.name}, one of my accounts, and answered our "${SEQUENCE_NAME}" email from the new address ${email}: ` +
			`"Happy to chat — Tuesday or Wednesday afternoon my time works." ` +
			`Book them into my Discovery Call at the earliest slot I offer this coming Tuesday or Wednesday between 13:00 and 17:00 their local time (the call must end by 17:00), ` +
			`and take them out of the sequence so nothing automated goes out, keeping their sequence history. ` +
			`Then set their HubSpot contact straight: they now sit at ${newCo.name} only (no longer ${oldCo.name}), with the job title Sales Navigator shows, owned by me, and as a sales qualified lead. ` +
			`Finally, save ${newCo.name} to a new Sales Navigator account list of mine called "${LIST_NAME}".`,
		start_path: '/outreach/prospects',
		clock: new Date(nowMs).toISOString(),
		actors: { hubspot: aeId, outreach: aeId, calendly: aeId, salesnav: aeId },
		fixtures: { outreach: { prospects: [prospect], sequenceStates: [state], emailAddresses: [emailAddress] } },
		steps: [
			{
				platform: 'outreach' as const,
				objective: `Finish (not remove) ${name}'s "${SEQUENCE_NAME}" sequence state; note their zone (${zone}).`,
				actions: [
					{ goto: `/outreach/prospects/${pid}` },
					{ wait_for: { role: 'heading', name } },
					{ click: { role: 'tab', name: 'Sequences' } },
					{ click: { role: 'button', name: `Finish ${SEQUENCE_NAME}` } },
					{ wait_for: { text: `${SEQUENCE_NAME}: finished` } }
				],
				verifiers: [
					{
						id: 'sequence-finished',
						description: `The "${SEQUENCE_NAME}" state of ${name} still exists and is finished`,
						query: `[.outreach.sequenceStates[] | select(.id == "${sid}") | .attributes.state]`,
						op: 'eq' as const,
						expected: ['finished']
					}
				]
			},
			{
				platform: 'salesnav' as const,
				objective: `Read ${name}'s current title at ${newCo.name} and save ${newCo.name} to a new account list "${LIST_NAME}".`,
				actions: [
					{ goto: `/salesnav/lead/${leadIdFor(champion.id)}` },
					{ wait_for: { role: 'heading', name } },
					{ goto: `/salesnav/company/${newCo.id}` },
					{ wait_for: { role: 'heading', name: newCo.name } },
					{ click: { role: 'button', name: 'Save ▾' } },
					{ check: { label: 'Create new list' } },
					{ fill: { label: 'List name', value: LIST_NAME } },
					{ click: { role: 'button', name: 'Save' } },
					{ wait_for: { text: `saved to ${LIST_NAME}` } }
				],
				verifiers: [
					{
						id: 'account-list',
						description: `${aeName}'s account list "${LIST_NAME}" exists once and holds exactly ${newCo.name}`,
						query: `[.salesnav.accountLists[] | select(.name == "${LIST_NAME}" and .ownerSeatId == "${aeId}") | .memberIds]`,
						op: 'eq' as const,
						expected: [[newCo.id]]
					}
				]
			},
			{
				platform: 'calendly' as const,
				objective: `Book ${name} into ${aeName}'s Discovery Call on ${dayLabel(localSlot.date)} at ${timeLabel(zone, slot)} ${zone}.`,
				actions: [
					{ goto: '/calendly/scheduling' },
					{ click: { role: 'link', name: 'View booking page: Discovery Call (30 min)' } },
					{ wait_for: { role: 'heading', name: 'Discovery Call (30 min)' } },
					{ select: { role: 'combobox', name: 'Time zone', option: zone } },
					{ click: { role: 'button', name: `${dayLabel(localSlot.date)} - Times available` } },
					{ click: { role: 'button', name: timeLabel(zone, slot) } },
					{ fill: { label: 'Name', value: name } },
					{ fill: { label: 'Email', value: email } },
					{ select: { role: 'combobox', name: 'Company size *', option: sizeChoice(newCo.employees) } },
					{ click: { role: 'button', name: 'Schedule Event' } },
					{ wait_for: { role: 'heading', name: 'You are scheduled' } }
				],
				verifiers: [
					{
						id: 'booked-on-my-discovery',
						description: `${email} has one active booking, on ${aeName}'s Discovery Call`,
						query: `${inviteeEvents} | [.calendly.scheduled_events[] | select((.uri | IN($evs[])) and .status == "active") | .event_type]`,
						op: 'eq' as const,
						expected: [d.uri]
					},
					{
						id: 'earliest-afternoon-slot',
						description: `It starts at the earliest offered Tuesday/Wednesday slot of 13:00–17:00 in ${zone}: ${slotLocal}`,
						query: `${inviteeEvents} | [.calendly.scheduled_events[] | select((.uri | IN($evs[])) and .status == "active") | .start_time | [local_date("${zone}"), local_time("${zone}")]]`,
						op: 'eq' as const,
						expected: [[localSlot.date, hh(localSlot.minutes)]]
					}
				]
			},
			{
				platform: 'hubspot' as const,
				objective: `Update ${name}'s contact in place: title, owner, lifecycle stage; move the company association from ${oldCo.name} to ${newCo.name}.`,
				actions: [
					{ goto: `/hubspot/contacts/${champion.id}` },
					{ wait_for: { role: 'heading', name } },
					{ click: { role: 'button', name: 'Edit Job title' } },
					{ fill: { label: 'Job title', value: champion.title } },
					{ click: { role: 'button', name: 'Edit Contact owner' } },
					{ click: { role: 'combobox', name: 'Contact owner' } },
					{ click: { role: 'option', name: aeName } },
					{ click: { role: 'button', name: 'Edit Lifecycle stage' } },
					{ click: { role: 'combobox', name: 'Lifecycle stage' } },
					{ click: { role: 'option', name: 'Sales Qualified Lead' } },
					{ click: { role: 'button', name: 'Save' } },
					{ wait_for: { text: 'Contact saved' } },
					{ click: { role: 'button', name: `Remove association with ${oldCo.name}` } },
					{ wait_for: { role: 'heading', name: 'Companies (0)' } },
					{ click: { role: 'button', name: 'Add companies' } },
					{ fill: { label: 'Search companies', value: newCo.name } },
					{ check: { label: newCo.name } },
					{ click: { role: 'button', name: 'Save' } },
					{ wait_for: { role: 'link', name: newCo.name } }
				],
				verifiers: [
					{
						id: 'title-from-salesnav',
						description: `Job title is the one Sales Navigator shows: ${champion.title}`,
						query: `[${contactQ} | .properties.jobtitle]`,
						op: 'eq' as const,
						expected: [champion.title]
					},
					{
						id: 'owner-is-me',
						description: `Contact owner is ${aeName} (the meeting host), not the previous owner`,
						query: `[${contactQ} | .properties.hubspot_owner_id]`,
						op: 'eq' as const,
						expected: [aeId]
					},
					{
						id: 'lifecycle-sql',
						description: 'Lifecycle stage is salesqualifiedlead',
						query: `[${contactQ} | .properties.lifecyclestage]`,
						op: 'eq' as const,
						expected: ['salesqualifiedlead']
					},
					{
						id: 'new-company',
						description: `Associated with ${newCo.name}`,
						query: assocTo(newCo.id),
						op: 'gte' as const,
						expected: 1
					},
					{
						id: 'old-company-removed',
						description: `No longer associated with ${oldCo.name}`,
						query: assocTo(oldCo.id),
						op: 'eq' as const,
						expected: 0
					},
					{
						id: 'no-duplicate-contact',
						description: `No second contact was created for ${name}`,
						query: `[.hubspot.contacts[] | select(.properties.firstname == "${champion.firstName}" and .properties.lastname == "${champion.lastName}")] | length`,
						op: 'eq' as const,
						expected: 1,
						weight: 0,
						holds_at_reset: true
					}
				]
			}
		],
		mutants: [
			{
				id: 'sequence-left-active',
				description: 'books and updates everything but leaves the sequence running',
				kind: 'step_skipped' as const,
				patch: `.outreach.sequenceStates |= map(if .id == "${sid}" then .attributes.state = "active" else . end)`
			},
			{
				id: 'no-account-list',
				description: 'never saves the new company to the account list',
				kind: 'step_skipped' as const,
				patch: `.salesnav.accountLists |= map(select(.name != "${LIST_NAME}"))`
			},
			{
				id: 'old-company-saved',
				description: `saves the old company ${oldCo.name} to the list instead of ${newCo.name}`,
				kind: 'stale_data' as const,
				patch: `.salesnav.accountLists |= map(if .name == "${LIST_NAME}" then .memberIds = ["${oldCo.id}"] else . end)`
			},
			{
				id: 'slot-in-host-zone',
				description: `reads "13:00–17:00" in ${aeName}'s zone (${d.zone}) instead of the champion's (${zone})`,
				kind: 'wrong_zone' as const,
				patch: shiftEvent(hostZoneSlot)
			},
			{
				id: 'not-the-earliest',
				description: 'books a later slot of the window, not the earliest',
				kind: 'wrong_time' as const,
				patch: shiftEvent(nextSlot)
			},
			{
				id: 'booked-with-sdr',
				description: "books the champion on the SDR's Discovery Call instead of the account owner's",
				kind: 'wrong_owner' as const,
				patch: `${inviteeEvents} | .calendly.scheduled_events |= map(if (.uri | IN($evs[])) then .event_type = "${maya.uri}" else . end)`
			},
			{
				id: 'stale-title',
				description: `keeps the stale HubSpot title "${oldTitle}"`,
				kind: 'stale_data' as const,
				patch: `.hubspot.contacts |= map(if .id == "${champion.id}" then .properties.jobtitle = ${JSON.stringify(oldTitle)} else . end)`
			},
			{
				id: 'owner-kept',
				description: 'keeps the previous contact owner',
				kind: 'wrong_owner' as const,
				patch: `.hubspot.contacts |= map(if .id == "${champion.id}" then .properties.hubspot_owner_id = ${JSON.stringify(oldOwner)} else . end)`
			},
			{
				id: 'lifecycle-not-moved',
				description: `leaves the lifecycle stage at ${oldStage}`,
				kind: 'wrong_value' as const,
				patch: `.hubspot.contacts |= map(if .id == "${champion.id}" then .properties.lifecyclestage = "${oldStage}" else . end)`
			},
			{
				id: 'old-company-kept',
				description: `adds ${newCo.name} but keeps the association with ${oldCo.name}`,
				kind: 'stale_data' as const,
				patch: `.hubspot.associations += [{id: "279:${champion.id}:${oldCo.id}", fromObjectType: "contacts", fromObjectId: "${champion.id}", toObjectType: "companies", toObjectId: "${oldCo.id}", associationCategory: "HUBSPOT_DEFINED", associationTypeId: 279}]`
			},
			{
				id: 'new-company-missing',
				description: `removes ${oldCo.name} but never associates ${newCo.name}`,
				kind: 'partial' as const,
				patch: `.hubspot.associations |= map(select((.fromObjectType == "contacts" and .fromObjectId == "${champion.id}" and .toObjectType == "companies" and .toObjectId == "${newCo.id}") | not))`
			},
			{
				id: 'duplicate-contact',
				description: `creates a second contact for ${name} at the new address instead of updating the record`,
				kind: 'duplicate_created' as const,
				patch: `.hubspot.contacts += [(.hubspot.contacts[] | select(.id == "${champion.id}") | .id = "990999" | .properties.email = "${email}")]`
			}
		]
	};
}

const template: Template = {
	meta: {
		slug: 'champion-moved-replied-book',
		version: 1,
		title: 'Champion moved and replied: book them, finish the sequence, fix the CRM, save the account',
		platforms: ['outreach', 'salesnav', 'calendly', 'hubspot'],
		category: 'inbound',
		business_function: 'dormant lead re-engagement',
		anomalies: ['job_changer'],
		traps: ['tz_dst', 'lifecycle_forward'],
		pinned: [1, 2, 3, 6, 11]
	},
	build
};

export default template;
