/**
 * What differs between HubSpot's contacts, companies and deals indexes (platforms.md §2.4): labels, view tabs,
 * columns, quick filters, bulk-editable properties. `ObjectIndex.svelte` is the one screen that renders any of them.
 * Property names are HubSpot's wire names; labels are HubSpot's UI labels (the accessible names agents use).
 */
import {
	ASSOCIATION_TYPE_IDS,
	COMPANY_TYPE_LABELS,
	DEAL_PRIORITY_OPTIONS as DEAL_PRIORITY_OPTION_LIST,
	DEAL_TYPE_OPTIONS as DEAL_TYPE_OPTION_LIST,
	INDUSTRIES,
	LEAD_STATUSES,
	LEAD_STATUS_LABELS,
	OBJECT_TYPE_IDS,
	VIEW_OBJECT_TYPES
} from '$gyms/hubspot/contract';
import type { CrmRecord } from '$lib/hubspot/crm';

/** The object types with an index screen (those with saved views). */
export type IndexObjectType = (typeof VIEW_OBJECT_TYPES)[number];

/** How a cell renders its property: `name` links to the record. */
export type CellKind = 'name' | 'text' | 'owner' | 'datetime' | 'date' | 'enum' | 'amount' | 'stage' | 'primaryCompany';

/** One table column. `property` is what the column sorts on (and reads, except `name`/`primaryCompany`). */
export interface ColumnDef {
	property: string;
	label: string;
	kind: CellKind;
	/** Option value → label for `enum` cells. */
	options?: Record<string, string>;
	/** False for columns HubSpot cannot sort on (association-derived). */
	sortable?: boolean;
}

/** How a quick filter or an advanced-filter property takes its value. */
export type FilterKind = 'owner' | 'date' | 'enum' | 'stage' | 'text' | 'number';

/** A property that can be filtered on (quick filter and/or advanced filters). */
export interface FilterableProperty {
	property: string;
	label: string;
	kind: FilterKind;
	/** `enum` options (wire value → label). */
	options?: Record<string, string>;
}

/** One view tab every index has: all records, the signed-in owner's, or (contacts) those without an owner. */
export interface DefaultTab {
	id: 'all' | 'mine' | 'unassigned';
	label: string;
}

/** A property offered by the bulk "Edit" dialog. */
export interface BulkEditProperty {
	property: string;
	label: string;
	kind: 'owner' | 'enum' | 'text' | 'date' | 'number' | 'stage';
	options?: Record<string, string>;
}

/** Everything the generic index needs to know about one object type. */
export interface IndexConfig {
	objectType: IndexObjectType;
	/** "Contacts": page title and table name. */
	title: string;
	/** Lower-case singular/plural nouns: "contact"/"contacts" (empty state, bulk texts). */
	singular: string;
	plural: string;
	/** Label of the owner property (Contact owner, Company owner, Deal owner). */
	ownerLabel: string;
	/** Search box label and placeholder. */
	searchLabel: string;
	tabs: DefaultTab[];
	columns: ColumnDef[];
	/** Quick filters shown above the table, in order. */
	quickFilters: FilterableProperty[];
	/** Every property offered by Advanced filters (quick-filter properties included). */
	filterable: FilterableProperty[];
	bulkEditable: BulkEditProperty[];
	/** Properties requested by the search (only what the columns need). */
	properties: string[];
	/** Association type id of a task → this object (bulk "Create tasks"). */
	taskAssociationTypeId: number;
	/** HubSpot object type id (`0-1`, …), for segments (lists) of this object. */
	objectTypeId: string;
	/** Contacts only: the bulk bar offers "Enroll in sequence". */
	enroll: boolean;
	/** The bulk bar offers "Add to segment" (the gym's segments hold contacts only). */
	segments: boolean;
}

/** `hs_lead_status` options as `value → label`. */
const LEAD_STATUS_OPTIONS: Record<string, string> = Object.fromEntries(LEAD_STATUSES.map((v) => [v, LEAD_STATUS_LABELS[v]]));

/** The `industry` values the index filters offer (those the seed uses), labelled as the contract's options. */
const FILTER_INDUSTRIES = [
	'BIOTECHNOLOGY',
	'COMPUTER_SOFTWARE',
	'E_LEARNING',
	'FINANCIAL_SERVICES',
	'HOSPITAL_HEALTH_CARE',
	'INDUSTRIAL_AUTOMATION',
	'INFORMATION_TECHNOLOGY_AND_SERVICES',
	'INSURANCE',
	'LOGISTICS_AND_SUPPLY_CHAIN',
	'MARKETING_AND_ADVERTISING',
	'RETAIL',
	'TELECOMMUNICATIONS'
];
const INDUSTRY_LABELS = new Map(INDUSTRIES);

/** HubSpot `industry` options the seed uses (value → label). */
export const INDUSTRY_OPTIONS: Record<string, string> = Object.fromEntries(FILTER_INDUSTRIES.map((v) => [v, INDUSTRY_LABELS.get(v) ?? v]));

/** Company `type` options (value → label). */
export const COMPANY_TYPE_OPTIONS: Record<string, string> = { ...COMPANY_TYPE_LABELS };

/** Deal `dealtype` options (value → label). */
export const DEAL_TYPE_OPTIONS: Record<string, string> = Object.fromEntries(DEAL_TYPE_OPTION_LIST.map((o) => [o.value, o.label]));

/** Deal `hs_priority` options (value → label). */
export const DEAL_PRIORITY_OPTIONS: Record<string, string> = Object.fromEntries(DEAL_PRIORITY_OPTION_LIST.map((o) => [o.value, o.label]));

const dateFilters = (extra: FilterableProperty[] = []): FilterableProperty[] => [
	{ property: 'createdate', label: 'Create date', kind: 'date' },
	{ property: 'notes_last_updated', label: 'Last activity date', kind: 'date' },
	...extra
];

const CONTACTS: IndexConfig = {
	objectType: 'contacts',
	title: 'Contacts',
	singular: 'contact',
	plural: 'contacts',
	ownerLabel: 'Contact owner',
	searchLabel: 'Search name, phone, email addresses, or company',
	tabs: [
		{ id: 'all', label: 'All contacts' },
		{ id: 'mine', label: 'My contacts' },
		{ id: 'unassigned', label: 'Unassigned contacts' }
	],
	columns: [
		{ property: 'firstname', label: 'Name', kind: 'name' },
		{ property: 'email', label: 'Email', kind: 'text' },
		{ property: 'phone', label: 'Phone number', kind: 'text' },
		{ property: 'hubspot_owner_id', label: 'Contact owner', kind: 'owner' },
		{ property: 'associatedcompanyid', label: 'Primary company', kind: 'primaryCompany', sortable: false },
		{ property: 'notes_last_updated', label: 'Last activity date', kind: 'datetime' },
		{ property: 'hs_lead_status', label: 'Lead status', kind: 'enum', options: LEAD_STATUS_OPTIONS },
		{ property: 'createdate', label: 'Create date', kind: 'datetime' }
	],
	quickFilters: [
		{ property: 'hubspot_owner_id', label: 'Contact owner', kind: 'owner' },
		...dateFilters(),
		{ property: 'hs_lead_status', label: 'Lead status', kind: 'enum', options: LEAD_STATUS_OPTIONS }
	],
	filterable: [
		{ property: 'hubspot_owner_id', label: 'Contact owner', kind: 'owner' },
		...dateFilters(),
		{ property: 'hs_lead_status', label: 'Lead status', kind: 'enum', options: LEAD_STATUS_OPTIONS },
		{ property: 'email', label: 'Email', kind: 'text' },
		{ property: 'firstname', label: 'First name', kind: 'text' },
		{ property: 'lastname', label: 'Last name', kind: 'text' },
		{ property: 'jobtitle', label: 'Job title', kind: 'text' },
		{ property: 'company', label: 'Company name', kind: 'text' },
		{ property: 'country', label: 'Country/Region', kind: 'text' }
	],
	bulkEditable: [
		{ property: 'hs_lead_status', label: 'Lead status', kind: 'enum', options: LEAD_STATUS_OPTIONS },
		{ property: 'jobtitle', label: 'Job title', kind: 'text' },
		{ property: 'city', label: 'City', kind: 'text' },
		{ property: 'country', label: 'Country/Region', kind: 'text' }
	],
	properties: ['firstname', 'lastname', 'email', 'phone', 'hubspot_owner_id', 'notes_last_updated', 'hs_lead_status', 'createdate'],
	taskAssociationTypeId: ASSOCIATION_TYPE_IDS['tasks→contacts'],
	objectTypeId: OBJECT_TYPE_IDS.contacts,
	enroll: true,
	segments: true
};

const COMPANIES: IndexConfig = {
	objectType: 'companies',
	title: 'Companies',
	singular: 'company',
	plural: 'companies',
	ownerLabel: 'Company owner',
	searchLabel: 'Search name, domain, or phone',
	tabs: [
		{ id: 'all', label: 'All companies' },
		{ id: 'mine', label: 'My companies' }
	],
	columns: [
		{ property: 'name', label: 'Company name', kind: 'name' },
		{ property: 'hubspot_owner_id', label: 'Company owner', kind: 'owner' },
		{ property: 'createdate', label: 'Create date', kind: 'datetime' },
		{ property: 'phone', label: 'Phone number', kind: 'text' },
		{ property: 'notes_last_updated', label: 'Last activity date', kind: 'datetime' },
		{ property: 'city', label: 'City', kind: 'text' },
		{ property: 'industry', label: 'Industry', kind: 'enum', options: INDUSTRY_OPTIONS }
	],
	quickFilters: [
		{ property: 'hubspot_owner_id', label: 'Company owner', kind: 'owner' },
		...dateFilters(),
		{ property: 'industry', label: 'Industry', kind: 'enum', options: INDUSTRY_OPTIONS }
	],
	filterable: [
		{ property: 'hubspot_owner_id', label: 'Company owner', kind: 'owner' },
		...dateFilters(),
		{ property: 'industry', label: 'Industry', kind: 'enum', options: INDUSTRY_OPTIONS },
		{ property: 'type', label: 'Type', kind: 'enum', options: COMPANY_TYPE_OPTIONS },
		{ property: 'name', label: 'Company name', kind: 'text' },
		{ property: 'domain', label: 'Company domain name', kind: 'text' },
		{ property: 'city', label: 'City', kind: 'text' },
		{ property: 'country', label: 'Country/Region', kind: 'text' },
		{ property: 'numberofemployees', label: 'Number of employees', kind: 'number' }
	],
	bulkEditable: [
		{ property: 'industry', label: 'Industry', kind: 'enum', options: INDUSTRY_OPTIONS },
		{ property: 'type', label: 'Type', kind: 'enum', options: COMPANY_TYPE_OPTIONS },
		{ property: 'city', label: 'City', kind: 'text' }
	],
	properties: ['name', 'domain', 'hubspot_owner_id', 'createdate', 'phone', 'notes_last_updated', 'city', 'industry'],
	taskAssociationTypeId: ASSOCIATION_TYPE_IDS['tasks→companies'],
	objectTypeId: OBJECT_TYPE_IDS.companies,
	enroll: false,
	segments: false
};

const DEALS: IndexConfig = {
	objectType: 'deals',
	title: 'Deals',
	singular: 'deal',
	plural: 'deals',
	ownerLabel: 'Deal owner',
	searchLabel: 'Search name',
	tabs: [
		{ id: 'all', label: 'All deals' },
		{ id: 'mine', label: 'My deals' }
	],
	columns: [
		{ property: 'dealname', label: 'Deal name', kind: 'name' },
		{ property: 'dealstage', label: 'Deal stage', kind: 'stage' },
		{ property: 'closedate', label: 'Close date', kind: 'date' },
		{ property: 'hubspot_owner_id', label: 'Deal owner', kind: 'owner' },
		{ property: 'amount', label: 'Amount', kind: 'amount' }
	],
	quickFilters: [
		{ property: 'hubspot_owner_id', label: 'Deal owner', kind: 'owner' },
		{ property: 'createdate', label: 'Create date', kind: 'date' },
		{ property: 'closedate', label: 'Close date', kind: 'date' },
		{ property: 'dealstage', label: 'Deal stage', kind: 'stage' }
	],
	filterable: [
		{ property: 'hubspot_owner_id', label: 'Deal owner', kind: 'owner' },
		{ property: 'createdate', label: 'Create date', kind: 'date' },
		{ property: 'closedate', label: 'Close date', kind: 'date' },
		{ property: 'dealstage', label: 'Deal stage', kind: 'stage' },
		{ property: 'dealname', label: 'Deal name', kind: 'text' },
		{ property: 'amount', label: 'Amount', kind: 'number' },
		{ property: 'dealtype', label: 'Deal type', kind: 'enum', options: DEAL_TYPE_OPTIONS },
		{ property: 'hs_priority', label: 'Priority', kind: 'enum', options: DEAL_PRIORITY_OPTIONS }
	],
	bulkEditable: [
		{ property: 'dealstage', label: 'Deal stage', kind: 'stage' },
		{ property: 'closedate', label: 'Close date', kind: 'date' },
		{ property: 'amount', label: 'Amount', kind: 'number' },
		{ property: 'hs_priority', label: 'Priority', kind: 'enum', options: DEAL_PRIORITY_OPTIONS },
		{ property: 'dealtype', label: 'Deal type', kind: 'enum', options: DEAL_TYPE_OPTIONS }
	],
	properties: ['dealname', 'dealstage', 'pipeline', 'closedate', 'hubspot_owner_id', 'amount'],
	taskAssociationTypeId: ASSOCIATION_TYPE_IDS['tasks→deals'],
	objectTypeId: OBJECT_TYPE_IDS.deals,
	enroll: false,
	segments: false
};

/** The three index configurations, by object type. */
export const INDEX_CONFIGS: Record<IndexObjectType, IndexConfig> = { contacts: CONTACTS, companies: COMPANIES, deals: DEALS };

/** The name HubSpot shows for a record: contacts "First Last" (else email), companies `name`, deals `dealname`. */
export function recordName(type: IndexObjectType, r: CrmRecord): string {
	const p = (n: string) => (r.properties[n] ?? '').trim();
	if (type === 'contacts') return [p('firstname'), p('lastname')].filter(Boolean).join(' ') || p('email') || '(No name)';
	if (type === 'companies') return p('name') || p('domain') || '(No name)';
	return p('dealname') || '(No name)';
}
