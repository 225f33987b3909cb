/**
 * T2 · hs-ca-collective-handoff (tier 2, outbound, opportunity creation & pipeline progression): the SDR → AE handoff.
 * An SDR qualified a prospect yesterday (her call notes are on the HubSpot contact). The SDR books the team's
 * collective "SDR → AE handoff (30 min)" event type of the pair (that SDR + the company's account owner) at the
 * first time over the next three business days when both hosts are free and the whole meeting falls 10:00–16:00 in
 * the prospect's zone; then hands off in HubSpot: the account owner becomes contact owner, the lifecycle moves
 * forward (rules of engagement R2: a meeting is booked, then a deal exists), and a deal "<company> – New business"
 * is created at Appointment scheduled with the amount, the end of next quarter as close date, owned by the AE and
 * associated with the contact and the company, with a note crediting the SDR.
 *
 * Bindings: a collective "SDR → AE handoff" type of the Calendly seed with one SDR and one AE whose working hours
 * overlap (the Tokyo SDR's pairs never do, so they are not bound); a HubSpot contact the SDR owns (lead or
 * marketing-qualified, not unsubscribed, a zone the booking page offers) at a company the AE owns, with an offered
 * slot in the window. Seeds walk the pairs (seed n → the n-th valid pair of a fixed shuffle) and the Thursdays of
 * the scenario month (the three business days then span a weekend, and on March 5 the US switch to daylight time,
 * on March 26 the EU switch); a prospect in a zone other than both hosts' is preferred. The expected start comes
 * from the Calendly replica's own slot solver over the projected state (collective: every host free, 4 h notice,
 * 30-min increments). Decoys: the SDR's other handoff pairs (the same event type name, other AE), the SDR's own
 * Discovery Call, the contact's current owner (the SDR), the end of this quarter, the second offered slot, the same
 * window read in a host's zone.
 *
 * Simplified from the catalogue: the replica's HubSpot has no custom deal property, so the SDR credit (the
 * catalogue's deal property "SDR") is a note on the deal that names the SDR (R11: notes carry the decisive fact);
 * the manifest's near double bookings fall inside a pair's window for one (pair, Thursday) only, so this template
 * does not claim that anomaly (its traps are the DST switch and the forward-only lifecycle). Vendor docs: Calendly
 * Help Center "Collective event types" (every host must be free), HubSpot Knowledge Base "Create deals" (deal
 * stage, amount, close date, associations) and "Use lifecycle stages".
 */
import { project as projectCalendly } from '../../gyms/calendly/seed';
import { solverInputOf } from '../../gyms/calendly/api/availability';
import { availableSlots } from '../../gyms/calendly/slots';
import { addDays, localTime, zonedToUtc } from '../../gyms/calendly/tz';
import { BOOKING_PAGE_ZONES } from '../../gyms/calendly/contract';
import { baseProjection } from '../../gyms/hubspot/seed';
import { rng } from '../../seeds/rng';
import type { Person, TeamUser } from '../../seeds/world';
import { TemplateError, type InstanceContext, type Template } from './kit';
import { calendlyBookActions, calendlyMicros, hubspotEditContactActions, hubspotRow, jq, jqNewCalendlyEventsFor, spokenDate } from './_gym-rows';

const SLUG = 'hs-ca-collective-handoff';
/** The collective event type name of every SDR + AE pair in the Calendly seed. */
const HANDOFF = 'SDR → AE handoff (30 min)';
/** The Thursdays of the scenario month (the seed epoch is Monday 2026-03-02). */
const THURSDAYS = ['2026-03-05', '2026-03-12', '2026-03-19', '2026-03-26'];
/** The prospect's window, minutes after local midnight: the whole meeting inside 10:00–16:00. */
const FROM_MIN = 10 * 60;
const TO_MIN = 16 * 60;
const MIN = 60_000;
const DAY_MS = 86_400_000;
/** HubSpot lifecycle stages a handoff may start from (the SDR qualified them; R2 moves them forward). */
const START_STAGES = ['lead', 'marketingqualifiedlead'];
/** What the SDR heard on the call (the note's pain point). */
const PAINS = [
	'reps lose two hours a day to manual CRM updates',
	'no single view of pipeline across regions',
	'forecast calls run on spreadsheets',
	'inbound leads wait days for a first touch',
	'handoffs between SDRs and AEs lose context'
];
const AMOUNTS = [18000, 24000, 32000, 45000, 54000, 60000, 72000];

/** The last day of the quarter after the one `date` (YYYY-MM-DD) is in, as YYYY-MM-DD. */
function endOfNextQuarter(date: string): string {
	const y = Number(date.slice(0, 4));
	const m = Number(date.slice(5, 7));
	const endMonth = Math.floor((m - 1) / 3) * 3 + 6; // 1-based month ending the next quarter
	const yy = y + Math.floor((endMonth - 1) / 12);
	const mm = ((endMonth - 1) % 12) + 1;
	return new Date(Date.UTC(yy, mm, 0)).toISOString().slice(0, 10);
}

/** The last day of the quarter `date` is in (the near miss). */
function endOfThisQuarter(date: string): string {
	const y = Number(date.slice(0, 4));
	const m = Number(date.slice(5, 7));
	const endMonth = Math.floor((m - 1) / 3) * 3 + 3;
	return new Date(Date.UTC(y, endMonth, 0)).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (YYYY-MM-DD). */
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

/** The next `n` business days (Mon–Fri) after `date`. */
function nextBusinessDays(date: string, n: number): string[] {
	const out: string[] = [];
	for (let d = addDays(date, 1); out.length < n; d = addDays(d, 1)) {
		const wd = new Date(`${d}T12:00:00Z`).getUTCDay();
		if (wd >= 1 && wd <= 5) out.push(d);
	}
	return out;
}

/** "Friday, March 6" of a local date. */
const dayName = (date: string) =>
	new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** "10:30" of epoch `ms` in `zone`. */
function hhmm(zone: string, ms: number): string {
	const m = localTime(zone, ms).minutes;
	return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/** Memoized projections (pure; the same world every call). */
let cache: { cal: ReturnType<typeof projectCalendly>; hs: ReturnType<typeof baseProjection>['state'] } | null = null;

function build(ctx: InstanceContext) {
	const { world } = ctx;
	cache ??= { cal: projectCalendly(world), hs: baseProjection(world.seed).state };
	const { cal, hs } = cache;
	const userOfCal = new Map(cal.users.map((u) => [u.uri, world.users.find((w) => w.email === u.email)!]));
	const calUri = (u: TeamUser) => cal.users.find((c) => c.email === u.email)!.uri;
	const contacts = new Map(hs.contacts.map((c) => [c.id, c]));
	const hsCompany = new Map(hs.companies.map((c) => [c.id, c]));
	const zones = new Set(BOOKING_PAGE_ZONES);

	// The collective handoff types: one SDR + one AE.
	const pairs = cal.event_types
		.filter((t) => t.name === HANDOFF && t.pooling_type === 'collective' && t.active && !t.deleted_at)
		.map((t) => {
			const hosts = cal.event_type_memberships.filter((m) => m.event_type === t.uri).map((m) => userOfCal.get(m.member)!);
			return { type: t, sdr: hosts.find((h) => h.role === 'sdr'), ae: hosts.find((h) => h.role === 'ae'), n: hosts.length };
		})
		.filter((p): p is { type: typeof p.type; sdr: TeamUser; ae: TeamUser; n: number } => p.n === 2 && !!p.sdr && !!p.ae)
		.sort((a, b) => (a.type.slug < b.type.slug ? -1 : 1));

	/** The offered starts (epoch ms) of `type` in the window of `day`'s next three business days, for the zone. */
	const windowSlots = (type: (typeof pairs)[number]['type'], now: number, days: string[], zone: string) => {
		const input = solverInputOf(cal, type, now);
		if (!input) throw new TemplateError(`${SLUG}: no solver input for ${type.slug}`);
		return availableSlots({ ...input.input, range: { start: now, end: now + 8 * DAY_MS } }).filter((s) => {
			const a = localTime(zone, s.start);
			const b = localTime(zone, s.end);
			return days.includes(a.date) && a.date === b.date && a.minutes >= FROM_MIN && b.minutes <= TO_MIN;
		});
	};
	const clockOf = (sdr: TeamUser, day: string) => zonedToUtc(sdr.timeZone, day, 9 * 60 + 30);
	const prospectsOf = (p: (typeof pairs)[number]) =>
		world.people.filter((x) => {
			const c = contacts.get(x.id);
			const co = hsCompany.get(x.companyId);
			return (
				x.inHubspot &&
				x.previous === null &&
				x.emailStatus === 'ok' &&
				zones.has(x.geo.timeZone) &&
				!!c &&
				c.properties.hubspot_owner_id === p.sdr.id &&
				START_STAGES.includes(c.properties.lifecyclestage ?? '') &&
				c.properties.hs_email_optout !== 'true' &&
				!!co &&
				co.properties.hubspot_owner_id === p.ae.id
			);
		});
	const bindable = (p: (typeof pairs)[number], day: string) => {
		const now = clockOf(p.sdr, day);
		const days = nextBusinessDays(day, 3);
		return prospectsOf(p).filter((x) => windowSlots(p.type, now, days, x.geo.timeZone).length >= 2);
	};
	const valid = pairs.filter((p) => THURSDAYS.some((d) => bindable(p, d).length > 0));
	if (!valid.length) throw new TemplateError(`${SLUG}: no SDR + AE handoff pair with a bindable prospect`);
	const order = rng(`template:${SLUG}:pairs`, 1).shuffle(valid);
	const pair = order[(ctx.seed - 1) % order.length]!;
	const { sdr, ae, type } = pair;
	const day = ctx.cycle('day', THURSDAYS, (d) => bindable(pair, d).length > 0);
	const candidates = bindable(pair, day);
	const away = candidates.filter((x) => x.geo.timeZone !== sdr.timeZone && x.geo.timeZone !== ae.timeZone);
	const prospect: Person = ctx.pick('prospect', away.length ? away : candidates);
	const zone = prospect.geo.timeZone;
	const contact = contacts.get(prospect.id)!;
	const company = ctx.company(prospect.companyId);
	const companyName = hsCompany.get(company.id)!.properties.name!;
	const nowMs = clockOf(sdr, day);
	const clock = new Date(nowMs).toISOString();
	const days = nextBusinessDays(day, 3);
	const offered = windowSlots(type, nowMs, days, zone);
	const expected = offered[0]!.start;
	const second = offered[1]!.start;
	// The near miss of reading the window in a host's zone (or one hour off, the DST slip), whichever differs first.
	const hostZoneStart = [ae.timeZone, sdr.timeZone].map((z) => windowSlots(type, nowMs, days, z)[0]?.start).find((s) => s !== undefined && s !== expected);
	const wrongZoneStart = hostZoneStart ?? expected + 60 * MIN;

	const pName = fullName(prospect);
	const sdrName = fullName(sdr);
	const aeName = fullName(ae);
	const dealName = `${companyName} – New business`;
	if (hs.deals.some((d) => d.properties.dealname === dealName)) throw new TemplateError(`${SLUG}@${ctx.seed}: "${dealName}" already exists`);
	const amount = ctx.pick('amount', AMOUNTS);
	const clockDate = clock.slice(0, 10);
	const closeDate = endOfNextQuarter(clockDate);
	const closeDays = daysBetween(clockDate, closeDate);
	const thisQuarterEnd = endOfThisQuarter(clockDate);
	const pain = ctx.pick('pain', PAINS);
	const initialStage = contact.properties.lifecyclestage!;

	// ---- fixture: the SDR's call notes on the contact, yesterday afternoon in the SDR's zone.
	const noteId = ctx.fixtureId('note:call');
	const noteAt = new Date(zonedToUtc(sdr.timeZone, addDays(day, -1), 15 * 60 + 40)).toISOString();
	const note = hubspotRow<{ id: string; properties: Record<string, string>; createdAt: string; updatedAt: string }>('notes', '320001');
	note.id = noteId;
	note.properties = {
		hs_timestamp: noteAt,
		hs_note_body: `Discovery call with ${prospect.firstName}: qualified. Pain: ${pain}. Budget is there for this year and ${prospect.firstName} wants to see it with the account team next. ${prospect.firstName} works from ${prospect.geo.city}, ${prospect.geo.country}.`,
		hubspot_owner_id: sdr.id,
		createdate: noteAt,
		hs_lastmodifieddate: noteAt,
		hs_object_id: noteId
	};
	note.createdAt = noteAt;
	note.updatedAt = noteAt;
	const noteAssoc = {
		id: `202:${noteId}:${prospect.id}`,
		fromObjectType: 'notes',
		fromObjectId: noteId,
		toObjectType: 'contacts',
		toObjectId: prospect.id,
		associationCategory: 'HUBSPOT_DEFINED',
		associationTypeId: 202
	};

	// ---- verifier building blocks
	const newDeals = `([$initial.hubspot.deals[].id]) as $old | [.hubspot.deals[] | select(.properties.dealname == ${jq(dealName)} and ((.id as $i | $old | index($i)) | not))]`;
	const linked = (type2: string, id: string) =>
		`(.id as $d | [$s.hubspot.associations[] | select((.fromObjectType == "deals" and .fromObjectId == $d and .toObjectType == ${jq(type2)} and .toObjectId == ${jq(id)}) or (.toObjectType == "deals" and .toObjectId == $d and .fromObjectType == ${jq(type2)} and .fromObjectId == ${jq(id)}))] | length > 0)`;
	const sdrRe = `\\b${sdr.lastName}\\b`;
	const creditNote = `(.id as $d | ([$s.hubspot.associations[] | select(.fromObjectType == "notes" and .toObjectType == "deals" and .toObjectId == $d) | .fromObjectId] + [$s.hubspot.associations[] | select(.fromObjectType == "deals" and .fromObjectId == $d and .toObjectType == "notes") | .toObjectId]) as $n | [$s.hubspot.notes[] | select((.id | IN($n[])) and ((.properties.hs_note_body // "") | test(${jq(sdrRe)}; "i")))] | length > 0)`;
	const events = jqNewCalendlyEventsFor([prospect.workEmail.toLowerCase(), prospect.workEmail], type.uri);
	const anyNewEvents = `([.calendly.invitees[] | select(.status == "active" and ((.email | ascii_downcase) == ${jq(prospect.workEmail.toLowerCase())})) | .event] | unique) as $ev | ([$initial.calendly.scheduled_events[].uri]) as $old | [.calendly.scheduled_events[] | select(.status == "active" and (.uri as $u | $ev | index($u)) and ((.uri as $u | $old | index($u)) | not))]`;
	const ownersOf = (table: string, except: string | null) =>
		`($initial.hubspot.${table} | map({key: .id, value: .properties.hubspot_owner_id}) | from_entries) as $o | [.hubspot.${table}[] | select(.id != ${jq(except ?? '')} and (.id as $i | $o | has($i)) and .properties.hubspot_owner_id != $o[.id]) | .id]`;

	// ---- mutant building blocks (patches of the oracle's final state)
	const setDeal = (assign: string) => `${newDeals} as $nd | ($nd | map(.id)) as $ids | .hubspot.deals |= map(if (.id | IN($ids[])) then ${assign} else . end)`;
	const moveEvent = (ms: number) =>
		`${events} as $e | ($e | map(.uri)) as $u | .calendly.scheduled_events |= map(if (.uri | IN($u[])) then .start_time = ${jq(calendlyMicros(ms))} | .end_time = ${jq(calendlyMicros(ms + 30 * MIN))} else . end)`;
	const otherPair = pairs.find((p) => p.sdr.id === sdr.id && p.ae.id !== ae.id);
	const sdrDiscovery = cal.event_types.find(
		(t) => t.name === 'Discovery Call (30 min)' && t.active && !t.deleted_at && t.pooling_type === null && t.profile?.owner === calUri(sdr)
	);
	if (!sdrDiscovery) throw new TemplateError(`${SLUG}: ${sdrName} has no Discovery Call`);
	const retype = (uri: string) =>
		`${events} as $e | ($e | map(.uri)) as $u | .calendly.scheduled_events |= map(if (.uri | IN($u[])) then .event_type = ${jq(uri)} else . end)`;
	const otherAe = otherPair?.ae ?? ctx.user(ae.id === '1003' ? '1009' : '1003');

	const dayList = days.map(dayName);
	const dayText = `${dayList[0]}, ${dayList[1]} or ${dayList[2]}`;
	const lifecycleOracle = 'Opportunity';
	const noteText = `Sourced and qualified by ${sdrName} (SDR); handed off to ${aeName} on the collective handoff call.`;
	const typeUuid = type.uri.slice(type.uri.lastIndexOf('/') + 1);
	const book = calendlyBookActions({ typeUuid, tz: zone, start: expected, name: pName, email: prospect.workEmail });
	const hsContact = [{ goto: `/hubspot/contacts/${prospect.id}` }, { wait_for: { role: 'heading', name: pName } }];

	return {
		title: `SDR → AE handoff: ${sdrName} hands ${pName} (${companyName}) to the account owner (${spokenDate(clock, sdr.timeZone)})`,
		goal:
			`"${HANDOFF}" of ${sdrName} + ${aeName} (${type.slug}) booked for ${pName} at ${new Date(expected).toISOString()} (${hhmm(zone, expected)} in ${zone}); ` +
			`${pName} owned by ${aeName}, lifecycle Sales Qualified Lead or Opportunity (was ${initialStage}); one deal "${dealName}" at Appointment Scheduled, amount ${amount}, ` +
			`close date ${closeDate}, owner ${aeName}, on the contact and ${companyName}, with a note naming ${sdrName}.`,
		prompt: [
			`I qualified ${pName} at ${companyName} yesterday; my call notes are on the HubSpot contact. Time to hand ${prospect.firstName} to the account team.`,
			`Book our "${HANDOFF}" with me and the account owner of ${companyName} for ${pName} (${prospect.workEmail}) at the earliest time when we are both free and the whole meeting is between 10:00 and 16:00 in ${prospect.firstName}'s time zone, on ${dayText}.`,
			`Then hand off in HubSpot:`,
			`- the account owner becomes the contact owner, and the lifecycle stage follows our rules of engagement;`,
			`- create a deal "${dealName}" in the Sales Pipeline at Appointment Scheduled, amount ${amount}, closing on the last day of next quarter, owned by the account owner and associated with ${prospect.firstName} and ${companyName};`,
			`- credit me on the deal with a note that names me as the SDR.`
		].join('\n'),
		start_path: `/hubspot/contacts/${prospect.id}`,
		clock,
		actors: { hubspot: sdr.id, calendly: sdr.id },
		fixtures: { hubspot: { notes: [note], associations: [noteAssoc] } },
		steps: [
			{
				platform: 'hubspot' as const,
				objective: `Read the call notes; ${aeName} (the owner of ${companyName}) becomes contact owner; create "${dealName}" with the SDR credit note.`,
				actions: [
					...hsContact,
					...hubspotEditContactActions({ owner: aeName, lifecycle: lifecycleOracle }),
					{ goto: '/hubspot/deals' },
					{ click: { role: 'button', name: 'Create deal' } },
					{ fill: { label: 'Deal name', value: dealName } },
					{ click: { role: 'combobox', name: 'Pipeline' } },
					{ click: { role: 'option', name: 'Sales Pipeline' } },
					{ click: { role: 'combobox', name: 'Deal stage' } },
					{ click: { role: 'option', name: 'Appointment Scheduled' } },
					{ fill: { label: 'Amount', value: String(amount) } },
					{ fill: { label: 'Close date', value: closeDate } },
					{ click: { role: 'combobox', name: 'Deal owner' } },
					{ click: { role: 'option', name: aeName } },
					{ fill: { label: 'Search contacts to associate', value: pName } },
					{ click: { role: 'button', name: `${pName} (${prospect.workEmail.toLowerCase()})` } },
					{ fill: { label: 'Search companies to associate', value: companyName } },
					{ click: { role: 'button', name: `${companyName} (${company.domain})` } },
					{ click: { role: 'button', name: 'Create' } },
					{ wait_for: { text: `Deal ${dealName} created` } },
					{ click: { role: 'link', name: dealName } },
					{ wait_for: { role: 'heading', name: dealName } },
					{ click: { role: 'button', name: 'Note' } },
					{ fill: { role: 'textbox', name: 'Note', value: noteText } },
					{ click: { role: 'button', name: 'Save note' } },
					{ wait_for: { text: noteText } }
				],
				verifiers: [
					{
						id: 'contact-owner-ae',
						description: `${pName} is owned by ${aeName}, the account owner of ${companyName}`,
						query: `[.hubspot.contacts[] | select(.id == ${jq(prospect.id)}) | .properties.hubspot_owner_id]`,
						op: 'eq' as const,
						expected: [ae.id]
					},
					{
						id: 'lifecycle-forward',
						description: `${pName}'s lifecycle moved forward from ${initialStage} to Sales Qualified Lead or Opportunity (R2)`,
						query: `[.hubspot.contacts[] | select(.id == ${jq(prospect.id)}) | .properties.lifecyclestage] | if length == 1 then .[0] else "contacts: \\(length)" end`,
						op: 'in' as const,
						expected: ['salesqualifiedlead', 'opportunity']
					},
					{
						id: 'one-deal',
						description: `exactly one new deal "${dealName}"`,
						query: `${newDeals} | length`,
						op: 'eq' as const,
						expected: 1
					},
					{
						id: 'deal-stage',
						description: 'in the Sales Pipeline at Appointment Scheduled',
						query: `${newDeals} | map([.properties.pipeline, .properties.dealstage])`,
						op: 'eq' as const,
						expected: [['default', 'appointmentscheduled']]
					},
					{
						id: 'deal-amount',
						description: `amount ${amount}`,
						query: `${newDeals} | map(.properties.amount | tonumber?)`,
						op: 'eq' as const,
						expected: [amount]
					},
					{
						id: 'deal-close-date',
						description: `closing on the last day of next quarter (${closeDays} days after the clock's date)`,
						query: `${newDeals} | map(((.properties.closedate | local_date("UTC")) + "T00:00:00Z" | iso_to_epoch) - (${jq(`${clockDate}T00:00:00Z`)} | iso_to_epoch) | . / 86400)`,
						op: 'eq' as const,
						expected: [closeDays]
					},
					{
						id: 'deal-owner-ae',
						description: `owned by ${aeName}`,
						query: `${newDeals} | map(.properties.hubspot_owner_id)`,
						op: 'eq' as const,
						expected: [ae.id]
					},
					{
						id: 'deal-on-contact',
						description: `associated with ${pName}`,
						query: `. as $s | ${newDeals} | map(${linked('contacts', prospect.id)})`,
						op: 'eq' as const,
						expected: [true]
					},
					{
						id: 'deal-on-company',
						description: `associated with ${companyName}`,
						query: `. as $s | ${newDeals} | map(${linked('companies', company.id)})`,
						op: 'eq' as const,
						expected: [true]
					},
					{
						id: 'sdr-credited',
						description: `a note on the deal names ${sdrName}`,
						query: `. as $s | ${newDeals} | map(${creditNote})`,
						op: 'eq' as const,
						expected: [true]
					},
					{
						id: 'no-other-owner-changes',
						description: 'no other contact, company or deal changed owner',
						query: `[(${ownersOf('contacts', prospect.id)}), (${ownersOf('companies', null)}), (${ownersOf('deals', null)})] | add`,
						op: 'eq' as const,
						expected: [],
						weight: 0,
						holds_at_reset: true
					}
				]
			},
			{
				platform: 'calendly' as const,
				objective: `Book "${HANDOFF}" (${type.slug}) for ${pName} at the first slot both are free, 10:00–16:00 ${zone}.`,
				actions: book,
				verifiers: [
					{
						id: 'handoff-booked',
						description: `one new "${HANDOFF}" of ${sdrName} + ${aeName} with ${pName}`,
						query: `${events} | length`,
						op: 'eq' as const,
						expected: 1
					},
					{
						id: 'handoff-slot',
						description: `at the first common slot in ${pName}'s window: ${localTime(zone, expected).date} ${hhmm(zone, expected)} ${zone}`,
						query: `${events} | map(.start_time | iso_to_epoch)`,
						op: 'eq' as const,
						expected: [expected / 1000]
					},
					{
						id: 'both-hosts',
						description: `both ${sdrName} and ${aeName} host it`,
						query: `${events} | map([.event_memberships[].user] | sort)`,
						op: 'eq' as const,
						expected: [[calUri(sdr), calUri(ae)].sort()]
					},
					{
						id: 'no-other-booking',
						description: `${pName} gets no other meeting`,
						query: `${anyNewEvents} | map(select(.event_type != ${jq(type.uri)})) | length`,
						op: 'eq' as const,
						expected: 0,
						weight: 0,
						holds_at_reset: true
					}
				]
			}
		],
		mutants: [
			{
				id: 'not-booked',
				description: 'does the HubSpot handoff but never books the handoff call',
				kind: 'step_skipped' as const,
				patch: `${events} as $e | ($e | map(.uri)) as $u | .calendly.scheduled_events |= map(select((.uri | IN($u[])) | not)) | .calendly.invitees |= map(select((.event | IN($u[])) | not))`
			},
			{
				id: 'second-slot',
				description: 'books a later slot of the window, not the earliest',
				kind: 'wrong_time' as const,
				patch: moveEvent(second)
			},
			{
				id: 'host-zone-window',
				description: hostZoneStart ? "reads 10:00–16:00 in a host's zone instead of the prospect's" : 'is one hour off across the daylight-saving switch',
				kind: 'wrong_zone' as const,
				patch: moveEvent(wrongZoneStart)
			},
			{
				id: 'sdr-discovery-call',
				description: `books ${sdrName}'s own Discovery Call instead of the collective handoff`,
				kind: 'decoy' as const,
				patch: retype(sdrDiscovery.uri)
			},
			...(otherPair
				? [
						{
							id: 'other-pair',
							description: `books ${sdrName}'s handoff with ${fullName(otherPair.ae)} (another AE) and hands the contact to them`,
							kind: 'decoy' as const,
							patch: `${retype(otherPair.type.uri)} | .hubspot.contacts |= map(if .id == ${jq(prospect.id)} then .properties.hubspot_owner_id = ${jq(otherPair.ae.id)} else . end)`
						}
					]
				: []),
			{
				id: 'owner-kept',
				description: `leaves ${sdrName} as contact owner`,
				kind: 'step_skipped' as const,
				patch: `.hubspot.contacts |= map(if .id == ${jq(prospect.id)} then .properties.hubspot_owner_id = ${jq(sdr.id)} else . end)`
			},
			{
				id: 'wrong-ae',
				description: `hands the contact and the deal to ${fullName(otherAe)}, not the account owner`,
				kind: 'wrong_owner' as const,
				patch: `.hubspot.contacts |= map(if .id == ${jq(prospect.id)} then .properties.hubspot_owner_id = ${jq(otherAe.id)} else . end) | ${setDeal(`.properties.hubspot_owner_id = ${jq(otherAe.id)}`)}`
			},
			{
				id: 'company-reassigned',
				description: `also reassigns ${companyName} itself`,
				kind: 'collateral' as const,
				patch: `.hubspot.companies |= map(if .id == ${jq(company.id)} then .properties.hubspot_owner_id = ${jq(sdr.id)} else . end)`
			},
			{
				id: 'lifecycle-kept',
				description: `leaves the lifecycle at ${initialStage}`,
				kind: 'step_skipped' as const,
				patch: `.hubspot.contacts |= map(if .id == ${jq(prospect.id)} then .properties.lifecyclestage = ${jq(initialStage)} else . end)`
			},
			{
				id: 'lifecycle-customer',
				description: 'jumps the lifecycle to Customer',
				kind: 'wrong_value' as const,
				patch: `.hubspot.contacts |= map(if .id == ${jq(prospect.id)} then .properties.lifecyclestage = "customer" else . end)`
			},
			{
				id: 'no-deal',
				description: 'hands off the contact without creating the deal',
				kind: 'step_skipped' as const,
				patch: `${newDeals} as $nd | ($nd | map(.id)) as $ids | .hubspot.deals |= map(select((.id | IN($ids[])) | not))`
			},
			{
				id: 'deal-twice',
				description: 'creates the deal twice',
				kind: 'duplicate_created' as const,
				patch: `${newDeals} as $nd | .hubspot.deals += [$nd[0] | .id = "990999" | .properties.hs_object_id = "990999"]`
			},
			{
				id: 'stage-qualified',
				description: 'puts the deal at Qualified To Buy',
				kind: 'wrong_value' as const,
				patch: setDeal('.properties.dealstage = "qualifiedtobuy"')
			},
			{
				id: 'amount-thousands',
				description: `types the amount in thousands (${amount / 1000})`,
				kind: 'wrong_value' as const,
				patch: setDeal(`.properties.amount = ${jq(String(amount / 1000))}`)
			},
			{
				id: 'close-this-quarter',
				description: 'closes at the end of this quarter',
				kind: 'wrong_value' as const,
				patch: setDeal(`.properties.closedate = ${jq(`${thisQuarterEnd}T00:00:00.000Z`)}`)
			},
			{
				id: 'deal-owned-by-sdr',
				description: `leaves the deal owned by ${sdrName}`,
				kind: 'wrong_owner' as const,
				patch: setDeal(`.properties.hubspot_owner_id = ${jq(sdr.id)}`)
			},
			{
				id: 'deal-without-company',
				description: `never associates the deal with ${companyName}`,
				kind: 'required_missing' as const,
				patch: `${newDeals} as $nd | ($nd | map(.id)) as $ids | .hubspot.associations |= map(select(((.fromObjectType == "deals" and (.fromObjectId | IN($ids[])) and .toObjectType == "companies") or (.toObjectType == "deals" and (.toObjectId | IN($ids[])) and .fromObjectType == "companies")) | not))`
			},
			{
				id: 'deal-without-contact',
				description: `never associates the deal with ${pName}`,
				kind: 'required_missing' as const,
				patch: `${newDeals} as $nd | ($nd | map(.id)) as $ids | .hubspot.associations |= map(select(((.fromObjectType == "deals" and (.fromObjectId | IN($ids[])) and .toObjectType == "contacts") or (.toObjectType == "deals" and (.toObjectId | IN($ids[])) and .fromObjectType == "contacts")) | not))`
			},
			{
				id: 'credit-to-ae',
				description: `the note credits ${aeName} instead of the SDR`,
				kind: 'required_missing' as const,
				patch: `.hubspot.notes |= map(if (.properties.hs_note_body // "") == ${jq(noteText)} then .properties.hs_note_body = ${jq(`Handed off to ${aeName}.`)} else . end)`
			},
			{
				id: 'everyone-reassigned',
				description: `reassigns every ${sdrName} contact at ${companyName} to ${aeName}`,
				kind: 'collateral' as const,
				patch: `.hubspot.contacts |= map(if .id != ${jq(prospect.id)} and .properties.hubspot_owner_id == ${jq(sdr.id)} then .properties.hubspot_owner_id = ${jq(ae.id)} else . end)`
			},
			{
				id: 'also-discovery-call',
				description: `books ${sdrName}'s Discovery Call for ${pName} on top of the handoff`,
				kind: 'collateral' as const,
				patch: `${events} as $e | .calendly.scheduled_events += [$e[0] | .uri = (.uri + "x") | .event_type = ${jq(sdrDiscovery.uri)}] | .calendly.invitees += [(.calendly.invitees[] | select(.event == $e[0].uri)) | .uri = (.uri + "x") | .event = ($e[0].uri + "x")]`
			}
		],
		alternatives: [
			{
				id: 'lifecycle-sql',
				description: 'moves the lifecycle to Sales Qualified Lead (the meeting is booked) rather than Opportunity',
				patch: `.hubspot.contacts |= map(if .id == ${jq(prospect.id)} then .properties.lifecyclestage = "salesqualifiedlead" else . end)`
			},
			{
				id: 'credit-in-other-words',
				description: 'words the credit note its own way (last name only, lower case)',
				patch: `.hubspot.notes |= map(if (.properties.hs_note_body // "") == ${jq(noteText)} then .properties.hs_note_body = ${jq(`sdr credit: ${sdr.lastName.toLowerCase()}`)} else . end)`
			},
			{
				id: 'book-first-deal-from-contact',
				description: 'books the handoff first, then creates the deal from the contact record and finishes it on the deal record',
				steps: [
					{ platform: 'calendly' as const, actions: book },
					{
						platform: 'hubspot' as const,
						actions: [
							...hsContact,
							...hubspotEditContactActions({ owner: aeName, lifecycle: 'Sales Qualified Lead' }),
							{ click: { role: 'button', name: 'Add deals' } },
							{ click: { role: 'tab', name: 'Create new' } },
							{ fill: { label: 'Deal name', value: dealName } },
							{ click: { role: 'combobox', name: 'Pipeline' } },
							{ click: { role: 'option', name: 'Sales Pipeline' } },
							{ click: { role: 'combobox', name: 'Deal stage' } },
							{ click: { role: 'option', name: 'Appointment Scheduled' } },
							{ fill: { label: 'Amount', value: String(amount) } },
							{ fill: { label: 'Close date', value: closeDate } },
							{ click: { role: 'button', name: 'Create' } },
							{ wait_for: { role: 'link', name: dealName } },
							{ click: { role: 'link', name: dealName } },
							{ wait_for: { role: 'heading', name: dealName } },
							{ click: { role: 'button', name: 'Edit Deal owner' } },
							{ click: { role: 'combobox', name: 'Deal owner' } },
							{ click: { role: 'option', name: aeName } },
							{ click: { role: 'button', name: 'Save' } },
							{ wait_for: { text: 'Deal saved' } },
							{ click: { role: 'button', name: 'Add companies' } },
							{ fill: { label: 'Search companies', value: companyName } },
							{ check: { label: companyName } },
							{ click: { role: 'button', name: 'Save' } },
							{ wait_for: { role: 'link', name: companyName } },
							{ click: { role: 'button', name: 'Note' } },
							{ fill: { role: 'textbox', name: 'Note', value: `SDR: ${sdrName}` } },
							{ click: { role: 'button', name: 'Save note' } },
							{ wait_for: { text: `SDR: ${sdrName}` } }
						]
					}
				]
			}
		]
	};
}

const template: Template = {
	meta: {
		slug: SLUG,
		version: 1,
		title: 'SDR → AE handoff: book the collective handoff call, hand the contact to the account owner, open the deal',
		platforms: ['hubspot', 'calendly'],
		category: 'outbound',
		business_function: 'opportunity creation & pipeline progression',
		anomalies: [],
		traps: ['tz_dst', 'lifecycle_forward'],
		pinned: [1, 2, 3, 4]
	},
	build
};

export default template;
