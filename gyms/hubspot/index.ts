/**
 * The HubSpot gym: its route table (vendor paths → handlers) on the gym kit, and reset / export / import over
 * its database. Base URL on the gym origin: `/api/hubspot` (stands for `https://api.hubapi.com`).
 */
import { defineGym } from '../kit/define';
import type { Route } from '../kit/router';
import { gymExportSchema } from '../export-schema';
import type { Gym } from '../types';
import { batchReadAssociations, deleteAssociation, listAssociations, putAssociation, putDefaultAssociation } from './api/associations';
import { batchHandler } from './api/batch';
import { archiveHandler, createHandler, getHandler, listHandler, updateHandler } from './api/engine';
import { HUBSPOT_ERRORS } from './api/errors';
import { mergeContacts } from './api/merge';
import { getOwner, listOwners } from './api/owners';
import { getPipeline, listPipelines, listStages } from './api/pipelines';
import { getProperty, listProperties } from './api/properties';
import { searchHandler } from './api/search';
import { SALES_ROUTES } from './api/sales-routes';
import { createView, deleteView, listViews, updateView } from './api/views';
import { fromContactRow, HubSpotDb, toContactRow } from './db';
import { danglingRefs, valueIssues } from './integrity';
import { HUBSPOT_TABLES, HubSpotState } from './schema';
import { OBJECT_TYPES } from './properties';
import { initialState } from './seed';

/** Route table: method + vendor path pattern → handler (captured groups are passed as params). */
const ROUTES: Route<HubSpotDb>[] = [
	...OBJECT_TYPES.flatMap((type) => [
		{ method: 'GET', path: new RegExp(`^/crm/v3/objects/${type}$`), handler: listHandler(type) },
		{ method: 'POST', path: new RegExp(`^/crm/v3/objects/${type}$`), handler: createHandler(type) },
		{ method: 'POST', path: new RegExp(`^/crm/v3/objects/${type}/search$`), handler: searchHandler(type) },
		{ method: 'POST', path: new RegExp(`^/crm/v3/objects/${type}/batch/([a-z]+)$`), handler: batchHandler(type) },
		{ method: 'GET', path: new RegExp(`^/crm/v3/objects/${type}/([^/]+)$`), handler: getHandler(type) },
		{ method: 'PATCH', path: new RegExp(`^/crm/v3/objects/${type}/([^/]+)$`), handler: updateHandler(type) },
		{ method: 'DELETE', path: new RegExp(`^/crm/v3/objects/${type}/([^/]+)$`), handler: archiveHandler(type) }
	]),
	{ method: 'POST', path: /^\/crm\/v3\/objects\/contacts\/merge$/, handler: mergeContacts },
	{ method: 'GET', path: /^\/crm\/v3\/owners\/?$/, handler: listOwners },
	{ method: 'GET', path: /^\/crm\/v3\/owners\/([^/]+)$/, handler: getOwner },
	{ method: 'GET', path: /^\/crm\/v4\/objects\/([a-z]+)\/([^/]+)\/associations\/([a-z]+)$/, handler: listAssociations },
	{ method: 'POST', path: /^\/crm\/v4\/associations\/([a-z]+)\/([a-z]+)\/batch\/read$/, handler: batchReadAssociations },
	{ method: 'PUT', path: /^\/crm\/v4\/objects\/([a-z]+)\/([^/]+)\/associations\/default\/([a-z]+)\/([^/]+)$/, handler: putDefaultAssociation },
	{ method: 'PUT', path: /^\/crm\/v4\/objects\/([a-z]+)\/([^/]+)\/associations\/([a-z]+)\/([^/]+)$/, handler: putAssociation },
	{ method: 'DELETE', path: /^\/crm\/v4\/objects\/([a-z]+)\/([^/]+)\/associations\/([a-z]+)\/([^/]+)$/, handler: deleteAssociation },
	{ method: 'GET', path: /^\/crm\/v3\/pipelines\/deals$/, handler: listPipelines },
	{ method: 'GET', path: /^\/crm\/v3\/pipelines\/deals\/([^/]+)$/, handler: getPipeline },
	{ method: 'GET', path: /^\/crm\/v3\/pipelines\/deals\/([^/]+)\/stages$/, handler: listStages },
	{ method: 'GET', path: /^\/crm\/v3\/properties\/([a-z]+)$/, handler: listProperties },
	{ method: 'GET', path: /^\/crm\/v3\/properties\/([a-z]+)\/([^/]+)$/, handler: getProperty },
	...SALES_ROUTES,
	// gym-specific: saved index views (HubSpot has no public views API), see api/views.ts
	{ method: 'GET', path: /^\/crm\/v3\/views\/([a-z]+)$/, handler: listViews },
	{ method: 'POST', path: /^\/crm\/v3\/views\/([a-z]+)$/, handler: createView },
	{ method: 'PATCH', path: /^\/crm\/v3\/views\/([a-z]+)\/([^/]+)$/, handler: updateView },
	{ method: 'DELETE', path: /^\/crm\/v3\/views\/([a-z]+)\/([^/]+)$/, handler: deleteView }
];

/** The gym's slice of a state export: every table (strict rows), meta and events. */
export const HubSpotExport = gymExportSchema('hubspot', HubSpotState);

/**
 * Creates the HubSpot gym over `db` (default: the `salesgym-hubspot` database); with `journal`, `db` is held in
 * memory and `journal` (the same schema, in the browser's IndexedDB) keeps it durable (gyms/store.ts "Journal").
 * Reset is the store's (delta of dirty rows when the seed matches); `importState` validates the whole slice
 * (strict rows, meta, events, owner / association / pipeline references that resolve, values the API would
 * accept: enumeration options, one contact per email, 65,536 characters at most) before writing anything.
 */
export function createHubSpotGym(db = new HubSpotDb(), journal?: HubSpotDb): Gym {
	return defineGym({
		name: 'hubspot',
		db,
		...(journal ? { journal } : {}),
		tables: HUBSPOT_TABLES.map((name) =>
			name === 'contacts' ? { name, toRow: toContactRow as (w: never) => unknown, fromRow: fromContactRow as (r: never) => unknown } : { name }
		),
		initial: initialState,
		exportSchema: HubSpotExport,
		danglingRefs,
		valueIssues,
		routes: ROUTES,
		errors: HUBSPOT_ERRORS
	});
}
