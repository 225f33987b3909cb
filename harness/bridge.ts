/**
 * The HTTP bridge: a local HTTP server (node:http, 127.0.0.1) that lets ordinary HTTP clients (a vendor SDK,
 * curl, an agent's tool calls) talk to a gym's API, which only the Service Worker of a controlled page answers.
 *
 * Each request `METHOD /<gym>/<vendor path>?<query>` is forwarded as `fetch('/api/<gym>/<vendor path>?<query>')`
 * *inside* the episode's page, so the gym's Service Worker answers it exactly as it answers the product's own
 * UI; the answer (status, headers including `content-type`, body) is sent back unchanged. `/<gym>` therefore
 * stands for the vendor's API base URL: `http://127.0.0.1:N/hubspot` for `https://api.hubapi.com`,
 * `/outreach` for `https://api.outreach.io/api/v2`, `/calendly` for `https://api.calendly.com`.
 *
 * The bridge is the product's API and nothing else: it only ever fetches paths under `/api/<gym>/`, so the
 * run's control endpoints (`/__salesgym/*`, `/verify`), the static files and the launcher are out of its reach
 * (dot segments and encoded dots are resolved before that check, with the same WHATWG URL rules the page uses).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { CALENDLY_API, CALENDLY_API_BASE } from '../gyms/calendly/contract';
import { HUBSPOT_API_BASE } from '../gyms/hubspot/contract';
import { OUTREACH_API_BASE } from '../gyms/outreach/contract';
import { SALESNAV_API_BASE } from '../gyms/salesnav/contract';
import { REQUEST_TIMEOUT_MS } from './page';

/** One gym the bridge can reach: its API prefix on the gym origin and the vendor base URL that prefix stands for. */
export interface BridgeGym {
	/** Path prefix of the gym's API on the page origin, e.g. `/api/hubspot`. */
	apiBase: string;
	/** The vendor's API base URL the prefix stands for (what an SDK's `basePath` replaces), or null for a replica-internal API. */
	vendorBase: string | null;
}

/**
 * The gyms of this build, by the name used as the bridge's first path segment. Vendor bases: HubSpot's
 * "API overview" (`https://api.hubapi.com`), Outreach's "API reference" (`https://api.outreach.io/api/v2`),
 * Calendly's "API reference" (`https://api.calendly.com`); LinkedIn publishes no Sales Navigator API.
 */
export const BRIDGE_GYMS: Readonly<Record<string, BridgeGym>> = {
	hubspot: { apiBase: HUBSPOT_API_BASE, vendorBase: 'https://api.hubapi.com' },
	outreach: { apiBase: OUTREACH_API_BASE, vendorBase: 'https://api.outreach.io/api/v2' },
	calendly: { apiBase: CALENDLY_API_BASE, vendorBase: CALENDLY_API },
	salesnav: { apiBase: SALESNAV_API_BASE, vendorBase: null }
};

/**
 * Request headers the bridge passes on (lower case): the body's media type (Outreach answers 415 to anything but
 * JSON:API), what the client accepts, and its credentials (the gyms accept any token today). Every other header
 * (host, cookies, hop-by-hop and the headers `fetch` forbids) stays behind.
 */
export const FORWARDED_REQUEST_HEADERS = ['content-type', 'accept', 'authorization'] as const;

/** Largest request body the bridge accepts, bytes (HubSpot's own limit is lower; bigger is a 413). */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Options of {@link startBridge}. */
export interface BridgeOptions {
	/** A page on the gym origin that the Service Worker controls (an episode's page); requests are fetched from it. */
	page: Page;
	/** TCP port; `0` (default) picks a free ephemeral port. */
	port?: number;
	/** Interface to bind, default `127.0.0.1` (the bridge is for local clients only). */
	host?: string;
	/** Gyms reachable through the bridge, default {@link BRIDGE_GYMS}. */
	gyms?: Readonly<Record<string, BridgeGym>>;
	/** Bound of one forwarded request, ms (default {@link REQUEST_TIMEOUT_MS}); past it the client gets a 504. */
	timeoutMs?: number;
	/** Called once per answered request (forwarded or refused by the bridge itself), e.g. to log or count the calls. */
	onExchange?: (exchange: BridgeExchange) => void;
}

/** One request the bridge answered. */
export interface BridgeExchange {
	/** HTTP method, upper case. */
	method: string;
	/** The request target as the client sent it, e.g. `/hubspot/crm/v3/owners?limit=2`. */
	target: string;
	/** Status sent back to the client. */
	status: number;
	/** True when the page answered it (the gym's own answer); false for the bridge's own 404/413/502/504. */
	forwarded: boolean;
}

/** A running bridge. */
export interface RunningBridge {
	/** Base URL without a trailing slash, e.g. `http://127.0.0.1:41235`; `${url}/hubspot` stands for `https://api.hubapi.com`. */
	url: string;
	/** The SDK base path of one gym, e.g. `basePath('hubspot')` = `http://127.0.0.1:41235/hubspot`. @throws Error for a gym the bridge does not serve. */
	basePath(gym: string): string;
	/** Stops accepting connections, closes open ones, and resolves when the server is closed (the page stays open). */
	close(): Promise<void>;
}

/** A request as the bridge forwards it. */
export interface ForwardedRequest {
	/** HTTP method, upper case. */
	method: string;
	/** Absolute URL on the page origin, always under a gym's API prefix, e.g. `http://127.0.0.1:4173/api/hubspot/crm/v3/owners?limit=5`. */
	url: string;
	/** The {@link FORWARDED_REQUEST_HEADERS} the client sent. */
	headers: Record<string, string>;
	/** The raw body as UTF-8 text, or null when the client sent none. */
	body: string | null;
}

/** An answer as the page's fetch saw it. */
export interface ForwardedResponse {
	/** HTTP status. */
	status: number;
	/** Response headers (lower-case names), as the Service Worker set them. */
	headers: Record<string, string>;
	/** The body as text (the gyms answer UTF-8 JSON), "" when none. */
	body: string;
}

/**
 * Maps a bridge request target onto the gym origin.
 * @param target the request target as received (`/hubspot/crm/v3/objects/contacts?limit=2`).
 * @param origin the page origin, e.g. `http://127.0.0.1:4173`.
 * @returns the absolute URL under the gym's API prefix, or an error: 404 for an unknown gym or a path that
 *   would leave the gym's API once dot segments are resolved (`/hubspot/../../__salesgym/state`).
 */
export function bridgeTarget(
	target: string,
	origin: string,
	gyms: Readonly<Record<string, BridgeGym>> = BRIDGE_GYMS
): { url: string } | { status: number; message: string } {
	// Resolve dot segments (also %2e) the way the page's fetch would, before looking at the path.
	const parsed = new URL(target.startsWith('/') ? target : `/${target}`, 'http://bridge.invalid');
	const m = /^\/([a-z]+)(\/.*)?$/.exec(parsed.pathname);
	const gym = m ? gyms[m[1]!] : undefined;
	if (!m || !gym) {
		return {
			status: 404,
			message: `no gym API at ${parsed.pathname}: the bridge serves ${Object.keys(gyms)
				.map((g) => `/${g}/…`)
				.join(', ')}`
		};
	}
	const url = new URL(`${gym.apiBase}${m[2] ?? '/'}${parsed.search}`, origin);
	if (url.origin !== new URL(origin).origin || !url.pathname.startsWith(`${gym.apiBase}/`)) {
		return { status: 404, message: `${parsed.pathname} is not under the ${m[1]} API` };
	}
	return { url: url.href };
}

/**
 * Forwards one request into `page` (`fetch` in the page, so its Service Worker answers) and returns the answer.
 * @throws Error when the page is gone or the fetch rejects (a network error, or `timeoutMs` passed: the
 *   error's message then names the timeout).
 */
export async function forwardInPage(page: Page, request: ForwardedRequest, timeoutMs = REQUEST_TIMEOUT_MS): Promise<ForwardedResponse> {
	return page.evaluate(
		async ({ method, url, headers, body, timeoutMs }) => {
			const init: RequestInit = { method, headers, signal: AbortSignal.timeout(timeoutMs), cache: 'no-store' };
			if (body !== null) init.body = body;
			const res = await fetch(url, init);
			const out: Record<string, string> = {};
			res.headers.forEach((value, name) => {
				out[name] = value;
			});
			return { status: res.status, headers: out, body: await res.text() };
		},
		{ ...request, timeoutMs }
	);
}

function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
	return new Promise((ok, fail) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (c: Buffer) => {
			size += c.length;
			if (size <= MAX_BODY_BYTES) chunks.push(c);
		});
		req.on('end', () => ok(size > MAX_BODY_BYTES ? 'too-large' : Buffer.concat(chunks)));
		req.on('error', fail);
	});
}

function sendError(res: ServerResponse, status: number, message: string): void {
	const text = JSON.stringify({ status: 'error', message: `salesgym bridge: ${message}` });
	res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' });
	res.end(text);
}

/** Response headers that describe the page's transport, not the answer; node:http sets its own. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding']);

/**
 * Starts the bridge on `host:port` in front of `options.page`.
 * Answers: the gym's answer unchanged (status, headers, body); the bridge's own errors are
 * `{status: "error", message}` JSON: 404 outside a gym's API, 413 for a body over {@link MAX_BODY_BYTES},
 * 502 when the page is gone or its fetch failed, 504 past `timeoutMs`.
 * @throws Error when the port cannot be bound (e.g. `EADDRINUSE`).
 */
export async function startBridge(options: BridgeOptions): Promise<RunningBridge> {
	const { page, port = 0, host = '127.0.0.1', gyms = BRIDGE_GYMS, timeoutMs = REQUEST_TIMEOUT_MS, onExchange } = options;
	const origin = new URL(page.url()).origin;
	const server = createServer((req, res) => {
		const method = (req.method ?? 'GET').toUpperCase();
		let forwarded = false;
		res.once('finish', () => onExchange?.({ method, target: req.url ?? '/', status: res.statusCode, forwarded }));
		void (async () => {
			const target = bridgeTarget(req.url ?? '/', origin, gyms);
			if ('status' in target) return sendError(res, target.status, target.message);
			const raw = await readBody(req);
			if (raw === 'too-large') return sendError(res, 413, `the request body is larger than ${MAX_BODY_BYTES} bytes`);
			const headers: Record<string, string> = {};
			for (const name of FORWARDED_REQUEST_HEADERS) {
				const v = req.headers[name];
				if (typeof v === 'string') headers[name] = v;
			}
			const body = raw.length > 0 && method !== 'GET' && method !== 'HEAD' ? raw.toString('utf8') : null;
			let answer: ForwardedResponse;
			try {
				answer = await forwardInPage(page, { method, url: target.url, headers, body }, timeoutMs);
			} catch (e) {
				const message = (e as Error).message.split('\n')[0] ?? '';
				const timedOut = /TimeoutError|timed out|signal timed out/i.test(message);
				return sendError(res, timedOut ? 504 : 502, `${method} ${new URL(target.url).pathname} could not be fetched in the page: ${message}`);
			}
			forwarded = true;
			const out: Record<string, string> = {};
			for (const [name, value] of Object.entries(answer.headers)) if (!HOP_HEADERS.has(name)) out[name] = value;
			const bytes = Buffer.from(answer.body, 'utf8');
			if (answer.status !== 204 && answer.status !== 304 && method !== 'HEAD') out['content-length'] = String(bytes.length);
			res.writeHead(answer.status, out);
			res.end(answer.status === 204 || answer.status === 304 || method === 'HEAD' ? undefined : bytes);
		})().catch((e: unknown) => {
			if (!res.headersSent) sendError(res, 500, (e as Error).message);
			else res.destroy();
		});
	});
	await new Promise<void>((ok, fail) => {
		server.once('error', fail);
		server.listen(port, host, () => {
			server.off('error', fail);
			ok();
		});
	});
	const addr = server.address() as AddressInfo;
	const url = `http://${host.includes(':') ? `[${host}]` : host}:${addr.port}`;
	return {
		url,
		basePath(gym) {
			if (!gyms[gym]) throw new Error(`the bridge serves no gym named "${gym}" (${Object.keys(gyms).join(', ')})`);
			return `${url}/${gym}`;
		},
		close: () =>
			new Promise<void>((ok) => {
				server.close(() => ok());
				server.closeAllConnections();
			})
	};
}
