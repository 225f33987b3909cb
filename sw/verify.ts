/**
 * `POST /verify` in the Service Worker: validates the request, exports only the tables the assertions read,
 * merges the exports of the run's gyms served elsewhere (`states` in the body, or `extra` fetched by the
 * caller), computes `$initial` when a query mentions it, and hands the prepared input to a verifier (the
 * calling page's worker). Pure of SW globals so that Node tests run it over fake-indexeddb.
 */
import { placedAssertions } from '../blueprints/placed';
import type { Blueprint } from '../blueprints/schema';
import { mergeExports, MergeError, type ExportLike } from '../verifier/merge';
import { mentionsVar, needsOf, verificationInput, verificationInputJson } from '../verifier/prepare';
import { DEFAULT_TIMEOUT_MS, VerifyRequest, type PlacedAssertion, type VerifyResult } from '../verifier/schema';
import { canonicalJson } from '../verifier/canonical';
import { tablesFor, type TableNeeds } from '../verifier/tables';
import { TablesNotHeldError, type Evaluation, type VerifyInput } from '../verifier/verify';
import { exportRun, RunError, type RunContext } from './run';
import { exportRunJson, type JsonRunExport } from './verify-export';
import type { PageTables } from './verify-ledger';

/**
 * Runs a prepared verification somewhere (the page's worker). Resolves to the evaluation.
 * @throws RunError 504 on a timeout, 500 when the verifier failed, 400 when there is no page to run it.
 */
export type Verifier = (input: VerifyInput, assertions: PlacedAssertion[], timeoutMs: number) => Promise<Evaluation>;

/**
 * The assertions of a verify request: the task's (placed in their steps: the body's `steps`, else the whole
 * blueprint's when the context has one, as in Node) or the inline ones (step 0, platform `inline`). `null` for a
 * task whose verifiers nobody gave: the Service Worker ships none (blueprints/setups.ts); the caller answers 400
 * once the run checks passed.
 * @throws RunError 404 for an unknown task.
 */
function assertionsOf(ctx: RunContext, req: VerifyRequest): PlacedAssertion[] | null {
	if (req.task_id !== undefined) {
		const bp = ctx.blueprints.get(req.task_id);
		if (!bp) throw new RunError(404, `unknown task_id "${req.task_id}"`);
		if (req.steps) return req.steps.flatMap((s, index) => s.verifiers.map((a) => ({ ...a, step: index, platform: s.platform })));
		return 'steps' in bp ? placedAssertions(bp) : null;
	}
	return (req.assertions ?? []).map((a) => ({ ...a, step: 0, platform: 'inline' }));
}

/**
 * The state right after reset of every gym in `gymNames` that this build knows (`Gym.initialTables`), for
 * the run's task, seed and clock. Gyms served on other origins are computed here too: the same build ships them.
 * @throws RunError 500 when a gym cannot compute it.
 */
async function initialOf(
	ctx: RunContext,
	run: Pick<ExportLike, 'run_id' | 'task_id' | 'seed'>,
	gymNames: ReadonlySet<string>
): Promise<Record<string, Record<string, unknown[]>>> {
	const bp = run.task_id === null ? undefined : ctx.blueprints.get(run.task_id);
	const clock = bp?.clock ?? ctx.seeds.get(run.seed) ?? '';
	const out: Record<string, Record<string, unknown[]>> = {};
	for (const gym of ctx.gyms) {
		if (!gymNames.has(gym.name)) continue;
		try {
			out[gym.name] = await gym.initialTables({
				run_id: run.run_id,
				task_id: run.task_id,
				seed: run.seed,
				clock,
				fixtures: bp?.fixtures[gym.name as keyof Blueprint['fixtures']]
			});
		} catch (err) {
			throw new RunError(500, `$initial of ${gym.name}: ${(err as Error).message}`);
		}
	}
	return out;
}

/**
 * The canonical JSON bytes of `$initial` tables, by the identity of their rows array. A gym's `initialTables` hands out
 * the arrays of its cached projection entry (gyms/store.ts), which depend on the task's fixtures and the seed only,
 * and are never changed in place: every verification of every run of a task gets the same bytes for a table (and so
 * the same version in the pages' ledgers, sw/verify-ledger.ts: a page's verifier parses it once, even across runs).
 * A run's first verification serializes them only when no earlier run of the task did. An entry dies with its rows.
 */
const initialBytes = new WeakMap<readonly unknown[], Uint8Array>();

const utf8 = new TextEncoder();

/**
 * {@link initialOf} as the bytes of the tables `needs` names (all of a gym's tables when it needs them all), each
 * serialized once per rows array ({@link initialBytes}).
 * @throws RunError 500 when a gym cannot compute it.
 */
async function initialBytesOf(
	ctx: RunContext,
	run: Pick<ExportLike, 'run_id' | 'task_id' | 'seed'>,
	gymNames: ReadonlySet<string>,
	needs: TableNeeds
): Promise<Record<string, Record<string, Uint8Array>>> {
	const out: Record<string, Record<string, Uint8Array>> = {};
	for (const [gym, tables] of Object.entries(await initialOf(ctx, run, gymNames))) {
		const want = needs.all ? '*' : needs.gyms.get(gym);
		out[gym] = {};
		for (const [t, rows] of Object.entries(tables)) {
			if (want !== '*' && !want?.has(t)) continue;
			let bytes = initialBytes.get(rows);
			if (!bytes) initialBytes.set(rows, (bytes = utf8.encode(canonicalJson(rows))));
			out[gym][t] = bytes;
		}
	}
	return out;
}

/**
 * Verifies the current run.
 * @param body the parsed JSON body of `POST /verify` (validated here with {@link VerifyRequest}).
 * @param extra exports of the run's gyms on other origins, besides the body's `states` (e.g. fetched from the
 *   state store `/state/<run_id>/<gym>.json`). Gyms they hold are not exported locally.
 * @param verifier runs the prepared input (the page's worker).
 * @param ledger the tables the page's worker already holds (sw/verify-ledger.ts): those are not sent again. A
 *   worker that lacks one answers {@link TablesNotHeldError}, and the verification is sent once more in full.
 * @returns the verdict `{run_id, task_id, passed, score, first_failing_step, steps, assertions, ms}`.
 * @throws RunError 400 (bad body, a gym twice), 404 (unknown task), 409 (not the current run, a run_id of
 *   another run in the exports, task mismatch), 500/504 from the verifier.
 */
export async function verifyRun(ctx: RunContext, body: unknown, extra: readonly ExportLike[], verifier: Verifier, ledger?: PageTables): Promise<VerifyResult> {
	const parsed = VerifyRequest.safeParse(body);
	if (!parsed.success) throw new RunError(400, parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
	const req = parsed.data;
	const given = assertionsOf(ctx, req);
	const assertions = given ?? [];
	const others: ExportLike[] = [...(req.states ?? []), ...extra];
	const remote = new Set(others.flatMap((o) => Object.keys(o.gyms)));
	const local = ctx.gyms.filter((g) => !remote.has(g.name));
	const queries = assertions.map((a) => a.query);
	const needs = needsOf(queries, ctx.gyms.map((g) => g.name).concat([...remote]));
	const t0 = performance.now();
	// Fast path: every gym is served here and exports its tables as JSON bytes kept while unchanged.
	const json: JsonRunExport | null = others.length === 0 ? await exportRunJson({ ...ctx, gyms: local }, (gym) => tablesFor(needs, gym)) : null;
	let merged: ExportLike | null = null;
	if (json) {
		if (json.run_id !== req.run_id) throw new RunError(409, `run_id "${req.run_id}" is not the current run ("${json.run_id}")`);
	} else {
		try {
			if (local.length > 0) {
				const { state } = await exportRun({ ...ctx, gyms: local }, (gym) => tablesFor(needs, gym));
				if (state.run_id !== req.run_id) throw new RunError(409, `run_id "${req.run_id}" is not the current run ("${state.run_id}")`);
				merged = mergeExports(state, others);
			} else {
				// Every gym of the run lives elsewhere: the exports alone make the run.
				merged = mergeExports(others[0]!, others.slice(1));
				if (merged.run_id !== req.run_id) throw new RunError(409, `run_id "${req.run_id}" is not the run of the given states ("${merged.run_id}")`);
			}
		} catch (err) {
			if (err instanceof MergeError) throw new RunError(err.status, err.message);
			throw err;
		}
	}
	const run: Pick<ExportLike, 'run_id' | 'task_id' | 'seed'> = json ?? merged!;
	if (req.task_id !== undefined && run.task_id !== req.task_id)
		throw new RunError(409, `task_id "${req.task_id}" is not the current run's task ("${run.task_id}")`);
	if (given === null)
		throw new RunError(400, `steps: this Service Worker holds no verifiers; send the task's steps ([{platform, verifiers}]) with task_id "${req.task_id}"`);
	const t1 = performance.now();
	const gymNames = new Set(Object.keys((json ?? merged!).gyms));
	const wantsInitial = mentionsVar(queries, 'initial');
	const initialBytes = json && wantsInitial ? await initialBytesOf(ctx, run, gymNames, needsOf(queries, gymNames)) : null;
	const initial = !json && wantsInitial ? await initialOf(ctx, run, gymNames) : null;
	let input = json ? verificationInputJson(json, queries, initialBytes, ledger) : verificationInput(merged!, queries, initial);
	const t2 = performance.now();
	const inputBytes = typeof input.state === 'string' ? null : input.state.length;
	const timeoutMs = req.timeout_ms ?? DEFAULT_TIMEOUT_MS;
	let result: Evaluation;
	try {
		result = await verifier(input, assertions, timeoutMs);
	} catch (err) {
		// The worker may have been restarted (or refused held tables it lacks): from now on it holds nothing.
		ledger?.clear();
		if (!(err instanceof TablesNotHeldError) || !json) throw err;
		input = verificationInputJson(json, queries, initialBytes, ledger);
		result = await verifier(input, assertions, timeoutMs);
	}
	ledger?.record(input);
	const r2 = (x: number) => Math.round(x * 100) / 100;
	const timing = {
		export_ms: r2(t1 - t0),
		prepare_ms: r2(t2 - t1),
		verifier_ms: r2(performance.now() - t2),
		...(json ? { tables_serialized: json.serialized.length } : {}),
		...(inputBytes === null ? {} : { state_bytes: inputBytes })
	};
	return { run_id: req.run_id, task_id: req.task_id ?? null, ...result, timing };
}
