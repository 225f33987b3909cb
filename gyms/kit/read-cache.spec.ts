/**
 * The kit's read cache (kit/read-cache.ts) keeps a table's copy across writes to OTHER tables, and never serves a
 * stale copy: after a write to the table itself (API write, direct Dexie write, delete, clear, reset) the next read
 * reflects it. Run over the HubSpot gym (its contacts and companies tables).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { readAll, readMeta, readRecord } from '../hubspot/api/records';
import { testGym } from '../hubspot/api/test-gym';
import { cachedTable, tableGeneration } from './read-cache';

const { gym, db, call } = testGym('hubspot-read-cache');

/** The cached copy of `table` (identity tells a reuse from a re-read). */
const copyOf = (table: string) =>
	cachedTable(
		db,
		table,
		(r) => r as { id: string },
		(r) => r.id,
		(a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
	);

describe('read cache: one generation per table', () => {
	it('a write to companies keeps the contacts copy; a write to contacts replaces it with the new rows', async () => {
		const contacts = await copyOf('contacts');
		expect(contacts).not.toBeNull();
		expect(await copyOf('contacts')).toBe(contacts);
		const companies = await copyOf('companies');
		const created = await call('POST', '/crm/v3/objects/companies', { properties: { name: 'Cache Co', domain: 'cache-co.example' } });
		expect(created.status).toBe(201);
		expect(await copyOf('contacts'), 'a companies write leaves the contacts copy in use').toBe(contacts);
		const freshCompanies = await copyOf('companies');
		expect(freshCompanies).not.toBe(companies);
		expect(freshCompanies!.rows.length).toBe(companies!.rows.length + 1);
		expect(freshCompanies!.byKey.has((created.body as { id: string }).id)).toBe(true);

		const made = await call('POST', '/crm/v3/objects/contacts', { properties: { email: 'read-cache@example.com', firstname: 'Read' } });
		expect(made.status).toBe(201);
		const id = (made.body as { id: string }).id;
		const after = await copyOf('contacts');
		expect(after).not.toBe(contacts);
		expect(after!.byKey.has(id)).toBe(true);
		expect((await readRecord(db, 'contacts', id))?.properties.firstname).toBe('Read');
	});

	it('direct Dexie writes, deletes and clears outside the API are seen at the next read of that table only', async () => {
		const all = await readAll(db, 'contacts');
		const first = all[0]!;
		const companies = await copyOf('companies');
		const g0 = tableGeneration(db, 'contacts')!;
		await db.table('contacts').update(first.id, { archived: true });
		expect(tableGeneration(db, 'contacts')).toBeGreaterThan(g0);
		expect((await readRecord(db, 'contacts', first.id))?.archived).toBe(true);
		expect(await copyOf('companies')).toBe(companies);
		await db.table('contacts').delete(first.id);
		expect(await readRecord(db, 'contacts', first.id)).toBeUndefined();
		await db.table('contacts').clear();
		expect(await readAll(db, 'contacts')).toEqual([]);
		// A reset puts the seed back: the copy follows.
		await gym.reset({ run_id: 'r2', task_id: 't', seed: 1, clock: '2026-01-05T15:00:00.000Z' });
		expect((await readAll(db, 'contacts')).length).toBe(all.length);
		expect((await readRecord(db, 'contacts', first.id))?.archived).toBe(first.archived);
	});

	it('the run meta copy follows writes to meta (every API write bumps the run counters)', async () => {
		const m0 = await readMeta(db);
		expect(await readMeta(db)).toBe(m0);
		await call('POST', '/crm/v3/objects/contacts', { properties: { email: 'meta@example.com' } });
		const m1 = await readMeta(db);
		expect(m1!.seq).toBeGreaterThan(m0!.seq);
		await gym.reset({ run_id: 'r3', task_id: 't', seed: 1, clock: '2026-01-05T15:00:00.000Z' });
		expect((await readMeta(db))!.run_id).toBe('r3');
	});
});
