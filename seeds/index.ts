/**
 * The shipped seed worlds, bundled as JSON: `worldFor(seed)` validates a world once and caches it.
 * Used by every gym's projection (in the Service Worker) and by Node tests.
 */
// The SW type-check context (sw/tsconfig.json) does not include seeds/*.d.ts, so the declaration is referenced here.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./raw.d.ts" />
import world1 from './world-1.json?raw';
import { World } from './world';

/**
 * Seed number → the committed world: its text under Vite (`?raw`, parsed on first use), or the already parsed
 * object under runtimes that ignore the `?raw` query and load the JSON module itself (tsx, Node's loader).
 */
const RAW: ReadonlyMap<number, string | { epoch?: unknown }> = new Map([[1, world1 as string | { epoch?: unknown }]]);
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
