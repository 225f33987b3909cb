/**
 * The HubSpot gym's IndexedDB database (Dexie). Written only by the Service Worker (and by Node tests
 * through fake-indexeddb). Never edit a shipped `version(n)`: add `n+1` with `.upgrade()`.
 */
import { Dexie, type DexieOptions, type EntityTable } from 'dexie';
import type { GymEvent, RunMeta } from '../types';
import type { DirtyRow } from '../store';
import type {
	Association,
	Company,
	ConnectedInbox,
	Contact,
	CrmObject,
	Form,
	FormSubmission,
	List,
	ListMembership,
	Owner,
	Pipeline,
	Sequence,
	SequenceEnrollment,
	Template,
	View
} from './schema';

/** Database name; one database per gym. */
export const HUBSPOT_DB_NAME = 'salesgym-hubspot';

/** Typed Dexie database of the HubSpot gym. */
export class HubSpotDb extends Dexie {
	contacts!: EntityTable<Contact & { emailKey: string }, 'id'>;
	companies!: EntityTable<Company, 'id'>;
	owners!: EntityTable<Owner, 'id'>;
	deals!: EntityTable<CrmObject, 'id'>;
	associations!: EntityTable<Association, 'id'>;
	tasks!: EntityTable<CrmObject, 'id'>;
	notes!: EntityTable<CrmObject, 'id'>;
	emails!: EntityTable<CrmObject, 'id'>;
	meetings!: EntityTable<CrmObject, 'id'>;
	calls!: EntityTable<CrmObject, 'id'>;
	templates!: EntityTable<Template, 'id'>;
	views!: EntityTable<View, 'id'>;
	pipelines!: EntityTable<Pipeline, 'id'>;
	lists!: EntityTable<List, 'id'>;
	list_memberships!: EntityTable<ListMembership, 'id'>;
	forms!: EntityTable<Form, 'id'>;
	form_submissions!: EntityTable<FormSubmission, 'id'>;
	sequences!: EntityTable<Sequence, 'id'>;
	sequence_enrollments!: EntityTable<SequenceEnrollment, 'id'>;
	inboxes!: EntityTable<ConnectedInbox, 'id'>;
	meta!: EntityTable<RunMeta, 'key'>;
	events!: EntityTable<GymEvent, 'seq'>;
	/** Rows changed since the last reset (gyms/store.ts); written by its middleware in each write transaction. */
	dirty!: EntityTable<DirtyRow, 'id'>;

	/** @param options Dexie's options, e.g. the `indexedDB` factory of an in-memory database (gyms/memory-db.ts). */
	constructor(name = HUBSPOT_DB_NAME, options?: DexieOptions) {
		super(name, options);
		// `emailKey` = lower-cased email ('' when none): HubSpot's email uniqueness is case-insensitive.
		this.version(1).stores({
			contacts: 'id, emailKey',
			companies: 'id',
			owners: 'id',
			meta: 'key',
			events: 'seq'
		});
		// v2: the seed world (issue 4): deals, typed associations (indexed both ways), engagements, templates,
		// pipelines, and the store's dirty-row log. No upgrade: the next reset is a full load (no `base` record).
		this.version(2).stores({
			deals: 'id',
			associations: 'id, [fromObjectType+fromObjectId], [toObjectType+toObjectId]',
			tasks: 'id',
			notes: 'id',
			emails: 'id',
			meetings: 'id',
			templates: 'id',
			pipelines: 'id',
			dirty: 'id'
		});
		// v3 (issue 5): call engagements. Later tables of issue 5 are added in this same version while unshipped.
		this.version(3).stores({
			calls: 'id',
			// Sales slice: lists + memberships (by list and by record), forms + submissions (by form), sequences,
			// enrollments (by contact: one active sequence at a time), connected inboxes (by owner).
			lists: 'id',
			list_memberships: 'id, listId, recordId',
			forms: 'id',
			form_submissions: 'id, formId',
			sequences: 'id',
			sequence_enrollments: 'id, contactId, sequenceId',
			inboxes: 'id, ownerId',
			// saved index views (gym-specific, see api/views.ts), indexed by object type
			views: 'id, objectType'
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
