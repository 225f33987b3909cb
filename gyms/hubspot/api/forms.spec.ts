import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { HubSpotDb } from '../db';
import { createHubSpotGym } from '../index';
import { FORM_IDS } from '../seed-sales';
import { analyticsSource } from './forms';
import { HUBSPOT_PORTAL_ID } from '../contract';
import type { ApiRequest, Gym } from '../../types';

const req = (method: string, path: string, body?: unknown, query = ''): ApiRequest => ({ method, path, query: new URLSearchParams(query), body });
const gym: Gym = createHubSpotGym(new HubSpotDb('test-forms'));
const snapshot = async () => JSON.stringify(await gym.exportState());
beforeEach(async () => {
	await gym.reset({ run_id: 'r', task_id: null, seed: 1, clock: '2026-03-02T14:30:00.000Z' });
});

const SUBMIT = (form: string = FORM_IDS.webinar, portal = HUBSPOT_PORTAL_ID) => `/submissions/v3/integration/submit/${portal}/${form}`;
const fields = (o: Record<string, string>) => Object.entries(o).map(([name, value]) => ({ objectTypeId: '0-1', name, value }));
type C = { properties: Record<string, string | null> };
const contactByEmail = async (
	email: string,
	props = 'lifecyclestage,hs_analytics_source,company,jobtitle,recent_conversion_event_name,num_conversion_events'
) => (await gym.handle(req('GET', `/crm/v3/objects/contacts/${email}`, undefined, `idProperty=email&properties=${props}`))).body as C;

describe('GET /marketing/v3/forms', () => {
	it('lists the forms with fieldGroups and gets one; 404 for an unknown id', async () => {
		const res = (await gym.handle(req('GET', '/marketing/v3/forms'))).body as {
			results: { id: string; name: string; fieldGroups: { fields: { name: string; required: boolean }[] }[] }[];
		};
		expect(res.results.map((f) => f.name)).toEqual(['Contact us', 'Demo request', 'Webinar registration – Pipeline Hygiene (Mar 12)', 'Newsletter signup']);
		const demo = (await gym.handle(req('GET', `/marketing/v3/forms/${FORM_IDS.demo}`))).body as {
			fieldGroups: { fields: { name: string; required: boolean }[] }[];
		};
		expect(
			demo.fieldGroups
				.flatMap((g) => g.fields)
				.filter((f) => f.required)
				.map((f) => f.name)
		).toEqual(['email', 'firstname', 'lastname', 'company']);
		expect((await gym.handle(req('GET', '/marketing/v3/forms/nope'))).status).toBe(404);
	});
});

describe('POST /submissions/v3/integration/submit/{portalId}/{formGuid}', () => {
	it('creates a new contact as a lead with the analytics source of the page, stores the submission, one event', async () => {
		const res = await gym.handle(
			req('POST', SUBMIT(), {
				submittedAt: 1772461800000,
				fields: fields({ email: 'Ana.Ruiz@Northwind.io', firstname: 'Ana', lastname: 'Ruiz', company: 'Northwind' }),
				context: { pageUri: 'https://www.salesgym.io/webinars/pipeline-hygiene?utm_source=newsletter&utm_medium=email', pageName: 'Webinar' }
			})
		);
		expect(res).toMatchObject({ status: 200, body: { inlineMessage: 'You are registered! Check your inbox for the calendar invite.' } });
		const c = await contactByEmail('ana.ruiz@northwind.io');
		expect(c.properties).toMatchObject({
			email: 'ana.ruiz@northwind.io',
			lifecyclestage: 'lead',
			hs_analytics_source: 'EMAIL_MARKETING',
			company: 'Northwind',
			recent_conversion_event_name: 'Webinar registration – Pipeline Hygiene (Mar 12)',
			num_conversion_events: '1'
		});
		const s = await gym.exportState();
		expect(s.events).toEqual([expect.objectContaining({ entity: 'form_submissions', status: 200 })]);
		const list = (await gym.handle(req('GET', `/form-integrations/v1/submissions/forms/${FORM_IDS.webinar}`, undefined, 'limit=1'))).body as {
			results: { submittedAt: number; values: { name: string; value: string }[]; pageUrl: string }[];
			paging: unknown;
		};
		expect(list.results[0]).toMatchObject({ submittedAt: 1772461800000, pageUrl: expect.stringContaining('pipeline-hygiene') });
		expect(list.results[0]!.values).toContainEqual({ name: 'email', value: 'ana.ruiz@northwind.io' });
		expect(list.paging).toBeDefined();
	});

	it('updates an existing contact by email: subscriber → lead, never backward; the original source is kept', async () => {
		const res = (
			await gym.handle(
				req('POST', '/crm/v3/objects/contacts', { properties: { email: 'sam@acme.io', lifecyclestage: 'subscriber', hs_analytics_source: 'ORGANIC_SEARCH' } })
			)
		).body as { id: string };
		await gym.handle(req('POST', SUBMIT(), { fields: fields({ email: 'SAM@acme.io', firstname: 'Sam', lastname: 'Li', jobtitle: 'CRO' }) }));
		let c = await contactByEmail('sam@acme.io');
		expect(c.properties).toMatchObject({ lifecyclestage: 'lead', hs_analytics_source: 'ORGANIC_SEARCH', jobtitle: 'CRO', num_conversion_events: '1' });
		await gym.handle(req('PATCH', `/crm/v3/objects/contacts/${res.id}`, { properties: { lifecyclestage: 'opportunity' } }));
		await gym.handle(req('POST', SUBMIT(FORM_IDS.newsletter), { fields: fields({ email: 'sam@acme.io' }) }));
		c = await contactByEmail('sam@acme.io');
		expect(c.properties).toMatchObject({ lifecyclestage: 'opportunity', num_conversion_events: '2', recent_conversion_event_name: 'Newsletter signup' });
		const search = (await gym.handle(req('POST', '/crm/v3/objects/contacts/search', { query: 'sam@acme.io' }))).body as { total: number };
		expect(search.total).toBe(1);
	});

	it.each([
		[{ email: 'ana@', firstname: 'Ana', lastname: 'Ruiz' }, 'INVALID_EMAIL', "Error in 'fields.email'. Invalid email address"],
		[{ email: 'ana@northwind.io', firstname: 'Ana' }, 'REQUIRED_FIELD', "Error in 'fields.lastname'. Required field 'lastname' is missing"],
		[
			{ email: 'ana@northwind.io', firstname: 'Ana', lastname: 'Ruiz', favourite_color: 'red' },
			'FIELD_NOT_IN_FORM_DEFINITION',
			"Error in 'fields.favourite_color'"
		]
	])('rejects %j with 400 "The request is not valid" and errorType, writing nothing', async (values, errorType, message) => {
		const before = await snapshot();
		const res = await gym.handle(req('POST', SUBMIT(), { fields: fields(values) }));
		expect(res.status).toBe(400);
		expect(res.body).toMatchObject({
			status: 'error',
			message: 'The request is not valid',
			errors: [{ errorType, message: expect.stringContaining(message) }]
		});
		expect(await snapshot()).toBe(before);
	});

	it('404 for an unknown form or portal; 400 for an unknown body key', async () => {
		expect((await gym.handle(req('POST', SUBMIT('5a2b1c3d-7e4f-4a10-9b20-000000000099'), { fields: fields({ email: 'a@b.io' }) }))).status).toBe(404);
		expect((await gym.handle(req('POST', SUBMIT(FORM_IDS.newsletter, '1'), { fields: fields({ email: 'a@b.io' }) }))).status).toBe(404);
		expect((await gym.handle(req('POST', SUBMIT(FORM_IDS.newsletter), { fieldz: [] }))).status).toBe(400);
	});
});

describe('GET /form-integrations/v1/submissions/forms/{formGuid}', () => {
	it('lists past submissions newest first with cursor paging; 404 for an unknown form', async () => {
		const first = (await gym.handle(req('GET', `/form-integrations/v1/submissions/forms/${FORM_IDS.demo}`, undefined, 'limit=3'))).body as {
			results: { submittedAt: number }[];
			paging: { next: { after: string } };
		};
		expect(first.results).toHaveLength(3);
		const times = first.results.map((r) => r.submittedAt);
		expect(times).toEqual([...times].sort((a, b) => b - a));
		expect((await gym.handle(req('GET', '/form-integrations/v1/submissions/forms/nope'))).status).toBe(404);
	});
});

describe('analyticsSource', () => {
	it.each([
		[undefined, 'OFFLINE'],
		['https://x.io/p', 'DIRECT_TRAFFIC'],
		['https://x.io/p?utm_medium=cpc', 'PAID_SEARCH'],
		['https://x.io/p?utm_medium=social', 'SOCIAL_MEDIA'],
		['https://x.io/p?utm_source=partner', 'OTHER_CAMPAIGNS']
	])('%s → %s', (uri, source) => expect(analyticsSource(uri)).toBe(source));
});
