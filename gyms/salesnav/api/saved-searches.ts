/**
 * Saved searches of the acting seat (the replica's own API), relative to `/api/salesnav`:
 * - `GET /savedSearches?type=lead|account` → 200 `{elements: [SavedSearch], total}`: the seat's saved searches, id
 *   order, each with its alert frequency and `newResultsCount` ("n new").
 * - `POST /savedSearches` {@link CreateSavedSearchBody} → 201 `SavedSearch` (`newResultsCount` 0, `lastViewedAt` =
 *   now); 409 `DUPLICATE_NAME` when the seat has a saved search of that name (trimmed, case-insensitive); 400 for
 *   an account search with a lead-only filter.
 * - `PATCH /savedSearches/{id}` {@link UpdateSavedSearchBody} → 200 (rename, alert frequency); 404 when not the seat's.
 * - `DELETE /savedSearches/{id}` → 204; the search's new-results alerts leave the feed with it.
 * Alert frequencies daily / weekly / never (LinkedIn Help names "alerts" for saved searches; the values are unconfirmed).
 */
import { nextId } from '../../kit/write';
import type { ApiRequest, ApiResponse } from '../../types';
import { ACCOUNT_FILTER_TYPES, CreateSavedSearchBody, UpdateSavedSearchBody, type SavedSearch } from '../contract';
import type { SalesNavDb } from '../db';
import { badRequest, commit, commitRows, conflict, notFound, parseBody, runOf, rw, stampOf } from './common';

const byId = (a: { id: string }, b: { id: string }) => Number(a.id) - Number(b.id);

/** `GET /savedSearches`. */
export async function listSavedSearches(db: SalesNavDb, req: ApiRequest): Promise<ApiResponse> {
	const { actor } = await runOf(db);
	const type = req.query.get('type');
	if (type !== null && type !== 'lead' && type !== 'account') throw badRequest('type must be lead or account');
	const elements = (await db.savedSearches.toArray()).filter((s) => s.ownerSeatId === actor && (!type || s.type === type)).sort(byId);
	return { status: 200, body: { elements, total: elements.length } };
}

/** The 409 when the seat already has a saved search named `name`. */
async function refuseDuplicate(db: SalesNavDb, owner: string, name: string, except?: string) {
	const key = name.trim().toLowerCase();
	const all = await db.savedSearches.toArray();
	if (all.some((s) => s.ownerSeatId === owner && s.id !== except && s.name.trim().toLowerCase() === key))
		throw conflict('DUPLICATE_NAME', `A saved search named "${name.trim()}" already exists. Choose a different name.`);
}

/** `POST /savedSearches`. */
export async function createSavedSearch(db: SalesNavDb, req: ApiRequest): Promise<ApiResponse> {
	const body = parseBody(CreateSavedSearchBody, req.body);
	if (body.type === 'account') {
		const bad = body.filters.find((f) => !(ACCOUNT_FILTER_TYPES as readonly string[]).includes(f.type));
		if (bad) throw badRequest(`${bad.type} is not an Account search filter`);
	}
	return rw(db, async () => {
		const stamp = await stampOf(db);
		await refuseDuplicate(db, stamp.meta.actor, body.name);
		const s: SavedSearch = {
			id: nextId(stamp, 'savedSearches'),
			ownerSeatId: stamp.meta.actor,
			name: body.name,
			type: body.type,
			filters: body.filters,
			keywords: body.keywords,
			alertFrequency: body.alertFrequency,
			newResultsCount: 0,
			createdAt: stamp.at,
			lastViewedAt: stamp.at
		};
		await db.savedSearches.add(s);
		await commit(db, stamp, req, 201, 'savedSearches', [s.id]);
		return { status: 201, body: s };
	});
}

/** The seat's saved search `id`, or the 404. */
async function mine(db: SalesNavDb, actor: string, id: string): Promise<SavedSearch> {
	const s = await db.savedSearches.get(id);
	if (!s || s.ownerSeatId !== actor) throw notFound(`Saved search ${id} does not exist`);
	return s;
}

/** `PATCH /savedSearches/{id}`. */
export async function updateSavedSearch(db: SalesNavDb, req: ApiRequest, id: string): Promise<ApiResponse> {
	const body = parseBody(UpdateSavedSearchBody, req.body);
	return rw(db, async () => {
		const stamp = await stampOf(db);
		const s = await mine(db, stamp.meta.actor, id);
		const next = { ...s, ...body };
		if (next.name === s.name && next.alertFrequency === s.alertFrequency) return { status: 200, body: s };
		if (body.name !== undefined) await refuseDuplicate(db, stamp.meta.actor, body.name, id);
		await db.savedSearches.put(next);
		await commit(db, stamp, req, 200, 'savedSearches', [id]);
		return { status: 200, body: next };
	});
}

/** `DELETE /savedSearches/{id}`. */
export async function deleteSavedSearch(db: SalesNavDb, req: ApiRequest, id: string): Promise<ApiResponse> {
	return rw(db, async () => {
		const stamp = await stampOf(db);
		await mine(db, stamp.meta.actor, id);
		const alerts = (await db.alerts.toArray()).filter((a) => a.savedSearchId === id);
		await db.alerts.bulkDelete(alerts.map((a) => a.id));
		await db.savedSearches.delete(id);
		await commitRows(db, stamp, req, 204, [{ entity: 'savedSearches', id }, ...alerts.map((a) => ({ entity: 'alerts', id: a.id }))]);
		return { status: 204 };
	});
}
