/**
 * Percentiles of benchmark samples. Pure.
 */

/** The summary of one metric, as written to `--json`. */
export interface MetricSummary {
	/** Median, ms (2 decimals). */
	p50: number;
	/** 95th percentile, ms (2 decimals). */
	p95: number;
	/** Number of samples. */
	n: number;
	/** Always `"ms"`. */
	unit: 'ms';
}

/**
 * The `p`-th percentile by linear interpolation between closest ranks (numpy's default, "type 7"):
 * rank = p/100 · (n−1) over the sorted samples.
 * @param samples finite numbers, any order (not modified); @param p percentile in [0, 100].
 * @throws RangeError when `samples` is empty, holds a non-finite number, or `p` is outside [0, 100].
 */
export function percentile(samples: readonly number[], p: number): number {
	if (samples.length === 0) throw new RangeError('percentile of no samples');
	if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be in [0, 100], got ${p}`);
	if (samples.some((x) => !Number.isFinite(x))) throw new RangeError('samples must be finite numbers');
	const sorted = [...samples].sort((a, b) => a - b);
	const rank = (p / 100) * (sorted.length - 1);
	const lo = Math.floor(rank);
	const hi = Math.ceil(rank);
	const a = sorted[lo] as number;
	const b = sorted[hi] as number;
	return a + (b - a) * (rank - lo);
}

/** Rounds to 2 decimals (0.01 ms: finer than the page's coarsened `performance.now()`). */
function round2(x: number): number {
	return Math.round(x * 100) / 100;
}

/**
 * Summarizes samples (ms) as `{p50, p95, n, unit: "ms"}` rounded to 0.01 ms.
 * @throws RangeError when `samples` is empty or holds a non-finite number.
 */
export function summarizeSamples(samples: readonly number[]): MetricSummary {
	return { p50: round2(percentile(samples, 50)), p95: round2(percentile(samples, 95)), n: samples.length, unit: 'ms' };
}
