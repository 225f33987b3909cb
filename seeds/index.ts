/**
 * The shipped seed worlds: `worldFor(seed)` parses a world once and caches it. Used by every gym's projection in Node
 * (tests, the harness, the build's prebuilt projections) and by the build.
 *
 * The Service Worker's bundle holds no world (`__SALESGYM_WORLDS__` = `none`, vite.config.ts): each gym takes its
 * projection from the build's prebuilt file (gyms/kit/prebuilt.ts), and what the bundle needs of the worlds besides,
 * each seed's epoch and team users, is the build's seed index (`__SALESGYM_SEED_INDEX__`, seeds/check-worlds.ts
 * `seedIndex`). Elsewhere (Vitest: `inline`; tsx and Node's loader: undefined) the world is imported with this module
 * (`?raw`).
 */
// The SW type-check context (sw/tsconfig.json) does not include seeds/*.d.ts, so the declaration is referenced here.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./raw.d.ts" />
import world1 from './world-1.json?raw';
import { World, type TeamUser } from './world';

/** How this build gets the worlds: `none` (the Service Worker's bundle) or `inline` (Vitest); undefined outside Vite. */
declare const __SALESGYM_WORLDS__: string | undefined;

/** What a bundle without worlds knows of each shipped seed (see the module docs), by seed number. */
export type SeedIndex = Record<string, { epoch: string; users: TeamUser[] }>;

/** The build's {@link SeedIndex} (vite.config.ts); undefined outside a build. */
declare const __SALESGYM_SEED_INDEX__: SeedIndex | undefined;

/** True in a bundle that holds no world (the Service Worker's). */
const NONE = typeof __SALESGYM_WORLDS__ === 'string' && __SALESGYM_WORLDS__ === 'none';

/** Whether this bundle holds the seed worlds: false in the Service Worker's build, true in Node and Vitest. */
export function bundlesWorlds(): boolean {
	return !NONE;
}

/** The seed index of a bundle without worlds (empty elsewhere). */
const INDEX: SeedIndex = NONE && typeof __SALESGYM_SEED_INDEX__ === 'object' ? __SALESGYM_SEED_INDEX__ : {};

/**
 * Seed number → the committed world: its text under Vite (`?raw`, parsed on first use), or the already parsed
 * object under runtimes that ignore the `?raw` query and load the JSON module itself (tsx, Node's loader). Empty in a
 * bundle without worlds.
 */
const RAW = new Map<number, string | { epoch?: unknown }>(NONE ? [] : [[1, world1 as string | { epoch?: unknown }]]);

const cache = new Map<number, World>();
/**
 * The world of `seed`, parsed on first use. Under Vite (Vitest) the text is taken with `JSON.parse` alone: every
 * build validated it with the strict schema first and checked that the schema returns the document unchanged
 * (seeds/check-worlds.ts, called by vite.config.ts). Elsewhere (tsx, Node's loader) the object is validated with the
 * strict schema here.
 * @throws Error when the seed is not shipped or the bundle ships no world, or ZodError when the committed file is
 *   invalid (outside Vite).
 */
export function worldFor(seed: number): World {
	const hit = cache.get(seed);
	if (hit) return hit;
	if (NONE) throw new Error(`this bundle ships no seed world: its gyms take prebuilt projections (gyms/kit/prebuilt.ts)`);
	const raw = RAW.get(seed);
	if (raw === undefined) throw new Error(`seed ${seed} is not shipped; available: ${[...RAW.keys()].join(', ')}`);
	const world = typeof raw === 'string' ? (JSON.parse(raw) as World) : World.parse(raw);
	cache.set(seed, world);
	return world;
}

/** Seed numbers this build ships → their epoch (UTC ISO-8601 ms), without validating the whole world. */
export function shippedWorlds(): Map<number, string> {
	if (NONE) return new Map(Object.entries(INDEX).map(([seed, { epoch }]) => [Number(seed), epoch]));
	return new Map([...RAW].map(([seed, raw]) => [seed, typeof raw === 'string' ? (/"epoch":"([^"]+)"/.exec(raw)?.[1] ?? '') : String(raw.epoch ?? '')]));
}

/**
 * The selling team of `seed`'s world (its `users`, ids `1001`…): from the seed index in a bundle without worlds, else
 * from the world. @throws Error when the seed is not shipped.
 */
export function seedUsers(seed: number): TeamUser[] {
	if (!NONE) return worldFor(seed).users;
	const entry = INDEX[String(seed)];
	if (!entry) throw new Error(`seed ${seed} is not shipped; available: ${Object.keys(INDEX).join(', ')}`);
	return entry.users;
}
