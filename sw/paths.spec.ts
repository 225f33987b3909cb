import { describe, expect, it } from 'vitest';
import { isServiceWorkerPath } from './paths';

describe('isServiceWorkerPath', () => {
	it('matches exactly the SW-only prefixes', () => {
		expect(['/api', '/api/x', '/__salesgym/tasks', '/verify'].every(isServiceWorkerPath)).toBe(true);
		expect(['/', '/apiary', '/verify-email', '/hubspot/contacts', '/__salesgymx'].some(isServiceWorkerPath)).toBe(false);
	});
});

describe('SW_PATH_RE as a navigation denylist (tested on pathname + search)', () => {
	it('denies the SW paths with a query string, and nothing else', async () => {
		const { SW_PATH_RE } = await import('./paths');
		expect(['/verify?x=1', '/__salesgym/state?pretty', '/api/hubspot/crm/v3/objects/contacts?limit=1'].every((p) => SW_PATH_RE.test(p))).toBe(true);
		expect(['/hubspot/contacts?q=api', '/?verify', '/apiary?x'].some((p) => SW_PATH_RE.test(p))).toBe(false);
	});
});
