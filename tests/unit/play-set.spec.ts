import { describe, expect, it } from 'vitest';
import type { Blueprint } from '../../blueprints/schema';
import { loadBlueprints } from '../../harness/blueprints';
import { actionCover, playSet, playSetMode, uiPath } from '../plays/select';

type Steps = Blueprint['steps'];
const bp = (id: string, steps: unknown, template?: { slug: string; seed: number }) =>
	({ id, steps: steps as Steps, template, alternatives: undefined }) as Pick<Blueprint, 'id' | 'steps' | 'template' | 'alternatives'>;

const steps = (name: string, label = 'Deal name', role = 'link') => [
	{
		platform: 'hubspot',
		actions: [
			{ goto: `/hubspot/contacts/${name.length}` },
			{ click: { role, name } },
			{ fill: { label, value: name } },
			{ check: { label: `${name} – committee` } }
		]
	}
];

describe('playSetMode', () => {
	it('is all by default, ci only when asked and not recording goldens, and refuses anything else', () => {
		expect(playSetMode({})).toBe('all');
		expect(playSetMode({ SALESGYM_PLAYS: 'ci' })).toBe('ci');
		expect(playSetMode({ SALESGYM_PLAYS: 'all' })).toBe('all');
		expect(playSetMode({ SALESGYM_GOLDEN: 'write' })).toBe('all');
		expect(playSetMode({ SALESGYM_GOLDEN: 'write', SALESGYM_PLAYS: 'ci' })).toBe('all');
		expect(() => playSetMode({ SALESGYM_PLAYS: 'al' })).toThrow(/SALESGYM_PLAYS must be "ci" or "all", not "al"/);
	});
});

describe('uiPath', () => {
	it('leaves out record names, values, ids and checkbox labels, keeps roles, kinds, screens and form labels', () => {
		expect(uiPath(bp('a', steps('Walker Partners')))).toBe(uiPath(bp('b', steps('Ullrich LLC Health'))));
		expect(uiPath(bp('a', steps('x')))).toBe('hubspot goto /hubspot/contacts\nhubspot click link\nhubspot fill label "Deal name"\nhubspot check label');
		expect(uiPath(bp('a', steps('x', 'Amount')))).not.toBe(uiPath(bp('b', steps('x'))));
		expect(uiPath(bp('a', steps('x', 'Deal name', 'button')))).not.toBe(uiPath(bp('b', steps('x'))));
	});
});

describe('playSet', () => {
	it('ci: hand-written ones, and the lowest seed of each UI path per template, in the given order', () => {
		const all = [
			bp('t/x-s3-v1', steps('c'), { slug: 'x', seed: 3 }),
			bp('hand-v1', steps('h')),
			bp('t/x-s1-v1', steps('a'), { slug: 'x', seed: 1 }),
			bp('t/x-s2-v1', steps('b', 'Amount'), { slug: 'x', seed: 2 }),
			bp('t/y-s5-v1', steps('a'), { slug: 'y', seed: 5 })
		];
		expect(playSet(all, 'ci').map((b) => b.id)).toEqual(['hand-v1', 't/x-s1-v1', 't/x-s2-v1', 't/y-s5-v1']);
		expect(playSet(all, 'all')).toEqual(all);
	});

	it('ci: a UI alternative counts in the path; instances whose alternatives walk the same screens share one play', () => {
		const withAlt = (id: string, seed: number, name: string, altLabel = 'Deal name') =>
			({
				...bp(id, steps(name), { slug: 'x', seed }),
				alternatives: [{ id: 'other', description: 'd', steps: steps(name, altLabel) }]
			}) as ReturnType<typeof bp>;
		const all = [
			withAlt('t/x-s1-v1', 1, 'a'),
			withAlt('t/x-s2-v1', 2, 'b'),
			withAlt('t/x-s3-v1', 3, 'c', 'Amount'),
			bp('t/x-s4-v1', steps('d'), { slug: 'x', seed: 4 })
		];
		expect(playSet(all, 'ci').map((b) => b.id)).toEqual(['t/x-s1-v1', 't/x-s3-v1', 't/x-s4-v1']);
	});

	it('over the shipped library: every instance left out has a played instance of its template with its UI path', () => {
		const all = loadBlueprints();
		const ci = playSet(all, 'ci');
		const played = new Set(ci.map((b) => b.id));
		expect(ci.length).toBeLessThan(all.length);
		for (const b of all.filter((x) => !x.template)) expect(played.has(b.id), b.id).toBe(true);
		for (const b of all.filter((x) => x.template && !played.has(x.id))) {
			const twin = ci.find((c) => c.template?.slug === b.template!.slug && uiPath(c) === uiPath(b));
			expect(twin, b.id).toBeDefined();
			expect(twin!.template!.seed, b.id).toBeLessThan(b.template!.seed);
		}
	});
});

describe('actionCover', () => {
	it('takes the fewest that use every action shape, in the given order', () => {
		const a = bp('a', [{ platform: 'hubspot', actions: [{ click: { role: 'link', name: 'x' } }] }]);
		const b = bp('b', [{ platform: 'hubspot', actions: [{ click: { role: 'link', name: 'y' } }, { fill: { label: 'N', value: 'v' } }] }]);
		const c = bp('c', [{ platform: 'hubspot', actions: [{ press: { key: 'Enter' } }] }]);
		expect(actionCover([a, b, c]).map((x) => x.id)).toEqual(['b', 'c']);
		expect(actionCover([])).toEqual([]);
	});
});
