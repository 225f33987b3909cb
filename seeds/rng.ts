/**
 * A tiny seeded pseudo-random generator for projections (runs in the SW: no faker there, no Math.random).
 * `rng('hubspot/deals', world.seed)` always yields the same sequence; use one stream per purpose so adding
 * draws to one projection never shifts another.
 */

/** A deterministic random stream. */
export interface Rng {
	/** Uniform float in [0, 1). */
	next(): number;
	/** Uniform integer in [min, max] (inclusive). */
	int(min: number, max: number): number;
	/** true with probability p (0..1). */
	chance(p: number): boolean;
	/** One element of a non-empty array. @throws Error on an empty array. */
	pick<T>(items: readonly T[]): T;
	/** A value by weights: `weighted([['a', 3], ['b', 1]])` → 'a' 75 % of the time. */
	weighted<T>(pairs: readonly (readonly [T, number])[]): T;
	/** A shuffled copy (Fisher–Yates). */
	shuffle<T>(items: readonly T[]): T[];
}

/** Creates a stream from a purpose label and the seed number (mulberry32 over an FNV-1a hash). */
export function rng(label: string, seed: number): Rng {
	let a = parseInt(fnv1a(`${seed}:${label}`), 16) >>> 0;
	const next = (): number => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	const r: Rng = {
		next,
		int: (min, max) => min + Math.floor(next() * (max - min + 1)),
		chance: (p) => next() < p,
		pick: (items) => {
			if (!items.length) throw new Error('rng.pick: empty array');
			return items[Math.floor(next() * items.length)]!;
		},
		weighted: (pairs) => {
			const total = pairs.reduce((s, [, w]) => s + w, 0);
			let x = next() * total;
			for (const [v, w] of pairs) if ((x -= w) < 0) return v;
			return pairs[pairs.length - 1]![0];
		},
		shuffle: (items) => {
			const out = [...items];
			for (let i = out.length - 1; i > 0; i--) {
				const j = Math.floor(next() * (i + 1));
				[out[i], out[j]] = [out[j]!, out[i]!];
			}
			return out;
		}
	};
	return r;
}

/** FNV-1a 32-bit hash of a string, as 8 hex chars. Deterministic, not cryptographic. */
export function fnv1a(text: string): string {
	let h = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		h ^= text.charCodeAt(i);
		h = Math.imul(h, 0x01000193);
	}
	return (h >>> 0).toString(16).padStart(8, '0');
}
