/**
 * Static server for the built SPA (`build/`), on node:http + sirv.
 *
 * The Service Worker answers the gym APIs. A request for one of its paths that reaches this server escaped
 * the SW (the first load of a fresh profile is not intercepted, stack-notes "First load is not intercepted"):
 * it gets a 503 JSON error, never the SPA's index.html with 200, so a caller sees at once what went wrong.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { DEMO_TASKS_PATH, isServiceWorkerPath } from '../sw/paths';
import { loadBlueprints } from './blueprints';

/** Options of {@link startServer}. */
export interface ServerOptions {
	/** Folder to serve (the adapter-static output), default `build`. Must contain `index.html`. */
	root?: string;
	/** TCP port; `0` (default) picks a free ephemeral port. */
	port?: number;
	/** Interface to bind, default `127.0.0.1`. */
	host?: string;
	/**
	 * Serve the offline demo's task file at {@link DEMO_TASKS_PATH} (the tasks' steps, verifiers included, read
	 * from `blueprintsDir`), which the launcher's Check needs. Default false: a server for sealed episodes, which
	 * must not hand an agent the answer key (README "Sealed episodes"). `salesgym serve` sets it.
	 */
	demo?: boolean;
	/** Blueprint folder of the demo's task file (default `blueprints/`). */
	blueprintsDir?: string;
}

/** A running server. */
export interface RunningServer {
	/** Base URL with the real port and no trailing slash, e.g. `http://127.0.0.1:41233`. */
	url: string;
	/** Stops accepting connections, closes idle and open ones, and resolves when the server is closed. */
	close(): Promise<void>;
}

/** Cache-Control of content-hashed assets under `/_app/immutable/`. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
	const text = JSON.stringify(body);
	res.writeHead(status, {
		'Content-Type': 'application/json; charset=utf-8',
		'Content-Length': Buffer.byteLength(text),
		'Cache-Control': 'no-store',
		...headers
	});
	res.end(text);
}

/**
 * Builds the request handler: SW-only paths → 503 JSON; with `demo`, {@link DEMO_TASKS_PATH} → {@link demoTasks}; methods other than GET/HEAD → 405; everything else
 * → sirv (SPA fallback to `index.html` for extension-less paths, 404 for missing files with an extension).
 * Cache-Control: `/_app/immutable/*` {@link IMMUTABLE_CACHE}; everything else (incl. `/service-worker.js`
 * and `index.html`) `no-cache` with a weak ETag, so a new build is picked up on the next load.
 * sirv (`dev: false`) lists the files once; the handler re-lists them when `index.html`'s mtime changes,
 * so a rebuild under a running server (e.g. Playwright's reused server) is served whole, never half-stale.
 * @param root absolute folder to serve.
 */
export function createHandler(root: string, demo?: { blueprintsDir: string }): (req: IncomingMessage, res: ServerResponse) => void {
	const index = join(root, 'index.html');
	const makeServe = () =>
		sirv(root, {
			dev: false,
			etag: true,
			single: true,
			setHeaders(res, pathname) {
				res.setHeader('Cache-Control', pathname.startsWith('/_app/immutable/') ? IMMUTABLE_CACHE : 'no-cache');
			}
		});
	let builtAt = statSync(index, { throwIfNoEntry: false })?.mtimeMs ?? 0;
	let serve = makeServe();
	return (req, res) => {
		let pathname: string;
		try {
			pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
		} catch {
			sendJson(res, 400, { status: 'error', message: 'Malformed request URL.' });
			return;
		}
		if (isServiceWorkerPath(pathname)) {
			sendJson(res, 503, {
				status: 'error',
				message:
					`${req.method ?? 'GET'} ${pathname} is not handled by the Service Worker: it reached the static server. ` +
					'Wait until the page is controlled (document.body.dataset.swReady === "1" and navigator.serviceWorker.controller) before calling the API.'
			});
			return;
		}
		if (pathname === DEMO_TASKS_PATH && demo && (req.method === 'GET' || req.method === 'HEAD')) {
			try {
				sendJson(res, 200, demoTasks(demo.blueprintsDir));
			} catch (e) {
				sendJson(res, 500, { status: 'error', message: `the demo's tasks could not be read: ${(e as Error).message}` });
			}
			return;
		}
		if (req.method !== 'GET' && req.method !== 'HEAD') {
			sendJson(res, 405, { status: 'error', message: `${req.method ?? ''} is not allowed on the static server.` }, { Allow: 'GET, HEAD' });
			return;
		}
		const mtime = statSync(index, { throwIfNoEntry: false })?.mtimeMs ?? 0;
		if (mtime !== builtAt) {
			try {
				serve = makeServe();
				builtAt = mtime;
			} catch (e) {
				// A build is being written right now (a listed file vanished): answer, retry on the next request.
				sendJson(res, 503, { status: 'error', message: `build/ is changing (rebuild in progress?): ${(e as Error).message}` }, { 'Retry-After': '1' });
				return;
			}
		}
		serve(req, res, () => {
			res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
			res.end(`Not found: ${pathname}\n`);
		});
	};
}

/** One task of the demo's task file: its id and, per step, the platform, the objective and the verifiers. */
export interface DemoTask {
	id: string;
	steps: { platform: string; objective: string; verifiers: unknown[] }[];
}

/**
 * The demo's task file (`GET /demo/tasks.json` of `salesgym serve`): every blueprint's steps without their oracle
 * actions, read from disk on each request (so an edited blueprint shows at once). The launcher's Check posts a
 * task's verifiers from it to `/verify` and shows their descriptions.
 * @returns `{tasks: DemoTask[]}`. @throws Error when a blueprint is invalid (answered as a 500 by the caller's server).
 */
export function demoTasks(blueprintsDir: string): { tasks: DemoTask[] } {
	return {
		tasks: loadBlueprints(blueprintsDir).map((b) => ({
			id: b.id,
			steps: b.steps.map((s) => ({ platform: s.platform, objective: s.objective, verifiers: s.verifiers }))
		}))
	};
}

/**
 * Serves `root` (default `build`) on `host:port` (default `127.0.0.1:0`, i.e. an ephemeral port).
 * The file list is read at start and again after each rebuild (see {@link createHandler}).
 * @returns the real URL and a `close()`.
 * @throws Error when `root/index.html` is missing, or when listening fails (e.g. `EADDRINUSE`).
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
	const root = resolve(options.root ?? 'build');
	const host = options.host ?? '127.0.0.1';
	const port = options.port ?? 0;
	if (!existsSync(join(root, 'index.html'))) {
		throw new Error(`${join(root, 'index.html')} is missing: run \`npm run build\` first (or \`salesgym serve --build-if-needed\`).`);
	}
	const server = createServer(
		createHandler(
			root,
			options.demo ? { blueprintsDir: resolve(options.blueprintsDir ?? fileURLToPath(new URL('../blueprints', import.meta.url))) } : undefined
		)
	);
	await new Promise<void>((ok, fail) => {
		server.once('error', fail);
		server.listen(port, host, () => {
			server.off('error', fail);
			ok();
		});
	});
	const address = server.address() as AddressInfo;
	const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
	return {
		url: `http://${urlHost}:${address.port}`,
		close: () =>
			new Promise<void>((ok, fail) => {
				server.close((err) => (err ? fail(err) : ok()));
				server.closeAllConnections();
			})
	};
}
