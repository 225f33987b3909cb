import Dexie from 'dexie';
import { IDBTransaction as FakeTransaction } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { BULK_MIN_VALUES, bulkWrites, memoryDbOptions, shareRowsIn } from './memory-db';

interface Row {
	id: number;
	email: string;
	name: string;
}

let open: Dexie[] = [];
let made = 0;
afterEach(() => {
	for (const db of open) db.close();
	open = [];
});

/** A memory database with a `rows` table (unique `email` index), an auto-increment table and a compound-key one. */
async function makeDb(withBulk: boolean): Promise<Dexie> {
	const db = new Dexie(`bulk-${++made}`, memoryDbOptions());
	db.version(1).stores({ rows: 'id, &email, name', auto: '++seq, name', pairs: '[a+b], a' });
	if (withBulk) db.use(bulkWrites());
	open.push(db);
	await db.open();
	return db;
}

const rows = (n: number, from = 0): Row[] => Array.from({ length: n }, (_, i) => ({ id: from + i, email: `p${from + i}@x.test`, name: `n${(from + i) % 7}` }));

/** How many IndexedDB requests `work` makes through fake-indexeddb's transactions. */
async function requestsMadeBy(work: () => Promise<unknown>): Promise<number> {
	const proto = FakeTransaction.prototype as unknown as { _execRequestAsync: (...a: unknown[]) => unknown };
	const original = proto._execRequestAsync;
	let n = 0;
	proto._execRequestAsync = function (this: unknown, ...a: unknown[]) {
		n++;
		return original.apply(this, a);
	};
	try {
		await work();
	} finally {
		proto._execRequestAsync = original;
	}
	return n;
}

describe('bulkWrites', () => {
	it('writes a large bulkAdd in one request, with the same keys, rows and index order as row by row', async () => {
		const bulk = await makeDb(true);
		const plain = await makeDb(false);
		const data = rows(500);
		const bulkRequests = await requestsMadeBy(() => bulk.table('rows').bulkAdd(data, { allKeys: true }));
		const plainRequests = await requestsMadeBy(() => plain.table('rows').bulkAdd(data, { allKeys: true }));
		expect(bulkRequests).toBe(1);
		expect(plainRequests).toBeGreaterThanOrEqual(500);
		expect(await bulk.table('rows').toArray()).toEqual(await plain.table('rows').toArray());
		expect(await bulk.table('rows').orderBy('name').primaryKeys()).toEqual(await plain.table('rows').orderBy('name').primaryKeys());
		expect(await bulk.table('rows').where('email').equals('p42@x.test').first()).toEqual(data[42]);
		// The stored rows are clones: changing the caller's objects afterwards changes nothing stored.
		data[0]!.name = 'changed';
		expect((await bulk.table('rows').get(0)).name).toBe('n0');
	});

	it('in a transaction given to shareRowsIn, stores the rows themselves; reads still hand out clones', async () => {
		const db = await makeDb(true);
		const data = rows(BULK_MIN_VALUES);
		await db.transaction('rw', db.table('rows'), async (tx) => {
			shareRowsIn(tx.idbtrans as object);
			await db.table('rows').bulkAdd(data);
		});
		// The caller's objects are the stored records: what it changes in place is what a read returns. The store gives
		// only rows nothing changes (gyms/store.ts), which is why the copy is not needed.
		data[1]!.name = 'same object';
		expect((await db.table('rows').get(1)).name).toBe('same object');
		const read = (await db.table('rows').get(2)) as Row;
		read.name = 'changed by a reader';
		expect((await db.table('rows').get(2)).name).toBe('n2');
		// Another transaction clones as before.
		const later = rows(BULK_MIN_VALUES, 1000);
		await db.table('rows').bulkAdd(later);
		later[0]!.name = 'changed';
		expect((await db.table('rows').get(1000)).name).toBe('n6');
		expect(await db.table('rows').where('email').equals('p5@x.test').primaryKeys()).toEqual([5]);
	});

	it('returns the keys in order (bulkAdd allKeys) and overwrites with put', async () => {
		const db = await makeDb(true);
		expect(await db.table('rows').bulkAdd(rows(BULK_MIN_VALUES), { allKeys: true })).toEqual(rows(BULK_MIN_VALUES).map((r) => r.id));
		const changed = rows(BULK_MIN_VALUES).map((r) => ({ ...r, name: 'put' }));
		await db.table('rows').bulkPut(changed);
		expect(await db.table('rows').count()).toBe(BULK_MIN_VALUES);
		expect((await db.table('rows').toArray()).every((r: Row) => r.name === 'put')).toBe(true);
	});

	it('a taken key or a unique index clash fails the write and the transaction leaves nothing of it', async () => {
		const db = await makeDb(true);
		await db.table('rows').bulkAdd(rows(40));
		// A key already stored (`add` does not overwrite).
		await expect(db.transaction('rw', db.table('rows'), () => db.table('rows').bulkAdd(rows(40, 39)))).rejects.toThrow();
		expect(await db.table('rows').count()).toBe(40);
		// A key repeated inside the batch, after rows written in the same transaction.
		const dup = [...rows(40, 100), { id: 100, email: 'other@x.test', name: 'x' }];
		await expect(
			db.transaction('rw', db.table('rows'), async () => {
				await db.table('rows').bulkAdd(rows(40, 200));
				await db.table('rows').bulkAdd(dup);
			})
		).rejects.toThrow();
		expect(await db.table('rows').count()).toBe(40);
		// A unique index (`&email`) clash.
		const clash = rows(40, 300).map((r, i) => (i === 39 ? { ...r, email: 'p0@x.test' } : r));
		await expect(db.table('rows').bulkAdd(clash)).rejects.toThrow();
		expect(await db.table('rows').count()).toBe(40);
		expect(await db.table('rows').where('email').equals('p0@x.test').primaryKeys()).toEqual([0]);
	});

	it('leaves small writes, key generators, compound keys and rows without their key to the row-by-row path', async () => {
		const db = await makeDb(true);
		expect(await requestsMadeBy(() => db.table('rows').bulkAdd(rows(BULK_MIN_VALUES - 1)))).toBe(BULK_MIN_VALUES - 1);
		const auto = Array.from({ length: 40 }, (_, i) => ({ name: `a${i}` }));
		expect(await requestsMadeBy(() => db.table('auto').bulkAdd(auto))).toBe(40);
		expect(await db.table('auto').toCollection().primaryKeys()).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
		const pairs = Array.from({ length: 40 }, (_, i) => ({ a: i, b: `b${i}` }));
		expect(await requestsMadeBy(() => db.table('pairs').bulkAdd(pairs))).toBe(40);
		const keyless = [...rows(40, 500), { email: 'nokey@x.test', name: 'x' }];
		await expect(db.table('rows').bulkAdd(keyless)).rejects.toThrow();
	});
});
