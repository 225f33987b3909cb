/**
 * Batch endpoints for every object type (platforms.md §2.2): `POST /crm/v3/objects/{type}/batch/{action}`
 * `{inputs:[…]}` (1–100 inputs) → `{status:"COMPLETE", results, startedAt, completedAt}`.
 * - `read` `{inputs:[{id}], properties?, idProperty?}` → 200; ids that do not exist (or are archived) are left out
 *   and reported in a 207 `errors:[{status:"error", category:"OBJECT_NOT_FOUND", message, context:{ids}}]`.
 * - `create` `{inputs:[{properties, associations?}]}` → 201.
 * - `update` `{inputs:[{id, properties}]}` → 200; unknown ids → 207 (the others are applied).
 * - `upsert` `{inputs:[{idProperty:"email", id, properties}]}` (contacts, by email) → 200; each result has `new`.
 * - `archive` `{inputs:[{id}]}` → 204 (unknown ids are ignored).
 * Atomicity follows HubSpot: an invalid input (a property error, a duplicate email) fails the WHOLE batch with
 * that input's 400/409 and nothing is written (HubSpot's batch create answers one CONFLICT for the batch:
 * HubSpot/hubspot-api-python#51). Every batch write is one transaction; one event per record changed.
 */
import { z } from 'zod';
import type { ApiRequest, ApiResponse } from '../../types';
import type { HubSpotDb } from '../db';
import { SINGULAR, type ObjectType } from '../properties';
import { BatchBodies as Bodies } from '../contract';
import {
	archiveRecords,
	findLive,
	openSession,
	prepareCreate,
	prepareUpdate,
	project,
	storeWrites,
	writeTables,
	written,
	type PreparedWrite,
	type WireRecord
} from './engine';
import { HubSpotError, invalidInput } from './errors';
import { csv } from './paging';
import { commit } from './write';
import { parseBody } from './zod-message';

/** Batch actions. */
export type BatchAction = keyof typeof Bodies;

function parse<A extends BatchAction>(action: A, body: unknown): z.infer<(typeof Bodies)[A]> {
	return parseBody(Bodies[action], body) as z.infer<(typeof Bodies)[A]>;
}

/** The batch envelope; 207 with `errors` when some ids were not found. */
function envelope(status: number, results: WireRecord[], at: string, missing: string[], type: ObjectType, verb: string): ApiResponse {
	const body: Record<string, unknown> = { status: 'COMPLETE', results, startedAt: at, completedAt: at };
	if (!missing.length) return { status, body };
	body.numErrors = 1;
	body.errors = [
		{
			status: 'error',
			category: 'OBJECT_NOT_FOUND',
			message: `Could not ${verb} some ${SINGULAR[type].toUpperCase()} objects, they may be deleted or not exist. Check that ids are valid.`,
			context: { ids: missing }
		}
	];
	return { status: 207, body };
}

/** `POST /crm/v3/objects/{type}/batch/{action}`. @throws HubSpotError 400 (body, limits, an invalid input) / 409. */
export function batchHandler(type: ObjectType) {
	return async (db: HubSpotDb, req: ApiRequest, action: string): Promise<ApiResponse> => {
		if (!(action in Bodies)) throw new HubSpotError(404, 'OBJECT_NOT_FOUND', `No route matches ${req.method} ${req.path}`);
		if (action === 'read') {
			const body = parse('read', req.body);
			const meta = await db.meta.get('run');
			const results: WireRecord[] = [];
			const missing: string[] = [];
			for (const { id } of body.inputs) {
				const r = await findLive(db, type, id, body.idProperty);
				if (r) results.push(project(type, r, body.properties ?? csv(req.query, 'properties')));
				else missing.push(id);
			}
			return envelope(200, results, meta?.clock ?? '', missing, type, 'get');
		}
		return db.transaction('rw', writeTables(db, type), async () => {
			const s = await openSession(db, type);
			const at = s.stamp.at;
			if (action === 'archive') {
				const done = await archiveRecords(
					s,
					parse('archive', req.body).inputs.map((i) => i.id)
				);
				if (done.length) await commit(db, s.stamp, req, 204, type, done);
				return { status: 204 };
			}
			if (action === 'create') {
				const writes: PreparedWrite[] = [];
				for (const input of parse('create', req.body).inputs) writes.push(await prepareCreate(s, input.properties, input.associations));
				await commit(db, s.stamp, req, 201, type, await storeWrites(s, writes));
				return envelope(
					201,
					writes.map((w) => written(type, w.record)),
					at,
					[],
					type,
					'create'
				);
			}
			const body = parse(action as 'update' | 'upsert', req.body);
			const writes: { w: PreparedWrite; isNew: boolean; sent: Record<string, unknown> }[] = [];
			const missing: string[] = [];
			for (const input of body.inputs) {
				if (action === 'upsert' && (input.idProperty ?? 'hs_object_id') !== 'email')
					throw invalidInput(`upsert needs idProperty "email" (a unique property of ${type})`);
				const record = await findLive(db, type, input.id, input.idProperty);
				if (record) writes.push({ w: await prepareUpdate(s, record, input.properties), isNew: false, sent: input.properties });
				else if (action === 'upsert') writes.push({ w: await prepareCreate(s, { ...input.properties, email: input.id }), isNew: true, sent: input.properties });
				else missing.push(input.id);
			}
			if (writes.length)
				await commit(
					db,
					s.stamp,
					req,
					200,
					type,
					await storeWrites(
						s,
						writes.map((x) => x.w)
					)
				);
			const results = writes.map((x) => ({ ...written(type, x.w.record, x.sent), ...(action === 'upsert' ? { new: x.isNew } : {}) }));
			return envelope(200, results, at, missing, type, 'update');
		});
	};
}
