/**
 * Enumeration options the screens fall back to when `GET /crm/v3/properties/{type}` does not describe a property
 * (platforms.md §2.1 enums, HubSpot's UI labels), and the option lists of the engagement dialogs.
 */
import {
	COMPANY_TYPES,
	DEFAULT_PIPELINE_STAGES,
	LEAD_STATUSES,
	LEAD_STATUS_LABELS,
	LIFECYCLE_STAGES,
	LIFECYCLE_STAGE_LABELS,
	MEETING_OUTCOMES,
	TASK_PRIORITIES,
	TASK_TYPES
} from '$gyms/hubspot/schema';
import type { SelectOption } from './format';

const title = (v: string) =>
	v
		.toLowerCase()
		.split('_')
		.map((w, i) => (i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w))
		.join(' ');

/** Task types as HubSpot labels them (`hs_task_type`). */
export const TASK_TYPE_OPTIONS: SelectOption[] = TASK_TYPES.map((v) => ({ value: v, label: v === 'TODO' ? 'To-do' : title(v) }));
/** Task priorities (`hs_task_priority`); "None" is the empty value. */
export const TASK_PRIORITY_OPTIONS: SelectOption[] = TASK_PRIORITIES.map((v) => ({ value: v, label: title(v) }));
/** Meeting outcomes (`hs_meeting_outcome`). */
export const MEETING_OUTCOME_OPTIONS: SelectOption[] = MEETING_OUTCOMES.map((v) => ({ value: v, label: v === 'NO_SHOW' ? 'No show' : title(v) }));
/** Call directions (`hs_call_direction`). */
export const CALL_DIRECTION_OPTIONS: SelectOption[] = [
	{ value: 'OUTBOUND', label: 'Outbound' },
	{ value: 'INBOUND', label: 'Inbound' }
];

/**
 * HubSpot's default call outcomes: the label, the `hs_call_disposition` GUID HubSpot ships for it, and the
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

const FALLBACK: Record<string, SelectOption[]> = {
	lifecyclestage: LIFECYCLE_STAGES.map((v) => ({ value: v, label: LIFECYCLE_STAGE_LABELS[v] })),
	hs_lead_status: LEAD_STATUSES.map((v) => ({ value: v, label: LEAD_STATUS_LABELS[v] })),
	type: COMPANY_TYPES.map((v) => ({ value: v, label: title(v) })),
	pipeline: [{ value: 'default', label: 'Sales Pipeline' }],
	dealstage: DEFAULT_PIPELINE_STAGES.map((s) => ({ value: s.id, label: s.label })),
	dealtype: [
		{ value: 'newbusiness', label: 'New Business' },
		{ value: 'existingbusiness', label: 'Existing Business' }
	],
	hs_priority: [
		{ value: 'low', label: 'Low' },
		{ value: 'medium', label: 'Medium' },
		{ value: 'high', label: 'High' }
	]
};

/** Options of an enumeration property when the properties API gives none; `[]` for a non-enumeration. */
export function fallbackOptions(name: string): SelectOption[] {
	return FALLBACK[name] ?? [];
}
