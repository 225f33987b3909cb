/**
 * The HubSpot gym's API contract, shared by the handlers (`api/*.ts`, in the Service Worker) and the UI client
 * (`src/lib/hubspot/*.ts`, in the page). Page-safe: it imports zod and nothing else (no Dexie, no SW), and
 * `npm run lint` keeps page code from importing any other gym module.
 *
 * It holds:
 * - the vendor constants: object types and their ids, enumeration options with HubSpot's UI labels, the
 *   default pipeline's stages, HUBSPOT_DEFINED association type ids, search operators and limits, paths;
 * - the record schemas (the stored rows, which are also the seed contract) and the wire shapes of answers;
 * - the request bodies, parsed strictly by the handlers (an unknown key is a 400 VALIDATION_ERROR).
 *
 * Facts follow HubSpot's CRM v3/v4 API reference ("CRM API | Contacts", "Search the CRM", "Associations v4",
 * "Lists v3", "Forms v3", "Sequences v4"): every property value is a string, timestamps are UTC ISO-8601 with
 * milliseconds, record ids are numeric strings.
 */
import { z } from 'zod';

// ---- paths and limits ----

/** Path prefix of the HubSpot gym API on the page origin; the vendor path follows (`/crm/v3/...`). */
export const HUBSPOT_API_BASE = '/api/hubspot';

/** Page sizes of `GET /crm/v3/objects/{type}` (HubSpot: default 10, max 100). */
export const LIST_LIMIT = { default: 10, max: 100 } as const;
/** Page sizes of `POST /crm/v3/objects/{type}/search` (HubSpot: default 10, max 200). */
export const SEARCH_LIMIT = { default: 10, max: 200 } as const;
/** HubSpot's search limits: ≤5 filter groups, ≤6 filters per group, ≤18 filters in all, 10,000 results reachable by paging. */
export const SEARCH_LIMITS = { groups: 5, filtersPerGroup: 6, filters: 18, reachable: 10_000 } as const;
/** Most filters a saved view may hold in all (the search limit, since a view is a search body). */
export const MAX_TOTAL_FILTERS = SEARCH_LIMITS.filters;
/** HubSpot's batch limit: at most 100 inputs per `batch/{read|create|update|upsert|archive}` request. */
export const BATCH_MAX = 100;
/** Input limit of `POST /crm/v4/associations/{from}/{to}/batch/read` (1,000, after HubSpot's v4 batch limits). */
export const BATCH_READ_ASSOCIATIONS_LIMIT = 1_000;
/** The portal (account) id used in form-submission URLs (`/submissions/v3/integration/submit/{portalId}/{formGuid}`). */
export const HUBSPOT_PORTAL_ID = '4620791';
/** Vendor path of the sales email templates (the dated path itself is unconfirmed). */
export const TEMPLATES_PATH = '/automation/email-templates/2026-03';

// ---- object types ----

/** CRM object types of the gym (v3 path names). */
export const OBJECT_TYPES = ['contacts', 'companies', 'deals', 'tasks', 'notes', 'emails', 'calls', 'meetings'] as const;
/** One of {@link OBJECT_TYPES}. */
export type ObjectType = (typeof OBJECT_TYPES)[number];
/** Engagement (activity) types: they need `hs_timestamp`. */
export const ENGAGEMENT_TYPES: readonly ObjectType[] = ['tasks', 'notes', 'emails', 'calls', 'meetings'];

/** HubSpot object type ids (contacts 0-1, companies 0-2, deals 0-3; engagements: notes 0-46, tasks 0-27, emails 0-49, calls 0-48, meetings 0-47). */
export const OBJECT_TYPE_IDS: Record<ObjectType, string> = {
	contacts: '0-1',
	companies: '0-2',
	deals: '0-3',
	notes: '0-46',
	tasks: '0-27',
	emails: '0-49',
	calls: '0-48',
	meetings: '0-47'
};

/** Singular names, as HubSpot uses them in association type names (`contact_to_company`) and batch errors. */
export const SINGULAR: Record<ObjectType, string> = {
	contacts: 'contact',
	companies: 'company',
	deals: 'deal',
	tasks: 'task',
	notes: 'note',
	emails: 'email',
	calls: 'call',
	meetings: 'meeting'
};

// ---- enumeration options ----

/** `lifecyclestage` options in HubSpot's default order. */
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

/** `hs_lead_status` options. */
export const LEAD_STATUSES = ['NEW', 'OPEN', 'IN_PROGRESS', 'OPEN_DEAL', 'UNQUALIFIED', 'ATTEMPTED_TO_CONTACT', 'CONNECTED', 'BAD_TIMING'] as const;
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

/** `hs_analytics_source` options. */
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

/** UI labels HubSpot shows for each `hs_analytics_source` value ("Original Traffic Source"). */
export const ANALYTICS_SOURCE_LABELS: Record<(typeof ANALYTICS_SOURCES)[number], string> = {
	ORGANIC_SEARCH: 'Organic Search',
	PAID_SEARCH: 'Paid Search',
	EMAIL_MARKETING: 'Email Marketing',
	SOCIAL_MEDIA: 'Organic Social',
	REFERRALS: 'Referrals',
	OTHER_CAMPAIGNS: 'Other Campaigns',
	DIRECT_TRAFFIC: 'Direct Traffic',
	OFFLINE: 'Offline Sources',
	PAID_SOCIAL: 'Paid Social'
};

/** `type` options of a company. */
export const COMPANY_TYPES = ['PROSPECT', 'PARTNER', 'RESELLER', 'VENDOR', 'OTHER'] as const;
/** UI labels HubSpot shows for each company `type` value. */
export const COMPANY_TYPE_LABELS: Record<(typeof COMPANY_TYPES)[number], string> = {
	PROSPECT: 'Prospect',
	PARTNER: 'Partner',
	RESELLER: 'Reseller',
	VENDOR: 'Vendor',
	OTHER: 'Other'
};

/** Industry option values (HubSpot's `industry` enumeration; the seed's values are among them). */
export const INDUSTRIES: readonly (readonly [string, string])[] = [
	['ACCOUNTING', 'Accounting'],
	['AUTOMOTIVE', 'Automotive'],
	['BANKING', 'Banking'],
	['BIOTECHNOLOGY', 'Biotechnology'],
	['COMPUTER_HARDWARE', 'Computer Hardware'],
	['COMPUTER_NETWORK_SECURITY', 'Computer & Network Security'],
	['COMPUTER_SOFTWARE', 'Computer Software'],
	['CONSTRUCTION', 'Construction'],
	['CONSUMER_GOODS', 'Consumer Goods'],
	['E_LEARNING', 'E-Learning'],
	['EDUCATION_MANAGEMENT', 'Education Management'],
	['FINANCIAL_SERVICES', 'Financial Services'],
	['FOOD_BEVERAGES', 'Food & Beverages'],
	['GOVERNMENT_ADMINISTRATION', 'Government Administration'],
	['HIGHER_EDUCATION', 'Higher Education'],
	['HOSPITAL_HEALTH_CARE', 'Hospital & Health Care'],
	['INDUSTRIAL_AUTOMATION', 'Industrial Automation'],
	['INFORMATION_TECHNOLOGY_AND_SERVICES', 'Information Technology and Services'],
	['INSURANCE', 'Insurance'],
	['INTERNET', 'Internet'],
	['LEGAL_SERVICES', 'Legal Services'],
	['LOGISTICS_AND_SUPPLY_CHAIN', 'Logistics and Supply Chain'],
	['MACHINERY', 'Machinery'],
	['MANAGEMENT_CONSULTING', 'Management Consulting'],
	['MARKETING_AND_ADVERTISING', 'Marketing and Advertising'],
	['MEDICAL_DEVICES', 'Medical Devices'],
	['NONPROFIT_ORGANIZATION_MANAGEMENT', 'Nonprofit Organization Management'],
	['OIL_ENERGY', 'Oil & Energy'],
	['PHARMACEUTICALS', 'Pharmaceuticals'],
	['REAL_ESTATE', 'Real Estate'],
	['RETAIL', 'Retail'],
	['STAFFING_AND_RECRUITING', 'Staffing and Recruiting'],
	['TELECOMMUNICATIONS', 'Telecommunications']
];

/** `dealtype` options with HubSpot's UI labels. */
export const DEAL_TYPE_OPTIONS = [
	{ value: 'newbusiness', label: 'New Business' },
	{ value: 'existingbusiness', label: 'Existing Business' }
] as const;

/** `hs_priority` options of a deal with HubSpot's UI labels. */
export const DEAL_PRIORITY_OPTIONS = [
	{ value: 'low', label: 'Low' },
	{ value: 'medium', label: 'Medium' },
	{ value: 'high', label: 'High' }
] as const;

/** The default deal pipeline's id and label. */
export const DEFAULT_PIPELINE = { id: 'default', label: 'Sales Pipeline' } as const;

/** Deal stages of the default pipeline `default` ("Sales Pipeline"), in order, with probability and closed flag. */
export const DEFAULT_PIPELINE_STAGES = [
	{ id: 'appointmentscheduled', label: 'Appointment Scheduled', probability: '0.2', isClosed: 'false' },
	{ id: 'qualifiedtobuy', label: 'Qualified To Buy', probability: '0.4', isClosed: 'false' },
	{ id: 'presentationscheduled', label: 'Presentation Scheduled', probability: '0.6', isClosed: 'false' },
	{ id: 'decisionmakerboughtin', label: 'Decision Maker Bought-In', probability: '0.8', isClosed: 'false' },
	{ id: 'contractsent', label: 'Contract Sent', probability: '0.9', isClosed: 'false' },
	{ id: 'closedwon', label: 'Closed Won', probability: '1.0', isClosed: 'true' },
	{ id: 'closedlost', label: 'Closed Lost', probability: '0.0', isClosed: 'true' }
] as const;
/** A stage id of the default pipeline, e.g. `appointmentscheduled`. */
export type DealStage = (typeof DEFAULT_PIPELINE_STAGES)[number]['id'];

/** `hs_task_status` options. */
export const TASK_STATUSES = ['NOT_STARTED', 'IN_PROGRESS', 'WAITING', 'COMPLETED', 'DEFERRED'] as const;
/** `hs_task_priority` options. */
export const TASK_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH'] as const;
/** `hs_task_type` options (LinkedIn task types exist in the UI only). */
export const TASK_TYPES = ['TODO', 'CALL', 'EMAIL'] as const;
/** `hs_email_direction` options. */
export const EMAIL_DIRECTIONS = ['EMAIL', 'INCOMING_EMAIL', 'FORWARDED_EMAIL'] as const;
/** `hs_email_status` options. */
export const EMAIL_STATUSES = ['BOUNCED', 'FAILED', 'SCHEDULED', 'SENDING', 'SENT'] as const;
/** `hs_meeting_outcome` options. */
export const MEETING_OUTCOMES = ['SCHEDULED', 'COMPLETED', 'RESCHEDULED', 'NO_SHOW', 'CANCELED'] as const;
/** Call outcomes (`hs_call_status`). */
export const CALL_STATUSES = ['COMPLETED', 'NO_ANSWER', 'BUSY', 'FAILED', 'CANCELED'] as const;
/** Call directions (`hs_call_direction`). */
export const CALL_DIRECTIONS = ['INBOUND', 'OUTBOUND'] as const;

/**
 * HubSpot's default call outcomes: the UI label, the `hs_call_disposition` GUID HubSpot ships for it, and the
 * `hs_call_status` the gym records with it.
 */
export const CALL_OUTCOMES = [
	{ label: 'Busy', disposition: '9d9162e7-6cf3-4944-bf63-4dff82258764', status: 'BUSY' },
	{ label: 'Connected', disposition: 'f240bbac-87c9-4f6e-bf70-924b57d47db7', status: 'COMPLETED' },
	{ label: 'Left live message', disposition: 'a4c4c377-d246-4b32-a13b-75a56a4cd0ff', status: 'COMPLETED' },
	{ label: 'Left voicemail', disposition: 'b2cf5968-551e-4856-9783-52b3da59a7d0', status: 'COMPLETED' },
	{ label: 'No answer', disposition: '73a0d17f-1163-4015-bdd5-ec830791da20', status: 'NO_ANSWER' },
	{ label: 'Wrong number', disposition: '17b47fee-58de-441e-a44c-c6300d46f273', status: 'COMPLETED' }
] as const;

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

// ---- associations ----

/** Object types an association may join (v4 names). */
export const ASSOCIATION_OBJECT_TYPES = ['contacts', 'companies', 'deals', 'tasks', 'notes', 'emails', 'meetings', 'calls'] as const;

/** Association categories: HUBSPOT_DEFINED for the standard types, USER_DEFINED for labels of the portal. */
export const ASSOCIATION_CATEGORIES = ['HUBSPOT_DEFINED', 'USER_DEFINED'] as const;

/**
 * HUBSPOT_DEFINED association type ids by `from→to` (HubSpot's "Associations v4" type id table). One stored row
 * per association in its canonical direction (the first of each pair); the reverse id is derived.
 */
export const ASSOCIATION_TYPE_IDS = {
	'contacts→companies': 279,
	'companies→contacts': 280,
	'deals→contacts': 3,
	'contacts→deals': 4,
	'deals→companies': 341,
	'companies→deals': 342,
	'notes→contacts': 202,
	'notes→companies': 190,
	'notes→deals': 214,
	'tasks→contacts': 204,
	'tasks→companies': 192,
	'tasks→deals': 216,
	'emails→contacts': 198,
	'emails→companies': 186,
	'emails→deals': 210,
	'meetings→contacts': 200,
	'meetings→companies': 188,
	'meetings→deals': 212,
	'calls→contacts': 194,
	'calls→companies': 182,
	'calls→deals': 206
} as const;

// ---- sales slice constants ----

/** `processingType` of a list (Lists v3): MANUAL = members added by hand; DYNAMIC = filter-based; SNAPSHOT = filter once, then manual. */
export const LIST_PROCESSING_TYPES = ['MANUAL', 'DYNAMIC', 'SNAPSHOT'] as const;
/** `fieldType` of a form field (Marketing Forms v3). */
export const FORM_FIELD_TYPES = ['email', 'single_line_text', 'phone', 'multi_line_text', 'dropdown'] as const;
/** `actionType` of a sequence step (HubSpot's v4 step model; values used by this gym). */
export const SEQUENCE_STEP_ACTIONS = ['SEND_TEMPLATE', 'CREATE_TASK'] as const;
/** Task step types: call, to-do, manual email, LinkedIn. */
export const SEQUENCE_TASK_TYPES = ['CALL', 'TODO', 'EMAIL', 'LINKED_IN'] as const;
/** Enrollment states (UI: Active, Paused, Finished, Unenrolled). Only ACTIVE and PAUSED count as "enrolled" (one sequence per contact at a time). */
export const ENROLLMENT_STATES = ['ACTIVE', 'PAUSED', 'FINISHED', 'UNENROLLED'] as const;
/** Why an enrollment ended: reply, meeting booked, bounce, unsubscribe, or a user unenrolled it. */
export const UNENROLL_REASONS = ['REPLIED', 'MEETING_BOOKED', 'BOUNCED', 'UNSUBSCRIBED', 'MANUAL'] as const;
/** Codes of the enrollment blocking reasons (`errors[0].code` of the 400 of `POST /automation/v4/sequences/enrollments`). */
export const ENROLL_BLOCK_CODES = [
	'SENDER_INBOX_NOT_CONNECTED',
	'SENDER_EMAIL_MISMATCH',
	'CONTACT_MISSING_EMAIL',
	'CONTACT_UNSUBSCRIBED',
	'CONTACT_BOUNCED',
	'CONTACT_ALREADY_ENROLLED'
] as const;
/** One of {@link ENROLL_BLOCK_CODES}. */
export type EnrollBlockCode = (typeof ENROLL_BLOCK_CODES)[number];
/** Object types that have index views (saved views). */
export const VIEW_OBJECT_TYPES = ['contacts', 'companies', 'deals'] as const;

// ---- search ----

/** The 13 operators of a search filter ("Search the CRM"). */
export const OPERATORS = [
	'EQ',
	'NEQ',
	'LT',
	'LTE',
	'GT',
	'GTE',
	'BETWEEN',
	'IN',
	'NOT_IN',
	'HAS_PROPERTY',
	'NOT_HAS_PROPERTY',
	'CONTAINS_TOKEN',
	'NOT_CONTAINS_TOKEN'
] as const;
/** One of {@link OPERATORS}. */
export type SearchOperator = (typeof OPERATORS)[number];
/** Sort directions of a search. */
export const SORT_DIRECTIONS = ['ASCENDING', 'DESCENDING'] as const;

// ---- primitives ----

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

const ts = (what: string) => IsoTimestamp.describe(`${what}: UTC ISO-8601 with milliseconds`);
const archivedFlag = z.boolean().describe('true once deleted (the recycle bin; HubSpot restores for 90 days)');
const id = (what: string) => HubSpotId.describe(`${what}: numeric string`);

// ---- records (stored rows: the seed contract; CRM objects are also their wire shape without `associations`) ----

/** A stored contact's property map: every value a string ("all property values are strings"). */
export const ContactProperties = z.record(z.string(), z.string()).describe('property name → string value; absent = never set');
export type ContactProperties = z.infer<typeof ContactProperties>;

/** A stored contact (the object's wire shape without `associations`). */
export const Contact = z.strictObject({
	id: id('contact id (hs_object_id)'),
	properties: ContactProperties,
	createdAt: ts('creation time (= createdate)'),
	updatedAt: ts('last modification time (= lastmodifieddate)'),
	archived: archivedFlag
});
export type Contact = z.infer<typeof Contact>;

/** A CRM object's property map: every value a string. */
const Properties = z
	.record(z.string(), z.string())
	.describe('property name → string value (ISO ms for datetimes, decimal text for numbers); absent = never set');

/** The stored shape every CRM object shares (wire shape without `associations`): companies, deals, engagements. */
export const CrmObject = z.strictObject({
	id: id('record id (hs_object_id)'),
	properties: Properties,
	createdAt: ts('creation time'),
	updatedAt: ts('last modification time (= hs_lastmodifieddate)'),
	archived: archivedFlag
});
export type CrmObject = z.infer<typeof CrmObject>;

/** One association between two records (a two-way-indexed row). `id` = `<typeId>:<fromId>:<toId>`. */
export const Association = z.strictObject({
	id: z
		.string()
		.regex(/^\d+:\d+:\d+$/)
		.describe('"<associationTypeId>:<fromObjectId>:<toObjectId>"'),
	fromObjectType: z.enum(ASSOCIATION_OBJECT_TYPES).describe('object type of the source record'),
	fromObjectId: HubSpotId.describe('id of the source record'),
	toObjectType: z.enum(ASSOCIATION_OBJECT_TYPES).describe('object type of the target record'),
	toObjectId: HubSpotId.describe('id of the target record'),
	associationCategory: z.enum(ASSOCIATION_CATEGORIES).describe('HUBSPOT_DEFINED for the standard types'),
	associationTypeId: z.number().int().positive().describe('association type id, e.g. 279 contact→company (primary)')
});
export type Association = z.infer<typeof Association>;

/** A sales email template; `body` and `subject` carry personalization tokens like `{{ contact.firstname }}`, `{{ company.name }}`, `{{ sender.firstname }}`. */
export const Template = z.strictObject({
	id: id('template id'),
	name: z.string().min(1).describe('template name as listed in Sales > Templates'),
	folder: z.string().describe('folder name, "" for none'),
	subject: z.string().min(1).describe('subject line with tokens'),
	body: z.string().min(1).describe('plain-text body with tokens, e.g. {{ contact.firstname | default("there") }}'),
	ownerId: HubSpotId.describe('owner id of the creator'),
	createdAt: ts('creation time'),
	updatedAt: ts('last modification time'),
	archived: archivedFlag
});
export type Template = z.infer<typeof Template>;

/** One stage of a pipeline. */
export const PipelineStage = z.strictObject({
	id: z.string().min(1).describe('stage id, e.g. "appointmentscheduled"'),
	label: z.string().min(1).describe('stage name shown on the board, e.g. "Appointment Scheduled"'),
	displayOrder: z.number().int().nonnegative().describe('0-based position on the board'),
	metadata: z
		.strictObject({
			probability: z.string().describe('win probability, decimal text 0.0–1.0'),
			isClosed: z.enum(['true', 'false']).describe('"true" for Closed Won / Closed Lost')
		})
		.describe('stage metadata (strings, as HubSpot sends them)')
});
export type PipelineStage = z.infer<typeof PipelineStage>;

/** A deal pipeline, shape of `GET /crm/v3/pipelines/deals` results. */
export const Pipeline = z.strictObject({
	id: z.string().min(1).describe('pipeline id, "default" for the default pipeline'),
	label: z.string().min(1).describe('pipeline name, e.g. "Sales Pipeline"'),
	displayOrder: z.number().int().nonnegative().describe('0-based position among pipelines'),
	stages: z.array(PipelineStage).describe('stages in board order'),
	createdAt: ts('creation time'),
	updatedAt: ts('last modification time'),
	archived: archivedFlag
});
export type Pipeline = z.infer<typeof Pipeline>;

/** A HubSpot owner (a user who can own records), shape of `GET /crm/v3/owners`. */
export const Owner = z.strictObject({
	id: id('owner id (the value of hubspot_owner_id)'),
	email: z.email().describe('the user’s login email; join key to Outreach users and Calendly hosts'),
	firstName: z.string().describe('first name'),
	lastName: z.string().describe('last name'),
	userId: z.number().int().describe('HubSpot user id (an integer, unlike owner ids)'),
	teams: z
		.array(
			z.strictObject({
				id: z.string().describe('team id'),
				name: z.string().describe('team name'),
				primary: z.boolean().describe('true for the owner’s primary team')
			})
		)
		.describe('teams the owner belongs to'),
	createdAt: ts('creation time'),
	updatedAt: ts('last modification time'),
	archived: archivedFlag
});
export type Owner = z.infer<typeof Owner>;

/** A list (UI: "segment") of contacts. Stored with `id`; the API answers with `listId` (Lists v3 shape). `size` is derived from `list_memberships`. */
export const List = z.strictObject({
	id: HubSpotId.describe('the listId (numeric string)'),
	name: z.string().min(1).max(255).describe('list name, unique (case-insensitive) among live lists'),
	objectTypeId: z.literal('0-1').describe('object type of the members: "0-1" = contacts (the only type this gym serves)'),
	processingType: z.enum(LIST_PROCESSING_TYPES).describe('MANUAL for hand-picked members; this gym evaluates no filters'),
	createdById: HubSpotId.nullable().describe('owner id of the creator, null when created through the API'),
	createdAt: ts('creation time'),
	updatedAt: ts('last modification time'),
	archived: z.boolean().describe('true once deleted (restorable for 90 days in HubSpot)')
});
export type List = z.infer<typeof List>;

/** One record's membership of a list. `id` = `<listId>:<recordId>`. */
export const ListMembership = z.strictObject({
	id: z
		.string()
		.regex(/^\d+:\d+$/)
		.describe('"<listId>:<recordId>"'),
	listId: HubSpotId.describe('the list'),
	recordId: HubSpotId.describe('the member contact id'),
	membershipTimestamp: IsoTimestamp.describe('when the record was added')
});
export type ListMembership = z.infer<typeof ListMembership>;

/** A form's GUID, e.g. `5a2b1c3d-0000-4000-8000-000000000001` (HubSpot form ids are UUIDs, not numeric). */
export const FormGuid = z
	.string()
	.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'a form id is a lower-case UUID')
	.describe('form GUID (UUID)');

/** One field of a form (Marketing Forms v3 `fieldGroups[].fields[]`). */
export const FormField = z.strictObject({
	objectTypeId: z.literal('0-1').describe('the field writes a contact property'),
	name: z.string().min(1).describe('contact property name, e.g. "email"'),
	label: z.string().min(1).describe('label shown on the form'),
	required: z.boolean().describe('true when a submission must fill it'),
	hidden: z.boolean().describe('true for a hidden field (not shown to the visitor)'),
	fieldType: z.enum(FORM_FIELD_TYPES).describe('input control of the field'),
	options: z
		.array(z.strictObject({ label: z.string().describe('option label shown'), value: z.string().describe('option value written') }))
		.optional()
		.describe('dropdown options')
});
export type FormField = z.infer<typeof FormField>;

/** A HubSpot form (Marketing Forms v3 subset). Contacts created by a submission get `lifecyclestage` ≥ `lead`. */
export const Form = z.strictObject({
	id: FormGuid,
	name: z.string().min(1).describe('form name as listed in Marketing > Forms'),
	formType: z.literal('hubspot').describe('"hubspot" (a regular embedded form)'),
	fieldGroups: z
		.array(
			z.strictObject({
				groupType: z.literal('default_group').describe('"default_group"'),
				richTextType: z.literal('text').describe('"text"'),
				fields: z.array(FormField).min(1).describe('the fields of the group, in display order')
			})
		)
		.min(1)
		.describe('rows of fields, in display order'),
	configuration: z
		.strictObject({
			postSubmitAction: z
				.strictObject({
					type: z.literal('thank_you').describe('"thank_you": an inline message, no redirect'),
					value: z.string().min(1).describe('the inline thank-you message returned as inlineMessage')
				})
				.describe('what the visitor sees after submitting')
		})
		.describe('form behaviour'),
	displayOptions: z.strictObject({ submitButtonText: z.string().min(1).describe('submit button label') }).describe('form rendering options'),
	createdAt: ts('creation time'),
	updatedAt: ts('last modification time'),
	archived: archivedFlag
});
export type Form = z.infer<typeof Form>;

/** One stored form submission (what `GET /form-integrations/v1/submissions/forms/{guid}` lists). */
export const FormSubmission = z.strictObject({
	id: HubSpotId.describe('gym conversion id'),
	formId: FormGuid.describe('the form submitted'),
	submittedAt: IsoTimestamp.describe('submission time (the API takes and returns epoch ms)'),
	values: z
		.array(z.strictObject({ name: z.string().min(1).describe('contact property name'), value: z.string().describe('submitted value') }))
		.describe('submitted field values, in submission order'),
	pageUri: z.string().describe('page the form was on, "" when unknown'),
	pageName: z.string().describe('page title, "" when unknown'),
	contactId: HubSpotId.describe('the contact created or updated by the submission')
});
export type FormSubmission = z.infer<typeof FormSubmission>;

/** One step of a sequence. Automated emails send a template; manual emails and other steps create a task. */
export const SequenceStep = z.strictObject({
	stepOrder: z.number().int().nonnegative().describe('0-based position'),
	delayMillis: z.number().int().nonnegative().describe('delay after the previous step (ms); day N of the UI = sum of delays / 86,400,000 + 1'),
	actionType: z.enum(SEQUENCE_STEP_ACTIONS).describe('SEND_TEMPLATE = automated email; CREATE_TASK = a task for the user'),
	templateId: HubSpotId.nullable().describe('email template sent (SEND_TEMPLATE, or the template of a manual-email task), else null'),
	taskType: z.enum(SEQUENCE_TASK_TYPES).nullable().describe('task type for CREATE_TASK steps, else null'),
	taskSubject: z.string().nullable().describe('task title for CREATE_TASK steps, else null')
});
export type SequenceStep = z.infer<typeof SequenceStep>;

/** A HubSpot sales sequence (`GET /automation/v4/sequences/{id}` subset). */
export const Sequence = z.strictObject({
	id: id('sequence id'),
	name: z.string().min(1).describe('sequence name as listed in Automation > Sequences'),
	userId: HubSpotId.describe('owner id of the sequence owner'),
	folderId: z.string().describe('folder name, "" for none'),
	steps: z.array(SequenceStep).min(1).describe('steps in order'),
	createdAt: ts('creation time'),
	updatedAt: ts('last modification time'),
	archived: archivedFlag
});
export type Sequence = z.infer<typeof Sequence>;

/** A contact's enrollment in a sequence. */
export const SequenceEnrollment = z.strictObject({
	id: id('enrollment id'),
	sequenceId: HubSpotId.describe('the sequence'),
	contactId: HubSpotId.describe('the enrolled contact'),
	toEmail: z.string().min(1).describe('the contact email at enrollment'),
	senderEmail: z.string().min(1).describe('the connected inbox sending the emails'),
	userId: HubSpotId.describe('owner id of the enrolling user'),
	state: z.enum(ENROLLMENT_STATES).describe('ACTIVE/PAUSED = enrolled; FINISHED/UNENROLLED = ended'),
	currentStep: z.number().int().nonnegative().describe('0-based step the enrollment is at (or ended at)'),
	unenrolledReason: z.enum(UNENROLL_REASONS).nullable().describe('set once state is FINISHED/UNENROLLED by an exit rule or a user, else null'),
	enrolledAt: ts('enrollment time'),
	updatedAt: ts('last state change')
});
export type SequenceEnrollment = z.infer<typeof SequenceEnrollment>;

/** An owner's connected sales inbox (Settings > General > Email). An owner without one cannot send sequences. */
export const ConnectedInbox = z.strictObject({
	id: id('inbox id'),
	ownerId: HubSpotId.describe('the owner the inbox belongs to'),
	email: z.email().describe('the inbox address (the owner login email)'),
	provider: z.enum(['GMAIL', 'OFFICE365']).describe('mail provider of the inbox'),
	connectedAt: ts('connection time')
});
export type ConnectedInbox = z.infer<typeof ConnectedInbox>;

/** One search filter of a saved view: HubSpot's search filter shape (`value` for comparisons, `highValue` for BETWEEN, `values` for IN/NOT_IN). */
export const ViewFilter = z.strictObject({
	propertyName: z.string().min(1).describe('property filtered on'),
	operator: z.enum(OPERATORS).describe('search operator'),
	value: z.string().optional().describe('comparison value (lower bound for BETWEEN)'),
	highValue: z.string().optional().describe('upper bound for BETWEEN'),
	values: z.array(z.string()).optional().describe('values for IN / NOT_IN')
});
export type ViewFilter = z.infer<typeof ViewFilter>;

/**
 * A saved index view (gym-specific: HubSpot has no public views API). Its `filterGroups`, `sorts` and `query`
 * are a search request body (groups ORed, filters ANDed; ≤5 groups, ≤6 filters each, ≤18 in all).
 */
export const View = z.strictObject({
	id: id('view id'),
	objectType: z.enum(VIEW_OBJECT_TYPES).describe('the index the view belongs to'),
	name: z.string().min(1).max(100).describe('tab label, unique per object type (case-insensitive)'),
	filterGroups: z
		.array(z.strictObject({ filters: z.array(ViewFilter).max(SEARCH_LIMITS.filtersPerGroup).describe('filters ANDed') }))
		.max(SEARCH_LIMITS.groups)
		.describe('filter groups ORed'),
	sorts: z
		.array(z.strictObject({ propertyName: z.string().min(1).describe('property sorted on'), direction: z.enum(SORT_DIRECTIONS).describe('sort direction') }))
		.max(1)
		.describe('at most one sort'),
	query: z.string().max(3000).describe('search text, "" for none'),
	createdAt: ts('creation time'),
	updatedAt: ts('last modification time'),
	archived: archivedFlag
});
export type View = z.infer<typeof View>;

// ---- request bodies (strict: a misspelled key is a 400, never silently dropped) ----

/** Property values as clients send them (HubSpot coerces numbers and booleans to text; null clears). */
export const PropertiesInput = z
	.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
	.describe('property name → value; numbers/booleans are stored as text, "" or null clears');
/** A record id as a client may send it: a numeric string or a number (read as its decimal string). */
const IdInput = z.union([z.string(), z.number()]).transform(String).describe('record id, string or number');

/** One association type of a request body. */
export const AssociationSpec = z.strictObject({
	associationCategory: z
		.enum(['HUBSPOT_DEFINED', 'USER_DEFINED', 'INTEGRATOR_DEFINED'])
		.describe('HUBSPOT_DEFINED for the standard types (this portal defines no labels)'),
	associationTypeId: z.number().int().describe('association type id, e.g. 279 contact→company')
});
export type AssociationSpec = z.infer<typeof AssociationSpec>;

/** v3 `associations` of a create body: `[{to: {id}, types: [AssociationSpec]}]`. */
export const CreateAssociations = z
	.array(
		z.strictObject({
			to: z.strictObject({ id: IdInput }).describe('the record to associate with'),
			types: z.array(AssociationSpec).min(1).describe('association types to create (≥ 1)')
		})
	)
	.describe('associations created with the record');
export type AssociationInput = z.input<typeof CreateAssociations>[number];

/** Body of `POST /crm/v3/objects/{type}`. */
export const CreateBody = z.strictObject({
	properties: PropertiesInput,
	associations: CreateAssociations.optional()
});
/** Body of `PATCH /crm/v3/objects/{type}/{id}`: only the given properties change. */
export const UpdateBody = z.strictObject({ properties: PropertiesInput });

const batchInputs = <T extends z.ZodType>(input: T) =>
	z.array(input).min(1, 'inputs must not be empty').max(BATCH_MAX, `at most ${BATCH_MAX} inputs are allowed per batch`).describe(`1–${BATCH_MAX} inputs`);
const traceId = z.string().optional().describe('client trace id, echoed nowhere (accepted for compatibility)');
const idProperty = z.string().optional().describe('unique property the ids are values of (contacts: "email"); default hs_object_id');

/** Bodies of `POST /crm/v3/objects/{type}/batch/{action}`, by action. */
export const BatchBodies = {
	read: z.strictObject({
		inputs: batchInputs(z.strictObject({ id: IdInput })),
		properties: z.array(z.string()).optional().describe('properties to return'),
		propertiesWithHistory: z.array(z.string()).optional().describe('accepted; the gym keeps no history'),
		idProperty,
		archived: z.boolean().optional().describe('accepted; archived records are never read')
	}),
	create: z.strictObject({
		inputs: batchInputs(z.strictObject({ properties: PropertiesInput, associations: CreateAssociations.optional(), objectWriteTraceId: traceId }))
	}),
	update: z.strictObject({ inputs: batchInputs(z.strictObject({ id: IdInput, properties: PropertiesInput, idProperty, objectWriteTraceId: traceId })) }),
	upsert: z.strictObject({ inputs: batchInputs(z.strictObject({ id: IdInput, properties: PropertiesInput, idProperty, objectWriteTraceId: traceId })) }),
	archive: z.strictObject({ inputs: batchInputs(z.strictObject({ id: IdInput })) })
} as const;

/**
 * Body of `POST /crm/v4/associations/{from}/{to}/batch/read`: `{inputs:[{id, after?}]}`, 1–1,000 inputs. `after`
 * is accepted and ignored: the gym answers every association of an id at once (no per-id paging).
 */
export const BatchReadAssociationsBody = z.strictObject({
	inputs: z
		.array(z.strictObject({ id: IdInput, after: z.string().optional().describe('per-id paging cursor (ignored)') }))
		.min(1)
		.max(BATCH_READ_ASSOCIATIONS_LIMIT)
		.describe(`1–${BATCH_READ_ASSOCIATIONS_LIMIT} record ids`)
});

/** Body of `PUT /crm/v4/objects/{from}/{id}/associations/{to}/{toId}`: the association types to create (≥ 1). */
export const AssociationTypesBody = z.array(AssociationSpec).min(1);

/** Body of `POST /crm/v3/objects/contacts/merge`. */
export const MergeBody = z.strictObject({
	primaryObjectId: IdInput.describe('the contact kept'),
	objectIdToMerge: IdInput.describe('the contact merged into it (archived)')
});

const Scalar = z.union([z.string(), z.number(), z.boolean()]).transform(String);
/** One filter of a search body: `value` for comparisons, `highValue` too for BETWEEN, `values` for IN/NOT_IN. */
export const SearchFilter = z.strictObject({
	propertyName: z.string().min(1).describe('property filtered on'),
	operator: z.enum(OPERATORS).describe('search operator'),
	value: Scalar.optional().describe('comparison value (lower bound for BETWEEN); datetimes as ISO or epoch ms'),
	highValue: Scalar.optional().describe('upper bound for BETWEEN'),
	values: z.array(Scalar).optional().describe('values for IN / NOT_IN')
});

/** Body of `POST /crm/v3/objects/{type}/search` (groups ORed, filters ANDed). */
export const SearchRequestBody = z.strictObject({
	filterGroups: z
		.array(z.strictObject({ filters: z.array(SearchFilter).describe('filters ANDed') }))
		.optional()
		.describe(`filter groups ORed (≤${SEARCH_LIMITS.groups} groups, ≤${SEARCH_LIMITS.filtersPerGroup} filters each, ≤${SEARCH_LIMITS.filters} in all)`),
	sorts: z
		.array(
			z.union([
				z.string(),
				z.strictObject({ propertyName: z.string().min(1).describe('property sorted on'), direction: z.enum(SORT_DIRECTIONS).describe('sort direction') })
			])
		)
		.max(1, 'only one sort is supported')
		.optional()
		.describe('at most one sort: a property name (ascending) or {propertyName, direction}'),
	query: z.string().max(3000).optional().describe('free text over the type’s searchable properties (contacts: name, email, phone, company)'),
	properties: z.array(z.string()).optional().describe('properties returned on each result'),
	limit: z.number().int().min(1).max(SEARCH_LIMIT.max).optional().describe('page size, default 10, max 200'),
	after: z.union([z.string(), z.number()]).optional().describe('paging cursor from paging.next.after')
});
/** A search body as a client writes it. */
export type SearchRequest = z.input<typeof SearchRequestBody>;

/** Body of `POST /crm/v3/views/{objectType}` (gym-specific). */
export const CreateViewBody = z.strictObject({
	name: z.string().trim().min(1, 'name is required').max(100).describe('tab label, unique per object type (case-insensitive)'),
	filterGroups: View.shape.filterGroups.optional(),
	sorts: View.shape.sorts.optional(),
	query: View.shape.query.optional()
});
export type CreateViewBody = z.infer<typeof CreateViewBody>;

/** Body of `PATCH /crm/v3/views/{objectType}/{id}` (gym-specific): only the given keys change. */
export const UpdateViewBody = CreateViewBody.partial();
export type UpdateViewBody = z.infer<typeof UpdateViewBody>;

/** Body of `POST /crm/v3/lists`. */
export const CreateListBody = z.strictObject({
	name: z.string().trim().min(1).max(255).describe('list name'),
	objectTypeId: z.literal('0-1').describe('"0-1" (contacts)'),
	processingType: z.literal('MANUAL').describe('this gym creates MANUAL lists only'),
	listFolderId: z.number().int().optional().describe('folder id (accepted; the gym has no list folders)')
});

/**
 * List properties a search answers in each list's `additionalProperties` when present (HubSpot's Lists v3 reference,
 * "Search lists": by default hs_list_size, hs_last_record_added_at, hs_last_record_removed_at, hs_folder_name and
 * hs_list_reference_count; a property that does not exist or is empty for a list is left out).
 */
export const LIST_DEFAULT_ADDITIONAL_PROPERTIES = [
	'hs_list_size',
	'hs_last_record_added_at',
	'hs_last_record_removed_at',
	'hs_folder_name',
	'hs_list_reference_count'
] as const;

/**
 * Body of `POST /crm/v3/lists/search`, HubSpot's `ListSearchRequest` (Lists v3 reference, "Search lists"). `sort` is
 * not accepted: the reference gives it no values, and the gym's order is HubSpot's default (newest first).
 */
export const ListSearchBody = z.strictObject({
	query: z.string().max(255).optional().describe('substring of the list name (case-insensitive)'),
	offset: z.number().int().nonnegative().optional().describe('0-based offset, default 0'),
	count: z.number().int().min(1).max(500).optional().describe('page size, default 20, max 500'),
	processingTypes: z.array(z.enum(LIST_PROCESSING_TYPES)).optional().describe('only lists of these processing types'),
	listIds: z
		.array(z.union([z.string(), z.number()]).transform(String))
		.optional()
		.describe('only lists with one of these listIds; empty or absent = no filter'),
	objectTypeId: z.string().optional().describe('only lists of this object type ("0-1" contacts: the only type this gym serves)'),
	additionalProperties: z
		.array(z.string())
		.optional()
		.describe('list properties to answer besides the defaults (LIST_DEFAULT_ADDITIONAL_PROPERTIES); unknown or empty ones are left out')
});

/** Body of `PUT /crm/v3/lists/{listId}/memberships/add|remove`: record ids (strings or numbers). */
export const MembershipBody = z.array(z.union([z.string().regex(/^\d+$/), z.number().int().positive()])).max(100_000);

/** Body of `POST /submissions/v3/integration/submit/{portalId}/{formGuid}`. */
export const FormSubmitBody = z.strictObject({
	submittedAt: z
		.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)])
		.optional()
		.describe('epoch ms; the virtual clock when omitted'),
	fields: z
		.array(
			z.strictObject({
				objectTypeId: z.string().optional().describe('"0-1" (contact property)'),
				name: z.string().min(1).describe('contact property name'),
				value: z.string().describe('submitted value')
			})
		)
		.describe('submitted values'),
	context: z
		.strictObject({
			hutk: z.string().optional().describe('HubSpot tracking cookie (accepted, unused)'),
			pageUri: z.string().optional().describe('page URL; its utm_* tags set hs_analytics_source'),
			pageName: z.string().optional().describe('page title'),
			ipAddress: z.string().optional().describe('visitor IP (accepted, unused)')
		})
		.optional()
		.describe('where the form was submitted'),
	legalConsentOptions: z.unknown().optional().describe('GDPR consent block (accepted, unused)')
});

/** Body of `POST /automation/v4/sequences/enrollments`. */
export const EnrollBody = z.strictObject({
	contactId: z.union([z.string(), z.number()]).transform(String).describe('contact id'),
	sequenceId: z.union([z.string(), z.number()]).transform(String).describe('sequence id'),
	senderEmail: z.string().min(1).describe('email of a connected inbox of the enrolling user'),
	senderAliasAddress: z.string().optional().describe('alias address of the inbox (accepted, unused)'),
	startingStepOrder: z.number().int().nonnegative().optional().describe('gym extension (UI "Start at step"): 0-based step to start at, default 0')
});

// ---- answers (wire shapes of the responses; parsed with these schemas in the contract tests) ----

/** One entry of `errors[]` of an error body, e.g. `{message, code: "INVALID_EMAIL", context: {propertyName: ["email"]}}`. */
export const ErrorDetail = z.strictObject({
	message: z.string().describe('human text, e.g. "Email address foo@ is invalid"'),
	code: z.string().optional().describe('machine code, e.g. INVALID_EMAIL, INVALID_OPTION, CONTACT_ALREADY_ENROLLED'),
	errorType: z.string().optional().describe('form submissions: INVALID_EMAIL, REQUIRED_FIELD, FIELD_NOT_IN_FORM_DEFINITION'),
	in: z.string().optional().describe('where in the request the error is'),
	context: z.record(z.string(), z.array(z.string())).optional().describe('what the error applies to, e.g. {propertyName: ["email"]}')
});
export type ErrorDetail = z.infer<typeof ErrorDetail>;

/**
 * HubSpot's error body, e.g. `{status: "error", category: "CONFLICT", message: "Contact already exists. Existing ID: 123", correlationId}`.
 * Categories served: VALIDATION_ERROR (400), OBJECT_NOT_FOUND (404), CONFLICT (409), INVALID_METHOD (405), UNSUPPORTED, INTERNAL_ERROR (500).
 */
export const ErrorBody = z.strictObject({
	status: z.literal('error').describe('always "error"'),
	message: z.string().describe('vendor message, shown to the user as is'),
	correlationId: z.string().optional().describe('UUID-shaped request id (also the X-HubSpot-Correlation-Id header)'),
	category: z.string().describe('VALIDATION_ERROR, OBJECT_NOT_FOUND, CONFLICT, INVALID_METHOD, UNSUPPORTED or INTERNAL_ERROR'),
	subCategory: z.string().optional().describe('finer category, e.g. crm.associations.NO_ASSOCIATIONS_FOUND'),
	errors: z.array(ErrorDetail).optional().describe('details of a VALIDATION_ERROR'),
	context: z.record(z.string(), z.array(z.string())).optional().describe('what the error applies to, e.g. {ids: ["7"]}')
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** HubSpot's cursor paging block; absent on the last page. */
export const Paging = z.strictObject({
	next: z
		.strictObject({
			after: z.string().describe('cursor of the next page'),
			link: z.string().optional().describe('URL of the next page')
		})
		.optional()
		.describe('the next page; absent on the last page')
});
export type Paging = z.infer<typeof Paging>;
const paging = Paging.optional().describe('cursor paging, absent on the last page');

/** A v3 `associations` block of a record: `{companies: {results: [{id, type: "contact_to_company"}]}}`. */
export const RecordAssociations = z.record(
	z.string(),
	z.strictObject({
		results: z
			.array(
				z.strictObject({
					id: z.string().describe('associated record id'),
					type: z.string().describe('v3 type name, e.g. contact_to_company or contact_to_company_primary')
				})
			)
			.describe('associated records')
	})
);

/** A CRM record on the wire: the requested properties (null when requested but unset), plus `associations` when asked. */
export const CrmRecord = z.strictObject({
	id: id('record id'),
	properties: z.record(z.string(), z.string().nullable()).describe('property name → string value, null when requested but unset'),
	createdAt: ts('creation time'),
	updatedAt: ts('last modification time'),
	archived: z.boolean().describe('true for a record in the recycle bin'),
	archivedAt: IsoTimestamp.optional().describe('when it was archived (archived records only)'),
	associations: RecordAssociations.optional().describe('present when `associations=` was requested; types with none are omitted'),
	new: z.boolean().optional().describe('batch upsert only: true when the record was created')
});
export type CrmRecord = z.infer<typeof CrmRecord>;

/** One page of `GET /crm/v3/objects/{type}`. */
export const ObjectPage = z.strictObject({ results: z.array(CrmRecord).describe('records in id order'), paging });
export type ObjectPage = z.infer<typeof ObjectPage>;

/** Answer of `POST /crm/v3/objects/{type}/search`: `total` counts every match (≤10,000 reachable by paging). */
export const SearchPage = z.strictObject({
	total: z.number().int().nonnegative().describe('number of matches, not just this page'),
	results: z.array(CrmRecord).describe('this page of matches'),
	paging
});
export type SearchPage = z.infer<typeof SearchPage>;

/** One error of a 207 batch answer. */
export const BatchError = z.strictObject({
	status: z.literal('error').describe('always "error"'),
	category: z.string().describe('e.g. OBJECT_NOT_FOUND'),
	subCategory: z.string().optional().describe('e.g. crm.associations.NO_ASSOCIATIONS_FOUND'),
	message: z.string().describe('vendor message'),
	context: z.record(z.string(), z.array(z.string())).describe('the ids concerned, e.g. {ids: ["7"]}')
});

/** Answer of `POST /crm/v3/objects/{type}/batch/{read|create|update|upsert}`: 200/201 COMPLETE, 207 with `errors` when some ids were not found. */
export const BatchResult = z.strictObject({
	status: z.enum(['COMPLETE', 'PENDING', 'PROCESSING', 'CANCELED']).describe('COMPLETE (the gym runs batches synchronously)'),
	results: z.array(CrmRecord).describe('records read or written'),
	numErrors: z.number().int().positive().optional().describe('number of errors (207 only)'),
	errors: z.array(BatchError).optional().describe('errors (207 only)'),
	startedAt: ts('start (the virtual clock)'),
	completedAt: ts('end (the virtual clock)')
});
export type BatchResult = z.infer<typeof BatchResult>;

/** HubSpot property data types. `datetime` values are UTC ISO-8601 ms; `date` values are midnight UTC. */
export const PROPERTY_TYPES = ['string', 'number', 'date', 'datetime', 'enumeration', 'bool'] as const;
/** One of {@link PROPERTY_TYPES}. */
export type PropertyType = (typeof PROPERTY_TYPES)[number];
/** How a property is edited in the UI. */
export const FIELD_TYPES = [
	'text',
	'textarea',
	'select',
	'radio',
	'checkbox',
	'booleancheckbox',
	'number',
	'date',
	'phonenumber',
	'calculation_equation'
] as const;
/** One of {@link FIELD_TYPES}. */
export type FieldType = (typeof FIELD_TYPES)[number];

/** One enumeration option: `label` is the UI text, `value` the wire value. */
export const PropertyOption = z.strictObject({
	label: z.string().describe('UI text'),
	value: z.string().describe('wire value'),
	displayOrder: z.number().int().describe('position in the option list'),
	hidden: z.boolean().describe('true when not offered in the UI')
});
export type PropertyOption = z.infer<typeof PropertyOption>;

/** A property definition as `GET /crm/v3/properties/{type}` answers it (HubSpot's Property object). */
export const PropertyDefinition = z.strictObject({
	name: z.string().describe('internal name, e.g. lifecyclestage'),
	label: z.string().describe('UI label, e.g. "Lifecycle stage"'),
	type: z.enum(PROPERTY_TYPES).describe('data type'),
	fieldType: z.enum(FIELD_TYPES).describe('UI control'),
	description: z.string().describe('help text, "" for none'),
	groupName: z.string().describe('property group, e.g. contactinformation'),
	options: z.array(PropertyOption).describe('enumeration options ([] for other types); owners/pipelines/stages resolved from the data'),
	displayOrder: z.number().int().describe('position among the type’s properties'),
	calculated: z.boolean().describe('true when computed (read-only)'),
	externalOptions: z.boolean().describe('true when the options come from other objects (owners, pipelines)'),
	hasUniqueValue: z.boolean().describe('true when usable as idProperty (contacts email)'),
	hidden: z.boolean().describe('true when hidden in the UI'),
	hubspotDefined: z.boolean().describe('false for a custom property of the portal'),
	formField: z.boolean().describe('true when usable on a form'),
	modificationMetadata: z
		.strictObject({
			archivable: z.boolean().describe('true when the definition can be deleted'),
			readOnlyDefinition: z.boolean().describe('true when the definition cannot be edited'),
			readOnlyValue: z.boolean().describe('true when clients cannot write the value (READ_ONLY_VALUE)')
		})
		.describe('what a client may change'),
	referencedObjectType: z.string().optional().describe('"OWNER" for hubspot_owner_id'),
	createdAt: ts('definition creation time'),
	updatedAt: ts('definition modification time'),
	archived: z.boolean().describe('always false (no archived definitions)')
});
export type PropertyDefinition = z.infer<typeof PropertyDefinition>;

/** One association type as v4 lists it. */
export const AssociationTypeRow = z.strictObject({
	category: z.enum(ASSOCIATION_CATEGORIES).describe('association category'),
	typeId: z.number().int().positive().describe('association type id seen from the listing side'),
	label: z.string().nullable().describe('"Primary" for the primary company, else null')
});

/** One v4 association as listed by `GET /crm/v4/objects/{from}/{id}/associations/{to}`. */
export const AssociationRow = z.strictObject({
	toObjectId: z.number().int().positive().describe('the associated record id (v4 sends a number)'),
	associationTypes: z.array(AssociationTypeRow).describe('every type joining the two records')
});
export type AssociationRow = z.infer<typeof AssociationRow>;

/** Answer of `GET /crm/v4/objects/{from}/{id}/associations/{to}`. */
export const AssociationList = z.strictObject({ results: z.array(AssociationRow).describe('associations in numeric id order') });

/** Answer of `POST /crm/v4/associations/{from}/{to}/batch/read`: 200, or 207 with an error per id without associations. */
export const AssociationBatchResult = z.strictObject({
	status: z.literal('COMPLETE').describe('"COMPLETE"'),
	results: z
		.array(
			z.strictObject({
				from: z.strictObject({ id: z.string().describe('input id') }).describe('the input record'),
				to: z.array(AssociationRow).describe('its associations')
			})
		)
		.describe('one result per input id with associations, in input order'),
	numErrors: z.number().int().positive().optional().describe('number of errors (207 only)'),
	errors: z.array(BatchError).optional().describe('one per id without associations (207 only)'),
	startedAt: ts('start (the virtual clock)'),
	completedAt: ts('end (the virtual clock)')
});
export type AssociationBatchResult = z.infer<typeof AssociationBatchResult>;

/**
 * A pipeline stage on the wire: HubSpot's `PipelineStage` (Pipelines API reference), whose schema requires
 * `createdAt`, `updatedAt` and `archived` besides the stored stage; a stage carries its pipeline's times.
 */
export const WirePipelineStage = PipelineStage.extend({
	createdAt: ts('creation time (the pipeline’s)'),
	updatedAt: ts('last modification time (the pipeline’s)'),
	archived: z.boolean().describe('false (archived stages are never answered)')
});
export type WirePipelineStage = z.infer<typeof WirePipelineStage>;

/** A pipeline on the wire (`GET /crm/v3/pipelines/deals/{pipelineId}`): the stored pipeline with {@link WirePipelineStage} stages. */
export const WirePipeline = Pipeline.extend({ stages: z.array(WirePipelineStage).describe('stages in board order') });
export type WirePipeline = z.infer<typeof WirePipeline>;

/** Answer of `GET /crm/v3/pipelines/deals`. */
export const PipelineList = z.strictObject({ results: z.array(WirePipeline).describe('pipelines in display order') });

/** Answer of `GET /crm/v3/pipelines/deals/{pipelineId}/stages`. */
export const PipelineStageList = z.strictObject({ results: z.array(WirePipelineStage).describe('stages in board order') });

/** Page sizes of `GET /crm/v3/owners` (HubSpot's Owners API reference: default 100, max 500). */
export const OWNER_LIMIT = { default: 100, max: 500 } as const;

/**
 * An owner on the wire: HubSpot's `PublicOwner` (Owners API reference), the stored owner plus the required `type`
 * (`PERSON`: every owner here is a user; HubSpot also has `QUEUE`) and `userIdIncludingInactive` (= `userId`, no
 * owner here is deactivated).
 */
export const WireOwner = Owner.extend({
	type: z.literal('PERSON').describe('"PERSON" (a user, not a queue)'),
	userIdIncludingInactive: z.number().int().describe('the user id, also for deactivated users (= userId)')
});
export type WireOwner = z.infer<typeof WireOwner>;

/** Answer of `GET /crm/v3/owners`. */
export const OwnerList = z.strictObject({ results: z.array(WireOwner).describe('owners in id order'), paging });
export type OwnerList = z.infer<typeof OwnerList>;

/** Answer of `GET /crm/v3/properties/{type}`. */
export const PropertyList = z.strictObject({ results: z.array(PropertyDefinition).describe('property definitions in display order') });

/** Answer of `GET /crm/v3/views/{objectType}`. */
export const ViewList = z.strictObject({ results: z.array(View).describe('saved views in creation order') });

/** A list (segment) as Lists v3 returns it; `size` = member count. */
export const WireList = z.strictObject({
	listId: HubSpotId.describe('list id'),
	listVersion: z.number().int().positive().describe('definition version (1: lists are never redefined here)'),
	name: z.string().describe('list name'),
	objectTypeId: z.string().describe('"0-1" (contacts)'),
	processingType: z.enum(LIST_PROCESSING_TYPES).describe('MANUAL, DYNAMIC or SNAPSHOT'),
	processingStatus: z.string().describe('"COMPLETE"'),
	createdById: HubSpotId.nullable().describe('owner id of the creator, null when created through the API'),
	createdAt: ts('creation time'),
	updatedAt: ts('last modification time'),
	size: z.number().int().nonnegative().describe('member count')
});
export type WireList = z.infer<typeof WireList>;

/** Answer of `POST /crm/v3/lists` and `GET /crm/v3/lists/{listId}`. */
export const ListEnvelope = z.strictObject({ list: WireList.describe('the list') });

/**
 * One list of a search answer: the Lists v3 list with its `additionalProperties` (HubSpot's
 * `PublicObjectListSearchResult`: property name → text value, e.g. `{hs_list_size: "59", hs_last_record_added_at:
 * "1695938616824"}` with epoch-ms timestamps). `size` is kept besides (the gym's own screens read it).
 */
export const ListSearchResultList = WireList.extend({
	additionalProperties: z.record(z.string(), z.string()).describe('list property → text value; epoch ms for timestamps; absent when empty')
});
export type ListSearchResultList = z.infer<typeof ListSearchResultList>;

/** Answer of `POST /crm/v3/lists/search`: newest first. */
export const ListSearchPage = z.strictObject({
	lists: z.array(ListSearchResultList).describe('this page of lists'),
	offset: z.number().int().nonnegative().describe('offset of the next page'),
	hasMore: z.boolean().describe('true when more lists follow'),
	total: z.number().int().nonnegative().describe('number of matching lists')
});
export type ListSearchPage = z.infer<typeof ListSearchPage>;

/**
 * Answer of `PUT /crm/v3/lists/{listId}/memberships/add` and `…/remove`: HubSpot's `MembershipsUpdateResponse`
 * (Lists v3 reference, "Add records to a list"), whose schema requires `recordsIdsAdded` (sic), `recordIdsRemoved`
 * and `recordIdsMissing`. The reference's example spells the first `recordIdsAdded`, so that key is sent too.
 */
export const MembershipUpdateResult = z.strictObject({
	recordsIdsAdded: z.array(z.string()).describe('ids added now (the schema’s spelling)'),
	recordIdsAdded: z.array(z.string()).describe('the same ids (the spelling of the reference’s example)'),
	recordIdsRemoved: z.array(z.string()).describe('ids removed now'),
	recordIdsMissing: z.array(z.string()).describe('add: ids that are no live contact; remove: ids that were not members')
});
export type MembershipUpdateResult = z.infer<typeof MembershipUpdateResult>;
/** Answer of `PUT /crm/v3/lists/{listId}/memberships/add` (see {@link MembershipUpdateResult}). */
export const MembershipAddResult = MembershipUpdateResult;
/** Answer of `PUT /crm/v3/lists/{listId}/memberships/remove` (see {@link MembershipUpdateResult}). */
export const MembershipRemoveResult = MembershipUpdateResult;

/** One member row of a list. */
export const ListMember = z.strictObject({ recordId: z.string().describe('member contact id'), membershipTimestamp: ts('when it was added') });
export type ListMember = z.infer<typeof ListMember>;

/** Answer of `GET /crm/v3/lists/{listId}/memberships`: record-id order. */
export const ListMemberPage = z.strictObject({
	results: z.array(ListMember).describe('members'),
	total: z.number().int().nonnegative().describe('member count'),
	paging
});

/** Answer of `GET /crm/v3/lists/records/0-1/{recordId}/memberships`: the live lists a contact is in. */
export const RecordMemberships = z.strictObject({
	results: z
		.array(
			z.strictObject({
				listId: z.string().describe('list id'),
				listVersion: z.number().int().positive().describe('definition version (1: lists are never redefined here)'),
				listName: z.string().describe('list name (gym extra, read by the record page)'),
				firstAddedTimestamp: ts('first added'),
				lastAddedTimestamp: ts('last added')
			})
		)
		.describe('lists in id order'),
	total: z.number().int().nonnegative().describe('number of lists')
});
export type RecordMemberships = z.infer<typeof RecordMemberships>;

/** Answer of `GET /marketing/v3/forms`. */
export const FormList = z.strictObject({ results: z.array(Form).describe('forms'), paging });

/** One submission as the legacy submissions endpoint lists it. */
export const FormSubmissionRow = z.strictObject({
	conversionId: z.string().describe('submission id'),
	submittedAt: z.number().int().describe('submission time, epoch ms'),
	values: z.array(z.strictObject({ name: z.string().describe('field name'), value: z.string().describe('value') })).describe('submitted values'),
	pageUrl: z.string().describe('page the form was on, "" when unknown'),
	contactId: z.string().describe('contact created or updated')
});
export type FormSubmissionRow = z.infer<typeof FormSubmissionRow>;

/** Answer of `GET /form-integrations/v1/submissions/forms/{formId}`: newest first. */
export const FormSubmissionPage = z.strictObject({ results: z.array(FormSubmissionRow).describe('submissions'), paging });

/** Answer of a successful form submission. */
export const FormSubmitResult = z.strictObject({ inlineMessage: z.string().describe('the form’s thank-you message') });

/** Sequence summary; `stats` present when listed with `includeStats`. */
export const SequenceSummary = z.strictObject({
	id: z.string().describe('sequence id'),
	name: z.string().describe('sequence name'),
	userId: z.string().describe('HubSpot user id of the owner'),
	folderId: z.string().describe('folder name, "" for none'),
	createdAt: ts('creation time'),
	updatedAt: ts('last modification time'),
	stats: z
		.strictObject({
			enrolled: z.number().int().nonnegative().describe('live (ACTIVE or PAUSED) enrollments'),
			total: z.number().int().nonnegative().describe('all enrollments'),
			replyRate: z.number().min(0).max(1).describe('share of enrollments that replied, 0–1 (3 decimals)'),
			meetingRate: z.number().min(0).max(1).describe('share of enrollments that booked a meeting, 0–1 (3 decimals)')
		})
		.optional()
		.describe('present with includeStats=true')
});
export type SequenceSummary = z.infer<typeof SequenceSummary>;

/** Answer of `GET /automation/v4/sequences`. */
export const SequenceList = z.strictObject({ results: z.array(SequenceSummary).describe('sequences'), paging });

/** Answer of `GET /automation/v4/sequences/{id}`: the sequence with its steps. */
export const SequenceDetail = SequenceSummary.extend({
	steps: z.array(SequenceStep.extend({ id: z.string().describe('step id: sequence id + 2-digit step order') })).describe('steps in order')
});
export type SequenceDetail = z.infer<typeof SequenceDetail>;

/** Answer of `POST /automation/v4/sequences/enrollments`. */
export const EnrollmentResult = z.strictObject({
	id: z.string().describe('enrollment id'),
	toEmail: z.string().describe('contact email'),
	enrolledAt: ts('enrollment time'),
	updatedAt: ts('last state change')
});
export type EnrollmentResult = z.infer<typeof EnrollmentResult>;

/** Answer of `GET /automation/v4/sequences/enrollments/contact/{contactId}`: the contact's live enrollment. */
export const ContactEnrollment = EnrollmentResult.extend({
	sequenceId: z.string().describe('the sequence'),
	sequenceName: z.string().describe('its name'),
	enrolledBy: z.string().describe('HubSpot user id of the enrolling user'),
	enrolledByEmail: z.string().describe('sending inbox'),
	state: z.enum(['ACTIVE', 'PAUSED']).describe('live state'),
	currentStep: z.number().int().nonnegative().describe('0-based current step')
});
export type ContactEnrollment = z.infer<typeof ContactEnrollment>;

/** Answer of `POST /automation/v4/sequences/enrollments/{id}/unenroll` (gym-specific). */
export const UnenrollResult = EnrollmentResult.extend({
	state: z.enum(ENROLLMENT_STATES).describe('UNENROLLED'),
	unenrolledReason: z.enum(UNENROLL_REASONS).nullable().describe('MANUAL')
});

/** One enrollment of a sequence (gym-specific "Enrolled" list). */
export const SequenceEnrollmentRow = z.strictObject({
	id: z.string().describe('enrollment id'),
	contactId: z.string().describe('enrolled contact'),
	toEmail: z.string().describe('contact email at enrollment'),
	senderEmail: z.string().describe('sending inbox'),
	state: z.enum(ENROLLMENT_STATES).describe('enrollment state'),
	currentStep: z.number().int().nonnegative().describe('0-based step'),
	unenrolledReason: z.enum(UNENROLL_REASONS).nullable().describe('why it ended, else null'),
	enrolledAt: ts('enrollment time'),
	updatedAt: ts('last state change')
});
export type SequenceEnrollmentRow = z.infer<typeof SequenceEnrollmentRow>;

/** Answer of `GET /automation/v4/sequences/{id}/enrollments` (gym-specific): newest first. */
export const SequenceEnrollmentList = z.strictObject({
	results: z.array(SequenceEnrollmentRow).describe('enrollments'),
	total: z.number().int().nonnegative().describe('count')
});

/** A sales email template on the wire; timestamps epoch ms; `folderId` = folder name in this gym. */
export const WireTemplate = z.strictObject({
	id: z.string().describe('template id'),
	name: z.string().describe('template name'),
	subject: z.string().describe('subject with tokens'),
	body: z.string().describe('body with tokens'),
	folderId: z.string().describe('folder name, "" for none'),
	ownerId: z.string().describe('owner id of the creator'),
	createdAt: z.number().int().describe('creation time, epoch ms'),
	updatedAt: z.number().int().describe('last modification time, epoch ms')
});
export type WireTemplate = z.infer<typeof WireTemplate>;

/** Answer of `GET /automation/email-templates/2026-03`. */
export const TemplatePage = z.strictObject({ results: z.array(WireTemplate).describe('templates in id order'), paging });
