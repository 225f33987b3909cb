/**
 * Filter typeahead (the replica's own API), relative to `/api/salesnav`: `GET /typeahead?type=…&q=…` → 200
 * `{elements: [{id, text}]}`, at most 10 values containing `q` (case-insensitive), sorted by text, for the filter
 * rail's free-text filters: `INDUSTRY`, `CURRENT_COMPANY` / `PAST_COMPANY` (id = account id), `REGION` (every part
 * of the leads' geographies), `COMPANY_HEADQUARTERS`, `TECHNOLOGIES_USED`, `SCHOOL`. 400 for another type. Reads only.
 */
import type { ApiRequest, ApiResponse } from '../../types';
import type { SalesNavDb } from '../db';
import { badRequest, runOf } from './common';
import { searchTables } from './search';

const TYPES = ['INDUSTRY', 'CURRENT_COMPANY', 'PAST_COMPANY', 'REGION', 'COMPANY_HEADQUARTERS', 'TECHNOLOGIES_USED', 'SCHOOL'] as const;

/** `GET /typeahead`. */
export async function typeahead(db: SalesNavDb, req: ApiRequest): Promise<ApiResponse> {
	await runOf(db);
	const type = req.query.get('type') ?? '';
	if (!(TYPES as readonly string[]).includes(type)) throw badRequest(`type must be one of ${TYPES.join(', ')}`);
	const q = (req.query.get('q') ?? '').trim().toLowerCase();
	const { leads, accounts } = await searchTables(db);
	const values = new Map<string, string>();
	const add = (id: string, text: string) => {
		if (!q || text.toLowerCase().includes(q)) values.set(id, text);
	};
	if (type === 'INDUSTRY') for (const a of accounts.values()) add(a.industry, a.industry);
	else if (type === 'CURRENT_COMPANY' || type === 'PAST_COMPANY') for (const a of accounts.values()) add(a.accountId, a.name);
	else if (type === 'COMPANY_HEADQUARTERS') for (const a of accounts.values()) for (const p of a.hq.split(', ')) add(p, p);
	else if (type === 'TECHNOLOGIES_USED') for (const a of accounts.values()) for (const t of a.technologies) add(t, t);
	else if (type === 'SCHOOL') for (const l of leads) for (const s of l.schools) add(s.name, s.name);
	else for (const l of leads) for (const p of l.geography.split(', ')) add(p, p);
	const elements = [...values.entries()]
		.map(([id, text]) => ({ id, text }))
		.sort((a, b) => a.text.localeCompare(b.text, 'en') || (a.id < b.id ? -1 : 1))
		.slice(0, 10);
	return { status: 200, body: { elements } };
}
