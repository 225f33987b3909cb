/**
 * Client of salesgym's run-control API (served by the Service Worker, not part of any vendor): the task
 * catalogue, starting/resetting a run, and verification. Used by the launcher page only.
 *
 * Functions resolve (never throw) to `{ok: true, data}` or `{ok: false, status, message}`; `status` 0 means
 * no response (e.g. the Service Worker is not in control).
 */
import { z } from 'zod';
import type { Blueprint, Platform } from '$blueprints/schema';
import type { CurrentRun, ErrorEnvelope, InitRequest, RunInfo } from '$gyms/kit/contract';
import { apiJson } from '$lib/runtime';
import type { AssertionResult, VerifyResult } from '$verifier/schema';

/** One task of the catalogue (`GET /__salesgym/tasks`): a summary of its blueprint. */
export type TaskSummary = Pick<Blueprint, 'id' | 'title' | 'category' | 'business_function' | 'platforms' | 'goal' | 'prompt' | 'start_path'>;

/** The run started or reset (`POST /__salesgym/run`), with its row counts: the run-control contract's shape. */
export type { RunInfo };

/** The current run as `GET /__salesgym/run` answers it (no row counts). */
export type { CurrentRun };

/** Verdict of one assertion in a verify result (the verifier's schema). */
export type AssertionVerdict = AssertionResult;

/** Body of `POST /verify`'s answer: `passed` iff every assertion passed; `score` in 0..1. */
export type VerifyOutcome = VerifyResult;

/** Outcome of a run-control call. */
export type ControlResult<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

/** The message of an error answer: the {@link ErrorEnvelope}'s `message` (other shapes' `error`/`title`/`detail` as fallbacks). */
function messageOf(body: unknown, status: number): string {
	if (typeof body === 'object' && body !== null) {
		const b = body as Partial<ErrorEnvelope> & Record<string, unknown>;
		for (const key of ['message', 'error', 'title', 'detail']) if (typeof b[key] === 'string' && b[key]) return b[key];
	}
	return `Unexpected response (HTTP ${status}).`;
}

async function call<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<ControlResult<T>> {
	const r = await apiJson<T>(path, init);
	if (r.ok) return r;
	return { ok: false, status: r.status, message: r.networkError ?? messageOf(r.body, r.status) };
}

/** `GET /__salesgym/tasks`: every task the launcher can start. */
export function listTasks(): Promise<ControlResult<{ tasks: TaskSummary[] }>> {
	return call('/__salesgym/tasks');
}

/**
 * `POST /__salesgym/run`: resets the gyms to the task's start state (seed + fixtures + clock) under `run_id`.
 * @param body `task_id` to start; `run_id` chosen by the caller; `seed` to replay a previous episode.
 */
export function startRun(body: z.input<typeof InitRequest>): Promise<ControlResult<RunInfo>> {
	return call('/__salesgym/run', { method: 'POST', json: body });
}

/** `GET /__salesgym/run`: the current run; status 404 when none was started. */
export function getCurrentRun(): Promise<ControlResult<CurrentRun>> {
	return call('/__salesgym/run');
}

/**
 * `POST /verify` `{run_id, task_id, steps}`: scores the current state against the task's assertions. The Service
 * Worker ships no verifiers, so the launcher reads them from the demo server's task file first ({@link demoTaskSteps}).
 */
export async function verifyRun(body: { run_id: string; task_id: string }): Promise<ControlResult<VerifyOutcome>> {
	const steps = await demoTaskSteps(body.task_id);
	if (!steps.ok) return steps;
	return call('/verify', { method: 'POST', json: { ...body, steps: steps.data.map((s) => ({ platform: s.platform, verifiers: s.verifiers })) } });
}

/** What the launcher shows of one assertion next to its verdict: the blueprint's own words. */
export interface AssertionInfo {
	/** Assertion id, unique in the blueprint (the verdict's `assertions[].id`). */
	id: string;
	/** What is checked, for humans (the blueprint's `description`). */
	description: string;
	/** Step index, from 0 (as in the verdict). */
	step: number;
	/** The step's objective (what it achieves, in business terms). */
	objective: string;
	/** The step's platform. */
	platform: Platform;
}

/**
 * One task of the demo's task file (`GET /demo/tasks.json`, served by `salesgym serve` only, never by a sealed
 * server): per step its platform, objective and verifiers. The verifiers are passed on to `/verify` as they are
 * (it validates them); what the launcher shows must be there with the right type, or the call fails.
 */
const DemoTask = z.object({
	id: z.string(),
	steps: z.array(
		z.object({
			platform: z.enum(['hubspot', 'outreach', 'calendly', 'salesnav'] as const satisfies readonly Platform[]),
			objective: z.string(),
			verifiers: z.array(z.looseObject({ id: z.string(), description: z.string() }))
		})
	)
});
type DemoTask = z.infer<typeof DemoTask>;

const DemoTasks = z.object({ tasks: z.array(DemoTask) });

/** Path of the demo's task file (the demo server's, sw/paths.ts `DEMO_TASKS_PATH`). */
export const DEMO_TASKS_URL = '/demo/tasks.json';

let demoTasks: Promise<ControlResult<DemoTask[]>> | null = null;

/**
 * The steps of a task from the demo's task file (fetched once per page). A demo feature of the launcher: the
 * gym's own screens never read it, and a sealed episode cannot (its server does not serve it, its Service Worker
 * refuses it).
 * @returns `{ok: true, data: steps}`, or `{ok: false}` when the file is unavailable (status as answered), has an
 *   unexpected shape (status 200, the message names the first bad path) or lacks the task (status 404).
 */
export async function demoTaskSteps(taskId: string): Promise<ControlResult<DemoTask['steps']>> {
	demoTasks ??= call<unknown>(DEMO_TASKS_URL).then((r): ControlResult<DemoTask[]> => {
		if (!r.ok) return { ...r, message: `the demo's task file (${DEMO_TASKS_URL}) is unavailable: ${r.message}` };
		const parsed = DemoTasks.safeParse(r.data);
		if (!parsed.success) {
			const issue = parsed.error.issues[0];
			return { ok: false, status: 200, message: `Unexpected task file: ${issue?.path.join('.')}: ${issue?.message}` };
		}
		return { ok: true, data: parsed.data.tasks };
	});
	const all = await demoTasks;
	if (!all.ok) {
		demoTasks = null; // retried on the next call
		return all;
	}
	const task = all.data.find((t) => t.id === taskId);
	return task ? { ok: true, data: task.steps } : { ok: false, status: 404, message: `the demo's task file has no task "${taskId}"` };
}

/**
 * The descriptions of a task's assertions, in step order, read from the demo's task file ({@link demoTaskSteps}).
 * A demo feature of the launcher (it shows what each verdict line checks); the gym's own screens never show them.
 * @param taskId a blueprint id, e.g. `hubspot/inbound-demo-request-v1`.
 * @returns `{ok: true, data: AssertionInfo[]}`, or the failure of {@link demoTaskSteps}.
 */
export async function getTaskAssertions(taskId: string): Promise<ControlResult<AssertionInfo[]>> {
	const r = await demoTaskSteps(taskId);
	if (!r.ok) return r;
	return {
		ok: true,
		data: r.data.flatMap((s, step) => s.verifiers.map((v) => ({ id: v.id, description: v.description, step, objective: s.objective, platform: s.platform })))
	};
}
