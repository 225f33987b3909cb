/**
 * Contract tests of the event type editor's calls (the Calendly web app's `PATCH /event_types/{uuid}` and
 * `PATCH /event_types/{uuid}/settings`): every answer parsed with the contract, every refusal Calendly's
 * `{title, message, details}` with the export byte-identical, and the solver honouring what was saved. The run
 * acts as Hannah Berg (1005), the organization's owner, who may edit every event type.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testGym, T0, type Json } from '../../kit/test-gym';
import { CalendlyDb } from '../db';
import { createCalendlyGym } from '../index';
import {
	AvailableTime,
	BookingLinkOut,
	ErrorBody,
	EventType,
	EventTypeMembership,
	EventTypeSettings,
	Invitee,
	ScheduledEvent,
	User,
	collectionOf,
	resourceOf
} from '../contract';

const { call, snapshot } = testGym(
	(name) => {
		const db = new CalendlyDb(name);
		return { gym: createCalendlyGym(db), db };
	},
	'calendly-editor-spec',
	{ actor: '1005' }
);

const uuid = (uri: string) => uri.slice(uri.lastIndexOf('/') + 1);
const DAY = 86_400_000;
const NOW = Date.parse(T0);
const iso = (ms: number) => new Date(ms).toISOString();

async function refused(p: () => Promise<{ status: number; body: Json }>, status: number, message: string | RegExp) {
	const before = await snapshot();
	const res = await p();
	expect(res.status).toBe(status);
	const err = ErrorBody.parse(res.body);
	expect(JSON.stringify(err)).toMatch(message);
	expect(await snapshot()).toBe(before);
	return err;
}
async function types() {
	const me = resourceOf(User).parse((await call('GET', '/users/me')).body).resource;
	const res = await call('GET', '/event_types', undefined, `organization=${encodeURIComponent(me.current_organization)}&count=100`);
	return collectionOf(EventType).parse(res.body).collection;
}
const byKind = async (kind: string) => (await types()).find((t) => t.kind_description === kind && t.active && !t.secret)!;
async function hostsOf(t: EventType) {
	const res = await call('GET', '/event_type_memberships', undefined, `event_type=${encodeURIComponent(t.uri)}`);
	return collectionOf(EventTypeMembership).parse(res.body).collection;
}
async function slots(t: EventType, from = NOW + DAY) {
	const res = await call(
		'GET',
		'/event_type_available_times',
		undefined,
		`event_type=${encodeURIComponent(t.uri)}&start_time=${iso(from)}&end_time=${iso(from + 7 * DAY)}`
	);
	expect(res.status).toBe(200);
	return z.strictObject({ collection: z.array(AvailableTime) }).parse(res.body).collection;
}
const patch = (t: EventType, body: unknown) => call('PATCH', `/event_types/${uuid(t.uri)}`, body);
const patchSettings = (t: EventType, body: unknown) => call('PATCH', `/event_types/${uuid(t.uri)}/settings`, body);
const users = async () => {
	const me = resourceOf(User).parse((await call('GET', '/users/me')).body).resource;
	const res = await call('GET', '/organization_memberships', undefined, `organization=${encodeURIComponent(me.current_organization)}&count=100`);
	return (res.body as { collection: { user: { uri: string } }[] }).collection.map((m) => m.user.uri);
};

describe('event type editor: PATCH /event_types/{uuid}', () => {
	it('saves duration and questions; the solver offers slots of the new length', async () => {
		const t = await byKind('One-on-One');
		const before = await slots(t);
		const questions = [
			{ name: 'What should we cover?', type: 'text', position: 0, enabled: true, required: true, answer_choices: [], include_other: false },
			{ name: 'Team size', type: 'single_select', position: 1, enabled: true, required: false, answer_choices: ['1-10', '11-50'], include_other: false }
		];
		const res = await patch(t, { duration: 120, custom_questions: questions });
		expect(res.status).toBe(200);
		const saved = resourceOf(EventType).parse(res.body).resource;
		expect([saved.duration, saved.custom_questions.map((q) => q.name)]).toEqual([120, ['What should we cover?', 'Team size']]);
		const after = await slots(t);
		expect(after.length).toBeLessThan(before.length); // a 2-hour meeting fits fewer starts
		// a required question must be answered when booking
		const s = after[0]!.start_time;
		await refused(
			async () => call('POST', '/invitees', { event_type: t.uri, start_time: s, invitee: { name: 'A B', email: 'a@example.com', timezone: 'UTC' } }),
			400,
			'What should we cover'
		);
	});

	it('refuses a zero duration, a question asked twice, a select without choices, positions out of order', async () => {
		const t = await byKind('One-on-One');
		const q = { name: 'Q', type: 'string', position: 0, enabled: true, required: false, answer_choices: [], include_other: false };
		await refused(async () => patch(t, { duration: 0 }), 400, 'duration');
		await refused(async () => patch(t, { custom_questions: [q, { ...q, position: 1 }] }), 400, 'asked twice');
		await refused(async () => patch(t, { custom_questions: [{ ...q, type: 'single_select' }] }), 400, 'answer choice');
		await refused(async () => patch(t, { custom_questions: [{ ...q, position: 1 }] }), 400, 'positions');
		await refused(async () => patch(t, { custom_questions: [{ ...q, name: '  ' }] }), 400, 'needs its text');
	});

	it('replaces the hosts of a round robin (kept hosts keep their membership, new ones get one); priorities drive the pick', async () => {
		const t = await byKind('Round Robin');
		const hosts = await hostsOf(t);
		expect(hosts.length).toBeGreaterThanOrEqual(2);
		const everyone = await users();
		const outsider = everyone.find((u) => !hosts.some((h) => h.member === u))!;
		const kept = hosts[0]!;
		const next = [
			{ user: kept.member, priority: 4 },
			{ user: outsider, priority: 0 }
		];
		const res = await patch(t, { hosts: next });
		expect(res.status).toBe(200);
		const after = await hostsOf(t);
		expect(after.map((h) => [h.member, h.priority]).sort()).toEqual(next.map((h) => [h.user, h.priority]).sort());
		expect(after.find((h) => h.member === kept.member)!.uri).toBe(kept.uri);
	});

	it('refuses hosts on a one-host kind, no host, a host twice, a user outside the organization', async () => {
		const rr = await byKind('Round Robin');
		const one = await byKind('One-on-One');
		const [h] = await hostsOf(rr);
		await refused(async () => patch(one, { hosts: [{ user: h!.member, priority: 2 }] }), 400, 'exactly one host');
		await refused(async () => patch(rr, { hosts: [] }), 400, 'at least one host');
		await refused(
			async () =>
				patch(rr, {
					hosts: [
						{ user: h!.member, priority: 2 },
						{ user: h!.member, priority: 3 }
					]
				}),
			400,
			'already a host'
		);
		await refused(
			async () => patch(rr, { hosts: [{ user: 'https://api.calendly.com/users/00000000-0000-4000-8000-000000000000', priority: 2 }] }),
			400,
			'not a user'
		);
		await refused(async () => patch(rr, { hosts: [{ user: h!.member, priority: 5 }] }), 400, 'priority');
	});
});

describe('event type editor: PATCH /event_types/{uuid}/settings', () => {
	it('minimum notice, date range and increments change the offered slots', async () => {
		const t = await byKind('One-on-One');
		const first = (await slots(t, NOW))[0]!;
		const res = await patchSettings(t, { minimum_notice: 3 * 24 * 60, start_increment: 60 });
		expect(res.status).toBe(200);
		expect(resourceOf(EventTypeSettings).parse(res.body).resource).toMatchObject({ minimum_notice: 4320, start_increment: 60 });
		const later = await slots(t, NOW);
		expect(Date.parse(later[0]!.start_time)).toBeGreaterThanOrEqual(NOW + 3 * DAY);
		expect(Date.parse(later[0]!.start_time)).toBeGreaterThan(Date.parse(first.start_time));
		expect(later.every((s) => new Date(s.start_time).getUTCMinutes() % 60 === new Date(later[0]!.start_time).getUTCMinutes() % 60)).toBe(true);
		await patchSettings(t, { minimum_notice: 0, period_days: 2 });
		const ranged = await slots(t, NOW);
		expect(ranged.length).toBeGreaterThan(0);
		expect(ranged.every((s) => Date.parse(s.start_time) < NOW + 3 * DAY)).toBe(true);
	});

	it('a location saved in the editor is where new bookings happen; a different kind is refused', async () => {
		const t = await byKind('One-on-One');
		expect((await patch(t, { custom_questions: [] })).status).toBe(200);
		const res = await patchSettings(t, { location: { kind: 'physical', location: '1 Market St, San Francisco' } });
		expect(resourceOf(EventTypeSettings).parse(res.body).resource.location).toEqual({ kind: 'physical', location: '1 Market St, San Francisco' });
		const s = (await slots(t))[0]!.start_time;
		const invitee = { name: 'Ana Silva', email: 'ana@example.com', timezone: 'Europe/Lisbon' };
		await refused(
			async () => call('POST', '/invitees', { event_type: t.uri, start_time: s, invitee, location: { kind: 'zoom_conference' } }),
			400,
			'not a location'
		);
		const booked = await call('POST', '/invitees', { event_type: t.uri, start_time: s, invitee });
		expect(booked.status).toBe(201);
		const inv = resourceOf(Invitee).parse(booked.body).resource;
		const ev = resourceOf(ScheduledEvent).parse((await call('GET', inv.event.replace('https://api.calendly.com', ''))).body).resource;
		expect(ev.location).toMatchObject({ type: 'physical', location: '1 Market St, San Francisco', join_url: null });
	});

	it('refuses negative buffers, zero seats, a physical location without address, details on Zoom, equal distribution off round robin', async () => {
		const one = await byKind('One-on-One');
		const group = await byKind('Group');
		await refused(async () => patchSettings(one, { buffer_before: -5 }), 400, 'buffer_before');
		await refused(async () => patchSettings(one, { buffer_after: -1 }), 400, 'buffer_after');
		await refused(async () => patchSettings(group, { group_limit: 0 }), 400, 'group_limit');
		await refused(async () => patchSettings(one, { max_events_per_day: 0 }), 400, 'max_events_per_day');
		await refused(async () => patchSettings(one, { start_increment: 0 }), 400, 'start_increment');
		await refused(async () => patchSettings(one, { location: { kind: 'physical', location: ' ' } }), 400, 'enter an address');
		await refused(async () => patchSettings(one, { location: { kind: 'zoom_conference', location: 'x' } }), 400, 'takes no details');
		await refused(async () => patchSettings(one, { round_robin_strategy: 'equal_distribution' }), 400, 'only Round Robin');
		const res = await patchSettings(group, { group_limit: 1 });
		expect(res.status).toBe(200);
	});
});

describe('booking page: GET /booking/scheduling_links', () => {
	it('answers whether a single-use link was used; 400 without booking_url, 404 unknown', async () => {
		const t = await byKind('One-on-One');
		const made = await call('POST', '/scheduling_links', { max_event_count: 1, owner: t.uri, owner_type: 'EventType' });
		const url = made.body.resource.booking_url as string;
		const Out = resourceOf(BookingLinkOut);
		const read = async () => Out.parse((await call('GET', '/booking/scheduling_links', undefined, `booking_url=${encodeURIComponent(url)}`)).body).resource;
		expect(await read()).toEqual({ booking_url: url, owner: t.uri, owner_type: 'EventType', used: false });
		await patch(t, { custom_questions: [] });
		const s = (await slots(t))[0]!.start_time;
		const booked = await call('POST', '/booking/invitees', {
			event_type: t.uri,
			start_time: s,
			invitee: { name: 'Ana Silva', email: 'ana@example.com', timezone: 'UTC' },
			scheduling_link: url
		});
		expect(booked.status).toBe(201);
		expect((await read()).used).toBe(true);
		await refused(async () => call('GET', '/booking/scheduling_links'), 400, 'booking_url');
		await refused(
			async () => call('GET', '/booking/scheduling_links', undefined, 'booking_url=https%3A%2F%2Fcalendly.com%2Fd%2Fnope%2Fx'),
			404,
			'Resource Not Found'
		);
	});
});
