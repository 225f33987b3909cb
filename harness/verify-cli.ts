/**
 * `salesgym verify`: the verifier in Node, on exported state files (issue 3 §7). The same engine and code as
 * the page (`verifier/verify.ts` over jq-web), so a run verified offline gets the page's verdict.
 *
 * ```text
 * salesgym verify --task ID (--state final.json | --from URL) [--initial initial.json] [--events events.json]
 *                 [--timeout-ms 5000]
 * ```
 * - `--state`: an export (`GET /__salesgym/state`, format `salesgym.state`) or a bare `{gym: {table: [rows]}}`.
 * - `--from http://host/state/<run_id>/`: fetches `<url><gym>.json` for every platform of the blueprint that
 *   `--state` does not hold, and merges them (the run's gyms served on separate origins).
 * - `--initial`: `$initial` (an export or a bare state); default: computed from the blueprint (seed + fixtures).
 * - `--events`: `$events` (an array of events); default: the export's events.
 * Prints the verdict JSON on stdout. Exit 0 pass, 1 fail, 2 bad input (including an invalid blueprint: schema,
 * lint, or the semantic rule `verifier/semantic.ts`), 3 infrastructure (fetch, timeout).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import type { Blueprint } from '../blueprints/schema';
import { unknownTables } from '../gyms/table-names';
import { mergeExports, MergeError, type ExportLike } from '../verifier/merge';
import { mentionsVar, verificationInput } from '../verifier/prepare';
import { DEFAULT_TIMEOUT_MS, EventRecord, StateExportDoc, type PlacedAssertion, type VerifyResult } from '../verifier/schema';
import type { Evaluation, VerifyInput } from '../verifier/verify';
import { assertBlueprintsSound } from './blueprint-semantics';
import { loadBlueprints } from './blueprints';
import { InfrastructureError, UsageError } from './errors';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A parsed `salesgym verify` command line. */
export interface VerifyCommand {
	command: 'verify';
	/** Blueprint id. */
	task: string;
	/** Path of the state file, if given. */
	state: string | undefined;
	/** Path of the `$initial` file, if given. */
	initial: string | undefined;
	/** Path of the `$events` file, if given. */
	events: string | undefined;
	/** Base URL of a state store (`…/state/<run_id>/`), if given. */
	from: string | undefined;
	/** Time bound of the evaluation, ms. */
	timeoutMs: number;
}

/** Options of `salesgym verify` (node:util parseArgs). */
export const VERIFY_OPTIONS = {
	task: { type: 'string' },
	state: { type: 'string' },
	initial: { type: 'string' },
	events: { type: 'string' },
	from: { type: 'string' },
	'timeout-ms': { type: 'string' },
	help: { type: 'boolean', short: 'h' }
} as const;

/** Usage lines of `salesgym verify` (part of `salesgym help`). */
export const VERIFY_USAGE = `  salesgym verify --task ID (--state final.json | --from URL) [--initial initial.json] [--events events.json] [--timeout-ms 5000]
      Verify exported state in Node; prints the verdict JSON. --from fetches <URL><gym>.json for the task's platforms.
      Exit 0 pass, 1 fail, 2 bad input, 3 infrastructure error.`;

/**
 * Parses the arguments after `verify`.
 * @returns the command, or `{command: 'help'}` for `--help`.
 * @throws UsageError on unknown options, a missing `--task`, neither `--state` nor `--from`, or a bad `--timeout-ms`.
 */
export function parseVerifyCli(args: readonly string[]): VerifyCommand | { command: 'help' } {
	let values: Record<string, string | boolean | undefined>;
	try {
		values = parseArgs({ args: [...args], options: VERIFY_OPTIONS, strict: true, allowPositionals: false }).values;
	} catch (e) {
		throw new UsageError(`verify: ${(e as Error).message}`);
	}
	if (values.help === true) return { command: 'help' };
	const str = (k: string) => values[k] as string | undefined;
	const task = str('task');
	if (!task) throw new UsageError('verify: --task is required');
	if (str('state') === undefined && str('from') === undefined) throw new UsageError('verify: give --state FILE or --from URL');
	const t = str('timeout-ms');
	if (t !== undefined && (!/^\d+$/.test(t) || Number(t) < 1 || Number(t) > 600_000))
		throw new UsageError(`verify: --timeout-ms must be an integer from 1 to 600000, got "${t}"`);
	const from = str('from');
	if (from !== undefined && !/^https?:\/\//.test(from)) throw new UsageError(`verify: --from must be an http(s) URL, got "${from}"`);
	return {
		command: 'verify',
		task,
		state: str('state'),
		initial: str('initial'),
		events: str('events'),
		from,
		timeoutMs: t === undefined ? DEFAULT_TIMEOUT_MS : Number(t)
	};
}

const BareState = z.record(z.string(), z.record(z.string(), z.array(z.unknown())));

function issues(err: z.ZodError): string {
	return err.issues
		.slice(0, 5)
		.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
		.join('; ');
}

function readJson(file: string, what: string): unknown {
	let text: string;
	try {
		text = readFileSync(file, 'utf8');
	} catch (e) {
		throw new UsageError(`${what} ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
	}
	try {
		return JSON.parse(text);
	} catch (e) {
		throw new UsageError(`${what} ${file}: not valid JSON (${(e as Error).message})`);
	}
}

/**
 * Reads a state document: a `salesgym.state` export (strict), or a bare `{gym: {table: [rows]}}`. Gym and
 * table names must be known (gyms/table-names.ts): a misspelled one fails instead of reading as absent.
 * @throws UsageError naming the file and the first invalid paths.
 */
export function parseStateDoc(json: unknown, where: string): { export: StateExportDoc | null; gyms: Record<string, Record<string, unknown[]>> } {
	let out: { export: StateExportDoc | null; gyms: Record<string, Record<string, unknown[]>> };
	if (typeof json === 'object' && json !== null && 'format' in json) {
		const r = StateExportDoc.safeParse(json);
		if (!r.success) throw new UsageError(`${where}: not a valid salesgym.state export: ${issues(r.error)}`);
		out = { export: r.data, gyms: r.data.gyms };
	} else {
		const r = BareState.safeParse(json);
		if (!r.success) throw new UsageError(`${where}: neither a salesgym.state export nor a {gym: {table: [rows]}} state: ${issues(r.error)}`);
		out = { export: null, gyms: r.data };
	}
	const unknown = unknownTables(out.gyms);
	if (unknown.length) throw new UsageError(`${where}: unknown ${unknown.join('; ')}`);
	return out;
}

/**
 * Fetches `<base><gym>.json` for each gym.
 * @throws InfrastructureError when a fetch fails or answers non-2xx; UsageError when a body is not a valid export.
 */
export async function fetchExports(base: string, gyms: readonly string[], fetchFn: typeof fetch = fetch): Promise<StateExportDoc[]> {
	const root = base.endsWith('/') ? base : `${base}/`;
	const out: StateExportDoc[] = [];
	for (const gym of gyms) {
		const url = `${root}${gym}.json`;
		let res: Response;
		try {
			res = await fetchFn(url, { signal: AbortSignal.timeout(30_000) });
		} catch (e) {
			throw new InfrastructureError(`GET ${url} failed: ${(e as Error).message}`, { cause: e });
		}
		if (!res.ok) throw new InfrastructureError(`GET ${url} answered ${res.status}`);
		let json: unknown;
		try {
			json = await res.json();
		} catch (e) {
			throw new UsageError(`${url}: not valid JSON (${(e as Error).message})`);
		}
		const doc = parseStateDoc(json, url);
		if (!doc.export) throw new UsageError(`${url}: expected a salesgym.state export`);
		out.push(doc.export);
	}
	return out;
}

/**
 * `$initial` computed from the blueprint: every gym's `initialTables` for the task's fixtures and clock.
 * @throws InfrastructureError when a gym cannot compute it.
 */
async function initialFromBlueprint(
	bp: Blueprint,
	run: { run_id: string; seed: number },
	gyms: ReadonlySet<string>
): Promise<Record<string, Record<string, unknown[]>>> {
	try {
		const { createGyms } = await import('../gyms/registry');
		const out: Record<string, Record<string, unknown[]>> = {};
		for (const g of createGyms()) {
			if (!gyms.has(g.name)) continue;
			out[g.name] = await g.initialTables({
				run_id: run.run_id,
				task_id: bp.id,
				seed: run.seed,
				clock: bp.clock,
				fixtures: bp.fixtures[g.name as keyof Blueprint['fixtures']]
			});
		}
		return out;
	} catch (e) {
		throw new InfrastructureError(`could not compute $initial for ${bp.id}: ${(e as Error).message}`, { cause: e });
	}
}

/** How long the verifier thread may take to load tsx and jq-web before it counts as failed, ms. */
export const THREAD_BOOT_TIMEOUT_MS = 30_000;

/**
 * Evaluates in a worker thread (`verify-worker.js`), terminated when the evaluation takes longer than
 * `timeoutMs` (counted from the moment the thread has loaded jq).
 * @throws InfrastructureError on a timeout or a thread failure.
 */
export function evaluateInThread(input: VerifyInput, assertions: PlacedAssertion[], timeoutMs: number): Promise<Evaluation> {
	return new Promise((ok, fail) => {
		const worker = new Worker(new URL('./verify-worker.js', import.meta.url), { workerData: { input, assertions } });
		const stop = (err: InfrastructureError | null, result?: Evaluation) => {
			clearTimeout(timer);
			void worker.terminate();
			if (err) fail(err);
			else ok(result!);
		};
		let timer = setTimeout(
			() => stop(new InfrastructureError(`the verifier thread did not load jq within ${THREAD_BOOT_TIMEOUT_MS} ms`)),
			THREAD_BOOT_TIMEOUT_MS
		);
		worker.on('message', (m: 'ready' | Evaluation) => {
			if (m === 'ready') {
				clearTimeout(timer);
				timer = setTimeout(() => stop(new InfrastructureError(`verification timed out after ${timeoutMs} ms (the verifier thread was terminated)`)), timeoutMs);
			} else stop(null, m);
		});
		worker.once('error', (e) => stop(new InfrastructureError(`the verifier thread failed: ${e.message}`, { cause: e })));
	});
}

/** Output streams. */
export interface VerifyIo {
	out: (text: string) => void;
	err: (text: string) => void;
}

/**
 * Runs `salesgym verify`.
 * @returns 0 when the task passed, 1 when it failed.
 * @throws UsageError or BlueprintError (exit 2) on bad input; InfrastructureError (exit 3) on fetch failures and timeouts.
 */
export async function runVerify(cmd: VerifyCommand, io: VerifyIo, fetchFn: typeof fetch = fetch): Promise<number> {
	const dir = relative(process.cwd(), join(ROOT, 'blueprints')) || '.';
	const bp = loadBlueprints(dir).find((b) => b.id === cmd.task);
	if (!bp) throw new UsageError(`verify: unknown task "${cmd.task}"`);
	await assertBlueprintsSound([bp]);
	// Not blueprints/registry's placedAssertions: that module uses Vite's import.meta.glob, absent in plain Node.
	const assertions: PlacedAssertion[] = bp.steps.flatMap((step, index) => step.verifiers.map((a) => ({ ...a, step: index, platform: step.platform })));
	const queries = assertions.map((a) => a.query);

	let local: ExportLike | null = null;
	let bare = false;
	if (cmd.state !== undefined) {
		const doc = parseStateDoc(readJson(cmd.state, '--state'), cmd.state);
		bare = doc.export === null;
		local = doc.export ?? {
			format: 'salesgym.state',
			version: 1,
			run_id: 'local',
			task_id: bp.id,
			seed: 1,
			clock: bp.clock,
			gyms: doc.gyms,
			events: [],
			meta: {}
		};
	}
	if (local && local.task_id !== null && local.task_id !== bp.id) throw new UsageError(`verify: ${cmd.state} is a run of "${local.task_id}", not "${bp.id}"`);
	let others: StateExportDoc[] = [];
	if (cmd.from !== undefined) {
		const missing = bp.platforms.filter((p) => !local || !(p in local.gyms));
		others = await fetchExports(cmd.from, missing, fetchFn);
		if (bare && local && others[0]) local = { ...local, run_id: others[0].run_id, seed: others[0].seed };
	}
	let merged: ExportLike;
	try {
		merged = local ? mergeExports(local, others) : mergeExports(others[0]!, others.slice(1));
	} catch (e) {
		if (e instanceof MergeError) throw new UsageError(`verify: ${e.message}`);
		throw e;
	}
	if (!local && merged.task_id !== null && merged.task_id !== bp.id)
		throw new UsageError(`verify: the exports are a run of "${merged.task_id}", not "${bp.id}"`);
	if (cmd.events !== undefined) {
		const r = z.array(EventRecord).safeParse(readJson(cmd.events, '--events'));
		if (!r.success) throw new UsageError(`${cmd.events}: not an array of events: ${issues(r.error)}`);
		merged = { ...merged, events: r.data };
		// A bare state has no clock of its own: `$now` is then the latest of the blueprint's clock and the events.
		if (bare) merged = { ...merged, clock: [merged.clock, ...r.data.map((e) => e.at)].sort().at(-1)! };
	}
	let initial: Record<string, Record<string, unknown[]>> | null = null;
	if (mentionsVar(queries, 'initial')) {
		initial =
			cmd.initial !== undefined
				? parseStateDoc(readJson(cmd.initial, '--initial'), cmd.initial).gyms
				: await initialFromBlueprint(bp, { run_id: merged.run_id, seed: merged.seed }, new Set(Object.keys(merged.gyms)));
	} else if (cmd.initial !== undefined) parseStateDoc(readJson(cmd.initial, '--initial'), cmd.initial);
	const input = verificationInput(merged, queries, initial);
	const evaluation = await evaluateInThread(input, assertions, cmd.timeoutMs);
	const result: VerifyResult = { run_id: merged.run_id, task_id: bp.id, ...evaluation };
	io.out(`${JSON.stringify(result, null, 2)}\n`);
	const failed = result.assertions.filter((a) => !a.passed).map((a) => a.id);
	io.err(
		`salesgym: ${bp.id}: ${result.passed ? 'passed' : 'failed'} (score ${result.score.toFixed(2)}${failed.length ? `; failing: ${failed.join(', ')}` : ''})\n`
	);
	return result.passed ? 0 : 1;
}
