import { describe, expect, it } from 'vitest';
import { OBJECT_TYPES, PROPERTIES } from '../properties';
import { testGym } from './test-gym';

const { call } = testGym('test-properties');

describe('GET /crm/v3/properties/{type}', () => {
	it.each(OBJECT_TYPES)('%s: every definition, HubSpot-shaped', async (type) => {
		const res = await call('GET', `/crm/v3/properties/${type}`);
		expect(res.status).toBe(200);
		expect(res.body.results).toHaveLength(PROPERTIES[type].length);
		for (const p of res.body.results) {
			expect(Object.keys(p)).toEqual(
				expect.arrayContaining(['name', 'label', 'type', 'fieldType', 'groupName', 'options', 'modificationMetadata', 'hasUniqueValue'])
			);
			if (p.type === 'enumeration') expect(p.options.length).toBeGreaterThan(0);
		}
	});

	it('carries the UI labels and enumeration options', async () => {
		const contacts = (await call('GET', '/crm/v3/properties/contacts')).body.results as {
			name: string;
			label: string;
			options: { label: string; value: string }[];
		}[];
		const by = (n: string) => contacts.find((p) => p.name === n)!;
		expect(by('lifecyclestage').label).toBe('Lifecycle stage');
		expect(by('lifecyclestage').options.map((o) => o.value)).toEqual([
			'subscriber',
			'lead',
			'marketingqualifiedlead',
			'salesqualifiedlead',
			'opportunity',
			'customer',
			'evangelist',
			'other'
		]);
		expect(by('hs_lead_status').label).toBe('Lead status');
		expect(by('hubspot_owner_id')).toMatchObject({ label: 'Contact owner', referencedObjectType: 'OWNER' });
		expect(by('hubspot_owner_id').options).toContainEqual(expect.objectContaining({ label: 'Sofia Rossi', value: '1003' }));
		expect(by('email')).toMatchObject({ hasUniqueValue: true });
		expect(by('createdate')).toMatchObject({ modificationMetadata: { readOnlyValue: true } });
		const deals = (await call('GET', '/crm/v3/properties/deals')).body.results as { name: string; label: string; options: { value: string }[] }[];
		expect(deals.find((p) => p.name === 'dealstage')!.options.map((o) => o.value)).toContain('closedlost');
		expect(
			deals
				.filter((p) => ['dealstage', 'closedate', 'amount', 'pipeline'].includes(p.name))
				.map((p) => p.label)
				.sort()
		).toEqual(['Amount', 'Close date', 'Deal stage', 'Pipeline']);
	});

	it('GET one property; 404 for an unknown one, 400 for an unknown type', async () => {
		const one = await call('GET', '/crm/v3/properties/deals/closedate');
		expect(one.body).toMatchObject({ name: 'closedate', label: 'Close date', type: 'datetime' });
		expect((await call('GET', '/crm/v3/properties/deals/nope')).status).toBe(404);
		expect((await call('GET', '/crm/v3/properties/widgets')).status).toBe(400);
	});
});

describe('pipelines and owners', () => {
	it('GET /crm/v3/pipelines/deals/{id}/stages lists the stages with their metadata', async () => {
		const res = await call('GET', '/crm/v3/pipelines/deals/default/stages');
		expect(res.body.results.map((s: { id: string; metadata: { probability: string } }) => [s.id, s.metadata.probability])).toEqual([
			['appointmentscheduled', '0.2'],
			['qualifiedtobuy', '0.4'],
			['presentationscheduled', '0.6'],
			['decisionmakerboughtin', '0.8'],
			['contractsent', '0.9'],
			['closedwon', '1.0'],
			['closedlost', '0.0']
		]);
		expect((await call('GET', '/crm/v3/pipelines/deals/default')).body.label).toBe('Sales Pipeline');
		expect((await call('GET', '/crm/v3/pipelines/deals/nope/stages')).status).toBe(404);
	});

	it('GET /crm/v3/owners?email= filters by email', async () => {
		const res = await call('GET', '/crm/v3/owners', undefined, 'email=sofia.rossi@salesgym.io');
		expect(res.body.results.map((o: { id: string }) => o.id)).toEqual(['1003']);
		expect((await call('GET', '/crm/v3/owners', undefined, 'email=nobody@x.io')).body.results).toEqual([]);
	});
});
