import { describe, expect, it } from 'vitest';
import { HUBSPOT_TOKEN_SYNTAX, personalizeOptions, tokenChipLabel } from './token-labels';

describe('HubSpot token chips', () => {
	it('labels a token by object and property label, with or without a default', () => {
		expect(tokenChipLabel('{{ contact.firstname }}')).toBe('Contact: First name');
		expect(tokenChipLabel('{{ contact.firstname | default("there") }}')).toBe('Contact: First name');
		expect(tokenChipLabel('{{company.name}}')).toBe('Company: Company name');
		expect(tokenChipLabel('{{ sender.meetings_link }}')).toBe('Sender: Meetings link');
		expect(tokenChipLabel('{{ contact.hs_custom }}')).toBe('Contact: hs_custom');
		expect(tokenChipLabel('plain')).toBe('plain');
	});

	it('finds every token of a body, defaults included', () => {
		const body = "Hi {{ contact.firstname | default('there') }}, see {{ company.name }} — {{ sender.firstname }}";
		expect([...body.matchAll(HUBSPOT_TOKEN_SYNTAX.pattern)].map((m) => m[0])).toEqual([
			"{{ contact.firstname | default('there') }}",
			'{{ company.name }}',
			'{{ sender.firstname }}'
		]);
	});

	it('offers deal tokens only from a deal', () => {
		expect(personalizeOptions(false).some((o) => o.value.startsWith('{{ deal.'))).toBe(false);
		expect(personalizeOptions(true).find((o) => o.value === '{{ deal.dealname }}')?.label).toBe('Deal: Deal name');
	});
});
