/**
 * Calendly gym state: the tables (name → row schema), the strict state schema (also the export shape) and the
 * blueprint fixture schema. The vendor constants and record schemas live in the page-safe `./contract`, re-exported
 * here so the gym's own modules keep one import for everything schema-shaped.
 */
import { z } from 'zod';
import { fixtureSchema } from '../export-schema';
import {
	AvailabilitySchedule,
	EventType,
	EventTypeMembership,
	Invitee,
	Organization,
	OrganizationMembership,
	RoutingForm,
	RoutingFormSubmission,
	ScheduledEvent,
	User
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
	routing_form_submissions: RoutingFormSubmission
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
	routing_form_submissions: z.array(RoutingFormSubmission).describe('routing form submissions')
});
export type CalendlyState = z.infer<typeof CalendlyState>;

/**
 * A blueprint fixture for Calendly: rows added (or replaced by `uri`) on top of the base projection, per table.
 * Same row shapes as the seed, validated the same way.
 */
export const CalendlyFixture = fixtureSchema(CALENDLY_TABLES);
export type CalendlyFixture = z.infer<typeof CalendlyFixture>;
