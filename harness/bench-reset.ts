/**
 * Where a warm reset's time goes: `npx tsx --tsconfig harness/tsconfig.json harness/bench-reset.ts [samples] [task]`
 * (default 10 samples of the first HubSpot blueprint) against the built app (`build/`). Prints, per phase of the
 * warm path of `env.reset()` (harness/env.ts `warmStart`, then the first observation), p50 and p95 in ms, timed
 * from Node around each step on one reused context:
 * - `run`: `POST /__salesgym/run` (the Service Worker's in-place delta reset of every gym);
 * - `reset_check`: the reset check as the env makes it (harness/warm.ts `assertInitialState` with the context's
 *   {@link StoreWatch}: row by row only for the stores written since the last check, keys for the others);
 * - `reset_check_full`: `GET /__salesgym/reset-check` reading every row (no watch: what the check cost before);
 * - `goto_start`: loading the task's `start_path` until the page reports its Service Worker ready;
 * - `observe`: settling the page and reading its accessibility tree;
 * - `env_reset`: a whole `env.reset()` of a warm env (what the bench's `reset_to_observation` times).
 * Numbers depend on the machine's load: quote `uptime` with them.
 */
import { join } from 'node:path';
import { loadBlueprints } from './blueprints';
import { makeEnv, openBrowser } from './env';
import { pageFetch, waitForSwReady } from './page';
import { resetRun } from './runner';
import { startServer } from './server';
import { assertInitialState, StoreWatch } from './warm';
import { percentile } from './stats';

const samples = Number(process.argv[2] ?? 10);
const taskId = process.argv[3];
const task = loadBlueprints().find((b) => (taskId ? b.id === taskId : b.platforms.includes('hubspot')));
if (!task) throw new Error(`no blueprint ${taskId ?? 'of hubspot'}`);
const server = await startServer({ root: join(import.meta.dirname, '..', 'build'), port: 0 });
const browser = await openBrowser();
const phases: Record<string, number[]> = { run: [], reset_check: [], reset_check_full: [], goto_start: [], observe: [], env_reset: [] };
const time = async <T>(name: string, body: () => Promise<T>): Promise<T> => {
	const t = performance.now();
	const out = await body();
	phases[name]!.push(performance.now() - t);
	return out;
};
try {
	const context = await browser.newContext({ baseURL: server.url });
	const page = await context.newPage();
	await page.goto(task.start_path);
	await waitForSwReady(page, 120_000);
	await resetRun(page, task.id, 'profile-start');
	const watch = await StoreWatch.open(context, page, server.url);
	if (!watch) throw new Error('no CDP session: the store watch cannot run');
	for (let i = 0; i < samples + 2; i++) {
		const runId = `profile-${i}`;
		await time('run', () => resetRun(page, task.id, runId));
		await time('reset_check', () => assertInitialState(page, runId, undefined, watch));
		const check = await time('reset_check_full', () => pageFetch(page, { method: 'GET', path: '/__salesgym/reset-check' }));
		if (check.status !== 200 || !check.text.includes('"match":true')) throw new Error(`reset check: ${check.status} ${check.text.slice(0, 300)}`);
		await time('goto_start', async () => {
			await page.goto(task.start_path);
			await waitForSwReady(page);
		});
		await time('observe', async () => {
			await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]') && (document.body.dataset.apiPending ?? '0') === '0');
			await page.ariaSnapshotJSON();
		});
		if (i < 2) for (const xs of Object.values(phases)) xs.length = 0;
	}
	await context.close();
	const env = await makeEnv({ task, browser, baseUrl: server.url });
	try {
		for (let i = 0; i < samples + 2; i++) {
			const r = await time('env_reset', () => env.reset());
			if (r.info.context !== 'warm' && i > 0) throw new Error(`reset ${i} was not warm: ${r.info.recycled ?? ''}`);
			if (i < 2) phases.env_reset!.length = 0;
		}
	} finally {
		await env.close();
	}
} finally {
	await browser.close();
	await server.close();
}
process.stdout.write(`task ${task.id}, ${samples} samples\nphase         p50_ms  p95_ms\n`);
for (const [name, xs] of Object.entries(phases)) {
	const sorted = [...xs].sort((a, b) => a - b);
	process.stdout.write(`${name.padEnd(12)}  ${percentile(sorted, 50).toFixed(0).padStart(6)}  ${percentile(sorted, 95).toFixed(0).padStart(6)}\n`);
}
