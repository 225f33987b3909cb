/**
 * `defineGym`: assembles a {@link Gym} from its parts, so that a gym folder holds only what is particular to its
 * product: the run lifecycle is the shared store (gyms/store.ts), an import is validated by the gym's strict
 * export schema (and its reference check), requests go through the route table with the gym's error adapter,
 * and every gym gets the kit's own routes (`GET /me`, the acting user).
 */
import type Dexie from 'dexie';
import type { z } from 'zod';
import { parseGymExport } from '../export-schema';
import { createGymStore, type GymStore, type InitialState, type ResetOptions, type TableSpec } from '../store';
import type { ApiResponse, Gym, GymEvent, GymExport, RunInit } from '../types';
import { actingUser } from './me';
import { createJsonExporter } from './export-json';
import { readMeta, trackGenerations } from './read-cache';
import { createRouter, type ErrorAdapter, type Route } from './router';
import { RUN_ORDER, type RunOrder } from './run-order';

/** What a gym is made of. `D` is its Dexie database class. */
export interface GymDefinition<D extends Dexie> {
	/** Gym name as in URLs (`/api/<name>`), exports and events, e.g. `salesnav`. */
	name: string;
	/** The gym's database (not yet opened): data tables + the store tables (`meta`, `events`, `dirty`). */
	db: D;
	/**
	 * The durable journal of a `db` held in memory (same schema, not yet opened; gyms/store.ts "Journal"): the
	 * Service Worker's gyms have one, Node's run over `db` alone.
	 */
	journal?: D;
	/** Its data tables (tracked, reset and exported by the store). */
	tables: TableSpec[];
	/** Pure projection (seed world + fixtures) → initial tables and id counters. @throws on invalid fixtures. */
	initial: (init: RunInit) => InitialState;
	/** Strict schema of the gym's export slice (`gymExportSchema(name, <Gym>State)`), applied on import. */
	exportSchema: z.ZodType;
	/** The references of imported tables that do not resolve, as text (the gym's `integrity.ts`); none = no check. */
	danglingRefs?: (tables: Record<string, unknown[]>) => string[];
	/**
	 * Imported values the gym's API would refuse on a write (out-of-enum values, a unique value twice, over-long
	 * text), as `{path, message}` with `path` inside the slice (`tables.contacts.3.properties.email`); none = no check.
	 */
	valueIssues?: (tables: Record<string, unknown[]>) => { path: string; message: string }[];
	/** What the vendor calls a reference, in the import error (default `reference`; Outreach: `relationship`). */
	refWord?: string;
	/** The gym's routes (vendor paths relative to `/api/<name>`); the kit's routes come after them. */
	routes: readonly Route<D>[];
	/** The gym's error envelope. */
	errors: ErrorAdapter;
	/** Serve reads outside transactions from the read cache (kit/read-cache.ts). Default true. */
	readCache?: boolean;
	/** The run-wide order (default: the deployment's shared counter). */
	order?: RunOrder;
}

/** Any database (the route table's context, as a fuzzer sees it: method and path only). */
type D0 = unknown;

/** A gym assembled by {@link defineGym}: the {@link Gym} interface plus its store (for benchmarks and tests). */
export interface DefinedGym extends Gym {
	readonly store: GymStore;
	/** The whole route table (the gym's routes, then the kit's), method + path pattern: what a fuzzer walks. */
	readonly routes: readonly Pick<Route<D0>, 'method' | 'path'>[];
}

/**
 * The kit's routes, served by every gym: `GET /me` → 200 `{id, email, firstName, lastName, role, title, timeZone}`
 * of the run's acting team user (RunMeta.actor, from the seed world); the gym's 409 before any run, its 404 when the
 * actor is not a user of the seed world. `GET /clock` → 200 `{clock}`: the run's virtual now (UTC ISO-8601 ms), which
 * the product's screens use as "today" (relative dates, due / overdue views) without reaching a control endpoint
 * (a sealed episode refuses those to the page).
 */
export function kitRoutes<D extends Dexie>(errors: ErrorAdapter): Route<D>[] {
	return [
		{
			method: 'GET',
			path: '/me',
			handler: async (db, req): Promise<ApiResponse> => {
				const meta = await readMeta(db);
				if (!meta) throw errors.noRun();
				const me = actingUser(meta);
				if (!me) throw errors.notFound(req);
				return { status: 200, body: me };
			}
		},
		{
			method: 'GET',
			path: '/clock',
			handler: async (db): Promise<ApiResponse> => {
				const meta = await readMeta(db);
				if (!meta) throw errors.noRun();
				return { status: 200, body: { clock: meta.clock } };
			}
		}
	];
}

/**
 * Checks that no imported event carries a `run_seq` above its gym's meta `run_seq` (the meta holds the last one
 * committed, so the run-wide counter re-derived from the metas never hands out a number twice).
 * @throws Error `gyms.<gym>: events.<i>.run_seq: …`.
 */
function checkRunSeq(gym: string, snapshot: GymExport): void {
	const last = snapshot.meta.run_seq;
	snapshot.events.forEach((e: GymEvent, i) => {
		if (e.run_seq > last) throw new Error(`gyms.${gym}: events.${i}.run_seq: ${e.run_seq} is above meta.run_seq ${last}`);
	});
}

/**
 * Checks what no stored counter or key may lie about, for every gym: a table holds each primary key once (a
 * second row with one key would silently replace the first), and every `meta.next_ids` counter of a table is
 * above the highest numeric id in it (else the next create would overwrite an existing row).
 * @param keys table name → its primary key field (default `id`).
 * @throws Error `gyms.<gym>: tables.<t>.<i>.<key>: "<id>" is the id of tables.<t>.<j> too` or
 *   `gyms.<gym>: meta.next_ids.<t>: <n> is not above the highest id in <t> (<max>)`.
 */
export function checkKeysAndCounters(gym: string, snapshot: GymExport, keys: ReadonlyMap<string, string>): void {
	for (const [table, rows] of Object.entries(snapshot.tables)) {
		const key = keys.get(table) ?? 'id';
		const seen = new Map<string, number>();
		let max = 0n;
		rows.forEach((row, i) => {
			const id = (row as Record<string, unknown>)[key];
			if (typeof id !== 'string' && typeof id !== 'number') return;
			const text = String(id);
			const first = seen.get(text);
			if (first !== undefined) throw new Error(`gyms.${gym}: tables.${table}.${i}.${key}: ${JSON.stringify(text)} is the id of tables.${table}.${first} too`);
			seen.set(text, i);
			if (/^\d+$/.test(text) && BigInt(text) > max) max = BigInt(text);
		});
		const next = snapshot.meta.next_ids[table];
		if (next !== undefined && rows.length > 0 && BigInt(next) <= max)
			throw new Error(`gyms.${gym}: meta.next_ids.${table}: ${next} is not above the highest id in ${table} (${max})`);
	}
}

/**
 * Assembles a gym: store lifecycle (reset, initialTables, export, import) + router. Registers the read cache (when
 * enabled) and the dirty tracking on `db`, and `db` with the run order; call before `db` opens.
 * - `reset(init)`: the store's; then the run-wide counter starts at 0.
 * - `importState(snapshot)`: validated first (strict schema, references, the values the API would refuse, unique
 *   keys, counters above every id, run_seq), nothing written on failure;
 *   then the run-wide counter is re-derived at the next request.
 * - `handle(req)`: loads a deferred state (`store.materialize`), waits until the run-wide counter is known, then
 *   routes (never throws).
 * @throws Error when a route pattern is malformed.
 */
export function defineGym<D extends Dexie>(def: GymDefinition<D>): DefinedGym {
	const { name, db, errors } = def;
	const order = def.order ?? RUN_ORDER;
	if (def.readCache ?? true) trackGenerations(db, `${name}-read-cache`);
	const store = createGymStore({ gym: name, db, tables: def.tables, initial: def.initial, ...(def.journal ? { journal: def.journal } : {}) });
	order.register(db, store.boot);
	const exporter = createJsonExporter(
		db,
		def.tables.map((t) => t.name),
		(tables) => store.exportState(tables),
		store
	);
	const routes = [...def.routes, ...kitRoutes<D>(errors)];
	const route = createRouter<D>(routes, errors);
	const keys = new Map(def.tables.map((t) => [t.name, t.key ?? 'id']));
	const checkImport = (snapshot: GymExport): GymExport => {
		const parsed = parseGymExport(name, def.exportSchema, snapshot, def.danglingRefs, def.refWord) as GymExport;
		const bad = def.valueIssues?.(parsed.tables) ?? [];
		if (bad.length) throw new Error(`gyms.${name}: ${bad[0]!.path}: ${bad[0]!.message}`);
		checkKeysAndCounters(name, parsed, keys);
		checkRunSeq(name, parsed);
		return parsed;
	};
	return {
		name,
		store,
		routes: routes.map(({ method, path }) => ({ method, path })),
		async reset(init: RunInit, opts?: ResetOptions) {
			const counts = await store.reset(init, opts);
			order.reset();
			return counts;
		},
		open: store.boot,
		initialTables: store.initialTables,
		checkInitial: store.checkInitial,
		exportState: store.exportState,
		exportJson: exporter.exportJson,
		checkImport,
		async importState(snapshot: GymExport) {
			const parsed = checkImport(snapshot);
			const counts = await store.importState(parsed);
			order.invalidate();
			return counts;
		},
		runMeta: store.runMeta,
		durableMeta: store.durableMeta,
		async handle(req) {
			// A gym deferred by the run's reset loads its rows before its first request.
			await store.materialize();
			const meta = await readMeta(db);
			await order.ready();
			try {
				return await route(db, req, meta);
			} finally {
				// What the request wrote is durable before it is answered.
				await store.flush();
			}
		}
	};
}
