import { describe, expect, it } from 'vitest';
import { Me } from './me';

const MAYA = {
	id: '1001',
	email: 'maya.patel@salesgym.io',
	firstName: 'Maya',
	lastName: 'Patel',
	role: 'manager',
	title: 'Sales Manager',
	timeZone: 'America/New_York'
};

describe('GET /me answer', () => {
	it('accepts the acting user', () => {
		expect(Me.parse(MAYA)).toEqual(MAYA);
	});

	it('fails loudly on a missing or unknown field', () => {
		const { title: _title, ...noTitle } = MAYA;
		expect(Me.safeParse(noTitle).success).toBe(false);
		expect(Me.safeParse({ ...MAYA, timezone: 'UTC' }).success).toBe(false);
	});
});
