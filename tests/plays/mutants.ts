/**
 * The mutant proof of a blueprint play (verifier/mutants.ts), run in Node right after the oracle passed with score
 * 1 in the page: ONE export of the final state (`GET /__salesgym/state`), `$initial` computed in Node from the
 * blueprint (each gym's `initialTables`, as the Service Worker's /verify does), then every mutant and patch
 * alternative of the blueprint applied and verified with the same jq engine and evaluator as the page. The play
 * records the kill matrix as a test annotation ({@link MUTANTS_ANNOTATION}), which tests/plays/mutants-reporter.ts
 * gathers into `test-results/mutants.json`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { placedAssertions } from '../../blueprints/placed';
import type { Blueprint } from '../../blueprints/schema';
import type { Gym } from '../../gyms/types';
import { canonicalJson } from '../../verifier/canonical';
import { matrixProblems, patchScope, proveMutants, type KillMatrix } from '../../verifier/mutants';
import { mentionsVar } from '../../verifier/prepare';
import type { ExportLike } from '../../verifier/merge';
import { pruneTables, tablesFor, type TableNeeds } from '../../verifier/tables';
import type { JqEngine, VerifyInput } from '../../verifier/verify';
import { exportState } from '../e2e/fixtures';

/**
 * Whether a blueprint WITHOUT mutants fails its play. False while blueprints of other branches still lack them
 * (they are then listed as missing in `test-results/mutants.json`); set it to true once every blueprint has
 * mutants, so that a new blueprint cannot land without them.
 */
export const MUTANTS_REQUIRED = false;

/** Annotation type of a play's kill-matrix record ({@link MutantRecord} as JSON). */
export const MUTANTS_ANNOTATION = 'mutants';

/** Annotation type of a UI alternative's test ({@link AlternativeRecord} as JSON). */
export const ALTERNATIVE_ANNOTATION = 'alternative';

/** What the test of one `steps` alternative records: its verdict after the second oracle path. */
export interface AlternativeRecord {
	/** Blueprint id. */
	id: string;
	/** Alternative id. */
	alternative: string;
	passed: boolean;
	score: number;
}

/** What one play records (the annotation's JSON). */
export interface MutantRecord {
	id: string;
	platform: string;
	/** True when the blueprint has no `mutants`. */
	missing: boolean;
	/** The kill matrix; null when there was nothing to prove (no mutants and no patch alternatives). */
	matrix: KillMatrix | null;
	/** Ids of the blueprint's alternatives with UI `steps` (each proven by its own test). */
	step_alternatives: string[];
}

let tools: Promise<{ engine: JqEngine; gyms: Gym[] }> | null = null;

/** The jq engine and this build's gyms, loaded once per process. */
export function loadTools(): Promise<{ engine: JqEngine; gyms: Gym[] }> {
	tools ??= (async () => {
		const [{ createNodeEngine }, { createGyms }] = await Promise.all([import('../../verifier/node'), import('../../gyms/registry')]);
		return { engine: await createNodeEngine(), gyms: createGyms() };
	})();
	return tools;
}

/**
 * `SALESGYM_MUTANTS_DUMP=<dir>`: each play also writes its final state's verifier input, every table
 * (`<dir>/<platform>--<name>.json`, {@link DumpedInput}), so that mutants can be written and checked in Node
 * without replaying (`npm run mutants:check -- <dir>`, tests/plays/mutants-check.ts).
 */
export const MUTANTS_DUMP = process.env.SALESGYM_MUTANTS_DUMP;

/** A dumped final state: the verifier input over EVERY table (`state`, `initial` as parsed JSON), and its `now`. */
export interface DumpedInput {
	id: string;
	state: Record<string, Record<string, unknown[]>>;
	initial: Record<string, Record<string, unknown[]>>;
	events: unknown[];
	now: string;
}

/**
 * The verifier input of a final state for `bp`'s queries and `patches`, pruned to {@link patchScope} (or every
 * table with `full`): `$initial` from each gym's `initialTables` for the blueprint (seed and run id of the export).
 */
export async function proofInput(
	doc: ExportLike,
	bp: Blueprint,
	patches: readonly string[],
	full = false
): Promise<{ input: VerifyInput; state: Record<string, Record<string, unknown[]>>; initial: Record<string, Record<string, unknown[]>> | null }> {
	const { gyms } = await loadTools();
	const queries = placedAssertions(bp).map((a) => a.query);
	const needs: TableNeeds = full ? { all: true } : patchScope(queries, patches, Object.keys(doc.gyms));
	const all = [...queries, ...patches];
	let initial: Record<string, Record<string, unknown[]>> | null = null;
	if (full || mentionsVar(all, 'initial')) {
		initial = {};
		for (const gym of gyms) {
			if (!(gym.name in doc.gyms)) continue;
			const tables = await gym.initialTables({
				run_id: doc.run_id,
				task_id: bp.id,
				seed: doc.seed,
				clock: bp.clock,
				fixtures: bp.fixtures[gym.name as keyof Blueprint['fixtures']]
			});
			const want = tablesFor(needs, gym.name);
			initial[gym.name] = want === undefined ? tables : Object.fromEntries(want.filter((t) => t in tables).map((t) => [t, tables[t]!]));
		}
	}
	const state = pruneTables(doc.gyms, needs);
	return {
		state,
		initial,
		input: {
			state: canonicalJson(state),
			initial: initial === null ? 'null' : canonicalJson(initial),
			events: full || mentionsVar(all, 'events') ? canonicalJson(doc.events) : '[]',
			now: JSON.stringify(doc.clock)
		}
	};
}

/**
 * Proves `bp`'s mutants and patch alternatives over the page's current (final) state: one export, the rest in Node.
 * @returns the record for the annotation, and the problems ({@link matrixProblems}; empty when proven; a
 *   blueprint without mutants is a problem only when {@link MUTANTS_REQUIRED}).
 * @throws InfrastructureError when the export cannot be read from the page.
 */
export async function proveOnPage(page: Page, bp: Blueprint, platform: string): Promise<{ record: MutantRecord; problems: string[] }> {
	const mutants = bp.mutants ?? [];
	const patchAlts = (bp.alternatives ?? []).flatMap((a) => (a.patch === undefined ? [] : [{ id: a.id, patch: a.patch }]));
	const step_alternatives = (bp.alternatives ?? []).filter((a) => a.steps !== undefined).map((a) => a.id);
	const missing = mutants.length === 0;
	const required =
		missing && MUTANTS_REQUIRED
			? [`${bp.id} has no mutants: every blueprint lists plausible wrong solutions that must fail (blueprints/schema.ts Mutant)`]
			: [];
	if (missing && patchAlts.length === 0 && !MUTANTS_DUMP)
		return { record: { id: bp.id, platform, missing, matrix: null, step_alternatives }, problems: required };
	const doc = JSON.parse(await exportState(page)) as ExportLike;
	if (MUTANTS_DUMP) {
		const full = await proofInput(doc, bp, [], true);
		const dump: DumpedInput = { id: bp.id, state: full.state, initial: full.initial ?? {}, events: doc.events, now: doc.clock };
		mkdirSync(MUTANTS_DUMP, { recursive: true });
		writeFileSync(join(MUTANTS_DUMP, `${bp.id.replace('/', '--')}.json`), JSON.stringify(dump));
	}
	if (missing && patchAlts.length === 0) return { record: { id: bp.id, platform, missing, matrix: null, step_alternatives }, problems: required };
	const { engine } = await loadTools();
	const patches = [...mutants.map((m) => m.patch), ...patchAlts.map((a) => a.patch)];
	const { input } = await proofInput(doc, bp, patches);
	const matrix = proveMutants(engine, input, placedAssertions(bp), mutants, patchAlts, () => performance.now());
	// Without mutants nothing can kill: only the alternatives (and the missing mutants, when required) are problems.
	const problems = [...required, ...matrixProblems(bp.id, missing ? { ...matrix, unkilled: [] } : matrix)];
	return { record: { id: bp.id, platform, missing, matrix, step_alternatives }, problems };
}
