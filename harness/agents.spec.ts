import { describe, expect, it } from 'vitest';
import { agentByName, describeAction, noop, oracle } from './agents';
import { UsageError } from './errors';

describe('agentByName', () => {
	it('finds the known agents and rejects others clearly', () => {
		expect(agentByName('oracle')).toBe(oracle);
		expect(agentByName('noop')).toBe(noop);
		expect(() => agentByName('toString')).toThrow(UsageError);
		expect(() => agentByName('gpt')).toThrowErrorMatchingInlineSnapshot(`[UsageError: unknown agent "gpt". Known agents: oracle, noop]`);
	});
});

describe('describeAction', () => {
	it('describes each action kind', () => {
		expect(describeAction({ goto: '/hubspot/contacts' })).toBe('goto /hubspot/contacts');
		expect(describeAction({ click: { role: 'button', name: 'Save' } })).toBe('click button "Save"');
		expect(describeAction({ fill: { label: 'Email', value: 'a@b.c' } })).toBe('fill "Email" with "a@b.c"');
		expect(describeAction({ select: { label: 'Lifecycle stage', option: 'Lead' } })).toBe('select "Lead" in "Lifecycle stage"');
		expect(describeAction({ wait_for: { text: 'Contact saved' } })).toBe('wait_for text "Contact saved"');
		expect(describeAction({ wait_for: { role: 'status', name: 'Saved' } })).toBe('wait_for status "Saved"');
	});
});
