/**
 * Run lifecycle over all gyms: initialize (reset to a task's initial state), export, import.
 * Pure of Service Worker globals so that Node tests can run it over fake-indexeddb.
 */
import { z } from 'zod';
import type { Blueprint } from '../blueprints/schema';
import { setupOf, TaskSetup } from '../blueprints/setups';
import type { Gym, GymEvent, GymExport, RunInit, RunMeta } from '../gyms/types';
import { DEFAULT_ACTOR } from '../seeds/team';
import { loadPrebuiltProjection } from '../gyms/kit/prebuilt';
import { canonicalJson } from '../verifier/canonical';
import { InitRequest, RunInfo } from '../gyms/kit/contract';
import { sortEvents } from '../verifier/merge';

/** Export format name and version; bump the version when the export's shape changes. */
export const EXPORT_FORMAT = 'salesgym.state';
export const EXPORT_VERSION = 2;

// The run-control shapes are shared with the page and the harness (one contract, page-safe).
export { InitRequest, RunInfo };

/** The canonical export of a run (see README "State export"). */
export interface StateExport {
	format: typeof EXPORT_FORMAT;
	version: typeof EXPORT_VERSION;
	run_id: string;
	task_id: string | null;
	seed: number;
	/** Latest virtual time over the gyms. */
	clock: string;
	gyms: Record<string, Record<string, unknown[]>>;
	/** State-changing API calls of all gyms, in run-wide order (`run_seq`; verifier/merge.ts `sortEvents`). */
	events: GymEvent[];
	meta: Record<string, GymMetaExport>;
}

/** One gym's run metadata in a {@link StateExport}: its clock, event count, id counters and acting user. */
export interface GymMetaExport {
	clock: string;
	seq: number;
	next_ids: Record<string, number>;
	/** The last run-wide sequence number the gym committed (0 after a reset). */
	run_seq: number;
	/** The acting (logged-in) team user id. */
	actor: string;
}

/** Strict schema of a {@link StateExport} (PUT /__salesgym/state, and each export read from the state store). */
export const StateExportSchema = z.strictObject({
	format: z.literal(EXPORT_FORMAT),
	version: z.literal(EXPORT_VERSION),
	run_id: z.string().min(1),
	task_id: z.string().nullable(),
	seed: z.number().int().nonnegative(),
	clock: z.string(),
	gyms: z.record(z.string(), z.record(z.string(), z.array(z.unknown()))),
	events: z
		.array(
			z.strictObject({
				seq: z.number(),
				run_seq: z.number().int().positive(),
				at: z.string(),
				gym: z.string(),
				method: z.string(),
				path: z.string(),
				status: z.number(),
				entity: z.string(),
				id: z.string()
			})
		)
		.describe('every gym’s events in run_seq order'),
	meta: z.record(
		z.string(),
		z.strictObject({
			clock: z.string(),
			seq: z.number(),
			next_ids: z.record(z.string(), z.number()),
			run_seq: z.number().int().nonnegative(),
			actor: z.string()
		})
	)
});

/** A client error in the run lifecycle; the SW answers it as `{status:"error", message}` with `status`. */
export class RunError extends Error {
	constructor(
		readonly status: number,
		message: string
	) {
		super(message);
	}
}

/**
 * What the lifecycle needs: the gyms, the tasks (in the Service Worker their setups only, `blueprints/setups.ts`;
 * Node callers may pass whole blueprints), and the shipped seeds with their epochs.
 */
export interface RunContext {
	gyms: Gym[];
	/** Tasks by id: the bundled ones, plus the current inline task ({@link InitRequest} `task`) once one was given. */
	blueprints: Map<string, TaskSetup | Blueprint>;
	/**
	 * Keeps the inline task of the run being initialized so that it outlives the Service Worker (the SW stores the one
	 * current inline task; a later inline task replaces it). Absent: kept in memory only (Node tests).
	 */
	rememberTask?: (task: TaskSetup) => Promise<void>;
	/** seed number → epoch (UTC ISO-8601 ms) used as the clock of a sandbox run. */
	seeds: Map<number, string>;
}

/** Deterministic default run id (same task + seed → same id). Harnesses should pass their own unique id. */
export function defaultRunId(taskId: string | null, seed: number): string {
	return `local-${seed}-${(taskId ?? 'sandbox').replace(/[^A-Za-z0-9._:-]/g, '.')}`;
}

/**
 * Per gym, the {@link RunInit} of a reset to `blueprint` (null = the sandbox) on `seed` at `clock` (UTC ISO-8601 ms):
 * the task's fixtures for that gym and its acting user (default {@link DEFAULT_ACTOR}).
 */
export function runInits(
	ctx: RunContext,
	blueprint: TaskSetup | Blueprint | undefined,
	run_id: string,
	seed: number,
	clock: string
): { gym: Gym; init: RunInit & { actor: string } }[] {
	const task_id = blueprint?.id ?? null;
	const actorOf = (gym: Gym) => blueprint?.actors?.[gym.name as keyof NonNullable<Blueprint['actors']>] ?? DEFAULT_ACTOR;
	return ctx.gyms.map((gym) => ({
		gym,
		init: { run_id, task_id, seed, clock, fixtures: blueprint?.fixtures[gym.name as keyof Blueprint['fixtures']], actor: actorOf(gym) }
	}));
}

/**
 * Whether a reset to `blueprint` defers the gym `name` (gyms/store.ts "deferred"): a task's run loads only the gyms
 * it uses, its `platforms`; another gym is deferred unless the task gives it fixtures (they are validated, so
 * projected, at the reset). A sandbox run (no task) loads every gym.
 */
export function defersGym(blueprint: TaskSetup | Blueprint | undefined, name: string, fixtures: unknown): boolean {
	return blueprint !== undefined && !(blueprint.platforms as readonly string[]).includes(name) && fixtures === undefined;
}

/**
 * Where the time of one {@link initRun} went, per gym, ms: `project` (the initial state computed, or taken from
 * memory; a loaded gym's includes the wait for the prebuilt projections, which load in parallel; in Node, the first
 * gym's includes the world's parse), `reset` (its database written; the gyms reset in parallel),
 * and whether it was asked to defer (a gym already loaded still resets by delta). Filled when passed to `initRun`; the Service Worker sends it as `Server-Timing`.
 */
export type InitTiming = Record<string, { project_ms: number; reset_ms: number; defer: boolean }>;

/**
 * Resets every gym to the task's initial state (base seed + the blueprint's fixtures) and sets the clock; a gym the
 * task does not use is deferred ({@link defersGym}).
 * @param timing filled with {@link InitTiming} when given.
 * @param options `deferAll`: defer every gym, the task's too (the implicit sandbox run of a first visit: each gym
 *   loads at its first API request); the state is the same, `counts` is `{}` per gym.
 * @throws RunError 400 on a bad body or unknown seed, 404 on an unknown task; on an invalid fixture, 400 naming its path;
 *   Error when a prebuilt projection cannot be loaded (nothing is written then).
 */
export async function initRun(ctx: RunContext, body: unknown, timing?: InitTiming, options: { deferAll?: boolean } = {}): Promise<RunInfo> {
	const parsed = InitRequest.safeParse(body ?? {});
	if (!parsed.success) throw new RunError(400, parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
	const inline = parsed.data.task === undefined ? undefined : inlineTask(ctx, parsed.data.task, parsed.data.task_id);
	const task_id = inline?.id ?? parsed.data.task_id ?? null;
	const seed = parsed.data.seed ?? [...ctx.seeds.keys()][0] ?? 1;
	const epoch = ctx.seeds.get(seed);
	if (epoch === undefined) throw new RunError(400, `seed ${seed} is not shipped; available: ${[...ctx.seeds.keys()].join(', ')}`);
	let blueprint: TaskSetup | undefined = inline;
	if (task_id !== null && !inline) {
		blueprint = ctx.blueprints.get(task_id);
		if (!blueprint) throw new RunError(404, `unknown task_id "${task_id}"; GET /__salesgym/tasks lists them`);
	}
	const run_id = parsed.data.run_id ?? defaultRunId(task_id, seed);
	const clock = blueprint?.clock ?? epoch;
	const inits = runInits(ctx, blueprint, run_id, seed, clock);
	// Every gym's fixtures are validated (and its initial tables computed, cached) before any database is written,
	// so an invalid fixture leaves every gym untouched. Then the gyms (one database each) reset in parallel.
	const defer = inits.map(({ gym, init }) => options.deferAll === true || defersGym(blueprint, gym.name, init.fixtures));
	// The databases open while the projections run (a failed open is tried again by the reset, which reports it).
	for (const { gym } of inits) void gym.open?.().catch(() => undefined);
	// The prebuilt projections of the gyms it loads, in parallel (gyms/kit/prebuilt.ts; a no-op without a loader).
	const prepared = performance.now();
	await Promise.all(inits.filter((_, i) => !defer[i]).map(({ gym }) => loadPrebuiltProjection(gym.name, seed)));
	const prepareMs = performance.now() - prepared;
	const projectMs: number[] = [];
	for (const [i, { gym, init }] of inits.entries()) {
		const t = performance.now() - (defer[i] ? 0 : prepareMs);
		try {
			if (!defer[i]) await gym.initialTables(init);
		} catch (err) {
			throw new RunError(400, `task ${task_id}: ${(err as Error).message}`);
		}
		projectMs.push(performance.now() - t);
	}
	if (inline) {
		await ctx.rememberTask?.(inline);
		ctx.blueprints.set(inline.id, inline);
	}
	const resetMs: number[] = [];
	const results = await Promise.all(
		inits.map(async ({ gym, init }, i) => {
			const t = performance.now();
			const counts = await gym.reset(init, { defer: defer[i] });
			resetMs[i] = performance.now() - t;
			return counts;
		})
	);
	if (timing) inits.forEach(({ gym }, i) => (timing[gym.name] = { project_ms: projectMs[i]!, reset_ms: resetMs[i]!, defer: defer[i]! }));
	const counts: Record<string, Record<string, number>> = {};
	inits.forEach(({ gym }, i) => (counts[gym.name] = results[i]!));
	return { run_id, task_id, seed, clock, actors: Object.fromEntries(inits.map(({ gym, init }) => [gym.name, init.actor])), counts };
}

/**
 * Validates an inline task setup of {@link InitRequest}: the strict {@link TaskSetup} schema; `task_id`, when given
 * too, must be its id; a bundled task of the same id must be the same setup (canonical JSON), so an inline task never
 * changes what a shipped id means.
 * @throws RunError 400 on an invalid setup or a task_id that names another task; 409 when it contradicts a bundled task.
 */
function inlineTask(ctx: RunContext, raw: unknown, taskId: string | undefined): TaskSetup {
	const parsed = TaskSetup.safeParse(raw);
	if (!parsed.success) throw new RunError(400, `task: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ')}`);
	const setup = parsed.data;
	if (taskId !== undefined && taskId !== setup.id) throw new RunError(400, `task_id "${taskId}" is not the inline task's id "${setup.id}"; give one of them`);
	const shipped = ctx.blueprints.get(setup.id);
	if (shipped && shipped !== setup && !sameSetup(shipped, setup)) {
		throw new RunError(409, `the inline task "${setup.id}" differs from the bundled task of that id; bump its version or rebuild`);
	}
	return setup;
}

/** Whether two setups are the same task (every setup field equal as canonical JSON). */
function sameSetup(a: TaskSetup | Blueprint, b: TaskSetup): boolean {
	return canonicalJson(setupOf(a)) === canonicalJson(setupOf(b));
}

/** The current run as the gyms record it (all gyms share run_id/task_id/seed), or null before any reset. */
export async function currentRun(ctx: RunContext): Promise<Omit<RunInfo, 'counts'> | null> {
	const metas = (await Promise.all(ctx.gyms.map((g) => g.runMeta()))).filter((m): m is RunMeta => m !== null);
	const first = metas[0];
	if (!first || metas.length !== ctx.gyms.length) return null;
	const clock =
		metas
			.map((m) => m.clock)
			.sort()
			.at(-1) ?? first.clock;
	return {
		run_id: first.run_id,
		task_id: first.task_id,
		seed: first.seed,
		clock,
		actors: Object.fromEntries(ctx.gyms.map((g, i) => [g.name, metas[i]!.actor]))
	};
}

/**
 * What every gym's part of an export contributes to the whole: the first gym's run, each gym's meta, every event in
 * run order ({@link sortEvents}) and the latest clock. Shared by {@link exportRun} and the byte export
 * (sw/state-json.ts).
 * @param parts per gym, its name and its export part (null when the gym has no run).
 * @throws RunError 409 when no run is initialized (a part is missing) or the gyms disagree on the run.
 */
export function joinRunParts<P extends { meta: RunMeta; events: readonly GymEvent[] }>(
	parts: readonly (readonly [string, P | null])[]
): { first: P; meta: StateExport['meta']; events: GymEvent[]; clock: string } {
	const first = parts[0]?.[1];
	if (!first || parts.some(([, p]) => p === null)) throw new RunError(409, 'no run is initialized: POST /__salesgym/run first');
	const meta: StateExport['meta'] = {};
	const events: GymEvent[] = [];
	for (const [name, p] of parts) {
		if (!p) continue;
		if (p.meta.run_id !== first.meta.run_id) throw new RunError(409, `gyms disagree on the run: ${name} has ${p.meta.run_id}, not ${first.meta.run_id}`);
		meta[name] = { clock: p.meta.clock, seq: p.meta.seq, next_ids: p.meta.next_ids, run_seq: p.meta.run_seq, actor: p.meta.actor };
		events.push(...p.events);
	}
	sortEvents(events);
	const clock =
		Object.values(meta)
			.map((m) => m.clock)
			.sort()
			.at(-1) ?? first.meta.clock;
	return { first, meta, events, clock };
}

/**
 * Exports every gym's state as one canonical document (keys sorted, rows in id order).
 * @param tables per gym, the tables to read (undefined = all); the verifier passes the tables its queries read.
 * @returns the export object and (computed on first read) its canonical JSON text.
 * @throws RunError 409 when no run is initialized or the gyms disagree on the run.
 */
export async function exportRun(ctx: RunContext, tables?: (gym: string) => readonly string[] | undefined): Promise<{ state: StateExport; json: string }> {
	const parts = await Promise.all(ctx.gyms.map(async (g) => [g.name, await g.exportState(tables?.(g.name)).catch(() => null)] as const));
	const { first, meta, events, clock } = joinRunParts(parts);
	const gyms: StateExport['gyms'] = {};
	for (const [name, p] of parts) if (p) gyms[name] = p.tables;
	const state: StateExport = {
		format: EXPORT_FORMAT,
		version: EXPORT_VERSION,
		run_id: first.meta.run_id,
		task_id: first.meta.task_id,
		seed: first.meta.seed,
		clock,
		gyms,
		events,
		meta
	};
	// `json` is computed only when read: /verify needs the state object, not the text.
	return {
		state,
		get json() {
			return canonicalJson(state);
		}
	};
}

/**
 * Restores an export into every gym it names (each gym in one transaction).
 * @throws RunError 400 when the document is not a valid export or names an unknown gym; nothing is written then.
 */
export async function importRun(ctx: RunContext, body: unknown): Promise<RunInfo> {
	const parsed = StateExportSchema.safeParse(body);
	if (!parsed.success) throw new RunError(400, parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
	const doc = parsed.data;
	const byName = new Map(ctx.gyms.map((g) => [g.name, g]));
	for (const name of Object.keys(doc.gyms)) if (!byName.has(name)) throw new RunError(400, `gyms.${name}: unknown gym`);
	for (const g of ctx.gyms) if (!(g.name in doc.gyms) || !(g.name in doc.meta)) throw new RunError(400, `gyms.${g.name}: missing from the export`);
	const snapshots = ctx.gyms.map((g): [Gym, GymExport] => {
		const m = doc.meta[g.name]!;
		const meta: RunMeta = {
			key: 'run',
			run_id: doc.run_id,
			task_id: doc.task_id,
			seed: doc.seed,
			clock: m.clock,
			seq: m.seq,
			run_seq: m.run_seq,
			next_ids: m.next_ids,
			actor: m.actor
		};
		return [g, { tables: doc.gyms[g.name]!, meta, events: doc.events.filter((e) => e.gym === g.name) }];
	});
	// Every gym's slice is checked before any is written: a refused import changes no gym.
	for (const [g, snap] of snapshots) {
		try {
			g.checkImport?.(snap);
		} catch (err) {
			throw new RunError(400, (err as Error).message);
		}
	}
	const counts: Record<string, Record<string, number>> = {};
	for (const [g, snap] of snapshots) {
		try {
			counts[g.name] = await g.importState(snap);
		} catch (err) {
			throw new RunError(400, (err as Error).message);
		}
	}
	return {
		run_id: doc.run_id,
		task_id: doc.task_id,
		seed: doc.seed,
		clock: doc.clock,
		actors: Object.fromEntries(Object.entries(doc.meta).map(([g, m]) => [g, m.actor])),
		counts
	};
}
