import { describe, expect, it } from 'vitest';
import { lintAssertion } from './lint';

const ctx = { clock: '2026-03-02T14:30:00.000Z', fixtures: { hubspot: { contacts: [{ createdAt: '2026-01-15T10:12:00.000Z' }] } } };
const rules = (query: string, op = 'eq', expected: unknown = 1) => lintAssertion({ id: 'x', query, op: op as 'eq', expected }, ctx).map((i) => i.rule);

describe('verifier lint', () => {
	it.each([
		['.hubspot.contacts[0].properties.amount // 0', 'default-to-falsy'],
		['(.hubspot.contacts[0].archived // false)', 'default-to-falsy'],
		['.hubspot.contacts[0].properties.amount | tostring | contains("12")', 'substring-on-number'],
		['.hubspot.contacts[0].properties.amount | tostring | test("^12")', 'substring-on-number'],
		['.hubspot.contacts | all(.archived == false)', 'unguarded-all-any'],
		['any(.hubspot.contacts[]; .id == "1")', 'unguarded-all-any'],
		['.hubspot.contacts[] | select(.createdAt > "2025-12-31") | .id', 'literal-date'],
		['[.hubspot.contacts[] | select(.properties.createdate | startswith("2027"))] | length', 'literal-date'],
		['now', 'host-dependent'],
		['.hubspot.contacts[0].createdAt | fromdateiso8601 | localtime', 'host-dependent'],
		['$ENV.HOME', 'host-dependent']
	])('%s → %s', (query, rule) => {
		expect(rules(query)).toContain(rule);
	});
	it('flags contains/matches over a stringified value, and a literal year or date in expected', () => {
		expect(rules('.hubspot.contacts[0].properties.amount | tostring', 'contains', '12')).toContain('substring-on-number');
		expect(rules('.hubspot.contacts[0].createdAt', 'before', '2027-01-01T00:00:00.000Z')).toContain('literal-date');
		expect(rules('.hubspot.contacts[0].year', 'eq', '2019')).toContain('literal-date');
	});
	it.each([
		'.hubspot.contacts | length',
		'(.hubspot.contacts | length > 0) and (.hubspot.contacts | all(.archived == false))',
		'.hubspot.contacts[] | select(.id == "900") | .updatedAt',
		'.hubspot.contacts[] | select(.createdAt >= "2026-03-02T14:30:00.000Z") | .id',
		'.hubspot.contacts[] | select(.createdAt == "2026-01-15T10:12:00.000Z") | .id',
		'$now | add_duration("P1D")',
		'.hubspot.contacts[0].properties.amount // null',
		'# any(.x) in a comment\n.hubspot.contacts | length',
		'.hubspot.contacts[0].properties.hs_lead_status // "none"'
	])('clean: %s', (query) => {
		expect(rules(query)).toEqual([]);
	});
	it('allows dates from the clock and fixtures in expected values', () => {
		expect(rules('.hubspot.contacts[0].updatedAt', 'eq', '2026-01-15T10:12:00.000Z')).toEqual([]);
		expect(rules('.hubspot.contacts[0].updatedAt', 'after', '2026-03-02T00:00:00.000Z')).toEqual([]);
	});
});
