/**
 * Playwright fixture for gym e2e tests: `import { test, expect } from './fixtures'`, then use `gym` in a test.
 * Every call is fetched from the page context, because only pages the Service Worker controls reach it.
 */
import { spawn } from 'node:child_process';
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { Blueprint } from '../../blueprints/schema';
import { RunResponse, VerifyResponse, type RunRequest } from '../../harness/contract';
import { InfrastructureError } from '../../harness/errors';
import { pageFetch, pageGetLarge, pageJson, stateSha256, waitForSwReady } from '../../harness/page';
import { startEpisode, verifyRun, verifySteps } from '../../harness/runner';
import { loadBlueprints } from '../../harness/blueprints';
import { assertInitialState, StoreWatch } from '../../harness/warm';

/** Body of `POST /verify`: the current run and either a task id (its steps are added from `blueprints/`) or inline assertions. */
export interface VerifyBody {
	run_id: string;
	task_id?: string;
	assertions?: unknown[];
	timeout_ms?: number;
}

let onDisk: Map<string, Blueprint> | null = null;

/**
 * A verify body as the harness sends it: a task's verifiers travel with it (`steps`, from `blueprints/`), because
 * the Service Worker ships none (README "Sealed episodes"). Inline bodies and unknown task ids are left as they are.
 */
export function withTaskSteps<T extends object>(body: T): T & { steps?: ReturnType<typeof verifySteps> } {
	const b = body as { task_id?: unknown; assertions?: unknown; steps?: unknown };
	if (typeof b.task_id !== 'string' || b.assertions !== undefined || b.steps !== undefined) return body;
	onDisk ??= new Map(loadBlueprints().map((bp) => [bp.id, bp]));
	const bp = onDisk.get(b.task_id);
	return bp ? { ...body, steps: verifySteps(bp) } : body;
}

/** Helpers over the gym's control endpoints, bound to the test's `page`. */
export interface Gym {
	/** The test's page. */
	page: Page;
	/** `page.goto(path)` then waits for SW control. @throws InfrastructureError when the SW never takes control. */
	open(path: string): Promise<void>;
	/**
	 * `POST /__salesgym/run` with `{task_id?, run_id?, seed?}`: resets every gym (the page must be open).
	 * @returns `{run_id, task_id, seed, clock, counts}`. @throws InfrastructureError on non-2xx or a bad shape.
	 */
	reset(body?: RunRequest): Promise<RunResponse>;
	/** `GET /__salesgym/state`: the canonical export, as text. @throws InfrastructureError on non-2xx. */
	exportState(): Promise<string>;
	/**
	 * `GET /__salesgym/state?digest=sha256`: the lower-case hex SHA-256 of the export's bytes, computed by the Service
	 * Worker, so that "nothing changed" checks compare 64 characters instead of carrying the ~10 MB export to Node twice.
	 * @throws InfrastructureError on non-2xx.
	 */
	stateDigest(): Promise<string>;
	/** `PUT /__salesgym/state` with an export's text. @throws InfrastructureError on non-2xx. */
	importState(text: string): Promise<void>;
	/** `POST /verify` with `body` ({@link withTaskSteps}). @returns the verdict. @throws InfrastructureError on non-2xx or a bad shape. */
	verify(body: VerifyBody): Promise<VerifyResponse>;
}

function gymFor(page: Page): Gym {
	return {
		page,
		async open(path) {
			await page.goto(path);
			await waitForSwReady(page);
		},
		async reset(body = {}) {
			return RunResponse.parse(await pageJson(page, 'POST', '/__salesgym/run', body));
		},
		async exportState() {
			const res = await pageGetLarge(page, '/__salesgym/state');
			if (res.status !== 200) throw new InfrastructureError(`GET /__salesgym/state answered ${res.status}: ${res.text.slice(0, 500)}`);
			return res.text;
		},
		stateDigest: () => stateSha256(page),
		async importState(text) {
			const res = await pageFetch(page, { method: 'PUT', path: '/__salesgym/state', body: text });
			if (res.status < 200 || res.status > 299) throw new InfrastructureError(`PUT /__salesgym/state answered ${res.status}: ${res.text.slice(0, 500)}`);
		},
		async verify(body) {
			return VerifyResponse.parse(await pageJson(page, 'POST', '/verify', withTaskSteps(body)));
		}
	};
}

/** Playwright's `test` with a `gym` fixture (fresh context per test, so a fresh IndexedDB). */
export const test = base.extend<{ gym: Gym }>({
	gym: async ({ page }, use) => {
		await use(gymFor(page));
	}
});

export { expect };

/** Opens a fresh context (fresh IndexedDB) in `timezoneId`, resets to the blueprint, and lands on its start page. */
export async function freshEpisode(browser: Browser, baseURL: string, bp: Blueprint, runId: string, timezoneId?: string): Promise<Page> {
	const page = await (await browser.newContext({ baseURL, timezoneId })).newPage();
	await startEpisode(page, bp, runId);
	return page;
}

/** `POST /verify` for the blueprint, from the page. */
export const verify = (page: Page, bp: Blueprint, runId: string): Promise<VerifyResponse> => verifyRun(page, bp, runId);

/** `GET /__salesgym/state`, from the page: the canonical export text. */
export const exportState = (page: Page): Promise<string> => gymFor(page).exportState();

/** Default time zone of {@link reusedContextTest}'s context: America/Los_Angeles (not UTC, so zone bugs show). */
export const REUSED_CONTEXT_TIMEZONE = 'America/Los_Angeles';

/**
 * Playwright's `test` with one browser context per WORKER (`workerContext`, created on first use in
 * `timezoneId`, default {@link REUSED_CONTEXT_TIMEZONE}) and `reusedPage`, that context's single page: tests
 * that use it reset the gym (`POST /__salesgym/run`, e.g. through `startEpisode`) instead of paying for a
 * fresh context's first load (SW install + full seed load) each time. The reset is proven equal to a fresh
 * load by gyms/reset.spec.ts (database rows, events, run meta) and by the HubSpot read-cache test
 * (gyms/hubspot/api/merge.spec.ts); tests/plays/plays.spec.ts checks the export after each such reset.
 * Before each test, pages left open by the previous one are closed (one page stays); when a test fails,
 * Playwright starts a new worker, so a broken context never serves the next test. A failing test gets a
 * screenshot of the page attached (the reused context is not traced).
 */
export const reusedContextTest = base.extend<{ reusedPage: Page }, { workerContext: BrowserContext; reusedTimezone: string }>({
	reusedTimezone: [REUSED_CONTEXT_TIMEZONE, { scope: 'worker', option: true }],
	workerContext: [
		async ({ browser, reusedTimezone }, use, workerInfo) => {
			const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL, timezoneId: reusedTimezone });
			await use(context);
			await context.close();
		},
		{ scope: 'worker' }
	],
	reusedPage: async ({ workerContext }, use, testInfo) => {
		const open = workerContext.pages().filter((p) => !p.isClosed());
		for (const extra of open.slice(1)) await extra.close();
		const page = open[0] ?? (await workerContext.newPage());
		await use(page);
		if (testInfo.status !== testInfo.expectedStatus && !page.isClosed()) {
			const shot = await page.screenshot({ fullPage: true }).catch(() => null);
			if (shot) await testInfo.attach('reused-page.png', { body: shot, contentType: 'image/png' });
		}
	}
});

/** Annotation type a {@link reusedGymTest} test gets when its reset check failed and its context was recycled. */
export const RECYCLED_ANNOTATION = 'reused-context-recycled';

/**
 * The browser context a Playwright worker keeps for {@link reusedGymTest}: one page (page 0) and the context's
 * IndexedDB watch (harness/warm.ts `StoreWatch`), replaced as a whole by {@link WarmGymSlot.recycle}.
 */
export class WarmGymSlot {
	context: BrowserContext | null = null;
	page: Page | null = null;
	watch: StoreWatch | null = null;
	/** True until the first reset of a new context: its state is a fresh load (trusted as it stands). */
	freshContext = true;
	/** True when writes may have gone unseen by the watch (it was reopened): the next check reads every row. */
	deepNext = false;
	/** Contexts recycled in this worker (a reset check that differed, or a failed in-place reset). */
	recycled = 0;

	constructor(
		private readonly browser: Browser,
		private readonly baseURL: string | undefined,
		private readonly timezoneId: string | undefined
	) {}

	/** Page 0 of the context (opening the context and its watch on first use); other pages are closed. */
	async pageForTest(): Promise<Page> {
		if (this.context === null) await this.open();
		const open = this.context!.pages().filter((p) => !p.isClosed());
		for (const extra of open.filter((p) => p !== this.page)) await extra.close();
		if (this.page === null || this.page.isClosed()) {
			this.page = await this.context!.newPage();
			// The old page's CDP session (and so its watch) died with it: what was written meanwhile is unknown.
			this.watch = await StoreWatch.open(this.context!, this.page, this.baseURL ?? this.page.url());
			this.deepNext = true;
		}
		return this.page;
	}

	/** Opens a new context (the page fixture's options: the project's baseURL and viewport; the slot's zone, else the default). */
	private async open(): Promise<void> {
		this.context = await this.browser.newContext({ baseURL: this.baseURL, ...(this.timezoneId ? { timezoneId: this.timezoneId } : {}) });
		this.page = await this.context.newPage();
		this.watch = this.baseURL ? await StoreWatch.open(this.context, this.page, this.baseURL) : null;
		this.freshContext = true;
		this.deepNext = false;
	}

	/** Closes the context and opens a new one (fresh profile: IndexedDB, Service Worker, storage). */
	async recycle(): Promise<void> {
		this.recycled++;
		await this.close();
		await this.open();
	}

	/** Clears what a test may leave on page 0 besides the gyms' state: listeners, routes, sessionStorage. */
	async scrub(): Promise<void> {
		const page = this.page;
		if (page === null || page.isClosed()) return;
		page.removeAllListeners();
		await page.unrouteAll({ behavior: 'ignoreErrors' });
		if (this.baseURL && page.url().startsWith(new URL(this.baseURL).origin)) await page.evaluate(() => sessionStorage.clear()).catch(() => {});
	}

	/** Closes the context. */
	async close(): Promise<void> {
		const c = this.context;
		this.context = null;
		this.page = null;
		this.watch = null;
		await c?.close().catch(() => {});
	}
}

/**
 * Playwright's `test` with a `gym` fixture ({@link Gym}, same interface as {@link test}'s) whose page lives in one
 * browser context per WORKER, kept from test to test: a spec whose tests need only a fresh TASK state (not a fresh
 * profile, a given time zone, the SW install, another origin) imports this instead of {@link test} and skips each
 * test's context creation and first load (SW install + the gyms' seed bulk load).
 *
 * Reuse never leaks: every `gym.reset(body)` (`POST /__salesgym/run`) is followed by the Service Worker's reset check
 * (`GET /__salesgym/reset-check`, harness/warm.ts `assertInitialState`: the databases, run metadata and event log
 * equal the task's initial state as the projections compute it; the stores the browser saw written since the last
 * check are compared row by row). A difference, or a failed reset, recycles the context: it is closed, a new one
 * loads the page the test was on and resets there (annotation {@link RECYCLED_ANNOTATION}); `gym.page` is then
 * the new page. A test must reset before it reads state: one that never calls `gym.reset` fails. The context's time
 * zone is the worker option `reusedGymTimezone` (`test.use({ reusedGymTimezone: 'Europe/Berlin' })`, default: the
 * project's); a test that sets Playwright's own `timezoneId` to another zone fails (that option would not reach a
 * worker's context). Between tests,
 * extra pages are closed, page 0's listeners and routes removed and its sessionStorage cleared; a failed test ends
 * the worker (Playwright), so its context serves no other test. A failing test gets a screenshot attached (the
 * reused context is not traced).
 */
export const reusedGymTest = base.extend<{ gym: Gym }, { gymSlot: WarmGymSlot; reusedGymTimezone: string | undefined }>({
	reusedGymTimezone: [undefined, { scope: 'worker', option: true }],
	gymSlot: [
		async ({ browser, reusedGymTimezone }, use, workerInfo) => {
			const slot = new WarmGymSlot(browser, workerInfo.project.use.baseURL, reusedGymTimezone ?? workerInfo.project.use.timezoneId);
			await use(slot);
			await slot.close();
		},
		{ scope: 'worker' }
	],
	gym: async ({ gymSlot, timezoneId, reusedGymTimezone }, use, testInfo) => {
		if (timezoneId !== undefined && timezoneId !== (reusedGymTimezone ?? testInfo.project.use.timezoneId))
			throw new Error(`timezoneId ${timezoneId} does not reach the reused context: use test.use({ reusedGymTimezone: '${timezoneId}' })`);
		await gymSlot.scrub();
		let page = await gymSlot.pageForTest();
		let resets = 0;
		const inner = () => gymFor(page);
		const gym: Gym = {
			get page() {
				return page;
			},
			open: (path) => inner().open(path),
			exportState: () => inner().exportState(),
			stateDigest: () => inner().stateDigest(),
			importState: (text) => inner().importState(text),
			verify: (body) => inner().verify(body),
			async reset(body = {}) {
				resets++;
				const path = new URL(page.url()).pathname;
				let run: RunResponse;
				try {
					run = await inner().reset(body);
					if (gymSlot.freshContext) {
						// First reset of a fresh load: trusted (what the page fixture gives); watched from here on.
						gymSlot.freshContext = false;
						await gymSlot.watch?.mark();
					} else {
						const watch = gymSlot.deepNext ? undefined : (gymSlot.watch ?? undefined);
						gymSlot.deepNext = false;
						await assertInitialState(page, run.run_id, undefined, watch);
					}
					return run;
				} catch (e) {
					testInfo.annotations.push({ type: RECYCLED_ANNOTATION, description: (e as Error).message.split('\n')[0] });
					await gymSlot.recycle();
					page = gymSlot.page!;
					await inner().open(path);
					run = await inner().reset(body);
					gymSlot.freshContext = false;
					await gymSlot.watch?.mark();
					return run;
				}
			}
		};
		await use(gym);
		if (testInfo.status !== testInfo.expectedStatus && !page.isClosed()) {
			const shot = await page.screenshot({ fullPage: true }).catch(() => null);
			if (shot) await testInfo.attach('reused-page.png', { body: shot, contentType: 'image/png' });
		}
		if (resets === 0 && testInfo.status === 'passed')
			throw new Error('a reusedGymTest test must call gym.reset() before it reads state (its context is shared with earlier tests)');
	}
});

/**
 * Runs the real CLI (`node harness/salesgym.js <args>`, which registers tsx) as a user does: resolves with its exit
 * code and what it printed on stdout and stderr.
 */
export function runCli(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
	return new Promise((done) => {
		const child = spawn('node', ['harness/salesgym.js', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
		let out = '';
		let err = '';
		child.stdout.on('data', (d: Buffer) => (out += d.toString()));
		child.stderr.on('data', (d: Buffer) => (err += d.toString()));
		child.on('close', (code) => done({ code, out, err }));
	});
}
