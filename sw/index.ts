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
import { IMMUTABLE_CACHE, storeFetchedFiles } from './immutable';
import { projectionUrls } from './projections';

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

/** Whether `url` is a content-hashed build file (`/_app/immutable/`): never precached at install, see {@link warmAssets}. */
const immutable = (url: string): boolean => url.startsWith('/_app/immutable/');

/** Files fetched at once by {@link warmAssets}. */
const WARM_CONCURRENCY = 8;

/**
 * Puts the prebuilt seed projections (sw/projections.ts) and every file of the build's `/_app/immutable/` list that is
 * not cached yet into {@link IMMUTABLE_CACHE},
 * {@link WARM_CONCURRENCY} at a time, so that the app works offline once it has run. The page asks for it once per
 * profile, when idle after the first load (src/lib/runtime.ts); it is not part of the install, because Workbox's
 * precache fetches its list one file at a time (~165 files: 3 s of a 4.5 s first install here) and the page waits
 * for the install before its first API call.
 * @returns how many files were fetched now. @throws when a file cannot be fetched (the caller retries later).
 */
async function warmAssets(): Promise<number> {
	const cache = await caches.open(IMMUTABLE_CACHE);
	// The projections a reset read are stored from memory, not fetched again.
	await storeFetchedFiles(cache);
	const cached = new Set((await cache.keys()).map((r) => new URL(r.url).pathname));
	const missing = [...build.filter(immutable), ...projectionUrls()].filter((url) => !cached.has(url));
	let next = 0;
	const lane = async (): Promise<void> => {
		while (next < missing.length) {
			const url = missing[next++]!;
			const res = await fetch(url, { credentials: 'same-origin' });
			if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
			await cache.put(url, res);
		}
	};
	await Promise.all(Array.from({ length: WARM_CONCURRENCY }, lane));
	return missing.length;
}

// The page's request to warm the asset cache: answered on the message's port with `{ok, fetched}` or `{ok: false, error}`.
self.addEventListener('message', (event) => {
	if ((event.data as { type?: string } | null)?.type !== 'salesgym:warm-assets' || DEV) return;
	const port = event.ports[0];
	event.waitUntil(
		warmAssets().then(
			(fetched) => port?.postMessage({ ok: true, fetched }),
			(e: unknown) => port?.postMessage({ ok: false, error: (e as Error).message })
		)
	);
});

if (!DEV) {
	// Precached at install: the shell (the fallback page is written after the SW build, so it is added here:
	// stack-notes pitfall 2), the static folder, and the build's files outside `/_app/immutable/`. The content-hashed
	// `/_app/immutable/` files are cached on first use and by `warmAssets` (see there); worker chunks and the jq wasm
	// are cached on first use.
	precacheAndRoute([...build.filter((url) => !immutable(url)), ...files, '/index.html'].map((url) => ({ url, revision: version })));
	cleanupOutdatedCaches();
	registerRoute(
		new NavigationRoute(createHandlerBoundToURL('/index.html'), {
			// Never the SPA shell for the SW's own paths, nor for the exported-state store (`/state/`).
			denylist: [SW_PATH_RE, /^\/state\//]
		})
	);
	registerRoute(
		({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/_app/immutable/'),
		new CacheFirst({ cacheName: IMMUTABLE_CACHE })
	);
}

for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
	registerRoute(
		({ url }) => url.origin === self.location.origin && isServiceWorkerPath(url.pathname),
		({ request, event }) => routeRequest(request, (event as FetchEvent).clientId, self),
		method
	);
}
