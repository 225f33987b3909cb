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
 * What a verifier already holds, as {@link verificationInputJson} asks it: the version id of a table's bytes (the
 * same bytes object → the same id, distinct objects → distinct ids), and whether the verifier holds a version.
 */
export interface TableLedger {
	idOf(bytes: Uint8Array): string;
	holds(id: string): boolean;
}

/** Each table's canonical JSON as UTF-8 bytes (what {@link verificationInputJson} takes), e.g. for an `$initial` computed as rows. */
export function tableBytes(gyms: Record<string, Record<string, unknown[]>>): Record<string, Record<string, Uint8Array>> {
	return Object.fromEntries(
		Object.entries(gyms).map(([g, tables]) => [g, Object.fromEntries(Object.entries(tables).map(([t, rows]) => [t, utf8.encode(canonicalJson(rows))]))])
	);
}

/** Memo of {@link sameTable}: initial bytes → state bytes → equal. */
const sameMemo = new WeakMap<Uint8Array, WeakMap<Uint8Array, boolean>>();

/** Whether two tables' bytes are equal (memoized per pair of byte objects: both stay unchanged while they live). */
function sameTable(a: Uint8Array, b: Uint8Array): boolean {
	let inner = sameMemo.get(a);
	const known = inner?.get(b);
	if (known !== undefined) return known;
	let same = a.length === b.length;
	for (let i = 0; same && i < a.length; i++) same = a[i] === b[i];
	if (!inner) sameMemo.set(a, (inner = new WeakMap()));
	inner.set(b, same);
	return same;
}

/**
 * The needed tables of `gyms` as one canonical JSON object `{gym: {table: rows}}` (gyms and tables sorted; a gym
 * none of whose tables is needed stays as `{}`, as `pruneTables` keeps it), and each table's span in it.
 * @param place for each needed table: its version id (or none) and whether it is held (then `null` is written).
 */
function joinTables(
	gyms: Record<string, Record<string, Uint8Array>>,
	needs: ReturnType<typeof needsOf>,
	place: (gym: string, table: string, bytes: Uint8Array) => { id?: string; held: boolean }
): { bytes: Uint8Array; spans: StateTableSpan[] } {
	const pieces: Uint8Array[] = [utf8.encode('{')];
	const spans: StateTableSpan[] = [];
	let at = 1;
	const add = (p: Uint8Array) => {
		pieces.push(p);
		at += p.length;
	};
	Object.keys(gyms)
		.sort()
		.forEach((gym, i) => {
			const want = needs.all ? '*' : needs.gyms.get(gym);
			const names = Object.keys(gyms[gym]!)
				.sort()
				.filter((t) => want === '*' || want?.has(t));
			add(utf8.encode(`${i ? ',' : ''}${JSON.stringify(gym)}:{`));
			names.forEach((t, k) => {
				add(utf8.encode(`${k ? ',' : ''}${JSON.stringify(t)}:`));
				const bytes = gyms[gym]![t]!;
				const { id, held } = place(gym, t, bytes);
				const body = held ? HELD : bytes;
				spans.push({ gym, table: t, start: at, end: at + body.length, ...(id === undefined ? {} : { id }), ...(held ? { held: true } : {}) });
				add(body);
			});
			add(utf8.encode('}'));
		});
	pieces.push(utf8.encode('}'));
	return { bytes: joinUtf8(pieces), spans };
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
 * its rows (sw/verify-export.ts), and `initial` the same for the state right after reset. `state` (and `initial`, when
 * a query mentions `$initial`) are the same bytes as `canonicalJson(pruneTables(…, needs))`, each one fresh UTF-8
 * buffer, and `tables` / `initialTables` say where each table's bytes lie in them (so that the verifier's jq re-parses
 * only the tables that changed since its last verification); `events` and `now` are as in {@link verificationInput}.
 * @param ledger what the verifier already holds (sw/verify.ts keeps one per page): each table's span gets the version
 *   id of its bytes; an `$initial` table equal to the state's table gets the state table's version (jq parses it once);
 *   a table whose version the verifier holds, or that an earlier span of this input sends (`initial` comes first in
 *   the document), is written as `null` with `held: true`. Without a ledger every table is sent and no span has an id.
 */
export function verificationInputJson(
	doc: { gyms: Record<string, Record<string, Uint8Array>>; events: ExportLike['events']; clock: string },
	queries: readonly string[],
	initial: Record<string, Record<string, Uint8Array>> | null,
	ledger?: TableLedger
): VerifyInput {
	const needs = needsOf(queries, new Set([...Object.keys(doc.gyms), ...Object.keys(initial ?? {})]));
	const sent = new Set<string>();
	const place = (id: string | undefined) => {
		if (id === undefined) return { held: false };
		const held = ledger!.holds(id) || sent.has(id);
		if (!held) sent.add(id);
		return { id, held };
	};
	const init =
		initial && mentionsVar(queries, 'initial')
			? joinTables(initial, needs, (gym, t, bytes) => {
					const twin = doc.gyms[gym]?.[t];
					return place(ledger && (twin && sameTable(bytes, twin) ? ledger.idOf(twin) : ledger.idOf(bytes)));
				})
			: null;
	const state = joinTables(doc.gyms, needs, (_gym, _t, bytes) => place(ledger?.idOf(bytes)));
	return {
		state: state.bytes,
		tables: state.spans,
		...(init ? { initial: init.bytes, initialTables: init.spans } : { initial: 'null' }),
		events: mentionsVar(queries, 'events') ? canonicalJson(doc.events) : '[]',
		now: JSON.stringify(doc.clock)
	};
}
