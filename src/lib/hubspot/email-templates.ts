/**
 * Client of the sales email templates the composer inserts (seed table `templates`: `{id, name, folder, subject,
 * body, ownerId}`; subject and body carry personalization tokens, see `$gyms/hubspot/tokens`).
 */
import { request, type ApiResult } from './client';

/** One sales template as the composer uses it. */
export interface EmailTemplate {
	id: string;
	name: string;
	folder: string;
	subject: string;
	body: string;
}

/** Vendor path of the templates list served by the gym. */
export const TEMPLATES_PATH = '/crm/v3/templates';

/**
 * Every non-archived sales template, in id order (all pages).
 * @returns `{ok: true, data: EmailTemplate[]}` or the API error.
 */
export async function listEmailTemplates(): Promise<ApiResult<EmailTemplate[]>> {
	const out: EmailTemplate[] = [];
	let after: string | undefined;
	for (let page = 0; page < 50; page++) {
		const r = await request<{ results: EmailTemplate[]; paging?: { next?: { after: string } } }>('GET', `${TEMPLATES_PATH}?limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`);
		if (!r.ok) return r;
		out.push(...r.data.results);
		after = r.data.paging?.next?.after;
		if (!after) break;
	}
	return { ok: true, data: out };
}
