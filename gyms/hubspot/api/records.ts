/**
 * Storage access of CRM records for every object type: the contacts table keeps an index key
 * (`emailKey`, lower-cased email) that never leaves the gym; other types are stored as on the wire.
 *
 * Reads outside a transaction go through the kit's read cache (gyms/kit/read-cache.ts, registered by defineGym):
 * search over the full seed must stay ≤10 ms p95 through the SW. Inside a transaction (every write handler)
 * reads always go to the database.
 */
import type { Table } from 'dexie';
import { cachedTable, readMeta } from '../../kit/read-cache';
import { fromContactRow, toContactRow, type ContactRow, type HubSpotDb } from '../db';
import type { ObjectType } from '../properties';
import type { CrmObject } from '../schema';

/** The Dexie table of `type`. */
export function tableOf(db: HubSpotDb, type: ObjectType): Table<CrmObject | ContactRow, string> {
	return db.table(type);
}

/** Stored row → wire record. */
export function fromRow(type: ObjectType, row: CrmObject | ContactRow): CrmObject {
	return type === 'contacts' ? fromContactRow(row as ContactRow) : (row as CrmObject);
}

/** Numeric id order (HubSpot ids are numeric strings). */
const byId = (a: CrmObject, b: CrmObject) => a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The cached copy of a table (kit read cache), or null inside a transaction. */
function cached(db: HubSpotDb, type: ObjectType) {
	return cachedTable<CrmObject>(
		db,
		type,
		(r) => fromRow(type, r as CrmObject | ContactRow),
		(r) => r.id,
		byId
	);
}

export { readMeta };

/** Reads one record (archived ones included), or undefined. Treat the result as read-only (it may be the cached copy). */
export async function readRecord(db: HubSpotDb, type: ObjectType, id: string): Promise<CrmObject | undefined> {
	const c = await cached(db, type);
	if (c) return c.byKey.get(id);
	const row = await tableOf(db, type).get(id);
	return row && fromRow(type, row);
}

/** Reads every record of a type (wire form, numeric id order). Treat the rows as read-only (they may be the cached copy). */
export async function readAll(db: HubSpotDb, type: ObjectType): Promise<readonly CrmObject[]> {
	const c = await cached(db, type);
	if (c) return c.rows;
	const rows = await tableOf(db, type).toArray();
	const out = type === 'contacts' ? rows.map((r) => fromContactRow(r as ContactRow)) : (rows as CrmObject[]);
	return out.sort(byId);
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
