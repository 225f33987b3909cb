/**
 * The Calendly gym on the gym kit: reset / export / import over its database (the shared store), and its router.
 * Base URL on the gym origin: `/api/calendly` (stands for `https://api.calendly.com`).
 *
 * The vendor endpoints are a later issue: for now only the kit's routes (`GET /me`) are served; every other path
 * is answered with Calendly's own 404 error `{title:"Resource Not Found", message:"The server could not find the
 * requested resource.", details:[]}`, and nothing is written.
 */
import { defineGym } from '../kit/define';
import { gymExportSchema } from '../export-schema';
import type { Gym } from '../types';
import { CALENDLY_ERRORS } from './api/errors';
import { CalendlyDb } from './db';
import { danglingRefs } from './integrity';
import { CALENDLY_TABLE_NAMES, CalendlyState } from './schema';
import { initialState } from './seed';

/** The gym's slice of a state export: every table (strict rows), meta and events. */
export const CalendlyExport = gymExportSchema('calendly', CalendlyState);

/** Rows are keyed and ordered by `uri` (code-unit order). */
const byUri = (a: { uri: string }, b: { uri: string }) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0);

/**
 * Creates the Calendly gym over `db` (default: the `salesgym-calendly` database).
 * Reset is the store's; `importState` validates the whole slice (strict rows, meta, events, URIs that resolve)
 * before writing anything.
 */
export function createCalendlyGym(db = new CalendlyDb()): Gym {
	return defineGym({
		name: 'calendly',
		db,
		tables: CALENDLY_TABLE_NAMES.map((name) => ({ name, key: 'uri', compare: byUri as (a: never, b: never) => number })),
		initial: initialState,
		exportSchema: CalendlyExport,
		danglingRefs,
		routes: [],
		errors: CALENDLY_ERRORS
	});
}
