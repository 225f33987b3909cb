/**
 * The Calendly gym's IndexedDB database (Dexie), `salesgym-calendly`. Written only by the Service Worker (and by
 * Node tests through fake-indexeddb). Never edit a shipped `version(n)`: add `n+1` with `.upgrade()`.
 *
 * Rows are stored exactly as their wire resources (see `schema.ts`); the primary key is the resource `uri`.
 * Only primary keys are indexed: the API reads whole tables through the kit's read cache (a few hundred rows).
 * `version(2)` adds the API's tables.
 */
import { Dexie, type DexieOptions, type EntityTable } from 'dexie';
import { GYM_STORE_TABLES } from '../store';
import type { GymEvent, RunMeta } from '../types';
import type {
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
} from './schema';
import { CALENDLY_TABLE_NAMES } from './schema';

/** Database name; one database per gym. */
export const CALENDLY_DB_NAME = 'salesgym-calendly';

/** Typed Dexie database of the Calendly gym: one table per resource + the store's `meta`, `events`, `dirty`. */
export class CalendlyDb extends Dexie {
	organizations!: EntityTable<Organization, 'uri'>;
	users!: EntityTable<User, 'uri'>;
	organization_memberships!: EntityTable<OrganizationMembership, 'uri'>;
	availability_schedules!: EntityTable<AvailabilitySchedule, 'uri'>;
	event_types!: EntityTable<EventType, 'uri'>;
	event_type_memberships!: EntityTable<EventTypeMembership, 'uri'>;
	scheduled_events!: EntityTable<ScheduledEvent, 'uri'>;
	invitees!: EntityTable<Invitee, 'uri'>;
	routing_forms!: EntityTable<RoutingForm, 'uri'>;
	routing_form_submissions!: EntityTable<RoutingFormSubmission, 'uri'>;
	event_type_settings!: EntityTable<EventTypeSettings, 'uri'>;
	scheduling_links!: EntityTable<SchedulingLink, 'uri'>;
	webhook_subscriptions!: EntityTable<WebhookSubscription, 'uri'>;
	booking_decisions!: EntityTable<BookingDecision, 'uri'>;
	meta!: EntityTable<RunMeta, 'key'>;
	events!: EntityTable<GymEvent, 'seq'>;

	/** @param name database name (tests pass a unique one). */
	/** @param options Dexie's options, e.g. the `indexedDB` factory of an in-memory database (gyms/memory-db.ts). */
	constructor(name = CALENDLY_DB_NAME, options?: DexieOptions) {
		super(name, options);
		const v1 = CALENDLY_TABLE_NAMES.slice(0, 10);
		this.version(1).stores({ ...Object.fromEntries(v1.map((t) => [t, 'uri'])), ...GYM_STORE_TABLES });
		// v2: the API's tables (event type settings, single-use links, webhook subscriptions, round-robin decisions).
		this.version(2).stores({ ...Object.fromEntries(CALENDLY_TABLE_NAMES.map((t) => [t, 'uri'])), ...GYM_STORE_TABLES });
	}
}
