/**
 * Outreach error bodies: JSON:API `{errors:[{id, title, detail}]}` with the `application/vnd.api+json` media type
 * (Outreach API v2 reference, "Errors": 404 `resourceNotFound`, 422 `validationError`, …). Handlers throw
 * {@link OutreachError}; the kit's router renders it through {@link OUTREACH_ERRORS}.
 */
import { zodMessage } from '../../kit/body';
import type { ErrorAdapter } from '../../kit/router';
import type { ApiResponse } from '../../types';

/** JSON:API media type Outreach answers with. */
export const JSON_API = 'application/vnd.api+json';

/** A typed Outreach API error: HTTP `status`, the error `id` (e.g. `resourceNotFound`), `title` and `detail`. */
export class OutreachError extends Error {
	constructor(
		readonly status: number,
		readonly id: string,
		readonly title: string,
		readonly detail: string
	) {
		super(detail);
	}
}

/** `{errors:[{id, title, detail}]}` with the JSON:API content type. */
function envelope(status: number, id: string, title: string, detail: string, pointer?: string): ApiResponse {
	return { status, body: { errors: [{ id, title, detail, ...(pointer ? { source: { pointer } } : {}) }] }, headers: { 'content-type': JSON_API } };
}

/**
 * Outreach's envelope for the kit: 404 `resourceNotFound` "No route matches …", 405 `methodNotAllowed`, 400
 * `badRequest` for malformed JSON or path segments, 422 `validationError` for a body that fails its schema,
 * 409 `conflict` before any run, 500 `internalServerError` otherwise (a generic detail: the thrown value's message,
 * an exception's or the database's, never reaches the body).
 */
export const OUTREACH_ERRORS: ErrorAdapter = {
	notFound: (req) => new OutreachError(404, 'resourceNotFound', 'Resource Not Found', `No route matches ${req.method} ${req.path}`),
	methodNotAllowed: (req) => new OutreachError(405, 'methodNotAllowed', 'Method Not Allowed', `${req.method} is not allowed on ${req.path}`),
	badRequest: (message) => new OutreachError(400, 'badRequest', 'Bad Request', message),
	invalidBody: (error) => new OutreachError(422, 'validationError', 'Validation Error', zodMessage(error)),
	noRun: () => new OutreachError(409, 'conflict', 'Conflict', 'No run is initialized: POST /__salesgym/run first.'),
	respond(err) {
		if (err instanceof OutreachError) return envelope(err.status, err.id, err.title, err.detail, (err as { pointer?: string }).pointer);
		return envelope(500, 'internalServerError', 'Internal Server Error', 'internal error: an unexpected error occurred while processing the request');
	}
};
