/**
 * Paging and query-string helpers shared by the HubSpot handlers (platforms.md §0/§2.2): HubSpot's cursor
 * paging `{paging:{next:{after, link}}}`, list limits (10 default, 100 max) and search limits (10 / 200).
 */
import { HUBSPOT_API_BASE } from '../contract';
import { invalidInput } from './errors';

/** The gym's base URL; paging links are built on it. */
export const BASE = HUBSPOT_API_BASE;

/** Numeric-id order (HubSpot ids are numeric strings; string order would put "1000" before "999"). */
export function byNumericId(a: { id: string }, b: { id: string }): number {
	return a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Values of a repeatable, comma-separated query parameter (`?properties=a,b&properties=c` → `[a, b, c]`). */
export function csv(query: URLSearchParams, name: string): string[] {
	return query
		.getAll(name)
		.flatMap((p) => p.split(','))
		.map((p) => p.trim())
		.filter(Boolean);
}

/**
 * A `limit` query value: default when absent, capped at `max` (HubSpot caps list limits silently).
 * @throws HubSpotError 400 for a non-positive or non-integer value.
 */
export function parseLimit(raw: string | null, limits: { default: number; max: number }): number {
	if (raw === null || raw === '') return limits.default;
	const n = Number(raw);
	if (!Number.isInteger(n) || n < 1) throw invalidInput(`limit must be a positive integer, got "${raw}"`);
	return Math.min(n, limits.max);
}

/**
 * A paging cursor (`after`): the 0-based offset of the next row, as text. @returns null when absent.
 * @throws HubSpotError 400 when it is not a cursor this gym handed out.
 */
export function parseAfter(raw: string | number | null | undefined): number | null {
	if (raw === null || raw === undefined || raw === '') return null;
	const s = String(raw);
	if (!/^[0-9]{1,18}$/.test(s)) throw invalidInput(`after must be a paging cursor from paging.next.after, got "${s}"`);
	return Number(s);
}

/**
 * One page of `rows` (already ordered) from the cursor `after` (a 0-based offset; null = the start).
 * @returns the page's rows, the next cursor (null on the last page) and HubSpot's `paging` block
 *   (`{next:{after, link}}`, `link` only when a `link` builder is given), absent on the last page.
 */
export function page<T>(
	rows: readonly T[],
	after: number | null,
	limit: number,
	link?: (after: string) => string
): { results: T[]; next: string | null; paging?: { next: { after: string; link?: string } } } {
	const start = after ?? 0;
	const results = rows.slice(start, start + limit);
	const next = start + limit < rows.length ? String(start + limit) : null;
	if (next === null) return { results, next };
	return { results, next, paging: { next: link ? { after: next, link: link(next) } : { after: next } } };
}
