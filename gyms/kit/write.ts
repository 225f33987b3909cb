/**
 * The write protocol of every gym handler. Inside ONE Dexie rw transaction a handler reads the run meta
 * ({@link Writer.stampOf}), validates everything, writes, then calls {@link Writer.commit} last, which advances
 * the virtual clock by one tick ({@link CLOCK_TICK_MS}), takes the next run-wide numbers (run-order.ts) and logs
 * one event per changed row. A handler that throws before `commit` aborts the transaction, so a rejected request
 * changes nothing (not even the clock). Nothing but Dexie may be awaited inside the transaction: awaiting
 * anything else (a fetch, a timer, another database) commits it early in IndexedDB.
 */
import type Dexie from 'dexie';
import type { ApiRequest, GymEvent, RunMeta } from '../types';
import { CLOCK_TICK_MS } from '../types';
import { RUN_ORDER, type RunOrder } from './run-order';

/** The write context a handler gets inside its transaction: the run meta to stamp and advance. */
export interface WriteStamp {
	meta: RunMeta;
	/** Virtual time of this change, UTC ISO-8601 ms. */
	at: string;
}

/** Hands out the next id of `entity` (numeric string, from `next_ids`, else `base`) and records the counter in the stamp. */
export function nextId(stamp: WriteStamp, entity: string, base = 1): string {
	const id = stamp.meta.next_ids[entity] ?? base;
	stamp.meta = { ...stamp.meta, next_ids: { ...stamp.meta.next_ids, [entity]: id + 1 } };
	return String(id);
}

/** The write protocol bound to one gym (its name in events, its "no run" error, its run order). */
export interface Writer {
	/** Reads the run meta inside a transaction. @throws the gym's `noRun()` error when no run was initialized. */
	stampOf(db: Dexie): Promise<WriteStamp>;
	/**
	 * Advances the run meta by one committed request (clock + 1 tick, `seq` and `run_seq` by `ids.length`) and logs
	 * one event per changed row `ids` of `entity` (consecutive seq and run_seq, same `at`). Call last, inside the
	 * transaction, after every write.
	 */
	commit(db: Dexie, stamp: WriteStamp, req: ApiRequest, status: number, entity: string, ids: readonly string[]): Promise<void>;
	/** {@link commit} for rows of several entities (one event per `{entity, id}`, in order). */
	commitRows(db: Dexie, stamp: WriteStamp, req: ApiRequest, status: number, rows: readonly { entity: string; id: string }[]): Promise<void>;
}

/**
 * The write protocol of gym `gym`.
 * @param noRun the error a write throws when no run is initialized (the gym's own vendor-shaped 409).
 * @param order the run-wide counter (default: the deployment's {@link RUN_ORDER}).
 */
export function writer(gym: string, noRun: () => unknown, order: RunOrder = RUN_ORDER): Writer {
	const commitRows: Writer['commitRows'] = async (db, stamp, req, status, rows) => {
		const clock = new Date(Date.parse(stamp.at) + CLOCK_TICK_MS).toISOString();
		const seq0 = stamp.meta.seq;
		let runSeq = stamp.meta.run_seq ?? 0;
		const events: GymEvent[] = rows.map(({ entity, id }, i) => {
			runSeq = order.next(runSeq);
			return { seq: seq0 + i + 1, run_seq: runSeq, at: stamp.at, gym, method: req.method, path: req.path, status, entity, id };
		});
		await db.table('meta').put({ ...stamp.meta, seq: seq0 + rows.length, run_seq: runSeq, clock });
		await db.table('events').bulkAdd(events);
	};
	return {
		async stampOf(db) {
			const meta = (await db.table('meta').get('run')) as RunMeta | undefined;
			if (!meta) throw noRun();
			return { meta, at: meta.clock };
		},
		commit: (db, stamp, req, status, entity, ids) =>
			commitRows(
				db,
				stamp,
				req,
				status,
				ids.map((id) => ({ entity, id }))
			),
		commitRows
	};
}
