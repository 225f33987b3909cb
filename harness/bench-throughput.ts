/**
 * Throughput and memory on a subset of the blueprints, for a quick measurement on a loaded machine (the full
 * `salesgym bench --only episodes_per_min_w1,…` plays every blueprint at each worker count: 45 × 3 episodes):
 * `npx tsx --tsconfig harness/tsconfig.json harness/bench-throughput.ts [--json FILE] [--metrics a,b] [task-id …]` (default: the last
 * blueprint in id order of each platform) measures `episodes_per_min_w1|w2|w4`, `context_memory_mb`, `memory_mb_w2|w4` and
 * `context_recycles` exactly as the bench does (harness/bench-harness.ts: oracle episodes, one warm context per
 * worker, ≥ 8 episodes per worker count), prints the bench's table (with the load average at each run's start and
 * end) and merges the figures into FILE like `salesgym bench --json`. `--metrics` measures only those (e.g.
 * `episodes_per_min_w1,episodes_per_min_w2`).
 */
import { join } from 'node:path';
import { loadBlueprints } from './blueprints';
import { formatReport, mergeMetricsFile, toReport, type MetricName } from './bench';
import { benchHarness } from './bench-harness';
import { openBrowser } from './env';
import { startServer } from './server';

const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const json = jsonAt >= 0 ? args[jsonAt + 1] : undefined;
const metricsAt = args.indexOf('--metrics');
const ALL_METRICS: MetricName[] = [
	'episodes_per_min_w1',
	'episodes_per_min_w2',
	'episodes_per_min_w4',
	'context_memory_mb',
	'memory_mb_w2',
	'memory_mb_w4',
	'context_recycles'
];
const metrics = metricsAt >= 0 ? (args[metricsAt + 1] ?? '').split(',').filter((m): m is MetricName => (ALL_METRICS as string[]).includes(m)) : ALL_METRICS;
if (metrics.length === 0) throw new Error(`--metrics takes a comma-separated list of ${ALL_METRICS.join(', ')}`);
const ids = args.filter((a, i) => !a.startsWith('--') && (jsonAt < 0 || i !== jsonAt + 1) && (metricsAt < 0 || i !== metricsAt + 1));
const all = loadBlueprints();
const picked = ids.length > 0 ? all.filter((b) => ids.includes(b.id)) : [...new Map(all.map((b) => [b.platforms[0], b])).values()];
if (picked.length === 0) throw new Error(`no blueprint among ${ids.join(', ')}`);
process.stderr.write(`tasks: ${picked.map((b) => b.id).join(', ')}\n`);
const server = await startServer({ root: join(import.meta.dirname, '..', 'build'), port: 0 });
const browser = await openBrowser();
try {
	const r = await benchHarness({
		browser,
		baseUrl: server.url,
		blueprints: picked,
		metrics,
		samples: 0,
		onStart: (m) => process.stderr.write(`bench: ${m}…\n`)
	});
	const report = toReport(r.samples, r.values);
	process.stdout.write(formatReport(report));
	if (json !== undefined) await mergeMetricsFile(json, report);
} finally {
	await browser.close();
	await server.close();
}
