/**
 * Harness benchmarks (`salesgym bench --only episodes_per_min_w1,…`):
 * - `episodes_per_min_w1` / `_w2` / `_w4`: oracle episodes per minute (wall clock) over every blueprint,
 *   {@link EPISODES_PER_RUN} episodes at least, with 1, 2 and 4 contexts at once (warm: each context reused from
 *   episode to episode and checked, harness/warm.ts);
 * - `context_memory_mb`: peak memory of one browser context during the 1-worker run: the PSS (proportional set
 *   size, so shared pages are not double-counted) of the browser's processes above their idle level, MB;
 *   `memory_mb_w2` / `memory_mb_w4`: the same during the 2- and 4-worker runs (all their contexts);
 * - `context_recycles`: contexts recycled over those runs (a reset check that differed, or a crash): 0 when reuse is sound;
 * - each throughput and memory figure carries `load`: the 1-minute load average at its start and end;
 * - `reset_to_observation`: `env.reset()` of a warm context (reset in place, reset check, start page) until the
 *   first observation is returned, ms (p50/p95); `reset_to_observation_fresh`: the same with a new context each
 *   time (first load, SW install, full seed load).
 */
import { loadavg } from 'node:os';
import type { Browser } from '@playwright/test';
import type { Blueprint } from '../blueprints/schema';
import { oracle } from './agents';
import { WARMUP, type MetricName, type ValueSummary } from './bench';
import { makeEnv } from './env';
import { descendantsPssKb, PSS_SAMPLE_MS, startPssSampler } from './pss';
import { runEpisodes } from './runner';

/** Episodes per throughput measurement (tasks × attempts, at least this many). */
export const EPISODES_PER_RUN = 8;
/** Most `reset_to_observation` samples taken (each opens a context: ~1 s). */
export const MAX_RESET_SAMPLES = 20;
/** Most `reset_to_observation_fresh` samples taken (each one a new profile: seconds). */
export const MAX_FRESH_RESET_SAMPLES = 5;

/** Options of {@link benchHarness}. */
export interface HarnessBenchOptions {
	browser: Browser;
	baseUrl: string;
	/** Tasks the oracle plays (all of them, in turn). */
	blueprints: readonly Blueprint[];
	/** Which harness metrics to measure. */
	metrics: readonly MetricName[];
	/** Samples of `reset_to_observation` (capped at {@link MAX_RESET_SAMPLES}). */
	samples: number;
	/** Progress callback. */
	onStart?: (metric: MetricName) => void;
}

/**
 * Measures the harness metrics.
 * @returns `samples` (ms) for `reset_to_observation` and `values` for the others.
 * @throws Error when an oracle episode fails or hits an infrastructure error (a broken run must not look fast).
 */
export async function benchHarness(
	o: HarnessBenchOptions
): Promise<{ samples: Partial<Record<MetricName, number[]>>; values: Partial<Record<MetricName, ValueSummary>> }> {
	const samples: Partial<Record<MetricName, number[]>> = {};
	const values: Partial<Record<MetricName, ValueSummary>> = {};
	const want = (m: MetricName) => o.metrics.includes(m);
	const k = Math.ceil(EPISODES_PER_RUN / Math.max(1, o.blueprints.length));
	let recycles = 0;
	const throughput = async (workers: number): Promise<ValueSummary> => {
		const r = await runEpisodes({ agent: oracle, blueprints: o.blueprints, k, workers, baseUrl: o.baseUrl, browsers: { get: async () => o.browser } });
		recycles += r.contexts.recycled;
		const bad = r.episodes.filter((e) => e.status !== 'ok' || !e.passed);
		if (bad.length > 0)
			throw new Error(
				`bench: ${bad.length} oracle episode(s) failed: ${bad.map((e) => `${e.task_id}#${e.attempt} ${e.status} ${e.infra_errors.join('; ')}`).join(', ')}`
			);
		return { value: Math.round((r.totals.scored / (r.ms / 60_000)) * 100) / 100, n: r.totals.scored, unit: 'episodes/min' };
	};
	/** A throughput run with `workers` contexts, and the peak PSS above idle meanwhile. */
	const measured = async (workers: number): Promise<{ rate: ValueSummary; memory: ValueSummary | null }> => {
		const load0 = loadavg()[0]!;
		const idle = descendantsPssKb();
		// In a worker thread, once a second: sweeping /proc on this thread stalled the episodes it measured (harness/pss.ts).
		const sampler = startPssSampler(PSS_SAMPLE_MS);
		let rate: ValueSummary;
		let peak: { peakKb: number | null; n: number };
		try {
			rate = await throughput(workers);
		} finally {
			peak = await sampler.stop();
		}
		const { peakKb, n } = peak;
		const load: [number, number] = [Math.round(load0 * 100) / 100, Math.round(loadavg()[0]! * 100) / 100];
		return {
			rate: { ...rate, load },
			memory: idle === null || peakKb === null ? null : { value: Math.round(((Math.max(peakKb, idle) - idle) / 1024) * 100) / 100, n, unit: 'MB', load }
		};
	};
	const runs: [MetricName, MetricName, number][] = [
		['episodes_per_min_w1', 'context_memory_mb', 1],
		['episodes_per_min_w2', 'memory_mb_w2', 2],
		['episodes_per_min_w4', 'memory_mb_w4', 4]
	];
	for (const [rate, memory, workers] of runs) {
		if (!want(rate) && !want(memory)) continue;
		o.onStart?.(rate);
		const r = await measured(workers);
		if (want(rate)) values[rate] = r.rate;
		if (want(memory) && r.memory) values[memory] = r.memory;
	}
	if (want('context_recycles')) {
		if (!runs.some(([rate, memory]) => want(rate) || want(memory))) {
			o.onStart?.('episodes_per_min_w1');
			await throughput(1);
		}
		values.context_recycles = { value: recycles, n: 1, unit: 'contexts' };
	}
	for (const metric of ['reset_to_observation', 'reset_to_observation_fresh'] as const) {
		if (!want(metric)) continue;
		o.onStart?.(metric);
		const task = o.blueprints[0];
		if (!task) throw new Error(`${metric} needs a blueprint`);
		const env = await makeEnv({ task, browser: o.browser, baseUrl: o.baseUrl, freshContext: metric === 'reset_to_observation_fresh' });
		const xs: number[] = [];
		try {
			const total = Math.min(o.samples, metric === 'reset_to_observation' ? MAX_RESET_SAMPLES : MAX_FRESH_RESET_SAMPLES) + WARMUP;
			for (let i = 0; i < total; i++) {
				const t = performance.now();
				const r = await env.reset();
				const dt = performance.now() - t;
				if (!r.observation.axtree.includes('[id=e')) throw new Error(`${metric}: the observation has no element ids`);
				if (r.info.recycled !== undefined) throw new Error(`${metric}: a warm context was recycled: ${r.info.recycled}`);
				if (i >= WARMUP) xs.push(dt);
			}
		} finally {
			await env.close();
		}
		samples[metric] = xs;
	}
	return { samples, values };
}
