/**
 * Typed client of the HubSpot gym's vendor-shaped REST API (CRM v3), as served by the Service Worker
 * under {@link HUBSPOT_API_BASE}. Screens call these functions and never touch IndexedDB, exactly as
 * HubSpot's own front end calls its back end.
 *
 * Every function resolves (never throws) to an {@link ApiResult}: `{ok: true, data}` on a 2xx, or
 * `{ok: false, status, error}` where `error` is HubSpot's error body (`{status: "error", message,
 * category, correlationId?, errors?, context?}`). Transport failures (no Service Worker, unreadable
 * body) are mapped to the same shape with category `NETWORK_ERROR` / `UNEXPECTED_RESPONSE`.
 */
import { apiJson } from '$lib/runtime';
import {
	HUBSPOT_API_BASE,
	type Contact,
	type CreateBody,
	type ErrorBody,
	type ErrorDetail,
	type OwnerList,
	type Paging,
	type SearchRequest,
	type UpdateBody
} from '$gyms/hubspot/contract';
import type { z } from 'zod';

export { HUBSPOT_API_BASE };
export type { Contact, Owner, OwnerList, Paging } from '$gyms/hubspot/contract';

/** One entry of HubSpot's `errors[]` in a 400 `VALIDATION_ERROR` body (the contract's {@link ErrorDetail}). */
export type HubSpotErrorDetail = ErrorDetail;

/**
 * HubSpot's error body (the contract's {@link ErrorBody}), e.g.
 * `{status: "error", category: "CONFLICT", message: "Contact already exists. Existing ID: 123"}`; `category` may
 * also be a client-side `NETWORK_ERROR` / `UNEXPECTED_RESPONSE`. Unknown keys of a body are kept.
 */
export type HubSpotError = ErrorBody & Record<string, unknown>;

/** Outcome of one API call: the parsed 2xx body, or the HTTP status (0 = no response) and the vendor error body. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; error: HubSpotError };

/** Body of `GET /crm/v3/objects/contacts`. */
export interface ContactListPage {
	results: Contact[];
	paging?: Paging;
}

/** Body of `POST /crm/v3/objects/contacts/search`: `total` counts every match, not just this page. */
export interface ContactSearchPage {
	total: number;
	results: Contact[];
	paging?: Paging;
}

/** Sort clause of a search request. */
export type SearchSort = Exclude<NonNullable<SearchRequest['sorts']>[number], string>;

/** The search body of the contacts search: the contract's search request (free-text `query`, paging, properties, sorts, filters). */
export type ContactSearchRequest = SearchRequest;

/** Options of `GET /crm/v3/objects/contacts`. */
export interface ListContactsOptions {
	/** Page size, ≤100 (HubSpot default 10). */
	limit?: number;
	/** Cursor from `paging.next.after`. */
	after?: string;
	/** Property names to return. */
	properties?: string[];
}

/** Writable contact properties as sent on the wire: strings; `""` clears a property. */
export type ContactPropertyInput = Record<string, string>;

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toHubSpotError(body: unknown, status: number): HubSpotError {
	if (isRecord(body) && typeof body.message === 'string') {
		return {
			...body,
			status: 'error',
			message: body.message,
			category: typeof body.category === 'string' ? body.category : 'UNKNOWN'
		};
	}
	return {
		status: 'error',
		message: `Unexpected response from the HubSpot gym (HTTP ${status}).`,
		category: 'UNEXPECTED_RESPONSE'
	};
}

/**
 * Performs one request against the HubSpot gym and parses the JSON body (`null` for a 204).
 * `vendorPath` starts with `/` (e.g. `/crm/v3/objects/deals/300001`); `json` is sent as the body.
 * A 2xx without a JSON body (other than 204) (e.g. the SPA fallback page when the Service Worker is missing) is an error.
 */
export async function request<T>(method: string, vendorPath: string, json?: unknown): Promise<ApiResult<T>> {
	const r = await apiJson<T>(HUBSPOT_API_BASE + vendorPath, json === undefined ? { method } : { method, json });
	if (r.ok) return r;
	// 204 No Content (DELETE, association removal) has no body by design.
	if (r.status === 204) return { ok: true, data: null as T };
	if (r.networkError !== undefined) {
		return { ok: false, status: 0, error: { status: 'error', message: r.networkError, category: 'NETWORK_ERROR' } };
	}
	return { ok: false, status: r.status, error: toHubSpotError(r.body, r.status) };
}

function query(params: Record<string, string | number | undefined>): string {
	const search = new URLSearchParams();
	for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
	const text = search.toString();
	return text ? `?${text}` : '';
}

/**
 * `GET /crm/v3/objects/contacts?limit&after&properties`: one page of contacts in id order.
 * @returns `{results, paging?}`; `paging.next.after` is the cursor of the next page.
 */
export function listContacts(options: ListContactsOptions = {}): Promise<ApiResult<ContactListPage>> {
	return request('GET', '/crm/v3/objects/contacts' + query({ limit: options.limit, after: options.after, properties: options.properties?.join(',') }));
}

/**
 * `POST /crm/v3/objects/contacts/search`: free-text search with paging and one sort.
 * @returns `{total, results, paging?}`; 400 `VALIDATION_ERROR` on a malformed request.
 */
export function searchContacts(body: ContactSearchRequest): Promise<ApiResult<ContactSearchPage>> {
	return request('POST', '/crm/v3/objects/contacts/search', body);
}

/**
 * `GET /crm/v3/objects/contacts/{id}?properties`: one contact.
 * @returns the contact; 404 `OBJECT_NOT_FOUND` ("resource not found") when it does not exist or was deleted.
 */
export function getContact(id: string, properties?: string[]): Promise<ApiResult<Contact>> {
	return request('GET', `/crm/v3/objects/contacts/${encodeURIComponent(id)}` + query({ properties: properties?.join(',') }));
}

/**
 * `POST /crm/v3/objects/contacts` `{properties}`: creates a contact.
 * @returns 201 and the contact; 409 `CONFLICT` "Contact already exists. Existing ID: N" on a duplicate email
 *   (see {@link existingContactId}); 400 `VALIDATION_ERROR` naming invalid properties (see {@link propertyErrors}).
 */
export function createContact(properties: ContactPropertyInput): Promise<ApiResult<Contact>> {
	const body: z.input<typeof CreateBody> = { properties };
	return request('POST', '/crm/v3/objects/contacts', body);
}

/**
 * `PATCH /crm/v3/objects/contacts/{id}` `{properties}`: updates only the given properties (`""` clears one).
 * @returns 200 and the contact; 404, 409 (email of another contact) or 400 as for create.
 */
export function updateContact(id: string, properties: ContactPropertyInput): Promise<ApiResult<Contact>> {
	const body: z.input<typeof UpdateBody> = { properties };
	return request('PATCH', `/crm/v3/objects/contacts/${encodeURIComponent(id)}`, body);
}

/**
 * `GET /crm/v3/owners`: the users who can own records.
 * @returns `{results: Owner[]}`.
 */
export function listOwners(): Promise<ApiResult<OwnerList>> {
	return request('GET', '/crm/v3/owners');
}

/**
 * The id of the existing contact named by a 409 `CONFLICT` message ("Contact already exists. Existing ID: 123").
 * @returns the numeric-string id, or `null` when the error is not such a conflict.
 */
export function existingContactId(error: HubSpotError): string | null {
	if (error.category !== 'CONFLICT') return null;
	const match = /Existing ID:\s*(\d+)/.exec(error.message);
	return match?.[1] ?? null;
}

/**
 * Messages of a 400 `VALIDATION_ERROR`, grouped by property name (from `errors[].context.propertyName`).
 * Messages naming no property are grouped under `""`.
 */
export function propertyErrors(error: HubSpotError): Map<string, string[]> {
	const byProperty = new Map<string, string[]>();
	for (const detail of error.errors ?? []) {
		if (!isRecord(detail) || typeof detail.message !== 'string') continue;
		const names = Array.isArray(detail.context?.propertyName) ? detail.context.propertyName : [''];
		for (const name of names.length ? names : ['']) {
			const key = typeof name === 'string' ? name : '';
			byProperty.set(key, [...(byProperty.get(key) ?? []), detail.message]);
		}
	}
	return byProperty;
}
