import { describe, expect, it } from 'vitest';
import { testGym, type Json } from '../../kit/test-gym';
import { AccountSearchAnswer, LeadSearchAnswer, type Account, type Lead, type LeadList } from '../contract';
import { SalesNavDb } from '../db';
import { createSalesNavGym } from '../index';

const { gym, call, snapshot } = testGym((n) => {
	const db = new SalesNavDb(n);
	return { db, gym: createSalesNavGym(db) };
}, 'salesnav-search');

async function tables() {
	return (await gym.exportState(['leads', 'accounts', 'leadLists'])).tables as { leads: Lead[]; accounts: Account[]; leadLists: LeadList[] };
}
const pill = (text: string, sel: 'INCLUDED' | 'EXCLUDED' = 'INCLUDED', id = text) => ({ id, text, selectionType: sel });
const order = (a: Lead, b: Lead) =>
	a.lastName.localeCompare(b.lastName, 'en') || a.firstName.localeCompare(b.firstName, 'en') || (a.leadId < b.leadId ? -1 : 1);

describe('POST /leads/search', () => {
	it('ANDs filters, ORs included pills, removes excluded ones; 25 a page; total over all matches', async () => {
		const t = await tables();
		const acc = new Map(t.accounts.map((a) => [a.accountId, a]));
		const body = {
			filters: [
				{ type: 'SENIORITY_LEVEL', values: [pill('Director'), pill('Vice President')] },
				{ type: 'FUNCTION', values: [pill('Sales'), pill('Operations'), pill('Marketing')] },
				{ type: 'COMPANY_HEADCOUNT', values: [pill('1,001-5,000', 'EXCLUDED')] },
				{ type: 'YEARS_IN_CURRENT_POSITION', values: [pill('Less than 1 year', 'EXCLUDED')] }
			]
		};
		const want = t.leads
			.filter(
				(l) =>
					['Director', 'Vice President'].includes(l.seniority) &&
					['Sales', 'Operations', 'Marketing'].includes(l.function) &&
					acc.get(l.accountId)!.headcount !== '1,001-5,000' &&
					l.yearsInRole >= 1
			)
			.sort(order);
		expect(want.length).toBeGreaterThan(25);
		const before = await snapshot();
		const res = await call('POST', '/leads/search', body);
		expect(res.status).toBe(200);
		const a = LeadSearchAnswer.parse(res.body);
		expect(a.paging).toEqual({ start: 0, count: 25, total: want.length });
		expect(a.elements.map((l) => l.leadId)).toEqual(want.slice(0, 25).map((l) => l.leadId));
		expect(a.elements[0]!.accountName).toBe(acc.get(want[0]!.accountId)!.name);
		const p2 = LeadSearchAnswer.parse((await call('POST', '/leads/search', { ...body, start: 25 })).body);
		expect(p2.elements.map((l) => l.leadId)).toEqual(want.slice(25, 50).map((l) => l.leadId));
		expect(a.spotlights.CHANGED_JOBS).toBe(want.filter((l) => l.changedJobs90d).length);
		expect(a.spotlights.POSTED_ON_LINKEDIN).toBe(want.filter((l) => l.posted30d).length);
		expect(await snapshot()).toBe(before);
	});

	it('a spotlight narrows the results and keeps the total; keywords match every word', async () => {
		const t = await tables();
		const res = LeadSearchAnswer.parse((await call('POST', '/leads/search', { spotlight: 'POSTED_ON_LINKEDIN', count: 10 })).body);
		expect(res.paging.total).toBe(t.leads.length);
		expect(res.spotlightTotal).toBe(t.leads.filter((l) => l.posted30d).length);
		expect(res.elements.every((l) => l.posted30d)).toBe(true);
		const someone = t.leads[7]!;
		const kw = LeadSearchAnswer.parse((await call('POST', '/leads/search', { keywords: `${someone.firstName.toUpperCase()} ${someone.lastName}` })).body);
		expect(kw.elements.map((l) => l.leadId)).toContain(someone.leadId);
		expect(
			kw.elements.every((l) =>
				`${l.firstName} ${l.lastName} ${l.headline} ${l.accountName} ${l.geography}`.toLowerCase().includes(someone.lastName.toLowerCase())
			)
		).toBe(true);
	});

	it('Workflow filters: exclude people on a lead list, People in CRM; TeamLink and geography', async () => {
		const t = await tables();
		const list = t.leadLists[0]!;
		const res = LeadSearchAnswer.parse(
			(
				await call('POST', '/leads/search', {
					filters: [
						{ type: 'LEAD_LIST', values: [pill(list.name, 'EXCLUDED', list.id)] },
						{ type: 'PEOPLE_IN_CRM', values: [pill('In CRM')] }
					]
				})
			).body
		);
		expect(res.paging.total).toBe(t.leads.filter((l) => !l.leadListIds.includes(list.id) && l.crm.status === 'in_crm').length);
		const country = t.leads[0]!.geography.split(', ').at(-1)!;
		const geo = LeadSearchAnswer.parse(
			(
				await call('POST', '/leads/search', {
					filters: [
						{ type: 'REGION', values: [pill(country)] },
						{ type: 'TEAMLINK_CONNECTIONS', values: [pill('TeamLink')] }
					]
				})
			).body
		);
		expect(geo.paging.total).toBe(t.leads.filter((l) => l.geography.split(', ').includes(country) && l.teamLinkPaths.length > 0).length);
		expect(geo.paging.total).toBeGreaterThan(0);
	});

	it('no results: 200 with an empty page', async () => {
		const res = await call('POST', '/leads/search', { keywords: 'zzqxv-nobody' });
		expect(res.body).toMatchObject({ elements: [], paging: { total: 0 }, spotlightTotal: 0 });
	});

	it.each([
		['an unknown filter type', { filters: [{ type: 'SENIORITY', values: [pill('CXO')] }] }],
		['an unknown key', { filter: [] }],
		['more than 25 a page', { count: 26 }],
		['an unknown spotlight', { spotlight: 'NOPE' }],
		['a bad selection type', { filters: [{ type: 'FUNCTION', values: [{ id: 'Sales', text: 'Sales', selectionType: 'NOT' }] }] }]
	])('%s → 400 BAD_REQUEST, nothing written', async (_w, body) => {
		const before = await snapshot();
		const res = await call('POST', '/leads/search', body);
		expect(res.status).toBe(400);
		expect(res.body).toMatchObject({ status: 400, serviceErrorCode: 0, code: 'BAD_REQUEST' });
		expect(await snapshot()).toBe(before);
	});
});

describe('POST /accounts/search', () => {
	it('filters accounts (headcount include, industry exclude), counts spotlights', async () => {
		const t = await tables();
		const industry = t.accounts[0]!.industry;
		const res = AccountSearchAnswer.parse(
			(
				await call('POST', '/accounts/search', {
					filters: [
						{ type: 'COMPANY_HEADCOUNT', values: [pill('201-500'), pill('501-1,000')] },
						{ type: 'INDUSTRY', values: [pill(industry, 'EXCLUDED')] }
					]
				})
			).body
		);
		const want = t.accounts.filter((a) => ['201-500', '501-1,000'].includes(a.headcount) && a.industry !== industry);
		expect(res.paging.total).toBe(want.length);
		expect(res.elements.every((a: Json) => a.industry !== industry)).toBe(true);
		expect(res.spotlights.FUNDING_EVENTS).toBe(want.filter((a) => a.funding12m).length);
	});

	it('a lead-only filter is a 400', async () => {
		const res = await call('POST', '/accounts/search', { filters: [{ type: 'FUNCTION', values: [pill('Sales')] }] });
		expect(res.body).toEqual({ status: 400, serviceErrorCode: 0, code: 'BAD_REQUEST', message: 'FUNCTION is not an Account search filter' });
	});
});

describe('GET /typeahead', () => {
	it('answers ≤10 matching values; an unknown type is a 400', async () => {
		const t = await tables();
		const ind = t.accounts[0]!.industry;
		const res = await call('GET', '/typeahead', undefined, `type=INDUSTRY&q=${encodeURIComponent(ind.slice(0, 4))}`);
		expect(res.body.elements.length).toBeLessThanOrEqual(10);
		expect(res.body.elements.map((e: Json) => e.text)).toContain(ind);
		const co = await call('GET', '/typeahead', undefined, `type=CURRENT_COMPANY&q=${encodeURIComponent(t.accounts[0]!.name)}`);
		expect(co.body.elements[0]).toEqual({ id: t.accounts[0]!.accountId, text: t.accounts[0]!.name });
		expect((await call('GET', '/typeahead', undefined, 'type=FUNCTION')).status).toBe(400);
	});
});
