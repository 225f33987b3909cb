import { describe, expect, it } from 'vitest';
import { isProductUrl, navigationError, newSecret, sealedByDefault } from './seal';

const BASE = 'http://127.0.0.1:4173';

describe('navigationError (sealed episodes: the agent stays on the product screens)', () => {
	it('accepts product paths of every platform, with a query or a hash', () => {
		for (const p of ['/hubspot', '/hubspot/contacts', '/hubspot/contacts/990001?tab=about', '/salesnav/lists#x', '/outreach/', '/calendly/x']) {
			expect(navigationError(p, BASE), p).toBeNull();
		}
	});

	it('refuses the launcher, control paths, static files, other origins and every spelling that leaves the origin', () => {
		for (const p of [
			'/',
			'/index.html',
			'/__salesgym/state',
			'/__salesgym/tasks/hubspot%2Fx-v1',
			'/verify',
			'/api/hubspot/crm/v3/objects/contacts',
			'/demo/tasks.json',
			'/service-worker.js',
			'/_app/version.json',
			'/hubspot/../__salesgym/state',
			'/hubspot/%2e%2e/verify',
			'/hubspot/x.js',
			'//127.0.0.1:4173/hubspot/contacts',
			'//evil.example/hubspot',
			'/\\evil.example/hubspot',
			'/hub\tspot',
			'http://127.0.0.1:4173/hubspot',
			'hubspot/contacts',
			'/hubspotx'
		]) {
			expect(navigationError(p, BASE), p).toMatch(/^only the gym's product screens/);
		}
	});
});

describe('isProductUrl (tabs are checked before each observation)', () => {
	it('is true only on the gym origin, on a product screen', () => {
		expect(isProductUrl(`${BASE}/hubspot/deals`, BASE)).toBe(true);
		expect(isProductUrl('http://localhost:4173/hubspot/deals', BASE)).toBe(false);
		expect(isProductUrl('http://127.0.0.1:4179/hubspot/deals', BASE)).toBe(false);
		expect(isProductUrl(`http://u:p@127.0.0.1:4173/hubspot/deals`, BASE)).toBe(false);
		expect(isProductUrl(`${BASE}/`, BASE)).toBe(false);
		expect(isProductUrl('about:blank', BASE)).toBe(false);
		expect(isProductUrl('not a url', BASE)).toBe(false);
	});

	it("lets the agent open the team's Rules of Engagement, and nothing else outside the products", () => {
		expect(isProductUrl(`${BASE}/policy/rules-of-engagement`, BASE)).toBe(true);
		expect(isProductUrl(`${BASE}/policyx`, BASE)).toBe(false);
		expect(isProductUrl(`${BASE}/demo/tasks.json`, BASE)).toBe(false);
	});
});

describe('secrets and the default mode', () => {
	it('a secret is fresh each time and well-formed for the seal header', () => {
		const a = newSecret();
		expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
		expect(newSecret()).not.toBe(a);
	});

	it('episodes are sealed unless SALESGYM_UNSEALED=1', () => {
		expect(sealedByDefault({})).toBe(true);
		expect(sealedByDefault({ SALESGYM_UNSEALED: '0' })).toBe(true);
		expect(sealedByDefault({ SALESGYM_UNSEALED: '1' })).toBe(false);
	});
});
