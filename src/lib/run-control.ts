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

/** `POST /verify` `{run_id, task_id}`: scores the current state against the task's assertions. */
export function verifyRun(body: { run_id: string; task_id: string }): Promise<ControlResult<VerifyOutcome>> {
	return call('/verify', { method: 'POST', json: body });
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
 * The part of `GET /__salesgym/tasks/<id>` (the whole blueprint) that the launcher reads. Deliberately not
 * strict: the answer carries every other blueprint field too (oracle actions, fixtures, queries), which the
 * launcher neither needs nor checks; what it reads must be there with the right type, or the call fails.
 */
const TaskAssertionsAnswer = z.object({
	id: z.string(),
	steps: z.array(
		z.object({
			platform: z.enum(['hubspot', 'outreach', 'calendly', 'salesnav'] as const satisfies readonly Platform[]),
			objective: z.string(),
			verifiers: z.array(z.object({ id: z.string(), description: z.string() }))
		})
	)
});

/**
 * The descriptions of a task's assertions, in step order, read from `GET /__salesgym/tasks/<id>`. A demo
 * feature of the launcher (it shows what each verdict line checks); the gym's own screens never show them.
 * @param taskId a blueprint id, e.g. `hubspot/inbound-demo-request-v1`.
 * @returns `{ok: true, data: AssertionInfo[]}`, or `{ok: false}` on a non-2xx answer or an answer without
 * `steps[].verifiers[].{id, description}` (status 200, the message names the first bad path).
 */
export async function getTaskAssertions(taskId: string): Promise<ControlResult<AssertionInfo[]>> {
	const r = await call<unknown>(`/__salesgym/tasks/${encodeURIComponent(taskId)}`);
	if (!r.ok) return r;
	const parsed = TaskAssertionsAnswer.safeParse(r.data);
	if (!parsed.success) {
		const issue = parsed.error.issues[0];
		return { ok: false, status: 200, message: `Unexpected task document: ${issue?.path.join('.')}: ${issue?.message}` };
	}
	return {
		ok: true,
		data: parsed.data.steps.flatMap((s, step) =>
			s.verifiers.map((v) => ({ id: v.id, description: v.description, step, objective: s.objective, platform: s.platform }))
		)
	};
}
