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

/** The text of the world file at `url` (an immutable, content-hashed path). */
async function worldText(url: string): Promise<string> {
	const cache = await caches.open(IMMUTABLE_CACHE);
	const hit = await cache.match(url);
	if (hit) return hit.text();
	const res = await fetch(url, { credentials: 'same-origin' });
	if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
	await cache.put(url, res.clone());
	return res.text();
}
