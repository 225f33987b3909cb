/**
 * Shared pieces of the Sales Navigator handlers: the body parser, the write protocol bound to the gym, the run
 * meta read, and one read-write transaction over every table (a write locks the whole gym database; the Service
 * Worker is its only writer).
 */
import { bodyParser } from '../../kit/body';
import { readMeta } from '../../kit/read-cache';
import { writer } from '../../kit/write';
import type { RunMeta } from '../../types';
import type { SalesNavDb } from '../db';
import { SALESNAV_ERRORS, SalesNavError } from './errors';

/** Parses a body with a contract schema, or throws the 400 `BAD_REQUEST` with the zod issues. */
export const parseBody = bodyParser(SALESNAV_ERRORS.invalidBody);
/** The gym's write protocol (`stampOf`, `commit`, `commitRows`). */
export const { stampOf, commit, commitRows } = writer('salesnav', SALESNAV_ERRORS.noRun);

/** The run meta, or the 409 before any run. */
export async function runOf(db: SalesNavDb): Promise<RunMeta> {
	const meta = await readMeta(db);
	if (!meta) throw SALESNAV_ERRORS.noRun();
	return meta;
}

/** Runs `fn` in one rw transaction over every table of the gym (abort on throw: nothing written). */
export function rw<T>(db: SalesNavDb, fn: () => Promise<T>): Promise<T> {
	return db.transaction('rw', db.tables, fn);
}

/** A 400 `BAD_REQUEST`. */
export const badRequest = (message: string) => new SalesNavError(400, 'BAD_REQUEST', message);
/** A 404 `NOT_FOUND`. */
export const notFound = (message: string) => new SalesNavError(404, 'NOT_FOUND', message);
/** A 403 `FORBIDDEN` (the acting seat may not do this). */
export const forbidden = (message: string) => new SalesNavError(403, 'FORBIDDEN', message);
/** A 409 `CONFLICT` with a specific code (e.g. `DUPLICATE_NAME`). */
export const conflict = (code: string, message: string) => new SalesNavError(409, code, message);
