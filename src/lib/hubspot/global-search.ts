/**
 * HubSpot's top-bar search: contacts, companies and deals matching a text, as the kit's global search groups
 * links. One `POST /crm/v3/objects/{type}/search` `{query, limit: 5}` per type, in parallel; the API's `query`
 * matches each type's searchable properties (contacts: name, email, phone, company; companies: name, domain;
 * deals: deal name), as in HubSpot's own search.
 */
import { resolve } from '$app/paths';
import type { SearchGroup } from '$lib/ui/GlobalSearch.svelte';
import { recordName, type IndexObjectType } from '$lib/components/hubspot/index/config';
import { recordRoute } from '$lib/components/hubspot/index/links';
import { searchObjects, type CrmRecord } from './crm';

/** Results per object type. */
export const GLOBAL_SEARCH_LIMIT = 5;

const TYPES: { type: IndexObjectType; label: string; properties: string[]; subtitle: (r: CrmRecord) => string }[] = [
	{ type: 'contacts', label: 'Contacts', properties: ['firstname', 'lastname', 'email'], subtitle: (r) => r.properties.email ?? '' },
	{ type: 'companies', label: 'Companies', properties: ['name', 'domain'], subtitle: (r) => r.properties.domain ?? '' },
	{
		type: 'deals',
		label: 'Deals',
		properties: ['dealname', 'amount'],
		subtitle: (r) => (r.properties.amount ? `$${Number(r.properties.amount).toLocaleString('en-US')}` : '')
	}
];

/**
 * Searches the three object types for `query`.
 * @returns one group per type in the order Contacts, Companies, Deals (hits link to the record pages).
 * @throws Error with the API's message when every search failed.
 */
export async function searchHubSpot(query: string): Promise<SearchGroup[]> {
	const answers = await Promise.all(TYPES.map((t) => searchObjects(t.type, { query, limit: GLOBAL_SEARCH_LIMIT, properties: t.properties })));
	if (answers.every((a) => !a.ok)) {
		const first = answers[0];
		throw new Error(first && !first.ok ? first.error.message : 'Search failed');
	}
	return TYPES.map((t, i) => {
		const a = answers[i];
		const hits = a?.ok
			? a.data.results.map((r) => ({ href: resolve(recordRoute(t.type), { id: r.id }), title: recordName(t.type, r), subtitle: t.subtitle(r) }))
			: [];
		return { label: t.label, hits };
	});
}
