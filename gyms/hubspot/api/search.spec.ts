import { describe, expect, it } from 'vitest';
import { testGym, type Json } from './test-gym';

const { call, snapshot } = testGym('test-search');
const search = (type: string, body: unknown) => call('POST', `/crm/v3/objects/${type}/search`, body);
const f = (propertyName: string, operator: string, extra: Record<string, unknown> = {}) => ({ propertyName, operator, ...extra });
const one = (...filters: unknown[]) => ({ filterGroups: [{ filters }], limit: 200 });
const ids = (b: Json) => (b.results as { id: string }[]).map((r) => r.id);

describe('search: filters, operators, groups', () => {
	it('EQ is case-insensitive on text; NEQ is its complement', async () => {
		const eq = await search('contacts', one(f('email', 'EQ', { value: 'KALLIE.OKEEFE@helixbio.com' })));
		expect(ids(eq.body)).toEqual(['100002']);
		const all = (await search('contacts', { limit: 1 })).body.total;
		const neq = await search('contacts', one(f('email', 'NEQ', { value: 'kallie.okeefe@helixbio.com' })));
		expect(neq.body.total).toBe(all - 1);
	});

	it('numeric comparisons on number properties (not string order): GT, LTE, BETWEEN', async () => {
		const gt = await search('deals', { ...one(f('amount', 'GT', { value: '100000' })), properties: ['amount'] });
		expect(gt.body.total).toBeGreaterThan(0);
		for (const r of gt.body.results) expect(Number(r.properties.amount)).toBeGreaterThan(100000);
		const between = await search('deals', { ...one(f('amount', 'BETWEEN', { value: '20000', highValue: '30000' })), properties: ['amount'] });
		for (const r of between.body.results) expect(Number(r.properties.amount)).toBeGreaterThanOrEqual(20000);
		for (const r of between.body.results) expect(Number(r.properties.amount)).toBeLessThanOrEqual(30000);
		const lte = await search('deals', one(f('amount', 'LTE', { value: '30000' })));
		const gt30 = await search('deals', one(f('amount', 'GT', { value: '30000' })));
		expect(lte.body.total + gt30.body.total).toBe(150);
	});

	it('datetime comparisons accept epoch ms and ISO alike (LT, GTE)', async () => {
		const iso = await search('tasks', one(f('hs_timestamp', 'GTE', { value: '2026-03-02T09:00:00.000Z' })));
		const ms = await search('tasks', one(f('hs_timestamp', 'GTE', { value: String(Date.parse('2026-03-02T09:00:00.000Z')) })));
		const lt = await search('tasks', one(f('hs_timestamp', 'LT', { value: '2026-03-02T09:00:00.000Z' })));
		expect(iso.body.total).toBe(ms.body.total);
		expect(iso.body.total + lt.body.total).toBe(200);
	});

	it('IN / NOT_IN, HAS_PROPERTY / NOT_HAS_PROPERTY', async () => {
		const inn = await search('contacts', { ...one(f('lifecyclestage', 'IN', { values: ['customer', 'opportunity'] })), properties: ['lifecyclestage'] });
		expect(inn.body.total).toBe(130 + 109);
		const notIn = await search('contacts', one(f('lifecyclestage', 'NOT_IN', { values: ['customer', 'opportunity'] })));
		expect(notIn.body.total).toBe(815 - 239);
		const has = await search('contacts', one(f('hs_lead_status', 'HAS_PROPERTY')));
		const hasNot = await search('contacts', one(f('hs_lead_status', 'NOT_HAS_PROPERTY')));
		expect(has.body.total + hasNot.body.total).toBe(815);
		expect(hasNot.body.total).toBeGreaterThan(0);
	});

	it('CONTAINS_TOKEN matches a word or a wildcard pattern; NOT_CONTAINS_TOKEN the rest', async () => {
		const word = await search('companies', one(f('name', 'CONTAINS_TOKEN', { value: 'helix' })));
		expect(ids(word.body)).toContain('20001');
		const wild = await search('contacts', { ...one(f('email', 'CONTAINS_TOKEN', { value: '*@helixbio.com' })), properties: ['email'] });
		expect(wild.body.total).toBeGreaterThan(0);
		for (const r of wild.body.results) expect(r.properties.email).toMatch(/@helixbio\.com$/);
		const not = await search('contacts', one(f('email', 'NOT_CONTAINS_TOKEN', { value: '*@helixbio.com' })));
		expect(wild.body.total + not.body.total).toBe(815);
	});

	it('groups are ORed, filters inside a group ANDed', async () => {
		const a = f('lifecyclestage', 'EQ', { value: 'customer' });
		const b = f('lifecyclestage', 'EQ', { value: 'opportunity' });
		const or = await search('contacts', { filterGroups: [{ filters: [a] }, { filters: [b] }] });
		expect(or.body.total).toBe(239);
		const and = await search('contacts', { filterGroups: [{ filters: [a, b] }] });
		expect(and.body.total).toBe(0);
	});

	it('association filters: tasks of a contact, contacts of a company, deals of a company', async () => {
		const contacts = await search('contacts', one(f('associations.company', 'EQ', { value: '20001' })));
		const v4 = await call('GET', '/crm/v4/objects/companies/20001/associations/contacts');
		expect(ids(contacts.body)).toEqual(v4.body.results.map((r: { toObjectId: number }) => String(r.toObjectId)));
		const deals = await search('deals', one(f('associations.company', 'EQ', { value: '20001' })));
		const v4d = await call('GET', '/crm/v4/objects/companies/20001/associations/deals');
		expect(deals.body.total).toBe(v4d.body.results.length);
		const someTask = (await call('GET', '/crm/v3/objects/tasks', undefined, 'limit=1&associations=contacts')).body.results[0];
		const contactId = someTask.associations.contacts.results[0].id;
		const tasks = await search('tasks', one(f('associations.contact', 'EQ', { value: contactId })));
		expect(ids(tasks.body)).toContain(someTask.id);
	});

	it('free-text query over the type’s searchable properties', async () => {
		const res = await search('contacts', { query: "Kallie O'Keefe", properties: ['jobtitle'] });
		expect(res.body.total).toBe(1);
		expect(res.body.results[0].properties.jobtitle).toBe('Sales Team Lead');
		const name = (await call('GET', '/crm/v3/objects/deals/300001')).body.properties.dealname as string;
		const deals = await search('deals', { query: name.split(' ')[0]!.toUpperCase(), limit: 50 });
		expect(ids(deals.body)).toContain('300001');
		expect(await search('contacts', { query: 'zzzz-nobody' })).toMatchObject({ status: 200, body: { total: 0, results: [] } });
	});
});

describe('search: sorts and paging', () => {
	it('sorts number properties numerically, both directions; unset values last', async () => {
		const asc = await search('deals', { sorts: [{ propertyName: 'amount', direction: 'ASCENDING' }], properties: ['amount'], limit: 200 });
		const amounts = asc.body.results.map((r: Json) => Number(r.properties.amount));
		expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
		const desc = await search('deals', { sorts: [{ propertyName: 'amount', direction: 'DESCENDING' }], properties: ['amount'], limit: 1 });
		expect(Number(desc.body.results[0].properties.amount)).toBe(Math.max(...amounts));
		const byStatus = await search('contacts', {
			sorts: [{ propertyName: 'hs_lead_status', direction: 'DESCENDING' }],
			properties: ['hs_lead_status'],
			limit: 200,
			after: '700'
		});
		expect(byStatus.body.results.at(-1).properties.hs_lead_status).toBeNull();
	});

	it('sorts datetimes as instants', async () => {
		const res = await search('contacts', { sorts: [{ propertyName: 'createdate', direction: 'DESCENDING' }], properties: ['createdate'], limit: 50 });
		const t = res.body.results.map((r: Json) => Date.parse(r.properties.createdate));
		expect(t).toEqual([...t].sort((a, b) => b - a));
	});

	it('pages with after; total counts every match', async () => {
		const seen: string[] = [];
		let after: string | undefined;
		for (;;) {
			const res = await search('contacts', {
				filterGroups: [{ filters: [f('lifecyclestage', 'EQ', { value: 'customer' })] }],
				limit: 50,
				...(after ? { after } : {})
			});
			expect(res.body.total).toBe(130);
			seen.push(...ids(res.body));
			if (!res.body.paging) break;
			after = res.body.paging.next.after;
		}
		expect(new Set(seen).size).toBe(130);
	});
});

describe('search: limits and errors (400, nothing written)', () => {
	const filter = f('firstname', 'HAS_PROPERTY');
	it.each([
		['limit above 200', { limit: 201 }, 'limit'],
		['6 filter groups', { filterGroups: Array.from({ length: 6 }, () => ({ filters: [filter] })) }, 'at most 5 filter groups'],
		['7 filters in a group', { filterGroups: [{ filters: Array.from({ length: 7 }, () => filter) }] }, 'at most 6 filters'],
		['19 filters in all', { filterGroups: [5, 5, 5, 4].map((n) => ({ filters: Array.from({ length: n }, () => filter) })) }, 'at most 18 filters'],
		['an unknown property', one(f('favourite_color', 'EQ', { value: 'blue' })), 'favourite_color'],
		['an unknown operator', one(f('email', 'LIKE', { value: 'x' })), 'operator'],
		['EQ without a value', one(f('email', 'EQ')), 'needs a value'],
		['a non-numeric value on a number property', one(f('amount', 'GT', { value: 'lots' })), 'not a valid number'],
		[
			'two sorts',
			{
				sorts: [
					{ propertyName: 'email', direction: 'ASCENDING' },
					{ propertyName: 'lastname', direction: 'ASCENDING' }
				]
			},
			'one sort'
		],
		['an after past 10,000', { after: '10000' }, '10000'],
		['an unknown key', { filtergroups: [] }, 'filtergroups']
	])('%s', async (_name, body, text) => {
		const type = JSON.stringify(body).includes('amount') ? 'deals' : 'contacts';
		const before = await snapshot();
		const res = await search(type, body);
		expect(res.status).toBe(400);
		expect(res.body.category).toBe('VALIDATION_ERROR');
		expect(res.body.message).toContain(text);
		expect(await snapshot()).toBe(before);
	});
});
