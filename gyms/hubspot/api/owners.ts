/**
 * HubSpot's Owners API (Owners API reference, "CRM API | Owners"):
 * - `GET /crm/v3/owners?email=&limit=&after=&archived=` → `{results: [PublicOwner], paging?}` in id order (limit
 *   default 100, max 500, capped silently like every HubSpot list limit);
 * - `GET /crm/v3/owners/{ownerId}?idProperty=id|userId&archived=` → one PublicOwner; 404 when there is none.
 * A PublicOwner is the stored owner plus `type: "PERSON"` and `userIdIncludingInactive` ({@link wireOwner}).
 */
import type { ApiRequest, ApiResponse } from '../../types';
import type { HubSpotDb } from '../db';
import { OWNER_LIMIT, type Owner, type WireOwner } from '../contract';
import { HubSpotError, invalidInput } from './errors';
import { BASE, byNumericId, page, parseAfter, parseLimit } from './paging';

/** The PublicOwner shape of a stored owner: `type` PERSON (no queues here) and `userIdIncludingInactive` = `userId`. */
export function wireOwner(owner: Owner): WireOwner {
	return { ...owner, type: 'PERSON', userIdIncludingInactive: owner.userId };
}

/** `archived=true` lists the archived owners instead of the active ones (HubSpot's `archived` flag); anything but true/false is a 400. */
function archivedFlag(req: ApiRequest): boolean {
	const raw = req.query.get('archived');
	if (raw === null || raw === '' || raw === 'false') return false;
	if (raw === 'true') return true;
	throw invalidInput(`archived must be true or false, got "${raw}"`);
}

/** `GET /crm/v3/owners`: owners in id order, optionally one email (case-insensitive), cursor-paged. @throws HubSpotError 400 for a bad limit, after or archived. */
export async function listOwners(db: HubSpotDb, req: ApiRequest): Promise<ApiResponse> {
	const email = req.query.get('email')?.toLowerCase();
	const archived = archivedFlag(req);
	const limit = parseLimit(req.query.get('limit'), OWNER_LIMIT);
	const after = parseAfter(req.query.get('after'));
	const owners = (await db.owners.toArray())
		.filter((o) => o.archived === archived && (email === undefined || email === '' || o.email.toLowerCase() === email))
		.sort(byNumericId);
	const p = page(owners, after, limit, (a) => `${BASE}/crm/v3/owners?limit=${limit}&after=${a}`);
	const body: Record<string, unknown> = { results: p.results.map(wireOwner) };
	if (p.paging) body.paging = p.paging;
	return { status: 200, body };
}

/**
 * `GET /crm/v3/owners/{ownerId}`: by owner id (default) or by HubSpot user id (`idProperty=userId`).
 * @throws HubSpotError 400 for another idProperty; 404 OBJECT_NOT_FOUND when no owner (of the `archived` state) has the id.
 */
export async function getOwner(db: HubSpotDb, req: ApiRequest, ownerId: string): Promise<ApiResponse> {
	const idProperty = req.query.get('idProperty') ?? 'id';
	if (idProperty !== 'id' && idProperty !== 'userId') throw invalidInput(`idProperty must be id or userId, got "${idProperty}"`);
	const archived = archivedFlag(req);
	const owner = (await db.owners.toArray()).find((o) => o.archived === archived && (idProperty === 'id' ? o.id === ownerId : String(o.userId) === ownerId));
	if (!owner) throw new HubSpotError(404, 'OBJECT_NOT_FOUND', `Owner ${ownerId} does not exist.`);
	return { status: 200, body: wireOwner(owner) };
}
