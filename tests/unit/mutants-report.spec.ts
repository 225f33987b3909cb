import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestCase } from 'vitest/node';
import type { AlternativeRecord, MutantRecord } from '../plays/mutants';
import MutantsReporter, { buildReport, totalsLine, type MutantsReport, type ProofMeta } from '../plays/mutants-reporter';

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
			'mutants: 2/3 blueprints with mutants (missing: hubspot/a-v1); 3 mutants, kill rate 33.3% (1/3 fail verification); gating assertions killed 2/4; alternatives passing 1/2; report reports/mutants.json'
		);
	});

	it("the Vitest reporter gathers the records from the tests' metadata (the last result of a test wins) and writes the report", () => {
		const dir = mkdtempSync(join(tmpdir(), 'mutants-report-'));
		const path = join(dir, 'sub', 'mutants.json');
		const lines: string[] = [];
		try {
			const reporter = new MutantsReporter({ path, log: (line) => lines.push(line) });
			const result = (meta: ProofMeta) => reporter.onTestCaseResult({ meta: () => meta } as unknown as TestCase);
			result({});
			reporter.onTestRunEnd();
			expect(existsSync(path), 'no record, no report').toBe(false);
			expect(lines).toEqual([]);
			const first: MutantRecord = { id: 'hubspot/b-v1', platform: 'hubspot', missing: false, matrix: matrix(), step_alternatives: ['ui-path'] };
			result({ mutants: { ...first, matrix: matrix({ unkilled: ['a', 'b', 'c'] }) } });
			result({ mutants: first });
			result({ alternative: { id: 'hubspot/b-v1', alternative: 'ui-path', passed: true, score: 1 } });
			reporter.onTestRunEnd();
			const report = JSON.parse(readFileSync(path, 'utf8')) as MutantsReport;
			expect(report.blueprints['hubspot/b-v1']!.unkilled).toEqual(['c']);
			expect(report.blueprints['hubspot/b-v1']!.alternatives['ui-path']).toEqual({ via: 'steps', passed: true, score: 1 });
			expect(report.totals).toMatchObject({ blueprints: 1, mutants: 2, killing: 1, alternatives: 2, alternatives_passed: 2 });
			expect(lines).toEqual([totalsLine(report.totals, path)]);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
