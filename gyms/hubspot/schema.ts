/**
 * HubSpot gym schemas: the gym's state (one array per table, also its export shape), the blueprint fixture, and
 * the stored records of each table. The records, vendor constants and API bodies live in the page-safe
 * {@link import('./contract')} (shared with the UI client) and are re-exported here, so the gym's own modules
 * (db, seed, integrity, handlers) keep one import for everything schema-shaped.
 *
 * Every property value is a string, timestamps are UTC ISO-8601 with milliseconds, ids are numeric strings.
 */
import { z } from 'zod';
import {
	Association,
	ConnectedInbox,
	Contact,
	CrmObject,
	Form,
	FormSubmission,
	List,
	ListMembership,
	Owner,
	Pipeline,
	Sequence,
	SequenceEnrollment,
	Template,
	View
} from './contract';

export * from './contract';

/** A stored company: `name`, `domain` (dedupe key), `industry`, `numberofemployees`, `annualrevenue`, `city`, `state`, `country`, `type`, `lifecyclestage`, `hubspot_owner_id`, `linkedin_company_page` … */
export const Company = CrmObject.describe('HubSpot company (object type 0-2)');
/** A stored company row. */
export type Company = CrmObject;

/** A stored deal: `dealname`, `pipeline`, `dealstage`, `amount` (decimal text, USD), `closedate` (ISO ms), `dealtype` (`newbusiness`|`existingbusiness`), `hubspot_owner_id`, `hs_priority`, `closed_lost_reason`, `closed_won_reason`, `hs_is_closed_won`. */
export const Deal = CrmObject.describe('HubSpot deal (object type 0-3)');
/** A stored deal row. */
export type Deal = CrmObject;

/** A task engagement: `hs_task_subject`, `hs_task_body`, `hs_task_status`, `hs_task_priority`, `hs_task_type`, `hs_timestamp` (= due, ISO ms), `hubspot_owner_id`. */
export const Task = CrmObject.describe('HubSpot task engagement');
/** A note engagement: `hs_note_body` (HTML-free text here), `hs_timestamp`, `hubspot_owner_id`. */
export const Note = CrmObject.describe('HubSpot note engagement');
/** An email engagement: `hs_email_subject`, `hs_email_text`, `hs_email_direction`, `hs_email_status`, `hs_email_from_email`, `hs_email_to_email`, `hs_timestamp`, `hubspot_owner_id`. */
export const Email = CrmObject.describe('HubSpot email engagement');
/** A meeting engagement: `hs_meeting_title`, `hs_meeting_body`, `hs_meeting_start_time`, `hs_meeting_end_time`, `hs_meeting_outcome`, `hs_meeting_external_url`, `hs_timestamp`, `hubspot_owner_id`. */
export const Meeting = CrmObject.describe('HubSpot meeting engagement');
/** A call engagement: `hs_call_body`, `hs_call_direction`, `hs_call_duration` (ms, as text), `hs_call_status`, `hs_call_disposition`, `hs_timestamp`, `hubspot_owner_id`. */
export const Call = CrmObject.describe('HubSpot call engagement');

/** Table names of the HubSpot gym, in export order. */
export const HUBSPOT_TABLES = [
	'contacts',
	'companies',
	'deals',
	'associations',
	'owners',
	'tasks',
	'notes',
	'emails',
	'meetings',
	'templates',
	'pipelines',
	'calls',
	'lists',
	'list_memberships',
	'forms',
	'form_submissions',
	'sequences',
	'sequence_enrollments',
	'inboxes',
	'views'
] as const;
/** One of {@link HUBSPOT_TABLES}. */
export type HubSpotTable = (typeof HUBSPOT_TABLES)[number];

/** The HubSpot gym's state: one array per table, rows in id order. This is also its export shape. */
export const HubSpotState = z.strictObject({
	contacts: z.array(Contact).describe('contacts (object type 0-1), in id order'),
	companies: z.array(Company).describe('companies (0-2), in id order'),
	deals: z.array(Deal).describe('deals (0-3), in id order'),
	associations: z.array(Association).describe('association rows, one per pair in its canonical direction, in id order'),
	owners: z.array(Owner).describe('owners (users who can own records), in id order'),
	tasks: z.array(Task).describe('task engagements (0-27), in id order'),
	notes: z.array(Note).describe('note engagements (0-46), in id order'),
	emails: z.array(Email).describe('email engagements (0-49), in id order'),
	meetings: z.array(Meeting).describe('meeting engagements (0-47), in id order'),
	templates: z.array(Template).describe('sales email templates, in id order'),
	pipelines: z.array(Pipeline).describe('deal pipelines with their stages, in id order'),
	calls: z.array(Call).describe('call engagements (0-48), in id order'),
	lists: z.array(List).describe('lists (segments) of contacts, in id order'),
	list_memberships: z.array(ListMembership).describe('list memberships (list × contact), in id order'),
	forms: z.array(Form).describe('marketing forms, in id order'),
	form_submissions: z.array(FormSubmission).describe('form submissions, in id order'),
	sequences: z.array(Sequence).describe('sales sequences, in id order'),
	sequence_enrollments: z.array(SequenceEnrollment).describe('sequence enrollments of contacts, in id order'),
	inboxes: z.array(ConnectedInbox).describe('connected sales inboxes of owners, in id order'),
	views: z.array(View).describe('saved index views (gym-specific), in id order')
});
export type HubSpotState = z.infer<typeof HubSpotState>;

/**
 * A blueprint fixture for HubSpot: records added (or replaced by id) on top of the projected seed.
 * Same row shapes as the seed; validated the same way, and every reference (owner, association ends) must resolve.
 */
export const HubSpotFixture = z.strictObject({
	contacts: z.array(Contact).optional().describe('contacts (object type 0-1) added or replaced by id'),
	companies: z.array(Company).optional().describe('companies (0-2) added or replaced by id'),
	deals: z.array(Deal).optional().describe('deals (0-3) added or replaced by id'),
	associations: z.array(Association).optional().describe('association rows, one per pair in its canonical direction added or replaced by id'),
	owners: z.array(Owner).optional().describe('owners (users who can own records) added or replaced by id'),
	tasks: z.array(Task).optional().describe('task engagements (0-27) added or replaced by id'),
	notes: z.array(Note).optional().describe('note engagements (0-46) added or replaced by id'),
	emails: z.array(Email).optional().describe('email engagements (0-49) added or replaced by id'),
	meetings: z.array(Meeting).optional().describe('meeting engagements (0-47) added or replaced by id'),
	templates: z.array(Template).optional().describe('sales email templates added or replaced by id'),
	calls: z.array(Call).optional().describe('call engagements (0-48) added or replaced by id'),
	lists: z.array(List).optional().describe('lists (segments) of contacts added or replaced by id'),
	list_memberships: z.array(ListMembership).optional().describe('list memberships (list × contact) added or replaced by id'),
	forms: z.array(Form).optional().describe('marketing forms added or replaced by id'),
	form_submissions: z.array(FormSubmission).optional().describe('form submissions added or replaced by id'),
	sequences: z.array(Sequence).optional().describe('sales sequences added or replaced by id'),
	sequence_enrollments: z.array(SequenceEnrollment).optional().describe('sequence enrollments of contacts added or replaced by id'),
	inboxes: z.array(ConnectedInbox).optional().describe('connected sales inboxes of owners added or replaced by id'),
	views: z.array(View).optional().describe('saved index views (gym-specific) added or replaced by id')
});
export type HubSpotFixture = z.infer<typeof HubSpotFixture>;
