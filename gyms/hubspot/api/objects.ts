/**
 * Read-only HubSpot CRM APIs over the seed world's objects (platforms.md §2.2):
 * - `GET /crm/v3/objects/{companies|deals|tasks|notes|emails|meetings}?limit&after&properties&associations&archived`
 *   → `{results, paging?}` (limit ≤ 100)
 * - `GET /crm/v3/objects/{type}/{id}?properties&associations` → the object, `associations` grouped by type
 * - `GET /crm/v4/objects/{from}/{id}/associations/{to}` → `{results:[{toObjectId, associationTypes:[{category, typeId, label}]}]}`
 * - `GET /crm/v3/pipelines/deals` → `{results:[pipeline]}`
 * Writes to these objects come in later issues; the contacts API is `contacts.ts`.
 */
import type { ApiRequest, ApiResponse } from '../../types';
import type { HubSpotDb } from '../db';
import { ASSOCIATION_OBJECT_TYPES, ASSOCIATION_TYPE_IDS, type Association, type CrmObject } from '../schema';
import { BASE, byNumericId, LIST_LIMIT } from './contacts';
import { invalidInput, notFound } from './errors';

/** Object types served read-only here (contacts have their own module). */
export const READ_ONLY_TYPES = ['companies', 'deals', 'tasks', 'notes', 'emails', 'meetings', 'calls'] as const;
/** One of {@link READ_ONLY_TYPES}. */
export type ReadOnlyType = (typeof READ_ONLY_TYPES)[number];
type ObjectType = (typeof ASSOCIATION_OBJECT_TYPES)[number];

/** Properties returned when the client names none (HubSpot's default set per object type). */
export const DEFAULT_PROPERTIES: Record<ReadOnlyType, readonly string[]> = {
	companies: ['createdate', 'domain', 'hs_lastmodifieddate', 'hs_object_id', 'name'],
	deals: ['amount', 'closedate', 'createdate', 'dealname', 'dealstage', 'hs_lastmodifieddate', 'hs_object_id', 'pipeline'],
	tasks: ['hs_createdate', 'hs_lastmodifieddate', 'hs_object_id', 'hs_task_status', 'hs_task_subject', 'hs_timestamp'],
	notes: ['hs_createdate', 'hs_lastmodifieddate', 'hs_note_body', 'hs_object_id', 'hs_timestamp'],
	emails: ['hs_createdate', 'hs_email_subject', 'hs_lastmodifieddate', 'hs_object_id', 'hs_timestamp'],
	meetings: ['hs_createdate', 'hs_lastmodifieddate', 'hs_meeting_title', 'hs_object_id', 'hs_timestamp'],
	calls: ['hs_call_body', 'hs_call_status', 'hs_createdate', 'hs_lastmodifieddate', 'hs_object_id', 'hs_timestamp']
};

const SINGULAR: Record<ObjectType, string> = { contacts: 'contact', companies: 'company', deals: 'deal', tasks: 'task', notes: 'note', emails: 'email', meetings: 'meeting', calls: 'call' };

function isObjectType(t: string): t is ObjectType {
	return (ASSOCIATION_OBJECT_TYPES as readonly string[]).includes(t);
}

function csv(query: URLSearchParams, name: string): string[] {
	return query
		.getAll(name)
		.flatMap((p) => p.split(','))
		.map((p) => p.trim())
		.filter(Boolean);
}

/** `createdate` is stored on every object; HubSpot names it `hs_createdate` on engagements: both are answered. */
function project(row: CrmObject, names: readonly string[]): Record<string, string | null> {
	const out: Record<string, string | null> = {};
	for (const n of names) out[n] = row.properties[n] ?? (n === 'hs_createdate' ? (row.properties.createdate ?? null) : null);
	return out;
}

/**
 * Associations of `type`/`id` toward `to`, both stored directions, with the type id of this direction.
 * @returns `[{toObjectId, typeId}]` in numeric id order.
 */
export async function associationsOf(db: HubSpotDb, type: ObjectType, id: string, to: ObjectType): Promise<{ toObjectId: string; typeId: number }[]> {
	const typeId = ASSOCIATION_TYPE_IDS[`${type}→${to}` as keyof typeof ASSOCIATION_TYPE_IDS];
	if (typeId === undefined) return [];
	const [out, back] = await Promise.all([
		db.associations.where('[fromObjectType+fromObjectId]').equals([type, id]).toArray(),
		db.associations.where('[toObjectType+toObjectId]').equals([type, id]).toArray()
	]);
	const rows = [...out.filter((a: Association) => a.toObjectType === to).map((a) => a.toObjectId), ...back.filter((a: Association) => a.fromObjectType === to).map((a) => a.fromObjectId)];
	return [...new Set(rows)].map((toObjectId) => ({ toObjectId, typeId })).sort((a, b) => byNumericId({ id: a.toObjectId }, { id: b.toObjectId }));
}

async function withAssociations(db: HubSpotDb, type: ObjectType, row: CrmObject, names: readonly string[], assocTypes: string[]) {
	const body: Record<string, unknown> = { ...row, properties: project(row, names) };
	if (assocTypes.length) {
		const associations: Record<string, { results: { id: string; type: string }[] }> = {};
		for (const to of assocTypes) {
			if (!isObjectType(to)) throw invalidInput(`associations: unknown object type "${to}"`);
			const found = await associationsOf(db, type, row.id, to);
			if (found.length) associations[to] = { results: found.map((a) => ({ id: a.toObjectId, type: `${SINGULAR[type]}_to_${SINGULAR[to]}` })) };
		}
		if (Object.keys(associations).length) body.associations = associations;
	}
	return body;
}

/** `GET /crm/v3/objects/{type}`: one page in id order. @throws HubSpotError 400 on a bad limit/after/associations. */
export function listObjects(type: ReadOnlyType) {
	return async (db: HubSpotDb, req: ApiRequest): Promise<ApiResponse> => {
		const rawLimit = req.query.get('limit');
		const limit = rawLimit === null || rawLimit === '' ? LIST_LIMIT.default : Number(rawLimit);
		if (!Number.isInteger(limit) || limit < 1) throw invalidInput(`limit must be a positive integer, got "${rawLimit}"`);
		const after = req.query.get('after');
		if (after !== null && after !== '' && !/^[0-9]{1,18}$/.test(after)) throw invalidInput(`after must be a paging cursor from paging.next.after, got "${after}"`);
		const archived = req.query.get('archived') === 'true';
		const names = [...DEFAULT_PROPERTIES[type], ...csv(req.query, 'properties')];
		const rows = ((await db.table(type).toArray()) as CrmObject[]).filter((r) => r.archived === archived).sort(byNumericId);
		const start = after ? Number(after) : 0;
		const size = Math.min(limit, LIST_LIMIT.max);
		const results = await Promise.all(rows.slice(start, start + size).map((r) => withAssociations(db, type, r, names, csv(req.query, 'associations'))));
		const body: Record<string, unknown> = { results };
		if (start + size < rows.length) body.paging = { next: { after: String(start + size), link: `${BASE}/crm/v3/objects/${type}?limit=${size}&after=${start + size}` } };
		return { status: 200, body };
	};
}

/** `GET /crm/v3/objects/{type}/{id}`. @throws HubSpotError 404 OBJECT_NOT_FOUND. */
export function getObject(type: ReadOnlyType) {
	return async (db: HubSpotDb, req: ApiRequest, id: string): Promise<ApiResponse> => {
		const row = (await db.table(type).get(id)) as CrmObject | undefined;
		if (!row || row.archived) throw notFound();
		return { status: 200, body: await withAssociations(db, type, row, [...DEFAULT_PROPERTIES[type], ...csv(req.query, 'properties')], csv(req.query, 'associations')) };
	};
}

/** `GET /crm/v4/objects/{from}/{id}/associations/{to}` (v4: `toObjectId` is a number). @throws HubSpotError 400/404. */
export async function listAssociations(db: HubSpotDb, _req: ApiRequest, from: string, id: string, to: string): Promise<ApiResponse> {
	if (!isObjectType(from) || !isObjectType(to)) throw invalidInput(`unknown object type "${isObjectType(from) ? to : from}"`);
	if (!(await db.table(from).get(id))) throw notFound();
	const found = await associationsOf(db, from, id, to);
	return {
		status: 200,
		body: {
			results: found.map((a) => ({
				toObjectId: Number(a.toObjectId),
				associationTypes: [{ category: 'HUBSPOT_DEFINED', typeId: a.typeId, label: null }]
			}))
		}
	};
}

/** `GET /crm/v3/pipelines/deals`. */
export async function listPipelines(db: HubSpotDb): Promise<ApiResponse> {
	return { status: 200, body: { results: (await db.pipelines.toArray()).filter((p) => !p.archived) } };
}
