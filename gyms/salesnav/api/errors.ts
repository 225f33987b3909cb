/**
 * Sales Navigator error bodies. LinkedIn publishes no Sales Navigator API: the replica's API is its own design,
 * with LinkedIn's REST error shape `{status, serviceErrorCode, code, message}` (`status` repeats the HTTP status).
 * Handlers throw {@link SalesNavError}; the kit's router renders it through {@link SALESNAV_ERRORS}.
 */
import { zodMessage } from '../../kit/body';
import type { ErrorAdapter } from '../../kit/router';
import type { ApiResponse } from '../../types';

/** A typed Sales Navigator API error: HTTP `status`, a `code` (e.g. `NOT_FOUND`) and a message. */
export class SalesNavError extends Error {
	constructor(
		readonly status: number,
		readonly code: string,
		message: string
	) {
		super(message);
	}
}

/** The body of an error answer. */
function body(status: number, code: string, message: string): ApiResponse {
	return { status, body: { status, serviceErrorCode: 0, code, message } };
}

/**
 * The envelope for the kit: 404 `NOT_FOUND` "No route matches …", 405 `METHOD_NOT_ALLOWED`, 400 `BAD_REQUEST`
 * (malformed JSON, path segment, or a body that fails its schema), 409 `CONFLICT` before any run, 500
 * `INTERNAL_SERVER_ERROR` otherwise (a generic message: the thrown value's own, an exception's or the database's,
 * never reaches the body).
 */
export const SALESNAV_ERRORS: ErrorAdapter = {
	notFound: (req) => new SalesNavError(404, 'NOT_FOUND', `No route matches ${req.method} ${req.path}`),
	methodNotAllowed: (req) => new SalesNavError(405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${req.path}`),
	badRequest: (message) => new SalesNavError(400, 'BAD_REQUEST', message),
	invalidBody: (error) => new SalesNavError(400, 'BAD_REQUEST', zodMessage(error)),
	noRun: () => new SalesNavError(409, 'CONFLICT', 'No run is initialized: POST /__salesgym/run first.'),
	respond(err) {
		if (err instanceof SalesNavError) return body(err.status, err.code, err.message);
		return body(500, 'INTERNAL_SERVER_ERROR', 'internal error: an unexpected error occurred while processing the request');
	}
};
