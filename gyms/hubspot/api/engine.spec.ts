import { describe, expect, it } from 'vitest';
import { T0, testGym } from './test-gym';

const { call, snapshot, gym } = testGym('test-engine');
const O = '/crm/v3/objects';

describe('one engine for every object type', () => {
	it.each([
		['companies', { name: 'Acme Robotics', domain: 'acme-robotics.io' }, 'name'],
		['deals', { dealname: 'Acme – Pilot', pipeline: 'default', dealstage: 'appointmentscheduled', amount: '12000' }, 'dealname'],
		['tasks', { hs_task_subject: 'Call Kallie', hs_timestamp: '2026-03-05T10:00:00.000Z' }, 'hs_task_subject'],
		['notes', { hs_note_body: 'Met at the conference', hs_timestamp: '2026-03-02T10:00:00.000Z' }, 'hs_note_body'],
		[
			'emails',
			{ hs_email_subject: 'Hello', hs_email_text: 'Hi Kallie', hs_email_direction: 'EMAIL', hs_email_status: 'SENT', hs_timestamp: '1772445600000' },
			'hs_email_subject'
		],
		[
			'calls',
			{
				hs_call_title: 'Discovery',
				hs_call_body: 'Talked budget',
				hs_call_direction: 'OUTBOUND',
				hs_call_status: 'COMPLETED',
				hs_call_duration: '600000',
				hs_timestamp: '2026-03-02T10:00:00Z'
			},
			'hs_call_title'
		],
		[
			'meetings',
			{
				hs_meeting_title: 'Demo',
				hs_meeting_start_time: '2026-03-04T15:00:00.000Z',
				hs_meeting_end_time: '2026-03-04T15:30:00.000Z',
				hs_meeting_outcome: 'SCHEDULED',
				hs_timestamp: '2026-03-04T15:00:00.000Z'
			},
			'hs_meeting_title'
		]
	] as const)('%s: create → get → PATCH → DELETE (archived, gone from list/get, listed with archived=true)', async (type, properties, key) => {
		const created = await call('POST', `${O}/${type}`, { properties });
		expect(created.status).toBe(201);
		const id = created.body.id as string;
		expect(created.body).toMatchObject({ createdAt: T0, updatedAt: T0, archived: false });
		expect(created.body.properties[key]).toBe(properties[key as keyof typeof properties]);
		expect(created.body.properties.hs_object_id).toBe(id);

		const got = await call('GET', `${O}/${type}/${id}`, undefined, `properties=${key}`);
		expect(got.status).toBe(200);
		expect(got.body.properties[key]).toBe(properties[key as keyof typeof properties]);

		const patched = await call('PATCH', `${O}/${type}/${id}`, { properties: { hubspot_owner_id: '1003' } });
		expect(patched.status).toBe(200);
		expect(patched.body.properties.hubspot_owner_id).toBe('1003');
		expect(patched.body.updatedAt).toBe('2026-03-02T14:30:01.000Z');

		const del = await call('DELETE', `${O}/${type}/${id}`);
		expect(del.status).toBe(204);
		expect(del.body).toBeUndefined();
		expect((await call('GET', `${O}/${type}/${id}`)).status).toBe(404);
		expect((await call('PATCH', `${O}/${type}/${id}`, { properties: { hubspot_owner_id: '1003' } })).status).toBe(404);
		const archived = await call('GET', `${O}/${type}`, undefined, 'archived=true&limit=100');
		expect(archived.body.results.map((r: { id: string }) => r.id)).toContain(id);
		const search = await call('POST', `${O}/${type}/search`, { filterGroups: [{ filters: [{ propertyName: 'hs_object_id', operator: 'EQ', value: id }] }] });
		expect(search.body.total).toBe(0);

		const exp = await gym.exportState();
		expect(exp.events.map((e) => [e.method, e.status, e.entity, e.id])).toEqual([
			['POST', 201, type, id],
			['PATCH', 200, type, id],
			['DELETE', 204, type, id]
		]);
	});

	it('DELETE of an unknown id is a 204 that writes nothing', async () => {
		const before = await snapshot();
		expect((await call('DELETE', `${O}/deals/999999`)).status).toBe(204);
		expect(await snapshot()).toBe(before);
	});

	it('archiving removes the record’s associations', async () => {
		const before = await call('GET', '/crm/v4/objects/companies/20001/associations/contacts');
		expect(before.body.results.some((r: { toObjectId: number }) => r.toObjectId === 100002)).toBe(true);
		await call('DELETE', `${O}/contacts/100002`);
		const after = await call('GET', '/crm/v4/objects/companies/20001/associations/contacts');
		expect(after.body.results.some((r: { toObjectId: number }) => r.toObjectId === 100002)).toBe(false);
	});
});

describe('validation from the property registry (every type), nothing written on a rejection', () => {
	it.each([
		['companies', { name: 'X', numberofemployees: 'many' }, 'INVALID_INTEGER', 'numberofemployees'],
		['companies', { name: 'X', industry: 'Software' }, 'INVALID_OPTION', 'industry'],
		['companies', { name: 'X', hs_object_id: '5' }, 'READ_ONLY_VALUE', 'hs_object_id'],
		['deals', { dealname: 'X', pipeline: 'default', dealstage: 'qualifiedtobuy', closedate: 'next friday' }, 'INVALID_DATE', 'closedate'],
		['deals', { dealname: 'X', pipeline: 'default', dealstage: 'qualifiedtobuy', hs_is_closed_won: 'true' }, 'READ_ONLY_VALUE', 'hs_is_closed_won'],
		['deals', { dealname: 'X', pipeline: 'default', dealstage: 'qualifiedtobuy', hubspot_owner_id: '42' }, 'INVALID_OWNER_ID', 'hubspot_owner_id'],
		['deals', { dealname: 'X', pipeline: 'enterprise', dealstage: 'qualifiedtobuy' }, 'INVALID_OPTION', 'pipeline'],
		['tasks', { hs_task_subject: 'X', hs_timestamp: T0, hs_task_status: 'DONE' }, 'INVALID_OPTION', 'hs_task_status'],
		['notes', { hs_note_body: 'X', hs_timestamp: T0, hs_note_color: 'red' }, 'PROPERTY_DOESNT_EXIST', 'hs_note_color'],
		['contacts', { email: 'a@b.co', hs_email_optout: 'yes' }, 'INVALID_BOOLEAN', 'hs_email_optout'],
		['contacts', { email: 'a@b.co', hs_lifecyclestage_lead_date: T0 }, 'READ_ONLY_VALUE', 'hs_lifecyclestage_lead_date']
	] as const)('%s %o → 400 %s on %s', async (type, properties, code, name) => {
		const before = await snapshot();
		const res = await call('POST', `${O}/${type}`, { properties });
		expect(res.status).toBe(400);
		expect(res.body.category).toBe('VALIDATION_ERROR');
		expect(res.body.message).toMatch(/^Property values were not valid: \[/);
		expect(res.body.errors).toEqual([expect.objectContaining({ code, in: name })]);
		expect(await snapshot()).toBe(before);
	});

	it('reports every invalid property at once', async () => {
		const res = await call('POST', `${O}/contacts`, { properties: { email: 'nope', lifecyclestage: 'hot', favourite: 'x' } });
		expect(res.body.errors.map((e: { code: string }) => e.code).sort()).toEqual(['INVALID_EMAIL', 'INVALID_OPTION', 'PROPERTY_DOESNT_EXIST']);
	});

	it('normalizes values: epoch ms → ISO, numbers and booleans → text, null clears', async () => {
		const res = await call('POST', `${O}/deals`, {
			properties: { dealname: 'N', pipeline: 'default', dealstage: 'qualifiedtobuy', amount: 2500.5, closedate: 1772445600000 }
		});
		expect(res.body.properties).toMatchObject({ amount: '2500.5', closedate: '2026-03-02T10:00:00.000Z' });
		const cleared = await call('PATCH', `${O}/deals/${res.body.id}`, { properties: { amount: null } });
		expect(cleared.body.properties.amount).toBeNull();
	});

	it('rejects a misspelled body key and malformed associations with a 400, nothing written', async () => {
		const before = await snapshot();
		expect((await call('POST', `${O}/companies`, { propertis: { name: 'X' } })).status).toBe(400);
		expect((await call('PATCH', `${O}/companies/20001`, { properties: { name: 'X' }, associations: [] })).status).toBe(400);
		expect(await snapshot()).toBe(before);
	});
});

describe('lifecycle stage: forward only through the API (HubSpot: a backward value is not applied)', () => {
	it('moves forward and stamps hs_lifecyclestage_<stage>_date the first time', async () => {
		const res = await call('PATCH', `${O}/contacts/190001`, { properties: { lifecyclestage: 'opportunity' } });
		expect(res.body.properties.lifecyclestage).toBe('opportunity');
		expect(res.body.properties.hs_lifecyclestage_opportunity_date).toBe(T0);
	});

	it('ignores a backward value (200, other properties applied), and allows it after clearing with ""', async () => {
		await call('PATCH', `${O}/contacts/190001`, { properties: { lifecyclestage: 'customer' } });
		const back = await call('PATCH', `${O}/contacts/190001`, { properties: { lifecyclestage: 'lead', jobtitle: 'VP Sales' } });
		expect(back.status).toBe(200);
		expect(back.body.properties).toMatchObject({ lifecyclestage: 'customer', jobtitle: 'VP Sales' });
		const cleared = await call('PATCH', `${O}/contacts/190001`, { properties: { lifecyclestage: '' } });
		expect(cleared.body.properties.lifecyclestage).toBeNull();
		const again = await call('PATCH', `${O}/contacts/190001`, { properties: { lifecyclestage: 'lead' } });
		expect(again.body.properties.lifecyclestage).toBe('lead');
	});

	it('applies to companies too', async () => {
		await call('PATCH', `${O}/companies/20001`, { properties: { lifecyclestage: 'evangelist' } });
		const back = await call('PATCH', `${O}/companies/20001`, { properties: { lifecyclestage: 'subscriber' } });
		expect(back.body.properties.lifecyclestage).toBe('evangelist');
	});
});

describe('deal rules', () => {
	it('requires dealname, pipeline and dealstage on create', async () => {
		const before = await snapshot();
		const res = await call('POST', `${O}/deals`, { properties: { amount: '100' } });
		expect(res.status).toBe(400);
		expect(res.body.errors.map((e: { code: string; in: string }) => `${e.code}:${e.in}`).sort()).toEqual([
			'REQUIRED_PROPERTY:dealname',
			'REQUIRED_PROPERTY:dealstage',
			'REQUIRED_PROPERTY:pipeline'
		]);
		expect(await snapshot()).toBe(before);
	});

	it('rejects a stage that is not in the pipeline', async () => {
		const res = await call('POST', `${O}/deals`, { properties: { dealname: 'X', pipeline: 'default', dealstage: 'negotiation' } });
		expect(res.status).toBe(400);
		expect(res.body.errors[0]).toMatchObject({ code: 'INVALID_OPTION', in: 'dealstage' });
	});

	it('stores the stage probability and closed flags; closedwon sets hs_is_closed_won', async () => {
		const d = await call('POST', `${O}/deals`, { properties: { dealname: 'X', pipeline: 'default', dealstage: 'presentationscheduled' } });
		expect(d.body.properties).toMatchObject({ hs_deal_stage_probability: '0.6', hs_is_closed: 'false', hs_is_closed_won: 'false' });
		const won = await call('PATCH', `${O}/deals/${d.body.id}`, { properties: { dealstage: 'closedwon' } });
		expect(won.body.properties).toMatchObject({ dealstage: 'closedwon', hs_is_closed_won: 'true', hs_is_closed: 'true', hs_deal_stage_probability: '1.0' });
	});

	it('moving to closedlost needs closed_lost_reason (in the request or already set)', async () => {
		const d = await call('POST', `${O}/deals`, { properties: { dealname: 'X', pipeline: 'default', dealstage: 'contractsent' } });
		const before = await snapshot();
		const bad = await call('PATCH', `${O}/deals/${d.body.id}`, { properties: { dealstage: 'closedlost' } });
		expect(bad.status).toBe(400);
		expect(bad.body.errors[0]).toMatchObject({ code: 'REQUIRED_PROPERTY', in: 'closed_lost_reason' });
		expect(bad.body.message).toContain('closed_lost_reason');
		expect(await snapshot()).toBe(before);
		const ok = await call('PATCH', `${O}/deals/${d.body.id}`, { properties: { dealstage: 'closedlost', closed_lost_reason: 'No budget' } });
		expect(ok.body.properties).toMatchObject({ dealstage: 'closedlost', hs_is_closed_won: 'false' });
		const d2 = await call('POST', `${O}/deals`, {
			properties: { dealname: 'Y', pipeline: 'default', dealstage: 'contractsent', closed_lost_reason: 'Timing' }
		});
		expect((await call('PATCH', `${O}/deals/${d2.body.id}`, { properties: { dealstage: 'closedlost' } })).status).toBe(200);
	});
});

describe('company, engagement and email rules', () => {
	it('normalizes a company domain', async () => {
		const res = await call('POST', `${O}/companies`, { properties: { name: 'Acme', domain: 'HTTPS://www.Acme.com/pricing' } });
		expect(res.body.properties.domain).toBe('acme.com');
	});

	it.each(['tasks', 'notes', 'emails', 'calls', 'meetings'] as const)('%s need hs_timestamp (400 naming it)', async (type) => {
		const res = await call('POST', `${O}/${type}`, { properties: {} });
		expect(res.status).toBe(400);
		expect(res.body.errors).toEqual([expect.objectContaining({ code: 'REQUIRED_PROPERTY', in: 'hs_timestamp' })]);
	});

	it('tasks default to NOT_STARTED and get hs_task_completion_date when completed', async () => {
		const t = await call('POST', `${O}/tasks`, { properties: { hs_task_subject: 'X', hs_timestamp: T0 } });
		expect(t.body.properties.hs_task_status).toBe('NOT_STARTED');
		const done = await call('PATCH', `${O}/tasks/${t.body.id}`, { properties: { hs_task_status: 'COMPLETED' } });
		expect(done.body.properties.hs_task_completion_date).toBe('2026-03-02T14:30:01.000Z');
	});

	it.each([
		['hs_email_subject', 'Hi {{ contact.firstname }}'],
		['hs_email_text', 'Hello [[MISSING TOKEN - COMPANY NAME]], …']
	])('a SENT email with an unresolved token in %s is a 400 naming it', async (name, value) => {
		const before = await snapshot();
		const res = await call('POST', `${O}/emails`, {
			properties: { hs_email_subject: 'S', hs_email_text: 'T', [name]: value, hs_email_status: 'SENT', hs_email_direction: 'EMAIL', hs_timestamp: T0 }
		});
		expect(res.status).toBe(400);
		expect(res.body.errors[0]).toMatchObject({ code: 'UNRESOLVED_TOKEN', in: name });
		expect(await snapshot()).toBe(before);
		const draft = await call('POST', `${O}/emails`, { properties: { hs_email_subject: 'S', hs_email_text: 'T', [name]: value, hs_timestamp: T0 } });
		expect(draft.status).toBe(201);
	});

	it('sending (outgoing EMAIL, SENT) to an opted-out contact is a 400; logging an incoming one is fine', async () => {
		const optedOut = await call('POST', `${O}/contacts/search`, {
			filterGroups: [{ filters: [{ propertyName: 'hs_email_optout', operator: 'EQ', value: 'true' }] }],
			limit: 1
		});
		const cid = optedOut.body.results[0].id as string;
		const assoc = [{ to: { id: cid }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 198 }] }];
		const before = await snapshot();
		const res = await call('POST', `${O}/emails`, {
			properties: { hs_email_subject: 'S', hs_email_text: 'T', hs_email_direction: 'EMAIL', hs_email_status: 'SENT', hs_timestamp: T0 },
			associations: assoc
		});
		expect(res.status).toBe(400);
		expect(res.body.errors[0]).toMatchObject({ code: 'OPTED_OUT_CONTACT', in: 'hs_email_optout' });
		expect(res.body.message).toContain('unsubscribed from all email');
		expect(await snapshot()).toBe(before);
		const incoming = await call('POST', `${O}/emails`, {
			properties: { hs_email_subject: 'S', hs_email_text: 'T', hs_email_direction: 'INCOMING_EMAIL', hs_email_status: 'SENT', hs_timestamp: T0 },
			associations: assoc
		});
		expect(incoming.status).toBe(201);
	});
});

describe('associations on create', () => {
	it('creates the record with its typed associations, readable both ways', async () => {
		const res = await call('POST', `${O}/deals`, {
			properties: { dealname: 'Helix – Expansion', pipeline: 'default', dealstage: 'qualifiedtobuy' },
			associations: [
				{ to: { id: '100002' }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 3 }] },
				{ to: { id: 20001 }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 341 }] }
			]
		});
		expect(res.status).toBe(201);
		const got = await call('GET', `${O}/deals/${res.body.id}`, undefined, 'associations=contacts,companies');
		expect(got.body.associations).toEqual({
			contacts: { results: [{ id: '100002', type: 'deal_to_contact' }] },
			companies: { results: [{ id: '20001', type: 'deal_to_company' }] }
		});
		const back = await call('GET', `/crm/v4/objects/contacts/100002/associations/deals`);
		expect(back.body.results).toContainEqual({ toObjectId: Number(res.body.id), associationTypes: [{ category: 'HUBSPOT_DEFINED', typeId: 4, label: null }] });
	});

	it.each([
		[{ to: { id: '100002' }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 999 }] }, 'not valid'],
		[{ to: { id: '123' }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 3 }] }, 'does not exist']
	])('400 for an invalid association %o, nothing written', async (a, text) => {
		const before = await snapshot();
		const res = await call('POST', `${O}/deals`, { properties: { dealname: 'X', pipeline: 'default', dealstage: 'qualifiedtobuy' }, associations: [a] });
		expect(res.status).toBe(400);
		expect(res.body.message).toContain(text);
		expect(await snapshot()).toBe(before);
	});
});
