import { describe, expect, it } from 'vitest';
import { enrollBlockReason, stepDays, stepKindLabel, submissionErrors } from './sales';

describe('sales client helpers', () => {
	it('labels steps and counts days from accumulated delays', () => {
		expect(stepDays([{ delayMillis: 0 }, { delayMillis: 4 * 86_400_000 }, { delayMillis: 4 * 86_400_000 }])).toEqual([1, 5, 9]);
		expect(stepKindLabel({ actionType: 'SEND_TEMPLATE', taskType: null })).toBe('Automated email');
		expect(stepKindLabel({ actionType: 'CREATE_TASK', taskType: 'EMAIL' })).toBe('Manual email task');
		expect(stepKindLabel({ actionType: 'CREATE_TASK', taskType: 'LINKED_IN' })).toBe('LinkedIn task');
	});

	it('maps API errors to the dialog reason and the form field errors', () => {
		expect(enrollBlockReason({ status: 'error', category: 'VALIDATION_ERROR', message: 'm', errors: [{ message: 'm', code: 'CONTACT_BOUNCED' }] })).toEqual({
			code: 'CONTACT_BOUNCED',
			label: 'Email bounced',
			message: 'm'
		});
		expect(enrollBlockReason({ status: 'error', category: 'OBJECT_NOT_FOUND', message: 'gone' }).label).toBe('Could not enroll');
		const errs = submissionErrors({
			status: 'error',
			category: 'VALIDATION_ERROR',
			message: 'The request is not valid',
			errors: [{ message: "Error in 'fields.email'. Invalid email address", errorType: 'INVALID_EMAIL' }]
		});
		expect([...errs]).toEqual([['email', "Error in 'fields.email'. Invalid email address"]]);
	});
});
