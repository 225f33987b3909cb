/**
 * The browser-free checks of every shipped blueprint (`blueprints/**\/*.json`), as a Vitest suite that a spec file
 * registers for its share: schema validity (its id equals its path), the verifier lint, "a fresh reset fails"
 * evaluated in Node over the task's initial state, and the semantic rule (verifier/semantic.ts). Two spec files
 * (harness/shipped-blueprints-1.spec.ts and -2) each take half, so that `npm run unit`'s two workers share the
 * library's ~2.5 min of jq evaluation instead of one worker carrying it. The browser plays the oracles
 * (tests/plays/plays.spec.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGyms } from '../gyms/registry';
import type { Gym } from '../gyms/types';
import { lintBlueprint } from '../verifier/lint';
import { createNodeEngine } from '../verifier/node';
import { freshResetVerdict, placedOf, semanticIssuesOf } from '../verifier/semantic';
import type { Evaluation, JqEngine } from '../verifier/verify';
import { parseBlueprint } from './blueprints';

/** Every shipped blueprint file: `[id implied by the path, path, text]`, in path order. */
export const SHIPPED = readdirSync('blueprints', { recursive: true, withFileTypes: true })
	.filter((e) => e.isFile() && e.name.endsWith('.json'))
	.map((e) => join(e.parentPath, e.name))
	.sort()
	.map((file) => [file.slice('blueprints/'.length, -'.json'.length), file, readFileSync(file, 'utf8')] as const);

/**
 * Registers the checks of the shipped blueprints whose index in {@link SHIPPED} is `part` modulo `parts`
 * (`part` 0-based; every file falls in exactly one part). Part 0 also checks that there is at least one file and that
 * every path is `blueprints/<platform>/<name>-vN.json` or `blueprints/t<tier>/<slug>-s<seed>-vN.json`.
 * The fresh-reset verdict is computed once per blueprint and read by both tests that need it.
 */
export function describeShippedBlueprints(part: number, parts: number): void {
	describe(`every shipped blueprint, without a browser (part ${part + 1} of ${parts})`, () => {
		let engine: JqEngine;
		let gyms: Gym[];
		beforeAll(async () => {
			engine = await createNodeEngine();
			gyms = createGyms();
		});
		const verdicts = new Map<string, Promise<Evaluation>>();
		const verdictOf = (id: string, file: string, text: string): Promise<Evaluation> => {
			let v = verdicts.get(id);
			if (!v) verdicts.set(id, (v = freshResetVerdict(engine, gyms, parseBlueprint(file, text, id))));
			return v;
		};

		if (part === 0)
			it('there is at least one, and every file sits at blueprints/<platform>/<name>-vN.json or blueprints/t<tier>/<slug>-s<seed>-vN.json', () => {
				expect(SHIPPED.length).toBeGreaterThan(0);
				for (const [id] of SHIPPED) expect(id).toMatch(/^(?:[a-z]+\/[a-z0-9-]+|t[1-4]\/[a-z0-9-]+-s[1-9][0-9]*)-v\d+$/);
			});

		describe.each(SHIPPED.filter((_, i) => i % parts === part))('%s', (id, file, text) => {
			it('is valid: the strict schema, its id equals its path', () => {
				expect(parseBlueprint(file, text, id).id).toBe(id);
			});

			it('has no verifier lint findings', () => {
				expect(lintBlueprint(parseBlueprint(file, text, id))).toEqual([]);
			});

			it('a fresh reset fails its verifiers (Node verifier over the initial state)', async () => {
				const verdict = await verdictOf(id, file, text);
				expect(
					verdict.assertions.filter((a) => a.error?.startsWith('jq error')).map((a) => `${a.id}: ${a.error}`),
					'no query may fail to run on the initial state'
				).toEqual([]);
				expect(verdict.passed, 'a task its initial state already satisfies rewards doing nothing').toBe(false);
			});

			it('the semantic rule: no weighted assertion passes at reset, every holds_at_reset guard does (score 0 for doing nothing)', async () => {
				const verdict = await verdictOf(id, file, text);
				expect(semanticIssuesOf(verdict, placedOf(parseBlueprint(file, text, id)))).toEqual([]);
				expect(verdict.score).toBe(0);
			});
		});
	});
}
