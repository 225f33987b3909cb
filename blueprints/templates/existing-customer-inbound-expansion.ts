/**
 * T4 · existing-customer-inbound-expansion (tier 4, inbound, opportunity creation & pipeline progression): a contact
 * of a HubSpot customer booked the round-robin "Demo – Mid-market (45 min)" and the round robin gave it to a pool
 * host, but customers belong to their account owner (rules of engagement R1). The rep (Ravi Sharma, the sales
 * manager, a Calendly admin who may cancel a teammate's meeting and book on anyone's page) cancels the round-robin
 * meeting with a reason and books the owner's Discovery Call at the same time when the owner is free, else at the
 * owner's next offered slot that day; creates an expansion deal (Existing Business, Appointment Scheduled) owned by
 * the account owner and associated with the contact and the company; notes on the deal when Sales Navigator shows
 * the contact less than a year in their role; and finishes the contact's live Outreach prospecting sequence
 * (customers never get cold prospecting sequences, R14).
 *
 * Bindings: a HubSpot contact at a customer company whose owner is an account executive with a Discovery Call, who
 * is an Outreach prospect that is not opted out, works in a zone the booking page offers, and has a slot of the
 * owner's Discovery Call 09:00–16:00 their time in the coming days, free on a round-robin host's calendar. Seeds
 * alternate both branches: odd seeds take a contact less than a year in role and find the owner free at the booked
 * time; even seeds take a contact longer in role and add a customer call on the
 * owner's calendar at that time (a fixture), so the expected slot is the owner's next offered start that day,
 * computed with the Calendly replica's own solver over the projected state plus that fixture. Decoys: the same
 * wall time read in the rep's zone, the round-robin host as deal owner, "New Business", a note when none is due.
 *
 * Simplified from the catalogue: the tenure test is "less than 1 year in role" (Sales Navigator shows whole years in
 * role, not the start month of the current position, so "the last 6 months" cannot be read off the replica); the
 * person is in exactly one live sequence (a fixture when the world has none); the HubSpot meeting is not logged (the
 * deal is the causal artifact of the booking).
 *
 * Not pinned: seeds 4 and 8, whose oracle finds no "Finish <sequence>" button on the prospect (the replica shows no
 * active state to finish for that binding); seeds 13 and 14 bind the same contacts as seeds 9 and 2.
 */
import { project as projectCalendly, uuidFor } from '../../gyms/calendly/seed';
import { CALENDLY_API, type CalendlyState } from '../../gyms/calendly/schema';
import { solverInputOf } from '../../gyms/calendly/api/availability';
import { availableSlots } from '../../gyms/calendly/slots';
import { localTime, zonedToUtc, addDays } from '../../gyms/calendly/tz';
import { BOOKING_PAGE_ZONES } from '../../gyms/calendly/contract';
import { projectHubSpot } from '../../gyms/hubspot/seed';
import { ACTIVE_LIKE } from '../../gyms/outreach/api/sequencing';
import { leadIdFor, project as projectSalesNav } from '../../gyms/salesnav/seed';
import type { Person } from '../../seeds/world';
import { TemplateError, type Template } from './kit';
import { calendlyInviteeRow, bookingDay, calendlyTimeLabel, calendlyMicros, calendlySizeChoice, jq, meetingsRowLabel, outreachTables } from './_gym-rows';

const SLUG = 'existing-customer-inbound-expansion';
const RR_NAME = 'Demo – Mid-market (45 min)';
const DISCOVERY = 'Discovery Call (30 min)';
/** Ravi Sharma, sales manager: a Calendly admin (Calendly lets admins cancel and book for the team). */
const ACTOR = '1012';
const AES = ['1003', '1004', '1008', '1009', '1010', '1011'];
/** Clock days (pre- and post-US-DST weekdays); the clock is 15:00 UTC. */
const DAYS = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-09', '2026-03-10', '2026-03-11'];
const MIN = 60_000;
const LIVE = [...ACTIVE_LIKE];
/** Cold prospecting sequences (a customer's "Customer expansion" or demo follow-up state is not one). */
const PROSPECTING = ['VP Sales – Cold', 'Outbound – RevOps', 'Re-engage – 3 touch', 'Multi-thread – exec'];

type OrRow = { id: string; attributes: Record<string, unknown>; relationships: Record<string, { data: { type: string; id: string } | null }> };

/** Offered starts (epoch ms) of event type `typeUri` in `[from, to)` at `now` over `tables` (the booking page's solver). */
function offered(tables: CalendlyState, typeUri: string, now: number, from: number, to: number): number[] {
	const type = tables.event_types.find((t) => t.uri === typeUri)!;
	const input = solverInputOf(tables, type, now);
	if (!input) throw new TemplateError(`${SLUG}: no solver input for ${typeUri}`);
	return availableSlots({ ...input.input, range: { start: from, end: to } }).map((s) => s.start);
}

const template: Template = {
	meta: {
		slug: SLUG,
		version: 1,
		title: 'A customer booked the round-robin demo: hand it to the account owner and open an expansion deal',
		platforms: ['calendly', 'salesnav', 'hubspot', 'outreach'],
		category: 'inbound',
		business_function: 'opportunity creation & pipeline progression',
		anomalies: [],
		traps: ['owner_conflict', 'rr_host', 'customer_in_sequence', 'owner_busy_next_slot', 'conditional_note'],
		pinned: [1, 2, 3, 5, 6, 7, 9, 10, 11, 12, 15, 16]
	},
	build(ctx) {
		const { world } = ctx;
		const cal = projectCalendly(world);
		const hs = projectHubSpot(world).state;
		const or = outreachTables(world) as Record<string, OrRow[]>;
		const sn = projectSalesNav(world) as unknown as { leads: { leadId: string; yearsInRole: number }[] };
		const rrType = cal.event_types.find((t) => t.name === RR_NAME && t.active && !t.deleted_at);
		if (!rrType) throw new TemplateError(`${SLUG}: no active ${RR_NAME}`);
		const pool = cal.event_type_memberships.filter((m) => m.event_type === rrType.uri).map((m) => m.member);
		const calUserOf = (id: string) => cal.users.find((u) => u.email === ctx.user(id).email)!;
		const discoveryOf = (id: string) =>
			cal.event_types.find((t) => t.name === DISCOVERY && t.active && !t.deleted_at && t.profile?.owner === calUserOf(id)?.uri);
		const hsCompany = new Map(hs.companies.map((c) => [c.id, c]));
		const hsContact = new Map(hs.contacts.map((c) => [c.id, c]));
		const prospect = new Map(or.prospects!.map((p) => [p.id, p]));
		const liveOf = (pid: string) =>
			or.sequenceStates!.filter((s) => s.relationships.prospect?.data?.id === pid && LIVE.includes(String(s.attributes.state) as (typeof LIVE)[number]));
		const branchBusy = ctx.seed % 2 === 0;
		const clockDay = DAYS[(ctx.seed * 5) % DAYS.length]!;
		const clockMs = Date.parse(`${clockDay}T15:00:00.000Z`);

		type Found = { p: Person; ownerId: string; host: string; rrStart: number; expected: number; busy: { start: number; end: number } | null };
		const tryPerson = (p: Person): Found | null => {
			const c = hsContact.get(p.id);
			const co = hsCompany.get(p.companyId);
			const ownerId = co?.properties.hubspot_owner_id;
			const pr = prospect.get(p.id);
			if (!c || !co || co.properties.lifecyclestage !== 'customer' || !ownerId || !AES.includes(ownerId) || !pr) return null;
			if (pr.attributes.optedOut || pr.attributes.emailOptedOut || p.emailStatus !== 'ok' || liveOf(p.id).length > 1) return null;
			const liveSeq = liveOf(p.id)[0]?.relationships.sequence?.data?.id;
			if (liveSeq && !PROSPECTING.includes(String(or.sequences!.find((x) => x.id === liveSeq)?.attributes.name))) return null;
			// Odd seeds take someone new in role (the note is due), even seeds someone who is not.
			if ((sn.leads.find((l) => l.leadId === leadIdFor(p.id))?.yearsInRole ?? 99) < 1 !== (ctx.seed % 2 === 1)) return null;
			if (!BOOKING_PAGE_ZONES.includes(p.geo.timeZone as (typeof BOOKING_PAGE_ZONES)[number]) || !discoveryOf(ownerId)) return null;
			const zone = p.geo.timeZone;
			const ownerDc = discoveryOf(ownerId)!;
			const today = localTime(zone, clockMs).date;
			const from = zonedToUtc(zone, addDays(today, 1), 0);
			const to = zonedToUtc(zone, addDays(today, 4), 0);
			const inHours = (s: number) => {
				const lt = localTime(zone, s);
				return lt.weekday >= 1 && lt.weekday <= 5 && lt.minutes >= 9 * 60 && lt.minutes + 45 <= 16 * 60;
			};
			const starts = offered(cal, ownerDc.uri, clockMs, from, to).filter(inHours);
			const ownerUri = calUserOf(ownerId).uri;
			const hosts = pool.filter((u) => u !== ownerUri);
			for (const rrStart of starts) {
				const host = hosts.find(
					(h) =>
						!cal.scheduled_events.some(
							(e) =>
								e.status === 'active' &&
								e.event_memberships.some((m) => m.user === h) &&
								Date.parse(e.start_time) < rrStart + 60 * MIN &&
								Date.parse(e.end_time) > rrStart - 15 * MIN
						)
				);
				if (!host) continue;
				if (!branchBusy) return { p, ownerId, host, rrStart, expected: rrStart, busy: null };
				// The owner is busy at the booked time: a 30-minute customer call there; the next offered start that day.
				const busy = { start: rrStart, end: rrStart + 30 * MIN };
				const withBusy = {
					...cal,
					scheduled_events: [
						...cal.scheduled_events,
						{
							...cal.scheduled_events[0]!,
							uri: 'busy',
							status: 'active' as const,
							start_time: calendlyMicros(busy.start),
							end_time: calendlyMicros(busy.end),
							event_memberships: [{ user: ownerUri, user_email: ctx.user(ownerId).email, user_name: calUserOf(ownerId).name }]
						}
					]
				} as CalendlyState;
				const day = localTime(zone, rrStart).date;
				const next = offered(withBusy, ownerDc.uri, clockMs, rrStart, zonedToUtc(zone, addDays(day, 1), 0)).filter(
					(s) => s > rrStart && localTime(zone, s).date === day
				);
				if (next.length && next[0]! !== rrStart) return { p, ownerId, host, rrStart, expected: next[0]!, busy };
			}
			return null;
		};
		const candidates = world.people.filter((p) => p.inHubspot && p.inOutreach).sort((a, b) => Number(a.id) - Number(b.id));
		const order = ctx.rng('bindings').shuffle(candidates);
		let found: Found | null = null;
		for (const p of order) {
			found = tryPerson(p);
			if (found) break;
		}
		if (!found) throw new TemplateError(`${SLUG}@${ctx.seed}: no customer contact with a bookable owner`);
		const { p, ownerId, host, rrStart, expected, busy } = found;
		const owner = ctx.user(ownerId);
		const ownerName = `${owner.firstName} ${owner.lastName}`;
		const ownerCal = calUserOf(ownerId);
		const ownerDc = discoveryOf(ownerId)!;
		const hostCal = cal.users.find((u) => u.uri === host)!;
		const hostUser = world.users.find((u) => u.email === hostCal.email)!;
		const company = ctx.company(p.companyId);
		const name = `${p.firstName} ${p.lastName}`;
		const zone = p.geo.timeZone;
		const actorZone = ctx.user(ACTOR).timeZone;
		const lead = sn.leads.find((l) => l.leadId === leadIdFor(p.id));
		if (!lead) throw new TemplateError(`${SLUG}@${ctx.seed}: no Sales Navigator lead for ${p.id}`);
		const newInRole = lead.yearsInRole < 1;
		const dealName = `${company.name} – Expansion`;
		const reason = `${company.name} is a customer owned by ${ownerName}; moving the demo to the account owner`;

		// Fixtures: the round-robin booking, the owner's customer call (busy branch), a live prospecting state if none.
		const eventUri = `${CALENDLY_API}/scheduled_events/${uuidFor(`template:${SLUG}:${ctx.seed}:event`)}`;
		const invUuid = uuidFor(`template:${SLUG}:${ctx.seed}:invitee`);
		const booked = calendlyMicros(clockMs - 70 * MIN);
		const meet = (uri: string, nameOf: string, typeUri: string, start: number, end: number, who: typeof hostCal) => ({
			uri,
			name: nameOf,
			status: 'active' as const,
			start_time: calendlyMicros(start),
			end_time: calendlyMicros(end),
			event_type: typeUri,
			location: { type: 'google_conference', location: null, status: 'pushed', join_url: `https://meet.google.com/${uri.slice(-12)}` },
			invitees_counter: { total: 1, active: 1, limit: 1 },
			event_memberships: [{ user: who.uri, user_email: who.email, user_name: who.name }],
			event_guests: [],
			cancellation: null,
			calendar_event: { kind: 'google', external_id: uri.slice(-16).replace(/-/g, 'x') },
			meeting_notes_plain: null,
			created_at: booked,
			updated_at: booked
		});
		const invitee = (uri: string, event: string, first: string, last: string, email: string, tz: string) =>
			calendlyInviteeRow({ uri, event, email, firstName: first, lastName: last, name: `${first} ${last}`, timezone: tz, createdAt: booked });
		const events = [meet(eventUri, RR_NAME, rrType.uri, rrStart, rrStart + 45 * MIN, hostCal)];
		const invitees = [invitee(`${eventUri}/invitees/${invUuid}`, eventUri, p.firstName, p.lastName, p.workEmail, zone)];
		if (busy) {
			const other = ctx.pick('busy-with', world.people, (x) => x.companyId !== p.companyId && x.emailStatus === 'ok' && x.inHubspot);
			const busyUri = `${CALENDLY_API}/scheduled_events/${uuidFor(`template:${SLUG}:${ctx.seed}:busy`)}`;
			events.push(meet(busyUri, DISCOVERY, ownerDc.uri, busy.start, busy.end, ownerCal));
			invitees.push(
				invitee(
					`${busyUri}/invitees/${uuidFor(`template:${SLUG}:${ctx.seed}:busy-inv`)}`,
					busyUri,
					other.firstName,
					other.lastName,
					other.workEmail,
					other.geo.timeZone
				)
			);
		}
		const live = liveOf(p.id)[0];
		const seq = live
			? or.sequences!.find((s) => s.id === live.relationships.sequence!.data!.id)!
			: or.sequences!.find((s) => s.attributes.name === 'VP Sales – Cold')!;
		const seqName = String(seq.attributes.name);
		const stateId = live?.id ?? ctx.fixtureId('state');
		const outreachFixture = live
			? {}
			: {
					outreach: {
						sequenceStates: [
							{
								...structuredClone(or.sequenceStates![0]!),
								id: stateId,
								attributes: {
									...structuredClone(or.sequenceStates![0]!.attributes),
									state: 'active',
									stateChangedAt: booked.replace(/\d{3}Z$/, 'Z'),
									activeAt: booked.replace(/\d{3}Z$/, 'Z')
								},
								relationships: {
									...structuredClone(or.sequenceStates![0]!.relationships),
									prospect: { data: { type: 'prospect', id: p.id } },
									sequence: { data: { type: 'sequence', id: seq.id } },
									sequenceStep: { data: { type: 'sequenceStep', id: or.sequenceSteps!.find((s) => s.relationships.sequence?.data?.id === seq.id)!.id } },
									account: { data: { type: 'account', id: p.companyId } }
								}
							}
						]
					}
				};

		const since = clockMs / 1000;
		const newEvent = `([.calendly.invitees[] | select(.status == "active" and (.email | ascii_downcase) == ${jq(p.workEmail)}) | .event] | unique) as $ev | [.calendly.scheduled_events[] | select(.status == "active" and .event_type == ${jq(ownerDc.uri)} and (.uri as $u | $ev | index($u)))]`;
		const deals = `[.hubspot.deals[] | select(.properties.dealname == ${jq(dealName)} and (.archived | not))]`;
		const dealAssoc = (type: string, id: string) =>
			`(${deals} | map(.id)) as $d | [.hubspot.associations[] | select((.fromObjectType == "deals" and (.fromObjectId | IN($d[])) and .toObjectType == ${jq(type)} and .toObjectId == ${jq(id)}) or (.toObjectType == "deals" and (.toObjectId | IN($d[])) and .fromObjectType == ${jq(type)} and .fromObjectId == ${jq(id)}))] | length > 0`;
		const dealNotes = `(${deals} | map(.id)) as $d | ([.hubspot.associations[] | select(.fromObjectType == "notes" and .toObjectType == "deals" and (.toObjectId | IN($d[]))) | .fromObjectId] + [.hubspot.associations[] | select(.fromObjectType == "deals" and (.fromObjectId | IN($d[])) and .toObjectType == "notes") | .toObjectId]) as $n | [.hubspot.notes[] | select((.id | IN($n[])) and (.createdAt | iso_to_epoch) >= ${since})]`;
		const rrLabel = meetingsRowLabel(actorZone, rrStart);
		const shifted = zonedToUtc(actorZone, localTime(zone, expected).date, localTime(zone, expected).minutes);
		const shiftEvent = (ms: number) =>
			`${newEvent} as $e | ($e | map(.uri)) as $u | .calendly.scheduled_events |= map(if (.uri | IN($u[])) then .start_time = ${jq(calendlyMicros(ms))} | .end_time = ${jq(calendlyMicros(ms + 30 * MIN))} else . end)`;
		const noteText = `${name} is less than a year in their role (Sales Navigator): expect a new evaluation process.`;

		const hsActions = [
			{ goto: '/hubspot/deals' },
			{ click: { role: 'button', name: 'Create deal' } },
			{ fill: { label: 'Deal name', value: dealName } },
			{ click: { role: 'combobox', name: 'Pipeline' } },
			{ click: { role: 'option', name: 'Sales Pipeline' } },
			{ click: { role: 'combobox', name: 'Deal stage' } },
			{ click: { role: 'option', name: 'Appointment Scheduled' } },
			{ click: { role: 'combobox', name: 'Deal owner' } },
			{ click: { role: 'option', name: ownerName } },
			{ click: { role: 'combobox', name: 'Deal type' } },
			{ click: { role: 'option', name: 'Existing Business' } },
			{ fill: { label: 'Search contacts to associate', value: name } },
			{ click: { role: 'button', name: `${name} (${p.workEmail})` } },
			{ fill: { label: 'Search companies to associate', value: company.name } },
			{ click: { role: 'button', name: `${company.name} (${company.domain})` } },
			{ click: { role: 'button', name: 'Create' } },
			{ wait_for: { text: `Deal ${dealName} created` } },
			...(newInRole
				? [
						{ click: { role: 'link', name: dealName } },
						{ click: { role: 'button', name: 'Note' } },
						{ fill: { role: 'textbox', name: 'Note', value: noteText } },
						{ click: { role: 'button', name: 'Save note' } },
						{ wait_for: { text: noteText } }
					]
				: [])
		];

		return {
			title: `${name} of the customer ${company.name} booked the round-robin demo: hand it to ${ownerName} and open an expansion deal`,
			goal: `The round-robin demo with ${hostUser.firstName} ${hostUser.lastName} is canceled with a reason; ${name} is on ${ownerName}'s Discovery Call at ${new Date(expected).toISOString()} (${busy ? "the owner's next free slot that day" : 'the same time'}); HubSpot has the deal "${dealName}" (Existing Business, Appointment Scheduled, owner ${ownerName}) on the contact and the company${newInRole ? ', with a note that they are new in role' : ', no note (not new in role)'}; the "${seqName}" state is finished.`,
			prompt: [
				`${name} (${p.workEmail}) from ${company.name} booked our round-robin "${RR_NAME}" and the round robin gave it to ${hostUser.firstName} ${hostUser.lastName}. But ${company.name} is an existing customer, and customers go to their account owner. Fix it:`,
				`- move the booking to the account owner: cancel the round-robin meeting with a reason, then book the owner's "${DISCOVERY}" for ${name} at the same time if the owner is free then, otherwise at the owner's next open slot that same day (their day);`,
				`- in HubSpot create an expansion deal named "${dealName}" (deal type Existing Business, stage Appointment Scheduled), owned by the account owner, on ${name} and ${company.name};`,
				`- check Sales Navigator: if ${p.firstName} has been in their role for less than a year, add a note saying so on the deal;`,
				`- take them out of any Outreach prospecting sequence, keeping the history.`
			].join('\n'),
			start_path: '/calendly/meetings',
			clock: new Date(clockMs).toISOString(),
			actors: { calendly: ACTOR, salesnav: ACTOR, hubspot: ACTOR, outreach: ACTOR },
			fixtures: { calendly: { scheduled_events: events, invitees }, ...outreachFixture },
			steps: [
				{
					platform: 'calendly',
					objective: `Cancel the round-robin demo with a reason; book ${ownerName}'s Discovery Call at ${calendlyTimeLabel(zone, expected)} ${zone}.`,
					actions: [
						{ select: { role: 'combobox', name: 'Host', option: hostCal.name } },
						{ fill: { label: 'Invitee email', value: p.workEmail } },
						{ click: { role: 'button', name: 'Apply' } },
						{ click: { role: 'button', name: `Details: ${RR_NAME} ${rrLabel}` } },
						{ click: { role: 'button', name: `Cancel: ${RR_NAME}` } },
						{ fill: { label: 'Reason for canceling', value: reason } },
						{ click: { role: 'button', name: 'Cancel event' } },
						{ wait_for: { text: 'Event canceled' } },
						{ goto: `/calendly/book/${ownerDc.uri.split('/').pop()}` },
						{ select: { role: 'combobox', name: 'Time zone', option: zone } },
						{ click: { role: 'button', name: `${bookingDay(localTime(zone, expected).date)} - Times available` } },
						{ click: { role: 'button', name: calendlyTimeLabel(zone, expected) } },
						{ fill: { label: 'Name', value: name } },
						{ fill: { label: 'Email', value: p.workEmail } },
						{ select: { role: 'combobox', name: 'Company size *', option: calendlySizeChoice(company.employees) } },
						{ click: { role: 'button', name: 'Schedule Event' } },
						{ wait_for: { role: 'heading', name: 'You are scheduled' } }
					],
					verifiers: [
						{
							id: 'rr-canceled',
							description: 'The round-robin meeting is canceled by the host side, with a reason',
							query: `[.calendly.scheduled_events[] | select(.uri == ${jq(eventUri)}) | (.status == "canceled" and .cancellation.canceler_type == "host" and ((.cancellation.reason // "") | length > 0))]`,
							op: 'eq',
							expected: [true]
						},
						{
							id: 'owner-discovery-slot',
							description: `${name} has one active ${DISCOVERY} of ${ownerName}, at ${new Date(expected).toISOString()}`,
							query: `${newEvent} | map(.start_time | iso_to_epoch)`,
							op: 'eq',
							expected: [expected / 1000]
						},
						...(busy
							? [
									{
										id: 'owner-call-kept',
										description: `${ownerName}'s customer call at the booked time stays on the calendar`,
										query: `[.calendly.scheduled_events[] | select(.uri == ${jq(events[1]!.uri)}) | .status]`,
										op: 'eq' as const,
										expected: ['active'],
										weight: 0,
										holds_at_reset: true
									}
								]
							: [])
					]
				},
				{
					platform: 'salesnav',
					objective: `Read ${name}'s time in role (${newInRole ? 'less than 1 year' : `${lead.yearsInRole} years`}).`,
					actions: [
						{ goto: `/salesnav/lead/${leadIdFor(p.id)}` },
						{ wait_for: { text: newInRole ? 'Less than 1 year in role' : `${lead.yearsInRole === 1 ? '1 year' : `${lead.yearsInRole} years`} in role` } }
					],
					verifiers: [
						{
							id: 'lead-not-changed',
							description: `${name}'s lead is neither saved nor invited in the process (the task only reads it)`,
							query: `[.salesnav.leads[] | select(.leadId == ${jq(leadIdFor(p.id))}) | [.saved, .invitationSentAt]] == ($initial.salesnav.leads | map(select(.leadId == ${jq(leadIdFor(p.id))})) | map([.saved, .invitationSentAt]))`,
							op: 'eq',
							expected: true,
							weight: 0,
							holds_at_reset: true
						}
					]
				},
				{
					platform: 'hubspot',
					objective: `Create "${dealName}" for ${ownerName}${newInRole ? ' and note that the contact is new in role' : ''}.`,
					actions: hsActions,
					verifiers: [
						{
							id: 'deal-created',
							description: `One deal "${dealName}": Existing Business, Appointment Scheduled, owner ${ownerName}`,
							query: `${deals} | map([.properties.dealtype, .properties.dealstage, .properties.hubspot_owner_id])`,
							op: 'eq',
							expected: [['existingbusiness', 'appointmentscheduled', ownerId]]
						},
						{ id: 'deal-on-contact', description: `The deal is associated with ${name}`, query: dealAssoc('contacts', p.id), op: 'eq', expected: true },
						{
							id: 'deal-on-company',
							description: `The deal is associated with ${company.name}`,
							query: dealAssoc('companies', company.id),
							op: 'eq',
							expected: true
						},
						newInRole
							? {
									id: 'new-in-role-note',
									description: 'A new note on the deal says the contact is new in role',
									query: `${dealNotes} | length > 0`,
									op: 'eq' as const,
									expected: true
								}
							: {
									id: 'no-note-due',
									description: `No note on the deal (${name} has ${lead.yearsInRole} years in role)`,
									query: `${dealNotes} | length`,
									op: 'eq' as const,
									expected: 0,
									weight: 0,
									holds_at_reset: true
								}
					]
				},
				{
					platform: 'outreach',
					objective: `Finish ${name}'s "${seqName}" state.`,
					actions: [
						{ goto: `/outreach/prospects/${p.id}` },
						{ click: { role: 'tab', name: 'Sequences' } },
						{ click: { role: 'button', name: `Finish ${seqName}` } },
						{ wait_for: { text: `${seqName}: finished` } }
					],
					verifiers: [
						{
							id: 'sequence-finished',
							description: `The "${seqName}" state is finished (kept, not removed)`,
							query: `[.outreach.sequenceStates[] | select(.id == ${jq(stateId)}) | .attributes.state]`,
							op: 'eq',
							expected: ['finished']
						}
					]
				}
			],
			mutants: [
				{
					id: 'rr-kept',
					description: 'books the owner but leaves the round-robin meeting active',
					kind: 'step_skipped',
					patch: `.calendly.scheduled_events |= map(if .uri == ${jq(eventUri)} then .status = "active" | .cancellation = null else . end)`
				},
				{
					id: 'wrong-zone',
					description: `reads the time in the rep's zone (${actorZone}) instead of the invitee's`,
					kind: 'wrong_zone',
					patch: shiftEvent(shifted === expected ? expected + 60 * MIN : shifted)
				},
				busy
					? {
							id: 'double-booked',
							description: 'books the owner at the same time although the owner has a customer call then',
							kind: 'wrong_time',
							patch: shiftEvent(rrStart)
						}
					: {
							id: 'later-slot',
							description: "books a later slot of the owner's day although the owner was free at the time",
							kind: 'wrong_time',
							patch: shiftEvent(expected + 60 * MIN)
						},
				{
					id: busy ? 'owner-call-canceled' : 'rebooked-round-robin',
					description: busy ? "cancels the owner's other meeting to make room" : "books the round-robin demo again instead of the owner's Discovery Call",
					kind: 'collateral',
					patch: busy
						? `.calendly.scheduled_events |= map(if .uri == ${jq(events[1]!.uri)} then .status = "canceled" else . end)`
						: `${newEvent} as $e | ($e | map(.uri)) as $u | .calendly.scheduled_events |= map(if (.uri | IN($u[])) then .event_type = ${jq(rrType.uri)} else . end)`
				},
				{
					id: 'rr-host-owns-deal',
					description: `makes the round-robin host ${hostUser.firstName} ${hostUser.lastName} the deal owner`,
					kind: 'rr_host_assumed',
					patch: `.hubspot.deals |= map(if .properties.dealname == ${jq(dealName)} then .properties.hubspot_owner_id = ${jq(hostUser.id)} else . end)`
				},
				{
					id: 'new-business',
					description: 'creates the deal as New Business',
					kind: 'wrong_value',
					patch: `.hubspot.deals |= map(if .properties.dealname == ${jq(dealName)} then .properties.dealtype = "newbusiness" else . end)`
				},
				{
					id: 'deal-without-company',
					description: `creates the deal on the contact only, not on ${company.name}`,
					kind: 'partial',
					patch: `(${deals} | map(.id)) as $d | .hubspot.associations |= map(select(((.fromObjectType == "deals" and (.fromObjectId | IN($d[])) and .toObjectType == "companies") or (.toObjectType == "deals" and (.toObjectId | IN($d[])) and .fromObjectType == "companies")) | not))`
				},
				{
					id: 'deal-without-contact',
					description: `creates the deal on the company only, not on ${name}`,
					kind: 'partial',
					patch: `(${deals} | map(.id)) as $d | .hubspot.associations |= map(select(((.fromObjectType == "deals" and (.fromObjectId | IN($d[])) and .toObjectType == "contacts") or (.toObjectType == "deals" and (.toObjectId | IN($d[])) and .fromObjectType == "contacts")) | not))`
				},
				newInRole
					? {
							id: 'note-skipped',
							description: 'skips the new-in-role note',
							kind: 'step_skipped',
							patch: `(${deals} | map(.id)) as $d | .hubspot.associations |= map(select(((.fromObjectType == "notes" and .toObjectType == "deals" and (.toObjectId | IN($d[]))) or (.fromObjectType == "deals" and (.fromObjectId | IN($d[])) and .toObjectType == "notes")) | not))`
						}
					: {
							id: 'note-not-due',
							description: `adds a new-in-role note although ${name} has ${lead.yearsInRole} years in role`,
							kind: 'wrong_value',
							patch: `(${deals} | .[0].id) as $d | .hubspot.notes += [{id: "990990", properties: {hs_note_body: "new in role", hs_timestamp: "${new Date(clockMs).toISOString()}"}, createdAt: "${new Date(clockMs + MIN).toISOString()}", updatedAt: "${new Date(clockMs + MIN).toISOString()}", archived: false}] | .hubspot.associations += [{id: "214:990990:\\($d)", fromObjectType: "notes", fromObjectId: "990990", toObjectType: "deals", toObjectId: $d, associationCategory: "HUBSPOT_DEFINED", associationTypeId: 214}]`
						},
				{
					id: 'sequence-left',
					description: 'leaves the customer in the prospecting sequence',
					kind: 'step_skipped',
					patch: `.outreach.sequenceStates |= map(if .id == ${jq(stateId)} then .attributes.state = "active" else . end)`
				},
				{
					id: 'sequence-removed',
					description: 'removes the sequence state instead of finishing it (the history is lost)',
					kind: 'wrong_value',
					patch: `.outreach.sequenceStates |= map(select(.id != ${jq(stateId)}))`
				},
				{
					id: 'lead-saved',
					description: 'saves the lead in Sales Navigator on the way (not asked)',
					kind: 'collateral',
					patch: `.salesnav.leads |= map(if .leadId == ${jq(leadIdFor(p.id))} then .saved = (.saved | not) else . end)`
				}
			]
		};
	}
};

export default template;
