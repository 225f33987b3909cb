/**
 * The Outreach gym on the gym kit: reset / export / import over its database (the shared store), and its router.
 * Base URL on the gym origin: `/api/outreach` (stands for `https://api.outreach.io/api/v2`).
 *
 * Serves the JSON:API v2 resources of `api/handlers.ts` (reads of every resource type, the writes and actions
 * Outreach's OpenAPI declares for prospects, accounts, sequenceStates, sequences, mailings, tasks and calls) and
 * the kit's `GET /me`; an unknown path is Outreach's 404 envelope `{errors:[{id:"resourceNotFound", title, detail}]}`.
 */
import { defineGym } from '../kit/define';
import { gymExportSchema } from '../export-schema';
import type { Gym } from '../types';
import { OUTREACH_ERRORS } from './api/errors';
import { OUTREACH_ROUTES } from './api/handlers';
import { OutreachDb } from './db';
import { danglingRefs, valueIssues } from './integrity';
import { OUTREACH_TABLE_NAMES, OutreachState } from './schema';
import { initialState } from './seed';

export { JSON_API } from './api/errors';

/** The gym's slice of a state export: every table (strict rows), meta and events. */
export const OutreachExport = gymExportSchema('outreach', OutreachState);

/**
 * Creates the Outreach gym over `db` (default: the `salesgym-outreach` database); with `journal`, `db` is held in
 * memory and `journal` (the same schema, in the browser's IndexedDB) keeps it durable (gyms/store.ts "Journal").
 * Reset is the store's (delta of dirty rows when the seed matches); `importState` validates the whole slice
 * (strict rows, meta, events, relationships that resolve) before writing anything.
 */
export function createOutreachGym(db = new OutreachDb(), journal?: OutreachDb): Gym {
	return defineGym({
		name: 'outreach',
		db,
		...(journal ? { journal } : {}),
		tables: OUTREACH_TABLE_NAMES.map((name) => ({ name })),
		initial: initialState,
		exportSchema: OutreachExport,
		danglingRefs,
		valueIssues,
		refWord: 'relationship',
		routes: OUTREACH_ROUTES,
		errors: OUTREACH_ERRORS
	});
}
