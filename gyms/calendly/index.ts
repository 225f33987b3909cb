/**
 * The Calendly gym on the gym kit: reset / export / import over its database (the shared store), and its router.
 * Base URL on the gym origin: `/api/calendly` (stands for `https://api.calendly.com`).
 *
 * Serves Calendly API v2 (users, organization memberships, event types and their hosts, available times,
 * availability schedules, busy times, scheduled events and their cancellation, invitees and `POST /invitees`,
 * no-shows, single-use scheduling links, routing forms and submissions, webhook subscriptions) and the Calendly
 * web app's own calls used by the host screens and the booking page (`/booking/…`, `PATCH` of event types, their
 * settings and schedules). Unknown paths get Calendly's 404 `{title:"Resource Not Found", message:"The server
 * could not find the requested resource.", details:[]}` and write nothing.
 */
import { defineGym } from '../kit/define';
import type { Route } from '../kit/router';
import { gymExportSchema } from '../export-schema';
import type { Gym } from '../types';
import { listAvailableTimes, listBusyTimes } from './api/availability';
import { CALENDLY_ERRORS } from './api/errors';
import * as r from './api/reads';
import * as w from './api/writes';
import { CalendlyDb } from './db';
import { danglingRefs, valueIssues } from './integrity';
import { CALENDLY_TABLE_NAMES, CalendlyState } from './schema';
import { initialState } from './seed';

/** The gym's slice of a state export: every table (strict rows), meta and events. */
export const CalendlyExport = gymExportSchema('calendly', CalendlyState);

/** Rows are keyed and ordered by `uri` (code-unit order). */
const byUri = (a: { uri: string }, b: { uri: string }) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0);

/** The route table (vendor paths under `/api/calendly`). */
export const CALENDLY_ROUTES: Route<CalendlyDb>[] = [
	{ method: 'GET', path: '/users/me', handler: r.getMe },
	{ method: 'GET', path: '/users/{uuid}', handler: r.getUser },
	{ method: 'GET', path: '/organization_memberships', handler: r.listMemberships },
	{ method: 'GET', path: '/organization_memberships/{uuid}', handler: r.getMembership },
	{ method: 'GET', path: '/event_types', handler: r.listEventTypes },
	{ method: 'GET', path: '/event_types/{uuid}', handler: r.getEventType },
	{ method: 'PATCH', path: '/event_types/{uuid}', handler: w.patchEventType },
	{ method: 'GET', path: '/event_types/{uuid}/settings', handler: r.getSettings },
	{ method: 'PATCH', path: '/event_types/{uuid}/settings', handler: w.patchSettings },
	{ method: 'GET', path: '/event_type_memberships', handler: r.listEventTypeHosts },
	{ method: 'GET', path: '/event_type_available_times', handler: listAvailableTimes },
	{ method: 'GET', path: '/user_availability_schedules', handler: r.listSchedules },
	{ method: 'GET', path: '/user_availability_schedules/{uuid}', handler: r.getSchedule },
	{ method: 'PATCH', path: '/user_availability_schedules/{uuid}', handler: w.patchSchedule },
	{ method: 'GET', path: '/user_busy_times', handler: listBusyTimes },
	{ method: 'GET', path: '/scheduled_events', handler: r.listScheduledEvents },
	{ method: 'GET', path: '/scheduled_events/{uuid}', handler: r.getScheduledEvent },
	{ method: 'POST', path: '/scheduled_events/{uuid}/cancellation', handler: w.cancelEvent },
	{ method: 'GET', path: '/scheduled_events/{uuid}/invitees', handler: r.listInvitees },
	{ method: 'GET', path: '/scheduled_events/{event}/invitees/{invitee}', handler: r.getInvitee },
	{ method: 'POST', path: '/invitees', handler: w.createInvitee },
	{ method: 'POST', path: '/invitee_no_shows', handler: w.createNoShow },
	{ method: 'GET', path: '/invitee_no_shows/{uuid}', handler: r.getNoShow },
	{ method: 'DELETE', path: '/invitee_no_shows/{uuid}', handler: w.deleteNoShow },
	{ method: 'POST', path: '/scheduling_links', handler: w.createSchedulingLink },
	{ method: 'GET', path: '/routing_forms', handler: r.listRoutingForms },
	{ method: 'GET', path: '/routing_forms/{uuid}', handler: r.getRoutingForm },
	{ method: 'GET', path: '/routing_form_submissions', handler: r.listSubmissions },
	{ method: 'GET', path: '/routing_form_submissions/{uuid}', handler: r.getSubmission },
	{ method: 'POST', path: '/webhook_subscriptions', handler: w.createWebhook },
	{ method: 'GET', path: '/webhook_subscriptions', handler: r.listWebhooks },
	{ method: 'GET', path: '/webhook_subscriptions/{uuid}', handler: r.getWebhook },
	{ method: 'DELETE', path: '/webhook_subscriptions/{uuid}', handler: w.deleteWebhook },
	{ method: 'GET', path: '/booking/scheduling_links', handler: r.getBookingLink },
	{ method: 'POST', path: '/booking/invitees', handler: w.bookFromPage },
	{ method: 'GET', path: '/booking/invitees/{uuid}', handler: r.getBookingInvitee },
	{ method: 'POST', path: '/booking/cancellations', handler: w.cancelAsInvitee }
];

/**
 * Creates the Calendly gym over `db` (default: the `salesgym-calendly` database); with `journal`, `db` is held in
 * memory and `journal` (the same schema, in the browser's IndexedDB) keeps it durable (gyms/store.ts "Journal").
 * Reset is the store's; `importState` validates the whole slice (strict rows, meta, events, URIs that resolve)
 * before writing anything.
 */
export function createCalendlyGym(db = new CalendlyDb(), journal?: CalendlyDb): Gym {
	return defineGym({
		name: 'calendly',
		db,
		...(journal ? { journal } : {}),
		tables: CALENDLY_TABLE_NAMES.map((name) => ({ name, key: 'uri', compare: byUri as (a: never, b: never) => number })),
		initial: initialState,
		exportSchema: CalendlyExport,
		danglingRefs,
		valueIssues,
		routes: CALENDLY_ROUTES,
		errors: CALENDLY_ERRORS
	});
}
