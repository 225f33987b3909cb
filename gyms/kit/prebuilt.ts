/**
 * Prebuilt seed projections: each gym's projection of a seed world (its seed-only tables, before any fixture), computed
 * by the build and shipped as a JSON file (seeds/prebuild.ts writes them). A gym takes its projection through
 * `seedProjection` (./seed-projection.ts): the prebuilt one when it was provided, else computed from the world. The
 * two are the same value: the build writes a file only when its JSON parses back deep-equal to the computed projection
 * (`node:util` `isDeepStrictEqual`), and both depend on the same sources (seeds/projection-id.ts).
 *
 * The Service Worker's bundle holds no world (seeds/index.ts): it installs a loader ({@link usePrebuiltLoader}, which
 * fetches the file; sw/projections.ts), and the store loads a gym's projection ({@link loadPrebuiltProjection}) before
 * it computes any state from it. What this saves a first reset: a fresh Service Worker computed HubSpot's projection
 * (7,375 rows) from the world in 170–210 ms, and parses the same rows from JSON in 20–30 ms; and it no longer
 * downloads and parses the 2.9 MB world.
 */
/** Provided projections by `<gym>:<seed>`, until the gym's `seedProjection` takes them. */
const provided = new Map<string, unknown>();
/** The `<gym>:<seed>` projections a gym holds already (provided or computed). */
const held = new Set<string>();

const keyOf = (gym: string, seed: number): string => `${gym}:${seed}`;

/** Reads the prebuilt projection of `gym` for `seed` (the parsed file). @throws Error when it cannot. */
export type PrebuiltLoader = (gym: string, seed: number) => Promise<unknown>;

let loader: PrebuiltLoader | null = null;
/** Loads in progress by `<gym>:<seed>`. */
const loading = new Map<string, Promise<void>>();

/** Installs the loader {@link loadPrebuiltProjection} uses (null: none, the default; gyms compute from the world). */
export function usePrebuiltLoader(next: PrebuiltLoader | null): void {
	loader = next;
}

/**
 * Provides the prebuilt projection of `gym` for `seed` (the parsed file). A gym that already holds that projection
 * keeps its own (the same value).
 */
export function providePrebuiltProjection(gym: string, seed: number, projection: unknown): void {
	if (!held.has(keyOf(gym, seed))) provided.set(keyOf(gym, seed), projection);
}

/** Whether `gym` would still take a prebuilt projection for `seed`: none was provided and it holds none yet. */
export function wantsPrebuiltProjection(gym: string, seed: number): boolean {
	const key = keyOf(gym, seed);
	return !provided.has(key) && !held.has(key);
}

/**
 * Loads the prebuilt projection of `gym` for `seed` with the installed loader, once (concurrent calls share the load;
 * a failed load is tried again at the next call). Resolves at once without a loader or when the gym needs none.
 * @throws what the loader throws (the gym then has no projection to compute a state from, in a bundle without worlds).
 */
export function loadPrebuiltProjection(gym: string, seed: number): Promise<void> {
	if (!loader || !wantsPrebuiltProjection(gym, seed)) return Promise.resolve();
	const key = keyOf(gym, seed);
	let load = loading.get(key);
	if (!load) {
		load = loader(gym, seed)
			.then((projection) => providePrebuiltProjection(gym, seed, projection))
			.finally(() => loading.delete(key));
		loading.set(key, load);
	}
	return load;
}

/**
 * Records that `gym` now holds its projection for `seed`, and hands over the provided one, if any (it is dropped from
 * here: the gym's memo keeps it). For `seedProjection` (./seed-projection.ts).
 * @returns `{projection}` when one was provided, else undefined (the gym computes its own).
 */
export function claimPrebuiltProjection(gym: string, seed: number): { projection: unknown } | undefined {
	const key = keyOf(gym, seed);
	held.add(key);
	if (!provided.has(key)) return undefined;
	const projection = provided.get(key);
	provided.delete(key);
	return { projection };
}
