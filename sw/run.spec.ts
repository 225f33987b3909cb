import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { blueprints } from '../blueprints/registry';
import { HubSpotDb } from '../gyms/hubspot/db';
import { createHubSpotGym } from '../gyms/hubspot';
import { shippedSeeds } from '../gyms/registry';
import { exportRun, importRun, initRun, RunError, type RunContext } from './run';

let n = 0;
function ctx(): RunContext {
	return { gyms: [createHubSpotGym(new HubSpotDb(`test-run-${n++}`))], blueprints: blueprints(), seeds: shippedSeeds() };
}
const TASK = 'hubspot/inbound-demo-request-v1';
const CONTACTS = '/crm/v3/objects/contacts';

async function act(c: RunContext) {
	const hub = c.gyms[0]!;
	const created = await hub.handle({
		method: 'POST',
		path: CONTACTS,
		query: new URLSearchParams(),
		body: { properties: { email: 'priya.raman@helixbio.com', firstname: 'Priya' } }
	});
	const id = (created.body as { id: string }).id;
	await hub.handle({
		method: 'PATCH',
		path: `${CONTACTS}/${id}`,
		query: new URLSearchParams(),
		body: { properties: { lifecyclestage: 'salesqualifiedlead' } }
	});
}

describe('initRun', () => {
	it('resets to seed + fixtures at the blueprint clock', async () => {
		const c = ctx();
		const info = await initRun(c, { task_id: TASK, run_id: 'ep-1' });
		expect(info).toEqual({
			run_id: 'ep-1',
			task_id: TASK,
			seed: 1,
			clock: '2026-03-02T14:30:00.000Z',
			actors: { hubspot: '1001' },
			counts: {
				hubspot: {
					contacts: 816,
					companies: 250,
					deals: 150,
					associations: 4241,
					owners: 12,
					tasks: 200,
					notes: 300,
					emails: 702,
					meetings: 200,
					templates: 8,
					pipelines: 1,
					calls: 100,
					lists: 5,
					list_memberships: 121,
					forms: 4,
					form_submissions: 60,
					sequences: 6,
					sequence_enrollments: 190,
					inboxes: 11,
					views: 0
				}
			}
		});
	});

	it("each gym's initialTables equals its export right after the reset (the verifier's $initial)", async () => {
		const c = ctx();
		const init = { task_id: TASK, run_id: 'ep-i' };
		await initRun(c, init);
		const bp = c.blueprints.get(TASK)!;
		const { state } = await exportRun(c);
		const gym = c.gyms[0]!;
		const initial = await gym.initialTables({ run_id: 'ep-i', task_id: TASK, seed: 1, clock: bp.clock, fixtures: bp.fixtures.hubspot });
		expect(JSON.stringify(initial)).toBe(JSON.stringify(state.gyms.hubspot));
		await act(c);
		expect(JSON.stringify((await exportRun(c)).state.gyms.hubspot)).not.toBe(JSON.stringify(initial));
	});

	it('exportState(tables) reads only the named tables, with meta and events', async () => {
		const c = ctx();
		await initRun(c, { task_id: TASK, run_id: 'ep-t' });
		await act(c);
		const part = await c.gyms[0]!.exportState(['owners', 'nope']);
		expect(Object.keys(part.tables)).toEqual(['owners']);
		expect(part.tables.owners).toEqual((await c.gyms[0]!.exportState()).tables.owners);
		expect(part.events.length).toBe(2);
		expect(part.meta.run_id).toBe('ep-t');
	});

	it('a sandbox run (no task) uses the seed epoch and a deterministic default run_id', async () => {
		const info = await initRun(ctx(), {});
		expect(info.task_id).toBeNull();
		expect(info.clock).toBe('2026-03-02T09:00:00.000Z');
		expect(info.run_id).toBe('local-1-sandbox');
	});

	it('rejects unknown tasks, seeds and keys with clear messages', async () => {
		const c = ctx();
		await expect(initRun(c, { task_id: 'hubspot/nope-v1' })).rejects.toMatchObject({ status: 404 });
		await expect(initRun(c, { seed: 7 })).rejects.toThrow(/seed 7 is not shipped/);
		await expect(initRun(c, { taskid: TASK })).rejects.toBeInstanceOf(RunError);
		await expect(initRun(c, { run_id: 'has space' })).rejects.toMatchObject({ status: 400 });
	});

	it('undoes an episode: reset after changes gives the initial export again', async () => {
		const c = ctx();
		await initRun(c, { task_id: TASK, run_id: 'ep' });
		const fresh = (await exportRun(c)).json;
		await act(c);
		expect((await exportRun(c)).json).not.toBe(fresh);
		await initRun(c, { task_id: TASK, run_id: 'ep' });
		expect((await exportRun(c)).json).toBe(fresh);
	});
});

describe('exportRun', () => {
	it('is canonical: sorted keys, rows in numeric id order, events with virtual times', async () => {
		const c = ctx();
		await initRun(c, { task_id: TASK, run_id: 'ep' });
		await act(c);
		const { state, json } = await exportRun(c);
		expect(Object.keys(JSON.parse(json))).toEqual(['clock', 'events', 'format', 'gyms', 'meta', 'run_id', 'seed', 'task_id', 'version']);
		const ids = (state.gyms.hubspot!.contacts as { id: string }[]).map((r) => Number(r.id));
		expect(ids).toEqual([...ids].sort((a, b) => a - b));
		expect(ids.slice(-2)).toEqual([990001, 990002]); // fixture row, then the created one
		expect(state.events.map((e) => [e.seq, e.at, e.method])).toEqual([
			[1, '2026-03-02T14:30:00.000Z', 'POST'],
			[2, '2026-03-02T14:30:01.000Z', 'PATCH']
		]);
		expect(state.clock).toBe('2026-03-02T14:30:02.000Z');
	});

	it('same seed + same actions = byte-identical export', async () => {
		const exports: string[] = [];
		for (let i = 0; i < 2; i++) {
			const c = ctx();
			await initRun(c, { task_id: TASK, run_id: 'same' });
			await act(c);
			exports.push((await exportRun(c)).json);
		}
		expect(exports[0]).toBe(exports[1]);
	});

	it('409s before any run', async () => {
		await expect(exportRun(ctx())).rejects.toMatchObject({ status: 409 });
	});
});

describe('importRun', () => {
	it('restores an export exactly, into another database', async () => {
		const a = ctx();
		await initRun(a, { task_id: TASK, run_id: 'ep' });
		await act(a);
		const { json } = await exportRun(a);
		const b = ctx();
		await initRun(b, {});
		await importRun(b, JSON.parse(json));
		expect((await exportRun(b)).json).toBe(json);
		// ids keep counting from where the export left off
		const res = await b.gyms[0]!.handle({ method: 'POST', path: CONTACTS, query: new URLSearchParams(), body: { properties: { email: 'next@example.com' } } });
		expect((res.body as { id: string }).id).toBe('990003'); // fixture contact 990001 moved the counter past it; 990002 was created in act()
	});

	it('rejects a corrupt export and leaves the state unchanged', async () => {
		const c = ctx();
		await initRun(c, { task_id: TASK, run_id: 'ep' });
		const before = (await exportRun(c)).json;
		const doc = JSON.parse(before);
		doc.gyms.hubspot.contacts[0].properties = 'oops';
		await expect(importRun(c, doc)).rejects.toMatchObject({ status: 400 });
		await expect(importRun(c, { ...JSON.parse(before), extra: 1 })).rejects.toMatchObject({ status: 400 });
		expect((await exportRun(c)).json).toBe(before);
	});
});
