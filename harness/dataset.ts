/**
 * Training datasets from trajectories: `salesgym export --in DIR… --out OUT --format jsonl|parquet-ready`
 * gathers the episode JSONL files that `salesgym run --out DIR` wrote into one dataset, and
 * {@link readDataset} (also `npx tsx harness/dataset.ts OUT`) rebuilds each episode's steps from it.
 *
 * Layout of OUT:
 * - `manifest.json`: `{format: "salesgym.dataset", version: 1, layout, created_at, versions: {salesgym, node,
 *   playwright, git}, agents, tasks: [{task_id, blueprint_hash, seeds, episodes}], episodes, steps, files}`;
 * - `episodes.jsonl`: one row per episode: `episode_id` (the run id), task, attempt, agent, seed, clock,
 *   blueprint_hash, prompt, the verdict (passed, score, reward, steps, terminated, truncated, first_failing_step,
 *   agent_error, ms, verify);
 * - `steps.jsonl`: one row per step, the reset included as step 0: `episode_id`, `step`, `action` (null on the
 *   reset), `error`, `reward`, `terminated`, `truncated`, `agent_ms`, `ms` and the observation (`url`, `title`,
 *   `axtree`, `tabs`, `viewport`, `marks`, `screenshot` = PNG path relative to OUT, under `screenshots/`);
 *   the prompt is the episode's.
 * - `parquet-ready`: the same rows with every nested value as a JSON string (`action_json`, `tabs_json`,
 *   `viewport_json`, `marks_json`, `verify_json`), every column present in every row (null when absent), and
 *   `schema.json` naming each column's type, so `pyarrow.json.read_json` or `pandas.read_json(lines=True)` →
 *   `to_parquet` needs no mapping.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Blueprint } from '../blueprints/schema';
import { loadBlueprints } from './blueprints';
import { UsageError } from './errors';
import { screenshotName } from './trajectory';

/** Dataset layouts. */
export type DatasetFormat = 'jsonl' | 'parquet-ready';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** SHA-256 (hex) of a blueprint's canonical JSON (keys as loaded): the manifest's `blueprint_hash`. */
export function blueprintHash(b: Blueprint): string {
	return createHash('sha256').update(JSON.stringify(b)).digest('hex');
}

type Line = Record<string, unknown> & { type: string };

function readLines(file: string): Line[] {
	return readFileSync(file, 'utf8')
		.split('\n')
		.filter((l) => l.trim() !== '')
		.map((l) => JSON.parse(l) as Line);
}

function versions(): Record<string, string | null> {
	const pkg = (p: string): string | null => {
		try {
			return (JSON.parse(readFileSync(p, 'utf8')) as { version?: string }).version ?? null;
		} catch {
			return null;
		}
	};
	let git: string | null = null;
	try {
		git = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
	} catch {
		git = null;
	}
	return {
		salesgym: pkg(join(ROOT, 'package.json')),
		node: process.version,
		playwright: pkg(join(ROOT, 'node_modules', '@playwright', 'test', 'package.json')),
		git
	};
}

const STEP_NESTED = ['action', 'tabs', 'viewport', 'marks'] as const;

/** Columns of `steps.jsonl` in the `parquet-ready` layout, with their types. */
export const STEP_COLUMNS: Readonly<Record<string, string>> = {
	episode_id: 'string',
	task_id: 'string',
	step: 'int64',
	action_json: 'string',
	error: 'string',
	reward: 'double',
	terminated: 'bool',
	truncated: 'bool',
	agent_ms: 'int64',
	ms: 'int64',
	url: 'string',
	title: 'string',
	axtree: 'string',
	tabs_json: 'string',
	viewport_json: 'string',
	marks_json: 'string',
	screenshot: 'string'
};

/** Columns of `episodes.jsonl` in the `parquet-ready` layout, with their types. */
export const EPISODE_COLUMNS: Readonly<Record<string, string>> = {
	episode_id: 'string',
	task_id: 'string',
	attempt: 'int64',
	agent: 'string',
	seed: 'int64',
	clock: 'string',
	blueprint_hash: 'string',
	prompt: 'string',
	passed: 'bool',
	score: 'double',
	reward: 'double',
	steps: 'int64',
	terminated: 'bool',
	truncated: 'bool',
	first_failing_step: 'int64',
	agent_error: 'string',
	ms: 'int64',
	verify_json: 'string'
};

/** What {@link exportDataset} wrote. */
export interface ExportSummary {
	/** Episodes gathered (trajectories without a `result` line, e.g. infrastructure failures, are skipped). */
	episodes: number;
	/** Step rows (resets included). */
	steps: number;
	/** Trajectory files skipped, with why. */
	skipped: { file: string; why: string }[];
	/** Total bytes written under OUT. */
	bytes: number;
}

function flatten(row: Record<string, unknown>, nested: readonly string[], columns: Readonly<Record<string, string>>): Record<string, unknown> {
	const out: Record<string, unknown> = {};
	for (const col of Object.keys(columns)) {
		const base = col.endsWith('_json') ? col.slice(0, -5) : col;
		const v = row[base];
		out[col] = col.endsWith('_json') && nested.includes(base) ? (v === undefined || v === null ? null : JSON.stringify(v)) : (v ?? null);
	}
	return out;
}

function dirBytes(dir: string): number {
	let n = 0;
	for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) if (e.isFile()) n += readFileSync(join(e.parentPath, e.name)).length;
	return n;
}

/**
 * Gathers the trajectories of `inputs` (folders written by `salesgym run --out`; every `*.jsonl` but
 * `summary.json`) into a dataset at `out` (created; files in it are overwritten).
 * @param blueprintsDir where the tasks' blueprints are (for `blueprint_hash`; a task not found there gets null).
 * @throws UsageError when an input folder does not exist or holds no trajectory.
 */
export function exportDataset(options: { inputs: readonly string[]; out: string; format: DatasetFormat; blueprintsDir?: string }): ExportSummary {
	const blueprints = new Map(loadBlueprints(options.blueprintsDir ?? join(ROOT, 'blueprints')).map((b) => [b.id, b]));
	const files: string[] = [];
	for (const dir of options.inputs) {
		if (!existsSync(dir)) throw new UsageError(`export: --in ${dir} does not exist`);
		for (const name of readdirSync(dir).sort()) if (name.endsWith('.jsonl')) files.push(join(dir, name));
	}
	if (files.length === 0) throw new UsageError(`export: no trajectory (*.jsonl) in ${options.inputs.join(', ')}`);
	mkdirSync(join(options.out, 'screenshots'), { recursive: true });
	const parquet = options.format === 'parquet-ready';
	const episodeRows: string[] = [];
	const stepRows: string[] = [];
	const skipped: ExportSummary['skipped'] = [];
	const tasks = new Map<string, { task_id: string; blueprint_hash: string | null; seeds: Set<number>; episodes: number }>();
	const agents = new Set<string>();
	const ids = new Set<string>();
	for (const file of files) {
		const lines = readLines(file);
		const ep = lines.find((l) => l.type === 'episode');
		const reset = lines.find((l) => l.type === 'reset');
		const result = lines.find((l) => l.type === 'result');
		if (!ep || !reset || !result) {
			skipped.push({ file, why: 'no episode, reset or result line (an episode lost to infrastructure errors)' });
			continue;
		}
		let episodeId = String(ep.run_id);
		for (let n = 2; ids.has(episodeId); n++) episodeId = `${String(ep.run_id)}#${n}`;
		ids.add(episodeId);
		const taskId = String(ep.task_id);
		const bp = blueprints.get(taskId);
		const hash = bp ? blueprintHash(bp) : null;
		const obs0 = (reset.observation ?? {}) as Record<string, unknown>;
		const seed = typeof reset.seed === 'number' ? reset.seed : null;
		const t = tasks.get(taskId) ?? { task_id: taskId, blueprint_hash: hash, seeds: new Set<number>(), episodes: 0 };
		if (seed !== null) t.seeds.add(seed);
		t.episodes++;
		tasks.set(taskId, t);
		agents.add(String(ep.agent));
		const episode: Record<string, unknown> = {
			episode_id: episodeId,
			task_id: taskId,
			attempt: ep.attempt,
			agent: ep.agent,
			seed,
			clock: reset.clock ?? null,
			blueprint_hash: hash,
			prompt: obs0.prompt ?? null,
			passed: result.passed,
			score: result.score,
			reward: result.reward,
			steps: result.steps,
			terminated: result.terminated,
			truncated: result.truncated,
			first_failing_step: result.first_failing_step,
			agent_error: result.agent_error,
			ms: result.ms,
			verify: result.verify
		};
		episodeRows.push(JSON.stringify(parquet ? flatten(episode, ['verify'], EPISODE_COLUMNS) : episode));
		const shotDir = join('screenshots', episodeId.replace(/[^A-Za-z0-9._-]/g, '_'));
		for (const l of lines) {
			if (l.type !== 'reset' && l.type !== 'step') continue;
			const isReset = l.type === 'reset';
			const step = isReset ? 0 : Number(l.step);
			const obs = (l.observation ?? {}) as Record<string, unknown>;
			let screenshot: string | null = null;
			if (typeof obs.screenshot === 'string') {
				mkdirSync(join(options.out, shotDir), { recursive: true });
				screenshot = join(shotDir, screenshotName(step));
				copyFileSync(join(dirname(file), obs.screenshot), join(options.out, screenshot));
			}
			const row: Record<string, unknown> = {
				episode_id: episodeId,
				task_id: taskId,
				step,
				action: isReset ? null : l.action,
				error: isReset ? null : l.error,
				reward: isReset ? 0 : l.reward,
				terminated: isReset ? false : l.terminated,
				truncated: isReset ? false : l.truncated,
				agent_ms: isReset ? null : l.agent_ms,
				ms: l.ms,
				url: obs.url ?? l.url ?? null,
				title: obs.title ?? null,
				axtree: obs.axtree ?? null,
				tabs: obs.tabs ?? null,
				viewport: obs.viewport ?? null,
				marks: obs.marks ?? null,
				screenshot
			};
			stepRows.push(JSON.stringify(parquet ? flatten(row, STEP_NESTED, STEP_COLUMNS) : row));
		}
	}
	writeFileSync(join(options.out, 'episodes.jsonl'), episodeRows.length ? `${episodeRows.join('\n')}\n` : '');
	writeFileSync(join(options.out, 'steps.jsonl'), stepRows.length ? `${stepRows.join('\n')}\n` : '');
	if (parquet) writeFileSync(join(options.out, 'schema.json'), `${JSON.stringify({ episodes: EPISODE_COLUMNS, steps: STEP_COLUMNS }, null, 2)}\n`);
	const manifest = {
		format: 'salesgym.dataset',
		version: 1,
		layout: options.format,
		created_at: new Date().toISOString(),
		versions: versions(),
		agents: [...agents].sort(),
		tasks: [...tasks.values()].sort((a, b) => a.task_id.localeCompare(b.task_id)).map((t) => ({ ...t, seeds: [...t.seeds].sort((a, b) => a - b) })),
		episodes: episodeRows.length,
		steps: stepRows.length,
		files: { episodes: 'episodes.jsonl', steps: 'steps.jsonl', screenshots: 'screenshots/', ...(parquet ? { schema: 'schema.json' } : {}) }
	};
	writeFileSync(join(options.out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
	return { episodes: episodeRows.length, steps: stepRows.length, skipped, bytes: dirBytes(options.out) };
}

/** One step of an episode as {@link readDataset} rebuilds it. */
export interface DatasetStep {
	/** 0 = the reset. */
	step: number;
	/** The action (null on the reset). */
	action: unknown;
	error: string | null;
	reward: number;
	terminated: boolean;
	truncated: boolean;
	agent_ms: number | null;
	ms: number;
	/** The observation after the step: url, title, axtree, prompt, tabs, viewport, marks?, screenshot? (absolute PNG path). */
	observation: Record<string, unknown>;
}

/** An episode as {@link readDataset} rebuilds it: the episode row (nested values parsed) and its steps in order. */
export type DatasetEpisode = Record<string, unknown> & { episode_id: string; steps_list: DatasetStep[] };

/**
 * Reads a dataset that {@link exportDataset} wrote (either layout) back into episodes with their steps.
 * @returns `{manifest, episodes}`. @throws Error when `manifest.json` is missing or not a salesgym dataset.
 */
export function readDataset(dir: string): { manifest: Record<string, unknown>; episodes: DatasetEpisode[] } {
	const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
	if (manifest.format !== 'salesgym.dataset') throw new Error(`${dir}/manifest.json is not a salesgym dataset`);
	const parquet = manifest.layout === 'parquet-ready';
	const unflatten = (row: Record<string, unknown>): Record<string, unknown> => {
		if (!parquet) return row;
		const out: Record<string, unknown> = {};
		for (const [k, v] of Object.entries(row)) {
			if (k.endsWith('_json')) out[k.slice(0, -5)] = typeof v === 'string' ? (JSON.parse(v) as unknown) : null;
			else out[k] = v;
		}
		return out;
	};
	const rows = (name: string) =>
		readFileSync(join(dir, name), 'utf8')
			.split('\n')
			.filter((l) => l !== '')
			.map((l) => unflatten(JSON.parse(l) as Record<string, unknown>));
	const episodes = new Map<string, DatasetEpisode>();
	for (const e of rows('episodes.jsonl')) episodes.set(String(e.episode_id), { ...e, episode_id: String(e.episode_id), steps_list: [] });
	for (const s of rows('steps.jsonl')) {
		const ep = episodes.get(String(s.episode_id));
		if (!ep) throw new Error(`steps.jsonl: step of unknown episode ${String(s.episode_id)}`);
		const observation: Record<string, unknown> = { url: s.url, title: s.title, axtree: s.axtree, prompt: ep.prompt, tabs: s.tabs, viewport: s.viewport };
		if (s.marks !== null && s.marks !== undefined) observation.marks = s.marks;
		if (typeof s.screenshot === 'string') observation.screenshot = join(dir, s.screenshot);
		ep.steps_list.push({
			step: Number(s.step),
			action: s.action ?? null,
			error: (s.error as string | null) ?? null,
			reward: Number(s.reward),
			terminated: s.terminated === true,
			truncated: s.truncated === true,
			agent_ms: (s.agent_ms as number | null) ?? null,
			ms: Number(s.ms),
			observation
		});
	}
	for (const ep of episodes.values()) ep.steps_list.sort((a, b) => a.step - b.step);
	return { manifest, episodes: [...episodes.values()] };
}

// `npx tsx harness/dataset.ts OUT`: the reader as a script, one line per episode.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const dir = process.argv[2];
	if (!dir) {
		process.stderr.write('usage: npx tsx harness/dataset.ts DATASET_DIR\n');
		process.exit(2);
	}
	const { manifest, episodes } = readDataset(dir);
	process.stdout.write(`${String(manifest.layout)} dataset: ${episodes.length} episodes\n`);
	for (const e of episodes) process.stdout.write(`${e.episode_id}  ${String(e.task_id)}  steps ${e.steps_list.length}  passed ${String(e.passed)}\n`);
}
