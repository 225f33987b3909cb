/**
 * From a (merged) state export to the verifier's input: prunes the tables the queries do not read, and
 * serializes `.`, `$initial`, `$events` and `$now` once each. Pure; shared by the Service Worker and the CLI so
 * that both feed jq the same bytes.
 */
import { canonicalJson } from './canonical';
import type { ExportLike } from './merge';
import { pruneTables, tablesReadBy, type TableNeeds } from './tables';
import type { VerifyInput } from './verify';

/** Whether any query names the variable `$name` (e.g. `initial`). */
export function mentionsVar(queries: readonly string[], name: string): boolean {
	const re = new RegExp(`\\$${name}(?![A-Za-z0-9_])`);
	return queries.some((q) => re.test(q));
}

/** The tables `queries` read, over the gyms of the export (and of `$initial`). */
export function needsOf(queries: readonly string[], gymNames: Iterable<string>): TableNeeds {
	return tablesReadBy(queries, gymNames);
}

/**
 * Builds the verifier's input.
 * @param doc the run's export (all its gyms: local + other origins, see `mergeExports`).
 * @param queries the assertions' jq queries.
 * @param initial the state right after reset (`{gym: {table: rows}}`), or null when unknown; only serialized
 *   when a query mentions `$initial`.
 * @returns JSON texts: `state` (pruned, canonical), `initial` (pruned the same way, or `null`), `events`
 *   (`[]` unless a query mentions `$events`), `now` (the export's clock).
 */
export function verificationInput(
	doc: Pick<ExportLike, 'gyms' | 'events' | 'clock'>,
	queries: readonly string[],
	initial: Record<string, Record<string, unknown[]>> | null
): VerifyInput {
	const needs = needsOf(queries, new Set([...Object.keys(doc.gyms), ...Object.keys(initial ?? {})]));
	return {
		state: canonicalJson(pruneTables(doc.gyms, needs)),
		initial: initial && mentionsVar(queries, 'initial') ? canonicalJson(pruneTables(initial, needs)) : 'null',
		events: mentionsVar(queries, 'events') ? canonicalJson(doc.events) : '[]',
		now: JSON.stringify(doc.clock)
	};
}
