/**
 * The verifier's jq sorts with a patched comparison and a merge sort (verifier/jq/jq-1.8.2-sort.patch): these tests
 * hold its `sort`, `unique`, `sort_by`, `group_by`, `unique_by`, `min_by`/`max_by` to jq's order, over seeded random
 * arrays of every JSON kind (with many ties), against a reference written from the jq manual's ordering ("null <
 * false < true < numbers < strings < arrays < objects"; strings by their UTF-8 bytes; arrays lexically; objects by
 * their sorted key arrays, then value by value; sorts are stable) and against the native jq binary when installed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeRng } from '../harness/rng';
import { createNativeEngine, createNodeEngine, NATIVE_JQ } from './node';
import type { JqEngine } from './verify';

let jq: JqEngine;
beforeAll(async () => {
	jq = await createNodeEngine();
});

const utf8 = new TextEncoder();
const KIND: Record<string, number> = { null: 0, false: 1, true: 2, number: 3, string: 4, array: 5, object: 6 };
const kind = (v: unknown): number => KIND[v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'boolean' ? String(v) : typeof v]!;

/** jq's total order of JSON values, as the manual states it (see the file's docstring). */
function cmp(a: unknown, b: unknown): number {
	const ka = kind(a);
	const kb = kind(b);
	if (ka !== kb) return ka - kb;
	if (typeof a === 'number') return a < (b as number) ? -1 : a > (b as number) ? 1 : 0;
	if (typeof a === 'string') {
		const x = utf8.encode(a);
		const y = utf8.encode(b as string);
		for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
		return x.length - y.length;
	}
	if (Array.isArray(a)) {
		const y = b as unknown[];
		for (let i = 0; i < Math.min(a.length, y.length); i++) {
			const r = cmp(a[i], y[i]);
			if (r) return r;
		}
		return a.length - y.length;
	}
	if (typeof a === 'object' && a !== null) {
		const x = a as Record<string, unknown>;
		const y = b as Record<string, unknown>;
		const kx = Object.keys(x).sort((p, q) => cmp(p, q));
		const ky = Object.keys(y).sort((p, q) => cmp(p, q));
		const r = cmp(kx, ky);
		if (r) return r;
		for (const k of kx) {
			const s = cmp(x[k], y[k]);
			if (s) return s;
		}
	}
	return 0;
}

const stableSortBy = <T>(xs: readonly T[], key: (x: T) => unknown): T[] =>
	xs
		.map((x, i) => ({ x, i, k: key(x) }))
		.sort((p, q) => cmp(p.k, q.k) || p.i - q.i)
		.map((e) => e.x);
const uniqueBy = <T>(xs: readonly T[], key: (x: T) => unknown): T[] => stableSortBy(xs, key).filter((x, i, s) => i === 0 || cmp(key(s[i - 1]!), key(x)) !== 0);
function groupBy<T>(xs: readonly T[], key: (x: T) => unknown): T[][] {
	const out: T[][] = [];
	for (const x of stableSortBy(xs, key)) {
		const last = out[out.length - 1];
		if (last && cmp(key(last[0]!), key(x)) === 0) last.push(x);
		else out.push([x]);
	}
	return out;
}

/** Seeded random JSON: few distinct scalars (many ties), short strings with non-ASCII letters, nested arrays and objects. */
function randomValue(next: () => number, depth = 0): unknown {
	const r = next();
	const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
	if (depth > 2 || r < 0.35) return pick([null, true, false, 0, 1, -1, 2.5, -0.5, 1e300, '', 'a', 'b', 'ab', 'B', 'é', 'z', 'aa', '中']);
	if (r < 0.6) return Array.from({ length: Math.floor(next() * 4) }, () => pick(['a', 'b', 'A', 'é', ' ', '中'])).join('');
	if (r < 0.8) return Array.from({ length: Math.floor(next() * 3) }, () => randomValue(next, depth + 1));
	return Object.fromEntries(Array.from({ length: Math.floor(next() * 3) }, () => [pick(['a', 'b', 'c']), randomValue(next, depth + 1)]));
}

function randomArrays(seed: number, count: number): unknown[][] {
	const next = makeRng(seed).next;
	const out: unknown[][] = [];
	for (let i = 0; i < count; i++) out.push(Array.from({ length: Math.floor(next() * 70) }, () => randomValue(next)));
	// Long arrays of few distinct values (the merge sort's runs, and unique over many duplicates).
	for (let i = 0; i < 6; i++) out.push(Array.from({ length: 300 + Math.floor(next() * 900) }, () => ['x', 'y', 'xx', '', 'é'][Math.floor(next() * 5)]));
	for (let i = 0; i < 4; i++) out.push(Array.from({ length: 500 }, () => Math.floor(next() * 7)));
	return out;
}

/** The sort builtins, each over the same array; keys that may error are wrapped so one error does not hide the rest. */
const PROGRAM =
	'[sort, unique, min, max, (try sort_by(.a?) catch "err"), (try group_by(type) catch "err"), (try unique_by(length?) catch "err"), (try min_by(.[0]?) catch "err"), (try max_by(.b?) catch "err"), (to_entries | sort_by(.value) | map(.key))]';

/** Runs `program` over each array in one jq run (`map(program)`), so that the suite costs one process, not one per array. */
const runEach = (e: JqEngine, arrays: unknown[][], program: string) => JSON.parse(e.run(JSON.stringify(arrays), `map(${program})`)) as unknown[][];

const typeName = (x: unknown) => ['null', 'boolean', 'boolean', 'number', 'string', 'array', 'object'][kind(x)]!;

describe("the verifier's jq sorts in jq's order", () => {
	it('sort, unique, sort_by, group_by, unique_by over random arrays match the reference order', () => {
		const arrays = randomArrays(16, 120);
		const got = runEach(jq, arrays, '[sort, unique, sort_by(type), group_by(type), unique_by(type)]');
		// Strings only: the two-string fast path.
		const strings = arrays.map((xs) => xs.filter((x): x is string => typeof x === 'string'));
		const gotStrings = runEach(jq, strings, 'sort');
		arrays.forEach((xs, i) => {
			expect(got[i]![0]).toEqual(stableSortBy(xs, (x) => x));
			expect(got[i]![1]).toEqual(uniqueBy(xs, (x) => x));
			expect(got[i]![2]).toEqual(stableSortBy(xs, typeName));
			expect(got[i]![3]).toEqual(groupBy(xs, typeName));
			expect(got[i]![4]).toEqual(uniqueBy(xs, typeName));
			expect(gotStrings[i]).toEqual(stableSortBy(strings[i]!, (x) => x));
		});
	});

	it('a reference mismatch is detected (the comparison can fail)', () => {
		const xs = ['b', 'a', 'é', 'z'];
		expect(JSON.parse(jq.run(JSON.stringify(xs), 'sort'))).not.toEqual([...xs].sort().reverse());
		expect(JSON.parse(jq.run(JSON.stringify(xs), 'sort'))).toEqual(['a', 'b', 'z', 'é']); // bytes, not code units of a locale
	});

	const native = createNativeEngine();
	it.skipIf(!native)(`every sort builtin gives the same output as ${NATIVE_JQ}`, () => {
		const arrays = randomArrays(61, 80);
		expect(runEach(jq, arrays, PROGRAM)).toEqual(runEach(native!, arrays, PROGRAM));
	});
});
