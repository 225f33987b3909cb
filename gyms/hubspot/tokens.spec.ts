import { describe, expect, it } from 'vitest';
import { containsToken, findTokens, missingMarker, resolveTokens, senderContext } from './tokens';

const context = {
	contact: { firstname: 'Priya', lastname: 'Raman', company: 'Contact-typed Co', jobtitle: '' },
	company: { name: 'Cobalt Pay', numberofemployees: '120' },
	sender: senderContext({ firstName: 'Maya', lastName: 'Patel', email: 'maya@salesgym.dev' })
};

describe('personalization tokens', () => {
	it('resolves contact, associated company and sender tokens (whitespace and case tolerant)', () => {
		const r = resolveTokens(
			'Hi {{ contact.firstname }}, {{company.name}} has {{ Company.NumberOfEmployees }} people. {{ sender.firstname }} {{ sender.lastname }}',
			context
		);
		expect(r).toEqual({ text: 'Hi Priya, Cobalt Pay has 120 people. Maya Patel', missing: [] });
	});

	it('company.name is the associated company, not the contact’s company text property', () => {
		expect(resolveTokens('{{ company.name }}', context).text).toBe('Cobalt Pay');
		const noCompany = resolveTokens('at {{ company.name }}', { contact: context.contact });
		expect(noCompany.text).toBe(`at ${missingMarker('company.name')}`);
		expect(noCompany.missing.map((m) => m.token)).toEqual(['company.name']);
	});

	it('uses the default (double or single quotes) when the value is missing or blank', () => {
		expect(resolveTokens('Hi {{ contact.firstname | default("there") }}', { contact: {} }).text).toBe('Hi there');
		expect(resolveTokens("Hi {{ contact.jobtitle|default('friend') }}", context).text).toBe('Hi friend');
		expect(resolveTokens('Hi {{ contact.firstname | default("there") }}', context).text).toBe('Hi Priya');
		expect(resolveTokens('Hi {{ contact.firstname | default("") }}!', { contact: { firstname: null } })).toEqual({ text: 'Hi !', missing: [] });
	});

	it('a missing value without default renders the MISSING TOKEN marker and is reported once', () => {
		const r = resolveTokens('{{ contact.jobtitle }} / {{ contact.jobtitle }} / {{ sender.meetings_link }}', context);
		expect(r.text).toBe('[[MISSING TOKEN - contact.jobtitle]] / [[MISSING TOKEN - contact.jobtitle]] / [[MISSING TOKEN - sender.meetings_link]]');
		expect(r.missing.map((m) => [m.token, m.unknown])).toEqual([
			['contact.jobtitle', false],
			['sender.meetings_link', false]
		]);
	});

	it('an unknown object type is unresolved even with a default; an unknown property is a missing value', () => {
		const r = resolveTokens('{{ planet.name | default("Earth") }} {{ contact.favorite_color }}', context);
		expect(r.text).toBe('[[MISSING TOKEN - planet.name]] [[MISSING TOKEN - contact.favorite_color]]');
		expect(r.missing.map((m) => [m.token, m.unknown, m.fallback])).toEqual([
			['planet.name', true, 'Earth'],
			['contact.favorite_color', false, undefined]
		]);
	});

	it('leaves text without tokens untouched; findTokens and containsToken see every token', () => {
		expect(resolveTokens('No tokens {here}.', context)).toEqual({ text: 'No tokens {here}.', missing: [] });
		expect(findTokens('a {{ contact.firstname | default("x") }} b {{ deal.dealname }}')).toEqual([
			{ raw: '{{ contact.firstname | default("x") }}', token: 'contact.firstname', object: 'contact', property: 'firstname', fallback: 'x' },
			{ raw: '{{ deal.dealname }}', token: 'deal.dealname', object: 'deal', property: 'dealname' }
		]);
		expect(containsToken('Hi {{ contact.firstname }}')).toBe(true);
		expect(containsToken('Hi {{ broken token }}')).toBe(true);
		expect(containsToken('Hi Priya')).toBe(false);
		expect(containsToken('Hello [[MISSING TOKEN - contact.firstname]],')).toBe(true);
		expect(senderContext(undefined)).toBeUndefined();
	});
});
