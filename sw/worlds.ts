/**
 * The seed worlds in the Service Worker: files of the build (seeds/index.ts), loaded once per worker before its first
 * request, from the worker's cache of `/_app/immutable/` files when they are there (offline after a first load),
 * else from the network (then cached).
 */
import { loadShippedWorlds } from '../seeds';
import world1Url from '../seeds/world-1.json?url';

/**
 * Seed number → the URL of its world file in this build (Vite's `?url`: the file it emits under `/_app/immutable/`).
 * Imported here, in the Service Worker only: Node would load the JSON for a `?url` import too.
 */
const WORLD_FILES: ReadonlyMap<number, string> = new Map([[1, world1Url]]);

/** Cache of the content-hashed `/_app/immutable/` files (sw/index.ts serves them cache-first from it). */
export const IMMUTABLE_CACHE = 'salesgym-immutable';

let loading: Promise<void> | null = null;

/**
 * Loads every shipped world's text (see the module docs); memoized, and tried again after a failure.
 * @throws Error when a world file is neither cached nor fetchable (`GET <url> answered <status>`, or the network's error).
 */
export function ensureWorlds(): Promise<void> {
	loading ??= loadShippedWorlds(WORLD_FILES, worldText).catch((e: unknown) => {
		loading = null;
		throw e;
	});
	return loading;
}

/** Fetched world files not in the cache yet: URL → the response to store ({@link storeFetchedWorlds}). */
const unstored = new Map<string, Response>();

/**
 * The text of the world file at `url` (an immutable, content-hashed path): from {@link IMMUTABLE_CACHE} when it is
 * there, else from the network, past the browser's HTTP cache (`cache: 'no-store'`: this cache keeps the one copy).
 * A fetched file's bytes wait in memory for {@link storeFetchedWorlds} (the page's idle-time warm-up, sw/index.ts
 * `warmAssets`): a first reset does not pay for the cache write (400–550 ms of disk for the 2.9 MB world on a fresh
 * profile when it was awaited, 60–85 ms of the worker's thread when it was not). A worker stopped before the warm-up
 * loses them: the next one fetches the file again.
 * @throws Error when the file is not cached and the network answers a non-2xx status (`GET <url> answered <status>`)
 *   or fails (the fetch's own error).
 */
export async function worldText(url: string): Promise<string> {
	const cache = await caches.open(IMMUTABLE_CACHE);
	const hit = await cache.match(url);
	if (hit) return hit.text();
	const res = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
	if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
	// The bytes once: decoded for the caller, stored as they are (a response of the text would encode it again).
	const bytes = await res.arrayBuffer();
	unstored.set(url, new Response(bytes, { headers: { 'content-type': res.headers.get('content-type') ?? 'application/json' } }));
	return new TextDecoder().decode(bytes);
}

/**
 * Puts the world files {@link worldText} fetched into `cache` (the cache of immutable files), each once.
 * @returns how many were stored. @throws the cache's error (e.g. `QuotaExceededError`); those not stored are dropped.
 */
export async function storeFetchedWorlds(cache: Cache): Promise<number> {
	const entries = [...unstored];
	unstored.clear();
	await Promise.all(entries.map(([url, res]) => cache.put(url, res)));
	return entries.length;
}
