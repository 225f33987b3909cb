import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { worldFor } from '../../seeds';
import { World } from '../../seeds/world';
import type { RunInit } from '../types';
import { createOutreachGym } from './index';
import { OutreachDb } from './db';
import { danglingRefs, futureOk, worldRefs } from './integrity';
import {
	MAILING_STATES,
	OUTREACH_TABLE_NAMES,
	OutreachState,
	Prospect,
	SEQUENCE_STATE_STATES,
	SequenceState,
	STEP_TYPES,
	stepLabel,
	stepTaskType
} from './schema';
import { initialState, project } from './seed';
import { timestamps, undescribed } from '../schema-check';

const world = worldFor(1);
const tables = project(world);
const init = (fixtures?: unknown, run_id = 'r1'): RunInit => ({ run_id, task_id: null, seed: 1, clock: world.epoch, fixtures });
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
const count = <T>(xs: T[], f: (x: T) => string) => xs.reduce<Record<string, number>>((m, x) => ((m[f(x)] = (m[f(x)] ?? 0) + 1), m), {});

describe('outreach schema', () => {
	it('describes every field (format, unit)', () => {
		expect(undescribed(OutreachState)).toEqual([]);
	});

	it('accepts every projected row and rejects typos, bad enums, bad ids and bad timestamps', () => {
		// Rows are already in canonical form: parsing changes nothing, not even key order.
		expect(JSON.stringify(OutreachState.parse(tables))).toBe(JSON.stringify(tables));
		const good = clone(tables.prospects[0]!);
		expect(Prospect.parse(good)).toEqual(good);
		const typo = { ...clone(good), attributes: { ...clone(good).attributes, frstName: 'x' } };
		expect(Prospect.safeParse(typo).error?.issues[0]?.message).toMatch(/Unrecognized key: "frstName"/);
		const badId = { ...clone(good), id: 42 };
		expect(Prospect.safeParse(badId).success).toBe(false);
		const badTs = clone(good);
		badTs.attributes.createdAt = '2026-03-02 09:00';
		expect(Prospect.safeParse(badTs).error?.issues[0]?.path).toEqual(['attributes', 'createdAt']);
		const badRel = clone(good);
		(badRel.relationships.account as { data: unknown }).data = { type: 'prospect', id: '1' };
		expect(Prospect.safeParse(badRel).success).toBe(false);
		const badState = clone(tables.sequenceStates[0]!);
		(badState.attributes as { state: string }).state = 'stopped';
		expect(SequenceState.safeParse(badState).error?.issues[0]?.path).toEqual(['attributes', 'state']);
	});
});

describe('outreach projection', () => {
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

	it('has the sizes and variety of the spec', () => {
		expect(tables.prospects.length).toBe(world.people.filter((p) => p.inOutreach).length);
		expect(tables.prospects.length).toBeGreaterThanOrEqual(550);
		expect(tables.accounts.length).toBeGreaterThanOrEqual(200);
		expect(tables.users.length).toBe(world.users.length);
		expect(tables.sequences.length).toBe(world.sequences.length);
		expect(tables.stages.map((s) => s.attributes.name)).toContain('Bad Contact Info');
		const states = count(tables.sequenceStates, (s) => s.attributes.state);
		for (const s of SEQUENCE_STATE_STATES) expect(states[s], s).toBeGreaterThan(0);
		const stepTypes = new Set(tables.sequenceSteps.map((s) => s.attributes.stepType));
		for (const t of ['auto_email', 'manual_email', 'call', 'task'] as const) expect(stepTypes.has(t), t).toBe(true);
		expect(STEP_TYPES).toEqual(expect.arrayContaining([...stepTypes]));
		// LinkedIn steps are task steps (the spec's four step types): the kind is in displayName and in their tasks' taskType.
		const linkedIn = tables.sequenceSteps.filter((s) => stepLabel(s).startsWith('LinkedIn'));
		expect(new Set(linkedIn.map(stepLabel))).toEqual(new Set(['LinkedIn – Send Connection Request', 'LinkedIn – Send Message']));
		expect(linkedIn.every((s) => s.attributes.stepType === 'task' && /^Step \d+ \(LinkedIn – /.test(s.attributes.displayName ?? ''))).toBe(true);
		const kindOfStep = new Map(tables.sequenceSteps.map((s) => [s.id, stepTaskType(s)]));
		const stepTasks = tables.tasks.filter((t) => t.relationships.sequenceStep.data);
		expect(stepTasks.every((t) => t.attributes.taskType === kindOfStep.get(t.relationships.sequenceStep.data!.id))).toBe(true);
		expect(stepTasks.some((t) => t.attributes.taskType === 'sequence_step_linkedin_send_connection_request')).toBe(true);
		const mailings = count(tables.mailings, (m) => m.attributes.state);
		for (const s of ['delivered', 'opened', 'replied', 'bounced', 'failed', 'scheduled', 'drafted'] as const) expect(mailings[s], s).toBeGreaterThan(0);
		expect(Object.keys(mailings).every((s) => (MAILING_STATES as readonly string[]).includes(s))).toBe(true);
		expect(tables.mailings.some((m) => m.attributes.clickCount > 0)).toBe(true);
		const tasks = count(tables.tasks, (t) => t.attributes.state);
		expect(tasks.incomplete).toBeGreaterThan(10);
		expect(tasks.complete).toBeGreaterThan(10);
		expect(tables.tasks.some((t) => t.attributes.state === 'incomplete' && t.attributes.dueAt < world.epoch)).toBe(true);
		expect(tables.tasks.some((t) => t.relationships.subject.data.type === 'account')).toBe(true);
		expect(tables.templates.some((t) => t.attributes.bodyHtml.includes('{{first_name}}'))).toBe(true);
		expect(tables.templates.some((t) => t.attributes.archived)).toBe(true);
	});

	it('every relationship resolves, and a dangling one is reported', () => {
		expect(danglingRefs(tables)).toEqual([]);
		const broken = { ...tables, accounts: tables.accounts.slice(1) };
		const gone = tables.accounts[0]!.id;
		expect(danglingRefs(broken).some((d) => d.endsWith(`→ accounts/${gone}`))).toBe(true);
	});

	it('agrees with the world and the anomaly manifest', () => {
		const people = new Map(world.people.map((p) => [p.id, p]));
		const prospects = new Map(tables.prospects.map((p) => [p.id, p]));
		const stateOf = new Map(tables.sequenceStates.map((s) => [s.relationships.prospect.data.id, s]));
		for (const p of tables.prospects) {
			const w = people.get(p.id)!;
			expect(p.attributes.emails[0]).toBe(w.workEmail.toLowerCase());
			expect(p.attributes.linkedInUrl).toBe(w.linkedinUrl);
			expect(p.relationships.account.data?.id).toBe(w.companyId);
			if (w.enrollment) expect(stateOf.get(p.id)?.attributes.state).toBe(w.enrollment.state);
		}
		expect(new Set(tables.prospects.flatMap((p) => p.attributes.emails)).size).toBe(tables.prospects.length);
		// Our touches (sent mailings, completed tasks) never lie after the prospect's last touch.
		const touched = new Map(tables.prospects.map((p) => [p.id, p.attributes.touchedAt]));
		const late = [
			...tables.mailings
				.filter((m) => m.attributes.deliveredAt && m.attributes.deliveredAt > (touched.get(m.relationships.prospect.data.id) ?? ''))
				.map((m) => `mailing ${m.id}`),
			...tables.tasks
				.filter((t) => t.attributes.completedAt && t.relationships.subject.data.type === 'prospect' && t.relationships.sequenceStep.data)
				.filter((t) => t.attributes.completedAt! > (touched.get(t.relationships.subject.data.id) ?? ''))
				.map((t) => `task ${t.id}`)
		];
		expect(late).toEqual([]);
		const domains = new Map(world.companies.map((c) => [c.id, c.domain]));
		for (const a of tables.accounts) expect(a.attributes.domain).toBe(domains.get(a.id));
		for (const a of world.anomalies) {
			for (const id of a.personIds.filter((x) => prospects.has(x))) {
				const p = prospects.get(id)!;
				const s = stateOf.get(id);
				if (a.kind === 'opted_out') expect(p.attributes.optedOut, a.id).toBe(true);
				if (a.kind === 'bounced') {
					expect(s?.attributes.state, a.id).toBe('bounced');
					expect(
						tables.mailings.some((m) => m.relationships.prospect.data.id === id && m.attributes.state === 'bounced'),
						a.id
					).toBe(true);
				}
				if (a.kind === 'active_in_sequence') expect(s?.attributes.state, a.id).toBe('active');
				if (a.kind === 'dormant') expect(p.attributes.touchedAt, a.id).toBe(people.get(id)!.lastActivityAt);
			}
		}
		const refs = worldRefs(tables);
		expect(refs.filter((r) => r.kind === 'person')).toHaveLength(tables.prospects.length);
		expect(refs.find((r) => r.kind === 'person')?.companyDomain).toMatch(/\./);
	});

	it('no timestamp lies after the epoch except scheduled mailings and tasks due', () => {
		const late: string[] = [];
		for (const t of OUTREACH_TABLE_NAMES) {
			for (const row of tables[t])
				for (const [path, v] of timestamps(row)) if (v > world.epoch && !futureOk(t, row, path)) late.push(`${t}/${row.id} ${path} ${v}`);
		}
		expect(late).toEqual([]);
		expect(tables.mailings.some((m) => m.attributes.state === 'scheduled' && m.attributes.scheduledAt! > world.epoch)).toBe(true);
	});
});

describe('outreach fixtures', () => {
	const base = tables.prospects[0]!;
	it('adds and replaces rows by id, and moves next_ids past fixture ids', () => {
		const added = { ...clone(base), id: '990001', attributes: { ...clone(base).attributes, emails: ['new.person@example.com'] } };
		const replaced = { ...clone(base), attributes: { ...clone(base).attributes, title: 'Chief Fixture Officer' } };
		const { tables: t, next_ids } = initialState(init({ prospects: [added, replaced] }));
		const prospects = t.prospects as Prospect[];
		expect(prospects.length).toBe(tables.prospects.length + 1);
		expect(prospects.at(-1)!.id).toBe('990001');
		expect(prospects.find((p) => p.id === base.id)!.attributes.title).toBe('Chief Fixture Officer');
		expect(next_ids.prospects).toBe(990002);
		expect(next_ids.mailings).toBe(Math.max(...tables.mailings.map((m) => Number(m.id))) + 1);
	});
	it('rejects an invalid row and a reference to a missing record, naming the path', () => {
		expect(() => initialState(init({ prospect: [] }))).toThrow(/^fixtures\.outreach\.: Unrecognized key: "prospect"/);
		expect(() => initialState(init({ prospects: [{ ...clone(base), id: 'abc' }] }))).toThrow(/^fixtures\.outreach\.prospects\.0\.id: /);
		const dangling = clone(base);
		dangling.id = '990002';
		dangling.relationships.account = { data: { type: 'account', id: '990999' } };
		expect(() => initialState(init({ prospects: [dangling] }))).toThrow(
			'fixtures.outreach.prospects[0].relationships.account.data.id: accounts 990999 does not exist'
		);
	});
	it('enforces Outreach invariants on fixture rows: unique prospect email, one unfinished state per prospect × sequence', () => {
		const other = tables.prospects[1]!;
		const dup = {
			...clone(base),
			id: '990003',
			attributes: { ...clone(base).attributes, emails: ['fresh@example.com', other.attributes.emails[0]!.toUpperCase()] }
		};
		expect(() => initialState(init({ prospects: [dup] }))).toThrow(
			`fixtures.outreach.prospects[0].attributes.emails.1: A Contact with this email_hash already exists. (prospect ${other.id})`
		);
		// Replacing a prospect by id may keep its own email.
		expect(() => initialState(init({ prospects: [clone(base)] }))).not.toThrow();
		const active = tables.sequenceStates.find((s) => s.attributes.state === 'active')!;
		const again = { ...clone(active), id: '990001' };
		expect(() => initialState(init({ sequenceStates: [again] }))).toThrow(
			`fixtures.outreach.sequenceStates[0].relationships.prospect.data.id: prospect ${active.relationships.prospect.data.id} is already in sequence ${active.relationships.sequence.data.id} (sequenceState ${active.id}, not finished)`
		);
		const finishedAgain = { ...clone(active), id: '990001', attributes: { ...clone(active).attributes, state: 'finished' as const } };
		expect(() => initialState(init({ sequenceStates: [finishedAgain] }))).not.toThrow();
	});
});

describe('outreach gym lifecycle (fake-indexeddb)', () => {
	it('reset → export equals initialTables; a change is undone by the next (delta) reset', async () => {
		const db = new OutreachDb('outreach-spec-1');
		const gym = createOutreachGym(db);
		const counts = await gym.reset(init());
		expect(counts.prospects).toBe(tables.prospects.length);
		const exp = await gym.exportState();
		expect(exp.tables).toEqual(await gym.initialTables(init()));
		expect(JSON.stringify(exp.tables.sequenceStates)).toBe(JSON.stringify(tables.sequenceStates));
		const p = clone(tables.prospects[0]!);
		p.attributes.optedOut = true;
		await db.transaction('rw', db.prospects, () => db.prospects.put(p));
		expect((await gym.exportState(['prospects'])).tables.prospects![0]).toEqual(p);
		await gym.reset(init(undefined, 'r2'));
		const again = await gym.exportState();
		expect(again.tables).toEqual(exp.tables);
		expect(again.meta.run_id).toBe('r2');
	});

	it('import round-trips an export exactly; an invalid import throws and writes nothing', async () => {
		const db = new OutreachDb('outreach-spec-2');
		const gym = createOutreachGym(db);
		await gym.reset(init());
		const exp = await gym.exportState();
		const changed = clone(exp);
		changed.tables.tasks = (changed.tables.tasks as { id: string }[]).slice(1);
		changed.meta.clock = '2026-03-02T10:00:00.000Z';
		await gym.importState(changed);
		expect(JSON.stringify(await gym.exportState())).toBe(JSON.stringify(changed));
		const bad = clone(exp);
		(bad.tables.prospects![0] as { attributes: Record<string, unknown> }).attributes.optedOut = 'yes';
		await expect(gym.importState(bad)).rejects.toThrow(/^gyms\.outreach: tables\.prospects\.0\.attributes\.optedOut: /);
		const dangling = clone(exp);
		dangling.tables.accounts = (dangling.tables.accounts as unknown[]).slice(1);
		await expect(gym.importState(dangling)).rejects.toThrow(/a relationship does not resolve/);
		expect(JSON.stringify(await gym.exportState())).toBe(JSON.stringify(changed));
	});

	it('answers an unknown path with Outreach’s 404 envelope, and a read before any run with its 409', async () => {
		const gym = createOutreachGym(new OutreachDb('outreach-spec-3'));
		const res = await gym.handle({ method: 'GET', path: '/prospectz', query: new URLSearchParams(), body: undefined });
		expect(res).toEqual({
			status: 404,
			body: { errors: [{ id: 'resourceNotFound', title: 'Resource Not Found', detail: 'No route matches GET /prospectz' }] },
			headers: { 'content-type': 'application/vnd.api+json' }
		});
		const early = await gym.handle({ method: 'GET', path: '/prospects', query: new URLSearchParams(), body: undefined });
		expect(early.status).toBe(409);
		expect(early.body).toMatchObject({ errors: [{ id: 'conflict' }] });
	});
});
