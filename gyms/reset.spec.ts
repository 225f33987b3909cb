/**
 * Property-style test of the fast reset (gyms/store.ts) over the full seed of every registered gym: random
 * writes (HubSpot through its API, valid and rejected; the other gyms straight into their tables, as a
 * handler would), then a reset → every export equals `initialTables` exactly, the run meta is the new run's
 * (seq 0, the next ids of a fresh load), HubSpot's API reads (its read cache) serve the reset rows, and the
 * reset took the delta path. (What a reused browser context keeps besides: the page reloads at every
 * `startEpisode`, and tests/plays/plays.spec.ts compares each reset's export with a fresh load's.)
 */
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { blueprints } from '../blueprints/registry';
import { rng } from '../seeds/rng';
import { initRun, type RunContext } from '../sw/run';
import { createCalendlyGym } from './calendly';
import { CalendlyDb } from './calendly/db';
import { createHubSpotGym } from './hubspot';
import { HubSpotDb } from './hubspot/db';
import { createOutreachGym } from './outreach';
import { OutreachDb } from './outreach/db';
import { shippedSeeds } from './registry';
import { createSalesNavGym } from './salesnav';
import { SalesNavDb } from './salesnav/db';
import type { ApiRequest, Gym } from './types';

const TASK = 'hubspot/inbound-demo-request-v1';
const dbs: Dexie[] = [new HubSpotDb('reset-hubspot'), new OutreachDb('reset-outreach'), new CalendlyDb('reset-calendly'), new SalesNavDb('reset-salesnav')];
const gyms: Gym[] = [
	createHubSpotGym(dbs[0] as HubSpotDb),
	createOutreachGym(dbs[1] as OutreachDb),
	createCalendlyGym(dbs[2] as CalendlyDb),
	createSalesNavGym(dbs[3] as SalesNavDb)
];
const ctx: RunContext = { gyms, blueprints: blueprints(), seeds: shippedSeeds() };
const CONTACTS = '/crm/v3/objects/contacts';
const req = (method: string, path: string, body?: unknown): ApiRequest => ({ method, path, query: new URLSearchParams(), body });

/** Marks each database with a row the delta reset leaves alone and a full reset clears. */
async function markAll(): Promise<void> {
	for (const db of dbs) await db.table('meta').put({ key: 'probe' });
}
async function probesLeft(): Promise<number> {
	let n = 0;
	for (const db of dbs) if (await db.table('meta').get('probe')) n++;
	return n;
}

/** Random state changes in every gym; returns how many writes were committed. */
async function randomEpisode(round: number): Promise<number> {
	const r = rng(`reset-spec-${round}`, 1);
	let writes = 0;
	const hub = gyms[0]!;
	const ids = ((await hub.exportState(['contacts'])).tables.contacts as { id: string }[]).map((c) => c.id);
	for (let i = 0; i < 25; i++) {
		const kind = r.int(0, 3);
		let res;
		if (kind === 0)
			res = await hub.handle(
				req('POST', CONTACTS, { properties: { email: `p${round}-${i}@example.com`, firstname: 'Rand', lifecyclestage: r.pick(['lead', 'customer']) } })
			);
		else if (kind === 1)
			res = await hub.handle(
				req('PATCH', `${CONTACTS}/${r.pick(ids)}`, {
					properties: { hs_lead_status: r.pick(['OPEN', 'CONNECTED', '']), hubspot_owner_id: r.pick(['1001', '1003', '1012']) }
				})
			);
		else if (kind === 2) res = await hub.handle(req('PATCH', `${CONTACTS}/${r.pick(ids)}`, { properties: { lifecyclestage: 'not-a-stage' } }));
		else res = await hub.handle(req('POST', CONTACTS, { properties: { email: 'broken@' } }));
		if (res.status < 300) writes++;
	}
	// Other gyms: puts of changed rows, deletes and inserts in rw transactions (what their handlers will do). A gym the
	// task does not use is deferred by the reset; a request loads its rows before any handler runs, so one comes first.
	for (const [g, db] of dbs.entries()) {
		if (g === 0) continue;
		expect((await gyms[g]!.handle(req('GET', '/me'))).status).toBe(200);
		const tables = db.tables.filter((t) => !['meta', 'events', 'dirty'].includes(t.name));
		for (let i = 0; i < 10; i++) {
			const table = r.pick(tables);
			const keys = (await table.toCollection().primaryKeys()) as string[];
			if (!keys.length) continue;
			const key = r.pick(keys);
			await db.transaction('rw', [table], async () => {
				const op = r.int(0, 2);
				if (op === 0) await table.delete(key);
				else if (op === 1) await table.put({ ...(await table.get(key)), _touched: round });
				else {
					const row = (await table.get(key)) as Record<string, unknown>;
					const pk = table.schema.primKey.keyPath as string;
					await table.add({ ...row, [pk]: `${String(row[pk])}-copy-${round}-${i}` });
				}
			});
			writes++;
		}
	}
	return writes;
}

/** Next ids per gym and task after the first reset to it (a full load on a fresh database): later resets must match. */
const nextIdsSeen = new Map<string, Record<string, number>>();

/** Every non-archived HubSpot contact as the API reads it (through the read cache): id → the properties the episodes change. */
async function contactsViaApi(): Promise<Map<string, unknown>> {
	const props = ['email', 'hs_lead_status', 'hubspot_owner_id', 'lifecyclestage'];
	const out = new Map<string, unknown>();
	let after: string | undefined;
	do {
		const res = await gyms[0]!.handle(req('POST', `${CONTACTS}/search`, { limit: 200, properties: props, ...(after ? { after } : {}) }));
		const body = res.body as { results: { id: string; properties: Record<string, unknown> }[]; paging?: { next: { after: string } } };
		for (const r of body.results) out.set(r.id, Object.fromEntries(props.map((p) => [p, r.properties[p] ?? null])));
		after = body.paging?.next.after;
	} while (after);
	return out;
}

async function expectInitial(taskId: string | null, runId: string): Promise<void> {
	const bp = taskId ? ctx.blueprints.get(taskId) : undefined;
	for (const gym of gyms) {
		const init = {
			run_id: 'x',
			task_id: taskId,
			seed: 1,
			clock: bp?.clock ?? '2026-03-02T09:00:00.000Z',
			fixtures: bp?.fixtures[gym.name as keyof typeof bp.fixtures]
		};
		const exp = await gym.exportState();
		const initial = await gym.initialTables(init);
		expect(exp.tables, `${gym.name} after reset`).toEqual(initial);
		expect(exp.events).toEqual([]);
		// The reset check of a reused profile agrees: nothing differs, and both digests are equal.
		const check = await gym.checkInitial!(init);
		expect(check.differing, `${gym.name} reset check`).toEqual([]);
		expect(check.state_sha256).toBe(check.initial_sha256);
		// The whole run meta, next ids included (an episode's creates advance them): nothing carries over.
		expect(exp.meta).toMatchObject({ key: 'run', run_id: runId, task_id: taskId, seed: 1, clock: init.clock, seq: 0 });
		const key = `${gym.name}|${taskId}`;
		if (nextIdsSeen.has(key)) expect(exp.meta.next_ids, `${gym.name} next ids after reset`).toEqual(nextIdsSeen.get(key));
		else nextIdsSeen.set(key, exp.meta.next_ids);
		if (gym.name === 'hubspot') {
			// HubSpot's in-memory read cache (api/records.ts) answers reads outside transactions: after a reset it must serve the reset rows.
			const rows = (initial.contacts as { id: string; archived?: boolean; properties: Record<string, unknown> }[]).filter((c) => !c.archived);
			const want = new Map(
				rows.map((c) => [c.id, Object.fromEntries(['email', 'hs_lead_status', 'hubspot_owner_id', 'lifecyclestage'].map((p) => [p, c.properties[p] ?? null]))])
			);
			expect(await contactsViaApi(), 'contacts read through the API after reset').toEqual(want);
		}
	}
}

describe('fast reset over the full seed of every gym', () => {
	it('random writes then reset → every export equals initialTables exactly, by the delta path (also across a fixture change)', async () => {
		await initRun(ctx, { task_id: TASK, run_id: 'r0' });
		await expectInitial(TASK, 'r0');
		const plan: (string | null)[] = [TASK, TASK, null, TASK];
		for (let round = 0; round < plan.length; round++) {
			expect(await randomEpisode(round)).toBeGreaterThan(10);
			await markAll();
			await initRun(ctx, plan[round] ? { task_id: plan[round]!, run_id: `r${round + 1}` } : { run_id: `r${round + 1}` });
			expect(await probesLeft(), 'the reset cleared the databases: it was not a delta reset').toBe(dbs.length);
			await expectInitial(plan[round]!, `r${round + 1}`);
			for (const db of dbs) expect(await db.table('dirty').count()).toBe(0);
		}
	}, 120_000);

	it('after an import, a reset is a full reload (the imported rows were never tracked)', async () => {
		await initRun(ctx, { run_id: 'i0' });
		const snap = await gyms[0]!.exportState();
		await gyms[0]!.importState(snap);
		await markAll();
		await initRun(ctx, { task_id: TASK, run_id: 'i1' });
		expect(await dbs[0]!.table('meta').get('probe')).toBeUndefined();
		await expectInitial(TASK, 'i1');
	}, 120_000);
});
