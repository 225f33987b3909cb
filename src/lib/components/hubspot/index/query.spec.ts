import { describe, expect, it } from 'vitest';
import { dateFilter, filterGroupsOf, NO_OWNER, pageCount, pageWindow, searchBody, type IndexQuery } from './query';
import { cellText, formatAmount, formatDateUtc } from './cells';
import { INDEX_CONFIGS } from './config';

const NOW = '2026-03-03T10:00:00.000Z';
const base = (over: Partial<IndexQuery> = {}): IndexQuery => ({ tab: 'all', quick: {}, quickKinds: {}, advanced: [], query: '', sort: null, ...over });

describe('index query → HubSpot search body', () => {
	it('date presets are UTC days relative to the run clock', () => {
		expect(dateFilter('createdate', 'today', NOW)).toEqual({
			propertyName: 'createdate',
			operator: 'BETWEEN',
			value: '2026-03-03T00:00:00.000Z',
			highValue: '2026-03-03T23:59:59.999Z'
		});
		expect(dateFilter('createdate', 'last7', NOW)).toMatchObject({ value: '2026-02-25T00:00:00.000Z', highValue: '2026-03-03T23:59:59.999Z' });
		expect(dateFilter('notes_last_updated', 'older90', NOW)).toEqual({ propertyName: 'notes_last_updated', operator: 'LT', value: '2025-12-04T00:00:00.000Z' });
		expect(dateFilter('x', 'unknown', NOW)).toEqual({ propertyName: 'x', operator: 'NOT_HAS_PROPERTY' });
		expect(dateFilter('x', 'nope', NOW)).toBeNull();
	});

	it('tab and quick filters are copied into every advanced group (AND), groups stay ORed', () => {
		const q = base({
			tab: 'mine',
			quick: { hs_lead_status: 'NEW', hubspot_owner_id: '', createdate: 'today' },
			quickKinds: { hs_lead_status: 'value', hubspot_owner_id: 'owner', createdate: 'date' },
			advanced: [
				{ filters: [{ propertyName: 'lastname', operator: 'EQ', value: 'Mori' }] },
				{ filters: [{ propertyName: 'email', operator: 'EQ', value: '' }] },
				{ filters: [{ propertyName: 'email', operator: 'HAS_PROPERTY' }] }
			]
		});
		const groups = filterGroupsOf(q, '1001', NOW);
		expect(groups.map((g) => g.filters.map((f) => `${f.propertyName} ${f.operator}`))).toEqual([
			['hubspot_owner_id EQ', 'hs_lead_status EQ', 'createdate BETWEEN', 'lastname EQ'],
			['hubspot_owner_id EQ', 'hs_lead_status EQ', 'createdate BETWEEN', 'email HAS_PROPERTY']
		]);
		expect(filterGroupsOf(base({ tab: 'unassigned' }), '1001', NOW)).toEqual([
			{ filters: [{ propertyName: 'hubspot_owner_id', operator: 'NOT_HAS_PROPERTY' }] }
		]);
		expect(filterGroupsOf(base({ quick: { hubspot_owner_id: NO_OWNER }, quickKinds: { hubspot_owner_id: 'owner' } }), '1', NOW)).toEqual([
			{ filters: [{ propertyName: 'hubspot_owner_id', operator: 'NOT_HAS_PROPERTY' }] }
		]);
		expect(filterGroupsOf(base(), '1', NOW)).toEqual([]);
	});

	it('search body: default sort newest first, offset paging, only the requested properties', () => {
		expect(searchBody(base({ query: 'mori' }), { me: '1', now: NOW, page: 2, pageSize: 50, properties: ['email'] })).toEqual({
			sorts: [{ propertyName: 'createdate', direction: 'DESCENDING' }],
			properties: ['email'],
			limit: 50,
			query: 'mori',
			after: '100'
		});
	});

	it('page count caps at 10,000 rows; the page window stays inside the pages', () => {
		expect(pageCount(0, 25)).toBe(1);
		expect(pageCount(819, 25)).toBe(33);
		expect(pageCount(50_000, 100)).toBe(100);
		expect(pageWindow(0, 33)).toEqual([0, 1, 2, 3, 4]);
		expect(pageWindow(32, 33)).toEqual([28, 29, 30, 31, 32]);
		expect(pageWindow(1, 2)).toEqual([0, 1]);
	});
});

describe('cells and config', () => {
	it('formats amounts, UTC dates, owners, enums and stages; "--" when empty', () => {
		expect(formatAmount('12000')).toBe('$12,000');
		expect(formatAmount('')).toBe('--');
		expect(formatDateUtc('2026-04-30T23:30:00.000Z')).toBe('Apr 30, 2026');
		const deal = { id: '1', properties: { dealstage: 'closedwon', hubspot_owner_id: '', amount: '5.5' }, createdAt: NOW, updatedAt: NOW, archived: false };
		const ctx = { owners: [], stages: new Map([['closedwon', 'Closed Won']]), primaryCompanies: new Map() };
		const cols = INDEX_CONFIGS.deals.columns;
		expect(cols.map((c) => (c.kind === 'name' ? '' : cellText(c, deal, ctx)))).toEqual(['', 'Closed Won', '--', 'No owner', '$5.50']);
	});
});
