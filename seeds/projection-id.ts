/**
 * The identity of what the gyms' projections depend on, for the build (`vite.config.ts` bakes it into the bundle as
 * `__SALESGYM_PROJECTION_ID__`; gyms/store.ts records it in each database's base): a SHA-256 over the gyms' and the
 * seeds' sources, the committed seed worlds and the locked dependencies. Two builds with the same identity project the
 * same rows for a seed, so a database one loaded can be restored by delta by the other; any change to those files
 * makes the next reset a full one. Node only (reads files).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Whether `path` (relative to the repository, `/`-separated) is an input of the projections. */
function isInput(path: string): boolean {
	if (path === 'package-lock.json') return true;
	if (!/^(gyms|seeds)\//.test(path) || path.endsWith('.spec.ts')) return false;
	return path.endsWith('.ts') || /^seeds\/world-\d+\.json$/.test(path);
}

/** Every file under `dir`, recursively, as paths relative to `root`. */
function filesUnder(root: string, dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
		e.isDirectory() ? filesUnder(root, join(dir, e.name)) : [relative(root, join(dir, e.name)).split('\\').join('/')]
	);
}

/**
 * The projection identity of the repository at `root`: the first 16 hex digits of a SHA-256 over each input file's
 * path and bytes, in path order (inputs: `gyms/**` and `seeds/**` TypeScript sources but their specs, the seed
 * worlds `seeds/world-<n>.json`, `package-lock.json`).
 * @throws Error when `root` has no `gyms` or `seeds` folder (a file system error).
 */
export function projectionId(root: string): string {
	const files = [...filesUnder(root, join(root, 'gyms')), ...filesUnder(root, join(root, 'seeds')), 'package-lock.json'].filter(isInput).sort();
	const hash = createHash('sha256');
	for (const file of files) {
		let bytes: Buffer;
		try {
			bytes = readFileSync(join(root, file));
		} catch {
			continue;
		}
		hash.update(`${file}\n${bytes.length}\n`).update(bytes);
	}
	return hash.digest('hex').slice(0, 16);
}
