import { describe, expect, it } from 'vitest';
import { T0, testGym } from './test-gym';

const { call, snapshot, gym } = testGym('test-batch');
const batch = (type: string, action: string, body: unknown) => call('POST', `/crm/v3/objects/${type}/batch/${action}`, body);

describe('batch read', () => {
	it('reads by id with properties; envelope COMPLETE at the virtual clock', async () => {
		const res = await batch('contacts', 'read', { inputs: [{ id: '100002' }, { id: '100003' }], properties: ['jobtitle'] });
		expect(res.status).toBe(200);
		expect(res.body).toMatchObject({ status: 'COMPLETE', startedAt: T0, completedAt: T0 });
		expect(res.body.results.map((r: { id: string }) => r.id)).toEqual(['100002', '100003']);
		expect(res.body.results[0].properties.jobtitle).toBe('Sales Team Lead');
	});

	it('reads contacts by email (idProperty) and answers 207 with the missing ids', async () => {
		const res = await batch('contacts', 'read', { idProperty: 'email', inputs: [{ id: 'kallie.okeefe@helixbio.com' }, { id: 'nobody@nowhere.io' }] });
		expect(res.status).toBe(207);
		expect(res.body.results.map((r: { id: string }) => r.id)).toEqual(['100002']);
		expect(res.body.errors[0]).toMatchObject({ status: 'error', category: 'OBJECT_NOT_FOUND', context: { ids: ['nobody@nowhere.io'] } });
	});
});

describe('batch create / update / upsert / archive', () => {
	it('creates every input in one request (201), one event per record, one clock tick', async () => {
		const res = await batch('companies', 'create', { inputs: [{ properties: { name: 'A', domain: 'www.a.io' } }, { properties: { name: 'B' } }] });
		expect(res.status).toBe(201);
		expect(res.body.results.map((r: { properties: { name: string } }) => r.properties.name)).toEqual(['A', 'B']);
		expect(res.body.results[0].properties.domain).toBe('a.io');
		const exp = await gym.exportState();
		expect(exp.events.map((e) => e.id)).toEqual(res.body.results.map((r: { id: string }) => r.id));
		expect(exp.meta.clock).toBe('2026-03-02T14:30:01.000Z');
	});

	it.each([
		['an invalid property', [{ properties: { email: 'ok1@x.io' } }, { properties: { email: 'ok2@x.io', lifecyclestage: 'hot' } }], 400],
		['a duplicate email (existing contact)', [{ properties: { email: 'ok1@x.io' } }, { properties: { email: 'kallie.okeefe@helixbio.com' } }], 409],
		['a duplicate email inside the batch', [{ properties: { email: 'same@x.io' } }, { properties: { email: 'SAME@x.io' } }], 409]
	])('create is atomic: %s fails the whole batch, nothing written', async (_n, inputs, status) => {
		const before = await snapshot();
		const res = await batch('contacts', 'create', { inputs });
		expect(res.status).toBe(status);
		expect(await snapshot()).toBe(before);
	});

	it('updates several records; unknown ids answer 207 and the rest is applied', async () => {
		const res = await batch('contacts', 'update', {
			inputs: [
				{ id: '100002', properties: { hs_lead_status: 'CONNECTED' } },
				{ id: '999', properties: { hs_lead_status: 'OPEN' } }
			]
		});
		expect(res.status).toBe(207);
		expect(res.body.results[0].properties.hs_lead_status).toBe('CONNECTED');
		expect(res.body.errors[0].context.ids).toEqual(['999']);
	});

	it('update is atomic on an invalid input', async () => {
		const before = await snapshot();
		const res = await batch('deals', 'update', {
			inputs: [
				{ id: '300001', properties: { amount: '5' } },
				{ id: '300002', properties: { dealstage: 'nope' } }
			]
		});
		expect(res.status).toBe(400);
		expect(await snapshot()).toBe(before);
	});

	it('upserts contacts by email: updates the existing one, creates the new one (new: true)', async () => {
		const res = await batch('contacts', 'upsert', {
			inputs: [
				{ idProperty: 'email', id: 'KALLIE.OKEEFE@helixbio.com', properties: { jobtitle: 'VP Sales' } },
				{ idProperty: 'email', id: 'fresh@lead.io', properties: { firstname: 'Fresh' } }
			]
		});
		expect(res.status).toBe(200);
		expect(res.body.results.map((r: { id: string; new: boolean }) => [r.id, r.new])).toEqual([
			['100002', false],
			['190016', true]
		]);
		expect(res.body.results[1].properties.email).toBe('fresh@lead.io');
		expect((await batch('companies', 'upsert', { inputs: [{ id: 'x', properties: {} }] })).status).toBe(400);
	});

	it('archives (204); unknown ids are ignored', async () => {
		const res = await batch('tasks', 'archive', { inputs: [{ id: '310001' }, { id: '1' }] });
		expect(res.status).toBe(204);
		expect((await call('GET', '/crm/v3/objects/tasks/310001')).status).toBe(404);
	});

	it.each([
		['more than 100 inputs', { inputs: Array.from({ length: 101 }, (_, i) => ({ id: String(100001 + i) })) }, 'at most 100'],
		['no inputs', { inputs: [] }, 'empty'],
		['a misspelled key', { input: [{ id: '1' }] }, 'input']
	])('400 for %s', async (_n, body, text) => {
		const res = await batch('contacts', 'read', body);
		expect(res.status).toBe(400);
		expect(res.body.message).toContain(text);
	});

	it('404 for an unknown batch action', async () => {
		expect((await batch('contacts', 'merge', { inputs: [] })).status).toBe(404);
	});
});
