/**
 * The mutant proof of a blueprint (verifier/mutants.ts) over its oracle's final state, in Node: every mutant and patch
 * alternative of the blueprint applied to the state and verified with the same jq engine and evaluator as the page.
 * The state is the one the oracle's UI play reaches, rebuilt from the play's recorded API calls (tests/unit/replays.ts,
 * byte-identical to the golden final export); `$initial`, when a query or patch names it, is the state right after the
 * reset. Each proof's kill matrix ({@link MutantRecord}) goes to the test's metadata, which
 * tests/plays/mutants-reporter.ts gathers into `reports/mutants.json`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { placedAssertions } from '../../blueprints/placed';
import { PLATFORMS, type Blueprint } from '../../blueprints/schema';
import { canonicalJson } from '../../verifier/canonical';
import { matrixProblems, patchScope, proveMutants, type KillMatrix } from '../../verifier/mutants';
import { mentionsVar } from '../../verifier/prepare';
import type { ExportLike } from '../../verifier/merge';
import { pruneTables, type TableNeeds } from '../../verifier/tables';
import type { JqEngine, VerifyInput } from '../../verifier/verify';

/**
 * Whether a blueprint WITHOUT mutants fails its play: true, every blueprint of the library has them, so a new one
 * cannot land without its near-miss wrong solutions (it is also listed as missing in `reports/mutants.json`).
 */
export const MUTANTS_REQUIRED = true;

/** What the proof of one `steps` alternative records: the verdict over the state its own UI path reaches. */
export interface AlternativeRecord {
	/** Blueprint id. */
	id: string;
	/** Alternative id. */
	alternative: string;
	passed: boolean;
	score: number;
}

/** What the proof of one blueprint records (the kill matrix of its final state). */
export interface MutantRecord {
	id: string;
	platform: string;
	/** True when the blueprint has no `mutants`. */
	missing: boolean;
	/** The kill matrix; null when there was nothing to prove (no mutants and no patch alternatives). */
	matrix: KillMatrix | null;
	/** Ids of the blueprint's alternatives with UI `steps` (each proven from its own recorded calls). */
	step_alternatives: string[];
}

let engine: Promise<JqEngine> | null = null;

/** The verifier's jq engine in Node, loaded once per worker. */
function loadEngine(): Promise<JqEngine> {
	engine ??= import('../../verifier/node').then((m) => m.createNodeEngine());
	return engine;
}

/** The mutant and alternative patches of `bp`. */
function patchesOf(bp: Blueprint): string[] {
	return [...(bp.mutants ?? []).map((m) => m.patch), ...(bp.alternatives ?? []).flatMap((a) => (a.patch === undefined ? [] : [a.patch]))];
}

/**
 * Whether the proof of `bp` needs the export right after the reset (`$initial`): a query or a patch names
 * `$initial`, or the state is being dumped ({@link MUTANTS_DUMP}).
 */
export function needsInitialExport(bp: Blueprint): boolean {
	if (MUTANTS_DUMP) return true;
	const patches = patchesOf(bp);
	return patches.length > 0 && mentionsVar([...placedAssertions(bp).map((a) => a.query), ...patches], 'initial');
}

/**
 * `SALESGYM_MUTANTS_DUMP=<dir>`: each proof also writes its final state's verifier input, every table
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
 * table with `full`). `$initial` is the export right after the reset (which equals each gym's `initialTables`,
 * what the Service Worker's /verify computes), pruned the same way; `null` when not given.
 */
export function proofInput(
	doc: Pick<ExportLike, 'gyms' | 'events' | 'clock'>,
	initialDoc: Pick<ExportLike, 'gyms'> | null,
	bp: Blueprint,
	patches: readonly string[],
	full = false
): { input: VerifyInput; state: Record<string, Record<string, unknown[]>>; initial: Record<string, Record<string, unknown[]>> | null } {
	const queries = placedAssertions(bp).map((a) => a.query);
	const needs: TableNeeds = full ? { all: true } : patchScope(queries, patches, Object.keys(doc.gyms));
	const all = [...queries, ...patches];
	const initial = initialDoc && (full || mentionsVar(all, 'initial')) ? pruneTables(initialDoc.gyms, needs) : null;
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
 * Proves `bp`'s mutants and patch alternatives over the oracle's final state, in Node.
 * @param finalText the export of the oracle's final state (`GET /__salesgym/state` as text, `{clock, events, gyms}`).
 * @param initialText the export right after the reset when {@link needsInitialExport}; else null.
 * @returns the record for the annotation, and the problems ({@link matrixProblems}; empty when proven; a
 *   blueprint without mutants is a problem only when {@link MUTANTS_REQUIRED}).
 */
export async function proveExport(
	bp: Blueprint,
	platform: string,
	finalText: string,
	initialText: string | null
): Promise<{ record: MutantRecord; problems: string[] }> {
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
	const doc = JSON.parse(finalText) as ExportLike;
	const initialDoc = initialText === null ? null : (JSON.parse(initialText) as ExportLike);
	if (MUTANTS_DUMP) {
		const full = proofInput(doc, initialDoc, bp, [], true);
		const dump: DumpedInput = { id: bp.id, state: full.state, initial: full.initial ?? {}, events: doc.events, now: doc.clock };
		mkdirSync(MUTANTS_DUMP, { recursive: true });
		writeFileSync(join(MUTANTS_DUMP, `${bp.id.replace('/', '--')}.json`), JSON.stringify(dump));
	}
	if (missing && patchAlts.length === 0) return { record: { id: bp.id, platform, missing, matrix: null, step_alternatives }, problems: required };
	const { input } = proofInput(doc, initialDoc, bp, patchesOf(bp));
	const matrix = proveMutants(await loadEngine(), input, placedAssertions(bp), mutants, patchAlts, () => performance.now(), { gyms: PLATFORMS });
	// Without mutants nothing can kill: only the alternatives (and the missing mutants, when required) are problems.
	const problems = [...required, ...matrixProblems(bp.id, missing ? { ...matrix, unkilled: [] } : matrix)];
	return { record: { id: bp.id, platform, missing, matrix, step_alternatives }, problems };
}
