/**
 * The build's content-hashed files that the Service Worker reads as text (the prebuilt seed projections,
 * sw/projections.ts): from its cache of `/_app/immutable/` files when they are there (offline after
 * a first load), else from the network, to be stored in that cache by the page's warm-up.
 */

/** Cache of the content-hashed `/_app/immutable/` files (sw/index.ts serves them cache-first from it). */
export const IMMUTABLE_CACHE = 'salesgym-immutable';

/** Fetched files not in the cache yet: URL → their bytes and content type ({@link storeFetchedFiles}). */
const unstored = new Map<string, { bytes: ArrayBuffer; type: string }>();

/**
 * The text of the file at `url` (an immutable, content-hashed path): from {@link IMMUTABLE_CACHE} when it is there,
 * else from the network, past the browser's HTTP cache (`cache: 'no-store'`: this cache keeps the one copy). A
 * fetched file's bytes wait in memory for {@link storeFetchedFiles} (the page's idle-time warm-up, sw/index.ts
 * `warmAssets`): a first reset does not pay for the cache write (400–550 ms of disk for a 2.9 MB file on a fresh
 * profile when it was awaited, 60–85 ms of the worker's thread when it was not). A worker stopped before the warm-up
 * loses them: the next one fetches the file again.
 * @throws Error when the file is not cached and the network answers a non-2xx status (`GET <url> answered <status>`)
 *   or fails (the fetch's own error).
 */
export async function immutableText(url: string): Promise<string> {
	const cache = await caches.open(IMMUTABLE_CACHE);
	const hit = await cache.match(url);
	if (hit) return hit.text();
	const res = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
	if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
	// The bytes once: decoded for the caller, stored as they are (a response of the text would encode it again). The
	// response to store is made by the warm-up: making one of a 2.8 MB buffer took Chromium's worker 50–110 ms.
	const bytes = await res.arrayBuffer();
	unstored.set(url, { bytes, type: res.headers.get('content-type') ?? 'application/json' });
	return new TextDecoder().decode(bytes);
}

/**
 * Puts the files {@link immutableText} fetched into `cache` (the cache of immutable files), each once.
 * @returns how many were stored. @throws the cache's error (e.g. `QuotaExceededError`); those not stored are dropped.
 */
export async function storeFetchedFiles(cache: Cache): Promise<number> {
	const entries = [...unstored];
	unstored.clear();
	await Promise.all(entries.map(([url, { bytes, type }]) => cache.put(url, new Response(bytes, { headers: { 'content-type': type } }))));
	return entries.length;
}
