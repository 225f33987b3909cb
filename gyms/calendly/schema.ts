/**
 * Calendly gym state: the tables (name → row schema), the strict state schema (also the export shape) and the
 * blueprint fixture schema. The vendor constants and record schemas live in the page-safe `./contract`, re-exported
 * here so the gym's own modules keep one import for everything schema-shaped.
 */
import { z } from 'zod';
import { fixtureSchema } from '../export-schema';
import {
	AvailabilitySchedule,
	BookingDecision,
	EventType,
	EventTypeSettings,
	EventTypeMembership,
	Invitee,
	Organization,
	OrganizationMembership,
	RoutingForm,
	RoutingFormSubmission,
	ScheduledEvent,
	SchedulingLink,
	User,
	WebhookSubscription
} from './contract';

export * from './contract';

// ---------------------------------------------------------------------------------------------- state

/** Table name → row schema (names follow the API collections). */
export const CALENDLY_TABLES = {
	organizations: Organization,
	users: User,
	organization_memberships: OrganizationMembership,
	availability_schedules: AvailabilitySchedule,
	event_types: EventType,
	event_type_memberships: EventTypeMembership,
	scheduled_events: ScheduledEvent,
	invitees: Invitee,
	routing_forms: RoutingForm,
	routing_form_submissions: RoutingFormSubmission,
	event_type_settings: EventTypeSettings,
	scheduling_links: SchedulingLink,
	webhook_subscriptions: WebhookSubscription,
	booking_decisions: BookingDecision
} as const;
export type CalendlyTable = keyof typeof CALENDLY_TABLES;
export const CALENDLY_TABLE_NAMES = Object.keys(CALENDLY_TABLES) as CalendlyTable[];

/** The Calendly gym's state: one array per table, rows ordered by `uri`. Also its export shape. */
export const CalendlyState = z.strictObject({
	organizations: z.array(Organization).describe('the one organization'),
	users: z.array(User).describe('hosts'),
	organization_memberships: z.array(OrganizationMembership).describe('one per user'),
	availability_schedules: z.array(AvailabilitySchedule).describe('one or more per user'),
	event_types: z.array(EventType).describe('event types of every kind'),
	event_type_memberships: z.array(EventTypeMembership).describe('hosts per event type'),
	scheduled_events: z.array(ScheduledEvent).describe('meetings, past and future'),
	invitees: z.array(Invitee).describe('invitees of the meetings'),
	routing_forms: z.array(RoutingForm).describe('routing forms'),
	routing_form_submissions: z.array(RoutingFormSubmission).describe('routing form submissions'),
	event_type_settings: z.array(EventTypeSettings).describe('booking limits, one row per event type'),
	scheduling_links: z.array(SchedulingLink).describe('single-use links created in the run'),
	webhook_subscriptions: z.array(WebhookSubscription).describe('webhook subscriptions (stored, not delivered)'),
	booking_decisions: z.array(BookingDecision).describe('why each round-robin booking of the run went to its host')
});
export type CalendlyState = z.infer<typeof CalendlyState>;

/**
 * A blueprint fixture for Calendly: rows added (or replaced by `uri`) on top of the base projection, per table.
 * Same row shapes as the seed, validated the same way.
 */
export const CalendlyFixture = fixtureSchema(CALENDLY_TABLES);
export type CalendlyFixture = z.infer<typeof CalendlyFixture>;
