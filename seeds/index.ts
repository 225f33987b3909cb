/**
 * The shipped seed worlds: `worldFor(seed)` parses a world once and caches it. Used by every gym's projection (in the
 * Service Worker) and by Node.
 *
 * Where the text comes from: in Vite's builds (`__SALESGYM_WORLDS__` = `fetch`, vite.config.ts) each world is a file
 * the build emits under `/_app/immutable/` (sw/worlds.ts names them), not a string in the Service Worker's script: a
 * 3 MB literal is parsed with the script at every install, about half of a first install here. The Service Worker
 * loads the files with {@link loadShippedWorlds} during the first request it serves. Elsewhere (Vitest: `inline`;
 * tsx and Node's loader: undefined) the world is imported with this module (`?raw`).
 */
// The SW type-check context (sw/tsconfig.json) does not include seeds/*.d.ts, so the declaration is referenced here.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./raw.d.ts" />
import world1 from './world-1.json?raw';
import { World } from './world';

/** How this build gets the worlds' text: `fetch` (Vite builds) or `inline` (Vitest); undefined outside Vite. */
declare const __SALESGYM_WORLDS__: string | undefined;

/** True when the worlds are files to fetch ({@link loadShippedWorlds}) rather than imported text. */
const FETCHED = typeof __SALESGYM_WORLDS__ === 'string' && __SALESGYM_WORLDS__ === 'fetch';

/**
 * Seed number → the committed world: its text under Vite (`?raw`, parsed on first use), or the already parsed
 * object under runtimes that ignore the `?raw` query and load the JSON module itself (tsx, Node's loader). Empty in a
 * fetching build (the bundle then holds no world text) until {@link loadShippedWorlds} fills it.
 */
const RAW = new Map<number, string | { epoch?: unknown }>(FETCHED ? [] : [[1, world1 as string | { epoch?: unknown }]]);

/**
 * Loads the text of every world of `files` not loaded yet, in a fetching build (a no-op elsewhere: the worlds came
 * with this module); call before {@link worldFor} or {@link shippedWorlds}.
 * @param files seed number → the URL of its world file, e.g. `1` → `/_app/immutable/assets/world-1.<hash>.json`.
 * @param load gives the text at a URL, e.g. from the Service Worker's cache or the network.
 * @throws what `load` throws (nothing is kept for that seed; a later call tries again).
 */
export async function loadShippedWorlds(files: ReadonlyMap<number, string>, load: (url: string) => Promise<string>): Promise<void> {
	if (!FETCHED) return;
	for (const [seed, url] of files) if (!RAW.has(seed)) RAW.set(seed, await load(url));
}

const cache = new Map<number, World>();
/** Time spent parsing and validating worlds since the last {@link takeWorldParseMs}, ms. */
let parseMs = 0;

/** The time spent parsing worlds (JSON + strict schema) since the last call, ms; resets it to 0. For benchmarks. */
export function takeWorldParseMs(): number {
	const ms = parseMs;
	parseMs = 0;
	return ms;
}

/**
 * The world of `seed`, parsed on first use. Under Vite (the bundle) the text is taken with `JSON.parse` alone: every
 * build validated it with the strict schema first and checked that the schema returns the document unchanged
 * (seeds/check-worlds.ts, called by vite.config.ts), which saves the schema's cost (most of a first load's parse).
 * Elsewhere (tsx, Node's loader) the object is validated with the strict schema here.
 * @throws Error when the seed is not shipped, or ZodError when the committed file is invalid (outside Vite).
 */
export function worldFor(seed: number): World {
	const hit = cache.get(seed);
	if (hit) return hit;
	const raw = RAW.get(seed);
	if (raw === undefined && FETCHED && RAW.size === 0) throw new Error(`no seed world is loaded yet (loadShippedWorlds)`);
	if (raw === undefined) throw new Error(`seed ${seed} is not shipped; available: ${[...RAW.keys()].join(', ')}`);
	const t = performance.now();
	const world = typeof raw === 'string' ? (JSON.parse(raw) as World) : World.parse(raw);
	parseMs += performance.now() - t;
	cache.set(seed, world);
	return world;
}

/** Seed numbers this build ships → their epoch (UTC ISO-8601 ms), without validating the whole world. */
export function shippedWorlds(): Map<number, string> {
	return new Map([...RAW].map(([seed, raw]) => [seed, typeof raw === 'string' ? (/"epoch":"([^"]+)"/.exec(raw)?.[1] ?? '') : String(raw.epoch ?? '')]));
}
