/**
 * Where a UI e2e test's setup time goes, per phase, in ms (a benchmark: it prints numbers, it asserts nothing):
 *
 *   npx tsx --tsconfig harness/tsconfig.json tests/tools/ui-setup-cost.ts [--reps N] [task-id] [path]
 *
 * Serves `build/` on an ephemeral port and times, `N` times each (default 5, interleaved so both see the same load),
 * the setup of a typical UI spec (tests/e2e/hubspot-index.spec.ts `start`: open a page, `POST /__salesgym/run` to the
 * task, open the screen) in two ways:
 *
 * - `fresh`: a new browser context per test, as the page-scoped `gym` fixture does (context creation, the first
 *   load: Service Worker install, the gyms' seed bulk load, then the reset and the screen);
 * - `warm`: the same context again (reset in place), plus the reset check the reused fixture adds
 *   (`GET /__salesgym/reset-check` with the stores the browser saw written).
 *
 * Prints the median and min/max of every phase and the load average at start and end.
 */
import { loadavg } from 'node:os';
import type { BrowserContext, Page } from '@playwright/test';
import { openBrowser } from '../../harness/env';
import { pageJson, waitForSwReady } from '../../harness/page';
import { startServer } from '../../harness/server';
import { assertInitialState, StoreWatch } from '../../harness/warm';

const args = process.argv.slice(2);
const repsAt = args.indexOf('--reps');
const reps = repsAt >= 0 ? Number(args[repsAt + 1]) : 5;
const rest = args.filter((_, i) => i !== repsAt && i !== repsAt + 1);
const task = rest[0] ?? 'hubspot/bulk-reassign-dormant-leads-v1';
const path = rest[1] ?? '/hubspot/contacts';

type Phases = Record<string, number>;

async function timed<T>(p: Phases, key: string, work: () => Promise<T>): Promise<T> {
	const t0 = performance.now();
	try {
		return await work();
	} finally {
		p[key] = (p[key] ?? 0) + performance.now() - t0;
	}
}

/** The spec's setup on `page`: open, reset, (check), open the screen. */
async function setup(page: Page, p: Phases, runId: string, watch?: StoreWatch | null): Promise<void> {
	await timed(p, 'goto1', () => page.goto(path));
	await timed(p, 'sw_ready1', () => waitForSwReady(page));
	await timed(p, 'post_run', () => pageJson(page, 'POST', '/__salesgym/run', { task_id: task, run_id: runId }));
	if (watch !== undefined) await timed(p, 'reset_check', () => assertInitialState(page, runId, undefined, watch ?? undefined));
	await timed(p, 'goto2', () => page.goto(path));
	await timed(p, 'sw_ready2', () => waitForSwReady(page));
	// The screen's first render (its table), as the specs wait for it.
	await timed(p, 'first_render', () => page.getByRole('table').first().waitFor({ timeout: 60_000 }));
}

const server = await startServer({});
const browser = await openBrowser();
const load0 = loadavg()[0]!;
const fresh: Phases[] = [];
const warm: Phases[] = [];
let warmCtx: BrowserContext | null = null;
let warmPage: Page | null = null;
let watch: StoreWatch | null = null;
try {
	// The warm context's first load (not counted).
	warmCtx = await browser.newContext({ baseURL: server.url });
	warmPage = await warmCtx.newPage();
	await setup(warmPage, {}, 'warmup');
	watch = await StoreWatch.open(warmCtx, warmPage, server.url);
	for (let i = 0; i < reps; i++) {
		const pf: Phases = {};
		const t0 = performance.now();
		const ctx = await timed(pf, 'new_context', () => browser.newContext({ baseURL: server.url }));
		const page = await timed(pf, 'new_page', () => ctx.newPage());
		await setup(page, pf, `fresh-${i}`);
		await timed(pf, 'close_context', () => ctx.close());
		pf.total = performance.now() - t0;
		fresh.push(pf);
		const pw: Phases = {};
		const t1 = performance.now();
		// Dirty the state a little, as a test would (one contact patched through the API).
		await pageJson(warmPage, 'PATCH', '/crm/v3/objects/contacts/990001', { properties: { firstname: `X${i}` } }).catch(() => null);
		await setup(warmPage, pw, `warm-${i}`, watch);
		pw.total = performance.now() - t1;
		warm.push(pw);
	}
} finally {
	await warmCtx?.close();
	await browser.close();
	await server.close();
}

const med = (xs: number[]): number => {
	const s = [...xs].sort((a, b) => a - b);
	return s[Math.floor(s.length / 2)]!;
};
const show = (name: string, runs: Phases[]): void => {
	process.stdout.write(`\n${name} (${runs.length} runs): phase  median  [min-max] ms\n`);
	for (const k of Object.keys(runs[0]!)) {
		const xs = runs.map((r) => r[k] ?? 0);
		process.stdout.write(`  ${k.padEnd(14)} ${med(xs).toFixed(0).padStart(6)}  [${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)}]\n`);
	}
};
process.stdout.write(`task ${task}, path ${path}; load average ${load0.toFixed(1)} -> ${loadavg()[0]!.toFixed(1)}\n`);
show('fresh context per test', fresh);
show('warm context, reset in place + reset check', warm);
