/**
 * The HubSpot gym's property registry: for each CRM object type, the property definitions HubSpot ships
 * (real internal names, UI labels, types, field types, groups and enumeration options; platforms.md §2.1).
 *
 * One registry drives everything property-shaped in the gym:
 * - validation of every write (`api/validate.ts`: PROPERTY_DOESNT_EXIST, READ_ONLY_VALUE, INVALID_OPTION, …),
 * - `GET /crm/v3/properties/{type}` and `/{type}/{name}` (`api/properties.ts`, via {@link toWireProperty}),
 * - search (`api/search.ts`: numeric/date comparison and sorts by the property's `type`, free-text `query`
 *   over {@link QUERY_PROPERTIES}),
 * - the default property set of list/get/search answers ({@link DEFAULT_PROPERTIES}).
 * Labels are what the UI shows (e.g. "Lifecycle stage", "Lead status", "Contact owner", "Deal stage").
 */
import {
	ANALYTICS_SOURCES,
	CALL_DIRECTIONS,
	CALL_STATUSES,
	COMPANY_TYPES,
	EMAIL_DIRECTIONS,
	EMAIL_STATUSES,
	LEAD_STATUSES,
	LEAD_STATUS_LABELS,
	LIFECYCLE_STAGES,
	LIFECYCLE_STAGE_LABELS,
	MEETING_OUTCOMES,
	TASK_PRIORITIES,
	TASK_STATUSES,
	TASK_TYPES,
	ANALYTICS_SOURCE_LABELS as SOURCE_LABELS,
	CALL_OUTCOMES,
	COMPANY_TYPE_LABELS,
	INDUSTRIES,
	DEAL_PRIORITY_OPTIONS,
	DEAL_TYPE_OPTIONS,
	ENGAGEMENT_TYPES,
	OBJECT_TYPE_IDS,
	OBJECT_TYPES,
	SINGULAR,
	type FieldType,
	type ObjectType,
	type PropertyDefinition,
	type PropertyOption,
	type PropertyType
} from './contract';

// The object types and the wire property shape are part of the API contract (page-safe, shared with the UI).
export { ENGAGEMENT_TYPES, OBJECT_TYPE_IDS, OBJECT_TYPES, SINGULAR };
export type { FieldType, ObjectType, PropertyOption, PropertyType };

/**
 * A property definition of the registry.
 * - `readOnly`: computed by the gym; writing it is HubSpot's READ_ONLY_VALUE error.
 * - `options`: static enumeration options; `dynamic` options are computed from the database (owners for
 *   `hubspot_owner_id`, pipelines for `pipeline` / `dealstage`) and validated by the engine, not here.
 * - `unique`: usable as `idProperty` (contacts `email`).
 */
export interface PropertyDef {
	name: string;
	label: string;
	type: PropertyType;
	fieldType: FieldType;
	groupName: string;
	description: string;
	options: readonly PropertyOption[];
	readOnly: boolean;
	dynamic?: 'owners' | 'pipelines' | 'stages';
	unique?: boolean;
	hidden?: boolean;
	/** Not HubSpot-defined (custom property of this portal, e.g. `linkedin_url`). */
	custom?: boolean;
}

type Extra = Partial<Pick<PropertyDef, 'readOnly' | 'dynamic' | 'unique' | 'hidden' | 'custom' | 'description'>>;

function def(
	name: string,
	label: string,
	type: PropertyType,
	fieldType: FieldType,
	groupName: string,
	extra: Extra = {},
	options: readonly PropertyOption[] = []
): PropertyDef {
	return {
		name,
		label,
		type,
		fieldType,
		groupName,
		description: extra.description ?? '',
		options,
		readOnly: extra.readOnly ?? false,
		...('dynamic' in extra ? { dynamic: extra.dynamic } : {}),
		...(extra.unique ? { unique: true } : {}),
		...(extra.hidden ? { hidden: true } : {}),
		...(extra.custom ? { custom: true } : {})
	};
}

/** Options from `[value, label]` pairs, in order. */
function opts(pairs: readonly (readonly [string, string])[]): PropertyOption[] {
	return pairs.map(([value, label], displayOrder) => ({ label, value, displayOrder, hidden: false }));
}

const text = (name: string, label: string, group: string, extra?: Extra) => def(name, label, 'string', 'text', group, extra);
const area = (name: string, label: string, group: string, extra?: Extra) => def(name, label, 'string', 'textarea', group, extra);
const num = (name: string, label: string, group: string, extra?: Extra) => def(name, label, 'number', 'number', group, extra);
const datetime = (name: string, label: string, group: string, extra?: Extra) => def(name, label, 'datetime', 'date', group, extra);
const select = (name: string, label: string, group: string, options: readonly (readonly [string, string])[], extra?: Extra) =>
	def(name, label, 'enumeration', 'select', group, extra, opts(options));
const bool = (name: string, label: string, group: string, extra?: Extra) =>
	def(
		name,
		label,
		'bool',
		'booleancheckbox',
		group,
		extra,
		opts([
			['true', 'Yes'],
			['false', 'No']
		])
	);
const ro: Extra = { readOnly: true };
const owner = (label: string, group: string) =>
	def('hubspot_owner_id', label, 'enumeration', 'select', group, {
		dynamic: 'owners',
		description: 'The owner (a HubSpot user) of the record; options are the portal’s owners.'
	});

const LIFECYCLE_OPTIONS = LIFECYCLE_STAGES.map((s) => [s, LIFECYCLE_STAGE_LABELS[s]] as const);
const LEAD_STATUS_OPTIONS = LEAD_STATUSES.map((s) => [s, LEAD_STATUS_LABELS[s]] as const);
/** "Became a Lead date" etc. (HubSpot's labels of `hs_lifecyclestage_<stage>_date`). */
const STAGE_DATE_LABELS: Record<(typeof LIFECYCLE_STAGES)[number], string> = {
	subscriber: 'Became a Subscriber Date',
	lead: 'Became a Lead Date',
	marketingqualifiedlead: 'Became a Marketing Qualified Lead Date',
	salesqualifiedlead: 'Became a Sales Qualified Lead Date',
	opportunity: 'Became an Opportunity Date',
	customer: 'Became a Customer Date',
	evangelist: 'Became an Evangelist Date',
	other: 'Became an Other Lifecycle Date'
};

/** HubSpot's default call outcomes (`hs_call_disposition` values are these GUIDs). */
export const CALL_DISPOSITIONS: readonly (readonly [string, string])[] = CALL_OUTCOMES.map((o) => [o.disposition, o.label] as const);

/** Record-system properties every object has (`createdate` is `hs_createdate` on engagements). */
function system(type: ObjectType): PropertyDef[] {
	const group = type === 'contacts' ? 'contactinformation' : type === 'companies' ? 'companyinformation' : type === 'deals' ? 'dealinformation' : 'engagement';
	const modified = type === 'contacts' ? 'lastmodifieddate' : 'hs_lastmodifieddate';
	const out = [
		num('hs_object_id', 'Record ID', group, { ...ro, description: 'The unique ID of this record, set by HubSpot.' }),
		datetime(modified, 'Last modified date', group, { ...ro, description: 'Most recent time any property of the record changed.' })
	];
	if ((ENGAGEMENT_TYPES as readonly string[]).includes(type)) {
		out.push(datetime('hs_createdate', 'Created at', group, ro), datetime('createdate', 'Create date', group, { ...ro, hidden: true }));
	} else out.push(datetime('createdate', 'Create date', group, ro));
	return out;
}

const CONTACT: PropertyDef[] = [
	text('email', 'Email', 'contactinformation', { unique: true, description: 'A contact’s email address (unique per portal, case-insensitive).' }),
	text('firstname', 'First name', 'contactinformation'),
	text('lastname', 'Last name', 'contactinformation'),
	text('jobtitle', 'Job title', 'contactinformation'),
	def('phone', 'Phone number', 'string', 'phonenumber', 'contactinformation'),
	def('mobilephone', 'Mobile phone number', 'string', 'phonenumber', 'contactinformation'),
	text('company', 'Company name', 'contactinformation', { description: 'Free text; distinct from the associated company record.' }),
	text('website', 'Website URL', 'contactinformation'),
	text('city', 'City', 'contactinformation'),
	text('state', 'State/Region', 'contactinformation'),
	text('country', 'Country/Region', 'contactinformation'),
	owner('Contact owner', 'sales_properties'),
	select('lifecyclestage', 'Lifecycle stage', 'contactinformation', LIFECYCLE_OPTIONS, {
		description: 'Through the API it only moves forward; clear it ("") first to set an earlier stage.'
	}),
	select('hs_lead_status', 'Lead status', 'sales_properties', LEAD_STATUS_OPTIONS),
	select(
		'hs_analytics_source',
		'Original Traffic Source',
		'analyticsinformation',
		ANALYTICS_SOURCES.map((s) => [s, SOURCE_LABELS[s]] as const)
	),
	bool('hs_email_optout', 'Unsubscribed from all email', 'emailinformation', {
		description: 'true once the contact opted out of all email; no sales email may be sent to them.'
	}),
	text('linkedin_url', 'LinkedIn URL', 'contactinformation', { custom: true }),
	datetime('notes_last_contacted', 'Last contacted', 'sales_properties'),
	datetime('notes_last_updated', 'Last activity date', 'sales_properties', ro),
	text('hs_additional_emails', 'Additional email addresses', 'contactinformation', {
		...ro,
		description: 'Emails of contacts merged into this one, ";"-separated.'
	}),
	text('hs_merged_object_ids', 'Merged record IDs', 'contactinformation', { ...ro, description: 'Ids of contacts merged into this one, ";"-separated.' }),
	...LIFECYCLE_STAGES.map((s) => datetime(`hs_lifecyclestage_${s}_date`, STAGE_DATE_LABELS[s], 'contactinformation', ro)),
	...system('contacts')
];

const COMPANY: PropertyDef[] = [
	text('name', 'Company name', 'companyinformation'),
	text('domain', 'Company domain name', 'companyinformation', { description: 'Stored lower-case without scheme or www (the dedupe key).' }),
	text('website', 'Website URL', 'companyinformation'),
	select('industry', 'Industry', 'companyinformation', INDUSTRIES),
	num('numberofemployees', 'Number of employees', 'companyinformation'),
	num('annualrevenue', 'Annual revenue', 'companyinformation'),
	def('phone', 'Phone number', 'string', 'phonenumber', 'companyinformation'),
	text('city', 'City', 'companyinformation'),
	text('state', 'State/Region', 'companyinformation'),
	text('country', 'Country/Region', 'companyinformation'),
	select(
		'type',
		'Type',
		'companyinformation',
		COMPANY_TYPES.map((t) => [t, COMPANY_TYPE_LABELS[t]] as const)
	),
	select('lifecyclestage', 'Lifecycle stage', 'companyinformation', LIFECYCLE_OPTIONS),
	select('hs_lead_status', 'Lead status', 'sales_properties', LEAD_STATUS_OPTIONS),
	owner('Company owner', 'companyinformation'),
	text('linkedin_company_page', 'LinkedIn company page', 'socialmediainformation'),
	area('description', 'Description', 'companyinformation'),
	text('founded_year', 'Year founded', 'companyinformation'),
	datetime('notes_last_updated', 'Last activity date', 'sales_properties', ro),
	...LIFECYCLE_STAGES.map((s) => datetime(`hs_lifecyclestage_${s}_date`, STAGE_DATE_LABELS[s], 'companyinformation', ro)),
	...system('companies')
];

const DEAL: PropertyDef[] = [
	text('dealname', 'Deal name', 'dealinformation'),
	def('pipeline', 'Pipeline', 'enumeration', 'select', 'dealinformation', { dynamic: 'pipelines' }),
	def('dealstage', 'Deal stage', 'enumeration', 'radio', 'dealinformation', { dynamic: 'stages', description: 'A stage of the deal’s pipeline.' }),
	num('amount', 'Amount', 'dealinformation'),
	datetime('closedate', 'Close date', 'dealinformation'),
	select(
		'dealtype',
		'Deal type',
		'dealinformation',
		DEAL_TYPE_OPTIONS.map((o) => [o.value, o.label] as const)
	),
	owner('Deal owner', 'dealinformation'),
	select(
		'hs_priority',
		'Priority',
		'dealinformation',
		DEAL_PRIORITY_OPTIONS.map((o) => [o.value, o.label] as const)
	),
	area('description', 'Deal description', 'dealinformation'),
	text('closed_lost_reason', 'Closed lost reason', 'dealinformation', { description: 'Required to move a deal to a closed-lost stage.' }),
	text('closed_won_reason', 'Closed won reason', 'dealinformation'),
	bool('hs_is_closed_won', 'Is closed won', 'dealinformation', ro),
	bool('hs_is_closed', 'Is closed', 'dealinformation', ro),
	num('hs_deal_stage_probability', 'Deal probability', 'dealinformation', {
		...ro,
		description: 'Probability of the current stage (stage metadata), 0.0–1.0.'
	}),
	datetime('notes_last_updated', 'Last activity date', 'dealinformation', ro),
	...system('deals')
];

const activityDate = (label = 'Activity date') =>
	datetime('hs_timestamp', label, 'engagement', { description: 'Required on create: when the activity happened (tasks: the due date).' });

const TASK: PropertyDef[] = [
	text('hs_task_subject', 'Task title', 'task'),
	area('hs_task_body', 'Notes', 'task'),
	select(
		'hs_task_status',
		'Task status',
		'task',
		TASK_STATUSES.map(
			(s) => [s, { NOT_STARTED: 'Not started', IN_PROGRESS: 'In progress', WAITING: 'Waiting', COMPLETED: 'Completed', DEFERRED: 'Deferred' }[s]] as const
		)
	),
	select(
		'hs_task_priority',
		'Priority',
		'task',
		TASK_PRIORITIES.map((p) => [p, p[0] + p.slice(1).toLowerCase()] as const)
	),
	select(
		'hs_task_type',
		'Task type',
		'task',
		TASK_TYPES.map((t) => [t, { TODO: 'To-do', CALL: 'Call', EMAIL: 'Email' }[t]] as const)
	),
	datetime('hs_task_completion_date', 'Completed at', 'task', ro),
	activityDate('Due date'),
	owner('Assigned to', 'engagement'),
	...system('tasks')
];

const NOTE: PropertyDef[] = [area('hs_note_body', 'Note body', 'note'), activityDate(), owner('Activity assigned to', 'engagement'), ...system('notes')];

const EMAIL: PropertyDef[] = [
	text('hs_email_subject', 'Subject', 'email'),
	area('hs_email_text', 'Body', 'email'),
	select(
		'hs_email_direction',
		'Email direction',
		'email',
		EMAIL_DIRECTIONS.map((d) => [d, { EMAIL: 'Email', INCOMING_EMAIL: 'Incoming email', FORWARDED_EMAIL: 'Forwarded email' }[d]] as const)
	),
	select(
		'hs_email_status',
		'Email send status',
		'email',
		EMAIL_STATUSES.map((s) => [s, s[0] + s.slice(1).toLowerCase()] as const)
	),
	text('hs_email_from_email', 'From email', 'email'),
	text('hs_email_to_email', 'To email', 'email'),
	activityDate(),
	owner('Activity assigned to', 'engagement'),
	...system('emails')
];

const CALL: PropertyDef[] = [
	text('hs_call_title', 'Call title', 'call'),
	area('hs_call_body', 'Call notes', 'call'),
	select(
		'hs_call_direction',
		'Call direction',
		'call',
		CALL_DIRECTIONS.map((d) => [d, d[0] + d.slice(1).toLowerCase()] as const)
	),
	num('hs_call_duration', 'Call duration', 'call', { description: 'Duration in milliseconds.' }),
	select(
		'hs_call_status',
		'Call status',
		'call',
		CALL_STATUSES.map((s) => [s, { COMPLETED: 'Completed', NO_ANSWER: 'No answer', BUSY: 'Busy', FAILED: 'Failed', CANCELED: 'Canceled' }[s]] as const)
	),
	select('hs_call_disposition', 'Call outcome', 'call', CALL_DISPOSITIONS),
	def('hs_call_to_number', 'To number', 'string', 'phonenumber', 'call'),
	def('hs_call_from_number', 'From number', 'string', 'phonenumber', 'call'),
	activityDate(),
	owner('Activity assigned to', 'engagement'),
	...system('calls')
];

const MEETING: PropertyDef[] = [
	text('hs_meeting_title', 'Meeting name', 'meeting'),
	area('hs_meeting_body', 'Meeting description', 'meeting'),
	datetime('hs_meeting_start_time', 'Start time', 'meeting'),
	datetime('hs_meeting_end_time', 'End time', 'meeting'),
	select(
		'hs_meeting_outcome',
		'Meeting outcome',
		'meeting',
		MEETING_OUTCOMES.map(
			(o) => [o, { SCHEDULED: 'Scheduled', COMPLETED: 'Completed', RESCHEDULED: 'Rescheduled', NO_SHOW: 'No show', CANCELED: 'Canceled' }[o]] as const
		)
	),
	text('hs_meeting_external_url', 'External URL', 'meeting'),
	text('hs_meeting_location', 'Location', 'meeting'),
	activityDate(),
	owner('Activity assigned to', 'engagement'),
	...system('meetings')
];

/** The registry: property definitions per object type, in display order. */
export const PROPERTIES: Readonly<Record<ObjectType, readonly PropertyDef[]>> = {
	contacts: CONTACT,
	companies: COMPANY,
	deals: DEAL,
	tasks: TASK,
	notes: NOTE,
	emails: EMAIL,
	calls: CALL,
	meetings: MEETING
};

const INDEX: Record<ObjectType, ReadonlyMap<string, PropertyDef>> = Object.fromEntries(
	OBJECT_TYPES.map((t) => [t, new Map(PROPERTIES[t].map((p) => [p.name, p]))])
) as unknown as Record<ObjectType, ReadonlyMap<string, PropertyDef>>;

/** The definition of `name` on `type`, or undefined when HubSpot has no such property. */
export function propertyOf(type: ObjectType, name: string): PropertyDef | undefined {
	return INDEX[type].get(name);
}

/** True when `t` is one of {@link OBJECT_TYPES}. */
export function isObjectType(t: string): t is ObjectType {
	return (OBJECT_TYPES as readonly string[]).includes(t);
}

/** Properties returned when the client names none (HubSpot's default set per object type). */
export const DEFAULT_PROPERTIES: Readonly<Record<ObjectType, readonly string[]>> = {
	contacts: ['createdate', 'email', 'firstname', 'hs_object_id', 'lastmodifieddate', 'lastname'],
	companies: ['createdate', 'domain', 'hs_lastmodifieddate', 'hs_object_id', 'name'],
	deals: ['amount', 'closedate', 'createdate', 'dealname', 'dealstage', 'hs_lastmodifieddate', 'hs_object_id', 'pipeline'],
	tasks: ['hs_createdate', 'hs_lastmodifieddate', 'hs_object_id', 'hs_task_status', 'hs_task_subject', 'hs_timestamp'],
	notes: ['hs_createdate', 'hs_lastmodifieddate', 'hs_note_body', 'hs_object_id', 'hs_timestamp'],
	emails: ['hs_createdate', 'hs_email_subject', 'hs_lastmodifieddate', 'hs_object_id', 'hs_timestamp'],
	calls: ['hs_call_body', 'hs_call_status', 'hs_createdate', 'hs_lastmodifieddate', 'hs_object_id', 'hs_timestamp'],
	meetings: ['hs_createdate', 'hs_lastmodifieddate', 'hs_meeting_title', 'hs_object_id', 'hs_timestamp']
};

/** Properties the free-text search `query` looks at, per type (HubSpot's default searchable properties). */
export const QUERY_PROPERTIES: Readonly<Record<ObjectType, readonly string[]>> = {
	contacts: ['firstname', 'lastname', 'email', 'phone', 'mobilephone', 'company', 'hs_object_id'],
	companies: ['name', 'domain', 'website', 'phone', 'hs_object_id'],
	deals: ['dealname', 'hs_object_id'],
	tasks: ['hs_task_subject', 'hs_task_body', 'hs_object_id'],
	notes: ['hs_note_body', 'hs_object_id'],
	emails: ['hs_email_subject', 'hs_email_text', 'hs_email_to_email', 'hs_email_from_email', 'hs_object_id'],
	calls: ['hs_call_title', 'hs_call_body', 'hs_object_id'],
	meetings: ['hs_meeting_title', 'hs_meeting_body', 'hs_object_id']
};

/** The name of the "last modified" property of a type (`lastmodifieddate` on contacts, `hs_lastmodifieddate` elsewhere). */
export function modifiedProperty(type: ObjectType): string {
	return type === 'contacts' ? 'lastmodifieddate' : 'hs_lastmodifieddate';
}

/** Reads property `name` of a stored row: engagements store `createdate`, which HubSpot answers as `hs_createdate`. */
export function valueOf(properties: Readonly<Record<string, string>>, name: string): string | undefined {
	return properties[name] ?? (name === 'hs_createdate' ? properties.createdate : undefined);
}

/** A wire property as `GET /crm/v3/properties/{type}` answers it (the contract's {@link PropertyDefinition}). */
export type WireProperty = PropertyDefinition;

/** Portal creation time; the property definitions are as old as the portal. */
const DEFINED_AT = '2025-01-06T09:00:00.000Z';

/**
 * The wire form of a definition (HubSpot's Property object).
 * @param options resolved options for dynamic properties (owners, pipelines, stages); static ones otherwise.
 */
export function toWireProperty(p: PropertyDef, displayOrder: number, options: readonly PropertyOption[] = p.options): WireProperty {
	return {
		name: p.name,
		label: p.label,
		type: p.type,
		fieldType: p.fieldType,
		description: p.description,
		groupName: p.groupName,
		options: options.map((o) => ({ ...o })),
		displayOrder,
		calculated: p.readOnly,
		externalOptions: p.dynamic !== undefined,
		hasUniqueValue: p.unique ?? false,
		hidden: p.hidden ?? false,
		hubspotDefined: !p.custom,
		formField: !p.readOnly,
		modificationMetadata: { archivable: !!p.custom, readOnlyDefinition: !p.custom, readOnlyValue: p.readOnly },
		...(p.dynamic === 'owners' ? { referencedObjectType: 'OWNER' } : {}),
		createdAt: DEFINED_AT,
		updatedAt: DEFINED_AT,
		archived: false
	};
}
