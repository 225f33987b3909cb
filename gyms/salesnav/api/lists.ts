/**
 * Sales Navigator lists (the replica's own API; LinkedIn publishes none), relative to `/api/salesnav`:
 * - `GET  /lists` → 200 `{elements: [List…], total}`: the lead and account lists the acting seat owns or that are
 *   shared with it, lead lists first, each in id order.
 * - `GET  /lists/{id}` → 200 `List`; 404 when no such list is visible to the acting seat.
 * - `POST /lists/{listId}/entries` `{"leadIds": ["ACwAA…", …]}` → 200 `{list: List, added: n}`: saves the leads to
 *   a lead list (the UI's "Save to list"). Leads already in the list are skipped (not counted); each added lead
 *   gets the list in `leadListIds` and is marked `saved`; one event for the list, then one per added lead. Refusals change nothing: 400 `BAD_REQUEST` for a bad
 *   body, an account list, or a lead that does not exist; 404 `NOT_FOUND` for a list the acting seat cannot see.
 * `List` = the stored list row plus `type: "LEAD" | "ACCOUNT"` and `memberCount`.
 */
import { bodyParser } from '../../kit/body';
import { readMeta } from '../../kit/read-cache';
import { writer } from '../../kit/write';
import type { ApiRequest, ApiResponse, RunMeta } from '../../types';
import type { SalesNavDb } from '../db';
import { AddEntriesBody } from '../contract';
import type { AccountList, LeadList } from '../schema';
import { SALESNAV_ERRORS, SalesNavError } from './errors';

const parseBody = bodyParser(SALESNAV_ERRORS.invalidBody);
const { stampOf, commitRows } = writer('salesnav', SALESNAV_ERRORS.noRun);

/** A list on the wire: the stored row, its kind and its size. */
export type WireList = (LeadList & { type: 'LEAD' }) | (AccountList & { type: 'ACCOUNT' });

/** The list on the wire. */
function wire(list: LeadList | AccountList, type: 'LEAD' | 'ACCOUNT'): WireList & { memberCount: number } {
	return { ...list, type, memberCount: list.memberIds.length } as WireList & { memberCount: number };
}

/** Whether the acting seat sees a list: it owns it or the list is shared with it. */
const visibleTo = (seat: string) => (l: { ownerSeatId: string; sharedWith: string[] }) => l.ownerSeatId === seat || l.sharedWith.includes(seat);

/** The run meta, or the 409 before any run. */
async function runOf(db: SalesNavDb): Promise<RunMeta> {
	const meta = await readMeta(db);
	if (!meta) throw SALESNAV_ERRORS.noRun();
	return meta;
}

/** The 404 of a list the acting seat cannot see. */
const noList = (id: string) => new SalesNavError(404, 'NOT_FOUND', `List ${id} does not exist`);

const byNumericId = (a: { id: string }, b: { id: string }) => Number(a.id) - Number(b.id);

/** `GET /lists`. */
export async function listLists(db: SalesNavDb): Promise<ApiResponse> {
	const { actor } = await runOf(db);
	const see = visibleTo(actor);
	const [leadLists, accountLists] = await Promise.all([db.leadLists.toArray(), db.accountLists.toArray()]);
	const elements = [
		...leadLists
			.filter(see)
			.sort(byNumericId)
			.map((l) => wire(l, 'LEAD')),
		...accountLists
			.filter(see)
			.sort(byNumericId)
			.map((l) => wire(l, 'ACCOUNT'))
	];
	return { status: 200, body: { elements, total: elements.length } };
}

/** `GET /lists/{id}`. */
export async function getList(db: SalesNavDb, _req: ApiRequest, id: string): Promise<ApiResponse> {
	const { actor } = await runOf(db);
	const see = visibleTo(actor);
	const lead = await db.leadLists.get(id);
	if (lead && see(lead)) return { status: 200, body: wire(lead, 'LEAD') };
	const account = await db.accountLists.get(id);
	if (account && see(account)) return { status: 200, body: wire(account, 'ACCOUNT') };
	throw noList(id);
}

/** `POST /lists/{listId}/entries`: one rw transaction; validates everything before the first write. */
export async function addEntries(db: SalesNavDb, req: ApiRequest, listId: string): Promise<ApiResponse> {
	const body = parseBody(AddEntriesBody, req.body);
	const leadIds = [...new Set(body.leadIds)];
	return db.transaction('rw', [db.leadLists, db.accountLists, db.leads, db.meta, db.events], async () => {
		const stamp = await stampOf(db);
		const see = visibleTo(stamp.meta.actor);
		const list = await db.leadLists.get(listId);
		if (!list || !see(list)) {
			const account = await db.accountLists.get(listId);
			if (account && see(account)) throw new SalesNavError(400, 'BAD_REQUEST', `List ${listId} is an account list: only leads can be saved to a lead list`);
			throw noList(listId);
		}
		const leads = await db.leads.bulkGet(leadIds);
		const missing = leadIds.filter((_, i) => !leads[i]);
		if (missing.length) throw new SalesNavError(400, 'BAD_REQUEST', `Lead ${missing[0]} does not exist`);
		const members = new Set(list.memberIds);
		const added = leads.filter((l) => l && !members.has(l.leadId)).map((l) => l!);
		if (!added.length) return { status: 200, body: { list: wire(list, 'LEAD'), added: 0 } };
		const updated: LeadList = { ...list, memberIds: [...list.memberIds, ...added.map((l) => l.leadId)], updatedAt: stamp.at };
		await db.leadLists.put(updated);
		await db.leads.bulkPut(added.map((l) => ({ ...l, saved: true, leadListIds: l.leadListIds.includes(listId) ? l.leadListIds : [...l.leadListIds, listId] })));
		await commitRows(db, stamp, req, 200, [{ entity: 'leadLists', id: listId }, ...added.map((l) => ({ entity: 'leads', id: l.leadId }))]);
		return { status: 200, body: { list: wire(updated, 'LEAD'), added: added.length } };
	});
}
