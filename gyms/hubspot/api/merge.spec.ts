import { describe, expect, it } from 'vitest';
import { T0, testGym } from './test-gym';

const { call, snapshot, gym, db } = testGym('test-merge');
const C = '/crm/v3/objects/contacts';

describe('POST /crm/v3/objects/contacts/merge', () => {
	it('keeps the primary id, fills its gaps, moves associations, archives the merged contact', async () => {
		// 190001 is the personal-email duplicate of a seeded person: merge it into a fresh primary.
		const dup = (await call('GET', `${C}/190001`, undefined, 'properties=hs_lead_status')).body;
		const primary = await call('POST', C, { properties: { email: 'primary@acme.io', firstname: 'Primary' } });
		await call('PUT', `/crm/v4/objects/contacts/190001/associations/default/companies/20001`);
		const res = await call('POST', `${C}/merge`, { primaryObjectId: primary.body.id, objectIdToMerge: '190001' });
		expect(res.status).toBe(200);
		expect(res.body.id).toBe(primary.body.id);
		expect(res.body.properties).toMatchObject({
			email: 'primary@acme.io',
			firstname: 'Primary',
			hs_lead_status: dup.properties.hs_lead_status,
			hs_additional_emails: dup.properties.email,
			hs_merged_object_ids: '190001'
		});
		expect((await call('GET', `${C}/190001`)).status).toBe(404);
		const companies = await call('GET', `/crm/v4/objects/contacts/${primary.body.id}/associations/companies`);
		expect(companies.body.results.map((r: { toObjectId: number }) => r.toObjectId)).toEqual([20001]);
		expect(
			(await call('GET', `/crm/v4/objects/companies/20001/associations/contacts`)).body.results.some((r: { toObjectId: number }) => r.toObjectId === 190001)
		).toBe(false);
		const events = (await gym.exportState()).events.slice(-2);
		expect(events.map((e) => [e.path, e.id])).toEqual([
			[`${C}/merge`, primary.body.id],
			[`${C}/merge`, '190001']
		]);
	});

	it.each([
		[{ primaryObjectId: '100002', objectIdToMerge: '100002' }, 400],
		[{ primaryObjectId: '100002', objectIdToMerge: '1' }, 404],
		[{ primaryObjectId: '1', objectIdToMerge: '100002' }, 404],
		[{ primary: '100002', objectIdToMerge: '100003' }, 400]
	])('%o → %i, nothing written', async (body, status) => {
		const before = await snapshot();
		expect((await call('POST', `${C}/merge`, body)).status).toBe(status);
		expect(await snapshot()).toBe(before);
	});
});

describe('read cache (generation-checked)', () => {
	it('reads are fresh after an API write, a direct database write and a reset', async () => {
		const get = async () => (await call('GET', `${C}/100002`, undefined, 'properties=jobtitle')).body.properties.jobtitle;
		expect(await get()).toBe('Sales Team Lead');
		await call('PATCH', `${C}/100002`, { properties: { jobtitle: 'CRO' } });
		expect(await get()).toBe('CRO');
		const row = (await db.contacts.get('100002'))!;
		await db.contacts.put({ ...row, properties: { ...row.properties, jobtitle: 'Direct' } });
		expect(await get()).toBe('Direct');
		await gym.reset({ run_id: 'r2', task_id: null, seed: 1, clock: T0 });
		expect(await get()).toBe('Sales Team Lead');
		const search = await call('POST', `${C}/search`, { filterGroups: [{ filters: [{ propertyName: 'jobtitle', operator: 'EQ', value: 'CRO' }] }] });
		expect(search.body.total).toBe(0);
	});
});
