#!/usr/bin/env node
// `npm test`: runs the test stages in order, each as a child process with inherited stdio, and prints a table of
// every stage's wall time at the end. Stops at the first failing stage (exit code 1, or the stage's own code),
// and still prints the times of the stages that ran, with the failing one marked.
//
//   node harness/test-stages.js                    every stage
//   node harness/test-stages.js --list             the stages and their commands, nothing run
//   node harness/test-stages.js unit e2e:hubspot   only the named stages, in the standard order
//
// The Playwright stages are one per project group of playwright.config.ts: `e2e:core`, one `e2e:<platform>` per
// platform with blueprints (the first platform of each blueprints/**/*.json), `e2e:harness`, `e2e:episodes`,
// `e2e:slow` (nginx, Dockerfile build, bench smoke, runner isolation and calibration). Each starts its own server.
// Plain Node, no dependencies: it must run before anything else is checked.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
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
			// invalid JSON: harness/blueprints.spec.ts names the file
		}
	}
	return [...out].sort();
}

/** @type {[name: string, command: string][]} */
const STAGES = [
	['browser', 'node harness/ensure-browser.js'],
	['check', 'npm run check'],
	['lint', 'npm run lint'],
	['unit', 'npm run unit'],
	['build', 'npm run build'],
	['e2e:core', 'npx playwright test --project core'],
	...playPlatforms().map((p) => [`e2e:${p}`, `npx playwright test --project ${p}`]),
	['e2e:harness', 'npx playwright test --project harness'],
	['e2e:episodes', 'npx playwright test --project episodes'],
	['e2e:slow', 'npx playwright test --project slow']
];

const args = process.argv.slice(2);
if (args.includes('--list')) {
	for (const [name, cmd] of STAGES) process.stdout.write(`${name.padEnd(14)} ${cmd}\n`);
	process.exit(0);
}
const unknown = args.filter((a) => !STAGES.some(([n]) => n === a));
if (unknown.length) {
	process.stderr.write(`test-stages: unknown stage(s) ${unknown.join(', ')}; stages: ${STAGES.map(([n]) => n).join(', ')}\n`);
	process.exit(2);
}
const selected = args.length ? STAGES.filter(([n]) => args.includes(n)) : STAGES;

/** @param {number} ms */
const fmt = (ms) =>
	ms >= 60_000 ? `${Math.floor(ms / 60_000)} min ${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')} s` : `${(ms / 1000).toFixed(1)} s`;

/** @type {{name: string, ms: number, status: string}[]} */
const rows = [];
let exitCode = 0;
const t0 = performance.now();
for (const [name, cmd] of selected) {
	process.stdout.write(`\n=== stage ${name}: ${cmd}\n`);
	const start = performance.now();
	const r = spawnSync(cmd, { shell: true, stdio: 'inherit' });
	const ms = performance.now() - start;
	const code = r.status ?? 1;
	rows.push({ name, ms, status: code === 0 ? 'ok' : r.signal ? `FAILED (${r.signal})` : `FAILED (exit ${code})` });
	if (code !== 0) {
		exitCode = code;
		break;
	}
}
const total = performance.now() - t0;
const skipped = selected.slice(rows.length).map(([n]) => n);
const width = Math.max(5, ...rows.map((r) => r.name.length));
const lines = ['', `${'stage'.padEnd(width)}  ${'wall'.padStart(12)}  status`, `${'-'.repeat(width)}  ${'-'.repeat(12)}  ------`];
for (const r of rows) lines.push(`${r.name.padEnd(width)}  ${fmt(r.ms).padStart(12)}  ${r.status}`);
lines.push(`${'total'.padEnd(width)}  ${fmt(total).padStart(12)}  ${exitCode === 0 ? 'ok' : 'FAILED'}`);
if (skipped.length) lines.push(`not run after the failure: ${skipped.join(', ')}`);
process.stdout.write(`${lines.join('\n')}\n`);
process.exit(exitCode);
