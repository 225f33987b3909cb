/**
 * Calendly API v2 reads (Calendly API v2 OpenAPI, "Users", "Organizations", "Event Types", "Availability",
 * "Scheduled Events", "Routing Forms", "Webhooks"): single resources `{resource}`, lists
 * `{collection, pagination}` paged by `count` (default 20, max 100) and `page_token`.
 */
import type { ApiRequest, ApiResponse } from '../../types';
import type { CalendlyDb } from '../db';
import {
	CALENDLY_API,
	EVENT_STATUSES,
	EventTypeUri,
	INVITEE_STATUSES,
	OrganizationUri,
	RoutingFormUri,
	UserUri,
	type Invitee,
	type OrganizationMembership,
	type User
} from '../schema';
import {
	actorRole,
	actorUser,
	boolParam,
	denied,
	enumParam,
	invalid,
	metaOf,
	notFound,
	onlyParams,
	page,
	rowOf,
	rows,
	sortParam,
	timeParam,
	uriParam
} from './common';

const ok = (body: unknown): ApiResponse => ({ status: 200, body });
const uriFor = (collection: string, uuid: string) => `${CALENDLY_API}/${collection}/${uuid}`;
const PAGE = ['count', 'page_token'];

/** `GET /users/me`: the acting user. */
export async function getMe(db: CalendlyDb): Promise<ApiResponse> {
	return ok({ resource: await actorUser(db, await metaOf(db)) });
}

/** `GET /users/{uuid}`: one user (404 unknown). */
export async function getUser(db: CalendlyDb, _req: ApiRequest, uuid: string): Promise<ApiResponse> {
	const u = await rowOf(db, 'users', uriFor('users', uuid));
	if (!u) throw notFound();
	return ok({ resource: u });
}

/** A membership as served: the user embedded (the spec's embedded user has no `current_organization`). */
export function membershipOut(m: OrganizationMembership, users: ReadonlyMap<string, User>) {
	const { current_organization: _org, ...user } = users.get(m.user)!;
	return { ...m, user };
}

/** `GET /organization_memberships?organization=|user=&email=`: memberships (one of organization / user required). */
export async function listMemberships(db: CalendlyDb, req: ApiRequest): Promise<ApiResponse> {
	onlyParams(req, ['organization', 'user', 'email', ...PAGE]);
	const org = uriParam(req, 'organization', OrganizationUri);
	const user = uriParam(req, 'user', UserUri);
	if (!org && !user) throw invalid('organization', 'organization or user is required');
	const email = req.query.get('email')?.toLowerCase();
	const users = new Map((await rows(db, 'users')).map((u) => [u.uri, u]));
	const list = (await rows(db, 'organization_memberships')).filter(
		(m) => (!org || m.organization === org) && (!user || m.user === user) && (!email || users.get(m.user)?.email === email)
	);
	return ok(
		page(
			req,
			list.map((m) => membershipOut(m, users))
		)
	);
}

/** `GET /organization_memberships/{uuid}`. */
export async function getMembership(db: CalendlyDb, _req: ApiRequest, uuid: string): Promise<ApiResponse> {
	const m = await rowOf(db, 'organization_memberships', uriFor('organization_memberships', uuid));
	if (!m) throw notFound();
	const users = new Map((await rows(db, 'users')).map((u) => [u.uri, u]));
	return ok({ resource: membershipOut(m, users) });
}

/**
 * `GET /event_types?user=|organization=&active=&admin_managed=&sort=`: event types (one of user / organization
 * required; `user` = the types the user hosts; deleted types are never listed). Sort default `name:asc`.
 */
export async function listEventTypes(db: CalendlyDb, req: ApiRequest): Promise<ApiResponse> {
	onlyParams(req, ['user', 'organization', 'active', 'admin_managed', 'sort', ...PAGE]);
	const org = uriParam(req, 'organization', OrganizationUri);
	const user = uriParam(req, 'user', UserUri);
	if (!org && !user) throw invalid('user', 'user or organization is required');
	const active = boolParam(req, 'active');
	const adminManaged = boolParam(req, 'admin_managed');
	const sort = sortParam<{ name: string; created_at: string; updated_at: string }>(
		req,
		{ name: (x) => x.name.toLowerCase(), created_at: (x) => x.created_at, updated_at: (x) => x.updated_at },
		'name:asc'
	);
	const hosted = user ? new Set((await rows(db, 'event_type_memberships')).filter((m) => m.member === user).map((m) => m.event_type)) : null;
	const list = (await rows(db, 'event_types'))
		.filter((t) => t.deleted_at === null && (!hosted || hosted.has(t.uri)) && (active === undefined || t.active === active))
		.filter((t) => adminManaged === undefined || t.admin_managed === adminManaged)
		.slice()
		.sort(sort);
	return ok(page(req, list));
}

/** `GET /event_types/{uuid}` (deleted types too, with `deleted_at`). */
export async function getEventType(db: CalendlyDb, _req: ApiRequest, uuid: string): Promise<ApiResponse> {
	const t = await rowOf(db, 'event_types', uriFor('event_types', uuid));
	if (!t) throw notFound();
	return ok({ resource: t });
}

/** `GET /event_type_memberships?event_type=`: the hosts of an event type ("List Event Type Hosts"). */
export async function listEventTypeHosts(db: CalendlyDb, req: ApiRequest): Promise<ApiResponse> {
	onlyParams(req, ['event_type', ...PAGE]);
	const et = uriParam(req, 'event_type', EventTypeUri, true);
	if (!(await rowOf(db, 'event_types', et))) throw notFound();
	return ok(
		page(
			req,
			(await rows(db, 'event_type_memberships')).filter((m) => m.event_type === et)
		)
	);
}

/** `GET /event_types/{uuid}/settings`: the event type's booking limits (the web app's editor; not API v2). */
export async function getSettings(db: CalendlyDb, _req: ApiRequest, uuid: string): Promise<ApiResponse> {
	const s = await rowOf(db, 'event_type_settings', uriFor('event_types', uuid));
	if (!s) throw notFound();
	return ok({ resource: s });
}

/**
 * `GET /booking/scheduling_links?booking_url=` (the booking page's check of a single-use link on open; not API v2):
 * `{resource:{booking_url, owner, owner_type, used}}`; 400 without booking_url, 404 an unknown link.
 */
export async function getBookingLink(db: CalendlyDb, req: ApiRequest): Promise<ApiResponse> {
	onlyParams(req, ['booking_url']);
	const url = req.query.get('booking_url');
	if (!url) throw invalid('booking_url', 'booking_url is required');
	const link = (await rows(db, 'scheduling_links')).find((l) => l.booking_url === url);
	if (!link) throw notFound();
	return ok({ resource: { booking_url: link.booking_url, owner: link.owner, owner_type: link.owner_type, used: link.used_by !== null } });
}

/** `GET /user_availability_schedules?user=`: the user's schedules (default: the acting user). Not paged (spec). */
export async function listSchedules(db: CalendlyDb, req: ApiRequest): Promise<ApiResponse> {
	onlyParams(req, ['user']);
	const user = uriParam(req, 'user', UserUri) ?? (await actorUser(db, await metaOf(db))).uri;
	return ok({ collection: (await rows(db, 'availability_schedules')).filter((s) => s.user === user) });
}

/** `GET /user_availability_schedules/{uuid}`. */
export async function getSchedule(db: CalendlyDb, _req: ApiRequest, uuid: string): Promise<ApiResponse> {
	const s = await rowOf(db, 'availability_schedules', uriFor('user_availability_schedules', uuid));
	if (!s) throw notFound();
	return ok({ resource: s });
}

/**
 * `GET /scheduled_events?user=|organization=&invitee_email=&status=&min_start_time=&max_start_time=&sort=`:
 * meetings of a host (`user`) or of the organization (admins and owners only: 403 otherwise). `min_start_time`
 * is inclusive, `max_start_time` exclusive; sort `start_time:asc` by default.
 */
export async function listScheduledEvents(db: CalendlyDb, req: ApiRequest): Promise<ApiResponse> {
	onlyParams(req, ['user', 'organization', 'invitee_email', 'status', 'min_start_time', 'max_start_time', 'sort', ...PAGE]);
	const org = uriParam(req, 'organization', OrganizationUri);
	const user = uriParam(req, 'user', UserUri);
	if (!org && !user) throw invalid('user', 'user or organization is required');
	const status = enumParam(req, 'status', EVENT_STATUSES);
	const min = timeParam(req, 'min_start_time');
	const max = timeParam(req, 'max_start_time');
	const email = req.query.get('invitee_email')?.toLowerCase();
	const sort = sortParam<{ start_time: string }>(req, { start_time: (x) => x.start_time }, 'start_time:asc');
	const meta = await metaOf(db);
	if (org) {
		const me = await actorUser(db, meta);
		if (me.current_organization !== org) throw denied();
		if ((await actorRole(db, me)) === 'user' && !user) throw denied();
	}
	const withEmail = email ? new Set((await rows(db, 'invitees')).filter((i) => i.email === email).map((i) => i.event)) : null;
	const list = (await rows(db, 'scheduled_events'))
		.filter((e) => (!user || e.event_memberships.some((m) => m.user === user)) && (!status || e.status === status))
		.filter((e) => (min === undefined || Date.parse(e.start_time) >= min) && (max === undefined || Date.parse(e.start_time) < max))
		.filter((e) => !withEmail || withEmail.has(e.uri))
		.slice()
		.sort((a, b) => sort(a, b) || (a.uri < b.uri ? -1 : 1));
	return ok(page(req, list));
}

/** `GET /scheduled_events/{uuid}`. */
export async function getScheduledEvent(db: CalendlyDb, _req: ApiRequest, uuid: string): Promise<ApiResponse> {
	const e = await rowOf(db, 'scheduled_events', uriFor('scheduled_events', uuid));
	if (!e) throw notFound();
	return ok({ resource: e });
}

/** `GET /scheduled_events/{uuid}/invitees?status=&email=&sort=`: the event's invitees (sort default `created_at:asc`). */
export async function listInvitees(db: CalendlyDb, req: ApiRequest, uuid: string): Promise<ApiResponse> {
	onlyParams(req, ['status', 'email', 'sort', ...PAGE]);
	const event = uriFor('scheduled_events', uuid);
	if (!(await rowOf(db, 'scheduled_events', event))) throw notFound();
	const status = enumParam(req, 'status', INVITEE_STATUSES);
	const email = req.query.get('email')?.toLowerCase();
	const sort = sortParam<Invitee>(req, { created_at: (x) => x.created_at }, 'created_at:asc');
	const list = (await rows(db, 'invitees'))
		.filter((i) => i.event === event && (!status || i.status === status) && (!email || i.email === email))
		.slice()
		.sort((a, b) => sort(a, b) || (a.uri < b.uri ? -1 : 1));
	return ok(page(req, list));
}

/** `GET /scheduled_events/{event_uuid}/invitees/{invitee_uuid}`. */
export async function getInvitee(db: CalendlyDb, _req: ApiRequest, event: string, invitee: string): Promise<ApiResponse> {
	const i = await rowOf(db, 'invitees', `${uriFor('scheduled_events', event)}/invitees/${invitee}`);
	if (!i) throw notFound();
	return ok({ resource: i });
}

/**
 * `GET /booking/invitees/{uuid}` (the web app's call behind the invitee's `reschedule_url` and `cancel_url`,
 * `https://calendly.com/reschedulings/{uuid}` and `…/cancellations/{uuid}`): the invitee whose URI ends with
 * `/invitees/{uuid}` and its scheduled event → `{resource: Invitee, event: ScheduledEvent}`; 404 unknown.
 */
export async function getBookingInvitee(db: CalendlyDb, _req: ApiRequest, uuid: string): Promise<ApiResponse> {
	const i = (await rows(db, 'invitees')).find((x) => x.uri.endsWith(`/invitees/${uuid}`));
	if (!i) throw notFound();
	return ok({ resource: i, event: (await rowOf(db, 'scheduled_events', i.event))! });
}

/** `GET /invitee_no_shows/{uuid}`: `{uri, invitee, created_at}` of a marked invitee. */
export async function getNoShow(db: CalendlyDb, _req: ApiRequest, uuid: string): Promise<ApiResponse> {
	const uri = uriFor('invitee_no_shows', uuid);
	const i = (await rows(db, 'invitees')).find((x) => x.no_show?.uri === uri);
	if (!i) throw notFound();
	return ok({ resource: { uri, invitee: i.uri, created_at: i.no_show!.created_at } });
}

/** `GET /routing_forms?organization=` (required; sort `created_at:asc` default). */
export async function listRoutingForms(db: CalendlyDb, req: ApiRequest): Promise<ApiResponse> {
	onlyParams(req, ['organization', 'sort', ...PAGE]);
	const org = uriParam(req, 'organization', OrganizationUri, true);
	const sort = sortParam<{ created_at: string }>(req, { created_at: (x) => x.created_at }, 'created_at:asc');
	const list = (await rows(db, 'routing_forms'))
		.filter((f) => f.organization === org)
		.slice()
		.sort((a, b) => sort(a, b) || (a.uri < b.uri ? -1 : 1));
	return ok(page(req, list));
}

/** `GET /routing_forms/{uuid}`. */
export async function getRoutingForm(db: CalendlyDb, _req: ApiRequest, uuid: string): Promise<ApiResponse> {
	const f = await rowOf(db, 'routing_forms', uriFor('routing_forms', uuid));
	if (!f) throw notFound();
	return ok({ resource: f });
}

/** `GET /routing_form_submissions?form=` (required; sort `created_at:asc` default). */
export async function listSubmissions(db: CalendlyDb, req: ApiRequest): Promise<ApiResponse> {
	onlyParams(req, ['form', 'sort', ...PAGE]);
	const form = uriParam(req, 'form', RoutingFormUri, true);
	const sort = sortParam<{ created_at: string }>(req, { created_at: (x) => x.created_at }, 'created_at:asc');
	const list = (await rows(db, 'routing_form_submissions'))
		.filter((s) => s.routing_form === form)
		.slice()
		.sort((a, b) => sort(a, b) || (a.uri < b.uri ? -1 : 1));
	return ok(page(req, list));
}

/** `GET /routing_form_submissions/{uuid}`. */
export async function getSubmission(db: CalendlyDb, _req: ApiRequest, uuid: string): Promise<ApiResponse> {
	const s = await rowOf(db, 'routing_form_submissions', uriFor('routing_form_submissions', uuid));
	if (!s) throw notFound();
	return ok({ resource: s });
}

/** `GET /webhook_subscriptions?organization=&scope=&user=` (organization and scope required). */
export async function listWebhooks(db: CalendlyDb, req: ApiRequest): Promise<ApiResponse> {
	onlyParams(req, ['organization', 'scope', 'user', 'sort', ...PAGE]);
	const org = uriParam(req, 'organization', OrganizationUri, true);
	const scope = enumParam(req, 'scope', ['user', 'organization', 'group'] as const);
	if (!scope) throw invalid('scope', 'scope is required');
	const user = uriParam(req, 'user', UserUri);
	if (scope === 'user' && !user) throw invalid('user', 'user is required for scope user');
	const sort = sortParam<{ created_at: string }>(req, { created_at: (x) => x.created_at }, 'created_at:asc');
	const list = (await rows(db, 'webhook_subscriptions'))
		.filter((w) => w.organization === org && w.scope === scope && (!user || w.user === user))
		.slice()
		.sort((a, b) => sort(a, b) || (a.uri < b.uri ? -1 : 1));
	return ok(page(req, list));
}

/** `GET /webhook_subscriptions/{uuid}`. */
export async function getWebhook(db: CalendlyDb, _req: ApiRequest, uuid: string): Promise<ApiResponse> {
	const w = await rowOf(db, 'webhook_subscriptions', uriFor('webhook_subscriptions', uuid));
	if (!w) throw notFound();
	return ok({ resource: w });
}
