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

/** What {@link prospectFixture} needs to know about the person it turns into an Outreach prospect. */
export interface ProspectOf {
	/** Outreach prospect id (a fixture id, or a seeded id to replace that row). */
	id: string;
	/** Outreach emailAddress id of the primary address (a fixture id). */
	emailAddressId: string;
	firstName: string;
	lastName: string;
	email: string;
	title: string;
	company: string;
	/** Outreach account id (the world company id), or null for no account. */
	accountId: string | null;
	linkedInUrl: string;
	phone: string;
	timeZone: string;
	/** Team user id of the owner, or null. */
	ownerId: string | null;
	/** Outreach stage id (e.g. "402001" Cold). */
	stageId: string;
	/** UTC ISO-8601 instants: when the prospect was created and last touched. */
	createdAt: string;
	touchedAt: string;
}

/**
 * A fresh Outreach prospect row and its primary emailAddress row (status null: deliverable), in the shapes of
 * the Outreach gym's tables (Outreach API `prospect`, `emailAddress`): no custom fields set, not opted out, no
 * tags. @returns `{prospect, emailAddress}` to put in a blueprint's `fixtures.outreach`.
 */
export function prospectFixture(p: ProspectOf): { prospect: Record<string, unknown>; emailAddress: Record<string, unknown> } {
	return {
		prospect: {
			type: 'prospect',
			id: p.id,
			attributes: {
				firstName: p.firstName,
				lastName: p.lastName,
				emails: [p.email],
				title: p.title,
				company: p.company,
				linkedInUrl: p.linkedInUrl,
				workPhones: [p.phone],
				mobilePhones: [],
				timeZoneIana: p.timeZone,
				tags: [],
				optedOut: false,
				optedOutAt: null,
				emailOptedOut: false,
				emailsOptStatus: null,
				callOptedOut: false,
				engagedScore: 0,
				touchedAt: p.touchedAt,
				externalId: null,
				createdAt: p.createdAt,
				updatedAt: p.touchedAt
			},
			relationships: {
				account: { data: p.accountId === null ? null : { type: 'account', id: p.accountId } },
				owner: { data: p.ownerId === null ? null : { type: 'user', id: p.ownerId } },
				stage: { data: { type: 'stage', id: p.stageId } }
			}
		},
		emailAddress: {
			type: 'emailAddress',
			id: p.emailAddressId,
			attributes: {
				email: p.email,
				emailType: 'work',
				order: 0,
				status: null,
				statusChangedAt: null,
				unsubscribedAt: null,
				createdAt: p.createdAt,
				updatedAt: p.createdAt
			},
			relationships: { prospect: { data: { type: 'prospect', id: p.id } } }
		}
	};
}
