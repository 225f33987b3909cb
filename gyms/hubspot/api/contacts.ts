/**
 * HubSpot contacts API (CRM v3), served under the gym's base URL:
 * - `GET  /crm/v3/objects/contacts?limit&after&properties&archived` → `{results, paging?}`
 * - `POST /crm/v3/objects/contacts` `{properties}` → 201 contact; 409 on a duplicate email
 * - `GET  /crm/v3/objects/contacts/{id}?properties&idProperty=email` → contact; 404
 * - `PATCH /crm/v3/objects/contacts/{id}` `{properties}` → 200 contact; 400/404/409
 * - `POST /crm/v3/objects/contacts/search` `{query, limit, after, properties, sorts}` → `{total, results, paging?}`
 *
 * Every write runs in one Dexie rw transaction that also advances the virtual clock and logs the event;
 * validation happens inside it before anything is written, so a rejected request changes nothing.
 */
import type { ApiRequest, ApiResponse, RunMeta } from '../../types';
import { CLOCK_TICK_MS } from '../../types';
import { fromContactRow, toContactRow, type ContactRow, type HubSpotDb } from '../db';
import {
	ANALYTICS_SOURCES,
	CreateContactBody,
	DEFAULT_CONTACT_PROPERTIES,
	LEAD_STATUSES,
	LIFECYCLE_STAGES,
	READ_ONLY_CONTACT_PROPERTIES,
	SearchBody,
	UpdateContactBody,
	WRITABLE_CONTACT_PROPERTIES,
	type Contact
} from '../schema';
import { duplicateContact, HubSpotError, invalidInput, invalidProperties, notFound, type PropertyError } from './errors';
import { zodMessage } from './zod-message';

/** The gym's base URL; paging links are built on it. */
export const BASE = '/api/hubspot';
const COLLECTION = '/crm/v3/objects/contacts';

/** Default and maximum page sizes (HubSpot: list 10/100, search 10/200). */
export const LIST_LIMIT = { default: 10, max: 100 } as const;
export const SEARCH_LIMIT = { default: 10, max: 200 } as const;

/** Loose email check (local@domain.tld), as HubSpot's INVALID_EMAIL rejects e.g. `jane@` or `jane.example.com`. */
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;
const STAGE_DATE_RE = /^hs_lifecyclestage_[a-z]+_date$/;
const WRITABLE: ReadonlySet<string> = new Set(WRITABLE_CONTACT_PROPERTIES);
/** Options of the enumeration properties (platforms.md §2.1). */
const ENUM_OPTIONS: Readonly<Record<string, readonly string[]>> = {
	lifecyclestage: LIFECYCLE_STAGES,
	hs_lead_status: LEAD_STATUSES,
	hs_analytics_source: ANALYTICS_SOURCES
};

/** Numeric-id order (HubSpot ids are numeric strings; string order would put "1000" before "999"). */
export function byNumericId(a: { id: string }, b: { id: string }): number {
	return a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Validates a `properties` map for create/update and normalizes values to strings
 * (numbers/booleans → `String(v)`, null → `""`, emails lower-cased as HubSpot stores them).
 * @returns the normalized properties.
 * @throws HubSpotError 400 VALIDATION_ERROR listing every invalid property (HubSpot reports them all at once).
 */
export function validateContactProperties(
	input: Record<string, string | number | boolean | null>,
	ownerIds: ReadonlySet<string>
): Record<string, string> {
	const out: Record<string, string> = {};
	const errors: PropertyError[] = [];
	for (const [name, raw] of Object.entries(input)) {
		const value = raw === null ? '' : String(raw).trim();
		if ((READ_ONLY_CONTACT_PROPERTIES as readonly string[]).includes(name) || STAGE_DATE_RE.test(name)) {
			errors.push({ error: 'READ_ONLY_VALUE', name, message: `"${name}" is a read only property; its value cannot be set.` });
			continue;
		}
		if (!WRITABLE.has(name)) {
			errors.push({ error: 'PROPERTY_DOESNT_EXIST', name, message: `Property "${name}" does not exist` });
			continue;
		}
		const options = ENUM_OPTIONS[name];
		if (options && value !== '' && !options.includes(value)) {
			errors.push({ error: 'INVALID_OPTION', name, message: `${value} was not one of the allowed options: [${options.join(', ')}]` });
			continue;
		}
		if (name === 'email' && value !== '' && !EMAIL_RE.test(value)) {
			errors.push({ error: 'INVALID_EMAIL', name, message: `Email address ${value} is invalid` });
			continue;
		}
		if (name === 'hubspot_owner_id' && value !== '' && !ownerIds.has(value)) {
			errors.push({ error: 'INVALID_OWNER_ID', name, message: `${value} is not a valid owner id` });
			continue;
		}
		if (name === 'hs_email_optout' && value !== '' && value !== 'true' && value !== 'false') {
			errors.push({ error: 'INVALID_BOOLEAN', name, message: `${value} is not a valid boolean; use true or false` });
			continue;
		}
		out[name] = name === 'email' ? value.toLowerCase() : value;
	}
	if (errors.length) throw invalidProperties(errors);
	return out;
}

/** Property names requested by `?properties=a,b&properties=c` (HubSpot accepts both forms). */
function requestedProperties(query: URLSearchParams): string[] {
	return query
		.getAll('properties')
		.flatMap((p) => p.split(','))
		.map((p) => p.trim())
		.filter(Boolean);
}

/**
 * The wire contact with only the properties HubSpot would return: the default set plus `extra`.
 * A requested property with no value is returned as `null`, as HubSpot does.
 */
export function projectContact(contact: Contact, extra: readonly string[] = []): Contact & { properties: Record<string, string | null> } {
	const properties: Record<string, string | null> = {};
	for (const name of [...DEFAULT_CONTACT_PROPERTIES, ...extra]) properties[name] = contact.properties[name] ?? null;
	return { ...contact, properties } as Contact & { properties: Record<string, string | null> };
}

/** Parses `?limit=` against a {default, max}. @throws HubSpotError 400 for a non-positive or non-integer value. */
export function parseLimit(raw: string | null, limits: { default: number; max: number }): number {
	if (raw === null || raw === '') return limits.default;
	const n = Number(raw);
	if (!Number.isInteger(n) || n < 1) throw invalidInput(`limit must be a positive integer, got "${raw}"`);
	return Math.min(n, limits.max);
}

/** Parses a paging cursor. @throws HubSpotError 400 when it is not a cursor this gym handed out. */
export function parseAfter(raw: string | number | null | undefined): string | null {
	if (raw === null || raw === undefined || raw === '') return null;
	const s = String(raw);
	if (!/^[0-9]{1,18}$/.test(s)) throw invalidInput(`after must be a paging cursor from paging.next.after, got "${s}"`);
	return s;
}

/** One page of `rows` (already ordered) after the cursor; the cursor is the row's 0-based offset + 1. */
export function page<T>(rows: T[], after: string | null, limit: number, link: (after: string) => string) {
	const start = after === null ? 0 : Number(after);
	const results = rows.slice(start, start + limit);
	const next = start + limit < rows.length ? String(start + limit) : null;
	return { results, paging: next === null ? undefined : { next: { after: next, link: link(next) } } };
}

/** `GET /crm/v3/objects/contacts`. */
export async function listContacts(db: HubSpotDb, req: ApiRequest): Promise<ApiResponse> {
	const limit = parseLimit(req.query.get('limit'), LIST_LIMIT);
	const after = parseAfter(req.query.get('after'));
	const archived = req.query.get('archived') === 'true';
	const props = requestedProperties(req.query);
	const rows = (await db.contacts.toArray()).filter((r) => r.archived === archived).sort(byNumericId);
	const p = page(rows, after, limit, (a) => `${BASE}${COLLECTION}?limit=${limit}&after=${a}`);
	const body: Record<string, unknown> = { results: p.results.map((r) => projectContact(fromContactRow(r), props)) };
	if (p.paging) body.paging = p.paging;
	return { status: 200, body };
}

/** Finds a live contact by id, or by email with `idProperty=email`. */
async function findContact(db: HubSpotDb, idOrEmail: string, idProperty: string | null): Promise<ContactRow | undefined> {
	if (idProperty === 'email') {
		const rows = await db.contacts.where('emailKey').equals(idOrEmail.toLowerCase()).toArray();
		return rows.find((r) => !r.archived);
	}
	if (idProperty !== null && idProperty !== 'hs_object_id') throw invalidInput(`idProperty "${idProperty}" is not a unique property`);
	const row = await db.contacts.get(idOrEmail);
	return row && !row.archived ? row : undefined;
}

/** `GET /crm/v3/objects/contacts/{id}`. */
export async function getContact(db: HubSpotDb, req: ApiRequest, id: string): Promise<ApiResponse> {
	const row = await findContact(db, id, req.query.get('idProperty'));
	if (!row) throw notFound();
	return { status: 200, body: projectContact(fromContactRow(row), requestedProperties(req.query)) };
}

/** The write context a handler gets inside its transaction: the run meta to stamp and advance. */
export interface WriteStamp {
	meta: RunMeta;
	/** Virtual time of this change, UTC ISO-8601 ms. */
	at: string;
}

/**
 * Advances the run meta by one committed change and logs the event; call last, inside the transaction
 * (which must include `db.meta` and `db.events`). `entity` is the table changed (default `contacts`).
 */
export async function commit(db: HubSpotDb, stamp: WriteStamp, req: ApiRequest, status: number, id: string, entity = 'contacts'): Promise<void> {
	const seq = stamp.meta.seq + 1;
	const clock = new Date(Date.parse(stamp.at) + CLOCK_TICK_MS).toISOString();
	await db.meta.put({ ...stamp.meta, seq, clock });
	await db.events.add({ seq, at: stamp.at, gym: 'hubspot', method: req.method, path: req.path, status, entity, id });
}

/** Reads the run meta inside a transaction. @throws HubSpotError when no run was initialized. */
export async function stampOf(db: HubSpotDb): Promise<WriteStamp> {
	const meta = await db.meta.get('run');
	if (!meta) throw new HubSpotError(409, 'CONFLICT', 'No run is initialized: POST /__salesgym/run first.');
	return { meta, at: meta.clock };
}

/** Sets `hs_lifecyclestage_<stage>_date` the first time a stage is entered, as HubSpot does. */
export function stampLifecycle(props: Record<string, string>, changed: Record<string, string>, at: string): void {
	const stage = changed.lifecyclestage;
	if (stage && !props[`hs_lifecyclestage_${stage}_date`]) props[`hs_lifecyclestage_${stage}_date`] = at;
}

/** `POST /crm/v3/objects/contacts`. */
export async function createContact(db: HubSpotDb, req: ApiRequest): Promise<ApiResponse> {
	const parsed = CreateContactBody.safeParse(req.body);
	if (!parsed.success) throw invalidInput(zodMessage(parsed.error));
	return db.transaction('rw', [db.contacts, db.owners, db.meta, db.events], async () => {
		const ownerIds = new Set((await db.owners.toCollection().primaryKeys()) as string[]);
		const changed = validateContactProperties(parsed.data.properties, ownerIds);
		if (changed.email) {
			const dup = (await db.contacts.where('emailKey').equals(changed.email).toArray()).find((r) => !r.archived);
			if (dup) throw duplicateContact(dup.id);
		}
		const stamp = await stampOf(db);
		const id = String(stamp.meta.next_ids.contacts ?? 1);
		stamp.meta = { ...stamp.meta, next_ids: { ...stamp.meta.next_ids, contacts: Number(id) + 1 } };
		const properties: Record<string, string> = { ...changed, createdate: stamp.at, lastmodifieddate: stamp.at, hs_object_id: id };
		stampLifecycle(properties, changed, stamp.at);
		const contact: Contact = { id, properties, createdAt: stamp.at, updatedAt: stamp.at, archived: false };
		await db.contacts.add(toContactRow(contact));
		await commit(db, stamp, req, 201, id);
		return { status: 201, body: projectContact(contact, Object.keys(changed)) };
	});
}

/** `PATCH /crm/v3/objects/contacts/{id}`. A PATCH that changes no value still counts as a write (HubSpot bumps lastmodifieddate). */
export async function updateContact(db: HubSpotDb, req: ApiRequest, id: string): Promise<ApiResponse> {
	const parsed = UpdateContactBody.safeParse(req.body);
	if (!parsed.success) throw invalidInput(zodMessage(parsed.error));
	return db.transaction('rw', [db.contacts, db.owners, db.meta, db.events], async () => {
		const row = await findContact(db, id, req.query.get('idProperty'));
		if (!row) throw notFound();
		const ownerIds = new Set((await db.owners.toCollection().primaryKeys()) as string[]);
		const changed = validateContactProperties(parsed.data.properties, ownerIds);
		if (changed.email && changed.email !== row.emailKey) {
			const dup = (await db.contacts.where('emailKey').equals(changed.email).toArray()).find((r) => !r.archived && r.id !== row.id);
			if (dup) throw duplicateContact(dup.id);
		}
		const stamp = await stampOf(db);
		const properties: Record<string, string> = { ...row.properties };
		for (const [k, v] of Object.entries(changed)) {
			if (v === '') delete properties[k];
			else properties[k] = v;
		}
		properties.lastmodifieddate = stamp.at;
		stampLifecycle(properties, changed, stamp.at);
		const contact: Contact = { ...fromContactRow(row), properties, updatedAt: stamp.at };
		await db.contacts.put(toContactRow(contact));
		await commit(db, stamp, req, 200, row.id);
		return { status: 200, body: projectContact(contact, Object.keys(changed)) };
	});
}

/** Properties HubSpot's free-text contact search looks at. */
const SEARCHABLE = ['firstname', 'lastname', 'email', 'phone', 'company', 'hs_object_id'] as const;

/** `POST /crm/v3/objects/contacts/search`: every whitespace-separated token of `query` must occur (case-insensitive) in a searchable property. */
export async function searchContacts(db: HubSpotDb, req: ApiRequest): Promise<ApiResponse> {
	const parsed = SearchBody.safeParse(req.body ?? {});
	if (!parsed.success) throw invalidInput(zodMessage(parsed.error));
	const { query, properties = [], sorts = [] } = parsed.data;
	const limit = parsed.data.limit ?? SEARCH_LIMIT.default;
	const after = parseAfter(parsed.data.after);
	const tokens = (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
	let rows = (await db.contacts.toArray()).filter((r) => !r.archived);
	if (tokens.length) {
		rows = rows.filter((r) => {
			const hay = SEARCHABLE.map((p) => r.properties[p] ?? '').join(' ').toLowerCase();
			return tokens.every((t) => hay.includes(t));
		});
	}
	rows.sort(byNumericId);
	const sort = sorts[0];
	if (sort) {
		const name = typeof sort === 'string' ? sort.replace(/^-/, '') : sort.propertyName;
		const desc = typeof sort === 'string' ? sort.startsWith('-') : sort.direction === 'DESCENDING';
		rows.sort((a, b) => {
			const x = a.properties[name] ?? '';
			const y = b.properties[name] ?? '';
			return (x < y ? -1 : x > y ? 1 : 0) * (desc ? -1 : 1) || byNumericId(a, b);
		});
	}
	const p = page(rows, after, limit, () => `${BASE}${COLLECTION}/search`);
	const body: Record<string, unknown> = { total: rows.length, results: p.results.map((r) => projectContact(fromContactRow(r), properties)) };
	if (p.paging) body.paging = { next: { after: p.paging.next.after } };
	return { status: 200, body };
}
