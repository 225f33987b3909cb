/**
 * The verifier's in-memory export (kit/export-json.ts) is never stale: after every write path (API writes, a
 * refused write, a delta reset, a full reset, an import, direct Dexie writes, a write racing the export) each
 * table's bytes equal a fresh `exportState` read serialized canonically, and unchanged tables are reused.
 * Also: the verifier input assembled from those bytes is byte-identical to the one built from objects.
 */
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../verifier/canonical';
import { tableBytes, verificationInput, verificationInputJson } from '../../verifier/prepare';
import { testGym } from '../hubspot/api/test-gym';
import type { Gym } from '../types';

const { gym, db, call } = testGym('hubspot-export-json');
const text = new TextDecoder();

/** Tables the last {@link sameAsFresh} patched from their copy (read by key) rather than read whole. */
let lastPatched: string[] = [];

/** Asserts that `exportJson` equals a fresh read (every table), and returns the tables it re-serialized. */
async function sameAsFresh(g: Gym = gym): Promise<string[]> {
	const got = await g.exportJson!();
	lastPatched = got.patched;
	const fresh = await g.exportState();
	expect(Object.keys(got.tables).sort()).toEqual(Object.keys(fresh.tables).sort());
	for (const [t, rows] of Object.entries(fresh.tables)) expect(text.decode(got.tables[t]!), t).toBe(canonicalJson(rows));
	expect(got.meta).toEqual(fresh.meta);
	expect(got.events).toEqual(fresh.events);
	return got.serialized;
}

describe('exportJson (in-memory table bytes)', () => {
	it('reuses unchanged tables and re-serializes exactly the ones each write path touched', async () => {
		await sameAsFresh();
		expect(await sameAsFresh()).toEqual([]);
		// An API write: only the tables it wrote are read again.
		const created = await call('POST', '/crm/v3/objects/contacts', { properties: { email: 'cache@example.com', firstname: 'Cache' } });
		expect(created.status).toBe(201);
		const touched = await sameAsFresh();
		expect(touched).toContain('contacts');
		expect(touched).not.toContain('companies');
		// A refused write changes nothing and invalidates nothing that matters.
		expect((await call('POST', '/crm/v3/objects/contacts', { properties: { email: 'cache@example.com' } })).status).toBe(409);
		expect(await sameAsFresh()).not.toContain('companies');
		// An update, a delete.
		const id = created.body.id as string;
		expect((await call('PATCH', `/crm/v3/objects/contacts/${id}`, { properties: { jobtitle: 'Cached' } })).status).toBe(200);
		expect(await sameAsFresh()).toContain('contacts');
		expect((await call('DELETE', `/crm/v3/objects/contacts/${id}`)).status).toBe(204);
		expect(await sameAsFresh()).toContain('contacts');
		// A delta reset puts the rows back.
		await gym.reset({ run_id: 'r2', task_id: null, seed: 1, clock: '2026-03-02T14:30:00.000Z' });
		expect(await sameAsFresh()).toContain('contacts');
		// An import replaces every table.
		const snap = await gym.exportState();
		const c0 = snap.tables.contacts![0] as { properties: Record<string, unknown> };
		c0.properties = { ...c0.properties, firstname: 'Imported' };
		await gym.importState(snap);
		expect(await sameAsFresh()).toContain('contacts');
		expect(text.decode((await gym.exportJson!(['contacts'])).tables.contacts)).toContain('"Imported"');
		// Writes that bypass the API (the store's own, untracked by the dirty log) are seen too.
		const first = (await db.table('companies').toCollection().first()) as Record<string, unknown>;
		await db.table('companies').put({ ...first, updatedAt: '2026-03-03T00:00:00.000Z' });
		expect(await sameAsFresh()).toEqual(['companies']);
		await db.table('companies').delete(first.id as string);
		expect(await sameAsFresh()).toEqual(['companies']);
		await db.table('owners').clear();
		expect(await sameAsFresh()).toEqual(['owners']);
		// A full reset (the cleared table forces one).
		await gym.reset({ run_id: 'r3', task_id: null, seed: 1, clock: '2026-03-02T14:30:00.000Z' });
		await sameAsFresh();
	});

	it('a table written in a few rows is patched (only those rows read), a cleared or imported one is read whole; the bytes always equal a whole read', async () => {
		await sameAsFresh();
		const made = await call('POST', '/crm/v3/objects/contacts', { properties: { email: 'patch@example.com', firstname: 'Patch' } });
		expect(made.status).toBe(201);
		const id = made.body.id as string;
		expect(await sameAsFresh()).toContain('contacts');
		expect(lastPatched).toContain('contacts');
		// Updates, an association, a delete, then a direct Dexie write: each patched, each equal to a whole read.
		expect((await call('PATCH', `/crm/v3/objects/contacts/${id}`, { properties: { lastname: 'Patched' } })).status).toBe(200);
		expect(await sameAsFresh()).toContain('contacts');
		expect(lastPatched).toContain('contacts');
		const company = (await db.table('companies').toCollection().first()) as { id: string };
		const assoc = await call('PUT', `/crm/v4/objects/contacts/${id}/associations/default/companies/${company.id}`);
		expect(assoc.status).toBeLessThan(300);
		await sameAsFresh();
		expect((await call('DELETE', `/crm/v3/objects/contacts/${id}`)).status).toBe(204);
		expect(await sameAsFresh()).toContain('contacts');
		expect(lastPatched).toContain('contacts');
		const first = (await db.table('companies').toCollection().first()) as Record<string, unknown>;
		await db.table('companies').put({ ...first, updatedAt: '2026-03-04T00:00:00.000Z' });
		expect(await sameAsFresh()).toEqual(['companies']);
		expect(lastPatched).toEqual(['companies']);
		// A delta reset restores the touched rows by key: patched too.
		await gym.reset({ run_id: 'p2', task_id: null, seed: 1, clock: '2026-03-02T14:30:00.000Z' });
		expect(await sameAsFresh()).toEqual(expect.arrayContaining(['contacts', 'companies']));
		expect(lastPatched).toEqual(expect.arrayContaining(['contacts', 'companies']));
		// A clear is a range delete (keys unknown): read whole.
		await db.table('owners').clear();
		expect(await sameAsFresh()).toEqual(['owners']);
		expect(lastPatched).toEqual([]);
		// A full reset and an import clear every table: read whole.
		await gym.reset({ run_id: 'p3', task_id: null, seed: 1, clock: '2026-03-02T14:30:00.000Z' });
		await sameAsFresh();
		expect(lastPatched).toEqual([]);
		await gym.importState(await gym.exportState());
		await sameAsFresh();
		expect(lastPatched).toEqual([]);
		// Many rows written since the copy (more than a quarter of a small table): read whole.
		const owners = (await db.table('owners').toArray()) as Record<string, unknown>[];
		await db.table('owners').bulkPut(owners.map((o) => ({ ...o, updatedAt: '2026-03-05T00:00:00.000Z' })));
		expect(await sameAsFresh()).toEqual(['owners']);
		expect(lastPatched, `${owners.length} owners all rewritten`).toEqual(owners.length > 64 ? [] : ['owners']);
	});

	it('a write racing the export is never missed', async () => {
		await sameAsFresh();
		for (let i = 0; i < 5; i++) {
			const write = call('POST', '/crm/v3/objects/companies', { properties: { name: `Race ${i}`, domain: `race${i}.example.com` } });
			const exported = gym.exportJson!(['companies']);
			await Promise.all([write, exported]);
			await sameAsFresh();
		}
		// Updates racing exports of a patched table, the export started 0-7 ticks after the write.
		const ids = ((await db.table('contacts').limit(8).primaryKeys()) as string[]).map(String);
		for (const [i, id] of ids.entries()) {
			const write = call('PATCH', `/crm/v3/objects/contacts/${id}`, { properties: { jobtitle: `Race ${i}` } });
			for (let t = 0; t < i; t++) await Promise.resolve();
			const exported = gym.exportJson!(['contacts', 'owners']);
			await Promise.all([write, exported]);
			const after = await gym.exportJson!(['contacts']);
			expect(text.decode(after.tables.contacts!)).toContain(`"Race ${i}"`);
			await sameAsFresh();
		}
	});

	it('only the asked tables', async () => {
		const got = await gym.exportJson!(['contacts', 'nope']);
		expect(Object.keys(got.tables)).toEqual(['contacts']);
	});
});

describe('verificationInputJson', () => {
	it('is byte-identical to verificationInput over the same export (pruned, all tables, $initial, $events)', async () => {
		await call('POST', '/crm/v3/objects/contacts', { properties: { email: 'same@example.com' } });
		const all = await gym.exportJson!();
		const objects = await gym.exportState();
		const other = { prospects: [{ id: '5', attributes: { emails: ['a@x.com'] } }], sequences: [] };
		const enc = new TextEncoder();
		const doc = {
			gyms: { hubspot: objects.tables, outreach: other },
			events: objects.events,
			clock: objects.meta.clock
		};
		const bytes = {
			gyms: { hubspot: all.tables, outreach: Object.fromEntries(Object.entries(other).map(([t, rows]) => [t, enc.encode(canonicalJson(rows))])) },
			events: objects.events,
			clock: objects.meta.clock
		};
		const initial = { hubspot: { contacts: objects.tables.contacts!.slice(0, 2) } };
		const sets = [
			['.hubspot.contacts | length'],
			['.hubspot.contacts | length', '.outreach.prospects[0].id', '$events | length'],
			['[.hubspot[] | length]', '$initial.hubspot.contacts | length'],
			['. | keys'],
			['.outreach | keys']
		];
		for (const queries of sets) {
			const a = verificationInput(doc, queries, initial);
			const b = verificationInputJson(bytes, queries, tableBytes(initial));
			expect(text.decode(b.state as Uint8Array), queries.join(' ; ')).toBe(a.state);
			expect(typeof b.initial === 'string' ? b.initial : text.decode(b.initial), queries.join(' ; ')).toBe(a.initial);
			expect({ ...b, state: '', initial: '', tables: undefined, initialTables: undefined }).toEqual({ ...a, state: '', initial: '' });
		}
	});
});
