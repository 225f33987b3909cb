/**
 * T2 · or-ca-reply-to-booking (tier 2, inbound, lead qualification & scheduling): three prospects answered the
 * acting rep's Outreach sequences asking for a call, each proposing two times in their own time zone. The rep books
 * each one on their own Calendly "Discovery Call (30 min)" at the first proposed time the booking page really offers
 * (taken times and working hours decide, as Calendly's availability does), falling back, when none of a prospect's
 * times works, to the rep's first offered slot on the next business day after the day they asked for, between 09:00
 * and 17:00 the prospect's time (the call ending by 17:00). The invitee is booked in their own zone. Then, in
 * Outreach, each prospect's state on the sequence they answered is finished (kept, not removed: Outreach's
 * "Finish" action on a sequenceState) and their stage set to Interested.
 *
 * Bindings: a planted near double booking of a rep (two of their calls back to back or 5 minutes apart) that takes
 * at least one slot the rep's Discovery Call would otherwise offer; the clock is the business day before, 10:00 the
 * rep's time. Three Outreach prospects (deliverable, not opted out, not live in any sequence, not yet Interested)
 * who work in zones the booking page offers, other than the rep's, in at least two zones:
 * - "blocked": first proposes a slot the near double booking takes (the calendar looks free at the end of the first
 *   call), then a time the page offers;
 * - "first works": both proposals are offered; the first one counts;
 * - "none works": both proposals are on one day and not offered (taken or outside the rep's hours); the fallback
 *   applies.
 * Seeds take the eligible pairs in manifest order (seed n → the n-th pair, cyclically). Every expected slot comes
 * from the Calendly replica's own solver (`solverInputOf` + `availableSlots` over the projected seed tables), and
 * each prospect's outcome is checked not to depend on the order of the three bookings (the other two bookings added
 * as busy time give the same slot). The clock sits in the 2026 DST gap for most pairs (the US has moved, Europe
 * not), so the usual offset between a European prospect and a US rep is off by an hour.
 * Decoys: the proposal the near double booking takes, the same wall time in the rep's zone, a same-day fallback,
 * the prospect's zone left at the rep's, the pair's calls (cancelling one to make room is collateral damage).
 *
 * Simplified from the catalogue: the Outreach replica stores no reply text (mailings carry the rep's emails and a
 * `repliedAt`, as Outreach's API `mailing` does), so the prompt quotes the three replies; the replied mailing is a
 * fixture, and so is each prospect's still-active state (Outreach would finish it on a reply the sequence's
 * "finish" reply action caught: the anomaly is a reply it did not catch). Discovery Calls have no buffers in the
 * replica's seed, so "free" is the booking page's offer (taken times, hours, minimum notice). The fallback day and
 * hours are stated in the prompt (the catalogue leaves "within their working hours" to the rep). The Outreach
 * stage and the finish are one step after the bookings in the prompt; no order between the tools is verified
 * (the invitee email ties each booking to its reply).
 */
import { project as calendlyProject } from '../../gyms/calendly/seed';
import type { CalendlyState } from '../../gyms/calendly/schema';
import { solverInputOf } from '../../gyms/calendly/api/availability';
import { availableSlots, type SolveInput } from '../../gyms/calendly/slots';
import { addDays, localTime, weekdayOf, zonedToUtc } from '../../gyms/calendly/tz';
import { BOOKING_PAGE_ZONES } from '../../gyms/calendly/contract';
import { ACTIVE_LIKE } from '../../gyms/outreach/api/sequencing';
import { project as outreachProject } from '../../gyms/outreach/seed';
import type { Meeting, Person, World } from '../../seeds/world';
import { TemplateError, type InstanceContext, type Template } from './kit';
import { calendlyBookActions, calendlyMicros, calendlySizeChoice, jq, jqList, jqNewCalendlyEventsFor, spokenDate, calendlyTimeLabel } from './_gym-rows';

const SLUG = 'or-ca-reply-to-booking';
const DISCOVERY = 'Discovery Call (30 min)';
const MIN = 60_000;
const DAY = 86_400_000;
/** Outreach stage ids (the replica org's default stages). */
const INTERESTED = '402004';
/** Prospecting sequences a rep's cold email goes out from (shared, enabled, first step an auto email). */
const SEQUENCES = ['VP Sales – Cold', 'Outbound – RevOps', 'Re-engage – 3 touch'];

type OrRow = { id: string; attributes: Record<string, unknown>; relationships: Record<string, { data: { type: string; id: string } | null }> };
type Solver = Omit<SolveInput, 'range'>;

/** Memoized projections of the world (pure; the same world object every call). */
const projections = new WeakMap<World, { cal: CalendlyState; or: Record<string, OrRow[]> }>();
function projected(world: World) {
	let p = projections.get(world);
	if (!p) {
		p = { cal: calendlyProject(world), or: outreachProject(world) as unknown as Record<string, OrRow[]> };
		projections.set(world, p);
	}
	return p;
}

/** The host's Discovery Call and its solver input at `now` (the replica's own `solverInputOf`). */
function discoveryOf(cal: CalendlyState, email: string, now: number): { uri: string; zone: string; hostUri: string; input: Solver } {
	const user = cal.users.find((u) => u.email === email);
	const type = user && cal.event_types.find((t) => t.profile?.owner === user.uri && t.name === DISCOVERY);
	const solver = type && solverInputOf(cal, type, now);
	if (!user || !type || !solver) throw new TemplateError(`${SLUG}: no ${DISCOVERY} for ${email}`);
	return { uri: type.uri, zone: solver.input.hosts[0]!.timezone, hostUri: user.uri, input: solver.input };
}

/** Offered starts (epoch ms) in [from, to), with extra busy spans and without the busy events `drop`. */
function offered(input: Solver, from: number, to: number, extraBusy: number[] = [], drop: string[] = []): number[] {
	const hosts = input.hosts.map((h) => ({
		...h,
		busy: [...h.busy.filter((b) => !drop.includes(b.event ?? '')), ...extraBusy.map((s) => ({ start: s, end: s + 30 * MIN }))]
	}));
	return availableSlots({ ...input, hosts, range: { start: from, end: to } }).map((s) => s.start);
}

/** The next business day (Mon–Fri) after `date`. */
function nextBusinessDay(date: string): string {
	let d = addDays(date, 1);
	while ([0, 6].includes(weekdayOf(d))) d = addDays(d, 1);
	return d;
}
/** The business day before `date`. */
function prevBusinessDay(date: string): string {
	let d = addDays(date, -1);
	while ([0, 6].includes(weekdayOf(d))) d = addDays(d, -1);
	return d;
}

/** A zone as a rep says it: "London time", "New York time". */
const zoneWords = (zone: string) => `${zone.split('/').pop()!.replace(/_/g, ' ')} time`;
/** Wall time "HH:MM" of minutes after midnight. */
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
/** The local date-time text `local_datetime` gives for epoch `ms` in `zone`. */
const localDateTime = (zone: string, ms: number) => {
	const l = localTime(zone, ms);
	return `${l.date}T${hhmm(l.minutes)}:00`;
};
/**
 * What the slot checks read of a start (J6): [weekday, wall time] in `zone`, and whole days after the task's clock
 * `now` (its start, written into the query: `$now` is the run's clock at verification, which every write moves on,
 * so a slot at the clock's time of day would count one day less).
 */
const slotKeyAt = (now: number) => (zone: string, ms: number) => {
	const l = localTime(zone, ms);
	const day = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'long' }).format(new Date(ms));
	return [day, hhmm(l.minutes), Math.floor((ms - now) / DAY)];
};
/** A proposal as a prospect writes it: "Monday, March 9 at 2:00pm". */
const spoken = (zone: string, ms: number) => `${spokenDate(new Date(ms).toISOString(), zone)} at ${calendlyTimeLabel(zone, ms)}`;

type Role = 'blocked' | 'first' | 'none';
interface Plan {
	role: Role;
	person: Person;
	zone: string;
	proposals: [number, number];
	expected: number;
}

function build(ctx: InstanceContext) {
	const { world } = ctx;
	const { cal, or } = projected(world);
	const meetingById = new Map(world.meetings.map((m) => [m.id, m]));
	const prospectIds = new Set(or.prospects!.map((p) => p.id));
	const live = new Set(or.sequenceStates!.filter((s) => ACTIVE_LIKE.has(String(s.attributes.state))).map((s) => s.relationships.prospect!.data!.id));
	const stageOf = (id: string) => or.prospects!.find((p) => p.id === id)!.relationships.stage?.data?.id ?? null;
	const eventOf = (m: Meeting) =>
		cal.scheduled_events.find(
			(e) =>
				e.status === 'active' &&
				Date.parse(e.start_time) === Date.parse(m.startAt) &&
				e.event_memberships.some((x) => x.user_email === ctx.user(m.hostIds[0]!).email)
		);

	/** Everything an eligible pair fixes, with the clock `round` business days earlier: host, clock, Discovery Call, the slots the pair takes. */
	const setupOf = (a: World['anomalies'][number], round: number) => {
		const ms = a.meetingIds.map((id) => meetingById.get(id)!).sort((x, y) => (x.startAt < y.startAt ? -1 : 1)) as [Meeting, Meeting];
		if (ms[0].hostIds.length !== 1 || ms[0].hostIds[0] !== ms[1].hostIds[0]) return null;
		const hostId = ms[0].hostIds[0]!;
		const host = ctx.user(hostId);
		const evs = ms.map(eventOf);
		if (evs.some((e) => !e)) return null;
		const pairDay = localTime(host.timeZone, Date.parse(ms[0].startAt)).date;
		let clockDay = prevBusinessDay(pairDay);
		for (let r = 0; r < round; r++) clockDay = prevBusinessDay(clockDay);
		const now = zonedToUtc(host.timeZone, clockDay, 10 * 60);
		const dc = discoveryOf(cal, host.email, now);
		const from = zonedToUtc(dc.zone, pairDay, 0);
		const to = zonedToUtc(dc.zone, addDays(pairDay, 5), 0);
		const withPair = new Set(offered(dc.input, from, to));
		const taken = offered(
			dc.input,
			from,
			to,
			[],
			evs.map((e) => e!.uri)
		).filter((s) => !withPair.has(s));
		if (!taken.length) return null;
		return { hostId, host, ms, evs: evs.map((e) => e!), pairDay, now, dc, taken };
	};
	// Seed n → the n-th eligible pair (cyclically); each later round over the pairs moves the clock a business day back.
	const pairs = world.anomalies.filter((a) => a.kind === 'near_double_booking' && a.meetingIds.length === 2 && setupOf(a, 0) !== null);
	if (!pairs.length) throw new TemplateError(`${SLUG}: no near double booking takes an offered Discovery Call slot`);
	const setup = setupOf(pairs[(ctx.seed - 1) % pairs.length]!, Math.floor((ctx.seed - 1) / pairs.length));
	if (!setup) throw new TemplateError(`${SLUG}@${ctx.seed}: the pair takes no offered slot at this clock`);
	const { host, hostId, dc, now, pairDay, taken } = setup;
	const hostName = `${host.firstName} ${host.lastName}`;
	const pairPeople = new Set(setup.ms.flatMap((m) => m.personIds));
	const horizon = zonedToUtc(dc.zone, addDays(pairDay, 8), 0);
	const allOffered = offered(dc.input, now, horizon);
	const offeredSet = new Set(allOffered);

	/** Candidate proposal times of `zone` on its local date `date`: :00 and :30 from 08:00 to 17:00 local. */
	const gridOf = (zone: string, date: string) => Array.from({ length: 19 }, (_, i) => zonedToUtc(zone, date, 8 * 60 + i * 30)).filter((t) => t > now);
	const fallbackOf = (zone: string, day: string, extra: number[] = []) => {
		const next = nextBusinessDay(day);
		const from = zonedToUtc(zone, next, 9 * 60);
		const to = zonedToUtc(zone, next, 17 * 60);
		return offered(dc.input, now, horizon, extra).find((t) => t >= from && t + 30 * MIN <= to);
	};

	const near = (t: number, xs: readonly number[]) => xs.some((x) => Math.abs(x - t) < 30 * MIN);
	const inDay = (zone: string, t: number) => {
		const l = localTime(zone, t);
		return l.minutes >= 8 * 60 && l.minutes <= 17 * 60 && l.weekday >= 1 && l.weekday <= 5;
	};

	/** The plan of one role for a person in `zone`, its times clear of `avoid`; null when the world gives it none. */
	const planFor = (role: Role, zone: string, avoid: readonly number[]): Omit<Plan, 'person'> | null => {
		const days = [pairDay, nextBusinessDay(pairDay)];
		if (role === 'blocked') {
			// The last slot the pair takes (it looks free where the first call ends), then a later offered time.
			const b = [...taken].reverse().find((t) => inDay(zone, t) && !near(t, avoid));
			if (b === undefined) return null;
			const f = allOffered.find((t) => t >= b + 2 * 60 * MIN && inDay(zone, t) && localTime(zone, t).minutes % 30 === 0 && !near(t, avoid));
			return f === undefined ? null : { role, zone, proposals: [b, f], expected: f };
		}
		if (role === 'first') {
			const grid = days.flatMap((d) => gridOf(zone, d)).filter((t) => offeredSet.has(t) && !near(t, avoid));
			if (grid.length < 2) return null;
			const a = grid[Math.min(2, grid.length - 2)]!;
			const b = grid.find((t) => t >= a + 3 * 60 * MIN) ?? grid[grid.length - 1]!;
			return b === a ? null : { role, zone, proposals: [a, b], expected: a };
		}
		for (const d of days) {
			const grid = gridOf(zone, d).filter((t) => !offeredSet.has(t) && !near(t, avoid));
			const busy = grid.filter((t) => taken.includes(t));
			const hours = grid.filter((t) => !taken.includes(t) && localTime(dc.zone, t).minutes >= 6 * 60);
			const picks = busy.length
				? [busy[busy.length - 1]!, hours.find((t) => Math.abs(t - busy[busy.length - 1]!) >= 60 * MIN)]
				: hours.slice(0, 1).concat(hours.slice(-1));
			const [p, q] = picks;
			if (p === undefined || q === undefined || p === q) continue;
			const proposals = (p < q ? [p, q] : [q, p]) as [number, number];
			const fb = fallbackOf(zone, d);
			if (fb !== undefined && !near(fb, avoid)) return { role, zone, proposals, expected: fb };
		}
		return null;
	};
	/** What the rule gives for `proposals` in `zone` when the rep's calendar also holds `extra` (30 min each). */
	const outcome = (plan: Omit<Plan, 'person'>, extra: number[]) => {
		const free = new Set(offered(dc.input, now, horizon, extra));
		return plan.proposals.find((t) => free.has(t)) ?? fallbackOf(plan.zone, localTime(plan.zone, plan.proposals[0]).date, extra);
	};
	const subsets = <T>(xs: T[]): T[][] => xs.reduce<T[][]>((acc, x) => acc.concat(acc.map((a) => [...a, x])), [[]]);

	const eligible = (p: Person) =>
		prospectIds.has(p.id) &&
		!live.has(p.id) &&
		!pairPeople.has(p.id) &&
		p.emailStatus === 'ok' &&
		p.previous === null &&
		BOOKING_PAGE_ZONES.includes(p.geo.timeZone) &&
		p.geo.timeZone !== dc.zone &&
		stageOf(p.id) !== INTERESTED &&
		!(or.prospects!.find((r) => r.id === p.id)!.attributes.optedOut as boolean);
	const pool = world.people.filter(eligible);
	const plans: Plan[] = [];
	// The fallback first (its slot is the rep's first of a day, which the others must leave alone), then the others.
	for (const role of ['none', 'blocked', 'first'] as Role[]) {
		const avoidOf = () => plans.flatMap((x) => [x.expected, ...x.proposals]);
		const person = ctx.pick(role, pool, (p) => {
			if (plans.some((x) => x.person.id === p.id || x.person.companyId === p.companyId)) return false;
			// At least two zones among the three.
			if (plans.length === 2 && plans[0]!.zone === plans[1]!.zone && p.geo.timeZone === plans[0]!.zone) return false;
			const plan = planFor(role, p.geo.timeZone, avoidOf());
			if (!plan) return false;
			// Outcomes that do not depend on the order of the bookings: any of the others booked first changes nothing.
			const all = [...plans, { ...plan, person: p }];
			return all.every((x) => subsets(all.filter((y) => y !== x).map((y) => y.expected)).every((extra) => outcome(x, extra) === x.expected));
		});
		plans.push({ ...planFor(role, person.geo.timeZone, avoidOf())!, person });
	}
	// The prompt lists them in the order of the roles drawn for the seed.
	plans.splice(0, plans.length, ...ctx.rng('order').shuffle(plans));

	// ---- Outreach fixtures: each prospect active on one of the rep's sequences, with the replied email.
	const seqs = ctx.rng('sequences').shuffle(or.sequences!.filter((s) => SEQUENCES.includes(String(s.attributes.name))));
	const mailbox = or.mailboxes!.find((m) => m.attributes.email === host.email)!;
	const iso = (ms: number) => new Date(ms).toISOString();
	const fixtures = plans.map((plan, i) => {
		const p = plan.person;
		const seq = seqs[i % seqs.length]!;
		const step1 = or.sequenceSteps!.find((s) => s.relationships.sequence!.data!.id === seq.id && s.attributes.order === 1)!;
		const sid = ctx.fixtureId(`state-${i}`);
		const mid = ctx.fixtureId(`mailing-${i}`);
		const sent = now - (5 + i) * DAY;
		const replied = now - (18 - i * 3) * 60 * MIN;
		const accountId = or.prospects!.find((r) => r.id === p.id)!.relationships.account?.data ?? null;
		const state = {
			type: 'sequenceState',
			id: sid,
			attributes: {
				state: 'active',
				stateChangedAt: iso(sent),
				activeAt: iso(sent),
				pauseReason: null,
				autoResumeAt: null,
				errorReason: null,
				repliedAt: iso(replied),
				callCompletedAt: null,
				deliverCount: 1,
				openCount: 1,
				clickCount: 0,
				replyCount: 1,
				bounceCount: 0,
				failureCount: 0,
				createdAt: iso(sent),
				updatedAt: iso(replied)
			},
			relationships: {
				prospect: { data: { type: 'prospect', id: p.id } },
				sequence: { data: { type: 'sequence', id: seq.id } },
				sequenceStep: { data: { type: 'sequenceStep', id: step1.id } },
				mailbox: { data: { type: 'mailbox', id: mailbox.id } },
				account: { data: accountId },
				creator: { data: { type: 'user', id: hostId } }
			}
		};
		const company = ctx.company(p.companyId);
		const body = `Hi ${p.firstName},\n\nWould a 30-minute call make sense to see how ${company.name} could use this?\n\n${host.firstName}`;
		const mailing = {
			type: 'mailing',
			id: mid,
			attributes: {
				subject: `${p.firstName}, a quick idea for ${company.name}`,
				bodyHtml: `<p>${body.split('\n\n').join('</p><p>')}</p>`,
				bodyText: body,
				mailingType: 'sequence',
				state: 'replied',
				scheduledAt: iso(sent),
				deliveredAt: iso(sent + MIN),
				openedAt: iso(sent + 90 * MIN),
				openCount: 1,
				clickedAt: null,
				clickCount: 0,
				repliedAt: iso(replied),
				bouncedAt: null,
				errorReason: null,
				mailboxAddress: host.email,
				trackLinks: true,
				trackOpens: true,
				followUpTaskType: null,
				createdAt: iso(sent),
				updatedAt: iso(replied)
			},
			relationships: {
				prospect: { data: { type: 'prospect', id: p.id } },
				mailbox: { data: { type: 'mailbox', id: mailbox.id } },
				sequence: { data: { type: 'sequence', id: seq.id } },
				sequenceState: { data: { type: 'sequenceState', id: sid } },
				sequenceStep: { data: { type: 'sequenceStep', id: step1.id } },
				template: { data: null }
			}
		};
		return { plan, seqName: String(seq.attributes.name), sid, state, mailing, company, stage: stageOf(p.id) };
	});

	const nameOf = (p: Person) => `${p.firstName} ${p.lastName}`;
	const replyText = (f: (typeof fixtures)[number]) => {
		const [a, b] = f.plan.proposals;
		return `${nameOf(f.plan.person)} (${f.company.name}), answering "${f.seqName}": "Happy to talk. Could we do ${spoken(f.plan.zone, a)} or ${spoken(f.plan.zone, b)}? Those are ${zoneWords(f.plan.zone)}."`;
	};
	const ids = fixtures.map((f) => f.sid);
	const newEvents = (f: (typeof fixtures)[number]) => jqNewCalendlyEventsFor([f.plan.person.workEmail], dc.uri);
	const newInvitees = (email: string) =>
		`([$initial.calendly.invitees[].uri]) as $old | [.calendly.invitees[] | select(.email == ${jq(email)} and .status == "active" and ((.uri as $u | $old | index($u)) | not))]`;
	const inviteeEvents = (email: string) => `[.calendly.invitees[] | select(.email == ${jq(email)} and .status == "active") | .event] as $evs`;
	const shiftEvent = (email: string, ms: number) =>
		`${inviteeEvents(email)} | ([$initial.calendly.scheduled_events[].uri]) as $old | .calendly.scheduled_events |= map(if ((.uri | IN($evs[])) and ((.uri as $u | $old | index($u)) | not)) then .start_time = "${calendlyMicros(ms)}" | .end_time = "${calendlyMicros(ms + 30 * MIN)}" else . end)`;
	const slotKey = slotKeyAt(now);
	const byRole = (r: Role) => fixtures.find((f) => f.plan.role === r)!;
	const blocked = byRole('blocked');
	const first = byRole('first');
	const none = byRole('none');
	const otherDc = cal.event_types.find((t) => t.name === DISCOVERY && t.uri !== dc.uri)!;
	const hostEvents = `[.calendly.scheduled_events[] | select(.status == "active" and (.event_memberships | map(.user) | index(${jq(dc.hostUri)})))]`;
	// The same wall time as the first proposal, read in the rep's zone.
	const hostWall = (f: (typeof fixtures)[number]) => {
		const l = localTime(f.plan.zone, f.plan.expected);
		return zonedToUtc(dc.zone, l.date, l.minutes);
	};
	const sameDayNone = offered(
		dc.input,
		none.plan.proposals[1],
		zonedToUtc(none.plan.zone, addDays(localTime(none.plan.zone, none.plan.proposals[1]).date, 1), 0)
	)[0];

	return {
		title: `Book the three prospects who replied to ${hostName}'s sequences (${spokenDate(new Date(now).toISOString(), dc.zone)})`,
		goal:
			fixtures
				.map(
					(f) =>
						`${nameOf(f.plan.person)} is booked on ${hostName}'s ${DISCOVERY} at ${localDateTime(f.plan.zone, f.plan.expected).replace('T', ' ').slice(0, 16)} ${f.plan.zone} (${f.plan.role === 'none' ? 'none of their times is free: the next business day fallback' : f.plan.role === 'blocked' ? 'their first time is taken by the near double booking: their second' : 'their first time'}), invitee zone ${f.plan.zone}; their "${f.seqName}" state is finished and their stage Interested`
				)
				.join('; ') + '. Nothing else changes.',
		prompt:
			`Three prospects replied to my sequences asking for a call. Each proposed times in their own time zone:\n` +
			fixtures.map((f) => `- ${replyText(f)}`).join('\n') +
			`\nBook each one a ${DISCOVERY} with me at the first time they proposed that I'm actually free, with the invite in their own time zone. ` +
			`If none of their times work, take my first free slot on the next business day after the day they asked for, between 9am and 5pm their time (the call ending by 5pm). ` +
			`Then, in Outreach, finish each of them in the sequence they replied to (keep the history) and set their stage to Interested. Don't touch anything else.`,
		start_path: '/outreach/prospects',
		clock: new Date(now).toISOString(),
		actors: { outreach: hostId, calendly: hostId },
		fixtures: { outreach: { sequenceStates: fixtures.map((f) => f.state), mailings: fixtures.map((f) => f.mailing) } },
		steps: [
			{
				platform: 'outreach' as const,
				objective: `Finish each prospect's replied sequence state (not remove it) and set their stage to Interested.`,
				actions: fixtures.flatMap((f) => [
					{ goto: `/outreach/prospects/${f.plan.person.id}` },
					{ wait_for: { role: 'heading', name: nameOf(f.plan.person) } },
					{ click: { role: 'button', name: 'Edit Stage' } },
					{ click: { role: 'combobox', name: 'Stage' } },
					{ click: { role: 'option', name: 'Interested' } },
					{ click: { role: 'button', name: 'Save' } },
					{ wait_for: { text: 'Prospect saved' } },
					{ click: { role: 'tab', name: 'Sequences' } },
					{ click: { role: 'button', name: `Finish ${f.seqName}` } },
					{ wait_for: { text: `${f.seqName}: finished` } }
				]),
				verifiers: [
					...fixtures.map((f, i) => ({
						id: `finished-${i + 1}`,
						description: `${nameOf(f.plan.person)}'s "${f.seqName}" state still exists and is finished`,
						query: `[.outreach.sequenceStates[] | select(.id == ${jq(f.sid)}) | .attributes.state]`,
						op: 'eq' as const,
						expected: ['finished']
					})),
					...fixtures.map((f, i) => ({
						id: `interested-${i + 1}`,
						description: `${nameOf(f.plan.person)}'s stage is Interested`,
						query: `[.outreach.prospects[] | select(.id == ${jq(f.plan.person.id)}) | .relationships.stage.data.id]`,
						op: 'eq' as const,
						expected: [INTERESTED]
					})),
					{
						id: 'other-states-untouched',
						description: 'No other sequence state changed',
						query: `([.outreach.sequenceStates[] | select(.id as $i | ${jqList(ids)} | index($i) | not)]) == ([$initial.outreach.sequenceStates[] | select(.id as $i | ${jqList(ids)} | index($i) | not)])`,
						op: 'truthy' as const,
						weight: 0,
						holds_at_reset: true
					},
					{
						id: 'other-stages-untouched',
						description: 'No other prospect changed stage',
						query: `([.outreach.prospects[] | select(.id as $i | ${jqList(fixtures.map((f) => f.plan.person.id))} | index($i) | not) | [.id, .relationships.stage.data.id]]) == ([$initial.outreach.prospects[] | select(.id as $i | ${jqList(fixtures.map((f) => f.plan.person.id))} | index($i) | not) | [.id, .relationships.stage.data.id]])`,
						op: 'truthy' as const,
						weight: 0,
						holds_at_reset: true
					}
				]
			},
			{
				platform: 'calendly' as const,
				objective: `Book each prospect on ${hostName}'s ${DISCOVERY} at the solver's slot, in their own zone.`,
				actions: fixtures.flatMap((f) =>
					calendlyBookActions({
						typeUuid: dc.uri.split('/').pop()!,
						tz: f.plan.zone,
						start: f.plan.expected,
						name: nameOf(f.plan.person),
						email: f.plan.person.workEmail,
						selects: { 'Company size *': calendlySizeChoice(f.company.employees) }
					})
				),
				verifiers: [
					...fixtures.map((f, i) => ({
						id: `slot-${i + 1}`,
						description: `${nameOf(f.plan.person)} has one new booking on ${hostName}'s ${DISCOVERY}, at ${localDateTime(f.plan.zone, f.plan.expected)} ${f.plan.zone}`,
						query: `[${newEvents(f)}[] | .start_time | [weekday(${jq(f.plan.zone)}), local_time(${jq(f.plan.zone)}), (seconds_between(${jq(new Date(now).toISOString())}; .) / 86400 | floor)]]`,
						op: 'eq' as const,
						expected: [slotKey(f.plan.zone, f.plan.expected)]
					})),
					...fixtures.map((f, i) => ({
						id: `invitee-zone-${i + 1}`,
						description: `${nameOf(f.plan.person)} was booked in their own zone, ${f.plan.zone}`,
						query: `[${newInvitees(f.plan.person.workEmail)}[] | .timezone]`,
						op: 'eq' as const,
						expected: [f.plan.zone]
					})),
					{
						id: 'pair-kept',
						description: `${hostName}'s two calls of the near double booking are still active`,
						query: `[.calendly.scheduled_events[] | select(.uri as $u | ${jqList(setup.evs.map((e) => e.uri))} | index($u)) | .status]`,
						op: 'eq' as const,
						expected: ['active', 'active'],
						weight: 0,
						holds_at_reset: true
					},
					{
						id: 'no-double-booking',
						description: `No new booking overlaps another active event of ${hostName}`,
						query: `([$initial.calendly.scheduled_events[].uri]) as $old | ${hostEvents} as $all | [$all[] | select((.uri as $u | $old | index($u)) | not) | . as $n | $all[] | select(.uri != $n.uri and (.start_time | iso_to_epoch) < ($n.end_time | iso_to_epoch) and ($n.start_time | iso_to_epoch) < (.end_time | iso_to_epoch))] | length`,
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
				id: 'blocked-proposal-booked',
				description: `books ${nameOf(blocked.plan.person)} at their first time, which the near double booking takes`,
				kind: 'wrong_time' as const,
				patch: shiftEvent(blocked.plan.person.workEmail, blocked.plan.proposals[0])
			},
			{
				id: 'pair-call-canceled',
				description: `cancels the second call of the near double booking to book ${nameOf(blocked.plan.person)} at their first time`,
				kind: 'collateral' as const,
				patch: `${shiftEvent(blocked.plan.person.workEmail, blocked.plan.proposals[0])} | .calendly.scheduled_events |= map(if .uri == ${jq(setup.evs[1]!.uri)} then .status = "canceled" else . end)`
			},
			{
				id: 'first-in-host-zone',
				description: `books ${nameOf(first.plan.person)}'s first time as a wall time in ${hostName}'s zone (${dc.zone})`,
				kind: 'wrong_zone' as const,
				patch: shiftEvent(first.plan.person.workEmail, hostWall(first))
			},
			{
				id: 'second-proposal-taken',
				description: `books ${nameOf(first.plan.person)}'s second time although the first was free`,
				kind: 'wrong_time' as const,
				patch: shiftEvent(first.plan.person.workEmail, first.plan.proposals[1])
			},
			{
				id: 'fallback-same-day',
				description: `books ${nameOf(none.plan.person)} at the first free slot after their times on the same day, not the next business day`,
				kind: 'wrong_time' as const,
				patch: shiftEvent(none.plan.person.workEmail, sameDayNone ?? none.plan.expected - DAY)
			},
			{
				id: 'fallback-proposal',
				description: `books ${nameOf(none.plan.person)} at their first time anyway`,
				kind: 'wrong_time' as const,
				patch: shiftEvent(none.plan.person.workEmail, none.plan.proposals[0])
			},
			{
				id: 'booked-in-my-zone',
				description: `books every invitee in ${hostName}'s zone (${dc.zone}) instead of their own`,
				kind: 'wrong_zone' as const,
				patch: `([$initial.calendly.invitees[].uri]) as $old | .calendly.invitees |= map(if ((.uri as $u | $old | index($u)) | not) then .timezone = ${jq(dc.zone)} else . end)`
			},
			{
				id: 'other-host',
				description: `books ${nameOf(blocked.plan.person)} on a colleague's ${DISCOVERY}`,
				kind: 'wrong_owner' as const,
				patch: `${inviteeEvents(blocked.plan.person.workEmail)} | ([$initial.calendly.scheduled_events[].uri]) as $old | .calendly.scheduled_events |= map(if ((.uri | IN($evs[])) and ((.uri as $u | $old | index($u)) | not)) then .event_type = ${jq(otherDc.uri)} else . end)`
			},
			{
				id: 'double-booked',
				description: `books ${nameOf(first.plan.person)} on top of one of the near double booking's calls`,
				kind: 'wrong_time' as const,
				patch: shiftEvent(first.plan.person.workEmail, Date.parse(setup.evs[1]!.start_time))
			},
			{
				id: 'sequences-left-active',
				description: 'books everyone but never finishes their sequence states',
				kind: 'step_skipped' as const,
				patch: `.outreach.sequenceStates |= map(if (.id as $i | ${jqList(ids)} | index($i)) then .attributes.state = "active" else . end)`
			},
			{
				id: 'state-removed',
				description: `removes ${nameOf(none.plan.person)} from "${none.seqName}" instead of finishing (history lost)`,
				kind: 'wrong_value' as const,
				patch: `.outreach.sequenceStates |= map(select(.id != ${jq(none.sid)}))`
			},
			{
				id: 'stage-not-set',
				description: 'finishes the states but leaves every stage as it was',
				kind: 'step_skipped' as const,
				patch: `.outreach.prospects |= map(. as $p | if (.id as $i | ${jqList(fixtures.map((f) => f.plan.person.id))} | index($i)) then .relationships.stage = ([$initial.outreach.prospects[] | select(.id == $p.id)][0].relationships.stage) else . end)`
			},
			{
				id: 'stage-replied',
				description: `sets ${nameOf(first.plan.person)}'s stage to Replied instead of Interested`,
				kind: 'wrong_value' as const,
				patch: `.outreach.prospects |= map(if .id == ${jq(first.plan.person.id)} then .relationships.stage.data.id = "402003" else . end)`
			},
			{
				id: 'other-sequence-finished',
				description: `also finishes another live sequence state of ${hostName}'s`,
				kind: 'collateral' as const,
				patch: `([.outreach.sequenceStates[] | select(.attributes.state == "active" and (.id as $i | ${jqList(ids)} | index($i) | not))][0].id) as $x | .outreach.sequenceStates |= map(if .id == $x then .attributes.state = "finished" else . end)`
			},
			{
				id: 'other-stage-changed',
				description: 'sets another prospect to Interested too',
				kind: 'collateral' as const,
				patch: `([.outreach.prospects[] | select(.relationships.stage.data.id != ${jq(INTERESTED)} and (.id as $i | ${jqList(fixtures.map((f) => f.plan.person.id))} | index($i) | not))][0].id) as $x | .outreach.prospects |= map(if .id == $x then .relationships.stage.data.id = ${jq(INTERESTED)} else . end)`
			}
		],
		alternatives: [
			{
				id: 'invitee-first-names',
				description: 'books the invitees under their first names only (the name is free text)',
				patch: `([$initial.calendly.invitees[].uri]) as $old | .calendly.invitees |= map(if ((.uri as $u | $old | index($u)) | not) then .name = (.name | split(" ")[0]) else . end)`
			}
		]
	};
}

const template: Template = {
	meta: {
		slug: SLUG,
		version: 1,
		title: 'Replies asking for a call: book each at their first free proposed time, finish the sequence, mark Interested',
		platforms: ['outreach', 'calendly'],
		category: 'inbound',
		business_function: 'lead qualification & scheduling',
		anomalies: ['near_double_booking', 'active_in_sequence'],
		traps: ['tz_dst'],
		pinned: [1, 2, 3, 4]
	},
	build
};

export default template;
