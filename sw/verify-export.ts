/**
 * The run export `/verify` feeds the verifier, as UTF-8 canonical JSON per table (each gym's `exportJson`, whose
 * unchanged tables come from memory) instead of objects: the same checks and the same bytes as
 * `canonicalJson` of `exportRun` (sw/run.ts) pruned to the tables the queries read. Pure of Service Worker globals.
 */
import type { GymEvent } from '../gyms/types';
import { sortEvents } from '../verifier/merge';
import { RunError, type RunContext } from './run';

/** The current run as the verifier needs it, each table as the UTF-8 bytes of its canonical JSON rows. */
export interface JsonRunExport {
	run_id: string;
	task_id: string | null;
	seed: number;
	/** Latest virtual time over the gyms (UTC ISO-8601 ms). */
	clock: string;
	/** gym → table → UTF-8 canonical JSON of the rows (export order). */
	gyms: Record<string, Record<string, Uint8Array>>;
	/** Every gym's events in run order (verifier/merge.ts `sortEvents`). */
	events: GymEvent[];
	/** `gym.table` of every table that was read and serialized afresh (not reused from memory). */
	serialized: string[];
}

/**
 * Exports the run's gyms for the verifier, or null when a gym has no `exportJson` (then use `exportRun`).
 * @param tables per gym, the tables to read (undefined = all).
 * @throws RunError 409 when no run is initialized or the gyms disagree on the run (as `exportRun`).
 */
export async function exportRunJson(ctx: RunContext, tables: (gym: string) => readonly string[] | undefined): Promise<JsonRunExport | null> {
	if (ctx.gyms.some((g) => !g.exportJson)) return null;
	const parts = await Promise.all(ctx.gyms.map(async (g) => [g.name, await g.exportJson!(tables(g.name)).catch(() => null)] as const));
	const first = parts[0]?.[1];
	if (!first || parts.some(([, p]) => p === null)) throw new RunError(409, 'no run is initialized: POST /__salesgym/run first');
	const gyms: JsonRunExport['gyms'] = {};
	const events: GymEvent[] = [];
	const serialized: string[] = [];
	let clock = first.meta.clock;
	for (const [name, p] of parts) {
		if (!p) continue;
		if (p.meta.run_id !== first.meta.run_id) throw new RunError(409, `gyms disagree on the run: ${name} has ${p.meta.run_id}, not ${first.meta.run_id}`);
		gyms[name] = p.tables;
		events.push(...p.events);
		serialized.push(...p.serialized.map((t) => `${name}.${t}`));
		if (p.meta.clock > clock) clock = p.meta.clock;
	}
	sortEvents(events);
	return { run_id: first.meta.run_id, task_id: first.meta.task_id, seed: first.meta.seed, clock, gyms, events, serialized };
}
