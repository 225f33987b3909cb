/**
 * Verifier schemas: assertions, verify requests and results. Pure (no DOM, no Dexie): runs in a Web Worker,
 * in the Service Worker and in Node.
 */
import { z } from 'zod';
import { lintAssertion } from './lint';
import { parseIso } from './time';

/** Operators of the assertion language (README "Verifier" documents each one with an example). */
export const OPS = [
	'eq',
	'neq',
	'gt',
	'gte',
	'lt',
	'lte',
	'in',
	'not_in',
	'contains',
	'not_contains',
	'matches',
	'exists',
	'not_exists',
	'count_eq',
	'count_gte',
	'count_lte',
	'set_eq',
	'subset',
	'approx',
	'before',
	'after',
	'within',
	'truthy',
	'falsy'
] as const;
export const Op = z.enum(OPS);
export type Op = z.infer<typeof Op>;

/** Operators that take no `expected` (they test the value alone). */
export const UNARY_OPS: readonly Op[] = ['exists', 'not_exists', 'truthy', 'falsy'];
/** Operators that need a `tolerance` (approx: same unit as the numbers; within: seconds). */
export const TOLERANCE_OPS: readonly Op[] = ['approx', 'within'];

/** Default time bound of one verification, ms. */
export const DEFAULT_TIMEOUT_MS = 5000;

/**
 * One assertion: a jq `query` over the state (`.hubspot.contacts`, …, plus `$initial`, `$events`, `$now`) that
 * must yield exactly one JSON value, compared to `expected` with `op`. Comparison is type-aware and never
 * coerces (`"12,000"` ≠ `12000`, null ≠ 0 ≠ false). See `compare.ts` for each operator's rule.
 * `weight` counts toward the score; `gating` assertions decide `passed` (task and step).
 */
export const Assertion = z
	.strictObject({
		id: z
			.string()
			.regex(/^[a-z0-9][a-z0-9_.-]*$/, 'assertion ids are lowercase slugs')
			.describe('unique in the blueprint'),
		description: z.string().min(1).describe('what is checked, for humans'),
		query: z.string().min(1).describe('jq program; input is the state `{hubspot: {contacts: [...], ...}}`; $initial, $events, $now are bound'),
		op: Op,
		expected: z.unknown().optional().describe('JSON value compared with the query result (absent for exists, not_exists, truthy, falsy)'),
		weight: z
			.number()
			.nonnegative()
			.finite()
			.default(1)
			.describe('share of the score, relative to the other assertions (default 1); 0 exactly when `holds_at_reset` is true'),
		holds_at_reset: z
			.literal(true)
			.optional()
			.describe(
				'true: a guard that holds on the initial state by design (collateral, compliance: "nobody opted out was emailed"); it must pass at reset, carries weight 0 and may still gate'
			),
		gating: z.boolean().default(true).describe('true: the task and its step fail when this fails (default); false: it only lowers the score'),
		tolerance: z.number().nonnegative().finite().optional().describe('approx: allowed |actual − expected|; within: allowed distance in seconds')
	})
	.superRefine((a, ctx) => {
		const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
		if (a.holds_at_reset === true && a.weight !== 0)
			issue('weight', 'an assertion that holds at reset (holds_at_reset: true) rewards doing nothing unless its weight is 0: write "weight": 0');
		if (a.holds_at_reset !== true && a.weight === 0)
			issue('weight', 'weight 0 is only for guards that hold at reset: mark it "holds_at_reset": true, or give it a positive weight');
		if (TOLERANCE_OPS.includes(a.op)) {
			if (a.tolerance === undefined) issue('tolerance', `"${a.op}" needs a tolerance`);
		} else if (a.tolerance !== undefined) issue('tolerance', `"${a.op}" takes no tolerance (only approx and within do)`);
		if (UNARY_OPS.includes(a.op)) {
			if (a.expected !== undefined) issue('expected', `"${a.op}" takes no expected value`);
			return;
		}
		if (a.expected === undefined) return issue('expected', `"${a.op}" needs an expected value`);
		const e = a.expected;
		switch (a.op) {
			case 'in':
			case 'not_in':
			case 'set_eq':
			case 'subset':
				if (!Array.isArray(e)) issue('expected', `"${a.op}" needs an array`);
				break;
			case 'gt':
			case 'gte':
			case 'lt':
			case 'lte':
				if (typeof e !== 'number' && typeof e !== 'string') issue('expected', `"${a.op}" needs a number or a string`);
				break;
			case 'count_eq':
			case 'count_gte':
			case 'count_lte':
				if (typeof e !== 'number' || !Number.isInteger(e) || e < 0) issue('expected', `"${a.op}" needs a non-negative integer`);
				break;
			case 'approx':
				if (typeof e !== 'number') issue('expected', '"approx" needs a number');
				break;
			case 'before':
			case 'after':
			case 'within':
				if (typeof e !== 'string' || parseIso(e) === null)
					issue('expected', `"${a.op}" needs an ISO-8601 timestamp with a zone (e.g. "2026-03-02T14:30:00.000Z")`);
				break;
			case 'matches':
				if (typeof e !== 'string') issue('expected', '"matches" needs a regex string');
				else {
					try {
						new RegExp(e);
					} catch (err) {
						issue('expected', `invalid regex: ${(err as Error).message}`);
					}
				}
				break;
			case 'contains':
			case 'not_contains':
				if (typeof e === 'number') issue('expected', `"${a.op}" never tests numbers (substring tests on numbers are meaningless); compare with eq`);
				break;
		}
	});
/** A parsed assertion (defaults applied). */
export type Assertion = z.infer<typeof Assertion>;
/** An assertion as written (weight and gating optional). */
export type AssertionInput = z.input<typeof Assertion>;

/** An assertion with its place in a blueprint (step index, 0-based, and the step's platform). */
export interface PlacedAssertion extends Assertion {
	/** 0-based index of the blueprint step; 0 for inline assertions. */
	step: number;
	/** Platform of that step, e.g. `"hubspot"`; `"inline"` for inline assertions. */
	platform: string;
}

/** One logged state change (the `$events` element), as `gyms/types.ts` GymEvent. */
export const EventRecord = z.strictObject({
	seq: z.number().describe('1-based per gym'),
	run_seq: z.number().int().positive().optional().describe('run-wide order over every gym of one deployment (export version 2+; absent in version 1)'),
	at: z.string().describe('virtual time, UTC ISO-8601 ms'),
	gym: z.string(),
	method: z.string(),
	path: z.string(),
	status: z.number(),
	entity: z.string(),
	id: z.string()
});

/**
 * A canonical state export (`GET /__salesgym/state`, or one gym's `/state/<run_id>/<gym>.json`): the same
 * shape as `StateExport` in sw/run.ts, repeated here because the verifier may not import the SW.
 */
export const StateExportDoc = z.strictObject({
	format: z.literal('salesgym.state'),
	version: z.union([z.literal(1), z.literal(2)]).describe('1: no run_seq, no actor; 2: events and meta carry run_seq, meta carries actor'),
	run_id: z.string().min(1),
	task_id: z.string().nullable(),
	seed: z.number().int().nonnegative(),
	clock: z.string().describe('latest virtual time over the gyms, UTC ISO-8601 ms'),
	gyms: z.record(z.string(), z.record(z.string(), z.array(z.unknown()))).describe('gym → table → rows'),
	events: z.array(EventRecord).describe('ordered by (at, gym, seq)'),
	meta: z.record(
		z.string(),
		z.strictObject({
			clock: z.string(),
			seq: z.number(),
			next_ids: z.record(z.string(), z.number()),
			run_seq: z.number().int().nonnegative().optional().describe('the last run_seq this gym committed (version 2+)'),
			actor: z.string().optional().describe('acting team user id (version 2+)')
		})
	)
});
export type StateExportDoc = z.infer<typeof StateExportDoc>;

/**
 * A task's verifiers as the harness sends them to `POST /verify` (`steps`, with `task_id`): per blueprint step, in
 * step order, its platform and its assertions. The Service Worker ships no verifiers (README "Sealed episodes").
 */
export const VerifySteps = z
	.array(z.strictObject({ platform: z.string().min(1), verifiers: z.array(Assertion) }))
	.min(1)
	.describe('the task’s steps in order: each step’s platform and verifiers');
export type VerifySteps = z.infer<typeof VerifySteps>;

/**
 * Body of `POST /verify`: a task's assertions (`task_id`, with the task's `steps` when the Service Worker has no
 * verifiers for it) or inline `assertions`, for the current run.
 * `states`: exports of the run's gyms served on other origins (same run_id), merged with the local state.
 * `timeout_ms`: time bound of the verification (default 5,000 ms).
 */
export const VerifyRequest = z
	.strictObject({
		run_id: z.string().min(1).describe('must equal the current run'),
		task_id: z.string().min(1).optional(),
		assertions: z.array(Assertion).min(1).optional(),
		steps: VerifySteps.optional(),
		states: z.array(StateExportDoc).optional().describe('exports of the run’s other gyms (other origins); same run_id, no gym twice'),
		timeout_ms: z.number().int().min(1).max(600_000).optional().describe('time bound of the verification, ms (default 5000)')
	})
	.refine((r) => (r.task_id === undefined) !== (r.assertions === undefined), {
		message: 'give exactly one of task_id or assertions'
	})
	.refine((r) => r.steps === undefined || r.task_id !== undefined, { message: 'steps go with task_id', path: ['steps'] })
	.refine((r) => new Set(r.steps?.flatMap((s) => s.verifiers.map((a) => a.id))).size === (r.steps?.flatMap((s) => s.verifiers).length ?? 0), {
		message: 'assertion ids must be unique',
		path: ['steps']
	})
	.refine((r) => new Set(r.assertions?.map((a) => a.id)).size === (r.assertions?.length ?? 0), {
		message: 'assertion ids must be unique',
		path: ['assertions']
	})
	.superRefine((r, ctx) => {
		// The verifier lint (lint.ts) over inline assertions, except `literal-date`: inline assertions have no
		// blueprint clock or fixtures to allow dates from.
		r.assertions?.forEach((a, i) => {
			for (const f of lintAssertion(a, { clock: '' }))
				if (f.rule !== 'literal-date') ctx.addIssue({ code: 'custom', path: ['assertions', i, 'query'], message: `lint ${f.rule}: ${f.message}` });
		});
	});
export type VerifyRequest = z.infer<typeof VerifyRequest>;

/** Per-assertion verdict. `actual` is the single value the query yielded (absent when it yielded 0 or ≥2). */
export const AssertionResult = z.strictObject({
	id: z.string(),
	step: z.number().int().describe('0-based blueprint step index'),
	platform: z.string(),
	op: Op,
	expected: z.unknown(),
	weight: z.number().nonnegative().describe('0 for a guard that holds at reset'),
	gating: z.boolean(),
	actual: z.unknown().optional().describe('the query’s single value; absent when it yielded 0 or ≥2 values or jq failed'),
	actual_truncated: z.literal(true).optional().describe('set when `actual` is a string preview of a value longer than 2,048 chars'),
	passed: z.boolean(),
	error: z
		.string()
		.optional()
		.describe('why it failed other than a mismatch: jq error text, "query yielded N values (expected exactly 1)", or a type mismatch'),
	outputs: z.number().int().nonnegative().describe('how many values the query yielded'),
	ms: z.number().nonnegative().describe('time of this query inside the jq program, ms (jq clock, 1 ms resolution)')
});
export type AssertionResult = z.infer<typeof AssertionResult>;

/** One breach of an episode's seal (sw/seal.ts `SealViolation`). */
export const SealViolationSchema = z.strictObject({
	kind: z.enum(['control_without_secret', 'import', 'write_outside_api']),
	method: z.string().describe('HTTP method of the request, or "-" for write_outside_api'),
	path: z.string().describe('path of the request, or the gym whose run metadata changed'),
	detail: z.string().optional()
});

/** The seal in a verdict (sw/seal.ts `SealReport`): `intact` iff the run was sealed by a harness and nothing broke it. */
export const SealReportSchema = z.strictObject({
	sealed: z.boolean(),
	intact: z.boolean(),
	violation_count: z.number().int().nonnegative(),
	violations: z.array(SealViolationSchema)
});

/** Per-step verdict: a step passes iff all its gating assertions pass. */
export const StepResult = z.strictObject({ index: z.number().int(), platform: z.string(), passed: z.boolean() });
export type StepResult = z.infer<typeof StepResult>;

/**
 * The verdict of one verification (`POST /verify`). `passed` iff every gating assertion passed; `score` =
 * weight of the passed assertions / total weight (0..1); `first_failing_step` is the lowest step index with a
 * failing gating assertion, or null; `ms` is the jq evaluation's wall time.
 */
export const VerifyResult = z.strictObject({
	run_id: z.string(),
	task_id: z.string().nullable(),
	passed: z.boolean(),
	score: z.number().min(0).max(1),
	first_failing_step: z.number().int().nullable(),
	steps: z.array(StepResult),
	assertions: z.array(AssertionResult),
	ms: z.number().nonnegative(),
	timing: z
		.strictObject({
			export_ms: z.number().nonnegative().describe('reading the tables the queries need from IndexedDB and merging the other gyms’ exports'),
			prepare_ms: z.number().nonnegative().describe('computing $initial and serializing the verifier input'),
			verifier_ms: z.number().nonnegative().describe('the round trip to the page’s verifier worker (includes `ms`)'),
			tables_serialized: z
				.number()
				.int()
				.nonnegative()
				.optional()
				.describe('tables read and serialized afresh; the others were unchanged since the last export and reused from memory'),
			state_bytes: z.number().int().nonnegative().optional().describe('size of the state handed to the verifier, UTF-8 bytes (transferred, not copied)')
		})
		.optional()
		.describe('where the time went in the SW, ms (set by POST /verify)'),
	seal: SealReportSchema.optional().describe('whether the run stayed sealed (set by POST /verify; README "Sealed episodes")')
});
export type VerifyResult = z.infer<typeof VerifyResult>;

/** The verifier's answer when it could not judge (timeout, abort, worker crash): an infrastructure error, never a fail. */
export interface VerifyError {
	status: 'error';
	/**
	 * `timeout`: the time bound passed; `aborted`: the caller cancelled; `crashed`: the worker failed;
	 * `missing-tables`: the input names tables as held that the worker does not hold (the Service Worker sends them again).
	 */
	kind: 'timeout' | 'aborted' | 'crashed' | 'missing-tables';
	message: string;
}
