/**
 * Every `blueprints/<platform>/*.json` as a whole blueprint, validated once, for code run by Vite or Vitest outside
 * the Service Worker (tests). Never imported by the SW, whose bundle must hold no verifier and no oracle action: it
 * has `blueprints/setups.ts` (eslint enforces it). Node code loads the same files from disk: `harness/blueprints.ts`.
 */
import { Blueprint } from './schema';
export { placedAssertions } from './placed';

const files = import.meta.glob<unknown>('./*/*.json', { eager: true, import: 'default' });

let cache: Map<string, Blueprint> | null = null;

/**
 * All bundled blueprints by id, validated with the strict schema.
 * @throws Error naming the file and the first invalid path when a blueprint is invalid.
 */
export function blueprints(): Map<string, Blueprint> {
	if (cache) return cache;
	const map = new Map<string, Blueprint>();
	for (const [file, json] of Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1))) {
		const parsed = Blueprint.safeParse(json);
		if (!parsed.success) {
			const issue = parsed.error.issues[0];
			throw new Error(`blueprints/${file.slice(2)}: ${issue?.path.join('.')}: ${issue?.message}`);
		}
		map.set(parsed.data.id, parsed.data);
	}
	cache = map;
	return map;
}
