/**
 * Verifier schemas: assertions, verify requests and results. Pure (no DOM, no Dexie): runs in a Web Worker,
 * in the Service Worker and in Node.
 */
import { z } from 'zod';

/** Operators of the assertion language (walking-skeleton set). */
export const OPS = ['eq', 'neq', 'exists', 'in', 'gte', 'lte', 'contains', 'matches'] as const;
export const Op = z.enum(OPS);
export type Op = z.infer<typeof Op>;

/**
 * One assertion: a jq `query` over the state (`.hubspot.contacts`, …) that must yield exactly one JSON value,
 * compared to `expected` with `op`.
 * - eq / neq: deep, type-aware equality (`"1"` ≠ `1`, `null` ≠ `false`).
 * - exists: the value is not null (expected is not allowed).
 * - in: the value deep-equals one element of `expected` (an array).
 * - gte / lte: both numbers, or both strings (compared by code unit, e.g. ISO-8601 timestamps).
 * - contains: string ⊇ substring, or array ∋ element (deep); never on numbers.
 * - matches: the value is a string matching the regex `expected` (JavaScript syntax, unanchored).
 */
export const Assertion = z
	.strictObject({
		id: z.string().regex(/^[a-z0-9][a-z0-9_.-]*$/, 'assertion ids are lowercase slugs').describe('unique in the blueprint'),
		description: z.string().min(1).describe('what is checked, for humans'),
		query: z.string().min(1).describe('jq program; input is the state `{hubspot: {contacts: [...], ...}}`'),
		op: Op,
		expected: z.unknown().optional().describe('JSON value compared with the query result')
	})
	.superRefine((a, ctx) => {
		if (a.op === 'exists') {
			if (a.expected !== undefined) ctx.addIssue({ code: 'custom', path: ['expected'], message: '"exists" takes no expected value' });
			return;
		}
		if (a.expected === undefined) {
			ctx.addIssue({ code: 'custom', path: ['expected'], message: `"${a.op}" needs an expected value` });
			return;
		}
		if (a.op === 'in' && !Array.isArray(a.expected)) ctx.addIssue({ code: 'custom', path: ['expected'], message: '"in" needs an array' });
		if ((a.op === 'gte' || a.op === 'lte') && typeof a.expected !== 'number' && typeof a.expected !== 'string') {
			ctx.addIssue({ code: 'custom', path: ['expected'], message: `"${a.op}" needs a number or a string` });
		}
		if (a.op === 'matches') {
			if (typeof a.expected !== 'string') ctx.addIssue({ code: 'custom', path: ['expected'], message: '"matches" needs a regex string' });
			else {
				try {
					new RegExp(a.expected);
				} catch (e) {
					ctx.addIssue({ code: 'custom', path: ['expected'], message: `invalid regex: ${(e as Error).message}` });
				}
			}
		}
	});
export type Assertion = z.infer<typeof Assertion>;

/** An assertion with its place in a blueprint (step index, 0-based, and the step's platform). */
export interface PlacedAssertion extends Assertion {
	/** 0-based index of the blueprint step; 0 for inline assertions. */
	step: number;
	/** Platform of that step, e.g. `"hubspot"`. */
	platform: string;
}

/** Body of `POST /verify`: a task's assertions (`task_id`) or inline `assertions`, for the current run. */
export const VerifyRequest = z
	.strictObject({
		run_id: z.string().min(1).describe('must equal the current run'),
		task_id: z.string().min(1).optional(),
		assertions: z.array(Assertion).min(1).optional()
	})
	.refine((r) => (r.task_id === undefined) !== (r.assertions === undefined), {
		message: 'give exactly one of task_id or assertions'
	})
	.refine((r) => new Set(r.assertions?.map((a) => a.id)).size === (r.assertions?.length ?? 0), {
		message: 'assertion ids must be unique',
		path: ['assertions']
	});
export type VerifyRequest = z.infer<typeof VerifyRequest>;

/** Per-assertion verdict. `actual` is the single value the query yielded (absent when it yielded 0 or ≥2). */
export const AssertionResult = z.strictObject({
	id: z.string(),
	step: z.number().int().describe('0-based blueprint step index'),
	platform: z.string(),
	op: Op,
	expected: z.unknown(),
	actual: z.unknown().optional().describe('the query’s single value; absent when it yielded 0 or ≥2 values or jq failed'),
	actual_truncated: z.literal(true).optional().describe('set when `actual` is a string preview of a value longer than 2,048 chars'),
	passed: z.boolean(),
	error: z.string().optional().describe('why it failed other than a mismatch: jq error text, "query yielded N values (expected exactly 1)", or a type mismatch'),
	outputs: z.number().int().nonnegative().describe('how many values the query yielded')
});
export type AssertionResult = z.infer<typeof AssertionResult>;

/** Per-step verdict: a step passes iff all its assertions pass. */
export const StepResult = z.strictObject({ index: z.number().int(), platform: z.string(), passed: z.boolean() });
export type StepResult = z.infer<typeof StepResult>;

/**
 * The verdict of one verification (`POST /verify`). `passed` iff every assertion passed; `score` =
 * passed / total (0..1); `first_failing_step` is the lowest step index with a failing assertion, or null;
 * `ms` is the jq evaluation's wall time.
 */
export const VerifyResult = z.strictObject({
	run_id: z.string(),
	task_id: z.string().nullable(),
	passed: z.boolean(),
	score: z.number().min(0).max(1),
	first_failing_step: z.number().int().nullable(),
	steps: z.array(StepResult),
	assertions: z.array(AssertionResult),
	ms: z.number().nonnegative()
});
export type VerifyResult = z.infer<typeof VerifyResult>;
