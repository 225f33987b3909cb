/**
 * Calendly error bodies: `{title, message, details?}` (Calendly API v2 OpenAPI, components/responses: 400 "Invalid
 * Argument" / "The supplied parameters are invalid.", 404 "Resource Not Found" / "The server could not find the
 * requested resource.", 409 "Already Exists", 500 "Internal Server Error"). Handlers throw {@link CalendlyError};
 * the kit's router renders it through {@link CALENDLY_ERRORS}.
 */
import type { ErrorAdapter } from '../../kit/router';
import type { ApiResponse } from '../../types';

/** One invalid parameter, as Calendly lists it in `details`. */
export interface CalendlyErrorDetail {
	parameter: string;
	message: string;
}

/** A typed Calendly API error. `details` is sent only when given. */
export class CalendlyError extends Error {
	constructor(
		readonly status: number,
		readonly title: string,
		message: string,
		readonly details?: CalendlyErrorDetail[]
	) {
		super(message);
	}
}

/** Calendly's 404 message (the same for an unknown path and a missing resource). */
export const NOT_FOUND_MESSAGE = 'The server could not find the requested resource.';

/**
 * Calendly's envelope for the kit: 404 "Resource Not Found" (with `details: []`, as the gym answered before the
 * kit), 405 "Method Not Allowed", 400 "Invalid Argument" (with `details` per zod issue for a body), 409 before any
 * run, 500 "Internal Server Error" otherwise.
 */
export const CALENDLY_ERRORS: ErrorAdapter = {
	notFound: () => new CalendlyError(404, 'Resource Not Found', NOT_FOUND_MESSAGE, []),
	methodNotAllowed: (req) => new CalendlyError(405, 'Method Not Allowed', `${req.method} is not allowed on ${req.path}`),
	badRequest: (message) => new CalendlyError(400, 'Invalid Argument', 'The supplied parameters are invalid.', [{ parameter: 'body', message }]),
	invalidBody: (error) =>
		new CalendlyError(
			400,
			'Invalid Argument',
			'The supplied parameters are invalid.',
			error.issues.map((i) => ({ parameter: i.path.map(String).join('.') || 'body', message: i.message }))
		),
	noRun: () => new CalendlyError(409, 'Conflict', 'No run is initialized: POST /__salesgym/run first.'),
	/** A value that is no {@link CalendlyError} answers a generic 500: its message (an exception's, a database's) never reaches the body. */
	respond(err): ApiResponse {
		if (err instanceof CalendlyError)
			return { status: err.status, body: { title: err.title, message: err.message, ...(err.details ? { details: err.details } : {}) } };
		return {
			status: 500,
			body: {
				title: 'Internal Server Error',
				message: 'The server encountered an unexpected condition that prevented it from fulfilling the request.'
			}
		};
	}
};
