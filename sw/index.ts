/// <reference no-default-lib="true"/>
/// <reference lib="esnext" />
/// <reference lib="webworker" />
/// <reference types="@sveltejs/kit" />
/**
 * The Service Worker: precaches the app (Workbox), serves each gym's vendor-shaped API from IndexedDB, the run
 * lifecycle (`/__salesgym/*`) and `/verify`. All state lives in IndexedDB: the browser may stop this worker
 * between any two requests, so nothing needed across requests is kept in memory.
 */
import { build, files, version } from '$service-worker';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { isServiceWorkerPath, SW_PATH_RE } from './paths';
import { demoRequest, isSealed, routeRequest } from './routes';
import { notFoundPage } from './seal';

declare const self: ServiceWorkerGlobalScope;

const DEV = import.meta.env.DEV;

self.addEventListener('install', () => void self.skipWaiting());
clientsClaim();

// A sealed run (sw/seal.ts) has no launcher: a navigation to `/` gets "Page not found". Registered before the
// precache route, which would answer `/` with the shell.
registerRoute(
	({ url, request }) => request.mode === 'navigate' && url.origin === self.location.origin && url.pathname === '/',
	async ({ request }) => ((await isSealed()) ? notFoundPage() : DEV ? fetch(request) : shell(request))
);
// The demo's task file (verifiers included) is the demo server's: never passed on in a sealed run.
registerRoute(
	({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/demo/'),
	({ request }) => demoRequest(request)
);

/** The SPA shell from the precache (production builds). */
async function shell(request: Request): Promise<Response> {
	return (await matchPrecache('/index.html')) ?? fetch(request);
}

if (!DEV) {
	// `build` lists only the entry chunks and `files` the static folder; the fallback page is written after the
	// SW build, so it is added here (stack-notes pitfall 2). Worker chunks and the jq wasm are cached on first use.
	precacheAndRoute([...build, ...files, '/index.html'].map((url) => ({ url, revision: version })));
	cleanupOutdatedCaches();
	registerRoute(
		new NavigationRoute(createHandlerBoundToURL('/index.html'), {
			// Never the SPA shell for the SW's own paths, nor for the exported-state store (`/state/`).
			denylist: [SW_PATH_RE, /^\/state\//]
		})
	);
	registerRoute(
		({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/_app/immutable/'),
		new CacheFirst({ cacheName: 'salesgym-immutable' })
	);
}

for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
	registerRoute(
		({ url }) => url.origin === self.location.origin && isServiceWorkerPath(url.pathname),
		({ request, event }) => routeRequest(request, (event as FetchEvent).clientId, self),
		method
	);
}
