/**
 * Difficulty calibration (`salesgym calibrate`): per task, c passes out of n episodes → pass@k (unbiased
 * estimator, Chen et al. 2021), pass^k (all of k attempts succeed), a difficulty band and the histogram of
 * first failing steps; a JSON report and a self-contained HTML page (inline SVG, opens offline).
 * The math and rendering are pure; only {@link writeDifficulty} touches files.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { Band as BandSchema, BANDS, Blueprint, type Band, type Difficulty } from '../blueprints/schema';
import { UsageError } from './errors';
import type { EpisodeRecord } from './runner';

/**
 * Unbiased pass@k: 1 − C(n−c, k) / C(n, k), computed as 1 − Π_{i=n−c+1..n} (1 − k/i) (no big binomials).
 * @param n episodes scored; @param c of which passed; @param k attempts.
 * @returns a probability in [0, 1].
 * @throws RangeError unless 0 ≤ c ≤ n and 1 ≤ k ≤ n (integers).
 */
export function passAtK(n: number, c: number, k: number): number {
	checkNck(n, c, k);
	if (n - c < k) return 1;
	let miss = 1;
	for (let i = n - c + 1; i <= n; i++) miss *= 1 - k / i;
	return 1 - miss;
}

/**
 * pass^k: the probability that k attempts drawn without replacement from the n all pass, C(c, k) / C(n, k)
 * = Π_{i=0..k−1} (c−i)/(n−i). With n = k this is 1 iff every attempt passed.
 * @throws RangeError unless 0 ≤ c ≤ n and 1 ≤ k ≤ n (integers).
 */
export function passHatK(n: number, c: number, k: number): number {
	checkNck(n, c, k);
	if (c < k) return 0;
	let p = 1;
	for (let i = 0; i < k; i++) p *= (c - i) / (n - i);
	return p;
}

function checkNck(n: number, c: number, k: number): void {
	if (![n, c, k].every(Number.isInteger) || c < 0 || c > n || k < 1 || k > n) {
		throw new RangeError(`need integers 0 <= c <= n and 1 <= k <= n; got n=${n} c=${c} k=${k}`);
	}
}

/** Lowest pass rate c/n of each band but `unsolved` (which takes the rest). */
export interface BandThresholds {
	easy: number;
	medium: number;
	hard: number;
}

/** The default bands: Easy 3/3, Medium 2/3, Hard 1/3, Unsolved 0/3 (as pass rates). */
export const DEFAULT_THRESHOLDS: BandThresholds = { easy: 1, medium: 2 / 3, hard: 1 / 3 };

/**
 * The band of a pass rate c/n: the first of easy, medium, hard whose threshold it reaches (with 1e-9 slack,
 * so 2/3 reaches 0.6667 written as 2/3), else unsolved. A task with no scored episode (n = 0) is unsolved.
 */
export function bandOf(c: number, n: number, t: BandThresholds = DEFAULT_THRESHOLDS): Band {
	if (n <= 0) return 'unsolved';
	const rate = c / n;
	if (c > 0 && rate >= t.easy - 1e-9) return 'easy';
	if (c > 0 && rate >= t.medium - 1e-9) return 'medium';
	if (c > 0 && rate >= t.hard - 1e-9) return 'hard';
	return 'unsolved';
}

/**
 * Parses `--bands easy=1,medium=0.66,hard=0.33` (any subset; the rest keep their defaults).
 * @throws UsageError unless 1 ≥ easy ≥ medium ≥ hard > 0 and every key is known.
 */
export function parseThresholds(text: string | undefined): BandThresholds {
	const t = { ...DEFAULT_THRESHOLDS };
	if (text === undefined) return t;
	for (const part of text.split(',')) {
		const [key, value] = part.split('=').map((s) => s.trim());
		const v = Number(value);
		if ((key !== 'easy' && key !== 'medium' && key !== 'hard') || value === undefined || value === '' || !Number.isFinite(v)) {
			throw new UsageError(`--bands takes easy=R,medium=R,hard=R (pass rates 0..1); bad part "${part}"`);
		}
		t[key] = v;
	}
	if (!(t.easy <= 1 && t.easy >= t.medium && t.medium >= t.hard && t.hard > 0)) {
		throw new UsageError(`--bands needs 1 >= easy >= medium >= hard > 0; got easy=${t.easy} medium=${t.medium} hard=${t.hard}`);
	}
	return t;
}

/** One task's calibration. */
export interface TaskCalibration {
	task_id: string;
	/** Platforms of the task (for the per-platform plot). */
	platforms: string[];
	/** Integration tier: how many tools the task touches (1–4). */
	tier: number;
	/** Episodes scored (infrastructure errors excluded). */
	n: number;
	/** Episodes passed. */
	c: number;
	/** Unbiased pass@k, or null when n < k. */
	pass_at_k: number | null;
	/** pass^k, or null when n < k. */
	pass_hat_k: number | null;
	band: Band;
	/** First failing step (0-based, as text) → failed episodes; `"none"` counts failures with no failing step. */
	first_failing_step: Record<string, number>;
	/** Platform of the first failing step → failed episodes (`"none"`: no failing step, or a step the task lacks). */
	first_failing_platform: Record<string, number>;
	/** Episodes lost to infrastructure errors. */
	infra_errors: number;
}

/** The calibration report (`--json`). */
export interface CalibrationReport {
	tasks: TaskCalibration[];
	summary: {
		agent: string;
		k: number;
		date: string;
		thresholds: BandThresholds;
		/** Band → tasks. */
		bands: Record<Band, number>;
		/** Band (tier) → pass rate over its episodes (null when empty). */
		pass_rate_by_band: Record<Band, number | null>;
		/** Platform → pass rate over its episodes. */
		pass_rate_by_platform: Record<string, number>;
		/** First failing step → failed episodes, over all tasks. */
		first_failing_step: Record<string, number>;
		/** Platform of the first failing step → failed episodes, over all tasks. */
		first_failing_platform: Record<string, number>;
		/** Tier ("1"–"4") → band → tasks. */
		tiers: Record<string, Record<Band, number>>;
		/** Tasks, episodes scored, passed, infrastructure errors. */
		totals: { tasks: number; n: number; c: number; infra_errors: number };
	};
}

function round4(x: number): number {
	return Math.round(x * 10_000) / 10_000;
}

/**
 * Builds the report from episode records (any order, several per task).
 * @param tasks the tasks calibrated (id and platforms), in report order.
 * @param date UTC date (YYYY-MM-DD) stamped on the report.
 */
export function calibrationReport(
	tasks: readonly (Pick<Blueprint, 'id' | 'platforms'> & { steps?: readonly Pick<Blueprint['steps'][number], 'platform'>[] })[],
	records: readonly Pick<EpisodeRecord, 'task_id' | 'status' | 'passed' | 'first_failing_step'>[],
	opts: { agent: string; k: number; date: string; thresholds?: BandThresholds }
): CalibrationReport {
	const thresholds = opts.thresholds ?? DEFAULT_THRESHOLDS;
	const rows: TaskCalibration[] = tasks.map((t) => {
		const mine = records.filter((r) => r.task_id === t.id);
		const scored = mine.filter((r) => r.status === 'ok');
		const n = scored.length;
		const c = scored.filter((r) => r.passed === true).length;
		const hist: Record<string, number> = {};
		const byPlatform: Record<string, number> = {};
		for (const r of scored) {
			if (r.passed) continue;
			const key = r.first_failing_step === null ? 'none' : String(r.first_failing_step);
			hist[key] = (hist[key] ?? 0) + 1;
			const platform = (r.first_failing_step === null ? undefined : t.steps?.[r.first_failing_step]?.platform) ?? 'none';
			byPlatform[platform] = (byPlatform[platform] ?? 0) + 1;
		}
		return {
			task_id: t.id,
			platforms: [...t.platforms],
			tier: t.platforms.length,
			n,
			c,
			pass_at_k: n >= opts.k ? round4(passAtK(n, c, opts.k)) : null,
			pass_hat_k: n >= opts.k ? round4(passHatK(n, c, opts.k)) : null,
			band: bandOf(c, n, thresholds),
			first_failing_step: hist,
			first_failing_platform: byPlatform,
			infra_errors: mine.length - n
		};
	});
	return reportFromRows(rows, { agent: opts.agent, k: opts.k, date: opts.date, thresholds });
}

/**
 * The report over per-task rows already computed (by {@link calibrationReport}, or taken from reports being merged):
 * the summary (bands, pass rates, first failing steps, tiers, totals) is a function of the rows alone.
 */
function reportFromRows(rows: TaskCalibration[], opts: { agent: string; k: number; date: string; thresholds: BandThresholds }): CalibrationReport {
	const thresholds = opts.thresholds;
	const bands = Object.fromEntries(BANDS.map((b) => [b, rows.filter((r) => r.band === b).length])) as Record<Band, number>;
	const rate = (sel: TaskCalibration[]): number | null => {
		const n = sel.reduce((s, r) => s + r.n, 0);
		return n === 0 ? null : round4(sel.reduce((s, r) => s + r.c, 0) / n);
	};
	const platforms = [...new Set(rows.flatMap((r) => r.platforms))].sort();
	const hist: Record<string, number> = {};
	for (const r of rows) for (const [s, n] of Object.entries(r.first_failing_step)) hist[s] = (hist[s] ?? 0) + n;
	const byPlatform: Record<string, number> = {};
	for (const r of rows) for (const [p, n] of Object.entries(r.first_failing_platform)) byPlatform[p] = (byPlatform[p] ?? 0) + n;
	return {
		tasks: rows,
		summary: {
			agent: opts.agent,
			k: opts.k,
			date: opts.date,
			thresholds,
			bands,
			pass_rate_by_band: Object.fromEntries(BANDS.map((b) => [b, rate(rows.filter((r) => r.band === b))])) as Record<Band, number | null>,
			pass_rate_by_platform: Object.fromEntries(platforms.map((p) => [p, rate(rows.filter((r) => r.platforms.includes(p))) ?? 0])),
			first_failing_step: hist,
			first_failing_platform: byPlatform,
			tiers: tierBands(rows),
			totals: {
				tasks: rows.length,
				n: rows.reduce((s, r) => s + r.n, 0),
				c: rows.reduce((s, r) => s + r.c, 0),
				infra_errors: rows.reduce((s, r) => s + r.infra_errors, 0)
			}
		}
	};
}

/** Tier ("1"–"4") → band → how many of `rows` (each with a tier and a band) fall there. */
function tierBands(rows: readonly { tier: number; band: Band }[]): Record<string, Record<Band, number>> {
	return Object.fromEntries(
		TIERS.map((t) => [String(t), Object.fromEntries(BANDS.map((b) => [b, rows.filter((r) => r.tier === t && r.band === b).length]))])
	) as Record<string, Record<Band, number>>;
}

/** The integration tiers (tools per task). */
const TIERS = [1, 2, 3, 4] as const;

function esc(s: string): string {
	return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * An SVG bar chart (inline, no script): one bar per entry, values ≥ 0.
 * @param max the value of a full-height bar (default the largest value, at least 1).
 */
export function barChart(title: string, entries: readonly (readonly [string, number])[], opts: { max?: number; percent?: boolean } = {}): string {
	const w = 60;
	const h = 160;
	const max = opts.max ?? Math.max(1, ...entries.map(([, v]) => v));
	const bars = entries
		.map(([label, v], i) => {
			const bh = Math.round((v / max) * h);
			const x = 40 + i * (w + 20);
			const text = opts.percent ? `${Math.round(v * 100)}%` : String(v);
			return (
				`<rect x="${x}" y="${20 + h - bh}" width="${w}" height="${bh}" fill="#ff7a59"><title>${esc(label)}: ${esc(text)}</title></rect>` +
				`<text x="${x + w / 2}" y="${14 + h - bh}" text-anchor="middle" font-size="12">${esc(text)}</text>` +
				`<text x="${x + w / 2}" y="${h + 38}" text-anchor="middle" font-size="12">${esc(label)}</text>`
			);
		})
		.join('');
	const width = 60 + entries.length * (w + 20);
	return (
		`<figure><figcaption>${esc(title)}</figcaption><svg role="img" aria-label="${esc(title)}" width="${width}" height="${h + 50}" xmlns="http://www.w3.org/2000/svg">` +
		`<line x1="35" y1="${h + 20}" x2="${width}" y2="${h + 20}" stroke="#33475b"/>${bars}</svg></figure>`
	);
}

/** An HTML table of tier × band counts (rows tiers 1–4, a column per band and a total). */
export function tierBandTable(caption: string, tiers: Record<string, Record<Band, number>>): string {
	const head = `<tr><th>tier (tools)</th>${BANDS.map((b) => `<th>${b}</th>`).join('')}<th>tasks</th></tr>`;
	const body = TIERS.map((t) => {
		const row = tiers[String(t)] ?? ({} as Record<Band, number>);
		const total = BANDS.reduce((n, b) => n + (row[b] ?? 0), 0);
		return `<tr><td>${t}</td>${BANDS.map((b) => `<td>${row[b] ?? 0}</td>`).join('')}<td>${total}</td></tr>`;
	}).join('');
	return `<table><caption>${esc(caption)}</caption><thead>${head}</thead><tbody>${body}</tbody></table>`;
}

/** Entries of a first-failing-step histogram in step order, `none` last. */
function stepEntries(hist: Record<string, number>): [string, number][] {
	return Object.entries(hist)
		.sort(([a], [b]) => (a === 'none' ? 1 : b === 'none' ? -1 : Number(a) - Number(b)))
		.map(([k, v]) => [k === 'none' ? 'none' : `step ${k}`, v]);
}

/** Entries of a first-failing-platform histogram, platforms sorted, `none` last. */
function platformEntries(hist: Record<string, number>): [string, number][] {
	return Object.entries(hist).sort(([a], [b]) => (a === 'none' ? 1 : b === 'none' ? -1 : a < b ? -1 : 1));
}

const STYLE = `<style>body{font-family:system-ui,sans-serif;color:#33475b;margin:2rem}figure{display:inline-block;margin:0 2rem 2rem 0}figcaption,caption{font-weight:600;text-align:left}
table{border-collapse:collapse;margin:0 0 2rem}td,th{border:1px solid #cbd6e2;padding:.3rem .6rem;text-align:left}</style>`;

/**
 * The report as one self-contained HTML page: tasks per band, the tier × band table, pass rate per band and per
 * platform, first failing step and its platform, and the task table.
 */
export function calibrationHtml(report: CalibrationReport): string {
	const s = report.summary;
	const pct = (x: number | null) => (x === null ? '–' : `${Math.round(x * 100)}%`);
	const rows = report.tasks
		.map(
			(t) =>
				`<tr><td>${esc(t.task_id)}</td><td>${t.c}/${t.n}</td><td>${pct(t.pass_at_k)}</td><td>${pct(t.pass_hat_k)}</td><td>${t.band}</td>` +
				`<td>${esc(
					Object.entries(t.first_failing_step)
						.map(([k, v]) => `step ${k}: ${v}`)
						.join(', ') || '–'
				)}</td><td>${t.infra_errors}</td></tr>`
		)
		.join('\n');
	return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>salesgym calibration: ${esc(s.agent)}, k=${s.k}</title>
${STYLE}</head>
<body><h1>salesgym calibration</h1>
<p>Agent <b>${esc(s.agent)}</b>, k = ${s.k}, ${s.date}. ${s.totals.tasks} tasks, ${s.totals.c}/${s.totals.n} episodes passed, ${s.totals.infra_errors} infrastructure errors (not scored).
Bands by pass rate: easy ≥ ${round4(s.thresholds.easy)}, medium ≥ ${round4(s.thresholds.medium)}, hard ≥ ${round4(s.thresholds.hard)}, else unsolved.</p>
${tierBandTable('Tasks per tier and band', s.tiers)}
${barChart(
	'Tasks per band',
	BANDS.map((b) => [b, s.bands[b]] as const)
)}
${barChart(
	'Pass rate per band',
	BANDS.map((b) => [b, s.pass_rate_by_band[b] ?? 0] as const),
	{ max: 1, percent: true }
)}
${barChart('Pass rate per platform', Object.entries(s.pass_rate_by_platform), { max: 1, percent: true })}
${barChart('First failing step (failed episodes)', stepEntries(s.first_failing_step))}
${barChart('Platform of the first failing step (failed episodes)', platformEntries(s.first_failing_platform))}
<table><thead><tr><th>task</th><th>c/n</th><th>pass@${s.k}</th><th>pass^${s.k}</th><th>band</th><th>first failing steps</th><th>infra errors</th></tr></thead>
<tbody>
${rows}
</tbody></table></body></html>
`;
}

/** One task at one calibration level (agent). */
export interface LevelResult {
	agent: string;
	/** Episodes scored, and passed. */
	n: number;
	c: number;
	pass_at_k: number | null;
	pass_hat_k: number | null;
	band: Band;
}

/** One task over every level: its band is the band at the last (hardest, e.g. noisiest) level. */
export interface LibraryTask {
	task_id: string;
	tier: number;
	platforms: string[];
	/** The band at the deciding (last) level. */
	band: Band;
	/** Too easy: every scored episode passed at the deciding level (n ≥ 1). */
	too_easy: boolean;
	levels: LevelResult[];
}

/** A calibration over two or more levels (`salesgym calibrate --agent A --agent B …`, the last decides the band). */
export interface LibraryCalibration {
	tasks: LibraryTask[];
	/** One full report per level, in `--agent` order. */
	levels: CalibrationReport[];
	summary: {
		agents: string[];
		/** The level whose bands are written: the last `--agent`. */
		deciding_agent: string;
		k: number;
		date: string;
		thresholds: BandThresholds;
		/** Tier ("1"–"4") → band (at the deciding level) → tasks. */
		tiers: Record<string, Record<Band, number>>;
		/** Tasks solved n/n at the deciding level, by id. */
		too_easy: string[];
	};
}

/**
 * Combines per-level reports over the same tasks into one library calibration; the last level decides each band.
 * @throws RangeError when there is no level, or the levels do not list the same tasks in the same order.
 */
export function libraryCalibration(levels: readonly CalibrationReport[]): LibraryCalibration {
	const last = levels[levels.length - 1];
	if (!last) throw new RangeError('libraryCalibration needs at least one level');
	const ids = last.tasks.map((t) => t.task_id).join('\n');
	if (levels.some((l) => l.tasks.map((t) => t.task_id).join('\n') !== ids)) throw new RangeError('calibration levels list different tasks');
	const tasks: LibraryTask[] = last.tasks.map((t, i) => ({
		task_id: t.task_id,
		tier: t.tier,
		platforms: t.platforms,
		band: t.band,
		too_easy: t.n > 0 && t.c === t.n,
		levels: levels.map((l) => {
			const r = l.tasks[i]!;
			return { agent: l.summary.agent, n: r.n, c: r.c, pass_at_k: r.pass_at_k, pass_hat_k: r.pass_hat_k, band: r.band };
		})
	}));
	return {
		tasks,
		levels: [...levels],
		summary: {
			agents: levels.map((l) => l.summary.agent),
			deciding_agent: last.summary.agent,
			k: last.summary.k,
			date: last.summary.date,
			thresholds: last.summary.thresholds,
			tiers: tierBands(tasks),
			too_easy: tasks.filter((t) => t.too_easy).map((t) => t.task_id)
		}
	};
}

const Counts = z.record(z.string(), z.number().int().nonnegative());
const Thresholds = z.strictObject({ easy: z.number(), medium: z.number(), hard: z.number() });
const TaskRow = z.strictObject({
	task_id: z.string().min(1),
	platforms: z.array(z.string()),
	tier: z.number().int().min(1).max(4),
	n: z.number().int().nonnegative(),
	c: z.number().int().nonnegative(),
	pass_at_k: z.number().nullable(),
	pass_hat_k: z.number().nullable(),
	band: BandSchema,
	first_failing_step: Counts,
	first_failing_platform: Counts,
	infra_errors: z.number().int().nonnegative()
});
const LevelReport = z.strictObject({
	tasks: z.array(TaskRow),
	summary: z.strictObject({
		agent: z.string().min(1),
		k: z.number().int().positive(),
		date: z.iso.date(),
		thresholds: Thresholds,
		bands: z.record(BandSchema, z.number()),
		pass_rate_by_band: z.record(BandSchema, z.number().nullable()),
		pass_rate_by_platform: z.record(z.string(), z.number()),
		first_failing_step: Counts,
		first_failing_platform: Counts,
		tiers: z.record(z.string(), z.record(BandSchema, z.number())),
		totals: z.strictObject({ tasks: z.number(), n: z.number(), c: z.number(), infra_errors: z.number() })
	})
});
/**
 * The file `salesgym calibrate --agent A --agent B … --json F` writes (a {@link LibraryCalibration}), as read back by
 * {@link mergeLibraryCalibrations}: strict, so a file of another shape (a one-level report, a hand edit) fails loudly.
 */
export const LibraryCalibrationFile = z.strictObject({
	tasks: z.array(
		z.strictObject({
			task_id: z.string().min(1),
			tier: z.number().int(),
			platforms: z.array(z.string()),
			band: BandSchema,
			too_easy: z.boolean(),
			levels: z.array(
				z.strictObject({
					agent: z.string(),
					n: z.number().int(),
					c: z.number().int(),
					pass_at_k: z.number().nullable(),
					pass_hat_k: z.number().nullable(),
					band: BandSchema
				})
			)
		})
	),
	levels: z.array(LevelReport).min(1),
	summary: z.strictObject({
		agents: z.array(z.string()).min(1),
		deciding_agent: z.string(),
		k: z.number().int().positive(),
		date: z.iso.date(),
		thresholds: Thresholds,
		tiers: z.record(z.string(), z.record(BandSchema, z.number())),
		too_easy: z.array(z.string())
	})
});

/**
 * Merges library calibrations of disjoint task sets (e.g. one per tier, run one after another or on several
 * machines) into the one report the whole library would give: per level, the task rows of every part in order, and
 * every summary (bands, pass rates, first failing steps, tiers, totals, too easy) recomputed over them; the date is
 * the latest part's.
 * @param parts the parsed `--json` files of `salesgym calibrate` with the same `--agent` levels (in the same order),
 *   the same k and the same band thresholds.
 * @throws UsageError when there is no part, the parts' levels, k or thresholds differ, or a task is in two parts.
 */
export function mergeLibraryCalibrations(parts: readonly LibraryCalibration[]): LibraryCalibration {
	const first = parts[0];
	if (!first) throw new UsageError('--merge needs at least one calibration report');
	const agents = first.summary.agents.join(', ');
	for (const p of parts) {
		if (p.summary.agents.join(', ') !== agents) throw new UsageError(`--merge: levels differ: [${agents}] vs [${p.summary.agents.join(', ')}]`);
		if (p.summary.k !== first.summary.k) throw new UsageError(`--merge: k differs: ${first.summary.k} vs ${p.summary.k}`);
		if (JSON.stringify(p.summary.thresholds) !== JSON.stringify(first.summary.thresholds)) throw new UsageError('--merge: band thresholds differ');
	}
	const seen = new Set<string>();
	const twice = new Set<string>();
	for (const p of parts) for (const t of p.tasks) (seen.has(t.task_id) ? twice : seen).add(t.task_id);
	if (twice.size > 0) throw new UsageError(`--merge: in more than one report: ${[...twice].join(', ')}`);
	const date = parts.map((p) => p.summary.date).sort()[parts.length - 1]!;
	const levels = first.summary.agents.map((agent, j) =>
		reportFromRows(
			parts.flatMap((p) => p.levels[j]!.tasks),
			{ agent, k: first.summary.k, date, thresholds: first.summary.thresholds }
		)
	);
	return libraryCalibration(levels);
}

/**
 * A library calibration as one self-contained HTML page: per level the tier × band table and the platform of the
 * first failing step; the tier × band table at the deciding level; the too-easy list; one row per task and level.
 */
export function libraryCalibrationHtml(lib: LibraryCalibration): string {
	const s = lib.summary;
	const pct = (x: number | null) => (x === null ? '–' : `${Math.round(x * 100)}%`);
	const perLevel = lib.levels
		.map(
			(l) =>
				`<section><h2>${esc(l.summary.agent)}</h2><p>${l.summary.totals.c}/${l.summary.totals.n} episodes passed, ${l.summary.totals.infra_errors} infrastructure errors (not scored).</p>
${tierBandTable(`Tasks per tier and band (${l.summary.agent})`, l.summary.tiers)}
${barChart(`Platform of the first failing step (${l.summary.agent})`, platformEntries(l.summary.first_failing_platform))}
${barChart(`First failing step (${l.summary.agent})`, stepEntries(l.summary.first_failing_step))}</section>`
		)
		.join('\n');
	const head = s.agents.map((a) => `<th>${esc(a)} c/n</th><th>pass@${s.k}</th><th>pass^${s.k}</th><th>band</th>`).join('');
	const rows = lib.tasks
		.map(
			(t) =>
				`<tr><td>${esc(t.task_id)}</td><td>${t.tier}</td>${t.levels
					.map((l) => `<td>${l.c}/${l.n}</td><td>${pct(l.pass_at_k)}</td><td>${pct(l.pass_hat_k)}</td><td>${l.band}</td>`)
					.join('')}<td><b>${t.band}</b>${t.too_easy ? ' (too easy)' : ''}</td></tr>`
		)
		.join('\n');
	return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>salesgym library calibration: ${esc(s.agents.join(', '))}, k=${s.k}</title>
${STYLE}</head>
<body><h1>salesgym library calibration</h1>
<p>Levels ${s.agents.map((a) => `<b>${esc(a)}</b>`).join(', ')}; k = ${s.k}; ${s.date}; ${lib.tasks.length} tasks. The band written to each
blueprint is its band at <b>${esc(s.deciding_agent)}</b> (easy ≥ ${round4(s.thresholds.easy)}, medium ≥ ${round4(s.thresholds.medium)},
hard ≥ ${round4(s.thresholds.hard)}, else unsolved). Too easy (every episode passed at ${esc(s.deciding_agent)}): ${s.too_easy.length}.</p>
${tierBandTable(`Tasks per tier and band (${s.deciding_agent})`, s.tiers)}
${perLevel}
<h2>Too easy</h2><p>${s.too_easy.length ? s.too_easy.map((id) => `<code>${esc(id)}</code>`).join(', ') : 'none'}</p>
<table><thead><tr><th>task</th><th>tier</th>${head}<th>band</th></tr></thead>
<tbody>
${rows}
</tbody></table></body></html>
`;
}

/**
 * Records `difficulty` in a blueprint file, keeping the rest of the text as it is: replaces an existing
 * one-line `"difficulty": {…}` member, or inserts one before `"fixtures"` (at the same indentation). The result
 * is parsed and validated before it is written.
 * @throws Error when the edited text is not a valid blueprint equal to the original plus `difficulty`.
 */
export async function writeDifficulty(file: string, difficulty: Difficulty): Promise<void> {
	const text = await readFile(file, 'utf8');
	const original = JSON.parse(text) as Record<string, unknown>;
	const member = `"difficulty": ${JSON.stringify(difficulty).replaceAll('":', '": ').replaceAll(',"', ', "')}`;
	let next: string;
	if (original.template !== undefined) {
		// A template instance is generated text (2-space JSON): `npm run blueprints` keeps its difficulty in the
		// same place, so the file stays what the generator writes.
		Blueprint.parse({ ...original, difficulty });
		await writeFile(file, `${JSON.stringify({ ...original, difficulty }, null, 2)}\n`);
		return;
	}
	const existing = /^([ \t]*)"difficulty": \{[^\n]*\}(,?)$/m;
	if (existing.test(text)) next = text.replace(existing, (_m, indent: string, comma: string) => `${indent}${member}${comma}`);
	else {
		const fixtures = /^([ \t]*)"fixtures":/m.exec(text);
		if (!fixtures) throw new Error(`${file}: no "fixtures" member to insert "difficulty" before`);
		next = `${text.slice(0, fixtures.index)}${fixtures[1]}${member},\n${text.slice(fixtures.index)}`;
	}
	const parsed = Blueprint.parse(JSON.parse(next));
	const expected = { ...original, difficulty };
	if (JSON.stringify(sortKeys(parsed)) !== JSON.stringify(sortKeys(Blueprint.parse(expected)))) {
		throw new Error(`${file}: inserting "difficulty" changed something else; file left as it was`);
	}
	await writeFile(file, next);
}

function sortKeys(v: unknown): unknown {
	if (Array.isArray(v)) return v.map(sortKeys);
	if (v && typeof v === 'object')
		return Object.fromEntries(
			Object.keys(v)
				.sort()
				.map((k) => [k, sortKeys((v as Record<string, unknown>)[k])])
		);
	return v;
}
