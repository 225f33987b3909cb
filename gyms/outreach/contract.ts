/**
 * The Outreach gym's API contract: JSON:API resource types, attribute enums, the stored resources and the error envelope.
 * Page-safe: it imports zod only, so the gym's handlers (in the Service Worker), its seed and its future UI client
 * (in the page) share one set of vendor constants and record schemas; `schema.ts` re-exports it and adds the
 * gym's state and fixture schemas.
 *
 * Facts follow `shared/platforms.md` §3 (Outreach API v2, JSON:API 1.0): a resource is
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
	'task'
] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** A resource identifier object `{type, id}`. */
function identifier<T extends ResourceType>(type: T) {
	return z.strictObject({
		type: z.literal(type).describe(`JSON:API type "${type}"`),
		id: OutreachId
	});
}

/** A required to-one relationship `{data: {type, id}}`. */
function toOne<T extends ResourceType>(type: T, what: string) {
	return z.strictObject({ data: identifier(type).describe(`resource identifier {type: "${type}", id}`) }).describe(`to-one relationship → ${type}: ${what}`);
}

/** An optional to-one relationship `{data: {type, id} | null}`. */
function toOneOrNull<T extends ResourceType>(type: T, what: string) {
	return z
		.strictObject({ data: identifier(type).nullable().describe(`resource identifier {type: "${type}", id}, or null`) })
		.describe(`to-one relationship → ${type} or null: ${what}`);
}

/** Builds a strict JSON:API resource schema. */
function resource<T extends ResourceType, A extends z.ZodRawShape, R extends z.ZodRawShape>(type: T, attributes: A, relationships: R) {
	return z.strictObject({
		type: z.literal(type).describe(`JSON:API type "${type}"`),
		id: OutreachId,
		attributes: z.strictObject(attributes).describe(`${type} attributes (Outreach wire names)`),
		relationships: z.strictObject(relationships).describe(`${type} to-one relationships`)
	});
}

// ---------------------------------------------------------------------------------------------- enums

/** `sequenceState.state` values (platforms.md §3.1): every state a prospect × sequence can be in. */
export const SEQUENCE_STATE_STATES = ['pending', 'active', 'paused', 'finished', 'disabled', 'failed', 'bounced', 'opted_out'] as const;
export type SequenceStateState = (typeof SEQUENCE_STATE_STATES)[number];

/**
 * `sequenceStep.stepType` values. The API documents `auto_email`, `manual_email`, `call`, `task`; the UI's
 * LinkedIn and SMS steps are stored under the names their tasks carry (`sequence_step_<stepType>`) (verify).
 */
export const STEP_TYPES = [
	'auto_email',
	'manual_email',
	'call',
	'task',
	'linkedin_send_connection_request',
	'linkedin_send_message',
	'linkedin_view_profile',
	'linkedin_interact_with_post',
	'linkedin_other',
	'sms'
] as const;
export type StepType = (typeof STEP_TYPES)[number];

/** `mailing.state` values (platforms.md §3.1, "verify list"). Clicks are `clickedAt`/`clickCount`, not a state. */
export const MAILING_STATES = ['drafted', 'scheduled', 'queued', 'delivering', 'delivered', 'opened', 'replied', 'bounced', 'failed', 'placeholder'] as const;
export type MailingState = (typeof MAILING_STATES)[number];

/** `mailing.mailingType` values. */
export const MAILING_TYPES = ['sequence', 'single', 'campaign'] as const;

/** `task.action` values. */
export const TASK_ACTIONS = ['action_item', 'call', 'email', 'in_person'] as const;
/** `task.state` values. */
export const TASK_STATES = ['pending', 'incomplete', 'complete'] as const;
/** `task.taskType` values (platforms.md §3.1). */
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

/** Default org stages in order (platforms.md §3.1 "typical defaults", verify). */
export const DEFAULT_STAGES = ['Cold', 'Approaching', 'Replied', 'Interested', 'Not Interested', 'Unresponsive', 'Do Not Contact', 'Bad Contact Info'] as const;

/** Task type a sequence step of each type creates (auto emails create none). */
export const STEP_TASK_TYPE: Record<StepType, TaskType | null> = {
	auto_email: null,
	manual_email: 'sequence_step_email',
	call: 'sequence_step_call',
	task: 'sequence_step_task',
	linkedin_send_connection_request: 'sequence_step_linkedin_send_connection_request',
	linkedin_send_message: 'sequence_step_linkedin_send_message',
	linkedin_view_profile: 'sequence_step_linkedin_view_profile',
	linkedin_interact_with_post: 'sequence_step_linkedin_interact_with_post',
	linkedin_other: 'sequence_step_linkedin_other',
	sms: 'sequence_step_sms'
};

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
	{ user: toOne('user', 'the mailbox owner') }
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
	{ owner: toOneOrNull('user', 'account owner') }
);
export type Account = z.infer<typeof Account>;

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
		smsOptedOut: z.boolean().describe('opted out of SMS'),
		engagedScore: z.number().nonnegative().describe('engagement score, 0 = none'),
		touchedAt: tsOrNull('last touch (email/call/task)'),
		externalId: z.string().nullable().describe('id in an external system; here the seed world person id'),
		createdAt: ts('created'),
		updatedAt: ts('last updated')
	},
	{
		account: toOneOrNull('account', 'the prospect’s company'),
		owner: toOneOrNull('user', 'prospect owner'),
		stage: toOneOrNull('stage', 'current stage')
	}
);
export type Prospect = z.infer<typeof Prospect>;

/** A sequence (cadence of steps). Counters aggregate its sequence states and mailings. */
export const Sequence = resource(
	'sequence',
	{
		name: z.string().describe('sequence name'),
		description: z.string().nullable().describe('free text'),
		enabled: z.boolean().describe('true when the sequence sends; new states of a disabled sequence are "pending"'),
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
		optOutCount: count('prospects opted out from it'),
		failureCount: count('mailings failed'),
		createdAt: ts('created'),
		updatedAt: ts('last updated')
	},
	{ owner: toOneOrNull('user', 'sequence owner') }
);
export type Sequence = z.infer<typeof Sequence>;

/** One step of a sequence. */
export const SequenceStep = resource(
	'sequenceStep',
	{
		stepType: z.enum(STEP_TYPES).describe('auto_email, manual_email, call, task, LinkedIn or SMS step'),
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
	{ sequence: toOne('sequence', 'the sequence the step belongs to') }
);
export type SequenceStep = z.infer<typeof SequenceStep>;

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
		createdAt: ts('created'),
		updatedAt: ts('last updated')
	},
	{ owner: toOneOrNull('user', 'template owner') }
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
	{ sequenceStep: toOne('sequenceStep', 'the email step'), template: toOne('template', 'the template sent') }
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
		prospect: toOne('prospect', 'the enrolled prospect'),
		sequence: toOne('sequence', 'the sequence'),
		sequenceStep: toOneOrNull('sequenceStep', 'current step, null before the first'),
		mailbox: toOne('mailbox', 'sending mailbox'),
		account: toOneOrNull('account', 'the prospect’s account at enrollment'),
		creator: toOneOrNull('user', 'who enrolled the prospect')
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
		openedAt: tsOrNull('first opened'),
		openCount: count('opens'),
		clickedAt: tsOrNull('first link click'),
		clickCount: count('link clicks'),
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
		prospect: toOne('prospect', 'recipient'),
		mailbox: toOne('mailbox', 'sender mailbox'),
		sequence: toOneOrNull('sequence', 'sequence, for sequence mailings'),
		sequenceState: toOneOrNull('sequenceState', 'enrollment, for sequence mailings'),
		sequenceStep: toOneOrNull('sequenceStep', 'step, for sequence mailings'),
		template: toOneOrNull('template', 'template used')
	}
);
export type Mailing = z.infer<typeof Mailing>;

/** Polymorphic task subject: a prospect or an account. */
const TaskSubject = z
	.strictObject({ data: z.union([identifier('prospect'), identifier('account')]).describe('resource identifier {type: "prospect" | "account", id}') })
	.describe('to-one relationship → prospect or account: what the task is about');

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
		owner: toOne('user', 'who must do it'),
		sequenceState: toOneOrNull('sequenceState', 'enrollment, for sequence step tasks'),
		sequenceStep: toOneOrNull('sequenceStep', 'step, for sequence step tasks')
	}
);
export type Task = z.infer<typeof Task>;

// ---------------------------------------------------------------------------------------------- API

/** Path prefix of the Outreach gym API on the page origin; stands for `https://api.outreach.io/api/v2`. */
export const OUTREACH_API_BASE = '/api/outreach';
/** Media type of every Outreach request and answer body (JSON:API); another request Content-Type is a 415. */
export const JSON_API_MEDIA_TYPE = 'application/vnd.api+json';

/** One error of Outreach's error envelope, e.g. `{id: "resourceNotFound", title: "Resource Not Found", detail}`. */
export const ErrorObject = z.strictObject({
	id: z.string().min(1).describe('machine error id, camelCase, e.g. resourceNotFound, validationDuplicateValueError'),
	title: z.string().min(1).describe('short human title, e.g. "Resource Not Found"'),
	detail: z.string().describe('human explanation of this occurrence'),
	source: z
		.strictObject({ pointer: z.string().describe('JSON pointer into the request body, e.g. /data/attributes/emails') })
		.optional()
		.describe('the request field at fault (field validation errors)')
});
export type ErrorObject = z.infer<typeof ErrorObject>;

/** Outreach's error body (its OpenAPI spec's error responses): `{errors: [{id, title, detail, source?}]}`. */
export const ErrorBody = z.strictObject({ errors: z.array(ErrorObject).min(1).describe('one entry per error') });
export type ErrorBody = z.infer<typeof ErrorBody>;
