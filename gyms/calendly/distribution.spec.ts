/**
 * Round robin "Optimize for equal distribution" (Calendly Help Center, "Round robin distribution overview"): the
 * pick goes to the free host with the fewest meetings counted, then priority, then the seeded tie-break; a host 3 or
 * more meetings ahead of the least booked is hidden. Unit and property tests of the solver, and the API path:
 * bookings spread over the pool, each recorded in booking_decisions with its reason, and the counts restart when a
 * host is added.
 */
import { describe, expect, it } from 'vitest';
import { rng } from '../../seeds/rng';
import { testGym, T0 } from '../kit/test-gym';
import { CalendlyDb } from './db';
import { createCalendlyGym } from './index';
import { BookingDecision, EventType, EventTypeMembership, EventTypeSettings, User, collectionOf, resourceOf } from './contract';
import { availableSlots, distributionEligible, EQUAL_DISTRIBUTION_LEAD, pickRoundRobin, type HostInput, type Rule, type SolveInput } from './slots';

const H = 3_600_000;
const DAY = 24 * H;
const WD = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const nineToFive: Rule[] = WD.map((wday, i) => ({ type: 'wday', wday, intervals: i === 0 || i === 6 ? [] : [{ from: '09:00', to: '17:00' }] }));
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
const input = (hosts: HostInput[], over: Partial<SolveInput> = {}): SolveInput => ({
	kind: 'solo',
	pooling: 'round_robin',
	strategy: 'equal_distribution',
	rules: {
		duration: 30,
		start_increment: 30,
		buffer_before: 0,
		buffer_after: 0,
		minimum_notice: 0,
		max_events_per_day: null,
		period_days: null,
		group_limit: 1
	},
	hosts,
	now: Date.parse('2026-03-01T00:00:00Z'),
	range: { start: Date.parse('2026-03-09T00:00:00Z'), end: Date.parse('2026-03-16T00:00:00Z') },
	...over
});

describe('equal distribution: the pick', () => {
	it('fewest meetings wins over priority and recency; then priority; then the seeded tie-break', () => {
		const hs = [
			host({ user: 'a', priority: 4, distributionCount: 2, lastBookedAt: 0 }),
			host({ user: 'b', priority: 0, distributionCount: 1, lastBookedAt: 9 }),
			host({ user: 'c', priority: 3, distributionCount: 1 })
		];
		expect(pickRoundRobin(hs, ['a', 'b'], 0, 1, 'equal_distribution')).toMatchObject({ host: 'b', reason: 'fewest_meetings' });
		expect(pickRoundRobin(hs, ['a', 'b', 'c'], 0, 1, 'equal_distribution')).toMatchObject({ host: 'c', reason: 'priority' });
		expect(pickRoundRobin(hs, ['a'], 0, 1, 'equal_distribution')).toMatchObject({ host: 'a', reason: 'only_free_host' });
		// the same hosts under "availability": priority first
		expect(pickRoundRobin(hs, ['a', 'b'], 0, 1)).toMatchObject({ host: 'a', reason: 'priority' });
		const ranked = pickRoundRobin(hs, ['a', 'b', 'c'], 0, 1, 'equal_distribution').ranked;
		expect(ranked.map((r) => [r.user, r.meetings])).toEqual([
			['c', 1],
			['b', 1],
			['a', 2]
		]);
		const tied = [host({ user: 'p', distributionCount: 1 }), host({ user: 'q', distributionCount: 1 }), host({ user: 'r', distributionCount: 1 })];
		const picks = new Set<string>();
		for (let s = 0; s < 20; s++) {
			const one = pickRoundRobin(tied, ['p', 'q', 'r'], s * 1800_000, 7, 'equal_distribution');
			expect(one.reason).toBe('tie_break');
			expect(pickRoundRobin(tied, ['p', 'q', 'r'], s * 1800_000, 7, 'equal_distribution').host).toBe(one.host);
			picks.add(one.host);
		}
		expect(picks.size).toBeGreaterThan(1);
	});

	it(`a host ${EQUAL_DISTRIBUTION_LEAD} or more meetings ahead is hidden; "availability" hides nobody`, () => {
		const hs = [host({ user: 'a', distributionCount: 3 }), host({ user: 'b', distributionCount: 0, timezone: 'Europe/Berlin' })];
		expect(distributionEligible(input(hs))).toEqual([false, true]);
		expect(distributionEligible(input(hs, { strategy: 'availability' }))).toEqual([true, true]);
		expect(distributionEligible(input([hs[0]!, { ...hs[1]!, distributionCount: 1 }]))).toEqual([true, true]);
		const slots = availableSlots(input(hs));
		expect(slots.length).toBeGreaterThan(0);
		expect(slots.every((s) => s.hosts.length === 1 && s.hosts[0] === 'b')).toBe(true);
		expect(availableSlots(input(hs, { strategy: 'availability' })).some((s) => s.hosts.includes('a'))).toBe(true);
	});

	it('property: simulated bookings never let any host get 3 ahead of the least booked, and the pick is always a free, eligible host', () => {
		const r = rng('calendly/equal-distribution-property', 42);
		for (let trial = 0; trial < 12; trial++) {
			const zones = ['America/New_York', 'Europe/London', 'Asia/Tokyo', 'America/Los_Angeles'];
			const hs = zones.map((tz, i) => host({ user: `h${i}`, timezone: tz, priority: r.int(0, 4), distributionCount: 0 }));
			let now = Date.parse('2026-03-02T00:00:00Z');
			for (let n = 0; n < 20; n++) {
				const slots = availableSlots(input(hs, { now, range: { start: now, end: now + 7 * DAY } }));
				if (!slots.length) break;
				const slot = slots[r.int(0, slots.length - 1)]!;
				const eligible = distributionEligible(input(hs));
				const pick = pickRoundRobin(hs, slot.hosts, slot.start, 1, 'equal_distribution');
				expect(slot.hosts).toContain(pick.host);
				expect(eligible[hs.findIndex((h) => h.user === pick.host)]).toBe(true);
				const i = hs.findIndex((h) => h.user === pick.host);
				hs[i] = { ...hs[i]!, distributionCount: (hs[i]!.distributionCount ?? 0) + 1, busy: [...hs[i]!.busy, { start: slot.start, end: slot.end }] };
				const counts = hs.map((h) => h.distributionCount ?? 0);
				expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(EQUAL_DISTRIBUTION_LEAD);
				for (const s of availableSlots(input(hs, { now, range: { start: now, end: now + DAY } })))
					for (const u of s.hosts) for (const b of hs.find((h) => h.user === u)!.busy) expect(s.start < b.end && b.start < s.end).toBe(false);
				now += r.int(1, 6) * H;
			}
		}
	});
});

const { call, snapshot } = testGym(
	(name) => {
		const db = new CalendlyDb(name);
		return { gym: createCalendlyGym(db), db };
	},
	'calendly-distribution-spec',
	{ actor: '1005' }
);
const uuid = (uri: string) => uri.slice(uri.lastIndexOf('/') + 1);

describe('equal distribution through the API', () => {
	it('bookings go to the host with the fewest meetings, each decision recorded; adding a host restarts the counts', async () => {
		const me = resourceOf(User).parse((await call('GET', '/users/me')).body).resource;
		const list = await call('GET', '/event_types', undefined, `organization=${encodeURIComponent(me.current_organization)}&count=100`);
		const rr = collectionOf(EventType)
			.parse(list.body)
			.collection.find((t) => t.kind_description === 'Round Robin' && t.active)!;
		const set = await call('PATCH', `/event_types/${uuid(rr.uri)}/settings`, { round_robin_strategy: 'equal_distribution', max_events_per_day: null });
		expect(resourceOf(EventTypeSettings).parse(set.body).resource.round_robin_strategy).toBe('equal_distribution');
		const hosts = collectionOf(EventTypeMembership).parse(
			(await call('GET', '/event_type_memberships', undefined, `event_type=${encodeURIComponent(rr.uri)}`)).body
		).collection;
		// restart the counts: re-save the pool with one host added (every count is now 0)
		const members = (await call('GET', '/organization_memberships', undefined, `organization=${encodeURIComponent(me.current_organization)}&count=100`))
			.body as {
			collection: { user: { uri: string } }[];
		};
		const extra = members.collection.map((m) => m.user.uri).find((u) => !hosts.some((h) => h.member === u))!;
		const pool = [...hosts.map((h) => ({ user: h.member, priority: h.priority })), { user: extra, priority: 0 }];
		expect((await call('PATCH', `/event_types/${uuid(rr.uri)}`, { hosts: pool })).status).toBe(200);
		const settings = resourceOf(EventTypeSettings).parse((await call('GET', `/event_types/${uuid(rr.uri)}/settings`)).body).resource;
		expect(settings.hosts_changed_at! >= `${T0.slice(0, 23)}000Z`).toBe(true);

		const counts = new Map(pool.map((h) => [h.user, 0]));
		const decisions: BookingDecision[] = [];
		let from = Date.parse(T0) + DAY;
		for (let n = 0; n < 2 * pool.length; n++) {
			const q = `event_type=${encodeURIComponent(rr.uri)}&start_time=${new Date(from).toISOString()}&end_time=${new Date(from + 7 * DAY).toISOString()}`;
			const slots = (await call('GET', '/event_type_available_times', undefined, q)).body.collection as { start_time: string }[];
			expect(slots.length).toBeGreaterThan(0);
			const start = slots[0]!.start_time;
			const res = await call('POST', '/invitees', {
				event_type: rr.uri,
				start_time: start,
				invitee: { name: `Buyer ${n}`, email: `buyer${n}@example.com`, timezone: 'UTC' },
				questions_and_answers: rr.custom_questions
					.filter((x) => x.required && x.enabled)
					.map((x) => ({ question: x.name, answer: x.answer_choices[0] ?? 'x', position: x.position }))
			});
			expect(res.status).toBe(201);
			const event = res.body.resource.event as string;
			const state = await call('GET', '/scheduled_events/' + uuid(event));
			const chosen = state.body.resource.event_memberships[0].user as string;
			const least = Math.min(...[...counts.values()]);
			expect(counts.get(chosen)).toBeLessThan(least + EQUAL_DISTRIBUTION_LEAD);
			counts.set(chosen, counts.get(chosen)! + 1);
			from = Date.parse(start) + H;
			const exported = JSON.parse(await snapshot()) as { tables: { booking_decisions: BookingDecision[] } };
			const decision = BookingDecision.parse(exported.tables.booking_decisions.find((d) => d.uri === event));
			expect(decision.host).toBe(chosen);
			decisions.push(decision);
		}
		expect(decisions.every((d) => d.candidates.every((c) => typeof c.meetings === 'number'))).toBe(true);
		const first = decisions[0]!;
		expect(first.candidates.every((c) => c.meetings === 0)).toBe(true);
		expect(['tie_break', 'priority', 'only_free_host']).toContain(first.reason);
		expect(decisions.some((d) => d.reason === 'fewest_meetings')).toBe(true);
		const spread = [...counts.values()];
		expect(Math.max(...spread) - Math.min(...spread)).toBeLessThanOrEqual(EQUAL_DISTRIBUTION_LEAD);
	});
});
