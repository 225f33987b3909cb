/**
 * The Sales Navigator gym: reset / export / import over its database (the shared store), and its API router.
 * Base URL on the gym origin: `/api/salesnav`. LinkedIn has no public Sales Navigator API: the replica will serve
 * an invented internal one (`/sn/leads/search`, `/sn/lists/{id}/members`, … platforms.md §1.3) in a later issue.
 *
 * For now every request is answered with a LinkedIn-style JSON error
 * `404 {status:404, serviceErrorCode:0, code:"NOT_FOUND", message}`, and nothing is written.
 */
import { createGymStore } from '../store';
import { gymExportSchema, parseGymExport } from '../export-schema';
import type { ApiRequest, ApiResponse, Gym, GymExport, RunInit } from '../types';
import { SalesNavDb } from './db';
import { danglingRefs } from './integrity';
import { SALESNAV_KEYS, SALESNAV_TABLE_NAMES, SalesNavState } from './schema';
import { initialState } from './seed';

/** The gym's slice of a state export: every table (strict rows), meta and events. */
export const SalesNavExport = gymExportSchema('salesnav', SalesNavState);

/**
 * The replica-internal API's 404 (LinkedIn REST error shape).
 * @returns `404 {status:404, serviceErrorCode:0, code:"NOT_FOUND", message:"No route matches <METHOD> <path>"}`.
 */
export function notFound(req: ApiRequest): ApiResponse {
	return { status: 404, body: { status: 404, serviceErrorCode: 0, code: 'NOT_FOUND', message: `No route matches ${req.method} ${req.path}` } };
}

/**
 * Creates the Sales Navigator gym over `db` (default: the `salesgym-salesnav` database).
 * Reset is the store's; `importState` validates the whole slice (strict rows, meta, events, references that
 * resolve, list memberships that agree) before writing anything.
 */
export function createSalesNavGym(db = new SalesNavDb()): Gym {
	const store = createGymStore({
		gym: 'salesnav',
		db,
		tables: SALESNAV_TABLE_NAMES.map((name) => ({ name, key: SALESNAV_KEYS[name] })),
		initial: (init: RunInit) => initialState(init)
	});
	return {
		name: 'salesnav',
		reset: store.reset,
		initialTables: store.initialTables,
		exportState: store.exportState,
		async importState(snapshot: GymExport) {
			return store.importState(parseGymExport('salesnav', SalesNavExport, snapshot, danglingRefs));
		},
		runMeta: store.runMeta,
		async handle(req: ApiRequest): Promise<ApiResponse> {
			return notFound(req);
		}
	};
}
