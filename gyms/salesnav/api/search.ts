/**
 * Lead search and Account search (the replica's own API; LinkedIn publishes none), relative to `/api/salesnav`:
 * - `POST /leads/search` {@link SearchBody} → 200 {@link LeadSearchAnswer}
 * - `POST /accounts/search` {@link SearchBody} → 200 {@link AccountSearchAnswer}
 *
 * Semantics (the filter rail of Sales Navigator): filters AND; the INCLUDED pills of one filter OR; any EXCLUDED
 * pill that matches removes the row; a filter with only EXCLUDED pills only removes. Enum filters (seniority,
 * function, industry, headcount, company type, years, relationship, revenue, buyer intent) match the pill's
 * `text` (the UI label; `id` is accepted too); entity filters (current / past company, lead list, account list)
 * match the pill's `id`; text filters (current / past title, geography, headquarters, school, first / last name)
 * match case-insensitively (titles by substring, geography by one of its comma parts); flag filters (changed
 * jobs, posted, TeamLink, in CRM, follows, viewed, leadership change, funding) match the flag. Keywords: every
 * word must occur in the name, title, headline, company or geography. Results are ordered by last name, first
 * name, then id; 25 a page; spotlight counts are over all matches. Reads only; 400 `BAD_REQUEST` for an unknown
 * spotlight or a lead-only filter in Account search.
 */
import { bodyParser } from '../../kit/body';
import { cachedTable } from '../../kit/read-cache';
import type { ApiRequest, ApiResponse } from '../../types';
import {
	ACCOUNT_FILTER_TYPES,
	ACCOUNT_SPOTLIGHT_IDS,
	LEAD_SPOTLIGHT_IDS,
	RELATIONSHIP_VALUES,
	SearchBody,
	YEARS_BANDS,
	type Account,
	type Lead,
	type SearchFilter
} from '../contract';
import type { SalesNavDb } from '../db';
import { SALESNAV_ERRORS, SalesNavError } from './errors';

const parseBody = bodyParser(SALESNAV_ERRORS.invalidBody);

/** Leads (by id) and accounts (by id) of the database: the read cache outside transactions, else the tables. */
export async function searchTables(db: SalesNavDb): Promise<{ leads: Lead[]; accounts: Map<string, Account> }> {
	const byKey = (k: string) => (a: Record<string, unknown>, b: Record<string, unknown>) =>
		String(a[k]) < String(b[k]) ? -1 : String(a[k]) > String(b[k]) ? 1 : 0;
	const leads = await cachedTable<Lead>(
		db,
		'leads',
		(r) => r as Lead,
		(r) => r.leadId,
		byKey('leadId')
	);
	const accounts = await cachedTable<Account>(
		db,
		'accounts',
		(r) => r as Account,
		(r) => r.accountId,
		byKey('accountId')
	);
	if (leads && accounts) return { leads: leads.rows, accounts: accounts.byKey };
	const [l, a] = await Promise.all([db.leads.toArray(), db.accounts.toArray()]);
	return { leads: l, accounts: new Map(a.map((x) => [x.accountId, x])) };
}

type Pill = SearchFilter['values'][number];
const lc = (s: string) => s.toLowerCase();
const label = (v: Pill, x: string) => v.text === x || v.id === x;
const inBand = (years: number) => (v: Pill) => YEARS_BANDS.some((b) => label(v, b.text) && years >= b.min && years <= b.max);

/**
 * Whether one pill matches a lead (with its current account). Exported for the task sampler and the bench.
 * @returns true when the pill's value describes the lead.
 */
export function leadPillMatches(type: SearchFilter['type'], v: Pill, lead: Lead, account: Account | undefined): boolean {
	switch (type) {
		case 'CURRENT_COMPANY':
			return v.id === lead.accountId || (!!account && lc(v.text) === lc(account.name));
		case 'PAST_COMPANY':
			return lead.pastPositions.some((p) => (p.accountId !== null && p.accountId === v.id) || lc(p.companyName) === lc(v.text));
		case 'CURRENT_TITLE':
			return lc(lead.currentTitle).includes(lc(v.text));
		case 'PAST_TITLE':
			return lead.pastPositions.some((p) => lc(p.title).includes(lc(v.text)));
		case 'SENIORITY_LEVEL':
			return label(v, lead.seniority);
		case 'FUNCTION':
			return label(v, lead.function);
		case 'INDUSTRY':
			return label(v, lead.industry);
		case 'REGION':
			return lead.geography.split(', ').some((part) => lc(part) === lc(v.text)) || lc(lead.geography) === lc(v.text);
		case 'YEARS_IN_CURRENT_POSITION':
			return inBand(lead.yearsInRole)(v);
		case 'YEARS_AT_CURRENT_COMPANY':
			return inBand(lead.yearsAtCompany)(v);
		case 'YEARS_OF_EXPERIENCE':
			return inBand(lead.yearsExperience)(v);
		case 'FIRST_NAME':
			return lc(v.text) === lc(lead.firstName);
		case 'LAST_NAME':
			return lc(v.text) === lc(lead.lastName);
		case 'SCHOOL':
			return lead.schools.some((s) => lc(s.name) === lc(v.text));
		case 'RELATIONSHIP':
			return RELATIONSHIP_VALUES.some((r) => label(v, r.text) && (r.degrees as readonly string[]).includes(lead.degree));
		case 'TEAMLINK_CONNECTIONS':
			return lead.teamLinkPaths.length > 0;
		case 'CHANGED_JOBS':
			return lead.changedJobs90d;
		case 'POSTED_ON_LINKEDIN':
			return lead.posted30d;
		case 'FOLLOWS_YOUR_COMPANY':
			return lead.followsYourCompany;
		case 'VIEWED_YOUR_PROFILE':
			return lead.viewedYourProfile;
		case 'PEOPLE_IN_CRM':
			return lead.crm.status === 'in_crm';
		case 'LEAD_LIST':
			return lead.leadListIds.includes(v.id);
		default:
			return !!account && accountPillMatches(type, v, account);
	}
}

/** Whether one pill matches an account (account filters, also applied to a lead's current account). */
export function accountPillMatches(type: SearchFilter['type'], v: Pill, a: Account): boolean {
	switch (type) {
		case 'COMPANY_HEADCOUNT':
			return label(v, a.headcount);
		case 'COMPANY_TYPE':
			return label(v, a.companyType);
		case 'COMPANY_HEADQUARTERS':
			return a.hq.split(', ').some((part) => lc(part) === lc(v.text)) || lc(a.hq) === lc(v.text);
		case 'INDUSTRY':
			return label(v, a.industry);
		case 'ANNUAL_REVENUE':
			return label(v, a.revenueBand);
		case 'TECHNOLOGIES_USED':
			return a.technologies.some((t) => lc(t) === lc(v.text));
		case 'BUYER_INTENT':
			return lc(v.text) === a.buyerIntent || v.id === a.buyerIntent;
		case 'LEADERSHIP_CHANGE':
			return a.seniorLeadershipChange3m;
		case 'FUNDING_EVENTS':
			return a.funding12m;
		case 'ACCOUNT_LIST':
			return a.accountListIds.includes(v.id);
		case 'CURRENT_COMPANY':
			return v.id === a.accountId;
		default:
			return false;
	}
}

/** Whether a row passes every filter (include OR within a filter, any exclude removes). */
function passes<T>(filters: readonly SearchFilter[], matches: (type: SearchFilter['type'], v: Pill, row: T) => boolean, row: T): boolean {
	for (const f of filters) {
		let hasInclude = false;
		let included = false;
		for (const v of f.values) {
			if (v.selectionType === 'EXCLUDED') {
				if (matches(f.type, v, row)) return false;
			} else {
				hasInclude = true;
				if (!included && matches(f.type, v, row)) included = true;
			}
		}
		if (hasInclude && !included) return false;
	}
	return true;
}

/** Keyword test: every word of `keywords` occurs in `haystack` (lower case). */
function keywordTest(keywords: string): (haystack: string) => boolean {
	const words = lc(keywords).split(/\s+/).filter(Boolean);
	return (h) => words.every((w) => h.includes(w));
}

const LEAD_SPOT: Record<string, (l: Lead) => boolean> = {
	CHANGED_JOBS: (l) => l.changedJobs90d,
	POSTED_ON_LINKEDIN: (l) => l.posted30d,
	MENTIONED_IN_NEWS: (l) => l.mentionedInNews30d,
	SHARED_EXPERIENCES: (l) => l.sharedExperiences.length > 0,
	TEAMLINK: (l) => l.teamLinkPaths.length > 0,
	FOLLOWS_YOUR_COMPANY: (l) => l.followsYourCompany
};
const ACCOUNT_SPOT: Record<string, (a: Account) => boolean> = {
	SENIOR_LEADERSHIP_CHANGES: (a) => a.seniorLeadershipChange3m,
	FUNDING_EVENTS: (a) => a.funding12m,
	HIGH_BUYER_INTENT: (a) => a.buyerIntent === 'high'
};

const byName = (a: Lead, b: Lead) =>
	a.lastName.localeCompare(b.lastName, 'en') || a.firstName.localeCompare(b.firstName, 'en') || (a.leadId < b.leadId ? -1 : a.leadId > b.leadId ? 1 : 0);

/** Leads in result order, per rows array (the read cache hands out one array per table generation). */
const sortedLeads = new WeakMap<readonly Lead[], Lead[]>();
function inNameOrder(leads: readonly Lead[]): Lead[] {
	let sorted = sortedLeads.get(leads);
	if (!sorted) {
		sorted = [...leads].sort(byName);
		sortedLeads.set(leads, sorted);
	}
	return sorted;
}

/**
 * All leads matching a search (no paging, no spotlight), in result order. Pure over its inputs (the name order
 * of `leads` is computed once per array and reused).
 * @param q the parsed search body (filters and keywords are used).
 */
export function matchLeads(leads: readonly Lead[], accounts: ReadonlyMap<string, Account>, q: Pick<SearchBody, 'filters' | 'keywords'>): Lead[] {
	const filters = q.filters ?? [];
	const kw = keywordTest(q.keywords ?? '');
	const hasKw = !!(q.keywords ?? '').trim();
	const out: Lead[] = [];
	let a: Account | undefined;
	const test = (t: SearchFilter['type'], v: Pill, row: Lead) => leadPillMatches(t, v, row, a);
	for (const l of inNameOrder(leads)) {
		a = accounts.get(l.accountId);
		if (!passes(filters, test, l)) continue;
		if (hasKw && !kw(lc(`${l.firstName} ${l.lastName} ${l.currentTitle} ${l.headline} ${a?.name ?? ''} ${l.geography}`))) continue;
		out.push(l);
	}
	return out;
}

/** All accounts matching a search, by name then id. */
export function matchAccounts(accounts: Iterable<Account>, q: Pick<SearchBody, 'filters' | 'keywords'>): Account[] {
	const filters = q.filters ?? [];
	const kw = keywordTest(q.keywords ?? '');
	const out: Account[] = [];
	for (const a of accounts) {
		if (!passes(filters, accountPillMatches, a)) continue;
		if (!kw(lc(`${a.name} ${a.industry} ${a.hq}`))) continue;
		out.push(a);
	}
	return out.sort((x, y) => x.name.localeCompare(y.name, 'en') || Number(x.accountId) - Number(y.accountId));
}

/** One page of results with spotlight counts. */
function page<T>(all: T[], spots: Record<string, (x: T) => boolean>, spotlight: string | null, start: number, count: number) {
	const spotlights: Record<string, number> = {};
	for (const [id, test] of Object.entries(spots)) spotlights[id] = all.reduce((n, x) => n + (test(x) ? 1 : 0), 0);
	const within = spotlight ? all.filter(spots[spotlight]!) : all;
	return { rows: within.slice(start, start + count), total: all.length, spotlightTotal: within.length, spotlights };
}

/** `POST /leads/search`. */
export async function searchLeads(db: SalesNavDb, req: ApiRequest): Promise<ApiResponse> {
	const q = parseBody(SearchBody, req.body ?? {});
	if (q.spotlight !== null && !LEAD_SPOTLIGHT_IDS.includes(q.spotlight)) throw new SalesNavError(400, 'BAD_REQUEST', `Unknown spotlight ${q.spotlight}`);
	const { leads, accounts } = await searchTables(db);
	const p = page(matchLeads(leads, accounts, q), LEAD_SPOT, q.spotlight, q.start, q.count);
	return {
		status: 200,
		body: {
			elements: p.rows.map((l) => ({ ...l, accountName: accounts.get(l.accountId)?.name ?? '' })),
			paging: { start: q.start, count: q.count, total: p.total },
			spotlightTotal: p.spotlightTotal,
			spotlights: p.spotlights
		}
	};
}

/** `POST /accounts/search`. */
export async function searchAccounts(db: SalesNavDb, req: ApiRequest): Promise<ApiResponse> {
	const q = parseBody(SearchBody, req.body ?? {});
	if (q.spotlight !== null && !ACCOUNT_SPOTLIGHT_IDS.includes(q.spotlight)) throw new SalesNavError(400, 'BAD_REQUEST', `Unknown spotlight ${q.spotlight}`);
	const bad = q.filters.find((f) => !(ACCOUNT_FILTER_TYPES as readonly string[]).includes(f.type));
	if (bad) throw new SalesNavError(400, 'BAD_REQUEST', `${bad.type} is not an Account search filter`);
	const { accounts } = await searchTables(db);
	const p = page(matchAccounts(accounts.values(), q), ACCOUNT_SPOT, q.spotlight, q.start, q.count);
	return {
		status: 200,
		body: { elements: p.rows, paging: { start: q.start, count: q.count, total: p.total }, spotlightTotal: p.spotlightTotal, spotlights: p.spotlights }
	};
}
