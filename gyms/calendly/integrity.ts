/**
 * Integrity hooks of the Calendly gym (seeds/CONTRACT.md §5): its world join keys, the timestamps allowed after
 * the epoch, and its internal references (URIs) that must resolve.
 */
import type { CalendlyState, CalendlyTable } from './schema';
import type { WorldRef } from '../types';

export type { WorldRef };

/** One URI reference that resolves to no row. */
export interface DanglingRef {
	/** Table of the referring row. */
	table: CalendlyTable;
	/** `uri` of the referring row. */
	uri: string;
	/** Path inside the row, e.g. `event_memberships.0.user`. */
	path: string;
	/** The URI that does not resolve. */
	target: string;
}

/**
 * Every URI reference of every row whose target row does not exist, in table then row order.
 * References: user → organization; membership → user, organization; schedule → user; event type profile owner →
 * user or organization; event type membership → event type, user; scheduled event → event type, hosts;
 * invitee → event (and its URI nested under that event's), old/new invitee, routing form submission; routing form → organization; submission → form,
 * submitter, routed event type.
 */
export function danglingRefDetails(t: Partial<CalendlyState>): DanglingRef[] {
	const has = (table: CalendlyTable) => new Set(((t[table] ?? []) as { uri: string }[]).map((r) => r.uri));
	const sets = {
		organizations: has('organizations'),
		users: has('users'),
		event_types: has('event_types'),
		scheduled_events: has('scheduled_events'),
		invitees: has('invitees'),
		routing_forms: has('routing_forms'),
		routing_form_submissions: has('routing_form_submissions')
	};
	const out: DanglingRef[] = [];
	const check = (table: CalendlyTable, uri: string, path: string, target: string | null | undefined, ...in_: (keyof typeof sets)[]) => {
		if (target && !in_.some((s) => sets[s].has(target))) out.push({ table, uri, path, target });
	};
	for (const r of t.users ?? []) check('users', r.uri, 'current_organization', r.current_organization, 'organizations');
	for (const r of t.organization_memberships ?? []) {
		check('organization_memberships', r.uri, 'user', r.user, 'users');
		check('organization_memberships', r.uri, 'organization', r.organization, 'organizations');
	}
	for (const r of t.availability_schedules ?? []) check('availability_schedules', r.uri, 'user', r.user, 'users');
	for (const r of t.event_types ?? []) check('event_types', r.uri, 'profile.owner', r.profile.owner, 'users', 'organizations');
	for (const r of t.event_type_memberships ?? []) {
		check('event_type_memberships', r.uri, 'event_type', r.event_type, 'event_types');
		check('event_type_memberships', r.uri, 'member', r.member, 'users');
	}
	for (const r of t.scheduled_events ?? []) {
		check('scheduled_events', r.uri, 'event_type', r.event_type, 'event_types');
		r.event_memberships.forEach((m, i) => check('scheduled_events', r.uri, `event_memberships.${i}.user`, m.user, 'users'));
	}
	for (const r of t.invitees ?? []) {
		check('invitees', r.uri, 'event', r.event, 'scheduled_events');
		if (!r.uri.startsWith(`${r.event}/invitees/`))
			out.push({ table: 'invitees', uri: r.uri, path: 'uri', target: `${r.event} (an invitee URI is nested under its event)` });
		check('invitees', r.uri, 'old_invitee', r.old_invitee, 'invitees');
		check('invitees', r.uri, 'new_invitee', r.new_invitee, 'invitees');
		check('invitees', r.uri, 'routing_form_submission', r.routing_form_submission, 'routing_form_submissions');
	}
	for (const r of t.routing_forms ?? []) check('routing_forms', r.uri, 'organization', r.organization, 'organizations');
	for (const r of t.routing_form_submissions ?? []) {
		check('routing_form_submissions', r.uri, 'routing_form', r.routing_form, 'routing_forms');
		check('routing_form_submissions', r.uri, 'submitter', r.submitter, 'invitees');
		if (r.result.type === 'event_type') check('routing_form_submissions', r.uri, 'result.value', r.result.value, 'event_types');
	}
	for (const r of t.event_type_settings ?? []) check('event_type_settings', r.uri, 'uri', r.uri, 'event_types');
	for (const r of t.scheduling_links ?? []) {
		check('scheduling_links', r.uri, 'owner', r.owner, 'event_types');
		check('scheduling_links', r.uri, 'used_by', r.used_by, 'invitees');
	}
	for (const r of t.webhook_subscriptions ?? []) {
		check('webhook_subscriptions', r.uri, 'organization', r.organization, 'organizations');
		check('webhook_subscriptions', r.uri, 'user', r.user, 'users');
		check('webhook_subscriptions', r.uri, 'creator', r.creator, 'users');
	}
	for (const r of t.booking_decisions ?? []) {
		check('booking_decisions', r.uri, 'uri', r.uri, 'scheduled_events');
		check('booking_decisions', r.uri, 'host', r.host, 'users');
	}
	return out;
}

/** Dangling references as text, `"<table> <uri> <path> → <target>"` (empty = all resolve). */
export function danglingRefs(tables: Record<string, unknown[]>): string[] {
	return danglingRefDetails(tables as Partial<CalendlyState>).map((d) => `${d.table} ${d.uri} ${d.path} → ${d.target}`);
}

/**
 * Rows that stand for world entities: users (user: email) and invitees (person: the email they booked with,
 * which is a personal email for the planted duplicates). `id` is the row's `uri`.
 */
export function worldRefs(tables: Record<string, unknown[]>): WorldRef[] {
	const t = tables as Partial<CalendlyState>;
	return [
		...(t.users ?? []).map((u): WorldRef => ({ table: 'users', id: u.uri, kind: 'user', email: u.email })),
		...(t.invitees ?? []).map((i): WorldRef => ({ table: 'invitees', id: i.uri, kind: 'person', email: i.email }))
	];
}

/**
 * Timestamps that may lie after the epoch: the `start_time` / `end_time` of a future meeting (booked, or booked
 * and since canceled), and the dates of availability rules (date overrides are calendar dates, usually upcoming).
 * @param path dotted path inside the row, e.g. `start_time`.
 */
export function futureOk(table: string, _row: unknown, path: string): boolean {
	if (table === 'scheduled_events') return path === 'start_time' || path === 'end_time';
	if (table === 'availability_schedules') return /^rules\.\d+\.date$/.test(path);
	return false;
}

/**
 * Values of imported rows that the API's writes refuse, as `{path, message}` with the path inside the gym's slice
 * (`tables.invitees.4.status`):
 * - a scheduled event with more active invitees than its `invitees_counter.limit` seats (Calendly API v2, "Create
 *   Event Invitee": a start whose seats are taken is no available time; `POST /invitees` answers 400 for it);
 * - a webhook subscription whose callback URL another subscription of the same organization and user already has
 *   (Calendly API v2, "Create Webhook Subscription": 409 "Hook with this url already exists").
 * A host in two overlapping active meetings is not refused: the seed world books some hosts twice at once (as a
 * calendar synced from elsewhere can), so a real state holds it.
 * @returns the issues in table and row order (empty = the values are ones the API could have written).
 */
export function valueIssues(tables: Record<string, unknown[]>): { path: string; message: string }[] {
	const t = tables as Partial<CalendlyState>;
	const out: { path: string; message: string }[] = [];
	const events = t.scheduled_events ?? [];
	const seats = new Map(events.map((e) => [e.uri, { limit: e.invitees_counter.limit, taken: 0 }]));
	(t.invitees ?? []).forEach((inv, i) => {
		if (inv.status !== 'active') return;
		const s = seats.get(inv.event);
		if (!s) return;
		s.taken += 1;
		if (s.taken > s.limit)
			out.push({ path: `tables.invitees.${i}.status`, message: `${inv.event} has ${s.limit} seat(s), all taken by other active invitees` });
	});
	const hooks = new Map<string, string>();
	(t.webhook_subscriptions ?? []).forEach((w, i) => {
		const key = JSON.stringify([w.callback_url, w.organization, w.user]);
		const other = hooks.get(key);
		if (other !== undefined) out.push({ path: `tables.webhook_subscriptions.${i}.callback_url`, message: `Hook with this url already exists (${other})` });
		else hooks.set(key, w.uri);
	});
	return out;
}
