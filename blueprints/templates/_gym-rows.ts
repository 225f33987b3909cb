/**
 * Helpers shared by templates (not a template: the registry skips files starting with "_"): the base projection
 * rows of the seed world in HubSpot and Outreach (a fixture row with the same primary key replaces the seeded
 * row, seeds/CONTRACT.md), and calendar arithmetic on UTC ISO-8601 instants in a named IANA zone (never the
 * host's zone). Node only, deterministic.
 */
import type { World } from '../../seeds/world';
import { baseProjection } from '../../gyms/hubspot/seed';
import { project as projectOutreach } from '../../gyms/outreach/seed';
import { TEMPLATE_WORLD_SEED } from './kit';

/** A seeded row, deep-copied so that a template may change it into a fixture row. */
function copy<T>(row: T): T {
	return structuredClone(row);
}

/** The HubSpot tables of the template world's base projection (read only; copy a row with {@link hubspotRow}). */
export function hubspotTables(): Record<string, { id: string }[]> {
	return baseProjection(TEMPLATE_WORLD_SEED).state as unknown as Record<string, { id: string }[]>;
}

/** The Outreach tables of `world`'s base projection (read only; copy a row with {@link outreachRow}). */
export function outreachTables(world: World): Record<string, { id: string }[]> {
	return projectOutreach(world) as unknown as Record<string, { id: string }[]>;
}

/**
 * A copy of the seeded HubSpot row `id` of `table`, e.g. `hubspotRow('contacts', '100009')`.
 * @throws Error when the projection has no such row.
 */
export function hubspotRow<T = Record<string, unknown>>(table: string, id: string): T {
	const hit = hubspotTables()[table]?.find((r) => r.id === id);
	if (!hit) throw new Error(`no seeded HubSpot ${table} row ${id}`);
	return copy(hit) as T;
}

/**
 * A copy of the seeded Outreach row `id` of `table`, e.g. `outreachRow(world, 'prospects', '100009')`.
 * @throws Error when the projection has no such row.
 */
export function outreachRow<T = Record<string, unknown>>(world: World, table: string, id: string): T {
	const hit = outreachTables(world)[table]?.find((r) => r.id === id);
	if (!hit) throw new Error(`no seeded Outreach ${table} row ${id}`);
	return copy(hit) as T;
}

/** Milliseconds in one day. */
export const DAY_MS = 86_400_000;

/** `iso` (UTC ISO-8601) plus `ms` milliseconds, as UTC ISO-8601 with milliseconds. */
export function addMs(iso: string, ms: number): string {
	return new Date(Date.parse(iso) + ms).toISOString();
}

/** The calendar date (`YYYY-MM-DD`) of the instant `iso` in the IANA zone `tz`. */
export function localDate(iso: string, tz: string): string {
	return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

/** The instant `iso` as a rep reads a date in `tz`, e.g. "Monday, March 9". */
export function spokenDate(iso: string, tz: string): string {
	return new Intl.DateTimeFormat('en-US', { timeZone: tz, weekday: 'long', month: 'long', day: 'numeric' }).format(new Date(iso));
}

/** The weekday (0 = Sunday … 6 = Saturday) of the instant `iso` in `tz`. */
export function localWeekday(iso: string, tz: string): number {
	const name = new Intl.DateTimeFormat('en-US', { timeZone: tz, weekday: 'short' }).format(new Date(iso));
	return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(name);
}

/** jq string literal of `s` (JSON quoting is valid jq). */
export function jq(s: string): string {
	return JSON.stringify(s);
}

/** jq array literal of strings. */
export function jqList(items: readonly string[]): string {
	return JSON.stringify([...items]);
}

/** One Outreach prospect as the prospects index finds it: by its email, selected by its full name. */
export interface ProspectPick {
	email: string;
	name: string;
}

/**
 * Oracle UI actions that select `picks` on the Outreach prospects index (search by email, tick "Select <name>") and
 * add them to `sequence` in one bulk pass, from `mailbox` (its email; `null` keeps the acting user's default), then
 * wait for the index's summary `summary`, e.g. "2 added" or "2 added, 1 skipped" (a substring of the toast).
 */
export function outreachBulkAddToSequence(picks: readonly ProspectPick[], sequence: string, mailbox: string | null, summary: string) {
	return [
		{ goto: '/outreach/prospects' },
		{ wait_for: { role: 'heading' as const, name: 'Prospects' } },
		...picks.flatMap((p) => [
			{ fill: { role: 'searchbox' as const, name: 'Search prospects', value: p.email } },
			{ click: { role: 'button' as const, name: 'Search' } },
			{ click: { role: 'checkbox' as const, name: `Select ${p.name}` } }
		]),
		{ click: { role: 'button' as const, name: 'Add to sequence' } },
		{ click: { role: 'combobox' as const, name: 'Sequence' } },
		{ click: { role: 'option' as const, name: sequence } },
		...(mailbox === null ? [] : [{ click: { role: 'combobox' as const, name: 'Mailbox' } }, { click: { role: 'option' as const, name: mailbox } }]),
		{ click: { role: 'button' as const, name: 'Add' } },
		{ wait_for: { text: summary } }
	];
}
