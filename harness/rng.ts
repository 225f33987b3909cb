/**
 * Seeded pseudo-random numbers for the harness's agents (`random`, `noisy-oracle`): the same seed gives the
 * same episode. mulberry32 (32-bit state, period 2^32), seeded from a string through FNV-1a.
 */

/** FNV-1a 32-bit hash of a string's UTF-16 code units. @returns an unsigned 32-bit integer. */
export function hashSeed(text: string): number {
	let h = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		h ^= text.charCodeAt(i);
		h = Math.imul(h, 0x01000193) >>> 0;
	}
	return h >>> 0;
}

/** A seeded generator. */
export interface Rng {
	/** Next float in [0, 1). */
	next(): number;
	/** Next integer in [0, n). @throws RangeError when n < 1. */
	int(n: number): number;
	/** A uniformly chosen element. @throws RangeError on an empty array. */
	pick<T>(items: readonly T[]): T;
}

/**
 * mulberry32 seeded with `seed` (a number, or a string hashed with {@link hashSeed}).
 * @returns a generator whose sequence depends only on the seed.
 */
export function makeRng(seed: number | string): Rng {
	let a = typeof seed === 'string' ? hashSeed(seed) : seed >>> 0;
	const next = (): number => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	return {
		next,
		int(n) {
			if (!(n >= 1)) throw new RangeError(`int(n) needs n >= 1, got ${n}`);
			return Math.floor(next() * n);
		},
		pick(items) {
			if (items.length === 0) throw new RangeError('pick from an empty array');
			return items[Math.floor(next() * items.length)] as (typeof items)[number];
		}
	};
}
