import { describe, expect, it } from 'vitest';
import { percentile, summarizeSamples } from './stats';

describe('percentile', () => {
	it('interpolates linearly between closest ranks (numpy type 7)', () => {
		const xs = [1, 2, 3, 4];
		expect(percentile(xs, 0)).toBe(1);
		expect(percentile(xs, 50)).toBe(2.5);
		expect(percentile(xs, 100)).toBe(4);
		expect(percentile(xs, 95)).toBeCloseTo(3.85, 10);
	});

	it('does not depend on order and does not modify its input', () => {
		const xs = [9, 1, 5, 3, 7];
		expect(percentile(xs, 50)).toBe(5);
		expect(xs).toEqual([9, 1, 5, 3, 7]);
	});

	it('sorts numerically, not as strings', () => {
		expect(percentile([10, 9, 100], 50)).toBe(10);
	});

	it('returns the only sample for n = 1', () => {
		expect(percentile([42], 95)).toBe(42);
	});

	it('p95 of 1..100 is 95.05', () => {
		const xs = Array.from({ length: 100 }, (_, i) => i + 1);
		expect(percentile(xs, 95)).toBeCloseTo(95.05, 10);
	});

	it('rejects empty samples, non-finite samples and p outside [0, 100]', () => {
		expect(() => percentile([], 50)).toThrowErrorMatchingInlineSnapshot(`[RangeError: percentile of no samples]`);
		expect(() => percentile([1, Number.NaN], 50)).toThrow(RangeError);
		expect(() => percentile([1], 101)).toThrow(RangeError);
		expect(() => percentile([1], Number.NaN)).toThrow(RangeError);
	});
});

describe('summarizeSamples', () => {
	it('gives p50, p95, n and the unit, rounded to 0.01 ms', () => {
		expect(summarizeSamples([1.004, 2, 3, 4])).toEqual({ p50: 2.5, p95: 3.85, n: 4, unit: 'ms' });
	});
});
