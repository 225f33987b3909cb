/**
 * An unexpected handler error (an exception, a database error) answers each gym's vendor-shaped 500 with a generic
 * message: the thrown value's text never reaches the body.
 */
import { describe, expect, it } from 'vitest';
import { CALENDLY_ERRORS } from '../calendly/api/errors';
import { OUTREACH_ERRORS } from '../outreach/api/errors';
import { SALESNAV_ERRORS } from '../salesnav/api/errors';
import { HUBSPOT_ERRORS } from '../hubspot/api/errors';
import { createRouter, type ErrorAdapter } from './router';

const ADAPTERS: [string, ErrorAdapter][] = [
	['hubspot', HUBSPOT_ERRORS],
	['outreach', OUTREACH_ERRORS],
	['calendly', CALENDLY_ERRORS],
	['salesnav', SALESNAV_ERRORS]
];

describe.each(ADAPTERS)('%s: a handler that throws', (_name, errors) => {
	it('answers 500 without the exception message', async () => {
		const route = createRouter<null>(
			[
				{
					method: 'GET',
					path: '/boom',
					handler: async () => {
						throw new Error('DatabaseClosedError: secret detail');
					}
				}
			],
			errors
		);
		const res = await route(null, { method: 'GET', path: '/boom', query: new URLSearchParams(), body: undefined }, undefined);
		expect(res.status).toBe(500);
		const text = JSON.stringify(res.body);
		expect(text).not.toContain('secret detail');
		expect(text).not.toContain('DatabaseClosedError');
		expect(text.length).toBeGreaterThan(2);
	});
});
