/**
 * Relationship maps (the replica's own API), relative to `/api/salesnav`. LinkedIn Help "Relationship Maps FAQ":
 * maps exist on every plan; roles Decision Maker, Champion, Evaluator, Procurement, Influencer; the map flags
 * leads no longer at the account.
 * - `GET /relationshipMaps/{accountId}` → 200 `{accountId, accountName, members: [{leadId, role, markedLeft,
 *   firstName, lastName, currentTitle, currentAccountId, currentAccountName, leftAccount}]}`, in add order;
 *   `leftAccount` = the lead's current company is another account, or the user marked them left.
 * - `POST /relationshipMaps/{accountId}/members` {@link AddMapMemberBody} → 201 the map; 409 `ALREADY_ON_MAP`.
 * - `PATCH /relationshipMaps/{accountId}/members/{leadId}` {@link UpdateMapMemberBody} → 200 the map (role, mark left).
 * - `DELETE /relationshipMaps/{accountId}/members/{leadId}` → 200 the map.
 * 404 for an unknown account, or a lead not on the map; 404 for an unknown lead on add.
 */
import type { ApiRequest, ApiResponse } from '../../types';
import { AddMapMemberBody, UpdateMapMemberBody, type Account } from '../contract';
import type { SalesNavDb } from '../db';
import { badRequest, commit, conflict, notFound, parseBody, runOf, rw, stampOf } from './common';

/** The map of `account` on the wire (reads leads and their accounts). */
async function wireMap(db: SalesNavDb, account: Account) {
	const leads = await db.leads.bulkGet(account.relationshipMap.map((m) => m.leadId));
	const current = await db.accounts.bulkGet(leads.map((l) => l?.accountId ?? '0'));
	return {
		accountId: account.accountId,
		accountName: account.name,
		members: account.relationshipMap.map((m, i) => {
			const l = leads[i]!;
			return {
				...m,
				firstName: l.firstName,
				lastName: l.lastName,
				currentTitle: l.currentTitle,
				currentAccountId: l.accountId,
				currentAccountName: current[i]?.name ?? '',
				leftAccount: m.markedLeft || l.accountId !== account.accountId
			};
		})
	};
}

/** `GET /relationshipMaps/{accountId}`. */
export async function getMap(db: SalesNavDb, _req: ApiRequest, accountId: string): Promise<ApiResponse> {
	await runOf(db);
	const account = await db.accounts.get(accountId);
	if (!account) throw notFound(`Account ${accountId} does not exist`);
	return { status: 200, body: await wireMap(db, account) };
}

/** `POST /relationshipMaps/{accountId}/members`. */
export async function addMember(db: SalesNavDb, req: ApiRequest, accountId: string): Promise<ApiResponse> {
	const body = parseBody(AddMapMemberBody, req.body);
	return rw(db, async () => {
		const stamp = await stampOf(db);
		const account = await db.accounts.get(accountId);
		if (!account) throw notFound(`Account ${accountId} does not exist`);
		if (!(await db.leads.get(body.leadId))) throw notFound(`Lead ${body.leadId} does not exist`);
		if (account.relationshipMap.some((m) => m.leadId === body.leadId)) throw conflict('ALREADY_ON_MAP', 'This lead is already on the relationship map');
		const next = { ...account, relationshipMap: [...account.relationshipMap, { leadId: body.leadId, role: body.role, markedLeft: false }] };
		await db.accounts.put(next);
		await commit(db, stamp, req, 201, 'accounts', [accountId]);
		return { status: 201, body: await wireMap(db, next) };
	});
}

/** The account and the index of `leadId` on its map, or the 404. */
async function member(db: SalesNavDb, accountId: string, leadId: string): Promise<[Account, number]> {
	const account = await db.accounts.get(accountId);
	if (!account) throw notFound(`Account ${accountId} does not exist`);
	const i = account.relationshipMap.findIndex((m) => m.leadId === leadId);
	if (i < 0) throw notFound(`Lead ${leadId} is not on the relationship map of ${account.name}`);
	return [account, i];
}

/** `PATCH /relationshipMaps/{accountId}/members/{leadId}`. */
export async function updateMember(db: SalesNavDb, req: ApiRequest, accountId: string, leadId: string): Promise<ApiResponse> {
	const body = parseBody(UpdateMapMemberBody, req.body);
	if (body.role === undefined && body.markedLeft === undefined) throw badRequest('Give role or markedLeft');
	return rw(db, async () => {
		const stamp = await stampOf(db);
		const [account, i] = await member(db, accountId, leadId);
		const m = account.relationshipMap[i]!;
		const nm = { ...m, ...(body.role !== undefined ? { role: body.role } : {}), ...(body.markedLeft !== undefined ? { markedLeft: body.markedLeft } : {}) };
		if (nm.role === m.role && nm.markedLeft === m.markedLeft) return { status: 200, body: await wireMap(db, account) };
		const next = { ...account, relationshipMap: account.relationshipMap.map((x, k) => (k === i ? nm : x)) };
		await db.accounts.put(next);
		await commit(db, stamp, req, 200, 'accounts', [accountId]);
		return { status: 200, body: await wireMap(db, next) };
	});
}

/** `DELETE /relationshipMaps/{accountId}/members/{leadId}`. */
export async function removeMember(db: SalesNavDb, req: ApiRequest, accountId: string, leadId: string): Promise<ApiResponse> {
	return rw(db, async () => {
		const stamp = await stampOf(db);
		const [account, i] = await member(db, accountId, leadId);
		const next = { ...account, relationshipMap: account.relationshipMap.filter((_, k) => k !== i) };
		await db.accounts.put(next);
		await commit(db, stamp, req, 200, 'accounts', [accountId]);
		return { status: 200, body: await wireMap(db, next) };
	});
}
