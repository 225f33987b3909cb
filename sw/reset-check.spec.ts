import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { blueprints } from '../blueprints/registry';
import { HubSpotDb } from '../gyms/hubspot/db';
import { createHubSpotGym } from '../gyms/hubspot';
import { shippedSeeds } from '../gyms/registry';
import { checkReset, parseDeep } from './reset-check';
import { initRun, RunError, type RunContext } from './run';

let n = 0;
function ctx(): { c: RunContext; name: string } {
	const name = `test-reset-check-${n++}`;
	return { c: { gyms: [createHubSpotGym(new HubSpotDb(name))], blueprints: blueprints(), seeds: shippedSeeds() }, name };
}
const TASK = 'hubspot/inbound-demo-request-v1';
const CONTACTS = '/crm/v3/objects/contacts';

/** Writes a row straight into IndexedDB (no Dexie, no dirty tracking): what a leak outside the API looks like. */
function rawPut(db: string, table: string, row: unknown): Promise<void> {
	return new Promise((resolve, reject) => {
		const open = indexedDB.open(db);
		open.onerror = () => reject(open.error);
		open.onsuccess = () => {
			const tx = open.result.transaction(table, 'readwrite');
			tx.objectStore(table).put(row);
			tx.oncomplete = () => {
				open.result.close();
				resolve();
			};
			tx.onerror = () => reject(tx.error);
		};
	});
}

describe('checkReset', () => {
	it('matches after a full reset and after a delta reset of API writes, with the same digests', async () => {
		const { c } = ctx();
		await initRun(c, { task_id: TASK, run_id: 'a' });
		const first = await checkReset(c);
		expect(first).toMatchObject({ run_id: 'a', task_id: TASK, seed: 1, match: true, differing: [] });
		expect(first.state_sha256).toBe(first.initial_sha256);
		await c.gyms[0]!.handle({ method: 'POST', path: CONTACTS, query: new URLSearchParams(), body: { properties: { email: 'x@example.com' } } });
		const dirty = await checkReset(c);
		expect(dirty.match).toBe(false);
		expect(dirty.differing).toEqual(expect.arrayContaining(['hubspot.contacts', 'hubspot.events', 'hubspot.meta.seq']));
		await initRun(c, { task_id: TASK, run_id: 'b' });
		expect(c.gyms[0]!.name).toBe('hubspot');
		const again = await checkReset(c);
		expect(again).toMatchObject({ run_id: 'b', match: true, state_sha256: first.state_sha256, initial_sha256: first.initial_sha256 });
	});

	it('sees a row written outside the API, which a delta reset does not restore', async () => {
		const { c, name } = ctx();
		await initRun(c, { task_id: TASK, run_id: 'a' });
		const exported = await c.gyms[0]!.exportState(['contacts']);
		const row = { ...(exported.tables.contacts![0] as Record<string, unknown>), id: '999999999' };
		await rawPut(name, 'contacts', row);
		await initRun(c, { task_id: TASK, run_id: 'b' });
		const check = await checkReset(c);
		expect(check.match).toBe(false);
		expect(check.differing).toEqual(['hubspot.contacts']);
		expect(check.state_sha256).not.toBe(check.initial_sha256);
	});

	it('sees a row changed in place outside the API (same row count)', async () => {
		const { c, name } = ctx();
		await initRun(c, { task_id: TASK, run_id: 'a' });
		const before = await checkReset(c);
		const exported = await c.gyms[0]!.exportState(['owners']);
		const owner = exported.tables.owners![0] as Record<string, unknown>;
		await rawPut(name, 'owners', { ...owner, firstName: `${String(owner.firstName)}x` });
		await initRun(c, { task_id: TASK, run_id: 'b' });
		const check = await checkReset(c);
		expect(check).toMatchObject({ match: false, differing: ['hubspot.owners'], initial_sha256: before.initial_sha256 });
		expect(check.state_sha256).not.toBe(before.state_sha256);
	});

	it('refuses before any run (409)', async () => {
		const { c } = ctx();
		await expect(checkReset(c)).rejects.toEqual(expect.objectContaining({ status: 409 }));
		await expect(checkReset(c)).rejects.toBeInstanceOf(RunError);
	});
});

describe('checkReset with deep (the tables written since the last check)', () => {
	it('compares the other tables by keys: a row added outside the API shows, a row changed in place needs the table in deep', async () => {
		const { c, name } = ctx();
		await initRun(c, { task_id: TASK, run_id: 'a' });
		const none = new Set<string>();
		const clean = await checkReset(c, none);
		expect(clean).toMatchObject({ match: true, differing: [] });
		expect(clean.state_sha256).toBe(clean.initial_sha256);
		const exported = await c.gyms[0]!.exportState(['owners', 'contacts']);
		const owner = exported.tables.owners![0] as Record<string, unknown>;
		await rawPut(name, 'owners', { ...owner, firstName: `${String(owner.firstName)}x` });
		// Keys only: the changed row is invisible, which is why the harness names every written store.
		expect((await checkReset(c, none)).match).toBe(true);
		const deep = await checkReset(c, new Set(['hubspot.owners']));
		expect(deep).toMatchObject({ match: false, differing: ['hubspot.owners'] });
		expect(deep.state_sha256).not.toBe(deep.initial_sha256);
		await rawPut(name, 'contacts', { ...(exported.tables.contacts![0] as Record<string, unknown>), id: '999999998' });
		expect((await checkReset(c, none)).differing).toEqual(['hubspot.contacts']);
	});

	it('parses the deep query parameter', () => {
		expect(parseDeep(new URLSearchParams(''))).toBeUndefined();
		expect(parseDeep(new URLSearchParams('deep='))).toEqual(new Set());
		expect(parseDeep(new URLSearchParams('deep=hubspot.contacts,hubspot.meta'))).toEqual(new Set(['hubspot.contacts', 'hubspot.meta']));
	});
});
