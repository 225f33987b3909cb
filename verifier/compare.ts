/**
 * Type-aware comparison for the assertion operators. Never coerces: a number never equals a string,
 * `"12,000"` is not `12000`, null is never 0 or false. An operand of the wrong type FAILS the assertion with
 * an error saying so (a negated operator such as `not_in` or `not_contains` never passes on a type mismatch).
 */
import { canonicalJson } from './canonical';
import type { Op } from './schema';
import { parseIso } from './time';

/** Deep, type-aware equality of two JSON values. */
export function jsonEqual(a: unknown, b: unknown): boolean {
	return canonicalJson(a) === canonicalJson(b);
}

/** The JSON type name of a value: null, boolean, number, string, array or object. */
export function jsonType(v: unknown): string {
	if (v === null) return 'null';
	if (Array.isArray(v)) return 'array';
	return typeof v;
}

/** Outcome of one comparison: `error` says why it failed when the operands do not fit the operator. */
export interface Comparison {
	passed: boolean;
	error?: string;
}

const fail = (error: string): Comparison => ({ passed: false, error });

function ordered(op: string, actual: unknown, expected: unknown, test: (a: number | string, e: number | string) => boolean): Comparison {
	const ta = jsonType(actual);
	const te = jsonType(expected);
	if (ta !== te || (ta !== 'number' && ta !== 'string')) return fail(`"${op}" compares two numbers or two strings, got ${ta} and ${te}`);
	return { passed: test(actual as number | string, expected as number | string) };
}

function containment(op: string, actual: unknown, expected: unknown): Comparison | boolean {
	if (typeof actual === 'string') {
		if (typeof expected !== 'string') return fail(`"${op}" on a string needs a string, got ${jsonType(expected)}`);
		return actual.includes(expected);
	}
	if (Array.isArray(actual)) return actual.some((e) => jsonEqual(e, expected));
	return fail(`"${op}" applies to a string or an array, got ${jsonType(actual)}`);
}

function timestamps(op: string, actual: unknown, expected: unknown): [number, number] | Comparison {
	if (typeof actual !== 'string') return fail(`"${op}" needs an ISO-8601 timestamp, got ${jsonType(actual)}`);
	const a = parseIso(actual);
	if (a === null) return fail(`"${op}": ${JSON.stringify(actual.slice(0, 80))} is not an ISO-8601 timestamp with a zone`);
	const e = typeof expected === 'string' ? parseIso(expected) : null;
	if (e === null) return fail(`"${op}": expected ${JSON.stringify(expected)} is not an ISO-8601 timestamp with a zone`);
	return [a, e];
}

function count(op: string, actual: unknown): number | Comparison {
	if (!Array.isArray(actual)) return fail(`"${op}" counts the elements of an array, got ${jsonType(actual)}`);
	return actual.length;
}

/**
 * The count operators on an array's length `n` (the verifier asks jq for the length only, so large arrays never
 * leave jq). @returns `{passed}`, or an error when `expected` is not a number or `op` is not a count operator.
 */
export function compareCount(op: Op, n: number, expected: unknown): Comparison {
	if (typeof expected !== 'number') return fail(`"${op}" needs a number as expected`);
	if (op === 'count_eq') return { passed: n === expected };
	if (op === 'count_gte') return { passed: n >= expected };
	if (op === 'count_lte') return { passed: n <= expected };
	return fail(`"${op}" is not a count operator`);
}

function keySet(xs: unknown[]): Set<string> {
	return new Set(xs.map((x) => canonicalJson(x)));
}

/**
 * Applies `op` to the query's single output `actual` and the assertion's `expected` (and `tolerance` for
 * approx/within). Rules:
 * - eq/neq: deep equality (`"1"` ≠ `1`, null ≠ false); neq needs both of one type (or expected null).
 * - gt/gte/lt/lte: two numbers or two strings (code-unit order).
 * - in/not_in: deep membership in the `expected` array; not_in needs an element of the value's type.
 * - contains/not_contains: string ⊇ substring, or array ∋ element (deep); never numbers.
 * - matches: a string matching the JavaScript regex `expected` (unanchored).
 * - exists/not_exists: not null / null. truthy/falsy: jq truthiness (falsy = null or false).
 * - count_eq/count_gte/count_lte: the length of an array.
 * - set_eq: two arrays with the same elements, ignoring order and repeats; subset: every element of the value is in `expected`.
 * - approx: two numbers, |a − e| ≤ tolerance.
 * - before/after/within: ISO-8601 timestamps with a zone, compared as instants; within: |a − e| ≤ tolerance seconds.
 * @returns `{passed}`, or `{passed: false, error}` when the operands' types do not fit the operator.
 */
export function compare(op: Op, actual: unknown, expected: unknown, tolerance?: number): Comparison {
	switch (op) {
		case 'eq':
			return { passed: jsonEqual(actual, expected) };
		case 'neq':
			// A negated test never passes on a type mismatch: `"12000"` neq `12000` is a broken check, not a pass.
			if (expected !== null && jsonType(actual) !== jsonType(expected))
				return fail(`"neq" compares values of one type, got ${jsonType(actual)} and ${jsonType(expected)}`);
			return { passed: !jsonEqual(actual, expected) };
		case 'gt':
			return ordered(op, actual, expected, (a, e) => a > e);
		case 'gte':
			return ordered(op, actual, expected, (a, e) => a >= e);
		case 'lt':
			return ordered(op, actual, expected, (a, e) => a < e);
		case 'lte':
			return ordered(op, actual, expected, (a, e) => a <= e);
		case 'in':
		case 'not_in': {
			if (!Array.isArray(expected)) return fail(`"${op}" needs an array as expected`);
			const found = expected.some((e) => jsonEqual(actual, e));
			if (op === 'not_in' && expected.length > 0 && !expected.some((e) => e === null || jsonType(e) === jsonType(actual))) {
				return fail(`"not_in": no element of expected has the value's type (${jsonType(actual)}), so the test proves nothing`);
			}
			return { passed: op === 'in' ? found : !found };
		}
		case 'contains':
		case 'not_contains': {
			const r = containment(op, actual, expected);
			if (typeof r !== 'boolean') return r;
			return { passed: op === 'contains' ? r : !r };
		}
		case 'matches':
			if (typeof actual !== 'string') return fail(`"matches" applies to a string, got ${jsonType(actual)}`);
			try {
				return { passed: new RegExp(String(expected)).test(actual) };
			} catch (e) {
				return fail(`invalid regex: ${(e as Error).message}`);
			}
		case 'exists':
			return { passed: actual !== null && actual !== undefined };
		case 'not_exists':
			return { passed: actual === null };
		case 'truthy':
			return { passed: actual !== null && actual !== false && actual !== undefined };
		case 'falsy':
			return { passed: actual === null || actual === false };
		case 'count_eq':
		case 'count_gte':
		case 'count_lte': {
			const n = count(op, actual);
			if (typeof n !== 'number') return n;
			return compareCount(op, n, expected);
		}
		case 'set_eq':
		case 'subset': {
			if (!Array.isArray(actual)) return fail(`"${op}" applies to an array, got ${jsonType(actual)}`);
			if (!Array.isArray(expected)) return fail(`"${op}" needs an array as expected`);
			const a = keySet(actual);
			const e = keySet(expected);
			const sub = [...a].every((k) => e.has(k));
			return { passed: op === 'subset' ? sub : sub && a.size === e.size };
		}
		case 'approx':
			if (typeof actual !== 'number' || typeof expected !== 'number')
				return fail(`"approx" compares two numbers, got ${jsonType(actual)} and ${jsonType(expected)}`);
			if (tolerance === undefined) return fail('"approx" needs a tolerance');
			return { passed: Math.abs(actual - expected) <= tolerance };
		case 'before':
		case 'after':
		case 'within': {
			const t = timestamps(op, actual, expected);
			if (!Array.isArray(t)) return t;
			const [a, e] = t;
			if (op === 'before') return { passed: a < e };
			if (op === 'after') return { passed: a > e };
			if (tolerance === undefined) return fail('"within" needs a tolerance (seconds)');
			return { passed: Math.abs(a - e) <= tolerance * 1000 };
		}
	}
}
