/**
 * Client of the sales email templates the composer inserts: `GET /automation/email-templates/2026-03?limit&after`
 * → `{results:[{id, name, subject, body, folderId, ownerId, createdAt, updatedAt}], paging?}` (limit ≤100).
 * Subject and body carry personalization tokens (see `$gyms/hubspot/tokens`).
 */
import { request, type ApiResult } from './client';

/** One sales template as the composer uses it (`folder` = the wire `folderId`, a folder name in the gym). */
export interface EmailTemplate {
	id: string;
	name: string;
	folder: string;
	subject: string;
	body: string;
}

/** Vendor path of the templates list served by the gym. */
export const TEMPLATES_PATH = '/automation/email-templates/2026-03';

interface WireTemplate {
	id: string;
	name: string;
	subject: string;
	body: string;
	folderId?: string;
}

/**
 * Every non-archived sales template, in id order (all pages).
 * @returns `{ok: true, data: EmailTemplate[]}` or the API error.
 */
export async function listEmailTemplates(): Promise<ApiResult<EmailTemplate[]>> {
	const out: EmailTemplate[] = [];
	let after: string | undefined;
	for (let page = 0; page < 50; page++) {
		const r = await request<{ results: WireTemplate[]; paging?: { next?: { after: string } } }>('GET', `${TEMPLATES_PATH}?limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`);
		if (!r.ok) return r;
		out.push(...r.data.results.map((t) => ({ id: t.id, name: t.name, subject: t.subject, body: t.body, folder: t.folderId ?? '' })));
		after = r.data.paging?.next?.after;
		if (!after) break;
	}
	return { ok: true, data: out };
}
