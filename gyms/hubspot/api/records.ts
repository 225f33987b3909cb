/**
 * Storage access of CRM records for every object type: the contacts table keeps an index key
 * (`emailKey`, lower-cased email) that never leaves the gym; other types are stored as on the wire.
 *
 * Read cache (speed: search over the full seed must stay ≤10 ms p95 through the SW): outside any transaction,
 * whole-table reads and reads by id are answered from an in-memory copy of the table. A DBCore middleware
 * ({@link trackGenerations}) bumps a generation counter on every mutation of the database (API writes of any
 * slice, resets, imports), and a copy is only used while the generation it was read at is current. Inside a
 * transaction (every write handler) reads always go to the database. The Service Worker is the only writer.
 */
import { Dexie, type DBCore, type Middleware, type Table } from 'dexie';
import { fromContactRow, toContactRow, type ContactRow, type HubSpotDb } from '../db';
import type { ObjectType } from '../properties';
import type { CrmObject } from '../schema';
import type { RunMeta } from '../../types';

/** The Dexie table of `type`. */
export function tableOf(db: HubSpotDb, type: ObjectType): Table<CrmObject | ContactRow, string> {
	return db.table(type);
}

/** Stored row → wire record. */
export function fromRow(type: ObjectType, row: CrmObject | ContactRow): CrmObject {
	return type === 'contacts' ? fromContactRow(row as ContactRow) : (row as CrmObject);
}

/** Generation counter per tracked database (absent = no cache for that database). */
const generations = new WeakMap<HubSpotDb, { gen: number; tables: Map<string, { gen: number; rows: CrmObject[]; byId: Map<string, CrmObject> }>; meta: { gen: number; value: RunMeta | undefined } | null }>();

/**
 * Registers the generation-tracking middleware on `db` (before it opens) and enables its read cache.
 * Every mutation (put/add/delete/deleteRange) bumps the generation before and after it runs.
 */
export function trackGenerations(db: HubSpotDb): void {
	const state = { gen: 0, tables: new Map(), meta: null as { gen: number; value: RunMeta | undefined } | null };
	generations.set(db, state);
	const mw: Middleware<DBCore> = {
		stack: 'dbcore',
		name: 'hubspot-read-cache',
		create(down) {
			return {
				...down,
				table(name) {
					const table = down.table(name);
					return {
						...table,
						async mutate(req) {
							state.gen++;
							try {
								return await table.mutate(req);
							} finally {
								state.gen++;
							}
						}
					};
				}
			};
		}
	};
	db.use(mw);
}

/** The cached copy of a table, read at the current generation when needed; null inside a transaction or without tracking. */
async function cached(db: HubSpotDb, type: ObjectType): Promise<{ rows: CrmObject[]; byId: Map<string, CrmObject> } | null> {
	const state = generations.get(db);
	if (!state || Dexie.currentTransaction) return null;
	const hit = state.tables.get(type);
	if (hit && hit.gen === state.gen) return hit;
	const gen = state.gen;
	const raw = await tableOf(db, type).toArray();
	const rows = type === 'contacts' ? raw.map((r) => fromContactRow(r as ContactRow)) : (raw as CrmObject[]);
	rows.sort((a, b) => a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
	const entry = { gen, rows, byId: new Map(rows.map((r) => [r.id, r])) };
	state.tables.set(type, entry);
	return entry;
}

/** The run meta (cached like the tables outside transactions); undefined before the first reset. */
export async function readMeta(db: HubSpotDb): Promise<RunMeta | undefined> {
	const state = generations.get(db);
	if (!state || Dexie.currentTransaction) return db.meta.get('run');
	if (state.meta && state.meta.gen === state.gen) return state.meta.value;
	const gen = state.gen;
	const value = await db.meta.get('run');
	state.meta = { gen, value };
	return value;
}

/** Reads one record (archived ones included), or undefined. Treat the result as read-only (it may be the cached copy). */
export async function readRecord(db: HubSpotDb, type: ObjectType, id: string): Promise<CrmObject | undefined> {
	const c = await cached(db, type);
	if (c) return c.byId.get(id);
	const row = await tableOf(db, type).get(id);
	return row && fromRow(type, row);
}

/** Reads every record of a type (wire form, numeric id order). Treat the rows as read-only (they may be the cached copy). */
export async function readAll(db: HubSpotDb, type: ObjectType): Promise<readonly CrmObject[]> {
	const c = await cached(db, type);
	if (c) return c.rows;
	const rows = await tableOf(db, type).toArray();
	const out = type === 'contacts' ? rows.map((r) => fromContactRow(r as ContactRow)) : (rows as CrmObject[]);
	return out.sort((a, b) => a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Writes one record (insert or replace). */
export async function writeRecord(db: HubSpotDb, type: ObjectType, record: CrmObject): Promise<void> {
	await tableOf(db, type).put(type === 'contacts' ? toContactRow(record) : record);
}

/** The live (not archived) contact with this email (case-insensitive), or undefined. */
export async function contactByEmail(db: HubSpotDb, email: string): Promise<CrmObject | undefined> {
	const rows = await db.contacts.where('emailKey').equals(email.toLowerCase()).toArray();
	const row = rows.find((r) => !r.archived);
	return row && fromContactRow(row);
}
