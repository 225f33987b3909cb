/**
 * The Outreach gym's IndexedDB database (Dexie), `salesgym-outreach`. Written only by the Service Worker (and by
 * Node tests through fake-indexeddb). Never edit a shipped `version(n)`: add `n+1` with `.upgrade()`.
 *
 * Rows are stored exactly as their wire JSON:API resources (see `schema.ts`); the primary key is `id`.
 * Only primary keys are indexed: nothing queries by another field yet (the API endpoints are a later issue,
 * which adds the indexes its filters need in `version(2)`).
 */
import { Dexie, type EntityTable } from 'dexie';
import { GYM_STORE_TABLES } from '../store';
import type { GymEvent, RunMeta } from '../types';
import type { Account, Mailbox, Mailing, Prospect, Sequence, SequenceState, SequenceStep, SequenceTemplate, Stage, Task, Template, User } from './schema';
import { OUTREACH_TABLE_NAMES } from './schema';

/** Database name; one database per gym. */
export const OUTREACH_DB_NAME = 'salesgym-outreach';

/** Typed Dexie database of the Outreach gym: one table per resource type + the store's `meta`, `events`, `dirty`. */
export class OutreachDb extends Dexie {
	users!: EntityTable<User, 'id'>;
	mailboxes!: EntityTable<Mailbox, 'id'>;
	stages!: EntityTable<Stage, 'id'>;
	accounts!: EntityTable<Account, 'id'>;
	prospects!: EntityTable<Prospect, 'id'>;
	sequences!: EntityTable<Sequence, 'id'>;
	sequenceSteps!: EntityTable<SequenceStep, 'id'>;
	templates!: EntityTable<Template, 'id'>;
	sequenceTemplates!: EntityTable<SequenceTemplate, 'id'>;
	sequenceStates!: EntityTable<SequenceState, 'id'>;
	mailings!: EntityTable<Mailing, 'id'>;
	tasks!: EntityTable<Task, 'id'>;
	meta!: EntityTable<RunMeta, 'key'>;
	events!: EntityTable<GymEvent, 'seq'>;

	/** @param name database name (tests pass a unique one). */
	constructor(name = OUTREACH_DB_NAME) {
		super(name);
		this.version(1).stores({
			...Object.fromEntries(OUTREACH_TABLE_NAMES.map((t) => [t, 'id'])),
			...GYM_STORE_TABLES
		});
	}
}
