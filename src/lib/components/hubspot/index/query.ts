/**
 * The index screen's state → HubSpot search body (`POST /crm/v3/objects/{type}/search`, platforms.md §2.2).
 * Pure functions (no clock, no host time zone): "today" for date presets is the run's virtual clock, passed in.
 *
 * The effective filter is: view tab filter AND quick filters AND (advanced group 1 OR advanced group 2 …),
 * expanded into HubSpot's shape (groups ORed, filters ANDed) by copying the common filters into every group.
 */
import type { SearchFilter, SearchRequest } from '$lib/hubspot/crm';
import type { SearchSort } from '$lib/hubspot/client';
import type { DefaultTab } from './config';

/** One filter group of Advanced filters (its filters are ANDed; groups are ORed). */
export interface FilterGroup {
	filters: SearchFilter[];
}

/** Date presets of the date quick filters, relative to the run's clock (UTC days). */
export const DATE_PRESETS = [
	{ value: 'today', label: 'Today' },
	{ value: 'yesterday', label: 'Yesterday' },
	{ value: 'last7', label: 'Last 7 days' },
	{ value: 'last30', label: 'Last 30 days' },
	{ value: 'last90', label: 'Last 90 days' },
	{ value: 'older30', label: 'More than 30 days ago' },
	{ value: 'older90', label: 'More than 90 days ago' },
	{ value: 'unknown', label: 'Is unknown' }
] as const;
/** A date preset value. */
export type DatePreset = (typeof DATE_PRESETS)[number]['value'];

/** Value of the owner quick filter meaning "no owner" (HubSpot: "Unassigned"). */
export const NO_OWNER = '__none__';

const DAY_MS = 86_400_000;

function dayStart(iso: string, plusDays = 0): string {
	const ms = Date.parse(iso.slice(0, 10) + 'T00:00:00.000Z') + plusDays * DAY_MS;
	return new Date(ms).toISOString();
}

/**
 * The search filter of a date preset on `property`, relative to `now` (UTC ISO-8601; the run's virtual clock).
 * "Last N days" includes today: [today − (N−1) days, tomorrow). Values are UTC ISO-8601 ms timestamps.
 * @returns `null` for an unknown preset.
 */
export function dateFilter(property: string, preset: string, now: string): SearchFilter | null {
	const tomorrow = dayStart(now, 1);
	const between = (from: string, to: string): SearchFilter => ({
		propertyName: property,
		operator: 'BETWEEN',
		value: from,
		highValue: new Date(Date.parse(to) - 1).toISOString()
	});
	switch (preset) {
		case 'today':
			return between(dayStart(now), tomorrow);
		case 'yesterday':
			return between(dayStart(now, -1), dayStart(now));
		case 'last7':
			return between(dayStart(now, -6), tomorrow);
		case 'last30':
			return between(dayStart(now, -29), tomorrow);
		case 'last90':
			return between(dayStart(now, -89), tomorrow);
		case 'older30':
			return { propertyName: property, operator: 'LT', value: dayStart(now, -29) };
		case 'older90':
			return { propertyName: property, operator: 'LT', value: dayStart(now, -89) };
		case 'unknown':
			return { propertyName: property, operator: 'NOT_HAS_PROPERTY' };
		default:
			return null;
	}
}

/** The state of the index toolbar that turns into a search. */
export interface IndexQuery {
	/** Default tab id, or `null` when a saved view is open (its filters are in `advanced`). */
	tab: DefaultTab['id'] | null;
	/** Quick filter values by property: owner id / {@link NO_OWNER}, enum value, stage id, or date preset; `""` = any. */
	quick: Record<string, string>;
	/** Quick filter kinds by property (date presets need the clock; owner "none" is NOT_HAS_PROPERTY). */
	quickKinds: Record<string, 'owner' | 'date' | 'value'>;
	advanced: FilterGroup[];
	/** Free text (trimmed by the caller). */
	query: string;
	sort: SearchSort | null;
}

/**
 * The filters every group shares: the tab's and the quick filters'.
 * @param me the signed-in owner id ("My …" tab); `now` the run clock for date presets.
 */
export function commonFilters(q: IndexQuery, me: string, now: string): SearchFilter[] {
	const out: SearchFilter[] = [];
	if (q.tab === 'mine') out.push({ propertyName: 'hubspot_owner_id', operator: 'EQ', value: me });
	if (q.tab === 'unassigned') out.push({ propertyName: 'hubspot_owner_id', operator: 'NOT_HAS_PROPERTY' });
	for (const [property, value] of Object.entries(q.quick)) {
		if (!value) continue;
		const kind = q.quickKinds[property] ?? 'value';
		if (kind === 'date') {
			const f = dateFilter(property, value, now);
			if (f) out.push(f);
		} else if (kind === 'owner' && value === NO_OWNER) out.push({ propertyName: property, operator: 'NOT_HAS_PROPERTY' });
		else out.push({ propertyName: property, operator: 'EQ', value });
	}
	return out;
}

/** True when an advanced filter is complete enough to send (value present unless the operator takes none). */
export function isCompleteFilter(f: SearchFilter): boolean {
	if (!f.propertyName) return false;
	if (f.operator === 'HAS_PROPERTY' || f.operator === 'NOT_HAS_PROPERTY') return true;
	if (f.operator === 'IN' || f.operator === 'NOT_IN') return (f.values ?? []).length > 0;
	if (f.operator === 'BETWEEN') return !!f.value && !!f.highValue;
	return f.value !== undefined && f.value !== '';
}

/**
 * HubSpot's `filterGroups` for the whole state: common filters copied into each non-empty advanced group,
 * or one group of the common filters alone; `[]` when there is no filter at all.
 */
export function filterGroupsOf(q: IndexQuery, me: string, now: string): FilterGroup[] {
	const common = commonFilters(q, me, now);
	const groups = q.advanced.map((g) => g.filters.filter(isCompleteFilter)).filter((f) => f.length > 0);
	if (groups.length === 0) return common.length ? [{ filters: common }] : [];
	return groups.map((filters) => ({ filters: [...common, ...filters] }));
}

/**
 * The search body of one page: filters, sort (default: Create date, newest first), paging as HubSpot's
 * search offset cursor (`after` = index of the first row), and only the properties the columns need.
 */
export function searchBody(q: IndexQuery, o: { me: string; now: string; page: number; pageSize: number; properties: string[] }): SearchRequest {
	const filterGroups = filterGroupsOf(q, o.me, o.now);
	const body: SearchRequest = {
		...(filterGroups.length ? { filterGroups } : {}),
		sorts: [q.sort ?? { propertyName: 'createdate', direction: 'DESCENDING' }],
		properties: o.properties,
		limit: o.pageSize
	};
	if (q.query) body.query = q.query;
	if (o.page > 0) body.after = String(o.page * o.pageSize);
	return body;
}

/** Number of pages for `total` rows (HubSpot search reaches at most 10,000 rows). */
export function pageCount(total: number, pageSize: number): number {
	return Math.max(1, Math.ceil(Math.min(total, 10_000) / pageSize));
}

/** Page numbers to show as buttons: a window of up to 5 around `current` (0-based in, 0-based out). */
export function pageWindow(current: number, count: number, width = 5): number[] {
	const start = Math.max(0, Math.min(current - Math.floor(width / 2), count - width));
	return Array.from({ length: Math.min(width, count) }, (_, i) => start + i);
}
