/**
 * The Calendly gym's API contract: URIs, enums, the stored resources and the error envelope.
 * Page-safe: it imports zod only, so the gym's handlers (in the Service Worker), its seed and its future UI client
 * (in the page) share one set of vendor constants and record schemas; `schema.ts` re-exports it and adds the
 * gym's state and fixture schemas.
 *
 * Facts follow Calendly API v2 (its OpenAPI document and developer.calendly.com): resources are identified by their full URI
 * (`https://api.calendly.com/scheduled_events/{uuid}`), field names are snake_case, timestamps are UTC ISO-8601
 * with microseconds (`2026-03-02T09:00:00.000000Z`), durations are minutes.
 * Each row's primary key is its `uri`; rows are ordered by `uri`.
 */
import { z } from 'zod';

/** Base URL that Calendly URIs start with. */
export const CALENDLY_API = 'https://api.calendly.com';
/** Base URL of booking pages. */
export const CALENDLY_WEB = 'https://calendly.com';

const UUID_RE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** A Calendly resource URI of one collection, e.g. `https://api.calendly.com/users/{uuid}`. */
export function uriOf(collection: string) {
	return z
		.string()
		.regex(new RegExp(`^https://api\\.calendly\\.com/${collection}/${UUID_RE}$`), `a Calendly ${collection} URI`)
		.describe(`URI "${CALENDLY_API}/${collection}/{uuid}" (uuid lower-case 8-4-4-4-12)`);
}

/** Invitee URI: nested under its event, `…/scheduled_events/{uuid}/invitees/{uuid}`. */
export const InviteeUri = z
	.string()
	.regex(new RegExp(`^https://api\\.calendly\\.com/scheduled_events/${UUID_RE}/invitees/${UUID_RE}$`), 'a Calendly invitee URI')
	.describe(`URI "${CALENDLY_API}/scheduled_events/{event uuid}/invitees/{uuid}"`);

export const UserUri = uriOf('users');
export const OrganizationUri = uriOf('organizations');
export const EventTypeUri = uriOf('event_types');
export const ScheduledEventUri = uriOf('scheduled_events');
export const RoutingFormUri = uriOf('routing_forms');
export const RoutingFormSubmissionUri = uriOf('routing_form_submissions');

/** UTC ISO-8601 timestamp with microseconds, as Calendly sends it: `2026-03-02T09:00:00.000000Z`. */
export const IsoMicros = z
	.string()
	.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/, 'UTC ISO-8601 with microseconds')
	.describe('UTC ISO-8601 timestamp with microseconds');
const ts = (what: string) => IsoMicros.describe(`${what}: UTC ISO-8601 with microseconds`);

/** An IANA time zone name such as `America/New_York`. */
export const IanaZone = z
	.string()
	.regex(/^(UTC|[A-Z][A-Za-z_]+(\/[A-Za-z0-9_+-]+){1,2})$/, 'an IANA time zone name')
	.describe('IANA time zone name, e.g. "Europe/Berlin"');

// ---------------------------------------------------------------------------------------------- enums

export const MEMBERSHIP_ROLES = ['user', 'admin', 'owner'] as const;
export const EVENT_TYPE_KINDS = ['solo', 'group'] as const;
export const POOLING_TYPES = ['round_robin', 'collective'] as const;
/** UI label of each kind × pooling combination. */
export const KIND_DESCRIPTIONS = ['One-on-One', 'Group', 'Round Robin', 'Collective'] as const;
export type KindDescription = (typeof KIND_DESCRIPTIONS)[number];
export const EVENT_TYPE_TYPES = ['StandardEventType', 'AdhocEventType'] as const;
export const BOOKING_METHODS = ['instant', 'poll'] as const;
export const QUESTION_TYPES = ['string', 'text', 'phone_number', 'single_select', 'multi_select'] as const;
export const EVENT_STATUSES = ['active', 'canceled'] as const;
export const INVITEE_STATUSES = ['active', 'canceled'] as const;
export const LOCATION_TYPES = [
	'physical',
	'ask_invitee',
	'custom',
	'outbound_call',
	'inbound_call',
	'google_conference',
	'zoom_conference',
	'microsoft_teams_conference',
	'gotomeeting',
	'webex_conference'
] as const;
export const LOCATION_STATUSES = ['initiated', 'processing', 'pushed', 'failed'] as const;
export const CANCELER_TYPES = ['host', 'invitee'] as const;
export const CALENDAR_KINDS = ['google', 'outlook', 'exchange', 'icloud', 'outlook_desktop'] as const;
export const ROUTING_FORM_STATUSES = ['draft', 'published'] as const;
export const ROUTING_QUESTION_TYPES = ['name', 'text', 'email', 'phone', 'textarea', 'select', 'radios'] as const;
export const ROUTING_RESULT_TYPES = ['event_type', 'custom_message', 'external_url'] as const;
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** The `(kind, pooling_type)` pair of each `kind_description` (Calendly's four event type kinds). */
export const KIND_SHAPES: Record<KindDescription, { kind: (typeof EVENT_TYPE_KINDS)[number]; pooling_type: (typeof POOLING_TYPES)[number] | null }> = {
	'One-on-One': { kind: 'solo', pooling_type: null },
	Group: { kind: 'group', pooling_type: null },
	'Round Robin': { kind: 'solo', pooling_type: 'round_robin' },
	Collective: { kind: 'solo', pooling_type: 'collective' }
};

// ---------------------------------------------------------------------------------------------- resources

/** An organization (the team's Calendly account). */
export const Organization = z.strictObject({
	uri: OrganizationUri,
	name: z.string().describe('organization name'),
	plan: z.enum(['standard', 'teams', 'enterprise']).describe('subscription plan (verify values)'),
	created_at: ts('created'),
	updated_at: ts('last updated')
});
export type Organization = z.infer<typeof Organization>;

/** A Calendly user (a host). Join key to HubSpot owners and Outreach users: `email`. */
export const User = z.strictObject({
	uri: UserUri,
	name: z.string().describe('display name'),
	slug: z
		.string()
		.regex(/^[a-z0-9-]+$/)
		.describe('booking page slug, e.g. "maya-patel"'),
	email: z.email().describe('login email, lower-case; join key (owner email)'),
	scheduling_url: z.string().describe('"https://calendly.com/<slug>"'),
	timezone: IanaZone,
	avatar_url: z.string().nullable().describe('avatar image URL, null = none'),
	current_organization: OrganizationUri.describe('organization URI'),
	created_at: ts('created'),
	updated_at: ts('last updated')
});
export type User = z.infer<typeof User>;

/** A user's membership of the organization. The API embeds the user object; stored as its URI. */
export const OrganizationMembership = z.strictObject({
	uri: uriOf('organization_memberships'),
	role: z.enum(MEMBERSHIP_ROLES).describe('user, admin or owner'),
	user: UserUri.describe('member user URI'),
	organization: OrganizationUri,
	created_at: ts('created'),
	updated_at: ts('last updated')
});
export type OrganizationMembership = z.infer<typeof OrganizationMembership>;

const HhMm = z
	.string()
	.regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/)
	.describe('local wall time "HH:MM" in the schedule’s zone');
const Interval = z.strictObject({ from: HhMm, to: HhMm });

/** An availability rule: weekly hours (`wday`) or a date override (`date`, empty intervals = unavailable). */
export const AvailabilityRule = z.discriminatedUnion('type', [
	z.strictObject({
		type: z.literal('wday').describe('weekly rule'),
		wday: z.enum(WEEKDAYS).describe('weekday, lower-case English'),
		intervals: z.array(Interval).describe('available intervals that day; [] = unavailable')
	}),
	z.strictObject({
		type: z.literal('date').describe('date override'),
		date: z
			.string()
			.regex(/^\d{4}-\d{2}-\d{2}$/)
			.describe('YYYY-MM-DD in the schedule’s zone'),
		intervals: z.array(Interval).describe('available intervals that date; [] = day off')
	})
]);
export type AvailabilityRule = z.infer<typeof AvailabilityRule>;

/** A user availability schedule (`GET /user_availability_schedules?user=`). */
export const AvailabilitySchedule = z.strictObject({
	uri: uriOf('user_availability_schedules'),
	default: z.boolean().describe('true for the user’s default schedule'),
	name: z.string().describe('schedule name, e.g. "Working hours"'),
	user: UserUri.describe('owner user URI'),
	timezone: IanaZone,
	rules: z.array(AvailabilityRule).describe('weekly rules (7) then date overrides')
});
export type AvailabilitySchedule = z.infer<typeof AvailabilitySchedule>;

/** A custom booking question of an event type. */
export const CustomQuestion = z.strictObject({
	name: z.string().describe('question text'),
	type: z.enum(QUESTION_TYPES).describe('answer kind'),
	position: z.number().int().nonnegative().describe('0-based order'),
	enabled: z.boolean().describe('true when shown on the booking form'),
	required: z.boolean().describe('true when an answer is required'),
	answer_choices: z.array(z.string()).describe('choices for select questions, [] otherwise'),
	include_other: z.boolean().describe('select questions offer "Other"')
});

/** An event type (a bookable meeting kind). */
export const EventType = z.strictObject({
	uri: EventTypeUri,
	name: z.string().describe('name, e.g. "30 Minute Meeting"'),
	active: z.boolean().describe('false = turned off (booking link invalid)'),
	slug: z
		.string()
		.regex(/^[a-z0-9-]+$/)
		.describe('URL slug'),
	scheduling_url: z.string().describe('"https://calendly.com/<owner slug>/<slug>"'),
	duration: z.number().int().positive().describe('length in minutes'),
	kind: z.enum(EVENT_TYPE_KINDS).describe('solo or group'),
	pooling_type: z.enum(POOLING_TYPES).nullable().describe('round_robin, collective or null (one host)'),
	kind_description: z.enum(KIND_DESCRIPTIONS).describe('UI label: One-on-One, Group, Round Robin, Collective'),
	type: z.enum(EVENT_TYPE_TYPES).describe('StandardEventType or AdhocEventType (one-off)'),
	booking_method: z.enum(BOOKING_METHODS).describe('instant or poll'),
	secret: z.boolean().describe('true = hidden from the booking page, reachable by link only'),
	color: z
		.string()
		.regex(/^#[0-9a-f]{6}$/)
		.describe('hex colour "#rrggbb"'),
	internal_note: z.string().nullable().describe('note visible to hosts only'),
	description_plain: z.string().nullable().describe('description shown to invitees, plain text'),
	profile: z
		.strictObject({
			type: z.enum(['User', 'Team']).describe('User for one-host types, Team for pooled ones'),
			name: z.string().describe('owner display name'),
			owner: z.string().describe('owner URI (user URI, or the organization URI for Team profiles)')
		})
		.describe('who the event type belongs to'),
	custom_questions: z.array(CustomQuestion).describe('booking form questions'),
	admin_managed: z.boolean().describe('managed by an admin template'),
	deleted_at: IsoMicros.nullable().describe('deletion time, null = not deleted'),
	created_at: ts('created'),
	updated_at: ts('last updated')
});
export type EventType = z.infer<typeof EventType>;

/**
 * A host of an event type (one row per host; solo types have one, pooled types several), as listed by
 * `GET /event_type_memberships?event_type=` ("List Event Type Hosts", Calendly release notes 2023-12-05; item fields: verify).
 */
export const EventTypeMembership = z.strictObject({
	uri: uriOf('event_type_memberships'),
	event_type: EventTypeUri.describe('the event type'),
	member: UserUri.describe('host user URI'),
	priority: z.number().int().min(0).max(4).describe('round robin priority stars 0–4 (2 = medium; UI setting, API field name: verify); 2 for other kinds'),
	created_at: ts('created'),
	updated_at: ts('last updated')
});
export type EventTypeMembership = z.infer<typeof EventTypeMembership>;

const Cancellation = z
	.strictObject({
		canceled_by: z.string().describe('name of who canceled'),
		reason: z.string().nullable().describe('free-text reason'),
		canceler_type: z.enum(CANCELER_TYPES).describe('host or invitee'),
		created_at: ts('canceled')
	})
	.describe('cancellation details');

/** A booked meeting. */
export const ScheduledEvent = z.strictObject({
	uri: ScheduledEventUri,
	name: z.string().describe('event type name at booking time'),
	status: z.enum(EVENT_STATUSES).describe('active or canceled'),
	start_time: ts('start'),
	end_time: ts('end'),
	event_type: EventTypeUri,
	location: z
		.strictObject({
			type: z.enum(LOCATION_TYPES).describe('location kind'),
			location: z.string().nullable().describe('address or phone for physical/call kinds, else null'),
			status: z.enum(LOCATION_STATUSES).nullable().describe('conference link creation status, null for non-conference kinds'),
			join_url: z.string().nullable().describe('conference URL, null for non-conference kinds')
		})
		.describe('where the meeting happens'),
	invitees_counter: z
		.strictObject({
			total: z.number().int().nonnegative().describe('invitees ever booked'),
			active: z.number().int().nonnegative().describe('invitees not canceled'),
			limit: z.number().int().positive().describe('seats: 1, or the group limit')
		})
		.describe('invitee counts'),
	event_memberships: z
		.array(z.strictObject({ user: UserUri, user_email: z.email().describe('host email, lower-case'), user_name: z.string().describe('host display name') }))
		.min(1)
		.describe('hosts of this meeting'),
	event_guests: z
		.array(z.strictObject({ email: z.email().describe('guest email'), created_at: ts('added'), updated_at: ts('updated') }))
		.describe('extra guests'),
	cancellation: Cancellation.nullable().describe('set when status is canceled'),
	calendar_event: z
		.strictObject({ kind: z.enum(CALENDAR_KINDS).describe('calendar provider'), external_id: z.string().describe('id in the host calendar') })
		.nullable()
		.describe('the synced calendar entry, null = none'),
	meeting_notes_plain: z.string().nullable().describe('host notes, plain text'),
	created_at: ts('booked'),
	updated_at: ts('last updated')
});
export type ScheduledEvent = z.infer<typeof ScheduledEvent>;

/** An invitee of a scheduled event. Reschedule = old invitee canceled (`rescheduled:true`, `new_invitee`) + new one (`old_invitee`). */
export const Invitee = z.strictObject({
	uri: InviteeUri,
	email: z.email().describe('invitee email, lower-case; join key to HubSpot contacts / Outreach prospects'),
	first_name: z.string().nullable().describe('first name (null when the form asks for the full name)'),
	last_name: z.string().nullable().describe('last name'),
	name: z.string().describe('full name'),
	status: z.enum(INVITEE_STATUSES).describe('active or canceled'),
	timezone: IanaZone.describe('the invitee’s IANA zone at booking'),
	event: ScheduledEventUri.describe('the scheduled event'),
	questions_and_answers: z
		.array(
			z.strictObject({
				question: z.string().describe('question text'),
				answer: z.string().describe('answer text'),
				position: z.number().int().nonnegative().describe('0-based question order')
			})
		)
		.describe('booking form answers'),
	tracking: z
		.strictObject({
			utm_campaign: z.string().nullable().describe('utm_campaign, null = absent'),
			utm_source: z.string().nullable().describe('utm_source, e.g. "outreach", null = absent'),
			utm_medium: z.string().nullable().describe('utm_medium, null = absent'),
			utm_content: z.string().nullable().describe('utm_content, null = absent'),
			utm_term: z.string().nullable().describe('utm_term, null = absent'),
			salesforce_uuid: z.string().nullable().describe('Salesforce record id passed in the link, null = absent')
		})
		.describe('UTM parameters of the booking link; all null when none'),
	text_reminder_number: z.string().nullable().describe('phone for SMS reminders'),
	rescheduled: z.boolean().describe('true on the canceled invitee of a reschedule'),
	old_invitee: InviteeUri.nullable().describe('the invitee this one replaced (reschedule), else null'),
	new_invitee: InviteeUri.nullable().describe('the invitee that replaced this one, else null'),
	cancel_url: z.string().describe('"https://calendly.com/cancellations/{uuid}"'),
	reschedule_url: z.string().describe('"https://calendly.com/reschedulings/{uuid}"'),
	routing_form_submission: RoutingFormSubmissionUri.nullable().describe('submission that routed here, else null'),
	cancellation: Cancellation.nullable().describe('set when status is canceled'),
	payment: z.null().describe('payments are not modelled: always null'),
	no_show: z
		.strictObject({ uri: uriOf('invitee_no_shows'), created_at: ts('marked no-show') })
		.nullable()
		.describe('set when the host marked the invitee as a no-show'),
	reconfirmation: z.null().describe('reconfirmation is not modelled: always null'),
	created_at: ts('booked'),
	updated_at: ts('last updated')
});
export type Invitee = z.infer<typeof Invitee>;

/** A routing form (questions → event type / message / URL). */
export const RoutingForm = z.strictObject({
	uri: RoutingFormUri,
	organization: OrganizationUri,
	name: z.string().describe('form name'),
	status: z.enum(ROUTING_FORM_STATUSES).describe('draft or published'),
	questions: z
		.array(
			z.strictObject({
				uuid: z
					.string()
					.regex(new RegExp(`^${UUID_RE}$`))
					.describe('question id'),
				name: z.string().describe('question text'),
				type: z.enum(ROUTING_QUESTION_TYPES).describe('answer kind'),
				required: z.boolean().describe('true when an answer is required'),
				answer_choices: z.array(z.string()).describe('choices for select/radios, [] otherwise')
			})
		)
		.describe('questions in order'),
	created_at: ts('created'),
	updated_at: ts('last updated')
});
export type RoutingForm = z.infer<typeof RoutingForm>;

/** One submission of a routing form. */
export const RoutingFormSubmission = z.strictObject({
	uri: RoutingFormSubmissionUri,
	routing_form: RoutingFormUri,
	questions_and_answers: z
		.array(
			z.strictObject({
				question_uuid: z.string().describe('routing form question uuid'),
				question: z.string().describe('question text'),
				answer: z.string().describe('answer text')
			})
		)
		.describe('answers in question order'),
	tracking: z
		.strictObject({
			utm_campaign: z.string().nullable().describe('utm_campaign, null = absent'),
			utm_source: z.string().nullable().describe('utm_source, e.g. "outreach", null = absent'),
			utm_medium: z.string().nullable().describe('utm_medium, null = absent'),
			utm_content: z.string().nullable().describe('utm_content, null = absent'),
			utm_term: z.string().nullable().describe('utm_term, null = absent'),
			salesforce_uuid: z.string().nullable().describe('Salesforce record id passed in the link, null = absent')
		})
		.describe('UTM parameters'),
	result: z
		.strictObject({
			type: z.enum(ROUTING_RESULT_TYPES).describe('event_type, custom_message or external_url'),
			value: z.string().describe('event type URI, message text or URL')
		})
		.describe('where the submitter was routed'),
	submitter: InviteeUri.nullable().describe('the invitee who then booked, null when they did not'),
	submitter_type: z.literal('Invitee').nullable().describe('"Invitee" when submitter is set, else null'),
	created_at: ts('submitted'),
	updated_at: ts('last updated')
});
export type RoutingFormSubmission = z.infer<typeof RoutingFormSubmission>;

// ---------------------------------------------------------------------------------------------- API

/** Path prefix of the Calendly gym API on the page origin; stands for {@link CALENDLY_API}. */
export const CALENDLY_API_BASE = '/api/calendly';

/** Calendly's error body (its API spec's error responses), e.g. 404 `{title: "Resource Not Found", message: "The server could not find the requested resource.", details: []}`. */
export const ErrorBody = z.strictObject({
	title: z.string().min(1).describe('error title, e.g. "Invalid Argument", "Resource Not Found", "Already Exists"'),
	message: z.string().min(1).describe('human explanation, e.g. "The supplied parameters are invalid."'),
	details: z
		.array(z.strictObject({ parameter: z.string().describe('the request parameter at fault'), message: z.string().describe('what is wrong with it') }))
		.optional()
		.describe('per-parameter details (400), [] or absent otherwise')
});
export type ErrorBody = z.infer<typeof ErrorBody>;

// ---------------------------------------------------------------------------------------------- gym-only tables

/** Webhook events a subscription may ask for (Calendly "Create Webhook Subscription"). */
export const WEBHOOK_EVENTS = [
	'invitee.created',
	'invitee.canceled',
	'invitee_no_show.created',
	'invitee_no_show.deleted',
	'routing_form_submission.created',
	'event_type.created',
	'event_type.updated',
	'event_type.deleted'
] as const;
/** Webhook subscription scopes (`group` exists in newer versions of the API). */
export const WEBHOOK_SCOPES = ['user', 'organization', 'group'] as const;
/** Round-robin distribution settings of the Calendly web app ("Optimize for availability" / "for equal distribution"). */
export const ROUND_ROBIN_STRATEGIES = ['availability', 'equal_distribution'] as const;

/** An event type's "Location" as the Calendly web app's editor sets it: a kind and, for in-person / phone / custom kinds, its details. */
export const EventLocation = z.strictObject({
	kind: z.enum(LOCATION_TYPES).describe('location kind, e.g. "zoom_conference", "physical", "outbound_call"'),
	location: z
		.string()
		.max(255)
		.nullable()
		.describe('address (physical), phone number (inbound_call) or text (custom); null for conference kinds and when the invitee gives it')
});
export type EventLocation = z.infer<typeof EventLocation>;

/**
 * The booking limits of an event type, as the Calendly web app's event type editor sets them ("Availability" and
 * "Limits" sections: date range, minimum notice, buffers, daily limit, start time increments). API v2 does not
 * expose them; the gym keeps one row per event type, keyed by the event type's URI.
 */
export const EventTypeSettings = z.strictObject({
	uri: EventTypeUri.describe('the event type this row configures (its URI)'),
	availability_schedule: uriOf('user_availability_schedules')
		.nullable()
		.describe('schedule used for a one-host event type; null = each host’s default schedule (pooled types always use each host’s default)'),
	start_increment: z.number().int().min(5).max(720).describe('"Start time increments": minutes between offered start times'),
	buffer_before: z.number().int().min(0).max(240).describe('"Before event" buffer, minutes that must be free before the start'),
	buffer_after: z.number().int().min(0).max(240).describe('"After event" buffer, minutes that must be free after the end'),
	minimum_notice: z.number().int().min(0).describe('"Minimum notice": minutes between now and the earliest offered start'),
	max_events_per_day: z.number().int().positive().nullable().describe('"Limit number of events per day" per host (in the host’s zone); null = no limit'),
	period_days: z.number().int().positive().nullable().describe('"Date range": invitees may book this many days into the future (rolling); null = indefinitely'),
	group_limit: z.number().int().positive().describe('"Max invitees in a spot" for a Group event type; 1 for other kinds'),
	round_robin_strategy: z
		.enum(ROUND_ROBIN_STRATEGIES)
		.describe(
			'round robin distribution ("availability" = priority, then least recently booked; "equal_distribution" = fewest meetings of this type, then priority); other kinds: "availability"'
		),
	hosts_changed_at: IsoMicros.nullable()
		.optional()
		.describe('when a host was last added or removed (equal distribution counts meetings booked since then); absent or null = never'),
	location: EventLocation.nullable()
		.optional()
		.describe('"Location" set in the editor: where new bookings happen; absent or null = the kind of the type’s latest meeting (Zoom when none)'),
	created_at: ts('created'),
	updated_at: ts('last updated')
});
export type EventTypeSettings = z.infer<typeof EventTypeSettings>;

/** A single-use scheduling link (`POST /scheduling_links`), stored with who used it. */
export const SchedulingLink = z.strictObject({
	uri: uriOf('scheduling_links').describe('gym key of the link (the API answers only booking_url, owner, owner_type)'),
	booking_url: z.string().describe('"https://calendly.com/d/{code}/{event type slug}"'),
	owner: EventTypeUri.describe('the event type the link books'),
	owner_type: z.literal('EventType').describe('always "EventType"'),
	max_event_count: z.literal(1).describe('bookings allowed through the link (Calendly allows 1)'),
	used_by: InviteeUri.nullable().describe('the invitee who booked through it; null = unused'),
	created_at: ts('created')
});
export type SchedulingLink = z.infer<typeof SchedulingLink>;

/** A webhook subscription (stored; deliveries are not made offline). */
export const WebhookSubscription = z.strictObject({
	uri: uriOf('webhook_subscriptions'),
	callback_url: z.string().describe('the URL Calendly would POST to (the create body calls it `url`)'),
	created_at: ts('created'),
	updated_at: ts('last updated'),
	retry_started_at: IsoMicros.nullable().describe('when delivery retries began; null = none'),
	state: z.enum(['active', 'disabled']).describe('active or disabled'),
	events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).describe('subscribed events'),
	scope: z.enum(WEBHOOK_SCOPES).describe('user, organization or group'),
	organization: OrganizationUri,
	user: UserUri.nullable().describe('the user of a user-scoped subscription, else null'),
	group: z.null().describe('groups are not modelled: always null'),
	creator: UserUri.describe('the user who created it')
});
export type WebhookSubscription = z.infer<typeof WebhookSubscription>;

/** Why a round-robin booking went to its host (one row per round-robin scheduled event booked in the run). */
export const BookingDecision = z.strictObject({
	uri: ScheduledEventUri.describe('the scheduled event the decision was made for'),
	event_type: EventTypeUri,
	host: UserUri.describe('the host chosen'),
	reason: z
		.enum(['only_free_host', 'priority', 'least_recently_booked', 'fewest_meetings', 'tie_break'])
		.describe('the rule that decided (fewest_meetings: "Optimize for equal distribution")'),
	candidates: z
		.array(
			z.strictObject({
				user: UserUri,
				priority: z.number().int().min(0).max(4).describe('priority stars'),
				last_booked_at: IsoMicros.nullable().describe('start of the host’s most recent booking of this event type, null = never'),
				tie_break: z.number().int().nonnegative().describe('seeded tie-break value (smaller wins)'),
				meetings: z
					.number()
					.int()
					.nonnegative()
					.optional()
					.describe('equal distribution only: the host’s active meetings of this event type booked since the hosts last changed')
			})
		)
		.min(1)
		.describe('the free hosts compared, in the order they ranked'),
	created_at: ts('decided')
});
export type BookingDecision = z.infer<typeof BookingDecision>;

// ---------------------------------------------------------------------------------------------- answers and bodies

/** Calendly's paging block (`pagination`), null tokens and pages on the last/first page. */
export const Pagination = z.strictObject({
	count: z.number().int().nonnegative().describe('items in this page'),
	next_page: z.string().nullable().describe('URL of the next page, null on the last'),
	previous_page: z.string().nullable().describe('URL of the previous page, null on the first'),
	next_page_token: z.string().nullable().describe('token of the next page, null on the last'),
	previous_page_token: z.string().nullable().describe('token of the previous page, null on the first')
});
export type Pagination = z.infer<typeof Pagination>;

/** `{resource: T}`: the answer of a single-resource call. */
export const resourceOf = <T extends z.ZodType>(item: T) => z.strictObject({ resource: item });
/** `{collection: T[], pagination}`: the answer of a paged list. */
export const collectionOf = <T extends z.ZodType>(item: T) => z.strictObject({ collection: z.array(item), pagination: Pagination });

/** A membership as served: the user object embedded (without `current_organization`, as the spec's embedded user). */
export const OrganizationMembershipOut = OrganizationMembership.extend({
	user: User.omit({ current_organization: true }).describe(
		'the member user, embedded as Calendly’s List Organization Memberships answer embeds it (no current_organization)'
	)
});
/** An invitee no-show (`/invitee_no_shows`). */
export const InviteeNoShow = z.strictObject({ uri: uriOf('invitee_no_shows'), invitee: InviteeUri, created_at: ts('marked') });
/** One available start time (`GET /event_type_available_times`). */
export const AvailableTime = z.strictObject({
	status: z.literal('available').describe('always "available"'),
	invitees_remaining: z.number().int().nonnegative().describe('seats left at that time (1 for one-on-one)'),
	start_time: ts('slot start'),
	scheduling_url: z.string().describe('booking page URL of that slot')
});
/** One busy interval (`GET /user_busy_times`). */
export const BusyTime = z.strictObject({
	type: z.enum(['calendly', 'external']).describe('calendly = a Calendly meeting'),
	start_time: ts('start'),
	end_time: ts('end'),
	buffered_start_time: ts('start minus the event type’s before buffer'),
	buffered_end_time: ts('end plus the event type’s after buffer'),
	event: z.strictObject({ uri: ScheduledEventUri }).describe('the Calendly meeting')
});
/** The single-use link answer of `POST /scheduling_links`. */
export const SchedulingLinkOut = SchedulingLink.pick({ booking_url: true, owner: true, owner_type: true });
/**
 * A single-use link as the booking page checks it on open (`GET /booking/scheduling_links?booking_url=`, the web
 * app's own call): the API's link fields and whether it was already used (Calendly then shows the link as not valid).
 */
export const BookingLinkOut = SchedulingLinkOut.extend({ used: z.boolean().describe('true once somebody booked through the link') });
/** A cancellation as `POST /scheduled_events/{uuid}/cancellation` answers it. */
export const CancellationOut = Cancellation;

/** `POST /scheduled_events/{uuid}/cancellation` body. */
export const CancelBody = z.strictObject({ reason: z.string().max(10000).optional().describe('free-text reason shared with the invitees') });
/** `POST /invitee_no_shows` body. */
export const NoShowBody = z.strictObject({ invitee: InviteeUri.describe('the invitee to mark') });
/** `POST /scheduling_links` body. */
export const SchedulingLinkBody = z.strictObject({
	max_event_count: z.literal(1).describe('Calendly allows 1'),
	owner: EventTypeUri,
	owner_type: z.literal('EventType').describe('type of the resource that owns the link: always "EventType" in Calendly API v2')
});
/** `POST /webhook_subscriptions` body. */
export const WebhookBody = z.strictObject({
	url: z.url({ protocol: /^https$/ }).describe('callback URL (https)'),
	events: z
		.array(z.enum(WEBHOOK_EVENTS))
		.min(1)
		.describe('events to subscribe to, at least one, e.g. "invitee.created" (routing_form_submission.created needs scope "organization")'),
	organization: OrganizationUri,
	user: UserUri.optional().describe('required for scope "user"'),
	group: z.string().optional().describe('required for scope "group" (groups are not modelled: refused)'),
	scope: z
		.enum(WEBHOOK_SCOPES)
		.describe('"organization" = events of the whole organization, "user" = events of `user` only; "group" is refused (groups are not modelled)'),
	signing_key: z.string().optional().describe('write-only signing key')
});

const InviteeIn = z
	.strictObject({
		name: z.string().min(1).optional().describe('full name (or first_name)'),
		first_name: z.string().min(1).optional().describe('first name, for event types that ask for first and last name separately; required when name is absent'),
		last_name: z.string().optional().describe('last name, sent with first_name'),
		email: z.email().describe('invitee email'),
		timezone: IanaZone.describe('the invitee’s IANA zone'),
		text_reminder_number: z.string().optional().describe('phone number for text (SMS) reminders, e.g. "+1 404-555-1234"')
	})
	.refine((i) => i.name !== undefined || i.first_name !== undefined, { message: 'name or first_name is required', path: ['name'] });

/** `POST /invitees` body (Calendly "Create Event Invitee", Scheduling API). */
export const InviteeBody = z.strictObject({
	event_type: EventTypeUri,
	start_time: z
		.string()
		.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/, 'UTC ISO-8601')
		.describe('slot start, UTC'),
	invitee: InviteeIn.describe('the person booking: name or first_name, email, IANA zone, optional SMS number'),
	location: z
		.strictObject({
			kind: z.enum(LOCATION_TYPES).describe('location kind, e.g. "zoom_conference" or "physical"'),
			location: z.string().optional().describe('address or phone number for physical/call kinds; ignored for conference kinds')
		})
		.optional()
		.describe('`{kind, location}`'),
	questions_and_answers: z
		.array(
			z.strictObject({
				question: z.string().describe('question text, exactly as the event type’s booking form asks it'),
				answer: z.string().describe('answer text; for a single_select question one of its choices unless "Other" is offered'),
				position: z.number().int().nonnegative().describe('0-based question order (the stored answer takes the event type’s own position)')
			})
		)
		.optional()
		.describe('answers; `question` is the exact question text'),
	tracking: z
		.strictObject({
			utm_campaign: z.string().nullable().describe('UTM campaign parameter, null = absent'),
			utm_source: z.string().nullable().describe('UTM source parameter (where the traffic comes from), e.g. "outreach", null = absent'),
			utm_medium: z.string().nullable().describe('UTM medium parameter (kind of channel, e.g. "email"), null = absent'),
			utm_content: z.string().nullable().describe('UTM content parameter, null = absent'),
			utm_term: z.string().nullable().describe('UTM term parameter (keywords), null = absent'),
			salesforce_uuid: z.string().nullable().describe('Salesforce record id to associate the booking with, null = absent')
		})
		.optional()
		.describe('all six keys when sent'),
	event_guests: z.array(z.email()).max(10).optional().describe('at most 10 guest emails')
});
export type InviteeBody = z.infer<typeof InviteeBody>;

/**
 * The booking page's own booking call (`POST /booking/invitees`, the Calendly web app's, not API v2): the API body
 * plus the single-use link the page was opened from, or the invitee being rescheduled.
 */
export const BookingBody = InviteeBody.extend({
	scheduling_link: z.string().optional().describe('booking_url of the single-use link the page was opened from'),
	reschedule: InviteeUri.optional().describe('the invitee whose meeting moves to `start_time` (reschedule)'),
	reason: z.string().optional().describe('reschedule reason'),
	rescheduled_by: z.enum(['host', 'invitee']).optional().describe('who moves the meeting: the invitee (default) or the host on their behalf')
});
export type BookingBody = z.infer<typeof BookingBody>;
/** The booking page's invitee cancellation (`POST /booking/cancellations`, reached from the invitee's cancel link). */
export const InviteeCancelBody = z.strictObject({
	invitee: InviteeUri,
	reason: z.string().optional().describe('free-text reason the invitee gives on the web app’s cancel page; stored as the cancellation reason')
});
/** Web-app edits of an event type's settings (`PATCH /event_types/{uuid}/settings`): any subset of the settings. */
export const SettingsPatchBody = EventTypeSettings.omit({ uri: true, created_at: true, updated_at: true, hosts_changed_at: true }).partial().strict();
/** Web-app edits of an event type (`PATCH /event_types/{uuid}`): on/off, secret, name, duration, description, note, questions. */
export const EventTypePatchBody = z.strictObject({
	name: z.string().min(1).max(55).optional().describe('new event type name set in the web app’s editor, 1–55 characters, e.g. "30 Minute Meeting"'),
	active: z.boolean().optional().describe('web app on/off toggle: false turns the event type off (its booking link stops working), true turns it back on'),
	secret: z.boolean().optional().describe('web app secret setting: true hides the event type from the booking page (reachable by link only), false lists it'),
	duration: z.number().int().min(1).max(720).optional().describe('new length in minutes set in the web app, 1–720'),
	description_plain: z.string().nullable().optional().describe('description shown to invitees, plain text, as edited in the web app; null clears it'),
	internal_note: z.string().nullable().optional().describe('internal note visible to hosts only, as edited in the web app; null clears it'),
	custom_questions: z
		.array(CustomQuestion)
		.optional()
		.describe('booking form questions as edited in the web app, replaced whole; positions must be 0, 1, 2… in order'),
	hosts: z
		.array(
			z.strictObject({
				user: UserUri.describe('a user of the organization who hosts the event type'),
				priority: z.number().int().min(0).max(4).describe('round robin priority (0 lowest … 2 medium … 4 highest)')
			})
		)
		.optional()
		.describe('hosts of a Round Robin or Collective event type and their priorities, replaced whole (the editor’s "Hosts" section); at least one')
});
/** Availability edits (`PATCH /user_availability_schedules/{uuid}`, the web app's Availability page): rules replaced whole. */
export const SchedulePatchBody = z.strictObject({
	rules: z
		.array(AvailabilityRule)
		.optional()
		.describe('weekly rules and date overrides from the web app’s Availability page, replacing the schedule’s rules whole (one rule per weekday or date)'),
	timezone: IanaZone.optional(),
	name: z.string().min(1).optional().describe('new schedule name set in the web app, e.g. "Working hours"')
});

/**
 * The zones the booking page's "Time zone" selector lists, besides the browser's own (Calendly's invitee page offers
 * a searchable zone list; the replica lists the team's and the seed world's zones). Templates use it to pick invitees
 * whose zone the page can show.
 */
export const BOOKING_PAGE_ZONES: readonly string[] = [
	'America/New_York',
	'America/Chicago',
	'America/Denver',
	'America/Los_Angeles',
	'Europe/London',
	'Europe/Paris',
	'Europe/Berlin',
	'Asia/Tokyo',
	'UTC'
];
