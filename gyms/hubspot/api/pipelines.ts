/**
 * Deal pipelines API (platforms.md §2.2):
 * - `GET /crm/v3/pipelines/deals` → `{results: Pipeline[]}` (live pipelines, display order)
 * - `GET /crm/v3/pipelines/deals/{pipelineId}` → Pipeline; 404
 * - `GET /crm/v3/pipelines/deals/{pipelineId}/stages` → `{results: Stage[]}` (`{id, label, displayOrder, metadata:{probability, isClosed}}`); 404
 */
import type { ApiRequest, ApiResponse } from '../../types';
import type { HubSpotDb } from '../db';
import type { Pipeline } from '../schema';
import { notFound } from './errors';

async function pipeline(db: HubSpotDb, id: string): Promise<Pipeline> {
	const p = await db.pipelines.get(id);
	if (!p || p.archived) throw notFound();
	return p;
}

/** `GET /crm/v3/pipelines/deals`. */
export async function listPipelines(db: HubSpotDb): Promise<ApiResponse> {
	const all = (await db.pipelines.toArray()).filter((p) => !p.archived).sort((a, b) => a.displayOrder - b.displayOrder);
	return { status: 200, body: { results: all } };
}

/** `GET /crm/v3/pipelines/deals/{id}`. @throws HubSpotError 404. */
export async function getPipeline(db: HubSpotDb, _req: ApiRequest, id: string): Promise<ApiResponse> {
	return { status: 200, body: await pipeline(db, id) };
}

/** `GET /crm/v3/pipelines/deals/{id}/stages`. @throws HubSpotError 404. */
export async function listStages(db: HubSpotDb, _req: ApiRequest, id: string): Promise<ApiResponse> {
	const p = await pipeline(db, id);
	return { status: 200, body: { results: [...p.stages].sort((a, b) => a.displayOrder - b.displayOrder) } };
}
