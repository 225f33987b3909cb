/**
 * The Outreach gym API's envelope, page-safe and light: its base path, its media type and Outreach's error body.
 * Kept apart from `contract.ts` (which re-exports all of it) so that the screens' API client loads without
 * building the contract's several hundred record schemas.
 */
import { z } from 'zod';

/** Path prefix of the Outreach gym API on the page origin; stands for `https://api.outreach.io/api/v2`. */
export const OUTREACH_API_BASE = '/api/outreach';
/** Media type of every Outreach request and answer body (JSON:API); another request Content-Type is a 415. */
export const JSON_API_MEDIA_TYPE = 'application/vnd.api+json';

/** One error of Outreach's error envelope, e.g. `{id: "resourceNotFound", title: "Resource Not Found", detail}`. */
export const ErrorObject = z.strictObject({
	id: z.string().min(1).describe('machine error id, camelCase, e.g. resourceNotFound, validationDuplicateValueError'),
	title: z.string().min(1).describe('short human title, e.g. "Resource Not Found"'),
	detail: z.string().describe('human explanation of this occurrence'),
	source: z
		.strictObject({ pointer: z.string().describe('JSON pointer into the request body, e.g. /data/attributes/emails') })
		.optional()
		.describe('the request field at fault (field validation errors)')
});
export type ErrorObject = z.infer<typeof ErrorObject>;

/** Outreach's error body (its OpenAPI spec's error responses): `{errors: [{id, title, detail, source?}]}`. */
export const ErrorBody = z.strictObject({ errors: z.array(ErrorObject).min(1).describe('one entry per error') });
export type ErrorBody = z.infer<typeof ErrorBody>;
