/**
 * Contract tests of the Calendly API: every answer is parsed with the contract's schemas, every refusal is
 * Calendly's error envelope and leaves the export byte-identical.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testGym, T0, type Json } from '../../kit/test-gym';
import { CalendlyDb } from '../db';
import { createCalendlyGym } from '../index';
import {
	AvailabilitySchedule,
	AvailableTime,
	BookingDecision,
	BusyTime,
	CancellationOut,
	ErrorBody,
	EventType,
	EventTypeMembership,
	EventTypeSettings,
	Invitee,
	InviteeNoShow,
	OrganizationMembershipOut,
	RoutingForm,
	RoutingFormSubmission,
	ScheduledEvent,
	SchedulingLinkOut,
	User,
	WebhookSubscription,
	collectionOf,
	resourceOf
} from '../contract';
import { LINK_USED, SLOT_TAKEN } from './writes';

const { call, snapshot } = testGym((name) => {
	const db = new CalendlyDb(name);
	return { gym: createCalendlyGym(db), db };
}, 'calendly-api-spec');

const uuid = (uri: string) => uri.slice(uri.lastIndexOf('/') + 1);
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const NOW = Date.parse(T0);

/** Asserts `p` is refused with `status` in Calendly's envelope and that nothing was written. */
async function refused(p: () => Promise<{ status: number; body: Json }>, status: number, message?: string | RegExp) {
	const before = await snapshot();
	const res = await p();
	expect(res.status).toBe(status);
	const err = ErrorBody.parse(res.body);
	if (message) expect(JSON.stringify(err)).toMatch(message);
	expect(await snapshot()).toBe(before);
	return err;
}

async function me() {
	return resourceOf(User).parse((await call('GET', '/users/me')).body).resource;
}
async function orgTypes(q = '') {
	const u = await me();
	const res = await call('GET', '/event_types', undefined, `organization=${encodeURIComponent(u.current_organization)}&count=100${q}`);
	return collectionOf(EventType).parse(res.body).collection;
}
async function slots(type: string, from = NOW + DAY, days = 7) {
	const res = await call(
		'GET',
		'/event_type_available_times',
		undefined,
		`event_type=${encodeURIComponent(type)}&start_time=${iso(from)}&end_time=${iso(from + days * DAY)}`
	);
	expect(res.status).toBe(200);
	return z.strictObject({ collection: z.array(AvailableTime) }).parse(res.body).collection;
}
const invitee = { name: 'Ana Silva', email: 'ana.silva@example.com', timezone: 'Europe/Lisbon' };
async function typeNamed(prefix: string, pred: (t: EventType) => boolean = () => true) {
	return (await orgTypes()).find((t) => t.name.startsWith(prefix) && t.active && pred(t))!;
}
async function myDiscovery() {
	const u = await me();
	const res = await call('GET', '/event_types', undefined, `user=${encodeURIComponent(u.uri)}`);
	return collectionOf(EventType)
		.parse(res.body)
		.collection.find((t) => t.kind_description === 'One-on-One')!;
}
const answersFor = (t: EventType) =>
	t.custom_questions.filter((q) => q.required).map((q) => ({ question: q.name, answer: q.answer_choices[0] ?? 'An answer', position: q.position }));

describe('users and memberships', () => {
	it('GET /users/me is the acting user; GET /users/{uuid} finds users; unknown is 404', async () => {
		const u = await me();
		expect(u.email).toBe('maya.patel@salesgym.io');
		expect(resourceOf(User).parse((await call('GET', `/users/${uuid(u.uri)}`)).body).resource).toEqual(u);
		await refused(async () => call('GET', '/users/00000000-0000-4000-8000-000000000000'), 404, 'Resource Not Found');
	});

	it('lists memberships with the user embedded, pages by count / page_token, refuses a bad count, token or a missing filter', async () => {
		const u = await me();
		const q = `organization=${encodeURIComponent(u.current_organization)}`;
		const seen: string[] = [];
		let token: string | null = null;
		do {
			const res = await call('GET', '/organization_memberships', undefined, `${q}&count=5${token ? `&page_token=${token}` : ''}`);
			const page = collectionOf(OrganizationMembershipOut).parse(res.body);
			expect(page.collection.length).toBeLessThanOrEqual(5);
			expect(page.pagination.count).toBe(page.collection.length);
			if (page.pagination.next_page_token) expect(page.pagination.next_page).toContain(`page_token=${page.pagination.next_page_token}`);
			seen.push(...page.collection.map((m) => m.uri));
			token = page.pagination.next_page_token;
		} while (token);
		expect(new Set(seen).size).toBe(12);
		const first = collectionOf(OrganizationMembershipOut).parse((await call('GET', '/organization_memberships', undefined, q)).body);
		expect(first.collection.length).toBe(12); // default count 20
		await refused(async () => call('GET', '/organization_memberships', undefined, `${q}&count=101`), 400, 'count');
		await refused(async () => call('GET', '/organization_memberships', undefined, `${q}&page_token=nope`), 400, 'page_token');
		await refused(async () => call('GET', '/organization_memberships'), 400, 'Invalid Argument');
		await refused(async () => call('GET', '/organization_memberships', undefined, `${q}&organisation=x`), 400, 'organisation');
	});
});

describe('event types', () => {
	it('lists every kind, not deleted ones, sorted by name; filters by active and user; gets one', async () => {
		const all = await orgTypes();
		const kinds = new Set(all.map((t) => t.kind_description));
		expect([...kinds].sort()).toEqual(['Collective', 'Group', 'One-on-One', 'Round Robin']);
		expect(all.every((t) => t.deleted_at === null)).toBe(true);
		expect(all.some((t) => t.secret)).toBe(true);
		const names = all.map((t) => t.name.toLowerCase());
		expect(names).toEqual([...names].sort());
		const inactive = await orgTypes('&active=false');
		expect(inactive.length).toBeGreaterThan(0);
		expect(inactive.every((t) => !t.active)).toBe(true);
		const one = all[0]!;
		expect(resourceOf(EventType).parse((await call('GET', `/event_types/${uuid(one.uri)}`)).body).resource).toEqual(one);
		const hosts = collectionOf(EventTypeMembership).parse(
			(await call('GET', '/event_type_memberships', undefined, `event_type=${encodeURIComponent(one.uri)}`)).body
		);
		expect(hosts.collection.every((h) => h.event_type === one.uri)).toBe(true);
		await refused(async () => call('GET', '/event_types'), 400, 'user or organization is required');
		await refused(async () => call('GET', '/event_types', undefined, `user=${encodeURIComponent((await me()).uri)}&sort=size:asc`), 400, 'sort');
	});

	it('PATCH toggles on/off and secret; the settings read and patch; refusals write nothing', async () => {
		const t = await myDiscovery();
		const res = await call('PATCH', `/event_types/${uuid(t.uri)}`, { active: false, secret: true });
		expect(res.status).toBe(200);
		const after = resourceOf(EventType).parse(res.body).resource;
		expect([after.active, after.secret]).toEqual([false, true]);
		const s = resourceOf(EventTypeSettings).parse((await call('GET', `/event_types/${uuid(t.uri)}/settings`)).body).resource;
		const patched = await call('PATCH', `/event_types/${uuid(t.uri)}/settings`, { buffer_before: 10, max_events_per_day: 2 });
		expect(resourceOf(EventTypeSettings).parse(patched.body).resource).toMatchObject({
			...s,
			buffer_before: 10,
			max_events_per_day: 2,
			updated_at: expect.any(String)
		});
		await refused(async () => call('PATCH', `/event_types/${uuid(t.uri)}`, { activ: true }), 400, 'activ');
		await refused(async () => call('PATCH', `/event_types/${uuid(t.uri)}/settings`, { group_limit: 5 }), 400, 'group_limit');
		const other = (await orgTypes()).find((x) => x.kind_description === 'Round Robin')!;
		await refused(async () => call('PATCH', `/event_types/${uuid(other.uri)}`, { active: false }), 403, 'Permission Denied');
	});
});

describe('availability', () => {
	it('lists schedules of a user, patches weekly hours and overrides, refuses overlapping intervals', async () => {
		const u = await me();
		const list = z.strictObject({ collection: z.array(AvailabilitySchedule) }).parse((await call('GET', '/user_availability_schedules')).body).collection;
		expect(list.length).toBeGreaterThan(0);
		expect(list.every((s) => s.user === u.uri)).toBe(true);
		const s = list.find((x) => x.default)!;
		const rules = [...s.rules.filter((r) => r.type === 'wday'), { type: 'date' as const, date: '2026-03-10', intervals: [] }];
		const res = await call('PATCH', `/user_availability_schedules/${uuid(s.uri)}`, { rules });
		expect(resourceOf(AvailabilitySchedule).parse(res.body).resource.rules).toEqual(rules);
		await refused(
			async () =>
				call('PATCH', `/user_availability_schedules/${uuid(s.uri)}`, {
					rules: [
						{
							type: 'wday',
							wday: 'monday',
							intervals: [
								{ from: '09:00', to: '12:00' },
								{ from: '11:00', to: '13:00' }
							]
						}
					]
				}),
			400,
			'overlap'
		);
		await refused(
			async () =>
				call('PATCH', `/user_availability_schedules/${uuid(s.uri)}`, {
					rules: [{ type: 'wday', wday: 'monday', intervals: [{ from: '12:00', to: '09:00' }] }]
				}),
			400
		);
	});

	it('available times: starts after the minimum notice, inside 7 days; a day off offers nothing; bad windows are 400', async () => {
		const t = await myDiscovery();
		const list = await slots(t.uri, NOW);
		expect(list.length).toBeGreaterThan(0);
		expect(list.every((s) => Date.parse(s.start_time) >= NOW + 4 * 3_600_000)).toBe(true);
		expect(list.every((s) => s.invitees_remaining === 1 && s.scheduling_url.startsWith(t.scheduling_url))).toBe(true);
		// a day off (date override) on the host's schedule removes that local day
		const sched = z
			.strictObject({ collection: z.array(AvailabilitySchedule) })
			.parse((await call('GET', '/user_availability_schedules')).body)
			.collection.find((s) => s.default)!;
		const day = list[0]!.start_time.slice(0, 10);
		await call('PATCH', `/user_availability_schedules/${uuid(sched.uri)}`, {
			rules: [...sched.rules.filter((r) => r.type === 'wday'), { type: 'date', date: day, intervals: [] }]
		});
		const after = await slots(t.uri, NOW);
		expect(after.some((s) => s.start_time.startsWith(day) && Date.parse(s.start_time) < Date.parse(`${day}T23:00:00Z`))).toBe(false);
		const q = (a: number, b: number) => `event_type=${encodeURIComponent(t.uri)}&start_time=${iso(a)}&end_time=${iso(b)}`;
		await refused(async () => call('GET', '/event_type_available_times', undefined, q(NOW + DAY, NOW + 9 * DAY)), 400, '7 days');
		await refused(async () => call('GET', '/event_type_available_times', undefined, q(NOW - 2 * DAY, NOW)), 400, 'future');
		await refused(async () => call('GET', '/event_type_available_times', undefined, q(NOW + 2 * DAY, NOW + DAY)), 400, 'after');
	});

	it('busy times list the user’s active meetings with buffers; over 7 days is 400', async () => {
		const rr = await typeNamed('Demo');
		const host = collectionOf(EventTypeMembership).parse(
			(await call('GET', '/event_type_memberships', undefined, `event_type=${encodeURIComponent(rr.uri)}`)).body
		).collection[0]!;
		const res = await call(
			'GET',
			'/user_busy_times',
			undefined,
			`user=${encodeURIComponent(host.member)}&start_time=${iso(NOW)}&end_time=${iso(NOW + 7 * DAY)}`
		);
		const busy = z.strictObject({ collection: z.array(BusyTime) }).parse(res.body).collection;
		for (const b of busy) {
			expect(b.buffered_start_time <= b.start_time && b.buffered_end_time >= b.end_time).toBe(true);
			const e = resourceOf(ScheduledEvent).parse((await call('GET', `/scheduled_events/${uuid(b.event.uri)}`)).body).resource;
			expect(e.status).toBe('active');
		}
		await refused(
			async () => call('GET', '/user_busy_times', undefined, `user=${encodeURIComponent(host.member)}&start_time=${iso(NOW)}&end_time=${iso(NOW + 8 * DAY)}`),
			400
		);
		await refused(async () => call('GET', '/user_busy_times', undefined, `start_time=${iso(NOW)}&end_time=${iso(NOW + DAY)}`), 400, 'user');
	});
});

describe('booking (POST /invitees)', () => {
	it('books an offered slot, which is then gone and busy; booking it again is refused and writes nothing', async () => {
		const t = await myDiscovery();
		const slot = (await slots(t.uri))[0]!;
		const res = await call('POST', '/invitees', { event_type: t.uri, start_time: slot.start_time, invitee, questions_and_answers: answersFor(t) });
		expect(res.status).toBe(201);
		const inv = resourceOf(Invitee).parse(res.body).resource;
		expect(inv).toMatchObject({ email: 'ana.silva@example.com', status: 'active', timezone: 'Europe/Lisbon', old_invitee: null });
		const ev = resourceOf(ScheduledEvent).parse((await call('GET', `/scheduled_events/${uuid(inv.event)}`)).body).resource;
		expect(ev.start_time).toBe(slot.start_time);
		expect(ev.event_memberships.map((m) => m.user)).toEqual([(await me()).uri]);
		expect((await slots(t.uri)).some((s) => s.start_time === slot.start_time)).toBe(false);
		const got = resourceOf(Invitee).parse((await call('GET', `/scheduled_events/${uuid(inv.event)}/invitees/${uuid(inv.uri)}`)).body).resource;
		expect(got).toEqual(inv);
		const err = await refused(
			async () =>
				call('POST', '/invitees', {
					event_type: t.uri,
					start_time: slot.start_time,
					invitee: { ...invitee, email: 'b@example.com' },
					questions_and_answers: answersFor(t)
				}),
			400
		);
		expect(err.details).toEqual([{ parameter: 'start_time', message: SLOT_TAKEN }]);
	});

	it('refuses bad answers, a missing required answer, a past or unaligned start, an inactive type, a typo, with nothing written', async () => {
		const t = await myDiscovery();
		const slot = (await slots(t.uri))[0]!;
		const base = { event_type: t.uri, start_time: slot.start_time, invitee };
		await refused(
			async () =>
				call('POST', '/invitees', { ...base, questions_and_answers: [...answersFor(t), { question: 'Favourite colour', answer: 'red', position: 9 }] }),
			400,
			'Favourite colour'
		);
		if (t.custom_questions.some((q) => q.required)) await refused(async () => call('POST', '/invitees', base), 400, 'required');
		await refused(async () => call('POST', '/invitees', { ...base, start_time: iso(NOW - DAY), questions_and_answers: answersFor(t) }), 400, 'future');
		await refused(
			async () => call('POST', '/invitees', { ...base, start_time: iso(Date.parse(slot.start_time) + 7 * 60_000), questions_and_answers: answersFor(t) }),
			400,
			SLOT_TAKEN
		);
		await refused(async () => call('POST', '/invitees', { ...base, invitee: { email: 'x@example.com', timezone: 'UTC' } }), 400, 'name');
		await refused(async () => call('POST', '/invitees', { ...base, invite: invitee }), 400, 'invite');
		await refused(async () => call('POST', '/invitees', { ...base, location: { type: 'zoom_conference' } }), 400);
		const off = (await orgTypes('&active=false'))[0]!;
		await refused(async () => call('POST', '/invitees', { ...base, event_type: off.uri }), 400, 'not active');
	});

	it('round robin: the booking goes to the host the decision names, recorded with its reason', async () => {
		const rr = await typeNamed('Demo', (t) => t.pooling_type === 'round_robin');
		const slot = (await slots(rr.uri))[0]!;
		const res = await call('POST', '/invitees', { event_type: rr.uri, start_time: slot.start_time, invitee, questions_and_answers: answersFor(rr) });
		expect(res.status).toBe(201);
		const inv = resourceOf(Invitee).parse(res.body).resource;
		const ev = resourceOf(ScheduledEvent).parse((await call('GET', `/scheduled_events/${uuid(inv.event)}`)).body).resource;
		const state = JSON.parse(await snapshot());
		const decision = BookingDecision.parse(state.tables.booking_decisions.find((d: Json) => d.uri === ev.uri));
		expect(ev.event_memberships.map((m) => m.user)).toEqual([decision.host]);
		expect(decision.candidates[0]!.user).toBe(decision.host);
		const [a, b] = decision.candidates;
		if (b) {
			if (decision.reason === 'priority') expect(a!.priority).toBeGreaterThan(b.priority);
			else expect(a!.priority).toBe(b.priority);
		} else expect(decision.reason).toBe('only_free_host');
	});

	it('collective books every host; group seats stop at the limit', async () => {
		const col = (await orgTypes()).find((t) => t.kind_description === 'Collective')!;
		const cs = (await slots(col.uri))[0];
		if (cs) {
			const res = await call('POST', '/invitees', { event_type: col.uri, start_time: cs.start_time, invitee, questions_and_answers: answersFor(col) });
			const ev = resourceOf(ScheduledEvent).parse(
				(await call('GET', `/scheduled_events/${uuid(resourceOf(Invitee).parse(res.body).resource.event)}`)).body
			).resource;
			expect(ev.event_memberships.length).toBe(2);
		}
		const group = (await orgTypes()).find((t) => t.kind_description === 'Group')!;
		const gs = (await slots(group.uri))[0]!;
		expect(gs.invitees_remaining).toBe(10);
		const book = (email: string) =>
			call('POST', '/invitees', { event_type: group.uri, start_time: gs.start_time, invitee: { ...invitee, email }, questions_and_answers: answersFor(group) });
		const first = resourceOf(Invitee).parse((await book('g1@example.com')).body).resource;
		const second = resourceOf(Invitee).parse((await book('g2@example.com')).body).resource;
		expect(second.event).toBe(first.event);
		const ev = resourceOf(ScheduledEvent).parse((await call('GET', `/scheduled_events/${uuid(first.event)}`)).body).resource;
		expect(ev.invitees_counter).toEqual({ total: 2, active: 2, limit: 10 });
		expect((await slots(group.uri)).find((s) => s.start_time === gs.start_time)?.invitees_remaining).toBe(8);
		for (let i = 3; i <= 10; i++) expect((await book(`g${i}@example.com`)).status).toBe(201);
		expect((await slots(group.uri)).some((s) => s.start_time === gs.start_time)).toBe(false);
		await refused(async () => book('g11@example.com'), 400, SLOT_TAKEN);
	});
});

describe('scheduled events', () => {
	it('lists by user with status / time / email filters, sorted; organization needs admin rights', async () => {
		const u = await me();
		const q = `user=${encodeURIComponent(u.uri)}&count=100`;
		const all = collectionOf(ScheduledEvent).parse((await call('GET', '/scheduled_events', undefined, q)).body).collection;
		expect(all.length).toBeGreaterThan(0);
		expect(all.every((e) => e.event_memberships.some((m) => m.user === u.uri))).toBe(true);
		const starts = all.map((e) => e.start_time);
		expect(starts).toEqual([...starts].sort());
		const future = collectionOf(ScheduledEvent).parse(
			(await call('GET', '/scheduled_events', undefined, `${q}&status=active&min_start_time=${T0}`)).body
		).collection;
		expect(future.every((e) => e.status === 'active' && e.start_time >= T0)).toBe(true);
		expect(future.length).toBe(all.filter((e) => e.status === 'active' && e.start_time >= T0.replace('.000Z', '.000000Z')).length);
		const desc = collectionOf(ScheduledEvent).parse((await call('GET', '/scheduled_events', undefined, `${q}&sort=start_time:desc`)).body).collection;
		expect(desc.map((e) => e.start_time)).toEqual([...starts].reverse());
		const one = all[0]!;
		const invs = collectionOf(Invitee).parse((await call('GET', `/scheduled_events/${uuid(one.uri)}/invitees`)).body).collection;
		const byEmail = collectionOf(ScheduledEvent).parse(
			(await call('GET', '/scheduled_events', undefined, `${q}&invitee_email=${encodeURIComponent(invs[0]!.email)}`)).body
		).collection;
		expect(byEmail.map((e) => e.uri)).toContain(one.uri);
		await refused(
			async () => call('GET', '/scheduled_events', undefined, `organization=${encodeURIComponent(u.current_organization)}`),
			403,
			'Permission Denied'
		);
		await refused(async () => call('GET', '/scheduled_events', undefined, `${q}&status=done`), 400, 'status');
		await refused(async () => call('GET', '/scheduled_events', undefined, `${q}&min_start_time=yesterday`), 400, 'min_start_time');
	});

	it('cancels a future meeting with its invitees (201 Cancellation); already canceled, past and foreign meetings are 403', async () => {
		const u = await me();
		const q = `user=${encodeURIComponent(u.uri)}&count=100`;
		const all = collectionOf(ScheduledEvent).parse((await call('GET', '/scheduled_events', undefined, q)).body).collection;
		const future = all.find((e) => e.status === 'active' && Date.parse(e.start_time) > NOW)!;
		const res = await call('POST', `/scheduled_events/${uuid(future.uri)}/cancellation`, { reason: 'Out sick' });
		expect(res.status).toBe(201);
		expect(resourceOf(CancellationOut).parse(res.body).resource).toMatchObject({ canceled_by: u.name, reason: 'Out sick', canceler_type: 'host' });
		const invs = collectionOf(Invitee).parse((await call('GET', `/scheduled_events/${uuid(future.uri)}/invitees`)).body).collection;
		expect(invs.every((i) => i.status === 'canceled' && i.cancellation?.reason === 'Out sick')).toBe(true);
		await refused(async () => call('POST', `/scheduled_events/${uuid(future.uri)}/cancellation`, { reason: 'again' }), 403, 'Event is already canceled');
		const past = all.find((e) => e.status === 'active' && Date.parse(e.start_time) < NOW)!;
		await refused(async () => call('POST', `/scheduled_events/${uuid(past.uri)}/cancellation`, {}), 403, 'Event in the past');
		const state = JSON.parse(await snapshot());
		const foreign = state.tables.scheduled_events.find(
			(e: Json) => e.status === 'active' && Date.parse(e.start_time) > NOW && !e.event_memberships.some((m: Json) => m.user === u.uri)
		);
		await refused(async () => call('POST', `/scheduled_events/${uuid(foreign.uri)}/cancellation`, {}), 403, 'not allowed');
		await refused(async () => call('POST', `/scheduled_events/${uuid(future.uri)}/cancellation`, { reasons: 'x' }), 400, 'reasons');
	});

	it('no-shows: only after the start, once; undo deletes it', async () => {
		const u = await me();
		const all = collectionOf(ScheduledEvent).parse(
			(await call('GET', '/scheduled_events', undefined, `user=${encodeURIComponent(u.uri)}&count=100&status=active`)).body
		).collection;
		const invOf = async (e: ScheduledEvent) =>
			collectionOf(Invitee).parse((await call('GET', `/scheduled_events/${uuid(e.uri)}/invitees`, undefined, 'status=active')).body).collection;
		let target: Invitee | undefined;
		for (const e of all.filter((x) => Date.parse(x.start_time) < NOW)) {
			target = (await invOf(e)).find((i) => !i.no_show);
			if (target) break;
		}
		const res = await call('POST', '/invitee_no_shows', { invitee: target!.uri });
		expect(res.status).toBe(201);
		const ns = resourceOf(InviteeNoShow).parse(res.body).resource;
		expect(ns.invitee).toBe(target!.uri);
		expect(resourceOf(InviteeNoShow).parse((await call('GET', `/invitee_no_shows/${uuid(ns.uri)}`)).body).resource).toEqual(ns);
		await refused(async () => call('POST', '/invitee_no_shows', { invitee: target!.uri }), 409, 'Already Exists');
		const future = all.find((x) => Date.parse(x.start_time) > NOW)!;
		await refused(async () => call('POST', '/invitee_no_shows', { invitee: (await invOf(future))[0]!.uri }), 400, 'after the event starts');
		expect((await call('DELETE', `/invitee_no_shows/${uuid(ns.uri)}`)).status).toBe(204);
		const back = resourceOf(Invitee).parse((await call('GET', target!.uri.replace('https://api.calendly.com', ''))).body).resource;
		expect(back.no_show).toBeNull();
		await refused(async () => call('DELETE', `/invitee_no_shows/${uuid(ns.uri)}`), 404);
	});
});

describe('booking page calls', () => {
	it('a single-use link books once, then is no longer valid', async () => {
		const t = await myDiscovery();
		const res = await call('POST', '/scheduling_links', { max_event_count: 1, owner: t.uri, owner_type: 'EventType' });
		expect(res.status).toBe(201);
		const link = resourceOf(SchedulingLinkOut).parse(res.body).resource;
		expect(link.booking_url).toMatch(/^https:\/\/calendly\.com\/d\/.+\/discovery-call/);
		const [s1, s2] = await slots(t.uri);
		const book = (start: string, email: string) =>
			call('POST', '/booking/invitees', {
				event_type: t.uri,
				start_time: start,
				invitee: { ...invitee, email },
				questions_and_answers: answersFor(t),
				scheduling_link: link.booking_url
			});
		expect((await book(s1!.start_time, 'one@example.com')).status).toBe(201);
		await refused(async () => book(s2!.start_time, 'two@example.com'), 400, LINK_USED);
		await refused(async () => call('POST', '/scheduling_links', { max_event_count: 2, owner: t.uri, owner_type: 'EventType' }), 400);
		const mine = collectionOf(EventType).parse((await call('GET', '/event_types', undefined, `user=${encodeURIComponent((await me()).uri)}`)).body).collection;
		const off = mine.find((x) => x.uri !== t.uri && x.active)!;
		expect((await call('PATCH', `/event_types/${uuid(off.uri)}`, { active: false })).status).toBe(200);
		await refused(async () => call('POST', '/scheduling_links', { max_event_count: 1, owner: off.uri, owner_type: 'EventType' }), 400, 'not active');
		// A type the acting user (role "user") does not host (a round robin of others): refused, nothing stored.
		const other = (await orgTypes()).find((x) => x.kind_description === 'Round Robin')!;
		await refused(async () => call('POST', '/scheduling_links', { max_event_count: 1, owner: other.uri, owner_type: 'EventType' }), 403, 'Permission Denied');
	});

	it('reschedule: the old invitee is canceled + rescheduled, the new one points back; the old slot frees up', async () => {
		const t = await myDiscovery();
		const [s1, s2] = await slots(t.uri);
		const first = resourceOf(Invitee).parse(
			(await call('POST', '/invitees', { event_type: t.uri, start_time: s1!.start_time, invitee, questions_and_answers: answersFor(t) })).body
		).resource;
		const res = await call('POST', '/booking/invitees', {
			event_type: t.uri,
			start_time: s2!.start_time,
			invitee,
			questions_and_answers: answersFor(t),
			reschedule: first.uri,
			rescheduled_by: 'host',
			reason: 'Conflict'
		});
		expect(res.status).toBe(201);
		const next = resourceOf(Invitee).parse(res.body).resource;
		expect(next.old_invitee).toBe(first.uri);
		const old = resourceOf(Invitee).parse((await call('GET', first.uri.replace('https://api.calendly.com', ''))).body).resource;
		expect(old).toMatchObject({ status: 'canceled', rescheduled: true, new_invitee: next.uri });
		expect(old.cancellation).toMatchObject({ canceler_type: 'host', reason: 'Conflict' });
		const oldEv = resourceOf(ScheduledEvent).parse((await call('GET', old.event.replace('https://api.calendly.com', ''))).body).resource;
		expect(oldEv.status).toBe('canceled');
		expect((await slots(t.uri)).some((s) => s.start_time === s1!.start_time)).toBe(true);
		await refused(
			async () =>
				call('POST', '/booking/invitees', {
					event_type: t.uri,
					start_time: s1!.start_time,
					invitee,
					questions_and_answers: answersFor(t),
					reschedule: first.uri
				}),
			403,
			'Event is already canceled'
		);
	});

	it('reschedule refusals write nothing: a canceled meeting, a past meeting (Calendly’s messages)', async () => {
		const u = await me();
		const all = async (status: string, extra = '') =>
			collectionOf(ScheduledEvent).parse(
				(await call('GET', '/scheduled_events', undefined, `user=${encodeURIComponent(u.uri)}&status=${status}&count=100${extra}`)).body
			).collection;
		const firstInvitee = async (e: ScheduledEvent) =>
			collectionOf(Invitee).parse((await call('GET', `${e.uri.replace('https://api.calendly.com', '')}/invitees`)).body).collection[0]!;
		const body = async (e: ScheduledEvent, who: 'host' | 'invitee' = 'host') => {
			const inv = await firstInvitee(e);
			const s = (await slots(e.event_type))[0]!;
			return {
				event_type: e.event_type,
				start_time: s.start_time,
				invitee: { name: inv.name, email: inv.email, timezone: inv.timezone },
				questions_and_answers: inv.questions_and_answers,
				reschedule: inv.uri,
				rescheduled_by: who
			};
		};
		const bookable = (e: ScheduledEvent) => (types: EventType[]) => types.some((t) => t.uri === e.event_type && t.active && !t.deleted_at);
		const types = await orgTypes();
		const t = await myDiscovery();
		const s0 = (await slots(t.uri))[0]!;
		const booked = resourceOf(Invitee).parse(
			(await call('POST', '/invitees', { event_type: t.uri, start_time: s0.start_time, invitee, questions_and_answers: answersFor(t) })).body
		).resource;
		expect((await call('POST', `${booked.event.replace('https://api.calendly.com', '')}/cancellation`, { reason: 'Off sick' })).status).toBe(201);
		const canceled = resourceOf(ScheduledEvent).parse((await call('GET', booked.event.replace('https://api.calendly.com', ''))).body).resource;
		await refused(async () => call('POST', '/booking/invitees', await body(canceled)), 403, 'Event is already canceled');
		const past = (await all('active', `&max_start_time=${iso(NOW)}`)).find((e) => bookable(e)(types));
		expect(past).toBeDefined();
		const pastBody = await body(past!, 'invitee');
		await refused(async () => call('POST', '/booking/invitees', pastBody), 403, 'Event in the past');
	});

	it('GET /booking/invitees/{uuid} answers the invitee of a reschedule or cancel link and its meeting', async () => {
		const t = await myDiscovery();
		const s = (await slots(t.uri))[0]!;
		const inv = resourceOf(Invitee).parse(
			(await call('POST', '/invitees', { event_type: t.uri, start_time: s.start_time, invitee, questions_and_answers: answersFor(t) })).body
		).resource;
		const id = inv.reschedule_url.slice(inv.reschedule_url.lastIndexOf('/') + 1);
		expect(inv.cancel_url.endsWith(`/cancellations/${id}`)).toBe(true);
		const res = await call('GET', `/booking/invitees/${id}`);
		expect(res.status).toBe(200);
		const out = z.strictObject({ resource: Invitee, event: ScheduledEvent }).parse(res.body);
		expect(out.resource.uri).toBe(inv.uri);
		expect(out.event.uri).toBe(inv.event);
		await refused(async () => call('GET', '/booking/invitees/00000000-0000-0000-0000-000000000000'), 404);
	});

	it('an invitee cancels from their link; a second time is 403', async () => {
		const t = await myDiscovery();
		const s = (await slots(t.uri))[0]!;
		const inv = resourceOf(Invitee).parse(
			(await call('POST', '/invitees', { event_type: t.uri, start_time: s.start_time, invitee, questions_and_answers: answersFor(t) })).body
		).resource;
		const res = await call('POST', '/booking/cancellations', { invitee: inv.uri, reason: 'Found another time' });
		expect(res.status).toBe(201);
		expect(resourceOf(CancellationOut).parse(res.body).resource).toMatchObject({ canceled_by: 'Ana Silva', canceler_type: 'invitee' });
		await refused(async () => call('POST', '/booking/cancellations', { invitee: inv.uri }), 403, 'already canceled');
	});
});

describe('routing forms and webhooks', () => {
	it('lists routing forms and their submissions; the filter is required', async () => {
		const u = await me();
		const forms = collectionOf(RoutingForm).parse(
			(await call('GET', '/routing_forms', undefined, `organization=${encodeURIComponent(u.current_organization)}`)).body
		).collection;
		expect(forms.map((f) => f.status).sort()).toEqual(['draft', 'published']);
		const pub = forms.find((f) => f.status === 'published')!;
		expect(resourceOf(RoutingForm).parse((await call('GET', `/routing_forms/${uuid(pub.uri)}`)).body).resource).toEqual(pub);
		const subs = collectionOf(RoutingFormSubmission).parse(
			(await call('GET', '/routing_form_submissions', undefined, `form=${encodeURIComponent(pub.uri)}&count=100`)).body
		);
		expect(subs.collection.length).toBeGreaterThan(20);
		expect(subs.collection.every((s) => s.routing_form === pub.uri)).toBe(true);
		expect(resourceOf(RoutingFormSubmission).parse((await call('GET', `/routing_form_submissions/${uuid(subs.collection[0]!.uri)}`)).body).resource).toEqual(
			subs.collection[0]
		);
		await refused(async () => call('GET', '/routing_forms'), 400, 'organization');
		await refused(async () => call('GET', '/routing_form_submissions'), 400, 'form');
	});

	it('stores webhook subscriptions; same URL twice is 409; user scope needs a user; delete is 204', async () => {
		const u = await me();
		const body = {
			url: 'https://hooks.example.com/calendly',
			events: ['invitee.created', 'invitee.canceled'],
			organization: u.current_organization,
			scope: 'user',
			user: u.uri
		};
		const res = await call('POST', '/webhook_subscriptions', body);
		expect(res.status).toBe(201);
		const w = resourceOf(WebhookSubscription).parse(res.body).resource;
		expect(w).toMatchObject({ callback_url: body.url, state: 'active', scope: 'user', user: u.uri, creator: u.uri });
		await refused(async () => call('POST', '/webhook_subscriptions', body), 409, 'Hook with this url already exists');
		await refused(async () => call('POST', '/webhook_subscriptions', { ...body, user: undefined, url: 'https://hooks.example.com/2' }), 400, 'user');
		await refused(
			async () => call('POST', '/webhook_subscriptions', { ...body, url: 'https://hooks.example.com/3', events: ['routing_form_submission.created'] }),
			400,
			'organization scope'
		);
		await refused(async () => call('POST', '/webhook_subscriptions', { ...body, url: 'http://insecure.example.com' }), 400);
		const list = collectionOf(WebhookSubscription).parse(
			(
				await call(
					'GET',
					'/webhook_subscriptions',
					undefined,
					`organization=${encodeURIComponent(u.current_organization)}&scope=user&user=${encodeURIComponent(u.uri)}`
				)
			).body
		).collection;
		expect(list.map((x) => x.uri)).toEqual([w.uri]);
		await refused(async () => call('GET', '/webhook_subscriptions', undefined, `organization=${encodeURIComponent(u.current_organization)}`), 400, 'scope');
		expect((await call('DELETE', `/webhook_subscriptions/${uuid(w.uri)}`)).status).toBe(204);
		await refused(async () => call('GET', `/webhook_subscriptions/${uuid(w.uri)}`), 404);
	});
});
