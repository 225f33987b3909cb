import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../types';
import { HubSpotDb } from '../db';
import { createHubSpotGym } from '../index';

const gym = createHubSpotGym(new HubSpotDb('test-objects'));
const get = (path: string, query = '') => gym.handle({ method: 'GET', path, query: new URLSearchParams(query), body: undefined } satisfies ApiRequest);
beforeAll(() => gym.reset({ run_id: 'r', task_id: null, seed: 1, clock: '2026-03-02T09:00:00.000Z' }));

describe('read-only CRM objects of the seed world', () => {
	it('pages through all 150 deals with the default deal properties', async () => {
		const ids: string[] = [];
		let after = '';
		for (;;) {
			const res = await get('/crm/v3/objects/deals', `limit=100${after ? `&after=${after}` : ''}`);
			expect(res.status).toBe(200);
			const body = res.body as { results: { id: string; properties: Record<string, unknown> }[]; paging?: { next: { after: string } } };
			ids.push(...body.results.map((d) => d.id));
			expect(Object.keys(body.results[0]!.properties).sort()).toEqual([
				'amount',
				'closedate',
				'createdate',
				'dealname',
				'dealstage',
				'hs_lastmodifieddate',
				'hs_object_id',
				'pipeline'
			]);
			if (!body.paging) break;
			after = body.paging.next.after;
		}
		expect(ids).toHaveLength(150);
	});

	it('gets a company with its contacts (v3 associations) and answers the same pairs in v4, both directions', async () => {
		const res = await get('/crm/v3/objects/companies/20001', 'associations=contacts,deals');
		expect(res.status).toBe(200);
		const body = res.body as { properties: Record<string, string>; associations: { contacts: { results: { id: string; type: string }[] } } };
		expect(body.properties).toMatchObject({ name: 'Helix Biotech', domain: 'helixbio.com' });
		const contactIds = body.associations.contacts.results.map((r) => r.id);
		expect(contactIds.length).toBeGreaterThan(0);
		expect(body.associations.contacts.results[0]!.type).toBe('company_to_contact');
		const v4 = await get(`/crm/v4/objects/companies/20001/associations/contacts`);
		expect(
			(v4.body as { results: { toObjectId: number; associationTypes: { typeId: number }[] }[] }).results.map((r) => [
				String(r.toObjectId),
				r.associationTypes[0]!.typeId
			])
		).toEqual(contactIds.map((id) => [id, 280]));
		const back = await get(`/crm/v4/objects/contacts/${contactIds[0]}/associations/companies`);
		expect(back.body).toEqual({ results: [{ toObjectId: 20001, associationTypes: [{ category: 'HUBSPOT_DEFINED', typeId: 279, label: null }] }] });
	});

	it('serves the default pipeline with its seven stages, and 404s / 400s like HubSpot', async () => {
		const res = await get('/crm/v3/pipelines/deals');
		const pipeline = (res.body as { results: { id: string; label: string; stages: { id: string }[] }[] }).results[0]!;
		expect([pipeline.id, pipeline.label, pipeline.stages.length]).toEqual(['default', 'Sales Pipeline', 7]);
		expect((await get('/crm/v3/objects/deals/1')).status).toBe(404);
		expect((await get('/crm/v3/objects/tasks', 'limit=0')).status).toBe(400);
		expect((await get('/crm/v4/objects/contacts/100002/associations/widgets')).status).toBe(400);
		expect((await get('/crm/v3/objects/notes', 'limit=1&properties=hs_note_body')).status).toBe(200);
	});
});
