/**
 * The read cache of a gym database: outside any transaction, whole-table reads and reads by key are answered
 * from an in-memory copy of the table, and the run meta from a copy of it. A DBCore middleware
 * ({@link trackGenerations}) bumps a generation counter of the table before and after every mutation of it (API
 * writes, resets, imports, clears), and a copy is used only while its table's generation it was read at is current:
 * a write to one table (a note, a task) leaves the copies of the others (the 3,000 contacts) in use. Inside a
 * transaction (every write handler) reads always go to the database. Sound because the Service Worker is the
 * only writer of its databases, every write goes through Dexie (so through the middleware), and a copy holds the
 * rows of one table only. Measured need: HubSpot search over the full seed must stay ≤10 ms p95 through
 * the SW, which a fresh `toArray()` per request does not allow.
 */
import { Dexie, type DBCore, type Middleware } from 'dexie';
import { mutatedKeys } from '../store';
import type { RunMeta } from '../types';

/** A cached table: rows in the caller's order and a key → row map (valid while its table's generation is unchanged). */
export interface CachedTable<T> {
	rows: T[];
	byKey: Map<string, T>;
}

interface CacheState {
	/** Bumped around every mutation of any table (for {@link dbGeneration}). */
	gen: number;
	/** Per table: bumped with `gen` around every mutation of that table only (the copies' validity). */
	tableGens: Map<string, number>;
	tables: Map<string, { gen: number } & CachedTable<unknown>>;
	meta: { gen: number; value: RunMeta | undefined } | null;
	/**
	 * Per table, for {@link changedKeysSince}: the logged mutations (in the order they completed), the keys they hold in
	 * total, and `floor`: a copy read at a generation below it reads whole (the log lost a mutation it would need).
	 */
	changes: Map<string, { log: Change[]; keys: number; floor: number }>;
	/** Mutations started and not yet ended (their keys are logged when they end). */
	inFlight: number;
}

/**
 * One logged mutation: the table generation it started at, and the primary keys it wrote (null: unknown, e.g. a clear).
 * A copy read at generation g holds every mutation that started at or before g: one still running when the copy was
 * read belongs to a transaction opened before the copy's, which IndexedDB lets finish first.
 */
interface Change {
	gen: number;
	keys: readonly unknown[] | null;
}

/** Most primary keys kept in one table's change log; older mutations are dropped (a copy older than them reads afresh). */
export const CHANGE_LOG_KEYS = 20_000;

/** Generation state per tracked database (absent = no cache for that database). */
const generations = new WeakMap<Dexie, CacheState>();

/**
 * Registers the generation-tracking middleware on `db` (call before it opens) and enables its read cache.
 * @param name middleware name, unique per database (e.g. `hubspot-read-cache`).
 */
export function trackGenerations(db: Dexie, name = 'salesgym-read-cache'): void {
	const state: CacheState = { gen: 0, tableGens: new Map(), tables: new Map(), meta: null, changes: new Map(), inFlight: 0 };
	// Entries are logged as mutations complete, which need not be the order they started in (their `gen`).
	const log = (table: string, change: Change): void => {
		let c = state.changes.get(table);
		if (!c) state.changes.set(table, (c = { log: [], keys: 0, floor: 0 }));
		if (change.keys === null) {
			// Every copy older than this mutation must read whole anyway: the entries before it are of no use.
			c.log = [];
			c.keys = 0;
			c.floor = Math.max(c.floor, change.gen);
			return;
		}
		c.log.push(change);
		c.keys += change.keys.length;
		while (c.keys > CHANGE_LOG_KEYS && c.log.length > 0) {
			const dropped = c.log.shift()!;
			c.keys -= dropped.keys!.length;
			c.floor = Math.max(c.floor, dropped.gen);
		}
	};
	generations.set(db, state);
	const mw: Middleware<DBCore> = {
		stack: 'dbcore',
		name,
		create(down) {
			return {
				...down,
				table(table) {
					const t = down.table(table);
					return {
						...t,
						async mutate(req) {
							const bump = () => {
								state.gen++;
								state.tableGens.set(table, (state.tableGens.get(table) ?? 0) + 1);
							};
							bump();
							const gen = state.tableGens.get(table)!;
							state.inFlight++;
							try {
								const res = await t.mutate(req);
								log(table, { gen, keys: mutatedKeys(req, res) });
								return res;
							} catch (err) {
								// A failed request may still have written part of a bulk: its keys are not known.
								log(table, { gen, keys: null });
								throw err;
							} finally {
								state.inFlight--;
								bump();
							}
						}
					};
				}
			};
		}
	};
	db.use(mw);
}

/**
 * The cached copy of table `table` of `db`, read at the current generation when needed; null inside a
 * transaction or when `db` is not tracked (then read the database yourself).
 * @param toWire stored row → wire row (e.g. strips index keys); applied once per read.
 * @param keyOf the key of a wire row.
 * @param compare order of `rows`.
 */
export async function cachedTable<T>(
	db: Dexie,
	table: string,
	toWire: (row: unknown) => T,
	keyOf: (row: T) => string,
	compare: (a: T, b: T) => number
): Promise<CachedTable<T> | null> {
	const state = generations.get(db);
	if (!state || Dexie.currentTransaction) return null;
	const hit = state.tables.get(table);
	const gen = state.tableGens.get(table) ?? 0;
	if (hit && hit.gen === gen) return hit as unknown as CachedTable<T>;
	const rows = (await db.table(table).toArray()).map(toWire);
	rows.sort(compare);
	const entry = { gen, rows, byKey: new Map(rows.map((r) => [keyOf(r), r])) };
	state.tables.set(table, entry as unknown as { gen: number } & CachedTable<unknown>);
	return entry;
}

/** The run meta of `db` (cached like the tables outside transactions, by the `meta` table's generation); undefined before the first reset. */
export async function readMeta(db: Dexie): Promise<RunMeta | undefined> {
	const state = generations.get(db);
	const read = () => db.table('meta').get('run') as Promise<RunMeta | undefined>;
	if (!state || Dexie.currentTransaction) return read();
	const gen = state.tableGens.get('meta') ?? 0;
	if (state.meta && state.meta.gen === gen) return state.meta.value;
	const value = await read();
	state.meta = { gen, value };
	return value;
}

/**
 * The generation of database `db` (bumped before and after every mutation of any of its tables), or null when
 * `db` is not tracked ({@link trackGenerations}). Two equal readings mean no mutation started or ended between them.
 */
export function dbGeneration(db: Dexie): number | null {
	return generations.get(db)?.gen ?? null;
}

/**
 * The generation of table `table` of `db` (bumped before and after every mutation of that table: API writes,
 * resets, imports, clears), or null when `db` is not tracked. A copy read while the table was at generation g is
 * current exactly while the generation is still g.
 */
export function tableGeneration(db: Dexie, table: string): number | null {
	const state = generations.get(db);
	return state ? (state.tableGens.get(table) ?? 0) : null;
}

/**
 * How many mutations of `db` have started and not ended (0 when `db` is not tracked). A mutation's keys reach the log
 * ({@link changedKeysSince}) when it ends, so a copy is patched only from a moment when none is running.
 */
export function mutationsInFlight(db: Dexie): number {
	return generations.get(db)?.inFlight ?? 0;
}

/**
 * The primary keys of table `table` of `db` written by every mutation that started after the table was at generation
 * `gen` ({@link tableGeneration}), duplicates included, in no particular order; null when they are not known (a clear or a
 * range delete, a failed bulk, mutations older than the log keeps ({@link CHANGE_LOG_KEYS}), an untracked database).
 * A copy of the table read at generation `gen` becomes current again by re-reading exactly these keys.
 */
export function changedKeysSince(db: Dexie, table: string, gen: number): unknown[] | null {
	const state = generations.get(db);
	if (!state) return null;
	const c = state.changes.get(table);
	if (!c) return (state.tableGens.get(table) ?? 0) === gen ? [] : null;
	if (gen < c.floor) return null;
	const out: unknown[] = [];
	for (const e of c.log) if (e.gen > gen) for (const k of e.keys!) out.push(k);
	return out;
}
