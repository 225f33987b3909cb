/**
 * Where the time of one oracle episode goes, per phase, in ms (a benchmark: it prints numbers, it asserts nothing):
 *
 *   npx tsx --tsconfig harness/tsconfig.json harness/bench-play.ts [--reps N] [--json FILE] [--hash page] [task-id …]
 *
 * Default tasks: the blueprint with the longest oracle of each platform. Serves `build/` on an ephemeral port and
 * opens one browser context (America/Los_Angeles, as the CI plays do) that every episode reuses. Each blueprint is
 * played `N` times (default 3; the first, a warm-up, is not counted) in two ways:
 *
 * - `play` (how tests/plays/plays.spec.ts plays): `startEpisode` split into its page loads, SW-control waits and the
 *   reset call; the export hash after the reset; every oracle action, split into `lookup` (until its target is
 *   attached: this absorbs the app's latency after the previous action), `act` (Playwright's actionability checks
 *   and the input), and for comparison the `settle` wait after it (harness/settle.ts, which the plays do not
 *   wait for); then the verify and the final export hash;
 * - `env` (how the runner and `episodes_per_min` play: harness/env.ts with a warm context): `reset()` until its
 *   first observation, each `step()` (action + settle + accessibility snapshot), the terminating step (verify +
 *   observation), the export.
 *
 * Prints one table per blueprint (median over the counted repetitions), the load average at start and end, and the
 * CPU time the plays used, per Chromium process role and in this Node process (Linux `/proc`; harness/bench-memory.ts).
 * `--json FILE` writes every figure as JSON.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { Action, Blueprint } from '../blueprints/schema';
import { oracleActions } from './agents';
import { ACTION_TIMEOUT_MS, locate, performAction } from './actions';
import { loadBlueprints } from './blueprints';
import { chromiumCpuSeconds, cpuByRole } from './bench-memory';
import { makeEnv, openBrowser } from './env';
import { stateSha256, waitForSwReady } from './page';
import { resetRun, verifyRun } from './runner';
import { startServer } from './server';
import { settlePage } from './settle';
import { ContextPool } from './warm';

/** Time zone of the context (the CI plays' zone). */
const TIMEZONE = 'America/Los_Angeles';
/** Run id of every episode (the plays' run id). */
const RUN_ID = 'play';

/** Per-phase wall times of one repetition, ms. */
type Phases = Record<string, number>;

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
	const i = args.indexOf(name);
	return i >= 0 ? args[i + 1] : undefined;
};
const reps = Number(opt('--reps') ?? 3);
const jsonOut = opt('--json');
/** `--hash page`: hash the export in the page (builds before `GET /__salesgym/state?digest=sha256`). */
const HASH_IN_PAGE = opt('--hash') === 'page';
const ids = args.filter((a, i) => !a.startsWith('--') && !['--reps', '--json', '--hash'].includes(args[i - 1] ?? ''));
const all = loadBlueprints();
const longest = new Map<string, Blueprint>();
for (const b of all) {
	const cur = longest.get(b.platforms[0]!);
	if (!cur || oracleActions(b).length > oracleActions(cur).length) longest.set(b.platforms[0]!, b);
}
const picked = ids.length > 0 ? all.filter((b) => ids.includes(b.id)) : [...longest.values()].sort((a, b) => a.id.localeCompare(b.id));
if (picked.length === 0) throw new Error(`no blueprint among ${ids.join(', ')}`);

/** Wall time of `work`, ms, added to `phases[key]`. */
async function timed<T>(phases: Phases, key: string, work: () => Promise<T>): Promise<T> {
	const t0 = performance.now();
	try {
		return await work();
	} finally {
		phases[key] = (phases[key] ?? 0) + (performance.now() - t0);
	}
}

/** The action's kind (`click`, `fill`, …). */
const kindOf = (a: Action): string => Object.keys(a)[0]!;

/** SHA-256 of the export as the plays take it ({@link stateSha256}); `--hash page` hashes it in the page. */
const exportHash = (page: Page): Promise<string> => stateSha256(page, { inPage: HASH_IN_PAGE });

/** The golden hashes of `bp` (tests/golden/<platform>.json), when recorded. */
function goldenOf(bp: Blueprint): { initial: string; final: string } | undefined {
	const file = join(import.meta.dirname, '..', 'tests', 'golden', `${bp.platforms[0]}.json`);
	if (!existsSync(file)) return undefined;
	return (JSON.parse(readFileSync(file, 'utf8')) as Record<string, { initial: string; final: string }>)[bp.id];
}

/** One play as tests/plays/plays.spec.ts does it, timed per phase. */
async function playOnce(page: Page, bp: Blueprint, withSettle: boolean): Promise<Phases> {
	const p: Phases = {};
	const t0 = performance.now();
	const open = async (n: number): Promise<void> => {
		await timed(p, `reset.goto${n}`, () => page.goto(bp.start_path));
		await timed(p, `reset.sw_ready${n}`, () => waitForSwReady(page));
	};
	await open(1);
	await timed(p, 'reset.post_run', () => resetRun(page, bp.id, RUN_ID));
	await open(2);
	const initial = await timed(p, 'export.initial', () => exportHash(page));
	for (const action of bp.steps.flatMap((s) => s.actions)) {
		const kind = kindOf(action);
		const target = Object.values(action)[0] as Record<string, string>;
		const l = kind === 'goto' || kind === 'wait_for' ? null : locate(page, target);
		if (l) await timed(p, `${kind}.lookup`, () => l.first().waitFor({ state: 'attached', timeout: ACTION_TIMEOUT_MS }));
		await timed(p, `${kind}.act`, () => performAction(page, action));
		p[`${kind}.n`] = (p[`${kind}.n`] ?? 0) + 1;
		if (withSettle) await timed(p, `${kind}.settle`, () => settlePage(page));
	}
	const verdict = await timed(p, 'verify', () => verifyRun(page, bp, RUN_ID));
	if (!verdict.passed) throw new Error(`${bp.id}: the oracle did not pass (${JSON.stringify(verdict.assertions.filter((a) => !a.passed)).slice(0, 300)})`);
	const final = await timed(p, 'export.final', () => exportHash(page));
	p.total = performance.now() - t0;
	const golden = goldenOf(bp);
	if (golden && (golden.initial !== initial || golden.final !== final))
		process.stderr.write(`${bp.id}: export hashes differ from tests/golden (initial ${golden.initial === initial}, final ${golden.final === final})\n`);
	p.golden_mismatch = golden && (golden.initial !== initial || golden.final !== final) ? 1 : 0;
	return p;
}

/** One episode through the env (warm context from `pool`), timed per phase. */
async function envOnce(pool: ContextPool, browser: Awaited<ReturnType<typeof openBrowser>>, baseUrl: string, bp: Blueprint): Promise<Phases> {
	const p: Phases = {};
	const t0 = performance.now();
	const env = await makeEnv({ task: bp, browser, baseUrl, pool, timezoneId: TIMEZONE, runId: RUN_ID });
	try {
		const r = await env.reset();
		p[`reset.${r.info.context ?? 'fresh'}`] = r.info.ms;
		for (const action of oracleActions(bp)) {
			const s = await env.step(action);
			if (s.info.error) throw new Error(`${bp.id}: ${s.info.error}`);
			const kind = kindOf(action);
			p[`step.${kind}`] = (p[`step.${kind}`] ?? 0) + s.info.ms;
			p[`step.${kind}.n`] = (p[`step.${kind}.n`] ?? 0) + 1;
			if (s.terminated && !s.info.verify?.passed) throw new Error(`${bp.id}: the oracle did not pass in the env`);
		}
		await timed(p, 'export', () => env.exportState());
	} finally {
		await env.close();
	}
	p.total = performance.now() - t0;
	return p;
}

const median = (xs: number[]): number => {
	const s = [...xs].sort((a, b) => a - b);
	return s.length === 0 ? 0 : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Median per key over the repetitions. */
function summarize(runs: Phases[]): Phases {
	const keys = [...new Set(runs.flatMap((r) => Object.keys(r)))];
	return Object.fromEntries(keys.map((k) => [k, Math.round(median(runs.map((r) => r[k] ?? 0)))]));
}

function print(title: string, s: Phases): void {
	const keys = Object.keys(s).filter((k) => !k.endsWith('.n') && k !== 'total' && k !== 'golden_mismatch');
	process.stdout.write(`\n${title}\n`);
	for (const k of keys) {
		const n = s[`${k.split('.').slice(0, -1).join('.')}.n`] ?? s[`${k}.n`];
		process.stdout.write(`  ${k.padEnd(22)} ${String(s[k]).padStart(7)} ms${n ? `   (${n} actions, ${Math.round(s[k]! / n)} ms each)` : ''}\n`);
	}
	process.stdout.write(`  ${'total'.padEnd(22)} ${String(s.total).padStart(7)} ms\n`);
}

const server = await startServer({ root: join(import.meta.dirname, '..', 'build'), port: 0 });
const browser = await openBrowser();
const load0 = loadavg()[0]!;
const cpu0 = { chromium: chromiumCpuSeconds(), node: process.cpuUsage(), at: performance.now() };
// Each process's latest reading, read once a second: a renderer that exits (a closed context's) keeps its last one.
const cpuSeen = new Map(cpu0.chromium);
const cpuTick = setInterval(() => chromiumCpuSeconds().forEach((v, pid) => cpuSeen.set(pid, v)), 1000);
let cpu: { wall_s: number; node_s: number; by_role: Record<string, number> } | null = null;
const out: Record<string, { play: Phases; play_settled: Phases; env: Phases; actions: number }> = {};
try {
	const context = await browser.newContext({ baseURL: server.url, timezoneId: TIMEZONE });
	const page = await context.newPage();
	const pool = new ContextPool(1);
	for (const bp of picked) {
		const plays: Phases[] = [];
		const settled: Phases[] = [];
		const envs: Phases[] = [];
		for (let i = 0; i < reps; i++) {
			const a = await playOnce(page, bp, false);
			const b = await playOnce(page, bp, true);
			const c = await envOnce(pool, browser, server.url, bp);
			if (i === 0 && reps > 1) continue; // warm-up
			plays.push(a);
			settled.push(b);
			envs.push(c);
		}
		out[bp.id] = { play: summarize(plays), play_settled: summarize(settled), env: summarize(envs), actions: oracleActions(bp).length - 1 };
		const o = out[bp.id]!;
		print(`${bp.id} (${o.actions} actions), play as tests/plays do, median of ${plays.length}:`, o.play);
		print(`${bp.id}, the same with a settle wait after each action:`, o.play_settled);
		print(`${bp.id}, env episode (warm context, observation per step):`, o.env);
	}
	await pool.close();
	await context.close();
	clearInterval(cpuTick);
	chromiumCpuSeconds().forEach((v, pid) => cpuSeen.set(pid, v));
	const node = process.cpuUsage(cpu0.node);
	const round = (x: number) => Math.round(x * 10) / 10;
	cpu = {
		wall_s: round((performance.now() - cpu0.at) / 1000),
		node_s: round((node.user + node.system) / 1e6),
		by_role: Object.fromEntries([...cpuByRole(cpu0.chromium, cpuSeen)].map(([role, s]) => [role, round(s)]))
	};
} finally {
	clearInterval(cpuTick);
	await browser.close();
	await server.close();
}
const load1 = loadavg()[0]!;
process.stdout.write(`\nload average (1 min): ${load0.toFixed(2)} at start, ${load1.toFixed(2)} at end\n`);
if (cpu) {
	const roles = Object.entries(cpu.by_role).map(([role, s]) => `${role} ${s}`);
	process.stdout.write(
		`CPU over the plays, s (wall ${cpu.wall_s} s): ${[...roles, `node (this process: Playwright's client and the server) ${cpu.node_s}`].join(', ')}\n`
	);
}
if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify({ load: [load0, load1], reps, cpu, blueprints: out }, null, 2)}\n`);
