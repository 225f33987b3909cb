/**
 * The HubSpot gym: routes vendor paths to handlers, and implements reset / export / import over its database.
 * Base URL on the gym origin: `/api/hubspot` (stands for `https://api.hubapi.com`).
 */
import { createGymStore } from '../store';
import { gymExportSchema, parseGymExport } from '../export-schema';
import type { ApiRequest, ApiResponse, Gym, GymExport, RunInit } from '../types';
import { batchReadAssociations, deleteAssociation, listAssociations, putAssociation, putDefaultAssociation } from './api/associations';
import { batchHandler } from './api/batch';
import { archiveHandler, createHandler, getHandler, listHandler, updateHandler } from './api/engine';
import { correlationId, errorResponse, HubSpotError, invalidInput } from './api/errors';
import { mergeContacts } from './api/merge';
import { listOwners } from './api/owners';
import { getPipeline, listPipelines, listStages } from './api/pipelines';
import { getProperty, listProperties } from './api/properties';
import { readMeta, trackGenerations } from './api/records';
import { searchHandler } from './api/search';
import { SALES_ROUTES } from './api/sales-routes';
import { createView, deleteView, listViews, updateView } from './api/views';
import { fromContactRow, HubSpotDb, toContactRow } from './db';
import { HUBSPOT_TABLES, HubSpotState } from './schema';
import { OBJECT_TYPES } from './properties';
import { initialState } from './seed';

type Handler = (db: HubSpotDb, req: ApiRequest, ...params: string[]) => Promise<ApiResponse>;

/** Route table: method + vendor path pattern → handler (captured groups are passed as params). */
const ROUTES: { method: string; pattern: RegExp; handler: Handler }[] = [
	...OBJECT_TYPES.flatMap((type) => [
		{ method: 'GET', pattern: new RegExp(`^/crm/v3/objects/${type}$`), handler: listHandler(type) },
		{ method: 'POST', pattern: new RegExp(`^/crm/v3/objects/${type}$`), handler: createHandler(type) },
		{ method: 'POST', pattern: new RegExp(`^/crm/v3/objects/${type}/search$`), handler: searchHandler(type) },
		{ method: 'POST', pattern: new RegExp(`^/crm/v3/objects/${type}/batch/([a-z]+)$`), handler: batchHandler(type) },
		{ method: 'GET', pattern: new RegExp(`^/crm/v3/objects/${type}/([^/]+)$`), handler: getHandler(type) },
		{ method: 'PATCH', pattern: new RegExp(`^/crm/v3/objects/${type}/([^/]+)$`), handler: updateHandler(type) },
		{ method: 'DELETE', pattern: new RegExp(`^/crm/v3/objects/${type}/([^/]+)$`), handler: archiveHandler(type) }
	]),
	{ method: 'POST', pattern: /^\/crm\/v3\/objects\/contacts\/merge$/, handler: mergeContacts },
	{ method: 'GET', pattern: /^\/crm\/v3\/owners\/?$/, handler: listOwners },
	{ method: 'GET', pattern: /^\/crm\/v4\/objects\/([a-z]+)\/([^/]+)\/associations\/([a-z]+)$/, handler: listAssociations },
	{ method: 'POST', pattern: /^\/crm\/v4\/associations\/([a-z]+)\/([a-z]+)\/batch\/read$/, handler: batchReadAssociations },
	{ method: 'PUT', pattern: /^\/crm\/v4\/objects\/([a-z]+)\/([^/]+)\/associations\/default\/([a-z]+)\/([^/]+)$/, handler: putDefaultAssociation },
	{ method: 'PUT', pattern: /^\/crm\/v4\/objects\/([a-z]+)\/([^/]+)\/associations\/([a-z]+)\/([^/]+)$/, handler: putAssociation },
	{ method: 'DELETE', pattern: /^\/crm\/v4\/objects\/([a-z]+)\/([^/]+)\/associations\/([a-z]+)\/([^/]+)$/, handler: deleteAssociation },
	{ method: 'GET', pattern: /^\/crm\/v3\/pipelines\/deals$/, handler: listPipelines },
	{ method: 'GET', pattern: /^\/crm\/v3\/pipelines\/deals\/([^/]+)$/, handler: getPipeline },
	{ method: 'GET', pattern: /^\/crm\/v3\/pipelines\/deals\/([^/]+)\/stages$/, handler: listStages },
	{ method: 'GET', pattern: /^\/crm\/v3\/properties\/([a-z]+)$/, handler: listProperties },
	{ method: 'GET', pattern: /^\/crm\/v3\/properties\/([a-z]+)\/([^/]+)$/, handler: getProperty },
	...SALES_ROUTES,
	// gym-specific: saved index views (HubSpot has no public views API), see api/views.ts
	{ method: 'GET', pattern: /^\/crm\/v3\/views\/([a-z]+)$/, handler: listViews },
	{ method: 'POST', pattern: /^\/crm\/v3\/views\/([a-z]+)$/, handler: createView },
	{ method: 'PATCH', pattern: /^\/crm\/v3\/views\/([a-z]+)\/([^/]+)$/, handler: updateView },
	{ method: 'DELETE', pattern: /^\/crm\/v3\/views\/([a-z]+)\/([^/]+)$/, handler: deleteView }
];

const HubSpotExport = gymExportSchema('hubspot', HubSpotState);

/** Creates the HubSpot gym over the database `name` (default `salesgym-hubspot`). */
export function createHubSpotGym(db = new HubSpotDb()): Gym {
	trackGenerations(db);
	const store = createGymStore({
		gym: 'hubspot',
		db,
		tables: HUBSPOT_TABLES.map((name) =>
			name === 'contacts'
				? { name, toRow: toContactRow as (w: never) => unknown, fromRow: fromContactRow as (r: never) => unknown }
				: { name }
		),
		initial(init: RunInit) {
			const { state, next_ids } = initialState(init.fixtures, init.seed);
			return { tables: state, next_ids };
		}
	});

	return {
		name: 'hubspot',
		reset: store.reset,
		initialTables: store.initialTables,
		exportState: store.exportState,

		async importState(snapshot: GymExport) {
			return store.importState(parseGymExport('hubspot', HubSpotExport, snapshot));
		},

		runMeta: store.runMeta,

		async handle(req: ApiRequest): Promise<ApiResponse> {
			const meta = await readMeta(db);
			const corr = correlationId(meta?.run_id ?? '', meta?.seq ?? 0, req.method, req.path, req.query.toString(), JSON.stringify(req.body) ?? '', req.bodyError ?? '');
			try {
				if (req.bodyError !== undefined) throw invalidInput(req.bodyError);
				const pathMatches = ROUTES.filter((r) => r.pattern.test(req.path));
				const route = pathMatches.find((r) => r.method === req.method);
				if (!route) {
					if (pathMatches.length) throw new HubSpotError(405, 'INVALID_METHOD', `${req.method} is not allowed on ${req.path}`);
					throw new HubSpotError(404, 'OBJECT_NOT_FOUND', `No route matches ${req.method} ${req.path}`);
				}
				const params = (route.pattern.exec(req.path) ?? []).slice(1).map((p) => {
					try {
						return decodeURIComponent(p);
					} catch {
						throw invalidInput(`malformed path segment "${p}"`);
					}
				});
				const res = await route.handler(db, req, ...params);
				return { ...res, headers: { ...res.headers, 'x-hubspot-correlation-id': corr } };
			} catch (err) {
				return errorResponse(err, corr);
			}
		}
	};
}
