/**
 * Typed route ids of the HubSpot screens (routes fixed by the issue-5 briefing), for `resolve()`. SvelteKit
 * types `resolve()` by the routes that exist in this build; screens built by other slices (record pages of
 * companies and deals, tasks, segments, sequences, templates, forms) are typed through an existing route id
 * of the same shape: the cast is a no-op once their route exists, and `resolve` builds the same path.
 */
import type { IndexObjectType } from './config';

/** Route id of a record page: `/hubspot/{contacts|companies|deals}/[id]`. */
export function recordRoute(type: IndexObjectType): '/hubspot/contacts/[id]' {
	return `/hubspot/${type}/[id]` as '/hubspot/contacts/[id]';
}

/** Route id of a fixed HubSpot screen such as `/hubspot/sequences`. */
export function screenRoute(path: `/hubspot/${string}`): '/hubspot/contacts' {
	return path as '/hubspot/contacts';
}
