/**
 * Runs episodes: fresh browser context → reset to the task → agent acts through the UI → `POST /verify`.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { z } from 'zod';
import type { Blueprint } from '../blueprints/schema';
import type { Agent } from './agents';
import { ACTION_TIMEOUT_MS } from './agents';
import { RunResponse, VerifyResponse } from './contract';
import { InfrastructureError } from './errors';
import { pageJson, waitForSwReady } from './page';

/** Timeout of the runner's own navigations (start page and reload), ms. */
export const NAVIGATION_TIMEOUT_MS = 30_000;

/** Options of {@link runEpisode}. */
export interface EpisodeOptions {
	/** A launched Chromium; each episode gets its own context (fresh IndexedDB, fresh SW registration). */
	browser: Browser;
	/** Gym origin, e.g. `http://127.0.0.1:41233`. */
	baseUrl: string;
	/** The task. */
	blueprint: Blueprint;
	/** Who acts. */
	agent: Agent;
	/** Run id sent to `/__salesgym/run` and `/verify`; default `crypto.randomUUID()`. */
	runId?: string;
}

/** The outcome of one episode. */
export interface EpisodeResult {
	/** Blueprint id. */
	task_id: string;
	/** Agent name. */
	agent: string;
	/** Run id of the episode. */
	run_id: string;
	/** True iff every assertion passed. */
	passed: boolean;
	/** Passed assertions / all assertions, 0..1. */
	score: number;
	/** Wall time of the whole episode (context creation to the verdict), ms, integer. */
	ms: number;
	/** Why the agent stopped early (its rejection message), or null when it finished. The state is verified anyway. */
	agent_error: string | null;
	/** The full `/verify` answer. */
	result: VerifyResponse;
}

/** The `--json` row of one episode: the episode without the full verdict, plus its first failing step and assertions. */
export type EpisodeSummary = Omit<EpisodeResult, 'result'> & Pick<VerifyResponse, 'first_failing_step' | 'assertions'>;

/** Reduces an {@link EpisodeResult} to its `--json` row. */
export function summarize(r: EpisodeResult): EpisodeSummary {
	return {
		task_id: r.task_id,
		agent: r.agent,
		run_id: r.run_id,
		passed: r.passed,
		score: r.score,
		ms: r.ms,
		first_failing_step: r.result.first_failing_step,
		agent_error: r.agent_error,
		assertions: r.result.assertions
	};
}

function parseOr<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
	const parsed = schema.safeParse(value);
	if (parsed.success) return parsed.data;
	const issues = parsed.error.issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('; ');
	throw new InfrastructureError(`${what} answered an unexpected shape: ${issues}`);
}

/**
 * Resets the gym from the page: `POST /__salesgym/run {task_id, run_id}`.
 * @throws InfrastructureError on a non-2xx answer or an answer not shaped like {@link RunResponse}.
 */
export async function resetRun(page: Page, taskId: string | undefined, runId: string): Promise<RunResponse> {
	const body = taskId === undefined ? { run_id: runId } : { task_id: taskId, run_id: runId };
	return parseOr(RunResponse, await pageJson(page, 'POST', '/__salesgym/run', body), 'POST /__salesgym/run');
}

/**
 * Verifies from the page: `POST /verify {run_id, task_id}` (the SW forwards it to the page's verifier worker).
 * @throws InfrastructureError on a non-2xx answer or an answer not shaped like {@link VerifyResponse}.
 */
export async function verifyRun(page: Page, taskId: string, runId: string): Promise<VerifyResponse> {
	return parseOr(VerifyResponse, await pageJson(page, 'POST', '/verify', { run_id: runId, task_id: taskId }), 'POST /verify');
}

function isGone(browser: Browser, context: BrowserContext, page: Page): boolean {
	return !browser.isConnected() || page.isClosed() || !context.pages().includes(page);
}

/**
 * Puts a page at the start of an episode: goto `start_path` → wait for SW control → reset the run
 * (`POST /__salesgym/run` from the page) → goto `start_path` again, so the UI shows the reset state.
 * @throws InfrastructureError when the page does not load, the SW never takes control, or the reset fails.
 */
export async function startEpisode(page: Page, blueprint: Blueprint, runId: string): Promise<RunResponse> {
	const open = async (): Promise<void> => {
		try {
			await page.goto(blueprint.start_path);
		} catch (e) {
			throw new InfrastructureError(`could not load ${blueprint.start_path}: ${(e as Error).message.split('\n')[0]}`, { cause: e });
		}
		await waitForSwReady(page);
	};
	await open();
	const run = await resetRun(page, blueprint.id, runId);
	await open();
	return run;
}

/**
 * Runs one episode in a new browser context: goto `start_path` → wait for SW control → reset the run
 * (`POST /__salesgym/run` from the page) → goto `start_path` again so the UI shows the reset state →
 * `agent.act` → wait for SW control → `POST /verify` from the page. An agent that rejects does not end the
 * episode: its message goes to `agent_error` and the state is verified as it is.
 * @returns the verdict and the episode's wall time (ms).
 * @throws InfrastructureError when the browser or page dies, the SW never takes control, or a control
 *   endpoint fails.
 */
export async function runEpisode(options: EpisodeOptions): Promise<EpisodeResult> {
	const { browser, baseUrl, blueprint, agent } = options;
	const runId = options.runId ?? randomUUID();
	const t0 = performance.now();
	let context: BrowserContext;
	try {
		context = await browser.newContext({ baseURL: baseUrl });
	} catch (e) {
		throw new InfrastructureError(`could not open a browser context: ${(e as Error).message}`, { cause: e });
	}
	try {
		context.setDefaultTimeout(ACTION_TIMEOUT_MS);
		context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
		const page = await context.newPage();
		await startEpisode(page, blueprint, runId);
		let agentError: string | null = null;
		try {
			await agent.act(page, blueprint, { baseUrl, runId });
		} catch (e) {
			if (isGone(browser, context, page)) {
				throw new InfrastructureError(`the browser or page closed while agent ${agent.name} acted: ${(e as Error).message}`, { cause: e });
			}
			agentError = (e as Error).message;
		}
		await waitForSwReady(page);
		const result = await verifyRun(page, blueprint.id, runId);
		return {
			task_id: blueprint.id,
			agent: agent.name,
			run_id: runId,
			passed: result.passed,
			score: result.score,
			ms: Math.round(performance.now() - t0),
			agent_error: agentError,
			result
		};
	} finally {
		await context.close().catch(() => {});
	}
}

/** Options of {@link runAll}: those of {@link runEpisode} with a list of blueprints. */
export interface RunAllOptions extends Omit<EpisodeOptions, 'blueprint' | 'runId'> {
	/** Tasks, run in this order. */
	blueprints: readonly Blueprint[];
	/** Called after each episode (e.g. to print its line). */
	onResult?: (result: EpisodeResult) => void;
}

/**
 * Runs the episodes one after another (one fresh context each, a new run id each).
 * @returns the results in task order.
 * @throws InfrastructureError from the first episode that hits one (later tasks are not run).
 */
export async function runAll(options: RunAllOptions): Promise<EpisodeResult[]> {
	const results: EpisodeResult[] = [];
	for (const blueprint of options.blueprints) {
		const r = await runEpisode({ browser: options.browser, baseUrl: options.baseUrl, agent: options.agent, blueprint });
		results.push(r);
		options.onResult?.(r);
	}
	return results;
}
