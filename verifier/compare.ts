/**
 * Type-aware comparison for the assertion operators. Never coerces: a number never equals a string,
 * `"12,000"` is not `12000`, null is never 0 or false.
 */
import { canonicalJson } from './canonical';
import type { Op } from './schema';

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

/**
 * Applies `op` to the query's single output `actual` and the assertion's `expected`.
 * @returns `{passed}` or `{passed:false, error}` when the operands' types do not fit the operator
 *   (e.g. `gte` on a string and a number), so a type mismatch is reported rather than silently false.
 */
export function compare(op: Op, actual: unknown, expected: unknown): { passed: boolean; error?: string } {
	switch (op) {
		case 'eq':
			return { passed: jsonEqual(actual, expected) };
		case 'neq':
			return { passed: !jsonEqual(actual, expected) };
		case 'exists':
			return { passed: actual !== null && actual !== undefined };
		case 'in':
			if (!Array.isArray(expected)) return { passed: false, error: '"in" needs an array as expected' };
			return { passed: expected.some((e) => jsonEqual(actual, e)) };
		case 'gte':
		case 'lte': {
			const ta = jsonType(actual);
			const te = jsonType(expected);
			if (ta !== te || (ta !== 'number' && ta !== 'string')) {
				return { passed: false, error: `"${op}" compares two numbers or two strings, got ${ta} and ${te}` };
			}
			const a = actual as number | string;
			const e = expected as number | string;
			return { passed: op === 'gte' ? a >= e : a <= e };
		}
		case 'contains':
			if (typeof actual === 'string') {
				if (typeof expected !== 'string') return { passed: false, error: `"contains" on a string needs a string, got ${jsonType(expected)}` };
				return { passed: actual.includes(expected) };
			}
			if (Array.isArray(actual)) return { passed: actual.some((e) => jsonEqual(e, expected)) };
			return { passed: false, error: `"contains" applies to a string or an array, got ${jsonType(actual)}` };
		case 'matches':
			if (typeof actual !== 'string') return { passed: false, error: `"matches" applies to a string, got ${jsonType(actual)}` };
			try {
				return { passed: new RegExp(String(expected)).test(actual) };
			} catch (e) {
				return { passed: false, error: `invalid regex: ${(e as Error).message}` };
			}
	}
}
