/**
 * The write protocol of every HubSpot handler: inside ONE Dexie rw transaction a handler reads the run meta
 * ({@link stampOf}), validates everything, writes, then calls {@link commit} last, which advances the virtual
 * clock by one tick and logs one event per changed record. A handler that throws before `commit` aborts the
 * transaction, so a rejected request changes nothing (not even the clock).
 */
import type { ApiRequest, RunMeta } from '../../types';
import { CLOCK_TICK_MS } from '../../types';
import type { HubSpotDb } from '../db';
import { HubSpotError } from './errors';

/** The write context a handler gets inside its transaction: the run meta to stamp and advance. */
export interface WriteStamp {
	meta: RunMeta;
	/** Virtual time of this change, UTC ISO-8601 ms. */
	at: string;
}

/** Reads the run meta inside a transaction. @throws HubSpotError 409 when no run was initialized. */
export async function stampOf(db: HubSpotDb): Promise<WriteStamp> {
	const meta = await db.meta.get('run');
	if (!meta) throw new HubSpotError(409, 'CONFLICT', 'No run is initialized: POST /__salesgym/run first.');
	return { meta, at: meta.clock };
}

/** Hands out the next id of `entity` (numeric string) and records the counter in the stamp. */
export function nextId(stamp: WriteStamp, entity: string, base = 1): string {
	const id = stamp.meta.next_ids[entity] ?? base;
	stamp.meta = { ...stamp.meta, next_ids: { ...stamp.meta.next_ids, [entity]: id + 1 } };
	return String(id);
}

/**
 * Advances the run meta by one committed request (clock + 1 tick) and logs one event per changed record
 * `ids` of `entity` (consecutive seq, same `at`). Call last, inside the transaction.
 */
export async function commit(db: HubSpotDb, stamp: WriteStamp, req: ApiRequest, status: number, entity: string, ids: readonly string[]): Promise<void> {
	const clock = new Date(Date.parse(stamp.at) + CLOCK_TICK_MS).toISOString();
	const seq0 = stamp.meta.seq;
	await db.meta.put({ ...stamp.meta, seq: seq0 + ids.length, clock });
	await db.events.bulkAdd(ids.map((id, i) => ({ seq: seq0 + i + 1, at: stamp.at, gym: 'hubspot', method: req.method, path: req.path, status, entity, id })));
}
