/**
 * Storage access of CRM records for every object type: the contacts table keeps an index key
 * (`emailKey`, lower-cased email) that never leaves the gym; other types are stored as on the wire.
 */
import type { Table } from 'dexie';
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

/** Reads one record (archived ones included), or undefined. */
export async function readRecord(db: HubSpotDb, type: ObjectType, id: string): Promise<CrmObject | undefined> {
	const row = await tableOf(db, type).get(id);
	return row && fromRow(type, row);
}

/** Reads every record of a type (wire form, any order). */
export async function readAll(db: HubSpotDb, type: ObjectType): Promise<CrmObject[]> {
	const rows = await tableOf(db, type).toArray();
	return type === 'contacts' ? rows.map((r) => fromContactRow(r as ContactRow)) : (rows as CrmObject[]);
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
