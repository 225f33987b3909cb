/**
 * The slot solver: which start times an event type offers, and which host a booking goes to. One pure module,
 * used by `GET /event_type_available_times`, by every booking (`POST /invitees`, the booking page, reschedules)
 * to re-check the slot inside the write, and by blueprint tooling. Times are epoch ms (UTC); wall times are read
 * in each host's IANA zone (./tz.ts), never the machine's.
 *
 * Rules (Calendly Help Center, "Availability", "Event type limits", "Round Robin distribution"):
 * - a host is available inside the intervals of the weekly rule of the local weekday, unless a date override
 *   exists for that local date (then its intervals replace the weekly ones; `[]` = day off);
 * - a start is offered every `start_increment` minutes from the start of each available interval, and the whole
 *   meeting `[start, start + duration)` must fit inside the interval;
 * - the meeting widened by the buffers (`[start - buffer_before, end + buffer_after)`) must not overlap any busy
 *   interval of the host (existing Calendly meetings);
 * - `minimum_notice` minutes from now, the rolling date range (`period_days`), and at most `max_events_per_day`
 *   meetings of this event type per host per local day;
 * - one-on-one: the single host must be free; collective: every host; round robin: at least one host, and the
 *   booking goes to the highest priority free host, then the least recently booked (never first), then a seeded
 *   tie-break ("Optimize for availability"), or, "Optimize for equal distribution", to the free host with the fewest
 *   meetings of the type, then priority, then the tie-break, a host 3 or more meetings ahead being hidden; group: one host, a start already booked below its seat limit stays offered (joining that
 *   meeting), a full one is gone.
 */

import { addDays, localTime, weekdayOf, zonedToUtc } from './tz';
import { fnv1a } from '../../seeds/rng';

const MIN_MS = 60_000;
const DAY_MS = 86_400_000;

/** A half-open time interval `[start, end)` in epoch ms. */
export interface Span {
	start: number;
	end: number;
}

/** An availability rule as stored (`wday` weekly rule or `date` override), wall times "HH:MM" in the host zone. */
export type Rule =
	{ type: 'wday'; wday: string; intervals: { from: string; to: string }[] } | { type: 'date'; date: string; intervals: { from: string; to: string }[] };

/** One host as the solver sees them. */
export interface HostInput {
	/** Host user URI. */
	user: string;
	/** The zone the schedule's wall times are in (the schedule's `timezone`). */
	timezone: string;
	/** The schedule's rules (weekly + date overrides). */
	rules: readonly Rule[];
	/** Busy intervals: the host's active meetings (any event type), epoch ms. */
	busy: readonly (Span & { event?: string })[];
	/** Round-robin priority stars 0–4 (higher first). */
	priority: number;
	/** Start (epoch ms) of the host's latest booking of this event type; null = never booked. */
	lastBookedAt: number | null;
	/** Starts (epoch ms) of the host's active meetings of this event type (for the daily limit). */
	typeStarts: readonly number[];
	/**
	 * "Optimize for equal distribution" only: the host's active meetings of this event type booked since the hosts
	 * last changed (Calendly resets the counts when a host is added or removed); absent = 0.
	 */
	distributionCount?: number;
}

/** How far ahead (meetings) a host may get before "Optimize for equal distribution" hides their times (Calendly: 3). */
export const EQUAL_DISTRIBUTION_LEAD = 3;

/** The event type's shape and limits (minutes unless said otherwise). */
export interface SlotRules {
	duration: number;
	start_increment: number;
	buffer_before: number;
	buffer_after: number;
	minimum_notice: number;
	max_events_per_day: number | null;
	period_days: number | null;
	/** Seats per meeting (group), 1 otherwise. */
	group_limit: number;
}

/** An existing meeting of a group event type: its start and the seats taken. */
export interface GroupMeeting {
	event: string;
	start: number;
	host: string;
	active: number;
}

/** Everything the solver needs. */
export interface SolveInput {
	kind: 'solo' | 'group';
	pooling: 'round_robin' | 'collective' | null;
	rules: SlotRules;
	hosts: readonly HostInput[];
	/** Virtual now, epoch ms. */
	now: number;
	/** Range of starts asked for, `[start, end)`, epoch ms. */
	range: Span;
	/** Group only: the meetings already booked on this event type. */
	groupMeetings?: readonly GroupMeeting[];
	/** Round robin distribution (the editor's "Assignment"); absent = "availability". */
	strategy?: 'availability' | 'equal_distribution';
}

/** One offered start. */
export interface Slot {
	start: number;
	end: number;
	/** Hosts free at that start (all of them for collective; the group's host; the eligible round-robin pool). */
	hosts: string[];
	/** Seats left (group: limit minus taken; otherwise 1). */
	invitees_remaining: number;
	/** Group: the existing meeting this start joins, if any. */
	joins?: string;
}

const hm = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));
const WDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** The UTC windows in which `host` is available, for local dates covering `range` (sorted, non-overlapping per rule set). */
export function hostWindows(host: Pick<HostInput, 'timezone' | 'rules'>, range: Span): Span[] {
	const first = addDays(localTime(host.timezone, range.start).date, -1);
	const last = addDays(localTime(host.timezone, range.end).date, 1);
	const overrides = new Map<string, Rule>();
	const weekly = new Map<string, Rule>();
	for (const r of host.rules) {
		if (r.type === 'date') overrides.set(r.date, r);
		else weekly.set(r.wday, r);
	}
	const out: Span[] = [];
	for (let d = first; d <= last; d = addDays(d, 1)) {
		const rule = overrides.get(d) ?? weekly.get(WDAYS[weekdayOf(d)]!);
		for (const iv of rule?.intervals ?? []) {
			const start = zonedToUtc(host.timezone, d, hm(iv.from));
			const end = zonedToUtc(host.timezone, d, hm(iv.to));
			if (end > start && end > range.start - DAY_MS && start < range.end + DAY_MS) out.push({ start, end });
		}
	}
	return out.sort((a, b) => a.start - b.start);
}

/** True when `[a.start, a.end)` and `[b.start, b.end)` share an instant. */
export const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/** Candidate starts of one host: aligned to increments inside its windows, within notice, date range and range. */
function candidateStarts(host: HostInput, input: SolveInput): Map<number, number> {
	const { rules, now, range } = input;
	const durMs = rules.duration * MIN_MS;
	const inc = rules.start_increment * MIN_MS;
	const earliest = Math.max(range.start, now + rules.minimum_notice * MIN_MS);
	const latest = rules.period_days === null ? range.end : Math.min(range.end, now + rules.period_days * DAY_MS);
	const out = new Map<number, number>();
	for (const w of hostWindows(host, range)) {
		for (let s = w.start; s + durMs <= w.end; s += inc) if (s >= earliest && s < latest) out.set(s, s + durMs);
	}
	return out;
}

/** True when `host` has no busy interval within the buffered meeting `[start, end)` (ignoring meeting `except`). */
function isFree(busy: readonly (Span & { event?: string })[], start: number, end: number, rules: SlotRules, except?: string): boolean {
	const b = { start: start - rules.buffer_before * MIN_MS, end: end + rules.buffer_after * MIN_MS };
	return !busy.some((x) => (except === undefined || x.event !== except) && overlaps(b, x));
}

/** Per host: busy intervals near the range only, and meetings of this type per local day. */
function prepare(host: HostInput, range: Span): { busy: (Span & { event?: string })[]; perDay: Map<string, number> } {
	const busy = host.busy.filter((x) => x.end > range.start - DAY_MS && x.start < range.end + DAY_MS);
	const perDay = new Map<string, number>();
	for (const t of host.typeStarts) {
		if (t < range.start - 2 * DAY_MS || t > range.end + 2 * DAY_MS) continue;
		const d = localTime(host.timezone, t).date;
		perDay.set(d, (perDay.get(d) ?? 0) + 1);
	}
	return { busy, perDay };
}

/** True when the host still has room under the daily limit on the local day of `start`. */
function underDailyLimit(host: HostInput, perDay: Map<string, number>, start: number, rules: SlotRules): boolean {
	if (rules.max_events_per_day === null) return true;
	return (perDay.get(localTime(host.timezone, start).date) ?? 0) < rules.max_events_per_day;
}

/**
 * Per host, whether its times may be offered: always, except under round robin "Optimize for equal distribution",
 * where a host {@link EQUAL_DISTRIBUTION_LEAD} or more meetings ahead of the host with the fewest is hidden until
 * the others catch up (Calendly Help Center, "Round robin distribution overview").
 */
export function distributionEligible(input: Pick<SolveInput, 'hosts' | 'pooling' | 'strategy'>): boolean[] {
	if (input.pooling !== 'round_robin' || input.strategy !== 'equal_distribution') return input.hosts.map(() => true);
	const counts = input.hosts.map((h) => h.distributionCount ?? 0);
	const least = Math.min(...counts);
	return counts.map((c) => c - least < EQUAL_DISTRIBUTION_LEAD);
}

/**
 * The start times the event type offers in `input.range`, in time order.
 * @returns slots with the hosts free at each (never a start at which the needed hosts are busy).
 */
export function availableSlots(input: SolveInput): Slot[] {
	const { hosts, rules } = input;
	if (!hosts.length) return [];
	const durMs = rules.duration * MIN_MS;
	const per = hosts.map((h) => candidateStarts(h, input));
	const prep = hosts.map((h) => prepare(h, input.range));
	const eligible = distributionEligible(input);
	const starts = new Set<number>();
	per.forEach((m, i) => eligible[i] && m.forEach((_e, s) => starts.add(s)));
	const out: Slot[] = [];
	for (const s of [...starts].sort((a, b) => a - b)) {
		const e = s + durMs;
		if (input.kind === 'group') {
			const host = hosts[0]!;
			if (!per[0]!.has(s)) continue;
			const joined = (input.groupMeetings ?? []).find((g) => g.start === s && g.host === host.user);
			const taken = joined?.active ?? 0;
			if (taken >= rules.group_limit) continue;
			if (!isFree(prep[0]!.busy, s, e, rules, joined?.event)) continue;
			if (!joined && !underDailyLimit(host, prep[0]!.perDay, s, rules)) continue;
			out.push({ start: s, end: e, hosts: [host.user], invitees_remaining: rules.group_limit - taken, ...(joined ? { joins: joined.event } : {}) });
			continue;
		}
		const free = hosts
			.filter((h, i) => eligible[i] && per[i]!.has(s) && isFree(prep[i]!.busy, s, e, rules) && underDailyLimit(h, prep[i]!.perDay, s, rules))
			.map((h) => h.user);
		const ok = input.pooling === 'round_robin' ? free.length > 0 : free.length === hosts.length;
		if (ok) out.push({ start: s, end: e, hosts: free, invitees_remaining: 1 });
	}
	return out;
}

/** The slot starting at `start`, or null when it is not offered (taken, outside hours, too soon…). */
export function slotAt(input: Omit<SolveInput, 'range'>, start: number): Slot | null {
	const durMs = input.rules.duration * MIN_MS;
	const slots = availableSlots({ ...input, range: { start, end: start + Math.max(durMs, 1) } });
	return slots.find((s) => s.start === start) ?? null;
}

/** The outcome of a round-robin pick. */
export interface RoundRobinPick {
	host: string;
	reason: 'only_free_host' | 'priority' | 'least_recently_booked' | 'fewest_meetings' | 'tie_break';
	/** The free hosts in the order they ranked, with what was compared (`meetings`: equal distribution only). */
	ranked: { user: string; priority: number; lastBookedAt: number | null; tieBreak: number; meetings?: number }[];
}

/**
 * Picks the round-robin host among the free hosts of a slot (Calendly Help Center, "Round robin distribution
 * overview").
 * - "Optimize for availability" (default): highest priority, then least recently booked (never booked first), then
 *   the smallest seeded tie-break `fnv1a(seed:start:user)`.
 * - "Optimize for equal distribution": fewest meetings counted (`distributionCount`), then highest priority, then
 *   the same seeded tie-break.
 * @throws Error when `free` is empty.
 */
export function pickRoundRobin(
	hosts: readonly HostInput[],
	free: readonly string[],
	start: number,
	seed: number,
	strategy: 'availability' | 'equal_distribution' = 'availability'
): RoundRobinPick {
	const pool = hosts.filter((h) => free.includes(h.user));
	if (!pool.length) throw new Error('pickRoundRobin: no free host');
	const tie = (h: HostInput) => parseInt(fnv1a(`${seed}:${start}:${h.user}`), 16);
	if (strategy === 'equal_distribution') {
		const ranked = pool
			.map((h) => ({ user: h.user, priority: h.priority, lastBookedAt: h.lastBookedAt, tieBreak: tie(h), meetings: h.distributionCount ?? 0 }))
			.sort((a, b) => a.meetings - b.meetings || b.priority - a.priority || a.tieBreak - b.tieBreak);
		const [a, b] = ranked;
		let reason: RoundRobinPick['reason'] = 'only_free_host';
		if (b) reason = a!.meetings !== b.meetings ? 'fewest_meetings' : a!.priority !== b.priority ? 'priority' : 'tie_break';
		return { host: a!.user, reason, ranked };
	}
	const ranked = pool
		.map((h) => ({ user: h.user, priority: h.priority, lastBookedAt: h.lastBookedAt, tieBreak: tie(h) }))
		.sort((a, b) => b.priority - a.priority || (a.lastBookedAt ?? -Infinity) - (b.lastBookedAt ?? -Infinity) || a.tieBreak - b.tieBreak);
	const [a, b] = ranked;
	let reason: RoundRobinPick['reason'] = 'only_free_host';
	if (b)
		reason = a!.priority !== b.priority ? 'priority' : (a!.lastBookedAt ?? -Infinity) !== (b.lastBookedAt ?? -Infinity) ? 'least_recently_booked' : 'tie_break';
	return { host: a!.user, reason, ranked };
}
