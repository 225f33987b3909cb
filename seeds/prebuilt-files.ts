/**
 * Where the build keeps the prebuilt seed projections (gyms/kit/prebuilt.ts) and when it writes them again: under
 * `node_modules/.cache/salesgym/projections/` (not committed, rebuilt after `npm ci`), stamped with the projection
 * identity (seeds/projection-id.ts) they were computed under. `vite.config.ts` calls {@link ensurePrebuiltProjections}
 * before every build, dev server and unit run; the Service Worker's bundle imports the files (sw/projections.ts).
 * Node only; imports nothing of the gyms (the config loader bundles this file).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectionId } from './projection-id';

/** The gyms whose seed projection is prebuilt, in the order the files are written. */
export const PREBUILT_GYMS = ['hubspot', 'outreach', 'calendly', 'salesnav'] as const;

/** The folder of the prebuilt projections under the repository `root`. */
export const prebuiltDir = (root: string): string => join(root, 'node_modules', '.cache', 'salesgym', 'projections');

/**
 * Makes sure `prebuiltDir(root)` holds the projections of this repository's sources: when its stamp (file `id`) is not
 * the current projection identity, or a file is missing, runs `node --import tsx seeds/prebuild.ts <dir>` (2–4 s) and
 * writes the stamp.
 * The files expected: `<gym>-<seed>.json` for every gym of {@link PREBUILT_GYMS} and every committed world
 * `seeds/world-<seed>.json`.
 * @param id the projection identity of `root` when the caller computed it already (default: computed here).
 * @returns whether the files were written again.
 * @throws Error when the script fails (its output is passed through), e.g. a projection that is not JSON data.
 */
export function ensurePrebuiltProjections(root: string, id: string = projectionId(root)): boolean {
	const dir = prebuiltDir(root);
	const seeds = readdirSync(join(root, 'seeds')).flatMap((f) => /^world-(\d+)\.json$/.exec(f)?.[1] ?? []);
	const stamp = join(dir, 'id');
	const complete = seeds.every((seed) => PREBUILT_GYMS.every((gym) => existsSync(join(dir, `${gym}-${seed}.json`))));
	if (complete && existsSync(stamp) && readFileSync(stamp, 'utf8') === id) return false;
	const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'seeds', 'prebuild.ts'), dir], { cwd: root, stdio: 'inherit' });
	if (r.status !== 0) throw new Error(`seeds/prebuild.ts failed (${r.error?.message ?? `exit ${r.status}`}): the seed projections could not be prebuilt`);
	writeFileSync(stamp, id);
	return true;
}
