/**
 * The Alerts feed of the acting seat (the replica's own API), relative to `/api/salesnav`:
 * - `GET /alerts?category=lead|account|saved_search` → 200 `{elements: [Alert], total, unread: {lead, account,
 *   saved_search}}`: the seat's alerts that are not dismissed, newest first (ties by id); `unread` counts per tab.
 * - `POST /alerts/{id}/read` → 200 `Alert` (`read: true`; already read → 200, nothing written).
 * - `POST /alerts/{id}/dismiss` → 200 `Alert` (`dismissed: true`, `read: true`).
 * 404 for an alert that is not the seat's or is dismissed. Reads never write.
 */
import type { ApiRequest, ApiResponse } from '../../types';
import { ALERT_CATEGORIES, type Alert } from '../contract';
import type { SalesNavDb } from '../db';
import { badRequest, commit, notFound, runOf, rw, stampOf } from './common';

const newestFirst = (a: Alert, b: Alert) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : Number(b.id) - Number(a.id));

/** `GET /alerts`. */
export async function listAlerts(db: SalesNavDb, req: ApiRequest): Promise<ApiResponse> {
	const { actor } = await runOf(db);
	const category = req.query.get('category');
	if (category !== null && !(ALERT_CATEGORIES as readonly string[]).includes(category)) throw badRequest('category must be lead, account or saved_search');
	const live = (await db.alerts.toArray()).filter((a) => a.seatId === actor && !a.dismissed);
	const unread = Object.fromEntries(ALERT_CATEGORIES.map((c) => [c, live.filter((a) => a.category === c && !a.read).length]));
	const elements = live.filter((a) => !category || a.category === category).sort(newestFirst);
	return { status: 200, body: { elements, total: elements.length, unread } };
}

/** Sets `read` (and `dismissed` for a dismissal) on one of the seat's live alerts. */
function mark(dismiss: boolean) {
	return async (db: SalesNavDb, req: ApiRequest, id: string): Promise<ApiResponse> =>
		rw(db, async () => {
			const stamp = await stampOf(db);
			const a = await db.alerts.get(id);
			if (!a || a.seatId !== stamp.meta.actor || a.dismissed) throw notFound(`Alert ${id} does not exist`);
			const next = { ...a, read: true, dismissed: dismiss || a.dismissed };
			if (next.read === a.read && next.dismissed === a.dismissed) return { status: 200, body: a };
			await db.alerts.put(next);
			await commit(db, stamp, req, 200, 'alerts', [id]);
			return { status: 200, body: next };
		});
}

/** `POST /alerts/{id}/read`. */
export const readAlert = mark(false);
/** `POST /alerts/{id}/dismiss`. */
export const dismissAlert = mark(true);
