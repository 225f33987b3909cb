/**
 * Gymnasium-style environment over one salesgym task:
 *
 * ```ts
 * const env = await makeEnv({ task: 'hubspot/inbound-demo-request-v1' });
 * let { observation } = await env.reset();
 * const r = await env.step({ click: { role: 'button', name: 'Create contact' } });
 * // … r.terminated (the agent sent `done`) or r.truncated (step limit) → r.reward = the verifier's score
 * await env.close();
 * ```
 *
 * The first `reset()` opens a fresh browser context (fresh IndexedDB and Service Worker), resets the gym to the task
 * (`POST /__salesgym/run`) and lands on the task's `start_path`. Later resets reuse that context (warm): the gym is
 * reset in place, the Service Worker checks that every database holds exactly the task's initial state
 * (harness/warm.ts), and a mismatch or failure recycles the context (a fresh one is opened); `freshContext: true`
 * opens a new context at every reset instead. With a {@link ContextPool}, contexts also pass from env to env. Actions are the blueprint vocabulary. Reward
 * is 0 until the episode ends, then the verifier's score (`binary`: 1 if passed else 0; `partial`: passed
 * assertions / all). An invalid action (bad shape, unknown element id, element not found in time) is reported
 * in `info.error` and counts as a step; it never throws. Infrastructure failures (browser or page gone, SW never
 * in control, a control endpoint failing) throw {@link InfrastructureError}: they are not the agent's fault.
 */
import { createHash, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { Blueprint } from '../blueprints/schema';
import { ACTION_TIMEOUT_MS, describeAction, InvalidActionError, performAction, type TabControl } from './actions';
import { oracleActions } from './agents';
import { renderAxtree, type ElementRef } from './axtree';
import { instanceFromSpec, loadBlueprints } from './blueprints';
import { chromiumLaunchOptions } from './browser';
import type { VerifyResponse } from './contract';
import { InfrastructureError, UsageError } from './errors';
import { isSwReady, pageFetch, pageGetLarge, waitForSwReady } from './page';
import {
	DEFAULT_VIEWPORT,
	describePixelAction,
	EnvAction,
	hitTest,
	isPixelAction,
	marksOf,
	performPixelAction,
	stableSnapshot,
	type Mark,
	type Viewport
} from './pixel';
import { NAVIGATION_TIMEOUT_MS, startEpisode, verifyRun } from './runner';
import { startServer, type RunningServer } from './server';
import { settlePage } from './settle';
import { isProductUrl, navigationError, newSecret, sealedByDefault } from './seal';
import { resetRun, sealHeaders } from './runner';
import { assertInitialState, countRecycle, newWarmStats, StoreWatch, type ContextPool, type WarmStats } from './warm';
import { POLICY_PATH, policyMarkdown } from '../blueprints/policy';

/** Least default step limit of an episode (a task's own default is {@link defaultMaxSteps}). */
export const DEFAULT_MAX_STEPS = 50;

/**
 * The default step limit of an episode of `blueprint`: twice the oracle's actions (its UI actions plus the final
 * `done`), at least {@link DEFAULT_MAX_STEPS}. A fixed 50 would make a four-tool task whose shortest known path is 81
 * UI actions unsolvable; twice the oracle's path leaves an agent room to look around (waits, reads, wrong turns).
 * @returns a step count >= 50.
 */
export function defaultMaxSteps(blueprint: Pick<Blueprint, 'steps'>): number {
	return Math.max(DEFAULT_MAX_STEPS, 2 * oracleActions(blueprint).length);
}
/** Default bound of one env action, ms (shorter than the oracle's: an agent's miss should cost little). */
export const ENV_ACTION_TIMEOUT_MS = 5_000;
/** How long the env waits for the UI to settle after an action, ms (harness/settle.ts). */
export { SETTLE_TIMEOUT_MS } from './settle';

/** How the final reward is computed from the verdict. */
export type RewardMode = 'binary' | 'partial';

/** Options of {@link makeEnv}. */
export interface EnvOptions {
	/** The task: a blueprint id (loaded from `blueprints/`), a template instance `<slug>@<seed>` (made on the fly), or a blueprint. */
	task: string | Blueprint;
	/** Seed world number sent to `POST /__salesgym/run` (default: the gym's first shipped seed). */
	seed?: number;
	/** A browser to open contexts in (not closed by `close()`); default: a headless Chromium launched (and closed) by the env. */
	browser?: Browser;
	/** Attach to a running Chromium over CDP instead (`ws://…` or `http://host:port`); ignored when `browser` is given. */
	cdp?: string;
	/** Gym origin, e.g. `http://127.0.0.1:4173`; default: the env serves `build/` itself on an ephemeral port. */
	baseUrl?: string;
	/** Step limit: the step that reaches it ends the episode with `truncated: true` (default {@link defaultMaxSteps} of the task). */
	maxSteps?: number;
	/** `binary` (default): reward 1 iff passed; `partial`: the verifier's score (passed / all assertions). */
	reward?: RewardMode;
	/** Add a PNG screenshot (base64) of the active tab to each observation (default false). */
	screenshot?: boolean;
	/** Bound of one action, ms (default {@link ENV_ACTION_TIMEOUT_MS}). */
	actionTimeoutMs?: number;
	/** Run id of each episode: a string (the same every reset) or a function of the reset count; default a UUID. */
	runId?: string | ((resetCount: number) => string);
	/** Blueprint folder when `task` is an id (default `blueprints/` of this repo). */
	blueprintsDir?: string;
	/** Timezone of the browser contexts, e.g. `Asia/Tokyo` (default: the browser's). */
	timezoneId?: string;
	/**
	 * Seal each episode (README "Sealed episodes"; default true, false when `SALESGYM_UNSEALED=1`): a fresh secret
	 * per reset that only the env holds, the control endpoints refuse everyone else, the agent's navigations stay on
	 * the product's screens, and a verdict whose seal broke is an {@link InfrastructureError}. `false` for debugging.
	 */
	sealed?: boolean;
	/** Viewport of the contexts, CSS pixels (default {@link DEFAULT_VIEWPORT}, 1280×800). */
	viewport?: { width: number; height: number };
	/** Device pixels per CSS pixel (default 1); screenshots are that much larger than the viewport. */
	deviceScaleFactor?: number;
	/** Include the axtree text in observations (default true; false leaves `axtree` as `""`, ids still work). */
	axtree?: boolean;
	/** Add the set of marks (every element id with its box, viewport CSS pixels) to each observation (default false). */
	marks?: boolean;
	/** A new browser context at every reset, as before warm reuse (default false: reuse and check, harness/warm.ts). */
	freshContext?: boolean;
	/** Warm contexts shared with other envs: taken at the first reset, given back by `close()` after a clean episode. */
	pool?: ContextPool;
}

/** One open tab. */
export interface TabInfo {
	/** 0-based, in opening order. */
	index: number;
	/** Current URL. */
	url: string;
	/** Document title. */
	title: string;
	/** Whether actions go to this tab. */
	active: boolean;
}

/** What the agent sees. */
export interface Observation {
	/** URL of the active tab. */
	url: string;
	/** Title of the active tab. */
	title: string;
	/** Accessibility tree of the active tab as text; interactive elements carry `[id=e…]` (see `harness/axtree.ts`). */
	axtree: string;
	/** The task's prompt. */
	prompt: string;
	/**
	 * URL of the team's Rules of Engagement (`/policy/rules-of-engagement` on the gyms' origin), the policy prompts
	 * refer to ("per our rules of engagement"); the agent may open it like any page.
	 */
	policy_url: string;
	/** On the first observation of an episode (reset) only: the Rules of Engagement as Markdown. */
	policy?: string;
	/** Open tabs. */
	tabs: TabInfo[];
	/** PNG of the active tab's viewport, base64, when `screenshot: true` (or after a `screenshot` action). */
	screenshot?: string;
	/** The viewport (CSS pixels) and device scale factor: the coordinate space of computer-use actions and marks. */
	viewport: Viewport;
	/** Set of marks, when `marks: true`: the axtree's elements with their boxes, in document order. */
	marks?: Mark[];
}

/** `info` of `reset()` and `step()`. */
export interface StepInfo {
	/** Task id. */
	task_id: string;
	/** Run id of the episode. */
	run_id: string;
	/** Steps taken so far (an invalid action counts). */
	step: number;
	/** Why the last action failed (invalid shape, unknown id, not found in time …), or null. */
	error: string | null;
	/** The last action as understood (null when it was invalid JSON/shape or on reset). */
	action: EnvAction | null;
	/** Wall time of the last action plus the observation, ms. */
	ms: number;
	/** The verdict, on the step that ended the episode. */
	verify?: VerifyResponse;
	/** The agent's `done.answer`, when given. */
	answer?: string;
	/** On reset: the seed world the gym reset to (the gym's default when none was asked). */
	seed?: number;
	/** On reset: the run's virtual clock at reset, UTC ISO-8601 ms. */
	clock?: string;
	/** On reset: `fresh` (a new context) or `warm` (a reused context, reset in place and checked). */
	context?: 'fresh' | 'warm';
	/** On reset: why a reused context was recycled before this episode (it then started fresh), when it was. */
	recycled?: string;
}

/** Result of `reset()`. */
export interface ResetResult {
	observation: Observation;
	info: StepInfo;
}

/** Result of `step()`. */
export interface StepResult {
	observation: Observation;
	/** 0 until the episode ends, then the verifier's score per {@link RewardMode}. */
	reward: number;
	/** The agent sent `done`. */
	terminated: boolean;
	/** The step limit was reached. */
	truncated: boolean;
	info: StepInfo;
}

/** A salesgym environment (one task). */
export interface SalesgymEnv {
	/** The task. */
	readonly blueprint: Blueprint;
	/** The gym origin. */
	readonly baseUrl: string;
	/** The active tab (null before the first reset). */
	readonly page: Page | null;
	/** Starts a new episode in a fresh context. @throws InfrastructureError when the gym cannot be reset. */
	reset(): Promise<ResetResult>;
	/**
	 * Acts. `action` is validated here (any JSON): a bad one is an `info.error`, not an exception.
	 * @throws InfrastructureError when the browser or page is gone or the verifier cannot run; Error when called before reset().
	 */
	step(action: unknown): Promise<StepResult>;
	/** `GET /__salesgym/state`: the canonical export text of the current episode. @throws InfrastructureError. */
	exportState(): Promise<string>;
	/** Closes the context (or gives it back to the pool), and the browser and server the env started. Idempotent. */
	close(): Promise<void>;
	/** Context reuse counters of this env's resets. */
	readonly warmStats: WarmStats;
	/** The step limit of each episode (the option, else {@link defaultMaxSteps} of the task). */
	readonly maxSteps: number;
}

/** SHA-256 (first 16 hex) of an observation's url, title and axtree: the trajectory's observation digest. */
export function observationDigest(o: Pick<Observation, 'url' | 'title' | 'axtree'>): string {
	return createHash('sha256').update(`${o.url}\n${o.title}\n${o.axtree}`).digest('hex').slice(0, 16);
}

/**
 * The verdict of an episode whose run is no longer the gym's current one (the agent reset the gym, e.g. with
 * the launcher's Start button): failed, score 0, every step failed, `error` says why. Not an infrastructure error.
 */
export function runLostVerdict(blueprint: Blueprint, runId: string, currentId: unknown): VerifyResponse {
	return {
		run_id: runId,
		task_id: blueprint.id,
		passed: false,
		score: 0,
		first_failing_step: 0,
		steps: blueprint.steps.map((s, index) => ({ index, platform: s.platform, passed: false })),
		assertions: [],
		error: `run ${runId} is no longer the gym's current run (now ${currentId === null ? 'none' : JSON.stringify(currentId)}): the gym was reset during the episode`
	};
}

/** Repo root (this file lives in `<root>/harness/`). */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

function firstLine(e: unknown): string {
	return (e instanceof Error ? e.message : String(e)).split('\n')[0] ?? '';
}

/**
 * Connects to or launches Chromium: `connectOverCDP(cdp)` when `cdp` is set, else a headless launch with
 * {@link chromiumLaunchOptions}.
 * @throws InfrastructureError when the browser cannot be reached or started.
 */
export async function openBrowser(cdp?: string): Promise<Browser> {
	const { chromium } = await import('@playwright/test');
	try {
		if (cdp) return await chromium.connectOverCDP(cdp);
		return await chromium.launch({ headless: true, ...chromiumLaunchOptions() });
	} catch (e) {
		throw new InfrastructureError(
			cdp ? `could not attach to ${cdp} over CDP: ${firstLine(e)}` : `could not launch Chromium (run \`npm run browser\`): ${firstLine(e)}`,
			{
				cause: e
			}
		);
	}
}

function formatZodError(e: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
	return e.issues.map((i) => `${i.path.map(String).join('.') || '(action)'}: ${i.message}`).join('; ');
}

/**
 * Creates an environment for one task. Nothing is opened until the first `reset()` except the server and the
 * browser when the env has to start them.
 * @throws UsageError for an unknown task id or a bad option; InfrastructureError when the server or browser cannot start.
 */
export async function makeEnv(options: EnvOptions): Promise<SalesgymEnv> {
	const blueprint =
		typeof options.task === 'string'
			? ((await instanceFromSpec(options.task)) ?? loadBlueprints(options.blueprintsDir ?? join(ROOT, 'blueprints')).find((b) => b.id === options.task))
			: options.task;
	if (!blueprint) throw new UsageError(`unknown task "${String(options.task)}"`);
	const maxSteps = options.maxSteps ?? defaultMaxSteps(blueprint);
	if (!Number.isInteger(maxSteps) || maxSteps < 1) throw new UsageError(`maxSteps must be a positive integer, got ${maxSteps}`);
	const rewardMode: RewardMode = options.reward ?? 'binary';
	const timeoutMs = options.actionTimeoutMs ?? ENV_ACTION_TIMEOUT_MS;
	const sealed = options.sealed ?? sealedByDefault();
	const viewport: Viewport = { ...(options.viewport ?? DEFAULT_VIEWPORT), device_scale_factor: options.deviceScaleFactor ?? 1 };
	if (
		![viewport.width, viewport.height].every((n) => Number.isInteger(n) && n >= 100 && n <= 10_000) ||
		!(viewport.device_scale_factor > 0 && viewport.device_scale_factor <= 4)
	)
		throw new UsageError(`viewport must be 100..10000 CSS px each way and deviceScaleFactor in (0, 4], got ${JSON.stringify(viewport)}`);
	let screenshotNext = false;
	let started: { seed: number; clock: string } | null = null;

	let server: RunningServer | null = null;
	let baseUrl = options.baseUrl;
	if (baseUrl === undefined) {
		try {
			server = await startServer({ root: join(ROOT, 'build'), port: 0 });
		} catch (e) {
			throw new InfrastructureError(`could not serve build/: ${firstLine(e)}`, { cause: e });
		}
		baseUrl = server.url;
	}
	const ownBrowser = options.browser === undefined;
	let browser: Browser;
	try {
		browser = options.browser ?? (await openBrowser(options.cdp));
	} catch (e) {
		await server?.close();
		throw e;
	}

	let context: BrowserContext | null = null;
	/** The context's IndexedDB watch (harness/warm.ts): what the next reset check must read row by row. */
	let watch: StoreWatch | null = null;
	let tabs: Page[] = [];
	let active = 0;
	let elements: ReadonlyMap<string, ElementRef> = new Map();
	let resets = 0;
	let runId = '';
	/** The episode's seal secret (sealed episodes), new at each reset. */
	let secret: string | undefined;
	/** Tabs the page opened itself (popups) or that left the product, reported in the next step's info.error. */
	let notices: string[] = [];
	let steps = 0;
	let over = true;
	let closed = false;

	const activePage = (): Page => {
		const p = tabs[active];
		if (!p) throw new Error('call reset() first');
		return p;
	};

	const gone = (): boolean => !browser.isConnected() || context === null || tabs.some((p) => p.isClosed());

	const settle = (page: Page): Promise<void> => settlePage(page);

	/**
	 * Sealed episodes: a tab that is not on a product screen of the gym origin (a link or a popup that left it) is
	 * sent to `about:blank` before anything is observed, and the agent is told in `info.error`.
	 */
	const guardTabs = async (): Promise<void> => {
		if (!sealed) return;
		for (const p of tabs) {
			const url = p.url();
			if (url === 'about:blank' || isProductUrl(url, baseUrl)) continue;
			notices.push(`a tab left the gym's product screens (${url}); it was reset to about:blank`);
			await p.goto('about:blank').catch(() => {});
		}
	};

	const observe = async (): Promise<Observation> => {
		await guardTabs();
		const page = activePage();
		await settle(page);
		let snapshot: unknown;
		try {
			snapshot = options.marks ? await stableSnapshot(page, NAVIGATION_TIMEOUT_MS) : await page.ariaSnapshotJSON({ timeout: NAVIGATION_TIMEOUT_MS });
		} catch (e) {
			if (gone()) throw new InfrastructureError(`the page closed while observing: ${firstLine(e)}`, { cause: e });
			// A navigation racing the snapshot: settle and try once more.
			await settle(page);
			snapshot = await (options.marks ? stableSnapshot(page, NAVIGATION_TIMEOUT_MS) : page.ariaSnapshotJSON({ timeout: NAVIGATION_TIMEOUT_MS })).catch(
				(e2: unknown) => {
					throw new InfrastructureError(`could not read the accessibility tree: ${firstLine(e2)}`, { cause: e2 });
				}
			);
		}
		const tree = renderAxtree(snapshot);
		elements = tree.elements;
		const tabInfo: TabInfo[] = await Promise.all(
			tabs.map(async (p, index) => ({ index, url: p.url(), title: await p.title().catch(() => ''), active: index === active }))
		);
		const obs: Observation = {
			url: page.url(),
			title: tabInfo[active]?.title ?? '',
			axtree: options.axtree === false ? '' : tree.text,
			prompt: blueprint.prompt,
			policy_url: new URL(POLICY_PATH, baseUrl).href,
			tabs: tabInfo,
			viewport
		};
		if (options.marks) obs.marks = await hitTest(page, marksOf(snapshot, [...tree.elements.keys()], viewport));
		if (options.screenshot || screenshotNext) obs.screenshot = (await page.screenshot({ type: 'png' })).toString('base64');
		screenshotNext = false;
		return obs;
	};

	/** Pages the env opened itself; any other page of the context is a popup the page opened. */
	const ours = new WeakSet<Page>();
	/** Context reuse counters. */
	const warmStats = newWarmStats();
	/** What the context is opened with: a pooled context is taken only by an env asking the same. */
	const contextKey = JSON.stringify({ baseUrl, viewport, timezoneId: options.timezoneId ?? null, sealed });
	/** The current episode ended with a verdict (its context may be reused). */
	let clean = false;
	/**
	 * A page the app opens itself (window.open, target=_blank) becomes a tab the agent sees, watched like the others.
	 * (`context.newPage()` fires this event too, before it resolves: a page with no opener is the env's own.)
	 */
	const onPage = (p: Page): void => {
		void p.opener().then((opener) => {
			if (opener && !ours.has(p) && !tabs.includes(p)) tabs.push(p);
		});
	};

	const tabControl: TabControl = {
		async newTab(path) {
			if (!context) throw new Error('call reset() first');
			const target = path ?? (sealed ? blueprint.start_path : '/');
			const refused = sealed ? navigationError(target, baseUrl) : null;
			if (refused) throw new InvalidActionError(refused);
			const page = await context.newPage();
			ours.add(page);
			tabs.push(page);
			active = tabs.length - 1;
			await page.goto(target, { timeout: NAVIGATION_TIMEOUT_MS });
			await waitForSwReady(page);
		},
		async switchTab(index) {
			if (index >= tabs.length) throw new InvalidActionError(`no tab ${index}: ${tabs.length} tab(s) open`);
			active = index;
			await activePage().bringToFront();
		}
	};

	/** Forgets the context without closing it (it goes back to the pool). */
	const release = (): void => {
		context?.off('page', onPage);
		context = null;
		watch = null;
		tabs = [];
		active = 0;
	};

	const closeContext = async (): Promise<void> => {
		const c = context;
		release();
		if (c) await c.close().catch(() => {});
	};

	/** Makes `c` the env's context with `page` its one tab. */
	const adopt = (c: BrowserContext, page: Page): void => {
		context = c;
		ours.add(page);
		tabs = [page];
		active = 0;
		c.on('page', onPage);
	};

	/**
	 * Resets the current (reused) context in place: its other tabs closed, the gym reset from its first tab (after a
	 * load of `start_path` when that tab is not SW-controlled), the databases checked against the task's initial
	 * state, the tab's session storage cleared, then `start_path` loaded.
	 * @param previous the secret the profile is sealed with.
	 * @throws ReuseMismatchError when the check differs; InfrastructureError (or any Playwright error) when a step fails.
	 */
	const warmStart = async (previous: string | undefined): Promise<Awaited<ReturnType<typeof startEpisode>>> => {
		const [page, ...others] = tabs;
		for (const p of others) await p.close().catch(() => {});
		if (!page || page.isClosed() || !browser.isConnected()) throw new InfrastructureError('the reused context has no open page');
		tabs = [page];
		active = 0;
		const ready = await isSwReady(page);
		if (!ready) {
			await page.goto(blueprint.start_path, { timeout: NAVIGATION_TIMEOUT_MS });
			await waitForSwReady(page);
		}
		const run =
			previous === undefined
				? await resetRun(page, blueprint, runId, options.seed, secret)
				: await resetRun(page, blueprint, runId, options.seed, previous, secret);
		await assertInitialState(page, runId, secret ?? previous, watch ?? undefined);
		await page.evaluate(() => sessionStorage.clear());
		await page.goto(blueprint.start_path, { timeout: NAVIGATION_TIMEOUT_MS });
		await waitForSwReady(page);
		return run;
	};

	/**
	 * A page that the SW controls, for control calls: the active tab when it is controlled, else a new tab of the
	 * same context (same IndexedDB) on `start_path`, closed by the caller (the agent may have left the active tab
	 * on a page the SW does not serve, e.g. a 404).
	 */
	const controlPage = async (): Promise<{ page: Page; temp: boolean }> => {
		const page = activePage();
		const ready = await isSwReady(page);
		if (ready) return { page, temp: false };
		if (!context) throw new Error('call reset() first');
		const temp = await context.newPage();
		try {
			await temp.goto(blueprint.start_path, { timeout: NAVIGATION_TIMEOUT_MS });
			await waitForSwReady(temp);
		} catch (e) {
			await temp.close().catch(() => {});
			throw e instanceof InfrastructureError
				? e
				: new InfrastructureError(`could not open ${blueprint.start_path} to reach the gym: ${firstLine(e)}`, { cause: e });
		}
		return { page: temp, temp: true };
	};

	const withControlPage = async <T>(body: (page: Page) => Promise<T>): Promise<T> => {
		const { page, temp } = await controlPage();
		try {
			return await body(page);
		} finally {
			if (temp) await page.close().catch(() => {});
		}
	};

	const verify = (): Promise<VerifyResponse> =>
		withControlPage(async (page) => {
			// The agent can reset the gym itself (the launcher's Start button): then its run is gone, and so is its work.
			const current = await pageFetch(page, { method: 'GET', path: '/__salesgym/run', ...(secret ? { headers: sealHeaders(secret)! } : {}) });
			let currentId: unknown = null;
			try {
				currentId = current.status === 200 ? (JSON.parse(current.text) as { run_id?: unknown }).run_id : null;
			} catch {
				currentId = null;
			}
			if (current.status === 404 || (current.status === 200 && currentId !== runId)) return runLostVerdict(blueprint, runId, currentId);
			const verdict = await verifyRun(page, blueprint, runId, secret);
			if (sealed) {
				const seal = verdict.seal;
				if (!seal?.sealed || !seal.intact) {
					const what = seal
						? seal.violations.map((v) => `${v.kind} ${v.method} ${v.path}${v.detail ? ` (${v.detail})` : ''}`).join('; ')
						: 'no seal in the verdict';
					throw new InfrastructureError(`the episode's seal broke (${seal?.violation_count ?? 0} violation(s): ${what}): not scored`);
				}
			}
			return verdict;
		});

	const env: SalesgymEnv = {
		blueprint,
		baseUrl,
		get page() {
			return tabs[active] ?? null;
		},
		warmStats,
		maxSteps,
		async reset() {
			if (closed) throw new Error('the env is closed');
			resets++;
			runId = typeof options.runId === 'function' ? options.runId(resets) : (options.runId ?? `env-${randomUUID()}`);
			/** The secret the profile is sealed with (the previous episode's), needed to reset it in place. */
			let previous = secret;
			secret = sealed ? newSecret() : undefined;
			notices = [];
			clean = false;
			const t0 = performance.now();
			let mode: 'fresh' | 'warm' = 'fresh';
			let recycled: string | undefined;
			if (!options.freshContext) {
				if (context === null && options.pool) {
					const w = options.pool.take(browser, contextKey);
					if (w) {
						adopt(w.context, w.page);
						watch = w.watch;
						previous = w.secret;
					}
				}
				if (context !== null) {
					try {
						started = await warmStart(previous);
						mode = 'warm';
					} catch (e) {
						if (e instanceof UsageError) throw e;
						recycled = firstLine(e);
						countRecycle(warmStats, recycled);
						if (options.pool) countRecycle(options.pool.stats, recycled);
					}
				}
			}
			if (mode === 'fresh') {
				await closeContext();
				let fresh: BrowserContext;
				try {
					fresh = await browser.newContext({
						baseURL: baseUrl,
						viewport: { width: viewport.width, height: viewport.height },
						deviceScaleFactor: viewport.device_scale_factor,
						...(options.timezoneId ? { timezoneId: options.timezoneId } : {})
					});
				} catch (e) {
					throw new InfrastructureError(`could not open a browser context: ${firstLine(e)}`, { cause: e });
				}
				fresh.setDefaultTimeout(ACTION_TIMEOUT_MS);
				fresh.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
				try {
					const page = await fresh.newPage();
					adopt(fresh, page);
					started = await startEpisode(page, blueprint, runId, options.seed, secret);
					// Watched from here on: the fresh state is trusted, only later writes are checked row by row.
					watch = options.freshContext ? null : await StoreWatch.open(fresh, page, baseUrl);
				} catch (e) {
					if (e instanceof InfrastructureError || e instanceof UsageError) throw e;
					throw new InfrastructureError(`reset failed: ${firstLine(e)}`, { cause: e });
				}
			}
			warmStats[mode]++;
			if (options.pool) options.pool.stats[mode]++;
			steps = 0;
			over = false;
			const observation: Observation = { ...(await observe()), policy: policyMarkdown() };
			return {
				observation,
				info: {
					task_id: blueprint.id,
					run_id: runId,
					step: 0,
					error: null,
					action: null,
					ms: Math.round(performance.now() - t0),
					...(started ? { seed: started.seed, clock: started.clock } : {}),
					context: mode,
					...(recycled !== undefined ? { recycled } : {})
				}
			};
		},
		async step(raw) {
			if (context === null) throw new Error('call reset() first');
			const t0 = performance.now();
			const info: StepInfo = { task_id: blueprint.id, run_id: runId, step: steps, error: null, action: null, ms: 0 };
			if (over) {
				info.error = 'the episode is over; call reset()';
				return { observation: await observe(), reward: 0, terminated: false, truncated: false, info };
			}
			steps++;
			info.step = steps;
			let terminated = false;
			const parsed = EnvAction.safeParse(raw);
			if (!parsed.success) {
				info.error = `invalid action ${JSON.stringify(raw)?.slice(0, 200)}: ${formatZodError(parsed.error)}`;
			} else {
				const action = parsed.data;
				info.action = action;
				const target = 'goto' in action ? action.goto : null;
				const refused = sealed && target !== null ? navigationError(target, baseUrl) : null;
				if ('done' in action) {
					terminated = true;
					if (action.done.answer !== undefined) info.answer = action.done.answer;
				} else if (isPixelAction(action)) {
					if ('screenshot' in action) screenshotNext = true;
					try {
						await performPixelAction(activePage(), action, viewport);
					} catch (e) {
						if (gone()) throw new InfrastructureError(`the browser or page closed during ${describePixelAction(action)}: ${firstLine(e)}`, { cause: e });
						info.error = `${describePixelAction(action)}: ${firstLine(e)}`;
					}
				} else if (refused) {
					info.error = `${describeAction(action)}: ${refused}`;
				} else {
					try {
						await performAction(activePage(), action, { timeoutMs, elements, tabs: tabControl });
					} catch (e) {
						// Only a dead browser or page is the infrastructure's fault; anything else (a goto to a page the
						// SW does not serve included) is the action's.
						if (gone()) throw new InfrastructureError(`the browser or page closed during ${describeAction(action)}: ${firstLine(e)}`, { cause: e });
						info.error = `${describeAction(action)}: ${firstLine(e)}`;
					}
				}
			}
			const truncated = !terminated && steps >= maxSteps;
			let reward = 0;
			if (terminated || truncated) {
				over = true;
				const verdict = await verify();
				clean = true;
				info.verify = verdict;
				reward = rewardMode === 'binary' ? (verdict.passed ? 1 : 0) : verdict.score;
			}
			const observation = await observe();
			if (notices.length > 0) {
				info.error = [info.error, ...notices].filter(Boolean).join('; ');
				notices = [];
			}
			info.ms = Math.round(performance.now() - t0);
			return { observation, reward, terminated, truncated, info };
		},
		async exportState() {
			return withControlPage(async (page) => {
				const res = await pageGetLarge(page, '/__salesgym/state', secret ? sealHeaders(secret)! : {});
				if (res.status !== 200) throw new InfrastructureError(`GET /__salesgym/state answered ${res.status}: ${res.text.slice(0, 300)}`);
				return res.text;
			});
		},
		async close() {
			if (closed) return;
			closed = true;
			const page = tabs[0];
			if (options.pool && !options.freshContext && clean && context !== null && page && !gone()) {
				// A clean episode's context goes back warm (its other tabs closed); the next reset checks it anyway.
				for (const p of tabs.slice(1)) await p.close().catch(() => {});
				const w = { browser, context, page, secret, key: contextKey, watch };
				release();
				options.pool.give(w);
			} else {
				if (options.pool && context !== null && !clean) countRecycle(options.pool.stats, 'the episode did not end cleanly');
				await closeContext();
			}
			if (ownBrowser) await browser.close().catch(() => {});
			await server?.close();
		}
	};
	return env;
}
