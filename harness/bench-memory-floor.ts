/**
 * The memory floor under `context_memory_mb`: what one browser context costs before any salesgym code runs (a
 * benchmark: it prints numbers, it asserts nothing).
 *
 *   npx tsx --tsconfig harness/tsconfig.json harness/bench-memory-floor.ts [--reps 3] [--task hubspot/qualify-mql-v1]
 *
 * Launches Chromium as the harness does (harness/browser.ts; `$SALESGYM_CHROMIUM_ARGS` appended) and measures, for
 * each case, a new context's summed PSS above the browser without it (Linux `/proc/<pid>/smaps_rollup` of every
 * descendant process, the sum `context_memory_mb` takes), 2 s after the case is set up, then closes it:
 * - `blank`: one tab on `about:blank`;
 * - `page`: one tab on a 1-line HTML page of a throwaway origin (Node `http` on 127.0.0.1, an ephemeral port);
 * - `page+sw`: the same page controlled by a bare Service Worker (harness/bench-sw-floor.ts `BARE_SW`);
 * - `page+sw+worker`: and a dedicated module worker running a few lines (as the verifier's worker runs beside a page);
 * - `salesgym`: the task's start page after its first reset (harness/runner.ts `startEpisode`, `build/` served as the
 *   harness serves it): the smallest salesgym context, before any episode.
 * Prints the median over `--reps` contexts of each case, MB, and the largest renderer's PSS.
 */
import { join } from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { loadBlueprints } from './blueprints';
import { BARE_SW, serveThrowawayOrigin } from './bench-sw-floor';
import { chromiumProcesses, launchMeasuredBrowser } from './bench-memory';
import { descendantsPssKb } from './pss';
import { startEpisode } from './runner';
import { startServer } from './server';

/** How long a case settles before its PSS is read, ms. */
const SETTLE_MS = 2_000;

const WORKER = `let n = 0; onmessage = (e) => postMessage(++n + e.data);`;
const PAGE = (sw: boolean, worker: boolean) =>
	'<!doctype html><meta charset="utf-8"><title>floor</title><p>floor</p><script>' +
	(sw ? 'navigator.serviceWorker.register("/sw.js");' : '') +
	(worker ? 'window.w = new Worker("/worker.js", { type: "module" }); w.onmessage = (e) => (document.title = "worker " + e.data); w.postMessage(1);' : '') +
	'</script>';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (kb: number) => Math.round((kb / 1024) * 10) / 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** One case: sets a context up. */
type Case = (context: BrowserContext) => Promise<void>;

async function main(): Promise<void> {
	const argv = process.argv.slice(2);
	const opt = (name: string) => {
		const i = argv.indexOf(`--${name}`);
		return i >= 0 ? argv[i + 1] : undefined;
	};
	const reps = Number(opt('reps') ?? 3);
	const taskId = opt('task') ?? 'hubspot/qualify-mql-v1';
	const task = loadBlueprints(join(import.meta.dirname, '..', 'blueprints')).find((b) => b.id === taskId);
	if (!task) throw new Error(`unknown task ${taskId}`);
	// `/` (its `?sw` and `?worker` flags shape the page), `/sw.js`, `/worker.js`.
	const floor = await serveThrowawayOrigin((u) =>
		u.pathname === '/sw.js'
			? BARE_SW
			: u.pathname === '/worker.js'
				? WORKER
				: u.pathname === '/'
					? PAGE(u.searchParams.has('sw'), u.searchParams.has('worker'))
					: null
	);
	const app = await startServer({ root: join(import.meta.dirname, '..', 'build'), port: 0 });
	const browser = await launchMeasuredBrowser();
	const controlled = async (context: BrowserContext, query: string) => {
		const page = await context.newPage();
		await page.goto(`${floor.url}/?${query}`);
		if (query.includes('sw')) await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 10_000 });
		if (query.includes('worker')) await page.waitForFunction(() => document.title.startsWith('worker'), undefined, { timeout: 10_000 });
	};
	const cases: [string, Case][] = [
		['blank', async (c) => void (await (await c.newPage()).goto('about:blank'))],
		['page', (c) => controlled(c, 'page')],
		['page+sw', (c) => controlled(c, 'sw')],
		['page+sw+worker', (c) => controlled(c, 'sw&worker')],
		[
			'salesgym',
			async (c) => {
				const page = await c.newPage();
				await startEpisode(page, task, `floor-${Date.now()}`);
			}
		]
	];
	const results = new Map<string, { context: number[]; renderer: number[] }>();
	try {
		// One context first, closed: the browser's own lazily started processes (network, storage) belong to its idle.
		const warm = await browser.newContext({ baseURL: app.url });
		await (await warm.newPage()).goto(`${floor.url}/?sw`);
		await warm.close();
		await sleep(SETTLE_MS);
		for (let r = 0; r < reps; r++) {
			for (const [name, setUp] of cases) {
				const idle = descendantsPssKb() ?? 0;
				const before = new Set(chromiumProcesses().map((p) => p.pid));
				const context = await browser.newContext({ baseURL: app.url });
				try {
					await setUp(context);
					await sleep(SETTLE_MS);
					const now = descendantsPssKb() ?? 0;
					const renderers = chromiumProcesses().filter((p) => p.role === 'renderer' && !before.has(p.pid));
					const row = results.get(name) ?? { context: [], renderer: [] };
					row.context.push(mb(now - idle));
					row.renderer.push(Math.max(0, ...renderers.map((p) => p.pss_mb)));
					results.set(name, row);
				} finally {
					await context.close();
					await sleep(SETTLE_MS);
				}
			}
		}
	} finally {
		await browser.close();
		await app.close();
		await new Promise((ok) => floor.server.close(ok));
	}
	process.stdout.write(`context PSS above the browser without it, MB (median of ${reps}; task ${task.id})\n`);
	process.stdout.write(`${'case'.padEnd(16)} ${'context'.padStart(8)} ${'new renderer'.padStart(13)}   all runs\n`);
	for (const [name, row] of results)
		process.stdout.write(
			`${name.padEnd(16)} ${String(median(row.context)).padStart(8)} ${String(median(row.renderer)).padStart(13)}   ${row.context.join(' / ')}\n`
		);
}

await main();
