/**
 * Near-miss mutants and alternative valid solutions of a blueprint, proven over the oracle's final state. Pure
 * (jq engine in, verdicts out): the blueprint plays run it in Node after the oracle passed.
 *
 * A patch is a jq program over the state the verifier queries see as `.` (`{hubspot: {contacts: [...]}, ...}`),
 * with `$initial`, `$events`, `$now` and the date helpers bound exactly as in a query; it yields the new state
 * (exactly one object). `$events` stays the oracle run's log: a patch changes tables, not the event log.
 *
 * The proof ({@link proveMutants}): the unpatched state passes with score 1 (the Node input is the page's); every
 * mutant FAILS (`passed === false`); every gating assertion fails under at least one mutant (it is "killed"); every
 * patch alternative passes with score 1. {@link matrixProblems} words each violation.
 */
import { tablesReadBy, type TableNeeds } from './tables';
import type { PlacedAssertion } from './schema';
import { zoneTables } from './time';
import { evaluate, evaluateRoots, inputDocument, QUERY_HEAD, STATE_ROOT, type Evaluation, type JqEngine, type RootReuse, type VerifyInput } from './verify';

/** A mutant as the proof needs it (blueprints/schema.ts `Mutant`). */
export interface MutantSpec {
	/** Lowercase slug, unique in the blueprint. */
	id: string;
	/** Trap kind (`decoy`, `partial`, …). */
	kind: string;
	/** jq program: oracle final state → the mutant's end state. */
	patch: string;
}

/** A patch alternative as the proof needs it (blueprints/schema.ts `Alternative` with `patch`). */
export interface AlternativeSpec {
	/** Lowercase slug, unique in the blueprint. */
	id: string;
	/** jq program: oracle final state → another valid end state. */
	patch: string;
}

/** The verdict of one mutant. */
export interface MutantOutcome {
	id: string;
	kind: string;
	/** True when the mutant PASSED verification: a verifier hole (or a mutant that is no wrong solution). */
	passed: boolean;
	/** Its score, 0–1 (0 when the patch failed). */
	score: number;
	/** Ids of the gating assertions that fail on the mutant's state, in report order. */
	killed: string[];
	/** True when the mutant passed and its patch returns the oracle's state unchanged (checked only for passing mutants). */
	unchanged: boolean;
	/** The patch's own failure (jq error, not exactly one object); the mutant then kills nothing. */
	error?: string;
}

/** The verdict of one patch alternative. */
export interface AlternativeOutcome {
	id: string;
	/** True when it passed. */
	passed: boolean;
	/** Its score, 0–1; an alternative must reach 1. */
	score: number;
	/** Ids of every assertion (gating or not) that fails on it. */
	failed: string[];
	/** The patch's own failure. */
	error?: string;
}

/** The kill matrix of one blueprint over one oracle final state. */
export interface KillMatrix {
	/** Ids of the gating assertions, in report order. */
	gating: string[];
	/** The unpatched state's verdict in Node (must be passed, score 1, like the page's). */
	oracle: { passed: boolean; score: number; failed: string[] };
	mutants: MutantOutcome[];
	alternatives: AlternativeOutcome[];
	/** Gating assertion ids that no mutant kills. */
	unkilled: string[];
	/** Mutant ids that passed verification. */
	survivors: string[];
	/** Wall time of the whole proof, ms (from the `now` clock given). */
	ms: number;
}

/** A patch that could not produce a state: jq's message, or why its output is not one state object. */
export class PatchError extends Error {}

const GYM_TABLE = /\.([a-z][a-z0-9_]*)\.([a-z_][a-z0-9_]*)/g;

/**
 * The tables a proof needs: those the assertions' queries read (verifier/tables.ts) plus every `.<gym>.<table>`
 * a patch names (patches assign, which the static scan does not resolve). A gym named without a table
 * (`.hubspot |= …`) or an unresolved query makes it every table.
 * @param gymNames the gyms of the state.
 * @returns the tables to keep (verifier/tables.ts `pruneTables`).
 */
export function patchScope(queries: readonly string[], patches: readonly string[], gymNames: Iterable<string>): TableNeeds {
	const gyms = new Set(gymNames);
	const needs = tablesReadBy(queries, gyms);
	if (needs.all) return needs;
	const out = new Map(needs.gyms);
	for (const patch of patches) {
		for (const m of patch.matchAll(GYM_TABLE)) {
			const [, gym, table] = m;
			if (!gyms.has(gym!)) continue;
			const cur = out.get(gym!);
			if (cur !== '*') out.set(gym!, new Set([...(cur ?? []), table!]));
		}
		for (const gym of gyms) {
			// The gym itself, not followed by `.table`: every table of it.
			if (new RegExp(`\\.${gym}(?![A-Za-z0-9_.])`).test(patch)) out.set(gym, '*');
		}
	}
	return { all: false, gyms: out };
}

/** Marks an error raised by a patch (not by a query), inside the messages of a patched verification. */
export const PATCH_ERROR_MARK = '__sg_patch: ';

/** The checked patch over `$__in.state`: one object, else a {@link PATCH_ERROR_MARK} error; the patch's own errors get the mark too. */
function checkedPatch(patch: string): string {
	return (
		`(${STATE_ROOT} | (try [ (\n${patch}\n) ] catch error("${PATCH_ERROR_MARK}" + (. | if type == "string" then . else tojson end))) | ` +
		`if length != 1 then error("${PATCH_ERROR_MARK}the patch yielded \\(length) values (expected exactly 1: the new state)") ` +
		`elif (.[0] | type) != "object" then error("${PATCH_ERROR_MARK}the patch yielded \\(.[0] | type), not the state object") else .[0] end)`
	);
}

/** The jq program of a patch over an {@link inputDocument}: the prelude, then the patch over `$__in.state`, checked to yield one object. */
export function patchProgram(patch: string): string {
	return `${QUERY_HEAD}\n${checkedPatch(patch)}`;
}

/**
 * The root expression that verifies a patched state in one jq run (verify.ts `evaluate`'s `root`): the state is
 * parsed once and the patched state never serialized. A failing patch fails every assertion with a
 * {@link PATCH_ERROR_MARK} message.
 */
export function patchRoot(patch: string): string {
	return checkedPatch(patch);
}

/** jq's message when `patch` does not compile (checked without the state), else null. */
function patchCompileError(engine: JqEngine, patch: string): string | null {
	try {
		engine.run('null', `${QUERY_HEAD}\ndef __sg_patch:\n${patch}\n; empty`);
		return null;
	} catch (err) {
		return jqMessage(err);
	}
}

/** jq-web's "Non-zero exit code: N\n<stderr>" as jq's own message. */
function jqMessage(err: unknown): string {
	const text = err instanceof Error ? ((err as Error & { stderr?: string }).stderr ?? err.message) : String(err);
	return (
		text
			.replace(/^Non-zero exit code: \d+\s*/, '')
			.replace(/^jq: error \(at [^)]*\): /, '')
			.replace(PATCH_ERROR_MARK, '')
			.trim() || 'jq failed'
	);
}

/**
 * Applies one patch.
 * @param input the verifier input of the oracle's final state (`state`, `initial`, `events`, `now` as JSON text).
 * @returns the new state as compact JSON text.
 * @throws PatchError with jq's message, or when the patch yields no value, several, or a non-object.
 */
export function applyPatch(engine: JqEngine, input: VerifyInput, patch: string): string {
	try {
		return engine.run(inputDocument(input, zoneTables([patch])), patchProgram(patch)).trim();
	} catch (err) {
		throw new PatchError(jqMessage(err), { cause: err });
	}
}

/**
 * The verdict of `assertions` over `patch` applied to the input's state, in one jq run.
 * @returns the evaluation, or `{error}` when the patch does not compile, fails, or yields no single object.
 */
function patchedVerdict(engine: JqEngine, input: VerifyInput, patch: string, assertions: readonly PlacedAssertion[]): Evaluation | { error: string } {
	const compile = patchCompileError(engine, patch);
	if (compile !== null) return { error: compile };
	const v = evaluate(engine, input, assertions, () => 0, patchRoot(patch));
	const marked = v.assertions.find((a) => a.error?.includes(PATCH_ERROR_MARK));
	if (marked && v.assertions.every((a) => a.error !== undefined)) {
		const msg = marked.error!;
		return { error: msg.slice(msg.indexOf(PATCH_ERROR_MARK) + PATCH_ERROR_MARK.length).trim() };
	}
	return v;
}

/**
 * The verdicts of `assertions` over the unpatched state and over each of `patches` applied to it, in ONE jq run when
 * possible ({@link evaluateRoots}: the state is parsed once, not once per patch). When that run fails as a whole (a
 * patch or a query that does not compile, or a query that halts jq), each verdict is computed on its own
 * ({@link evaluate}, {@link patchedVerdict}), which puts every error where it belongs.
 * @param reuse the state's gyms: a patched state then reruns only the queries reading a table the patch changed
 *   ({@link evaluateRoots}); without it every query runs on every patch.
 * @returns `state`, the verdict of the unpatched state; `patched[i]`, that of `patches[i]`, or `{error}` when the
 *   patch does not compile, fails, or yields no single object.
 */
export function patchedVerdicts(
	engine: JqEngine,
	input: VerifyInput,
	patches: readonly string[],
	assertions: readonly PlacedAssertion[],
	reuse?: RootReuse
): { state: Evaluation; patched: (Evaluation | { error: string })[] } {
	let together: (Evaluation | { rootError: string })[] | null = null;
	try {
		together = evaluateRoots(engine, input, assertions, [STATE_ROOT, ...patches.map(patchRoot)], reuse);
	} catch {
		together = null;
	}
	const state = together?.[0];
	if (together === null || state === undefined || 'rootError' in state) {
		return { state: evaluate(engine, input, assertions), patched: patches.map((p) => patchedVerdict(engine, input, p, assertions)) };
	}
	const patched = patches.map((_, i): Evaluation | { error: string } => {
		const v = together[i + 1]!;
		return 'rootError' in v ? { error: jqMessage(v.rootError) } : v;
	});
	return { state, patched };
}

/**
 * Proves a blueprint's mutants and patch alternatives over the oracle's final state (see the module docs).
 * @param input the verifier input of the oracle's final state; its `state` must hold every table of
 *   {@link patchScope} (as text).
 * @param assertions the blueprint's assertions, placed in their steps (defaults applied: `gating`, `weight`).
 * @param now a monotonic clock for `ms` only, e.g. `performance.now`.
 * @param reuse the state's gyms, to rerun on each patch only the queries that read a table it changed (same matrix,
 *   less jq time: {@link patchedVerdicts}).
 * @returns the kill matrix; never throws for a bad patch (it is reported on its mutant or alternative).
 */
export function proveMutants(
	engine: JqEngine,
	input: VerifyInput,
	assertions: readonly PlacedAssertion[],
	mutants: readonly MutantSpec[],
	alternatives: readonly AlternativeSpec[],
	now: () => number = () => 0,
	reuse?: RootReuse
): KillMatrix {
	const t0 = now();
	const state = typeof input.state === 'string' ? input.state : new TextDecoder().decode(input.state);
	const base: VerifyInput = { ...input, state };
	const gating = assertions.filter((a) => a.gating ?? true).map((a) => a.id);
	const patches = [...mutants.map((m) => m.patch), ...alternatives.map((a) => a.patch)];
	const verdicts = patchedVerdicts(engine, base, patches, assertions, reuse);
	const ov = verdicts.state;
	const oracle = { passed: ov.passed, score: ov.score, failed: ov.assertions.filter((a) => !a.passed).map((a) => a.id) };
	// Whether a patch changes nothing: only asked of the mutants that pass (for their message).
	let printed: string | null = null;
	const changesNothing = (patch: string): boolean => {
		printed ??= engine.run(inputDocument(base), `${QUERY_HEAD}\n${STATE_ROOT}`).trim();
		return applyPatch(engine, base, patch) === printed;
	};
	const outcomes: MutantOutcome[] = mutants.map((m, i) => {
		const v = verdicts.patched[i]!;
		if ('error' in v) return { id: m.id, kind: m.kind, passed: false, score: 0, killed: [], unchanged: false, error: v.error };
		return {
			id: m.id,
			kind: m.kind,
			passed: v.passed,
			score: v.score,
			killed: v.assertions.filter((a) => a.gating && !a.passed).map((a) => a.id),
			unchanged: v.passed && changesNothing(m.patch)
		};
	});
	const alts: AlternativeOutcome[] = alternatives.map((alt, i) => {
		const v = verdicts.patched[mutants.length + i]!;
		if ('error' in v) return { id: alt.id, passed: false, score: 0, failed: [], error: v.error };
		return { id: alt.id, passed: v.passed, score: v.score, failed: v.assertions.filter((a) => !a.passed).map((a) => a.id) };
	});
	const killed = new Set(outcomes.flatMap((o) => o.killed));
	return {
		gating,
		oracle,
		mutants: outcomes,
		alternatives: alts,
		unkilled: gating.filter((id) => !killed.has(id)),
		survivors: outcomes.filter((o) => o.passed).map((o) => o.id),
		ms: Math.round((now() - t0) * 100) / 100
	};
}

/**
 * Every violation of the proof, one sentence each (empty when the blueprint is proven): the oracle's state does
 * not pass in Node, a mutant's patch fails, a mutant passes (a verifier hole), a gating assertion no mutant kills,
 * an alternative's patch fails or it does not pass with score 1.
 * @param id the blueprint id, for the messages.
 */
export function matrixProblems(id: string, m: KillMatrix): string[] {
	const out: string[] = [];
	if (!m.oracle.passed || m.oracle.score !== 1)
		out.push(
			`${id}: the oracle's final state does not pass with score 1 in Node (score ${m.oracle.score}; failing: ${m.oracle.failed.join(', ') || 'none'}), so the mutants were applied to a state the page did not verify`
		);
	for (const mu of m.mutants) {
		if (mu.error !== undefined) out.push(`${id}: mutant "${mu.id}" (${mu.kind}): its patch failed: ${mu.error}`);
		else if (mu.passed)
			out.push(
				`${id}: mutant "${mu.id}" (${mu.kind}) PASSED verification (score ${mu.score})${mu.unchanged ? ': its patch changes nothing in the state the verifier reads' : ': a wrong solution the verifiers accept (a verifier hole), or a mutant that is no wrong solution'}`
			);
	}
	for (const a of m.unkilled)
		out.push(`${id}: gating assertion "${a}" is killed by no mutant (no mutant makes it fail): add a mutant that breaks it, or it can never fail in practice`);
	for (const alt of m.alternatives) {
		if (alt.error !== undefined) out.push(`${id}: alternative "${alt.id}": its patch failed: ${alt.error}`);
		else if (!alt.passed || alt.score !== 1)
			out.push(`${id}: alternative "${alt.id}" does not pass with score 1 (passed ${alt.passed}, score ${alt.score}; failing: ${alt.failed.join(', ')})`);
	}
	return out;
}
