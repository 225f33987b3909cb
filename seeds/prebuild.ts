/**
 * Writes the prebuilt seed projections (gyms/kit/prebuilt.ts): for every gym and shipped seed, the gym's seed-only
 * projection as an ASCII JSON file `<gym>-<seed>.json`. Run by the build through seeds/prebuilt-files.ts
 * (`node --import tsx seeds/prebuild.ts <dir>`), never by the Service Worker.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { shippedWorlds, worldFor } from './index';
import { asciiJson } from './ascii-json';
import type { World } from './world';
import { PREBUILT_GYMS } from './prebuilt-files';
import { project as calendly } from '../gyms/calendly/seed';
import { projectHubSpot as hubspot } from '../gyms/hubspot/seed';
import { project as outreach } from '../gyms/outreach/seed';
import { project as salesnav } from '../gyms/salesnav/seed';

/** Each prebuilt gym's projection of a world (the function its `baseProjection` falls back to). */
export const PROJECTIONS: Record<(typeof PREBUILT_GYMS)[number], (world: World) => unknown> = { hubspot, outreach, calendly, salesnav };

/**
 * The text of the prebuilt projection of `gym` for `seed`: {@link asciiJson} of the projection computed from the world.
 * @param project the gym's projection (default: its own, {@link PROJECTIONS}).
 * @throws Error when the JSON does not parse back deep-equal to the projection (a Map, a Date, an `undefined` field, a
 *   non-finite number…), so a file never differs from what the gym computes.
 */
export function prebuiltText(gym: string, seed: number, project: (world: World) => unknown = PROJECTIONS[gym as (typeof PREBUILT_GYMS)[number]]): string {
	const value = project(worldFor(seed));
	const text = asciiJson(value);
	if (!isDeepStrictEqual(JSON.parse(text), value))
		throw new Error(`${gym}: the projection of seed ${seed} does not survive a JSON round trip; it cannot be prebuilt`);
	return text;
}

/**
 * Writes `<gym>-<seed>.json` for every prebuilt gym and shipped seed into `dir` (created), each through a temporary
 * file and a rename, so that a reader never sees half a file.
 * @returns the paths written. @throws what {@link prebuiltText} throws, or the file system's error.
 */
export function writePrebuiltProjections(dir: string): string[] {
	mkdirSync(dir, { recursive: true });
	const out: string[] = [];
	for (const seed of shippedWorlds().keys())
		for (const gym of PREBUILT_GYMS) {
			const path = join(dir, `${gym}-${seed}.json`);
			writeFileSync(`${path}.${process.pid}.tmp`, prebuiltText(gym, seed));
			renameSync(`${path}.${process.pid}.tmp`, path);
			out.push(path);
		}
	return out;
}

if (process.argv[1] && import.meta.url === (await import('node:url')).pathToFileURL(process.argv[1]).href) {
	const dir = process.argv[2];
	if (!dir) throw new Error('usage: node --import tsx seeds/prebuild.ts <dir>');
	writePrebuiltProjections(dir);
}
