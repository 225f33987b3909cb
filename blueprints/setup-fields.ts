/**
 * The blueprint fields that the Service Worker ships (no steps: no oracle action, no verifier), and a reader of
 * them from `blueprints/<platform>/*.json` on disk, for the build (`vite.config.ts` bakes them into the bundle as
 * `__SALESGYM_TASK_SETUPS__`, see `blueprints/setups.ts`). Node only (node:fs); no zod, the bundle validates them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Top-level blueprint keys a reset and the run-control catalogue need; every other key stays out of the bundle
 * (`steps`, `difficulty`, and the answer keys `mutants` and `alternatives`).
 */
export const SETUP_KEYS = ['id', 'title', 'category', 'business_function', 'platforms', 'goal', 'prompt', 'start_path', 'clock', 'fixtures', 'actors'] as const;

/**
 * Reads every `<dir>/<platform>/*.json` (sorted by path) and keeps only {@link SETUP_KEYS} of each.
 * @param dir the blueprints folder.
 * @returns one object per file, in path order (unvalidated).
 * @throws Error naming the file when it is not valid JSON.
 */
export function readSetupFields(dir: string): Record<string, unknown>[] {
	const files = readdirSync(dir)
		.filter((d) => statSync(join(dir, d)).isDirectory())
		.sort()
		.flatMap((d) =>
			readdirSync(join(dir, d))
				.filter((f) => f.endsWith('.json'))
				.sort()
				.map((f) => join(dir, d, f))
		);
	return files.map((file) => {
		let doc: Record<string, unknown>;
		try {
			doc = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
		} catch (e) {
			throw new Error(`${file}: ${(e as Error).message}`, { cause: e });
		}
		return Object.fromEntries(SETUP_KEYS.filter((k) => k in doc).map((k) => [k, doc[k]]));
	});
}
