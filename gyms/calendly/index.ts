/**
 * The Calendly gym: reset / export / import over its database (the shared store), and its API router.
 * Base URL on the gym origin: `/api/calendly` (stands for `https://api.calendly.com`).
 *
 * The API endpoints are a later issue: for now every request is answered with Calendly's own 404 error
 * `{title:"Resource Not Found", message:"The server could not find the requested resource.", details:[]}`
 * (platforms.md §4.3), and nothing is written.
 */
import { createGymStore } from '../store';
import { gymExportSchema, parseGymExport } from '../export-schema';
import type { ApiRequest, ApiResponse, Gym, GymExport, RunInit } from '../types';
import { CalendlyDb } from './db';
import { danglingRefs } from './integrity';
import { CALENDLY_TABLE_NAMES, CalendlyState } from './schema';
import { initialState } from './seed';

/** The gym's slice of a state export: every table (strict rows), meta and events. */
export const CalendlyExport = gymExportSchema('calendly', CalendlyState);

/** Rows are keyed and ordered by `uri` (code-unit order). */
const byUri = (a: { uri: string }, b: { uri: string }) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0);

/**
 * Calendly's 404 for a path this replica does not serve (yet).
 * @returns `404 {title:"Resource Not Found", message:"The server could not find the requested resource.", details:[]}`.
 */
export function notFound(_req: ApiRequest): ApiResponse {
	return { status: 404, body: { title: 'Resource Not Found', message: 'The server could not find the requested resource.', details: [] } };
}

/**
 * Creates the Calendly gym over `db` (default: the `salesgym-calendly` database).
 * Reset is the store's; `importState` validates the whole slice (strict rows, meta, events, URIs that resolve)
 * before writing anything.
 */
export function createCalendlyGym(db = new CalendlyDb()): Gym {
	const store = createGymStore({
		gym: 'calendly',
		db,
		tables: CALENDLY_TABLE_NAMES.map((name) => ({ name, key: 'uri', compare: byUri as (a: never, b: never) => number })),
		initial: (init: RunInit) => initialState(init)
	});
	return {
		name: 'calendly',
		reset: store.reset,
		initialTables: store.initialTables,
		exportState: store.exportState,
		async importState(snapshot: GymExport) {
			return store.importState(parseGymExport('calendly', CalendlyExport, snapshot, danglingRefs));
		},
		runMeta: store.runMeta,
		async handle(req: ApiRequest): Promise<ApiResponse> {
			return notFound(req);
		}
	};
}
