/**
 * The verifier: a pure function of (state JSON, assertions, jq engine) → verdict. Thin adapters run it in a
 * Comlink Web Worker (`worker.ts`) and in Node (`node.ts`).
 *
 * Semantics (issue "walking skeleton" §6): each query must yield exactly one JSON value; zero or several
 * outputs fail with the count; a jq compile or runtime error fails that assertion with jq's message and is
 * never dropped. The task passes iff every assertion passes; score = passed / total.
 */
import { canonicalJson } from './canonical';
import { compare } from './compare';
import type { AssertionResult, PlacedAssertion, StepResult } from './schema';

/** A jq engine: runs `program` over the JSON text `input`, returns stdout. @throws Error with jq's stderr on failure. */
export interface JqEngine {
	run(input: string, program: string): string;
}

/** Actual values longer than this (canonical JSON chars) are replaced by a truncated string preview. */
export const ACTUAL_MAX_CHARS = 2048;

type Outcome = { ok: unknown[] } | { error: string };

/** Wraps one query so that it always yields one object: `{ok: [outputs…]}` or `{error: message}`. */
function wrap(query: string): string {
	return `(try ([ (${query}\n) ] | {ok: .}) catch {error: (. | if type == "string" then . else tojson end)})`;
}

/** Cleans jq-web's "Non-zero exit code: N\n<stderr>" into jq's own message. */
function jqMessage(err: unknown): string {
	const text = err instanceof Error ? ((err as Error & { stderr?: string }).stderr ?? err.message) : String(err);
	return text.replace(/^Non-zero exit code: \d+\s*/, '').trim() || 'jq failed';
}

/**
 * Runs every query over `input` in ONE jq program (one parse of the state), falling back to one run per
 * query only when the combined program does not compile, so that each compile error is reported on its own assertion.
 */
function runQueries(engine: JqEngine, input: string, queries: string[]): Outcome[] {
	try {
		const out = engine.run(input, `[${queries.map(wrap).join(',\n')}]`);
		return JSON.parse(out) as Outcome[];
	} catch {
		return queries.map((q) => {
			try {
				return (JSON.parse(engine.run(input, wrap(q))) as Outcome[] | Outcome) as Outcome;
			} catch (err) {
				// A compile error: report jq's message for the bare query, without our wrapper's text.
				try {
					engine.run('null', q);
				} catch (bare) {
					return { error: jqMessage(bare) };
				}
				return { error: jqMessage(err) };
			}
		});
	}
}

function bounded(value: unknown): { actual: unknown; truncated: boolean } {
	const text = canonicalJson(value);
	if (text.length <= ACTUAL_MAX_CHARS) return { actual: value, truncated: false };
	return { actual: `${text.slice(0, ACTUAL_MAX_CHARS)}…`, truncated: true };
}

/**
 * Evaluates assertions over a state.
 * @param input JSON text of the state, e.g. `{"hubspot":{"contacts":[…]}}`.
 * @param now a monotonic clock for the `ms` figure only (never part of the verdict), e.g. `performance.now`.
 */
export function evaluate(
	engine: JqEngine,
	input: string,
	assertions: PlacedAssertion[],
	now: () => number = () => 0
): { passed: boolean; score: number; first_failing_step: number | null; steps: StepResult[]; assertions: AssertionResult[]; ms: number } {
	const t0 = now();
	const outcomes = assertions.length ? runQueries(engine, input, assertions.map((a) => a.query)) : [];
	const results: AssertionResult[] = assertions.map((a, i) => {
		const base = { id: a.id, step: a.step, platform: a.platform, op: a.op, expected: a.expected ?? null };
		const o = outcomes[i];
		if (!o) return { ...base, passed: false, outputs: 0, error: 'no result from jq' };
		if ('error' in o) return { ...base, passed: false, outputs: 0, error: `jq error: ${o.error}` };
		if (o.ok.length !== 1) {
			return { ...base, passed: false, outputs: o.ok.length, error: `query yielded ${o.ok.length} values (expected exactly 1)` };
		}
		const value = o.ok[0];
		const verdict = compare(a.op, value, a.expected);
		const { actual, truncated } = bounded(value);
		const r: AssertionResult = { ...base, actual, passed: verdict.passed, outputs: 1 };
		if (verdict.error) r.error = verdict.error;
		if (truncated) r.actual_truncated = true;
		return r;
	});
	const stepIndexes = [...new Set(assertions.map((a) => a.step))].sort((x, y) => x - y);
	const steps: StepResult[] = stepIndexes.map((index) => {
		const own = results.filter((r) => r.step === index);
		return { index, platform: own[0]?.platform ?? '', passed: own.every((r) => r.passed) };
	});
	const passedCount = results.filter((r) => r.passed).length;
	const failing = steps.find((s) => !s.passed);
	return {
		passed: results.length > 0 && passedCount === results.length,
		score: results.length ? passedCount / results.length : 0,
		first_failing_step: failing ? failing.index : null,
		steps,
		assertions: results,
		ms: Math.round((now() - t0) * 100) / 100
	};
}
