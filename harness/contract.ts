/**
 * zod schemas of the page/SW control endpoints, as the harness reads them. Strict: a field renamed on
 * either side fails loudly as an InfrastructureError instead of turning into `undefined`.
 */
import { z } from 'zod';
import { Op } from '../verifier/schema';

/** Body of `POST /__salesgym/run`: resets every gym to the task's initial state (base seed when no task). */
export const RunRequest = z.strictObject({
	task_id: z.string().min(1).optional().describe('blueprint id whose fixtures and clock apply'),
	run_id: z.string().min(1).optional().describe('id of the new run; the SW makes one when absent'),
	seed: z.number().int().optional().describe('seed of the run’s generators')
});
export type RunRequest = z.infer<typeof RunRequest>;

/** Answer of `POST /__salesgym/run`. `counts` is the number of rows per gym table (shape owned by the SW). */
export const RunResponse = z.strictObject({
	run_id: z.string().min(1),
	task_id: z.string().nullable(),
	seed: z.union([z.number(), z.string()]),
	clock: z.string().describe('virtual time at reset, UTC ISO-8601'),
	counts: z.unknown()
});
export type RunResponse = z.infer<typeof RunResponse>;

/** One assertion's verdict in a `/verify` answer (mirrors `AssertionResult` of verifier/schema.ts). */
export const AssertionVerdict = z.strictObject({
	id: z.string(),
	step: z.number().int(),
	platform: z.string(),
	op: Op,
	expected: z.unknown(),
	actual: z.unknown().optional(),
	passed: z.boolean(),
	error: z.string().optional(),
	outputs: z.number().int()
});
export type AssertionVerdict = z.infer<typeof AssertionVerdict>;

/** Answer of `POST /verify` (mirrors `VerifyResult` of verifier/schema.ts). `ms` = jq wall time, ms. */
export const VerifyResponse = z.strictObject({
	run_id: z.string(),
	task_id: z.string().nullable(),
	passed: z.boolean(),
	score: z.number().min(0).max(1),
	first_failing_step: z.number().int().nullable(),
	steps: z.array(z.strictObject({ index: z.number().int(), platform: z.string(), passed: z.boolean() })),
	assertions: z.array(AssertionVerdict),
	ms: z.number()
});
export type VerifyResponse = z.infer<typeof VerifyResponse>;
