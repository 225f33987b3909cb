import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Blueprint } from '../blueprints/schema';
import {
	bandOf,
	calibrationHtml,
	calibrationReport,
	libraryCalibration,
	libraryCalibrationHtml,
	LibraryCalibrationFile,
	mergeLibraryCalibrations,
	parseThresholds,
	passAtK,
	passHatK,
	writeDifficulty
} from './calibrate';
import { UsageError } from './errors';

/** C(n, k) by the definition, for checking the product forms. */
function choose(n: number, k: number): number {
	if (k < 0 || k > n) return 0;
	let r = 1;
	for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
	return r;
}

describe('pass@k and pass^k', () => {
	it('known values with n = k = 3', () => {
		expect([0, 1, 2, 3].map((c) => passAtK(3, c, 3))).toEqual([0, 1, 1, 1]);
		expect([0, 1, 2, 3].map((c) => passHatK(3, c, 3))).toEqual([0, 0, 0, 1]);
		expect(passAtK(3, 2, 1)).toBeCloseTo(2 / 3, 12);
		expect(passHatK(3, 2, 1)).toBeCloseTo(2 / 3, 12);
	});

	it('matches 1 − C(n−c,k)/C(n,k) and C(c,k)/C(n,k) for n = 10', () => {
		for (let c = 0; c <= 10; c++) {
			for (const k of [1, 3, 5]) {
				expect(passAtK(10, c, k)).toBeCloseTo(1 - choose(10 - c, k) / choose(10, k), 12);
				expect(passHatK(10, c, k)).toBeCloseTo(choose(c, k) / choose(10, k), 12);
			}
		}
		expect(passAtK(10, 2, 3)).toBeCloseTo(1 - 56 / 120, 12); // 8/15
		expect(passHatK(10, 5, 3)).toBeCloseTo(10 / 120, 12);
	});

	it('rejects impossible inputs', () => {
		expect(() => passAtK(3, 4, 3)).toThrow(RangeError);
		expect(() => passAtK(2, 1, 3)).toThrow(RangeError);
		expect(() => passHatK(3, 1, 0)).toThrow(RangeError);
	});
});

describe('bands', () => {
	it('default thresholds: 3/3 easy, 2/3 medium, 1/3 hard, 0/3 unsolved', () => {
		expect([3, 2, 1, 0].map((c) => bandOf(c, 3))).toEqual(['easy', 'medium', 'hard', 'unsolved']);
		expect(bandOf(0, 0)).toBe('unsolved');
		expect(bandOf(4, 6)).toBe('medium');
		expect(bandOf(1, 6)).toBe('unsolved');
	});

	it('configurable thresholds', () => {
		const t = parseThresholds('easy=0.9,hard=0.1');
		expect(t).toEqual({ easy: 0.9, medium: 2 / 3, hard: 0.1 });
		expect(bandOf(9, 10, t)).toBe('easy');
		expect(bandOf(1, 10, t)).toBe('hard');
		expect(() => parseThresholds('easy=2')).toThrow(UsageError);
		expect(() => parseThresholds('tough=0.2')).toThrow(UsageError);
	});
});

describe('calibrationReport', () => {
	const tasks = [
		{ id: 'hubspot/a-v1', platforms: ['hubspot' as const] },
		{ id: 'hubspot/b-v1', platforms: ['hubspot' as const] }
	];
	/** A two-tool task whose step 0 is Calendly and step 1 HubSpot (for the first failing platform). */
	const pair = {
		id: 't2/pair-s1-v1',
		platforms: ['calendly' as const, 'hubspot' as const],
		steps: [{ platform: 'calendly' as const }, { platform: 'hubspot' as const }]
	};
	const ok = (task_id: string, passed: boolean, first_failing_step: number | null = passed ? null : 1) => ({
		task_id,
		status: 'ok' as const,
		passed,
		first_failing_step
	});
	const records = [
		ok('hubspot/a-v1', true),
		ok('hubspot/a-v1', true),
		ok('hubspot/a-v1', false, 0),
		ok('hubspot/b-v1', false),
		ok('hubspot/b-v1', false),
		ok('hubspot/b-v1', false, 0),
		{ task_id: 'hubspot/b-v1', status: 'infra_error' as const, passed: null, first_failing_step: null }
	];
	const report = calibrationReport(tasks, records, { agent: 'noisy-oracle:0.3', k: 3, date: '2026-11-30' });

	it('per task c/n, pass@k, pass^k, band and first-failing-step histogram; infra errors excluded from n', () => {
		expect(report.tasks).toEqual([
			{
				task_id: 'hubspot/a-v1',
				platforms: ['hubspot'],
				tier: 1,
				n: 3,
				c: 2,
				pass_at_k: 1,
				pass_hat_k: 0,
				band: 'medium',
				first_failing_step: { '0': 1 },
				first_failing_platform: { none: 1 },
				infra_errors: 0
			},
			{
				task_id: 'hubspot/b-v1',
				platforms: ['hubspot'],
				tier: 1,
				n: 3,
				c: 0,
				pass_at_k: 0,
				pass_hat_k: 0,
				band: 'unsolved',
				first_failing_step: { '0': 1, '1': 2 },
				first_failing_platform: { none: 3 },
				infra_errors: 1
			}
		]);
		expect(report.summary).toMatchObject({
			bands: { easy: 0, medium: 1, hard: 0, unsolved: 1 },
			pass_rate_by_band: { easy: null, medium: 0.6667, hard: null, unsolved: 0 },
			pass_rate_by_platform: { hubspot: 0.3333 },
			first_failing_step: { '0': 2, '1': 2 },
			tiers: { '1': { easy: 0, medium: 1, hard: 0, unsolved: 1 }, '2': { easy: 0, medium: 0, hard: 0, unsolved: 0 } },
			totals: { tasks: 2, n: 6, c: 2, infra_errors: 1 }
		});
	});

	it('counts the platform of each first failing step from the task steps, and tiers by tool count', () => {
		const r = calibrationReport(
			[pair],
			[ok(pair.id, false, 0), ok(pair.id, false, 1), ok(pair.id, false, 1), ok(pair.id, false, 7), ok(pair.id, true), ok(pair.id, true)],
			{
				agent: 'noisy-oracle:0.3',
				k: 3,
				date: '2026-12-02'
			}
		);
		expect(r.tasks[0]).toMatchObject({ tier: 2, band: 'hard', first_failing_platform: { calendly: 1, hubspot: 2, none: 1 } });
		expect(r.summary.first_failing_platform).toEqual({ calendly: 1, hubspot: 2, none: 1 });
		expect(r.summary.tiers['2']).toEqual({ easy: 0, medium: 0, hard: 1, unsolved: 0 });
		expect(r.summary.tiers['4']).toEqual({ easy: 0, medium: 0, hard: 0, unsolved: 0 });
	});

	it('combines two noise levels: the last decides the band, n/n there is too easy, the HTML shows tier x band per level', () => {
		const all = [pair, ...tasks];
		const low = calibrationReport(
			all,
			all.flatMap((t) => [ok(t.id, true), ok(t.id, true), ok(t.id, true)]),
			{ agent: 'noisy-oracle:0.1', k: 3, date: '2026-12-02' }
		);
		const high = calibrationReport(
			all,
			[
				ok(pair.id, true),
				ok(pair.id, true),
				ok(pair.id, true),
				ok(tasks[0]!.id, true),
				ok(tasks[0]!.id, false, 0),
				ok(tasks[0]!.id, false, 0),
				...[0, 1, 2].map(() => ok(tasks[1]!.id, false, 0))
			],
			{ agent: 'noisy-oracle:0.3', k: 3, date: '2026-12-02' }
		);
		const lib = libraryCalibration([low, high]);
		expect(lib.summary).toMatchObject({ agents: ['noisy-oracle:0.1', 'noisy-oracle:0.3'], deciding_agent: 'noisy-oracle:0.3', too_easy: [pair.id] });
		expect(lib.tasks.map((t) => [t.task_id, t.band, t.too_easy])).toEqual([
			[pair.id, 'easy', true],
			['hubspot/a-v1', 'hard', false],
			['hubspot/b-v1', 'unsolved', false]
		]);
		expect(lib.tasks[1]!.levels).toEqual([
			{ agent: 'noisy-oracle:0.1', n: 3, c: 3, pass_at_k: 1, pass_hat_k: 1, band: 'easy' },
			{ agent: 'noisy-oracle:0.3', n: 3, c: 1, pass_at_k: 1, pass_hat_k: 0, band: 'hard' }
		]);
		expect(lib.summary.tiers['1']).toEqual({ easy: 0, medium: 0, hard: 1, unsolved: 1 });
		expect(lib.summary.tiers['2']).toEqual({ easy: 1, medium: 0, hard: 0, unsolved: 0 });
		const html = libraryCalibrationHtml(lib);
		expect(html.match(/<caption>Tasks per tier and band/g)).toHaveLength(3);
		expect(html).toContain('Platform of the first failing step (noisy-oracle:0.3)');
		expect(html).toContain(`<code>${pair.id}</code>`);
		expect(html).not.toMatch(/(src|href)="https?:/);
		expect(() => libraryCalibration([])).toThrow(RangeError);
		expect(() => libraryCalibration([low, calibrationReport(tasks, [], { agent: 'x', k: 3, date: '2026-12-02' })])).toThrow(/different tasks/);
	});

	it('merges calibrations of disjoint task sets into the report of them all, and refuses what does not merge', () => {
		const AGENTS = ['noisy-oracle:0.1', 'noisy-oracle:0.3'];
		/** Three episodes of a task: all passed, or one passed and two failed (at steps 0 and 1). */
		const three = (id: string, all: boolean) => (all ? [ok(id, true), ok(id, true), ok(id, true)] : [ok(id, true), ok(id, false, 0), ok(id, false, 1)]);
		const recsA = [
			[...three('hubspot/a-v1', true), ...three('hubspot/b-v1', true)],
			[...three('hubspot/a-v1', true), ...three('hubspot/b-v1', false)]
		];
		const recsB = [three(pair.id, true), three(pair.id, false)];
		const lib = (sel: Parameters<typeof calibrationReport>[0], recs: ReturnType<typeof three>[]) =>
			libraryCalibration(AGENTS.map((agent, j) => calibrationReport(sel, recs[j]!, { agent, k: 3, date: '2026-12-02' })));
		const a = lib(tasks, recsA);
		const b = lib([pair], recsB);
		// Through JSON, as the CLI reads the files, and checked by the strict file schema.
		const parts = [a, b].map((x) => LibraryCalibrationFile.parse(JSON.parse(JSON.stringify(x))));
		const merged = mergeLibraryCalibrations(parts);
		// The same report as one run over all three tasks.
		expect(merged).toEqual(
			lib(
				[...tasks, pair],
				[0, 1].map((j) => [...recsA[j]!, ...recsB[j]!])
			)
		);
		expect(merged.summary.too_easy).toEqual(['hubspot/a-v1']);
		expect(merged.summary.tiers['2']).toEqual({ easy: 0, medium: 0, hard: 1, unsolved: 0 });
		expect(merged.levels[1]!.summary.totals).toEqual({ tasks: 3, n: 9, c: 5, infra_errors: 0 });
		expect(() => mergeLibraryCalibrations([])).toThrow(UsageError);
		expect(() => mergeLibraryCalibrations([a, a])).toThrow(/in more than one report: hubspot\/a-v1, hubspot\/b-v1/);
		expect(() => mergeLibraryCalibrations([a, { ...b, summary: { ...b.summary, k: 2 } }])).toThrow(/k differs/);
		const oneLevel = libraryCalibration([calibrationReport([pair], recsB[1]!, { agent: AGENTS[1]!, k: 3, date: '2026-12-02' })]);
		expect(() => mergeLibraryCalibrations([a, oneLevel])).toThrow(/levels differ/);
		// A typo in a file fails loudly instead of being stripped.
		expect(LibraryCalibrationFile.safeParse({ ...JSON.parse(JSON.stringify(a)), extra: 1 }).success).toBe(false);
	});

	it('renders an offline HTML page with the four plots and the table (no external resources)', () => {
		const html = calibrationHtml(report);
		for (const t of [
			'Tasks per band',
			'Tasks per tier and band',
			'Pass rate per band',
			'Pass rate per platform',
			'First failing step',
			'Platform of the first failing step'
		])
			expect(html).toContain(t);
		expect(html.match(/<svg /g)).toHaveLength(5);
		expect(html).toContain('<td>hubspot/a-v1</td><td>2/3</td>');
		expect(html).not.toMatch(/(src|href)="https?:/);
	});
});

describe('writeDifficulty', () => {
	it('inserts a difficulty block before fixtures, then replaces it, leaving everything else byte-identical', async () => {
		// The committed file as it was before any calibration (its own difficulty line, if any, taken out).
		const src = readFileSync(new URL('../blueprints/hubspot/inbound-demo-request-v1.json', import.meta.url), 'utf8').replace(/^ {2}"difficulty": .*\n/m, '');
		expect(src).not.toContain('"difficulty"');
		const file = join(mkdtempSync(join(tmpdir(), 'salesgym-cal-')), 'bp.json');
		writeFileSync(file, src);
		await writeDifficulty(file, { band: 'medium', passes: 2, n: 3, k: 3, agent: 'noisy-oracle:0.3', date: '2026-11-30' });
		const once = readFileSync(file, 'utf8');
		expect(once).toContain(
			'  "difficulty": {"band": "medium", "passes": 2, "n": 3, "k": 3, "agent": "noisy-oracle:0.3", "date": "2026-11-30"},\n  "fixtures": {'
		);
		expect(once.replace(/^ {2}"difficulty": .*\n/m, '')).toBe(src);
		expect(Blueprint.parse(JSON.parse(once)).difficulty?.band).toBe('medium');
		await writeDifficulty(file, { band: 'easy', passes: 3, n: 3, k: 3, agent: 'oracle', date: '2026-12-01' });
		const twice = readFileSync(file, 'utf8');
		expect(twice.match(/"difficulty"/g)).toHaveLength(1);
		expect(Blueprint.parse(JSON.parse(twice)).difficulty).toEqual({ band: 'easy', passes: 3, n: 3, k: 3, agent: 'oracle', date: '2026-12-01' });
	});

	it('rewrites a template instance as the generator writes it, with the levels of a two-level calibration', async () => {
		const src = readFileSync(new URL('../blueprints/t2/hs-or-optout-reconcile-s1-v1.json', import.meta.url), 'utf8');
		const file = join(mkdtempSync(join(tmpdir(), 'salesgym-cal-')), 'bp.json');
		writeFileSync(file, src);
		const difficulty = {
			band: 'hard' as const,
			passes: 1,
			n: 3,
			k: 3,
			agent: 'noisy-oracle:0.3',
			date: '2026-12-02',
			levels: [
				{ agent: 'noisy-oracle:0.1', passes: 3, n: 3, band: 'easy' as const },
				{ agent: 'noisy-oracle:0.3', passes: 1, n: 3, band: 'hard' as const }
			]
		};
		await writeDifficulty(file, difficulty);
		const text = readFileSync(file, 'utf8');
		expect(text).toBe(`${JSON.stringify({ ...JSON.parse(src), difficulty }, null, 2)}\n`);
		expect(Blueprint.parse(JSON.parse(text)).difficulty).toEqual(difficulty);
		await expect(writeDifficulty(file, { ...difficulty, levels: [] })).rejects.toThrow();
		expect(readFileSync(file, 'utf8')).toBe(text);
	});
});
