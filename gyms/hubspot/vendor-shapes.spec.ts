/**
 * Request and answer shapes that HubSpot's official client (`@hubspot/api-client`, generated from HubSpot's
 * published OpenAPI specs) sends and reads, checked against the gym without the SDK (tests/e2e/hubspot-sdk.spec.ts
 * runs the SDK itself through the HTTP bridge). Each case is a mismatch the SDK contract test found: a field the
 * real API accepts that the gym refused, or a field the reference marks required that the gym left out.
 */
import { describe, expect, it } from 'vitest';
import * as contract from './contract';
import { testGym, T0, type Json } from './api/test-gym';

const { call, snapshot } = testGym('hubspot-vendor-shapes');

const newList = async (name: string): Promise<string> => {
	const res = await call('POST', '/crm/v3/lists', { name, objectTypeId: '0-1', processingType: 'MANUAL' });
	expect(res.status).toBe(200);
	return (res.body as Json).list.listId as string;
};

describe('Lists v3 "Search lists" (POST /crm/v3/lists/search)', () => {
	it('accepts the SDK’s ListSearchRequest (listIds, additionalProperties, objectTypeId) and filters by listIds', async () => {
		const a = await newList('SDK alpha');
		const b = await newList('SDK beta');
		await call('PUT', `/crm/v3/lists/${a}/memberships/add`, ['100002', '100003']);
		const res = await call('POST', '/crm/v3/lists/search', {
			listIds: [a],
			offset: 0,
			count: 20,
			query: 'SDK',
			processingTypes: ['MANUAL'],
			objectTypeId: '0-1',
			additionalProperties: ['hs_list_size', 'hs_list_reference_count', 'hs_list_size_week_delta']
		});
		expect(res.status).toBe(200);
		const page = contract.ListSearchPage.parse(res.body);
		expect(page.lists.map((l) => l.listId)).toEqual([a]);
		expect(page.total).toBe(1);
		// hs_list_size_week_delta is not tracked: a property that does not exist or is empty is left out.
		expect(page.lists[0]!.additionalProperties).toEqual({
			hs_list_size: '2',
			hs_list_reference_count: '0',
			// the third write of the run (two creates, then the add): the virtual clock moved on 1 s per write
			hs_last_record_added_at: String(Date.parse(T0) + 2_000)
		});
		const none = await call('POST', '/crm/v3/lists/search', { listIds: [b], query: 'alpha' });
		expect(contract.ListSearchPage.parse(none.body).total).toBe(0);
	});

	it('answers the default additional properties of every list (hs_list_size always; the last add once a member was added)', async () => {
		const a = await newList('SDK empty');
		const res = await call('POST', '/crm/v3/lists/search', { listIds: [], query: 'SDK empty' });
		const page = contract.ListSearchPage.parse(res.body);
		expect(page.lists).toHaveLength(1);
		expect(page.lists[0]).toMatchObject({ listId: a, additionalProperties: { hs_list_size: '0', hs_list_reference_count: '0' } });
		expect(page.lists[0]!.additionalProperties).not.toHaveProperty('hs_last_record_added_at');
	});

	it('an objectTypeId other than contacts matches no list; an unknown key is still a 400 that changes nothing', async () => {
		const other = await call('POST', '/crm/v3/lists/search', { objectTypeId: '0-2' });
		expect(contract.ListSearchPage.parse(other.body)).toMatchObject({ total: 0, lists: [] });
		const before = await snapshot();
		const typo = await call('POST', '/crm/v3/lists/search', { listIdz: ['1'] });
		expect(typo.status).toBe(400);
		expect((typo.body as Json).message).toContain('listIdz');
		expect(await snapshot()).toBe(before);
	});
});

describe('Lists v3 "Delete a list" (DELETE /crm/v3/lists/{listId})', () => {
	it('answers 204 with no body at all: a Fetch Response cannot carry a body with a null-body status, so a body here was a 500 after the commit', async () => {
		const a = await newList('SDK doomed');
		const res = await call('DELETE', `/crm/v3/lists/${a}`);
		expect(res.status).toBe(204);
		expect(res.body).toBeUndefined();
		expect((await call('GET', `/crm/v3/lists/${a}`)).status).toBe(404);
	});
});

describe('Lists v3 memberships answer MembershipsUpdateResponse', () => {
	it('add and remove both answer recordsIdsAdded, recordIdsRemoved and recordIdsMissing (HubSpot’s required fields)', async () => {
		const a = await newList('SDK members');
		const added = await call('PUT', `/crm/v3/lists/${a}/memberships/add`, ['100002', '7']);
		expect(added.body).toMatchObject({ recordsIdsAdded: ['100002'], recordIdsRemoved: [], recordIdsMissing: ['7'] });
		const removed = await call('PUT', `/crm/v3/lists/${a}/memberships/remove`, ['100002', '100003']);
		expect(removed.body).toMatchObject({ recordsIdsAdded: [], recordIdsRemoved: ['100002'], recordIdsMissing: ['100003'] });
		contract.MembershipAddResult.parse(added.body);
		contract.MembershipRemoveResult.parse(removed.body);
	});

	it('a record’s memberships carry the listVersion', async () => {
		const a = await newList('SDK versioned');
		await call('PUT', `/crm/v3/lists/${a}/memberships/add`, ['100002']);
		const res = await call('GET', '/crm/v3/lists/records/0-1/100002/memberships');
		const mine = contract.RecordMemberships.parse(res.body).results.find((r) => r.listId === a);
		const addedAt = '2026-03-02T14:30:01.000Z'; // the run's second write (T0 + 1 s)
		expect(mine).toMatchObject({ listId: a, listVersion: 1, firstAddedTimestamp: addedAt, lastAddedTimestamp: addedAt });
	});
});

describe('Pipelines API: stages are full PipelineStage objects', () => {
	it('every stage has createdAt, updatedAt and archived, in the list, the pipeline and its stages', async () => {
		const list = contract.PipelineList.parse((await call('GET', '/crm/v3/pipelines/deals')).body);
		const one = contract.WirePipeline.parse((await call('GET', '/crm/v3/pipelines/deals/default')).body);
		const stages = contract.PipelineStageList.parse((await call('GET', '/crm/v3/pipelines/deals/default/stages')).body);
		for (const stage of [...list.results.flatMap((p) => p.stages), ...one.stages, ...stages.results]) {
			expect(stage).toMatchObject({ createdAt: one.createdAt, updatedAt: one.updatedAt, archived: false });
		}
		expect(stages.results.map((s) => s.id)).toEqual(contract.DEFAULT_PIPELINE_STAGES.map((s) => s.id));
	});
});

describe('Owners API (GET /crm/v3/owners, GET /crm/v3/owners/{ownerId})', () => {
	it('owners are PublicOwner objects: type PERSON and userIdIncludingInactive', async () => {
		const owners = contract.OwnerList.parse((await call('GET', '/crm/v3/owners')).body).results;
		expect(owners.length).toBeGreaterThan(5);
		for (const o of owners) expect(o).toMatchObject({ type: 'PERSON', userIdIncludingInactive: o.userId });
	});

	it('pages with limit and after in id order (default 100; a limit above 500 is capped, as HubSpot caps limits)', async () => {
		const all = contract.OwnerList.parse((await call('GET', '/crm/v3/owners')).body).results;
		const first = contract.OwnerList.parse((await call('GET', '/crm/v3/owners', undefined, 'limit=2')).body);
		expect(first.results.map((o) => o.id)).toEqual(all.slice(0, 2).map((o) => o.id));
		const after = first.paging!.next!.after;
		const second = contract.OwnerList.parse((await call('GET', '/crm/v3/owners', undefined, `limit=2&after=${after}`)).body);
		expect(second.results.map((o) => o.id)).toEqual(all.slice(2, 4).map((o) => o.id));
		const capped = contract.OwnerList.parse((await call('GET', '/crm/v3/owners', undefined, 'limit=501')).body);
		expect(capped.results).toHaveLength(all.length);
		expect(capped.paging).toBeUndefined();
	});

	it('reads one owner by id or by userId; 404 for an unknown one', async () => {
		const owner = contract.OwnerList.parse((await call('GET', '/crm/v3/owners')).body).results[0]!;
		const byId = await call('GET', `/crm/v3/owners/${owner.id}`);
		expect(contract.WireOwner.parse(byId.body)).toEqual(owner);
		const byUser = await call('GET', `/crm/v3/owners/${owner.userId}`, undefined, 'idProperty=userId');
		expect(contract.WireOwner.parse(byUser.body).id).toBe(owner.id);
		const missing = await call('GET', '/crm/v3/owners/999999');
		expect(missing.status).toBe(404);
		expect(contract.ErrorBody.parse(missing.body).category).toBe('OBJECT_NOT_FOUND');
		expect((await call('GET', `/crm/v3/owners/${owner.id}`, undefined, 'idProperty=email')).status).toBe(400);
	});
});
