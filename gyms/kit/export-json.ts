/**
 * The verifier's export of a gym: the same tables as `exportState`, each as the UTF-8 bytes of its canonical
 * JSON (`canonicalJson(rows)`), plus the run meta and events. A table's bytes are kept in memory and reused
 * while the table's generation ({@link tableGeneration}: bumped around every mutation of that table, whatever the
 * write path) is unchanged, so a verification re-reads and re-serializes only the tables written since the last
 * one. Never stale: a copy is used only when no mutation of the database started or ended while the export ran
 * (the database generation is read before and after), and only if it was made at the table's current generation.
 * Sound because the Service Worker is the only writer of its databases (as for the read cache). Losing the copies
 * (the browser stopping the worker) only costs a fresh read.
 */
import type Dexie from 'dexie';
import { canonicalJson } from '../../verifier/canonical';
import type { GymEvent, GymExport, RunMeta } from '../types';
import { dbGeneration, tableGeneration } from './read-cache';

/** A gym's export for the verifier: `tables` maps each exported table to the UTF-8 canonical JSON of its rows. */
export interface GymJsonExport {
	meta: RunMeta;
	events: GymEvent[];
	tables: Record<string, Uint8Array>;
	/** Tables re-read and re-serialized by this export (the others came from memory). For benchmarks and tests. */
	serialized: string[];
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

const encoder = new TextEncoder();

/**
 * The exporter of a gym over its database and `exportState` (any implementation: the copies only wrap it).
 * @param tableNames every data table of the gym, in any order.
 */
export function createJsonExporter(db: Dexie, tableNames: readonly string[], exportState: (tables?: readonly string[]) => Promise<GymExport>): JsonExporter {
	const copies = new Map<string, { gen: number; bytes: Uint8Array }>();
	const encode = (rows: unknown[]) => encoder.encode(canonicalJson(rows));

	async function once(want: readonly string[]): Promise<GymJsonExport | null> {
		const before = dbGeneration(db);
		if (before === null) return null;
		const gens = new Map(want.map((t) => [t, tableGeneration(db, t)!]));
		const stale = want.filter((t) => copies.get(t)?.gen !== gens.get(t));
		// The meta must be that of an export of `want`: a store whose rows are still held virtually (a deferred
		// seed load) reports its projection's `next_ids` only when a table is read, so with nothing stale the
		// smallest fresh table is read along (its copy is still used: its generation did not change).
		const probe = stale.length === 0 && want.length > 0 ? [want.reduce((a, b) => (copies.get(b)!.bytes.length < copies.get(a)!.bytes.length ? b : a))] : stale;
		const part = await exportState(probe);
		if (dbGeneration(db) !== before) return null;
		const tables: Record<string, Uint8Array> = {};
		for (const t of want) {
			if (!stale.includes(t)) tables[t] = copies.get(t)!.bytes;
			else if (part.tables[t]) {
				const bytes = encode(part.tables[t]!);
				copies.set(t, { gen: gens.get(t)!, bytes });
				tables[t] = bytes;
			}
		}
		return { meta: part.meta, events: part.events, tables, serialized: stale.filter((t) => part.tables[t]) };
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
			for (const t of want) if (part.tables[t]) out[t] = encode(part.tables[t]!);
			return { meta: part.meta, events: part.events, tables: out, serialized: Object.keys(out) };
		}
	};
}
