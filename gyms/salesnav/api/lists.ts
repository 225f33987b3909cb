/**
 * Sales Navigator lists (the replica's own API; LinkedIn publishes none), relative to `/api/salesnav`:
 * - `GET  /lists` → 200 `{elements: [List…], total}`: the lead and account lists the acting seat owns or that are
 *   shared with it, lead lists first, each in id order.
 * - `GET  /lists/{id}` → 200 `List`; 404 when no such list is visible to the acting seat.
 * - `POST /lists` {@link CreateListBody} → 201 `List`: a new empty list owned by the acting seat. 409
 *   `DUPLICATE_NAME` when the seat already has a list of that type with that name (trimmed, case-insensitive).
 * - `PATCH /lists/{id}` {@link UpdateListBody} → 200 `List` (rename, description); owner only (403), same name rule.
 * - `DELETE /lists/{id}` → 204; owner only; the members lose the list (their `saved` flag stays: a saved lead stays saved).
 * - `POST /lists/{id}/share` {@link ShareListBody} → 200 `List`: adds teammates to `sharedWith`. LinkedIn Help
 *   "list sharing permissions": only Advanced and Advanced Plus users can share, only lists they created (403);
 *   unknown seats and the owner are a 400.
 * - `POST /lists/{listId}/entries` `{"leadIds": [...]}` (lead list) or `{"accountIds": [...]}` (account list) → 200
 *   `{list, added}` ("Save to list"). Already-members are skipped (not counted); each added row gets the list in
 *   `leadListIds` / `accountListIds` and `saved: true`; events: the list, then each added row. 400 for a bad body,
 *   lead ids on an account list (or the reverse), a row that does not exist; 404 for a list the seat cannot see.
 * - `DELETE /lists/{listId}/entries/{memberId}` → 200 `{list, removed: 1}` (the row keeps `saved`); 404 when not a member.
 * `List` = the stored list row plus `type: "LEAD" | "ACCOUNT"` and `memberCount`. Refusals change nothing.
 */
import type { ApiRequest, ApiResponse } from '../../types';
import type { SalesNavDb } from '../db';
import { AddAccountEntriesBody, AddEntriesBody, CreateListBody, ShareListBody, UpdateListBody } from '../contract';
import type { AccountList, LeadList } from '../schema';
import { nextId } from '../../kit/write';
import { SalesNavError } from './errors';
import { badRequest, commitRows, conflict, forbidden, notFound, parseBody, runOf, rw, stampOf } from './common';

/** A list on the wire: the stored row, its kind and its size. */
export type WireList = (LeadList & { type: 'LEAD' }) | (AccountList & { type: 'ACCOUNT' });

/** The list on the wire. */
function wire(list: LeadList | AccountList, type: 'LEAD' | 'ACCOUNT'): WireList & { memberCount: number } {
	return { ...list, type, memberCount: list.memberIds.length } as WireList & { memberCount: number };
}

/** Whether the acting seat sees a list: it owns it or the list is shared with it. */
export const visibleTo = (seat: string) => (l: { ownerSeatId: string; sharedWith: string[] }) => l.ownerSeatId === seat || l.sharedWith.includes(seat);

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

/** The visible list with that id and its kind (inside a transaction), or the 404. */
async function visibleList(db: SalesNavDb, actor: string, id: string): Promise<{ list: LeadList | AccountList; type: 'LEAD' | 'ACCOUNT' }> {
	const see = visibleTo(actor);
	const lead = await db.leadLists.get(id);
	if (lead && see(lead)) return { list: lead, type: 'LEAD' };
	const account = await db.accountLists.get(id);
	if (account && see(account)) return { list: account, type: 'ACCOUNT' };
	throw noList(id);
}

/** The 409 when `owner` already has a list of `type` named `name` (other than `except`). */
async function refuseDuplicate(db: SalesNavDb, owner: string, type: 'LEAD' | 'ACCOUNT', name: string, except?: string): Promise<void> {
	const rows: (LeadList | AccountList)[] = type === 'LEAD' ? await db.leadLists.toArray() : await db.accountLists.toArray();
	const key = name.trim().toLowerCase();
	if (rows.some((l) => l.ownerSeatId === owner && l.id !== except && l.name.trim().toLowerCase() === key))
		throw conflict('DUPLICATE_NAME', `A list named "${name.trim()}" already exists. Choose a different name.`);
}

const table = (db: SalesNavDb, type: 'LEAD' | 'ACCOUNT') => (type === 'LEAD' ? db.leadLists : db.accountLists);
const entity = (type: 'LEAD' | 'ACCOUNT') => (type === 'LEAD' ? 'leadLists' : 'accountLists');

/** `POST /lists`. */
export async function createList(db: SalesNavDb, req: ApiRequest): Promise<ApiResponse> {
	const body = parseBody(CreateListBody, req.body);
	return rw(db, async () => {
		const stamp = await stampOf(db);
		await refuseDuplicate(db, stamp.meta.actor, body.type, body.name);
		const id = nextId(stamp, entity(body.type));
		const list: LeadList = {
			id,
			name: body.name,
			description: body.description,
			ownerSeatId: stamp.meta.actor,
			sharedWith: [],
			createdAt: stamp.at,
			updatedAt: stamp.at,
			memberIds: []
		};
		await table(db, body.type).add(list as LeadList & AccountList);
		await commitRows(db, stamp, req, 201, [{ entity: entity(body.type), id }]);
		return { status: 201, body: wire(list, body.type) };
	});
}

/** `PATCH /lists/{id}`. */
export async function updateList(db: SalesNavDb, req: ApiRequest, id: string): Promise<ApiResponse> {
	const body = parseBody(UpdateListBody, req.body);
	return rw(db, async () => {
		const stamp = await stampOf(db);
		const { list, type } = await visibleList(db, stamp.meta.actor, id);
		if (list.ownerSeatId !== stamp.meta.actor) throw forbidden('Only the owner of a list can edit it');
		const next = {
			...list,
			...(body.name !== undefined ? { name: body.name } : {}),
			...(body.description !== undefined ? { description: body.description } : {})
		};
		if (next.name === list.name && next.description === list.description) return { status: 200, body: wire(list, type) };
		if (body.name !== undefined) await refuseDuplicate(db, stamp.meta.actor, type, body.name, id);
		next.updatedAt = stamp.at;
		await table(db, type).put(next as LeadList & AccountList);
		await commitRows(db, stamp, req, 200, [{ entity: entity(type), id }]);
		return { status: 200, body: wire(next, type) };
	});
}

/** `DELETE /lists/{id}`. */
export async function deleteList(db: SalesNavDb, req: ApiRequest, id: string): Promise<ApiResponse> {
	return rw(db, async () => {
		const stamp = await stampOf(db);
		const { list, type } = await visibleList(db, stamp.meta.actor, id);
		if (list.ownerSeatId !== stamp.meta.actor) throw forbidden('Only the owner of a list can delete it');
		const rows: { entity: string; id: string }[] = [{ entity: entity(type), id }];
		if (type === 'LEAD') {
			const leads = (await db.leads.bulkGet(list.memberIds)).filter((l) => !!l);
			await db.leads.bulkPut(leads.map((l) => ({ ...l, leadListIds: l.leadListIds.filter((x) => x !== id) })));
			rows.push(...leads.map((l) => ({ entity: 'leads', id: l.leadId })));
		} else {
			const accounts = (await db.accounts.bulkGet(list.memberIds)).filter((a) => !!a);
			await db.accounts.bulkPut(accounts.map((a) => ({ ...a, accountListIds: a.accountListIds.filter((x) => x !== id) })));
			rows.push(...accounts.map((a) => ({ entity: 'accounts', id: a.accountId })));
		}
		await table(db, type).delete(id);
		await commitRows(db, stamp, req, 204, rows);
		return { status: 204 };
	});
}

/** `POST /lists/{id}/share`. */
export async function shareList(db: SalesNavDb, req: ApiRequest, id: string): Promise<ApiResponse> {
	const body = parseBody(ShareListBody, req.body);
	return rw(db, async () => {
		const stamp = await stampOf(db);
		const { list, type } = await visibleList(db, stamp.meta.actor, id);
		if (list.ownerSeatId !== stamp.meta.actor) throw forbidden('Only lists you created can be shared');
		const seat = await db.seats.get(stamp.meta.actor);
		if (!seat || seat.plan === 'Core') throw forbidden('Sharing lists is available on Sales Navigator Advanced and Advanced Plus');
		const seats = await db.seats.bulkGet(body.seatIds);
		const missing = body.seatIds.find((_, i) => !seats[i]);
		if (missing) throw badRequest(`Seat ${missing} does not exist`);
		if (body.seatIds.includes(list.ownerSeatId)) throw badRequest('A list cannot be shared with its owner');
		const add = [...new Set(body.seatIds)].filter((s) => !list.sharedWith.includes(s));
		if (!add.length) return { status: 200, body: wire(list, type) };
		const next = { ...list, sharedWith: [...list.sharedWith, ...add], updatedAt: stamp.at };
		await table(db, type).put(next as LeadList & AccountList);
		await commitRows(db, stamp, req, 200, [{ entity: entity(type), id }]);
		return { status: 200, body: wire(next, type) };
	});
}

/** `POST /lists/{listId}/entries`: one rw transaction; validates everything before the first write. */
export async function addEntries(db: SalesNavDb, req: ApiRequest, listId: string): Promise<ApiResponse> {
	const raw = req.body as Record<string, unknown> | null;
	return rw(db, async () => {
		const stamp = await stampOf(db);
		const see = visibleTo(stamp.meta.actor);
		const list = await db.leadLists.get(listId);
		if (!list || !see(list)) {
			const account = await db.accountLists.get(listId);
			if (!account || !see(account)) throw noList(listId);
			if (raw && typeof raw === 'object' && 'leadIds' in raw) throw badRequest(`List ${listId} is an account list: only leads can be saved to a lead list`);
			return addAccounts(db, req, stamp, account);
		}
		if (raw && typeof raw === 'object' && 'accountIds' in raw) throw badRequest(`List ${listId} is a lead list: only accounts can be saved to an account list`);
		const body = parseBody(AddEntriesBody, req.body);
		const leadIds = [...new Set(body.leadIds)];
		const leads = await db.leads.bulkGet(leadIds);
		const missing = leadIds.filter((_, i) => !leads[i]);
		if (missing.length) throw badRequest(`Lead ${missing[0]} does not exist`);
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

/** The account-list half of {@link addEntries} (inside its transaction). */
async function addAccounts(db: SalesNavDb, req: ApiRequest, stamp: Awaited<ReturnType<typeof stampOf>>, list: AccountList): Promise<ApiResponse> {
	const body = parseBody(AddAccountEntriesBody, req.body);
	const ids = [...new Set(body.accountIds)];
	const accounts = await db.accounts.bulkGet(ids);
	const missing = ids.filter((_, i) => !accounts[i]);
	if (missing.length) throw badRequest(`Account ${missing[0]} does not exist`);
	const members = new Set(list.memberIds);
	const added = accounts.filter((a) => a && !members.has(a.accountId)).map((a) => a!);
	if (!added.length) return { status: 200, body: { list: wire(list, 'ACCOUNT'), added: 0 } };
	const updated: AccountList = { ...list, memberIds: [...list.memberIds, ...added.map((a) => a.accountId)], updatedAt: stamp.at };
	await db.accountLists.put(updated);
	await db.accounts.bulkPut(added.map((a) => ({ ...a, saved: true, accountListIds: [...a.accountListIds, list.id] })));
	await commitRows(db, stamp, req, 200, [{ entity: 'accountLists', id: list.id }, ...added.map((a) => ({ entity: 'accounts', id: a.accountId }))]);
	return { status: 200, body: { list: wire(updated, 'ACCOUNT'), added: added.length } };
}

/** `DELETE /lists/{listId}/entries/{memberId}`. */
export async function removeEntry(db: SalesNavDb, req: ApiRequest, listId: string, memberId: string): Promise<ApiResponse> {
	return rw(db, async () => {
		const stamp = await stampOf(db);
		const { list, type } = await visibleList(db, stamp.meta.actor, listId);
		if (!list.memberIds.includes(memberId)) throw notFound(`${memberId} is not in list ${listId}`);
		const next = { ...list, memberIds: list.memberIds.filter((m) => m !== memberId), updatedAt: stamp.at };
		await table(db, type).put(next as LeadList & AccountList);
		if (type === 'LEAD') {
			const l = (await db.leads.get(memberId))!;
			const ids = l.leadListIds.filter((x) => x !== listId);
			await db.leads.put({ ...l, leadListIds: ids });
		} else {
			const a = (await db.accounts.get(memberId))!;
			const ids = a.accountListIds.filter((x) => x !== listId);
			await db.accounts.put({ ...a, accountListIds: ids });
		}
		await commitRows(db, stamp, req, 200, [
			{ entity: entity(type), id: listId },
			{ entity: type === 'LEAD' ? 'leads' : 'accounts', id: memberId }
		]);
		return { status: 200, body: { list: wire(next, type), removed: 1 } };
	});
}
