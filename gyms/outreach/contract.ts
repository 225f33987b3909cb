/**
 * The Outreach gym's API contract: JSON:API resource types, attribute enums, the stored resources and the error envelope.
 * Page-safe: it imports zod only, so the gym's handlers (in the Service Worker), its seed and its future UI client
 * (in the page) share one set of vendor constants and record schemas; `schema.ts` re-exports it and adds the
 * gym's state and fixture schemas.
 *
 * Facts follow Outreach's API v2 reference and its published OpenAPI document (JSON:API 1.0): a resource is
 * `{type, id, attributes, relationships}` with `type` the camelCase singular name (`sequenceState`), timestamps
 * are UTC ISO-8601, relationships are `{data: {type, id}}`.
 *
 * Storage choices (documented in the gym card):
 * - ids are stored as numeric strings (`"42"`); Outreach sends integers on the wire, the future API layer
 *   converts at the boundary, so every table in this repository has string ids.
 * - only to-one relationships are stored (the foreign keys). To-many relationships
 *   (`prospect.sequenceStates`, `sequence.sequenceSteps`, …) are the inverse of a to-one and are computed by
 *   the API, never stored twice.
 */
import { z } from 'zod';

/** An Outreach id: a positive integer, stored as its decimal string (e.g. `"123"`). */
export const OutreachId = z
	.string()
	.regex(/^[1-9][0-9]{0,15}$/, 'an Outreach id is a positive integer written as a string')
	.describe('positive integer id as a decimal string (Outreach sends the integer; stored as a string)');

/** UTC ISO-8601 timestamp with milliseconds, e.g. `2026-03-02T09:00:00.000Z`. */
export const IsoTimestamp = z
	.string()
	.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, 'UTC ISO-8601 with milliseconds')
	.describe('UTC ISO-8601 timestamp with milliseconds');

const ts = (what: string) => IsoTimestamp.describe(`${what}: UTC ISO-8601 with milliseconds`);
const tsOrNull = (what: string) => IsoTimestamp.nullable().describe(`${what}: UTC ISO-8601 with milliseconds, null when it never happened`);
const count = (what: string) => z.number().int().nonnegative().describe(`${what}: non-negative integer count`);

/** JSON:API resource types of the Outreach gym (camelCase singular, as Outreach writes them). */
export const RESOURCE_TYPES = [
	'user',
	'mailbox',
	'stage',
	'account',
	'prospect',
	'sequence',
	'sequenceStep',
	'template',
	'sequenceTemplate',
	'sequenceState',
	'mailing',
	'task',
	'ruleset',
	'emailAddress',
	'call',
	'callDisposition',
	'snippet',
	'persona'
] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** A wire id: Outreach sends ids as positive integers (its OpenAPI: `id: integer`). */
export const WireId = z.number().int().positive().describe('positive integer id (as Outreach sends it on the wire)');

/** How a relationship is declared once and built twice: stored (string ids) and wire (integer ids). */
interface RelSpec {
	types: readonly ResourceType[];
	nullable: boolean;
	what: string;
}

/** A required to-one relationship → `type`. */
const one = <T extends ResourceType>(type: T, what: string) => ({ types: [type] as [T], nullable: false as const, what });
/** An optional to-one relationship → `type` (`data: null` when unset). */
const oneOrNull = <T extends ResourceType>(type: T, what: string) => ({ types: [type] as [T], nullable: true as const, what });

/** The relationship schema of `spec` with `id` as the identifier's id schema. */
function relSchema(spec: RelSpec, id: z.ZodType) {
	const ids = spec.types.map((t) => z.strictObject({ type: z.literal(t).describe(`JSON:API type "${t}"`), id }));
	const ident = (ids.length === 1 ? ids[0]! : z.union(ids as unknown as [z.ZodType, z.ZodType])).describe(
		`resource identifier {type: ${spec.types.map((t) => `"${t}"`).join(' | ')}, id}`
	);
	return z
		.strictObject({ data: spec.nullable ? ident.nullable().describe('resource identifier, or null') : ident })
		.describe(`to-one relationship → ${spec.types.join(' | ')}${spec.nullable ? ' or null' : ''}: ${spec.what}`);
}

/** Attribute and relationship shapes of every resource type, for the generic JSON:API layer and the vendor check. */
export const RESOURCE_SHAPES = {} as Record<ResourceType, { attributes: z.ZodRawShape; relationships: Record<string, RelSpec>; wire: z.ZodType }>;

/**
 * Builds a strict stored JSON:API resource schema `{type, id: "<digits>", attributes, relationships}` and records
 * its wire twin (integer ids, the answer shape) in {@link RESOURCE_SHAPES} / {@link WIRE}.
 * @param computed read-only attributes the API computes when it answers (e.g. a sequence step's `deliverCount`
 *   from the mailings): served (in the wire twin, filterable and sortable) but never stored; also the served form
 *   of an attribute stored only when set (a prospect custom field: stored optional, served nullable).
 */
function resource<T extends ResourceType, A extends z.ZodRawShape, R extends Record<string, RelSpec>>(
	type: T,
	attributes: A,
	relationships: R,
	computed: z.ZodRawShape = {}
) {
	const build = (id: z.ZodType, attrs: z.ZodRawShape = attributes) =>
		z.strictObject({
			type: z.literal(type).describe(`JSON:API type "${type}"`),
			id,
			attributes: z.strictObject(attrs).describe(`${type} attributes (Outreach wire names)`),
			relationships: z
				.strictObject(Object.fromEntries(Object.entries(relationships).map(([k, v]) => [k, relSchema(v, id)])) as z.ZodRawShape)
				.describe(`${type} to-one relationships`)
		});
	const served = { ...attributes, ...computed };
	RESOURCE_SHAPES[type] = { attributes: served, relationships, wire: build(WireId, served) };
	type Rel<S extends RelSpec> = S['nullable'] extends true
		? { data: { type: S['types'][number]; id: string } | null }
		: { data: { type: S['types'][number]; id: string } };
	return build(OutreachId) as unknown as z.ZodType<{
		type: T;
		id: string;
		attributes: z.infer<z.ZodObject<A>>;
		relationships: { [K in keyof R]: Rel<R[K]> };
	}>;
}

// ---------------------------------------------------------------------------------------------- enums

/** `sequenceState.state` values (Outreach help "Sequence States Overview"; the spec types it as a free string): every state a prospect × sequence can be in. */
export const SEQUENCE_STATE_STATES = ['pending', 'active', 'paused', 'finished', 'disabled', 'failed', 'bounced', 'opted_out'] as const;
export type SequenceStateState = (typeof SEQUENCE_STATE_STATES)[number];

/**
 * `sequenceStep.stepType` values, exactly the four of Outreach's OpenAPI `sequenceStep.stepType` ("must be
 * "auto_email", "manual_email", "call" or "task""). The UI's LinkedIn and SMS steps are `task` steps: their kind
 * is the label in the step's read-only `displayName` ("Step 3 (LinkedIn – Send Message)") and the `taskType` of
 * the tasks they create (`sequence_step_linkedin_send_message`); see {@link TASK_STEP_KINDS} and {@link stepTaskType}.
 */
export const STEP_TYPES = ['auto_email', 'manual_email', 'call', 'task'] as const;
export type StepType = (typeof STEP_TYPES)[number];

/** `mailing.state` values (Outreach OpenAPI `mailing.state`, exactly these ten). Clicks are `clickedAt`/`clickCount`, not a state. */
export const MAILING_STATES = ['drafted', 'scheduled', 'queued', 'delivering', 'delivered', 'opened', 'replied', 'bounced', 'failed', 'placeholder'] as const;
export type MailingState = (typeof MAILING_STATES)[number];

/** `mailing.mailingType` values. */
export const MAILING_TYPES = ['sequence', 'single', 'campaign'] as const;

/** `task.action` values. */
export const TASK_ACTIONS = ['action_item', 'call', 'email', 'in_person'] as const;
/** `task.state` values. */
export const TASK_STATES = ['pending', 'incomplete', 'complete'] as const;
/** `task.taskType` values (Outreach OpenAPI `task.taskType`). */
export const TASK_TYPES = [
	'follow_up',
	'manual',
	'no_reply',
	'sequence_open',
	'sequence_click',
	'sequence_step_call',
	'sequence_step_email',
	'sequence_step_linkedin_interact_with_post',
	'sequence_step_linkedin_other',
	'sequence_step_linkedin_send_connection_request',
	'sequence_step_linkedin_send_message',
	'sequence_step_linkedin_view_profile',
	'sequence_step_sms',
	'sequence_step_task',
	'touch'
] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** `sequence.sequenceType`: steps spaced by intervals, or on fixed dates. */
export const SEQUENCE_TYPES = ['interval', 'date'] as const;
/** `shareType` of sequences and templates (verify). */
export const SHARE_TYPES = ['private', 'read_only', 'shared'] as const;
/** `sequence.primaryReplyAction` (`finish` is Outreach's default; the pause variant is "verify"). */
export const PRIMARY_REPLY_ACTIONS = ['finish', 'continue', 'pause'] as const;
/** `prospect.emailsOptStatus` (verify values). */
export const EMAILS_OPT_STATUSES = ['opted_in', 'opted_out'] as const;
/** `mailing.followUpTaskType`. */
export const FOLLOW_UP_TASK_TYPES = ['follow_up', 'no_reply'] as const;

/** Default org stages in order (admin-defined in Outreach; these are the replica org's). */
export const DEFAULT_STAGES = ['Cold', 'Approaching', 'Replied', 'Interested', 'Not Interested', 'Unresponsive', 'Do Not Contact', 'Bad Contact Info'] as const;

/** UI label of each `stepType` (the parenthesised part of `displayName`, "Step 3 (Call)"). */
export const STEP_LABELS: Record<StepType, string> = { auto_email: 'Auto Email', manual_email: 'Manual Email', call: 'Call', task: 'Task' };

/**
 * The kinds of a `task` step other than a general task, by the `taskType` their tasks carry (Outreach OpenAPI
 * `task.taskType`) → the UI label that the step's `displayName` carries ("Step 2 (LinkedIn – Send Connection Request)").
 */
export const TASK_STEP_KINDS = {
	sequence_step_linkedin_send_connection_request: 'LinkedIn – Send Connection Request',
	sequence_step_linkedin_send_message: 'LinkedIn – Send Message',
	sequence_step_linkedin_view_profile: 'LinkedIn – View Profile',
	sequence_step_linkedin_interact_with_post: 'LinkedIn – Interact with Post',
	sequence_step_linkedin_other: 'LinkedIn – Other',
	sequence_step_sms: 'SMS'
} as const satisfies Partial<Record<TaskType, string>>;
export type TaskStepKind = keyof typeof TASK_STEP_KINDS;

const KIND_BY_LABEL = new Map<string, TaskStepKind>(Object.entries(TASK_STEP_KINDS).map(([k, v]) => [v, k as TaskStepKind]));

/**
 * The UI label of a step: "Auto Email", "Call", "Task", or a task step's kind ("LinkedIn – Send Message"), read from
 * the parenthesised end of `displayName` for `task` steps. Never throws.
 */
export function stepLabel(step: { attributes: { stepType: StepType; displayName: string | null } }): string {
	if (step.attributes.stepType === 'task') {
		const m = /\(([^()]+)\)$/.exec(step.attributes.displayName ?? '');
		if (m && KIND_BY_LABEL.has(m[1]!)) return m[1]!;
	}
	return STEP_LABELS[step.attributes.stepType];
}

/**
 * `task.taskType` of the tasks a step creates: `sequence_step_email` (manual email), `sequence_step_call`,
 * `sequence_step_task`, or a LinkedIn / SMS kind named by the step's `displayName`; `null` for an auto email
 * (which creates a mailing, not a task). Never throws.
 */
export function stepTaskType(step: { attributes: { stepType: StepType; displayName: string | null } }): TaskType | null {
	switch (step.attributes.stepType) {
		case 'auto_email':
			return null;
		case 'manual_email':
			return 'sequence_step_email';
		case 'call':
			return 'sequence_step_call';
		case 'task':
			return KIND_BY_LABEL.get(stepLabel(step)) ?? 'sequence_step_task';
	}
}

// ---------------------------------------------------------------------------------------------- resources

/** An Outreach user (a member of the selling team). Join key to HubSpot owners and Calendly hosts: `email`. */
export const User = resource(
	'user',
	{
		email: z.email().describe('login email, lower-case; join key (owner email) across gyms'),
		firstName: z.string().describe('first name'),
		lastName: z.string().describe('last name'),
		name: z.string().describe('display name "First Last"'),
		username: z.string().describe('username (the email local part)'),
		title: z.string().nullable().describe('job title, e.g. "Sales Development Representative"'),
		locked: z.boolean().describe('true when the user cannot sign in'),
		createdAt: ts('created'),
		updatedAt: ts('last updated')
	},
	{}
);
export type User = z.infer<typeof User>;

/** A sending mailbox of a user. */
export const Mailbox = resource(
	'mailbox',
	{
		email: z.email().describe('sender address, lower-case'),
		sendDisabled: z.boolean().describe('true when sending is disabled (disconnected mailbox)'),
		sendErroredAt: tsOrNull('last send error'),
		maxEmailsPerDay: count('daily sending cap, emails per day'),
		createdAt: ts('created'),
		updatedAt: ts('last updated')
	},
	{ user: one('user', 'the mailbox owner') }
);
export type Mailbox = z.infer<typeof Mailbox>;

/** A prospect stage (org-defined). */
export const Stage = resource(
	'stage',
	{
		name: z.string().describe('stage name, e.g. "Interested"'),
		order: z.number().int().positive().describe('1-based display order'),
		color: z
			.string()
			.regex(/^#[0-9a-f]{6}$/)
			.describe('hex colour "#rrggbb"'),
		createdAt: ts('created'),
		updatedAt: ts('last updated')
	},
	{}
);
export type Stage = z.infer<typeof Stage>;

/** A company (an Outreach account). Join key to HubSpot companies and Sales Navigator accounts: `domain`. */
export const Account = resource(
	'account',
	{
		name: z.string().describe('company name'),
		domain: z.string().describe('bare domain, lower-case, e.g. "acme.com"; join key'),
		websiteUrl: z.string().nullable().describe('"https://<domain>"'),
		industry: z.string().nullable().describe('industry label'),
		numberOfEmployees: z.number().int().nonnegative().nullable().describe('headcount, integer people'),
		locality: z.string().nullable().describe('HQ "City, Country"'),
		linkedInUrl: z.string().nullable().describe('"https://www.linkedin.com/company/<slug>"'),
		tags: z.array(z.string()).describe('free tags'),
		named: z.boolean().describe('true for a named (target) account'),
		createdAt: ts('created'),
		updatedAt: ts('last updated')
	},
	{ owner: oneOrNull('user', 'account owner') }
);
export type Account = z.infer<typeof Account>;

// ---------------------------------------------------------------------------------------------- custom fields

/** How many prospect custom fields Outreach has: `custom1` … `custom150` (Outreach OpenAPI `prospect`). */
export const CUSTOM_FIELD_COUNT = 150;
/** Longest value of one custom field, in characters (Outreach OpenAPI `prospect.customN`: `maxLength: 32000`). */
export const CUSTOM_FIELD_MAX_LENGTH = 32000;
/** The prospect custom field names in order: `["custom1", …, "custom150"]`. */
export const CUSTOM_FIELDS: readonly string[] = Array.from({ length: CUSTOM_FIELD_COUNT }, (_, i) => `custom${i + 1}`);
/** Whether `name` is one of the prospect custom fields (`custom1` … `custom150`). Never throws. */
export const isCustomField = (name: string): boolean => /^custom([1-9][0-9]?|1[0-4][0-9]|150)$/.test(name);

/**
 * The record label of a custom field: "Custom Field 7" for `custom7` (an org admin names fields under
 * Administration › Records › Prospects › Fields configuration; this org has named none, so Outreach shows the
 * default names). Never throws; a name that is not a custom field is returned as is.
 */
export function customFieldLabel(name: string): string {
	return isCustomField(name) ? `Custom Field ${name.slice('custom'.length)}` : name;
}

/** A stored custom field value: a non-empty string of at most 32000 characters; an unset field is absent (served null). */
const storedCustom = () =>
	z.string().min(1).max(CUSTOM_FIELD_MAX_LENGTH).optional().describe('custom field value (≤ 32000 characters); absent = null (never set or cleared)');
/** A served custom field value (Outreach OpenAPI `prospect.customN`: nullable string, maxLength 32000). */
const servedCustom = () => z.string().max(CUSTOM_FIELD_MAX_LENGTH).nullable().describe('custom field value (≤ 32000 characters), null when unset');

/**
 * Attributes every served resource of a type carries with a default when its stored row lacks them: the 150
 * prospect custom fields are stored only when set (so an untouched prospect's row and the export stay as they were)
 * and served as `null` otherwise. `toWire` (the API layer) applies these.
 */
export const SERVED_DEFAULTS: Partial<Record<ResourceType, Readonly<Record<string, null>>>> = {
	prospect: Object.fromEntries(CUSTOM_FIELDS.map((n) => [n, null]))
};

/**
 * Served attributes that the spec does not mark filterable or sortable and that the API therefore refuses in
 * `filter[…]` and `sort` (400): the prospect custom fields (Outreach OpenAPI `prospect.customN` carries neither
 * the filterable nor the sortable badge).
 */
export const NOT_FILTERABLE: Partial<Record<ResourceType, ReadonlySet<string>>> = { prospect: new Set(CUSTOM_FIELDS) };

/** A prospect (a person). Join keys: `emails[0]` ↔ HubSpot contact email / Calendly invitee email, `linkedInUrl`. */
export const Prospect = resource(
	'prospect',
	{
		firstName: z.string().describe('first name'),
		lastName: z.string().describe('last name'),
		emails: z.array(z.email()).describe('email addresses, lower-case, first = primary; unique across prospects (email_hash)'),
		title: z.string().nullable().describe('job title'),
		company: z.string().nullable().describe('company name as typed on the prospect (may differ from the account after a job change)'),
		linkedInUrl: z.string().nullable().describe('"https://www.linkedin.com/in/<slug>"; join key'),
		workPhones: z.array(z.string()).describe('work phones, E.164-like "+1 512 555 0100"'),
		mobilePhones: z.array(z.string()).describe('mobile phones'),
		timeZoneIana: z.string().nullable().describe('IANA zone, e.g. "America/Chicago"'),
		tags: z.array(z.string()).describe('free tags, e.g. "salesnav"'),
		optedOut: z.boolean().describe('globally opted out of all communication'),
		optedOutAt: tsOrNull('opt-out time'),
		emailOptedOut: z.boolean().describe('opted out of email'),
		emailsOptStatus: z.enum(EMAILS_OPT_STATUSES).nullable().describe('email opt status (values: verify); null = never set'),
		callOptedOut: z.boolean().describe('opted out of calls'),
		engagedScore: z.number().nonnegative().describe('engagement score, 0 = none'),
		touchedAt: tsOrNull('last touch (email/call/task)'),
		externalId: z.string().nullable().describe('id in an external system; here the seed world person id'),
		createdAt: ts('created'),
		updatedAt: ts('last updated'),
		...(Object.fromEntries(CUSTOM_FIELDS.map((n) => [n, storedCustom()])) as Record<`custom${number}`, ReturnType<typeof storedCustom>>)
	},
	{
		account: oneOrNull('account', 'the prospect’s company'),
		owner: oneOrNull('user', 'prospect owner'),
		stage: oneOrNull('stage', 'current stage')
	},
	Object.fromEntries(CUSTOM_FIELDS.map((n) => [n, servedCustom()]))
);
export type Prospect = z.infer<typeof Prospect>;

/** A sequence (cadence of steps). Counters aggregate its sequence states and mailings. */
export const Sequence = resource(
	'sequence',
	{
		name: z.string().describe('sequence name'),
		description: z.string().nullable().describe('free text'),
		enabled: z
			.boolean()
			.describe('read-only: true when the sequence sends; toggled by actions/activate|deactivate; new states of a disabled sequence are "pending"'),
		transactional: z
			.boolean()
			.describe('true: prospect opt-out preferences are not respected (non-marketing sequences); Outreach OpenAPI `sequence.transactional`'),
		enabledAt: tsOrNull('last enabled'),
		locked: z.boolean().describe('true when only admins may edit'),
		sequenceType: z.enum(SEQUENCE_TYPES).describe('interval (steps spaced by `interval`) or date (fixed dates)'),
		shareType: z.enum(SHARE_TYPES).describe('who may use it (values: verify)'),
		primaryReplyAction: z.enum(PRIMARY_REPLY_ACTIONS).describe('what a reply does to the state; default finish'),
		maxActivations: count('maximum prospects active at once'),
		throttleMaxAddsPerDay: z.number().int().positive().nullable().describe('prospects added per day cap, null = none'),
		throttlePaused: z.boolean().describe('true when adding is paused by the throttle'),
		sequenceStepCount: count('number of steps'),
		durationInDays: count('days from first to last step'),
		tags: z.array(z.string()).describe('free tags'),
		deliverCount: count('mailings delivered'),
		openCount: count('mailings opened'),
		clickCount: count('mailings clicked'),
		replyCount: count('mailings replied'),
		positiveReplyCount: count('replies classified positive'),
		negativeReplyCount: count('replies classified negative'),
		neutralReplyCount: count('replies classified neutral'),
		bounceCount: count('mailings bounced'),
		optOutCount: count('prospects opted out from it (served: computed from the states and mailings, as every counter here)'),
		failureCount: count('mailings failed'),
		createdAt: ts('created'),
		updatedAt: ts('last updated')
	},
	{ owner: oneOrNull('user', 'sequence owner'), ruleset: oneOrNull('ruleset', 'the ruleset governing enrollment and stages; null = the org default ruleset') },
	{ scheduleCount: count('computed when served: mailings of the sequence scheduled') }
);
export type Sequence = z.infer<typeof Sequence>;

/**
 * The engagement counters Outreach's OpenAPI serves (read-only) on `sequence` and `sequenceStep`, as the replica
 * computes them from the mailings when it answers (`api/engagement.ts`): `scheduleCount` mailings scheduled,
 * `deliverCount` delivered (a `deliveredAt`; opened and replied ones too), `openCount` opened (an `openedAt`),
 * `clickCount` clicked (a `clickedAt`), `replyCount` replied (a `repliedAt`), `bounceCount` bounced, `failureCount`
 * failed, `optOutCount` prospects who opted out after the mailing (its state ended `opted_out` and it was the last
 * mailing delivered to them in the sequence). Counts of mailings, not of opens or clicks.
 */
export const ENGAGEMENT_COUNTERS = [
	'scheduleCount',
	'deliverCount',
	'openCount',
	'clickCount',
	'replyCount',
	'bounceCount',
	'optOutCount',
	'failureCount'
] as const;
export type EngagementCounter = (typeof ENGAGEMENT_COUNTERS)[number];
/** The served counters of a step or sequence (see {@link ENGAGEMENT_COUNTERS}). */
export type Engagement = Record<EngagementCounter, number>;

/** One step of a sequence. */
export const SequenceStep = resource(
	'sequenceStep',
	{
		stepType: z.enum(STEP_TYPES).describe('auto_email, manual_email, call or task (LinkedIn and SMS steps are task steps named by displayName)'),
		order: z.number().int().positive().describe('1-based position in the sequence'),
		interval: z.number().int().nonnegative().describe('seconds after the previous step (interval sequences); 0 for the first step'),
		date: z
			.string()
			.regex(/^\d{4}-\d{2}-\d{2}$/)
			.nullable()
			.describe('YYYY-MM-DD send date for date sequences, else null'),
		displayName: z.string().describe('UI label, e.g. "Step 3 (Call)"'),
		taskNote: z.string().nullable().describe('instructions shown on the step’s task, null for auto emails'),
		taskAutoskipDelay: z.number().int().positive().nullable().describe('seconds after which an overdue task is skipped, null = never'),
		createdAt: ts('created'),
		updatedAt: ts('last updated')
	},
	{ sequence: one('sequence', 'the sequence the step belongs to') },
	{
		scheduleCount: count('computed when served: mailings of this step scheduled'),
		deliverCount: count('computed when served: mailings of this step delivered'),
		openCount: count('computed when served: mailings of this step opened'),
		clickCount: count('computed when served: mailings of this step clicked'),
		replyCount: count('computed when served: mailings of this step replied'),
		bounceCount: count('computed when served: mailings of this step bounced'),
		optOutCount: count('computed when served: prospects who opted out after this step’s mailing'),
		failureCount: count('computed when served: mailings of this step failed')
	}
);
export type SequenceStep = z.infer<typeof SequenceStep>;

/**
 * A default recipient of a template (Outreach OpenAPI `template.toRecipients` / `ccRecipients` / `bccRecipients`: "a
 * list of default person and email address pairs", e.g. `Billy Bob <billy.bob@seattle.city>`): either a bare address
 * `a@b.c` or `Display Name <a@b.c>`. Anything else is a 422 "Each recipient must be an email address or a Name <email> pair."
 */
export const Recipient = z
	.string()
	.trim()
	.regex(/^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/, {
		message: 'Each recipient must be an email address or a Name <email> pair.'
	})
	.describe('an email address or "Name <email>"');

/** An email template. Variables in double braces: `{{first_name}}`, `{{account.name}}`, `{{sender.first_name}}`. */
export const Template = resource(
	'template',
	{
		name: z.string().describe('template name'),
		subject: z.string().describe('subject line, may contain {{variables}}'),
		bodyHtml: z.string().describe('HTML body, may contain {{variables}}'),
		tags: z.array(z.string()).describe('free tags'),
		shareType: z.enum(SHARE_TYPES).describe('sharing (values: verify)'),
		archived: z.boolean().describe('true when archived'),
		trackOpens: z.boolean().describe('open tracking on for emails written from this template (default true)'),
		trackLinks: z.boolean().describe('link (click) tracking on for emails written from this template (default true)'),
		toRecipients: z.array(Recipient).describe('default "to" recipients, each "Name <email>" or an address'),
		ccRecipients: z.array(Recipient).describe('default "cc" recipients'),
		bccRecipients: z.array(Recipient).describe('default "bcc" recipients'),
		createdAt: ts('created'),
		updatedAt: ts('last updated')
	},
	{ owner: oneOrNull('user', 'template owner') }
);
export type Template = z.infer<typeof Template>;

/** Links an email step to the template it sends (`isReply` threads it under the previous email). */
export const SequenceTemplate = resource(
	'sequenceTemplate',
	{
		isReply: z.boolean().describe('true: sent as a reply in the previous email’s thread'),
		enabled: z.boolean().describe('true when this template variant is used (A/B)'),
		createdAt: ts('created'),
		updatedAt: ts('last updated')
	},
	{ sequenceStep: one('sequenceStep', 'the email step'), template: one('template', 'the template sent') }
);
export type SequenceTemplate = z.infer<typeof SequenceTemplate>;

/** A prospect's enrollment in a sequence. At most one non-finished state per prospect × sequence. */
export const SequenceState = resource(
	'sequenceState',
	{
		state: z.enum(SEQUENCE_STATE_STATES).describe('pending, active, paused, finished, disabled, failed, bounced or opted_out'),
		stateChangedAt: ts('last state change'),
		activeAt: tsOrNull('when it became active'),
		pauseReason: z.string().nullable().describe('why paused (e.g. "ooto", "manual"), null unless paused'),
		autoResumeAt: tsOrNull('replica: when a paused state resumes by itself (the UI\'s "Pause until"), null = paused until resumed by hand'),
		errorReason: z.string().nullable().describe('why failed, null unless failed'),
		repliedAt: tsOrNull('prospect replied'),
		callCompletedAt: tsOrNull('last call step completed'),
		deliverCount: count('mailings delivered in this state'),
		openCount: count('mailings opened'),
		clickCount: count('mailings clicked'),
		replyCount: count('mailings replied'),
		bounceCount: count('mailings bounced'),
		failureCount: count('mailings failed'),
		createdAt: ts('enrolled'),
		updatedAt: ts('last updated')
	},
	{
		prospect: one('prospect', 'the enrolled prospect'),
		sequence: one('sequence', 'the sequence'),
		sequenceStep: oneOrNull('sequenceStep', 'current step, null before the first'),
		mailbox: one('mailbox', 'sending mailbox'),
		account: oneOrNull('account', 'the prospect’s account at enrollment'),
		creator: oneOrNull('user', 'who enrolled the prospect')
	}
);
export type SequenceState = z.infer<typeof SequenceState>;

/** An email (sequence step email or one-off). */
export const Mailing = resource(
	'mailing',
	{
		subject: z.string().describe('rendered subject'),
		bodyHtml: z.string().describe('rendered HTML body'),
		bodyText: z.string().describe('rendered plain-text body'),
		mailingType: z.enum(MAILING_TYPES).describe('sequence, single or campaign'),
		state: z.enum(MAILING_STATES).describe('delivery state'),
		scheduledAt: tsOrNull('scheduled send time (may be after the epoch)'),
		deliveredAt: tsOrNull('delivered'),
		openedAt: tsOrNull('the most recent open (Outreach OpenAPI `mailing.openedAt`: "The most recent date and time the email was opened")'),
		openCount: count('opens, all of them (Outreach OpenAPI `mailing.openCount`: "The total number of times the email was opened")'),
		clickedAt: tsOrNull('the most recent link click (Outreach OpenAPI `mailing.clickedAt`)'),
		clickCount: count('link clicks, all of them (Outreach OpenAPI `mailing.clickCount`)'),
		repliedAt: tsOrNull('replied'),
		bouncedAt: tsOrNull('bounced'),
		errorReason: z.string().nullable().describe('why failed/bounced, null otherwise'),
		mailboxAddress: z.email().describe('sender address'),
		trackLinks: z.boolean().describe('link tracking on'),
		trackOpens: z.boolean().describe('open tracking on'),
		followUpTaskType: z.enum(FOLLOW_UP_TASK_TYPES).nullable().describe('task created after it, null = none'),
		createdAt: ts('created'),
		updatedAt: ts('last updated')
	},
	{
		prospect: one('prospect', 'recipient'),
		mailbox: one('mailbox', 'sender mailbox'),
		sequence: oneOrNull('sequence', 'sequence, for sequence mailings'),
		sequenceState: oneOrNull('sequenceState', 'enrollment, for sequence mailings'),
		sequenceStep: oneOrNull('sequenceStep', 'step, for sequence mailings'),
		template: oneOrNull('template', 'template used')
	}
);
export type Mailing = z.infer<typeof Mailing>;

/** Polymorphic task subject: a prospect or an account. */
const TaskSubject = { types: ['prospect', 'account'] as ['prospect', 'account'], nullable: false as const, what: 'what the task is about' };

/** A task (sequence step task, follow-up or manual). */
export const Task = resource(
	'task',
	{
		action: z.enum(TASK_ACTIONS).describe('action_item, call, email or in_person'),
		state: z.enum(TASK_STATES).describe('pending (not yet due/started), incomplete (due), complete'),
		taskType: z.enum(TASK_TYPES).describe('origin of the task; API-created = manual'),
		dueAt: ts('due'),
		autoskipAt: tsOrNull('auto-skipped at this time if still incomplete'),
		note: z.string().nullable().describe('instructions'),
		completedAt: tsOrNull('completed'),
		createdAt: ts('created'),
		updatedAt: ts('last updated')
	},
	{
		subject: TaskSubject,
		owner: one('user', 'who must do it'),
		sequenceState: oneOrNull('sequenceState', 'enrollment, for sequence step tasks'),
		sequenceStep: oneOrNull('sequenceStep', 'step, for sequence step tasks')
	}
);
export type Task = z.infer<typeof Task>;

/** `ruleset.sequenceExclusivity` (Outreach OpenAPI `ruleset`): `none` is the default. */
export const SEQUENCE_EXCLUSIVITY = ['all_sequences', 'exclusive_sequences', 'none'] as const;
/** `ruleset.permitDuplicateProspects` (Outreach OpenAPI `ruleset`): `disallow` is the default. */
export const PERMIT_DUPLICATE_PROSPECTS = ['allow', 'disallow', 'only_if_inactive'] as const;

/** A ruleset: enrollment rules (exclusivity, duplicates, opt-outs) and the stages it assigns. */
export const Ruleset = resource(
	'ruleset',
	{
		name: z.string().describe('ruleset name'),
		sequenceExclusivity: z
			.enum(SEQUENCE_EXCLUSIVITY)
			.describe('all_sequences: only if active in no other sequence; exclusive_sequences: only against other exclusive sequences; none (default)'),
		permitDuplicateProspects: z
			.enum(PERMIT_DUPLICATE_PROSPECTS)
			.describe('re-adding to the same sequence: allow, disallow (default, also after finished) or only_if_inactive'),
		emailOptOutAction: z
			.string()
			.nullable()
			.describe(
				'replica vocabulary: "skip" = an email-opted-out prospect may be added and its email steps are skipped; null = refused when the sequence has email steps'
			),
		callOptOutAction: z
			.string()
			.nullable()
			.describe('replica vocabulary: "skip" = a call-opted-out prospect may be added, call steps skipped; null = refused when the sequence has call steps'),
		includeUnsubscribeLinks: z.boolean().describe('append an unsubscribe link to emails'),
		minimumProspectTouchedInterval: z
			.number()
			.int()
			.nonnegative()
			.nullable()
			.describe('seconds that must elapse since the prospect was last touched before it may be added, null = none'),
		createdAt: ts('created'),
		updatedAt: ts('last updated')
	},
	{
		owner: oneOrNull('user', 'ruleset owner'),
		bouncedStage: oneOrNull('stage', 'stage set when a mailing bounces'),
		optedOutStage: oneOrNull('stage', 'stage set when the prospect opts out'),
		repliedStage: oneOrNull('stage', 'stage set when the prospect replies'),
		startedStage: oneOrNull('stage', 'stage set when the prospect is added'),
		finishedStage: oneOrNull('stage', 'stage set when the state finishes with no reply')
	}
);
export type Ruleset = z.infer<typeof Ruleset>;

/** `emailAddress.status`: null = fine, `bounced` after a hard bounce (vocabulary unpublished by Outreach). */
export const EMAIL_ADDRESS_STATUSES = ['bounced', 'unsubscribed'] as const;

/** One email address of a prospect (Outreach's `emailAddress`); `prospect.emails` lists the same addresses in order. */
export const EmailAddress = resource(
	'emailAddress',
	{
		email: z.email().describe('the address, lower-case'),
		emailType: z.string().nullable().describe('e.g. "work", "personal"'),
		order: z.number().int().nonnegative().describe('0-based position in prospect.emails'),
		status: z.enum(EMAIL_ADDRESS_STATUSES).nullable().describe('null, bounced or unsubscribed'),
		statusChangedAt: tsOrNull('last status change'),
		unsubscribedAt: tsOrNull('unsubscribed'),
		createdAt: ts('created'),
		updatedAt: ts('last updated')
	},
	{ prospect: one('prospect', 'the owning prospect') }
);
export type EmailAddress = z.infer<typeof EmailAddress>;

/** `call.outcome` (Outreach OpenAPI `call`: must be "Answered" or "Not Answered"). */
export const CALL_OUTCOMES = ['Answered', 'Not Answered'] as const;
/** `call.sequenceAction` (Outreach OpenAPI `call`). */
export const CALL_SEQUENCE_ACTIONS = ['Advance', 'Finish', 'Finish - No Reply', 'Finish - Replied'] as const;
/** `call.direction`. */
export const CALL_DIRECTIONS = ['inbound', 'outbound'] as const;

/** A logged call. Calls have no PATCH. */
export const Call = resource(
	'call',
	{
		direction: z.enum(CALL_DIRECTIONS).describe('inbound or outbound'),
		outcome: z.enum(CALL_OUTCOMES).describe('Answered or Not Answered'),
		note: z.string().nullable().describe("the rep's note"),
		sequenceAction: z.enum(CALL_SEQUENCE_ACTIONS).nullable().describe('what the call does to the sequence state, null = nothing'),
		to: z.string().nullable().describe('dialed number'),
		dialedAt: tsOrNull('dialed'),
		answeredAt: tsOrNull('answered'),
		completedAt: tsOrNull('completed'),
		createdAt: ts('created'),
		updatedAt: ts('last updated')
	},
	{
		prospect: oneOrNull('prospect', 'who was called'),
		user: oneOrNull('user', 'who called'),
		callDisposition: oneOrNull('callDisposition', 'the disposition chosen'),
		task: oneOrNull('task', 'the call task it completes'),
		sequence: oneOrNull('sequence', 'sequence of the call step'),
		sequenceState: oneOrNull('sequenceState', 'enrollment of the call step'),
		sequenceStep: oneOrNull('sequenceStep', 'the call step')
	}
);
export type Call = z.infer<typeof Call>;

/** A call disposition (org list), each tied to an outcome. */
export const CallDisposition = resource(
	'callDisposition',
	{
		name: z.string().describe('label, e.g. "Left Voicemail"'),
		order: z.number().int().positive().describe('1-based display order'),
		outcome: z.enum(CALL_OUTCOMES).describe('the call outcome this disposition implies'),
		createdAt: ts('created'),
		updatedAt: ts('last updated')
	},
	{}
);
export type CallDisposition = z.infer<typeof CallDisposition>;

/** `snippet.shareType` (Outreach OpenAPI `snippet`: "private" or "shared"). */
export const SNIPPET_SHARE_TYPES = ['private', 'shared'] as const;

/** A reusable HTML snippet inserted into emails. */
export const Snippet = resource(
	'snippet',
	{
		name: z.string().describe('snippet name'),
		bodyHtml: z.string().describe('HTML, may contain {{variables}}'),
		shareType: z.enum(SNIPPET_SHARE_TYPES).describe('private or shared'),
		tags: z.array(z.string()).describe('free tags'),
		createdAt: ts('created'),
		updatedAt: ts('last updated')
	},
	{ owner: oneOrNull('user', 'snippet owner') }
);
export type Snippet = z.infer<typeof Snippet>;

/** A buyer persona (org list). */
export const Persona = resource(
	'persona',
	{
		name: z.string().describe('persona name'),
		description: z.string().nullable().describe('free text'),
		createdAt: ts('created'),
		updatedAt: ts('last updated')
	},
	{}
);
export type Persona = z.infer<typeof Persona>;

// ---------------------------------------------------------------------------------------------- API

// The base path, media type and error envelope live in `envelope.ts` (no other schema), so that a screen that only
// calls the API does not build every schema of this module when it loads.
export { OUTREACH_API_BASE, JSON_API_MEDIA_TYPE, ErrorObject, ErrorBody } from './envelope';

// ---------------------------------------------------------------------------------------------- wire answers

/** Wire schema of a served resource of `type` (integer ids), e.g. `wire('prospect').parse(answer.data)`. */
export const wire = (type: ResourceType): z.ZodType => RESOURCE_SHAPES[type].wire;

/** Any served resource (an `included` entry): `{type, id, attributes?, relationships?}` checked against its own wire schema. */
export const AnyWireResource = z
	.looseObject({ type: z.enum(RESOURCE_TYPES).describe('JSON:API type'), id: WireId })
	.superRefine((r, ctx) => {
		const parsed = RESOURCE_SHAPES[r.type].wire.safeParse(r);
		if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
	})
	.describe('a served JSON:API resource of any type');

/** `links` of a collection answer: `first`, and `next` while more rows follow (cursor in `page[after]`). */
export const CollectionLinks = z
	.strictObject({
		first: z.string().describe('URL of the first page (same query, no cursor)'),
		next: z.string().optional().describe('URL of the next page (`page[after]` cursor); absent on the last page'),
		prev: z.string().optional().describe('URL of the previous page, when not on the first')
	})
	.describe('pagination links');

/** `meta` of a collection answer: `count` (all matching rows) only when the request said `count=true`. */
export const CollectionMeta = z
	.strictObject({
		count: count('rows matching the filter, all pages').optional(),
		count_truncated: z.boolean().optional().describe('true when count was capped (never here: the gym counts exactly)')
	})
	.describe('collection meta');

/**
 * A collection answer `{data: [resource], included?, links, meta}` for `type` (full attributes; parse a sparse
 * `fields[...]` answer with {@link SparseCollectionAnswer}).
 */
export const CollectionAnswer = (type: ResourceType) =>
	z.strictObject({
		data: z.array(wire(type)).describe(`${type} resources of this page`),
		included: z.array(AnyWireResource).optional().describe('related resources named by `include`'),
		links: CollectionLinks,
		meta: CollectionMeta
	});

/** A single-resource answer `{data: resource, included?}`. */
export const ResourceAnswer = (type: ResourceType) =>
	z.strictObject({
		data: wire(type).describe(`the ${type}`),
		included: z.array(AnyWireResource).optional().describe('related resources named by `include`')
	});

/** A collection answer under sparse fieldsets: each resource carries only the requested attributes / relationships. */
export const SparseCollectionAnswer = z.strictObject({
	data: z
		.array(
			z.strictObject({
				type: z.enum(RESOURCE_TYPES).describe('JSON:API type'),
				id: WireId,
				attributes: z.record(z.string(), z.unknown()).describe('only the requested attributes'),
				relationships: z.record(z.string(), z.unknown()).describe('only the requested relationships')
			})
		)
		.describe('resources of this page'),
	included: z
		.array(z.looseObject({ type: z.enum(RESOURCE_TYPES).describe('JSON:API type'), id: WireId }))
		.optional()
		.describe('related resources'),
	links: CollectionLinks,
	meta: CollectionMeta
});

// ---------------------------------------------------------------------------------------------- request bodies

/** A request relationship `{data: {type, id}}` (integer id, as Outreach clients send it; a numeric string is accepted). */
const ReqRel = <T extends ResourceType>(type: T) =>
	z
		.strictObject({
			data: z
				.strictObject({ type: z.literal(type).describe(`"${type}"`), id: z.union([WireId, z.string().regex(/^[1-9][0-9]{0,15}$/)]).describe('id') })
				.nullable()
				.describe('resource identifier or null')
		})
		.describe(`relationship → ${type}`);

/** Writable prospect attributes (Outreach OpenAPI `prospect`; read-only ones such as `engagedScore` are refused). */
export const ProspectWritable = z.strictObject({
	firstName: z.string().describe('first name'),
	lastName: z.string().describe('last name'),
	emails: z.array(z.email()).describe('email addresses, first = primary; each unique across prospects'),
	title: z.string().nullable().describe('job title'),
	company: z.string().nullable().describe('company name as typed'),
	linkedInUrl: z.string().nullable().describe('LinkedIn profile URL'),
	workPhones: z.array(z.string()).describe('work phones'),
	mobilePhones: z.array(z.string()).describe('mobile phones'),
	timeZone: z.string().nullable().describe('IANA zone; stored in the read-only timeZoneIana'),
	tags: z.array(z.string()).describe('free tags'),
	optedOut: z.boolean().describe('opt out of everything; true stamps optedOutAt'),
	emailOptedOut: z.boolean().describe('opt out of email'),
	callOptedOut: z.boolean().describe('opt out of calls'),
	externalId: z.string().nullable().describe('id in an external system'),
	...(Object.fromEntries(
		CUSTOM_FIELDS.map((n) => [
			n,
			z
				.string()
				.max(CUSTOM_FIELD_MAX_LENGTH)
				.nullable()
				.describe(`${customFieldLabel(n)} (≤ 32000 characters); null or "" clears it`)
		])
	) as Record<`custom${number}`, z.ZodNullable<z.ZodString>>)
});

/** `POST /prospects` body. */
export const ProspectCreateBody = z.strictObject({
	data: z
		.strictObject({
			type: z.literal('prospect').describe('"prospect"'),
			attributes: ProspectWritable.partial().describe('attributes to set'),
			relationships: z
				.strictObject({ account: ReqRel('account'), owner: ReqRel('user'), stage: ReqRel('stage') })
				.partial()
				.optional()
				.describe('to-one relationships')
		})
		.describe('the JSON:API resource object')
});
/** `PATCH /prospects/{id}` body (`data.id` must equal the path id). */
export const ProspectUpdateBody = z.strictObject({
	data: z
		.strictObject({
			type: z.literal('prospect').describe('"prospect"'),
			id: z.union([WireId, z.string()]).describe('the prospect id'),
			attributes: ProspectWritable.partial().optional().describe('attributes to change'),
			relationships: z
				.strictObject({ account: ReqRel('account'), owner: ReqRel('user'), stage: ReqRel('stage') })
				.partial()
				.optional()
				.describe('to-one relationships')
		})
		.describe('the JSON:API resource object')
});

/** Writable account attributes. */
export const AccountWritable = z.strictObject({
	name: z.string().min(1).describe('company name'),
	domain: z.string().describe('bare domain'),
	websiteUrl: z.string().nullable().describe('website'),
	industry: z.string().nullable().describe('industry'),
	numberOfEmployees: z.number().int().nonnegative().nullable().describe('headcount'),
	locality: z.string().nullable().describe('HQ "City, Country"'),
	linkedInUrl: z.string().nullable().describe('LinkedIn company URL'),
	tags: z.array(z.string()).describe('free tags'),
	named: z.boolean().describe('named account')
});
/** `POST /accounts` body. */
export const AccountCreateBody = z.strictObject({
	data: z
		.strictObject({
			type: z.literal('account').describe('"account"'),
			attributes: AccountWritable.partial()
				.extend({ name: z.string().min(1).describe('company name (required)') })
				.describe('attributes to set'),
			relationships: z
				.strictObject({ owner: ReqRel('user') })
				.partial()
				.optional()
				.describe('to-one relationships')
		})
		.describe('the JSON:API resource object')
});
/** `PATCH /accounts/{id}` body. */
export const AccountUpdateBody = z.strictObject({
	data: z
		.strictObject({
			type: z.literal('account').describe('"account"'),
			id: z.union([WireId, z.string()]).describe('the account id'),
			attributes: AccountWritable.partial().optional().describe('attributes to change'),
			relationships: z
				.strictObject({ owner: ReqRel('user') })
				.partial()
				.optional()
				.describe('to-one relationships')
		})
		.describe('the JSON:API resource object')
});

/**
 * Writable template attributes: every attribute of Outreach OpenAPI `template` without the read-only badge: `name`,
 * `subject`, `bodyHtml`, `tags`, `shareType` "read_only", "private" or "shared", `archived`, `trackOpens`, `trackLinks`
 * (booleans), `toRecipients`, `ccRecipients`, `bccRecipients` (arrays of {@link Recipient}). Read-only ones such as
 * `bodyText`, `archivedAt`, `lastUsedAt` or the counters, unknown ones and a wrong type are refused. A template needs a
 * non-blank name (replica: the product's template editor requires one; the spec caps it at 225 characters).
 */
export const TemplateWritable = z.strictObject({
	name: z.string().trim().min(1, 'Name is required.').max(225).describe('template name, 1–225 characters'),
	subject: z.string().describe('subject line, may contain {{variables}}'),
	bodyHtml: z.string().describe('HTML body, may contain {{variables}}'),
	tags: z.array(z.string()).describe('free tags'),
	shareType: z.enum(SHARE_TYPES).describe('"read_only", "private" or "shared"'),
	archived: z.boolean().describe('true to archive'),
	trackOpens: z.boolean().describe('open tracking of emails written from the template'),
	trackLinks: z.boolean().describe('link tracking of emails written from the template'),
	toRecipients: z.array(Recipient).describe('default "to" recipients'),
	ccRecipients: z.array(Recipient).describe('default "cc" recipients'),
	bccRecipients: z.array(Recipient).describe('default "bcc" recipients')
});
/** `POST /templates` body: `name` required; `owner` (user) the only writable relationship of the replica. */
export const TemplateCreateBody = z.strictObject({
	data: z
		.strictObject({
			type: z.literal('template').describe('"template"'),
			attributes: TemplateWritable.partial().extend({ name: TemplateWritable.shape.name }).describe('attributes to set'),
			relationships: z
				.strictObject({ owner: ReqRel('user') })
				.partial()
				.optional()
				.describe('to-one relationships')
		})
		.describe('the JSON:API resource object')
});
/** `PATCH /templates/{id}` body (`data.id` must equal the path id). */
export const TemplateUpdateBody = z.strictObject({
	data: z
		.strictObject({
			type: z.literal('template').describe('"template"'),
			id: z.union([WireId, z.string()]).describe('the template id'),
			attributes: TemplateWritable.partial().optional().describe('attributes to change'),
			relationships: z
				.strictObject({ owner: ReqRel('user') })
				.partial()
				.optional()
				.describe('to-one relationships')
		})
		.describe('the JSON:API resource object')
});

/**
 * Writable snippet attributes: every attribute of Outreach OpenAPI `snippet` without the read-only badge (`name`,
 * `bodyHtml`, `shareType` "private" or "shared", `tags`); the read-only `bodyText`, `createdAt`, `updatedAt` are refused. A snippet needs a non-blank name (replica; the spec caps it at 255).
 */
export const SnippetWritable = z.strictObject({
	name: z.string().trim().min(1, 'Name is required.').max(255).describe('snippet name, 1–255 characters'),
	bodyHtml: z.string().describe('HTML, may contain {{variables}}'),
	shareType: z.enum(SNIPPET_SHARE_TYPES).describe('"private" or "shared"'),
	tags: z.array(z.string()).describe('free tags')
});
/** `POST /snippets` body: `name` required; `owner` (user) the only writable relationship of the replica. */
export const SnippetCreateBody = z.strictObject({
	data: z
		.strictObject({
			type: z.literal('snippet').describe('"snippet"'),
			attributes: SnippetWritable.partial().extend({ name: SnippetWritable.shape.name }).describe('attributes to set'),
			relationships: z
				.strictObject({ owner: ReqRel('user') })
				.partial()
				.optional()
				.describe('to-one relationships')
		})
		.describe('the JSON:API resource object')
});
/** `PATCH /snippets/{id}` body (`data.id` must equal the path id). */
export const SnippetUpdateBody = z.strictObject({
	data: z
		.strictObject({
			type: z.literal('snippet').describe('"snippet"'),
			id: z.union([WireId, z.string()]).describe('the snippet id'),
			attributes: SnippetWritable.partial().optional().describe('attributes to change'),
			relationships: z
				.strictObject({ owner: ReqRel('user') })
				.partial()
				.optional()
				.describe('to-one relationships')
		})
		.describe('the JSON:API resource object')
});

/** `POST /sequenceStates` body (enroll): prospect + sequence + mailbox; every attribute is read-only. */
export const SequenceStateCreateBody = z.strictObject({
	data: z
		.strictObject({
			type: z.literal('sequenceState').describe('"sequenceState"'),
			attributes: z.strictObject({}).optional().describe('none: every sequenceState attribute is read-only'),
			relationships: z
				.strictObject({
					prospect: ReqRel('prospect'),
					sequence: ReqRel('sequence'),
					mailbox: ReqRel('mailbox'),
					sequenceStep: ReqRel('sequenceStep').optional().describe('start step (default the first)')
				})
				.describe('prospect, sequence, mailbox (required), start step')
		})
		.describe('the JSON:API resource object')
});

/** `POST /mailings` body: a one-off (`single`) email to a prospect from a mailbox, sent now or at `scheduledAt`. */
export const MailingCreateBody = z.strictObject({
	data: z
		.strictObject({
			type: z.literal('mailing').describe('"mailing"'),
			attributes: z
				.strictObject({
					subject: z.string().min(1).describe('subject, {{variables}} resolved against the prospect'),
					bodyHtml: z.string().min(1).describe('HTML body, {{variables}} resolved against the prospect'),
					scheduledAt: IsoTimestamp.nullable().optional().describe('send time; absent/null = now (delivered)'),
					trackLinks: z.boolean().optional().describe('link tracking, default true'),
					trackOpens: z.boolean().optional().describe('open tracking, default true')
				})
				.describe('the email'),
			relationships: z
				.strictObject({
					prospect: ReqRel('prospect'),
					mailbox: ReqRel('mailbox'),
					template: ReqRel('template').optional().describe('template used, if any')
				})
				.describe('recipient, sender mailbox, template')
		})
		.describe('the JSON:API resource object')
});

/** `POST /tasks` body: a manual task on a prospect or account. */
export const TaskCreateBody = z.strictObject({
	data: z
		.strictObject({
			type: z.literal('task').describe('"task"'),
			attributes: z
				.strictObject({
					action: z.enum(TASK_ACTIONS).describe('action_item, call, email or in_person'),
					dueAt: IsoTimestamp.describe('due time'),
					note: z.string().nullable().optional().describe('instructions')
				})
				.describe('task attributes'),
			relationships: z
				.strictObject({
					subject: z
						.strictObject({
							data: z
								.strictObject({ type: z.enum(['prospect', 'account']).describe('subject type'), id: z.union([WireId, z.string()]).describe('id') })
								.describe('identifier')
						})
						.describe('what the task is about'),
					owner: ReqRel('user')
				})
				.describe('subject and owner')
		})
		.describe('the JSON:API resource object')
});

/** `POST /calls` body: a logged call, optionally completing a call task. */
export const CallCreateBody = z.strictObject({
	data: z
		.strictObject({
			type: z.literal('call').describe('"call"'),
			attributes: z
				.strictObject({
					direction: z.enum(CALL_DIRECTIONS).optional().describe('default outbound'),
					outcome: z.enum(CALL_OUTCOMES).describe('Answered or Not Answered'),
					note: z.string().nullable().optional().describe('note'),
					sequenceAction: z.enum(CALL_SEQUENCE_ACTIONS).nullable().optional().describe('what to do with the sequence state'),
					to: z.string().nullable().optional().describe('dialed number')
				})
				.describe('call attributes'),
			relationships: z
				.strictObject({
					prospect: ReqRel('prospect'),
					callDisposition: ReqRel('callDisposition'),
					task: ReqRel('task'),
					user: ReqRel('user')
				})
				.partial()
				.describe('prospect (required), disposition, task, user')
		})
		.describe('the JSON:API resource object')
});

// ---------------------------------------------------------------------------------------------- templates

/** What `{{variables}}` resolve against: the prospect, its account and the sender (mailbox owner). */
export interface TemplateContext {
	prospect: Prospect['attributes'];
	account: Account['attributes'] | null;
	sender: User['attributes'] | null;
}

/**
 * Resolves Outreach template variables (`{{first_name}}`, `{{last_name}}`, `{{title}}`, `{{company}}`,
 * `{{email}}`, `{{account.name}}`, `{{account.domain}}`, `{{sender.first_name}}`, `{{sender.last_name}}`,
 * `{{sender.email}}`, `{{sender.title}}`) and the prospect custom fields `{{custom1}}` … `{{custom150}}`. A
 * variable with no value (an unset custom field too) stays as written and is listed in
 * `unresolved` (Outreach blocks sending such an email: mailing `overrideSafetySettings`).
 * @returns the rendered text and the unresolved variable names, in first-seen order.
 */
export function renderTemplate(text: string, ctx: TemplateContext): { text: string; unresolved: string[] } {
	const p = ctx.prospect;
	const values: Record<string, string | null | undefined> = {
		first_name: p.firstName || null,
		last_name: p.lastName || null,
		title: p.title,
		company: p.company ?? ctx.account?.name,
		email: p.emails[0],
		'account.name': ctx.account?.name,
		'account.domain': ctx.account?.domain,
		'sender.first_name': ctx.sender?.firstName,
		'sender.last_name': ctx.sender?.lastName,
		'sender.email': ctx.sender?.email,
		'sender.title': ctx.sender?.title
	};
	const unresolved: string[] = [];
	const out = text.replace(/\{\{\s*([a-z_.0-9]+)\s*\}\}/gi, (all, name: string) => {
		const key = name.toLowerCase();
		const v = isCustomField(key) ? ((p as Record<string, unknown>)[key] as string | null | undefined) : values[key];
		if (v === null || v === undefined || v === '') {
			if (!unresolved.includes(name)) unresolved.push(name);
			return all;
		}
		return v;
	});
	return { text: out, unresolved };
}
