/**
 * Runs episodes: each one in a warm browser context (isolated IndexedDB and SW, reused from an earlier episode,
 * reset in place and checked against the task's initial state: harness/warm.ts) or a fresh one (`freshContext`, or
 * after a recycle), reset to the task, the agent acting through {@link makeEnv}'s step loop, `POST /verify` at the end. `runEpisodes` runs tasks × k
 * attempts on W contexts at once, retries infrastructure errors, and writes one trajectory JSONL per episode
 * plus a summary JSON.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import type { z } from 'zod';
import type { Blueprint } from '../blueprints/schema';
import { AgentError, type Agent, type AgentSession, type AgentTurn } from './agents';
import { HARNESS_VERIFY_TIMEOUT_MS, RunResponse, VerifyResponse } from './contract';
import type { EnvOptions, RewardMode, SalesgymEnv } from './env';
import { InfrastructureError } from './errors';
import { TaskNotInBuildError } from './build-check';
import { isSwReady, pageFetch, pageJson, waitForSwReady } from './page';
import { writeTrajectory, type TrajectoryObservation } from './trajectory';
import { loadBlueprints } from './blueprints';
import { setupOf } from '../blueprints/setups';
import { SEAL_HEADER, SEAL_NEXT_HEADER } from '../sw/paths';
import { ContextPool, newWarmStats, type WarmStats } from './warm';

/** Timeout of the runner's own navigations (start page and reload), ms. */
export const NAVIGATION_TIMEOUT_MS = 30_000;

/** Tries per episode when it hits an infrastructure error (1 + retries). */
export const DEFAULT_RETRIES = 2;

/** Wait before retry n (1-based) after an infrastructure error: n × this, ms. */
export const RETRY_BACKOFF_MS = 1_000;

function parseOr<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
	const parsed = schema.safeParse(value);
	if (parsed.success) return parsed.data;
	const issues = parsed.error.issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('; ');
	throw new InfrastructureError(`${what} answered an unexpected shape: ${issues}`);
}

/**
 * The headers of a harness's control call: the episode's seal secret (sw/seal.ts) when the episode is sealed.
 * @param seal the secret, or undefined for an unsealed episode.
 */
export function sealHeaders(seal: string | undefined): Record<string, string> | undefined {
	return seal === undefined ? undefined : { [SEAL_HEADER]: seal };
}

/**
 * Resets the gym from the page: `POST /__salesgym/run {task_id, run_id, seed?}` (a template instance's blueprint
 * also sends its setup fields as `task`, so the Service Worker needs not ship it); with `seal`, the reset seals the
 * run (README "Sealed episodes"); with `nextSeal` too (a reused profile sealed with `seal`), the new run is sealed
 * with `nextSeal` instead (`x-salesgym-seal-next`).
 * @throws TaskNotInBuildError (a UsageError) when the gym's bundle has no such task; InfrastructureError on a
 *   non-2xx answer or an answer not shaped like {@link RunResponse}.
 */
export async function resetRun(
	page: Page,
	task: string | Blueprint | undefined,
	runId: string,
	seed?: number,
	seal?: string,
	nextSeal?: string
): Promise<RunResponse> {
	const taskId = typeof task === 'string' ? task : task?.id;
	const body: Record<string, unknown> = taskId === undefined ? { run_id: runId } : { task_id: taskId, run_id: runId };
	// A template instance goes inline, so a seed the bundle does not ship (or a build older than the templates) works.
	if (typeof task === 'object' && task.template !== undefined) body.task = setupOf(task);
	if (seed !== undefined) body.seed = seed;
	const headers = { ...sealHeaders(seal), ...(seal !== undefined && nextSeal !== undefined ? { [SEAL_NEXT_HEADER]: nextSeal } : {}) };
	const res = await pageFetch(page, { method: 'POST', path: '/__salesgym/run', body: JSON.stringify(body), headers });
	// A task the bundle does not know: the build predates the blueprint; retrying cannot help.
	if (taskId !== undefined && res.status === 404 && res.text.includes('unknown task_id')) throw new TaskNotInBuildError(taskId, res.text);
	if (res.status < 200 || res.status > 299) throw new InfrastructureError(`POST /__salesgym/run answered ${res.status}: ${res.text.slice(0, 500)}`);
	let parsed: unknown;
	try {
		parsed = JSON.parse(res.text) as unknown;
	} catch (e) {
		throw new InfrastructureError(`POST /__salesgym/run answered ${res.status} with a non-JSON body: ${res.text.slice(0, 200)}`, { cause: e });
	}
	return parseOr(RunResponse, parsed, 'POST /__salesgym/run');
}

/** A task's verifiers as `POST /verify` takes them (`steps`: per step its platform and assertions, in order). */
export function verifySteps(blueprint: Blueprint): { platform: string; verifiers: Blueprint['steps'][number]['verifiers'] }[] {
	return blueprint.steps.map((s) => ({ platform: s.platform, verifiers: s.verifiers }));
}

let diskBlueprints: Map<string, Blueprint> | null = null;

/** A blueprint by id from `blueprints/` (loaded once). @throws InfrastructureError for an unknown id. */
function blueprintById(id: string): Blueprint {
	diskBlueprints ??= new Map(loadBlueprints().map((b) => [b.id, b]));
	const bp = diskBlueprints.get(id);
	if (!bp) throw new InfrastructureError(`unknown task "${id}" in blueprints/`);
	return bp;
}

/**
 * Verifies from the page: `POST /verify {run_id, task_id, steps, timeout_ms: HARNESS_VERIFY_TIMEOUT_MS}` (the SW
 * forwards it to the page's verifier worker). The harness holds the verifiers: they travel in `steps` (the
 * bundle has none). With `seal`, the call carries the episode's secret.
 * @param task the blueprint, or its id (then read from `blueprints/`).
 * @throws InfrastructureError on a non-2xx answer, a `status: "error"` answer, or one not shaped like {@link VerifyResponse}.
 */
export async function verifyRun(page: Page, task: string | Blueprint, runId: string, seal?: string): Promise<VerifyResponse> {
	const bp = typeof task === 'string' ? blueprintById(task) : task;
	const body = await pageJson(
		page,
		'POST',
		'/verify',
		{ run_id: runId, task_id: bp.id, steps: verifySteps(bp), timeout_ms: HARNESS_VERIFY_TIMEOUT_MS },
		sealHeaders(seal)
	);
	if (typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'error') {
		throw new InfrastructureError(`POST /verify could not verify: ${String((body as { message?: unknown }).message ?? JSON.stringify(body).slice(0, 300))}`);
	}
	return parseOr(VerifyResponse, body, 'POST /verify');
}

/** Options of {@link startEpisode}. */
export interface StartOptions {
	/**
	 * The page belongs to a reused context of the gym's own origin (the last episode's page): when it is still on an
	 * app page the SW controls (`data-sw-ready`), the reset is sent from it and only the final load of `start_path`
	 * is done, as `salesgym run` resets a warm context (harness/env.ts). Default false: two loads, for a page that may
	 * be anywhere (a fresh tab, another origin). The caller checks the reset state (its export hash) when it reuses.
	 */
	warm?: boolean;
}

/**
 * Puts a page at the start of an episode: goto `start_path` → wait for SW control → reset the run
 * (`POST /__salesgym/run` from the page, sealed with `seal` when given) → goto `start_path` again, so the UI
 * shows the reset state. With `options.warm`, the first load is skipped when the page is already SW-controlled.
 * @throws InfrastructureError when the page does not load, the SW never takes control, or the reset fails.
 */
export async function startEpisode(
	page: Page,
	blueprint: Blueprint,
	runId: string,
	seed?: number,
	seal?: string,
	options: StartOptions = {}
): Promise<RunResponse> {
	const open = async (): Promise<void> => {
		try {
			await page.goto(blueprint.start_path);
		} catch (e) {
			throw new InfrastructureError(`could not load ${blueprint.start_path}: ${(e as Error).message.split('\n')[0]}`, { cause: e });
		}
		try {
			await waitForSwReady(page);
		} catch (e) {
			if (!(e instanceof InfrastructureError) || page.isClosed()) throw e;
			// On a loaded machine the SW install can outlast the page's 5 s bound; it goes on in the background,
			// so one reload usually finds the page controlled.
			await page.reload().catch(() => {});
			await waitForSwReady(page);
		}
	};
	if (!(options.warm === true && (await isSwReady(page)))) await open();
	const run = await resetRun(page, blueprint, runId, seed, seal);
	await open();
	return run;
}

/** One line of a trajectory JSONL file (`type` says which). */
export type TrajectoryLine =
	| { type: 'episode'; task_id: string; agent: string; attempt: number; run_id: string; max_steps: number; reward_mode: RewardMode; started_at: string }
	| {
			type: 'reset';
			url: string;
			observation_digest: string;
			ms: number;
			seed?: number;
			clock?: string;
			/** `fresh` or `warm` context (harness/warm.ts); `recycled`: why a reused context was replaced first. */
			context?: 'fresh' | 'warm';
			recycled?: string;
			observation?: TrajectoryObservation;
	  }
	| {
			type: 'step';
			step: number;
			action: unknown;
			error: string | null;
			reward: number;
			terminated: boolean;
			truncated: boolean;
			url: string;
			observation_digest: string;
			agent_ms: number;
			ms: number;
			/** The full observation after the step (its screenshot moved to a PNG file beside the JSONL when written). */
			observation?: TrajectoryObservation;
	  }
	| { type: 'agent_error'; step: number; message: string }
	| { type: 'infra_error'; try: number; message: string }
	| {
			type: 'result';
			passed: boolean;
			score: number;
			reward: number;
			steps: number;
			terminated: boolean;
			truncated: boolean;
			first_failing_step: number | null;
			agent_error: string | null;
			ms: number;
			verify: VerifyResponse;
	  }
	| { type: 'state'; export: unknown };

/** The outcome of one episode that ran (no infrastructure error). */
export interface EpisodeOutcome {
	/** True iff every assertion passed. */
	passed: boolean;
	/** Passed / all assertions, 0..1. */
	score: number;
	/** The final reward (per the env's reward mode). */
	reward: number;
	/** Steps taken (invalid actions included). */
	steps: number;
	/** The agent sent `done`. */
	terminated: boolean;
	/** The step limit ended the episode. */
	truncated: boolean;
	/** Why the agent stopped early (it crashed, timed out, …), or null. */
	agent_error: string | null;
	/** The verdict. */
	verify: VerifyResponse;
	/** Canonical state export at the end (the text of `GET /__salesgym/state`); `''` when not asked for (`exportState: false`). */
	state: string;
	/** Trajectory lines, in order. */
	lines: TrajectoryLine[];
	/** Wall time, reset to verdict, ms. */
	ms: number;
}

/** Imported lazily so that `runner.ts` ← `env.ts` ← `runner.ts` stays a cycle of types only. */
async function importObservationDigest(): Promise<(o: { url: string; title: string; axtree: string }) => string> {
	return (await import('./env')).observationDigest;
}

/**
 * Plays one episode on `env`: reset → the agent's turns → the step that terminates or truncates (its verdict) →
 * the state export (a `state` trajectory line only with `meta.saveState`; skipped, and `state` left `''`, with
 * `meta.exportState: false` unless `saveState`). An {@link AgentError} ends the episode with `done` and records the message; the verdict is
 * that of the state as the agent left it.
 * @throws InfrastructureError from the env (browser gone, SW not in control, verifier failing).
 */
export async function playEpisode(
	env: SalesgymEnv,
	agent: Agent,
	attempt: number,
	meta: { reward: RewardMode; saveState?: boolean; exportState?: boolean }
): Promise<EpisodeOutcome> {
	const digest = await importObservationDigest();
	const t0 = performance.now();
	const lines: TrajectoryLine[] = [];
	const reset = await env.reset();
	lines.push({
		type: 'episode',
		task_id: env.blueprint.id,
		agent: agent.name,
		attempt,
		run_id: reset.info.run_id,
		max_steps: env.maxSteps,
		reward_mode: meta.reward,
		started_at: new Date().toISOString()
	});
	lines.push({
		type: 'reset',
		url: reset.observation.url,
		observation_digest: digest(reset.observation),
		ms: reset.info.ms,
		...(reset.info.seed !== undefined ? { seed: reset.info.seed } : {}),
		...(reset.info.clock !== undefined ? { clock: reset.info.clock } : {}),
		...(reset.info.context !== undefined ? { context: reset.info.context } : {}),
		...(reset.info.recycled !== undefined ? { recycled: reset.info.recycled } : {}),
		observation: reset.observation
	});
	let session: AgentSession | null = null;
	let agentError: string | null = null;
	let observation = reset.observation;
	let error: string | null = null;
	let step = 0;
	try {
		try {
			session = await agent.start({ blueprint: env.blueprint, attempt, runId: reset.info.run_id });
		} catch (e) {
			agentError = (e as Error).message;
		}
		for (;;) {
			let action: unknown;
			const ta = performance.now();
			if (session !== null && agentError === null) {
				const turn: AgentTurn = { episode: reset.info.run_id, task_id: env.blueprint.id, step, observation, error };
				try {
					action = await session.act(turn);
				} catch (e) {
					if (!(e instanceof AgentError)) throw e;
					agentError = e.message;
				}
			}
			if (agentError !== null) {
				lines.push({ type: 'agent_error', step, message: agentError });
				action = { done: {} };
			}
			const agentMs = Math.round(performance.now() - ta);
			const r = await env.step(action);
			step = r.info.step;
			observation = r.observation;
			error = r.info.error;
			lines.push({
				type: 'step',
				step,
				action,
				error,
				reward: r.reward,
				terminated: r.terminated,
				truncated: r.truncated,
				url: r.observation.url,
				observation_digest: digest(r.observation),
				agent_ms: agentMs,
				ms: r.info.ms,
				observation: r.observation
			});
			if (r.terminated || r.truncated) {
				const verify = r.info.verify as VerifyResponse;
				// The export (~10 MB through the page) only when someone reads it.
				const state = meta.exportState === false && !meta.saveState ? '' : await env.exportState();
				const ms = Math.round(performance.now() - t0);
				lines.push({
					type: 'result',
					passed: verify.passed,
					score: verify.score,
					reward: r.reward,
					steps: step,
					terminated: r.terminated,
					truncated: r.truncated,
					first_failing_step: verify.first_failing_step,
					agent_error: agentError,
					ms,
					verify
				});
				if (meta.saveState) lines.push({ type: 'state', export: JSON.parse(state) as unknown });
				return {
					passed: verify.passed,
					score: verify.score,
					reward: r.reward,
					steps: step,
					terminated: r.terminated,
					truncated: r.truncated,
					agent_error: agentError,
					verify,
					state,
					lines,
					ms
				};
			}
		}
	} finally {
		await session?.close();
	}
}

/** One episode of a run, as written to the summary. */
export interface EpisodeRecord {
	/** Task id. */
	task_id: string;
	/** Agent spec. */
	agent: string;
	/** 0-based attempt (pass@k sample index). */
	attempt: number;
	/** Run id of the try that counted. */
	run_id: string;
	/** `ok`: the episode ran and was verified; `infra_error`: every try hit an infrastructure error (not scored). */
	status: 'ok' | 'infra_error';
	/** Verdict (null when `infra_error`). */
	passed: boolean | null;
	/** Score 0..1 (null when `infra_error`). */
	score: number | null;
	/** Final reward (null when `infra_error`). */
	reward: number | null;
	/** Steps taken. */
	steps: number;
	/** The step limit ended the episode. */
	truncated: boolean;
	/** First failing blueprint step (0-based), or null. */
	first_failing_step: number | null;
	/** Why the agent stopped early, or null. */
	agent_error: string | null;
	/** Messages of the infrastructure errors retried (or, for `infra_error`, all of them). */
	infra_errors: string[];
	/** Wall time of the counted try, ms. */
	ms: number;
	/** Path of the trajectory JSONL, when an out dir was given. */
	trajectory: string | null;
	/** The verdict's assertions (absent when `infra_error`). */
	assertions?: VerifyResponse['assertions'];
	/** Canonical final state export text (kept in memory only; not written to the summary). */
	state?: string;
}

/** Gives the runner a connected browser; relaunches (or reconnects) after a crash. */
export interface BrowserSource {
	/** A connected browser. @throws InfrastructureError when none can be had. */
	get(): Promise<Browser>;
}

/** A {@link BrowserSource} over `open()`, which it calls again whenever the last browser is disconnected. */
export function reopeningBrowser(open: () => Promise<Browser>): BrowserSource & { close(): Promise<void> } {
	let current: Promise<Browser> | null = null;
	return {
		async get() {
			const b = current ? await current.catch(() => null) : null;
			if (b && b.isConnected()) return b;
			current = open();
			return current;
		},
		async close() {
			const b = current ? await current.catch(() => null) : null;
			current = null;
			await b?.close().catch(() => {});
		}
	};
}

/** Options of {@link runEpisodes}. */
export interface RunOptions {
	/** Who acts. */
	agent: Agent;
	/** Tasks (each run `k` times, task-major order). */
	blueprints: readonly Blueprint[];
	/** Attempts per task (default 1). */
	k?: number;
	/** Episodes at once, each in its own context (default 1). */
	workers?: number;
	/** Step limit of every episode (default: each task's own, harness/env.ts `defaultMaxSteps`). */
	maxSteps?: number;
	/** Reward mode (default `binary`). */
	reward?: RewardMode;
	/** Gym origin. */
	baseUrl: string;
	/** Browser(s). */
	browsers: BrowserSource;
	/** Folder for `<task>__<attempt>.jsonl` trajectories and `summary.json`; none = nothing written. */
	outDir?: string;
	/** Extra tries after an infrastructure error (default {@link DEFAULT_RETRIES}). */
	retries?: number;
	/** Run id of an episode (default: a UUID per try). Same ids in parallel contexts are fine: contexts are isolated. */
	runId?: (task: Blueprint, attempt: number, attemptTry: number) => string;
	/** Extra env options (seed, screenshot, action timeout, timezone, seal, viewport, marks, axtree). */
	env?: Pick<EnvOptions, 'seed' | 'screenshot' | 'actionTimeoutMs' | 'timezoneId' | 'sealed' | 'viewport' | 'deviceScaleFactor' | 'marks' | 'axtree'>;
	/** Called after each episode (in completion order). */
	onEpisode?: (record: EpisodeRecord, done: number, total: number) => void;
	/** Keep each episode's final state export in `record.state` (default false). */
	keepState?: boolean;
	/** Write each episode's final state export as the trajectory's last line, `{type: "state"}` (default false). */
	saveState?: boolean;
	/** A new browser context per episode (default false: each worker's context is reused, checked, recycled on a mismatch). */
	freshContext?: boolean;
	/**
	 * Warm contexts to take from and give back to, owned by the caller (who closes them), so that consecutive runs
	 * share them; default: a pool of this run's own, closed at its end. The summary's `contexts` counts this run only.
	 */
	pool?: ContextPool;
}

/** Summary of a run (`summary.json`). */
export interface RunSummary {
	agent: string;
	k: number;
	workers: number;
	/** The step limit given, or null: each task's default (twice its oracle's actions, at least 50). */
	max_steps: number | null;
	reward: RewardMode;
	started_at: string;
	ms: number;
	/** Per task: episodes scored (n), passed (c), infrastructure failures. */
	tasks: { task_id: string; n: number; c: number; infra_errors: number; mean_score: number | null }[];
	totals: { episodes: number; scored: number; passed: number; infra_errors: number; episodes_per_min: number };
	/** Context reuse: episodes started fresh / warm, contexts recycled (a reset check that differed, a crash) and why. */
	contexts: WarmStats;
	episodes: EpisodeRecord[];
}

/** File name of a task's trajectory: `hubspot/x-v1`, attempt 2 → `hubspot__x-v1__2.jsonl`. */
export function trajectoryFile(taskId: string, attempt: number): string {
	return `${taskId.replaceAll('/', '__')}__${attempt}.jsonl`;
}

/**
 * Runs every task `k` times with `workers` episodes at once (a promise pool over one shared browser; each
 * episode has its own context). An infrastructure error is retried (`retries` more tries, relaunching a
 * crashed browser); if every try fails the episode is recorded as `infra_error`, never as a score of 0.
 * @returns the summary (also written to `outDir/summary.json` with the trajectories when `outDir` is set).
 * @throws Error only for programming errors; InfrastructureError never escapes (it is recorded).
 */
export async function runEpisodes(options: RunOptions): Promise<RunSummary> {
	const { makeEnv } = await import('./env');
	const k = options.k ?? 1;
	const workers = Math.max(1, options.workers ?? 1);
	const maxSteps = options.maxSteps;
	const reward = options.reward ?? 'binary';
	const retries = options.retries ?? DEFAULT_RETRIES;
	const startedAt = new Date().toISOString();
	const t0 = performance.now();
	if (options.outDir) await mkdir(options.outDir, { recursive: true });
	const jobs = options.blueprints.flatMap((blueprint) => Array.from({ length: k }, (_, attempt) => ({ blueprint, attempt })));
	const records: EpisodeRecord[] = new Array(jobs.length);
	const pool = options.freshContext ? null : (options.pool ?? new ContextPool(workers));
	/** The shared pool's counters before this run (its summary counts this run's episodes only). */
	const before = options.pool ? { ...options.pool.stats } : null;
	const freshStats = newWarmStats();
	let next = 0;
	let done = 0;

	const runJob = async (index: number): Promise<EpisodeRecord> => {
		const { blueprint, attempt } = jobs[index] as (typeof jobs)[number];
		const infra: string[] = [];
		const pre: TrajectoryLine[] = [];
		for (let attemptTry = 0; attemptTry <= retries; attemptTry++) {
			let env: SalesgymEnv | null = null;
			try {
				const browser = await options.browsers.get();
				env = await makeEnv({
					task: blueprint,
					browser,
					baseUrl: options.baseUrl,
					...(maxSteps !== undefined ? { maxSteps } : {}),
					reward,
					...options.env,
					...(options.agent.observe?.marks ? { marks: true } : {}),
					...(options.agent.observe?.screenshot ? { screenshot: true } : {}),
					...(options.runId ? { runId: options.runId(blueprint, attempt, attemptTry) } : {}),
					...(pool ? { pool } : { freshContext: true })
				});
				const out = await playEpisode(env, options.agent, attempt, {
					reward,
					saveState: options.saveState === true,
					exportState: options.keepState === true || options.saveState === true
				});
				const lines = [...pre, ...out.lines];
				let trajectory: string | null = null;
				if (options.outDir) {
					trajectory = join(options.outDir, trajectoryFile(blueprint.id, attempt));
					await writeTrajectory(trajectory, lines);
				}
				const first = out.lines[0];
				return {
					task_id: blueprint.id,
					agent: options.agent.name,
					attempt,
					run_id: first?.type === 'episode' ? first.run_id : '',
					status: 'ok',
					passed: out.passed,
					score: out.score,
					reward: out.reward,
					steps: out.steps,
					truncated: out.truncated,
					first_failing_step: out.verify.first_failing_step,
					agent_error: out.agent_error,
					infra_errors: infra,
					ms: out.ms,
					trajectory,
					assertions: out.verify.assertions,
					...(options.keepState ? { state: out.state } : {})
				};
			} catch (e) {
				if (!(e instanceof InfrastructureError)) throw e;
				infra.push(e.message);
				pre.push({ type: 'infra_error', try: attemptTry, message: e.message });
			} finally {
				if (!pool && env) freshStats.fresh += env.warmStats.fresh;
				await env?.close();
			}
			if (attemptTry < retries) await new Promise((ok) => setTimeout(ok, RETRY_BACKOFF_MS * (attemptTry + 1)));
		}
		let trajectory: string | null = null;
		if (options.outDir) {
			trajectory = join(options.outDir, trajectoryFile(blueprint.id, attempt));
			await writeFile(trajectory, pre.map((l) => JSON.stringify(l)).join('\n') + '\n');
		}
		return {
			task_id: blueprint.id,
			agent: options.agent.name,
			attempt,
			run_id: '',
			status: 'infra_error',
			passed: null,
			score: null,
			reward: null,
			steps: 0,
			truncated: false,
			first_failing_step: null,
			agent_error: null,
			infra_errors: infra,
			ms: 0,
			trajectory
		};
	};

	const worker = async (): Promise<void> => {
		for (;;) {
			const index = next++;
			if (index >= jobs.length) return;
			const record = await runJob(index);
			records[index] = record;
			done++;
			options.onEpisode?.(record, done, jobs.length);
		}
	};
	try {
		await Promise.all(Array.from({ length: Math.min(workers, jobs.length) }, () => worker()));
	} finally {
		if (!options.pool) await pool?.close();
	}

	const ms = Math.round(performance.now() - t0);
	const tasks = options.blueprints.map((b) => {
		const mine = records.filter((r) => r.task_id === b.id);
		const scored = mine.filter((r) => r.status === 'ok');
		return {
			task_id: b.id,
			n: scored.length,
			c: scored.filter((r) => r.passed).length,
			infra_errors: mine.length - scored.length,
			mean_score: scored.length > 0 ? Math.round((scored.reduce((s, r) => s + (r.score ?? 0), 0) / scored.length) * 1000) / 1000 : null
		};
	});
	const scored = records.filter((r) => r.status === 'ok');
	const summary: RunSummary = {
		agent: options.agent.name,
		k,
		workers,
		max_steps: maxSteps ?? null,
		reward,
		started_at: startedAt,
		ms,
		tasks,
		totals: {
			episodes: records.length,
			scored: scored.length,
			passed: scored.filter((r) => r.passed).length,
			infra_errors: records.length - scored.length,
			episodes_per_min: ms > 0 ? Math.round((scored.length / (ms / 60_000)) * 100) / 100 : 0
		},
		contexts: !pool
			? freshStats
			: before
				? {
						fresh: pool.stats.fresh - before.fresh,
						warm: pool.stats.warm - before.warm,
						recycled: pool.stats.recycled - before.recycled,
						reasons: pool.stats.recycled === before.recycled ? [] : pool.stats.reasons.slice(-(pool.stats.recycled - before.recycled))
					}
				: pool.stats,
		episodes: records
	};
	if (options.outDir) {
		const { episodes, ...rest } = summary;
		await writeFile(join(options.outDir, 'summary.json'), `${JSON.stringify({ ...rest, episodes: episodes.map(({ state: _state, ...r }) => r) }, null, 2)}\n`);
	}
	return summary;
}
