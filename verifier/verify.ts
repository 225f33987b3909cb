/**
 * The verifier: a pure function of (state, assertions, jq engine) → verdict. Thin adapters run it in a
 * Comlink Web Worker (`worker.ts`), in Node (`node.ts`, the `salesgym verify` CLI) and against a native jq
 * binary (`native.ts`, differential tests).
 *
 * Semantics (issue 3 §2): each query must yield exactly one JSON value; zero or several outputs fail with the
 * count; a jq compile or runtime error fails that assertion with jq's message and is never dropped. The task
 * passes iff every gating assertion passes; score = weight of passed / total weight; a step passes iff its
 * gating assertions pass.
 *
 * Queries see the state as `.` (`{hubspot: {contacts: [...]}, ...}`) and `$initial` (the state right after
 * reset, or null when not supplied), `$events` (the run's state-changing calls) and `$now` (the run's virtual
 * clock, ISO text), plus the date helpers of `time.ts`. All queries run in ONE jq program over ONE document, so
 * the state is parsed once per verification.
 */
import { canonicalJson } from './canonical';
import { joinUtf8 } from './prepare';
import { compare, compareCount } from './compare';
import type { AssertionResult, PlacedAssertion, StepResult } from './schema';
import { tablesRead } from './tables';
import { JQ_DATE_PRELUDE, zoneTables } from './time';

/**
 * A jq engine: runs `program` over the JSON `input` (text, or its UTF-8 bytes), returns compact stdout.
 * @throws Error with jq's stderr on failure.
 */
export interface JqEngine {
	run(input: string | Uint8Array, program: string): string;
	/**
	 * The same as `run(input, program)`, where `spans` mark byte ranges of `input` that each hold one table's JSON
	 * (sorted, disjoint; `key` names the table, e.g. `state hubspot contacts`). An engine that keeps parsed tables
	 * between runs (jq-engine.ts) parses only the spans whose bytes changed since the last run with that key;
	 * its output is byte-identical to `run`'s. Optional: without it, callers use `run`.
	 */
	runSpans?(input: Uint8Array, spans: readonly JqSpan[], program: string): string;
	/** Whether the engine holds a parsed table of version `id` (what a held {@link JqSpan} needs). Optional, with `runSpans`. */
	holds?(id: string): boolean;
}

/** A table's JSON inside an engine's input: bytes [start, end) (UTF-8 offsets), and the key that names the table across runs. */
export interface JqSpan {
	key: string;
	start: number;
	end: number;
	/**
	 * The version of the table's bytes, when the sender names them (the Service Worker: the same id = the same bytes,
	 * under any key). A sent span is parsed and its id then names that value; a held span takes the value its id names.
	 */
	id?: string;
	/**
	 * The bytes were not sent (the range holds a placeholder, e.g. `null`): the engine must hold version `id`, from an
	 * earlier run or from an earlier span of this input.
	 */
	held?: boolean;
}

/**
 * A table's JSON inside {@link VerifyInput.state} (bytes): `state[gym][table]` is the UTF-8 bytes [start, end);
 * `id` and `held` as in {@link JqSpan} (a held table's range holds `null`, its rows are the version `id` the
 * verifier was sent before).
 */
export interface StateTableSpan {
	gym: string;
	table: string;
	start: number;
	end: number;
	id?: string;
	held?: boolean;
}

/**
 * Thrown by {@link evaluate} when the input names held tables ({@link StateTableSpan.held}) that the engine does
 * not hold (a fresh verifier worker, or an engine without the cache): the sender sends them again (sw/verify.ts).
 * `tables`: the missing `gym.table` names.
 */
export class TablesNotHeldError extends Error {
	constructor(readonly tables: string[]) {
		super(`the verifier does not hold ${tables.join(', ')}`);
		this.name = 'TablesNotHeldError';
	}
}

/** Actual values longer than this (canonical JSON chars) are replaced by a truncated string preview. */
export const ACTUAL_MAX_CHARS = 2048;

/** Operators that need only the length of the value: jq hands back the length and a preview, not the whole array. */
const COUNT_OPS: ReadonlySet<string> = new Set(['count_eq', 'count_gte', 'count_lte']);

/**
 * What the queries see. Each field is JSON TEXT (already serialized, so the caller controls the cost and the
 * engine parses everything once): `state` `{gym: {table: [rows]}}`; `initial` the same shape after reset
 * (default `null`); `events` an array of `{seq, at, gym, method, path, status, entity, id}` (default `[]`);
 * `now` the run's virtual clock as a JSON string (default `null`).
 */
export interface VerifyInput {
	/** JSON text, or its UTF-8 bytes (what the Service Worker sends, so that it is transferred rather than copied). */
	state: string | Uint8Array;
	/**
	 * Where each table's JSON lies in `state` when it is bytes (sw/verify.ts sets it), so that an engine with
	 * {@link JqEngine.runSpans} re-parses only the tables that changed since its last verification. Ignored
	 * when `state` is text.
	 */
	tables?: StateTableSpan[];
	/** JSON text, or its UTF-8 bytes (the Service Worker's, with {@link VerifyInput.initialTables}). */
	initial?: string | Uint8Array;
	/** Where each table's JSON lies in `initial` when it is bytes, as {@link VerifyInput.tables} for `state`. */
	initialTables?: StateTableSpan[];
	events?: string;
	now?: string;
}

/** The verdict without run_id/task_id (which the caller adds). */
export interface Evaluation {
	passed: boolean;
	score: number;
	first_failing_step: number | null;
	steps: StepResult[];
	assertions: AssertionResult[];
	/** Wall time of the evaluation, ms (from the `now` clock passed to {@link evaluate}). */
	ms: number;
}

/**
 * One query's outcome from jq: its outputs, an error, or (for the count operators) the length of its single
 * array output plus the first 2,049 characters of that array's JSON, so that a large array never leaves jq.
 */
type Outcome = { ok: unknown[] } | { error: string } | { count: number; head: string };

/** A query as the program runs it; `count` = only its array's length (and a preview) is needed. */
export type JqQuery = string | { query: string; count: boolean };

const text = (q: JqQuery) => (typeof q === 'string' ? q : q.query);

/**
 * `__sg_head`: the first {@link ACTUAL_MAX_CHARS} + 1 characters of an array's `tojson`, serializing only as many
 * elements as those characters need (the compact JSON of an array is `[` + its elements' JSON joined by `,` + `]`),
 * so that a count over a large table never serializes the whole table.
 */
const HEAD_DEF = `def __sg_head: . as $__a | (first(foreach $__a[] as $__x ("["; (if . == "[" then . else . + "," end) + ($__x | tojson); select(length > ${ACTUAL_MAX_CHARS + 1}))) // tojson) | .[0:${ACTUAL_MAX_CHARS + 1}];`;
/**
 * Binds `$initial`, `$events`, `$now`, `$__tz` from the input document ({@link inputDocument}) and defines the date
 * helpers (one line). Exported as {@link QUERY_HEAD} for programs that must see what the queries see (mutant patches).
 */
const HEAD = `. as $__in | $__in.initial as $initial | $__in.events as $events | $__in.now as $now | $__in.tz as $__tz | ${JQ_DATE_PRELUDE} ${HEAD_DEF}`;
/** The prelude of every verifier program ({@link HEAD}): after it, `$__in.state` is the state the queries see as `.`. */
export const QUERY_HEAD = HEAD;
/** Lines of the program before a query's first line, in the single-query compile check (for jq's line numbers). */
const CHECK_OFFSET = 2;

/** Wraps one query so that it always yields one object: `{ok: [outputs…]}` or `{error: message}`. */
function wrap(q: JqQuery): string {
	const ok =
		typeof q !== 'string' && q.count
			? `if length == 1 and (.[0] | type) == "array" then {count: (.[0] | length), head: (.[0] | __sg_head)} else {ok: .} end`
			: '{ok: .}';
	return `(try ([ (\n${text(q)}\n) ] | ${ok}) catch {error: (. | if type == "string" then . else tojson end)})`;
}

/** The default root of a verification: the input document's state. */
export const STATE_ROOT = '$__in.state';

/**
 * The whole jq program for `queries`: `[now, q1, now, q2, now, …]` over `.state` of the {@link inputDocument},
 * so each query's time is the difference of two `now`s. Exported for the bench (native jq on the same program).
 * @param root the jq expression whose value the queries see as `.` (default {@link STATE_ROOT}; the mutant proof
 *   passes a patch of it, so that a patched state is verified without being serialized and parsed again).
 */
export function jqProgram(queries: readonly JqQuery[], root: string = STATE_ROOT): string {
	return `${HEAD}\n${root} | ${timedQueries(queries)}`;
}

/** The body of {@link jqProgram} after its root: `[now, q1, now, q2, now, …]`, each query wrapped to yield one outcome. */
function timedQueries(queries: readonly JqQuery[]): string {
	return `[now, ${queries.map((q) => `${wrap(q)}, now`).join(',\n')}]`;
}

/** Cleans jq-web's "Non-zero exit code: N\n<stderr>" into jq's own message; line numbers are shifted back by `lineOffset`. */
function jqMessage(err: unknown, lineOffset = 0): string {
	const text = err instanceof Error ? ((err as Error & { stderr?: string }).stderr ?? err.message) : String(err);
	const clean = text.replace(/^Non-zero exit code: \d+\s*/, '').trim() || 'jq failed';
	return lineOffset ? clean.replace(/line (\d+)/g, (_, n: string) => `line ${Math.max(1, Number(n) - lineOffset)}`) : clean;
}

/** Compile check of one query without running it (defined as a function, never called). @returns jq's message, or null when it compiles. */
function compileError(engine: JqEngine, query: string): string | null {
	try {
		engine.run('null', `${HEAD}\ndef __sg_query:\n${query}\n; empty`);
		return null;
	} catch (err) {
		return jqMessage(err, CHECK_OFFSET);
	}
}

/**
 * Builds the input document `{"events":…,"initial":…,"now":…,"state":…,"tz":…}` from pre-serialized parts: text
 * when `state` is text, else UTF-8 bytes (the same document).
 */
export function inputDocument(input: VerifyInput, tz: Record<string, [number, number][]> = {}): string | Uint8Array {
	return documentLayout(input, tz).doc;
}

/** {@link inputDocument}, and where `initial` and `state` start in it (UTF-8 byte offsets when it is bytes). */
function documentLayout(input: VerifyInput, tz: Record<string, [number, number][]>): { doc: string | Uint8Array; initialAt: number; stateAt: number } {
	const initial = input.initial ?? 'null';
	const pieces: (string | Uint8Array)[] = [
		`{"events":${input.events ?? '[]'},"initial":`,
		initial,
		`,"now":${input.now ?? 'null'},"state":`,
		input.state,
		`,"tz":${JSON.stringify(tz)}}`
	];
	if (typeof input.state === 'string' && typeof initial === 'string') {
		return { doc: pieces.join(''), initialAt: pieces[0]!.length, stateAt: pieces[0]!.length + initial.length + pieces[2]!.length };
	}
	const parts = pieces.map((p) => (typeof p === 'string' ? utf8.encode(p) : p));
	const out = joinUtf8(parts);
	return { doc: out, initialAt: parts[0]!.length, stateAt: parts[0]!.length + parts[1]!.length + parts[2]!.length };
}

const utf8 = new TextEncoder();

/** A prepared input document and how to run a program over it (through {@link JqEngine.runSpans} when the tables' spans are known). */
interface Doc {
	/** The input document ({@link inputDocument}). */
	doc: string | Uint8Array;
	/** `engine.run(doc, program)`, or the span-aware run of the same document. */
	run(engine: JqEngine, program: string): string;
}

/**
 * {@link inputDocument} plus, when `input.state` / `input.initial` are bytes with table spans and the engine supports
 * them, the spans moved into the document's coordinates (`initial` comes before `state` in the document).
 * @throws TablesNotHeldError when a held table is neither held by the engine nor sent earlier in the input.
 */
function prepareDoc(engine: JqEngine, input: VerifyInput, tz: Record<string, [number, number][]>): Doc {
	const { doc, initialAt, stateAt } = documentLayout(input, tz);
	const move = (kind: string, at: number, list: readonly StateTableSpan[] | undefined): JqSpan[] =>
		(list ?? []).map((t) => ({
			key: `${kind} ${t.gym} ${t.table}`,
			start: at + t.start,
			end: at + t.end,
			...(t.id === undefined ? {} : { id: t.id }),
			...(t.held ? { held: true } : {})
		}));
	const spans = [
		...(typeof input.initial === 'object' ? move('initial', initialAt, input.initialTables) : []),
		...(typeof input.state === 'object' ? move('state', stateAt, input.tables) : [])
	];
	checkHeld(engine, spans);
	if (!engine.runSpans || typeof doc === 'string' || !spans.length) return { doc, run: (e, program) => e.run(doc, program) };
	return { doc, run: (e, program) => (e.runSpans ? e.runSpans(doc as Uint8Array, spans, program) : e.run(doc, program)) };
}

/**
 * @throws TablesNotHeldError when a held span (in document order) names a version that the engine does not hold and
 *   no earlier span of the input sent (or the engine keeps no tables at all).
 */
function checkHeld(engine: JqEngine, spans: readonly JqSpan[]): void {
	const sent = new Set<string>();
	const missing: string[] = [];
	for (const s of spans) {
		if (!s.held) {
			if (s.id !== undefined) sent.add(s.id);
		} else if (s.id === undefined || !engine.runSpans || (!sent.has(s.id) && !engine.holds?.(s.id))) {
			missing.push(s.key.replace(/^(\S+) (\S+) /, (_, kind: string, gym: string) => `${kind === 'state' ? '' : '$initial.'}${gym}.`));
		}
	}
	if (missing.length) throw new TablesNotHeldError(missing);
}

function runProgram(engine: JqEngine, doc: Doc, queries: readonly JqQuery[], root: string): { outcomes: Outcome[]; ms: number[] } {
	return timedOutcomes(JSON.parse(doc.run(engine, jqProgram(queries, root))) as unknown[], queries.length);
}

/** Splits a program's `[now, q1, now, q2, now, …]` ({@link jqProgram}) into the n outcomes and each one's time, ms. */
function timedOutcomes(out: readonly unknown[], n: number): { outcomes: Outcome[]; ms: number[] } {
	const outcomes: Outcome[] = [];
	const ms: number[] = [];
	for (let i = 0; i < n; i++) {
		outcomes.push(out[2 * i + 1] as Outcome);
		ms.push(Math.max(0, Math.round(((out[2 * i + 2] as number) - (out[2 * i] as number)) * 1e5) / 100));
	}
	return { outcomes, ms };
}

/**
 * Runs every query over `doc` in ONE jq program (one parse). When that program fails as a whole (a compile
 * error, or a query that halts jq), each query is compile-checked on its own; the compiling ones run together
 * again, and only if that still fails does each run alone, so every error lands on its own assertion.
 */
function runQueries(engine: JqEngine, doc: Doc, queries: readonly JqQuery[], root: string): { outcomes: Outcome[]; ms: number[] } {
	try {
		return runProgram(engine, doc, queries, root);
	} catch {
		const outcomes: (Outcome | null)[] = queries.map((q) => {
			const msg = compileError(engine, text(q));
			return msg === null ? null : { error: msg };
		});
		const ms = queries.map(() => 0);
		const okIdx = outcomes.flatMap((o, i) => (o === null ? [i] : []));
		if (okIdx.length > 0) {
			try {
				const r = runProgram(
					engine,
					doc,
					okIdx.map((i) => queries[i]!),
					root
				);
				okIdx.forEach((i, k) => {
					outcomes[i] = r.outcomes[k]!;
					ms[i] = r.ms[k]!;
				});
			} catch {
				for (const i of okIdx) {
					try {
						const r = runProgram(engine, doc, [queries[i]!], root);
						outcomes[i] = r.outcomes[0]!;
						ms[i] = r.ms[0]!;
					} catch (err) {
						outcomes[i] = { error: jqMessage(err) };
					}
				}
			}
		}
		return { outcomes: outcomes as Outcome[], ms };
	}
}

function bounded(value: unknown): { actual: unknown; truncated: boolean } {
	const text = canonicalJson(value);
	if (text.length <= ACTUAL_MAX_CHARS) return { actual: value, truncated: false };
	return { actual: `${text.slice(0, ACTUAL_MAX_CHARS)}…`, truncated: true };
}

/**
 * Evaluates assertions over a state.
 * @throws TablesNotHeldError when `input.tables` names held tables the engine does not hold (before any jq run).
 * @param input the state as JSON text (`{"hubspot":{"contacts":[…]}}`), or a {@link VerifyInput} with
 *   `$initial`, `$events` and `$now` too.
 * @param assertions in report order; `weight` defaults to 1 and `gating` to true when absent.
 * @param now a monotonic clock for the `ms` figure only (never part of the verdict), e.g. `performance.now`.
 * @param root the jq expression the queries see as `.` ({@link jqProgram}); default the input's state. An error in
 *   it fails every assertion with that error.
 * @returns the verdict: `passed` iff at least one assertion is gating and every gating one passed; `score` =
 *   passed weight / total weight (0 with no assertions); each step passes iff its gating assertions pass (and it has one).
 */
export function evaluate(
	engine: JqEngine,
	input: string | VerifyInput,
	assertions: readonly PlacedAssertion[],
	now: () => number = () => 0,
	root: string = STATE_ROOT
): Evaluation {
	const t0 = now();
	const vi: VerifyInput = typeof input === 'string' ? { state: input } : input;
	const queries = assertions.map((a) => a.query);
	const { outcomes, ms } = assertions.length
		? runQueries(engine, prepareDoc(engine, vi, zoneTables([...queries, root])), jqQueriesOf(assertions), root)
		: { outcomes: [], ms: [] };
	return { ...rollup(assertionResults(assertions, outcomes, ms)), ms: Math.round((now() - t0) * 100) / 100 };
}

/** The queries as the program runs them: a count operator's query hands back only its array's length and a preview. */
function jqQueriesOf(assertions: readonly PlacedAssertion[]): JqQuery[] {
	return assertions.map((a): JqQuery => (COUNT_OPS.has(a.op) ? { query: a.query, count: true } : a.query));
}

/** Each assertion's result from its query's outcome (`outcomes[i]` for `assertions[i]`; a missing one fails) and its time, ms. */
function assertionResults(assertions: readonly PlacedAssertion[], outcomes: readonly (Outcome | undefined)[], ms: readonly number[]): AssertionResult[] {
	return assertions.map((a, i) => {
		const base = {
			id: a.id,
			step: a.step,
			platform: a.platform,
			op: a.op,
			expected: a.expected ?? null,
			weight: a.weight ?? 1,
			gating: a.gating ?? true,
			ms: ms[i] ?? 0
		};
		const o = outcomes[i];
		if (!o) return { ...base, passed: false, outputs: 0, error: 'no result from jq' };
		if ('error' in o) return { ...base, passed: false, outputs: 0, error: `jq error: ${o.error}` };
		if ('count' in o) {
			const verdict = compareCount(a.op, o.count, a.expected);
			const truncated = o.head.length > ACTUAL_MAX_CHARS;
			const r: AssertionResult = {
				...base,
				actual: truncated ? `${o.head.slice(0, ACTUAL_MAX_CHARS)}…` : bounded(JSON.parse(o.head)).actual,
				passed: verdict.passed,
				outputs: 1
			};
			if (verdict.error) r.error = verdict.error;
			if (truncated) r.actual_truncated = true;
			return r;
		}
		if (o.ok.length !== 1) {
			return { ...base, passed: false, outputs: o.ok.length, error: `query yielded ${o.ok.length} values (expected exactly 1)` };
		}
		const value = o.ok[0];
		const verdict = compare(a.op, value, a.expected, a.tolerance);
		const { actual, truncated } = bounded(value);
		const r: AssertionResult = { ...base, actual, passed: verdict.passed, outputs: 1 };
		if (verdict.error) r.error = verdict.error;
		if (truncated) r.actual_truncated = true;
		return r;
	});
}

/** Key of the object a root yields in {@link evaluateRoots}' program when the root itself fails. */
const ROOT_ERROR_KEY = '__sg_root_error';
/** Key of the outcome a query yields in {@link evaluateRoots}' program when it was not run again (its tables are unchanged). */
const SAME_KEY = '__sg_same';

/**
 * `__sg_changed($a; $b; $known)`: the tables in which state `$b` differs from state `$a`, as `[gym, table]` pairs (`[gym, "*"]`
 * when a gym's value is not an object of tables); `[["*", "*"]]` when either is not an object, their gyms differ, or
 * a gym outside `$known` differs (a query may read such a gym without the static scan seeing it). Unchanged tables
 * are the same jq values (a patch shares what it does not touch), so comparing them costs little.
 * `__sg_hit($ch; $reads)`: whether a query reading `$reads` (`[gym, table|"*"]` pairs, or null: not known) may see
 * one of the changes `$ch`.
 */
const REUSE_DEFS =
	`def __sg_changed($a; $b; $known): if ($a | type) != "object" or ($b | type) != "object" or ($a | keys) != ($b | keys) then [["*", "*"]] ` +
	`else [ ($a | keys[]) as $g | if ($a[$g] | type) != "object" or ($b[$g] | type) != "object" then (if $a[$g] != $b[$g] then [$g, "*"] else empty end) ` +
	`else ([($a[$g] | keys[]), ($b[$g] | keys[])] | unique[]) as $t | select($a[$g][$t] != $b[$g][$t]) | [$g, $t] end ] ` +
	`| if any(.[]; (.[0] as $g | $known | index($g)) == null) then [["*", "*"]] else . end end;\n` +
	`def __sg_hit($ch; $reads): $reads == null or any($ch[]; .[0] == "*") or any($ch[] as [$g, $t] | $reads[] as [$rg, $rt] | $g == $rg and ($t == "*" or $rt == "*" or $t == $rt); .);`;

/** What {@link evaluateRoots} may reuse: the gyms whose tables the queries are scanned for (verifier/tables.ts). */
export interface RootReuse {
	/** The gym names of the state, e.g. `["hubspot", "outreach"]`: a change anywhere else reruns every query. */
	gyms: readonly string[];
}

/** The tables `query` reads as `[gym, table|"*"]` pairs for `__sg_hit`, or null when the scan cannot tell (verifier/tables.ts). */
function readPairs(query: string, gyms: readonly string[]): [string, string][] | null {
	const needs = tablesRead(query, gyms);
	if (needs.all) return null;
	return [...needs.gyms].flatMap(([g, t]) => (t === '*' ? [[g, '*'] as [string, string]] : [...t].map((name): [string, string] => [g, name])));
}

/**
 * {@link evaluate} over several roots in ONE jq run: the input document is parsed once, and each root (e.g. the state,
 * or a mutant's patch of it: verifier/mutants.ts) is verified in turn, so N verdicts over a multi-megabyte state cost
 * one parse instead of N (17 patches of a four-tool blueprint's 3.2 MB state: 3.9 → 1.7 s here).
 * With `reuse`, a root after the first runs only the queries that may see how its value differs from the first
 * root's: the tables a query reads (verifier/tables.ts `tablesRead`, the static scan that prunes exports) are compared
 * in jq, and a query none of whose tables changed gets the first root's outcome (jq is deterministic: same tables,
 * same outcome) with 0 ms. A query the scan cannot resolve, a change of the gyms, or a change outside `reuse.gyms`
 * reruns every query. 18 patches of a four-tool blueprint's 2.7 MB state: 14.7 → 5.9 s (on a loaded machine).
 * @param roots jq expressions over the input document ({@link STATE_ROOT}, or one built on it), each of which must
 *   yield one value; their queries see that value as `.`.
 * @returns per root, in order, its {@link Evaluation} (its `ms` is the root's share of jq's time), or `{rootError}`
 *   with jq's message when the root itself failed (its queries never ran).
 * @throws Error when the program fails as a whole (a root or a query that does not compile, or a query that halts
 *   jq): the caller then evaluates root by root with {@link evaluate}, which puts each error on its assertion.
 */
export function evaluateRoots(
	engine: JqEngine,
	input: VerifyInput,
	assertions: readonly PlacedAssertion[],
	roots: readonly string[],
	reuse?: RootReuse
): (Evaluation | { rootError: string })[] {
	if (roots.length === 0) return [];
	if (assertions.length === 0) return roots.map(() => ({ ...rollup([]), ms: 0 }));
	const queries = jqQueriesOf(assertions);
	const body = timedQueries(queries);
	const caught = `catch {${ROOT_ERROR_KEY}: (. | if type == "string" then . else tojson end)}`;
	let program: string;
	if (reuse === undefined || roots.length === 1) {
		program = `${HEAD}\n[${roots.map((r) => `(try (\n${r}\n| ${body}) ${caught})`).join(',\n')}]`;
	} else {
		const reads = assertions.map((a) => JSON.stringify(readPairs(a.query, reuse.gyms)));
		const skipping = `[now, ${queries.map((q, i) => `(if __sg_hit($__ch; ${reads[i]}) then ${wrap(q)} else {${SAME_KEY}: true} end), now`).join(',\n')}]`;
		const known = JSON.stringify(reuse.gyms);
		program =
			`${HEAD} ${REUSE_DEFS}\n(try (\n${roots[0]}\n| {v: .}) ${caught}) as $__b |\n` +
			`[(if $__b | has("v") then $__b.v | ${body} else $__b end),\n` +
			roots
				.slice(1)
				.map(
					(r) =>
						`(try (\n${r}\n| . as $__r | (if $__b | has("v") then __sg_changed($__b.v; $__r; ${known}) else [["*", "*"]] end) as $__ch | $__r | ${skipping}) ${caught})`
				)
				.join(',\n') +
			']';
	}
	const doc = inputDocument(input, zoneTables([...assertions.map((a) => a.query), ...roots]));
	const out = JSON.parse(engine.run(doc, program)) as unknown[];
	let first: Outcome[] | null = null;
	return out.map((r): Evaluation | { rootError: string } => {
		if (!Array.isArray(r)) return { rootError: String((r as Record<string, unknown>)[ROOT_ERROR_KEY]) };
		const { outcomes, ms } = timedOutcomes(r, queries.length);
		first ??= outcomes;
		const base = first;
		const filled = outcomes.map((o, i) => (SAME_KEY in (o as object) ? base[i]! : o));
		const times = ms.map((m, i) => (SAME_KEY in (outcomes[i] as object) ? 0 : m));
		return { ...rollup(assertionResults(assertions, filled, times)), ms: Math.round((r[r.length - 1] - r[0]) * 1e5) / 100 };
	});
}

/**
 * The strict rollup of per-assertion verdicts (pure).
 * @returns `passed` iff ≥1 gating assertion and all gating pass; `score` = Σ weight(passed) / Σ weight;
 *   `steps` in index order, each passing iff it has ≥1 gating assertion and all pass; `first_failing_step`.
 */
export function rollup(results: readonly AssertionResult[]): Omit<Evaluation, 'ms'> {
	const gatingOk = (rs: readonly AssertionResult[]) => rs.some((r) => r.gating) && rs.every((r) => !r.gating || r.passed);
	const stepIndexes = [...new Set(results.map((r) => r.step))].sort((x, y) => x - y);
	const steps: StepResult[] = stepIndexes.map((index) => {
		const own = results.filter((r) => r.step === index);
		return { index, platform: own[0]?.platform ?? '', passed: gatingOk(own) };
	});
	const total = results.reduce((s, r) => s + r.weight, 0);
	const got = results.reduce((s, r) => s + (r.passed ? r.weight : 0), 0);
	const failing = steps.find((s) => !s.passed);
	return {
		passed: gatingOk(results),
		score: total > 0 ? Math.min(1, got / total) : 0,
		first_failing_step: failing ? failing.index : null,
		steps,
		assertions: [...results]
	};
}
