import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { benchJq, expectedC7, formatReport, mergeMetricsFile, syntheticState, toReport } from './bench';

describe('syntheticState', () => {
	it('has the requested rows with 7 properties each, in id order', () => {
		const state = JSON.parse(syntheticState(25)) as { hubspot: { contacts: { id: string; properties: Record<string, string> }[] } };
		expect(state.hubspot.contacts).toHaveLength(25);
		expect(state.hubspot.contacts.map((c) => Object.keys(c.properties).length)).toEqual(Array(25).fill(7));
		expect(state.hubspot.contacts[0]?.id).toBe('1');
		expect(state.hubspot.contacts.filter((c) => c.properties.company === 'C7')).toHaveLength(expectedC7(25));
	});

	it('expectedC7 counts company C7 rows', () => {
		expect([0, 7, 8, 17, 18, 1000].map(expectedC7)).toEqual([0, 0, 1, 1, 2, 100]);
	});
});

describe('benchJq', () => {
	it('returns one duration per sample after warm-up, and checks the output', () => {
		const engine = { run: () => '100\n' };
		expect(benchJq(engine, 1000, 3)).toHaveLength(3);
		expect(() => benchJq({ run: () => '7\n' }, 1000, 3)).toThrow(/jq printed "7\\n" for 1000 rows, expected 100/);
	});
});

describe('report', () => {
	let dir: string;
	beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'salesgym-bench-'))));
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	it('summarizes samples in metric order and prints aligned lines', () => {
		const report = toReport({ jq_1k: [1, 2, 3], reset: [10, 20] });
		expect(Object.keys(report)).toEqual(['reset', 'jq_1k']);
		expect(formatReport(report)).toBe(['metric    p50    p95  n  unit', 'reset   15.00  19.50  2  ms', 'jq_1k    2.00   2.90  3  ms', ''].join('\n'));
	});

	it('value metrics (episodes/min, MB) print their value and keep their unit', () => {
		const report = toReport(
			{ reset_to_observation: [1000, 2000] },
			{ episodes_per_min_w2: { value: 15.12, n: 8, unit: 'episodes/min' }, context_memory_mb: { value: 341.5, n: 40, unit: 'MB' } }
		);
		expect(Object.keys(report)).toEqual(['episodes_per_min_w2', 'context_memory_mb', 'reset_to_observation']);
		expect(report.context_memory_mb).toEqual({ value: 341.5, n: 40, unit: 'MB' });
		expect(formatReport(report).split('\n')[1]).toBe('episodes_per_min_w2     15.12            8  episodes/min');
		const loaded = toReport({}, { episodes_per_min_w4: { value: 20, n: 8, unit: 'episodes/min', load: [3.25, 4] } });
		expect(formatReport(loaded).split('\n').slice(0, 2)).toEqual([
			'metric                 p50  p95  n  unit          load',
			'episodes_per_min_w4  20.00       8  episodes/min  3.3→4.0'
		]);
	});

	it('descendantsPssKb sums the memory of child processes (Linux)', async () => {
		const { spawn } = await import('node:child_process');
		const { descendantsPssKb } = await import('./pss');
		const before = descendantsPssKb();
		if (before === null) return; // not Linux: the metric is skipped there
		const child = spawn('node', ['-e', 'setTimeout(() => {}, 5000)']);
		await new Promise((ok) => setTimeout(ok, 300));
		try {
			expect(descendantsPssKb()!).toBeGreaterThan(before + 1000);
		} finally {
			child.kill();
		}
	});

	it('the peak sampler sees a child that lived only while this thread was busy (it samples from a worker thread)', async () => {
		const { spawn } = await import('node:child_process');
		const { descendantsPssKb, startPssSampler } = await import('./pss');
		const before = descendantsPssKb();
		if (before === null) return; // not Linux
		const sampler = startPssSampler(100);
		await new Promise((ok) => setTimeout(ok, 500)); // the thread starts (tsx) and samples
		// A child holding ~60 MB for 1 s, while this thread is busy for 2 s: a sampler on this thread could not see it.
		const child = spawn('node', ['-e', 'const b = Buffer.alloc(60e6, 1); setTimeout(() => b.length, 1000)']);
		const exited = new Promise((ok) => child.once('exit', ok));
		for (const t = Date.now(); Date.now() - t < 2_000;);
		await exited;
		const { peakKb, n } = await sampler.stop();
		expect(n).toBeGreaterThan(3);
		expect(peakKb!).toBeGreaterThan(before + 40_000);
		expect(descendantsPssKb()!).toBeLessThan(peakKb! - 40_000);
	});

	it('merges into an existing file, keeping other metrics', async () => {
		const file = join(dir, 'bench.json');
		writeFileSync(file, JSON.stringify({ other_metric: { p50: 1, p95: 2, n: 3, unit: 'ms' }, reset: { p50: 0, p95: 0, n: 1, unit: 'ms' } }));
		await mergeMetricsFile(file, toReport({ reset: [5, 5] }));
		expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
			other_metric: { p50: 1, p95: 2, n: 3, unit: 'ms' },
			reset: { p50: 5, p95: 5, n: 2, unit: 'ms' }
		});
	});

	it('creates a missing file and refuses to overwrite a non-object', async () => {
		const file = join(dir, 'new.json');
		await mergeMetricsFile(file, toReport({ verify: [1] }));
		expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ verify: { p50: 1, p95: 1, n: 1, unit: 'ms' } });
		writeFileSync(file, '[1]');
		await expect(mergeMetricsFile(file, {})).rejects.toThrow(/does not hold a JSON object/);
	});
});
