/**
 * The verifier's export of a gym: the same tables as `exportState`, each as the UTF-8 bytes of its canonical
 * JSON (`canonicalJson(rows)`), plus the run meta and events. A table's bytes are kept in memory and reused
 * while the table's generation ({@link tableGeneration}: bumped around every mutation of that table, whatever the
 * write path) is unchanged, so a verification re-reads and re-serializes only the tables written since the last
 * one. Never stale: a copy is used only when no mutation of the database started or ended while the export ran
 * (the database generation is read before and after), and only if it was made at the table's current generation.
 * Sound because the Service Worker is the only writer of its databases (as for the read cache). Losing the copies
 * (the browser stopping the worker) only costs a fresh read.
 *
 * A table written since its copy is patched rather than read whole when the gym can read rows by key
 * ({@link RowReader}) and the read cache's change log knows the keys written since the copy's generation
 * ({@link changedKeysSince}; at most a quarter of the rows, or 64): exactly those rows are read from IndexedDB,
 * laid over the copy (an absent row is a deleted one), sorted in the export order, and the bytes rebuilt from the
 * copy's bytes of the unchanged rows and the canonical JSON of the read ones (canonical JSON of an array is its
 * items' texts joined by commas, so the bytes equal a whole read's). A clear, a range delete, a failed bulk write or a
 * deferred state (rows not in the database) reads the table whole.
 */
import type Dexie from 'dexie';
import { canonicalJson } from '../../verifier/canonical';
import type { GymEvent, GymExport, RunMeta } from '../types';
import { changedKeysSince, dbGeneration, mutationsInFlight, tableGeneration } from './read-cache';

/** A gym's export for the verifier: `tables` maps each exported table to the UTF-8 canonical JSON of its rows. */
export interface GymJsonExport {
	meta: RunMeta;
	events: GymEvent[];
	tables: Record<string, Uint8Array>;
	/** Tables re-read and re-serialized by this export, whole or patched (the others came from memory). For benchmarks and tests. */
	serialized: string[];
	/** Of `serialized`, the tables patched from their copy by reading only the rows written since (see the module doc). */
	patched: string[];
}

/** Reads rows by key for patching a copy (a gym store: gyms/store.ts `readRows`, `exportOrder`). */
export interface RowReader {
	/** Wire rows at `keys` (`undefined`: no such row), or null when the table must be read whole. */
	readRows(table: string, keys: readonly unknown[]): Promise<(unknown | undefined)[] | null>;
	/** The table's export order: a total order on the primary key field `key`; null for an unknown table. */
	exportOrder(table: string): { key: string; compare: (a: unknown, b: unknown) => number } | null;
}

/** Exports of one gym for the verifier (see the module doc). */
export interface JsonExporter {
	/**
	 * Exports `tables` (every table when undefined; unknown names are ignored), like `Gym.exportState`.
	 * @throws Error when no run is initialized (from `exportState`).
	 */
	exportJson(tables?: readonly string[]): Promise<GymJsonExport>;
}

/** How often an export is retried when a write ran during it, before it reads every table afresh. */
const RETRIES = 3;

/** A table patches its copy when at most this many keys, or a quarter of its rows, were written since. */
const PATCH_MIN_KEYS = 64;

const encoder = new TextEncoder();

/** A table's copy: its wire rows in export order and their canonical JSON array as UTF-8, `ends[i]` = the end offset of row i. */
interface Copy {
	gen: number;
	rows: unknown[];
	bytes: Uint8Array;
	ends: Uint32Array;
}

/** UTF-8 canonical JSON of `rows` (an array), with each row's end offset. */
function encodeRows(rows: readonly unknown[], old?: { index: Map<unknown, number>; copy: Copy }): { bytes: Uint8Array; ends: Uint32Array } {
	const parts = rows.map((r) => {
		const i = old?.index.get(r);
		if (i === undefined) return encoder.encode(canonicalJson(r));
		const { bytes, ends } = old!.copy;
		return bytes.subarray(i === 0 ? 1 : ends[i - 1]! + 1, ends[i]!);
	});
	const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0) + Math.max(0, parts.length - 1) + 2);
	const ends = new Uint32Array(parts.length);
	bytes[0] = 0x5b; // [
	let pos = 1;
	parts.forEach((p, i) => {
		if (i > 0) bytes[pos++] = 0x2c; // ,
		bytes.set(p, pos);
		pos += p.length;
		ends[i] = pos;
	});
	bytes[pos] = 0x5d; // ]
	return { bytes, ends };
}

/**
 * The exporter of a gym over its database and `exportState` (any implementation: the copies only wrap it).
 * @param tableNames every data table of the gym, in any order.
 * @param reader reads rows by key, to patch a copy instead of reading its table whole (optional).
 */
export function createJsonExporter(
	db: Dexie,
	tableNames: readonly string[],
	exportState: (tables?: readonly string[]) => Promise<GymExport>,
	reader?: RowReader
): JsonExporter {
	const copies = new Map<string, Copy>();

	/** The copy of `t` made current by laying the rows read at `keys` over `copy`. */
	function patch(t: string, copy: Copy, keys: readonly unknown[], got: readonly (unknown | undefined)[], gen: number): Copy {
		const { key, compare } = reader!.exportOrder(t)!;
		const changed = new Set(keys.map(String));
		const index = new Map<unknown, number>();
		const rows: unknown[] = [];
		copy.rows.forEach((r, i) => {
			if (changed.has(String((r as Record<string, unknown>)[key]))) return;
			index.set(r, i);
			rows.push(r);
		});
		for (const r of got) if (r !== undefined) rows.push(r);
		rows.sort(compare);
		return { gen, rows, ...encodeRows(rows, { index, copy }) };
	}

	async function once(want: readonly string[]): Promise<GymJsonExport | null> {
		const before = dbGeneration(db);
		if (before === null) return null;
		const gens = new Map(want.map((t) => [t, tableGeneration(db, t)!]));
		const stale = want.filter((t) => copies.get(t)?.gen !== gens.get(t));
		// Tables to patch: a copy, a known and small set of keys written since, rows readable by key.
		const patches = new Map<string, { keys: unknown[]; got: (unknown | undefined)[] }>();
		// Patch only when no mutation is running: a running one's keys are not logged yet (they are when it ends).
		if (reader && mutationsInFlight(db) === 0) {
			const plans: [string, unknown[]][] = [];
			for (const t of stale) {
				const copy = copies.get(t);
				if (!copy || !reader.exportOrder(t)) continue;
				const keys = changedKeysSince(db, t, copy.gen);
				if (!keys || keys.length > Math.max(PATCH_MIN_KEYS, copy.rows.length >> 2)) continue;
				plans.push([t, [...new Map(keys.map((k) => [String(k), k])).values()]]);
			}
			// The tables' reads run side by side (one IndexedDB transaction each).
			const read = await Promise.all(plans.map(([t, keys]) => reader.readRows(t, keys)));
			plans.forEach(([t, keys], i) => {
				const got = read[i];
				if (got) patches.set(t, { keys, got });
			});
		}
		const whole = stale.filter((t) => !patches.has(t));
		// The meta must be that of an export of `want`: a store whose rows are still held virtually (a deferred
		// seed load) reports its projection's `next_ids` only when a table is read, so with nothing read whole the
		// smallest table is read along (its copy is still used when its generation did not change).
		const probe = whole.length === 0 && want.length > 0 ? [want.reduce((a, b) => (copies.get(b)!.bytes.length < copies.get(a)!.bytes.length ? b : a))] : whole;
		const part = await exportState(probe);
		if (dbGeneration(db) !== before) return null;
		const tables: Record<string, Uint8Array> = {};
		for (const t of want) {
			const p = patches.get(t);
			if (p) {
				const copy = patch(t, copies.get(t)!, p.keys, p.got, gens.get(t)!);
				copies.set(t, copy);
				tables[t] = copy.bytes;
			} else if (!stale.includes(t)) tables[t] = copies.get(t)!.bytes;
			else if (part.tables[t]) {
				const rows = part.tables[t]!;
				const copy = { gen: gens.get(t)!, rows, ...encodeRows(rows) };
				copies.set(t, copy);
				tables[t] = copy.bytes;
			}
		}
		return {
			meta: part.meta,
			events: part.events,
			tables,
			serialized: stale.filter((t) => patches.has(t) || part.tables[t]),
			patched: [...patches.keys()]
		};
	}

	return {
		async exportJson(tables) {
			const want = tableNames.filter((t) => !tables || tables.includes(t));
			for (let i = 0; i < RETRIES; i++) {
				const r = await once(want);
				if (r) return r;
			}
			// Writes kept running during the export (or the database is not tracked): one plain read.
			const part = await exportState(want);
			const out: Record<string, Uint8Array> = {};
			for (const t of want) if (part.tables[t]) out[t] = encodeRows(part.tables[t]!).bytes;
			return { meta: part.meta, events: part.events, tables: out, serialized: Object.keys(out), patched: [] };
		}
	};
}
