/**
 * Page-context helpers: everything the harness asks of the gym goes through `fetch` *inside the page*,
 * because the Service Worker only intercepts requests of pages it controls (and forwards `/verify` to the
 * requesting page's verifier worker). Used by the runner, the bench and `tests/e2e/fixtures.ts`.
 *
 * Callbacks passed to `page.evaluate` declare no named inner functions: tsx/esbuild would wrap those in a
 * `__name()` helper that does not exist in the page.
 */
import { gunzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { InfrastructureError } from './errors';

/** How long {@link waitForSwReady} waits for SW control, ms (a fresh profile takes 1.7–2.2 s; the page gives up at 5 s). */
export const SW_READY_TIMEOUT_MS = 15_000;

/**
 * Waits until `document.body.dataset.swReady === "1"` and `navigator.serviceWorker.controller` is set.
 * @param page a page on the gym origin; @param timeoutMs bound, default {@link SW_READY_TIMEOUT_MS} ms.
 * @throws InfrastructureError when the page is not controlled within `timeoutMs` (naming `swReady = "error"`
 *   when the page gave up at its own bound and never recovered).
 */
export async function waitForSwReady(page: Page, timeoutMs = SW_READY_TIMEOUT_MS): Promise<void> {
	try {
		// "error" is not final: the page shows its alert at its own 5 s bound but recovers when a slow first
		// install finally takes control, so wait for "1" up to this (longer) bound.
		await page.waitForFunction(() => document.body?.dataset.swReady === '1' && !!navigator.serviceWorker?.controller, undefined, { timeout: timeoutMs });
	} catch (e) {
		const state = await page.evaluate(() => document.body?.dataset.swReady ?? null).catch(() => null);
		const why =
			state === 'error'
				? 'it reported swReady="error" (its Service Worker did not take control)'
				: `document.body.dataset.swReady is ${JSON.stringify(state)}, not "1"`;
		throw new InfrastructureError(`Service Worker never took control of ${page.url()} within ${timeoutMs} ms: ${why}: ${(e as Error).message.split('\n')[0]}`, {
			cause: e
		});
	}
}

/**
 * Whether `page` is on an app page the Service Worker controls right now (`document.body.dataset.swReady === "1"` and
 * `navigator.serviceWorker.controller` set): a control call from it reaches the gym. False for a closed or crashed
 * page, or one elsewhere (about:blank, a 404, another app); never throws.
 */
export async function isSwReady(page: Page): Promise<boolean> {
	return page.evaluate(() => document.body?.dataset.swReady === '1' && !!navigator.serviceWorker?.controller).catch(() => false);
}

/** Bound of one request made from the page, ms: a control endpoint that hangs becomes an InfrastructureError. */
export const REQUEST_TIMEOUT_MS = 60_000;

/** A request made from the page. */
export interface PageRequest {
	/** HTTP method, e.g. `GET`, `POST`, `PUT`. */
	method: string;
	/** Path on the page's origin, e.g. `/__salesgym/run`. */
	path: string;
	/** Raw request body (sent with `content-type: application/json`), or absent. */
	body?: string;
	/** Extra request headers, e.g. the episode's seal (`x-salesgym-seal`, sw/seal.ts). */
	headers?: Record<string, string>;
}

/** Status and body text of a response seen by the page. */
export interface PageResponse {
	/** HTTP status. */
	status: number;
	/** Response body as text. */
	text: string;
}

/**
 * `fetch(path)` from the page context; any status is returned.
 * @throws InfrastructureError when the page is gone, the fetch rejects (network error) or takes longer than
 *   {@link REQUEST_TIMEOUT_MS} ms.
 */
export async function pageFetch(page: Page, request: PageRequest): Promise<PageResponse> {
	try {
		return await page.evaluate(
			async ({ method, path, body, headers, timeoutMs }) => {
				const init: RequestInit = { method, signal: AbortSignal.timeout(timeoutMs), headers: { ...headers } };
				if (body !== null) {
					init.body = body;
					init.headers = { ...headers, 'content-type': 'application/json' };
				}
				const res = await fetch(path, init);
				return { status: res.status, text: await res.text() };
			},
			{ method: request.method, path: request.path, body: request.body ?? null, headers: request.headers ?? {}, timeoutMs: REQUEST_TIMEOUT_MS }
		);
	} catch (e) {
		throw new InfrastructureError(`${request.method} ${request.path} from the page failed: ${(e as Error).message.split('\n')[0]}`, { cause: e });
	}
}

/**
 * `GET path` from the page (with `headers`, e.g. the episode's seal), its body gzipped in the page and gunzipped
 * here: for the large control answers (the ~10 MB `GET /__salesgym/state`, or a part of it) that tests and the harness
 * read into Node. Returned as a string, a 3.3 MB export took ~500 ms to cross the DevTools protocol (0.8 s in all,
 * idle, of which 0.3 s was the fetch in the page); gzipped (CompressionStream, the WHATWG Compression Streams
 * standard) an export is ~10× smaller (a dumped state: 19.3 → 1.9 MB), and base64 adds a third. A non-2xx answer
 * comes back as it is.
 * @returns the status and the body as text (UTF-8).
 * @throws InfrastructureError when the page is gone, the request fails or outlasts {@link REQUEST_TIMEOUT_MS}.
 */
export async function pageGetLarge(page: Page, path: string, headers: Record<string, string> = {}): Promise<PageResponse> {
	try {
		const { status, text, gzip } = await page.evaluate(
			async ({ path, headers, timeoutMs }) => {
				const res = await fetch(path, { headers, signal: AbortSignal.timeout(timeoutMs) });
				if (!res.ok || !res.body) return { status: res.status, text: await res.text(), gzip: false };
				const gz = new Blob([await new Response(res.body.pipeThrough(new CompressionStream('gzip'))).arrayBuffer()]);
				const url = await new Promise<string>((resolve, reject) => {
					const reader = new FileReader();
					reader.onload = () => resolve(reader.result as string);
					reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
					reader.readAsDataURL(gz);
				});
				return { status: res.status, text: url.slice(url.indexOf(',') + 1), gzip: true };
			},
			{ path, headers, timeoutMs: REQUEST_TIMEOUT_MS }
		);
		return { status, text: gzip ? gunzipSync(Buffer.from(text, 'base64')).toString('utf8') : text };
	} catch (e) {
		throw new InfrastructureError(`GET ${path} from the page failed: ${(e as Error).message.split('\n')[0]}`, { cause: e });
	}
}

/**
 * {@link pageFetch} for JSON endpoints: sends `json` (when given) with `headers` and parses the 2xx answer.
 * @returns the parsed body (unvalidated: callers check it with zod).
 * @throws InfrastructureError on a non-2xx status (message includes the body, first 500 chars) or a non-JSON body.
 */
export async function pageJson(page: Page, method: string, path: string, json?: unknown, headers?: Record<string, string>): Promise<unknown> {
	const res = await pageFetch(page, { method, path, ...(json === undefined ? {} : { body: JSON.stringify(json) }), ...(headers ? { headers } : {}) });
	if (res.status < 200 || res.status > 299) {
		throw new InfrastructureError(`${method} ${path} answered ${res.status}: ${res.text.slice(0, 500)}`);
	}
	try {
		return JSON.parse(res.text) as unknown;
	} catch (e) {
		throw new InfrastructureError(`${method} ${path} answered ${res.status} with a non-JSON body: ${res.text.slice(0, 200)}`, { cause: e });
	}
}

/**
 * SHA-256 (lower-case hex) of `GET /__salesgym/state`, computed by the Service Worker over the bytes that endpoint
 * answers (`GET /__salesgym/state?digest=sha256`): the ~10 MB export crosses neither to the page nor to Node. With
 * `{ inPage: true }`, the whole export is fetched and hashed in the page instead (WebCrypto), to check the SW's digest
 * or to hash on a build without that endpoint.
 * @throws InfrastructureError when the page is gone or the endpoint answers non-2xx.
 */
export async function stateSha256(page: Page, options: { inPage?: boolean } = {}): Promise<string> {
	try {
		return await page.evaluate(async (inPage) => {
			const res = await fetch(inPage ? '/__salesgym/state' : '/__salesgym/state?digest=sha256');
			if (!res.ok) throw new Error(`GET /__salesgym/state answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
			if (!inPage) return ((await res.json()) as { sha256: string }).sha256;
			const digest = await crypto.subtle.digest('SHA-256', await res.arrayBuffer());
			return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
		}, options.inPage === true);
	} catch (e) {
		throw new InfrastructureError(`hashing the export failed: ${(e as Error).message.split('\n')[0]}`, { cause: e });
	}
}
