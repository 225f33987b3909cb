/**
 * Error types of the harness, mapped to CLI exit codes by `harness/cli.ts`.
 */

/**
 * The environment failed, not the agent: the browser crashed or closed, the Service Worker never took
 * control, or a control endpoint (`/__salesgym/run`, `/verify`, …) answered non-2xx or an unexpected shape.
 * The CLI exits 3 on it. `cause` holds the underlying error when there is one.
 */
export class InfrastructureError extends Error {
	override name = 'InfrastructureError';
	/** @param message what failed, for humans; @param options.cause the underlying error. */
	constructor(message: string, options?: { cause?: unknown }) {
		super(message, options);
	}
}

/** Bad command-line input (unknown option, bad number, unknown agent or task). The CLI exits 2 on it. */
export class UsageError extends Error {
	override name = 'UsageError';
}
