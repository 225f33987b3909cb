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

/** Calendly's answer to the Discovery Call's required "Company size" question for a head count (employees). */
export function calendlySizeChoice(employees: number): string {
	return employees <= 50 ? '1-50' : employees <= 200 ? '51-200' : employees <= 1000 ? '201-1,000' : '1,000+';
}

/** Calendly API time text (microsecond precision, UTC) of epoch ms, e.g. `2026-03-09T14:00:00.000000Z`. */
export function calendlyMicros(ms: number): string {
	return `${new Date(ms).toISOString().slice(0, 23)}000Z`;
}

/** The booking page's time button of a start (epoch ms) in the IANA zone `tz`, e.g. `2:00pm` (en-US, lower-case am/pm). */
export function calendlyTimeLabel(tz: string, ms: number): string {
	const parts = new Intl.DateTimeFormat('en-US', { timeZone: tz, hour: 'numeric', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(ms));
	const h = Number(parts.find((p) => p.type === 'hour')!.value);
	const m = parts.find((p) => p.type === 'minute')!.value;
	return `${((h + 11) % 12) + 1}:${m}${h < 12 ? 'am' : 'pm'}`;
}

/** The booking page's day button of a local date `YYYY-MM-DD`: `Monday, March 9 - Times available`. */
export function calendlyDayButton(date: string): string {
	const day = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
	return `${day} - Times available`;
}

/**
 * A Calendly invitee row (the Calendly API's Invitee resource, "Get Event Invitee": `uri`, `email`, names,
 * `status`, `timezone`, the booking's Q&A, `cancel_url`/`reschedule_url` under `https://calendly.com/` with the
 * invitee's uuid, the last segment of `uri`) as a fixture of an active booking: no reschedule, cancellation,
 * payment, no-show or reconfirmation.
 * @param o.createdAt the booking time as Calendly API text (e.g. {@link calendlyMicros}); `created_at` = `updated_at`.
 * @param o.questions the booking's answers, in the API's `questions_and_answers` shape (default none).
 */
export function calendlyInviteeRow(o: {
	uri: string;
	event: string;
	email: string;
	firstName: string;
	lastName: string;
	name: string;
	timezone: string;
	createdAt: string;
	questions?: readonly { question: string; answer: string; position: number }[];
}) {
	const uuid = o.uri.split('/').pop()!;
	return {
		uri: o.uri,
		email: o.email,
		first_name: o.firstName,
		last_name: o.lastName,
		name: o.name,
		status: 'active' as const,
		timezone: o.timezone,
		event: o.event,
		questions_and_answers: [...(o.questions ?? [])],
		tracking: { utm_campaign: null, utm_source: null, utm_medium: null, utm_content: null, utm_term: null, salesforce_uuid: null },
		text_reminder_number: null,
		rescheduled: false,
		old_invitee: null,
		new_invitee: null,
		cancel_url: `https://calendly.com/cancellations/${uuid}`,
		reschedule_url: `https://calendly.com/reschedulings/${uuid}`,
		routing_form_submission: null,
		cancellation: null,
		payment: null,
		no_show: null,
		reconfirmation: null,
		created_at: o.createdAt,
		updated_at: o.createdAt
	};
}

/** An oracle action of a blueprint step (the blueprint schema validates the result when the template is instantiated). */
export type OracleAction = Record<string, unknown>;

/**
 * The booking page actions that book event type `typeUuid` (the last segment of its URI) at `start` (epoch ms) as
 * seen in the invitee's zone `tz`, for `name` / `email`, then fill `answers` (selects by label, e.g. the Discovery
 * Call's "Company size *"), and wait for the confirmation. The slot must be offered (use the Calendly solver).
 */
export function calendlyBookActions(o: {
	typeUuid: string;
	tz: string;
	start: number;
	name: string;
	email: string;
	selects?: Record<string, string>;
}): OracleAction[] {
	return [
		{ goto: `/calendly/book/${o.typeUuid}` },
		{ select: { role: 'combobox', name: 'Time zone', option: o.tz } },
		{ click: { role: 'button', name: calendlyDayButton(localDate(new Date(o.start).toISOString(), o.tz)) } },
		{ click: { role: 'button', name: calendlyTimeLabel(o.tz, o.start) } },
		{ fill: { label: 'Name', value: o.name } },
		{ fill: { label: 'Email', value: o.email } },
		...Object.entries(o.selects ?? {}).map(([name, option]) => ({ select: { role: 'combobox', name, option } })),
		{ click: { role: 'button', name: 'Schedule Event' } },
		{ wait_for: { role: 'heading', name: 'You are scheduled' } }
	];
}

/**
 * HubSpot contact record actions: edit the contact owner (by owner name) and/or the lifecycle stage (by its label,
 * e.g. "Sales Qualified Lead"), then save. Returns no actions when there is nothing to change.
 */
export function hubspotEditContactActions(o: { owner?: string; lifecycle?: string }): OracleAction[] {
	const edits: OracleAction[] = [];
	if (o.owner)
		edits.push(
			{ click: { role: 'button', name: 'Edit Contact owner' } },
			{ click: { role: 'combobox', name: 'Contact owner' } },
			{ click: { role: 'option', name: o.owner } }
		);
	if (o.lifecycle)
		edits.push(
			{ click: { role: 'button', name: 'Edit Lifecycle stage' } },
			{ click: { role: 'combobox', name: 'Lifecycle stage' } },
			{ click: { role: 'option', name: o.lifecycle } }
		);
	return edits.length ? [...edits, { click: { role: 'button', name: 'Save' } }, { wait_for: { text: 'Contact saved' } }] : [];
}

/** HubSpot contact record actions that log a meeting titled `title`, outcome Scheduled, from `start` to `end` (epoch ms; the form reads UTC). */
export function hubspotLogMeetingActions(title: string, start: number, end: number): OracleAction[] {
	const utc = (ms: number) => new Date(ms).toISOString().slice(0, 16);
	return [
		{ click: { role: 'button', name: 'Meeting' } },
		{ fill: { label: 'Meeting title', value: title } },
		{ click: { role: 'combobox', name: 'Outcome' } },
		{ click: { role: 'option', name: 'Scheduled' } },
		{ fill: { label: 'Start time', value: utc(start) } },
		{ fill: { label: 'End time', value: utc(end) } },
		{ click: { role: 'button', name: 'Log activity' } },
		{ wait_for: { role: 'heading', name: `Meeting: ${title}` } }
	];
}

/**
 * Sales Navigator lead page actions that save lead `leadId` (`name` is its heading) to the list `list`: a new list
 * when `existingMembers` is 0, else the existing list of that many members (the dialog labels it "<list> (<n>)").
 */
export function salesnavSaveLeadActions(leadId: string, name: string, list: string, existingMembers = 0): OracleAction[] {
	return [
		{ goto: `/salesnav/lead/${leadId}` },
		{ wait_for: { role: 'heading', name } },
		{ click: { role: 'button', name: 'Save ▾' } },
		...(existingMembers === 0
			? [{ check: { label: 'Create new list' } }, { fill: { label: 'List name', value: list } }]
			: [{ check: { role: 'radio', name: `${list} (${existingMembers})` } }]),
		{ click: { role: 'button', name: 'Save' } },
		{ wait_for: { text: `saved to ${list}` } }
	];
}

/**
 * jq: the engagements of table `kind` (e.g. "meetings") associated with HubSpot contact `contactId` (either
 * association direction) that did not exist at reset, as an array of rows.
 */
export function jqNewHubspotEngagementsOf(kind: string, contactId: string): string {
	const k = jq(kind);
	const c = jq(contactId);
	return `([.hubspot.associations[] | select((.fromObjectType == ${k} and .toObjectType == "contacts" and .toObjectId == ${c}) or (.fromObjectType == "contacts" and .fromObjectId == ${c} and .toObjectType == ${k})) | if .fromObjectType == ${k} then .fromObjectId else .toObjectId end]) as $m | ([$initial.hubspot.${kind}[].id]) as $old | [.hubspot.${kind}[] | select((.id as $i | $m | index($i)) and ((.id as $i | $old | index($i)) | not))]`;
}

/**
 * jq: the Calendly scheduled events created during the run (absent at reset) that are active, of event type
 * `typeUri`, with an active invitee whose email is one of `emails`, as an array of rows.
 */
export function jqNewCalendlyEventsFor(emails: readonly string[], typeUri: string): string {
	return `([.calendly.invitees[] | select(.status == "active" and (.email as $e | ${jqList(emails)} | index($e))) | .event] | unique) as $ev | ([$initial.calendly.scheduled_events[].uri]) as $old | [.calendly.scheduled_events[] | select(.status == "active" and .event_type == ${jq(typeUri)} and (.uri as $u | $ev | index($u)) and ((.uri as $u | $old | index($u)) | not))]`;
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
 * shapes and derived fields are the gym's own). The rows a fixture adds take fixture ids (>= 990000, so they
 * cannot collide with seeded rows or with rows the gym creates): the prospect gets `ids.prospect`, and the email
 * addresses, which the projection numbers by position, get `ids.emailAddress(order)`. No sequence states.
 * @throws Error when the person is unknown or already a prospect, or when their account would have to be added too
 *   (an added account would keep its seeded company id).
 */
export function outreachProspectRows(
	world: World,
	personId: string,
	ids: { prospect: string; emailAddress: (order: number) => string }
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
		.map((e) => {
			const row = copy(e) as typeof e;
			row.relationships.prospect = { data: { ...row.relationships.prospect!.data!, id: ids.prospect } };
			return { ...row, id: ids.emailAddress(Number(e.attributes.order)) };
		});
	const accountId = prospect.relationships.account?.data?.id;
	if (accountId && !base.accounts!.some((a) => a.id === accountId)) throw new Error(`person ${personId}: account ${accountId} is not in the Outreach seed`);
	return { prospects: [{ ...copy(prospect), id: ids.prospect }], emailAddresses: emails, accounts: [] };
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

/** The booking page's day button text (before " - Times available") of the local date `YYYY-MM-DD`: "Wednesday, March 4". */
export function bookingDay(date: string): string {
	return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** The Calendly Meetings row label of epoch `ms` in `zone`: "Thu, Mar 5 10:00am". */
export function meetingsRowLabel(zone: string, ms: number): string {
	const d = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric' }).format(new Date(ms));
	return `${d} ${calendlyTimeLabel(zone, ms)}`;
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
