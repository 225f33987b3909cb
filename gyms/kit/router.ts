/**
 * The route table and router of a gym. A route is `{method, path, handler}`; `path` is a pattern with `{name}`
 * placeholders (`/lists/{listId}/entries`, one path segment each) or a RegExp whose groups are the params. The
 * router answers, in the gym's own error envelope (its {@link ErrorAdapter}):
 * - the adapter's 400 when the body was not valid JSON, or a path param is not valid percent-encoding;
 * - 404 when no route's path matches, 405 when a path matches but not with this method;
 * - the handler's answer otherwise (params percent-decoded, in pattern order; a 204 never carries a body), or the
 *   adapter's rendering of what the handler threw.
 */
import type { z } from 'zod';
import type { ApiRequest, ApiResponse, RunMeta } from '../types';

/** A handler: the gym's context (its database), the request, then the decoded path params in order. */
export type Handler<C> = (ctx: C, req: ApiRequest, ...params: string[]) => Promise<ApiResponse>;

/** One route. `method` upper case; `path` a `{param}` pattern or a RegExp over the whole vendor path. */
export interface Route<C> {
	method: string;
	path: string | RegExp;
	handler: Handler<C>;
}

/**
 * How a gym's errors look: the typed errors the kit throws for routing, parsing and writing, and how any
 * thrown value becomes the vendor's error response.
 */
export interface ErrorAdapter {
	/** Thrown for a path no route matches (rendered as a 404). */
	notFound(req: ApiRequest): unknown;
	/** Thrown when a route matches the path but not the method (rendered as a 405). */
	methodNotAllowed(req: ApiRequest): unknown;
	/** Thrown for a malformed request: a body that is not JSON, a path segment that is not valid percent-encoding. */
	badRequest(message: string): unknown;
	/** Thrown for a body that does not match its schema (the gym's body parser, kit/body.ts, throws it; `zodMessage` gives a one-line text). */
	invalidBody(error: z.ZodError): unknown;
	/** Thrown by a write when no run is initialized (a 409 in every gym). */
	noRun(): unknown;
	/**
	 * The response for a thrown value: the vendor's envelope for the gym's typed errors, a 500 in that envelope
	 * for anything else, with a generic message (the thrown value's message, e.g. a database error's, must not reach
	 * the body). `headers` are the request's {@link headers}, to be sent on the error too.
	 */
	respond(err: unknown, headers: Record<string, string>): ApiResponse;
	/**
	 * Headers every answer of this request carries (success and error), computed before routing from the request
	 * and the run meta as it was before the request (e.g. HubSpot's `X-HubSpot-Correlation-Id`). Default none.
	 */
	headers?(req: ApiRequest, meta: RunMeta | undefined): Record<string, string>;
}

/** Statuses whose responses carry no body (Fetch Standard, "null body status"): `new Response(body, {status})` throws for them. */
export const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 103, 204, 205, 304]);

/**
 * An answer in a form every transport can send: a null-body status ({@link NULL_BODY_STATUSES}) loses its body,
 * so that a committed write is never answered with a 500 by the Service Worker's `new Response`.
 */
export function sendable(res: ApiResponse): ApiResponse {
	if (!NULL_BODY_STATUSES.has(res.status) || res.body === undefined) return res;
	const { body: _body, ...rest } = res;
	return rest;
}

/** A compiled route. */
interface Compiled<C> {
	method: string;
	pattern: RegExp;
	handler: Handler<C>;
}

/**
 * Compiles a `{param}` path pattern: each `{name}` matches one non-empty path segment; the rest is literal.
 * @throws Error when a placeholder is not `{identifier}`.
 */
export function compilePath(path: string): RegExp {
	const parts = path.split(/(\{[^}]*\})/);
	const source = parts
		.map((p) => {
			if (!p.startsWith('{')) return p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
			if (!/^\{[A-Za-z_][A-Za-z0-9_]*\}$/.test(p)) throw new Error(`route ${path}: bad placeholder ${p}`);
			return '([^/]+)';
		})
		.join('');
	return new RegExp(`^${source}$`);
}

/** The router of a route table: `(ctx, req, meta) → response`; never throws (errors are answers). */
export type Router<C> = (ctx: C, req: ApiRequest, meta: RunMeta | undefined) => Promise<ApiResponse>;

/**
 * Builds the router of `routes` (first match wins; put more specific patterns first).
 * @param errors the gym's error adapter.
 */
export function createRouter<C>(routes: readonly Route<C>[], errors: ErrorAdapter): Router<C> {
	const table: Compiled<C>[] = routes.map((r) => ({
		method: r.method,
		pattern: typeof r.path === 'string' ? compilePath(r.path) : r.path,
		handler: r.handler
	}));
	return async (ctx, req, meta) => {
		const headers = errors.headers?.(req, meta) ?? {};
		try {
			if (req.bodyError !== undefined) throw errors.badRequest(req.bodyError);
			const pathMatches = table.filter((r) => r.pattern.test(req.path));
			const route = pathMatches.find((r) => r.method === req.method);
			if (!route) throw pathMatches.length ? errors.methodNotAllowed(req) : errors.notFound(req);
			const params = (route.pattern.exec(req.path) ?? []).slice(1).map((p) => {
				try {
					return decodeURIComponent(p);
				} catch {
					throw errors.badRequest(`malformed path segment "${p}"`);
				}
			});
			const res = sendable(await route.handler(ctx, req, ...params));
			return Object.keys(headers).length ? { ...res, headers: { ...res.headers, ...headers } } : res;
		} catch (err) {
			return errors.respond(err, headers);
		}
	};
}
