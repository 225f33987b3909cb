/**
 * The write protocol of every HubSpot handler: the kit's (gyms/kit/write.ts) bound to the gym name `hubspot` and
 * HubSpot's 409. Inside ONE Dexie rw transaction a handler reads the run meta ({@link stampOf}), validates
 * everything, writes, then calls {@link commit} last, which advances the virtual clock by one tick and logs one
 * event per changed record. A handler that throws before `commit` aborts the transaction, so a rejected request
 * changes nothing (not even the clock).
 */
import { nextId, writer, type WriteStamp } from '../../kit/write';
import { HUBSPOT_ERRORS } from './errors';

export { nextId, type WriteStamp };

/**
 * `stampOf(db)` reads the run meta inside a transaction (@throws HubSpotError 409 when no run was initialized);
 * `commit(db, stamp, req, status, entity, ids)` advances the meta and logs one event per id. Call it last.
 */
export const { stampOf, commit } = writer('hubspot', HUBSPOT_ERRORS.noRun);
