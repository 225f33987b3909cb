/**
 * `sw_floor`: the page → Service Worker → page round trip of a bare Service Worker in the same browser, the floor
 * under every gym API call. A throwaway origin (Node `http` on 127.0.0.1, an ephemeral port) serves a page and a
 * 10-line SW that answers `GET /ping` from `respondWith` with a constant 54-byte JSON body: no Workbox, no
 * routing, no IndexedDB, no JSON parsing. It is timed exactly like `api_roundtrip` ({@link measureInPage}: fetch +
 * body read, `performance.now()` in the page), so `hubspot_api_get − sw_floor` is what the gym itself adds.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from '@playwright/test';
import { measureInPage } from './bench';
import { InfrastructureError } from './errors';

/** The bare SW: claims the page at once and answers `/ping` with a constant body; everything else goes to the network. */
export const BARE_SW = `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));
const BODY = '{"id":"1","properties":{"email":"floor@example.com"}}';
self.addEventListener('fetch', (e) => {
	if (new URL(e.request.url).pathname === '/ping') e.respondWith(new Response(BODY, { headers: { 'content-type': 'application/json' } }));
});
`;

const PAGE = '<!doctype html><meta charset="utf-8"><title>sw floor</title><script>navigator.serviceWorker.register("/sw.js")</script>';

/**
 * Serves a throwaway origin (Node `http` on 127.0.0.1, an ephemeral port) for the floor benchmarks: `files` maps a
 * request's URL (path and query) to its body, `null` for a 404. A path ending in `.js` is JavaScript, any other
 * HTML; nothing is cached (`cache-control: no-store`).
 * @returns the server and its origin (`http://127.0.0.1:<port>`). @throws Error when it cannot listen.
 */
export function serveThrowawayOrigin(files: (url: URL) => string | null): Promise<{ server: Server; url: string }> {
	const server = createServer((req, res) => {
		const u = new URL(req.url ?? '/', 'http://127.0.0.1');
		const body = files(u);
		res.writeHead(body === null ? 404 : 200, {
			'content-type': u.pathname.endsWith('.js') ? 'text/javascript' : 'text/html;charset=utf-8',
			'cache-control': 'no-store'
		});
		res.end(body ?? 'not found');
	});
	return new Promise((ok, fail) => {
		server.once('error', fail);
		server.listen(0, '127.0.0.1', () => ok({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
	});
}

/**
 * Measures {@link BARE_SW}'s round trip `samples` times (after the warm-up of {@link measureInPage}) in a new
 * context of `browser`, closed afterwards.
 * @returns durations, ms.
 * @throws InfrastructureError when the bare SW does not take control within 10 s or a ping fails.
 */
export async function benchSwFloor(browser: Browser, samples: number): Promise<number[]> {
	// Only `/` and `/sw.js` exist on the network: a `/ping` the SW did not answer is a 404, which measureInPage throws on.
	const { server, url } = await serveThrowawayOrigin((u) => (u.pathname === '/sw.js' ? BARE_SW : u.pathname === '/' ? PAGE : null));
	const context = await browser.newContext();
	try {
		const page = await context.newPage();
		await page.goto(`${url}/`);
		try {
			await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 10_000 });
		} catch (e) {
			throw new InfrastructureError(`sw_floor: the bare Service Worker did not take control: ${(e as Error).message.split('\n')[0]}`, { cause: e });
		}
		return await measureInPage(page, { method: 'GET', path: '/ping' }, samples);
	} finally {
		await context.close().catch(() => {});
		await new Promise((ok) => server.close(ok));
	}
}
