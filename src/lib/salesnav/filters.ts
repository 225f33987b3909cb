/**
 * The filter rail of Lead search and Account search: groups, filters and their values, with Sales Navigator's
 * labels (the gym card says how each label was sourced), and the pill operations of the rail (include, exclude,
 * remove). Pure: the screens keep the filters as the API's `SearchFilter[]`.
 */
import { COMPANY_TYPES, FUNCTIONS, HEADCOUNT_BANDS, RELATIONSHIP_VALUES, SENIORITIES, YEARS_BANDS, type SearchFilter } from '$gyms/salesnav/contract';

/** How a filter takes values: fixed options, a typeahead field, free text, or a single flag. */
export type FilterKind =
	| { kind: 'options'; options: readonly { id: string; text: string }[] }
	| { kind: 'typeahead'; source: string }
	| { kind: 'text' }
	| { kind: 'flag'; text: string }
	| { kind: 'lists'; listType: 'LEAD' | 'ACCOUNT' };

/** One filter of the rail. */
export interface FilterDef {
	type: SearchFilter['type'];
	label: string;
	input: FilterKind;
}

const opts = (xs: readonly string[]) => xs.map((x) => ({ id: x, text: x }));
const years = opts(YEARS_BANDS.map((b) => b.text));

/** Lead search filter groups (Sales Navigator's rail: Company, Role, Personal, Best path in, Recent updates, Workflow). */
export const LEAD_FILTER_GROUPS: readonly { label: string; filters: readonly FilterDef[] }[] = [
	{
		label: 'Company',
		filters: [
			{ type: 'CURRENT_COMPANY', label: 'Current company', input: { kind: 'typeahead', source: 'CURRENT_COMPANY' } },
			{ type: 'COMPANY_HEADCOUNT', label: 'Company headcount', input: { kind: 'options', options: opts(HEADCOUNT_BANDS) } },
			{ type: 'PAST_COMPANY', label: 'Past company', input: { kind: 'typeahead', source: 'PAST_COMPANY' } },
			{ type: 'COMPANY_TYPE', label: 'Company type', input: { kind: 'options', options: opts(COMPANY_TYPES) } },
			{ type: 'COMPANY_HEADQUARTERS', label: 'Company headquarters location', input: { kind: 'typeahead', source: 'COMPANY_HEADQUARTERS' } }
		]
	},
	{
		label: 'Role',
		filters: [
			{ type: 'FUNCTION', label: 'Function', input: { kind: 'options', options: opts(FUNCTIONS) } },
			{ type: 'CURRENT_TITLE', label: 'Current job title', input: { kind: 'text' } },
			{ type: 'SENIORITY_LEVEL', label: 'Seniority level', input: { kind: 'options', options: opts(SENIORITIES) } },
			{ type: 'PAST_TITLE', label: 'Past job title', input: { kind: 'text' } },
			{ type: 'YEARS_AT_CURRENT_COMPANY', label: 'Years in current company', input: { kind: 'options', options: years } },
			{ type: 'YEARS_IN_CURRENT_POSITION', label: 'Years in current position', input: { kind: 'options', options: years } }
		]
	},
	{
		label: 'Personal',
		filters: [
			{ type: 'REGION', label: 'Geography', input: { kind: 'typeahead', source: 'REGION' } },
			{ type: 'INDUSTRY', label: 'Industry', input: { kind: 'typeahead', source: 'INDUSTRY' } },
			{ type: 'FIRST_NAME', label: 'First name', input: { kind: 'text' } },
			{ type: 'LAST_NAME', label: 'Last name', input: { kind: 'text' } },
			{ type: 'YEARS_OF_EXPERIENCE', label: 'Years of experience', input: { kind: 'options', options: years } },
			{ type: 'SCHOOL', label: 'School', input: { kind: 'typeahead', source: 'SCHOOL' } }
		]
	},
	{
		label: 'Best path in',
		filters: [
			{ type: 'RELATIONSHIP', label: 'Connection', input: { kind: 'options', options: RELATIONSHIP_VALUES.map((r) => ({ id: r.id, text: r.text })) } },
			{ type: 'TEAMLINK_CONNECTIONS', label: 'TeamLink connections', input: { kind: 'flag', text: 'TeamLink connections' } }
		]
	},
	{
		label: 'Recent updates',
		filters: [
			{ type: 'CHANGED_JOBS', label: 'Changed jobs in past 90 days', input: { kind: 'flag', text: 'Changed jobs in past 90 days' } },
			{ type: 'POSTED_ON_LINKEDIN', label: 'Posted on LinkedIn in past 30 days', input: { kind: 'flag', text: 'Posted on LinkedIn in past 30 days' } },
			{ type: 'FOLLOWS_YOUR_COMPANY', label: 'Following your company', input: { kind: 'flag', text: 'Following your company' } },
			{ type: 'VIEWED_YOUR_PROFILE', label: 'Viewed your profile recently', input: { kind: 'flag', text: 'Viewed your profile recently' } }
		]
	},
	{
		label: 'Workflow',
		filters: [
			{ type: 'PEOPLE_IN_CRM', label: 'People in CRM', input: { kind: 'flag', text: 'People in CRM' } },
			{ type: 'LEAD_LIST', label: 'Lead lists', input: { kind: 'lists', listType: 'LEAD' } },
			{ type: 'ACCOUNT_LIST', label: 'Account lists', input: { kind: 'lists', listType: 'ACCOUNT' } }
		]
	}
];

/** Account search filter groups. */
export const ACCOUNT_FILTER_GROUPS: readonly { label: string; filters: readonly FilterDef[] }[] = [
	{
		label: 'Company attributes',
		filters: [
			{
				type: 'ANNUAL_REVENUE',
				label: 'Annual revenue',
				input: { kind: 'options', options: opts(['<1M', '1M-10M', '10M-50M', '50M-100M', '100M-500M', '500M-1B', '1B+']) }
			},
			{ type: 'COMPANY_HEADCOUNT', label: 'Company headcount', input: { kind: 'options', options: opts(HEADCOUNT_BANDS) } },
			{ type: 'COMPANY_TYPE', label: 'Company type', input: { kind: 'options', options: opts(COMPANY_TYPES) } },
			{ type: 'COMPANY_HEADQUARTERS', label: 'Headquarters location', input: { kind: 'typeahead', source: 'COMPANY_HEADQUARTERS' } },
			{ type: 'INDUSTRY', label: 'Industry', input: { kind: 'typeahead', source: 'INDUSTRY' } },
			{ type: 'TECHNOLOGIES_USED', label: 'Technologies used', input: { kind: 'typeahead', source: 'TECHNOLOGIES_USED' } }
		]
	},
	{
		label: 'Spotlights',
		filters: [
			{
				type: 'BUYER_INTENT',
				label: 'Buyer intent',
				input: {
					kind: 'options',
					options: [
						{ id: 'high', text: 'High' },
						{ id: 'medium', text: 'Medium' },
						{ id: 'low', text: 'Low' }
					]
				}
			},
			{
				type: 'LEADERSHIP_CHANGE',
				label: 'Senior leadership changes in last 3 months',
				input: { kind: 'flag', text: 'Senior leadership changes in last 3 months' }
			},
			{ type: 'FUNDING_EVENTS', label: 'Funding events in past 12 months', input: { kind: 'flag', text: 'Funding events in past 12 months' } }
		]
	},
	{ label: 'Workflow', filters: [{ type: 'ACCOUNT_LIST', label: 'Account lists', input: { kind: 'lists', listType: 'ACCOUNT' } }] }
];

type Sel = 'INCLUDED' | 'EXCLUDED';

/**
 * Adds a pill (or flips its selection) to `filters`.
 * @returns a new filter array; a value already present with the other selection is switched.
 */
export function addPill(filters: readonly SearchFilter[], type: SearchFilter['type'], id: string, text: string, selectionType: Sel): SearchFilter[] {
	const value = { id, text, selectionType };
	const i = filters.findIndex((f) => f.type === type);
	if (i < 0) return [...filters, { type, values: [value] }];
	const f = filters[i]!;
	const values = f.values.some((v) => v.id === id) ? f.values.map((v) => (v.id === id ? value : v)) : [...f.values, value];
	return filters.map((x, k) => (k === i ? { type, values } : x));
}

/** Removes one pill; a filter left without values goes. */
export function removePill(filters: readonly SearchFilter[], type: SearchFilter['type'], id: string): SearchFilter[] {
	return filters.map((f) => (f.type === type ? { type, values: f.values.filter((v) => v.id !== id) } : f)).filter((f) => f.values.length > 0) as SearchFilter[];
}

/** Number of pills in `filters`. */
export const pillCount = (filters: readonly SearchFilter[]) => filters.reduce((n, f) => n + f.values.length, 0);
