import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../types';
import { HubSpotDb } from '../db';
import { createHubSpotGym } from '../index';

const gym = createHubSpotGym(new HubSpotDb('test-views'));
const call = (method: string, path: string, body?: unknown) => gym.handle({ method, path, query: new URLSearchParams(), body } satisfies ApiRequest);
const eventsCount = async () => (await gym.exportState()).events.length;
beforeEach(() => gym.reset({ run_id: 'r', task_id: null, seed: 1, clock: '2026-03-02T09:00:00.000Z' }));

const body = {
	name: 'Dormant leads',
	filterGroups: [{ filters: [{ propertyName: 'hs_lead_status', operator: 'EQ', value: 'NEW' }] }],
	sorts: [{ propertyName: 'createdate', direction: 'DESCENDING' }],
	query: ''
};

describe('saved views (gym-specific /crm/v3/views/{objectType})', () => {
	it('creates, lists, updates and deletes a view; each write logs one event and ticks the clock', async () => {
		expect((await call('GET', '/crm/v3/views/contacts')).body).toEqual({ results: [] });
		const created = await call('POST', '/crm/v3/views/contacts', body);
		expect(created.status).toBe(201);
		expect(created.body).toMatchObject({ id: '370001', objectType: 'contacts', name: 'Dormant leads', createdAt: '2026-03-02T09:00:00.000Z', archived: false });
		expect(((await call('GET', '/crm/v3/views/contacts')).body as { results: unknown[] }).results).toHaveLength(1);
		expect(((await call('GET', '/crm/v3/views/deals')).body as { results: unknown[] }).results).toHaveLength(0);
		const patched = await call('PATCH', '/crm/v3/views/contacts/370001', { filterGroups: [] });
		expect(patched.status).toBe(200);
		expect(patched.body).toMatchObject({ name: 'Dormant leads', filterGroups: [], updatedAt: '2026-03-02T09:00:01.000Z' });
		expect((await call('DELETE', '/crm/v3/views/contacts/370001')).status).toBe(204);
		expect((await call('GET', '/crm/v3/views/contacts')).body).toEqual({ results: [] });
		const state = await gym.exportState();
		expect(state.events.map((e) => [e.method, e.status, e.entity, e.id])).toEqual([
			['POST', 201, 'views', '370001'],
			['PATCH', 200, 'views', '370001'],
			['DELETE', 204, 'views', '370001']
		]);
	});

	it('409s on a duplicate name (case-insensitive, per object type) and writes nothing', async () => {
		await call('POST', '/crm/v3/views/contacts', body);
		const n = await eventsCount();
		const dup = await call('POST', '/crm/v3/views/contacts', { name: 'dormant LEADS' });
		expect(dup.status).toBe(409);
		expect(dup.body).toMatchObject({ status: 'error', category: 'CONFLICT', message: 'A view named "Dormant leads" already exists. Existing ID: 370001' });
		expect((await call('POST', '/crm/v3/views/deals', { name: 'Dormant leads' })).status).toBe(201);
		expect(await eventsCount()).toBe(n + 1);
	});

	it('400s on a missing name, an unknown key, an unknown object type or too many filters; 404 on an unknown view', async () => {
		expect((await call('POST', '/crm/v3/views/contacts', { name: '  ' })).body).toMatchObject({ category: 'VALIDATION_ERROR' });
		expect((await call('POST', '/crm/v3/views/contacts', { name: 'x', filtergroups: [] })).status).toBe(400);
		expect((await call('POST', '/crm/v3/views/widgets', { name: 'x' })).status).toBe(400);
		const filters = Array.from({ length: 6 }, () => ({ propertyName: 'email', operator: 'HAS_PROPERTY' }));
		const tooMany = await call('POST', '/crm/v3/views/contacts', {
			name: 'x',
			filterGroups: [{ filters }, { filters }, { filters }, { filters: [filters[0]] }]
		});
		expect(tooMany.status).toBe(400);
		expect((await call('PATCH', '/crm/v3/views/contacts/370999', { name: 'y' })).status).toBe(404);
		expect((await call('DELETE', '/crm/v3/views/contacts/370999')).status).toBe(404);
		expect(await eventsCount()).toBe(0);
	});
});
