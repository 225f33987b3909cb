#!/usr/bin/env node
// `npm test`: runs the test stages in order, each as a child process, and prints a table of every stage's wall time
// at the end. Stages run with inherited stdio, but for `check` and `lint`, which run at the same time (their output
// is held, then printed whole when both end; their rows' times overlap). Stops after the first failing stage or pair
// (exit code 1, or the failing stage's own code), and still prints the times of the stages that ran, with the
// failing one marked.
//
//   node harness/test-stages.js                    every stage
//   node harness/test-stages.js --list             the stages and their commands, nothing run
//   node harness/test-stages.js unit e2e:hubspot   only the named stages, in the standard order
//
// The browser tests run in two Playwright invocations: `e2e`, every project of playwright.config.ts but `slow` at
// once (`core`, one per platform with blueprints (the first platform of each blueprints/**/*.json), `harness`,
// `episodes`), so that they share one server start and the two workers stay busy until the end instead of idling
// at each project's last file; then `e2e:slow` (nginx, Dockerfile build, bench smoke, runner isolation and
// calibration). The table gives one row per project under `e2e`, from tests/tools/project-times-reporter.ts
// (test-results/project-times.json): its span (first test start to last end; projects overlap), failures, tests
// and test time. Each project can still run alone by name, `e2e:<project>` (e.g. `e2e:hubspot`), as its own stage.
// Plain Node, no dependencies: it must run before anything else is checked.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Platforms with blueprints (first platform of each blueprint), sorted; unreadable files are left to the unit stage. */
function playPlatforms() {
	const out = new Set();
	for (const e of readdirSync('blueprints', { recursive: true, withFileTypes: true })) {
		if (!e.isFile() || !e.name.endsWith('.json')) continue;
		try {
			const platform = JSON.parse(readFileSync(join(e.parentPath, e.name), 'utf8')).platforms?.[0];
			if (typeof platform === 'string') out.add(platform);
		} catch {
			// invalid JSON: the unit stage (harness/shipped-blueprints.ts) names the file
		}
	}
	return [...out].sort();
}

/** The Playwright projects of the `e2e` stage, in config order (every one but `slow`). */
const E2E_PROJECTS = ['core', ...playPlatforms(), 'harness', 'episodes'];

/** @type {[name: string, command: string][]} */
const STAGES = [
	['browser', 'node harness/ensure-browser.js'],
	['check', 'npm run check'],
	['lint', 'npm run lint'],
	['unit', 'npm run unit'],
	['build', 'npm run build'],
	['e2e', `npx playwright test ${E2E_PROJECTS.map((p) => `--project ${p}`).join(' ')}`],
	['e2e:slow', 'npx playwright test --project slow']
];
/** Stages run only when named: one project of `e2e` alone. @type {[name: string, command: string][]} */
const BY_NAME = E2E_PROJECTS.map((p) => [`e2e:${p}`, `npx playwright test --project ${p}`]);
/**
 * Stages that run at the same time when both are selected: `check` (svelte-check and tsc) and `lint` (ESLint and
 * Prettier) are mostly single-threaded (on 2 idle cores: 107 s together, against 45 + 76 s one after the other).
 * Their output is held and printed whole, one stage after the other, when both have ended; a failure of one does not
 * stop the other, and the run's exit code is the first failing one's in this order.
 */
const CONCURRENT = [['check', 'lint']];
/**
 * Run before a batch holding `lint`: ESLint's type-aware rules read the tsconfig that `svelte-kit sync` generates
 * (.svelte-kit/), absent from a clean clone. `check` syncs again as it starts, which rewrites no file that is unchanged
 * (SvelteKit writes its generated files only when they differ), so ESLint never reads one being written.
 */
const BEFORE_LINT = 'npx svelte-kit sync';
/** Every stage in the standard order (`e2e:<project>` right before `e2e`). */
const ALL = [...STAGES.slice(0, 5), ...BY_NAME, ...STAGES.slice(5)];

const args = process.argv.slice(2);
if (args.includes('--list')) {
	for (const [name, cmd] of ALL) process.stdout.write(`${name.padEnd(14)} ${cmd}${BY_NAME.some(([n]) => n === name) ? '   (only when named)' : ''}\n`);
	process.exit(0);
}
const unknown = args.filter((a) => !ALL.some(([n]) => n === a));
if (unknown.length) {
	process.stderr.write(`test-stages: unknown stage(s) ${unknown.join(', ')}; stages: ${ALL.map(([n]) => n).join(', ')}\n`);
	process.exit(2);
}
const selected = args.length ? ALL.filter(([n]) => args.includes(n)) : STAGES;

/** Per-project rows of the Playwright run that just ended (tests/tools/project-times-reporter.ts), or []. */
function projectRows() {
	const file = process.env.SALESGYM_PROJECT_TIMES ?? join('test-results', 'project-times.json');
	if (!existsSync(file)) return [];
	try {
		return JSON.parse(readFileSync(file, 'utf8')).projects ?? [];
	} catch {
		return [];
	}
}

/** @param {number} ms */
const fmt = (ms) =>
	ms >= 60_000 ? `${Math.floor(ms / 60_000)} min ${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')} s` : `${(ms / 1000).toFixed(1)} s`;

/** @type {{name: string, ms: number, status: string, projects?: {project: string, tests: number, failed: number, flaky: number, test_ms: number, span_ms: number}[]}[]} */
const rows = [];
let exitCode = 0;
const t0 = performance.now();

/**
 * Runs one stage's command in a shell: with inherited stdio, or with `hold`, its stdout and stderr kept (interleaved
 * as they came) and returned. Resolves when it exits, never rejects.
 * @param {string} cmd
 * @param {boolean} hold
 * @returns {Promise<{ms: number, code: number, signal: string | null, output: string}>}
 */
function runStage(cmd, hold) {
	const start = performance.now();
	return new Promise((done) => {
		const child = spawn(cmd, { shell: true, stdio: hold ? ['inherit', 'pipe', 'pipe'] : 'inherit' });
		/** @type {Buffer[]} */
		const out = [];
		child.stdout?.on('data', (b) => out.push(b));
		child.stderr?.on('data', (b) => out.push(b));
		child.on('error', (e) => out.push(Buffer.from(`${e.message}\n`)));
		child.on('close', (code, signal) => done({ ms: performance.now() - start, code: code ?? 1, signal, output: Buffer.concat(out).toString() }));
	});
}

/** The selected stages in batches: a {@link CONCURRENT} group whose stages are all selected is one batch, the rest one each. */
const batches = [];
for (const stage of selected) {
	const group = CONCURRENT.find((g) => g.includes(stage[0]) && g.every((n) => selected.some(([s]) => s === n)));
	const last = batches.at(-1);
	if (group && last && group.includes(last[0][0])) last.push(stage);
	else batches.push([stage]);
}

for (const batch of batches) {
	const hold = batch.length > 1;
	if (hold) process.stdout.write(`\n=== stages ${batch.map(([n]) => n).join(' and ')} at once (their output follows when both end)\n`);
	else process.stdout.write(`\n=== stage ${batch[0][0]}: ${batch[0][1]}\n`);
	if (batch.some(([n]) => n === 'lint')) {
		process.stdout.write(`${BEFORE_LINT}\n`);
		const sync = await runStage(BEFORE_LINT, false);
		if (sync.code !== 0 || sync.signal) {
			rows.push({ name: batch[0][0], ms: sync.ms, status: `FAILED (${BEFORE_LINT}: ${sync.signal ?? `exit ${sync.code}`})` });
			exitCode = sync.code || 1;
			break;
		}
	}
	const results = await Promise.all(batch.map(([, cmd]) => runStage(cmd, hold)));
	for (const [i, [name, cmd]] of batch.entries()) {
		const r = results[i];
		if (hold) process.stdout.write(`\n=== stage ${name}: ${cmd}\n${r.output}`);
		const projects = name === 'e2e' ? projectRows() : undefined;
		const status = r.code === 0 && !r.signal ? 'ok' : r.signal ? `FAILED (${r.signal})` : `FAILED (exit ${r.code})`;
		rows.push({
			name,
			ms: r.ms,
			status: hold
				? `${status} (at the same time as ${batch
						.filter(([n]) => n !== name)
						.map(([n]) => n)
						.join(', ')})`
				: status,
			projects
		});
		if ((r.code !== 0 || r.signal) && exitCode === 0) exitCode = r.code || 1;
	}
	if (exitCode !== 0) break;
}
const total = performance.now() - t0;
const skipped = selected.filter(([n]) => !rows.some((r) => r.name === n)).map(([n]) => n);
const width = Math.max(5, ...rows.map((r) => r.name.length));
const lines = ['', `${'stage'.padEnd(width)}  ${'wall'.padStart(12)}  status`, `${'-'.repeat(width)}  ${'-'.repeat(12)}  ------`];
for (const r of rows) {
	lines.push(`${r.name.padEnd(width)}  ${fmt(r.ms).padStart(12)}  ${r.status}`);
	// Under `e2e`: each project's span (first test start to last end; projects overlap), tests and test-seconds.
	for (const p of r.projects ?? [])
		lines.push(
			`  ${p.project.padEnd(width - 2)}  ${fmt(p.span_ms).padStart(12)}  ${p.failed ? `FAILED (${p.failed} of ${p.tests})` : 'ok'}, ${p.tests} tests${p.flaky ? ` (${p.flaky} flaky)` : ''}, ${fmt(p.test_ms)} of test time`
		);
}
lines.push(`${'total'.padEnd(width)}  ${fmt(total).padStart(12)}  ${exitCode === 0 ? 'ok' : 'FAILED'}`);
if (skipped.length) lines.push(`not run after the failure: ${skipped.join(', ')}`);
process.stdout.write(`${lines.join('\n')}\n`);
process.exit(exitCode);
