/**
 * The run-control contract shared by the Service Worker (`sw/run.ts`, `sw/routes.ts`), the page
 * (`src/lib/run-control.ts`) and the harness (`harness/contract.ts`): the body of `POST /__salesgym/run`, the
 * run it answers, and the error envelope of every salesgym (non-vendor) endpoint. Page-safe: imports zod only.
 *
 * These endpoints belong to salesgym, not to any vendor; the vendor APIs under `/api/<gym>/` answer in their
 * own error shapes (see each gym's `contract.ts`).
 */
import { z } from 'zod';

/** The shape of a run id: 1–128 characters of letters, digits, `.`, `_`, `:`, `-`, starting with a letter or digit. */
export const RunId = z
	.string()
	.regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/, '1-128 chars of letters, digits, . _ : -')
	.describe('episode id shared by all gyms; harnesses pass a unique one per episode');

/** Body of `POST /__salesgym/run`: resets every gym to a task's start state (seed + fixtures + clock). */
export const InitRequest = z.strictObject({
	task_id: z.string().min(1).optional().describe('blueprint id; omitted = a sandbox run on the base seed'),
	task: z
		.record(z.string(), z.unknown())
		.optional()
		.describe(
			"an inline task setup (a blueprint's setup fields: id, title, category, business_function, platforms, goal, prompt, start_path, clock, fixtures, actors?), for a task the bundle does not ship, e.g. a template instance made on the fly; validated strictly by the Service Worker"
		),
	run_id: RunId.optional(),
	seed: z.number().int().nonnegative().optional().describe('seed world number; default: the first shipped seed')
});
export type InitRequest = z.infer<typeof InitRequest>;

/**
 * Answer of `POST /__salesgym/run` (and of `PUT /__salesgym/state`): the run now current. `counts` = rows per
 * table per gym after the reset; `actors` = the acting (signed-in) team user id per gym (the blueprint's `actors`, else
 * `1001`).
 */
export const RunInfo = z.strictObject({
	run_id: z.string().min(1).describe('episode id shared by all gyms'),
	task_id: z.string().nullable().describe('blueprint id, null for a sandbox run (base seed, no task)'),
	seed: z.number().int().nonnegative().describe('seed world number; passed back on Reset to re-create the same episode'),
	clock: z.string().describe('virtual time at reset, UTC ISO-8601 ms'),
	counts: z.record(z.string(), z.record(z.string(), z.number().int().nonnegative())).describe('gym → table → rows after the reset'),
	actors: z.record(z.string(), z.string()).describe('gym → id of the team user signed in to that gym for this run, e.g. {"hubspot": "1001"}')
});
export type RunInfo = z.infer<typeof RunInfo>;

/** Answer of `GET /__salesgym/run`: the current run without its row counts (404 when none was started). */
export const CurrentRun = RunInfo.omit({ counts: true });
export type CurrentRun = z.infer<typeof CurrentRun>;

/** Error body of every salesgym endpoint (`/__salesgym/*`, `/verify`): `{status: "error", message}`, with the HTTP status. */
export const ErrorEnvelope = z.strictObject({
	status: z.literal('error').describe('always "error"'),
	message: z.string().min(1).describe('what went wrong, for a human')
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
