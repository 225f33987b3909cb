/**
 * The write context of one Outreach request: one Dexie rw transaction over every table, the run stamp, and the
 * list of changed rows that `commit` logs (one event each). Handlers validate first and throw
 * {@link OutreachError} (the transaction aborts, nothing is written), then write through {@link Tx.put} /
 * {@link Tx.del}; {@link run} commits last. Also holds the checks every write shares (the JSON:API media type).
 */
import { nextId, writer, type WriteStamp } from '../../kit/write';
import type { ApiRequest } from '../../types';
import type { ResourceType } from '../contract';
import type { OutreachDb } from '../db';
import { TABLE_OF_TYPE, type OutreachTable } from '../schema';
import { ID_BASE } from '../seed';
import { JSON_API, OUTREACH_ERRORS, OutreachError } from './errors';
import { allRows, notFound, type Row } from './jsonapi';

const W = writer('outreach', OUTREACH_ERRORS.noRun);

/** A write in progress. */
export interface Tx {
	db: OutreachDb;
	stamp: WriteStamp;
	/** Virtual time of the write, UTC ISO-8601 ms. */
	at: string;
	/** Stores `row` in `table` (insert or replace) and records the change. */
	put(table: OutreachTable, row: Row): Promise<void>;
	/** Deletes row `id` of `table` and records the change. */
	del(table: OutreachTable, id: string): Promise<void>;
	/** The next id of `table` (Outreach-owned id ranges). */
	id(table: OutreachTable): string;
	/** Every row of `table` as it is now inside the transaction (id order). */
	rows(table: OutreachTable): Promise<Row[]>;
	/** Row `id` of `type`, or the 404. */
	get(type: ResourceType, id: string): Promise<Row>;
	/** Row `id` of `type`, or undefined. */
	find(type: ResourceType, id: string): Promise<Row | undefined>;
}

/**
 * 415 `unsupportedMediaType` unless a request that carries a body says `Content-Type: application/vnd.api+json`
 * (Outreach API v2 "Making requests"). In-process callers that set no content type (tests) are taken as JSON:API.
 * @throws OutreachError 415
 */
export function requireJsonApi(req: ApiRequest): void {
	if (req.body === undefined || req.contentType === undefined) return;
	const media = req.contentType.split(';')[0]!.trim().toLowerCase();
	if (media !== JSON_API) throw new OutreachError(415, 'unsupportedMediaType', 'Unsupported Media Type', `Expected Content-Type header to be '${JSON_API}'.`);
}

/**
 * Runs `body` as one write: a rw transaction over every table, the stamp, then commit of every changed row (no
 * commit, no clock tick when nothing changed).
 * @param status the HTTP status logged in the events.
 */
export async function run<T>(db: OutreachDb, req: ApiRequest, status: number, body: (tx: Tx) => Promise<T>): Promise<T> {
	requireJsonApi(req);
	return db.transaction('rw', db.tables, async () => {
		const stamp = await W.stampOf(db);
		const changed: { entity: string; id: string }[] = [];
		const seen = new Set<string>();
		const note = (entity: string, id: string) => {
			const k = `${entity}/${id}`;
			if (!seen.has(k)) {
				seen.add(k);
				changed.push({ entity, id });
			}
		};
		const tx: Tx = {
			db,
			stamp,
			at: stamp.at,
			async put(table, row) {
				await db.table(table).put(row);
				note(table, row.id);
			},
			async del(table, id) {
				await db.table(table).delete(id);
				note(table, id);
			},
			id(table) {
				return nextId(stamp, table, table in ID_BASE ? ID_BASE[table as keyof typeof ID_BASE] + 1 : 1);
			},
			rows: async (table) => (await allRows(db, table)).rows,
			async get(type, id) {
				const row = await tx.find(type, id);
				if (!row) throw notFound(type, id);
				return row;
			},
			async find(type, id) {
				return /^[1-9][0-9]{0,15}$/.test(id) ? ((await db.table(TABLE_OF_TYPE[type]).get(id)) as Row | undefined) : undefined;
			}
		};
		const out = await body(tx);
		if (changed.length) await W.commitRows(db, stamp, req, status, changed);
		return out;
	});
}

/** A 422 `validationError` (Outreach's refusal of a write), with the request field at fault when known. */
export class ValidationError extends OutreachError {
	constructor(
		detail: string,
		readonly pointer?: string
	) {
		super(422, 'validationError', 'Validation Error', detail);
	}
}
