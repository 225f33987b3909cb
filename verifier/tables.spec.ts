import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical';
import { createNodeEngine } from './node';
import type { PlacedAssertion } from './schema';
import { pruneTables, tablesFor, tablesRead, tablesReadBy } from './tables';
import { evaluate, type JqEngine } from './verify';

const GYMS = ['hubspot', 'outreach'];
const show = (q: string) => {
	const r = tablesRead(q, GYMS);
	return r.all ? 'ALL' : Object.fromEntries([...r.gyms].map(([g, t]) => [g, t === '*' ? '*' : [...t].sort()]));
};

describe('tablesRead: static scan of the tables a query reads', () => {
	it.each([
		['.hubspot.contacts | length', { hubspot: ['contacts'] }],
		['[.hubspot.contacts[] | select(.properties.email == "x")] | length', { hubspot: ['contacts'] }],
		['$initial.hubspot.contacts | length', { hubspot: ['contacts'] }],
		['. as $s | $s.hubspot.companies | map(.id)', { hubspot: ['companies'] }],
		['{a: .hubspot.contacts, b: .outreach.prospects | length}', { hubspot: ['contacts'], outreach: ['prospects'] }],
		['"\\(.hubspot.owners | length) owners"', { hubspot: ['owners'] }],
		['first(.hubspot.contacts[] | select(.id == "1"))', { hubspot: ['contacts'] }],
		['if .hubspot.contacts | length > 0 then .outreach.prospects else [] end | length', { hubspot: ['contacts'], outreach: ['prospects'] }],
		['reduce .hubspot.contacts[] as $c (0; . + 1)', { hubspot: ['contacts'] }],
		['.hubspot."contacts" | length', { hubspot: ['contacts'] }],
		['.hubspot | keys', { hubspot: '*' }],
		['.hubspot == $initial.hubspot', { hubspot: '*' }],
		['.hubspot["contacts"] | length', { hubspot: '*' }],
		['keys', {}],
		['$events | map(select(.gym == "hubspot")) | length', {}],
		['$now | add_duration("P1D")', {}]
	])('%s → %j', (q, want) => {
		expect(show(q)).toEqual(want);
	});
	it.each([
		'.',
		'..',
		'. == $initial',
		'map(.contacts)',
		'[.[] | keys]',
		'to_entries',
		'tojson | length',
		'def f: .; f',
		'. as {hubspot: $h} | $h',
		'.hubspot.contacts |= []',
		'.["hubspot"]',
		'{$initial}',
		'"\\(.)"',
		'any(.contacts | length > 0)'
	])('%s cannot be resolved: read every table', (q) => {
		expect(show(q)).toBe('ALL');
	});
	it('unions over queries, and one unresolved query reads everything', () => {
		const r = tablesReadBy(['.hubspot.contacts | length', '.hubspot.owners[0].id'], GYMS);
		expect(tablesFor(r, 'hubspot')).toEqual(['contacts', 'owners']);
		expect(tablesFor(r, 'outreach')).toEqual([]);
		expect(tablesReadBy(['.hubspot.contacts | length', '.'], GYMS)).toEqual({ all: true });
		expect(tablesFor({ all: true }, 'hubspot')).toBeUndefined();
	});
});

describe('pruning never changes a verdict', () => {
	let jq: JqEngine;
	beforeAll(async () => {
		jq = await createNodeEngine();
	});
	const state = {
		hubspot: { contacts: [{ id: '1', e: 'a' }], companies: [{ id: '9' }], owners: [{ id: '5' }] },
		outreach: { prospects: [{ id: '3' }], sequences: [] }
	};
	const queries = [
		'.hubspot.contacts | length',
		'.hubspot | keys',
		'keys',
		'length',
		'. == $initial',
		'[.outreach.prospects[].id]',
		'.hubspot | length',
		'[paths] | length',
		'select(.hubspot.contacts | length > 0) | .outreach.prospects | length',
		'.hubspot.owners as $o | $o[0].id',
		'[.hubspot.companies[] | .id] | first'
	];
	it.each(queries)('%s: same result over the pruned and the full state', (q) => {
		const a: PlacedAssertion = { id: 'q', description: 'd', query: q, op: 'exists', step: 0, platform: 'hubspot', weight: 1, gating: true };
		const needs = tablesReadBy([q], Object.keys(state));
		const full = evaluate(jq, { state: canonicalJson(state), initial: canonicalJson(state) }, [a]).assertions[0]!;
		const pruned = evaluate(jq, { state: canonicalJson(pruneTables(state, needs)), initial: canonicalJson(pruneTables(state, needs)) }, [a]).assertions[0]!;
		expect({ actual: pruned.actual, error: pruned.error }).toEqual({ actual: full.actual, error: full.error });
	});
	it('prunes to the tables read and keeps every gym', () => {
		const needs = tablesReadBy(['.hubspot.contacts | length'], Object.keys(state));
		expect(pruneTables(state, needs)).toEqual({ hubspot: { contacts: [{ id: '1', e: 'a' }] }, outreach: {} });
	});
});
