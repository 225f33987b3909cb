import { describe, expect, it } from 'vitest';
import type { AlternativeRecord, MutantRecord } from '../plays/mutants';
import { buildReport, totalsLine } from '../plays/mutants-reporter';

const matrix = (over: Partial<NonNullable<MutantRecord['matrix']>> = {}): NonNullable<MutantRecord['matrix']> => ({
	gating: ['a', 'b', 'c'],
	oracle: { passed: true, score: 1, failed: [] },
	mutants: [
		{ id: 'decoy', kind: 'decoy', passed: false, score: 0.5, killed: ['a', 'b'], unchanged: false },
		{ id: 'hole', kind: 'collateral', passed: true, score: 1, killed: [], unchanged: false }
	],
	alternatives: [{ id: 'other-order', passed: true, score: 1, failed: [] }],
	unkilled: ['c'],
	survivors: ['hole'],
	ms: 12,
	...over
});

describe('the kill matrix report (tests/plays/mutants-reporter.ts)', () => {
	it('totals mutants, kills, covered gating assertions, alternatives (patch and UI), and lists blueprints without mutants', () => {
		const records: MutantRecord[] = [
			{ id: 'hubspot/b-v1', platform: 'hubspot', missing: false, matrix: matrix(), step_alternatives: ['ui-path'] },
			{ id: 'hubspot/a-v1', platform: 'hubspot', missing: true, matrix: null, step_alternatives: [] },
			{
				id: 'outreach/c-v1',
				platform: 'outreach',
				missing: false,
				matrix: matrix({
					gating: ['x'],
					mutants: [{ id: 'bad', kind: 'partial', passed: false, score: 0, killed: [], unchanged: false, error: 'syntax error' }],
					alternatives: [],
					unkilled: ['x'],
					survivors: []
				}),
				step_alternatives: []
			}
		];
		const alts: AlternativeRecord[] = [{ id: 'hubspot/b-v1', alternative: 'ui-path', passed: false, score: 0.5 }];
		const r = buildReport(records, alts);
		expect(Object.keys(r.blueprints)).toEqual(['hubspot/a-v1', 'hubspot/b-v1', 'outreach/c-v1']);
		expect(r.blueprints['hubspot/b-v1']).toEqual({
			platform: 'hubspot',
			missing: false,
			gating: ['a', 'b', 'c'],
			mutants: { decoy: { kind: 'decoy', passed: false, killed: ['a', 'b'] }, hole: { kind: 'collateral', passed: true, killed: [] } },
			unkilled: ['c'],
			alternatives: { 'other-order': { via: 'patch', passed: true, score: 1 }, 'ui-path': { via: 'steps', passed: false, score: 0.5 } },
			ms: 12
		});
		expect(r.blueprints['outreach/c-v1']!.mutants.bad).toEqual({ kind: 'partial', passed: false, killed: [], error: 'syntax error' });
		expect(r.totals).toEqual({
			blueprints: 3,
			with_mutants: 2,
			missing: ['hubspot/a-v1'],
			required: true,
			mutants: 3,
			killing: 1,
			kill_rate: 1 / 3,
			gating_covered: 2,
			gating_total: 4,
			alternatives: 2,
			alternatives_passed: 1
		});
		expect(totalsLine(r.totals)).toBe(
			'mutants: 2/3 blueprints with mutants (missing: hubspot/a-v1); 3 mutants, kill rate 33.3% (1/3 fail verification); gating assertions killed 2/4; alternatives passing 1/2; report test-results/mutants.json'
		);
	});
});
