/**
 * Properties API (platforms.md §2.1/§2.2), from the registry (`../properties.ts`):
 * - `GET /crm/v3/properties/{type}` → `{results: Property[]}` (HubSpot's Property objects, labels as the UI shows)
 * - `GET /crm/v3/properties/{type}/{name}` → Property; 404 when the type has no such property
 * Dynamic options are resolved from the database: `hubspot_owner_id` lists the owners ("First Last", id),
 * `pipeline` the deal pipelines, `dealstage` every stage of every pipeline.
 */
import type { ApiRequest, ApiResponse } from '../../types';
import type { HubSpotDb } from '../db';
import { isObjectType, PROPERTIES, toWireProperty, type ObjectType, type PropertyDef, type PropertyOption } from '../properties';
import { byNumericId } from './paging';
import { HubSpotError, invalidInput } from './errors';

async function dynamicOptions(db: HubSpotDb): Promise<Record<NonNullable<PropertyDef['dynamic']>, PropertyOption[]>> {
	const [owners, pipelines] = await Promise.all([db.owners.toArray(), db.pipelines.toArray()]);
	const live = pipelines.filter((p) => !p.archived).sort((a, b) => a.displayOrder - b.displayOrder);
	return {
		owners: owners
			.filter((o) => !o.archived)
			.sort(byNumericId)
			.map((o, i) => ({ label: `${o.firstName} ${o.lastName}`.trim() || o.email, value: o.id, displayOrder: i, hidden: false })),
		pipelines: live.map((p, i) => ({ label: p.label, value: p.id, displayOrder: i, hidden: false })),
		stages: live.flatMap((p) => p.stages.map((s) => ({ label: s.label, value: s.id, displayOrder: s.displayOrder, hidden: false })))
	};
}

function typeOf(type: string): ObjectType {
	if (!isObjectType(type)) throw invalidInput(`unknown object type "${type}"`);
	return type;
}

/** `GET /crm/v3/properties/{type}`. @throws HubSpotError 400 for an unknown type. */
export async function listProperties(db: HubSpotDb, _req: ApiRequest, type: string): Promise<ApiResponse> {
	const t = typeOf(type);
	const dyn = await dynamicOptions(db);
	return { status: 200, body: { results: PROPERTIES[t].map((p, i) => toWireProperty(p, i, p.dynamic ? dyn[p.dynamic] : p.options)) } };
}

/** `GET /crm/v3/properties/{type}/{name}`. @throws HubSpotError 400 (type) / 404 (property). */
export async function getProperty(db: HubSpotDb, _req: ApiRequest, type: string, name: string): Promise<ApiResponse> {
	const t = typeOf(type);
	const i = PROPERTIES[t].findIndex((p) => p.name === name);
	if (i < 0) throw new HubSpotError(404, 'OBJECT_NOT_FOUND', `Unable to find property ${name} for object type ${t}`);
	const p = PROPERTIES[t][i]!;
	const dyn = p.dynamic ? (await dynamicOptions(db))[p.dynamic] : p.options;
	return { status: 200, body: toWireProperty(p, i, dyn) };
}
