/**
 * Playwright fixture for gym e2e tests: `import { test, expect } from './fixtures'`, then use `gym` in a test.
 * Every call is fetched from the page context, because only pages the Service Worker controls reach it.
 */
import { test as base, expect, type Browser, type Page } from '@playwright/test';
import type { Blueprint } from '../../blueprints/schema';
import { RunResponse, VerifyResponse, type RunRequest } from '../../harness/contract';
import { InfrastructureError } from '../../harness/errors';
import { pageFetch, pageJson, waitForSwReady } from '../../harness/page';
import { startEpisode, verifyRun } from '../../harness/runner';

/** Body of `POST /verify`: the current run and either a task id or inline assertions. */
export interface VerifyBody {
	run_id: string;
	task_id?: string;
	assertions?: unknown[];
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
	/** `PUT /__salesgym/state` with an export's text. @throws InfrastructureError on non-2xx. */
	importState(text: string): Promise<void>;
	/** `POST /verify` with `body`. @returns the verdict. @throws InfrastructureError on non-2xx or a bad shape. */
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
			const res = await pageFetch(page, { method: 'GET', path: '/__salesgym/state' });
			if (res.status !== 200) throw new InfrastructureError(`GET /__salesgym/state answered ${res.status}: ${res.text.slice(0, 500)}`);
			return res.text;
		},
		async importState(text) {
			const res = await pageFetch(page, { method: 'PUT', path: '/__salesgym/state', body: text });
			if (res.status < 200 || res.status > 299) throw new InfrastructureError(`PUT /__salesgym/state answered ${res.status}: ${res.text.slice(0, 500)}`);
		},
		async verify(body) {
			return VerifyResponse.parse(await pageJson(page, 'POST', '/verify', body));
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
export const verify = (page: Page, bp: Blueprint, runId: string): Promise<VerifyResponse> => verifyRun(page, bp.id, runId);

/** `GET /__salesgym/state`, from the page: the canonical export text. */
export const exportState = (page: Page): Promise<string> => gymFor(page).exportState();
