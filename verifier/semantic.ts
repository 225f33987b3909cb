/**
 * The semantic verifier rule: every assertion that carries score weight must FAIL on the task's initial state,
 * evaluated with the real verifier (`verify.ts`) over the state right after reset. Doing nothing must earn
 * nothing, whatever the query's spelling: a default operator hiding a missing field (`// "lead"`,
 * `// false`, `if … == null then 0`), a vacuous `all` over an empty selection, a `length == 0` that is already
 * true — each passes at reset and is refused here, where the textual lint (`lint.ts`) only knows some spellings.
 *
 * Guards that hold at reset by design (collateral damage, compliance: "the look-alike contact is untouched",
 * "nobody opted out was enrolled") say so with `holds_at_reset: true` and carry `weight: 0` (the schema
 * enforces the pair); the rule checks the claim too: such a guard must PASS at reset, else it is broken.
 * Every query must run on the initial state without a jq error.
 */
import { needsOf, verificationInput } from './prepare';
import type { PlacedAssertion } from './schema';
import { tablesFor } from './tables';
import { evaluate, type Evaluation, type JqEngine } from './verify';

/**
 * A gym as the rule needs it: its name and its state right after reset (structurally `Gym` of gyms/types.ts,
 * which the pure verifier does not import).
 */
export interface ResetSource {
	/** Gym name, as in `/api/<gym>/`. */
	name: string;
	/** Every table after reset for the run init (seed, clock UTC ISO-8601 ms, the gym's fixture). */
	initialTables(init: { run_id: string; task_id: string | null; seed: number; clock: string; fixtures?: unknown }): Promise<Record<string, unknown[]>>;
}

/** One semantic finding on one assertion. */
export interface SemanticIssue {
	/** The assertion's id. */
	id: string;
	/**
	 * `passes-at-reset`: a weighted assertion already passes on the initial state (it rewards doing nothing);
	 * `guard-fails-at-reset`: a `holds_at_reset` guard fails on the initial state (the claim is false);
	 * `jq-error-at-reset`: the query does not run on the initial state.
	 */
	rule: 'passes-at-reset' | 'guard-fails-at-reset' | 'jq-error-at-reset';
	message: string;
}

/** What the rule needs of a blueprint: its id, clock, per-gym fixtures and steps' assertions. */
export interface SemanticSubject {
	id: string;
	/** Virtual time at reset, UTC ISO-8601 ms (`$now` of the initial state). */
	clock: string;
	/** Per-gym fixtures (gym name → that gym's fixture), as in the blueprint. */
	fixtures: Readonly<Record<string, unknown>>;
	steps: readonly { platform: string; verifiers: readonly PlacedAssertionInput[] }[];
}

/** An assertion as the blueprint schema hands it out (defaults applied). */
type PlacedAssertionInput = Omit<PlacedAssertion, 'step' | 'platform'>;

/** `subject`'s assertions in step order, placed in their steps. */
export function placedOf(subject: SemanticSubject): PlacedAssertion[] {
	return subject.steps.flatMap((step, index) => step.verifiers.map((a) => ({ ...a, step: index, platform: step.platform })));
}

/**
 * The state right after `POST /__salesgym/run {task_id}`, as the Service Worker's /verify sees it: each gym's
 * `initialTables` (seed `seed` + the blueprint's fixtures, the blueprint's clock) for the tables the queries
 * read (every gym present; `{}` when none of its tables is read).
 * @param gyms the gyms of this build (`gyms/registry.ts` createGyms()); @param seed the seed world (default 1).
 * @returns `{gym: {table: rows}}`.
 * @throws whatever a gym's `initialTables` throws (an invalid fixture).
 */
export async function initialStateOf(
	gyms: readonly ResetSource[],
	subject: SemanticSubject,
	queries: readonly string[],
	seed = 1
): Promise<Record<string, Record<string, unknown[]>>> {
	const needs = needsOf(
		queries,
		gyms.map((g) => g.name)
	);
	const state: Record<string, Record<string, unknown[]>> = {};
	for (const gym of gyms) {
		const want = tablesFor(needs, gym.name);
		if (want !== undefined && want.length === 0) {
			state[gym.name] = {};
			continue;
		}
		const tables = await gym.initialTables({ run_id: 'initial', task_id: subject.id, seed, clock: subject.clock, fixtures: subject.fixtures[gym.name] });
		state[gym.name] = want === undefined ? tables : Object.fromEntries(want.filter((t) => t in tables).map((t) => [t, tables[t]!]));
	}
	return state;
}

/**
 * Evaluates `subject`'s assertions on its initial state (`$initial` = that state, `$events` empty, `$now` its
 * clock) with the real verifier.
 * @returns the verdict of a fresh reset.
 */
export async function freshResetVerdict(engine: JqEngine, gyms: readonly ResetSource[], subject: SemanticSubject, seed = 1): Promise<Evaluation> {
	const assertions = placedOf(subject);
	const queries = assertions.map((a) => a.query);
	const state = await initialStateOf(gyms, subject, queries, seed);
	return evaluate(engine, verificationInput({ gyms: state, events: [], clock: subject.clock }, queries, state), assertions);
}

/**
 * The semantic findings of one verdict of a fresh reset (see the module doc for the rules).
 * @param verdict {@link freshResetVerdict}'s result; @param assertions the same assertions (for `holds_at_reset`).
 * @returns the findings, in assertion order (empty when the blueprint is sound).
 */
export function semanticIssuesOf(verdict: Evaluation, assertions: readonly Pick<PlacedAssertion, 'id' | 'weight' | 'holds_at_reset'>[]): SemanticIssue[] {
	const out: SemanticIssue[] = [];
	verdict.assertions.forEach((r, i) => {
		const a = assertions[i]!;
		if (r.error?.startsWith('jq error')) {
			out.push({ id: a.id, rule: 'jq-error-at-reset', message: `the query fails on the initial state: ${r.error}` });
			return;
		}
		if (a.holds_at_reset === true) {
			if (!r.passed)
				out.push({
					id: a.id,
					rule: 'guard-fails-at-reset',
					message: `marked holds_at_reset but fails on the initial state (actual ${JSON.stringify(r.actual) ?? `absent, ${r.outputs} outputs`})`
				});
		} else if (a.weight > 0 && r.passed) {
			out.push({
				id: a.id,
				rule: 'passes-at-reset',
				message: `carries weight ${a.weight} but already passes on the initial state (actual ${JSON.stringify(r.actual)}): it rewards doing nothing; make it fail until the task is done, or mark a guard "holds_at_reset": true with "weight": 0`
			});
		}
	});
	return out;
}

/**
 * The semantic rule over one blueprint: evaluates a fresh reset and reports its findings.
 * @returns the findings (empty when sound).
 * @throws whatever computing the initial state throws.
 */
export async function semanticIssues(engine: JqEngine, gyms: readonly ResetSource[], subject: SemanticSubject, seed = 1): Promise<SemanticIssue[]> {
	const verdict = await freshResetVerdict(engine, gyms, subject, seed);
	return semanticIssuesOf(verdict, placedOf(subject));
}
