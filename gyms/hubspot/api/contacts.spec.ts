import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { HubSpotDb } from '../db';
import { createHubSpotGym } from '../index';
import type { ApiRequest, Gym } from '../../types';

let n = 0;

function req(method: string, path: string, body?: unknown, query = ''): ApiRequest {
	return { method, path, query: new URLSearchParams(query), body };
}

async function snapshot() {
	return JSON.stringify(await gym.exportState());
}

// One database for the file: the first reset loads the full seed, every later one restores only the rows the
// previous test touched (gyms/store.ts), which these tests therefore also exercise.
const gym: Gym = createHubSpotGym(new HubSpotDb(`test-contacts-${n++}`));
beforeEach(async () => {
	await gym.reset({ run_id: 'r', task_id: null, seed: 1, clock: '2026-03-02T14:30:00.000Z' });
});

const CONTACTS = '/crm/v3/objects/contacts';

describe('GET /crm/v3/objects/contacts', () => {
	it('pages through every contact in id order with the default property set', async () => {
		const seen: string[] = [];
		let after = '';
		for (;;) {
			const res = await gym.handle(req('GET', CONTACTS, undefined, `limit=100${after ? `&after=${after}` : ''}`));
			expect(res.status).toBe(200);
			const body = res.body as { results: { id: string; properties: Record<string, unknown> }[]; paging?: { next: { after: string; link: string } } };
			seen.push(...body.results.map((r) => r.id));
			expect(Object.keys(body.results[0]!.properties).sort()).toEqual(['createdate', 'email', 'firstname', 'hs_object_id', 'lastmodifieddate', 'lastname']);
			if (!body.paging) break;
			expect(body.paging.next.link).toContain(`after=${body.paging.next.after}`);
			after = body.paging.next.after;
		}
		expect(seen).toHaveLength(815);
		expect(seen).toEqual([...seen].sort((a, b) => Number(a) - Number(b)));
	});

	it('returns requested properties, null when unset', async () => {
		const res = await gym.handle(req('GET', CONTACTS, undefined, 'limit=1&properties=jobtitle,mobilephone'));
		const c = (res.body as { results: { properties: Record<string, unknown> }[] }).results[0]!;
		expect(c.properties.jobtitle).toBe('Sales Team Lead');
		expect(c.properties.mobilephone).toBeNull();
	});

	it('rejects a non-numeric limit with VALIDATION_ERROR', async () => {
		const res = await gym.handle(req('GET', CONTACTS, undefined, 'limit=ten'));
		expect(res.status).toBe(400);
		expect(res.body).toMatchObject({ status: 'error', category: 'VALIDATION_ERROR' });
	});
});

describe('POST /crm/v3/objects/contacts', () => {
	it('creates a contact at the virtual clock, with a new numeric id, and advances the clock', async () => {
		const res = await gym.handle(req('POST', CONTACTS, { properties: { email: 'New.Person@Example.com', firstname: 'New', lifecyclestage: 'lead' } }));
		expect(res.status).toBe(201);
		const c = res.body as { id: string; properties: Record<string, string>; createdAt: string; archived: boolean };
		expect(c.id).toBe('190016');
		expect(c.properties.email).toBe('new.person@example.com');
		expect(c.createdAt).toBe('2026-03-02T14:30:00.000Z');
		expect(c.archived).toBe(false);
		const exp = await gym.exportState();
		expect(exp.meta.clock).toBe('2026-03-02T14:30:01.000Z');
		expect(exp.events).toEqual([
			{ seq: 1, run_seq: 1, at: '2026-03-02T14:30:00.000Z', gym: 'hubspot', method: 'POST', path: CONTACTS, status: 201, entity: 'contacts', id: '190016' }
		]);
		const stored = exp.tables.contacts!.find((r) => (r as { id: string }).id === '190016') as { properties: Record<string, string> };
		expect(stored.properties.hs_lifecyclestage_lead_date).toBe('2026-03-02T14:30:00.000Z');
	});

	it('409s on a duplicate email (case-insensitive) naming the existing id, and changes nothing', async () => {
		const before = await snapshot();
		const res = await gym.handle(req('POST', CONTACTS, { properties: { email: 'KALLIE.OKEEFE@helixbio.com' } }));
		expect(res.status).toBe(409);
		expect(res.body).toMatchObject({ status: 'error', category: 'CONFLICT', message: 'Contact already exists. Existing ID: 100002' });
		expect(await snapshot()).toBe(before);
	});

	it.each([
		[{ lifecyclestage: 'hot' }, 'INVALID_OPTION', 'lifecyclestage'],
		[{ hs_lead_status: 'open' }, 'INVALID_OPTION', 'hs_lead_status'],
		[{ email: 'jane@' }, 'INVALID_EMAIL', 'email'],
		[{ email: 'jane.example.com' }, 'INVALID_EMAIL', 'email'],
		[{ favourite_color: 'blue' }, 'PROPERTY_DOESNT_EXIST', 'favourite_color'],
		[{ createdate: '2020-01-01T00:00:00.000Z' }, 'READ_ONLY_VALUE', 'createdate'],
		[{ hubspot_owner_id: '999' }, 'INVALID_OWNER_ID', 'hubspot_owner_id']
	])('400 VALIDATION_ERROR for %o, naming %s on %s, and changes nothing', async (properties, code, name) => {
		const before = await snapshot();
		const res = await gym.handle(req('POST', CONTACTS, { properties: { email: 'ok@example.com', ...properties } }));
		expect(res.status).toBe(400);
		const body = res.body as { category: string; message: string; errors: { code: string; in: string }[] };
		expect(body.category).toBe('VALIDATION_ERROR');
		expect(body.message).toMatch(/^Property values were not valid: \[/);
		expect(body.errors).toEqual([expect.objectContaining({ code, in: name })]);
		expect(await snapshot()).toBe(before);
	});

	it('rejects a misspelled body key instead of dropping it', async () => {
		const before = await snapshot();
		const res = await gym.handle(req('POST', CONTACTS, { propertes: { email: 'a@b.co' } }));
		expect(res.status).toBe(400);
		expect((res.body as { message: string }).message).toContain('propertes');
		expect(await snapshot()).toBe(before);
	});

	it('correlation ids are deterministic per request, and differ between different rejected requests', async () => {
		const a = await gym.handle(req('POST', CONTACTS, { properties: { email: 'bad-1' } }));
		const b = await gym.handle(req('POST', CONTACTS, { properties: { email: 'bad-2' } }));
		const a2 = await gym.handle(req('POST', CONTACTS, { properties: { email: 'bad-1' } }));
		const id = (r: { body?: unknown }) => (r.body as { correlationId: string }).correlationId;
		expect(id(a)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
		expect(id(a)).not.toBe(id(b));
		expect(id(a2)).toBe(id(a));
		expect(a.headers?.['x-hubspot-correlation-id']).toBe(id(a));
	});

	it('answers invalid JSON with a 400', async () => {
		const res = await gym.handle({ ...req('POST', CONTACTS), bodyError: 'body is not valid JSON' });
		expect(res.status).toBe(400);
	});
});

describe('GET/PATCH /crm/v3/objects/contacts/{id}', () => {
	it('gets by id and by email (idProperty=email)', async () => {
		const byId = await gym.handle(req('GET', `${CONTACTS}/100003`));
		expect(byId.status).toBe(200);
		const email = (byId.body as { properties: { email: string } }).properties.email;
		const byEmail = await gym.handle(req('GET', `${CONTACTS}/${encodeURIComponent(email)}`, undefined, 'idProperty=email'));
		expect((byEmail.body as { id: string }).id).toBe('100003');
	});

	it('404s for an unknown id with OBJECT_NOT_FOUND', async () => {
		for (const method of ['GET', 'PATCH']) {
			const res = await gym.handle(req(method, `${CONTACTS}/99999`, method === 'PATCH' ? { properties: { firstname: 'X' } } : undefined));
			expect(res.status).toBe(404);
			expect(res.body).toMatchObject({ status: 'error', category: 'OBJECT_NOT_FOUND', message: 'resource not found' });
		}
	});

	it('patches lifecycle stage and lead status, bumping updatedAt to the virtual clock', async () => {
		const res = await gym.handle(req('PATCH', `${CONTACTS}/100009`, { properties: { lifecyclestage: 'salesqualifiedlead', hs_lead_status: 'IN_PROGRESS' } }));
		expect(res.status).toBe(200);
		const c = res.body as { properties: Record<string, string>; updatedAt: string };
		expect(c.properties.lifecyclestage).toBe('salesqualifiedlead');
		expect(c.properties.hs_lead_status).toBe('IN_PROGRESS');
		expect(c.updatedAt).toBe('2026-03-02T14:30:00.000Z');
	});

	it('clears a property with ""', async () => {
		await gym.handle(req('PATCH', `${CONTACTS}/100002`, { properties: { hs_lead_status: '' } }));
		const res = await gym.handle(req('GET', `${CONTACTS}/100002`, undefined, 'properties=hs_lead_status'));
		expect((res.body as { properties: Record<string, unknown> }).properties.hs_lead_status).toBeNull();
	});

	it('409s when patching to another contact’s email, and 400s on a bad enum; nothing changes', async () => {
		const before = await snapshot();
		const dup = await gym.handle(req('PATCH', `${CONTACTS}/100003`, { properties: { email: 'kallie.okeefe@helixbio.com' } }));
		expect(dup.status).toBe(409);
		expect((dup.body as { message: string }).message).toBe('Contact already exists. Existing ID: 100002');
		const bad = await gym.handle(req('PATCH', `${CONTACTS}/100003`, { properties: { firstname: 'Changed', lifecyclestage: 'SQL' } }));
		expect(bad.status).toBe(400);
		expect(await snapshot()).toBe(before);
	});

	it('400s for a malformed percent-encoding in the id, instead of crashing', async () => {
		const res = await gym.handle(req('GET', `${CONTACTS}/%E0%A4%A`));
		expect(res.status).toBe(400);
		expect(res.body).toMatchObject({ category: 'VALIDATION_ERROR' });
	});

	it('405s for an unsupported method on a known path', async () => {
		const res = await gym.handle(req('PUT', `${CONTACTS}/100002`));
		expect(res.status).toBe(405);
	});
});

describe('POST /crm/v3/objects/contacts/search', () => {
	it('finds contacts by name tokens and by email fragment', async () => {
		const res = await gym.handle(req('POST', `${CONTACTS}/search`, { query: "Kallie O'Keefe", properties: ['jobtitle'] }));
		const body = res.body as { total: number; results: { id: string; properties: Record<string, string> }[] };
		expect(body.total).toBe(1);
		expect(body.results[0]!.properties.jobtitle).toBe('Sales Team Lead');
		const byDomain = await gym.handle(req('POST', `${CONTACTS}/search`, { query: 'helixbio.com', limit: 100 }));
		expect((byDomain.body as { total: number }).total).toBeGreaterThan(0);
	});

	it('returns an empty result set, not an error, when nothing matches', async () => {
		const res = await gym.handle(req('POST', `${CONTACTS}/search`, { query: 'zzzz-nobody' }));
		expect(res.body).toEqual({ total: 0, results: [] });
	});

	it('rejects an unknown body key (e.g. a filterGroup typo)', async () => {
		const res = await gym.handle(req('POST', `${CONTACTS}/search`, { qeury: 'kallie' }));
		expect(res.status).toBe(400);
	});
});

describe('GET /crm/v3/owners', () => {
	it('lists owners and filters by email', async () => {
		const all = await gym.handle(req('GET', '/crm/v3/owners'));
		expect((all.body as { results: unknown[] }).results).toHaveLength(12);
		const one = await gym.handle(req('GET', '/crm/v3/owners', undefined, 'email=SOFIA.ROSSI@salesgym.io'));
		expect((one.body as { results: { id: string }[] }).results.map((o) => o.id)).toEqual(['1003']);
	});
});
