/**
 * Request routing for the Service Worker. Paths (documented in README "HTTP endpoints"):
 * - `/api/<gym>/<vendor path>`: the gym's REST API (e.g. `/api/hubspot/crm/v3/objects/contacts`).
 * - `POST /__salesgym/run`, `GET /__salesgym/run`: initialize / read the run.
 * - `GET /__salesgym/state`, `PUT /__salesgym/state`: export / import the canonical state.
 * - `GET /__salesgym/tasks`, `GET /__salesgym/tasks/<id>`: bundled blueprints.
 * - `POST /verify`: verdict for the current run, computed by the calling page's verifier worker.
 */
import { blueprints } from '../blueprints/registry';
import { createGyms, shippedSeeds } from '../gyms/registry';
import type { ApiRequest, Gym } from '../gyms/types';
import type { ExportLike } from '../verifier/merge';
import type { PlacedAssertion } from '../verifier/schema';
import type { Evaluation, VerifyInput } from '../verifier/verify';
import { currentRun, exportRun, importRun, initRun, RunError, type RunContext } from './run';
import { verifyRun } from './verify';

/** The least time `/verify` waits for the page's verifier, ms (the request's `timeout_ms` + grace when longer). */
export const VERIFY_TIMEOUT_MS = 10_000;

const gyms: Gym[] = createGyms();

function context(): RunContext {
	return { gyms, blueprints: blueprints(), seeds: shippedSeeds() };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
	return new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), {
		status,
		headers: { 'content-type': 'application/json;charset=utf-8', 'cache-control': 'no-store', ...headers }
	});
}

function error(status: number, message: string): Response {
	return json(status, { status: 'error', message });
}

async function readBody(request: Request): Promise<{ body: unknown; bodyError?: string }> {
	const text = await request.text();
	if (text.trim() === '') return { body: undefined };
	try {
		return { body: JSON.parse(text) };
	} catch (e) {
		return { body: undefined, bodyError: `body is not valid JSON (${(e as Error).message})` };
	}
}

/**
 * Lifecycle operations (init, import, the first-visit sandbox init) run one at a time, in arrival order, and
 * API requests wait for the one in progress. This is only ordering, not state: after an SW restart the chain
 * simply starts empty. Without it, a page's first API call (which opens a sandbox run) could race a
 * harness's `POST /__salesgym/run` and win.
 */
let lifecycle: Promise<unknown> = Promise.resolve();

function exclusive<T>(op: () => Promise<T>): Promise<T> {
	const next = lifecycle.then(op, op);
	lifecycle = next.catch(() => undefined);
	return next;
}

/**
 * Whether a run is known to exist. Only a shortcut that skips a read per API call: a run, once created, is
 * never removed, and after an SW restart this starts false and is checked again in IndexedDB.
 */
let runExists = false;

/** Opens a sandbox run on the base seed when a gym API is called before any run exists (first visit, demo). */
async function ensureRun(ctx: RunContext): Promise<void> {
	if (runExists) return lifecycle.then(() => undefined);
	await exclusive(async () => {
		if (!(await currentRun(ctx))) await initRun(ctx, {});
	});
	runExists = true;
}

/** Minimal view of the SW global scope that routing needs (so Node tests can pass a fake). */
export interface ClientsScope {
	clients: { get(id: string): Promise<{ postMessage(message: unknown, transfer: Transferable[]): void } | undefined> };
}

/** Extra time the SW waits beyond the verification's own bound (worker boot, messaging), ms. */
export const VERIFY_GRACE_MS = 5_000;

/**
 * Asks the page `clientId` to run the assertions in its verifier worker, which enforces `timeoutMs`.
 * `signal`: the request's; when it aborts, the page is told to stop (its worker is then restarted). Chromium 156
 * does not abort `FetchEvent.request.signal` when the page aborts its fetch, so there the time bound is what stops a runaway query.
 * @throws RunError 504 when the page reports a timeout (its worker was restarted) or does not answer within
 *   `timeoutMs` + {@link VERIFY_GRACE_MS}; 499 when aborted; 500 when its verifier failed; 400 when there is no such page.
 */
function verifyInPage(scope: ClientsScope, clientId: string, input: VerifyInput, assertions: PlacedAssertion[], timeoutMs: number, signal?: AbortSignal): Promise<Evaluation> {
	return new Promise((resolve, reject) => {
		void scope.clients.get(clientId).then((client) => {
			if (!client) return reject(new RunError(400, '/verify must be fetched from a salesgym page (page context), so that its verifier worker can run'));
			const channel = new MessageChannel();
			const bound = Math.max(VERIFY_TIMEOUT_MS, timeoutMs + VERIFY_GRACE_MS);
			const timer = setTimeout(() => reject(new RunError(504, `the page's verifier did not answer within ${bound} ms`)), bound);
			channel.port1.onmessage = (ev: MessageEvent<{ ok: boolean; result?: Evaluation; kind?: string; error?: string }>) => {
				clearTimeout(timer);
				channel.port1.close();
				if (ev.data.ok && ev.data.result) resolve(ev.data.result);
				else if (ev.data.kind === 'timeout') reject(new RunError(504, ev.data.error ?? 'verification timed out'));
				else if (ev.data.kind === 'aborted') reject(new RunError(499, ev.data.error ?? 'verification aborted'));
				else reject(new RunError(500, ev.data.error ?? 'verifier failed: unknown error'));
			};
			signal?.addEventListener('abort', () => channel.port1.postMessage({ type: 'salesgym:verify-abort' }), { once: true });
			client.postMessage({ type: 'salesgym:verify', input, assertions, timeout_ms: timeoutMs }, [channel.port2]);
		}, reject);
	});
}

/**
 * `POST /verify`. `extra`: exports of the run's gyms on other origins, fetched by the caller (e.g. from the
 * state store); merged exactly like the body's `states`.
 */
async function verify(ctx: RunContext, request: Request, clientId: string, scope: ClientsScope, extra: readonly ExportLike[] = []): Promise<Response> {
	const { body, bodyError } = await readBody(request);
	if (bodyError) throw new RunError(400, bodyError);
	if (!clientId) throw new RunError(400, '/verify must be fetched from a salesgym page (page context), so that its verifier worker can run');
	await lifecycle;
	const out = await verifyRun(ctx, body, extra, (input, assertions, timeoutMs) => verifyInPage(scope, clientId, input, assertions, timeoutMs, request.signal));
	return json(200, out);
}

/**
 * Routes one request the SW intercepted. Never throws: every failure is a JSON error response
 * (the gym's vendor shape under `/api/`, `{status:"error", message}` elsewhere).
 */
export async function routeRequest(request: Request, clientId: string, scope: ClientsScope): Promise<Response> {
	const url = new URL(request.url);
	const path = url.pathname;
	try {
		const ctx = context();
		const api = /^\/api\/([a-z]+)(\/.*)$/.exec(path);
		if (api) {
			const gym = gyms.find((g) => g.name === api[1]);
			if (!gym) return error(404, `no gym named "${api[1]}"`);
			await ensureRun(ctx);
			const { body, bodyError } = await readBody(request);
			const req: ApiRequest = { method: request.method, path: api[2] ?? '/', query: url.searchParams, body, bodyError };
			const res = await gym.handle(req);
			return json(res.status, res.body, res.headers);
		}
		if (path === '/verify' && request.method === 'POST') return await verify(ctx, request, clientId, scope);
		if (path === '/__salesgym/run') {
			if (request.method === 'POST') {
				const { body, bodyError } = await readBody(request);
				if (bodyError) throw new RunError(400, bodyError);
				return json(200, await exclusive(() => initRun(ctx, body)));
			}
			if (request.method === 'GET') {
				const run = await currentRun(ctx);
				return run ? json(200, run) : error(404, 'no run is initialized: POST /__salesgym/run first');
			}
		}
		if (path === '/__salesgym/state') {
			if (request.method === 'GET') {
				await lifecycle;
				return json(200, (await exportRun(ctx)).json);
			}
			if (request.method === 'PUT') {
				const { body, bodyError } = await readBody(request);
				if (bodyError) throw new RunError(400, bodyError);
				return json(200, await exclusive(() => importRun(ctx, body)));
			}
		}
		if (path === '/__salesgym/tasks' && request.method === 'GET') {
			const tasks = [...ctx.blueprints.values()].map(({ id, title, category, business_function, platforms, goal, prompt, start_path }) => ({
				id,
				title,
				category,
				business_function,
				platforms,
				goal,
				prompt,
				start_path
			}));
			return json(200, { tasks });
		}
		const task = /^\/__salesgym\/tasks\/(.+)$/.exec(path);
		if (task && request.method === 'GET') {
			const bp = ctx.blueprints.get(decodeURIComponent(task[1] ?? ''));
			return bp ? json(200, bp) : error(404, `unknown task_id "${task[1]}"`);
		}
		return error(404, `no route for ${request.method} ${path}`);
	} catch (err) {
		if (err instanceof RunError) return error(err.status, err.message);
		return error(500, `internal error: ${err instanceof Error ? err.message : String(err)}`);
	}
}
