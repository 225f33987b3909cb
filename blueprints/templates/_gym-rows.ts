/**
 * Helpers shared by templates (not a template: the registry skips files starting with "_"): the base projection
 * rows of the seed world in HubSpot and Outreach (a fixture row with the same primary key replaces the seeded
 * row, seeds/CONTRACT.md), and calendar arithmetic on UTC ISO-8601 instants in a named IANA zone (never the
 * host's zone). Node only, deterministic.
 */
import type { World } from '../../seeds/world';
import { baseProjection } from '../../gyms/hubspot/seed';
import { project as projectOutreach } from '../../gyms/outreach/seed';
import { project as projectSalesNav } from '../../gyms/salesnav/seed';
import { project as projectCalendly } from '../../gyms/calendly/seed';
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

/**
 * A copy of the seeded Sales Navigator row of `table` whose primary key (`accountId` for accounts, `leadId` for
 * leads, `id` otherwise) is `key`, e.g. `salesnavRow(world, 'accounts', '20050')`.
 * @throws Error when the projection has no such row.
 */
export function salesnavRow<T = Record<string, unknown>>(world: World, table: string, key: string): T {
	const field = table === 'accounts' ? 'accountId' : table === 'leads' ? 'leadId' : 'id';
	const rows = projectSalesNav(world) as unknown as Record<string, Record<string, unknown>[]>;
	const hit = rows[table]?.find((r) => r[field] === key);
	if (!hit) throw new Error(`no seeded Sales Navigator ${table} row ${key}`);
	return copy(hit) as T;
}

/**
 * A copy of the seeded Calendly row of `table` whose `uri` is `uri` (e.g. an invitee).
 * @throws Error when the projection has no such row.
 */
export function calendlyRow<T = Record<string, unknown>>(world: World, table: string, uri: string): T {
	const rows = projectCalendly(world) as unknown as Record<string, { uri: string }[]>;
	const hit = rows[table]?.find((r) => r.uri === uri);
	if (!hit) throw new Error(`no seeded Calendly ${table} row ${uri}`);
	return copy(hit) as T;
}

/**
 * The Outreach rows a person who is not an Outreach prospect in `world` would have if they were one, as fixture
 * rows: `{prospects: [one], emailAddresses, accounts}` (the account only when the base projection lacks it). The
 * rows come from the Outreach projection itself over the world with that one person marked `inOutreach` (so the
 * shapes and derived fields are the gym's own); email-address ids, which the projection numbers by position, are
 * replaced by `emailAddressId(order)` so that they cannot collide with seeded rows. No sequence states.
 * @throws Error when the person is unknown or already a prospect.
 */
export function outreachProspectRows(
	world: World,
	personId: string,
	emailAddressId: (order: number) => string
): { prospects: Record<string, unknown>[]; emailAddresses: Record<string, unknown>[]; accounts: Record<string, unknown>[] } {
	const person = world.people.find((p) => p.id === personId);
	if (!person) throw new Error(`no person ${personId} in the world`);
	if (person.inOutreach) throw new Error(`person ${personId} is already an Outreach prospect`);
	const base = outreachTables(world);
	const as = projectOutreach({ ...world, people: world.people.map((p) => (p.id === personId ? { ...p, inOutreach: true } : p)) }) as unknown as Record<
		string,
		{ id: string; attributes: Record<string, unknown>; relationships: Record<string, { data: { id: string } | null }> }[]
	>;
	const prospect = as.prospects!.find((p) => p.id === personId)!;
	const emails = as
		.emailAddresses!.filter((e) => e.relationships.prospect?.data?.id === personId)
		.map((e) => ({ ...copy(e), id: emailAddressId(Number(e.attributes.order)) }));
	const accountId = prospect.relationships.account?.data?.id;
	const accounts = accountId && !base.accounts!.some((a) => a.id === accountId) ? as.accounts!.filter((a) => a.id === accountId).map(copy) : [];
	return { prospects: [copy(prospect)], emailAddresses: emails, accounts };
}
