/**
 * The Sales Navigator gym's IndexedDB database (Dexie), `salesgym-salesnav`. Written only by the Service Worker
 * (and by Node tests through fake-indexeddb). Never edit a shipped `version(n)`: add `n+1` with `.upgrade()`.
 *
 * Rows are stored exactly as their UI-model objects (see `schema.ts`); primary keys per {@link SALESNAV_KEYS}
 * (`leadId`, `accountId`, else `id`). Only primary keys are indexed: nothing queries by another field yet (the
 * replica-internal API is a later issue, which adds the indexes its searches need in `version(2)`).
 */
import { Dexie, type DexieOptions, type EntityTable } from 'dexie';
import { GYM_STORE_TABLES } from '../store';
import type { GymEvent, RunMeta } from '../types';
import type { Account, AccountList, Alert, InMailThread, Lead, LeadList, Note, SavedSearch, Seat } from './schema';
import { SALESNAV_KEYS } from './schema';

/** Database name; one database per gym. */
export const SALESNAV_DB_NAME = 'salesgym-salesnav';

/** Typed Dexie database of the Sales Navigator gym: one table per object + the store's `meta`, `events`, `dirty`. */
export class SalesNavDb extends Dexie {
	seats!: EntityTable<Seat, 'id'>;
	leads!: EntityTable<Lead, 'leadId'>;
	accounts!: EntityTable<Account, 'accountId'>;
	leadLists!: EntityTable<LeadList, 'id'>;
	accountLists!: EntityTable<AccountList, 'id'>;
	savedSearches!: EntityTable<SavedSearch, 'id'>;
	alerts!: EntityTable<Alert, 'id'>;
	notes!: EntityTable<Note, 'id'>;
	inmailThreads!: EntityTable<InMailThread, 'id'>;
	meta!: EntityTable<RunMeta, 'key'>;
	events!: EntityTable<GymEvent, 'seq'>;

	/** @param name database name (tests pass a unique one). */
	/** @param options Dexie's options, e.g. the `indexedDB` factory of an in-memory database (gyms/memory-db.ts). */
	constructor(name = SALESNAV_DB_NAME, options?: DexieOptions) {
		super(name, options);
		this.version(1).stores({ ...SALESNAV_KEYS, ...GYM_STORE_TABLES });
	}
}
