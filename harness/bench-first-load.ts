/**
 * Where the time of a fresh browser context's first episode start goes, per phase, in ms (a benchmark: it prints
 * numbers, it asserts nothing):
 *
 *   npx tsx --tsconfig harness/tsconfig.json harness/bench-first-load.ts [--reps N] [--first PATH] [task-id]
 *
 * Serves `build/` on an ephemeral port; for each of N (default 3) new contexts, does what `startEpisode`
 * (harness/runner.ts) does on a fresh profile and times each phase:
 * - `goto1`: the first navigation (default the task's `start_path`; `--first /` lands on the launcher, which calls
 *   no gym API);
 * - `sw1`: until the page reports its Service Worker in control (`data-sw-ready="1"`: the SW script fetched and
 *   evaluated, its install and activation);
 * - `reset`: `POST /__salesgym/run` to the task, as the page sees it (it waits for a first-visit sandbox run that
 *   the start page's own API calls opened), and the reset's own `Server-Timing` (the SW's share);
 * - `goto2` + `sw2`: the start page again, now controlled;
 * - `idle`: until the network is idle (the start page's API calls answered).
 * Default task: `hubspot/qualify-mql-v1`. Prints one line per context and the load average at start and end.
 */
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { loadBlueprints } from './blueprints';
import { chromiumLaunchOptions } from './browser';
import { waitForSwReady } from './page';
import { startServer } from './server';

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
	const i = args.indexOf(name);
	return i >= 0 ? args[i + 1] : undefined;
};
const reps = Number(opt('--reps') ?? 3);
const first = opt('--first');
const taskId = args.find((a, i) => !a.startsWith('--') && !['--reps', '--first'].includes(args[i - 1] ?? '')) ?? 'hubspot/qualify-mql-v1';
const bp = loadBlueprints().find((b) => b.id === taskId);
if (!bp) throw new Error(`no blueprint ${taskId}`);

const server = await startServer({ port: 0 });
const browser = await chromium.launch(chromiumLaunchOptions());
process.stdout.write(`${taskId}, ${reps} fresh contexts, first navigation ${first ?? bp.start_path}; load average (1 min) ${loadavg()[0]!.toFixed(2)}\n`);
try {
	for (let i = 0; i < reps; i++) {
		const context = await browser.newContext({ baseURL: server.url });
		const page = await context.newPage();
		const phases: [string, number][] = [];
		let t = performance.now();
		const lap = (name: string): void => {
			const now = performance.now();
			phases.push([name, now - t]);
			t = now;
		};
		await page.goto(first ?? bp.start_path);
		lap('goto1');
		await waitForSwReady(page);
		lap('sw1');
		const timing = await page.evaluate(async (id) => {
			const res = await fetch('/__salesgym/run', {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ task_id: id, run_id: 'bench-first-load' })
			});
			if (!res.ok) throw new Error(`POST /__salesgym/run answered ${res.status}`);
			return res.headers.get('server-timing') ?? '';
		}, bp.id);
		lap('reset');
		await page.goto(bp.start_path);
		lap('goto2');
		await waitForSwReady(page);
		lap('sw2');
		await page.waitForLoadState('networkidle');
		lap('idle');
		const total = phases.reduce((n, [, ms]) => n + ms, 0);
		process.stdout.write(`${phases.map(([n, ms]) => `${n} ${Math.round(ms)}`).join('  ')}  total ${Math.round(total)} ms\n  server-timing: ${timing}\n`);
		await context.close();
	}
} finally {
	await browser.close();
	await server.close();
}
process.stdout.write(`load average (1 min) at end ${loadavg()[0]!.toFixed(2)}\n`);
