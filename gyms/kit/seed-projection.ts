/**
 * `seedProjection`: how a gym takes its seed-only projection, prebuilt or computed (see ./prebuilt.ts). Apart from
 * ./prebuilt.ts so that the run lifecycle, which only loads prebuilt projections, does not import the seed worlds.
 */
import { worldFor } from '../../seeds';
import type { World } from '../../seeds/world';
import { claimPrebuiltProjection } from './prebuilt';

/**
 * A gym's seed projection by seed number, memoized: the prebuilt one (`providePrebuiltProjection`, ./prebuilt.ts) when
 * it was provided before the first call for that seed, else `build(worldFor(seed))`. `build` must be pure and its
 * result JSON data (seeds/prebuild.ts refuses to ship one that does not survive a JSON round trip); callers treat the
 * result as read-only.
 * @param gym the gym's name, e.g. `hubspot`.
 * @returns `(seed) → projection`, which throws what `worldFor` throws for a seed that is not shipped (or in a bundle
 *   without worlds, when the prebuilt projection was not loaded).
 */
export function seedProjection<T>(gym: string, build: (world: World) => T): (seed: number) => T {
	const memo = new Map<number, T>();
	return (seed) => {
		let hit = memo.get(seed);
		if (hit === undefined) {
			const claimed = claimPrebuiltProjection(gym, seed);
			hit = claimed ? (claimed.projection as T) : build(worldFor(seed));
			memo.set(seed, hit);
		}
		return hit;
	};
}
