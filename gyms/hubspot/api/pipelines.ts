/**
 * Deal pipelines (HubSpot's Pipelines API reference, "CRM API | Pipelines"):
 * - `GET /crm/v3/pipelines/deals` → `{results: Pipeline[]}` (live pipelines, display order)
 * - `GET /crm/v3/pipelines/deals/{pipelineId}` → Pipeline; 404
 * - `GET /crm/v3/pipelines/deals/{pipelineId}/stages` → `{results: PipelineStage[]}`; 404
 * A stage on the wire is `{id, label, displayOrder, metadata: {probability, isClosed}, createdAt, updatedAt, archived}`
 * ({@link wirePipeline}: the reference's PipelineStage requires the last three; a stage carries its pipeline's times).
 */
import type { ApiRequest, ApiResponse } from '../../types';
import type { HubSpotDb } from '../db';
import type { Pipeline } from '../schema';
import type { WirePipeline } from '../contract';
import { notFound } from './errors';

/** The wire shape of a stored pipeline: stages in board order, each with the pipeline's createdAt / updatedAt and `archived: false`. */
export function wirePipeline(p: Pipeline): WirePipeline {
	const stages = [...p.stages]
		.sort((a, b) => a.displayOrder - b.displayOrder)
		.map((st) => ({ ...st, createdAt: p.createdAt, updatedAt: p.updatedAt, archived: false }));
	return { ...p, stages };
}

async function pipeline(db: HubSpotDb, id: string): Promise<Pipeline> {
	const p = await db.pipelines.get(id);
	if (!p || p.archived) throw notFound();
	return p;
}

/** `GET /crm/v3/pipelines/deals`. */
export async function listPipelines(db: HubSpotDb): Promise<ApiResponse> {
	const all = (await db.pipelines.toArray()).filter((p) => !p.archived).sort((a, b) => a.displayOrder - b.displayOrder);
	return { status: 200, body: { results: all.map(wirePipeline) } };
}

/** `GET /crm/v3/pipelines/deals/{id}`. @throws HubSpotError 404. */
export async function getPipeline(db: HubSpotDb, _req: ApiRequest, id: string): Promise<ApiResponse> {
	return { status: 200, body: wirePipeline(await pipeline(db, id)) };
}

/** `GET /crm/v3/pipelines/deals/{id}/stages`. @throws HubSpotError 404. */
export async function listStages(db: HubSpotDb, _req: ApiRequest, id: string): Promise<ApiResponse> {
	return { status: 200, body: { results: wirePipeline(await pipeline(db, id)).stages } };
}
