/**
 * The blueprints bundled into the Service Worker: every `blueprints/<platform>/*.json`, validated once.
 * (Node code loads the same files from disk: `harness/blueprints.ts`.)
 */
import { Blueprint } from './schema';
import type { PlacedAssertion } from '../verifier/schema';

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

/** A blueprint's assertions in step order, each tagged with its step index and platform. */
export function placedAssertions(bp: Blueprint): PlacedAssertion[] {
	return bp.steps.flatMap((step, index) => step.verifiers.map((a) => ({ ...a, step: index, platform: step.platform })));
}
