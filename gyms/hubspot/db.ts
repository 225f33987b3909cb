/**
 * The HubSpot gym's IndexedDB database (Dexie). Written only by the Service Worker (and by Node tests
 * through fake-indexeddb). Never edit a shipped `version(n)`: add `n+1` with `.upgrade()`.
 */
import { Dexie, type EntityTable } from 'dexie';
import type { GymEvent, RunMeta } from '../types';
import type { Company, Contact, Owner } from './schema';

/** Database name; one database per gym. */
export const HUBSPOT_DB_NAME = 'salesgym-hubspot';

/** Typed Dexie database of the HubSpot gym. */
export class HubSpotDb extends Dexie {
	contacts!: EntityTable<Contact & { emailKey: string }, 'id'>;
	companies!: EntityTable<Company, 'id'>;
	owners!: EntityTable<Owner, 'id'>;
	meta!: EntityTable<RunMeta, 'key'>;
	events!: EntityTable<GymEvent, 'seq'>;

	constructor(name = HUBSPOT_DB_NAME) {
		super(name);
		// `emailKey` = lower-cased email ('' when none): HubSpot's email uniqueness is case-insensitive.
		this.version(1).stores({
			contacts: 'id, emailKey',
			companies: 'id',
			owners: 'id',
			meta: 'key',
			events: 'seq'
		});
	}
}

/** A stored contact row: the wire contact plus the index key, which never leaves the gym. */
export type ContactRow = Contact & { emailKey: string };

/** Builds a stored row from a wire contact. */
export function toContactRow(contact: Contact): ContactRow {
	return { ...contact, emailKey: (contact.properties.email ?? '').toLowerCase() };
}

/** Strips the index key from a stored row. */
export function fromContactRow(row: ContactRow): Contact {
	const { emailKey: _emailKey, ...contact } = row;
	return contact;
}
