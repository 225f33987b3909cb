/**
 * The strict schema of one gym's slice of a state export (`{tables, meta, events}`), shared by all four gyms so
 * that an import is validated the same way everywhere (sw/run.ts `importRun` → `Gym.importState`).
 */
import { z } from 'zod';

/** UTC ISO-8601 with milliseconds: the run clock and event times of every gym (Calendly's µs rows aside). */
const RunTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, 'UTC ISO-8601 with milliseconds');

/** {@link import('./types').RunMeta}: the persisted run metadata of a gym. */
export const RunMetaSchema = z.strictObject({
	key: z.literal('run'),
	run_id: z.string().min(1).describe('episode id shared by all gyms'),
	task_id: z.string().nullable().describe('blueprint id, null for a sandbox run'),
	seed: z.number().int().nonnegative().describe('seed world number'),
	clock: RunTime.describe('virtual time, UTC ISO-8601 ms'),
	seq: z.number().int().nonnegative().describe('committed state changes so far'),
	next_ids: z.record(z.string(), z.number().int().positive()).describe('next id per object type')
});

/** {@link import('./types').GymEvent} of the gym `gym`: one state-changing API call. */
export function gymEventSchema(gym: string) {
	return z.strictObject({
		seq: z.number().int().positive().describe('1-based, per gym, in commit order'),
		at: RunTime.describe('virtual time of the call, UTC ISO-8601 ms'),
		gym: z.literal(gym),
		method: z.string(),
		path: z.string().describe('vendor path'),
		status: z.number().int().describe('HTTP status answered'),
		entity: z.string().describe('object type changed'),
		id: z.string().describe('id of the object changed')
	});
}

/**
 * The strict schema of gym `gym`'s export slice: its strict state schema for `tables`, the run meta and its events.
 * @param tables the gym's state schema (a `z.strictObject` of its tables).
 */
export function gymExportSchema<T extends z.ZodType>(gym: string, tables: T) {
	return z.strictObject({ tables, meta: RunMetaSchema, events: z.array(gymEventSchema(gym)) });
}
