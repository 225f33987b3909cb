/**
 * What the ONE generic record page (`src/lib/components/hubspot/record/RecordPage.svelte`) needs to know about
 * each CRM object type it shows: contacts, companies, deals (platforms.md §2.4 "Record page"). Pure data and
 * pure functions over API records: no clock, no host time zone.
 */
import { ASSOCIATION_TYPE_IDS, DEFAULT_PIPELINE_STAGES } from '$gyms/hubspot/contract';
import type { CrmObjectType, CrmRecord, PropertyDefinition } from './crm';
import { EMPTY_CELL, PROPERTY_LABELS } from './format';
import { fallbackOptions } from './options';

/** Object types that have a record page. */
export const RECORD_TYPES = ['contacts', 'companies', 'deals'] as const;
/** One of {@link RECORD_TYPES}. */
export type RecordType = (typeof RECORD_TYPES)[number];

/** Engagement types shown on the activity timeline, in HubSpot's filter order. */
export const ENGAGEMENT_TYPES = ['notes', 'emails', 'calls', 'tasks', 'meetings'] as const;
/** One of {@link ENGAGEMENT_TYPES}. */
export type EngagementType = (typeof ENGAGEMENT_TYPES)[number];

/** UI label of each engagement type (timeline filter and action buttons). */
export const ENGAGEMENT_LABELS: Record<EngagementType, { one: string; many: string }> = {
	notes: { one: 'Note', many: 'Notes' },
	emails: { one: 'Email', many: 'Emails' },
	calls: { one: 'Call', many: 'Calls' },
	tasks: { one: 'Task', many: 'Tasks' },
	meetings: { one: 'Meeting', many: 'Meetings' }
};

/** Properties read for each engagement type on the timeline. */
export const ENGAGEMENT_PROPERTIES: Record<EngagementType, string[]> = {
	notes: ['hs_note_body', 'hs_timestamp', 'hubspot_owner_id'],
	emails: [
		'hs_email_subject',
		'hs_email_text',
		'hs_email_direction',
		'hs_email_status',
		'hs_email_to_email',
		'hs_email_from_email',
		'hs_timestamp',
		'hubspot_owner_id'
	],
	calls: ['hs_call_body', 'hs_call_status', 'hs_call_direction', 'hs_call_duration', 'hs_call_disposition', 'hs_timestamp', 'hubspot_owner_id'],
	tasks: ['hs_task_subject', 'hs_task_body', 'hs_task_status', 'hs_task_priority', 'hs_task_type', 'hs_timestamp', 'hubspot_owner_id'],
	meetings: ['hs_meeting_title', 'hs_meeting_body', 'hs_meeting_outcome', 'hs_meeting_start_time', 'hs_meeting_end_time', 'hs_timestamp', 'hubspot_owner_id']
};

/** Per-type facts of a record page. */
export interface RecordTypeConfig {
	/** "contact", "company", "deal": used in "About this contact", "Create contact". */
	singular: string;
	/** "Contacts": breadcrumb and association card heading. */
	plural: string;
	/** Index route of the type. */
	indexPath: '/hubspot/contacts' | '/hubspot/companies' | '/hubspot/deals';
	/** Properties of the "About this …" card, in order. */
	about: string[];
	/** Properties shown under the name in the left card. */
	summary: string[];
	/** Association cards on the right, in order. */
	cards: RecordType[];
	/** Properties asked for when the record is listed in another record's card or in a search. */
	cardProperties: string[];
	/** Fields of the "Create" form of the "+ Add" dialog. */
	createFields: string[];
}

/** The record pages' configuration per object type. */
export const RECORD_CONFIG: Record<RecordType, RecordTypeConfig> = {
	contacts: {
		singular: 'contact',
		plural: 'Contacts',
		indexPath: '/hubspot/contacts',
		about: ['email', 'firstname', 'lastname', 'jobtitle', 'company', 'phone', 'hubspot_owner_id', 'lifecyclestage', 'hs_lead_status'],
		summary: ['jobtitle', 'email', 'phone'],
		cards: ['companies', 'deals'],
		cardProperties: ['firstname', 'lastname', 'email', 'jobtitle', 'hs_email_optout'],
		createFields: ['email', 'firstname', 'lastname', 'jobtitle']
	},
	companies: {
		singular: 'company',
		plural: 'Companies',
		indexPath: '/hubspot/companies',
		about: [
			'name',
			'domain',
			'industry',
			'numberofemployees',
			'annualrevenue',
			'city',
			'country',
			'type',
			'hubspot_owner_id',
			'lifecyclestage',
			'hs_lead_status'
		],
		summary: ['domain', 'industry'],
		cards: ['contacts', 'deals'],
		cardProperties: ['name', 'domain'],
		createFields: ['name', 'domain']
	},
	deals: {
		singular: 'deal',
		plural: 'Deals',
		indexPath: '/hubspot/deals',
		about: ['dealname', 'amount', 'pipeline', 'dealstage', 'closedate', 'dealtype', 'hs_priority', 'hubspot_owner_id'],
		summary: ['amount', 'dealstage'],
		cards: ['contacts', 'companies'],
		cardProperties: ['dealname', 'amount', 'dealstage', 'pipeline'],
		createFields: ['dealname', 'pipeline', 'dealstage', 'amount', 'closedate']
	}
};

/** Properties read on the record page: About, summary, and the name parts. */
export function recordProperties(type: RecordType): string[] {
	const c = RECORD_CONFIG[type];
	return [...new Set([...c.about, ...c.summary, ...c.cardProperties, 'hs_email_optout', 'createdate', 'lastmodifieddate', 'hs_lastmodifieddate'])];
}

/**
 * Labels used when the properties API gives none (and, for the contact fields the create dialog also shows,
 * always: the two screens name a property the same way).
 */
const FALLBACK_LABELS: Record<string, string> = {
	...PROPERTY_LABELS,
	name: 'Company name',
	domain: 'Company domain name',
	industry: 'Industry',
	numberofemployees: 'Number of employees',
	annualrevenue: 'Annual revenue',
	city: 'City',
	country: 'Country/Region',
	type: 'Type',
	dealname: 'Deal name',
	amount: 'Amount',
	pipeline: 'Pipeline',
	dealstage: 'Deal stage',
	closedate: 'Close date',
	dealtype: 'Deal type',
	hs_priority: 'Priority'
};

/** UI label of `name` on `type`: the contact-form labels first, then the properties API, then a fallback. */
export function propertyLabel(type: RecordType, name: string, defs: readonly PropertyDefinition[]): string {
	if (type === 'contacts' && name in PROPERTY_LABELS) return PROPERTY_LABELS[name as keyof typeof PROPERTY_LABELS];
	if (type === 'companies' && name === 'hubspot_owner_id') return 'Company owner';
	if (type === 'deals' && name === 'hubspot_owner_id') return 'Deal owner';
	return defs.find((d) => d.name === name)?.label ?? FALLBACK_LABELS[name] ?? name;
}

/** Reads a property as a string (`""` when absent or null). */
export function value(record: CrmRecord | null | undefined, name: string): string {
	const v = record?.properties[name];
	return typeof v === 'string' ? v : '';
}

/** The name HubSpot shows for a record of `type`: contact full name or email, company name or domain, deal name. */
export function recordName(type: CrmObjectType, record: CrmRecord): string {
	if (type === 'contacts') {
		const full = [value(record, 'firstname'), value(record, 'lastname')]
			.map((s) => s.trim())
			.filter(Boolean)
			.join(' ');
		return full || value(record, 'email') || '(No name)';
	}
	if (type === 'companies') return value(record, 'name') || value(record, 'domain') || '(No name)';
	if (type === 'deals') return value(record, 'dealname') || '(No name)';
	return record.id;
}

/**
 * The HUBSPOT_DEFINED association type id from `from` to `to` (platforms.md §2.1), e.g. notes→contacts 202.
 * @throws Error when the pair has no standard type (a programming error, never user input).
 */
export function associationTypeId(from: CrmObjectType, to: CrmObjectType): number {
	const id = (ASSOCIATION_TYPE_IDS as Record<string, number>)[`${from}→${to}`];
	if (id === undefined) throw new Error(`no HUBSPOT_DEFINED association ${from}→${to}`);
	return id;
}

/** `{to:{id}, types:[HUBSPOT_DEFINED typeId(from→to)]}`: the association input of a create request. */
export function associationTo(from: CrmObjectType, to: CrmObjectType, toId: string) {
	return { to: { id: toId }, types: [{ associationCategory: 'HUBSPOT_DEFINED' as const, associationTypeId: associationTypeId(from, to) }] };
}

/**
 * Label of the value `raw` of the enumeration property `name`: from the properties API's options, else the
 * fallback options; the raw value when unknown, "--" when empty.
 */
export function optionLabel(defs: readonly PropertyDefinition[], name: string, raw: string): string {
	if (!raw) return EMPTY_CELL;
	const def = defs.find((d) => d.name === name);
	const options = def?.options.length ? def.options : fallbackOptions(name);
	return options.find((o) => o.value === raw)?.label ?? raw;
}

/**
 * True when moving `lifecyclestage` from `from` to `to` goes backward in the options' order (displayOrder, else
 * list order): the API does not apply that unless the stage is cleared first (platforms.md §2.1).
 */
export function isBackwardStage(options: readonly { value: string; displayOrder?: number }[], from: string, to: string): boolean {
	if (!from || !to || from === to) return false;
	const rank = (v: string) => {
		const i = options.findIndex((o) => o.value === v);
		return i < 0 ? -1 : (options[i]?.displayOrder ?? i);
	};
	const a = rank(from);
	const b = rank(to);
	return a >= 0 && b >= 0 && b < a;
}

/**
 * Converts the value of an `<input type="datetime-local">` read as UTC ("2026-03-04T09:30") to ISO ms
 * ("2026-03-04T09:30:00.000Z"); `""` when the input is empty or malformed. The screens show times in UTC.
 */
export function localInputToIso(v: string): string {
	const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?$/.exec(v);
	return m ? `${m[1]}T${m[2]}:${m[3] ?? '00'}.000Z` : '';
}

/** ISO ms → the value of an `<input type="datetime-local">` in UTC ("2026-03-04T09:30"); `""` when empty. */
export function isoToLocalInput(iso: string): string {
	return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(iso) ? iso.slice(0, 16) : '';
}

/** ISO ms plus `days` whole days (UTC), e.g. the default due date of a task. */
export function addDaysIso(iso: string, days: number): string {
	const t = Date.parse(iso);
	return Number.isNaN(t) ? iso : new Date(t + days * 86_400_000).toISOString();
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });

/** A deal `amount` (decimal text, USD) as HubSpot shows it ("$12,500"); `""` when empty, raw when not a number. */
export function formatAmount(amount: string): string {
	if (!amount) return '';
	const n = Number(amount);
	return Number.isFinite(n) ? USD.format(n).replace(/\.00$/, '') : amount;
}

/** Label of a `dealstage` id (properties API options, else the default pipeline's stages). */
export function stageLabel(stage: string, defs: readonly PropertyDefinition[]): string {
	if (!stage) return '';
	return (
		defs.find((d) => d.name === 'dealstage')?.options.find((o) => o.value === stage)?.label ??
		DEFAULT_PIPELINE_STAGES.find((s) => s.id === stage)?.label ??
		stage
	);
}
