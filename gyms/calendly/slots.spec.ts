/**
 * The slot solver and its zone math: exact DST cases (US 2026-03-08, EU 2026-03-29) and seeded property tests
 * over 7 zones (no offered slot ever overlaps a needed host's busy time, every slot lies inside the host's local
 * hours, notice, increments and daily limits hold).
 */
import { describe, expect, it } from 'vitest';
import { rng } from '../../seeds/rng';
import { availableSlots, hostWindows, pickRoundRobin, slotAt, type HostInput, type Rule, type SolveInput, type SlotRules } from './slots';
import { localTime, zonedToUtc, zoneOffsetMs } from './tz';

const H = 3_600_000;
const MIN = 60_000;
const DAY = 24 * H;
const ZONES = ['America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Europe/London', 'Europe/Paris', 'Europe/Berlin', 'Asia/Tokyo'];
const WD = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const t = (s: string) => Date.parse(s);
const nineToFive: Rule[] = WD.map((wday, i) => ({ type: 'wday', wday, intervals: i === 0 || i === 6 ? [] : [{ from: '09:00', to: '17:00' }] }));
const rules0: SlotRules = {
	duration: 30,
	start_increment: 30,
	buffer_before: 0,
	buffer_after: 0,
	minimum_notice: 0,
	max_events_per_day: null,
	period_days: null,
	group_limit: 1
};
const host = (over: Partial<HostInput> = {}): HostInput => ({
	user: 'u1',
	timezone: 'America/New_York',
	rules: nineToFive,
	busy: [],
	priority: 2,
	lastBookedAt: null,
	typeStarts: [],
	...over
});
const solo = (hosts: HostInput[], range: { start: number; end: number }, over: Partial<SolveInput> = {}): SolveInput => ({
	kind: 'solo',
	pooling: null,
	rules: rules0,
	hosts,
	now: t('2026-03-01T00:00:00Z'),
	range,
	...over
});

describe('zone math', () => {
	it('offsets across the US (2026-03-08) and EU (2026-03-29) transitions', () => {
		expect(zoneOffsetMs('America/New_York', t('2026-03-08T06:59:00Z'))).toBe(-5 * H);
		expect(zoneOffsetMs('America/New_York', t('2026-03-08T07:00:00Z'))).toBe(-4 * H);
		expect(zoneOffsetMs('Europe/Berlin', t('2026-03-29T00:59:00Z'))).toBe(1 * H);
		expect(zoneOffsetMs('Europe/Berlin', t('2026-03-29T01:00:00Z'))).toBe(2 * H);
		expect(zoneOffsetMs('Asia/Tokyo', t('2026-03-29T01:00:00Z'))).toBe(9 * H);
	});

	it('wall time → UTC: same local hour, different UTC across DST; a gap moves forward; fall-back takes the first instant', () => {
		expect(zonedToUtc('America/New_York', '2026-03-06', 9 * 60)).toBe(t('2026-03-06T14:00:00Z'));
		expect(zonedToUtc('America/New_York', '2026-03-09', 9 * 60)).toBe(t('2026-03-09T13:00:00Z'));
		expect(zonedToUtc('America/New_York', '2026-03-08', 2 * 60 + 30)).toBe(t('2026-03-08T07:30:00Z'));
		expect(zonedToUtc('Europe/Paris', '2026-03-27', 9 * 60)).toBe(t('2026-03-27T08:00:00Z'));
		expect(zonedToUtc('Europe/Paris', '2026-03-30', 9 * 60)).toBe(t('2026-03-30T07:00:00Z'));
		expect(zonedToUtc('America/Chicago', '2026-11-01', 60 + 30)).toBe(t('2026-11-01T06:30:00Z'));
		expect(zonedToUtc('Europe/London', '2026-03-29', 24 * 60)).toBe(t('2026-03-29T23:00:00Z'));
	});

	it('round-trips every quarter hour of March 2026 in 7 zones (outside fall-back ambiguity)', () => {
		for (const zone of ZONES)
			for (let x = t('2026-03-01T00:00:00Z'); x < t('2026-04-01T00:00:00Z'); x += 15 * MIN) {
				const l = localTime(zone, x);
				expect(zonedToUtc(zone, l.date, l.minutes)).toBe(x);
			}
	});
});

describe('slot solver', () => {
	it('follows the host’s local hours across DST: 9:00 New York is 14:00Z before 2026-03-08 and 13:00Z after', () => {
		const slots = availableSlots(solo([host()], { start: t('2026-03-06T00:00:00Z'), end: t('2026-03-10T00:00:00Z') }));
		const firstOf = (d: string) => slots.find((s) => new Date(s.start).toISOString().startsWith(d))!.start;
		expect(firstOf('2026-03-06')).toBe(t('2026-03-06T14:00:00Z'));
		expect(firstOf('2026-03-09')).toBe(t('2026-03-09T13:00:00Z'));
		expect(slots.filter((s) => new Date(s.start).toISOString().startsWith('2026-03-09')).length).toBe(16);
		const berlin = availableSlots(solo([host({ timezone: 'Europe/Berlin' })], { start: t('2026-03-27T00:00:00Z'), end: t('2026-03-31T00:00:00Z') }));
		expect(berlin[0]!.start).toBe(t('2026-03-27T08:00:00Z'));
		expect(berlin.find((s) => s.start >= t('2026-03-30T00:00:00Z'))!.start).toBe(t('2026-03-30T07:00:00Z'));
	});

	it('date overrides replace the weekday (day off, custom hours)', () => {
		const rules: Rule[] = [
			...nineToFive,
			{ type: 'date', date: '2026-03-10', intervals: [] },
			{ type: 'date', date: '2026-03-14', intervals: [{ from: '10:00', to: '11:00' }] }
		];
		const slots = availableSlots(solo([host({ rules })], { start: t('2026-03-10T00:00:00Z'), end: t('2026-03-15T00:00:00Z') }));
		const day = (d: string) => slots.filter((s) => localTime('America/New_York', s.start).date === d);
		expect(day('2026-03-10')).toEqual([]);
		expect(day('2026-03-14').map((s) => s.start)).toEqual([t('2026-03-14T14:00:00Z'), t('2026-03-14T14:30:00Z')]);
		expect(day('2026-03-11').length).toBe(16);
	});

	it('buffers, minimum notice, increments, date range and daily limit', () => {
		const busy = [{ start: t('2026-03-11T15:00:00Z'), end: t('2026-03-11T16:00:00Z') }];
		const r = { ...rules0, duration: 45, start_increment: 15, buffer_before: 15, buffer_after: 15 };
		const slots = availableSlots(solo([host({ busy })], { start: t('2026-03-11T00:00:00Z'), end: t('2026-03-12T00:00:00Z') }, { rules: r }));
		const starts = slots.map((s) => new Date(s.start).toISOString().slice(11, 16));
		// New York is on EDT (UTC-4) on 2026-03-11: hours 13:00Z–21:00Z
		expect(starts[0]).toBe('13:00');
		expect(starts).toContain('14:00'); // 14:00–14:45 + 15 min after = 15:00
		expect(starts).not.toContain('14:15');
		expect(starts).not.toContain('15:45'); // 15 min before = 15:30 < 16:00
		expect(starts).toContain('16:15');
		expect(starts.at(-1)).toBe('20:15'); // ends 21:00Z = 17:00 local
		const now = t('2026-03-11T15:10:00Z');
		const notice = availableSlots(solo([host()], { start: now, end: t('2026-03-12T00:00:00Z') }, { now, rules: { ...rules0, minimum_notice: 120 } }));
		expect(notice[0]!.start).toBe(t('2026-03-11T17:30:00Z'));
		const ranged = availableSlots(solo([host()], { start: now, end: now + 7 * DAY }, { now, rules: { ...rules0, period_days: 2 } }));
		expect(ranged.every((s) => s.start < now + 2 * DAY)).toBe(true);
		const limited = availableSlots(
			solo(
				[host({ typeStarts: [t('2026-03-12T14:00:00Z')], busy: [{ start: t('2026-03-12T14:00:00Z'), end: t('2026-03-12T14:30:00Z') }] })],
				{ start: t('2026-03-12T00:00:00Z'), end: t('2026-03-14T00:00:00Z') },
				{ rules: { ...rules0, max_events_per_day: 1 } }
			)
		);
		expect(limited.some((s) => localTime('America/New_York', s.start).date === '2026-03-12')).toBe(false);
		expect(limited.some((s) => localTime('America/New_York', s.start).date === '2026-03-13')).toBe(true);
	});

	it('collective needs every host free; round robin at least one; the pick is priority, then least recently booked, then seeded tie-break', () => {
		const a = host({ user: 'a', busy: [{ start: t('2026-03-11T14:00:00Z'), end: t('2026-03-11T14:30:00Z') }] });
		const b = host({ user: 'b', timezone: 'America/Chicago' });
		const range = { start: t('2026-03-11T00:00:00Z'), end: t('2026-03-12T00:00:00Z') };
		const col = availableSlots(solo([a, b], range, { pooling: 'collective' }));
		// a: 9–17 EDT = 13:00Z–21:00Z, busy 14:00–14:30Z; b: 9–17 CDT = 14:00Z–22:00Z
		expect(col.some((s) => s.start === t('2026-03-11T14:00:00Z'))).toBe(false);
		expect(col[0]!.start).toBe(t('2026-03-11T14:30:00Z'));
		expect(col.at(-1)!.start).toBe(t('2026-03-11T20:30:00Z'));
		const rr = availableSlots(solo([a, b], range, { pooling: 'round_robin' }));
		expect(rr[0]!.start).toBe(t('2026-03-11T13:00:00Z'));
		expect(rr.find((s) => s.start === t('2026-03-11T14:00:00Z'))!.hosts).toEqual(['b']);
		expect(rr.at(-1)!.start).toBe(t('2026-03-11T21:30:00Z'));
		expect(rr.find((s) => s.start === t('2026-03-11T21:00:00Z'))!.hosts).toEqual(['b']);
		const p = [
			host({ user: 'x', priority: 3, lastBookedAt: 5 }),
			host({ user: 'y', priority: 4, lastBookedAt: 9 }),
			host({ user: 'z', priority: 4, lastBookedAt: 1 })
		];
		expect(pickRoundRobin(p, ['x', 'y', 'z'], 0, 1)).toMatchObject({ host: 'z', reason: 'least_recently_booked' });
		expect(pickRoundRobin(p, ['x', 'y'], 0, 1)).toMatchObject({ host: 'y', reason: 'priority' });
		expect(pickRoundRobin(p, ['x'], 0, 1)).toMatchObject({ host: 'x', reason: 'only_free_host' });
		const tied = [host({ user: 'p' }), host({ user: 'q' }), host({ user: 'r' })];
		const picks = new Set<string>();
		for (let s = 0; s < 20; s++) {
			const one = pickRoundRobin(tied, ['p', 'q', 'r'], s * 1800_000, 1);
			expect(one.reason).toBe('tie_break');
			expect(pickRoundRobin(tied, ['p', 'q', 'r'], s * 1800_000, 1).host).toBe(one.host); // deterministic
			picks.add(one.host);
		}
		expect(picks.size).toBeGreaterThan(1); // the tie-break spreads
	});

	it('group: a booked start stays offered until its seats are taken', () => {
		const g = host({ busy: [{ start: t('2026-03-11T14:00:00Z'), end: t('2026-03-11T15:00:00Z'), event: 'e1' }] });
		const input = solo(
			[g],
			{ start: t('2026-03-11T00:00:00Z'), end: t('2026-03-12T00:00:00Z') },
			{
				kind: 'group',
				rules: { ...rules0, duration: 60, start_increment: 60, group_limit: 3 },
				groupMeetings: [{ event: 'e1', start: t('2026-03-11T14:00:00Z'), host: 'u1', active: 2 }]
			}
		);
		expect(slotAt(input, t('2026-03-11T14:00:00Z'))).toMatchObject({ invitees_remaining: 1, joins: 'e1' });
		expect(
			slotAt({ ...input, groupMeetings: [{ event: 'e1', start: t('2026-03-11T14:00:00Z'), host: 'u1', active: 3 }] }, t('2026-03-11T14:00:00Z'))
		).toBeNull();
		expect(slotAt(input, t('2026-03-11T15:00:00Z'))).toMatchObject({ invitees_remaining: 3 });
	});

	it('property: in 7 zones over both DST weekends, no slot overlaps a needed host’s buffered busy time, and every slot is inside local hours', () => {
		const r = rng('calendly/slots-property', 7);
		let total = 0;
		for (let trial = 0; trial < 60; trial++) {
			const n = r.int(1, 4);
			const hosts: HostInput[] = Array.from({ length: n }, (_, i) => {
				const zone = ZONES[r.int(0, ZONES.length - 1)]!;
				const rules: Rule[] = WD.map((wday) => {
					if (r.chance(0.2)) return { type: 'wday', wday, intervals: [] };
					const from = r.int(0, 10) * 60 + (r.chance(0.5) ? 30 : 0);
					const mid = from + r.int(2, 5) * 60;
					const to = Math.min(24 * 60, mid + r.int(1, 6) * 60);
					const hhmm = (m: number) => (m === 1440 ? '24:00' : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
					return {
						type: 'wday',
						wday,
						intervals: [
							{ from: hhmm(from), to: hhmm(mid) },
							{ from: hhmm(mid + 60), to: hhmm(Math.max(mid + 90, to)) }
						].filter((iv) => iv.to <= '24:00' && iv.from < iv.to)
					};
				});
				const base = r.chance(0.5) ? t('2026-03-05T00:00:00Z') : t('2026-03-26T00:00:00Z');
				const busy = Array.from({ length: r.int(0, 12) }, () => {
					const s = base + r.int(0, 7 * 24 * 4) * 15 * MIN;
					return { start: s, end: s + r.int(1, 8) * 15 * MIN };
				});
				return { user: `h${i}`, timezone: zone, rules, busy, priority: r.int(0, 4), lastBookedAt: null, typeStarts: [] };
			});
			const start = r.chance(0.5) ? t('2026-03-05T00:00:00Z') : t('2026-03-26T00:00:00Z');
			const rules: SlotRules = {
				duration: [15, 30, 45, 60][r.int(0, 3)]!,
				start_increment: [15, 30, 60][r.int(0, 2)]!,
				buffer_before: [0, 5, 15][r.int(0, 2)]!,
				buffer_after: [0, 10, 30][r.int(0, 2)]!,
				minimum_notice: r.int(0, 48) * 60,
				max_events_per_day: null,
				period_days: null,
				group_limit: 1
			};
			const pooling = (['round_robin', 'collective', null] as const)[r.int(0, 2)]!;
			const input: SolveInput = {
				kind: 'solo',
				pooling,
				rules,
				hosts: pooling ? hosts : hosts.slice(0, 1),
				now: start - r.int(0, 24) * H,
				range: { start, end: start + 7 * DAY }
			};
			const slots = availableSlots(input);
			total += slots.length;
			for (const s of slots) {
				expect(s.start).toBeGreaterThanOrEqual(Math.max(input.range.start, input.now + rules.minimum_notice * MIN));
				expect(s.start).toBeLessThan(input.range.end);
				expect(s.end - s.start).toBe(rules.duration * MIN);
				const needed = pooling === 'round_robin' ? s.hosts : input.hosts.map((h) => h.user);
				expect(needed.length).toBeGreaterThan(0);
				for (const u of needed) {
					const h = input.hosts.find((x) => x.user === u)!;
					for (const b of h.busy) expect(s.start - rules.buffer_before * MIN < b.end && b.start < s.end + rules.buffer_after * MIN).toBe(false);
					const windows = hostWindows(h, input.range);
					const w = windows.find((x) => x.start <= s.start && s.end <= x.end);
					expect(w).toBeDefined();
					expect((s.start - w!.start) % (rules.start_increment * MIN)).toBe(0);
				}
			}
		}
		expect(total).toBeGreaterThan(1000); // the property was checked on many slots, not vacuously
	});
});
