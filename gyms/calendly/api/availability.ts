/**
 * Availability endpoints (Calendly API v2 OpenAPI: "List Event Type Available Times", "List User Busy Times")
 * and {@link solverInput}, which turns the stored tables into the slot solver's input (../slots.ts) for both the
 * reads here and the booking writes (which re-check the slot inside their transaction).
 */
import type { ApiRequest, ApiResponse } from '../../types';
import type { CalendlyDb } from '../db';
import { EventTypeUri, UserUri, type CalendlyState, type EventType, type ScheduledEvent } from '../schema';
import { availableSlots, type HostInput, type SolveInput } from '../slots';
import { invalid, isoMicros, metaOf, notFound, nowOf, onlyParams, rowOf, rows, timeParam, uriParam, type Row } from './common';

const WEEK_MS = 7 * 86_400_000;
const MIN_MS = 60_000;

/** Everything about one event type the solver and the booking writes need. */
export interface TypeContext {
	type: EventType;
	settings: Row<'event_type_settings'>;
	input: Omit<SolveInput, 'range'>;
}

/**
 * The solver input of event type `type` at virtual time `now`: its hosts (memberships) with their schedule (the
 * type's schedule for a one-host type when set, else each host's default), busy time (active meetings; meeting
 * `ignoreEvent` left out, for a reschedule), priority, latest booking of this type (by booking time), the
 * starts of their meetings of this type and, for "Optimize for equal distribution", how many of those were booked
 * since a host was last added or removed (`settings.hosts_changed_at`; Calendly resets the counts then); for group types the existing meetings and their seats.
 * @throws 404 when the event type has no settings row or a host has no schedule (a broken fixture).
 */
export async function solverInput(db: CalendlyDb, type: EventType, now: number, ignoreEvent?: string): Promise<TypeContext> {
	const [event_type_settings, event_type_memberships, availability_schedules, scheduled_events] = await Promise.all([
		rows(db, 'event_type_settings'),
		rows(db, 'event_type_memberships'),
		rows(db, 'availability_schedules'),
		rows(db, 'scheduled_events')
	]);
	const ctx = solverInputOf({ event_type_settings, event_type_memberships, availability_schedules, scheduled_events }, type, now, ignoreEvent);
	if (!ctx) throw notFound();
	return ctx;
}

/** The tables {@link solverInputOf} reads, in their stored shape (a projected state or the database's rows). */
export type SolverTables = Pick<CalendlyState, 'event_type_settings' | 'event_type_memberships' | 'availability_schedules' | 'scheduled_events'>;

/**
 * {@link solverInput} over tables in memory (pure): what the booking page offers for `type` at `now` (epoch ms) is
 * `availableSlots({...input, range})`. Blueprint templates use it on the projected seed state to compute a task's
 * expected slots exactly as the replica will.
 * @returns null when the type has no settings row or a host has no schedule (a broken fixture).
 */
export function solverInputOf(tables: SolverTables, type: EventType, now: number, ignoreEvent?: string): TypeContext | null {
	const settings = tables.event_type_settings.find((s) => s.uri === type.uri);
	if (!settings) return null;
	const members = tables.event_type_memberships.filter((m) => m.event_type === type.uri);
	const schedules = tables.availability_schedules;
	const events = tables.scheduled_events.filter((e) => e.status === 'active' && e.uri !== ignoreEvent);
	const hosts: HostInput[] = [];
	for (const m of members) {
		const own = members.length === 1 && settings.availability_schedule ? schedules.find((s) => s.uri === settings.availability_schedule) : undefined;
		const schedule = own ?? schedules.find((s) => s.user === m.member && s.default);
		if (!schedule) return null;
		const mine = events.filter((e) => e.event_memberships.some((x) => x.user === m.member));
		const ofType = mine.filter((e) => e.event_type === type.uri);
		hosts.push({
			user: m.member,
			timezone: schedule.timezone,
			rules: schedule.rules,
			busy: mine.map((e) => ({ start: Date.parse(e.start_time), end: Date.parse(e.end_time), event: e.uri })),
			priority: m.priority,
			lastBookedAt: ofType.length ? Math.max(...ofType.map((e) => Date.parse(e.created_at))) : null,
			typeStarts: ofType.map((e) => Date.parse(e.start_time)),
			distributionCount: ofType.filter((e) => !settings.hosts_changed_at || e.created_at >= settings.hosts_changed_at).length
		});
	}
	const groupMeetings =
		type.kind === 'group'
			? events
					.filter((e) => e.event_type === type.uri)
					.map((e: ScheduledEvent) => ({
						event: e.uri,
						start: Date.parse(e.start_time),
						host: e.event_memberships[0]!.user,
						active: e.invitees_counter.active
					}))
			: undefined;
	return {
		type,
		settings,
		input: {
			kind: type.kind,
			pooling: type.pooling_type,
			rules: {
				duration: type.duration,
				start_increment: settings.start_increment,
				buffer_before: settings.buffer_before,
				buffer_after: settings.buffer_after,
				minimum_notice: settings.minimum_notice,
				max_events_per_day: settings.max_events_per_day,
				period_days: settings.period_days,
				group_limit: settings.group_limit
			},
			hosts,
			now,
			...(type.pooling_type === 'round_robin' ? { strategy: settings.round_robin_strategy } : {}),
			...(groupMeetings ? { groupMeetings } : {})
		}
	};
}

/** The booking page URL of a slot: `<scheduling_url>/<UTC start>?month=YYYY-MM&date=YYYY-MM-DD`. */
export function slotUrl(type: EventType, start: number): string {
	const iso = new Date(start).toISOString();
	return `${type.scheduling_url}/${iso.slice(0, 19)}+00:00?month=${iso.slice(0, 7)}&date=${iso.slice(0, 10)}`;
}

/** A 7-day-at-most window of the query (`start_time` < `end_time`, ≤ 7 days), else 400. */
function windowOf(req: ApiRequest): { start: number; end: number } {
	const start = timeParam(req, 'start_time', true);
	const end = timeParam(req, 'end_time', true);
	if (end <= start) throw invalid('end_time', 'end_time must be after start_time');
	if (end - start > WEEK_MS) throw invalid('end_time', 'The date range can be no greater than 1 week (7 days).');
	return { start, end };
}

/**
 * `GET /event_type_available_times?event_type=&start_time=&end_time=`: `{collection:[{status:"available",
 * invitees_remaining, start_time, scheduling_url}]}`, not paged (spec: "does not support traditional keyset
 * pagination"). 400 for a window over 7 days, one ending before it starts, or one starting in the past; 404 for
 * an unknown or deleted type; an inactive type offers nothing (`[]`).
 */
export async function listAvailableTimes(db: CalendlyDb, req: ApiRequest): Promise<ApiResponse> {
	onlyParams(req, ['event_type', 'start_time', 'end_time']);
	const uri = uriParam(req, 'event_type', EventTypeUri, true);
	const range = windowOf(req);
	const now = nowOf(await metaOf(db));
	if (range.start < now - MIN_MS) throw invalid('start_time', 'start_time must be in the future');
	const type = await rowOf(db, 'event_types', uri);
	if (!type || type.deleted_at !== null) throw notFound();
	if (!type.active) return { status: 200, body: { collection: [] } };
	const ctx = await solverInput(db, type, now);
	const slots = availableSlots({ ...ctx.input, range });
	return {
		status: 200,
		body: {
			collection: slots.map((s) => ({
				status: 'available',
				invitees_remaining: s.invitees_remaining,
				start_time: isoMicros(s.start),
				scheduling_url: slotUrl(type, s.start)
			}))
		}
	};
}

/**
 * `GET /user_busy_times?user=&start_time=&end_time=` (all required, ≤ 7 days): the user's active Calendly meetings
 * overlapping the window, `{type:"calendly", start_time, end_time, buffered_start_time, buffered_end_time,
 * event:{uri}}` in start order (buffers from the meeting's event type settings). No external calendars.
 */
export async function listBusyTimes(db: CalendlyDb, req: ApiRequest): Promise<ApiResponse> {
	onlyParams(req, ['user', 'start_time', 'end_time']);
	const user = uriParam(req, 'user', UserUri, true);
	const range = windowOf(req);
	if (!(await rowOf(db, 'users', user))) throw notFound();
	const settings = new Map((await rows(db, 'event_type_settings')).map((s) => [s.uri, s]));
	const list = (await rows(db, 'scheduled_events'))
		.filter((e) => e.status === 'active' && e.event_memberships.some((m) => m.user === user))
		.filter((e) => Date.parse(e.start_time) < range.end && Date.parse(e.end_time) > range.start)
		.slice()
		.sort((a, b) => (a.start_time < b.start_time ? -1 : a.start_time > b.start_time ? 1 : 0))
		.map((e) => {
			const s = settings.get(e.event_type);
			return {
				type: 'calendly',
				start_time: e.start_time,
				end_time: e.end_time,
				buffered_start_time: isoMicros(Date.parse(e.start_time) - (s?.buffer_before ?? 0) * MIN_MS),
				buffered_end_time: isoMicros(Date.parse(e.end_time) + (s?.buffer_after ?? 0) * MIN_MS),
				event: { uri: e.uri }
			};
		});
	return { status: 200, body: { collection: list } };
}
