/**
 * The Outreach gym: reset / export / import over its database (the shared store), and its API router.
 * Base URL on the gym origin: `/api/outreach` (stands for `https://api.outreach.io/api/v2`).
 *
 * The API endpoints are a later issue: for now every request is answered with Outreach's own 404 error
 * envelope `{errors:[{id:"resourceNotFound", title, detail}]}` (platforms.md §3.3), and nothing is written.
 */
import { createGymStore } from '../store';
import { gymExportSchema, parseGymExport } from '../export-schema';
import type { ApiRequest, ApiResponse, Gym, GymExport, RunInit } from '../types';
import { OutreachDb } from './db';
import { danglingRefs } from './integrity';
import { OUTREACH_TABLE_NAMES, OutreachState } from './schema';
import { initialState } from './seed';

/** JSON:API media type Outreach answers with. */
export const JSON_API = 'application/vnd.api+json';

/** The gym's slice of a state export: every table (strict rows), meta and events. */
export const OutreachExport = gymExportSchema('outreach', OutreachState);

/**
 * Outreach's 404 for a path this replica does not serve (yet).
 * @returns `404 {errors:[{id:"resourceNotFound", title:"Resource Not Found", detail}]}` with the JSON:API type.
 */
export function notFound(req: ApiRequest): ApiResponse {
	return {
		status: 404,
		body: { errors: [{ id: 'resourceNotFound', title: 'Resource Not Found', detail: `No route matches ${req.method} ${req.path}` }] },
		headers: { 'content-type': JSON_API }
	};
}

/**
 * Creates the Outreach gym over `db` (default: the `salesgym-outreach` database).
 * Reset is the store's (delta of dirty rows when the seed matches); `importState` validates the whole slice
 * (strict rows, meta, events, relationships that resolve) before writing anything.
 */
export function createOutreachGym(db = new OutreachDb()): Gym {
	const store = createGymStore({
		gym: 'outreach',
		db,
		tables: OUTREACH_TABLE_NAMES.map((name) => ({ name })),
		initial: (init: RunInit) => initialState(init)
	});
	return {
		name: 'outreach',
		reset: store.reset,
		initialTables: store.initialTables,
		exportState: store.exportState,
		async importState(snapshot: GymExport) {
			return store.importState(parseGymExport('outreach', OutreachExport, snapshot, danglingRefs, 'relationship'));
		},
		runMeta: store.runMeta,
		async handle(req: ApiRequest): Promise<ApiResponse> {
			return notFound(req);
		}
	};
}
