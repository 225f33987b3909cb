/**
 * zod schemas of the page/SW control endpoints, as the harness reads them. The fields the harness uses are
 * required and typed, so a field renamed on either side fails loudly as an InfrastructureError instead of
 * turning into `undefined`; verdict fields it does not use are kept as they are (`looseObject`), so a richer
 * verdict (more fields per assertion or step) does not break older harnesses. The run shapes and request bodies
 * are the strict run-control contract (`gyms/kit/contract.ts`).
 */
import { z } from 'zod';
import { InitRequest, RunInfo } from '../gyms/kit/contract';
import { SealReportSchema } from '../verifier/schema';

/** Body of `POST /__salesgym/run` (the run-control contract's strict schema, shared with the SW and the page). */
export const RunRequest = InitRequest;
export type RunRequest = InitRequest;

/**
 * Answer of `POST /__salesgym/run` and `PUT /__salesgym/state`: `{run_id, task_id, seed, clock, counts, actors?}`.
 * The SW's own strict `RunInfo` (one shape for SW, page and harness): a field added on the SW side is added there.
 */
export const RunResponse = RunInfo;
export type RunResponse = RunInfo;

/** One assertion's verdict in a `/verify` answer: `{id, step, platform, op, expected, actual?, passed, error?, outputs, …}`. */
export const AssertionVerdict = z.looseObject({
	id: z.string(),
	step: z.number().int(),
	platform: z.string(),
	op: z.string(),
	expected: z.unknown(),
	actual: z.unknown().optional(),
	passed: z.boolean(),
	error: z.string().optional(),
	outputs: z.number().int().nonnegative().optional()
});
export type AssertionVerdict = z.infer<typeof AssertionVerdict>;

/** One step's verdict: `{index, platform, passed, …}`. */
export const StepVerdict = z.looseObject({ index: z.number().int(), platform: z.string(), passed: z.boolean() });
export type StepVerdict = z.infer<typeof StepVerdict>;

/**
 * Answer of `POST /verify`: `{run_id, task_id, passed, score (0..1), first_failing_step, steps, assertions, ms?, …}`.
 * An answer with `status: "error"` is an infrastructure error (the verifier could not run), never a score.
 */
export const VerifyResponse = z.looseObject({
	run_id: z.string(),
	task_id: z.string().nullable(),
	passed: z.boolean(),
	score: z.number().min(0).max(1),
	first_failing_step: z.number().int().nullable(),
	steps: z.array(StepVerdict),
	assertions: z.array(AssertionVerdict),
	ms: z.number().nonnegative().optional(),
	seal: SealReportSchema.optional().describe('whether the run stayed sealed (README "Sealed episodes")')
});
export type VerifyResponse = z.infer<typeof VerifyResponse>;

/**
 * Bound the harness gives each of its verifications, ms (`timeout_ms`; the verifier's own default is 5,000). A
 * verification takes 0.2–1 s here, but 8 parallel contexts on a loaded 2-core machine once took over 5 s on a
 * 9-assertion task: that is load, and a 504 would cost the whole episode a retry. A runaway query is still stopped.
 */
export const HARNESS_VERIFY_TIMEOUT_MS = 30_000;
