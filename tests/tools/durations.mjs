#!/usr/bin/env node
// Per-test durations from a Playwright JSON report, grouped by project and spec file, and the per-blueprint
// cost with its projection to N blueprints.
//
//   PLAYWRIGHT_JSON_OUTPUT_NAME=report.json npx playwright test … --reporter=json
//   node tests/tools/durations.mjs report.json [--blueprints 120] [--workers 2]
//
// Prints one row per (project, file): tests, sum of durations (s), mean, median, max; then the run's wall time
// (the report's stats.duration) and the ratio sum/wall (the parallelism the workers achieved). Then, per row,
// the tests titled by a blueprint id (`platform/name-vN: …`: conformance, episodes, plays): the mean per
// blueprint and the projection for N blueprints, N × mean / workers (ideal split) and N × mean / (sum/wall)
// (the measured parallelism). Durations are the last attempt's; skipped tests are left out.
// Plain Node, no dependencies.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
	allowPositionals: true,
	options: { blueprints: { type: 'string', default: '120' }, workers: { type: 'string', default: '2' } }
});
if (positionals.length !== 1) {
	process.stderr.write('usage: node tests/tools/durations.mjs report.json [--blueprints 120] [--workers 2]\n');
	process.exit(2);
}
const report = JSON.parse(readFileSync(positionals[0], 'utf8'));
const N = Number(values.blueprints);
const WALL = Number(report.stats?.duration ?? 0);
const W = Number(values.workers);

/** Title of a test that stands for one blueprint. */
const BP_TITLE = /^[a-z]+\/[a-z0-9-]+-v\d+[:\s]/;
/** @type {Map<string, {project: string, file: string, ms: number[], titles: string[], bp?: number[]}>} */
const groups = new Map();
/** @param {any} suite @param {string} file */
function walk(suite, file) {
	const f = suite.file ?? file;
	for (const spec of suite.specs ?? []) {
		for (const t of spec.tests ?? []) {
			const last = t.results?.at(-1);
			if (!last || last.status === 'skipped') continue;
			const key = `${t.projectName}\u0000${f}`;
			const g = groups.get(key) ?? { project: t.projectName, file: f, ms: [], titles: [] };
			g.ms.push(last.duration);
			g.titles.push(spec.title);
			g.bp ??= [];
			if (BP_TITLE.test(spec.title)) g.bp.push(last.duration);
			groups.set(key, g);
		}
	}
	for (const s of suite.suites ?? []) walk(s, f);
}
for (const s of report.suites ?? []) walk(s, s.file);

const sec = (ms) => (ms / 1000).toFixed(1);
const median = (xs) => {
	const s = [...xs].sort((a, b) => a - b);
	return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const rows = [...groups.values()].sort((a, b) => (a.project + a.file < b.project + b.file ? -1 : 1));
const out = ['project   file                                   tests   sum s  mean s  median s  max s'];
for (const g of rows) {
	const sum = g.ms.reduce((a, b) => a + b, 0);
	out.push(
		`${g.project.padEnd(9)} ${g.file.padEnd(38)} ${String(g.ms.length).padStart(5)} ${sec(sum).padStart(7)} ${sec(sum / g.ms.length).padStart(7)} ${sec(median(g.ms)).padStart(9)} ${sec(Math.max(...g.ms)).padStart(6)}`
	);
}
const total = rows.reduce((a, g) => a + g.ms.reduce((x, y) => x + y, 0), 0);
const ratio = WALL > 0 ? total / WALL : W;
out.push(
	`all: ${rows.reduce((a, g) => a + g.ms.length, 0)} tests, sum ${sec(total)} s` + (WALL > 0 ? `, wall ${sec(WALL)} s (sum/wall ${ratio.toFixed(2)})` : '')
);

const perBp = rows.filter((g) => g.bp && g.bp.length > 0);
if (perBp.length) {
	out.push('', `per blueprint (tests titled by a blueprint id), projected to ${N} blueprints:`);
	let mean = 0;
	for (const g of perBp) {
		const m = g.bp.reduce((a, b) => a + b, 0) / g.bp.length;
		mean += m;
		out.push(`  ${g.project} ${g.file}: ${g.bp.length} blueprints, ${sec(m)} s each → ${N} × ${sec(m)} s = ${((N * m) / 60_000).toFixed(1)} min of test time`);
	}
	out.push(
		`  together: ${sec(mean)} s per blueprint → ${((N * mean) / 60_000).toFixed(1)} min of test time; wall ${((N * mean) / W / 60_000).toFixed(1)} min on ${W} ideal workers, ${((N * mean) / ratio / 60_000).toFixed(1)} min at the measured sum/wall ${ratio.toFixed(2)}`
	);
}
process.stdout.write(`${out.join('\n')}\n`);
