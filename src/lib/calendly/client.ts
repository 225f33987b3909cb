/**
 * Typed client of the Calendly gym's API (Calendly API v2 plus the web app's own calls), served by the Service
 * Worker under {@link CALENDLY_API_BASE}. Screens call these functions and never touch IndexedDB, as Calendly's
 * own front end calls its back end. Every function resolves (never throws) to an {@link ApiResult}: the parsed
 * 2xx body, or the status (0 = no response) and Calendly's error body `{title, message, details?}`.
 */
import { apiJson } from '$lib/runtime';
import {
	CALENDLY_API,
	CALENDLY_API_BASE,
	type AvailabilityRule,
	type AvailabilitySchedule,
	type ErrorBody,
	type EventType,
	type EventTypeMembership,
	type EventTypeSettings,
	type Invitee,
	type RoutingForm,
	type RoutingFormSubmission,
	type ScheduledEvent,
	type User
} from '$gyms/calendly/contract';

export type {
	AvailabilityRule,
	AvailabilitySchedule,
	EventType,
	EventTypeMembership,
	EventTypeSettings,
	Invitee,
	RoutingForm,
	RoutingFormSubmission,
	ScheduledEvent,
	User
};

/** Outcome of one call. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; error: ErrorBody };

/** A page of a Calendly list. */
export interface Collection<T> {
	collection: T[];
	pagination: { count: number; next_page: string | null; next_page_token: string | null };
}

/** Sends one request to the gym: `path` is the vendor path (with query), e.g. `/users/me`. */
export async function calendly<T>(method: string, path: string, json?: unknown): Promise<ApiResult<T>> {
	const r = await apiJson<T>(CALENDLY_API_BASE + path, json === undefined ? { method } : { method, json });
	if (r.ok) return { ok: true, data: r.data };
	if (r.status === 204) return { ok: true, data: undefined as T }; // no body (DELETE)
	const body = r.body as Partial<ErrorBody> | undefined;
	return {
		ok: false,
		status: r.status,
		error: {
			title: body?.title ?? 'Network Error',
			message: body?.message ?? r.networkError ?? `HTTP ${r.status}`,
			...(body?.details ? { details: body.details } : {})
		}
	};
}

/** The vendor path of a Calendly URI (`https://api.calendly.com/x/y` → `/x/y`). */
export const pathOf = (uri: string) => uri.replace(CALENDLY_API, '');
/** The last segment (uuid) of a URI. */
export const uuidOf = (uri: string) => uri.slice(uri.lastIndexOf('/') + 1);
const q = (params: Record<string, string | undefined>) =>
	new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== '')).toString();

/** Every page of a list, followed through `page_token` (count 100). */
export async function all<T>(path: string, params: Record<string, string | undefined>): Promise<ApiResult<T[]>> {
	const out: T[] = [];
	let token: string | undefined;
	for (;;) {
		const r = await calendly<Collection<T>>('GET', `${path}?${q({ ...params, count: '100', page_token: token })}`);
		if (!r.ok) return r;
		out.push(...r.data.collection);
		if (!r.data.pagination.next_page_token) return { ok: true, data: out };
		token = r.data.pagination.next_page_token;
	}
}

/** `GET /users/me`. */
export const getMe = () => calendly<{ resource: User }>('GET', '/users/me');
/** Event types the user hosts (every page). */
export const listEventTypes = (user: string) => all<EventType>('/event_types', { user });
/** `GET /event_types/{uuid}`. */
export const getEventType = (uri: string) => calendly<{ resource: EventType }>('GET', pathOf(uri));
/** One host of an event type and its round robin priority (0 lowest … 4 highest), as the editor sends them. */
export interface HostIn {
	user: string;
	priority: number;
}
/** The editable fields of `PATCH /event_types/{uuid}` (the editor and the list toggles); `hosts` replaces a pooled type's hosts. */
export type EventTypePatch = Partial<
	Pick<EventType, 'active' | 'secret' | 'name' | 'duration' | 'description_plain' | 'internal_note' | 'custom_questions'>
> & { hosts?: HostIn[] };
/** `PATCH /event_types/{uuid}` (on/off, secret, name, duration, description, questions, hosts). */
export const patchEventType = (uri: string, body: EventTypePatch) => calendly<{ resource: EventType }>('PATCH', pathOf(uri), body);
/**
 * `POST /scheduling_links {max_event_count: 1, owner, owner_type: "EventType"}`: a new single-use link of the event
 * type `owner` (Calendly API v2 "Create Single-Use Scheduling Link"); answers `{resource: {booking_url, owner, owner_type}}`.
 */
export const createSingleUseLink = (owner: string) =>
	calendly<{ resource: { booking_url: string; owner: string; owner_type: 'EventType' } }>('POST', '/scheduling_links', {
		max_event_count: 1,
		owner,
		owner_type: 'EventType'
	});
/** Hosts of an event type (`GET /event_type_memberships?event_type=`). */
export const listHosts = (eventType: string) => all<EventTypeMembership>('/event_type_memberships', { event_type: eventType });
/** The event type's booking limits. */
export const getSettings = (uri: string) => calendly<{ resource: EventTypeSettings }>('GET', `${pathOf(uri)}/settings`);
/** `PATCH /event_types/{uuid}/settings`. */
export const patchSettings = (uri: string, body: Partial<Omit<EventTypeSettings, 'uri' | 'created_at' | 'updated_at'>>) =>
	calendly<{ resource: EventTypeSettings }>('PATCH', `${pathOf(uri)}/settings`, body);
/** Meetings of a host, filtered as Calendly's list allows. */
export const listMeetings = (params: {
	user: string;
	status?: string;
	min_start_time?: string;
	max_start_time?: string;
	invitee_email?: string;
	sort?: string;
}) => all<ScheduledEvent>('/scheduled_events', params);
/** Invitees of a meeting. */
export const listInvitees = (event: string) => all<Invitee>(`${pathOf(event)}/invitees`, {});
/** `POST /scheduled_events/{uuid}/cancellation`. */
export const cancelMeeting = (event: string, reason: string) =>
	calendly<{ resource: unknown }>('POST', `${pathOf(event)}/cancellation`, reason ? { reason } : {});
/** `POST /invitee_no_shows`. */
export const markNoShow = (invitee: string) => calendly<{ resource: { uri: string } }>('POST', '/invitee_no_shows', { invitee });
/** `DELETE /invitee_no_shows/{uuid}`. */
export const undoNoShow = (noShow: string) => calendly<undefined>('DELETE', pathOf(noShow));
/** Members of the organization with their user embedded (`GET /organization_memberships?organization=`). */
export const listMembers = (organization: string) =>
	all<{ uri: string; role: string; user: Omit<User, 'current_organization'>; organization: string }>('/organization_memberships', { organization });
/** Start times the solver offers for `eventType` in `[start, end)` (UTC ISO, ≤ 7 days, `GET /event_type_available_times`). */
export const availableTimes = (eventType: string, start: string, end: string) =>
	calendly<{ collection: { status: string; start_time: string; invitees_remaining: number; scheduling_url: string }[] }>(
		'GET',
		`/event_type_available_times?${q({ event_type: eventType, start_time: start, end_time: end })}`
	);
/**
 * Moves `invitee` to `start` (UTC ISO) on its own event type (`POST /booking/invitees` with `reschedule`): the
 * old invitee becomes canceled with `rescheduled: true`; `by` host = on the invitee's behalf from Meetings.
 */
export const rescheduleInvitee = (invitee: Invitee, eventType: string, start: string, by: 'host' | 'invitee', reason: string) =>
	calendly<{ resource: Invitee }>('POST', '/booking/invitees', {
		event_type: eventType,
		start_time: start,
		invitee: { name: invitee.name, email: invitee.email, timezone: invitee.timezone },
		questions_and_answers: invitee.questions_and_answers,
		reschedule: invitee.uri,
		rescheduled_by: by,
		...(reason ? { reason } : {})
	});
/** The invitee behind a `reschedule_url` / `cancel_url` (its last segment) and its meeting (`GET /booking/invitees/{uuid}`). */
export const bookingInvitee = (uuid: string) => calendly<{ resource: Invitee; event: ScheduledEvent }>('GET', `/booking/invitees/${uuid}`);
/** The invitee cancels from their cancel link (`POST /booking/cancellations`). */
export const cancelAsInvitee = (invitee: string, reason: string) =>
	calendly<{ resource: unknown }>('POST', '/booking/cancellations', reason ? { invitee, reason } : { invitee });
/** The user's availability schedules. */
export const listSchedules = (user: string) => calendly<{ collection: AvailabilitySchedule[] }>('GET', `/user_availability_schedules?${q({ user })}`);
/** `PATCH /user_availability_schedules/{uuid}` (rules replaced whole). */
export const patchSchedule = (uri: string, rules: AvailabilityRule[]) => calendly<{ resource: AvailabilitySchedule }>('PATCH', pathOf(uri), { rules });
/** Routing forms of the organization. */
export const listRoutingForms = (organization: string) => all<RoutingForm>('/routing_forms', { organization });
/** Submissions of a routing form. */
export const listSubmissions = (form: string) => all<RoutingFormSubmission>('/routing_form_submissions', { form });

/** "Mon, Mar 2" / "9:00am" style formatting in an IANA zone (never the machine's). */
export function formatIn(zone: string, iso: string, what: 'day' | 'time' | 'date'): string {
	const opts: Intl.DateTimeFormatOptions =
		what === 'day'
			? { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }
			: what === 'date'
				? { weekday: 'short', month: 'short', day: 'numeric' }
				: { hour: 'numeric', minute: '2-digit' };
	return new Intl.DateTimeFormat('en-US', { timeZone: zone, ...opts }).format(new Date(iso)).replace(' AM', 'am').replace(' PM', 'pm');
}

/** The local calendar date `YYYY-MM-DD` of instant `iso` in IANA `zone`. */
export function localDateIn(zone: string, iso: string | number): string {
	return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

/** Offset (ms, local − UTC) of `zone` at epoch ms `t`, from `Intl.DateTimeFormat` with an explicit zone. */
function offsetAt(zone: string, t: number): number {
	const p = Object.fromEntries(
		new Intl.DateTimeFormat('en-US', {
			timeZone: zone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit'
		})
			.formatToParts(new Date(t))
			.map((x) => [x.type, x.value])
	);
	return Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!) - Math.floor(t / 1000) * 1000;
}

/**
 * Epoch ms of local midnight starting `date` (`YYYY-MM-DD`) in IANA `zone` (a midnight inside a DST gap moves to
 * the first instant after it). Screens use it for day boundaries (Meetings' Date Range, a reschedule's day).
 */
export function zoneMidnight(zone: string, date: string): number {
	const wall = Date.parse(`${date}T00:00:00.000Z`);
	let t = wall - offsetAt(zone, wall);
	t = wall - offsetAt(zone, t);
	return t;
}
