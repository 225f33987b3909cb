/**
 * The HubSpot contract against the gym: every field of every schema is described, and the gym's answers parse
 * with the contract's (strict) answer schemas, so a handler and its UI client cannot drift apart unnoticed.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { undescribed } from '../schema-check';
import * as contract from './contract';
import * as schema from './schema';
import { testGym } from './api/test-gym';

/** Every exported zod schema of `mod` by export name (the batch bodies by `BatchBodies.<action>`). */
function schemasOf(mod: Record<string, unknown>): [string, z.ZodType][] {
	const out: [string, z.ZodType][] = [];
	for (const [name, value] of Object.entries(mod)) {
		if (value instanceof z.ZodType) out.push([name, value]);
		else if (name === 'BatchBodies') for (const [action, body] of Object.entries(value as Record<string, z.ZodType>)) out.push([`BatchBodies.${action}`, body]);
	}
	return out;
}

describe('HubSpot schemas describe every field', () => {
	const all = schemasOf({ ...schema, ...contract });

	it('finds the schemas (the walk is not empty)', () => {
		const names = all.map(([n]) => n);
		for (const n of [
			'Contact',
			'Owner',
			'Pipeline',
			'Form',
			'View',
			'HubSpotState',
			'HubSpotFixture',
			'SearchRequestBody',
			'BatchBodies.update',
			'CrmRecord',
			'ErrorBody'
		])
			expect(names).toContain(n);
	});

	it.each(schemasOf({ ...schema, ...contract }))('%s: every field has a .describe()', (_name, s) => {
		expect(undescribed(s)).toEqual([]);
	});

	it('the walker reports an undescribed field', () => {
		expect(undescribed(z.strictObject({ a: z.string().describe('x'), b: z.array(z.strictObject({ c: z.number() })).describe('y') }))).toEqual(['b.[].c']);
	});
});

describe('the gym answers in the contract’s shapes', () => {
	const { call } = testGym('hubspot-contract');
	const ok = async (method: string, path: string, body?: unknown, query = '') => {
		const res = await call(method, path, body, query);
		expect(res.status, `${method} ${path} → ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(300);
		return res.body;
	};

	it('CRM objects: list, get, search, create, update, batch, properties, pipelines, owners', async () => {
		const page = contract.ObjectPage.parse(await ok('GET', '/crm/v3/objects/contacts', undefined, 'limit=5&associations=companies'));
		expect(page.results).toHaveLength(5);
		const first = page.results[0]!;
		contract.CrmRecord.parse(await ok('GET', `/crm/v3/objects/contacts/${first.id}`, undefined, 'associations=companies,deals'));
		const search: contract.SearchRequest = {
			filterGroups: [{ filters: [{ propertyName: 'lifecyclestage', operator: 'EQ', value: 'lead' }] }],
			sorts: [{ propertyName: 'createdate', direction: 'DESCENDING' }],
			limit: 3
		};
		const found = contract.SearchPage.parse(await ok('POST', '/crm/v3/objects/contacts/search', contract.SearchRequestBody.parse(search)));
		expect(found.total).toBeGreaterThan(0);
		const created = contract.CrmRecord.parse(
			await ok('POST', '/crm/v3/objects/companies', contract.CreateBody.parse({ properties: { name: 'Contract Co', domain: 'contract.example' } }))
		);
		contract.CrmRecord.parse(await ok('PATCH', `/crm/v3/objects/companies/${created.id}`, contract.UpdateBody.parse({ properties: { city: 'Lyon' } })));
		const batch = await call('POST', '/crm/v3/objects/contacts/batch/read', { inputs: [{ id: first.id }, { id: '999999999' }], properties: ['email'] });
		expect(batch.status).toBe(207);
		expect(contract.BatchResult.parse(batch.body).errors).toHaveLength(1);
		contract.BatchResult.parse(
			await ok('POST', '/crm/v3/objects/contacts/batch/upsert', {
				inputs: [{ id: 'new.person@contract.example', idProperty: 'email', properties: { firstname: 'New' } }]
			})
		);
		for (const type of contract.OBJECT_TYPES) contract.PropertyList.parse(await ok('GET', `/crm/v3/properties/${type}`));
		const pipelines = contract.PipelineList.parse(await ok('GET', '/crm/v3/pipelines/deals'));
		expect(pipelines.results[0]!.stages.map((s) => s.id)).toEqual(contract.DEFAULT_PIPELINE_STAGES.map((s) => s.id));
		contract.OwnerList.parse(await ok('GET', '/crm/v3/owners'));
	});

	it('associations v4: list, batch read (with a 207), put', async () => {
		const companies = contract.ObjectPage.parse(await ok('GET', '/crm/v3/objects/contacts', undefined, 'limit=20&associations=companies'));
		const withCompany = companies.results.find((r) => r.associations?.companies)!;
		const list = contract.AssociationList.parse(await ok('GET', `/crm/v4/objects/contacts/${withCompany.id}/associations/companies`));
		expect(list.results.length).toBeGreaterThan(0);
		const batch = await call(
			'POST',
			'/crm/v4/associations/contacts/companies/batch/read',
			contract.BatchReadAssociationsBody.parse({ inputs: companies.results.map((r) => ({ id: r.id })) })
		);
		contract.AssociationBatchResult.parse(batch.body);
		const deal = contract.ObjectPage.parse(await ok('GET', '/crm/v3/objects/deals', undefined, 'limit=1')).results[0]!;
		await ok(
			'PUT',
			`/crm/v4/objects/deals/${deal.id}/associations/contacts/${withCompany.id}`,
			contract.AssociationTypesBody.parse([{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: contract.ASSOCIATION_TYPE_IDS['deals→contacts'] }])
		);
	});

	it('errors: 400, 404 and 409 bodies are the contract’s error body', async () => {
		const bad = await call('POST', '/crm/v3/objects/contacts', { properties: { email: 'not-an-email' } });
		expect(bad.status).toBe(400);
		expect(contract.ErrorBody.parse(bad.body).category).toBe('VALIDATION_ERROR');
		const typo = await call('POST', '/crm/v3/objects/contacts', { propertiez: {} });
		expect(contract.ErrorBody.parse(typo.body).category).toBe('VALIDATION_ERROR');
		const missing = await call('GET', '/crm/v3/objects/deals/999999999');
		expect(missing.status).toBe(404);
		contract.ErrorBody.parse(missing.body);
		const email = contract.ObjectPage.parse(await ok('GET', '/crm/v3/objects/contacts', undefined, 'limit=1&properties=email')).results[0]!.properties.email!;
		const dup = await call('POST', '/crm/v3/objects/contacts', { properties: { email } });
		expect(dup.status).toBe(409);
		expect(contract.ErrorBody.parse(dup.body).category).toBe('CONFLICT');
	});

	it('sales: lists, forms, sequences, templates, views', async () => {
		const { list } = contract.ListEnvelope.parse(
			await ok('POST', '/crm/v3/lists', contract.CreateListBody.parse({ name: 'Contract list', objectTypeId: '0-1', processingType: 'MANUAL' }))
		);
		const contact = contract.ObjectPage.parse(await ok('GET', '/crm/v3/objects/contacts', undefined, 'limit=1')).results[0]!;
		contract.MembershipAddResult.parse(await ok('PUT', `/crm/v3/lists/${list.listId}/memberships/add`, contract.MembershipBody.parse([contact.id])));
		contract.ListMemberPage.parse(await ok('GET', `/crm/v3/lists/${list.listId}/memberships`));
		contract.ListSearchPage.parse(await ok('POST', '/crm/v3/lists/search', contract.ListSearchBody.parse({ query: 'contract' })));
		contract.RecordMemberships.parse(await ok('GET', `/crm/v3/lists/records/0-1/${contact.id}/memberships`));
		contract.MembershipRemoveResult.parse(await ok('PUT', `/crm/v3/lists/${list.listId}/memberships/remove`, [contact.id]));

		const forms = contract.FormList.parse(await ok('GET', '/marketing/v3/forms', undefined, 'limit=50'));
		const form = forms.results[0]!;
		const fields = form.fieldGroups
			.flatMap((g) => g.fields)
			.map((f) => ({ objectTypeId: '0-1', name: f.name, value: f.name === 'email' ? 'form.visitor@contract.example' : 'x' }));
		contract.FormSubmitResult.parse(
			await ok(
				'POST',
				`/submissions/v3/integration/submit/${contract.HUBSPOT_PORTAL_ID}/${form.id}`,
				contract.FormSubmitBody.parse({ fields, context: { pageUri: 'https://example.com/p' } })
			)
		);
		contract.FormSubmissionPage.parse(await ok('GET', `/form-integrations/v1/submissions/forms/${form.id}`));

		const owners = contract.OwnerList.parse(await ok('GET', '/crm/v3/owners')).results;
		const userId = String(owners[0]!.userId);
		const seqs = contract.SequenceList.parse(await ok('GET', '/automation/v4/sequences', undefined, `userId=${userId}&includeStats=true`));
		contract.SequenceDetail.parse(await ok('GET', `/automation/v4/sequences/${seqs.results[0]!.id}`, undefined, `userId=${userId}`));
		contract.SequenceEnrollmentList.parse(await ok('GET', `/automation/v4/sequences/${seqs.results[0]!.id}/enrollments`, undefined, `userId=${userId}`));
		const enrolled = contract.SequenceEnrollmentList.parse(
			await ok('GET', `/automation/v4/sequences/${seqs.results[0]!.id}/enrollments`, undefined, `userId=${userId}&state=ACTIVE`)
		).results[0];
		if (enrolled) {
			contract.ContactEnrollment.parse(await ok('GET', `/automation/v4/sequences/enrollments/contact/${enrolled.contactId}`));
			contract.UnenrollResult.parse(await ok('POST', `/automation/v4/sequences/enrollments/${enrolled.id}/unenroll`));
		}
		const refused = await call(
			'POST',
			'/automation/v4/sequences/enrollments',
			contract.EnrollBody.parse({ contactId: contact.id, sequenceId: seqs.results[0]!.id, senderEmail: 'nobody@contract.example' }),
			`userId=${userId}`
		);
		expect(refused.status).toBe(400);
		expect(contract.ENROLL_BLOCK_CODES).toContain(contract.ErrorBody.parse(refused.body).errors![0]!.code);

		const templates = contract.TemplatePage.parse(await ok('GET', contract.TEMPLATES_PATH, undefined, 'limit=100'));
		contract.WireTemplate.parse(await ok('GET', `${contract.TEMPLATES_PATH}/${templates.results[0]!.id}`));

		const view = contract.View.parse(
			await ok(
				'POST',
				'/crm/v3/views/contacts',
				contract.CreateViewBody.parse({
					name: 'Contract view',
					filterGroups: [{ filters: [{ propertyName: 'lifecyclestage', operator: 'EQ', value: 'lead' }] }]
				})
			)
		);
		contract.View.parse(await ok('PATCH', `/crm/v3/views/contacts/${view.id}`, contract.UpdateViewBody.parse({ query: 'x' })));
		contract.ViewList.parse(await ok('GET', '/crm/v3/views/contacts'));
	});
});
