/**
 * Request routing for the Service Worker. Paths (documented in README "HTTP endpoints"):
 * - `/api/<gym>/<vendor path>`: the gym's REST API (e.g. `/api/hubspot/crm/v3/objects/contacts`).
 * - `POST /__salesgym/run`, `GET /__salesgym/run`: initialize / read the run.
 * - `GET /__salesgym/state`, `PUT /__salesgym/state`: export / import the canonical state (`?digest=sha256`: only
 *   the export's SHA-256 and size; `?tables=<gym>.<table>,…`: the verifier's view of those tables; sw/state-json.ts).
 * - `GET /__salesgym/tasks`, `GET /__salesgym/tasks/<id>`: the bundled tasks' setups (no steps: blueprints/setups.ts).
 * - `POST /verify`: verdict for the current run, computed by the calling page's verifier worker.
 * - `GET /__salesgym/reset-check[?deep=<gym>.<table>,…]`: the databases compared with the current task's initial state (sw/reset-check.ts).
 * - `POST /__salesgym/publish`: PUTs this origin's export of the current run to the state store (sw/state-store.ts).
 * Once a harness sealed the run (sw/seal.ts), every path but `/api/` needs the seal's secret.
 */
import { taskSetups } from '../blueprints/setups';
import { DEPLOYMENT, STATE_ORIGIN } from '../gyms/deployment';
import { createGyms, shippedSeeds } from '../gyms/registry';
import { bundlesWorlds } from '../seeds';
import type { ApiRequest, Gym } from '../gyms/types';
import type { ExportLike } from '../verifier/merge';
import { VerifyRequest, type PlacedAssertion } from '../verifier/schema';
import { TablesNotHeldError, type Evaluation, type VerifyInput } from '../verifier/verify';
import { z } from 'zod';
import type { ErrorEnvelope } from '../gyms/kit/contract';
import { currentRun, exportRun, importRun, initRun, RunError, type InitTiming, type RunContext, type StateExport } from './run';
import { fetchPeerExports, peerPlatforms, publishExports, type Published, type StoreOptions } from './state-store';
import { verifyRun } from './verify';
import { pageTables } from './verify-ledger';
import { isSecret, notFoundPage, Seal, SEAL_HEADER, SEAL_NEXT_HEADER } from './seal';
import { checkReset, parseDeep } from './reset-check';
import { InlineTasks } from './inline-task';
import { installProjectionLoader } from './projections';
import { exportDigest, exportRunBytes, exportViewBytes, parseTables } from './state-json';

/** The least time `/verify` waits for the page's verifier, ms (the request's `timeout_ms` + grace when longer). */
export const VERIFY_TIMEOUT_MS = 10_000;

/** The gyms, each held in memory and journaled to its IndexedDB database (gyms/store.ts "Journal"). */
const gyms: Gym[] = createGyms({ journaled: true });
// The built worker holds no seed world: its gyms read their projections from the build's files (Node tests of this
// module project from the world, which their bundle holds).
if (!bundlesWorlds()) installProjectionLoader();

/** The seal of this browser profile (README "Sealed episodes"). */
const seal = new Seal();

/** What a request the seal refuses gets: the answer of a path that does not exist. */
function refused(request: Request, path: string): Response {
	return request.mode === 'navigate' ? notFoundPage() : error(404, `no route for ${request.method} ${path}`);
}

/**
 * A request under `/demo/` (the demo's task file): refused (and recorded) in a sealed run, else passed on to
 * the network (the server decides whether it has it).
 */
export async function demoRequest(request: Request): Promise<Response> {
	const path = new URL(request.url).pathname;
	if (await seal.sealed()) {
		await seal.violate({ kind: 'control_without_secret', method: request.method, path });
		return refused(request, path);
	}
	return fetch(request);
}

/** True when a run is sealed in this browser profile (a navigation to the launcher then gets "Page not found"). */
export function isSealed(): Promise<boolean> {
	return seal.sealed();
}

/** The current inline task of this browser profile (sw/inline-task.ts). */
const inlineTasks = new InlineTasks();

function context(): RunContext {
	return { gyms, blueprints: taskSetups(), seeds: shippedSeeds(), rememberTask: (t) => inlineTasks.remember(t) };
}

/**
 * `Server-Timing` of a reset (W3C Server Timing): per gym `<gym>-project;dur=<ms>` (its prebuilt projection loaded and
 * the task's state computed) and `<gym>-reset;dur=<ms>;desc="deferred"|"loaded"`.
 */
function serverTiming(timing: InitTiming): string {
	const ms = (n: number) => n.toFixed(1);
	const parts: string[] = [];
	for (const [gym, t] of Object.entries(timing))
		parts.push(`${gym}-project;dur=${ms(t.project_ms)}`, `${gym}-reset;dur=${ms(t.reset_ms)};desc="${t.defer ? 'deferred' : 'loaded'}"`);
	return parts.join(', ');
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
	return new Response(
		body === undefined ? null : typeof body === 'string' || body instanceof Uint8Array ? (body as string | Uint8Array<ArrayBuffer>) : JSON.stringify(body),
		{
			status,
			headers: { 'content-type': 'application/json;charset=utf-8', 'cache-control': 'no-store', ...headers }
		}
	);
}

function error(status: number, message: string): Response {
	return json(status, { status: 'error', message } satisfies ErrorEnvelope);
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

/**
 * Opens a sandbox run on the base seed when a gym API is called before any run exists (first visit, demo), with
 * every gym deferred (gyms/store.ts "deferred"): the gym called loads at this very request, the others at their
 * first. A harness that resets to its task right after the first page load then waits ~0.1 s for this run,
 * not for four bulk loads (3.5 s of a fresh context's first episode here).
 */
async function ensureRun(ctx: RunContext): Promise<void> {
	if (runExists) return lifecycle.then(() => undefined);
	await exclusive(async () => {
		if (!(await currentRun(ctx))) await initRun(ctx, {}, undefined, { deferAll: true });
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
 *   `timeoutMs` + {@link VERIFY_GRACE_MS}; 499 when aborted; 500 when its verifier failed; 400 when there is no such page;
 *   TablesNotHeldError when the input names held tables the page's worker does not hold.
 */
function verifyInPage(
	scope: ClientsScope,
	clientId: string,
	input: VerifyInput,
	assertions: PlacedAssertion[],
	timeoutMs: number,
	signal?: AbortSignal
): Promise<Evaluation> {
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
				else if (ev.data.kind === 'missing-tables') reject(new TablesNotHeldError([ev.data.error ?? 'tables']));
				else reject(new RunError(500, ev.data.error ?? 'verifier failed: unknown error'));
			};
			signal?.addEventListener('abort', () => channel.port1.postMessage({ type: 'salesgym:verify-abort' }), { once: true });
			// The state's bytes (a fresh buffer per verification) are transferred, not copied, and travel on the channel
			// rather than with the client message: in Chromium 156, `Client.postMessage` of a 3.7 MB state reached the page
			// 80–130 ms later, the same bytes on a MessagePort ≤ 30 ms (`salesgym bench` verify_20x10k p50 272 → 162 ms).
			const moved = [input.state, input.initial].flatMap((x) => (x instanceof Uint8Array ? [x.buffer as ArrayBuffer] : []));
			client.postMessage({ type: 'salesgym:verify', assertions, timeout_ms: timeoutMs }, [channel.port2]);
			channel.port1.postMessage({ type: 'salesgym:verify-input', input }, moved);
		}, reject);
	});
}

/** The state store for a request: {@link STATE_ORIGIN}, or the request's own origin when that is unset. */
function store(request: Request): StoreOptions {
	return { origin: STATE_ORIGIN || new URL(request.url).origin, fetch: (input, init) => fetch(input, init) };
}

/** Body of `POST /__salesgym/publish`: optionally the run the caller expects to publish. */
const PublishRequest = z.strictObject({ run_id: z.string().min(1).optional().describe('must equal the current run when given') });

/**
 * `POST /__salesgym/publish`: PUTs the current run's export of every gym served here to the state store,
 * one `/state/<run_id>/<gym>.json` per gym. @returns `{run_id, published: [{gym, url, bytes, status}]}`.
 * @throws RunError 400 bad body, 409 no run / another run, 502 the store refused or is unreachable.
 */
async function publish(ctx: RunContext, request: Request): Promise<{ run_id: string; published: Published[] }> {
	const { body, bodyError } = await readBody(request);
	if (bodyError) throw new RunError(400, bodyError);
	const parsed = PublishRequest.safeParse(body ?? {});
	if (!parsed.success) throw new RunError(400, parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
	await lifecycle;
	const { state } = await exportRun(ctx);
	if (parsed.data.run_id !== undefined && parsed.data.run_id !== state.run_id)
		throw new RunError(409, `run_id "${parsed.data.run_id}" is not the current run ("${state.run_id}")`);
	return {
		run_id: state.run_id,
		published: await publishExports(
			state,
			ctx.gyms.map((g) => g.name),
			store(request)
		)
	};
}

/**
 * The exports of a cross-gym task's platforms that this deployment does not serve (a standalone deployment):
 * this origin's gyms are published to the state store first (so the other origins can verify too), then the
 * missing platforms' exports are read from `/state/<run_id>/<gym>.json`. They become `/verify`'s `extra`.
 * Single-platform tasks, inline assertions, exports already given in the body's `states`, and a combined
 * deployment never touch the store. A body that is not a valid verify request, or names another run, gets
 * `[]`: {@link verifyRun} then answers the 400/409 itself.
 * @param body the parsed JSON body of `POST /verify`.
 * @returns the peers' exports (possibly empty).
 * @throws RunError 409 naming each missing peer export; 502 when the store fails or refuses.
 */
export async function peerExports(ctx: RunContext, request: Request, body: unknown): Promise<StateExport[]> {
	const parsed = VerifyRequest.safeParse(body);
	if (!parsed.success || parsed.data.task_id === undefined) return [];
	const bp = ctx.blueprints.get(parsed.data.task_id);
	if (!bp) return [];
	const served = ctx.gyms.map((g) => g.name);
	const covered = [...served, ...(parsed.data.states ?? []).flatMap((s) => Object.keys(s.gyms))];
	if (peerPlatforms(bp.platforms, covered).length === 0) return [];
	const { state } = await exportRun(ctx);
	if (state.run_id !== parsed.data.run_id) return [];
	const opts = store(request);
	await publishExports(state, served, opts);
	return fetchPeerExports(state.run_id, bp.platforms, covered, opts);
}

/**
 * `POST /verify`. A cross-gym task on a standalone deployment reads the other gyms' exports from the state
 * store ({@link peerExports}); they are merged exactly like the body's `states`.
 */
async function verify(ctx: RunContext, request: Request, clientId: string, scope: ClientsScope): Promise<Response> {
	const { body, bodyError } = await readBody(request);
	if (bodyError) throw new RunError(400, bodyError);
	if (!clientId) throw new RunError(400, '/verify must be fetched from a salesgym page (page context), so that its verifier worker can run');
	await lifecycle;
	const peers: readonly ExportLike[] = await peerExports(ctx, request, body);
	const out = await verifyRun(
		ctx,
		body,
		peers,
		(input, assertions, timeoutMs) => verifyInPage(scope, clientId, input, assertions, timeoutMs, request.signal),
		pageTables(clientId)
	);
	return json(200, { ...out, seal: await seal.report(gyms) });
}

/**
 * Routes one request the SW intercepted. Never throws: every failure is a JSON error response
 * (the gym's vendor shape under `/api/`, `{status:"error", message}` elsewhere).
 */
export async function routeRequest(request: Request, clientId: string, scope: ClientsScope): Promise<Response> {
	const url = new URL(request.url);
	const path = url.pathname;
	try {
		// A worker's first request parses the task setups, reads the stored inline task and reads the seal: started
		// together, so that the two IndexedDB reads (each database created on a fresh profile) overlap.
		void seal.record().catch(() => undefined);
		await inlineTasks.restore(taskSetups());
		const ctx = context();
		const api = /^\/api\/([a-z]+)(\/.*)$/.exec(path);
		if (api) {
			const gym = gyms.find((g) => g.name === api[1]);
			if (!gym) return error(404, `no gym named "${api[1]}"`);
			await ensureRun(ctx);
			const { body, bodyError } = await readBody(request);
			const req: ApiRequest = {
				method: request.method,
				path: api[2] ?? '/',
				query: url.searchParams,
				body,
				bodyError,
				contentType: request.headers.get('content-type') ?? ''
			};
			const res = await gym.handle(req);
			// Not awaited: the seal's ledger follows the gym's metadata in call order, and /verify waits for it.
			void seal.witness(gym).catch(() => undefined);
			return json(res.status, res.body, res.headers);
		}
		const secret = request.headers.get(SEAL_HEADER);
		if (!(await seal.admits(secret))) {
			await seal.violate({ kind: 'control_without_secret', method: request.method, path });
			return refused(request, path);
		}
		if (path === '/verify' && request.method === 'POST') return await verify(ctx, request, clientId, scope);
		if (path === '/__salesgym/run') {
			if (request.method === 'POST') {
				const { body, bodyError } = await readBody(request);
				if (bodyError) throw new RunError(400, bodyError);
				if (secret !== null && !isSecret(secret)) throw new RunError(400, `${SEAL_HEADER}: a secret is 16–256 printable ASCII characters`);
				// A harness reusing this profile seals the new episode with a fresh secret: admitted with the old one,
				// it names the next one (sw/seal.ts).
				const next = request.headers.get(SEAL_NEXT_HEADER);
				if (next !== null && !isSecret(next)) throw new RunError(400, `${SEAL_NEXT_HEADER}: a secret is 16–256 printable ASCII characters`);
				const timing: InitTiming = {};
				const info = await exclusive(async () => {
					const info = await initRun(ctx, body, timing);
					if ((next ?? secret) !== null) await seal.begin((next ?? secret)!, info.run_id, gyms);
					return info;
				});
				return json(200, info, { 'server-timing': serverTiming(timing) });
			}
			if (request.method === 'GET') {
				const run = await currentRun(ctx);
				return run ? json(200, run) : error(404, 'no run is initialized: POST /__salesgym/run first');
			}
		}
		if (path === '/__salesgym/state') {
			if (request.method === 'GET') {
				await lifecycle;
				// The same bytes as `exportRun(ctx).json`, from each gym's in-memory table copies (sw/state-json.ts).
				const only = parseTables(
					url.searchParams,
					gyms.map((g) => g.name)
				);
				if (only) {
					const view = await exportViewBytes(ctx, only);
					if (view === null) throw new RunError(501, 'tables: a gym of this build has no byte export (Gym.exportJson)');
					return json(200, url.searchParams.get('digest') === 'sha256' ? await exportDigest(view) : view);
				}
				const bytes = (await exportRunBytes(ctx)) ?? new TextEncoder().encode((await exportRun(ctx)).json);
				if (url.searchParams.get('digest') === 'sha256') return json(200, await exportDigest(bytes));
				return json(200, bytes);
			}
			if (request.method === 'PUT') {
				const { body, bodyError } = await readBody(request);
				if (bodyError) throw new RunError(400, bodyError);
				const info = await exclusive(() => importRun(ctx, body));
				if (await seal.sealed()) {
					await seal.violate({ kind: 'import', method: 'PUT', path, detail: `imported run ${info.run_id}` });
					for (const g of gyms) await seal.witness(g);
				}
				return json(200, info);
			}
		}
		if (path === '/__salesgym/reset-check' && request.method === 'GET') {
			await lifecycle;
			return json(200, await checkReset(ctx, parseDeep(url.searchParams)));
		}
		if (path === '/__salesgym/publish' && request.method === 'POST') return json(200, await publish(ctx, request));
		if (path === '/__salesgym/tasks' && request.method === 'GET') {
			// A standalone deployment lists the tasks its gym takes part in.
			const tasks = [...ctx.blueprints.values()]
				.filter((bp) => DEPLOYMENT === 'all' || bp.platforms.some((p) => p === DEPLOYMENT))
				.map(({ id, title, category, business_function, platforms, goal, prompt, start_path }) => ({
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
