/**
 * HubSpot error bodies (platforms.md §0/§2.3): `{status:"error", message, correlationId, category, errors?}`.
 * Handlers throw {@link HubSpotError}; the gym's router turns it into the response.
 */
import type { ErrorAdapter } from '../../kit/router';
import { zodMessage } from '../../kit/body';
import type { ApiResponse } from '../../types';

/** HubSpot error categories used by this gym. */
export type HubSpotErrorCategory = 'VALIDATION_ERROR' | 'OBJECT_NOT_FOUND' | 'CONFLICT' | 'INVALID_METHOD' | 'UNSUPPORTED';

/** One invalid property, as HubSpot lists it inside a VALIDATION_ERROR message. */
export interface PropertyError {
	/** HubSpot error code, e.g. `INVALID_OPTION`, `INVALID_EMAIL`, `PROPERTY_DOESNT_EXIST`, `READ_ONLY_VALUE`. */
	error: string;
	/** Property name. */
	name: string;
	/** Human-readable message, e.g. `Email address foo is invalid`. */
	message: string;
}

/** A typed HubSpot API error; `status` is the HTTP status. */
export class HubSpotError extends Error {
	constructor(
		readonly status: number,
		readonly category: HubSpotErrorCategory,
		message: string,
		readonly errors?: { message: string; code: string; errorType?: string; in?: string; context?: Record<string, string[]> }[]
	) {
		super(message);
	}
}

/**
 * 400 VALIDATION_ERROR listing invalid properties, in HubSpot's wording:
 * `Property values were not valid: [{"isValid":false,"message":…,"error":"INVALID_OPTION","name":"lifecyclestage"}]`.
 */
export function invalidProperties(errors: PropertyError[]): HubSpotError {
	const listed = errors.map((e) => ({ isValid: false, message: e.message, error: e.error, name: e.name, localizedErrorMessage: e.message }));
	return new HubSpotError(
		400,
		'VALIDATION_ERROR',
		`Property values were not valid: ${JSON.stringify(listed)}`,
		errors.map((e) => ({ message: e.message, code: e.error, in: e.name, context: { propertyName: [e.name] } }))
	);
}

/** 400 VALIDATION_ERROR for a malformed request (bad JSON, unknown body key, bad query parameter). */
export function invalidInput(message: string): HubSpotError {
	return new HubSpotError(400, 'VALIDATION_ERROR', `Invalid input JSON on line 1: ${message}`);
}

/** 404 OBJECT_NOT_FOUND, HubSpot's "resource not found". */
export function notFound(): HubSpotError {
	return new HubSpotError(404, 'OBJECT_NOT_FOUND', 'resource not found');
}

/** 409 CONFLICT on a duplicate email: "Contact already exists. Existing ID: 12345". */
export function duplicateContact(existingId: string): HubSpotError {
	return new HubSpotError(409, 'CONFLICT', `Contact already exists. Existing ID: ${existingId}`);
}

/**
 * A deterministic correlation id (UUID-shaped, FNV-1a of the inputs) so that responses never depend on
 * host randomness. HubSpot also sends it as the `X-HubSpot-Correlation-Id` header.
 */
export function correlationId(...parts: (string | number)[]): string {
	const text = parts.join('|');
	let hex = '';
	for (let round = 0; round < 4; round++) {
		let h = 0x811c9dc5 ^ round;
		for (let i = 0; i < text.length; i++) {
			h ^= text.charCodeAt(i);
			h = Math.imul(h, 0x01000193);
		}
		hex += (h >>> 0).toString(16).padStart(8, '0');
	}
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The message of HubSpot's 500 for an unexpected failure (the thrown value's own message stays out of the answer). */
export const INTERNAL_ERROR_MESSAGE = 'internal error: an unexpected error occurred while processing the request';

/**
 * Turns a thrown value into HubSpot's error response; any value that is no {@link HubSpotError} becomes a 500
 * `INTERNAL_ERROR` with the generic {@link INTERNAL_ERROR_MESSAGE} (an exception's or database's message, which can
 * name internals, never reaches the body).
 */
export function errorResponse(err: unknown, corr: string): ApiResponse {
	if (err instanceof HubSpotError) {
		const body: Record<string, unknown> = { status: 'error', message: err.message, correlationId: corr, category: err.category };
		if (err.errors) body.errors = err.errors;
		return { status: err.status, body, headers: { 'x-hubspot-correlation-id': corr } };
	}
	return {
		status: 500,
		body: { status: 'error', message: INTERNAL_ERROR_MESSAGE, correlationId: corr, category: 'INTERNAL_ERROR' },
		headers: { 'x-hubspot-correlation-id': corr }
	};
}

/**
 * HubSpot's error envelope for the kit's router and write protocol: 404 `OBJECT_NOT_FOUND` "No route matches …",
 * 405 `INVALID_METHOD`, 400 `VALIDATION_ERROR` "Invalid input JSON on line 1: …" (bad JSON, path segment, body),
 * 409 `CONFLICT` before any run, and the `X-HubSpot-Correlation-Id` header on every answer (a deterministic
 * {@link correlationId} of the run, its event count before the request, and the request).
 */
export const HUBSPOT_ERRORS: ErrorAdapter = {
	notFound: (req) => new HubSpotError(404, 'OBJECT_NOT_FOUND', `No route matches ${req.method} ${req.path}`),
	methodNotAllowed: (req) => new HubSpotError(405, 'INVALID_METHOD', `${req.method} is not allowed on ${req.path}`),
	badRequest: invalidInput,
	invalidBody: (error) => invalidInput(zodMessage(error)),
	noRun: () => new HubSpotError(409, 'CONFLICT', 'No run is initialized: POST /__salesgym/run first.'),
	respond: (err, headers) => errorResponse(err, headers['x-hubspot-correlation-id'] ?? ''),
	headers: (req, meta) => ({
		'x-hubspot-correlation-id': correlationId(
			meta?.run_id ?? '',
			meta?.seq ?? 0,
			req.method,
			req.path,
			req.query.toString(),
			JSON.stringify(req.body) ?? '',
			req.bodyError ?? ''
		)
	})
};
