/**
 * Measures what observations cost: `npx tsx harness/bench-observe.ts [task …]` runs the oracle on each task
 * (default two HubSpot tasks) with axtree only, + screenshot, + screenshot and marks, and prints per config the
 * mean env step time (ms, the step plus its observation), the mean screenshot size (bytes), and the dataset
 * bytes per episode that `salesgym export` writes (jsonl layout, screenshots included).
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { oracle } from './agents';
import { loadBlueprints } from './blueprints';
import { exportDataset } from './dataset';
import { openBrowser } from './env';
import { reopeningBrowser, runEpisodes, type RunOptions } from './runner';
import { startServer } from './server';

const ids = process.argv.slice(2);
const tasks = loadBlueprints().filter((b) => (ids.length ? ids.includes(b.id) : ['hubspot/update-lead-status-v1', 'hubspot/qualify-mql-v1'].includes(b.id)));
const configs: [string, NonNullable<RunOptions['env']>][] = [
	['axtree', {}],
	['axtree+screenshot', { screenshot: true }],
	['axtree+screenshot+marks', { screenshot: true, marks: true }]
];
const server = await startServer({ root: join(import.meta.dirname, '..', 'build'), port: 0 });
const browsers = reopeningBrowser(() => openBrowser());
process.stdout.write('config                      steps  step_ms_mean  png_bytes_mean  dataset_bytes_per_episode\n');
for (const [name, env] of configs) {
	const dir = mkdtempSync(join(tmpdir(), 'salesgym-bench-obs-'));
	await runEpisodes({ agent: oracle, blueprints: tasks, baseUrl: server.url, browsers, outDir: dir, env, retries: 0 });
	const ms: number[] = [];
	for (const f of readdirSync(dir).filter((n) => n.endsWith('.jsonl')))
		for (const l of readFileSync(join(dir, f), 'utf8')
			.trim()
			.split('\n')
			.map((x) => JSON.parse(x) as { type: string; ms: number }))
			if (l.type === 'step') ms.push(l.ms);
	const pngs = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.png'));
	const png = pngs.reduce((s, e) => s + statSync(join(e.parentPath, e.name)).size, 0);
	const out = mkdtempSync(join(tmpdir(), 'salesgym-bench-ds-'));
	const r = exportDataset({ inputs: [dir], out, format: 'jsonl' });
	const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
	process.stdout.write(
		`${name.padEnd(26)}  ${String(ms.length).padStart(5)}  ${mean(ms).toFixed(0).padStart(12)}  ${(pngs.length ? png / pngs.length : 0).toFixed(0).padStart(14)}  ${(r.bytes / r.episodes).toFixed(0).padStart(25)}\n`
	);
}
await browsers.close();
await server.close();
