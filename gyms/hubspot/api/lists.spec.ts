import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { HubSpotDb } from '../db';
import { createHubSpotGym } from '../index';
import type { ApiRequest, Gym } from '../../types';

const req = (method: string, path: string, body?: unknown, query = ''): ApiRequest => ({ method, path, query: new URLSearchParams(query), body });
const gym: Gym = createHubSpotGym(new HubSpotDb('test-lists'));
const snapshot = async () => JSON.stringify(await gym.exportState());
beforeEach(async () => {
	await gym.reset({ run_id: 'r', task_id: null, seed: 1, clock: '2026-03-02T14:30:00.000Z' });
});

type ListBody = { list: { listId: string; name: string; size: number; processingType: string; objectTypeId: string; createdAt: string } };

describe('POST /crm/v3/lists', () => {
	it('creates a MANUAL contact list at the virtual clock with the next list id, size 0, one event', async () => {
		const res = await gym.handle(req('POST', '/crm/v3/lists', { name: 'Re-engage Q2', objectTypeId: '0-1', processingType: 'MANUAL' }));
		expect(res.status).toBe(200);
		expect((res.body as ListBody).list).toMatchObject({
			listId: '16',
			name: 'Re-engage Q2',
			objectTypeId: '0-1',
			processingType: 'MANUAL',
			processingStatus: 'COMPLETE',
			size: 0,
			createdAt: '2026-03-02T14:30:00.000Z'
		});
		const state = await gym.exportState();
		expect(state.events).toEqual([expect.objectContaining({ method: 'POST', path: '/crm/v3/lists', status: 200, entity: 'lists', id: '16' })]);
	});

	it('rejects a duplicate name (case-insensitive) with 409 and writes nothing', async () => {
		const before = await snapshot();
		const res = await gym.handle(req('POST', '/crm/v3/lists', { name: 'newsletter SUBSCRIBERS', objectTypeId: '0-1', processingType: 'MANUAL' }));
		expect(res.status).toBe(409);
		expect(res.body).toMatchObject({ status: 'error', category: 'CONFLICT', message: 'A list named "newsletter SUBSCRIBERS" already exists.' });
		expect(await snapshot()).toBe(before);
	});

	it.each([
		[{ name: '', objectTypeId: '0-1', processingType: 'MANUAL' }, 'name'],
		[{ name: 'X', objectTypeId: '0-2', processingType: 'MANUAL' }, 'objectTypeId'],
		[{ name: 'X', objectTypeId: '0-1', processingType: 'DYNAMIC' }, 'processingType'],
		[{ name: 'X', objectTypeId: '0-1', processingType: 'MANUAL', nme: 'typo' }, 'nme']
	])('rejects an invalid body with VALIDATION_ERROR naming the key (%#)', async (body, key) => {
		const res = await gym.handle(req('POST', '/crm/v3/lists', body));
		expect(res.status).toBe(400);
		expect((res.body as { message: string }).message).toContain(key);
	});
});

describe('GET /crm/v3/lists/{listId}, POST /crm/v3/lists/search, DELETE', () => {
	it('gets a list with its size; 404 for an unknown id', async () => {
		const res = await gym.handle(req('GET', '/crm/v3/lists/11'));
		expect((res.body as ListBody).list).toMatchObject({ listId: '11', name: 'Dormant leads – Q1 re-engagement', size: 12 });
		const missing = await gym.handle(req('GET', '/crm/v3/lists/999'));
		expect(missing.status).toBe(404);
		expect(missing.body).toMatchObject({ category: 'OBJECT_NOT_FOUND' });
	});

	it('searches by name substring with offset paging and total', async () => {
		const res = await gym.handle(req('POST', '/crm/v3/lists/search', { query: 'e', count: 2 }));
		const body = res.body as { lists: { name: string }[]; offset: number; hasMore: boolean; total: number };
		expect(body.total).toBe(5);
		expect(body.lists).toHaveLength(2);
		expect(body).toMatchObject({ offset: 2, hasMore: true });
		const one = (await gym.handle(req('POST', '/crm/v3/lists/search', { query: 'ADVISORY' }))).body as { lists: { name: string; size: number }[] };
		expect(one.lists.map((l) => l.name)).toEqual(['Customer advisory board']);
		expect((await gym.handle(req('POST', '/crm/v3/lists/search', { count: 0 }))).status).toBe(400);
	});

	it('deletes with 204: the list disappears from get and search; deleting again is a 404', async () => {
		expect((await gym.handle(req('DELETE', '/crm/v3/lists/12'))).status).toBe(204);
		expect((await gym.handle(req('GET', '/crm/v3/lists/12'))).status).toBe(404);
		const body = (await gym.handle(req('POST', '/crm/v3/lists/search', {}))).body as { total: number };
		expect(body.total).toBe(4);
		expect((await gym.handle(req('DELETE', '/crm/v3/lists/12'))).status).toBe(404);
	});
});

describe('list memberships', () => {
	it('adds contacts: existing members are not re-added, unknown ids are missing; one event', async () => {
		const members = (await gym.handle(req('GET', '/crm/v3/lists/11/memberships'))).body as { results: { recordId: string }[]; total: number };
		const already = members.results[0]!.recordId;
		const res = await gym.handle(req('PUT', '/crm/v3/lists/11/memberships/add', ['100003', 100002, already, '7']));
		expect(res.body).toEqual({ recordsIdsAdded: ['100002', '100003'], recordIdsAdded: ['100002', '100003'], recordIdsRemoved: [], recordIdsMissing: ['7'] });
		const after = (await gym.handle(req('GET', '/crm/v3/lists/11'))).body as ListBody;
		expect(after.list.size).toBe(14);
		const state = await gym.exportState();
		expect(state.events.map((e) => e.entity)).toEqual(['list_memberships']);
		expect(state.tables.list_memberships).toContainEqual({
			id: '11:100002',
			listId: '11',
			recordId: '100002',
			membershipTimestamp: '2026-03-02T14:30:00.000Z'
		});
	});

	it('an add that adds nothing writes nothing', async () => {
		const before = await snapshot();
		const res = await gym.handle(req('PUT', '/crm/v3/lists/11/memberships/add', ['7']));
		expect(res.body).toEqual({ recordsIdsAdded: [], recordIdsAdded: [], recordIdsRemoved: [], recordIdsMissing: ['7'] });
		expect(await snapshot()).toBe(before);
	});

	it('removes members; non-members are missing', async () => {
		await gym.handle(req('PUT', '/crm/v3/lists/11/memberships/add', ['100002']));
		const res = await gym.handle(req('PUT', '/crm/v3/lists/11/memberships/remove', ['100002', '100003']));
		expect(res.body).toEqual({ recordsIdsAdded: [], recordIdsAdded: [], recordIdsRemoved: ['100002'], recordIdsMissing: ['100003'] });
	});

	it('rejects a body that is not an array of ids, and an unknown list, changing nothing', async () => {
		const before = await snapshot();
		expect((await gym.handle(req('PUT', '/crm/v3/lists/11/memberships/add', { ids: ['1'] }))).status).toBe(400);
		expect((await gym.handle(req('PUT', '/crm/v3/lists/11/memberships/add', ['abc']))).status).toBe(400);
		expect((await gym.handle(req('PUT', '/crm/v3/lists/999/memberships/add', ['100001']))).status).toBe(404);
		expect(await snapshot()).toBe(before);
	});

	it('pages members in record-id order with a cursor', async () => {
		const first = (await gym.handle(req('GET', '/crm/v3/lists/14/memberships', undefined, 'limit=5'))).body as {
			results: { recordId: string }[];
			total: number;
			paging: { next: { after: string } };
		};
		expect(first.results).toHaveLength(5);
		expect(first.total).toBeGreaterThan(5);
		const second = (await gym.handle(req('GET', '/crm/v3/lists/14/memberships', undefined, `limit=5&after=${first.paging.next.after}`))).body as {
			results: { recordId: string }[];
		};
		const ids = [...first.results, ...second.results].map((r) => Number(r.recordId));
		expect(ids).toEqual([...ids].sort((a, b) => a - b));
		expect(new Set(ids).size).toBe(10);
	});

	it('lists the lists a contact belongs to', async () => {
		await gym.handle(req('PUT', '/crm/v3/lists/13/memberships/add', ['100002']));
		await gym.handle(req('PUT', '/crm/v3/lists/15/memberships/add', ['100002']));
		const res = (await gym.handle(req('GET', '/crm/v3/lists/records/0-1/100002/memberships'))).body as {
			results: { listId: string; listName: string }[];
			total: number;
		};
		expect(res.results.map((r) => r.listId)).toEqual(expect.arrayContaining(['13', '15']));
		expect((await gym.handle(req('GET', '/crm/v3/lists/records/0-2/100002/memberships'))).status).toBe(400);
	});
});
