/**
 * T4 · lookalike-inbound-booking: a prospect booked the round-robin "Demo – Mid-market (45 min)" with a Gmail
 * address, and the company has two people of that name. The round robin gave the demo to the acting AE, but the
 * company has an account owner, and account ownership wins (rules of engagement R1): the AE cancels the round-robin
 * meeting with a reason and books the owner's Discovery Call at the same time, saves the right person to a Sales
 * Navigator lead list, makes the owner the HubSpot contact owner, logs the meeting on the right contact, and finishes
 * the person's Outreach sequence. The look-alike (same name, other company, title and city) must not be touched.
 *
 * Bindings: a `lookalike_name` pair whose target is a HubSpot contact and an Outreach prospect with an active
 * sequence state, at a HubSpot company with an account owner in the round-robin pool; the look-alike gets a HubSpot
 * contact fixture (so HubSpot holds two contacts of that name). The time is a slot the owner's Discovery Call offers
 * (the gym's own slot solver over the projected Calendly state), inside the invitee's business hours, and free on
 * the round-robin host's calendar.
 *
 * Narrower than the catalogue entry: the owner-conflict branch is always on (every instance needs a Calendly write),
 * the owner is always free at the booked time (no "nearest free slot that day" branch), and the Gmail address is not
 * added to the contact as a second email (the replica's `hs_additional_emails` is read-only, filled only by merges);
 * the check is instead that no contact was created for it. The world has two bindings (pairs whose target is a
 * HubSpot contact with an active Outreach state at an owned company), so seeds 1 and 2 are different people and
 * seeds from 3 on repeat them with other hosts, clocks and times.
 */
import { project as projectCalendly, uuidFor } from '../../gyms/calendly/seed';
import { CALENDLY_API, type CalendlyState } from '../../gyms/calendly/schema';
import { solverInputOf } from '../../gyms/calendly/api/availability';
import { availableSlots, hostWindows, overlaps, type HostInput } from '../../gyms/calendly/slots';
import { localTime, zonedToUtc, addDays } from '../../gyms/calendly/tz';
import { baseProjection } from '../../gyms/hubspot/seed';
import { project as projectOutreach } from '../../gyms/outreach/seed';
import { leadIdFor } from '../../gyms/salesnav/seed';
import { rng } from '../../seeds/rng';
import type { Person } from '../../seeds/world';
import { BOOKING_PAGE_ZONES } from '../../gyms/calendly/contract';
import { TemplateError, type Template } from './kit';
import {
	calendlyInviteeRow,
	bookingDay as dayLabel,
	calendlyMicros as micros,
	calendlySizeChoice as sizeChoice,
	calendlyTimeLabel as timeLabel
} from './_gym-rows';

const SLUG = 'lookalike-inbound-booking';
/** The round-robin demo the booking came in on. */
const RR_NAME = 'Demo – Mid-market (45 min)';
/** Zones the booking page's time-zone selector lists: an invitee's zone must be one of them. */
const BOOKING_ZONES = new Set(BOOKING_PAGE_ZONES);
const MIN = 60_000;

/** `Mon, Mar 9 1:30pm` as the Calendly screens print an instant in `zone` (en-US, lower-case am/pm). */
function calendlyLabel(zone: string, ms: number): string {
	const d = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric' }).format(new Date(ms));
	return `${d} ${timeLabel(zone, ms)}`;
}

/** The slot solver's host input of `userUri` over the projected Calendly state (its default schedule, active meetings). */
function hostInput(c: CalendlyState, userUri: string): HostInput {
	const schedule = c.availability_schedules.find((s) => s.user === userUri && s.default);
	if (!schedule) throw new TemplateError(`${SLUG}: no default schedule for ${userUri}`);
	const mine = c.scheduled_events.filter((e) => e.status === 'active' && e.event_memberships.some((m) => m.user === userUri));
	return {
		user: userUri,
		timezone: schedule.timezone,
		rules: schedule.rules,
		busy: mine.map((e) => ({ start: Date.parse(e.start_time), end: Date.parse(e.end_time), event: e.uri })),
		priority: 0,
		lastBookedAt: null,
		typeStarts: []
	};
}

/** The starts (epoch ms) the event type `typeUri` offers in `[from, to)` at virtual time `now`, as the booking page does. */
function offeredStarts(c: CalendlyState, typeUri: string, now: number, from: number, to: number): number[] {
	const type = c.event_types.find((t) => t.uri === typeUri)!;
	const ctx = solverInputOf(c, type, now);
	if (!ctx) throw new TemplateError(`${SLUG}: no solver input for ${typeUri}`);
	return availableSlots({ ...ctx.input, range: { start: from, end: to } }).map((s) => s.start);
}

const template: Template = {
	meta: {
		slug: SLUG,
		version: 1,
		title: 'Hand a look-alike inbound demo to the account owner',
		platforms: ['calendly', 'salesnav', 'hubspot', 'outreach'],
		category: 'inbound',
		business_function: 'lead qualification & scheduling',
		anomalies: ['lookalike_name'],
		traps: ['owner_conflict', 'rr_host', 'personal_email_booking', 'tz_dst'],
		pinned: [1, 2]
	},
	build(ctx) {
		const { world } = ctx;
		const cal = projectCalendly(world);
		const hs = baseProjection(world.seed).state;
		const or = projectOutreach(world);
		const rrType = cal.event_types.find((t) => t.name === RR_NAME && t.active && !t.deleted_at);
		if (!rrType) throw new TemplateError(`${SLUG}: no active "${RR_NAME}"`);
		const pool = cal.event_type_memberships.filter((m) => m.event_type === rrType.uri).map((m) => m.member);
		const calUser = (userId: string) => {
			const u = ctx.user(userId);
			const cu = cal.users.find((x) => x.email === u.email);
			if (!cu) throw new TemplateError(`${SLUG}: no Calendly user for ${u.email}`);
			return cu;
		};
		const activeState = (p: Person) => or.sequenceStates.find((s) => s.relationships.prospect.data?.id === p.id && s.attributes.state === 'active');

		// Bindings: the target of a look-alike pair (HubSpot contact, active Outreach state, owned company whose owner is
		// in the RR pool, a zone the booking page offers) and its twin, who is in none of the tools but Sales Navigator.
		const pairs = world.anomalies
			.filter((a) => a.kind === 'lookalike_name' && a.personIds.length === 2)
			.flatMap((a) => {
				const [x, y] = a.personIds.map((id) => ctx.person(id)) as [Person, Person];
				return [
					[x, y],
					[y, x]
				] as [Person, Person][];
			})
			.filter(([t, twin]) => {
				const co = ctx.company(t.companyId);
				return (
					t.inHubspot &&
					!twin.inHubspot &&
					!twin.inOutreach &&
					co.inHubspot &&
					co.ownerId !== null &&
					pool.includes(calUser(co.ownerId).uri) &&
					t.emailStatus === 'ok' &&
					activeState(t) !== undefined &&
					BOOKING_ZONES.has(t.geo.timeZone)
				);
			})
			.sort(([a], [b]) => Number(a.id) - Number(b.id));
		if (pairs.length === 0) throw new TemplateError(`${SLUG}@${ctx.seed}: selector "target" matched 0 of the 1 needed`);
		// Seeds 1…n walk a fixed shuffle of the bindings, so consecutive seeds are different people.
		const order = rng(`template:${SLUG}:bindings`, 1).shuffle(pairs);
		const [target, twin] = order[(ctx.seed - 1) % order.length]!;
		const company = ctx.company(target.companyId);
		const owner = ctx.user(company.ownerId!);
		const ownerCal = calUser(owner.id);
		const ownerDiscovery = cal.event_types.find((t) => t.name === 'Discovery Call (30 min)' && t.active && !t.deleted_at && t.profile?.owner === ownerCal.uri);
		if (!ownerDiscovery) throw new TemplateError(`${SLUG}: ${owner.firstName} has no Discovery Call`);
		const state = activeState(target)!;
		const sequence = or.sequences.find((s) => s.id === state.relationships.sequence.data?.id);
		if (!sequence) throw new TemplateError(`${SLUG}: no sequence for state ${state.id}`);

		// The acting AE: the round-robin host, someone else in the pool, free at the time.
		const r = ctx.rng('time');
		const hostChoices = pool.filter((u) => u !== ownerCal.uri);
		// The first host of a seeded order whose hours meet the owner's and the invitee's 09:00–17:00 on some day.
		const zone = target.geo.timeZone;
		const days = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-09', '2026-03-10', '2026-03-11'];
		const clockDay = r.pick(days);
		const clockSlot = r.int(0, 4);
		let found: { host: string; clockMs: number; candidates: number[] } | null = null;
		for (const host of ctx.rng('rr-host').shuffle(hostChoices)) {
			const hostUser = cal.users.find((u) => u.uri === host)!;
			const actor = world.users.find((u) => u.email === hostUser.email)!;
			const hostIn = hostInput(cal, host);
			// Clock: 08:30–10:30 in the acting AE's zone on a pre-DST or US-DST-only weekday.
			const clockMs = zonedToUtc(actor.timeZone, clockDay, 8 * 60 + 30 + 30 * clockSlot);
			// The time: a start the owner's Discovery Call offers in the next 7 days, 09:00–16:15 in the invitee's zone,
			// in the same month, inside the RR host's hours and free on their calendar (45 min + 15 min buffer).
			const today = localTime(zone, clockMs).date;
			const from = zonedToUtc(zone, addDays(today, 1), 0);
			const to = zonedToUtc(zone, addDays(today, 8), 0);
			const rrWindows = hostWindows(hostIn, { start: from, end: to });
			const candidates = offeredStarts(cal, ownerDiscovery.uri, clockMs, from, to).filter((s) => {
				const lt = localTime(zone, s);
				const rrSpan = { start: s, end: s + 60 * MIN };
				return (
					lt.weekday >= 1 &&
					lt.weekday <= 5 &&
					lt.minutes >= 9 * 60 &&
					lt.minutes + 45 <= 17 * 60 &&
					lt.date.slice(0, 7) === today.slice(0, 7) &&
					rrWindows.some((w) => w.start <= s && s + 45 * MIN <= w.end) &&
					!hostIn.busy.some((x) => overlaps(x, rrSpan))
				);
			});
			if (candidates.length > 0) {
				found = { host, clockMs, candidates };
				break;
			}
		}
		if (!found) throw new TemplateError(`${SLUG}@${ctx.seed}: selector "slot" matched 0 of the 1 needed`);
		const { host, clockMs, candidates } = found;
		const hostUser = cal.users.find((u) => u.uri === host)!;
		const actor = world.users.find((u) => u.email === hostUser.email)!;
		const clock = new Date(clockMs).toISOString();
		const start = r.pick(candidates);
		const localDay = localTime(zone, start).date;

		// Fixtures: the RR booking (host = the acting AE, invitee = the Gmail address) and the twin's HubSpot contact.
		const gmail = `${target.firstName}.${target.lastName}${10 + r.int(0, 89)}@gmail.com`.toLowerCase().replace(/[^a-z0-9.@]/g, '');
		const eventUuid = uuidFor(`template:${SLUG}:${ctx.seed}:event`);
		const eventUri = `${CALENDLY_API}/scheduled_events/${eventUuid}`;
		const inviteeUuid = uuidFor(`template:${SLUG}:${ctx.seed}:invitee`);
		const booked = micros(clockMs - 50 * MIN);
		const hint = `${target.title}, based in ${target.geo.city}`;
		const twinId = ctx.fixtureId('twin-contact');
		const twinCo = ctx.company(twin.companyId);
		const created = '2025-11-18T10:00:00.000Z';
		const twinContact = {
			id: twinId,
			properties: {
				email: twin.workEmail,
				firstname: twin.firstName,
				lastname: twin.lastName,
				jobtitle: twin.title,
				company: twinCo.name,
				city: twin.geo.city,
				country: twin.geo.country,
				lifecyclestage: 'lead',
				hs_analytics_source: 'ORGANIC_SEARCH',
				createdate: created,
				lastmodifieddate: created,
				hs_object_id: twinId
			},
			createdAt: created,
			updatedAt: created,
			archived: false
		};
		const twinAssoc = twinCo.inHubspot
			? [
					{
						id: `279:${twinId}:${twinCo.id}`,
						fromObjectType: 'contacts',
						fromObjectId: twinId,
						toObjectType: 'companies',
						toObjectId: twinCo.id,
						associationCategory: 'HUBSPOT_DEFINED' as const,
						associationTypeId: 279
					}
				]
			: [];
		const hsOwnerOld = hs.contacts.find((c) => c.id === target.id)?.properties.hubspot_owner_id ?? null;
		const hsUser = (id: string) => hs.owners.find((o) => o.id === id)!;
		const ownerName = `${owner.firstName} ${owner.lastName}`;
		const name = `${target.firstName} ${target.lastName}`;
		const listName = `Inbound demos – ${company.name}`.slice(0, 60);
		const leadId = leadIdFor(target.id);
		const twinLead = leadIdFor(twin.id);
		const reason = `${company.name} is owned by ${ownerName}; moving the demo to the account owner`;
		const endUtc = (ms: number) => new Date(ms).toISOString().slice(0, 16);
		const rrLabel = calendlyLabel(actor.timeZone, start);
		/** Seconds between the start and the same wall time read in the AE's zone (the wrong-zone booking). */
		const zoneShift = (zonedToUtc(actor.timeZone, localDay, localTime(zone, start).minutes) - start) / 1000;

		const q = (s: string) => JSON.stringify(s);
		const email = q(gmail);
		const work = q(target.workEmail);
		// The owner's new Discovery Call for this person: active, start = the booked time (epoch compare).
		const newEvent = `([.calendly.invitees[] | select(.status == "active" and (.email == ${email} or .email == ${work})) | .event] | unique) as $ev | [.calendly.scheduled_events[] | select(.status == "active" and .event_type == ${q(ownerDiscovery.uri)} and (.uri as $u | $ev | index($u)))]`;
		const meetingsOf = (cid: string) =>
			`([.hubspot.associations[] | select((.fromObjectType == "meetings" and .toObjectType == "contacts" and .toObjectId == ${q(cid)}) or (.fromObjectType == "contacts" and .fromObjectId == ${q(cid)} and .toObjectType == "meetings")) | if .fromObjectType == "meetings" then .fromObjectId else .toObjectId end]) as $m | ([$initial.hubspot.meetings[].id]) as $old | [.hubspot.meetings[] | select((.id as $i | $m | index($i)) and ((.id as $i | $old | index($i)) | not))]`;

		return {
			title: `Hand ${name}'s round-robin demo to ${ownerName}, the account owner`,
			goal: `${name} (${company.name}) is on ${ownerName}'s Discovery Call at the booked time, saved in Sales Navigator, owned by ${ownerName} in HubSpot with the meeting logged on the right contact, and out of Outreach sequences; the other ${name} untouched.`,
			prompt:
				`${name} booked our round-robin "${RR_NAME}" and it landed on you, for ${calendlyLabel(zone, start)} their time (${zone}). ` +
				`They booked with a Gmail address and wrote "${hint}" in the booking form. We know two people called ${name}; work out which one this is in Sales Navigator.\n\n` +
				`Per our rules of engagement, account ownership wins: if their company has an account owner in HubSpot, the meeting is the owner's, not yours. In that case cancel your round-robin meeting with a reason and book the owner's Discovery Call for them at the same time (the owner has it open), with their booking email.\n\n` +
				`Then:\n- Sales Navigator: save the right ${name} to a new lead list called "${listName}".\n` +
				`- HubSpot: on the right existing contact (don't create a new one), make whoever now hosts the meeting the contact owner and log the meeting at its time.\n` +
				`- Outreach: finish them in any sequence they're active in.\n\nThe other ${name} must not be touched anywhere.`,
			start_path: '/calendly/meetings',
			clock,
			actors: { calendly: actor.id, salesnav: actor.id, hubspot: actor.id, outreach: actor.id },
			fixtures: {
				calendly: {
					scheduled_events: [
						{
							uri: eventUri,
							name: RR_NAME,
							status: 'active',
							start_time: micros(start),
							end_time: micros(start + 45 * MIN),
							event_type: rrType.uri,
							location: {
								type: 'google_conference',
								location: null,
								status: 'pushed',
								join_url: `https://meet.google.com/${eventUuid.slice(0, 3)}-${eventUuid.slice(9, 13)}-${eventUuid.slice(14, 17)}`
							},
							invitees_counter: { total: 1, active: 1, limit: 1 },
							event_memberships: [{ user: host, user_email: hostUser.email, user_name: hostUser.name }],
							event_guests: [],
							cancellation: null,
							calendar_event: { kind: 'google', external_id: eventUuid.replace(/-/g, '').slice(0, 16) },
							meeting_notes_plain: null,
							created_at: booked,
							updated_at: booked
						}
					],
					invitees: [
						calendlyInviteeRow({
							uri: `${eventUri}/invitees/${inviteeUuid}`,
							event: eventUri,
							email: gmail,
							firstName: target.firstName,
							lastName: target.lastName,
							name,
							timezone: zone,
							createdAt: booked,
							questions: [
								{ question: 'Phone number', answer: target.phone, position: 0 },
								{ question: 'Which tools do you use today?', answer: 'Spreadsheets', position: 1 },
								{ question: 'Anything we should know?', answer: hint, position: 2 }
							]
						})
					]
				},
				hubspot: { contacts: [twinContact], associations: twinAssoc }
			},
			steps: [
				{
					platform: 'calendly',
					objective: `Cancel the round-robin demo with a reason and book ${ownerName}'s Discovery Call at the same time.`,
					actions: [
						{ wait_for: { role: 'button', name: `Details: ${RR_NAME} ${rrLabel}` } },
						{ click: { role: 'button', name: `Details: ${RR_NAME} ${rrLabel}` } },
						{ click: { role: 'button', name: `Cancel: ${RR_NAME}` } },
						{ fill: { label: 'Reason for canceling', value: reason } },
						{ click: { role: 'button', name: 'Cancel event' } },
						{ wait_for: { text: 'Event canceled' } },
						{ goto: `/calendly/book/${ownerDiscovery.uri.split('/').pop()}` },
						{ select: { role: 'combobox', name: 'Time zone', option: zone } },
						{ click: { role: 'button', name: `${dayLabel(localDay)} - Times available` } },
						{ click: { role: 'button', name: timeLabel(zone, start) } },
						{ fill: { label: 'Name', value: name } },
						{ fill: { label: 'Email', value: gmail } },
						{ select: { role: 'combobox', name: 'Company size *', option: sizeChoice(company.employees) } },
						{ click: { role: 'button', name: 'Schedule Event' } },
						{ wait_for: { role: 'heading', name: 'You are scheduled' } }
					],
					verifiers: [
						{
							id: 'rr-canceled-by-host',
							description: 'the round-robin meeting is canceled by the host, with a reason',
							query: `[.calendly.scheduled_events[] | select(.uri == ${q(eventUri)}) | (.status == "canceled" and .cancellation.canceler_type == "host" and ((.cancellation.reason // "") | length > 0))]`,
							op: 'eq',
							expected: [true],
							weight: 1,
							gating: true
						},
						{
							id: 'owner-discovery-at-time',
							description: `one active Discovery Call of ${ownerName} with this person, at the booked time`,
							query: `${newEvent} | map(.start_time | iso_to_epoch) == [${start / 1000}]`,
							op: 'eq',
							expected: true,
							weight: 1,
							gating: true
						}
					]
				},
				{
					platform: 'salesnav',
					objective: `Save the right ${name} (not the look-alike) to "${listName}".`,
					actions: [
						{ goto: `/salesnav/lead/${leadId}` },
						{ wait_for: { role: 'heading', name } },
						{ click: { role: 'button', name: 'Save ▾' } },
						{ check: { label: 'Create new list' } },
						{ fill: { label: 'List name', value: listName } },
						{ click: { role: 'button', name: 'Save' } },
						{ wait_for: { text: `saved to ${listName}` } }
					],
					verifiers: [
						{
							id: 'sn-list-right-lead',
							description: `"${listName}" holds exactly the right ${name}`,
							query: `[.salesnav.leadLists[] | select(.name == ${q(listName)} and .ownerSeatId == ${q(actor.id)}) | .memberIds]`,
							op: 'eq',
							expected: [[leadId]],
							weight: 1,
							gating: true
						}
					]
				},
				{
					platform: 'hubspot',
					objective: `Make ${ownerName} the owner of the right contact and log the meeting on it.`,
					actions: [
						{ goto: `/hubspot/contacts/${target.id}` },
						{ wait_for: { role: 'heading', name } },
						// The contact owner changes unless the account owner already owns the contact.
						...(hsOwnerOld === owner.id
							? []
							: [
									{ click: { role: 'button', name: 'Edit Contact owner' } },
									{ click: { role: 'combobox', name: 'Contact owner' } },
									{ click: { role: 'option', name: ownerName } },
									{ click: { role: 'button', name: 'Save' } },
									{ wait_for: { text: 'Contact saved' } }
								]),
						{ click: { role: 'button', name: 'Meeting' } },
						{ fill: { label: 'Meeting title', value: 'Discovery Call (30 min)' } },
						{ click: { role: 'combobox', name: 'Outcome' } },
						{ click: { role: 'option', name: 'Scheduled' } },
						{ fill: { label: 'Start time', value: endUtc(start) } },
						{ fill: { label: 'End time', value: endUtc(start + 30 * MIN) } },
						{ click: { role: 'button', name: 'Log activity' } },
						{ wait_for: { role: 'heading', name: 'Meeting: Discovery Call (30 min)' } }
					],
					verifiers: [
						{
							id: 'hs-owner-is-host',
							description: `the right contact is owned by ${ownerName}, who hosts the new meeting`,
							query: `(${newEvent} | map(.event_memberships[0].user_email)) as $h | ([.hubspot.owners[] | select(.email as $e | $h | index($e)) | .id]) as $o | [.hubspot.contacts[] | select(.id == ${q(target.id)}) | .properties.hubspot_owner_id | select(. as $x | $o | index($x))]`,
							op: 'eq',
							expected: [owner.id],
							weight: 1,
							gating: true
						},
						{
							id: 'hs-meeting-at-calendly-time',
							description: 'a new meeting on the right contact starts when the Calendly meeting does',
							query: `(${newEvent} | map(.start_time | iso_to_epoch)) as $cal | ${meetingsOf(target.id)} | map(.properties.hs_meeting_start_time | iso_to_epoch | select(. as $t | $cal | index($t))) | length > 0`,
							op: 'eq',
							expected: true,
							weight: 1,
							gating: true
						},
						{
							id: 'hs-no-new-contact',
							description: `no contact was created for the Gmail address or the name (still the two ${name}s)`,
							query: `[.hubspot.contacts[] | select(.properties.email == ${email} or (.properties.firstname == ${q(target.firstName)} and .properties.lastname == ${q(target.lastName)}))] | length`,
							op: 'eq',
							expected: 2,
							weight: 0,
							holds_at_reset: true,
							gating: true
						},
						{
							id: 'hs-twin-untouched',
							description: `the other ${name} has no new meeting and the same record`,
							query: `(${meetingsOf(twinId)} | length == 0) and ([.hubspot.contacts[] | select(.id == ${q(twinId)})] == [$initial.hubspot.contacts[] | select(.id == ${q(twinId)})])`,
							op: 'eq',
							expected: true,
							weight: 0,
							holds_at_reset: true,
							gating: true
						}
					]
				},
				{
					platform: 'outreach',
					objective: `Finish ${name} in "${sequence.attributes.name}".`,
					actions: [
						{ goto: `/outreach/prospects/${target.id}` },
						{ wait_for: { role: 'heading', name } },
						{ click: { role: 'tab', name: 'Sequences' } },
						{ click: { role: 'button', name: `Finish ${sequence.attributes.name}` } },
						{ wait_for: { text: `${sequence.attributes.name}: finished` } }
					],
					verifiers: [
						{
							id: 'or-sequence-finished',
							description: `no live Outreach sequence state for ${name}`,
							query: `([.outreach.sequenceStates[] | select(.relationships.prospect.data.id == ${q(target.id)} and (.attributes.state | IN("active", "pending", "paused")))] | length == 0) and ([.outreach.sequenceStates[] | select(.id == ${q(state.id)}) | .attributes.state] == ["finished"])`,
							op: 'eq',
							expected: true,
							weight: 1,
							gating: true
						}
					]
				}
			],
			alternatives: [
				{
					id: 'booked-with-work-email',
					description: `the owner's Discovery Call is booked with ${name}'s work email instead of the Gmail address`,
					patch: `.calendly.invitees |= map(if .email == ${email} and .status == "active" and ((.uri as $u | [$initial.calendly.invitees[].uri] | index($u)) | not) then .email = ${work} else . end)`
				}
			],
			mutants: [
				{
					id: 'twin-logged-in-hubspot',
					description: `the owner and the meeting go on the other ${name}'s contact`,
					kind: 'decoy',
					patch: `.hubspot.associations |= map(if (.fromObjectType == "meetings" and .toObjectType == "contacts" and .toObjectId == ${q(target.id)} and ((.fromObjectId as $i | [$initial.hubspot.meetings[].id] | index($i)) | not)) then .toObjectId = ${q(twinId)} elif (.fromObjectType == "contacts" and .fromObjectId == ${q(target.id)} and .toObjectType == "meetings" and ((.toObjectId as $i | [$initial.hubspot.meetings[].id] | index($i)) | not)) then .fromObjectId = ${q(twinId)} else . end) | .hubspot.contacts |= map(if .id == ${q(twinId)} then .properties.hubspot_owner_id = ${q(owner.id)} elif .id == ${q(target.id)} then .properties.hubspot_owner_id = ${q(hsOwnerOld ?? '')} else . end)`
				},
				{
					id: 'twin-saved-in-salesnav',
					description: `the other ${name} is saved to the list`,
					kind: 'decoy',
					patch: `.salesnav.leadLists |= map(if .name == ${q(listName)} then .memberIds = [${q(twinLead)}] else . end)`
				},
				{
					id: 'rr-meeting-kept',
					description: 'the owner is booked but the round-robin meeting is left on the calendar',
					kind: 'step_skipped',
					patch: `.calendly.scheduled_events |= map(if .uri == ${q(eventUri)} then .status = "active" | .cancellation = null else . end)`
				},
				{
					id: 'rr-host-kept-as-owner',
					description: `the round-robin host (${hostUser.name}) is made the contact owner instead of the account owner`,
					kind: 'rr_host_assumed',
					patch: `.hubspot.contacts |= map(if .id == ${q(target.id)} then .properties.hubspot_owner_id = ${q(hsUser(actor.id).id)} else . end)`
				},
				{
					id: 'owner-booked-in-host-zone',
					description:
						zoneShift === 0
							? "the owner's call is booked an hour late"
							: `the owner's call is booked at the requested wall time read in ${actor.timeZone} instead of the invitee's ${zone}`,
					kind: zoneShift === 0 ? 'wrong_time' : 'wrong_zone',
					patch: `.calendly.scheduled_events |= map(if .event_type == ${q(ownerDiscovery.uri)} and .status == "active" and ((.uri as $u | [$initial.calendly.scheduled_events[].uri] | index($u)) | not) then .start_time = ((.start_time | iso_to_epoch) + ${zoneShift === 0 ? 3600 : zoneShift} | todate) else . end)`
				},
				{
					id: 'outreach-left-active',
					description: 'the Outreach sequence keeps running',
					kind: 'step_skipped',
					patch: `.outreach.sequenceStates |= map(if .id == ${q(state.id)} then .attributes.state = "active" else . end)`
				},
				{
					id: 'new-contact-for-gmail',
					description: 'a new HubSpot contact is created for the Gmail address',
					kind: 'duplicate_created',
					patch: `.hubspot.contacts += [{id: "999999", properties: {email: ${email}, firstname: ${q(target.firstName)}, lastname: ${q(target.lastName)}}, createdAt: $now, updatedAt: $now, archived: false}]`
				}
			]
		};
	}
};

export default template;
