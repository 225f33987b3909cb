/**
 * Generic run-state machinery shared by every gym: reset (fast delta or full load), export, import, and the
 * dirty-row tracking that makes a reset O(rows the episode touched).
 *
 * How it works
 * - Every gym database has its data tables plus `meta` (key `key`: the `run` RunMeta and the `base` record),
 *   `events` (key `seq`) and `dirty` (key `id`). See {@link GYM_STORE_TABLES}.
 * - A Dexie DBCore middleware ({@link trackDirty}) widens every read-write transaction that touches a data
 *   table with `dirty`, and records `{table, key}` of each row put/added/deleted in the SAME transaction. An
 *   aborted request therefore leaves no dirty record either.
 * - `meta.base` says which initial state the database was last loaded from: seed number + a hash of the seed-only
 *   initial rows (so a new build whose world or projection differs never restores onto stale rows) + fixtures
 *   hash + the keys the fixtures touch.
 * - `reset(init)`: when the base's seed matches, it restores only the dirty rows (and, if the fixtures
 *   changed, the rows of the old and new fixtures) from the cached initial tables: put back the initial
 *   row, or delete a row that did not exist. Otherwise (fresh database, other seed, after an import, after a
 *   `clear()`), it clears and bulk-loads everything (a "full" reset).
 * - The initial tables of a (seed, fixtures) pair are computed once by the gym's pure `initial()` and cached.
 * - A **deferred** reset (`reset(init, {defer: true})`, for a gym the run's task does not use) writes no row and
 *   computes no projection: it empties the tables and records `base.deferred` (the fixtures to project). The gym's
 *   state is then the initial state of `init`, held virtually: `exportState` serves it from the projection, in
 *   memory (the same rows, in the same order, as a loaded database exports), `checkInitial` compares the empty
 *   tables, and {@link GymStore.materialize} (the first API request) bulk-loads it. A deferred reset of a gym that
 *   is already loaded resets it the usual way (delta), so a warm database stays loaded.
 *
 * Journal (the Service Worker's gyms; {@link GymStoreOptions.journal})
 * - `db` lives in memory (fake-indexeddb, gyms/memory-db.ts): a full load of thousands of seed rows costs memory
 *   copies, where the browser's IndexedDB costs one request per row (HubSpot's 7,375 rows, written from a page here:
 *   1.25 s into IndexedDB, 0.25 s into memory). Every rule above applies to `db` unchanged.
 * - The journal is a database of the same schema in the browser's IndexedDB. It never holds the seed rows: only the
 *   run meta, the `base` record (with the fixtures, so the projection can be computed again), the event log, the dirty
 *   log, and the current version of each row an API request changed (a row the dirty log names but the journal lacks
 *   was deleted). An imported state, which no projection gives, is kept whole in the `snapshot` meta record.
 * - Each API request's changes are copied to the journal in one transaction before the request is answered
 *   ({@link GymStore.flush}); a reset or an import rewrites the journal's few records in one transaction.
 * - When the Service Worker starts again, {@link GymStore.boot} rebuilds `db`: the projection of the journaled base
 *   (or the snapshot), then the journaled rows and deletions, the log and the meta over it. A row found in the
 *   journal that its dirty log does not name was written there outside the store: it is loaded too (the state is
 *   what the browser stores), and {@link GymStore.checkInitial} reports its table as differing until a full reset.
 */
import Dexie, { type DBCore, type DBCoreMutateRequest, type DBCoreMutateResponse, type DBCoreTransaction, type IndexableType, type Middleware } from 'dexie';
import { fnv1a } from '../seeds/rng';
import { DEFAULT_ACTOR } from '../seeds/team';
import type { GymEvent, GymExport, RunInit, RunMeta } from './types';
import { bulkWrites, shareRowsIn } from './memory-db';
import { loadPrebuiltProjection } from './kit/prebuilt';

/** Tables every gym database must declare besides its data tables, with their Dexie schema strings. */
export const GYM_STORE_TABLES = { meta: 'key', events: 'seq', dirty: 'id' } as const;

/** Marker key recorded when a whole table was cleared (`deleteRange`): the next reset must be full. */
const ALL = '*';

/** The `id` of the dirty record of row `key` of `table`. */
const dirtyId = (table: string, key: unknown): string => `${table}\u0001${String(key)}`;

/** A dirty log by table: the keys of the rows changed, or null when the whole table was cleared ({@link ALL}). */
function dirtyByTable(dirty: readonly DirtyRow[]): Map<string, IndexableType[] | null> {
	const out = new Map<string, IndexableType[] | null>();
	for (const d of dirty) {
		const keys = out.get(d.table);
		if (d.key === ALL || keys === null) out.set(d.table, null);
		else if (keys) keys.push(d.key as IndexableType);
		else out.set(d.table, [d.key as IndexableType]);
	}
	return out;
}

/** One dirty record: a row of `table` with primary key `key` changed since the last reset. */
export interface DirtyRow {
	/** `${table}\u0001${key}`. */
	id: string;
	table: string;
	key: unknown;
}

/** The `meta` row that says which initial state the database holds. */
interface BaseRecord {
	key: 'base';
	seed: number;
	/** Hash of the seed-only initial rows (the projection of the world, as this build computes it). */
	content: string;
	/** Hash of the canonical fixtures JSON (`''` = none). */
	hash: string;
	/** Primary keys per table whose initial row differs from the seed-only state because of the fixtures. */
	fixtureKeys: Record<string, unknown[]>;
	/**
	 * Set by a deferred reset: the tables hold no row and the state is the initial state of (seed, these fixtures),
	 * loaded on first use; `content` is then `''`. Absent once the rows are loaded.
	 */
	deferred?: { fixtures: unknown };
	/**
	 * The fixtures the loaded rows were projected with (absent: none, or a base written by an older build). Lets a
	 * journaled store rebuild the state from the projection after the Service Worker restarts ({@link GymStore.boot}).
	 */
	fixtures?: unknown;
}

/** The journal's record of an imported state (no projection to rebuild it from): its stored rows per table. */
interface SnapshotRecord {
	key: 'snapshot';
	stored: Record<string, unknown[]>;
}

/** Options of {@link GymStore.reset}. */
export interface ResetOptions {
	/**
	 * Defer the load (see the module docs): write no row now, serve exports from the projection and load the rows
	 * at the first {@link GymStore.materialize}. Ignored when the database already holds a loaded state of `init.seed`.
	 */
	defer?: boolean;
}

/** A data table of a gym, as the store sees it. */
export interface TableSpec {
	/** Dexie table name = export table name, e.g. `contacts`. */
	name: string;
	/** Primary key property of the row (default `id`). Inbound keys only. */
	key?: string;
	/** Wire row → stored row (e.g. adds an index key). Default: identity. */
	toRow?: (wire: never) => unknown;
	/** Stored row → wire row (strips index keys). Default: identity. */
	fromRow?: (row: never) => unknown;
	/** Export order of wire rows. Default: by primary key, numeric strings numerically, else code-unit order. */
	compare?: (a: never, b: never) => number;
}

/** What a gym's pure projection returns: the wire rows of each data table (any order) and the next ids. */
export interface InitialState {
	tables: Record<string, unknown[]>;
	/** Next id per object type, for ids the API hands out (must be ≥ every seeded/fixture id + 1). */
	next_ids: Record<string, number>;
}

/** What a gym gives the store. */
export interface GymStoreOptions {
	/** Gym name, e.g. `hubspot`. */
	gym: string;
	/** The gym's Dexie database (not yet opened): data tables + {@link GYM_STORE_TABLES}. */
	db: Dexie;
	/** Its data tables (every one is tracked, reset and exported). */
	tables: TableSpec[];
	/**
	 * Pure projection: (seed, fixtures) → initial wire tables. Deterministic; must not read the database.
	 * @throws Error whose message starts with the fixture path, e.g. `fixtures.hubspot.contacts[0]…: …`.
	 */
	initial: (init: RunInit) => InitialState;
	/** Validates an imported snapshot's tables (strict zod). @throws Error naming the path. */
	validateTables?: (tables: Record<string, unknown[]>) => void;
	/**
	 * The durable journal of a store whose `db` lives in memory (the Service Worker's: `db` over fake-indexeddb, the
	 * journal over the browser's IndexedDB, same schema; see the module docs, "Journal"). Absent: `db` is the state.
	 */
	journal?: Dexie;
	/**
	 * Identity of what the projection depends on, recorded as the base's `content` instead of a hash of the seed-only
	 * rows: a database loaded under another identity reloads at its next reset instead of restoring by delta. Default:
	 * the build's (`__SALESGYM_PROJECTION_ID__`, seeds/projection-id.ts: a digest of the gyms' and seeds' sources, the
	 * worlds and the locked dependencies), which saves a first reset serializing and hashing every seed row; outside a
	 * build (Node), the FNV-1a hash of the seed-only rows' JSON, table by table.
	 */
	projectionId?: string;
}

/** Set by the build (vite.config.ts `define`): the projection identity, see {@link GymStoreOptions.projectionId}. */
declare const __SALESGYM_PROJECTION_ID__: string | undefined;

/** How a reset went: `delta` restored `restored` rows; `full` cleared and bulk-loaded everything; `deferred` wrote no row. */
export interface ResetReport {
	mode: 'delta' | 'full' | 'deferred';
	restored: number;
}

/** What {@link GymStore.checkInitial} finds: the tables (and `events`) that differ from the initial state, and a digest. */
export interface InitialCheck {
	/** Data tables whose rows differ from the initial state's (count, or any row's content), plus `events` when not empty. */
	differing: string[];
	/**
	 * Hex SHA-256 over the tables in spec order, each as `<table>:rows:<SHA-256 of its rows' JSON in IndexedDB key
	 * order>` (a table checked row by row) or `<table>:keys:<SHA-256 of the JSON of its keys>` (checked by keys).
	 */
	state_sha256: string;
	/** The same digest of the initial state (so, for the same `deep`, equal iff nothing differs). */
	initial_sha256: string;
}

/** The lifecycle half of a {@link import('./types').Gym}, implemented once for every gym. */
export interface GymStore {
	/**
	 * Resets to the initial state of `init` (see the module docs). @returns row counts per table (`{}` for a
	 * deferred reset). @throws on invalid fixtures.
	 */
	reset(init: RunInit, opts?: ResetOptions): Promise<Record<string, number>>;
	/**
	 * Loads the rows of a deferred state (one bulk write; the run meta keeps its clock and counters and gets the
	 * projection's `next_ids`); resolves at once when the rows are loaded. Call before serving a request.
	 */
	materialize(): Promise<void>;
	/**
	 * Compares the database with the initial state of `init` (seed + fixtures), and the event log (must be empty).
	 * A table in `deep` (all of them when `deep` is undefined) is compared row by row: each stored row's JSON with the
	 * projection's, in one read of its rows. Any other table is compared by its primary keys only (IndexedDB key
	 * order, no row read): cheap, and it sees a row added or deleted but not a row changed in place, so the caller
	 * must put in `deep` every table that may have been written since it was last checked (the harness learns them
	 * from the browser's IndexedDB change notifications, harness/warm.ts). The initial side is computed once per state.
	 * @param deep data table names, e.g. `contacts`; names that are not tables of the gym are ignored.
	 */
	checkInitial(init: RunInit, deep?: ReadonlySet<string>): Promise<InitialCheck>;
	initialTables(init: RunInit): Promise<Record<string, unknown[]>>;
	exportState(tables?: readonly string[]): Promise<GymExport>;
	/**
	 * The rows of data table `table` at primary keys `keys`, as `exportState` gives them (wire rows), read in one
	 * transaction: `undefined` where no row has the key. Null while the state is deferred (its rows are not in the
	 * database, so an absent row does not mean a deleted one) or when `table` is not a data table.
	 */
	readRows(table: string, keys: readonly unknown[]): Promise<(unknown | undefined)[] | null>;
	/** Export order of data table `table` (as `exportState` sorts it: a total order on the primary key field `key`); null for an unknown table. */
	exportOrder(table: string): { key: string; compare: (a: unknown, b: unknown) => number } | null;
	importState(snapshot: GymExport): Promise<Record<string, number>>;
	runMeta(): Promise<RunMeta | null>;
	/** How the last `reset` of this instance went (null before one). For benchmarks and tests. */
	lastReset(): ResetReport | null;
	/**
	 * Rebuilds the in-memory database from the journal once per instance (a no-op without a journal, and after the
	 * first call): the projection of the journaled base (or the imported snapshot), then the journaled rows, deletions,
	 * events and run meta over it. Every other method waits for it; call it before reading `db` directly.
	 */
	boot(): Promise<void>;
	/**
	 * Writes what API transactions changed in the in-memory database since the last flush to the journal (the
	 * changed rows, or their deletion; the event log, the run meta, the dirty log), in one journal transaction;
	 * flushes run one after another. A no-op without a journal. Call after each request, before answering it.
	 */
	flush(): Promise<void>;
	/** The run meta in the journal (see {@link import('./types').Gym.durableMeta}); the database's without a journal. */
	durableMeta(): Promise<RunMeta | null>;
}

/** Transactions of the store itself: their writes are not recorded as dirty. */
const untracked = new WeakSet<object>();

/**
 * The primary keys a completed DBCore mutation wrote: the deleted keys, or the keys of the rows put or added (a failed
 * row of a bulk has none); null for a range delete or a clear (keys not known). Shared by the dirty-row log below and
 * the read cache's change log (gyms/kit/read-cache.ts).
 */
export function mutatedKeys(req: DBCoreMutateRequest, res: DBCoreMutateResponse): unknown[] | null {
	if (req.type === 'deleteRange') return null;
	if (req.type === 'delete') return req.keys;
	return (res.results ?? []).filter((k) => k !== undefined);
}

/**
 * Dexie DBCore middleware recording dirty rows of `tracked` tables in the same transaction, and, when `observe` is
 * given, reporting every completed write of any table (the keys written, null for a range delete or a clear) outside
 * the store's own transactions. Registered by {@link createGymStore}; gyms never call it themselves.
 */
export function trackDirty(tracked: readonly string[], observe?: (table: string, keys: unknown[] | null) => void): Middleware<DBCore> {
	const set = new Set(tracked);
	return {
		stack: 'dbcore',
		name: 'salesgym-dirty',
		create(down) {
			return {
				...down,
				transaction(stores, mode, options) {
					const widen = mode === 'readwrite' && stores.some((s) => set.has(s)) && !stores.includes('dirty');
					return down.transaction(widen ? [...stores, 'dirty'] : stores, mode, options);
				},
				table(name) {
					const table = down.table(name);
					if (!set.has(name) && !observe) return table;
					return {
						...table,
						async mutate(req: DBCoreMutateRequest) {
							const res = await table.mutate(req);
							if (untracked.has(req.trans as object)) return res;
							const written = mutatedKeys(req, res);
							observe?.(name, written);
							if (!set.has(name)) return res;
							const keys = written ?? [ALL];
							if (keys.length) {
								const values: DirtyRow[] = keys.map((key) => ({ id: dirtyId(name, key), table: name, key }));
								await down.table('dirty').mutate({ type: 'put', trans: req.trans, values });
								observe?.(
									'dirty',
									values.map((v) => v.id)
								);
							}
							return res;
						}
					};
				}
			};
		}
	};
}

/** Default export order: numeric-string keys numerically (HubSpot ids), otherwise code-unit order. */
export function compareKeys(a: unknown, b: unknown): number {
	const x = String(a);
	const y = String(b);
	if (/^\d+$/.test(x) && /^\d+$/.test(y) && x.length !== y.length) return x.length - y.length;
	return x < y ? -1 : x > y ? 1 : 0;
}

/** Canonical JSON (keys sorted at every depth); used to hash fixtures. */
function canonical(value: unknown): string {
	return JSON.stringify(value, (_k, v: unknown) =>
		v && typeof v === 'object' && !Array.isArray(v)
			? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
			: v
	);
}

/**
 * One cached initial state: wire tables (export order), stored rows, key → stored row, fixture keys. Its rows are
 * never changed in place once built: a loaded database stores the very same objects (gyms/memory-db.ts `shareRowsIn`).
 */
interface Entry {
	hash: string;
	/** Identity of the seed-only entry's rows: the projection identity, else a hash of the rows ({@link GymStoreOptions.projectionId}). */
	content: string;
	wire: Record<string, unknown[]>;
	stored: Record<string, unknown[]>;
	index: Record<string, Map<string, unknown>>;
	next_ids: Record<string, number>;
	counts: Record<string, number>;
	fixtureKeys: Record<string, unknown[]>;
	/** Stored row JSON per key (for the reset check, computed at its first use). */
	json?: Record<string, Map<string, string>>;
	/** Primary keys per table in IndexedDB key order (computed on first check). */
	keys?: Record<string, unknown[]>;
	/** Digest per `rows:<table>` / `keys:<table>` of this state (computed on first check). */
	digests?: Record<string, string>;
}

async function sha256Of(parts: readonly string[]): Promise<string> {
	const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(parts.join('\n')));
	return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Cached entries kept per gym (LRU). */
const CACHE_SIZE = 8;

/**
 * Creates the lifecycle of a gym over its database: reset (delta when possible), initialTables (cached),
 * exportState, importState, runMeta. Registers the dirty-tracking middleware on `db`; call before `db` opens.
 * @throws Error when `db` lacks `meta`, `events` or `dirty` (at first use).
 */
export function createGymStore(opts: GymStoreOptions): GymStore {
	const { db, gym } = opts;
	const specs = opts.tables.map((t) => ({
		name: t.name,
		key: t.key ?? 'id',
		toRow: (t.toRow ?? ((w: unknown) => w)) as (w: unknown) => unknown,
		fromRow: (t.fromRow ?? ((r: unknown) => r)) as (r: unknown) => unknown,
		compare: t.compare as ((a: unknown, b: unknown) => number) | undefined
	}));
	const journal = opts.journal ?? null;
	const projectionId = opts.projectionId ?? (typeof __SALESGYM_PROJECTION_ID__ === 'string' ? __SALESGYM_PROJECTION_ID__ : undefined);
	/** Keys written by API transactions since the last {@link GymStore.flush}, per table (null: the whole table). */
	const pending = new Map<string, Set<unknown> | null>();
	const note = (table: string, keys: unknown[] | null): void => {
		if (keys === null) return void pending.set(table, null);
		let set = pending.get(table);
		if (set === null) return;
		if (!set) pending.set(table, (set = new Set()));
		for (const k of keys) set.add(k);
	};
	db.use(
		trackDirty(
			specs.map((s) => s.name),
			journal ? note : undefined
		)
	);
	// A bulk write of seed rows into the in-memory database is one request, not one per row (gyms/memory-db.ts).
	db.use(bulkWrites());
	const cache = new Map<string, Entry>();
	let last: ResetReport | null = null;
	/**
	 * Whether the rows are in the database: true after a delta or full reset, an import or a materialization; false
	 * after a deferred reset; null when not known (a new instance: `base` is read). Sound because the Service Worker
	 * is the only writer of its databases.
	 */
	let loaded: boolean | null = null;
	let materializing: Promise<void> | null = null;
	/** Every table of `d` (the database or its journal: the same schema), data tables first. */
	const tablesOf = (d: Dexie) => [...specs.map((s) => d.table(s.name)), d.table('meta'), d.table('events'), d.table('dirty')];
	const allTables = () => tablesOf(db);

	/** The export order of `spec`'s wire rows. */
	const orderOf = (spec: (typeof specs)[number]): ((a: unknown, b: unknown) => number) =>
		spec.compare ?? ((a, b) => compareKeys((a as Record<string, unknown>)[spec.key], (b as Record<string, unknown>)[spec.key]));

	function sortWire(spec: (typeof specs)[number], rows: unknown[]): unknown[] {
		return [...rows].sort(orderOf(spec));
	}

	/**
	 * The entry of `init`. `base`: the seed-only entry of the same seed; a wire row that is the base's own object (a row
	 * the fixtures left alone: the gyms' merges keep the projection's objects) takes the base's stored row instead of
	 * converting it again (rows are read-only once built).
	 */
	function build(init: RunInit, hash: string, base?: Entry): Entry {
		const { tables, next_ids } = opts.initial(init);
		const wire: Entry['wire'] = {};
		const stored: Entry['stored'] = {};
		const index: Entry['index'] = {};
		const counts: Entry['counts'] = {};
		for (const spec of specs) {
			const rows = sortWire(spec, tables[spec.name] ?? []);
			wire[spec.name] = rows;
			const baseWire = base?.wire[spec.name];
			const baseStored = base?.stored[spec.name];
			const storedOf = baseWire && baseStored ? new Map(baseWire.map((w, i) => [w, baseStored[i]])) : undefined;
			stored[spec.name] = storedOf ? rows.map((r) => storedOf.get(r) ?? spec.toRow(r as never)) : rows.map(spec.toRow);
			index[spec.name] = new Map(stored[spec.name]!.map((r) => [String((r as Record<string, unknown>)[spec.key]), r]));
			counts[spec.name] = rows.length;
		}
		return { hash, content: '', wire, stored, index, next_ids, counts, fixtureKeys: {} };
	}

	function rowJson(entry: Entry): Record<string, Map<string, string>> {
		entry.json ??= Object.fromEntries(specs.map((s) => [s.name, new Map([...entry.index[s.name]!].map(([k, r]) => [k, JSON.stringify(r)]))]));
		return entry.json;
	}

	/** Hash of the canonical fixtures JSON (`''` = none). */
	const fixtureHash = (fixtures: unknown) => (fixtures === undefined ? '' : fnv1a(canonical(fixtures)));

	/** The cached initial state of (seed, fixtures). @throws on invalid fixtures. */
	function entryFor(init: RunInit): Entry {
		const hash = fixtureHash(init.fixtures);
		const cacheKey = `${init.seed}|${hash}`;
		const hit = cache.get(cacheKey);
		if (hit) {
			cache.delete(cacheKey);
			cache.set(cacheKey, hit);
			return hit;
		}
		let entry: Entry;
		if (hash === '') {
			entry = build({ ...init }, hash);
			const stored = entry.stored;
			entry.content =
				projectionId !== undefined
					? `projection:${projectionId}`
					: fnv1a(specs.map((spec) => `${spec.name}:${fnv1a(JSON.stringify(stored[spec.name]))}`).join('|'));
		} else {
			const base = entryFor({ ...init, fixtures: undefined });
			entry = build({ ...init }, hash, base);
			entry.content = base.content;
			// The keys whose row differs from the base's: a row that is the base's own object is equal; the others are
			// compared as JSON (a fixture row may repeat the seed's row exactly).
			for (const spec of specs) {
				const keys: unknown[] = [];
				const mine = entry.index[spec.name]!;
				const theirs = base.index[spec.name]!;
				for (const [k, r] of mine) {
					const b = theirs.get(k);
					if (b !== r && (b === undefined || JSON.stringify(b) !== JSON.stringify(r))) keys.push((r as Record<string, unknown>)[spec.key]);
				}
				for (const [k, r] of theirs) if (!mine.has(k)) keys.push((r as Record<string, unknown>)[spec.key]);
				if (keys.length) entry.fixtureKeys[spec.name] = keys;
			}
		}
		cache.set(cacheKey, entry);
		while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
		return entry;
	}

	/**
	 * {@link entryFor} once the gym's prebuilt seed projection is loaded (gyms/kit/prebuilt.ts: the Service Worker's
	 * gyms have no world to compute it from). @throws on invalid fixtures, or when the projection cannot be loaded.
	 */
	async function entryOf(init: RunInit): Promise<Entry> {
		await loadPrebuiltProjection(gym, init.seed);
		return entryFor(init);
	}

	/** The run init a deferred state was recorded with (the run meta + the base's fixtures). */
	function deferredInit(base: BaseRecord, run: RunMeta): RunInit {
		return { run_id: run.run_id, task_id: run.task_id, seed: base.seed, clock: run.clock, fixtures: base.deferred?.fixtures, actor: run.actor };
	}

	/** The base record of a loaded `entry`. */
	const baseOf = (init: RunInit, entry: Entry): BaseRecord => ({
		key: 'base',
		seed: init.seed,
		content: entry.content,
		hash: entry.hash,
		fixtureKeys: entry.fixtureKeys,
		...(init.fixtures === undefined ? {} : { fixtures: init.fixtures })
	});

	/** The `base` record when the rows are not known to be loaded (null when they are, or there is none). */
	async function deferredBase(): Promise<BaseRecord | null> {
		if (loaded === true) return null;
		const base = (await db.table('meta').get('base')) as BaseRecord | undefined;
		if (base && !base.deferred) loaded = true;
		return base?.deferred ? base : null;
	}

	/**
	 * Reads an export in one transaction. `virtual`: the initial state of a deferred base, served from memory for the
	 * tables in `want` while the base is still that one (rows found in the tables anyway, written outside the store,
	 * are laid over it by key), and the projection's `next_ids` in the meta (when `entry` was computed).
	 */
	function readExport(want: typeof specs, virtual: { base: BaseRecord; entry: Entry | null } | null): Promise<GymExport> {
		return db.transaction('r', [...want.map((s) => db.table(s.name)), db.table('meta'), db.table('events')], async () => {
			const [meta, base] = (await db.table('meta').bulkGet(['run', 'base'])) as [RunMeta | undefined, BaseRecord | undefined];
			if (!meta) throw new Error(`${gym}: no run is initialized`);
			const [rows, events] = await Promise.all([
				Promise.all(want.map((s) => db.table(s.name).toArray())),
				db.table('events').orderBy('seq').toArray() as Promise<GymEvent[]>
			]);
			const out: Record<string, unknown[]> = {};
			const same = virtual !== null && base?.deferred !== undefined && base.seed === virtual.base.seed && base.hash === virtual.base.hash;
			want.forEach((s, i) => {
				const held = rows[i]!.map(s.fromRow);
				if (!same || !virtual.entry) return void (out[s.name] = sortWire(s, held));
				const initial = virtual.entry.wire[s.name] ?? [];
				if (!held.length) return void (out[s.name] = [...initial]);
				const byKey = new Map(initial.map((r) => [String((r as Record<string, unknown>)[s.key]), r]));
				for (const r of held) byKey.set(String((r as Record<string, unknown>)[s.key]), r);
				out[s.name] = sortWire(s, [...byKey.values()]);
			});
			const next_ids = same && virtual.entry ? { ...virtual.entry.next_ids } : meta.next_ids;
			return { tables: out, meta: { ...meta, next_ids }, events } satisfies GymExport;
		});
	}

	function runMetaOf(init: RunInit, next_ids: Record<string, number>): RunMeta {
		return {
			key: 'run',
			run_id: init.run_id,
			task_id: init.task_id,
			seed: init.seed,
			clock: init.clock,
			seq: 0,
			run_seq: 0,
			next_ids: { ...next_ids },
			actor: init.actor ?? DEFAULT_ACTOR
		};
	}

	/**
	 * Clears every table and writes `rows` + meta + events, in one transaction (untracked). `share`: the rows are an
	 * entry's (never changed in place), stored as they are (gyms/memory-db.ts `shareRowsIn`); else cloned.
	 */
	async function writeAll(stored: Record<string, unknown[]>, meta: RunMeta, events: GymEvent[], base: BaseRecord | null, share: boolean): Promise<void> {
		await db.transaction('rw', allTables(), async (tx) => {
			untracked.add(tx.idbtrans as object);
			if (share) shareRowsIn(tx.idbtrans as object);
			await Promise.all(allTables().map((t) => t.clear()));
			for (const spec of specs) await db.table(spec.name).bulkAdd(stored[spec.name] ?? []);
			if (events.length) await db.table('events').bulkAdd(events);
			await db.table('meta').bulkPut(base ? [meta, base] : [meta]);
		});
	}

	/** {@link GymStore.runMeta}. */
	async function runMeta(): Promise<RunMeta | null> {
		await boot();
		return ((await db.table('meta').get('run')) as RunMeta | undefined) ?? null;
	}

	let booting: Promise<void> | null = null;
	let flushing: Promise<void> = Promise.resolve();

	/** {@link GymStore.boot}: memoized; a failed boot is tried again at the next call. */
	function boot(): Promise<void> {
		if (!journal) return Promise.resolve();
		booting ??= bootFrom(journal).catch((e: unknown) => {
			booting = null;
			throw e;
		});
		return booting;
	}

	/** Rebuilds the in-memory database from journal `j` (see {@link GymStore.boot}). */
	async function bootFrom(j: Dexie): Promise<void> {
		const read = await j.transaction('r', tablesOf(j), async () => {
			const [run, base, snapshot] = (await j.table('meta').bulkGet(['run', 'base', 'snapshot'])) as [
				RunMeta | undefined,
				BaseRecord | undefined,
				SnapshotRecord | undefined
			];
			// No run: nothing to rebuild (a first load on a fresh profile reads one record, not every table).
			if (!run) return null;
			const [rows, dirty, events] = await Promise.all([
				Promise.all(specs.map((s) => j.table(s.name).toArray())),
				j.table('dirty').toArray() as Promise<DirtyRow[]>,
				j.table('events').toArray() as Promise<GymEvent[]>
			]);
			return { run, base, snapshot, rows, dirty, events };
		});
		if (!read) return;
		const { run, snapshot, rows, dirty, events } = read;
		let base = read.base;
		let initial: Record<string, unknown[]> = {};
		if (snapshot) initial = snapshot.stored;
		else if (base && !base.deferred) {
			// A base written without its fixtures (an older build) cannot be rebuilt: the next reset is a full one.
			if (fixtureHash(base.fixtures) === base.hash) initial = (await entryOf({ ...deferredInit(base, run), fixtures: base.fixtures })).stored;
			else base = undefined;
		}
		const changed = dirtyByTable(dirty);
		await db.transaction('rw', allTables(), async (tx) => {
			untracked.add(tx.idbtrans as object);
			// The entry's rows and the rows just read from the journal: nothing else holds them.
			shareRowsIn(tx.idbtrans as object);
			await Promise.all(allTables().map((t) => t.clear()));
			for (const [i, spec] of specs.entries()) {
				const table = db.table(spec.name);
				// A table cleared since the base holds the journal's rows only; otherwise the changed keys are deleted and
				// the journal puts back those that still exist.
				const keys = changed.get(spec.name);
				if (keys !== null) await table.bulkAdd(initial[spec.name] ?? []);
				if (keys?.length) await table.bulkDelete(keys);
				if (rows[i]!.length) await table.bulkPut(rows[i]!);
			}
			if (events.length) await db.table('events').bulkAdd(events);
			if (dirty.length) await db.table('dirty').bulkAdd(dirty);
			await db.table('meta').bulkPut(base ? [run, base] : [run]);
		});
		loaded = null;
	}

	/** {@link GymStore.flush}: chained after the previous flush. */
	function flush(): Promise<void> {
		if (!journal) return Promise.resolve();
		const run = flushing.then(() => flushTo(journal));
		flushing = run.catch(() => undefined);
		return run;
	}

	/** Copies the current in-memory value (or absence) of every pending key to journal `j`, in one transaction. */
	async function flushTo(j: Dexie): Promise<void> {
		if (!pending.size) return;
		const work = [...pending];
		pending.clear();
		try {
			const names = work.map(([name]) => name);
			const current = await db.transaction(
				'r',
				names.map((n) => db.table(n)),
				() =>
					Promise.all(
						work.map(async ([name, set]) => {
							const keys = set && ([...set] as IndexableType[]);
							return { keys, rows: keys ? await db.table(name).bulkGet(keys) : await db.table(name).toArray() };
						})
					)
			);
			await j.transaction(
				'rw',
				names.map((n) => j.table(n)),
				async () => {
					for (const [i, name] of names.entries()) {
						const { keys, rows } = current[i]!;
						const table = j.table(name);
						if (!keys) {
							// The whole table (it was cleared): the journal's copy is replaced.
							await table.clear();
							await table.bulkPut(rows);
							continue;
						}
						const put = rows.filter((r) => r !== undefined);
						const del = keys.filter((_, k) => rows[k] === undefined);
						if (put.length) await table.bulkPut(put);
						if (del.length) await table.bulkDelete(del);
					}
				}
			);
		} catch (e) {
			// Not journaled: kept for the next flush.
			for (const [name, keys] of work) {
				if (keys === null) pending.set(name, null);
				else note(name, [...keys]);
			}
			throw e;
		}
	}

	/**
	 * Records a reset (or an import) in the journal, in one transaction: `all` empties every journal table (the memory
	 * database was cleared and loaded whole); `delta` deletes only the rows the journal's dirty log names (a row written
	 * into the journal outside the store stays, for {@link GymStore.checkInitial} to find), and empties the log and the
	 * events. Then writes the run meta, the base (when there is one), `extra`'s events and snapshot.
	 */
	async function journalReset(
		mode: 'all' | 'delta',
		meta: RunMeta,
		base: BaseRecord | null,
		extra: { events?: GymEvent[]; snapshot?: SnapshotRecord } = {}
	): Promise<void> {
		if (!journal) return;
		const j = journal;
		await flushing;
		pending.clear();
		await j.transaction('rw', tablesOf(j), async () => {
			if (mode === 'all') await Promise.all(tablesOf(j).map((t) => t.clear()));
			else {
				for (const [table, keys] of dirtyByTable((await j.table('dirty').toArray()) as DirtyRow[])) {
					if (!specs.some((s) => s.name === table)) continue;
					if (keys === null) await j.table(table).clear();
					else await j.table(table).bulkDelete(keys);
				}
				await Promise.all([j.table('events').clear(), j.table('dirty').clear(), j.table('meta').delete('snapshot')]);
			}
			if (extra.events?.length) await j.table('events').bulkAdd(extra.events);
			await j.table('meta').bulkPut([meta, ...(base ? [base] : []), ...(extra.snapshot ? [extra.snapshot] : [])]);
		});
	}

	/**
	 * Rows of the journal's data tables that its dirty log does not name (written there outside the store), as JSON
	 * per table; empty without a journal.
	 */
	async function journalStrays(): Promise<Map<string, string[]>> {
		const out = new Map<string, string[]>();
		if (!journal) return out;
		const j = journal;
		await j.transaction('r', tablesOf(j), async () => {
			const [dirty, tables] = await Promise.all([j.table('dirty').toArray() as Promise<DirtyRow[]>, Promise.all(specs.map((s) => j.table(s.name).toArray()))]);
			const named = new Set(dirty.map((d) => d.id));
			specs.forEach((spec, i) => {
				if (named.has(dirtyId(spec.name, ALL))) return;
				const stray = tables[i]!.filter((r) => !named.has(dirtyId(spec.name, (r as Record<string, unknown>)[spec.key])));
				if (stray.length)
					out.set(
						spec.name,
						stray.map((r) => JSON.stringify(r))
					);
			});
		});
		return out;
	}

	/** The initial state's primary keys per table, in IndexedDB key order (what a key cursor returns). */
	function keyOrder(entry: Entry): Record<string, unknown[]> {
		entry.keys ??= Object.fromEntries(
			specs.map((s) => [s.name, entry.stored[s.name]!.map((r) => (r as Record<string, unknown>)[s.key]).sort((a, b) => indexedDB.cmp(a, b))])
		);
		return entry.keys;
	}

	/**
	 * Digest of one table of the initial state (cached): `rows` = SHA-256 of its stored rows' JSON in key order,
	 * `keys` = SHA-256 of the JSON of its keys in key order (the same texts {@link GymStore.checkInitial} hashes).
	 */
	async function initialDigest(entry: Entry, spec: (typeof specs)[number], mode: 'rows' | 'keys'): Promise<string> {
		const cached = (entry.digests ??= {})[`${mode}:${spec.name}`];
		if (cached !== undefined) return cached;
		const keys = keyOrder(entry)[spec.name]!;
		const json = rowJson(entry)[spec.name]!;
		const text = mode === 'keys' ? JSON.stringify(keys) : keys.map((k) => json.get(String(k))!).join('\n');
		const digest = await sha256Of([text]);
		entry.digests[`${mode}:${spec.name}`] = digest;
		return digest;
	}

	return {
		async reset(init: RunInit, opts: ResetOptions = {}) {
			await boot();
			if (opts.defer) {
				const meta = runMetaOf(init, {});
				const base: BaseRecord = {
					key: 'base',
					seed: init.seed,
					content: '',
					hash: fixtureHash(init.fixtures),
					fixtureKeys: {},
					deferred: { fixtures: init.fixtures }
				};
				const deferred = await db.transaction('rw', allTables(), async (tx) => {
					untracked.add(tx.idbtrans as object);
					const old = (await db.table('meta').get('base')) as BaseRecord | undefined;
					// A loaded state of this seed stays loaded: the usual (delta) reset below is cheaper than a reload later.
					if (old && !old.deferred && old.seed === init.seed) return false;
					await Promise.all(allTables().map((t) => t.clear()));
					await db.table('meta').bulkPut([meta, base]);
					return true;
				});
				if (deferred) {
					await journalReset('all', meta, base);
					loaded = false;
					last = { mode: 'deferred', restored: 0 };
					return {};
				}
			}
			const entry = await entryOf(init);
			const meta = runMetaOf(init, entry.next_ids);
			const base = baseOf(init, entry);
			const report = await db.transaction('rw', allTables(), async (tx): Promise<ResetReport | null> => {
				untracked.add(tx.idbtrans as object);
				shareRowsIn(tx.idbtrans as object);
				const [old, run, dirty] = await Promise.all([
					db.table('meta').get('base') as Promise<BaseRecord | undefined>,
					db.table('meta').get('run') as Promise<RunMeta | undefined>,
					db.table('dirty').toArray() as Promise<DirtyRow[]>
				]);
				if (!old || !run || old.seed !== init.seed || old.content !== entry.content || dirty.some((d) => d.key === ALL)) return null;
				const touched = new Map<string, Set<string>>(specs.map((s) => [s.name, new Set<string>()]));
				for (const d of dirty) touched.get(d.table)?.add(String(d.key));
				if (old.hash !== entry.hash) {
					for (const keys of [old.fixtureKeys, entry.fixtureKeys])
						for (const [t, ks] of Object.entries(keys)) for (const k of ks) touched.get(t)?.add(String(k));
				}
				let restored = 0;
				for (const spec of specs) {
					const keys = touched.get(spec.name)!;
					if (!keys.size) continue;
					const idx = entry.index[spec.name]!;
					const put: unknown[] = [];
					const del: string[] = [];
					for (const k of keys) {
						const row = idx.get(k);
						if (row === undefined) del.push(k);
						else put.push(row);
					}
					if (put.length) await db.table(spec.name).bulkPut(put);
					if (del.length) await db.table(spec.name).bulkDelete(del);
					restored += keys.size;
				}
				await Promise.all([db.table('events').clear(), db.table('dirty').clear()]);
				await db.table('meta').bulkPut([meta, base]);
				return { mode: 'delta', restored };
			});
			if (report) {
				await journalReset('delta', meta, base);
				last = report;
			} else {
				await writeAll(entry.stored, meta, [], base, true);
				await journalReset('all', meta, base);
				last = { mode: 'full', restored: Object.values(entry.counts).reduce((a, b) => a + b, 0) };
			}
			loaded = true;
			return { ...entry.counts };
		},

		materialize() {
			if (loaded === true) return Promise.resolve();
			materializing ??= (async () => {
				await boot();
				const base = await deferredBase();
				const run = (await db.table('meta').get('run')) as RunMeta | undefined;
				if (!base || !run) return;
				const init = deferredInit(base, run);
				const entry = await entryOf(init);
				const wrote = await db.transaction('rw', allTables(), async (tx) => {
					untracked.add(tx.idbtrans as object);
					shareRowsIn(tx.idbtrans as object);
					const [now, meta] = (await db.table('meta').bulkGet(['base', 'run'])) as [BaseRecord | undefined, RunMeta | undefined];
					// Another reset came first: this state is no longer the one to load.
					if (!now?.deferred || !meta || now.seed !== base.seed || now.hash !== base.hash) return null;
					// Put, not clear + add: a row written into the empty tables outside the store stays (the reset check sees it).
					for (const spec of specs) await db.table(spec.name).bulkPut(entry.stored[spec.name] ?? []);
					const records = [{ ...meta, next_ids: { ...entry.next_ids } }, baseOf(init, entry)];
					await db.table('meta').bulkPut(records);
					return records;
				});
				// The journal keeps no loaded row: only the run meta's new counters and the base to rebuild from.
				if (wrote && journal) await journal.table('meta').bulkPut(wrote);
				loaded = wrote ? true : null;
			})().finally(() => (materializing = null));
			return materializing;
		},

		async checkInitial(init: RunInit, deep?: ReadonlySet<string>) {
			await boot();
			const strays = await journalStrays();
			const deferred = await deferredBase();
			if (deferred) {
				// A deferred state is the initial state while its tables and log stay empty and it defers (seed, fixtures).
				const hash = fixtureHash(init.fixtures);
				const differing: string[] = [];
				const stray: string[] = [];
				await db.transaction('r', [...specs.map((s) => db.table(s.name)), db.table('events')], async () => {
					const [tables, events] = await Promise.all([Promise.all(specs.map((s) => db.table(s.name).toArray())), db.table('events').count()]);
					specs.forEach((spec, i) => {
						const journaled = strays.get(spec.name) ?? [];
						if (tables[i]!.length || journaled.length) differing.push(spec.name);
						for (const row of tables[i]!) stray.push(JSON.stringify(row));
						stray.push(...journaled);
					});
					if (events > 0) differing.push('events');
				});
				if (deferred.seed !== init.seed || deferred.hash !== hash) differing.push('fixtures');
				return {
					differing,
					state_sha256: await sha256Of(['deferred', String(deferred.seed), deferred.hash, ...stray]),
					initial_sha256: await sha256Of(['deferred', String(init.seed), hash])
				};
			}
			const entry = await entryOf(init);
			const want = rowJson(entry);
			const order = keyOrder(entry);
			const isDeep = (name: string) => deep === undefined || deep.has(name);
			const differing: string[] = [];
			/** Per table: its view's digest part, `null` while it matches the initial state's (then they are equal). */
			const held = new Map<string, string | null>();
			await db.transaction('r', [...specs.map((s) => db.table(s.name)), db.table('events')], async () => {
				const [tables, events] = await Promise.all([
					Promise.all(specs.map((s) => (isDeep(s.name) ? db.table(s.name).toArray() : db.table(s.name).toCollection().primaryKeys()))),
					db.table('events').count()
				]);
				specs.forEach((spec, i) => {
					const got = tables[i]!;
					if (isDeep(spec.name)) {
						const expected = want[spec.name]!;
						const texts = got.map((row) => JSON.stringify(row));
						const same = got.length === expected.size && got.every((row, j) => expected.get(String((row as Record<string, unknown>)[spec.key])) === texts[j]);
						held.set(spec.name, same ? null : texts.join('\n'));
					} else {
						// Keys only (IndexedDB key order): a row added or deleted shows; a row changed in place does not.
						const keys = order[spec.name]!;
						const same = got.length === keys.length && got.every((k, j) => indexedDB.cmp(k, keys[j]) === 0);
						held.set(spec.name, same ? null : JSON.stringify(got));
					}
					// Rows written into the journal outside the store differ too (they would be loaded at the next boot).
					const journaled = strays.get(spec.name);
					if (journaled) held.set(spec.name, `${held.get(spec.name) ?? ''}\njournal:\n${journaled.join('\n')}`);
					if (held.get(spec.name) !== null) differing.push(spec.name);
				});
				if (events > 0) differing.push('events');
			});
			const initialParts: string[] = [];
			const heldParts: string[] = [];
			for (const spec of specs) {
				const mode = isDeep(spec.name) ? 'rows' : 'keys';
				const initialPart = await initialDigest(entry, spec, mode);
				const h = held.get(spec.name);
				initialParts.push(`${spec.name}:${mode}:${initialPart}`);
				heldParts.push(`${spec.name}:${mode}:${h == null ? initialPart : await sha256Of([h])}`);
			}
			return { differing, state_sha256: await sha256Of(heldParts), initial_sha256: await sha256Of(initialParts) };
		},

		async initialTables(init: RunInit) {
			return { ...(await entryOf(init)).wire };
		},

		async exportState(tables?: readonly string[]) {
			await boot();
			const want = specs.filter((s) => !tables || tables.includes(s.name));
			const base = await deferredBase();
			if (!base) return readExport(want, null);
			// Deferred: the projection is computed only when a table is asked for (`meta.next_ids` stays as stored otherwise).
			const run = (await db.table('meta').get('run')) as RunMeta | undefined;
			if (!run) throw new Error(`${gym}: no run is initialized`);
			return readExport(want, { base, entry: want.length ? await entryOf(deferredInit(base, run)) : null });
		},

		async readRows(table: string, keys: readonly unknown[]) {
			const spec = specs.find((s) => s.name === table);
			await boot();
			if (!spec || (await deferredBase())) return null;
			const rows = await db.table(table).bulkGet(keys as IndexableType[]);
			return rows.map((r) => (r === undefined ? undefined : spec.fromRow(r)));
		},

		exportOrder(table: string) {
			const spec = specs.find((s) => s.name === table);
			return spec ? { key: spec.key, compare: orderOf(spec) } : null;
		},

		async importState(snapshot: GymExport) {
			opts.validateTables?.(snapshot.tables);
			await boot();
			const stored: Record<string, unknown[]> = {};
			const counts: Record<string, number> = {};
			for (const spec of specs) {
				const rows = snapshot.tables[spec.name] ?? [];
				stored[spec.name] = rows.map(spec.toRow);
				counts[spec.name] = rows.length;
			}
			// No base record: the next reset is a full one (the imported rows are not tracked as dirty).
			await writeAll(stored, snapshot.meta, snapshot.events, null, false);
			await journalReset('all', snapshot.meta, null, { events: snapshot.events, snapshot: { key: 'snapshot', stored } });
			loaded = true;
			return counts;
		},

		runMeta,

		lastReset: () => last,
		boot,
		flush,
		async durableMeta() {
			if (!journal) return runMeta();
			return ((await journal.table('meta').get('run')) as RunMeta | undefined) ?? null;
		}
	};
}

/** The current Dexie transaction's underlying core transaction (for tests). */
export function currentCoreTransaction(): DBCoreTransaction | null {
	return (Dexie.currentTransaction?.idbtrans as DBCoreTransaction | undefined) ?? null;
}
