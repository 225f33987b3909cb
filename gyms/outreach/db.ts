/**
 * The Outreach gym's IndexedDB database (Dexie), `salesgym-outreach`. Written only by the Service Worker (and by
 * Node tests through fake-indexeddb). Never edit a shipped `version(n)`: add `n+1` with `.upgrade()`.
 *
 * Rows are stored exactly as their wire JSON:API resources (see `schema.ts`); the primary key is `id`.
 * Only primary keys are indexed: the API filters in memory over the read cache (kit/read-cache.ts).
 */
import { Dexie, type DexieOptions, type EntityTable } from 'dexie';
import { GYM_STORE_TABLES } from '../store';
import type { GymEvent, RunMeta } from '../types';
import type {
	Account,
	Call,
	CallDisposition,
	EmailAddress,
	Mailbox,
	Mailing,
	Persona,
	Prospect,
	Ruleset,
	Sequence,
	SequenceState,
	SequenceStep,
	SequenceTemplate,
	Snippet,
	Stage,
	Task,
	Template,
	User
} from './schema';
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
	rulesets!: EntityTable<Ruleset, 'id'>;
	emailAddresses!: EntityTable<EmailAddress, 'id'>;
	calls!: EntityTable<Call, 'id'>;
	callDispositions!: EntityTable<CallDisposition, 'id'>;
	snippets!: EntityTable<Snippet, 'id'>;
	personas!: EntityTable<Persona, 'id'>;
	meta!: EntityTable<RunMeta, 'key'>;
	events!: EntityTable<GymEvent, 'seq'>;

	/** @param name database name (tests pass a unique one). */
	/** @param options Dexie's options, e.g. the `indexedDB` factory of an in-memory database (gyms/memory-db.ts). */
	constructor(name = OUTREACH_DB_NAME, options?: DexieOptions) {
		super(name, options);
		const v1 = [
			'users',
			'mailboxes',
			'stages',
			'accounts',
			'prospects',
			'sequences',
			'sequenceSteps',
			'templates',
			'sequenceTemplates',
			'sequenceStates',
			'mailings',
			'tasks'
		];
		this.version(1).stores({ ...Object.fromEntries(v1.map((t) => [t, 'id'])), ...GYM_STORE_TABLES });
		// v2: rulesets, emailAddresses, calls, callDispositions, snippets, personas (the API's other resources).
		this.version(2).stores({ ...Object.fromEntries(OUTREACH_TABLE_NAMES.map((t) => [t, 'id'])), ...GYM_STORE_TABLES });
	}
}
