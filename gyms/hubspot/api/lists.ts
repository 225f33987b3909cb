/**
 * HubSpot Lists v3 (UI: "Segments"), contact lists only (`objectTypeId` `0-1`), platforms.md §2.2:
 * - `POST   /crm/v3/lists` `{name, objectTypeId:"0-1", processingType:"MANUAL"}` → 200 `{list}`; 409 on a duplicate name
 * - `GET    /crm/v3/lists/{listId}` → `{list}`; 404
 * - `POST   /crm/v3/lists/search` `{query?, offset?, count?, processingTypes?}` → `{lists, offset, hasMore, total}`
 * - `DELETE /crm/v3/lists/{listId}` → 204 (archived, as HubSpot keeps deleted lists restorable)
 * - `PUT    /crm/v3/lists/{listId}/memberships/add` `["101", …]` → `{recordIdsAdded, recordIdsMissing}`
 * - `PUT    /crm/v3/lists/{listId}/memberships/remove` `["101", …]` → `{recordIdsRemoved, recordIdsMissing}`
 * - `GET    /crm/v3/lists/{listId}/memberships?limit&after` → `{results:[{recordId, membershipTimestamp}], total, paging?}`
 * - `GET    /crm/v3/lists/records/0-1/{recordId}/memberships` → `{results:[{listId, firstAddedTimestamp, lastAddedTimestamp}], total}`
 *
 * A list's `size` is its member count. Each write is one rw transaction: validate, write, one event.
 */
import type { ApiRequest, ApiResponse } from '../../types';
import type { HubSpotDb } from '../db';
import { CreateListBody, ListSearchBody, MembershipBody, type List } from '../contract';
import { BASE, byNumericId, page, parseAfter, parseLimit } from './paging';
import { commit, stampOf } from './write';
import { HubSpotError, invalidInput } from './errors';
import { parseBody, zodMessage } from './zod-message';

/** Membership page sizes (HubSpot: default 100, max 250). */
const MEMBERSHIP_LIMIT = { default: 100, max: 250 } as const;

/** The Lists v3 wire shape of a stored list with its `size`. */
export function wireList(list: List, size: number) {
	return {
		listId: list.id,
		listVersion: 1,
		name: list.name,
		objectTypeId: list.objectTypeId,
		processingType: list.processingType,
		processingStatus: 'COMPLETE',
		createdById: list.createdById,
		createdAt: list.createdAt,
		updatedAt: list.updatedAt,
		size
	};
}

async function sizeOf(db: HubSpotDb, listId: string): Promise<number> {
	return db.list_memberships.where('listId').equals(listId).count();
}

async function liveList(db: HubSpotDb, listId: string): Promise<List> {
	const list = await db.lists.get(listId);
	if (!list || list.archived) throw new HubSpotError(404, 'OBJECT_NOT_FOUND', `List ${listId} does not exist.`);
	return list;
}

/** 409 CONFLICT for a name another live list has (names are unique, case-insensitive). */
export function duplicateListName(name: string): HubSpotError {
	return new HubSpotError(409, 'CONFLICT', `A list named "${name}" already exists.`);
}

/** `POST /crm/v3/lists`. */
export async function createList(db: HubSpotDb, req: ApiRequest): Promise<ApiResponse> {
	const { name } = parseBody(CreateListBody, req.body);
	return db.transaction('rw', [db.lists, db.meta, db.events], async () => {
		const dup = (await db.lists.toArray()).find((l) => !l.archived && l.name.toLowerCase() === name.toLowerCase());
		if (dup) throw duplicateListName(name);
		const stamp = await stampOf(db);
		const id = String(stamp.meta.next_ids.lists ?? 1);
		stamp.meta = { ...stamp.meta, next_ids: { ...stamp.meta.next_ids, lists: Number(id) + 1 } };
		const list: List = {
			id,
			name,
			objectTypeId: '0-1',
			processingType: 'MANUAL',
			createdById: null,
			createdAt: stamp.at,
			updatedAt: stamp.at,
			archived: false
		};
		await db.lists.add(list);
		await commit(db, stamp, req, 200, 'lists', [id]);
		return { status: 200, body: { list: wireList(list, 0) } };
	});
}

/** `GET /crm/v3/lists/{listId}`. */
export async function getList(db: HubSpotDb, _req: ApiRequest, listId: string): Promise<ApiResponse> {
	const list = await liveList(db, listId);
	return { status: 200, body: { list: wireList(list, await sizeOf(db, listId)) } };
}

/** `POST /crm/v3/lists/search`: live lists whose name contains `query` (case-insensitive), newest first (HubSpot's default order). */
export async function searchLists(db: HubSpotDb, req: ApiRequest): Promise<ApiResponse> {
	const { query = '', offset = 0, count = 20, processingTypes } = parseBody(ListSearchBody, req.body ?? {});
	const q = query.trim().toLowerCase();
	const rows = (await db.lists.toArray())
		.filter((l) => !l.archived && l.name.toLowerCase().includes(q) && (!processingTypes || processingTypes.includes(l.processingType)))
		.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : byNumericId(a, b)));
	const slice = rows.slice(offset, offset + count);
	const counts = new Map<string, number>();
	for (const m of await db.list_memberships
		.where('listId')
		.anyOf(slice.map((l) => l.id))
		.toArray())
		counts.set(m.listId, (counts.get(m.listId) ?? 0) + 1);
	return {
		status: 200,
		body: {
			lists: slice.map((l) => wireList(l, counts.get(l.id) ?? 0)),
			offset: offset + slice.length,
			hasMore: offset + count < rows.length,
			total: rows.length
		}
	};
}

/** `DELETE /crm/v3/lists/{listId}` → 204. Memberships are kept (a restored list keeps its members). */
export async function deleteList(db: HubSpotDb, req: ApiRequest, listId: string): Promise<ApiResponse> {
	return db.transaction('rw', [db.lists, db.meta, db.events], async () => {
		const list = await liveList(db, listId);
		const stamp = await stampOf(db);
		await db.lists.put({ ...list, archived: true, updatedAt: stamp.at });
		await commit(db, stamp, req, 204, 'lists', [listId]);
		return { status: 204 };
	});
}

function parseMembershipBody(body: unknown): string[] {
	const parsed = MembershipBody.safeParse(body);
	if (!parsed.success) throw invalidInput(`the body must be a JSON array of record ids, e.g. ["101"]: ${zodMessage(parsed.error)}`);
	return [...new Set(parsed.data.map(String))];
}

async function manualList(db: HubSpotDb, listId: string): Promise<List> {
	const list = await liveList(db, listId);
	if (list.processingType === 'DYNAMIC')
		throw new HubSpotError(
			400,
			'VALIDATION_ERROR',
			`List ${listId} is an active (DYNAMIC) list; its memberships are managed by its filters and cannot be edited.`
		);
	return list;
}

/** `PUT /crm/v3/lists/{listId}/memberships/add`: adds the live contacts; unknown ids come back in `recordIdsMissing`; current members are neither added nor missing. */
export async function addMembers(db: HubSpotDb, req: ApiRequest, listId: string): Promise<ApiResponse> {
	const ids = parseMembershipBody(req.body);
	return db.transaction('rw', [db.lists, db.list_memberships, db.contacts, db.meta, db.events], async () => {
		const list = await manualList(db, listId);
		const contacts = await db.contacts.bulkGet(ids);
		const present = new Set((await db.list_memberships.where('listId').equals(listId).toArray()).map((m) => m.recordId));
		const recordIdsMissing = ids.filter((_, i) => !contacts[i] || contacts[i]!.archived);
		const recordIdsAdded = ids.filter((id, i) => contacts[i] && !contacts[i]!.archived && !present.has(id)).sort((a, b) => byNumericId({ id: a }, { id: b }));
		if (recordIdsAdded.length) {
			const stamp = await stampOf(db);
			await db.list_memberships.bulkAdd(recordIdsAdded.map((recordId) => ({ id: `${listId}:${recordId}`, listId, recordId, membershipTimestamp: stamp.at })));
			await db.lists.put({ ...list, updatedAt: stamp.at });
			await commit(db, stamp, req, 200, 'list_memberships', [listId]);
		}
		return { status: 200, body: { recordIdsAdded, recordIdsMissing } };
	});
}

/** `PUT /crm/v3/lists/{listId}/memberships/remove`: ids that are not members come back in `recordIdsMissing`. */
export async function removeMembers(db: HubSpotDb, req: ApiRequest, listId: string): Promise<ApiResponse> {
	const ids = parseMembershipBody(req.body);
	return db.transaction('rw', [db.lists, db.list_memberships, db.meta, db.events], async () => {
		const list = await manualList(db, listId);
		const present = new Set((await db.list_memberships.where('listId').equals(listId).toArray()).map((m) => m.recordId));
		const recordIdsRemoved = ids.filter((id) => present.has(id)).sort((a, b) => byNumericId({ id: a }, { id: b }));
		const recordIdsMissing = ids.filter((id) => !present.has(id));
		if (recordIdsRemoved.length) {
			const stamp = await stampOf(db);
			await db.list_memberships.bulkDelete(recordIdsRemoved.map((id) => `${listId}:${id}`));
			await db.lists.put({ ...list, updatedAt: stamp.at });
			await commit(db, stamp, req, 200, 'list_memberships', [listId]);
		}
		return { status: 200, body: { recordIdsRemoved, recordIdsMissing } };
	});
}

/** `GET /crm/v3/lists/{listId}/memberships`: members in record-id order, cursor-paged. */
export async function listMembers(db: HubSpotDb, req: ApiRequest, listId: string): Promise<ApiResponse> {
	await liveList(db, listId);
	const limit = parseLimit(req.query.get('limit'), MEMBERSHIP_LIMIT);
	const after = parseAfter(req.query.get('after'));
	const rows = (await db.list_memberships.where('listId').equals(listId).toArray()).sort((a, b) => byNumericId({ id: a.recordId }, { id: b.recordId }));
	const p = page(rows, after, limit, (a) => `${BASE}/crm/v3/lists/${listId}/memberships?limit=${limit}&after=${a}`);
	const body: Record<string, unknown> = {
		results: p.results.map((m) => ({ recordId: m.recordId, membershipTimestamp: m.membershipTimestamp })),
		total: rows.length
	};
	if (p.paging) body.paging = p.paging;
	return { status: 200, body };
}

/** `GET /crm/v3/lists/records/0-1/{recordId}/memberships`: the live lists a contact belongs to. */
export async function recordMemberships(db: HubSpotDb, _req: ApiRequest, objectTypeId: string, recordId: string): Promise<ApiResponse> {
	if (objectTypeId !== '0-1') throw invalidInput(`objectTypeId ${objectTypeId} is not supported; this gym serves contact lists (0-1)`);
	const rows = await db.list_memberships.where('recordId').equals(recordId).toArray();
	const lists = new Map((await db.lists.bulkGet(rows.map((m) => m.listId))).filter((l): l is List => !!l && !l.archived).map((l) => [l.id, l]));
	const results = rows
		.filter((m) => lists.has(m.listId))
		.sort((a, b) => byNumericId({ id: a.listId }, { id: b.listId }))
		.map((m) => ({
			listId: m.listId,
			listName: lists.get(m.listId)!.name,
			firstAddedTimestamp: m.membershipTimestamp,
			lastAddedTimestamp: m.membershipTimestamp
		}));
	return { status: 200, body: { results, total: results.length } };
}
