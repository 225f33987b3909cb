import { describe, expect, it } from 'vitest';
import { ENGAGEMENT_SPECS, minutesToMs } from './engagements';
import { fallbackOptions } from './options';
import { addDaysIso, associationTo, formatAmount, isBackwardStage, isoToLocalInput, localInputToIso, optionLabel, recordName } from './record';

const rec = (properties: Record<string, string>) => ({ id: '7', properties, createdAt: '', updatedAt: '', archived: false });

describe('record page helpers', () => {
	it('detects a backward lifecycle move in the options order', () => {
		const stages = fallbackOptions('lifecyclestage');
		expect(isBackwardStage(stages, 'salesqualifiedlead', 'lead')).toBe(true);
		expect(isBackwardStage(stages, 'lead', 'customer')).toBe(false);
		expect(isBackwardStage(stages, '', 'lead')).toBe(false);
		expect(isBackwardStage(stages, 'lead', '')).toBe(false);
		expect(isBackwardStage(stages, 'lead', 'custom_stage')).toBe(false);
		expect(
			isBackwardStage(
				[
					{ value: 'b', displayOrder: 0 },
					{ value: 'a', displayOrder: 1 }
				],
				'a',
				'b'
			)
		).toBe(true);
	});

	it('reads and writes datetime-local values as UTC, never the host zone', () => {
		expect(localInputToIso('2026-03-04T09:30')).toBe('2026-03-04T09:30:00.000Z');
		expect(localInputToIso('2026-03-04T09:30:15')).toBe('2026-03-04T09:30:15.000Z');
		expect(localInputToIso('04/03/2026')).toBe('');
		expect(isoToLocalInput('2026-03-04T09:30:00.000Z')).toBe('2026-03-04T09:30');
		expect(isoToLocalInput('')).toBe('');
		expect(addDaysIso('2026-03-04T15:00:00.000Z', 3)).toBe('2026-03-07T15:00:00.000Z');
	});

	it('names records, formats amounts, labels options and builds association inputs', () => {
		expect(recordName('contacts', rec({ firstname: 'Lena', lastname: 'Vogt' }))).toBe('Lena Vogt');
		expect(recordName('contacts', rec({ email: 'l@x.io' }))).toBe('l@x.io');
		expect(recordName('companies', rec({ domain: 'x.io' }))).toBe('x.io');
		expect(recordName('deals', rec({}))).toBe('(No name)');
		expect(formatAmount('24000')).toBe('$24,000');
		expect(formatAmount('99.5')).toBe('$99.50');
		expect(formatAmount('')).toBe('');
		expect(optionLabel([], 'lifecyclestage', 'marketingqualifiedlead')).toBe('Marketing Qualified Lead');
		expect(optionLabel([], 'lifecyclestage', '')).toBe('--');
		expect(associationTo('notes', 'contacts', '9')).toEqual({ to: { id: '9' }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 202 }] });
		expect(associationTo('emails', 'companies', '9').types[0]?.associationTypeId).toBe(186);
		expect(() => associationTo('notes', 'tasks', '9')).toThrow('no HUBSPOT_DEFINED association notes→tasks');
	});
});

describe('engagement dialogs → wire properties', () => {
	const get = (values: Record<string, string>) => (k: string) => values[k] ?? '';

	it('call: outcome label → disposition GUID and status, minutes → ms, empty values left out', () => {
		const v = { ...ENGAGEMENT_SPECS.calls.defaults('2026-03-04T15:00:00.000Z', '1002'), duration: '12', body: 'Asked for a proposal' };
		expect(ENGAGEMENT_SPECS.calls.toProperties(get(v))).toEqual({
			hs_call_body: 'Asked for a proposal',
			hs_call_direction: 'OUTBOUND',
			hs_call_disposition: 'f240bbac-87c9-4f6e-bf70-924b57d47db7',
			hs_call_status: 'COMPLETED',
			hs_call_duration: '720000',
			hs_timestamp: '2026-03-04T15:00:00.000Z',
			hubspot_owner_id: '1002'
		});
		expect(ENGAGEMENT_SPECS.calls.toProperties(get({ ...v, outcome: 'No answer', duration: '' }))).toMatchObject({ hs_call_status: 'NO_ANSWER' });
		expect(ENGAGEMENT_SPECS.calls.toProperties(get({ ...v, duration: '' }))).not.toHaveProperty('hs_call_duration');
		expect(minutesToMs('1.5')).toBe('90000');
		expect(minutesToMs('-1')).toBe('');
	});

	it('task: due date + time → hs_timestamp (UTC), default due 3 days out at 08:00, NOT_STARTED', () => {
		const d = ENGAGEMENT_SPECS.tasks.defaults('2026-03-04T15:00:00.000Z', '1002');
		expect(d).toMatchObject({ dueDate: '2026-03-07', dueTime: '08:00', type: 'TODO', owner: '1002' });
		expect(ENGAGEMENT_SPECS.tasks.toProperties(get({ ...d, subject: 'Send proposal', priority: 'HIGH', dueDate: '2026-03-05' }))).toEqual({
			hs_task_subject: 'Send proposal',
			hs_task_type: 'TODO',
			hs_task_priority: 'HIGH',
			hs_task_status: 'NOT_STARTED',
			hs_timestamp: '2026-03-05T08:00:00.000Z',
			hubspot_owner_id: '1002'
		});
	});

	it('meeting and note', () => {
		const m = ENGAGEMENT_SPECS.meetings.defaults('2026-03-04T15:00:00.000Z', '1');
		expect(m).toMatchObject({ start: '2026-03-04T15:00', end: '2026-03-04T15:30' });
		expect(ENGAGEMENT_SPECS.meetings.toProperties(get({ ...m, title: 'Demo' }))).toMatchObject({
			hs_meeting_title: 'Demo',
			hs_meeting_outcome: 'COMPLETED',
			hs_meeting_start_time: '2026-03-04T15:00:00.000Z',
			hs_meeting_end_time: '2026-03-04T15:30:00.000Z',
			hs_timestamp: '2026-03-04T15:00:00.000Z'
		});
		expect(ENGAGEMENT_SPECS.notes.toProperties(get({ ...ENGAGEMENT_SPECS.notes.defaults('2026-03-04T15:00:00.000Z', '1'), body: 'Hi' }))).toEqual({
			hs_note_body: 'Hi',
			hs_timestamp: '2026-03-04T15:00:00.000Z',
			hubspot_owner_id: '1'
		});
	});
});
