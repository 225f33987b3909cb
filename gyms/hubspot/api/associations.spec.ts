import { describe, expect, it } from 'vitest';
import { testGym } from './test-gym';

const { call, snapshot, gym } = testGym('test-associations');
const v4 = '/crm/v4/objects';

describe('associations v4', () => {
	it('PUT default associates two records (both directions readable), idempotently', async () => {
		const res = await call('PUT', `${v4}/contacts/100002/associations/default/deals/300002`);
		expect(res.status).toBe(200);
		expect(res.body).toMatchObject({
			status: 'COMPLETE',
			results: [{ associationSpec: { associationTypeId: 4 } }, { associationSpec: { associationTypeId: 3 } }]
		});
		const back = await call('GET', `${v4}/deals/300002/associations/contacts`);
		expect(back.body.results).toContainEqual({ toObjectId: 100002, associationTypes: [{ category: 'HUBSPOT_DEFINED', typeId: 3, label: null }] });
		const rows = (await gym.exportState()).tables.associations!.length;
		await call('PUT', `${v4}/contacts/100002/associations/default/deals/300002`);
		const exp = await gym.exportState();
		expect(exp.tables.associations!.length).toBe(rows);
		expect(exp.events).toHaveLength(1);
	});

	it('PUT labeled with a primary company type adds the "Primary" label beside the default one', async () => {
		const c = await call('POST', '/crm/v3/objects/contacts', { properties: { email: 'new@acme.io' } });
		const res = await call('PUT', `${v4}/contacts/${c.body.id}/associations/companies/20001`, [
			{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 279 },
			{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 1 }
		]);
		expect(res.status).toBe(201);
		expect(res.body).toMatchObject({ fromObjectTypeId: '0-1', fromObjectId: Number(c.body.id), toObjectTypeId: '0-2', toObjectId: 20001, labels: ['Primary'] });
		const list = await call('GET', `${v4}/companies/20001/associations/contacts`);
		expect(list.body.results.find((r: { toObjectId: number }) => r.toObjectId === Number(c.body.id)).associationTypes).toEqual([
			{ category: 'HUBSPOT_DEFINED', typeId: 2, label: 'Primary' },
			{ category: 'HUBSPOT_DEFINED', typeId: 280, label: null }
		]);
	});

	it.each([
		['an unknown type id', `${v4}/contacts/100002/associations/companies/20001`, [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 3 }], 400],
		[
			'a USER_DEFINED label this portal does not have',
			`${v4}/contacts/100002/associations/companies/20001`,
			[{ associationCategory: 'USER_DEFINED', associationTypeId: 7 }],
			400
		],
		['a body that is not an array', `${v4}/contacts/100002/associations/companies/20001`, { associationTypeId: 279 }, 400],
		['a missing source', `${v4}/contacts/99/associations/companies/20001`, [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 279 }], 404],
		['a missing target', `${v4}/contacts/100002/associations/companies/99`, [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 279 }], 404],
		['an unknown object type', `${v4}/contacts/100002/associations/widgets/1`, [], 400]
	])('PUT labeled: %s → %i, nothing written', async (_n, path, body, status) => {
		const before = await snapshot();
		expect((await call('PUT', path, body)).status).toBe(status);
		expect(await snapshot()).toBe(before);
	});

	it('PUT default between types that cannot be associated is a 400; a missing end a 404', async () => {
		expect((await call('PUT', `${v4}/tasks/310001/associations/default/notes/320001`)).status).toBe(400);
		expect((await call('PUT', `${v4}/contacts/100002/associations/default/deals/1`)).status).toBe(404);
	});

	it('DELETE removes every type between the two records (204), then GET no longer lists it', async () => {
		const res = await call('DELETE', `${v4}/companies/20001/associations/contacts/100002`);
		expect(res.status).toBe(204);
		const list = await call('GET', `${v4}/contacts/100002/associations/companies`);
		expect(list.body.results).toEqual([]);
		const exp = await gym.exportState();
		expect(exp.events[0]).toMatchObject({ method: 'DELETE', status: 204, entity: 'associations', id: '279:100002:20001' });
		expect((await call('DELETE', `${v4}/companies/20001/associations/contacts/1`)).status).toBe(404);
	});

	it('engagement associations: a call logged against a contact and a deal', async () => {
		const c = await call('POST', '/crm/v3/objects/calls', {
			properties: { hs_call_title: 'Intro', hs_timestamp: '2026-03-02T10:00:00.000Z' },
			associations: [
				{ to: { id: '100002' }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 194 }] },
				{ to: { id: '300001' }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 206 }] }
			]
		});
		expect(c.status).toBe(201);
		const fromContact = await call('GET', `${v4}/contacts/100002/associations/calls`);
		expect(fromContact.body.results).toEqual([
			{ toObjectId: Number(c.body.id), associationTypes: [{ category: 'HUBSPOT_DEFINED', typeId: 193, label: null }] }
		]);
		const fromDeal = await call('GET', `${v4}/deals/300001/associations/calls`);
		expect(fromDeal.body.results[0].associationTypes[0].typeId).toBe(205);
	});
});

describe('associations v4 batch read', () => {
	const read = (from: string, to: string, body: unknown) => call('POST', `/crm/v4/associations/${from}/${to}/batch/read`, body);

	it('answers each id as the single-record GET does, in input order; ids without any are 207 errors; nothing written', async () => {
		const lonely = await call('POST', '/crm/v3/objects/contacts', { properties: { email: 'lonely@acme.io' } });
		const before = await snapshot();
		const res = await read('contacts', 'companies', { inputs: [{ id: '100003' }, { id: lonely.body.id }, { id: 100002 }, { id: '99' }] });
		expect(res.status).toBe(207);
		const single = async (id: string) => (await call('GET', `${v4}/contacts/${id}/associations/companies`)).body.results;
		expect(res.body.results).toEqual([
			{ from: { id: '100003' }, to: await single('100003') },
			{ from: { id: '100002' }, to: await single('100002') }
		]);
		expect(res.body.results[0].to.length).toBeGreaterThan(0);
		expect(res.body).toMatchObject({ status: 'COMPLETE', numErrors: 2 });
		expect(res.body.errors.map((e: { category: string; context: { fromObjectId: string[] } }) => [e.category, e.context.fromObjectId])).toEqual([
			['OBJECT_NOT_FOUND', [lonely.body.id]],
			['OBJECT_NOT_FOUND', ['99']]
		]);
		expect(await snapshot()).toBe(before);
	});

	it('all found: 200 without errors; engagements toward records (tasks → contacts)', async () => {
		const t = await call('POST', '/crm/v3/objects/tasks', {
			properties: { hs_task_subject: 'Batch', hs_timestamp: '2026-03-02T10:00:00.000Z' },
			associations: [{ to: { id: '100002' }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 204 }] }]
		});
		const res = await read('tasks', 'contacts', { inputs: [{ id: t.body.id }] });
		expect(res.status).toBe(200);
		expect(res.body).toEqual({
			status: 'COMPLETE',
			results: [{ from: { id: t.body.id }, to: [{ toObjectId: 100002, associationTypes: [{ category: 'HUBSPOT_DEFINED', typeId: 204, label: null }] }] }],
			startedAt: expect.any(String),
			completedAt: expect.any(String)
		});
	});

	it.each([
		['no inputs', 'contacts', 'companies', { inputs: [] }],
		['more than 1,000 inputs', 'contacts', 'companies', { inputs: Array.from({ length: 1001 }, (_, i) => ({ id: String(i) })) }],
		['an unknown key', 'contacts', 'companies', { inputs: [{ id: '100002' }], properties: ['name'] }],
		['an unknown object type', 'contacts', 'widgets', { inputs: [{ id: '100002' }] }]
	])('400 for %s', async (_n, from, to, body) => {
		const res = await read(from, to, body);
		expect(res.status).toBe(400);
		expect(res.body).toMatchObject({ status: 'error', category: 'VALIDATION_ERROR' });
	});
});
