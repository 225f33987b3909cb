/**
 * `defineGym`: assembles a {@link Gym} from its parts, so that a gym folder holds only what is particular to its
 * product: the run lifecycle is the shared store (gyms/store.ts), an import is validated by the gym's strict
 * export schema (and its reference check), requests go through the route table with the gym's error adapter,
 * and every gym gets the kit's own routes (`GET /me`, the acting user).
 */
import type Dexie from 'dexie';
import type { z } from 'zod';
import { parseGymExport } from '../export-schema';
import { createGymStore, type GymStore, type InitialState, type TableSpec } from '../store';
import type { ApiResponse, Gym, GymEvent, GymExport, RunInit } from '../types';
import { actingUser } from './me';
import { readMeta, trackGenerations } from './read-cache';
import { createRouter, type ErrorAdapter, type Route } from './router';
import { RUN_ORDER, type RunOrder } from './run-order';

/** What a gym is made of. `D` is its Dexie database class. */
export interface GymDefinition<D extends Dexie> {
	/** Gym name as in URLs (`/api/<name>`), exports and events, e.g. `salesnav`. */
	name: string;
	/** The gym's database (not yet opened): data tables + the store tables (`meta`, `events`, `dirty`). */
	db: D;
	/** Its data tables (tracked, reset and exported by the store). */
	tables: TableSpec[];
	/** Pure projection (seed world + fixtures) → initial tables and id counters. @throws on invalid fixtures. */
	initial: (init: RunInit) => InitialState;
	/** Strict schema of the gym's export slice (`gymExportSchema(name, <Gym>State)`), applied on import. */
	exportSchema: z.ZodType;
	/** The references of imported tables that do not resolve, as text (the gym's `integrity.ts`); none = no check. */
	danglingRefs?: (tables: Record<string, unknown[]>) => string[];
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

/** A gym assembled by {@link defineGym}: the {@link Gym} interface plus its store (for benchmarks and tests). */
export interface DefinedGym extends Gym {
	readonly store: GymStore;
}

/**
 * The kit's routes, served by every gym: `GET /me` → 200 `{id, email, firstName, lastName, role, title, timeZone}`
 * of the run's acting team user (RunMeta.actor, from the seed world); the gym's 409 before any run, its 404 when the
 * actor is not a user of the seed world.
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
 * Assembles a gym: store lifecycle (reset, initialTables, export, import) + router. Registers the read cache (when
 * enabled) and the dirty tracking on `db`, and `db` with the run order; call before `db` opens.
 * - `reset(init)`: the store's; then the run-wide counter starts at 0.
 * - `importState(snapshot)`: validated first (strict schema, references, run_seq), nothing written on failure;
 *   then the run-wide counter is re-derived at the next request.
 * - `handle(req)`: waits until the run-wide counter is known, then routes (never throws).
 * @throws Error when a route pattern is malformed.
 */
export function defineGym<D extends Dexie>(def: GymDefinition<D>): DefinedGym {
	const { name, db, errors } = def;
	const order = def.order ?? RUN_ORDER;
	if (def.readCache ?? true) trackGenerations(db, `${name}-read-cache`);
	const store = createGymStore({ gym: name, db, tables: def.tables, initial: def.initial });
	order.register(db);
	const route = createRouter<D>([...def.routes, ...kitRoutes<D>(errors)], errors);
	return {
		name,
		store,
		async reset(init: RunInit) {
			const counts = await store.reset(init);
			order.reset();
			return counts;
		},
		initialTables: store.initialTables,
		exportState: store.exportState,
		async importState(snapshot: GymExport) {
			const parsed = parseGymExport(name, def.exportSchema, snapshot, def.danglingRefs, def.refWord) as GymExport;
			checkRunSeq(name, parsed);
			const counts = await store.importState(parsed);
			order.invalidate();
			return counts;
		},
		runMeta: store.runMeta,
		async handle(req) {
			const meta = await readMeta(db);
			await order.ready();
			return route(db, req, meta);
		}
	};
}
