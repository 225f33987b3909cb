/**
 * Build-time validation of the committed seed worlds (`seeds/world-<seed>.json`): `vite.config.ts` calls
 * {@link checkShippedWorlds} before every build, so a bundle never ships a world that fails the strict schema, and the
 * Service Worker can then take the bundled text with `JSON.parse` alone (seeds/index.ts `worldFor`), without paying
 * for the schema at every first load. Node only (reads files).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { SeedIndex } from './index';
import { World } from './world';

/**
 * Parses every `world-<n>.json` of `dir` with the strict {@link World} schema and checks that the schema's output is
 * the parsed JSON itself (no default, no transform: taking the text without the schema gives the same object).
 * @returns the seed numbers checked.
 * @throws Error naming the file and the first invalid path, or saying that the schema changed the document.
 */
export function checkShippedWorlds(dir: string): number[] {
	const seeds: number[] = [];
	for (const file of readdirSync(dir).filter((f) => /^world-\d+\.json$/.test(f))) {
		const text = readFileSync(join(dir, file), 'utf8');
		const parsed = World.safeParse(JSON.parse(text));
		if (!parsed.success) {
			const issue = parsed.error.issues[0];
			throw new Error(`seeds/${file}: ${issue?.path.join('.')}: ${issue?.message}`);
		}
		if (!isDeepStrictEqual(parsed.data, JSON.parse(text))) throw new Error(`seeds/${file}: the World schema changes the document (a default or a transform)`);
		seeds.push(Number(/\d+/.exec(file)![0]));
	}
	return seeds;
}

/**
 * The {@link SeedIndex} of the committed worlds of `dir` (what a bundle without worlds knows of each seed: its epoch and
 * team users), for vite.config.ts to bake into the Service Worker. Call after {@link checkShippedWorlds}.
 * @throws Error when a world file cannot be read or parsed.
 */
export function seedIndex(dir: string): SeedIndex {
	const out: SeedIndex = {};
	for (const file of readdirSync(dir).filter((f) => /^world-\d+\.json$/.test(f))) {
		const world = JSON.parse(readFileSync(join(dir, file), 'utf8')) as World;
		out[String(world.seed)] = { epoch: world.epoch, users: world.users };
	}
	return out;
}
