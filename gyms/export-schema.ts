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
	run_seq: z.number().int().nonnegative().describe('last run-wide sequence number this gym committed (0 after a reset)'),
	next_ids: z.record(z.string(), z.number().int().positive()).describe('next id per object type'),
	actor: z.string().regex(/^\d+$/).describe('acting (logged-in) team user id of the seed world, e.g. "1001"')
});

/** {@link import('./types').GymEvent} of the gym `gym`: one state-changing API call. */
export function gymEventSchema(gym: string) {
	return z.strictObject({
		seq: z.number().int().positive().describe('1-based, per gym, in commit order'),
		run_seq: z.number().int().positive().describe('run-wide order over the gyms of one deployment (origin), gaps allowed'),
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

/**
 * Validates one gym's export slice before an import: the strict schema, then (optionally) the references.
 * @param dangling returns the references that do not resolve, as text (gyms' `integrity.ts` `danglingRefs`).
 * @param refWord what the vendor calls a reference in the message (`reference`; Outreach: `relationship`).
 * @returns the parsed slice.
 * @throws Error `gyms.<gym>: <path>: <message>` for the first schema issue, or
 *   `gyms.<gym>: tables: a <refWord> does not resolve: <first>`; nothing has been written then.
 */
export function parseGymExport<T extends z.ZodType>(
	gym: string,
	schema: T,
	snapshot: unknown,
	dangling?: (tables: Record<string, unknown[]>) => string[],
	refWord = 'reference'
): z.infer<T> {
	const parsed = schema.safeParse(snapshot);
	if (!parsed.success) {
		const issue = parsed.error.issues[0];
		throw new Error(`gyms.${gym}: ${issue?.path.join('.')}: ${issue?.message}`);
	}
	const bad = dangling?.((parsed.data as { tables: Record<string, unknown[]> }).tables) ?? [];
	if (bad.length) throw new Error(`gyms.${gym}: tables: a ${refWord} does not resolve: ${bad[0]}`);
	return parsed.data;
}

/**
 * A blueprint fixture schema for a gym: per table, an optional array of rows with the seed's strict row schema
 * (rows added, or replaced by primary key, on top of the projection).
 * @param tables table name → strict row schema.
 */
export function fixtureSchema<T extends Record<string, z.ZodType>>(tables: T) {
	return z.strictObject(
		Object.fromEntries(Object.entries(tables).map(([t, row]) => [t, z.array(row).optional()])) as { [K in keyof T]: z.ZodOptional<z.ZodArray<T[K]>> }
	);
}
