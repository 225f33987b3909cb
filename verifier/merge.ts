/**
 * Cross-gym runs (issue 3 §6): one run_id ties an episode's gyms, each of which may be served on its own origin
 * and export its own state. {@link mergeExports} joins those exports into the one document the verifier
 * judges, so the verdict is the same whether the gyms share an origin or not.
 */
import type { StateExportDoc } from './schema';

/** A merge conflict: `status` 409 when the run_ids differ, 400 when a gym appears twice. */
export class MergeError extends Error {
	override name = 'MergeError';
	constructor(
		readonly status: 400 | 409,
		message: string
	) {
		super(message);
	}
}

/** The export shape the merge needs (a `StateExport` of sw/run.ts, or a parsed {@link StateExportDoc}). */
export type ExportLike = Pick<StateExportDoc, 'format' | 'version' | 'run_id' | 'task_id' | 'seed' | 'clock' | 'gyms' | 'events' | 'meta'>;

/** The version-1 order of `$events`: by virtual time, then gym name, then the gym's own seq. */
export function compareEvents(a: { at: string; gym: string; seq: number }, b: { at: string; gym: string; seq: number }): number {
	return a.at < b.at ? -1 : a.at > b.at ? 1 : a.gym < b.gym ? -1 : a.gym > b.gym ? 1 : a.seq - b.seq;
}

/**
 * The order of `$events` (the same as sw/run.ts): by `run_seq` when every event carries one, else
 * {@link compareEvents}. `run_seq` is run-wide within one deployment (one origin); exports of gyms on separate
 * origins each count their own, so across origins it orders deterministically but says nothing about which came
 * first: check cross-origin order with artifacts that carry from one gym to the next (gyms/kit/README.md).
 * Sorts in place; returns `events`.
 */
export function sortEvents<E extends { at: string; gym: string; seq: number; run_seq?: number | undefined }>(events: E[]): E[] {
	if (events.every((e) => typeof e.run_seq === 'number')) return events.sort((a, b) => a.run_seq! - b.run_seq! || compareEvents(a, b));
	return events.sort(compareEvents);
}

/**
 * Merges the local export with the exports of the run's other gyms (pure; inputs are not modified).
 * - `gyms` and `meta`: the union (every gym once); `events`: all of them, in {@link sortEvents} order;
 * - `clock`: the latest over the parts; `run_id`, `seed`: the local ones (which must match);
 * - `task_id`: the local one, or the first non-null one of the others.
 * @throws MergeError 409 when an export's run_id differs from the local one; 400 when a gym appears in two
 *   exports (or twice because an export's events name a gym it does not hold).
 */
export function mergeExports<T extends ExportLike>(local: T, others: readonly ExportLike[]): T {
	if (others.length === 0) return local;
	const gyms: ExportLike['gyms'] = { ...local.gyms };
	const meta: ExportLike['meta'] = { ...local.meta };
	const events = [...local.events];
	let clock = local.clock;
	let task_id = local.task_id;
	others.forEach((other, i) => {
		if (other.run_id !== local.run_id) {
			throw new MergeError(409, `states[${i}]: run_id "${other.run_id}" is not the run being verified ("${local.run_id}")`);
		}
		for (const gym of Object.keys(other.gyms)) {
			if (gym in gyms)
				throw new MergeError(400, `states[${i}]: gym "${gym}" appears twice (it is already in ${i === 0 ? 'the local state' : 'an earlier export'})`);
			gyms[gym] = other.gyms[gym]!;
			if (other.meta[gym]) meta[gym] = other.meta[gym]!;
		}
		for (const e of other.events) {
			if (!(e.gym in other.gyms)) throw new MergeError(400, `states[${i}]: an event of gym "${e.gym}" comes from an export that does not hold that gym`);
		}
		events.push(...other.events);
		if (other.clock > clock) clock = other.clock;
		task_id ??= other.task_id;
	});
	sortEvents(events);
	return { ...local, task_id, clock, gyms, meta, events };
}

/**
 * Splits a multi-gym export into one export per gym (what gyms on separate origins would each publish):
 * each keeps the run's header, its own tables, meta and events, and its own clock.
 */
export function splitExport<T extends ExportLike>(doc: T): T[] {
	return Object.keys(doc.gyms)
		.sort()
		.map((gym) => ({
			...doc,
			clock: doc.meta[gym]?.clock ?? doc.clock,
			gyms: { [gym]: doc.gyms[gym]! },
			meta: doc.meta[gym] ? { [gym]: doc.meta[gym]! } : {},
			events: doc.events.filter((e) => e.gym === gym)
		}));
}
