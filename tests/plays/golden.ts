/**
 * Golden export hashes of the blueprint plays: `tests/golden/<platform>.json`, one file per platform (a
 * blueprint belongs to its first platform), shaped `{"<blueprint id>": {"initial": sha256, "final": sha256}}`:
 * - `initial`: SHA-256 (lower-case hex) of `GET /__salesgym/state` right after the reset to the task, in a
 *   FRESH browser context (fresh IndexedDB and Service Worker);
 * - `final`: the same after the oracle played through the UI and the task verified (passed, score 1).
 * Both are recorded under the UTC time zone with run id {@link PLAY_RUN_ID} by `npm run golden`, which replays
 * every oracle and rewrites the files (tests/golden/reporter.ts). The CI plays (tests/plays/plays.spec.ts)
 * replay under a non-UTC zone in a reused context and must reproduce both hashes byte for byte.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Blueprint } from '../../blueprints/schema';
import { stateSha256 } from '../../harness/page';
import { REUSED_CONTEXT_TIMEZONE } from '../e2e/fixtures';

/** Folder of the golden files, relative to the repository root (the cwd of Playwright and npm scripts). */
export const GOLDEN_DIR = join('tests', 'golden');

/** Run id of every blueprint play (it is part of the export, so the golden run and the CI run share it). */
export const PLAY_RUN_ID = 'play';

/** Time zone of the golden recording. */
export const GOLDEN_TIMEZONE = 'UTC';

/** Time zone of the CI plays: not UTC on purpose, so a zone-dependent replay cannot match the UTC golden. */
export const PLAY_TIMEZONE = REUSED_CONTEXT_TIMEZONE;

/** Annotation type a golden-mode play records `{id, platform, initial, final}` under (read by the golden reporter). */
export const GOLDEN_ANNOTATION = 'golden';

/** `SALESGYM_GOLDEN=write` (set by `npm run golden`): record hashes under UTC in fresh contexts instead of checking them. */
export const GOLDEN_WRITE = process.env.SALESGYM_GOLDEN === 'write';

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a lower-case hex SHA-256');

/** One blueprint's golden hashes. */
export const GoldenEntry = z.strictObject({
	initial: Sha256.describe('export right after the reset, in a fresh context'),
	final: Sha256.describe('export after the oracle and a passing verify')
});
export type GoldenEntry = z.infer<typeof GoldenEntry>;

/** A golden file: blueprint id → hashes. */
export const GoldenFile = z.record(z.string().regex(/^(?:[a-z]+\/[a-z0-9-]+|t[1-4]\/[a-z0-9-]+-s[1-9][0-9]*)-v\d+$/, 'a blueprint id'), GoldenEntry);
export type GoldenFile = z.infer<typeof GoldenFile>;

/** What a golden-mode play records (the annotation's JSON description). */
export const GoldenRecord = z.strictObject({ id: z.string(), platform: z.string(), initial: Sha256, final: Sha256 });
export type GoldenRecord = z.infer<typeof GoldenRecord>;

/** The platform whose golden file holds `bp`: its first platform. */
export const platformOf = (bp: Pick<Blueprint, 'platforms'>): string => bp.platforms[0]!;

/** Path of the golden file of `platform`. */
export const goldenPath = (platform: string): string => join(GOLDEN_DIR, `${platform}.json`);

/**
 * Reads a generated data file of tests/golden/ (the golden hashes, the recorded API calls) and validates it.
 * @returns the parsed value, or `empty` when the file does not exist.
 * @throws Error naming the file and the first invalid paths when it is not valid JSON or does not match `schema`;
 *   the message says to run `npm run golden`, which rewrites every such file.
 */
export function readGoldenData<T>(file: string, schema: z.ZodType<T>, empty: T): T {
	if (!existsSync(file)) return empty;
	let json: unknown;
	try {
		json = JSON.parse(readFileSync(file, 'utf8'));
	} catch (e) {
		throw new Error(`${file}: not valid JSON (${(e as Error).message}); run \`npm run golden\` to rewrite it`);
	}
	const parsed = schema.safeParse(json);
	if (!parsed.success)
		throw new Error(
			`${file}: ${parsed.error.issues
				.slice(0, 3)
				.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
				.join('; ')}; run \`npm run golden\` to rewrite it`
		);
	return parsed.data;
}

/**
 * Reads the golden file of `platform` ({@link readGoldenData}).
 * @returns its entries, or `{}` when the file does not exist.
 * @throws Error naming the file and the first invalid paths when it is not valid JSON or not a {@link GoldenFile}.
 */
export function readGolden(platform: string): GoldenFile {
	return readGoldenData<GoldenFile>(goldenPath(platform), GoldenFile, {});
}

/** The message of a missing golden entry. */
export function missingMessage(id: string, platform: string): string {
	return `${id} has no golden hash in ${goldenPath(platform)}: run \`npm run golden\` (replays every oracle under UTC and rewrites tests/golden/) and commit the file`;
}

/**
 * The message of a hash that differs from its golden.
 * @param where where the export was read: after the reset of the worker's reused context, or in a fresh one.
 */
export function staleMessage(id: string, platform: string, which: 'initial' | 'final', actual: string, where: 'reused' | 'fresh' = 'reused'): string {
	const what =
		which === 'final'
			? 'the final export after the oracle'
			: `the export right after the reset (in ${where === 'reused' ? "this worker's reused browser context" : 'a fresh context'})`;
	return (
		`${id}: ${what} has sha256 ${actual}, not the golden ${which} hash in ${goldenPath(platform)} (recorded under UTC in a fresh context). ` +
		`Either the golden is stale (an intended change to the gym, the UI, the seed or the blueprint's oracle: run \`npm run golden\` and commit tests/golden/), ` +
		(which === 'final'
			? `or the replay is not deterministic (it depends on the time zone, here ${PLAY_TIMEZONE}, the host clock or an ordering).`
			: where === 'reused'
				? 'or the reset of a reused context is not equal to a fresh load (something leaked from the previous play).'
				: 'or the first load is not deterministic.') +
		' The export is attached to this test.'
	);
}

/** SHA-256 of `GET /__salesgym/state` as the plays take it: harness/page.ts {@link stateSha256}. */
export const exportSha256 = stateSha256;
