/**
 * Generic client of the HubSpot gym's CRM object APIs (platforms.md §2.2), for every object type the gym
 * serves: contacts, companies, deals, tasks, notes, emails, calls, meetings. Same conventions as
 * `client.ts` (which it builds on): every function resolves to an {@link ApiResult} and never throws.
 *
 * Endpoints (vendor paths under `/api/hubspot`):
 * - `GET    /crm/v3/objects/{type}?limit&after&properties&associations&archived` → {@link ObjectPage}
 * - `GET    /crm/v3/objects/{type}/{id}?properties&associations&idProperty` → {@link CrmRecord}
 * - `POST   /crm/v3/objects/{type}` `{properties, associations?}` → 201 {@link CrmRecord}
 * - `PATCH  /crm/v3/objects/{type}/{id}` `{properties}` → 200 {@link CrmRecord}
 * - `DELETE /crm/v3/objects/{type}/{id}` → 204 (archived: the recycle bin)
 * - `POST   /crm/v3/objects/{type}/search` {@link SearchRequest} → {@link SearchPage}
 * - `POST   /crm/v3/objects/{type}/batch/{read|create|update|upsert|archive}` `{inputs}` → {@link BatchResult} (207 on partial failure);
 *   {@link batchRead} reads any number of ids in order
 * - `GET    /crm/v4/objects/{from}/{id}/associations/{to}` → `{results:[{toObjectId, associationTypes}]}`
 * - `POST   /crm/v4/associations/{from}/{to}/batch/read` `{inputs:[{id}]}` → `{results:[{from:{id}, to}]}` ({@link batchReadAssociations})
 * - `PUT    /crm/v4/objects/{from}/{id}/associations/default/{to}/{toId}` → 200 (HUBSPOT_DEFINED default type)
 * - `PUT    /crm/v4/objects/{from}/{id}/associations/{to}/{toId}` `[{associationCategory, associationTypeId}]` → 201
 * - `DELETE /crm/v4/objects/{from}/{id}/associations/{to}/{toId}` → 204
 * - `GET    /crm/v3/pipelines/deals` → `{results: Pipeline[]}`
 * - `GET    /crm/v3/properties/{type}` → `{results: PropertyDefinition[]}`
 * - `GET    /crm/v3/owners?email=` → `{results: Owner[]}` (in client.ts)
 */
import {
	BATCH_MAX,
	BATCH_READ_ASSOCIATIONS_LIMIT,
	OBJECT_TYPES,
	type AssociationBatchResult,
	type AssociationInput,
	type AssociationRow,
	type AssociationSpec,
	type AssociationTypesBody,
	type BatchBodies,
	type BatchResult,
	type BatchReadAssociationsBody,
	type CreateBody,
	type CrmRecord,
	type ObjectPage,
	type ObjectType,
	type Pipeline,
	type PropertyDefinition,
	type SearchOperator,
	type SearchPage,
	type SearchRequest,
	type UpdateBody,
	type ViewFilter
} from '$gyms/hubspot/contract';
import type { z } from 'zod';
import { request, type ApiResult } from './client';

export type {
	AssociationInput,
	AssociationRow,
	AssociationSpec,
	BatchResult,
	CrmRecord,
	ObjectPage,
	Pipeline,
	PropertyDefinition,
	SearchOperator,
	SearchPage,
	SearchRequest
};

/** CRM object types served by the gym (v3 path names): the contract's object types. */
export const CRM_OBJECT_TYPES = OBJECT_TYPES;
/** One of {@link CRM_OBJECT_TYPES}. */
export type CrmObjectType = ObjectType;

/** One search filter as the screens build it (string values): the saved-view filter shape, which a search body accepts. */
export type SearchFilter = ViewFilter;

function qs(params: Record<string, string | number | boolean | string[] | undefined>): string {
	const search = new URLSearchParams();
	for (const [k, v] of Object.entries(params)) {
		if (v === undefined) continue;
		if (Array.isArray(v)) {
			if (v.length) search.set(k, v.join(','));
		} else search.set(k, String(v));
	}
	const s = search.toString();
	return s ? `?${s}` : '';
}

const enc = encodeURIComponent;

/** `GET /crm/v3/objects/{type}`: one page in id order (limit ≤100). */
export function listObjects(
	type: CrmObjectType,
	o: { limit?: number; after?: string; properties?: string[]; associations?: string[]; archived?: boolean } = {}
): Promise<ApiResult<ObjectPage>> {
	return request('GET', `/crm/v3/objects/${type}${qs(o)}`);
}

/** `GET /crm/v3/objects/{type}/{id}`; 404 OBJECT_NOT_FOUND when missing or archived. */
export function getObject(
	type: CrmObjectType,
	id: string,
	o: { properties?: string[]; associations?: string[]; idProperty?: string } = {}
): Promise<ApiResult<CrmRecord>> {
	return request('GET', `/crm/v3/objects/${type}/${enc(id)}${qs(o)}`);
}

/** `POST /crm/v3/objects/{type}` → 201; 400 VALIDATION_ERROR naming the property; 409 on a duplicate contact email. */
export function createObject(type: CrmObjectType, properties: Record<string, string>, associations?: AssociationInput[]): Promise<ApiResult<CrmRecord>> {
	const body: z.input<typeof CreateBody> = associations?.length ? { properties, associations } : { properties };
	return request('POST', `/crm/v3/objects/${type}`, body);
}

/**
 * `POST /crm/v3/objects/contacts/merge` `{primaryObjectId, objectIdToMerge}` → 200 the primary contact (HubSpot CRM
 * Contacts API, "Merge two contacts"): the primary keeps its id and values, the merged contact's email goes to
 * `hs_additional_emails`, its associations move to the primary and it is archived. 400 for the same id twice; 404
 * when either is missing or archived.
 */
export function mergeContacts(primaryObjectId: string, objectIdToMerge: string): Promise<ApiResult<CrmRecord>> {
	return request('POST', '/crm/v3/objects/contacts/merge', { primaryObjectId, objectIdToMerge });
}

/** `PATCH /crm/v3/objects/{type}/{id}` → 200; `""` clears a property. */
export function updateObject(type: CrmObjectType, id: string, properties: Record<string, string>): Promise<ApiResult<CrmRecord>> {
	const body: z.input<typeof UpdateBody> = { properties };
	return request('PATCH', `/crm/v3/objects/${type}/${enc(id)}`, body);
}

/** `DELETE /crm/v3/objects/{type}/{id}` → 204 (the record is archived, i.e. in the recycle bin). */
export function archiveObject(type: CrmObjectType, id: string): Promise<ApiResult<null>> {
	return request('DELETE', `/crm/v3/objects/${type}/${enc(id)}`);
}

/** `POST /crm/v3/objects/{type}/search`. */
export function searchObjects(type: CrmObjectType, body: SearchRequest): Promise<ApiResult<SearchPage>> {
	return request('POST', `/crm/v3/objects/${type}/search`, body);
}

/** HubSpot's batch limit: at most 100 inputs per batch request. */
export const BATCH_LIMIT = BATCH_MAX;

/**
 * The live records among `ids` with `properties`, in the order of `ids` (duplicates read once and repeated;
 * missing or archived ids left out, as the gym's 207 reports them): `POST /crm/v3/objects/{type}/batch/read`
 * `{inputs:[{id}], properties}` in chunks of {@link BATCH_LIMIT}, so a card or timeline of N records costs
 * ⌈N/100⌉ requests instead of N. No request when `ids` is empty. The first failing chunk's error is returned.
 */
export async function batchRead(type: CrmObjectType, ids: readonly string[], properties: string[]): Promise<ApiResult<CrmRecord[]>> {
	const unique = [...new Set(ids)];
	const byId = new Map<string, CrmRecord>();
	for (let i = 0; i < unique.length; i += BATCH_LIMIT) {
		const body: z.input<typeof BatchBodies.read> = { inputs: unique.slice(i, i + BATCH_LIMIT).map((id) => ({ id })), properties };
		const r = await request<BatchResult>('POST', `/crm/v3/objects/${type}/batch/read`, body);
		if (!r.ok) return r;
		for (const record of r.data.results) byId.set(record.id, record);
	}
	return { ok: true, data: ids.flatMap((id) => byId.get(id) ?? []) };
}

/** `POST /crm/v3/objects/{type}/batch/update` `{inputs:[{id, properties}]}` (≤100 inputs). */
export function batchUpdate(type: CrmObjectType, inputs: { id: string; properties: Record<string, string> }[]): Promise<ApiResult<BatchResult>> {
	const body: z.input<typeof BatchBodies.update> = { inputs };
	return request('POST', `/crm/v3/objects/${type}/batch/update`, body);
}

/** `POST /crm/v3/objects/{type}/batch/archive` `{inputs:[{id}]}` → 204. */
export function batchArchive(type: CrmObjectType, ids: string[]): Promise<ApiResult<null>> {
	const body: z.input<typeof BatchBodies.archive> = { inputs: ids.map((id) => ({ id })) };
	return request('POST', `/crm/v3/objects/${type}/batch/archive`, body);
}

/** `GET /crm/v4/objects/{from}/{id}/associations/{to}`. */
export function listAssociations(from: CrmObjectType, id: string, to: CrmObjectType): Promise<ApiResult<{ results: AssociationRow[] }>> {
	return request('GET', `/crm/v4/objects/${from}/${enc(id)}/associations/${to}`);
}

/** Input limit of the v4 associations batch read (the gym's, after HubSpot's 1,000). */
export const ASSOCIATIONS_BATCH_LIMIT = BATCH_READ_ASSOCIATIONS_LIMIT;

/**
 * Each id's associations toward `to` (`[]` for an id without any, which the gym reports as a 207 error):
 * `POST /crm/v4/associations/{from}/{to}/batch/read` `{inputs:[{id}]}` in chunks of {@link ASSOCIATIONS_BATCH_LIMIT},
 * so a table of N records costs one request, not N. Keyed by id, each list in the gym's numeric order. No request
 * when `ids` is empty. The first failing chunk's error is returned.
 */
export async function batchReadAssociations(from: CrmObjectType, to: CrmObjectType, ids: readonly string[]): Promise<ApiResult<Map<string, AssociationRow[]>>> {
	const unique = [...new Set(ids)];
	const out = new Map<string, AssociationRow[]>(unique.map((id) => [id, []]));
	for (let i = 0; i < unique.length; i += ASSOCIATIONS_BATCH_LIMIT) {
		const body: z.input<typeof BatchReadAssociationsBody> = { inputs: unique.slice(i, i + ASSOCIATIONS_BATCH_LIMIT).map((id) => ({ id })) };
		const r = await request<AssociationBatchResult>('POST', `/crm/v4/associations/${from}/${to}/batch/read`, body);
		if (!r.ok) return r;
		for (const row of r.data.results) out.set(row.from.id, row.to);
	}
	return { ok: true, data: out };
}

/** `PUT /crm/v4/objects/{from}/{id}/associations/default/{to}/{toId}`: the HUBSPOT_DEFINED default association. */
export function associateDefault(from: CrmObjectType, id: string, to: CrmObjectType, toId: string): Promise<ApiResult<unknown>> {
	return request('PUT', `/crm/v4/objects/${from}/${enc(id)}/associations/default/${to}/${enc(toId)}`);
}

/** `PUT /crm/v4/objects/{from}/{id}/associations/{to}/{toId}` with explicit (e.g. labeled) types. */
export function associate(
	from: CrmObjectType,
	id: string,
	to: CrmObjectType,
	toId: string,
	types: z.input<typeof AssociationTypesBody>
): Promise<ApiResult<unknown>> {
	return request('PUT', `/crm/v4/objects/${from}/${enc(id)}/associations/${to}/${enc(toId)}`, types);
}

/** `DELETE /crm/v4/objects/{from}/{id}/associations/{to}/{toId}` → 204: removes every association between the two. */
export function unassociate(from: CrmObjectType, id: string, to: CrmObjectType, toId: string): Promise<ApiResult<null>> {
	return request('DELETE', `/crm/v4/objects/${from}/${enc(id)}/associations/${to}/${enc(toId)}`);
}

/** `GET /crm/v3/pipelines/deals`. */
export function listDealPipelines(): Promise<ApiResult<{ results: Pipeline[] }>> {
	return request('GET', '/crm/v3/pipelines/deals');
}

/** `GET /crm/v3/properties/{type}`: the property definitions (labels, enumeration options) of a type. */
export function listProperties(type: CrmObjectType): Promise<ApiResult<{ results: PropertyDefinition[] }>> {
	return request('GET', `/crm/v3/properties/${type}`);
}
