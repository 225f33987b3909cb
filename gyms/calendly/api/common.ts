/**
 * Shared parts of the Calendly handlers: table reads (through the kit's read cache outside transactions), the
 * acting user, URIs of new resources, query-parameter parsing, paging (`count` / `page_token` →
 * `pagination`), and Calendly's errors (Calendly API v2 OpenAPI, components/responses).
 */
import { z } from 'zod';
import { cachedTable, readMeta } from '../../kit/read-cache';
import { nextId, type WriteStamp } from '../../kit/write';
import { actingUser } from '../../kit/me';
import type { ApiRequest, RunMeta } from '../../types';
import type { CalendlyDb } from '../db';
import { CALENDLY_API, IsoMicros, type CalendlyState, type CalendlyTable, type User } from '../schema';
import { uuidFor } from '../seed';
import { CalendlyError, NOT_FOUND_MESSAGE } from './errors';

/** Row type of table `T`. */
export type Row<T extends CalendlyTable> = CalendlyState[T][number];

const byUri = (a: { uri: string }, b: { uri: string }) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0);

/** All rows of `table` in `uri` order: the read cache outside a transaction, the table itself inside one. */
export async function rows<T extends CalendlyTable>(db: CalendlyDb, table: T): Promise<Row<T>[]> {
	const hit = await cachedTable<Row<T>>(
		db,
		table,
		(r) => r as Row<T>,
		(r) => (r as { uri: string }).uri,
		byUri
	);
	if (hit) return hit.rows;
	return ((await db.table(table).toArray()) as Row<T>[]).sort(byUri);
}

/** The row of `table` with `uri`, or undefined. */
export async function rowOf<T extends CalendlyTable>(db: CalendlyDb, table: T, uri: string): Promise<Row<T> | undefined> {
	const hit = await cachedTable<Row<T>>(
		db,
		table,
		(r) => r as Row<T>,
		(r) => (r as { uri: string }).uri,
		byUri
	);
	if (hit) return hit.byKey.get(uri);
	return (await db.table(table).get(uri)) as Row<T> | undefined;
}

/** 400 "Invalid Argument" with one detail. */
export const invalid = (parameter: string, message: string) =>
	new CalendlyError(400, 'Invalid Argument', 'The supplied parameters are invalid.', [{ parameter, message }]);
/** 404 "Resource Not Found" (Calendly's message, `details: []`). */
export const notFound = () => new CalendlyError(404, 'Resource Not Found', NOT_FOUND_MESSAGE, []);
/** 403 "Permission Denied" with Calendly's message for the case. */
export const denied = (message = 'You do not have permission to access this resource.') => new CalendlyError(403, 'Permission Denied', message);
/** 409 "Already Exists". */
export const exists = (message = 'The resource already exists') => new CalendlyError(409, 'Already Exists', message);

/** The run meta outside a transaction (409 before any run). */
export async function metaOf(db: CalendlyDb): Promise<RunMeta> {
	const meta = await readMeta(db);
	if (!meta) throw new CalendlyError(409, 'Conflict', 'No run is initialized: POST /__salesgym/run first.');
	return meta;
}

/** Virtual now of the run, epoch ms. */
export const nowOf = (meta: RunMeta) => Date.parse(meta.clock);

/**
 * The Calendly user the run acts as: the seed world's acting team user, matched by email.
 * @throws 404 when the actor has no Calendly user.
 */
export async function actorUser(db: CalendlyDb, meta: RunMeta): Promise<User> {
	const me = actingUser(meta);
	const u = me && (await rows(db, 'users')).find((x) => x.email === me.email.toLowerCase());
	if (!u) throw notFound();
	return u;
}

/** The acting user's organization role (`user`, `admin`, `owner`). */
export async function actorRole(db: CalendlyDb, user: User): Promise<'user' | 'admin' | 'owner'> {
	return (await rows(db, 'organization_memberships')).find((m) => m.user === user.uri)?.role ?? 'user';
}

/** The URI of a new resource of `collection`: a UUID derived from the run's counter (deterministic). */
export function newUuid(stamp: WriteStamp, collection: string): string {
	return uuidFor(`run:${collection}:${nextId(stamp, `calendly_${collection}`)}`);
}

/** Epoch ms → Calendly's UTC timestamp with microseconds. */
export const isoMicros = (ms: number) => `${new Date(ms).toISOString().slice(0, 23)}000Z`;

const TIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Query parameter `name` as an instant (epoch ms): ISO-8601 with a zone (`Z` or an offset).
 * @throws 400 when present and malformed, or absent and `required`.
 */
export function timeParam(req: ApiRequest, name: string, required: true): number;
export function timeParam(req: ApiRequest, name: string, required?: false): number | undefined;
export function timeParam(req: ApiRequest, name: string, required = false): number | undefined {
	const v = req.query.get(name);
	if (v === null || v === '') {
		if (required) throw invalid(name, `${name} is required`);
		return undefined;
	}
	const t = TIME_RE.test(v) ? Date.parse(v) : NaN;
	if (Number.isNaN(t)) throw invalid(name, `${name} must be an ISO-8601 time, e.g. 2026-03-02T09:00:00.000000Z`);
	return t;
}

/** Query parameter `name` that must be a URI of the given schema (400 otherwise). */
export function uriParam(req: ApiRequest, name: string, schema: z.ZodType<string>, required: true): string;
export function uriParam(req: ApiRequest, name: string, schema: z.ZodType<string>, required?: false): string | undefined;
export function uriParam(req: ApiRequest, name: string, schema: z.ZodType<string>, required = false): string | undefined {
	const v = req.query.get(name);
	if (v === null || v === '') {
		if (required) throw invalid(name, `${name} is required`);
		return undefined;
	}
	if (!schema.safeParse(v).success) throw invalid(name, `${name} must be a valid URI`);
	return v;
}

/** Query parameter `name` as one of `values` (400 otherwise). */
export function enumParam<T extends string>(req: ApiRequest, name: string, values: readonly T[]): T | undefined {
	const v = req.query.get(name);
	if (v === null || v === '') return undefined;
	if (!values.includes(v as T)) throw invalid(name, `${name} must be one of ${values.join(', ')}`);
	return v as T;
}

/** Query parameter `name` as a boolean `true` / `false` (400 otherwise). */
export function boolParam(req: ApiRequest, name: string): boolean | undefined {
	const v = req.query.get(name);
	if (v === null || v === '') return undefined;
	if (v !== 'true' && v !== 'false') throw invalid(name, `${name} must be true or false`);
	return v === 'true';
}

/**
 * Rejects query parameters an endpoint does not take (Calendly answers 400 for unknown parameters of strict
 * endpoints; the gym does so everywhere so a typo fails loudly).
 */
export function onlyParams(req: ApiRequest, allowed: readonly string[]): void {
	for (const k of req.query.keys()) if (!allowed.includes(k)) throw invalid(k, `${k} is not a parameter of this endpoint`);
}

/** Default and maximum page size (Calendly API v2: `count` default 20, at most 100). */
export const PAGE_DEFAULT = 20;
export const PAGE_MAX = 100;

const tokenOf = (offset: number) => `pg${offset.toString(36).padStart(4, '0')}`;

/**
 * One page of `items` as Calendly answers a list: `{collection, pagination:{count, next_page, previous_page,
 * next_page_token, previous_page_token}}`. `page_token` is opaque to clients (the gym encodes an offset).
 * @throws 400 for a `count` outside 1–100 or an unknown `page_token`.
 */
export function page<T>(req: ApiRequest, items: readonly T[]) {
	const rawCount = req.query.get('count');
	const count = rawCount === null || rawCount === '' ? PAGE_DEFAULT : Number(rawCount);
	if (!Number.isInteger(count) || count < 1 || count > PAGE_MAX) throw invalid('count', `count must be an integer from 1 to ${PAGE_MAX}`);
	const token = req.query.get('page_token');
	let offset = 0;
	if (token) {
		const m = /^pg([0-9a-z]{4,})$/.exec(token);
		offset = m ? parseInt(m[1]!, 36) : NaN;
		if (!Number.isInteger(offset) || offset < 0 || offset > items.length) throw invalid('page_token', 'page_token is invalid');
	}
	const slice = items.slice(offset, offset + count);
	const next = offset + count < items.length ? tokenOf(offset + count) : null;
	const prev = offset > 0 ? tokenOf(Math.max(0, offset - count)) : null;
	const url = (tok: string) => {
		const q = new URLSearchParams(req.query);
		q.set('page_token', tok);
		q.set('count', String(count));
		return `${CALENDLY_API}${req.path}?${q.toString()}`;
	};
	return {
		collection: slice,
		pagination: {
			count: slice.length,
			next_page: next && url(next),
			previous_page: prev && url(prev),
			next_page_token: next,
			previous_page_token: prev
		}
	};
}

/** `sort=<field>:asc|desc` over `fields` (400 otherwise); returns a comparator, or the default's. */
export function sortParam<T>(req: ApiRequest, fields: Record<string, (x: T) => string | number>, fallback: string): (a: T, b: T) => number {
	const raw = req.query.get('sort') || fallback;
	const m = /^([a-z_]+):(asc|desc)$/.exec(raw);
	const key = m && fields[m[1]!];
	if (!m || !key)
		throw invalid(
			'sort',
			`sort must be one of ${Object.keys(fields)
				.flatMap((f) => [`${f}:asc`, `${f}:desc`])
				.join(', ')}`
		);
	const dir = m[2] === 'desc' ? -1 : 1;
	return (a, b) => {
		const x = key(a);
		const y = key(b);
		return x < y ? -dir : x > y ? dir : 0;
	};
}

/** Checks a stored timestamp is Calendly-shaped (used by tests of written rows). */
export const isIsoMicros = (s: string) => IsoMicros.safeParse(s).success;
