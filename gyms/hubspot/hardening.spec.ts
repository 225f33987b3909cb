/**
 * Imports and writes that cannot lie (HubSpot): an import is refused for what the API itself would refuse
 * (out-of-enum values, a second contact with one email, over-long values, counters that point at existing rows,
 * a row id twice), naming the path, and nothing is written; every answer is one the Service Worker can send
 * (a 204 has no body); search compares record ids exactly; text values have HubSpot's 65,536-character limit.
 */
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../verifier/canonical';
import type { ApiResponse } from '../types';
import type { CrmObject } from './schema';
import { testGym } from './api/test-gym';

const { gym, call, snapshot } = testGym('hubspot-hardening');

/** The Fetch API's rule (the SW answers with `new Response`): 101, 204, 205 and 304 carry no body. */
function asFetchResponse(res: ApiResponse): Response {
	return new Response(res.body === undefined ? null : JSON.stringify(res.body), { status: res.status });
}

describe('every write answers what it committed, in a form the SW can send', () => {
	it('DELETE /crm/v3/lists/{id}: a 204 without a body (a body made the SW answer 500 after the list was archived)', async () => {
		const listId = ((await gym.exportState()).tables.lists![0] as { id: string }).id;
		const before = await snapshot();
		const res = await call('DELETE', `/crm/v3/lists/${listId}`);
		expect(res.status).toBe(204);
		expect(res.body).toBeUndefined();
		expect(() => asFetchResponse(res)).not.toThrow();
		expect(await snapshot()).not.toBe(before);
	});

	it('every 204 of the route table has no body (views, associations, objects)', async () => {
		const created = await call('POST', '/crm/v3/views/contacts', { name: 'Mine', filterGroups: [] });
		expect(created.status).toBe(201);
		for (const [method, path] of [
			['DELETE', `/crm/v3/views/contacts/${created.body.id}`],
			['DELETE', '/crm/v3/objects/contacts/190001'],
			['DELETE', '/crm/v3/objects/contacts/999999999']
		] as const) {
			const res = await call(method, path);
			expect(res.status, path).toBe(204);
			expect(() => asFetchResponse(res), path).not.toThrow();
		}
	});
});

describe('search compares ids exactly', () => {
	it('hs_object_id EQ "190001.0000000000001" matches nothing (as a float it equals 190001)', async () => {
		const res = await call('POST', '/crm/v3/objects/contacts/search', {
			filterGroups: [{ filters: [{ propertyName: 'hs_object_id', operator: 'EQ', value: '190001.0000000000001' }] }]
		});
		expect(res.status).toBe(200);
		expect(res.body.total).toBe(0);
		const exact = await call('POST', '/crm/v3/objects/contacts/search', {
			filterGroups: [{ filters: [{ propertyName: 'hs_object_id', operator: 'EQ', value: '190001' }] }]
		});
		expect(exact.body.results.map((r: { id: string }) => r.id)).toEqual(['190001']);
	});

	it('hs_object_id IN and GT over ids beyond 2^53 are exact', async () => {
		const res = await call('POST', '/crm/v3/objects/contacts/search', {
			filterGroups: [{ filters: [{ propertyName: 'hs_object_id', operator: 'IN', values: ['190001.0', '190002'] }] }]
		});
		expect(res.body.results.map((r: { id: string }) => r.id)).toEqual(['190002']);
		const gt = await call('POST', '/crm/v3/objects/contacts/search', {
			filterGroups: [{ filters: [{ propertyName: 'hs_object_id', operator: 'GT', value: '9007199254740993' }] }]
		});
		expect(gt.status).toBe(200);
		expect(gt.body.total).toBe(0);
	});
});

describe('text values have the vendor limit (65,536 characters)', () => {
	it('a create or update with a longer value is a 400 naming the property, and nothing changes', async () => {
		const before = await snapshot();
		const long = 'x'.repeat(65_537);
		const created = await call('POST', '/crm/v3/objects/contacts', { properties: { email: 'long@example.com', jobtitle: long } });
		expect(created.status).toBe(400);
		expect(created.body.message).toContain('jobtitle');
		const updated = await call('PATCH', '/crm/v3/objects/contacts/190001', { properties: { jobtitle: long } });
		expect(updated.status).toBe(400);
		expect(await snapshot()).toBe(before);
		const ok = await call('PATCH', '/crm/v3/objects/contacts/190001', { properties: { jobtitle: 'y'.repeat(65_536) } });
		expect(ok.status).toBe(200);
	});
});

describe('an import is as strict as the API', () => {
	async function refused(mutate: (tables: Record<string, unknown[]>, meta: { next_ids: Record<string, number> }) => void, message: string | RegExp) {
		const exp = await gym.exportState();
		const before = await snapshot();
		const bad = structuredClone(exp);
		mutate(bad.tables, bad.meta);
		await expect(gym.importState(bad)).rejects.toThrow(message);
		expect(await snapshot()).toBe(before);
	}
	const contact = (t: Record<string, unknown[]>, i = 0) => t.contacts![i] as CrmObject;

	it('an out-of-enum value (lifecyclestage "customerr")', async () => {
		await refused(
			(t) => void (contact(t).properties.lifecyclestage = 'customerr'),
			/^gyms\.hubspot: tables\.contacts\.0\.properties\.lifecyclestage: customerr was not one of the allowed options/
		);
	});

	it('two contacts with one email (case-insensitive, as the API refuses a create with a 409)', async () => {
		const first = ((await gym.exportState()).tables.contacts![0] as CrmObject).id;
		await refused(
			(t) => void (contact(t, 1).properties.email = contact(t, 0).properties.email!.toUpperCase()),
			new RegExp(`^gyms\\.hubspot: tables\\.contacts\\.1\\.properties\\.email: .* is the email of contacts/${first} too`)
		);
	});

	it('a value over 65,536 characters', async () => {
		await refused(
			(t) => void (contact(t).properties.jobtitle = 'x'.repeat(65_537)),
			/^gyms\.hubspot: tables\.contacts\.0\.properties\.jobtitle: longer than 65536 characters/
		);
	});

	it('a counter that points at an existing row (the next create would overwrite it)', async () => {
		await refused(
			(_t, meta) => void (meta.next_ids.contacts = 190001),
			/^gyms\.hubspot: meta\.next_ids\.contacts: 190001 is not above the highest id in contacts \(\d+\)/
		);
	});

	it('a row id twice in one table (the second would silently replace the first)', async () => {
		await refused((t) => {
			const c = contact(t, 0);
			t.contacts!.push({ ...c, properties: { ...c.properties, email: 'twin@example.com' } });
		}, /^gyms\.hubspot: tables\.contacts\.\d+\.id: "\d+" is the id of tables\.contacts\.0 too/);
	});

	it('the untouched export still imports back (canonical JSON)', async () => {
		const exp = await gym.exportState();
		await gym.importState(exp);
		expect(canonicalJson(await gym.exportState())).toBe(canonicalJson(exp));
	});

	it('after an accepted import the next create gets a fresh id (never an existing row)', async () => {
		const exp = await gym.exportState();
		await gym.importState(exp);
		const created = await call('POST', '/crm/v3/objects/contacts', { properties: { email: 'fresh@example.com' } });
		expect(created.status).toBe(201);
		expect((exp.tables.contacts as CrmObject[]).some((c) => c.id === created.body.id)).toBe(false);
	});
});
