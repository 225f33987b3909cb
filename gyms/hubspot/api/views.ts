/**
 * Saved index views (the tabs of the contacts, companies and deals indexes). HubSpot has no public API for
 * views, so these paths are GYM-SPECIFIC; they follow the CRM v3 conventions (envelopes, errors, numeric ids):
 * - `GET    /crm/v3/views/{objectType}` → `{results: View[]}` (id order; objectType ∈ contacts|companies|deals)
 * - `POST   /crm/v3/views/{objectType}` `{name, filterGroups?, sorts?, query?}` → 201 View
 * - `PATCH  /crm/v3/views/{objectType}/{id}` `{name?, filterGroups?, sorts?, query?}` → 200 View
 * - `DELETE /crm/v3/views/{objectType}/{id}` → 204
 * Errors: 400 VALIDATION_ERROR (bad body, unknown object type, more than 5 groups / 6 filters per group / 18
 * filters in all, as HubSpot's search limits), 404 OBJECT_NOT_FOUND, 409 CONFLICT on a duplicate view name
 * (case-insensitive, per object type). Every write is one rw transaction that advances the clock and logs an event.
 */
import type { ApiRequest, ApiResponse } from '../../types';
import type { HubSpotDb } from '../db';
import { CreateViewBody, MAX_TOTAL_FILTERS, UpdateViewBody, VIEW_OBJECT_TYPES, type View } from '../contract';
import { byNumericId } from './paging';
import { HubSpotError, invalidInput, notFound } from './errors';
import { commit, nextId, stampOf } from './write';
import { parseBody } from './zod-message';

type ViewObjectType = (typeof VIEW_OBJECT_TYPES)[number];

function objectTypeOf(raw: string): ViewObjectType {
	if (!(VIEW_OBJECT_TYPES as readonly string[]).includes(raw))
		throw invalidInput(`unknown object type "${raw}" (views exist for ${VIEW_OBJECT_TYPES.join(', ')})`);
	return raw as ViewObjectType;
}

function checkFilterTotal(groups: View['filterGroups'] | undefined): void {
	const total = (groups ?? []).reduce((n, g) => n + g.filters.length, 0);
	if (total > MAX_TOTAL_FILTERS)
		throw new HubSpotError(400, 'VALIDATION_ERROR', `Too many filters: ${total}; the maximum is ${MAX_TOTAL_FILTERS} across all filter groups.`);
}

async function assertUniqueName(db: HubSpotDb, objectType: ViewObjectType, name: string, exceptId?: string): Promise<void> {
	const key = name.trim().toLowerCase();
	const dup = (await db.views.where('objectType').equals(objectType).toArray()).find(
		(v) => !v.archived && v.id !== exceptId && v.name.trim().toLowerCase() === key
	);
	if (dup) throw new HubSpotError(409, 'CONFLICT', `A view named "${dup.name}" already exists. Existing ID: ${dup.id}`);
}

/** Runs `write` in one rw transaction (write.ts protocol): stamp, validate + write, then commit (clock + 1 tick, one event). */
async function inWrite(
	db: HubSpotDb,
	req: ApiRequest,
	status: number,
	write: (at: string, newId: () => string) => Promise<{ id: string; body: unknown }>
): Promise<ApiResponse> {
	return db.transaction('rw', [db.views, db.meta, db.events], async () => {
		const stamp = await stampOf(db);
		const { id, body } = await write(stamp.at, () => nextId(stamp, 'views'));
		await commit(db, stamp, req, status, 'views', [id]);
		return { status, body };
	});
}

/** `GET /crm/v3/views/{objectType}`: the saved views of one index, in id order. */
export async function listViews(db: HubSpotDb, _req: ApiRequest, rawType: string): Promise<ApiResponse> {
	const objectType = objectTypeOf(rawType);
	const results = (await db.views.where('objectType').equals(objectType).toArray()).filter((v) => !v.archived).sort(byNumericId);
	return { status: 200, body: { results } };
}

/** `POST /crm/v3/views/{objectType}`: saves a new view. @throws 400, 409 (duplicate name). */
export async function createView(db: HubSpotDb, req: ApiRequest, rawType: string): Promise<ApiResponse> {
	const objectType = objectTypeOf(rawType);
	const input = parseBody(CreateViewBody, req.body);
	checkFilterTotal(input.filterGroups);
	return inWrite(db, req, 201, async (at, newId) => {
		await assertUniqueName(db, objectType, input.name);
		const view: View = {
			id: newId(),
			objectType,
			name: input.name,
			filterGroups: input.filterGroups ?? [],
			sorts: input.sorts ?? [],
			query: input.query ?? '',
			createdAt: at,
			updatedAt: at,
			archived: false
		};
		await db.views.add(view);
		return { id: view.id, body: view };
	});
}

async function findView(db: HubSpotDb, objectType: ViewObjectType, id: string): Promise<View> {
	const view = await db.views.get(id);
	if (!view || view.archived || view.objectType !== objectType) throw notFound();
	return view;
}

/** `PATCH /crm/v3/views/{objectType}/{id}`: "Save view" of an edited view. @throws 400, 404, 409. */
export async function updateView(db: HubSpotDb, req: ApiRequest, rawType: string, id: string): Promise<ApiResponse> {
	const objectType = objectTypeOf(rawType);
	const input = parseBody(UpdateViewBody, req.body);
	checkFilterTotal(input.filterGroups);
	return inWrite(db, req, 200, async (at) => {
		const view = await findView(db, objectType, id);
		if (input.name !== undefined) await assertUniqueName(db, objectType, input.name, view.id);
		const next: View = { ...view, ...input, updatedAt: at };
		await db.views.put(next);
		return { id: view.id, body: next };
	});
}

/** `DELETE /crm/v3/views/{objectType}/{id}` → 204. @throws 404. */
export async function deleteView(db: HubSpotDb, req: ApiRequest, rawType: string, id: string): Promise<ApiResponse> {
	const objectType = objectTypeOf(rawType);
	return inWrite(db, req, 204, async (at) => {
		const view = await findView(db, objectType, id);
		await db.views.put({ ...view, archived: true, updatedAt: at });
		return { id: view.id, body: undefined };
	});
}
