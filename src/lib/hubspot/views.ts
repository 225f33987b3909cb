/**
 * Client of the gym's saved-views API (GYM-SPECIFIC: HubSpot has no public views API; see
 * gyms/hubspot/api/views.ts). Same conventions as `client.ts`: resolves to an {@link ApiResult}, never throws.
 * - `GET    /crm/v3/views/{objectType}` → `{results: View[]}`
 * - `POST   /crm/v3/views/{objectType}` `{name, filterGroups, sorts, query}` → 201 View; 409 CONFLICT on a duplicate name
 * - `PATCH  /crm/v3/views/{objectType}/{id}` → 200 View
 * - `DELETE /crm/v3/views/{objectType}/{id}` → 204
 */
import type { CreateViewBody, UpdateViewBody, View, ViewList } from '$gyms/hubspot/contract';
import type { z } from 'zod';
import { request, type ApiResult } from './client';

export type { View };

/** The savable part of a view: a search body without paging (the contract's create body). */
export type ViewInput = z.input<typeof CreateViewBody>;

/** `GET /crm/v3/views/{objectType}`: the saved views of one index, in creation order. */
export function listViews(objectType: View['objectType']): Promise<ApiResult<z.infer<typeof ViewList>>> {
	return request('GET', `/crm/v3/views/${objectType}`);
}

/** `POST /crm/v3/views/{objectType}` ("Save as new"). */
export function createView(objectType: View['objectType'], input: ViewInput): Promise<ApiResult<View>> {
	return request('POST', `/crm/v3/views/${objectType}`, input);
}

/** `PATCH /crm/v3/views/{objectType}/{id}` ("Save view" of the open saved view). */
export function updateView(objectType: View['objectType'], id: string, input: z.input<typeof UpdateViewBody>): Promise<ApiResult<View>> {
	return request('PATCH', `/crm/v3/views/${objectType}/${encodeURIComponent(id)}`, input);
}
