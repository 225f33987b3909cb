/**
 * From a (merged) state export to the verifier's input: prunes the tables the queries do not read, and
 * serializes `.`, `$initial`, `$events` and `$now` once each. Pure; shared by the Service Worker and the CLI so
 * that both feed jq the same bytes.
 */
import { canonicalJson } from './canonical';
import type { ExportLike } from './merge';
import { pruneTables, tablesReadBy, type TableNeeds } from './tables';
import type { StateTableSpan, VerifyInput } from './verify';

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

const utf8 = new TextEncoder();

/** What a held table's range holds in the state bytes. */
const HELD = utf8.encode('null');

/**
 * What a verifier already holds, by table, as {@link verificationInputJson} asks it: the version id of a table's
 * bytes (the same bytes → the same id, distinct bytes → distinct ids), and whether the verifier holds `gym.table` at
 * a version.
 */
export interface TableLedger {
	idOf(bytes: Uint8Array): string;
	holds(gym: string, table: string, id: string): boolean;
}

/**
 * Joins JSON text pieces into one UTF-8 buffer (strings are encoded, byte pieces copied once).
 * @returns a fresh buffer (safe to transfer).
 */
export function joinUtf8(pieces: readonly (string | Uint8Array)[]): Uint8Array {
	const parts = pieces.map((p) => (typeof p === 'string' ? utf8.encode(p) : p));
	const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
	let at = 0;
	for (const p of parts) {
		out.set(p, at);
		at += p.length;
	}
	return out;
}

/**
 * {@link verificationInput} over pre-serialized tables: `doc.gyms` maps gym → table → the UTF-8 canonical JSON of
 * its rows (sw/verify-export.ts). `state` is the same bytes as `canonicalJson(pruneTables(gyms, needs))`, as one
 * fresh UTF-8 buffer, and `tables` says where each table's bytes lie in it (so that the verifier's jq re-parses only
 * the tables that changed since its last verification); the other fields are as in {@link verificationInput}.
 * @param ledger what the verifier already holds (sw/verify.ts keeps one per page): each table's span gets the version
 *   id of its bytes, and a table the verifier holds at that version is sent as `null` with `held: true` (its bytes
 *   stay here); without it every table is sent and no span has an id.
 */
export function verificationInputJson(
	doc: { gyms: Record<string, Record<string, Uint8Array>>; events: ExportLike['events']; clock: string },
	queries: readonly string[],
	initial: Record<string, Record<string, unknown[]>> | null,
	ledger?: TableLedger
): VerifyInput {
	const needs = needsOf(queries, new Set([...Object.keys(doc.gyms), ...Object.keys(initial ?? {})]));
	const pieces: Uint8Array[] = [utf8.encode('{')];
	const tables: StateTableSpan[] = [];
	let at = 1;
	const add = (p: Uint8Array) => {
		pieces.push(p);
		at += p.length;
	};
	Object.keys(doc.gyms)
		.sort()
		.forEach((gym, i) => {
			const want = needs.all ? '*' : needs.gyms.get(gym);
			const names = Object.keys(doc.gyms[gym]!)
				.sort()
				.filter((t) => want === '*' || want?.has(t));
			add(utf8.encode(`${i ? ',' : ''}${JSON.stringify(gym)}:{`));
			names.forEach((t, k) => {
				add(utf8.encode(`${k ? ',' : ''}${JSON.stringify(t)}:`));
				const bytes = doc.gyms[gym]![t]!;
				const id = ledger?.idOf(bytes);
				if (id !== undefined && ledger!.holds(gym, t, id)) {
					tables.push({ gym, table: t, start: at, end: at + HELD.length, id, held: true });
					add(HELD);
				} else {
					tables.push({ gym, table: t, start: at, end: at + bytes.length, ...(id === undefined ? {} : { id }) });
					add(bytes);
				}
			});
			add(utf8.encode('}'));
		});
	pieces.push(utf8.encode('}'));
	return {
		state: joinUtf8(pieces),
		tables,
		initial: initial && mentionsVar(queries, 'initial') ? canonicalJson(pruneTables(initial, needs)) : 'null',
		events: mentionsVar(queries, 'events') ? canonicalJson(doc.events) : '[]',
		now: JSON.stringify(doc.clock)
	};
}
