import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { createGymStore, type InitialState } from './store';
import type { RunInit } from './types';

interface Row {
	id: string;
	name: string;
	tag?: string;
}

function makeDb(name: string) {
	const db = new Dexie(name);
	db.version(1).stores({ items: 'id', others: 'id', meta: 'key', events: 'seq', dirty: 'id' });
	return db;
}

const SEED: Row[] = Array.from({ length: 50 }, (_, i) => ({ id: String(i + 1), name: `item ${i + 1}` }));
function initial(init: RunInit): InitialState {
	const fx = (init.fixtures as { items?: Row[] } | undefined)?.items ?? [];
	const byId = new Map(SEED.map((r) => [r.id, r]));
	for (const r of fx) byId.set(r.id, r);
	return { tables: { items: [...byId.values()], others: [{ id: '7', name: 'x' }] }, next_ids: { items: 51 } };
}
const init = (fixtures?: unknown): RunInit => ({ run_id: 'r1', task_id: null, seed: 1, clock: '2026-03-02T09:00:00.000Z', fixtures });

describe('gyms/store', () => {
	it('records dirty rows in the write transaction, resets by delta to exactly the initial tables', async () => {
		const db = makeDb('store-spec-1');
		const store = createGymStore({ gym: 't', db, tables: [{ name: 'items' }, { name: 'others' }], initial });
		await store.reset(init());
		expect(store.lastReset()?.mode).toBe('full');
		await db.transaction('rw', [db.table('items'), db.table('events')], async () => {
			await db.table('items').put({ id: '3', name: 'changed' });
			await db.table('items').add({ id: '99', name: 'new' });
			await db.table('items').delete('4');
			await db.table('events').add({ seq: 1 });
		});
		expect((await db.table('dirty').toArray()).map((d) => d.id).sort()).toEqual(['items\u00013', 'items\u00014', 'items\u000199']);
		await store.reset(init());
		expect(store.lastReset()).toEqual({ mode: 'delta', restored: 3 });
		const exp = await store.exportState();
		expect(exp.tables).toEqual(await store.initialTables(init()));
		expect(exp.events).toEqual([]);
		expect(await db.table('dirty').count()).toBe(0);
	});

	it('an aborted transaction leaves no dirty record; a fixture change restores old and new fixture rows', async () => {
		const db = makeDb('store-spec-2');
		const store = createGymStore({ gym: 't', db, tables: [{ name: 'items' }, { name: 'others' }], initial });
		const a = init({
			items: [
				{ id: '5', name: 'fixture A' },
				{ id: '990001', name: 'fa' }
			]
		});
		const b = init({ items: [{ id: '6', name: 'fixture B' }] });
		await store.reset(a);
		await expect(
			db.transaction('rw', [db.table('items')], async () => {
				await db.table('items').put({ id: '1', name: 'nope' });
				throw new Error('abort');
			})
		).rejects.toThrow('abort');
		expect(await db.table('dirty').count()).toBe(0);
		await store.reset(b);
		expect(store.lastReset()?.mode).toBe('delta');
		expect((await store.exportState()).tables).toEqual(await store.initialTables(b));
		await db.table('others').clear();
		await store.reset(b);
		expect(store.lastReset()?.mode).toBe('full');
		expect((await store.exportState()).tables).toEqual(await store.initialTables(b));
	});

	it('a task entry takes the base rows its fixtures left alone; only rows that differ from the seed are fixture keys', async () => {
		const db = makeDb('store-spec-4');
		// Stored rows carry a derived field the export drops (as HubSpot's contacts do).
		const toRow = (w: Row) => ({ ...w, tag: `t:${w.name}` });
		const fromRow = ({ id, name }: Row) => ({ id, name });
		const items = { name: 'items', toRow: toRow as (w: never) => unknown, fromRow: fromRow as (r: never) => unknown };
		const store = createGymStore({ gym: 't', db, tables: [items, { name: 'others' }], initial });
		// Row 5 repeats the seed's row in a new object, row 6 changes it, row 990001 is new.
		const task = init({
			items: [
				{ id: '5', name: 'item 5' },
				{ id: '6', name: 'changed' },
				{ id: '990001', name: 'new' }
			]
		});
		await store.reset(task);
		expect(store.lastReset()?.mode).toBe('full');
		const rows = (await store.exportState()).tables.items as Row[];
		expect(rows).toEqual((await store.initialTables(task)).items);
		expect(rows.find((r) => r.id === '6')).toEqual({ id: '6', name: 'changed' });
		await store.reset(init());
		// The fixture keys, old and new: 6 and 990001 (not 5, equal to the seed's row; not the 48 others).
		expect(store.lastReset()).toEqual({ mode: 'delta', restored: 2 });
		expect((await store.exportState()).tables).toEqual(await store.initialTables(init()));
		expect(await db.table('items').get('7')).toEqual({ id: '7', name: 'item 7', tag: 't:item 7' });
		expect(await db.table('items').get('6')).toEqual({ id: '6', name: 'item 6', tag: 't:item 6' });
		expect(await db.table('items').get('990001')).toBeUndefined();
	});
});

describe('gyms/store across builds', () => {
	it('with a projection identity: the same identity restores by delta, another one reloads fully', async () => {
		const db = makeDb('store-spec-5');
		const storeOf = (projectionId: string) => createGymStore({ gym: 't', db, tables: [{ name: 'items' }, { name: 'others' }], initial, projectionId });
		await storeOf('build-a').reset(init());
		await db.table('items').put({ id: '3', name: 'changed' });
		const same = storeOf('build-a');
		await same.reset(init());
		expect(same.lastReset()).toEqual({ mode: 'delta', restored: 1 });
		await db.table('items').put({ id: '3', name: 'changed' });
		const other = storeOf('build-b');
		await other.reset(init());
		expect(other.lastReset()?.mode).toBe('full');
		expect((await other.exportState()).tables).toEqual(await other.initialTables(init()));
		expect((await db.table('meta').get('base'))?.content).toBe('projection:build-b');
	});

	it('a build whose seed projection differs (same seed number) reloads fully instead of restoring onto stale rows', async () => {
		const db = makeDb('store-spec-3');
		const store = createGymStore({ gym: 't', db, tables: [{ name: 'items' }, { name: 'others' }], initial });
		await store.reset(init());
		await db.close();
		const db2 = makeDb('store-spec-3');
		const changed = (i: RunInit): InitialState => {
			const s = initial(i);
			return { ...s, tables: { ...s.tables, items: (s.tables.items as Row[]).map((r) => (r.id === '9' ? { ...r, name: 'renamed in the new build' } : r)) } };
		};
		const next = createGymStore({ gym: 't', db: db2, tables: [{ name: 'items' }, { name: 'others' }], initial: changed });
		await next.reset(init());
		expect(next.lastReset()?.mode).toBe('full');
		expect((await next.exportState()).tables).toEqual(await next.initialTables(init()));
	});
});
