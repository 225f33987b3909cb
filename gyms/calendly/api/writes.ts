/**
 * Calendly writes. Each is one Dexie rw transaction: stamp → validate everything (a thrown CalendlyError aborts
 * it, so a refusal writes nothing) → write → commit last (kit write protocol).
 *
 * API v2 (Calendly API v2 OpenAPI and the "Create Event Invitee" Scheduling API page):
 * `POST /scheduled_events/{uuid}/cancellation`, `POST /invitees`, `POST`/`DELETE /invitee_no_shows`,
 * `POST /scheduling_links`, `POST`/`DELETE /webhook_subscriptions`.
 * The Calendly web app's own calls (the host screens and the invitee booking page; not API v2):
 * `POST /booking/invitees` (book through a single-use link, or reschedule), `POST /booking/cancellations`
 * (an invitee cancels), `PATCH /event_types/{uuid}`, `PATCH /event_types/{uuid}/settings`,
 * `PATCH /user_availability_schedules/{uuid}`.
 */
import { bodyParser } from '../../kit/body';
import { writer, type WriteStamp } from '../../kit/write';
import type { ApiRequest, ApiResponse, RunMeta } from '../../types';
import type { CalendlyDb } from '../db';
import {
	BookingBody,
	CALENDLY_API,
	CALENDLY_WEB,
	CancelBody,
	EventTypePatchBody,
	InviteeBody,
	InviteeCancelBody,
	NoShowBody,
	SchedulePatchBody,
	SchedulingLinkBody,
	SettingsPatchBody,
	WebhookBody,
	type EventType,
	type Invitee,
	type ScheduledEvent,
	type User
} from '../schema';
import { pickRoundRobin, slotAt } from '../slots';
import { solverInput } from './availability';
import { actorRole, actorUser, denied, exists, invalid, isoMicros, newUuid, notFound, rowOf, rows, type Row } from './common';
import { CALENDLY_ERRORS, CalendlyError } from './errors';

const { stampOf, commitRows } = writer('calendly', CALENDLY_ERRORS.noRun);
const parse = bodyParser(CALENDLY_ERRORS.invalidBody);
const uriFor = (collection: string, uuid: string) => `${CALENDLY_API}/${collection}/${uuid}`;
const micros = (iso: string) => `${iso.slice(0, 23)}000Z`;
type Changed = { entity: string; id: string }[];

/** Runs `fn` in one rw transaction over every table of the gym. */
function tx<T>(db: CalendlyDb, fn: () => Promise<T>): Promise<T> {
	return db.transaction('rw', db.tables, fn);
}

/** The message Calendly's booking page shows when a slot was taken meanwhile (also the API's 400 detail). */
export const SLOT_TAKEN = 'That time is no longer available.';
/** The message for a single-use link that was already used. */
export const LINK_USED = 'This link is no longer valid.';

/**
 * Where a new booking's meeting happens. With the editor's "Location" set (`settings.location`): its kind (a body
 * `location.kind` that differs is refused, 400, as Calendly accepts only the event type's configured kinds) and its
 * details, or the invitee's own for the kinds where the invitee gives them (ask_invitee, outbound_call). Without
 * it: the body's `{kind, location}`, else the kind of the type's last meeting (Zoom when none).
 */
function locationOf(
	body: InviteeBody,
	type: EventType,
	settings: Row<'event_type_settings'>,
	events: ScheduledEvent[],
	uuid: string
): ScheduledEvent['location'] {
	const set = settings.location ?? null;
	if (set && body.location && body.location.kind !== set.kind)
		throw invalid('location.kind', `${body.location.kind} is not a location of this event type (it offers ${set.kind})`);
	const last = events.filter((e) => e.event_type === type.uri).sort((a, b) => (a.created_at < b.created_at ? 1 : -1))[0];
	const kind = set?.kind ?? body.location?.kind ?? last?.location.type ?? 'zoom_conference';
	const conference = kind.endsWith('_conference') || kind === 'gotomeeting';
	const inviteeGives = kind === 'ask_invitee' || kind === 'outbound_call';
	const detail = set && !inviteeGives ? set.location : (body.location?.location ?? null);
	return {
		type: kind,
		location: conference ? null : detail,
		status: conference ? 'pushed' : null,
		join_url: conference ? `https://calendly.com/events/${uuid}/${kind.replace('_conference', '')}` : null
	};
}

/** Validates answers against the type's enabled questions (exact text; required ones answered; choices). */
function answersOf(body: InviteeBody, type: EventType): Invitee['questions_and_answers'] {
	const qs = type.custom_questions.filter((q) => q.enabled);
	const given = body.questions_and_answers ?? [];
	given.forEach((a, i) => {
		const q = qs.find((x) => x.name === a.question);
		if (!q) throw invalid(`questions_and_answers.${i}.question`, `"${a.question}" is not a question of this event type`);
		if (q.type === 'single_select' && !q.answer_choices.includes(a.answer) && !q.include_other)
			throw invalid(`questions_and_answers.${i}.answer`, `"${a.answer}" is not a choice of "${q.name}"`);
	});
	for (const q of qs)
		if (q.required && !given.some((a) => a.question === q.name && a.answer.trim() !== '')) throw invalid('questions_and_answers', `"${q.name}" is required`);
	return given.map((a) => ({ question: a.question, answer: a.answer, position: qs.find((q) => q.name === a.question)!.position }));
}

interface BookOptions {
	/** Single-use link booking_url the booking came through. */
	link?: string;
	/** Invitee being rescheduled to this booking. */
	reschedule?: string;
	/** Who moved it (host on the invitee's behalf, or the invitee from their link). */
	rescheduledBy?: 'host' | 'invitee';
	reason?: string;
}

/**
 * Books `body` inside the current transaction and returns the new invitee and the changed rows.
 * @throws 404 unknown / deleted event type, link or rescheduled invitee; 400 inactive type, poll, past start,
 *   bad answers, a used or foreign single-use link, a slot that is not (or no longer) available ({@link SLOT_TAKEN},
 *   parameter `start_time`), a reschedule to another type; 403 rescheduling a canceled invitee or meeting ("Event is
 *   already canceled"), a meeting that started ("Event in the past", the messages of Calendly's cancellation
 *   endpoint), or, on the invitee's behalf, a meeting the acting user neither hosts nor administers.
 */
async function book(db: CalendlyDb, stamp: WriteStamp, body: InviteeBody, opts: BookOptions, actor: User): Promise<{ invitee: Invitee; changed: Changed }> {
	const type = await rowOf(db, 'event_types', body.event_type);
	if (!type || type.deleted_at !== null) throw notFound();
	if (!type.active) throw invalid('event_type', 'This event type is not active.');
	if (type.booking_method === 'poll') throw invalid('event_type', 'A meeting poll cannot be booked directly.');
	const now = Date.parse(stamp.at);
	const start = Date.parse(body.start_time);
	if (start <= now) throw invalid('start_time', 'start_time must be in the future');

	let link: Row<'scheduling_links'> | undefined;
	if (opts.link) {
		link = (await rows(db, 'scheduling_links')).find((l) => l.booking_url === opts.link);
		if (!link) throw notFound();
		if (link.used_by) throw invalid('scheduling_link', LINK_USED);
		if (link.owner !== type.uri) throw invalid('scheduling_link', 'The link does not book this event type.');
	}
	let old: Invitee | undefined;
	let oldEvent: ScheduledEvent | undefined;
	if (opts.reschedule) {
		old = await rowOf(db, 'invitees', opts.reschedule);
		if (!old) throw notFound();
		oldEvent = (await rowOf(db, 'scheduled_events', old.event))!;
		if (old.status !== 'active' || oldEvent.status === 'canceled') throw denied('Event is already canceled');
		if (Date.parse(oldEvent.start_time) <= now) throw denied('Event in the past');
		if (opts.rescheduledBy === 'host' && !oldEvent.event_memberships.some((m) => m.user === actor.uri) && (await actorRole(db, actor)) === 'user')
			throw denied('You are not allowed to reschedule this event');
		if (oldEvent.event_type !== type.uri) throw invalid('event_type', 'A meeting is rescheduled on its own event type.');
	}
	const answers = answersOf(body, type);
	const alone = oldEvent && oldEvent.invitees_counter.active <= 1 ? oldEvent.uri : undefined;
	const ctx = await solverInput(db, type, now, alone);
	const slot = slotAt(ctx.input, start);
	if (!slot) throw invalid('start_time', SLOT_TAKEN);

	const users = new Map((await rows(db, 'users')).map((u) => [u.uri, u]));
	const member = (uri: string) => ({ user: uri, user_email: users.get(uri)!.email, user_name: users.get(uri)!.name });
	const pick =
		type.pooling_type === 'round_robin' ? pickRoundRobin(ctx.input.hosts, slot.hosts, start, stamp.meta.seed, ctx.settings.round_robin_strategy) : undefined;
	const hostUris = pick ? [pick.host] : type.pooling_type === 'collective' ? ctx.input.hosts.map((h) => h.user) : [ctx.input.hosts[0]!.user];

	const events = await rows(db, 'scheduled_events');
	let event: ScheduledEvent;
	if (slot.joins) {
		const joined = events.find((e) => e.uri === slot.joins)!;
		event = {
			...joined,
			invitees_counter: { ...joined.invitees_counter, total: joined.invitees_counter.total + 1, active: joined.invitees_counter.active + 1 },
			updated_at: micros(stamp.at)
		};
	} else {
		const uuid = newUuid(stamp, 'scheduled_events');
		event = {
			uri: uriFor('scheduled_events', uuid),
			name: type.name,
			status: 'active',
			start_time: isoMicros(slot.start),
			end_time: isoMicros(slot.end),
			event_type: type.uri,
			location: locationOf(body, type, ctx.settings, events, uuid),
			invitees_counter: { total: 1, active: 1, limit: ctx.settings.group_limit },
			event_memberships: hostUris.map(member),
			event_guests: (body.event_guests ?? []).map((email) => ({ email: email.toLowerCase(), created_at: micros(stamp.at), updated_at: micros(stamp.at) })),
			cancellation: null,
			calendar_event: null,
			meeting_notes_plain: null,
			created_at: micros(stamp.at),
			updated_at: micros(stamp.at)
		};
	}
	const iuuid = newUuid(stamp, 'invitees');
	const inv = body.invitee;
	const invitee: Invitee = {
		uri: `${event.uri}/invitees/${iuuid}`,
		email: inv.email.toLowerCase(),
		first_name: inv.first_name ?? null,
		last_name: inv.first_name !== undefined ? (inv.last_name ?? null) : null,
		name: inv.name ?? [inv.first_name, inv.last_name].filter(Boolean).join(' '),
		status: 'active',
		timezone: inv.timezone,
		event: event.uri,
		questions_and_answers: answers,
		tracking: body.tracking ?? { utm_campaign: null, utm_source: null, utm_medium: null, utm_content: null, utm_term: null, salesforce_uuid: null },
		text_reminder_number: inv.text_reminder_number ?? null,
		rescheduled: false,
		old_invitee: old?.uri ?? null,
		new_invitee: null,
		cancel_url: `${CALENDLY_WEB}/cancellations/${iuuid}`,
		reschedule_url: `${CALENDLY_WEB}/reschedulings/${iuuid}`,
		routing_form_submission: null,
		cancellation: null,
		payment: null,
		no_show: null,
		reconfirmation: null,
		created_at: micros(stamp.at),
		updated_at: micros(stamp.at)
	};
	await db.scheduled_events.put(event);
	await db.invitees.put(invitee);
	const out: Changed = [
		{ entity: 'scheduled_events', id: event.uri },
		{ entity: 'invitees', id: invitee.uri }
	];
	if (pick) {
		await db.booking_decisions.put({
			uri: event.uri,
			event_type: type.uri,
			host: pick.host,
			reason: pick.reason,
			candidates: pick.ranked.map((r) => ({
				user: r.user,
				priority: r.priority,
				last_booked_at: r.lastBookedAt === null ? null : isoMicros(r.lastBookedAt),
				tie_break: r.tieBreak,
				...(r.meetings === undefined ? {} : { meetings: r.meetings })
			})),
			created_at: micros(stamp.at)
		});
		out.push({ entity: 'booking_decisions', id: event.uri });
	}
	if (link) {
		await db.scheduling_links.put({ ...link, used_by: invitee.uri });
		out.push({ entity: 'scheduling_links', id: link.uri });
	}
	if (old && oldEvent) {
		const byHost = opts.rescheduledBy === 'host';
		const cancellation = {
			canceled_by: byHost ? actor.name : old.name,
			reason: opts.reason ?? null,
			canceler_type: byHost ? ('host' as const) : ('invitee' as const),
			created_at: micros(stamp.at)
		};
		await db.invitees.put({ ...old, status: 'canceled', rescheduled: true, new_invitee: invitee.uri, cancellation, updated_at: micros(stamp.at) });
		out.push({ entity: 'invitees', id: old.uri });
		out.push(...(await releaseSeat(db, oldEvent, cancellation, stamp)));
	}
	return { invitee, changed: out };
}

/** One invitee left `event`: the active count drops; the meeting is canceled when nobody is left. */
async function releaseSeat(
	db: CalendlyDb,
	event: ScheduledEvent,
	cancellation: NonNullable<ScheduledEvent['cancellation']>,
	stamp: WriteStamp
): Promise<Changed> {
	const active = Math.max(0, event.invitees_counter.active - 1);
	await db.scheduled_events.put({
		...event,
		invitees_counter: { ...event.invitees_counter, active },
		...(active === 0 ? { status: 'canceled' as const, cancellation } : {}),
		updated_at: micros(stamp.at)
	});
	return [{ entity: 'scheduled_events', id: event.uri }];
}

/**
 * `POST /invitees` ("Create Event Invitee"): books `start_time` of `event_type` for the invitee → 201
 * `{resource: Invitee}`. The slot is re-checked with the solver inside the write: a start that is not offered
 * (busy host, outside hours, minimum notice, daily limit, seats full) is 400 with `details[{parameter:
 * "start_time", message: "That time is no longer available."}]` and nothing is written. Round robin records the
 * pick in `booking_decisions`.
 */
export async function createInvitee(db: CalendlyDb, req: ApiRequest): Promise<ApiResponse> {
	const body = parse(InviteeBody, req.body);
	return tx(db, async () => {
		const stamp = await stampOf(db);
		const actor = await actorUser(db, stamp.meta);
		const { invitee, changed } = await book(db, stamp, body, {}, actor);
		await commitRows(db, stamp, req, 201, changed);
		return { status: 201, body: { resource: invitee } };
	});
}

/**
 * `POST /booking/invitees` (the booking page's own call): as `POST /invitees`, plus `scheduling_link` (a
 * single-use link: unused, of this event type; used once it books) and `reschedule` (the invitee whose meeting
 * moves: the old invitee becomes canceled with `rescheduled: true` and `new_invitee`, the new one points back with
 * `old_invitee`; `rescheduled_by` host = on the invitee's behalf).
 */
export async function bookFromPage(db: CalendlyDb, req: ApiRequest): Promise<ApiResponse> {
	const { scheduling_link, reschedule, reason, rescheduled_by, ...body } = parse(BookingBody, req.body);
	return tx(db, async () => {
		const stamp = await stampOf(db);
		const actor = await actorUser(db, stamp.meta);
		const opts: BookOptions = { link: scheduling_link, reschedule, rescheduledBy: rescheduled_by ?? 'invitee', reason };
		const { invitee, changed } = await book(db, stamp, body, opts, actor);
		await commitRows(db, stamp, req, 201, changed);
		return { status: 201, body: { resource: invitee } };
	});
}

/**
 * `POST /scheduled_events/{uuid}/cancellation {reason?}` → 201 `{resource: {canceled_by, reason, canceler_type:
 * "host", created_at}}`; every active invitee is canceled with it. 404 unknown; 403 "Event is already canceled",
 * "Event in the past" (started already), "You are not allowed to cancel this event" (the acting user neither hosts
 * it nor is an admin or owner).
 */
export async function cancelEvent(db: CalendlyDb, req: ApiRequest, uuid: string): Promise<ApiResponse> {
	const body = parse(CancelBody, req.body ?? {});
	return tx(db, async () => {
		const stamp = await stampOf(db);
		const event = await rowOf(db, 'scheduled_events', uriFor('scheduled_events', uuid));
		if (!event) throw notFound();
		if (event.status === 'canceled') throw denied('Event is already canceled');
		if (Date.parse(event.start_time) <= Date.parse(stamp.at)) throw denied('Event in the past');
		const actor = await actorUser(db, stamp.meta);
		if (!event.event_memberships.some((m) => m.user === actor.uri) && (await actorRole(db, actor)) === 'user')
			throw denied('You are not allowed to cancel this event');
		const cancellation = { canceled_by: actor.name, reason: body.reason ?? null, canceler_type: 'host' as const, created_at: micros(stamp.at) };
		const changed: Changed = [{ entity: 'scheduled_events', id: event.uri }];
		await db.scheduled_events.put({
			...event,
			status: 'canceled',
			cancellation,
			invitees_counter: { ...event.invitees_counter, active: 0 },
			updated_at: micros(stamp.at)
		});
		for (const i of (await rows(db, 'invitees')).filter((x) => x.event === event.uri && x.status === 'active')) {
			await db.invitees.put({ ...i, status: 'canceled', cancellation, updated_at: micros(stamp.at) });
			changed.push({ entity: 'invitees', id: i.uri });
		}
		await commitRows(db, stamp, req, 201, changed);
		return { status: 201, body: { resource: cancellation } };
	});
}

/**
 * `POST /booking/cancellations {invitee, reason?}` (the invitee's cancel page): the invitee is canceled with
 * `canceler_type: "invitee"`; the meeting is canceled when no invitee is left. 404 unknown; 403 canceled already
 * or started.
 */
export async function cancelAsInvitee(db: CalendlyDb, req: ApiRequest): Promise<ApiResponse> {
	const body = parse(InviteeCancelBody, req.body);
	return tx(db, async () => {
		const stamp = await stampOf(db);
		const inv = await rowOf(db, 'invitees', body.invitee);
		if (!inv) throw notFound();
		const event = (await rowOf(db, 'scheduled_events', inv.event))!;
		if (inv.status === 'canceled' || event.status === 'canceled') throw denied('Event is already canceled');
		if (Date.parse(event.start_time) <= Date.parse(stamp.at)) throw denied('Event in the past');
		const cancellation = { canceled_by: inv.name, reason: body.reason ?? null, canceler_type: 'invitee' as const, created_at: micros(stamp.at) };
		await db.invitees.put({ ...inv, status: 'canceled', cancellation, updated_at: micros(stamp.at) });
		const changed: Changed = [{ entity: 'invitees', id: inv.uri }, ...(await releaseSeat(db, event, cancellation, stamp))];
		await commitRows(db, stamp, req, 201, changed);
		return { status: 201, body: { resource: cancellation } };
	});
}

/**
 * `POST /invitee_no_shows {invitee}` → 201 `{resource:{uri, invitee, created_at}}`. 404 unknown invitee; 400 when
 * the meeting has not started yet or the invitee is canceled; 409 when already marked.
 */
export async function createNoShow(db: CalendlyDb, req: ApiRequest): Promise<ApiResponse> {
	const body = parse(NoShowBody, req.body);
	return tx(db, async () => {
		const stamp = await stampOf(db);
		const inv = await rowOf(db, 'invitees', body.invitee);
		if (!inv) throw notFound();
		const event = (await rowOf(db, 'scheduled_events', inv.event))!;
		if (Date.parse(event.start_time) > Date.parse(stamp.at)) throw invalid('invitee', 'An invitee can be marked as a no-show only after the event starts.');
		if (inv.status === 'canceled') throw invalid('invitee', 'A canceled invitee cannot be marked as a no-show.');
		if (inv.no_show) throw exists('Invitee is already marked as a no-show');
		const no_show = { uri: uriFor('invitee_no_shows', newUuid(stamp, 'invitee_no_shows')), created_at: micros(stamp.at) };
		await db.invitees.put({ ...inv, no_show, updated_at: micros(stamp.at) });
		await commitRows(db, stamp, req, 201, [{ entity: 'invitees', id: inv.uri }]);
		return { status: 201, body: { resource: { uri: no_show.uri, invitee: inv.uri, created_at: no_show.created_at } } };
	});
}

/** `DELETE /invitee_no_shows/{uuid}` → 204 (undo); 404 unknown. */
export async function deleteNoShow(db: CalendlyDb, req: ApiRequest, uuid: string): Promise<ApiResponse> {
	return tx(db, async () => {
		const stamp = await stampOf(db);
		const uri = uriFor('invitee_no_shows', uuid);
		const inv = (await rows(db, 'invitees')).find((x) => x.no_show?.uri === uri);
		if (!inv) throw notFound();
		await db.invitees.put({ ...inv, no_show: null, updated_at: micros(stamp.at) });
		await commitRows(db, stamp, req, 204, [{ entity: 'invitees', id: inv.uri }]);
		return { status: 204 };
	});
}

/**
 * `POST /scheduling_links {max_event_count: 1, owner, owner_type: "EventType"}` → 201 `{resource:{booking_url,
 * owner, owner_type}}`. 404 unknown or deleted type; 403 "Permission Denied" for a user (not an admin or owner of the
 * organization) who does not host the type (Calendly API reference, "Create Single-Use Scheduling Link": the owner
 * must be an event type the caller can manage); 400 inactive type.
 */
export async function createSchedulingLink(db: CalendlyDb, req: ApiRequest): Promise<ApiResponse> {
	const body = parse(SchedulingLinkBody, req.body);
	return tx(db, async () => {
		const stamp = await stampOf(db);
		const type = await rowOf(db, 'event_types', body.owner);
		if (!type || type.deleted_at !== null) throw notFound();
		await hostsIfManaged(db, stamp.meta, type.uri);
		if (!type.active) throw invalid('owner', 'This event type is not active.');
		const uuid = newUuid(stamp, 'scheduling_links');
		const link = {
			uri: uriFor('scheduling_links', uuid),
			booking_url: `${CALENDLY_WEB}/d/${uuid.slice(0, 4)}-${uuid.slice(9, 12)}-${uuid.slice(24, 28)}/${type.slug}`,
			owner: type.uri,
			owner_type: 'EventType' as const,
			max_event_count: 1 as const,
			used_by: null,
			created_at: micros(stamp.at)
		};
		await db.scheduling_links.put(link);
		await commitRows(db, stamp, req, 201, [{ entity: 'scheduling_links', id: link.uri }]);
		return { status: 201, body: { resource: { booking_url: link.booking_url, owner: link.owner, owner_type: link.owner_type } } };
	});
}

/**
 * `POST /webhook_subscriptions {url, events, organization, scope, user?, signing_key?}` → 201 `{resource}`.
 * 400: `user` missing for scope user, `group` scope (not modelled), `routing_form_submission.created` outside
 * the organization scope, an organization or user not of the account; 409 "Hook with this url already exists"
 * for the same URL in the same organization / user.
 */
export async function createWebhook(db: CalendlyDb, req: ApiRequest): Promise<ApiResponse> {
	const body = parse(WebhookBody, req.body);
	return tx(db, async () => {
		const stamp = await stampOf(db);
		const actor = await actorUser(db, stamp.meta);
		if (body.organization !== actor.current_organization) throw invalid('organization', 'organization must be your current organization');
		if (body.scope === 'group') throw invalid('scope', 'group scope requires a group, which this account does not have');
		if (body.scope === 'user' && !body.user) throw invalid('user', 'user is required for scope user');
		if (body.user && !(await rowOf(db, 'users', body.user))) throw invalid('user', 'user is not a member of the organization');
		if (body.scope === 'user' && body.events.includes('routing_form_submission.created'))
			throw invalid('events', 'routing_form_submission.created is available with the organization scope only');
		const user = body.scope === 'user' ? body.user! : null;
		if ((await rows(db, 'webhook_subscriptions')).some((w) => w.callback_url === body.url && w.organization === body.organization && w.user === user))
			throw exists('Hook with this url already exists');
		const w = {
			uri: uriFor('webhook_subscriptions', newUuid(stamp, 'webhook_subscriptions')),
			callback_url: body.url,
			created_at: micros(stamp.at),
			updated_at: micros(stamp.at),
			retry_started_at: null,
			state: 'active' as const,
			events: body.events,
			scope: body.scope,
			organization: body.organization,
			user,
			group: null,
			creator: actor.uri
		};
		await db.webhook_subscriptions.put(w);
		await commitRows(db, stamp, req, 201, [{ entity: 'webhook_subscriptions', id: w.uri }]);
		return { status: 201, body: { resource: w } };
	});
}

/** `DELETE /webhook_subscriptions/{uuid}` → 204; 404 unknown. */
export async function deleteWebhook(db: CalendlyDb, req: ApiRequest, uuid: string): Promise<ApiResponse> {
	return tx(db, async () => {
		const stamp = await stampOf(db);
		const uri = uriFor('webhook_subscriptions', uuid);
		if (!(await rowOf(db, 'webhook_subscriptions', uri))) throw notFound();
		await db.webhook_subscriptions.delete(uri);
		await commitRows(db, stamp, req, 204, [{ entity: 'webhook_subscriptions', id: uri }]);
		return { status: 204 };
	});
}

/** May the acting user edit what `owners` host? Hosts may; admins and owners may edit anything. */
async function mayEdit(db: CalendlyDb, actor: User, owners: string[]): Promise<void> {
	if (owners.includes(actor.uri)) return;
	if ((await actorRole(db, actor)) === 'user') throw denied();
}

/**
 * The hosts (user URIs) of event type `typeUri`, once the acting user is known to manage it ({@link mayEdit}: a host,
 * or an admin or owner of the organization).
 * @throws CalendlyError 403 "Permission Denied" otherwise.
 */
async function hostsIfManaged(db: CalendlyDb, meta: RunMeta, typeUri: string): Promise<string[]> {
	const hosts = (await rows(db, 'event_type_memberships')).filter((m) => m.event_type === typeUri).map((m) => m.member);
	await mayEdit(db, await actorUser(db, meta), hosts);
	return hosts;
}

/**
 * `PATCH /event_types/{uuid}` (the web app's event type editor and list toggles): on/off, secret, name, duration,
 * description, internal note, questions. 404 unknown or deleted; 403 for a user who does not host it.
 */
export async function patchEventType(db: CalendlyDb, req: ApiRequest, uuid: string): Promise<ApiResponse> {
	const body = parse(EventTypePatchBody, req.body);
	return tx(db, async () => {
		const stamp = await stampOf(db);
		const type = await rowOf(db, 'event_types', uriFor('event_types', uuid));
		if (!type || type.deleted_at !== null) throw notFound();
		await hostsIfManaged(db, stamp.meta, type.uri);
		const names = new Set<string>();
		(body.custom_questions ?? []).forEach((q, i) => {
			if (q.position !== i) throw invalid(`custom_questions.${i}.position`, 'positions must be 0, 1, 2… in order');
			if (q.name.trim() === '') throw invalid(`custom_questions.${i}.name`, 'a question needs its text');
			if (names.has(q.name)) throw invalid(`custom_questions.${i}.name`, `"${q.name}" is asked twice`);
			names.add(q.name);
			const select = q.type === 'single_select' || q.type === 'multi_select';
			if (select && q.answer_choices.filter((c) => c.trim() !== '').length === 0)
				throw invalid(`custom_questions.${i}.answer_choices`, `"${q.name}" needs at least one answer choice`);
			if (!select && q.answer_choices.length) throw invalid(`custom_questions.${i}.answer_choices`, 'only select questions have answer choices');
		});
		const { hosts: newHosts, ...fields } = body;
		const changed: Changed = [{ entity: 'event_types', id: type.uri }];
		if (newHosts !== undefined) changed.push(...(await replaceHosts(db, stamp, type, newHosts)));
		const next = { ...type, ...fields, updated_at: micros(stamp.at) };
		await db.event_types.put(next);
		await commitRows(db, stamp, req, 200, changed);
		return { status: 200, body: { resource: next } };
	});
}

/**
 * Replaces the hosts (event_type_memberships) of a Round Robin or Collective event type with `hosts` (the web
 * app's "Hosts" section): a kept host keeps its membership URI and gets the new priority, a new host gets a new
 * membership, a removed one is deleted; when the set of hosts changes, `settings.hosts_changed_at` is set (the
 * equal distribution counts restart, as Calendly's do). Refuses (400, nothing written): a one-host kind (One-on-One, Group),
 * no host, a user twice, a user outside the event type's organization.
 * @returns the changed rows, for the commit.
 */
async function replaceHosts(db: CalendlyDb, stamp: WriteStamp, type: EventType, hosts: { user: string; priority: number }[]): Promise<Changed> {
	if (type.pooling_type === null)
		throw invalid('hosts', `a ${type.kind_description} event type has exactly one host; hosts are set on Round Robin and Collective event types`);
	if (hosts.length === 0) throw invalid('hosts', 'an event type needs at least one host');
	// a pooled type belongs to the team: its profile owner is the organization URI
	const org = type.profile.owner;
	const members = new Set((await rows(db, 'organization_memberships')).filter((m) => m.organization === org).map((m) => m.user));
	const seen = new Set<string>();
	hosts.forEach((h, i) => {
		if (seen.has(h.user)) throw invalid(`hosts.${i}.user`, 'this user is already a host');
		seen.add(h.user);
		if (!members.has(h.user)) throw invalid(`hosts.${i}.user`, `${h.user} is not a user of this organization`);
	});
	const current = (await rows(db, 'event_type_memberships')).filter((m) => m.event_type === type.uri);
	const changed: Changed = [];
	for (const m of current)
		if (!seen.has(m.member)) {
			await db.event_type_memberships.delete(m.uri);
			changed.push({ entity: 'event_type_memberships', id: m.uri });
		}
	for (const h of hosts) {
		const had = current.find((m) => m.member === h.user);
		if (had && had.priority === h.priority) continue;
		const row = had
			? { ...had, priority: h.priority, updated_at: micros(stamp.at) }
			: {
					uri: uriFor('event_type_memberships', newUuid(stamp, 'event_type_memberships')),
					event_type: type.uri,
					member: h.user,
					priority: h.priority,
					created_at: micros(stamp.at),
					updated_at: micros(stamp.at)
				};
		await db.event_type_memberships.put(row);
		changed.push({ entity: 'event_type_memberships', id: row.uri });
	}
	const poolChanged = current.some((m) => !seen.has(m.member)) || hosts.some((h) => !current.some((m) => m.member === h.user));
	const settings = await rowOf(db, 'event_type_settings', type.uri);
	if (poolChanged && settings) {
		// Calendly resets the equal distribution counts when a host is added or removed
		await db.event_type_settings.put({ ...settings, hosts_changed_at: micros(stamp.at), updated_at: micros(stamp.at) });
		changed.push({ entity: 'event_type_settings', id: type.uri });
	}
	return changed;
}

/** `PATCH /event_types/{uuid}/settings`: booking limits (any subset). 404 unknown; 403 not a host; 400 a schedule of someone else. */
export async function patchSettings(db: CalendlyDb, req: ApiRequest, uuid: string): Promise<ApiResponse> {
	const body = parse(SettingsPatchBody, req.body);
	return tx(db, async () => {
		const stamp = await stampOf(db);
		const uri = uriFor('event_types', uuid);
		const s = await rowOf(db, 'event_type_settings', uri);
		const type = await rowOf(db, 'event_types', uri);
		if (!s || !type || type.deleted_at !== null) throw notFound();
		const hosts = await hostsIfManaged(db, stamp.meta, uri);
		if (body.availability_schedule) {
			const sched = await rowOf(db, 'availability_schedules', body.availability_schedule);
			if (!sched || hosts.length !== 1 || sched.user !== hosts[0])
				throw invalid('availability_schedule', 'the schedule must belong to the event type’s only host');
		}
		if (body.location) {
			const k = body.location.kind;
			const needs = k === 'physical' || k === 'inbound_call' || k === 'custom';
			if (needs && !body.location.location?.trim())
				throw invalid('location.location', k === 'physical' ? 'enter an address' : k === 'inbound_call' ? 'enter a phone number' : 'enter a location');
			if (!needs && body.location.location !== null) throw invalid('location.location', `${k} takes no details (null)`);
		}
		if (body.round_robin_strategy === 'equal_distribution' && type.pooling_type !== 'round_robin')
			throw invalid('round_robin_strategy', 'only Round Robin event types distribute meetings');
		if (body.group_limit !== undefined && type.kind !== 'group' && body.group_limit !== 1)
			throw invalid('group_limit', 'only Group event types seat more than 1');
		const next = { ...s, ...body, updated_at: micros(stamp.at) };
		await db.event_type_settings.put(next);
		await commitRows(db, stamp, req, 200, [{ entity: 'event_type_settings', id: uri }]);
		return { status: 200, body: { resource: next } };
	});
}

/**
 * `PATCH /user_availability_schedules/{uuid} {rules?, timezone?, name?}` (the web app's Availability page: weekly
 * hours and date overrides; rules replaced whole, every interval `from < to` and non-overlapping, one weekly rule
 * per weekday, one override per date). 404 unknown; 403 someone else's schedule (unless admin or owner).
 */
export async function patchSchedule(db: CalendlyDb, req: ApiRequest, uuid: string): Promise<ApiResponse> {
	const body = parse(SchedulePatchBody, req.body);
	return tx(db, async () => {
		const stamp = await stampOf(db);
		const s = await rowOf(db, 'availability_schedules', uriFor('user_availability_schedules', uuid));
		if (!s) throw notFound();
		await mayEdit(db, await actorUser(db, stamp.meta), [s.user]);
		const seen = new Set<string>();
		(body.rules ?? []).forEach((r, i) => {
			const key = r.type === 'wday' ? `w:${r.wday}` : `d:${r.date}`;
			if (seen.has(key)) throw invalid(`rules.${i}`, `${r.type === 'wday' ? r.wday : r.date} appears twice`);
			seen.add(key);
			const ivs = [...r.intervals].sort((a, b) => (a.from < b.from ? -1 : 1));
			ivs.forEach((iv, j) => {
				if (iv.from >= iv.to) throw invalid(`rules.${i}.intervals`, `${iv.from}–${iv.to}: the end must be after the start`);
				if (j > 0 && ivs[j - 1]!.to > iv.from) throw invalid(`rules.${i}.intervals`, 'intervals overlap');
			});
		});
		if (body.timezone) {
			try {
				new Intl.DateTimeFormat('en-US', { timeZone: body.timezone });
			} catch {
				throw invalid('timezone', `${body.timezone} is not a time zone`);
			}
		}
		const next = { ...s, ...body };
		await db.availability_schedules.put(next);
		await commitRows(db, stamp, req, 200, [{ entity: 'availability_schedules', id: s.uri }]);
		return { status: 200, body: { resource: next } };
	});
}

export { CalendlyError };
