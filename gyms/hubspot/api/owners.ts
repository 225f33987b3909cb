/**
 * HubSpot owners API: `GET /crm/v3/owners?email=&limit=&after=` → `{results:[Owner], paging?}` (platforms.md §2.2).
 */
import type { ApiRequest, ApiResponse } from '../../types';
import type { HubSpotDb } from '../db';
import { byNumericId } from './paging';

/** `GET /crm/v3/owners`: all active owners in id order, optionally filtered by exact email (case-insensitive). */
export async function listOwners(db: HubSpotDb, req: ApiRequest): Promise<ApiResponse> {
	const email = req.query.get('email')?.toLowerCase();
	const owners = (await db.owners.toArray()).filter((o) => !o.archived && (email === undefined || o.email.toLowerCase() === email)).sort(byNumericId);
	return { status: 200, body: { results: owners } };
}
