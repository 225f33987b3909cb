/**
 * `POST /crm/v3/objects/{type}/search` for every object type (platforms.md §2.2):
 * `{filterGroups:[{filters:[{propertyName, operator, value?, highValue?, values?}]}], sorts:[{propertyName, direction}],
 *   query, properties, limit, after}` → `{total, results, paging?:{next:{after}}}`.
 *
 * - Groups are ORed, filters inside a group ANDed; at most 5 groups, 6 filters per group, 18 filters in all
 *   (400 VALIDATION_ERROR beyond). Operators EQ, NEQ, LT, LTE, GT, GTE, BETWEEN (value..highValue, inclusive),
 *   IN / NOT_IN (`values`), HAS_PROPERTY, NOT_HAS_PROPERTY, CONTAINS_TOKEN / NOT_CONTAINS_TOKEN (a word of the
 *   value; `*` wildcards allowed, e.g. `*@helixbio.com`). Comparisons follow the property's type: numbers
 *   numerically, datetimes as instants (ISO or epoch ms), strings case-insensitively.
 * - Association pseudo-properties `associations.contact|company|deal|…` (EQ / IN record ids) keep records
 *   associated with that record.
 * - `query`: every whitespace-separated token must occur (case-insensitive) in one of the type's searchable
 *   properties (properties.ts QUERY_PROPERTIES).
 * - One sort (numeric for number properties, instants for datetimes; unset values last); ties and the
 *   default order by id. `limit` 1–200 (400 outside); paging by `after`; `total` counts every match; at most
 *   10,000 results are reachable (an `after` at or past 10,000 is a 400).
 * Archived records are never found.
 */
import { z } from 'zod';
import type { ApiRequest, ApiResponse } from '../../types';
import type { HubSpotDb } from '../db';
import { isObjectType, propertyOf, QUERY_PROPERTIES, SINGULAR, valueOf, OBJECT_TYPES, type ObjectType, type PropertyDef } from '../properties';
import type { CrmObject } from '../schema';
import { associationsOf } from './associations';
import { HubSpotError, invalidInput } from './errors';
import { byNumericId, page, parseAfter } from './paging';
import { readAll } from './records';
import { normalizeDatetime } from './validate';
import { project } from './engine';
import { parseBody } from './zod-message';
import { SEARCH_LIMIT, SEARCH_LIMITS, SearchFilter as Filter, SearchRequestBody } from '../contract';

type FilterInput = z.infer<typeof Filter>;

type Predicate = (r: CrmObject) => boolean;

/** Stored datetimes are canonical UTC ISO ms: parsed directly (the fast path of sorts over the full seed). */
const CANONICAL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Lower-cased text of a record's searchable properties, per record object (cached records are stable objects). */
const haystacks = new WeakMap<CrmObject, string>();
function haystack(r: CrmObject, names: readonly string[]): string {
	let h = haystacks.get(r);
	if (h === undefined) {
		h = names
			.map((n) => r.properties[n] ?? '')
			.join(' ')
			.toLowerCase();
		haystacks.set(r, h);
	}
	return h;
}

/** Record-id properties: compared as exact integers (BigInt), never as floating-point numbers. */
const ID_PROPERTIES: ReadonlySet<string> = new Set(['hs_object_id']);

/**
 * Comparable key of a value for a property type: record ids as exact integers (a value that is not a decimal
 * integer, e.g. `190001.0`, is no id: null), numbers and instants as numbers, text lower-cased.
 */
function keyOf(p: PropertyDef | undefined, v: string): number | bigint | string | null {
	if (p !== undefined && ID_PROPERTIES.has(p.name)) return /^\d{1,30}$/.test(v) ? BigInt(v) : null;
	if (p?.type === 'number') {
		const n = Number(v);
		return v.trim() === '' || Number.isNaN(n) ? null : n;
	}
	if (p?.type === 'datetime' || p?.type === 'date') {
		if (CANONICAL_ISO.test(v)) return Date.parse(v);
		const iso = normalizeDatetime(v);
		return iso === null ? null : Date.parse(iso);
	}
	return v.toLowerCase();
}

function tokenMatcher(pattern: string): (value: string) => boolean {
	const p = pattern.toLowerCase();
	if (p.includes('*')) {
		const re = new RegExp(
			`^${p
				.split('*')
				.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
				.join('.*')}$`
		);
		return (v) =>
			v
				.toLowerCase()
				.split(/\s+/)
				.some((t) => re.test(t)) || re.test(v.toLowerCase());
	}
	return (v) => {
		const lower = v.toLowerCase();
		return lower === p || lower.split(/[^\p{L}\p{N}@._'-]+/u).includes(p) || lower.split(/[^\p{L}\p{N}]+/u).includes(p);
	};
}

/** Compiles one filter to a predicate. @throws HubSpotError 400 for a missing value or an unknown property. */
function compile(type: ObjectType, f: FilterInput, assocIds: Map<string, Set<string>>): Predicate {
	if (f.propertyName.startsWith('associations.')) {
		const ids = assocIds.get(filterKey(f));
		if (!ids) throw invalidInput(`${f.propertyName}: only EQ and IN are supported on association filters`);
		return (r) => ids.has(r.id);
	}
	const p = propertyOf(type, f.propertyName);
	if (!p)
		throw new HubSpotError(400, 'VALIDATION_ERROR', `There was a problem with the request: property "${f.propertyName}" does not exist on ${type}`, [
			{ message: `Property "${f.propertyName}" does not exist`, code: 'PROPERTY_DOESNT_EXIST', in: f.propertyName, context: { propertyName: [f.propertyName] } }
		]);
	const name = f.propertyName;
	const get = (r: CrmObject) => valueOf(r.properties, name) ?? '';
	const need = (v: string | undefined, what = 'value'): string => {
		if (v === undefined) throw invalidInput(`filter on ${name} with ${f.operator} needs a ${what}`);
		return v;
	};
	const cmp = (v: string, op: (a: number | bigint | string, b: number | bigint | string) => boolean): Predicate => {
		const k = keyOf(p, v);
		if (k === null) throw invalidInput(`filter on ${name}: "${v}" is not a valid ${p.type}`);
		return (r) => {
			const x = keyOf(p, get(r));
			return x !== null && get(r) !== '' && typeof x === typeof k && op(x, k);
		};
	};
	switch (f.operator) {
		case 'EQ': {
			const k = keyOf(p, need(f.value));
			return (r) => get(r) !== '' && keyOf(p, get(r)) === k;
		}
		case 'NEQ': {
			const k = keyOf(p, need(f.value));
			return (r) => keyOf(p, get(r)) !== k;
		}
		case 'LT':
			return cmp(need(f.value), (a, b) => a < b);
		case 'LTE':
			return cmp(need(f.value), (a, b) => a <= b);
		case 'GT':
			return cmp(need(f.value), (a, b) => a > b);
		case 'GTE':
			return cmp(need(f.value), (a, b) => a >= b);
		case 'BETWEEN': {
			const lo = cmp(need(f.value), (a, b) => a >= b);
			const hi = cmp(need(f.highValue, 'highValue'), (a, b) => a <= b);
			return (r) => lo(r) && hi(r);
		}
		case 'IN':
		case 'NOT_IN': {
			if (!f.values?.length) throw invalidInput(`filter on ${name} with ${f.operator} needs values`);
			const keys = new Set(f.values.map((v) => keyOf(p, v)));
			const inside = (r: CrmObject) => get(r) !== '' && keys.has(keyOf(p, get(r)));
			return f.operator === 'IN' ? inside : (r) => !inside(r);
		}
		case 'HAS_PROPERTY':
			return (r) => get(r) !== '';
		case 'NOT_HAS_PROPERTY':
			return (r) => get(r) === '';
		case 'CONTAINS_TOKEN':
		case 'NOT_CONTAINS_TOKEN': {
			const m = tokenMatcher(need(f.value));
			return f.operator === 'CONTAINS_TOKEN' ? (r) => m(get(r)) : (r) => !m(get(r));
		}
	}
}

const filterKey = (f: FilterInput) => `${f.propertyName}|${f.operator}|${f.value ?? ''}|${(f.values ?? []).join(',')}`;

/** Ids of `type` records associated with the record(s) an association filter names. */
async function resolveAssociationFilters(db: HubSpotDb, type: ObjectType, filters: FilterInput[]): Promise<Map<string, Set<string>>> {
	const out = new Map<string, Set<string>>();
	for (const f of filters) {
		if (!f.propertyName.startsWith('associations.')) continue;
		const singular = f.propertyName.slice('associations.'.length);
		const other = OBJECT_TYPES.find((t) => SINGULAR[t] === singular || t === singular);
		if (!other || !isObjectType(other)) throw invalidInput(`${f.propertyName}: unknown object type "${singular}"`);
		if (f.operator !== 'EQ' && f.operator !== 'IN') continue;
		const ids = f.operator === 'EQ' ? [f.value ?? ''] : (f.values ?? []);
		const set = new Set<string>();
		for (const id of ids) for (const a of await associationsOf(db, other, id, type)) set.add(a.toObjectId);
		out.set(filterKey(f), set);
	}
	return out;
}

function sorter(type: ObjectType, sort: string | { propertyName: string; direction: 'ASCENDING' | 'DESCENDING' }): (a: CrmObject, b: CrmObject) => number {
	const name = typeof sort === 'string' ? sort.replace(/^-/, '') : sort.propertyName;
	const sign = (typeof sort === 'string' ? sort.startsWith('-') : sort.direction === 'DESCENDING') ? -1 : 1;
	const p = propertyOf(type, name);
	if (!p) throw invalidInput(`sorts: property "${name}" does not exist on ${type}`);
	const keys = new Map<CrmObject, number | bigint | string | null>();
	const key = (r: CrmObject) => {
		if (!keys.has(r)) {
			const v = valueOf(r.properties, name) ?? '';
			keys.set(r, v === '' ? null : keyOf(p, v));
		}
		return keys.get(r)!;
	};
	return (a, b) => {
		const x = key(a);
		const y = key(b);
		if (x === null || y === null) return x === y ? byNumericId(a, b) : x === null ? 1 : -1;
		return (x < y ? -1 : x > y ? 1 : 0) * sign || byNumericId(a, b);
	};
}

/**
 * Runs a search over `records` (pure apart from association lookups).
 * @returns every match in order (the caller pages).
 * @throws HubSpotError 400 for limits, unknown properties, missing values.
 */
export async function runSearch(db: HubSpotDb, type: ObjectType, records: readonly CrmObject[], body: z.infer<typeof SearchRequestBody>): Promise<CrmObject[]> {
	const groups = body.filterGroups ?? [];
	const all = groups.flatMap((g) => g.filters);
	if (groups.length > SEARCH_LIMITS.groups) throw invalidInput(`filterGroups: at most ${SEARCH_LIMITS.groups} filter groups are allowed, got ${groups.length}`);
	groups.forEach((g, i) => {
		if (g.filters.length > SEARCH_LIMITS.filtersPerGroup)
			throw invalidInput(`filterGroups[${i}].filters: at most ${SEARCH_LIMITS.filtersPerGroup} filters are allowed per group, got ${g.filters.length}`);
	});
	if (all.length > SEARCH_LIMITS.filters) throw invalidInput(`filterGroups: at most ${SEARCH_LIMITS.filters} filters are allowed in all, got ${all.length}`);
	const assocIds = await resolveAssociationFilters(db, type, all);
	const compiled = groups.filter((g) => g.filters.length).map((g) => g.filters.map((f) => compile(type, f, assocIds)));
	const tokens = (body.query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
	const searchable = QUERY_PROPERTIES[type];
	const sort = body.sorts?.[0] ? sorter(type, body.sorts[0]) : byNumericId;
	const out = records.filter((r) => {
		if (r.archived) return false;
		if (compiled.length && !compiled.some((g) => g.every((pred) => pred(r)))) return false;
		if (tokens.length) {
			const hay = haystack(r, searchable);
			if (!tokens.every((t) => hay.includes(t))) return false;
		}
		return true;
	});
	return out.sort(sort);
}

/** `POST /crm/v3/objects/{type}/search`. @throws HubSpotError 400. */
export function searchHandler(type: ObjectType) {
	return async (db: HubSpotDb, req: ApiRequest): Promise<ApiResponse> => {
		const body = parseBody(SearchRequestBody, req.body ?? {});
		const limit = body.limit ?? SEARCH_LIMIT.default;
		const start = parseAfter(body.after) ?? 0;
		if (start >= SEARCH_LIMITS.reachable) throw invalidInput(`after: at most ${SEARCH_LIMITS.reachable} results can be paged through; narrow the search`);
		const matches = await runSearch(db, type, await readAll(db, type), body);
		const p = page(matches, start, Math.min(limit, SEARCH_LIMITS.reachable - start));
		const res: Record<string, unknown> = { total: matches.length, results: p.results.map((r) => project(type, r, body.properties ?? [])) };
		if (p.next !== null && Number(p.next) < SEARCH_LIMITS.reachable) res.paging = { next: { after: p.next } };
		return { status: 200, body: res };
	};
}
