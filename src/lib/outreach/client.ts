/**
 * Typed client of the Outreach gym's JSON:API v2, served by the Service Worker under {@link OUTREACH_API_BASE}.
 * Screens call these functions and never touch IndexedDB, as Outreach's own front end calls its API. Every
 * request with a body says `Content-Type: application/vnd.api+json` (Outreach answers 415 otherwise).
 *
 * Functions resolve (never throw) to `{ok: true, data}` or `{ok: false, status, detail}` where `detail` is the
 * first error's `detail` of Outreach's `{errors:[{id, title, detail}]}` body (or a transport message).
 */
import { apiJson } from '$lib/runtime';
import { JSON_API_MEDIA_TYPE, OUTREACH_API_BASE, ErrorBody } from '$gyms/outreach/envelope';
import type { ResourceType } from '$gyms/outreach/contract';

export { OUTREACH_API_BASE };

/** A served resource: integer id, attributes, to-one relationships `{data: {type, id} | null}`. */
export interface Resource<A = Record<string, unknown>> {
	type: ResourceType;
	id: number;
	attributes: A;
	relationships: Record<string, { data: { type: string; id: number } | null }>;
}

/** A collection page. */
export interface Page<A = Record<string, unknown>> {
	data: Resource<A>[];
	included?: Resource[];
	links: { first: string; next?: string };
	meta: { count?: number };
}

/**
 * The outcome of one call; a refusal carries the first error's `detail` and, when Outreach names the request field
 * at fault, its `source.pointer` (e.g. `/data/attributes/custom3`).
 */
export type Result<T> = { ok: true; data: T } | { ok: false; status: number; detail: string; pointer?: string };

/** Sends one request; `query` as `[name, value]` pairs (`filter[state]`, `page[size]`, …). */
export async function call<T>(method: string, path: string, query: [string, string][] = [], body?: unknown): Promise<Result<T>> {
	const qs = query.length ? `?${new URLSearchParams(query).toString()}` : '';
	const init: RequestInit = { method, headers: { accept: JSON_API_MEDIA_TYPE } };
	if (body !== undefined) {
		init.body = JSON.stringify(body);
		init.headers = { accept: JSON_API_MEDIA_TYPE, 'content-type': JSON_API_MEDIA_TYPE };
	}
	const res = await apiJson<T>(`${OUTREACH_API_BASE}${path}${qs}`, init);
	if (res.ok) return { ok: true, data: res.data };
	if (res.status === 204) return { ok: true, data: undefined as T };
	const err = ErrorBody.safeParse(res.body);
	if (!err.success) return { ok: false, status: res.status, detail: res.networkError ?? `HTTP ${res.status}` };
	const first = err.data.errors[0]!;
	return { ok: false, status: res.status, detail: first.detail, ...(first.source ? { pointer: first.source.pointer } : {}) };
}

/** Every row of a collection (follows `links.next`; `page[size]` 1000). */
export async function listAll<A = Record<string, unknown>>(path: string, query: [string, string][] = []): Promise<Result<Resource<A>[]>> {
	const out: Resource<A>[] = [];
	let q: [string, string][] = [...query, ['page[size]', '1000']];
	for (;;) {
		const res = await call<Page<A>>('GET', path, q);
		if (!res.ok) return res;
		out.push(...res.data.data);
		if (!res.data.links.next) return { ok: true, data: out };
		q = [...new URL(res.data.links.next, 'http://x').searchParams.entries()];
	}
}

/** A relationship body `{data: {type, id}}`. */
export const rel = (type: ResourceType, id: number) => ({ data: { type, id } });

/**
 * Enrolls a prospect (`POST /sequenceStates`): the handler applies the ruleset.
 * @returns the created state, or the refusal's detail (e.g. "… is already active in sequence …").
 */
export function addToSequence(prospect: number, sequence: number, mailbox: number, step?: number): Promise<Result<{ data: Resource }>> {
	return call('POST', '/sequenceStates', [], {
		data: {
			type: 'sequenceState',
			relationships: {
				prospect: rel('prospect', prospect),
				sequence: rel('sequence', sequence),
				mailbox: rel('mailbox', mailbox),
				...(step ? { sequenceStep: rel('sequenceStep', step) } : {})
			}
		}
	});
}

/** Every row of a collection with its `included` resources (follows `links.next`; `page[size]` 1000); included deduplicated by type/id. */
export async function listIncluded<A = Record<string, unknown>>(
	path: string,
	query: [string, string][] = []
): Promise<Result<{ data: Resource<A>[]; included: Map<string, Resource> }>> {
	const data: Resource<A>[] = [];
	const included = new Map<string, Resource>();
	let q: [string, string][] = [...query, ['page[size]', '1000']];
	for (;;) {
		const res = await call<Page<A>>('GET', path, q);
		if (!res.ok) return res;
		data.push(...res.data.data);
		for (const r of res.data.included ?? []) included.set(`${r.type}/${r.id}`, r);
		if (!res.data.links.next) return { ok: true, data: { data, included } };
		q = [...new URL(res.data.links.next, 'http://x').searchParams.entries()];
	}
}
