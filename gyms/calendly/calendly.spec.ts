import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { worldFor } from '../../seeds';
import { World } from '../../seeds/world';
import type { RunInit } from '../types';
import { CalendlyDb } from './db';
import { createCalendlyGym } from './index';
import { danglingRefs, futureOk, worldRefs } from './integrity';
import { CALENDLY_TABLE_NAMES, CalendlyState, EventType, Invitee, KIND_DESCRIPTIONS } from './schema';
import { initialState, micros, project, uriFor, uuidFor } from './seed';
import { timestamps, undescribed } from '../schema-check';

/** Calendly's timestamps (µs) and dates, as `[path, value]`. */
const calendlyTimestamps = (value: unknown): [string, string][] => timestamps(value, /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}\.\d{6}Z)?$/);

const world = worldFor(1);
const tables = project(world);
const init = (fixtures?: unknown, run_id = 'r1'): RunInit => ({ run_id, task_id: null, seed: 1, clock: world.epoch, fixtures });
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
const epochMicros = micros(world.epoch);

describe('calendly schema', () => {
	it('describes every field (format, unit)', () => {
		expect(undescribed(CalendlyState)).toEqual([]);
	});

	it('accepts every projected row and rejects typos, bad URIs, bad enums and millisecond timestamps', () => {
		// Rows are already in canonical form: parsing changes nothing, not even key order.
		expect(JSON.stringify(CalendlyState.parse(tables))).toBe(JSON.stringify(tables));
		const et = clone(tables.event_types[0]!);
		expect(EventType.parse(et)).toEqual(et);
		expect(EventType.safeParse({ ...et, pooling: null }).error?.issues[0]?.message).toMatch(/Unrecognized key: "pooling"/);
		expect(EventType.safeParse({ ...et, kind: 'one_on_one' }).error?.issues[0]?.path).toEqual(['kind']);
		expect(EventType.safeParse({ ...et, uri: 'https://api.calendly.com/event_types/123' }).success).toBe(false);
		const inv = clone(tables.invitees[0]!);
		expect(Invitee.safeParse({ ...inv, created_at: world.epoch }).error?.issues[0]?.path).toEqual(['created_at']);
		expect(Invitee.safeParse({ ...inv, event: inv.uri }).success).toBe(false);
	});

	it('derives stable, well-formed UUIDs', () => {
		expect(uuidFor('meeting:500001')).toBe(uuidFor('meeting:500001'));
		expect(uuidFor('meeting:500001')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
		// event_type_settings rows are keyed by their event type's URI (one row per type), the only shared key.
		const uris = CALENDLY_TABLE_NAMES.filter((t) => t !== 'event_type_settings').flatMap((t) => (tables[t] as { uri: string }[]).map((r) => r.uri));
		expect(new Set(uris).size).toBe(uris.length);
		expect(tables.event_type_settings.map((s) => s.uri)).toEqual(tables.event_types.map((t) => t.uri));
	});
});

describe('calendly projection', () => {
	it('is deterministic: the same world (a separate parse) gives byte-identical JSON, whatever the host time zone', () => {
		const tz = process.env.TZ;
		process.env.TZ = 'Pacific/Kiritimati'; // UTC+14: any local-time leak would shift dates
		let again: typeof tables;
		try {
			again = project(World.parse(clone(world)));
		} finally {
			if (tz === undefined) delete process.env.TZ;
			else process.env.TZ = tz;
		}
		expect(again).not.toBe(tables);
		expect(JSON.stringify(again)).toBe(JSON.stringify(tables));
	});

	it('has users in several zones, every event type kind, secret/inactive/deleted/one-off types, ~200 events with every invitee outcome', () => {
		expect(tables.users).toHaveLength(world.users.length);
		expect(new Set(tables.users.map((u) => u.timezone)).size).toBeGreaterThanOrEqual(3);
		expect(new Set(tables.availability_schedules.map((s) => s.user)).size).toBe(tables.users.length);
		expect(tables.availability_schedules.some((s) => s.rules.some((r) => r.type === 'date' && r.intervals.length === 0))).toBe(true);
		for (const k of KIND_DESCRIPTIONS)
			expect(
				tables.event_types.some((e) => e.kind_description === k),
				k
			).toBe(true);
		expect(tables.event_types.some((e) => e.secret && e.active)).toBe(true);
		expect(tables.event_types.some((e) => !e.active)).toBe(true);
		expect(tables.event_types.some((e) => e.deleted_at !== null)).toBe(true);
		expect(tables.event_types.some((e) => e.type === 'AdhocEventType')).toBe(true);
		const rr = tables.event_types.find((e) => e.kind_description === 'Round Robin')!;
		expect(tables.event_type_memberships.filter((m) => m.event_type === rr.uri).length).toBeGreaterThan(1);
		expect(tables.scheduled_events).toHaveLength(world.meetings.length);
		expect(tables.scheduled_events.some((e) => e.start_time > epochMicros && e.status === 'active')).toBe(true);
		expect(tables.scheduled_events.some((e) => e.start_time < epochMicros)).toBe(true);
		expect(tables.invitees.some((i) => i.status === 'canceled' && !i.rescheduled)).toBe(true);
		expect(tables.invitees.some((i) => i.rescheduled && i.new_invitee)).toBe(true);
		expect(tables.invitees.some((i) => i.old_invitee)).toBe(true);
		expect(tables.invitees.some((i) => i.no_show)).toBe(true);
		expect(tables.invitees.some((i) => i.tracking.utm_source === 'outreach')).toBe(true);
		expect(tables.routing_forms.map((f) => f.status).sort()).toEqual(['draft', 'published']);
		expect(tables.routing_form_submissions.some((s) => s.submitter !== null)).toBe(true);
		expect(tables.routing_form_submissions.some((s) => s.result.type === 'custom_message')).toBe(true);
	});

	it('every URI reference resolves, and a dangling one is reported', () => {
		expect(danglingRefs(tables)).toEqual([]);
		const broken = { ...tables, scheduled_events: tables.scheduled_events.slice(1) };
		expect(danglingRefs(broken).some((d) => d.includes(`event → ${tables.scheduled_events[0]!.uri}`))).toBe(true);
		const moved = clone(tables.invitees[0]!);
		moved.event = tables.scheduled_events.find((e) => e.uri !== moved.event)!.uri;
		expect(danglingRefs({ ...tables, invitees: [moved, ...tables.invitees.slice(1)] }).filter((d) => d.includes(' uri → '))).toEqual([
			`invitees ${moved.uri} uri → ${moved.event} (an invitee URI is nested under its event)`
		]);
	});

	it('agrees with the world: hosts, times, outcomes, reschedule links, no-shows after the end, anomalies', () => {
		const users = new Map(world.users.map((u) => [u.id, u]));
		const byMeeting = new Map(tables.scheduled_events.map((e) => [e.uri, e]));
		for (const m of world.meetings) {
			const e = byMeeting.get(uriFor('scheduled_events', `meeting:${m.id}`))!;
			expect(e.start_time).toBe(micros(m.startAt));
			expect(e.event_memberships.map((x) => x.user_email)).toEqual(m.hostIds.map((h) => users.get(h)!.email.toLowerCase()));
			expect(e.status).toBe(m.outcome === 'canceled' || m.outcome === 'rescheduled' ? 'canceled' : 'active');
			expect(e.created_at <= e.start_time).toBe(true);
			const inv = tables.invitees.filter((i) => i.event === e.uri);
			expect(inv.length).toBe(m.personIds.length);
			expect(inv.some((i) => i.email === m.inviteeEmail.toLowerCase())).toBe(true);
			if (m.outcome === 'no_show') for (const i of inv) expect(i.no_show!.created_at >= e.end_time).toBe(true);
		}
		const invitees = new Map(tables.invitees.map((i) => [i.uri, i]));
		for (const i of tables.invitees.filter((x) => x.new_invitee)) expect(invitees.get(i.new_invitee!)!.old_invitee).toBe(i.uri);
		for (const a of world.anomalies.filter((x) => x.kind === 'near_double_booking')) {
			const [x, y] = a.meetingIds.map((id) => byMeeting.get(uriFor('scheduled_events', `meeting:${id}`))!);
			expect(x!.event_memberships[0]!.user, a.id).toBe(y!.event_memberships[0]!.user);
			const gap = Math.abs(Date.parse(y!.start_time.replace(/\d{3}Z$/, 'Z')) - Date.parse(x!.end_time.replace(/\d{3}Z$/, 'Z')));
			expect(gap, a.id).toBeLessThanOrEqual(30 * 60_000);
		}
		const personal = world.anomalies.filter((a) => a.kind === 'duplicate_person' && a.meetingIds.length);
		for (const a of personal) {
			const e = uriFor('scheduled_events', `meeting:${a.meetingIds[0]}`);
			const m = world.meetings.find((x) => x.id === a.meetingIds[0])!;
			expect(tables.invitees.find((i) => i.event === e && i.email === m.inviteeEmail)?.email, a.id).not.toMatch(/@salesgym\.io$/);
		}
		expect(
			worldRefs(tables)
				.filter((r) => r.kind === 'user')
				.map((r) => r.email)
				.sort()
		).toEqual(world.users.map((u) => u.email.toLowerCase()).sort());
	});

	it('no timestamp lies after the epoch except future meetings and date overrides', () => {
		const late: string[] = [];
		for (const t of CALENDLY_TABLE_NAMES) {
			for (const row of tables[t] as { uri: string }[]) {
				for (const [path, v] of calendlyTimestamps(row)) {
					const after = v.length === 10 ? v > world.epoch.slice(0, 10) : v > epochMicros;
					if (after && !futureOk(t, row, path)) late.push(`${t} ${row.uri} ${path} ${v}`);
				}
			}
		}
		expect(late).toEqual([]);
	});
});

describe('calendly fixtures', () => {
	it('adds a row by uri; rejects a bad row and a dangling reference with its path', () => {
		const et = clone(tables.event_types[0]!);
		const added = { ...et, uri: uriFor('event_types', 'fixture:1'), name: 'Fixture call' };
		const { tables: t, next_ids } = initialState(init({ event_types: [added] }));
		expect((t.event_types as EventType[]).some((e) => e.name === 'Fixture call')).toBe(true);
		expect(t.event_types).toHaveLength(tables.event_types.length + 1);
		expect(next_ids).toEqual({});
		expect(() => initialState(init({ event_types: [{ ...et, duration: '30' }] }))).toThrow(/^fixtures\.calendly\.event_types\.0\.duration: /);
		const inv = {
			...clone(tables.invitees[0]!),
			uri: `${uriFor('scheduled_events', 'nope')}/invitees/${uuidFor('x')}`,
			event: uriFor('scheduled_events', 'nope')
		};
		expect(() => initialState(init({ invitees: [inv] }))).toThrow(`fixtures.calendly.invitees[0].event: ${uriFor('scheduled_events', 'nope')} does not exist`);
	});
});

describe('calendly gym lifecycle (fake-indexeddb)', () => {
	it('reset → export equals initialTables (uri order); a change is undone by the next reset', async () => {
		const db = new CalendlyDb('calendly-spec-1');
		const gym = createCalendlyGym(db);
		const counts = await gym.reset(init());
		expect(counts.scheduled_events).toBe(world.meetings.length);
		const exp = await gym.exportState();
		expect(exp.tables).toEqual(await gym.initialTables(init()));
		expect(JSON.stringify(exp.tables.invitees)).toBe(JSON.stringify(tables.invitees));
		const e = clone(tables.scheduled_events[0]!);
		e.status = 'canceled';
		await db.transaction('rw', db.scheduled_events, () => db.scheduled_events.put(e));
		await gym.reset(init(undefined, 'r2'));
		expect((await gym.exportState()).tables).toEqual(exp.tables);
	});

	it('import round-trips an export; an invalid import throws and writes nothing', async () => {
		const gym = createCalendlyGym(new CalendlyDb('calendly-spec-2'));
		await gym.reset(init());
		const exp = await gym.exportState();
		const changed = clone(exp);
		changed.tables.routing_form_submissions = [];
		(changed.tables.invitees as Invitee[]).forEach((i) => (i.routing_form_submission = null));
		await gym.importState(changed);
		expect(JSON.stringify(await gym.exportState())).toBe(JSON.stringify(changed));
		const bad = clone(exp);
		(bad.tables.users![0] as { timezone: string }).timezone = 'Mars/Olympus Mons';
		await expect(gym.importState(bad)).rejects.toThrow(/^gyms\.calendly: tables\.users\.0\.timezone: /);
		const dangling = clone(exp);
		dangling.tables.users = [];
		await expect(gym.importState(dangling)).rejects.toThrow(/a reference does not resolve/);
		expect(JSON.stringify(await gym.exportState())).toBe(JSON.stringify(changed));
	});

	it('answers a path it does not serve with Calendly’s 404 error', async () => {
		const gym = createCalendlyGym(new CalendlyDb('calendly-spec-3'));
		expect(await gym.handle({ method: 'GET', path: '/activity_log_entries', query: new URLSearchParams(), body: undefined })).toEqual({
			status: 404,
			body: { title: 'Resource Not Found', message: 'The server could not find the requested resource.', details: [] }
		});
	});
});
