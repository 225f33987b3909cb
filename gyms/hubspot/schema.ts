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

/** A CRM object's property map: every value a string (platforms.md §2 "all property values are strings"). */
const Properties = z.record(z.string(), z.string()).describe('property name → string value (ISO ms for datetimes, decimal text for numbers); absent = never set');

/** The stored shape every CRM object shares (wire shape without `associations`): companies, deals, engagements. */
export const CrmObject = z.strictObject({
	id: HubSpotId,
	properties: Properties,
	createdAt: IsoTimestamp,
	updatedAt: IsoTimestamp,
	archived: z.boolean().describe('true once deleted (recycle bin)')
});
export type CrmObject = z.infer<typeof CrmObject>;

/** A stored company: `name`, `domain` (dedupe key), `industry`, `numberofemployees`, `annualrevenue`, `city`, `state`, `country`, `type`, `lifecyclestage`, `hubspot_owner_id`, `linkedin_company_page` … */
export const Company = CrmObject.describe('HubSpot company (object type 0-2)');
/** A stored company row. */
export type Company = CrmObject;

/** `type` options of a company (platforms.md §2.1). */
export const COMPANY_TYPES = ['PROSPECT', 'PARTNER', 'RESELLER', 'VENDOR', 'OTHER'] as const;

/** Deal stages of the default pipeline `default` ("Sales Pipeline"), in order, with probability and closed flag (platforms.md §2.1). */
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

/** A stored deal: `dealname`, `pipeline`, `dealstage`, `amount` (decimal text, USD), `closedate` (ISO ms), `dealtype` (`newbusiness`|`existingbusiness`), `hubspot_owner_id`, `hs_priority`, `closed_lost_reason`, `closed_won_reason`, `hs_is_closed_won`. */
export const Deal = CrmObject.describe('HubSpot deal (object type 0-3)');
/** A stored deal row. */
export type Deal = CrmObject;

/** `hs_task_status` options (platforms.md §2.1). */
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

/** A task engagement: `hs_task_subject`, `hs_task_body`, `hs_task_status`, `hs_task_priority`, `hs_task_type`, `hs_timestamp` (= due, ISO ms), `hubspot_owner_id`. */
export const Task = CrmObject.describe('HubSpot task engagement');
/** A note engagement: `hs_note_body` (HTML-free text here), `hs_timestamp`, `hubspot_owner_id`. */
export const Note = CrmObject.describe('HubSpot note engagement');
/** An email engagement: `hs_email_subject`, `hs_email_text`, `hs_email_direction`, `hs_email_status`, `hs_email_from_email`, `hs_email_to_email`, `hs_timestamp`, `hubspot_owner_id`. */
export const Email = CrmObject.describe('HubSpot email engagement');
/** A meeting engagement: `hs_meeting_title`, `hs_meeting_body`, `hs_meeting_start_time`, `hs_meeting_end_time`, `hs_meeting_outcome`, `hs_meeting_external_url`, `hs_timestamp`, `hubspot_owner_id`. */
export const Meeting = CrmObject.describe('HubSpot meeting engagement');
/** Call outcomes (`hs_call_status`, platforms.md §2.1). */
export const CALL_STATUSES = ['COMPLETED', 'NO_ANSWER', 'BUSY', 'FAILED', 'CANCELED'] as const;
/** Call directions (`hs_call_direction`). */
export const CALL_DIRECTIONS = ['INBOUND', 'OUTBOUND'] as const;
/** A call engagement: `hs_call_body`, `hs_call_direction`, `hs_call_duration` (ms, as text), `hs_call_status`, `hs_call_disposition`, `hs_timestamp`, `hubspot_owner_id`. */
export const Call = CrmObject.describe('HubSpot call engagement');

/** Object types an association may join (v4 names). */
export const ASSOCIATION_OBJECT_TYPES = ['contacts', 'companies', 'deals', 'tasks', 'notes', 'emails', 'meetings', 'calls'] as const;

/**
 * HUBSPOT_DEFINED association type ids by `from→to` (platforms.md §2.1). One stored row per association in
 * its canonical direction (the first of each pair); the reverse id is derived.
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

/** One association between two records (a two-way-indexed row, platforms.md §7). `id` = `<typeId>:<fromId>:<toId>`. */
export const Association = z.strictObject({
	id: z.string().regex(/^\d+:\d+:\d+$/).describe('"<associationTypeId>:<fromObjectId>:<toObjectId>"'),
	fromObjectType: z.enum(ASSOCIATION_OBJECT_TYPES).describe('object type of the source record'),
	fromObjectId: HubSpotId.describe('id of the source record'),
	toObjectType: z.enum(ASSOCIATION_OBJECT_TYPES).describe('object type of the target record'),
	toObjectId: HubSpotId.describe('id of the target record'),
	associationCategory: z.enum(['HUBSPOT_DEFINED', 'USER_DEFINED']).describe('HUBSPOT_DEFINED for the standard types'),
	associationTypeId: z.number().int().positive().describe('association type id, e.g. 279 contact→company (primary)')
});
export type Association = z.infer<typeof Association>;

/** A sales email template; `body` and `subject` carry personalization tokens like `{{ contact.firstname }}`, `{{ company.name }}`, `{{ sender.firstname }}`. */
export const Template = z.strictObject({
	id: HubSpotId,
	name: z.string().min(1).describe('template name as listed in Sales > Templates'),
	folder: z.string().describe('folder name, "" for none'),
	subject: z.string().min(1).describe('subject line with tokens'),
	body: z.string().min(1).describe('plain-text body with tokens, e.g. {{ contact.firstname | default("there") }}'),
	ownerId: HubSpotId.describe('owner id of the creator'),
	createdAt: IsoTimestamp,
	updatedAt: IsoTimestamp,
	archived: z.boolean()
});
export type Template = z.infer<typeof Template>;

/** A deal pipeline, shape of `GET /crm/v3/pipelines/deals` results. */
export const Pipeline = z.strictObject({
	id: z.string().min(1).describe('"default" for the default pipeline'),
	label: z.string().min(1),
	displayOrder: z.number().int().nonnegative(),
	stages: z.array(
		z.strictObject({
			id: z.string().min(1).describe('stage id, e.g. "appointmentscheduled"'),
			label: z.string().min(1),
			displayOrder: z.number().int().nonnegative(),
			metadata: z.strictObject({ probability: z.string().describe('decimal text 0.0–1.0'), isClosed: z.enum(['true', 'false']) })
		})
	),
	createdAt: IsoTimestamp,
	updatedAt: IsoTimestamp,
	archived: z.boolean()
});
export type Pipeline = z.infer<typeof Pipeline>;

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

// ---- Sales slice (issue 5): lists (segments), forms + submissions, sequences + enrollments, connected inboxes ----

/** `processingType` of a list (Lists v3, platforms.md §2.1): MANUAL = members added by hand; DYNAMIC = filter-based; SNAPSHOT = filter once, then manual. */
export const LIST_PROCESSING_TYPES = ['MANUAL', 'DYNAMIC', 'SNAPSHOT'] as const;

/** A list (UI: "segment") of contacts. Stored with `id`; the API answers with `listId` (Lists v3 shape). `size` is derived from `list_memberships`. */
export const List = z.strictObject({
	id: HubSpotId.describe('the listId (numeric string)'),
	name: z.string().min(1).max(255).describe('list name, unique (case-insensitive) among live lists'),
	objectTypeId: z.literal('0-1').describe('object type of the members: "0-1" = contacts (the only type this gym serves)'),
	processingType: z.enum(LIST_PROCESSING_TYPES).describe('MANUAL for hand-picked members; this gym evaluates no filters'),
	createdById: HubSpotId.nullable().describe('owner id of the creator, null when created through the API'),
	createdAt: IsoTimestamp,
	updatedAt: IsoTimestamp,
	archived: z.boolean().describe('true once deleted (restorable for 90 days in HubSpot)')
});
export type List = z.infer<typeof List>;

/** One record's membership of a list. `id` = `<listId>:<recordId>`. */
export const ListMembership = z.strictObject({
	id: z.string().regex(/^\d+:\d+$/).describe('"<listId>:<recordId>"'),
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

/** `fieldType` of a form field (Marketing Forms v3). */
export const FORM_FIELD_TYPES = ['email', 'single_line_text', 'phone', 'multi_line_text', 'dropdown'] as const;

/** One field of a form (Marketing Forms v3 `fieldGroups[].fields[]`). */
export const FormField = z.strictObject({
	objectTypeId: z.literal('0-1').describe('the field writes a contact property'),
	name: z.string().min(1).describe('contact property name, e.g. "email"'),
	label: z.string().min(1).describe('label shown on the form'),
	required: z.boolean(),
	hidden: z.boolean(),
	fieldType: z.enum(FORM_FIELD_TYPES),
	options: z.array(z.strictObject({ label: z.string(), value: z.string() })).optional().describe('dropdown options')
});
export type FormField = z.infer<typeof FormField>;

/** A HubSpot form (Marketing Forms v3 subset). Contacts created by a submission get `lifecyclestage` ≥ `lead`. */
export const Form = z.strictObject({
	id: FormGuid,
	name: z.string().min(1),
	formType: z.literal('hubspot'),
	fieldGroups: z.array(z.strictObject({ groupType: z.literal('default_group'), richTextType: z.literal('text'), fields: z.array(FormField).min(1) })).min(1),
	configuration: z.strictObject({
		postSubmitAction: z.strictObject({ type: z.literal('thank_you'), value: z.string().min(1).describe('the inline thank-you message returned as inlineMessage') })
	}),
	displayOptions: z.strictObject({ submitButtonText: z.string().min(1) }),
	createdAt: IsoTimestamp,
	updatedAt: IsoTimestamp,
	archived: z.boolean()
});
export type Form = z.infer<typeof Form>;

/** One stored form submission (what `GET /form-integrations/v1/submissions/forms/{guid}` lists). */
export const FormSubmission = z.strictObject({
	id: HubSpotId.describe('gym conversion id'),
	formId: FormGuid.describe('the form submitted'),
	submittedAt: IsoTimestamp.describe('submission time (the API takes and returns epoch ms)'),
	values: z.array(z.strictObject({ name: z.string().min(1), value: z.string() })).describe('submitted field values, in submission order'),
	pageUri: z.string().describe('page the form was on, "" when unknown'),
	pageName: z.string().describe('page title, "" when unknown'),
	contactId: HubSpotId.describe('the contact created or updated by the submission')
});
export type FormSubmission = z.infer<typeof FormSubmission>;

/** `actionType` of a sequence step (verify: HubSpot's v4 step model; values used by this gym). */
export const SEQUENCE_STEP_ACTIONS = ['SEND_TEMPLATE', 'CREATE_TASK'] as const;
/** Task step types: call, to-do, manual email, LinkedIn. */
export const SEQUENCE_TASK_TYPES = ['CALL', 'TODO', 'EMAIL', 'LINKED_IN'] as const;

/** One step of a sequence. Automated emails send a template; manual emails and other steps create a task. */
export const SequenceStep = z.strictObject({
	stepOrder: z.number().int().nonnegative().describe('0-based position'),
	delayMillis: z.number().int().nonnegative().describe('delay after the previous step (ms); day N of the UI = sum of delays / 86,400,000 + 1'),
	actionType: z.enum(SEQUENCE_STEP_ACTIONS),
	templateId: HubSpotId.nullable().describe('email template sent (SEND_TEMPLATE, or the template of a manual-email task), else null'),
	taskType: z.enum(SEQUENCE_TASK_TYPES).nullable().describe('task type for CREATE_TASK steps, else null'),
	taskSubject: z.string().nullable().describe('task title for CREATE_TASK steps, else null')
});
export type SequenceStep = z.infer<typeof SequenceStep>;

/** A HubSpot sales sequence (`GET /automation/v4/sequences/{id}` subset). */
export const Sequence = z.strictObject({
	id: HubSpotId,
	name: z.string().min(1),
	userId: HubSpotId.describe('owner id of the sequence owner'),
	folderId: z.string().describe('folder name, "" for none'),
	steps: z.array(SequenceStep).min(1),
	createdAt: IsoTimestamp,
	updatedAt: IsoTimestamp,
	archived: z.boolean()
});
export type Sequence = z.infer<typeof Sequence>;

/** Enrollment states (UI: Active, Paused, Finished, Unenrolled). Only ACTIVE and PAUSED count as "enrolled" (one sequence per contact at a time). */
export const ENROLLMENT_STATES = ['ACTIVE', 'PAUSED', 'FINISHED', 'UNENROLLED'] as const;
/** Why an enrollment ended: reply, meeting booked, bounce, unsubscribe, or a user unenrolled it. */
export const UNENROLL_REASONS = ['REPLIED', 'MEETING_BOOKED', 'BOUNCED', 'UNSUBSCRIBED', 'MANUAL'] as const;

/** A contact's enrollment in a sequence. */
export const SequenceEnrollment = z.strictObject({
	id: HubSpotId,
	sequenceId: HubSpotId,
	contactId: HubSpotId,
	toEmail: z.string().min(1).describe('the contact email at enrollment'),
	senderEmail: z.string().min(1).describe('the connected inbox sending the emails'),
	userId: HubSpotId.describe('owner id of the enrolling user'),
	state: z.enum(ENROLLMENT_STATES),
	currentStep: z.number().int().nonnegative().describe('0-based step the enrollment is at (or ended at)'),
	unenrolledReason: z.enum(UNENROLL_REASONS).nullable().describe('set once state is FINISHED/UNENROLLED by an exit rule or a user, else null'),
	enrolledAt: IsoTimestamp,
	updatedAt: IsoTimestamp
});
export type SequenceEnrollment = z.infer<typeof SequenceEnrollment>;

/** An owner's connected sales inbox (Settings > General > Email). An owner without one cannot send sequences. */
export const ConnectedInbox = z.strictObject({
	id: HubSpotId,
	ownerId: HubSpotId,
	email: z.email().describe('the inbox address (the owner login email)'),
	provider: z.enum(['GMAIL', 'OFFICE365']),
	connectedAt: IsoTimestamp
});
export type ConnectedInbox = z.infer<typeof ConnectedInbox>;

/** Table names of the HubSpot gym, in export order. */
export const HUBSPOT_TABLES = ['contacts', 'companies', 'deals', 'associations', 'owners', 'tasks', 'notes', 'emails', 'meetings', 'templates', 'pipelines', 'calls', 'lists', 'list_memberships', 'forms', 'form_submissions', 'sequences', 'sequence_enrollments', 'inboxes'] as const;
/** One of {@link HUBSPOT_TABLES}. */
export type HubSpotTable = (typeof HUBSPOT_TABLES)[number];

/** The HubSpot gym's state: one array per table, rows in id order. This is also its export shape. */
export const HubSpotState = z.strictObject({
	contacts: z.array(Contact),
	companies: z.array(Company),
	deals: z.array(Deal),
	associations: z.array(Association),
	owners: z.array(Owner),
	tasks: z.array(Task),
	notes: z.array(Note),
	emails: z.array(Email),
	meetings: z.array(Meeting),
	templates: z.array(Template),
	pipelines: z.array(Pipeline),
	calls: z.array(Call),
	lists: z.array(List),
	list_memberships: z.array(ListMembership),
	forms: z.array(Form),
	form_submissions: z.array(FormSubmission),
	sequences: z.array(Sequence),
	sequence_enrollments: z.array(SequenceEnrollment),
	inboxes: z.array(ConnectedInbox)
});
export type HubSpotState = z.infer<typeof HubSpotState>;

/**
 * A blueprint fixture for HubSpot: records added (or replaced by id) on top of the projected seed.
 * Same row shapes as the seed; validated the same way, and every reference (owner, association ends) must resolve.
 */
export const HubSpotFixture = z.strictObject({
	contacts: z.array(Contact).optional(),
	companies: z.array(Company).optional(),
	deals: z.array(Deal).optional(),
	associations: z.array(Association).optional(),
	owners: z.array(Owner).optional(),
	tasks: z.array(Task).optional(),
	notes: z.array(Note).optional(),
	emails: z.array(Email).optional(),
	meetings: z.array(Meeting).optional(),
	templates: z.array(Template).optional(),
	calls: z.array(Call).optional(),
	lists: z.array(List).optional(),
	list_memberships: z.array(ListMembership).optional(),
	forms: z.array(Form).optional(),
	form_submissions: z.array(FormSubmission).optional(),
	sequences: z.array(Sequence).optional(),
	sequence_enrollments: z.array(SequenceEnrollment).optional(),
	inboxes: z.array(ConnectedInbox).optional()
});
export type HubSpotFixture = z.infer<typeof HubSpotFixture>;

// ---- API bodies (zod strict: a misspelled key is a 400, never silently dropped) ----
// CRM object bodies (create / update / search / batch) live beside their handlers in api/engine.ts, api/search.ts,
// api/batch.ts; property rules come from the registry (properties.ts).

/** Body of `POST /crm/v3/lists`. */
export const CreateListBody = z.strictObject({
	name: z.string().trim().min(1).max(255).describe('list name'),
	objectTypeId: z.literal('0-1').describe('"0-1" (contacts)'),
	processingType: z.literal('MANUAL').describe('this gym creates MANUAL lists only'),
	listFolderId: z.number().int().optional()
});

/** Body of `POST /crm/v3/lists/search`. */
export const ListSearchBody = z.strictObject({
	query: z.string().max(255).optional().describe('substring of the list name (case-insensitive)'),
	offset: z.number().int().nonnegative().optional().describe('0-based offset, default 0'),
	count: z.number().int().min(1).max(500).optional().describe('page size, default 20'),
	processingTypes: z.array(z.enum(LIST_PROCESSING_TYPES)).optional()
});

/** Body of `PUT /crm/v3/lists/{listId}/memberships/add|remove`: record ids (strings or numbers). */
export const MembershipBody = z.array(z.union([z.string().regex(/^\d+$/), z.number().int().positive()])).max(100_000);

/** Body of `POST /submissions/v3/integration/submit/{portalId}/{formGuid}`. */
export const FormSubmitBody = z.strictObject({
	submittedAt: z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]).optional().describe('epoch ms; the virtual clock when omitted'),
	fields: z.array(z.strictObject({ objectTypeId: z.string().optional(), name: z.string().min(1), value: z.string() })).describe('submitted values'),
	context: z.strictObject({ hutk: z.string().optional(), pageUri: z.string().optional(), pageName: z.string().optional(), ipAddress: z.string().optional() }).optional(),
	legalConsentOptions: z.unknown().optional()
});

/** Body of `POST /automation/v4/sequences/enrollments`. */
export const EnrollBody = z.strictObject({
	contactId: z.union([z.string(), z.number()]).transform(String).describe('contact id'),
	sequenceId: z.union([z.string(), z.number()]).transform(String).describe('sequence id'),
	senderEmail: z.string().min(1).describe('email of a connected inbox of the enrolling user'),
	senderAliasAddress: z.string().optional(),
	startingStepOrder: z.number().int().nonnegative().optional().describe('gym extension (UI "Start at step"): 0-based step to start at, default 0')
});
