/**
 * Canonical JSON: object keys sorted by code unit at every depth, no whitespace, arrays kept in order.
 * Two equal values always serialize to the same bytes, which makes exports diffable and hashable and
 * gives the verifier a type-aware deep equality (`"1"` ≠ `1`, `null` ≠ `false`).
 */

/** Returns a deep copy of `value` whose objects have their keys inserted in sorted order. `undefined` members are dropped, as JSON.stringify does. */
export function sortKeys<T>(value: T): T {
	if (Array.isArray(value)) return value.map((v) => sortKeys(v)) as T;
	if (value !== null && typeof value === 'object') {
		const out: Record<string, unknown> = {};
		for (const key of Object.keys(value).sort()) {
			const v = (value as Record<string, unknown>)[key];
			if (v !== undefined) out[key] = sortKeys(v);
		}
		return out as T;
	}
	return value;
}

/** Canonical JSON text of `value` (sorted keys, compact). `indent` > 0 pretty-prints with that many spaces. */
export function canonicalJson(value: unknown, indent = 0): string {
	return JSON.stringify(sortKeys(value), null, indent || undefined);
}
