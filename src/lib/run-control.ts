/**
 * Client of salesgym's run-control API (served by the Service Worker, not part of any vendor): the task
 * catalogue, starting/resetting a run, and verification. Used by the launcher page only.
 *
 * Functions resolve (never throw) to `{ok: true, data}` or `{ok: false, status, message}`; `status` 0 means
 * no response (e.g. the Service Worker is not in control).
 */
import type { Blueprint } from '$blueprints/schema';
import { apiJson } from '$lib/runtime';
import type { AssertionResult, VerifyResult } from '$verifier/schema';

/** One task of the catalogue (`GET /__salesgym/tasks`): a summary of its blueprint. */
export type TaskSummary = Pick<Blueprint, 'id' | 'title' | 'category' | 'business_function' | 'platforms' | 'goal' | 'prompt' | 'start_path'>;

/** The current run (`POST|GET /__salesgym/run`). */
export interface RunInfo {
	run_id: string;
	/** The task's id, or `null` for a sandbox run (base seed, no task: opened by using a gym before any start). */
	task_id: string | null;
	/** Seed world number of the run; passed back on Reset to re-create the same episode. */
	seed: number;
	/** Virtual clock at reset, UTC ISO-8601. */
	clock: string;
	/** Rows per table after reset (shape owned by the gym). */
	counts?: unknown;
}

/** Verdict of one assertion in a verify result (the verifier's schema). */
export type AssertionVerdict = AssertionResult;

/** Body of `POST /verify`'s answer: `passed` iff every assertion passed; `score` in 0..1. */
export type VerifyOutcome = VerifyResult;

/** Outcome of a run-control call. */
export type ControlResult<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

function messageOf(body: unknown, status: number): string {
	if (typeof body === 'object' && body !== null) {
		const b = body as Record<string, unknown>;
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
export function startRun(body: { task_id?: string; run_id?: string; seed?: number }): Promise<ControlResult<RunInfo>> {
	return call('/__salesgym/run', { method: 'POST', json: body });
}

/** `GET /__salesgym/run`: the current run; status 404 when none was started. */
export function getCurrentRun(): Promise<ControlResult<RunInfo>> {
	return call('/__salesgym/run');
}

/** `POST /verify` `{run_id, task_id}`: scores the current state against the task's assertions. */
export function verifyRun(body: { run_id: string; task_id: string }): Promise<ControlResult<VerifyOutcome>> {
	return call('/verify', { method: 'POST', json: body });
}
