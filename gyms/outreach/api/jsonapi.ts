/**
 * The generic JSON:API machinery every Outreach resource uses (Outreach API v2 reference, "Making requests"):
 * - wire form: stored rows carry string ids, the wire has integer ids (`{type, id: 1, attributes, relationships}`);
 * - `filter[<attr>]=a,b` (any of), `filter[<attr>]=lo..hi` (range; `neg_inf` / `inf` open ends),
 *   `filter[<relationship>][id]=1,2`; array attributes (`emails`, `tags`) match when they contain a value;
 *   `filter[q]` (replica: the UI's search box) matches names, emails, title and company, case-insensitive;
 * - `sort=-createdAt,lastName` (attributes; `-` = descending; ties by id);
 * - `page[size]` (default 50, at most 1000) with an opaque `page[after]` cursor and `links.first` / `links.next`,
 *   and the legacy `page[limit]` / `page[offset]`;
 * - `include=account,stage` (to-one relationships, dotted for nested: `sequenceState.sequence`);
 * - sparse `fields[<type>]=firstName,stage`;
 * - attributes the spec marks neither filterable nor sortable (`NOT_FILTERABLE`: the prospect custom fields) are
 *   refused in `filter[…]` and `sort`;
 * - `count=true` → `meta.count` (Outreach apps registered after 2024-10-13 default to `count=false`).
 * Every malformed parameter is a 400 `badRequest` in Outreach's envelope; nothing is read past it.
 */
import { cachedTable } from '../../kit/read-cache';
import type { ApiRequest, ApiResponse } from '../../types';
import { NOT_FILTERABLE, OUTREACH_API_BASE, RESOURCE_SHAPES, SERVED_DEFAULTS, type ResourceType } from '../contract';
import type { OutreachDb } from '../db';
import { TABLE_OF_TYPE, type OutreachTable } from '../schema';
import { JSON_API, OutreachError } from './errors';

/** A stored row of any table (string ids). */
export interface Row {
	type: ResourceType;
	id: string;
	attributes: Record<string, unknown>;
	relationships: Record<string, { data: { type: string; id: string } | null }>;
}

/** The served (wire) form of a row: integer ids. */
export interface WireRow {
	type: ResourceType;
	id: number;
	attributes: Record<string, unknown>;
	relationships: Record<string, { data: { type: string; id: number } | null }>;
}

/** Default and largest `page[size]`. */
export const PAGE_DEFAULT = 50;
export const PAGE_MAX = 1000;

/** A view applied to rows before they are filtered or served (e.g. a paused state whose resume time passed reads as active). */
export type RowView = (row: Row) => Row;

/**
 * Stored row → wire row (integer ids; attributes a row stores only when set, such as the prospect custom fields,
 * served with their `SERVED_DEFAULTS` value `null`, after the stored ones).
 */
export function toWire(row: Row): WireRow {
	const relationships: WireRow['relationships'] = {};
	for (const [k, v] of Object.entries(row.relationships)) relationships[k] = { data: v.data ? { type: v.data.type, id: Number(v.data.id) } : null };
	const defaults = SERVED_DEFAULTS[row.type];
	let attributes = row.attributes;
	if (defaults) {
		const hit = WITH_DEFAULTS.get(row.attributes);
		if (hit) attributes = hit;
		else {
			attributes = { ...row.attributes };
			for (const k in defaults) if (!(k in attributes)) attributes[k] = defaults[k];
			WITH_DEFAULTS.set(row.attributes, attributes);
		}
	}
	return { type: row.type, id: Number(row.id), attributes, relationships };
}

/** Served attributes (with their defaults) per stored attributes object: rows are immutable, a write stores a new one. */
const WITH_DEFAULTS = new WeakMap<Record<string, unknown>, Record<string, unknown>>();

/** Numeric id order. */
export const byId = (a: { id: string }, b: { id: string }): number => Number(a.id) - Number(b.id);

/**
 * All rows of `table`, id order: the read cache outside transactions, the table itself inside one.
 * @returns the rows (never mutate them: they are shared with the cache).
 */
export async function allRows(db: OutreachDb, table: OutreachTable): Promise<{ rows: Row[]; byKey: Map<string, Row> }> {
	const cached = await cachedTable<Row>(
		db,
		table,
		(r) => r as Row,
		(r) => r.id,
		byId
	);
	if (cached) return cached;
	const rows = ((await db.table(table).toArray()) as Row[]).sort(byId);
	return { rows, byKey: new Map(rows.map((r) => [r.id, r])) };
}

/** The 400 of a bad query parameter. */
const bad = (detail: string) => new OutreachError(400, 'badRequest', 'Bad Request', detail);

/** The 404 of a missing resource, in Outreach's words: `Could not find 'prospect' with ID '1'.` */
export const notFound = (type: ResourceType, id: string) =>
	new OutreachError(404, 'resourceNotFound', 'Resource Not Found', `Could not find '${type}' with ID '${id}'.`);

/** One parsed filter. */
interface Filter {
	field: string;
	/** Relationship filter (`filter[account][id]`). */
	rel: boolean;
	values: string[];
	range?: { lo: string | null; hi: string | null };
}

/** The parsed collection query. */
export interface ListQuery {
	filters: Filter[];
	q: string | null;
	sort: { field: string; desc: boolean }[];
	size: number;
	offset: number;
	cursor: boolean;
	include: string[][];
	fields: Map<string, Set<string>>;
	count: boolean;
}

/** Cursor ↔ offset (opaque to clients: base64url of `o<offset>`). */
const encodeCursor = (offset: number) => btoa(`o${offset}`).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
function decodeCursor(c: string): number {
	let text: string;
	try {
		text = atob(c.replace(/-/g, '+').replace(/_/g, '/'));
	} catch {
		throw bad(`page[after]: "${c}" is not a cursor this API handed out`);
	}
	const m = /^o(\d{1,9})$/.exec(text);
	if (!m) throw bad(`page[after]: "${c}" is not a cursor this API handed out`);
	return Number(m[1]);
}

/** A non-negative integer query value. @throws 400 */
function intParam(name: string, v: string, max: number): number {
	if (!/^\d{1,9}$/.test(v)) throw bad(`${name} must be a non-negative integer, got "${v}"`);
	const n = Number(v);
	if (n > max) throw bad(`${name} must be at most ${max}, got ${n}`);
	return n;
}

/**
 * Parses the JSON:API query of a read on `type`.
 * @param many false for a single-resource GET (only `include` and `fields` are allowed).
 * @throws OutreachError 400 `badRequest` for an unknown parameter, attribute, relationship or malformed value.
 */
export function parseQuery(type: ResourceType, query: URLSearchParams, many: boolean): ListQuery {
	const shape = RESOURCE_SHAPES[type];
	const out: ListQuery = { filters: [], q: null, sort: [], size: PAGE_DEFAULT, offset: 0, cursor: true, include: [], fields: new Map(), count: false };
	for (const [key, value] of query) {
		let m: RegExpExecArray | null;
		if (key === 'include') {
			out.include = value
				.split(',')
				.filter(Boolean)
				.map((p) => p.split('.'));
			for (const path of out.include) includeTarget(type, path);
		} else if ((m = /^fields\[([A-Za-z]+)\]$/.exec(key))) {
			const t = m[1] as ResourceType;
			if (!RESOURCE_SHAPES[t]) throw bad(`fields[${m[1]}]: "${m[1]}" is not a resource type`);
			const names = new Set(value.split(',').filter(Boolean));
			for (const n of names)
				if (!(n in RESOURCE_SHAPES[t].attributes) && !(n in RESOURCE_SHAPES[t].relationships)) throw bad(`fields[${t}]: "${n}" is not a field of ${t}`);
			out.fields.set(t, names);
		} else if (!many) {
			throw bad(`"${key}" is not a parameter of a single ${type} read (use include or fields[...])`);
		} else if (key === 'filter[q]') {
			out.q = value.trim().toLowerCase() || null;
		} else if ((m = /^filter\[([A-Za-z0-9]+)\](\[id\])?$/.exec(key))) {
			const field = m[1]!;
			// `filter[id]` is the resource's own id; `filter[account][id]` a relationship's.
			const rel = m[2] !== undefined;
			if (rel ? !(field in shape.relationships) : (!(field in shape.attributes) && field !== 'id') || NOT_FILTERABLE[type]?.has(field))
				throw bad(`filter[${field}]${rel ? '[id]' : ''}: "${field}" is not a filterable ${rel ? 'relationship' : 'attribute'} of ${type}`);
			const range = /^(.*)\.\.(.*)$/.exec(value);
			out.filters.push(
				range
					? {
							field,
							rel,
							values: [],
							range: { lo: range[1] === 'neg_inf' || range[1] === '' ? null : range[1]!, hi: range[2] === 'inf' || range[2] === '' ? null : range[2]! }
						}
					: { field, rel, values: value.split(',') }
			);
		} else if (key === 'sort') {
			out.sort = value
				.split(',')
				.filter(Boolean)
				.map((s) => ({ field: s.replace(/^-/, ''), desc: s.startsWith('-') }));
			for (const s of out.sort)
				if ((!(s.field in shape.attributes) && s.field !== 'id') || NOT_FILTERABLE[type]?.has(s.field))
					throw bad(`sort: "${s.field}" is not a sortable attribute of ${type}`);
		} else if (key === 'page[size]' || key === 'page[limit]') {
			out.size = intParam(key, value, PAGE_MAX);
			if (out.size === 0) throw bad(`${key} must be at least 1`);
			if (key === 'page[limit]') out.cursor = false;
		} else if (key === 'page[after]') {
			out.offset = decodeCursor(value);
		} else if (key === 'page[offset]') {
			out.offset = intParam(key, value, 10_000);
			out.cursor = false;
		} else if (key === 'count') {
			if (value !== 'true' && value !== 'false') throw bad(`count must be true or false, got "${value}"`);
			out.count = value === 'true';
		} else {
			throw bad(`"${key}" is not a query parameter of the ${type} collection`);
		}
	}
	return out;
}

/** The resource type a dotted include path ends at. @throws 400 for an unknown or to-many step. */
function includeTarget(type: ResourceType, path: string[]): ResourceType[] {
	let types: ResourceType[] = [type];
	for (const step of path) {
		const next = new Set<ResourceType>();
		for (const t of types) {
			const rel = RESOURCE_SHAPES[t].relationships[step];
			if (rel) for (const x of rel.types) next.add(x);
		}
		if (!next.size) throw bad(`include: "${path.join('.')}" is not a relationship of ${type}`);
		types = [...next];
	}
	return types;
}

/** Whether `row` matches one filter. */
function matches(row: Row, f: Filter): boolean {
	let actual: unknown;
	if (f.rel) actual = row.relationships[f.field]?.data?.id ?? null;
	else if (f.field === 'id') actual = row.id;
	else actual = row.attributes[f.field];
	const list = Array.isArray(actual) ? actual : [actual];
	return list.some((a) => {
		const text = a === null || a === undefined ? 'null' : String(a);
		if (f.range) {
			if (a === null || a === undefined) return false;
			const num = typeof a === 'number';
			const cmp = (x: string) => (num ? (a as number) - Number(x) : text < x ? -1 : text > x ? 1 : 0);
			return (f.range.lo === null || cmp(f.range.lo) >= 0) && (f.range.hi === null || cmp(f.range.hi) <= 0);
		}
		return f.values.some((v) => (typeof a === 'string' && f.field !== 'id' && !f.rel ? a.toLowerCase() === v.toLowerCase() : text === v));
	});
}

/** Search text per stored row object (rows are immutable: a write stores a new object). */
const SEARCH_TEXT = new WeakMap<Row, string>();

/** Free-text match of `filter[q]` over the usual searchable attributes (memoized per row object). */
function searchText(row: Row): string {
	let text = SEARCH_TEXT.get(row);
	if (text === undefined) {
		text = buildSearchText(row);
		SEARCH_TEXT.set(row, text);
	}
	return text;
}

/** The lower-case search text of a row: names, emails, title, company, domain, subject. */
function buildSearchText(row: Row): string {
	const a = row.attributes;
	return [
		a.firstName,
		a.lastName,
		a.firstName && a.lastName ? `${String(a.firstName)} ${String(a.lastName)}` : null,
		a.name,
		a.email,
		...((a.emails as string[] | undefined) ?? []),
		a.title,
		a.company,
		a.domain,
		a.subject
	]
		.filter((x) => typeof x === 'string')
		.join('\n')
		.toLowerCase();
}

/** Compares two attribute values (null last ascending). */
function compareValues(x: unknown, y: unknown): number {
	if (x === y) return 0;
	if (x === null || x === undefined) return 1;
	if (y === null || y === undefined) return -1;
	if (typeof x === 'number' && typeof y === 'number') return x - y;
	if (typeof x === 'boolean' && typeof y === 'boolean') return Number(x) - Number(y);
	const a = String(x).toLowerCase();
	const b = String(y).toLowerCase();
	return a < b ? -1 : a > b ? 1 : 0;
}

/** Applies sparse fieldsets to a wire row. */
function sparse(w: WireRow, fields: Map<string, Set<string>>): WireRow {
	const keep = fields.get(w.type);
	if (!keep) return w;
	return {
		...w,
		attributes: Object.fromEntries(Object.entries(w.attributes).filter(([k]) => keep.has(k))),
		relationships: Object.fromEntries(Object.entries(w.relationships).filter(([k]) => keep.has(k)))
	};
}

/** The `included` resources of `rows` for the include paths (deduplicated, in first-reference order). */
async function included(db: OutreachDb, rows: Row[], paths: string[][], view: Views, fields: Map<string, Set<string>>): Promise<WireRow[] | undefined> {
	if (!paths.length) return undefined;
	const seen = new Map<string, WireRow>();
	for (const path of paths) {
		let level: Row[] = rows;
		for (const step of path) {
			const next: Row[] = [];
			for (const r of level) {
				const id = r.relationships[step]?.data;
				if (!id) continue;
				const t = id.type as ResourceType;
				const { byKey } = await allRows(db, TABLE_OF_TYPE[t]);
				const target = byKey.get(id.id);
				if (!target) continue;
				const fn = await view.get(t);
				const v = fn ? fn(target) : target;
				next.push(v);
				const key = `${t}/${v.id}`;
				if (!seen.has(key)) seen.set(key, sparse(toWire(v), fields));
			}
			level = next;
		}
	}
	return [...seen.values()];
}

/** The path plus query of a collection page link. */
function pageLink(path: string, query: URLSearchParams, q: ListQuery, offset: number | null): string {
	const params = new URLSearchParams();
	for (const [k, v] of query) if (k !== 'page[after]' && k !== 'page[offset]') params.append(k, v);
	if (offset !== null && offset > 0) params.set(q.cursor ? 'page[after]' : 'page[offset]', q.cursor ? encodeCursor(offset) : String(offset));
	const text = params.toString().replace(/%5B/g, '[').replace(/%5D/g, ']').replace(/%2C/g, ',');
	return `${OUTREACH_API_BASE}${path}${text ? `?${text}` : ''}`;
}

/** The views per type that reads apply (registered by the handlers that need one). */
export const VIEWS = new Map<ResourceType, (clock: string) => RowView>();

/**
 * Views that need other tables (e.g. a step's counters computed from the mailings), per type: built at most once
 * per answer and only for the types the answer serves (registered by the modules that need one).
 */
export const TABLE_VIEWS = new Map<ResourceType, (db: OutreachDb, clock: string) => Promise<RowView>>();

/** The row views of one answer, built lazily per type (a clock view, then a table view). */
class Views {
	private readonly built = new Map<ResourceType, RowView | null>();
	constructor(
		private readonly db: OutreachDb,
		private readonly clock: string
	) {}
	/** The view of `t`, or undefined when rows of `t` are served as stored. */
	async get(t: ResourceType): Promise<RowView | undefined> {
		if (!this.built.has(t)) {
			const a = VIEWS.get(t)?.(this.clock);
			const b = await TABLE_VIEWS.get(t)?.(this.db, this.clock);
			this.built.set(t, a && b ? (r) => b(a(r)) : (a ?? b ?? null));
		}
		return this.built.get(t) ?? undefined;
	}
}

/**
 * Answers a collection read of `type`: filter, search, sort, page, include, sparse fields, count.
 * @param clock the run's virtual time (for row views).
 * @param extra an additional row predicate (route-specific), applied before paging.
 * @throws OutreachError 400 for a malformed query.
 */
export async function listResponse(db: OutreachDb, req: ApiRequest, type: ResourceType, clock: string, extra?: (r: Row) => boolean): Promise<ApiResponse> {
	const q = parseQuery(type, req.query, true);
	const views = new Views(db, clock);
	const view = await views.get(type);
	const { rows } = await allRows(db, TABLE_OF_TYPE[type]);
	let hits = view ? rows.map(view) : rows;
	if (q.filters.length || q.q || extra)
		hits = hits.filter((r) => (!extra || extra(r)) && q.filters.every((f) => matches(r, f)) && (!q.q || searchText(r).includes(q.q!)));
	if (q.sort.length) {
		hits = [...hits].sort((a, b) => {
			for (const s of q.sort) {
				const c = s.field === 'id' ? byId(a, b) : compareValues(a.attributes[s.field], b.attributes[s.field]);
				if (c) return s.desc ? -c : c;
			}
			return byId(a, b);
		});
	}
	const page = hits.slice(q.offset, q.offset + q.size);
	const links: { first: string; next?: string; prev?: string } = { first: pageLink(req.path, req.query, q, null) };
	if (q.offset + q.size < hits.length) links.next = pageLink(req.path, req.query, q, q.offset + q.size);
	if (q.offset > 0) links.prev = pageLink(req.path, req.query, q, Math.max(0, q.offset - q.size));
	const inc = await included(db, page, q.include, views, q.fields);
	const body: Record<string, unknown> = { data: page.map((r) => sparse(toWire(r), q.fields)) };
	if (inc) body.included = inc;
	body.links = links;
	body.meta = q.count ? { count: hits.length, count_truncated: false } : {};
	return { status: 200, body, headers: { 'content-type': JSON_API } };
}

/**
 * Answers a single-resource read (or a write's answer) of `row` with `include` / `fields` from the query.
 * @throws OutreachError 400 for a malformed query.
 */
export async function resourceResponse(db: OutreachDb, req: ApiRequest, row: Row, clock: string, status = 200): Promise<ApiResponse> {
	const q = parseQuery(
		row.type,
		req.method === 'GET' ? req.query : new URLSearchParams([...req.query].filter(([k]) => k === 'include' || k.startsWith('fields['))),
		false
	);
	const views = new Views(db, clock);
	const fn = await views.get(row.type);
	const v = fn ? fn(row) : row;
	const inc = await included(db, [v], q.include, views, q.fields);
	const body: Record<string, unknown> = { data: sparse(toWire(v), q.fields) };
	if (inc) body.included = inc;
	return { status, body, headers: { 'content-type': JSON_API } };
}

/**
 * The row `id` of `type` (stored), or the 404 `resourceNotFound`.
 * @throws OutreachError 404
 */
export async function getRow(db: OutreachDb, type: ResourceType, id: string): Promise<Row> {
	const { byKey } = await allRows(db, TABLE_OF_TYPE[type]);
	const row = /^[1-9][0-9]{0,15}$/.test(id) ? byKey.get(id) : undefined;
	if (!row) throw notFound(type, id);
	return row;
}
