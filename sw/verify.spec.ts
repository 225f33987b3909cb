import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { blueprints } from '../blueprints/registry';
import { taskSetups } from '../blueprints/setups';
import { createHubSpotGym } from '../gyms/hubspot';
import { HubSpotDb } from '../gyms/hubspot/db';
import { shippedSeeds } from '../gyms/registry';
import type { Gym } from '../gyms/types';
import { createNodeEngine } from '../verifier/node';
import { splitExport } from '../verifier/merge';
import type { StateExportDoc } from '../verifier/schema';
import { evaluate, type JqEngine, type VerifyInput } from '../verifier/verify';
import { exportRun, initRun, RunError, type RunContext } from './run';
import { verifyRun, type Verifier } from './verify';
import { MAX_PAGES, pageTables, PageTables, versionOf } from './verify-ledger';

let n = 0;
let jq: JqEngine;
beforeAll(async () => {
	jq = await createNodeEngine();
});
const TASK = 'hubspot/inbound-demo-request-v1';
const CONTACTS = '/crm/v3/objects/contacts';

/** A context whose gym records the tables each exportState / exportJson call asked for. */
function ctx(): { c: RunContext; asked: (readonly string[] | undefined)[] } {
	const asked: (readonly string[] | undefined)[] = [];
	const gym = createHubSpotGym(new HubSpotDb(`test-verify-${n++}`));
	const spy: Gym = Object.assign(Object.create(Object.getPrototypeOf(gym)), gym, {
		exportState: (tables?: readonly string[]) => {
			asked.push(tables);
			return gym.exportState(tables);
		},
		exportJson: (tables?: readonly string[]) => {
			asked.push(tables);
			return gym.exportJson!(tables);
		}
	});
	return { c: { gyms: [spy], blueprints: blueprints(), seeds: shippedSeeds() }, asked };
}

const inputs: VerifyInput[] = [];
/** The state of a verifier input as text (the SW sends UTF-8 bytes). */
const stateText = (input: VerifyInput) => (typeof input.state === 'string' ? input.state : new TextDecoder().decode(input.state));
const verifier: Verifier = async (input, assertions) => {
	inputs.push(input);
	return evaluate(jq, input, assertions);
};
const A = (id: string, query: string, op: string, expected?: unknown) => ({ id, description: id, query, op, ...(expected === undefined ? {} : { expected }) });

async function oracle(c: RunContext) {
	const hub = c.gyms[0]!;
	const props = {
		email: 'priya.raman@helixbio.com',
		firstname: 'Priya',
		lastname: 'Raman',
		company: 'Helix Biotech',
		jobtitle: 'Director of Revenue Operations',
		phone: '+1 617 555 0142',
		hubspot_owner_id: '1003'
	};
	const created = await hub.handle({ method: 'POST', path: CONTACTS, query: new URLSearchParams(), body: { properties: props } });
	const id = (created.body as { id: string }).id;
	await hub.handle({
		method: 'PATCH',
		path: `${CONTACTS}/${id}`,
		query: new URLSearchParams(),
		body: { properties: { lifecyclestage: 'salesqualifiedlead', hs_lead_status: 'IN_PROGRESS' } }
	});
}

/** A second gym's export for the same run (a synthetic Outreach with a `prospects` table). */
function outreachExport(run_id: string): StateExportDoc {
	return {
		format: 'salesgym.state',
		version: 1,
		run_id,
		task_id: TASK,
		seed: 1,
		clock: '2026-03-02T14:31:00.000Z',
		gyms: { outreach: { prospects: [{ id: '1', attributes: { emails: ['priya.raman@helixbio.com'] } }] } },
		events: [{ seq: 1, at: '2026-03-02T14:30:30.000Z', gym: 'outreach', method: 'POST', path: '/api/v2/prospects', status: 201, entity: 'prospects', id: '1' }],
		meta: { outreach: { clock: '2026-03-02T14:31:00.000Z', seq: 1, next_ids: { prospects: 2 } } }
	};
}

describe('verifyRun (SW /verify flow)', () => {
	it('fresh reset fails, the oracle passes; only the tables the queries read are exported', async () => {
		const { c, asked } = ctx();
		await initRun(c, { task_id: TASK, run_id: 'v1' });
		const fresh = await verifyRun(c, { run_id: 'v1', task_id: TASK }, [], verifier);
		expect(fresh.passed).toBe(false);
		await oracle(c);
		const done = await verifyRun(c, { run_id: 'v1', task_id: TASK }, [], verifier);
		expect(done).toMatchObject({ run_id: 'v1', task_id: TASK, passed: true, score: 1, first_failing_step: null });
		expect(asked.at(-1)).toEqual(['contacts']);
		expect(JSON.parse(stateText(inputs.at(-1)!)).hubspot).toHaveProperty('contacts');
		expect(Object.keys(JSON.parse(stateText(inputs.at(-1)!)).hubspot)).toEqual(['contacts']);
	});

	it('$initial is the post-reset state (computed, not read), $events the log, $now the clock', async () => {
		const { c } = ctx();
		await initRun(c, { task_id: TASK, run_id: 'v2' });
		const assertions = [
			A('same', '.hubspot.contacts == $initial.hubspot.contacts', 'truthy'),
			A('owners-same', '.hubspot.owners == $initial.hubspot.owners', 'truthy'),
			A('events', '$events | length', 'eq', 0),
			A('now', '$now', 'eq', '2026-03-02T14:30:00.000Z')
		];
		const before = await verifyRun(c, { run_id: 'v2', assertions }, [], verifier);
		expect(before.assertions.map((r) => r.passed)).toEqual([true, true, true, true]);
		await oracle(c);
		const after = await verifyRun(c, { run_id: 'v2', assertions }, [], verifier);
		expect(after.assertions.map((r) => [r.id, r.passed, r.actual])).toEqual([
			['same', false, false],
			['owners-same', true, true],
			['events', false, 2],
			['now', false, '2026-03-02T14:30:02.000Z']
		]);
	});

	it("merges other origins' exports from the body (states) or from the caller (extra): same verdict", async () => {
		const { c } = ctx();
		await initRun(c, { task_id: TASK, run_id: 'v3' });
		await oracle(c);
		const assertions = [
			A('gyms', 'keys', 'eq', ['hubspot', 'outreach']),
			A('enrolled-after-crm', '($events | map(select(.gym == "hubspot")) | last | .at) < ($events | map(select(.gym == "outreach")) | first | .at)', 'truthy'),
			A('same-person', '[.hubspot.contacts[] | select(.properties.email == "priya.raman@helixbio.com")] | length', 'eq', 1),
			A('in-outreach', '.outreach.prospects[0].attributes.emails[0]', 'eq', 'priya.raman@helixbio.com'),
			A('now', '$now', 'eq', '2026-03-02T14:31:00.000Z')
		];
		const viaBody = await verifyRun(c, { run_id: 'v3', assertions, states: [outreachExport('v3')] }, [], verifier);
		const viaExtra = await verifyRun(c, { run_id: 'v3', assertions }, [outreachExport('v3')], verifier);
		expect(viaBody.passed).toBe(true);
		const strip = (r: typeof viaBody) => ({ ...r, ms: 0, timing: undefined, assertions: r.assertions.map((x) => ({ ...x, ms: 0 })) });
		expect(strip(viaExtra)).toEqual(strip(viaBody));
	});

	it("same verdict when the local gym's own state arrives as another origin's export", async () => {
		const { c } = ctx();
		await initRun(c, { task_id: TASK, run_id: 'v4' });
		await oracle(c);
		const local = await verifyRun(c, { run_id: 'v4', task_id: TASK }, [], verifier);
		const { state } = await exportRun(c);
		const [hub] = splitExport(state as StateExportDoc);
		// Another origin's SW: its own hubspot database has no run, so all of the state comes from `states`.
		const { c: other } = ctx();
		await initRun(other, { task_id: TASK, run_id: 'v4' });
		const remote = await verifyRun(other, { run_id: 'v4', task_id: TASK, states: [hub!] }, [], verifier);
		const strip = (r: typeof local) => ({ ...r, ms: 0, timing: undefined, assertions: r.assertions.map((x) => ({ ...x, ms: 0 })) });
		expect(strip(remote)).toEqual(strip(local));
	});

	it('409 for another run in the exports or a stale run_id; 400 for a gym twice or a bad body', async () => {
		const { c } = ctx();
		await initRun(c, { task_id: TASK, run_id: 'v5' });
		const fail = (body: unknown, extra: StateExportDoc[] = []) =>
			verifyRun(c, body, extra, verifier).then(
				() => {
					throw new Error('expected a RunError');
				},
				(e: RunError) => [e.status, e.message]
			);
		expect(await fail({ run_id: 'v5', task_id: TASK, states: [outreachExport('other')] })).toEqual([
			409,
			'states[0]: run_id "other" is not the run being verified ("v5")'
		]);
		expect((await fail({ run_id: 'v5', task_id: TASK, states: [outreachExport('v5')] }, [outreachExport('v5')]))[0]).toBe(400);
		expect((await fail({ run_id: 'old', task_id: TASK }))[0]).toBe(409);
		expect((await fail({ run_id: 'v5', task_id: TASK, states: [{ ...outreachExport('v5'), format: 'x' }] }))[0]).toBe(400);
		expect((await fail({ run_id: 'v5', task_id: TASK, timeout_ms: 0 }))[0]).toBe(400);
	});

	it('400 for inline assertions the verifier lint refuses (a default hiding a missing value, a vacuous all)', async () => {
		const { c } = ctx();
		await initRun(c, { task_id: TASK, run_id: 'v5l' });
		const refuse = (query: string) =>
			verifyRun(c, { run_id: 'v5l', assertions: [{ id: 'a', description: 'x', query, op: 'truthy' }] }, [], verifier).then(
				() => null,
				(e: RunError) => [e.status, e.message]
			);
		expect(await refuse('(.hubspot.contacts[0].properties.hs_email_optout) // false | not')).toEqual([
			400,
			expect.stringMatching(/^assertions\.0\.query: lint default-to-falsy/)
		]);
		expect(await refuse('[.hubspot.deals[] | select(.id == "1")] | all(.archived | not)')).toEqual([
			400,
			expect.stringMatching(/^assertions\.0\.query: lint unguarded-all-any/)
		]);
		expect(await refuse('.hubspot.contacts | length > 0')).toBeNull();
	});

	it('passes the time bound to the verifier (default 5000 ms)', async () => {
		const { c } = ctx();
		await initRun(c, { task_id: TASK, run_id: 'v6' });
		const bounds: number[] = [];
		const spy: Verifier = async (input, assertions, t) => {
			bounds.push(t);
			return evaluate(jq, input, assertions);
		};
		await verifyRun(c, { run_id: 'v6', task_id: TASK }, [], spy);
		await verifyRun(c, { run_id: 'v6', task_id: TASK, timeout_ms: 250 }, [], spy);
		expect(bounds).toEqual([5000, 250]);
	});
});

describe('timing', () => {
	it('reports where the time went in the SW', async () => {
		const { c } = ctx();
		await initRun(c, { task_id: TASK, run_id: 'v7' });
		const r = await verifyRun(c, { run_id: 'v7', task_id: TASK }, [], verifier);
		expect(Object.keys(r.timing ?? {})).toEqual(['export_ms', 'prepare_ms', 'verifier_ms', 'tables_serialized', 'state_bytes']);
		expect(r.timing!.verifier_ms).toBeGreaterThanOrEqual(r.ms);
		// The tables come from memory the second time (nothing was written in between), with the same bytes.
		const again = await verifyRun(c, { run_id: 'v7', task_id: TASK }, [], verifier);
		expect(again.timing!.tables_serialized).toBe(0);
		expect(again.timing!.state_bytes).toBe(r.timing!.state_bytes);
		expect(stateText(inputs.at(-1)!)).toBe(stateText(inputs.at(-2)!));
	});
});

describe('a Service Worker without verifiers (task setups only)', () => {
	it('a task verdict needs the task steps from the caller: without them 400 (after the run checks), with them the same verdict as the whole blueprint', async () => {
		const { c } = ctx();
		const setups: RunContext = { ...c, blueprints: taskSetups() };
		await initRun(setups, { task_id: TASK, run_id: 'no-verifiers' });
		await expect(verifyRun(setups, { run_id: 'other', task_id: TASK }, [], verifier)).rejects.toMatchObject({ status: 409 });
		await expect(verifyRun(setups, { run_id: 'no-verifiers', task_id: TASK }, [], verifier)).rejects.toMatchObject({
			status: 400,
			message: expect.stringContaining('holds no verifiers')
		});
		const bp = blueprints().get(TASK)!;
		const steps = bp.steps.map((s) => ({ platform: s.platform, verifiers: s.verifiers }));
		const given = await verifyRun(setups, { run_id: 'no-verifiers', task_id: TASK, steps }, [], verifier);
		const whole = await verifyRun(c, { run_id: 'no-verifiers', task_id: TASK }, [], verifier);
		const strip = (v: typeof given) => ({ ...v, ms: 0, timing: undefined, assertions: v.assertions.map((a) => ({ ...a, ms: 0 })) });
		expect(strip(given)).toEqual(strip(whole));
		expect(given.assertions.map((a) => a.step)).toEqual(bp.steps.flatMap((s, i) => s.verifiers.map(() => i)));
		await expect(verifyRun(setups, { run_id: 'no-verifiers', assertions: [A('a', '1', 'eq', 1)], steps }, [], verifier)).rejects.toMatchObject({
			status: 400
		});
	});
});

describe('held tables: a page’s worker is sent only the tables that changed (sw/verify-ledger.ts)', () => {
	const assertions = [
		A('count', '.hubspot.contacts | length', 'gte', 1),
		A('priya', '[.hubspot.contacts[] | select(.properties.email == "priya.raman@helixbio.com")] | length', 'eq', 1),
		A('owners', '.hubspot.owners | length', 'gte', 1),
		A('companies', '.hubspot.companies | length', 'gte', 1)
	];
	/** A page: its own engine (its worker's jq), and the inputs it was sent. */
	async function page() {
		const engine = await createNodeEngine();
		const sent: VerifyInput[] = [];
		const run: Verifier = async (input, as) => {
			sent.push(input);
			return evaluate(engine, input, as);
		};
		return { run, sent };
	}
	const held = (input: VerifyInput) => (input.tables ?? []).filter((t) => t.held).map((t) => t.table);
	const plain = (r: { ms: number; assertions: { ms: number }[] }) => ({
		...r,
		ms: 0,
		assertions: r.assertions.map((x) => ({ ...x, ms: 0 })),
		timing: undefined
	});

	it('sends each table once while it is unchanged, a written table again, with the verdicts of full inputs', async () => {
		const { c } = ctx();
		await initRun(c, { task_id: TASK, run_id: 'h1' });
		const p = await page();
		const ledger = new PageTables();
		const first = await verifyRun(c, { run_id: 'h1', assertions }, [], p.run, ledger);
		const second = await verifyRun(c, { run_id: 'h1', assertions }, [], p.run, ledger);
		expect(held(p.sent[0]!)).toEqual([]);
		expect(held(p.sent[1]!)).toEqual(['companies', 'contacts', 'owners']);
		expect(stateText(p.sent[1]!)).toBe('{"hubspot":{"companies":null,"contacts":null,"owners":null}}');
		expect(plain(second)).toEqual(plain(first));
		expect(first.assertions.map((x) => x.passed)).toEqual([true, false, true, true]);
		await oracle(c);
		const third = await verifyRun(c, { run_id: 'h1', assertions }, [], p.run, ledger);
		expect(held(p.sent[2]!)).toEqual(['companies', 'owners']);
		const full = await verifyRun(c, { run_id: 'h1', assertions }, [], verifier);
		expect(plain(third)).toEqual(plain(full));
		expect(third.assertions.map((x) => x.passed)).toEqual([true, true, true, true]);
	});

	it('a worker that lacks a held table (restarted) gets the whole input again, once, and the same verdict', async () => {
		const { c } = ctx();
		await initRun(c, { task_id: TASK, run_id: 'h2' });
		const ledger = new PageTables();
		const before = await page();
		const expected = await verifyRun(c, { run_id: 'h2', assertions }, [], before.run, ledger);
		expect(ledger.size).toBe(3);
		const after = await page(); // a fresh worker: holds nothing
		const r = await verifyRun(c, { run_id: 'h2', assertions }, [], after.run, ledger);
		expect(after.sent.map(held)).toEqual([['companies', 'contacts', 'owners'], []]);
		expect(plain(r)).toEqual(plain(expected));
		expect(ledger.size).toBe(3);
	});

	it('a verification that fails forgets what the worker held', async () => {
		const { c } = ctx();
		await initRun(c, { task_id: TASK, run_id: 'h3' });
		const ledger = new PageTables();
		const p = await page();
		await verifyRun(c, { run_id: 'h3', assertions }, [], p.run, ledger);
		const timeout: Verifier = async () => {
			throw new RunError(504, 'verification timed out after 5000 ms; the verifier worker was restarted');
		};
		await expect(verifyRun(c, { run_id: 'h3', assertions }, [], timeout, ledger)).rejects.toMatchObject({ status: 504 });
		expect(ledger.size).toBe(0);
		await verifyRun(c, { run_id: 'h3', assertions }, [], p.run, ledger);
		expect(held(p.sent.at(-1)!)).toEqual([]);
	});

	it('versions bytes by identity: the same bytes object keeps its id, equal bytes in another object get another', () => {
		const a = new TextEncoder().encode('[1]');
		const b = new TextEncoder().encode('[1]');
		expect(versionOf(a)).toBe(versionOf(a));
		expect(versionOf(b)).not.toBe(versionOf(a));
	});

	it('holds only what the last verification named, as the worker does: a table left out is sent again later', async () => {
		const { c } = ctx();
		await initRun(c, { task_id: TASK, run_id: 'h4' });
		const p = await page();
		const ledger = new PageTables();
		const owners = [A('owners', '.hubspot.owners | length', 'gte', 1)];
		await verifyRun(c, { run_id: 'h4', assertions }, [], p.run, ledger);
		expect(ledger.size).toBe(3);
		// Only owners named: contacts and companies are forgotten on both sides.
		await verifyRun(c, { run_id: 'h4', assertions: owners }, [], p.run, ledger);
		expect(held(p.sent[1]!)).toEqual(['owners']);
		expect(ledger.size).toBe(1);
		const again = await verifyRun(c, { run_id: 'h4', assertions }, [], p.run, ledger);
		expect(held(p.sent[2]!)).toEqual(['owners']);
		expect(plain(again)).toEqual(plain(await verifyRun(c, { run_id: 'h4', assertions }, [], verifier)));
		expect(ledger.size).toBe(3);
	});

	it('keeps the ledgers of the most recent pages only', () => {
		const first = pageTables('page-0');
		for (let i = 1; i <= MAX_PAGES; i++) pageTables(`page-${i}`);
		expect(pageTables('page-0')).not.toBe(first);
		expect(pageTables(`page-${MAX_PAGES}`)).toBe(pageTables(`page-${MAX_PAGES}`));
	});
});

describe('held $initial tables', () => {
	const assertions = [
		A('same-contacts', '.hubspot.contacts == $initial.hubspot.contacts', 'truthy'),
		A('same-owners', '.hubspot.owners == $initial.hubspot.owners', 'truthy'),
		A('initial-count', '$initial.hubspot.contacts | length', 'gte', 1)
	];
	const spans = (input: VerifyInput) => ({
		initial: (input.initialTables ?? []).map((t) => [t.table, t.held === true, t.id]),
		state: (input.tables ?? []).map((t) => [t.table, t.held === true, t.id])
	});
	const plain = (r: { ms: number; assertions: { ms: number }[] }) => ({
		...r,
		ms: 0,
		assertions: r.assertions.map((x) => ({ ...x, ms: 0 })),
		timing: undefined
	});

	it('an unchanged table and its $initial twin travel once, as one version; a written one splits from its twin', async () => {
		const { c } = ctx();
		await initRun(c, { task_id: TASK, run_id: 'i1' });
		const engine = await createNodeEngine();
		const sent: VerifyInput[] = [];
		const run: Verifier = async (input, as) => (sent.push(input), evaluate(engine, input, as));
		const ledger = new PageTables();
		const first = await verifyRun(c, { run_id: 'i1', assertions }, [], run, ledger);
		const s0 = spans(sent[0]!);
		// $initial comes first in the document: it is sent, and the state's twins (same version) are held.
		expect(s0.initial.map(([t, held]) => [t, held])).toEqual([
			['contacts', false],
			['owners', false]
		]);
		expect(s0.state.map(([t, held]) => [t, held])).toEqual([
			['contacts', true],
			['owners', true]
		]);
		expect(s0.state.map(([, , id]) => id)).toEqual(s0.initial.map(([, , id]) => id));
		expect(first.assertions.map((x) => x.passed)).toEqual([true, true, true]);
		const second = await verifyRun(c, { run_id: 'i1', assertions }, [], run, ledger);
		expect([...spans(sent[1]!).initial, ...spans(sent[1]!).state].every(([, held]) => held)).toBe(true);
		expect(plain(second)).toEqual(plain(first));
		await oracle(c);
		const third = await verifyRun(c, { run_id: 'i1', assertions }, [], run, ledger);
		const s2 = spans(sent[2]!);
		// contacts changed: the state's is a new version (sent), $initial's gets its own (sent); owners stay one held version.
		expect(s2.initial.map(([t, held]) => [t, held])).toEqual([
			['contacts', false],
			['owners', true]
		]);
		expect(s2.state.map(([t, held]) => [t, held])).toEqual([
			['contacts', false],
			['owners', true]
		]);
		expect(s2.initial[0]![2]).not.toBe(s2.state[0]![2]);
		const full = await verifyRun(c, { run_id: 'i1', assertions }, [], verifier);
		expect(plain(third)).toEqual(plain(full));
		expect(third.assertions.map((x) => x.passed)).toEqual([false, true, true]);
		// …and a fourth verification is sent nothing.
		await verifyRun(c, { run_id: 'i1', assertions }, [], run, ledger);
		expect([...spans(sent[3]!).initial, ...spans(sent[3]!).state].every(([, held]) => held)).toBe(true);
	});

	it('a later run of the same task (another run id, as a reused context’s next episode) finds its $initial held', async () => {
		const { c } = ctx();
		const engine = await createNodeEngine();
		const sent: VerifyInput[] = [];
		const run: Verifier = async (input, as) => (sent.push(input), evaluate(engine, input, as));
		const ledger = new PageTables();
		await initRun(c, { task_id: TASK, run_id: 'i2' });
		await oracle(c);
		const first = await verifyRun(c, { run_id: 'i2', assertions }, [], run, ledger);
		expect(spans(sent[0]!).initial.map(([t, held]) => [t, held])).toEqual([
			['contacts', false],
			['owners', false]
		]);
		await initRun(c, { task_id: TASK, run_id: 'i3' });
		await oracle(c);
		const second = await verifyRun(c, { run_id: 'i3', assertions }, [], run, ledger);
		const s1 = spans(sent[1]!);
		// The new run's $initial tables are the same bytes: held, under the ids of the first run's.
		expect(s1.initial).toEqual(spans(sent[0]!).initial.map(([t, , id]) => [t, true, id]));
		expect(plain(second)).toEqual({ ...plain(first), run_id: 'i3' });
		const full = await verifyRun(c, { run_id: 'i3', assertions }, [], verifier);
		expect(plain(second)).toEqual(plain(full));
	});
});
