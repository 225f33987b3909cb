/**
 * The prebuilt seed projections in the Service Worker (gyms/kit/prebuilt.ts): files of the build, written by
 * seeds/prebuild.ts before every build (seeds/prebuilt-files.ts) and emitted under `/_app/immutable/` by Vite's `?url`.
 * The worker's bundle holds no seed world: {@link installProjectionLoader} lets the gyms read these files instead, each
 * when a state is first computed from it (a reset that loads the gym, its first API request after a deferred reset,
 * an export of its deferred state, a restarted worker's rebuild).
 */
import { usePrebuiltLoader } from '../gyms/kit/prebuilt';
import calendly1 from '../node_modules/.cache/salesgym/projections/calendly-1.json?url';
import hubspot1 from '../node_modules/.cache/salesgym/projections/hubspot-1.json?url';
import outreach1 from '../node_modules/.cache/salesgym/projections/outreach-1.json?url';
import salesnav1 from '../node_modules/.cache/salesgym/projections/salesnav-1.json?url';
import { immutableText } from './immutable';

/** Gym → seed number → the URL of its prebuilt projection in this build. */
const PROJECTION_FILES: ReadonlyMap<string, ReadonlyMap<number, string>> = new Map([
	['hubspot', new Map([[1, hubspot1]])],
	['outreach', new Map([[1, outreach1]])],
	['calendly', new Map([[1, calendly1]])],
	['salesnav', new Map([[1, salesnav1]])]
]);

/** Every prebuilt projection's URL (for the offline warm-up, sw/index.ts). */
export function projectionUrls(): string[] {
	return [...PROJECTION_FILES.values()].flatMap((bySeed) => [...bySeed.values()]);
}

/**
 * Installs the gyms' prebuilt-projection loader: the file of (gym, seed), read from the immutable cache or the network
 * (sw/immutable.ts) and parsed.
 * @throws (from the loader) Error `no prebuilt projection of <gym> for seed <n>` for a pair this build has no file of,
 *   `GET <url> answered <status>` or the network's error when the file is neither cached nor fetchable, or the
 *   SyntaxError of a damaged file.
 */
export function installProjectionLoader(): void {
	usePrebuiltLoader(async (gym, seed) => {
		const url = PROJECTION_FILES.get(gym)?.get(seed);
		if (url === undefined) throw new Error(`no prebuilt projection of ${gym} for seed ${seed}`);
		return JSON.parse(await immutableText(url)) as unknown;
	});
}
