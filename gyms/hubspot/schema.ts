/**
 * HubSpot gym schemas: stored records, seed file, and API request bodies.
 *
 * Facts follow `shared/platforms.md` §2 (HubSpot CRM v3): every property value is a string,
 * timestamps are UTC ISO-8601 with milliseconds, ids are numeric strings.
 */
import { z } from 'zod';

/** `lifecyclestage` options in HubSpot's default order (platforms.md §2.1). */
export const LIFECYCLE_STAGES = [
	'subscriber',
	'lead',
	'marketingqualifiedlead',
	'salesqualifiedlead',
	'opportunity',
	'customer',
	'evangelist',
	'other'
] as const;
export type LifecycleStage = (typeof LIFECYCLE_STAGES)[number];

/** UI labels HubSpot shows for each `lifecyclestage` value. */
export const LIFECYCLE_STAGE_LABELS: Record<LifecycleStage, string> = {
	subscriber: 'Subscriber',
	lead: 'Lead',
	marketingqualifiedlead: 'Marketing Qualified Lead',
	salesqualifiedlead: 'Sales Qualified Lead',
	opportunity: 'Opportunity',
	customer: 'Customer',
	evangelist: 'Evangelist',
	other: 'Other'
};

/** `hs_lead_status` options (platforms.md §2.1). */
export const LEAD_STATUSES = [
	'NEW',
	'OPEN',
	'IN_PROGRESS',
	'OPEN_DEAL',
	'UNQUALIFIED',
	'ATTEMPTED_TO_CONTACT',
	'CONNECTED',
	'BAD_TIMING'
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** UI labels HubSpot shows for each `hs_lead_status` value. */
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
	NEW: 'New',
	OPEN: 'Open',
	IN_PROGRESS: 'In Progress',
	OPEN_DEAL: 'Open Deal',
	UNQUALIFIED: 'Unqualified',
	ATTEMPTED_TO_CONTACT: 'Attempted to Contact',
	CONNECTED: 'Connected',
	BAD_TIMING: 'Bad Timing'
};

/** `hs_analytics_source` options (platforms.md §2.1). */
export const ANALYTICS_SOURCES = [
	'ORGANIC_SEARCH',
	'PAID_SEARCH',
	'EMAIL_MARKETING',
	'SOCIAL_MEDIA',
	'REFERRALS',
	'OTHER_CAMPAIGNS',
	'DIRECT_TRAFFIC',
	'OFFLINE',
	'PAID_SOCIAL'
] as const;

/** A HubSpot numeric-string id, e.g. `"101"`. */
export const HubSpotId = z
	.string()
	.regex(/^[1-9][0-9]{0,17}$/, 'a HubSpot id is a numeric string')
	.describe('numeric string id, as HubSpot sends it (never a JS number)');

/** UTC ISO-8601 timestamp with milliseconds, e.g. `2026-03-02T09:00:00.000Z`. */
export const IsoTimestamp = z
	.string()
	.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, 'UTC ISO-8601 with milliseconds')
	.describe('UTC ISO-8601 timestamp with milliseconds');

/**
 * Contact properties a client may write. Values are strings as on the wire; `""` clears a property.
 * Read-only properties (`createdate`, `lastmodifieddate`, `hs_object_id`) are set by the gym.
 */
export const WRITABLE_CONTACT_PROPERTIES = [
	'email',
	'firstname',
	'lastname',
	'jobtitle',
	'phone',
	'company',
	'website',
	'city',
	'country',
	'hubspot_owner_id',
	'lifecyclestage',
	'hs_lead_status',
	'hs_analytics_source',
	'hs_email_optout',
	'linkedin_url',
	'notes_last_contacted'
] as const;
export type WritableContactProperty = (typeof WRITABLE_CONTACT_PROPERTIES)[number];

/** Properties the gym computes; a client that writes one gets HubSpot's READ_ONLY_VALUE error. */
export const READ_ONLY_CONTACT_PROPERTIES = ['createdate', 'lastmodifieddate', 'hs_object_id'] as const;

/** Properties returned by GET when the client names none (HubSpot's default contact set). */
export const DEFAULT_CONTACT_PROPERTIES = [
	'createdate',
	'email',
	'firstname',
	'hs_object_id',
	'lastmodifieddate',
	'lastname'
] as const;

/** A stored contact's property map: every value a string (platforms.md §2 "all property values are strings"). */
export const ContactProperties = z
	.record(z.string(), z.string())
	.describe('property name → string value; absent = never set');
export type ContactProperties = z.infer<typeof ContactProperties>;

/** A stored contact (the object's wire shape without `associations`). */
export const Contact = z.strictObject({
	id: HubSpotId,
	properties: ContactProperties,
	createdAt: IsoTimestamp,
	updatedAt: IsoTimestamp,
	archived: z.boolean().describe('true once deleted (recycle bin)')
});
export type Contact = z.infer<typeof Contact>;

/** A stored company (read-only in this slice). */
export const Company = z.strictObject({
	id: HubSpotId,
	properties: z.record(z.string(), z.string()).describe('name, domain, industry, numberofemployees, city, country …'),
	createdAt: IsoTimestamp,
	updatedAt: IsoTimestamp,
	archived: z.boolean()
});
export type Company = z.infer<typeof Company>;

/** A HubSpot owner (a user who can own records), shape of `GET /crm/v3/owners`. */
export const Owner = z.strictObject({
	id: HubSpotId,
	email: z.email().describe('the user’s login email; join key to Outreach users and Calendly hosts'),
	firstName: z.string(),
	lastName: z.string(),
	userId: z.number().int().describe('HubSpot user id (an integer, unlike owner ids)'),
	teams: z.array(z.strictObject({ id: z.string(), name: z.string(), primary: z.boolean() })),
	createdAt: IsoTimestamp,
	updatedAt: IsoTimestamp,
	archived: z.boolean()
});
export type Owner = z.infer<typeof Owner>;

/** The HubSpot gym's state: one array per table, rows in id order. This is also its export shape. */
export const HubSpotState = z.strictObject({
	contacts: z.array(Contact),
	companies: z.array(Company),
	owners: z.array(Owner)
});
export type HubSpotState = z.infer<typeof HubSpotState>;

/**
 * A blueprint fixture for HubSpot: records added (or replaced by id) on top of the base seed.
 * Same row shapes as the seed; validated the same way.
 */
export const HubSpotFixture = z.strictObject({
	contacts: z.array(Contact).optional(),
	companies: z.array(Company).optional(),
	owners: z.array(Owner).optional()
});
export type HubSpotFixture = z.infer<typeof HubSpotFixture>;

// ---- API bodies (zod strict: a misspelled key is a 400, never silently dropped) ----

/** Body of `POST /crm/v3/objects/contacts`. Values may be strings, numbers or booleans; stored as strings. */
export const CreateContactBody = z.strictObject({
	properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
	associations: z.array(z.unknown()).max(0, 'associations are not supported by this gym yet').optional()
});
export type CreateContactBody = z.infer<typeof CreateContactBody>;

/** Body of `PATCH /crm/v3/objects/contacts/{id}`. */
export const UpdateContactBody = z.strictObject({
	properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
});
export type UpdateContactBody = z.infer<typeof UpdateContactBody>;

/**
 * Body of `POST /crm/v3/objects/contacts/search` (subset: free-text `query`, paging, properties, sorts).
 * `query` matches HubSpot's default searchable contact properties (name, email, phone, company).
 */
export const SearchBody = z.strictObject({
	query: z.string().max(3000).optional(),
	limit: z.number().int().min(1).max(200).optional().describe('page size, default 10, max 200'),
	after: z.union([z.string(), z.number()]).optional().describe('paging cursor from paging.next.after'),
	properties: z.array(z.string()).optional(),
	sorts: z
		.array(
			z.union([
				z.string(),
				z.strictObject({ propertyName: z.string(), direction: z.enum(['ASCENDING', 'DESCENDING']) })
			])
		)
		.max(1)
		.optional()
});
export type SearchBody = z.infer<typeof SearchBody>;

/** The committed base seed of the HubSpot gym (`seeds/base/hubspot.json`). */
export const HubSpotSeed = z.strictObject({
	$schema: z.string().optional(),
	seed: z.number().int().nonnegative().describe('seed number this file was generated for'),
	epoch: IsoTimestamp.describe('the world’s "now": seed timestamps are at or before it'),
	next_ids: z
		.strictObject({ contacts: z.number().int().positive(), companies: z.number().int().positive() })
		.describe('next id to hand out per object type'),
	state: HubSpotState
});
export type HubSpotSeed = z.infer<typeof HubSpotSeed>;
