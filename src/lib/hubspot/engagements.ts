/**
 * The engagement dialogs of a record page (platforms.md §2.1 "Engagements", §2.4 actions Note, Call, Task,
 * Meeting) as data: the form fields (labels = accessible names), their defaults, and the mapping of the form
 * values to the engagement's wire properties for `POST /crm/v3/objects/{type}`. One generic dialog renders them.
 * Times are UTC: `now` is the gym's virtual clock (ISO ms); date/time inputs are read as UTC.
 */
import type { SelectOption } from './format';
import { CALL_DIRECTION_OPTIONS, CALL_OUTCOMES, MEETING_OUTCOME_OPTIONS, TASK_PRIORITY_OPTIONS, TASK_TYPE_OPTIONS } from './options';
import { addDaysIso, isoToLocalInput, localInputToIso } from './record';

/** Engagement types created by a dialog (emails have the composer). */
export type DialogEngagement = 'notes' | 'calls' | 'tasks' | 'meetings';

/** One form field: `key` of the values map, control kind, visible label (the accessible name). */
export interface FieldSpec {
	key: string;
	label: string;
	control: 'text' | 'textarea' | 'select' | 'date' | 'time' | 'datetime' | 'number' | 'owner';
	options?: SelectOption[];
	/** Shown under the control (e.g. "UTC"). */
	hint?: string;
}

/** A dialog: title (its accessible name), submit label, fields, defaults, and the wire mapping. */
export interface EngagementSpec {
	title: string;
	submit: string;
	fields: FieldSpec[];
	/** Initial values from the virtual clock `now` (ISO ms) and the default owner id. */
	defaults(now: string, ownerId: string): Record<string, string>;
	/** Wire properties of the engagement (strings; empty values left out) from the form values (`v(key)`, `""` when unset). */
	toProperties(v: (key: string) => string): Record<string, string>;
}

function compact(p: Record<string, string>): Record<string, string> {
	return Object.fromEntries(Object.entries(p).filter(([, v]) => v !== ''));
}

/** Minutes as text → milliseconds as text (`hs_call_duration` is in ms); `""` when not a number. */
export function minutesToMs(minutes: string): string {
	const n = Number(minutes);
	return minutes.trim() !== '' && Number.isFinite(n) && n >= 0 ? String(Math.round(n * 60_000)) : '';
}

/** The specs of the four dialogs. */
export const ENGAGEMENT_SPECS: Record<DialogEngagement, EngagementSpec> = {
	notes: {
		title: 'Create note',
		submit: 'Save note',
		fields: [{ key: 'body', label: 'Note', control: 'textarea' }],
		defaults: (now, ownerId) => ({ body: '', now, owner: ownerId }),
		toProperties: (v) => compact({ hs_note_body: v('body'), hs_timestamp: v('now'), hubspot_owner_id: v('owner') })
	},
	calls: {
		title: 'Log call',
		submit: 'Log activity',
		fields: [
			{ key: 'outcome', label: 'Call outcome', control: 'select', options: CALL_OUTCOMES.map((o) => ({ value: o.label, label: o.label })) },
			{ key: 'direction', label: 'Direction', control: 'select', options: CALL_DIRECTION_OPTIONS },
			{ key: 'when', label: 'Date and time', control: 'datetime', hint: 'UTC' },
			{ key: 'duration', label: 'Duration (minutes)', control: 'number' },
			{ key: 'body', label: 'Call notes', control: 'textarea' }
		],
		defaults: (now, ownerId) => ({ outcome: 'Connected', direction: 'OUTBOUND', when: isoToLocalInput(now), duration: '', body: '', owner: ownerId }),
		toProperties: (v) => {
			const outcome = CALL_OUTCOMES.find((o) => o.label === v('outcome'));
			return compact({
				hs_call_body: v('body'),
				hs_call_direction: v('direction'),
				hs_call_disposition: outcome?.disposition ?? '',
				hs_call_status: outcome?.status ?? 'COMPLETED',
				hs_call_duration: minutesToMs(v('duration')),
				hs_timestamp: localInputToIso(v('when')),
				hubspot_owner_id: v('owner')
			});
		}
	},
	tasks: {
		title: 'Create task',
		submit: 'Create',
		fields: [
			{ key: 'subject', label: 'Title', control: 'text' },
			{ key: 'type', label: 'Task type', control: 'select', options: TASK_TYPE_OPTIONS },
			{ key: 'priority', label: 'Priority', control: 'select', options: [{ value: '', label: 'None' }, ...TASK_PRIORITY_OPTIONS] },
			{ key: 'dueDate', label: 'Due date', control: 'date', hint: 'UTC' },
			{ key: 'dueTime', label: 'Time', control: 'time', hint: 'UTC' },
			{ key: 'owner', label: 'Assigned to', control: 'owner' },
			{ key: 'body', label: 'Notes', control: 'textarea' }
		],
		// HubSpot's default due date is a few business days out; the gym uses 3 days at 08:00 UTC.
		defaults: (now, ownerId) => ({
			subject: '',
			type: 'TODO',
			priority: '',
			dueDate: addDaysIso(now, 3).slice(0, 10),
			dueTime: '08:00',
			owner: ownerId,
			body: ''
		}),
		toProperties: (v) =>
			compact({
				hs_task_subject: v('subject'),
				hs_task_body: v('body'),
				hs_task_type: v('type'),
				hs_task_priority: v('priority'),
				hs_task_status: 'NOT_STARTED',
				hs_timestamp: /^\d{4}-\d{2}-\d{2}$/.test(v('dueDate')) ? localInputToIso(`${v('dueDate')}T${v('dueTime') || '08:00'}`) : '',
				hubspot_owner_id: v('owner')
			})
	},
	meetings: {
		title: 'Log meeting',
		submit: 'Log activity',
		fields: [
			{ key: 'title', label: 'Meeting title', control: 'text' },
			{ key: 'outcome', label: 'Outcome', control: 'select', options: MEETING_OUTCOME_OPTIONS },
			{ key: 'start', label: 'Start time', control: 'datetime', hint: 'UTC' },
			{ key: 'end', label: 'End time', control: 'datetime', hint: 'UTC' },
			{ key: 'body', label: 'Description', control: 'textarea' }
		],
		defaults: (now, ownerId) => ({
			title: '',
			outcome: 'COMPLETED',
			start: isoToLocalInput(now),
			end: isoToLocalInput(addDaysIso(now, 1 / 48)),
			body: '',
			owner: ownerId
		}),
		toProperties: (v) => {
			const start = localInputToIso(v('start'));
			return compact({
				hs_meeting_title: v('title'),
				hs_meeting_body: v('body'),
				hs_meeting_outcome: v('outcome'),
				hs_meeting_start_time: start,
				hs_meeting_end_time: localInputToIso(v('end')),
				hs_timestamp: start,
				hubspot_owner_id: v('owner')
			});
		}
	}
};
