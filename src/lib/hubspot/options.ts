/**
 * Enumeration options the screens fall back to when `GET /crm/v3/properties/{type}` does not describe a property
 * (platforms.md §2.1 enums, HubSpot's UI labels), and the option lists of the engagement dialogs.
 */
import {
	CALL_DIRECTIONS,
	CALL_OUTCOMES,
	COMPANY_TYPES,
	COMPANY_TYPE_LABELS,
	DEAL_PRIORITY_OPTIONS,
	DEAL_TYPE_OPTIONS,
	DEFAULT_PIPELINE,
	DEFAULT_PIPELINE_STAGES,
	LEAD_STATUSES,
	LEAD_STATUS_LABELS,
	LIFECYCLE_STAGES,
	LIFECYCLE_STAGE_LABELS,
	MEETING_OUTCOMES,
	TASK_PRIORITIES,
	TASK_TYPES
} from '$gyms/hubspot/contract';
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
export const CALL_DIRECTION_OPTIONS: SelectOption[] = [...CALL_DIRECTIONS].reverse().map((v) => ({ value: v, label: title(v) }));

/** HubSpot's default call outcomes (label, `hs_call_disposition` GUID, `hs_call_status`): the contract's list. */
export { CALL_OUTCOMES };

const FALLBACK: Record<string, SelectOption[]> = {
	lifecyclestage: LIFECYCLE_STAGES.map((v) => ({ value: v, label: LIFECYCLE_STAGE_LABELS[v] })),
	hs_lead_status: LEAD_STATUSES.map((v) => ({ value: v, label: LEAD_STATUS_LABELS[v] })),
	type: COMPANY_TYPES.map((v) => ({ value: v, label: COMPANY_TYPE_LABELS[v] })),
	pipeline: [{ value: DEFAULT_PIPELINE.id, label: DEFAULT_PIPELINE.label }],
	dealstage: DEFAULT_PIPELINE_STAGES.map((s) => ({ value: s.id, label: s.label })),
	dealtype: DEAL_TYPE_OPTIONS.map((o) => ({ ...o })),
	hs_priority: DEAL_PRIORITY_OPTIONS.map((o) => ({ ...o }))
};

/** Options of an enumeration property when the properties API gives none; `[]` for a non-enumeration. */
export function fallbackOptions(name: string): SelectOption[] {
	return FALLBACK[name] ?? [];
}
