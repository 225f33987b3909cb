/**
 * The Sales Navigator gym on the gym kit: reset / export / import over its database (the shared store), and its
 * router. Base URL on the gym origin: `/api/salesnav`. LinkedIn has no public Sales Navigator API: the replica
 * serves its own (api/lists.ts; errors `{status, serviceErrorCode, code, message}`, api/errors.ts). Served so far:
 * `GET /lists`, `GET /lists/{id}`, `POST /lists/{listId}/entries`, and the kit's `GET /me`; every other path is a
 * 404 `{status:404, serviceErrorCode:0, code:"NOT_FOUND", message:"No route matches <METHOD> <path>"}`.
 */
import { defineGym } from '../kit/define';
import type { Route } from '../kit/router';
import { gymExportSchema } from '../export-schema';
import type { Gym } from '../types';
import { SALESNAV_ERRORS } from './api/errors';
import { addEntries, getList, listLists } from './api/lists';
import { SalesNavDb } from './db';
import { danglingRefs } from './integrity';
import { SALESNAV_KEYS, SALESNAV_TABLE_NAMES, SalesNavState } from './schema';
import { initialState } from './seed';

/** The gym's slice of a state export: every table (strict rows), meta and events. */
export const SalesNavExport = gymExportSchema('salesnav', SalesNavState);

/** Route table (paths relative to `/api/salesnav`). */
const ROUTES: Route<SalesNavDb>[] = [
	{ method: 'GET', path: '/lists', handler: listLists },
	{ method: 'GET', path: '/lists/{id}', handler: getList },
	{ method: 'POST', path: '/lists/{listId}/entries', handler: addEntries }
];

/**
 * Creates the Sales Navigator gym over `db` (default: the `salesgym-salesnav` database).
 * Reset is the store's; `importState` validates the whole slice (strict rows, meta, events, references that
 * resolve, list memberships that agree) before writing anything.
 */
export function createSalesNavGym(db = new SalesNavDb()): Gym {
	return defineGym({
		name: 'salesnav',
		db,
		tables: SALESNAV_TABLE_NAMES.map((name) => ({ name, key: SALESNAV_KEYS[name] })),
		initial: initialState,
		exportSchema: SalesNavExport,
		danglingRefs,
		routes: ROUTES,
		errors: SALESNAV_ERRORS
	});
}
