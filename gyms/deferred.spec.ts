/**
 * Deferred gyms (gyms/store.ts "deferred", sw/run.ts `defersGym`): a task's reset loads only the gyms of its
 * platforms. Every other gym writes no row, yet exports exactly what a loaded database exports (byte-identical
 * canonical JSON of the whole run export, next ids included), passes the reset check, loads its rows at its first
 * API request (after which the state and the next reset are the usual ones), and shows a row written into its empty
 * tables outside the store (the reset check names the table).
 */
import 'fake-indexeddb/auto';
import type Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { blueprints } from '../blueprints/registry';
import { checkReset } from '../sw/reset-check';
import { canonicalJson } from '../verifier/canonical';
import { exportRun, initRun, runInits, type InitTiming, type RunContext } from '../sw/run';
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

let n = 0;
/** All four gyms over fresh databases. */
function world(): { ctx: RunContext; dbs: Dexie[] } {
	const k = n++;
	const dbs: Dexie[] = [new HubSpotDb(`def-h-${k}`), new OutreachDb(`def-o-${k}`), new CalendlyDb(`def-c-${k}`), new SalesNavDb(`def-s-${k}`)];
	const gyms: Gym[] = [
		createHubSpotGym(dbs[0] as HubSpotDb),
		createOutreachGym(dbs[1] as OutreachDb),
		createCalendlyGym(dbs[2] as CalendlyDb),
		createSalesNavGym(dbs[3] as SalesNavDb)
	];
	return { ctx: { gyms, blueprints: blueprints(), seeds: shippedSeeds() }, dbs };
}
const rows = async (db: Dexie) =>
	(await Promise.all(db.tables.filter((t) => !['meta', 'events', 'dirty'].includes(t.name)).map((t) => t.count()))).reduce((a, b) => a + b, 0);
const req = (method: string, path: string): ApiRequest => ({ method, path, query: new URLSearchParams(), body: undefined });

/** The run export of `taskId` with every gym loaded (no deferral), as canonical JSON. */
async function eagerExport(taskId: string, runId: string): Promise<string> {
	const { ctx } = world();
	const bp = ctx.blueprints.get(taskId)!;
	for (const { gym, init } of runInits(ctx, bp, runId, 1, bp.clock)) await gym.reset(init);
	return (await exportRun(ctx)).json;
}

describe('deferred gyms', () => {
	for (const taskId of ['hubspot/inbound-demo-request-v1', 'outreach/opt-out-request-v1', 'calendly/cancel-with-reason-v1'] as const) {
		it(`${taskId}: only its platforms are loaded; the run export is byte-identical to a fully loaded one`, async () => {
			const { ctx, dbs } = world();
			const bp = ctx.blueprints.get(taskId);
			if (!bp) throw new Error(`no blueprint ${taskId}`);
			const timing: InitTiming = {};
			const info = await initRun(ctx, { task_id: taskId, run_id: 'd1' }, timing);
			for (const [i, gym] of ctx.gyms.entries()) {
				const used = (bp.platforms as readonly string[]).includes(gym.name);
				expect(timing[gym.name]!.defer, gym.name).toBe(!used);
				expect((await rows(dbs[i]!)) > 0, `${gym.name} holds rows`).toBe(used);
				if (!used) expect(info.counts[gym.name]).toEqual({});
			}
			expect((await exportRun(ctx)).json).toBe(await eagerExport(taskId, 'd1'));
			expect(await checkReset(ctx)).toMatchObject({ match: true, differing: [] });
		}, 120_000);
	}

	it('the first API request loads a deferred gym; the state stays the same and the next reset is a delta one', async () => {
		const { ctx, dbs } = world();
		const taskId = 'hubspot/inbound-demo-request-v1';
		await initRun(ctx, { task_id: taskId, run_id: 'm1' });
		const before = (await exportRun(ctx)).json;
		const outreach = ctx.gyms[1]!;
		expect(await rows(dbs[1]!)).toBe(0);
		expect((await outreach.handle(req('GET', '/me'))).status).toBe(200);
		expect(await rows(dbs[1]!)).toBeGreaterThan(1000);
		expect((await exportRun(ctx)).json).toBe(before);
		expect(await checkReset(ctx)).toMatchObject({ match: true, differing: [] });
		// A loaded gym stays loaded across the next deferred reset (restored by delta: a marker row survives it).
		await dbs[1]!.table('meta').put({ key: 'probe' });
		await initRun(ctx, { task_id: taskId, run_id: 'm2' });
		expect(await dbs[1]!.table('meta').get('probe')).toEqual({ key: 'probe' });
		expect(await rows(dbs[2]!)).toBe(0);
		expect((await exportRun(ctx)).json).toBe(await eagerExport(taskId, 'm2'));
	}, 120_000);

	it('a row written into a deferred gym outside the store: the reset check names the table, the export shows the row', async () => {
		const { ctx, dbs } = world();
		await initRun(ctx, { task_id: 'hubspot/inbound-demo-request-v1', run_id: 'p1' });
		const table = dbs[3]!.tables.find((t) => t.name === 'leads')!;
		await table.put({ ...(await import('./salesnav/seed')).initialState({ seed: 1 }).tables.leads![0]!, _poison: true } as never);
		const check = await checkReset(ctx);
		expect(check.match).toBe(false);
		expect(check.differing).toContain('salesnav.leads');
		expect(check.state_sha256).not.toBe(check.initial_sha256);
		const leads = (await ctx.gyms[3]!.exportState(['leads'])).tables.leads as { _poison?: boolean }[];
		expect(leads.filter((l) => l._poison)).toHaveLength(1);
	}, 120_000);

	it('the verifier export (exportJson, patched copies) of a deferred gym equals a whole read after a write outside the store and after the gym loads', async () => {
		const { ctx, dbs } = world();
		await initRun(ctx, { task_id: 'hubspot/inbound-demo-request-v1', run_id: 'j1' });
		const salesnav = ctx.gyms[3]!;
		const text = new TextDecoder();
		const same = async (): Promise<string[]> => {
			const got = await salesnav.exportJson!();
			const fresh = await salesnav.exportState();
			for (const [t, rows] of Object.entries(fresh.tables)) expect(text.decode(got.tables[t]!), t).toBe(canonicalJson(rows));
			return got.patched;
		};
		await same();
		const leads = dbs[3]!.tables.find((t) => t.name === 'leads')!;
		const lead = (await import('./salesnav/seed')).initialState({ seed: 1 }).tables.leads![0]! as Record<string, unknown>;
		await leads.put({ ...lead, _poison: true } as never);
		// Deferred: the rows are not in the database, so the copy is not patched from it.
		expect(await same()).toEqual([]);
		await leads.delete(lead[leads.schema.primKey.keyPath as string] as never);
		expect(await same()).toEqual([]);
		expect((await salesnav.handle(req('GET', '/me'))).status).toBeLessThan(500);
		expect(await rows(dbs[3]!)).toBeGreaterThan(1000);
		await same();
		await leads.put({ ...lead, _poison: 2 } as never);
		expect(await same()).toEqual(['leads']);
	}, 120_000);

	it('a sandbox run (no task) loads every gym', async () => {
		const { ctx, dbs } = world();
		const timing: InitTiming = {};
		await initRun(ctx, { run_id: 's1' }, timing);
		for (const [i, gym] of ctx.gyms.entries()) {
			expect(timing[gym.name]!.defer).toBe(false);
			expect(await rows(dbs[i]!)).toBeGreaterThan(0);
		}
	}, 120_000);

	it('the implicit sandbox of a first visit (deferAll) loads no gym; its export equals the loaded sandbox; an API call loads only its gym', async () => {
		const { ctx, dbs } = world();
		const timing: InitTiming = {};
		const info = await initRun(ctx, { run_id: 's2' }, timing, { deferAll: true });
		for (const [i, gym] of ctx.gyms.entries()) {
			expect(timing[gym.name]!.defer, gym.name).toBe(true);
			expect(await rows(dbs[i]!), gym.name).toBe(0);
			expect(info.counts[gym.name]).toEqual({});
		}
		const lazy = (await exportRun(ctx)).json;
		const loaded = world();
		await initRun(loaded.ctx, { run_id: 's2' });
		expect(lazy === (await exportRun(loaded.ctx)).json, 'the deferred sandbox exports what the loaded one does').toBe(true);
		expect((await ctx.gyms[0]!.handle(req('GET', '/crm/v3/objects/contacts'))).status).toBe(200);
		expect(await rows(dbs[0]!)).toBeGreaterThan(1000);
		expect(await rows(dbs[1]!)).toBe(0);
		expect((await exportRun(ctx)).json === lazy, 'loading a gym changes nothing of the state').toBe(true);
	}, 120_000);
});
