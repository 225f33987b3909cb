/**
 * HubSpot sales email templates, read-only (the Email templates API, date-versioned path):
 * - `GET /automation/email-templates/2026-03?limit&after` → `{results:[Template], paging?}` (limit default 20, max 100)
 * - `GET /automation/email-templates/2026-03/{templateId}` → Template; 404
 * Wire template: `{id, name, subject, body, folderId, ownerId, createdAt, updatedAt}` with epoch-ms timestamps (int64,
 * as HubSpot documents). `folderId` is the folder name here (the gym has no folder ids). Path shape: verify.
 */
import type { ApiRequest, ApiResponse } from '../../types';
import type { HubSpotDb } from '../db';
import { TEMPLATES_PATH, type Template } from '../contract';
import { BASE, byNumericId, page, parseAfter, parseLimit } from './paging';
import { HubSpotError } from './errors';

function wire(t: Template) {
	return {
		id: t.id,
		name: t.name,
		subject: t.subject,
		body: t.body,
		folderId: t.folder,
		ownerId: t.ownerId,
		createdAt: Date.parse(t.createdAt),
		updatedAt: Date.parse(t.updatedAt)
	};
}

/** `GET /automation/email-templates/2026-03`: live templates by id. */
export async function listTemplates(db: HubSpotDb, req: ApiRequest): Promise<ApiResponse> {
	const limit = parseLimit(req.query.get('limit'), { default: 20, max: 100 });
	const after = parseAfter(req.query.get('after'));
	const rows = (await db.templates.toArray()).filter((t) => !t.archived).sort(byNumericId);
	const p = page(rows, after, limit, (a) => `${BASE}${TEMPLATES_PATH}?limit=${limit}&after=${a}`);
	const results = p.results.map(wire);
	return { status: 200, body: p.paging ? { results, paging: p.paging } : { results } };
}

/** `GET /automation/email-templates/2026-03/{templateId}`. */
export async function getTemplate(db: HubSpotDb, _req: ApiRequest, id: string): Promise<ApiResponse> {
	const t = await db.templates.get(id);
	if (!t || t.archived) throw new HubSpotError(404, 'OBJECT_NOT_FOUND', `Template ${id} does not exist.`);
	return { status: 200, body: wire(t) };
}
