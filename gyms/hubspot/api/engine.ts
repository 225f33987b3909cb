/**
 * The object engine: one implementation of HubSpot's CRM v3 object API for every object type
 * (contacts, companies, deals, tasks, notes, emails, calls, meetings; platforms.md §2.2):
 * - `GET    /crm/v3/objects/{type}?limit&after&properties&associations&archived` → `{results, paging?}` (limit ≤100, id order)
 * - `GET    /crm/v3/objects/{type}/{id}?properties&associations&idProperty` → record; 404 when missing or archived
 *   (`idProperty=email` on contacts)
 * - `POST   /crm/v3/objects/{type}` `{properties, associations?}` → 201 record
 * - `PATCH  /crm/v3/objects/{type}/{id}` `{properties}` → 200 record (`""` clears a property)
 * - `DELETE /crm/v3/objects/{type}/{id}` → 204: archived (the recycle bin); it disappears from list, search and
 *   get; `?archived=true` lists archived records. Its associations are removed.
 *
 * Errors: 400 VALIDATION_ERROR listing every invalid property (validate.ts, rules.ts), 404 OBJECT_NOT_FOUND,
 * 409 CONFLICT `Contact already exists. Existing ID: N` (a contact email that another live contact has, on
 * create or update). Each write is one rw transaction: validate everything, then write, advance the clock,
 * log the event(s) (write.ts); a rejected request changes nothing. Search is `search.ts`, batch `batch.ts`.
 */
import { z } from 'zod';
import type { ApiRequest, ApiResponse } from '../../types';
import type { HubSpotDb } from '../db';
import { DEFAULT_PROPERTIES, modifiedProperty, valueOf, type ObjectType } from '../properties';
import type { CrmObject } from '../schema';
import { associationRow } from './association-types';
import { associationsOf, prepareCreateAssociations, putAssociations, rowsOf, v3Associations } from './associations';
import { CreateAssociations, CreateBody, LIST_LIMIT, UpdateBody } from '../contract';
import { duplicateContact, HubSpotError, invalidInput, invalidProperties, notFound } from './errors';
import { applyRules, type Recipient } from './rules';
import { BASE, csv, page, parseAfter, parseLimit } from './paging';
import { contactByEmail, fromRow, readAll, readRecord, tableOf, writeRecord } from './records';
import { validateProperties, type PropertyInput, type ValidationContext } from './validate';
import { commit, nextId, stampOf, type WriteStamp } from './write';
import { parseBody } from './zod-message';

/** A record on the wire: only the requested properties (null when unset), plus `associations` when asked. */
export interface WireRecord {
	id: string;
	properties: Record<string, string | null>;
	createdAt: string;
	updatedAt: string;
	archived: boolean;
	archivedAt?: string;
	associations?: Record<string, { results: { id: string; type: string }[] }>;
}

/** The record with the default properties of its type plus `extra` (HubSpot answers a requested-but-unset property as null). */
export function project(type: ObjectType, record: CrmObject, extra: readonly string[] = []): WireRecord {
	const properties: Record<string, string | null> = {};
	for (const name of [...DEFAULT_PROPERTIES[type], ...extra]) properties[name] = valueOf(record.properties, name) ?? null;
	const out: WireRecord = { id: record.id, properties, createdAt: record.createdAt, updatedAt: record.updatedAt, archived: record.archived };
	if (record.archived) out.archivedAt = record.updatedAt;
	return out;
}

/** The database half of a write: owners and pipelines for validation, read inside the transaction. */
export async function validationContext(db: HubSpotDb): Promise<ValidationContext> {
	const [ownerIds, pipelines] = await Promise.all([db.owners.toCollection().primaryKeys(), db.pipelines.toArray()]);
	return { ownerIds: new Set(ownerIds as string[]), pipelines: pipelines.filter((p) => !p.archived) };
}

/** Tables a write of `type` may touch (the record's table, lookups, associations, run meta, events). */
export function writeTables(db: HubSpotDb, type: ObjectType) {
	return [
		...new Set([
			tableOf(db, type),
			db.contacts,
			db.companies,
			db.deals,
			db.tasks,
			db.notes,
			db.emails,
			db.calls,
			db.meetings,
			db.owners,
			db.pipelines,
			db.associations,
			db.meta,
			db.events
		])
	];
}

/** What a write prepared (validated, not yet stored). */
export interface PreparedWrite {
	record: CrmObject;
	/** Association rows to add (create only). */
	associations: ReturnType<typeof associationRow>[];
	created: boolean;
}

/** State shared by the writes of one request (e.g. the inputs of a batch): emails claimed so far. */
export interface WriteSession {
	db: HubSpotDb;
	type: ObjectType;
	stamp: WriteStamp;
	ctx: ValidationContext;
	/** Lower-cased email → contact id, for emails set earlier in the same request. */
	claimedEmails: Map<string, string>;
}

/** Opens a write session inside the current transaction. */
export async function openSession(db: HubSpotDb, type: ObjectType): Promise<WriteSession> {
	const [stamp, ctx] = await Promise.all([stampOf(db), validationContext(db)]);
	return { db, type, stamp, ctx, claimedEmails: new Map() };
}

async function checkEmail(s: WriteSession, email: string | undefined, selfId: string | null): Promise<void> {
	if (s.type !== 'contacts' || !email) return;
	const claimed = s.claimedEmails.get(email);
	if (claimed !== undefined && claimed !== selfId) throw duplicateContact(claimed);
	const dup = await contactByEmail(s.db, email);
	if (dup && dup.id !== selfId) throw duplicateContact(dup.id);
	if (selfId) s.claimedEmails.set(email, selfId);
}

async function recipientsOf(s: WriteSession, contactIds: readonly string[]): Promise<Recipient[]> {
	if (s.type !== 'emails') return [];
	const rows = await Promise.all(contactIds.map((id) => readRecord(s.db, 'contacts', id)));
	return rows.filter((c): c is CrmObject => !!c).map((c) => ({ id: c.id, email: c.properties.email ?? '', optedOut: c.properties.hs_email_optout === 'true' }));
}

/**
 * Validates a create of `s.type` and builds the record (new id from the run's counters).
 * @throws HubSpotError 400 (properties, rules, associations) or 409 (duplicate contact email).
 */
export async function prepareCreate(s: WriteSession, properties: PropertyInput, associations?: z.infer<typeof CreateAssociations>): Promise<PreparedWrite> {
	const { values, errors } = validateProperties(s.type, properties, s.ctx);
	if (errors.length) throw invalidProperties(errors);
	const links = await prepareCreateAssociations(s.db, s.type, associations);
	const recipients = await recipientsOf(
		s,
		links.filter((l) => l.to === 'contacts').map((l) => l.toId)
	);
	const ruled = applyRules({ type: s.type, before: null, changes: values, at: s.stamp.at, pipelines: s.ctx.pipelines, recipients });
	if (ruled.errors.length) throw invalidProperties(ruled.errors);
	await checkEmail(s, ruled.properties.email, null);
	const id = nextId(s.stamp, s.type);
	if (ruled.properties.email) s.claimedEmails.set(ruled.properties.email, id);
	const at = s.stamp.at;
	const record: CrmObject = {
		id,
		properties: { ...ruled.properties, createdate: at, [modifiedProperty(s.type)]: at, hs_object_id: id },
		createdAt: at,
		updatedAt: at,
		archived: false
	};
	return { record, associations: links.map((l) => associationRow(l.type, id, l.toId)), created: true };
}

/**
 * Validates an update of `record` and builds the new version.
 * @throws HubSpotError 400 (properties, rules) or 409 (email of another contact).
 */
export async function prepareUpdate(s: WriteSession, record: CrmObject, properties: PropertyInput): Promise<PreparedWrite> {
	const { values, errors } = validateProperties(s.type, properties, s.ctx);
	if (errors.length) throw invalidProperties(errors);
	const contactIds = s.type === 'emails' ? (await associationsOf(s.db, 'emails', record.id, 'contacts')).map((a) => a.toObjectId) : [];
	const ruled = applyRules({
		type: s.type,
		before: record.properties,
		changes: values,
		at: s.stamp.at,
		pipelines: s.ctx.pipelines,
		recipients: await recipientsOf(s, contactIds)
	});
	if (ruled.errors.length) throw invalidProperties(ruled.errors);
	if (values.email) await checkEmail(s, ruled.properties.email, record.id);
	const at = s.stamp.at;
	return { record: { ...record, properties: { ...ruled.properties, [modifiedProperty(s.type)]: at }, updatedAt: at }, associations: [], created: false };
}

/** Stores prepared writes. @returns the ids of the records written. */
export async function storeWrites(s: WriteSession, writes: readonly PreparedWrite[]): Promise<string[]> {
	for (const w of writes) await writeRecord(s.db, s.type, w.record);
	await putAssociations(
		s.db,
		writes.flatMap((w) => w.associations)
	);
	return writes.map((w) => w.record.id);
}

/** A live record by id, or (contacts) by email with `idProperty=email`. @throws HubSpotError 400 for another idProperty. */
export async function findLive(db: HubSpotDb, type: ObjectType, id: string, idProperty: string | null | undefined): Promise<CrmObject | undefined> {
	if (idProperty === 'email' && type === 'contacts') return contactByEmail(db, id);
	if (idProperty && idProperty !== 'hs_object_id') throw invalidInput(`idProperty "${idProperty}" is not a unique property of ${type}`);
	const record = await readRecord(db, type, id);
	return record && !record.archived ? record : undefined;
}

/** The answer body of a write: the defaults, every property the record has, and the ones the request cleared (null). */
export function written(type: ObjectType, record: CrmObject, requested: Readonly<Record<string, unknown>> = {}): WireRecord {
	return project(type, record, [...new Set([...Object.keys(record.properties), ...Object.keys(requested)])]);
}

/** `GET /crm/v3/objects/{type}`. @throws HubSpotError 400 on a bad limit/after/associations. */
export function listHandler(type: ObjectType) {
	return async (db: HubSpotDb, req: ApiRequest): Promise<ApiResponse> => {
		const limit = parseLimit(req.query.get('limit'), LIST_LIMIT);
		const after = parseAfter(req.query.get('after'));
		const archived = req.query.get('archived') === 'true';
		const props = csv(req.query, 'properties');
		const assoc = csv(req.query, 'associations');
		const rows = (await readAll(db, type)).filter((r) => r.archived === archived);
		const p = page(rows, after, limit, (a) => `${BASE}/crm/v3/objects/${type}?limit=${limit}&after=${a}${archived ? '&archived=true' : ''}`);
		const results = await Promise.all(
			p.results.map(async (r) => {
				const out = project(type, r, props);
				const a = assoc.length ? await v3Associations(db, type, r.id, assoc) : undefined;
				return a ? { ...out, associations: a } : out;
			})
		);
		const body: Record<string, unknown> = { results };
		if (p.paging) body.paging = p.paging;
		return { status: 200, body };
	};
}

/** `GET /crm/v3/objects/{type}/{id}`. @throws HubSpotError 404 OBJECT_NOT_FOUND (missing or archived). */
export function getHandler(type: ObjectType) {
	return async (db: HubSpotDb, req: ApiRequest, id: string): Promise<ApiResponse> => {
		const archived = req.query.get('archived') === 'true';
		const record = archived ? await readRecord(db, type, id) : await findLive(db, type, id, req.query.get('idProperty'));
		if (!record || record.archived !== archived) throw notFound();
		const out = project(type, record, csv(req.query, 'properties'));
		const assoc = csv(req.query, 'associations');
		const a = assoc.length ? await v3Associations(db, type, record.id, assoc) : undefined;
		return { status: 200, body: a ? { ...out, associations: a } : out };
	};
}

/** `POST /crm/v3/objects/{type}` → 201. @throws HubSpotError 400 / 409. */
export function createHandler(type: ObjectType) {
	return async (db: HubSpotDb, req: ApiRequest): Promise<ApiResponse> => {
		const body = parseBody(CreateBody, req.body);
		return db.transaction('rw', writeTables(db, type), async () => {
			const s = await openSession(db, type);
			const w = await prepareCreate(s, body.properties, body.associations);
			await storeWrites(s, [w]);
			await commit(db, s.stamp, req, 201, type, [w.record.id]);
			return { status: 201, body: written(type, w.record) };
		});
	};
}

/** `PATCH /crm/v3/objects/{type}/{id}` → 200. @throws HubSpotError 400 / 404 / 409. */
export function updateHandler(type: ObjectType) {
	return async (db: HubSpotDb, req: ApiRequest, id: string): Promise<ApiResponse> => {
		const body = parseBody(UpdateBody, req.body);
		return db.transaction('rw', writeTables(db, type), async () => {
			const record = await findLive(db, type, id, req.query.get('idProperty'));
			if (!record) throw notFound();
			const s = await openSession(db, type);
			const w = await prepareUpdate(s, record, body.properties);
			await storeWrites(s, [w]);
			await commit(db, s.stamp, req, 200, type, [record.id]);
			return { status: 200, body: written(type, w.record, body.properties) };
		});
	};
}

/** Archives live records (recycle bin) and removes their associations. @returns the ids archived. */
export async function archiveRecords(s: WriteSession, ids: readonly string[]): Promise<string[]> {
	const done: string[] = [];
	for (const id of ids) {
		const record = await readRecord(s.db, s.type, id);
		if (!record || record.archived || done.includes(id)) continue;
		await writeRecord(s.db, s.type, { ...record, archived: true, updatedAt: s.stamp.at });
		const links = await rowsOf(s.db, s.type, id);
		if (links.length) await s.db.associations.bulkDelete(links.map((l) => l.row.id));
		done.push(id);
	}
	return done;
}

/** `DELETE /crm/v3/objects/{type}/{id}` → 204 (HubSpot answers 204 for an unknown id too, and writes nothing). */
export function archiveHandler(type: ObjectType) {
	return async (db: HubSpotDb, req: ApiRequest, id: string): Promise<ApiResponse> => {
		return db.transaction('rw', writeTables(db, type), async () => {
			const s = await openSession(db, type);
			const done = await archiveRecords(s, [id]);
			if (done.length) await commit(db, s.stamp, req, 204, type, done);
			return { status: 204 };
		});
	};
}

/** The record from a stored row (re-exported for batch/search). */
export { fromRow };

/** Thrown when a batch input refers to a record that does not exist (collected into a 207). */
export class MissingRecord extends HubSpotError {
	constructor(readonly id: string) {
		super(404, 'OBJECT_NOT_FOUND', 'resource not found');
	}
}
