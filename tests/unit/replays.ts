/**
 * Every shipped blueprint's oracle, proven in Node from its UI play's API calls (tests/plays/replay.ts), as a Vitest
 * suite that a spec file registers for its share (tests/unit/replays-1.spec.ts and -2: the halves run in parallel
 * workers). Per blueprint:
 * - the reset a play starts with exports the golden `initial` bytes (tests/golden/<platform>.json, SHA-256 of the
 *   browser's export in a fresh context under UTC);
 * - its recorded calls (tests/golden/calls/<platform>.json) answer the statuses the Service Worker answered in the
 *   UI play, and leave the golden `final` state, byte for byte;
 * - over that state the verdict passes with score 1, every mutant fails, every gating assertion is killed by a
 *   mutant, and every patch alternative passes (tests/plays/mutants.ts `proveExport`);
 * - each alternative with UI `steps`: its recorded calls, after the same reset, answer as in its UI play and leave a
 *   state whose verdict passes with score 1.
 * Each test puts its kill matrix or alternative verdict in its metadata for the kill-matrix report
 * (tests/plays/mutants-reporter.ts, `reports/mutants.json`).
 * The browser plays (tests/plays/plays.spec.ts) prove that the UI still reaches the golden final state, for every
 * blueprint (or, with `SALESGYM_PLAYS=ci`, one per distinct UI path); this suite proves every blueprint's final state
 * and its mutants on every `npm run unit`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createGyms, shippedSeeds } from '../../gyms/registry';
import { loadBlueprints } from '../../harness/blueprints';
import type { RunContext } from '../../sw/run';
import { createNodeEngine } from '../../verifier/node';
import { alternativeKey, readCalls, type CallsFile } from '../plays/calls';
import { platformOf, readGolden, type GoldenFile } from '../plays/golden';
import { needsInitialExport, proveExport } from '../plays/mutants';
import { replayCalls, replayVerdict } from '../plays/replay';

/**
 * Registers the replay proof of the shipped blueprints whose index (in id order) is `part` modulo `parts` (`part`
 * 0-based; every blueprint falls in exactly one part).
 */
export function describeReplays(part: number, parts: number): void {
	const all = loadBlueprints().sort((a, b) => (a.id < b.id ? -1 : 1));
	const mine = all.filter((_, i) => i % parts === part);
	let engine: ReturnType<typeof createNodeEngine> | undefined;
	// Each platform's files are read once per part, not once per blueprint.
	const goldens = new Map<string, GoldenFile>();
	const recorded = new Map<string, CallsFile>();
	const goldenOf = (platform: string): GoldenFile => goldens.get(platform) ?? goldens.set(platform, readGolden(platform)).get(platform)!;
	const callsOf = (platform: string): CallsFile => recorded.get(platform) ?? recorded.set(platform, readCalls(platform)).get(platform)!;
	describe(`every shipped blueprint's oracle, replayed from its UI play's API calls (part ${part + 1} of ${parts})`, () => {
		let ctx: RunContext;
		beforeAll(() => {
			ctx = { gyms: createGyms(), blueprints: new Map(all.map((b) => [b.id, b])), seeds: shippedSeeds() };
		});
		it.for(mine.map((bp) => [bp.id, bp] as const))('%s: the golden final state, a passing verdict, every mutant killed', async ([id, bp], { task }) => {
			const platform = platformOf(bp);
			const calls = callsOf(platform)[id];
			const golden = goldenOf(platform)[id];
			const rerun = 'run `npm run golden` (it replays every oracle in the browser and records its hashes and API calls) and commit tests/golden/';
			expect(golden, `${id} has no golden hashes in tests/golden/${platform}.json: ${rerun}`).toBeDefined();
			expect(calls, `${id} has no recorded API calls in tests/golden/calls/${platform}.json: ${rerun}`).toBeDefined();
			const r = await replayCalls(ctx, bp, calls!);
			expect(r.initialSha, `${id}: the reset in Node differs from the browser's golden initial export`).toBe(golden!.initial);
			expect(r.statusMismatches, `${id}: calls answered otherwise than in the UI play (${rerun} if the gym changed on purpose)`).toEqual([]);
			expect(
				r.finalSha,
				`${id}: the recorded calls no longer lead to the golden final state (${rerun} if a gym, the UI or the oracle changed on purpose; otherwise a gym now leaves another state for the same calls)`
			).toBe(golden!.final);
			const { record, problems } = await proveExport(bp, platform, r.finalText, needsInitialExport(bp) ? r.initialText : null);
			task.meta.mutants = record;
			expect(problems).toEqual([]);
			expect(record.matrix?.oracle).toMatchObject({ passed: true, score: 1 });
		});
		const alternatives = mine.flatMap((bp) =>
			(bp.alternatives ?? []).filter((a) => a.steps !== undefined).map((a) => [alternativeKey(bp.id, a.id), bp] as const)
		);
		if (alternatives.length)
			it.for(alternatives)('%s (an alternative through the UI): its calls leave a state that passes with score 1', async ([key, bp], { task }) => {
				const platform = platformOf(bp);
				const calls = callsOf(platform)[key];
				expect(calls, `${key} has no recorded API calls in tests/golden/calls/${platform}.json: run \`npm run golden\` and commit tests/golden/`).toBeDefined();
				const r = await replayCalls(ctx, bp, calls!);
				expect(r.statusMismatches).toEqual([]);
				const verdict = replayVerdict(await (engine ??= createNodeEngine()), bp, r);
				task.meta.alternative = { id: bp.id, alternative: key.slice(bp.id.length + 1), passed: verdict.passed, score: verdict.score };
				expect(verdict, JSON.stringify(verdict.assertions.filter((a) => !a.passed))).toMatchObject({ passed: true, score: 1 });
			});
	});
}
