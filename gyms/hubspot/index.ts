/**
 * The HubSpot gym: routes vendor paths to handlers, and implements reset / export / import over its database.
 * Base URL on the gym origin: `/api/hubspot` (stands for `https://api.hubapi.com`).
 */
import { z } from 'zod';
import type { ApiRequest, ApiResponse, Gym, GymEvent, GymExport, RunInit, RunMeta } from '../types';
import { byNumericId, createContact, getContact, listContacts, searchContacts, updateContact } from './api/contacts';
import { correlationId, errorResponse, HubSpotError, invalidInput } from './api/errors';
import { listOwners } from './api/owners';
import { fromContactRow, HubSpotDb, toContactRow } from './db';
import { HubSpotState, IsoTimestamp } from './schema';
import { initialState } from './seed';

type Handler = (db: HubSpotDb, req: ApiRequest, ...params: string[]) => Promise<ApiResponse>;

/** Route table: method + vendor path pattern → handler (captured groups are passed as params). */
const ROUTES: { method: string; pattern: RegExp; handler: Handler }[] = [
	{ method: 'GET', pattern: /^\/crm\/v3\/objects\/contacts$/, handler: listContacts },
	{ method: 'POST', pattern: /^\/crm\/v3\/objects\/contacts$/, handler: createContact },
	{ method: 'POST', pattern: /^\/crm\/v3\/objects\/contacts\/search$/, handler: searchContacts },
	{ method: 'GET', pattern: /^\/crm\/v3\/objects\/contacts\/([^/]+)$/, handler: getContact },
	{ method: 'PATCH', pattern: /^\/crm\/v3\/objects\/contacts\/([^/]+)$/, handler: updateContact },
	{ method: 'GET', pattern: /^\/crm\/v3\/owners\/?$/, handler: listOwners }
];

const GymEventSchema = z.strictObject({
	seq: z.number().int().positive(),
	at: IsoTimestamp,
	gym: z.literal('hubspot'),
	method: z.string(),
	path: z.string(),
	status: z.number().int(),
	entity: z.string(),
	id: z.string()
});
const RunMetaSchema = z.strictObject({
	key: z.literal('run'),
	run_id: z.string().min(1),
	task_id: z.string().nullable(),
	seed: z.number().int().nonnegative(),
	clock: IsoTimestamp,
	seq: z.number().int().nonnegative(),
	next_ids: z.record(z.string(), z.number().int().positive())
});
const HubSpotExport = z.strictObject({ tables: HubSpotState, meta: RunMetaSchema, events: z.array(GymEventSchema) });

/** Creates the HubSpot gym over the database `name` (default `salesgym-hubspot`). */
export function createHubSpotGym(db = new HubSpotDb()): Gym {
	const counts = (s: HubSpotState) => ({ contacts: s.contacts.length, companies: s.companies.length, owners: s.owners.length });

	async function write(state: HubSpotState, meta: RunMeta, events: GymEvent[]): Promise<void> {
		await db.transaction('rw', [db.contacts, db.companies, db.owners, db.meta, db.events], async () => {
			await Promise.all([db.contacts.clear(), db.companies.clear(), db.owners.clear(), db.meta.clear(), db.events.clear()]);
			await db.contacts.bulkAdd(state.contacts.map(toContactRow));
			await db.companies.bulkAdd(state.companies);
			await db.owners.bulkAdd(state.owners);
			await db.events.bulkAdd(events);
			await db.meta.put(meta);
		});
	}

	return {
		name: 'hubspot',

		async reset(init: RunInit) {
			const { state, next_ids } = initialState(init.fixtures);
			const meta: RunMeta = { key: 'run', run_id: init.run_id, task_id: init.task_id, seed: init.seed, clock: init.clock, seq: 0, next_ids };
			await write(state, meta, []);
			return counts(state);
		},

		async initialTables(init: RunInit) {
			const { state } = initialState(init.fixtures);
			return { contacts: state.contacts, companies: state.companies, owners: state.owners };
		},

		async exportState(tables?: readonly string[]) {
			const want = (t: string) => !tables || tables.includes(t);
			return db.transaction('r', [db.contacts, db.companies, db.owners, db.meta, db.events], async () => {
				const meta = await db.meta.get('run');
				if (!meta) throw new Error('hubspot: no run is initialized');
				const [contacts, companies, owners, events] = await Promise.all([
					want('contacts') ? db.contacts.toArray() : null,
					want('companies') ? db.companies.toArray() : null,
					want('owners') ? db.owners.toArray() : null,
					db.events.orderBy('seq').toArray()
				]);
				const out: Record<string, unknown[]> = {};
				if (contacts) out.contacts = contacts.map(fromContactRow).sort(byNumericId);
				if (companies) out.companies = companies.sort(byNumericId);
				if (owners) out.owners = owners.sort(byNumericId);
				return { tables: out, meta, events } satisfies GymExport;
			});
		},

		async importState(snapshot: GymExport) {
			const parsed = HubSpotExport.safeParse(snapshot);
			if (!parsed.success) {
				const issue = parsed.error.issues[0];
				throw new Error(`gyms.hubspot: ${issue?.path.join('.')}: ${issue?.message}`);
			}
			const { tables, meta, events } = parsed.data;
			await write(tables, meta, events);
			return counts(tables);
		},

		runMeta: async () => (await db.meta.get('run')) ?? null,

		async handle(req: ApiRequest): Promise<ApiResponse> {
			const meta = await db.meta.get('run');
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
