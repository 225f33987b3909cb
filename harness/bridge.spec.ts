/**
 * The HTTP bridge without a browser: the path mapping (and its refusal of everything outside a gym's API), and the
 * server's forwarding over a fake page whose `evaluate` records what it was asked to fetch.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from '@playwright/test';
import {
	BRIDGE_GYMS,
	bridgeTarget,
	MAX_BODY_BYTES,
	startBridge,
	type BridgeExchange,
	type ForwardedRequest,
	type ForwardedResponse,
	type RunningBridge
} from './bridge';

const ORIGIN = 'http://127.0.0.1:4173';

describe('bridgeTarget', () => {
	it.each([
		['/hubspot/crm/v3/objects/contacts?limit=2&properties=email', `${ORIGIN}/api/hubspot/crm/v3/objects/contacts?limit=2&properties=email`],
		['/outreach/prospects/1', `${ORIGIN}/api/outreach/prospects/1`],
		['/calendly/users/me', `${ORIGIN}/api/calendly/users/me`],
		['/salesnav/lists', `${ORIGIN}/api/salesnav/lists`],
		['/hubspot', `${ORIGIN}/api/hubspot/`],
		['/hubspot/crm/v3/objects/contacts/../companies', `${ORIGIN}/api/hubspot/crm/v3/objects/companies`]
	])('maps %s onto the gym origin', (target, url) => {
		expect(bridgeTarget(target, ORIGIN)).toEqual({ url });
	});

	it.each([
		'/__salesgym/state',
		'/verify',
		'/',
		'/api/hubspot/crm/v3/owners',
		'/nosuchgym/x',
		'/hubspot/../__salesgym/state',
		'/hubspot/%2e%2e/__salesgym/tasks',
		'/hubspot/..%2f..%2f__salesgym/state',
		'/hubspot/crm/../../verify',
		'/hubspot\\..\\..\\__salesgym\\state',
		'//evil.example/hubspot/crm',
		'/HUBSPOT/crm/v3/owners'
	])('refuses %s with a 404 (never a path outside /api/<gym>/)', (target) => {
		const out = bridgeTarget(target, ORIGIN);
		if ('url' in out) {
			// an encoded slash stays one segment: still under the gym's API, which answers it with its own 404
			expect(new URL(out.url).pathname.startsWith('/api/hubspot/')).toBe(true);
			expect(new URL(out.url).origin).toBe(ORIGIN);
		} else expect(out.status).toBe(404);
	});

	it('names every gym it serves', () => {
		const out = bridgeTarget('/nope', ORIGIN) as { message: string };
		for (const g of Object.keys(BRIDGE_GYMS)) expect(out.message).toContain(`/${g}/`);
	});
});

/** A fake page: `evaluate` answers `reply(request)` (or throws it), and remembers the requests. */
function fakePage(reply: (r: ForwardedRequest) => ForwardedResponse | Error): { page: Page; seen: ForwardedRequest[] } {
	const seen: ForwardedRequest[] = [];
	const page = {
		url: () => `${ORIGIN}/hubspot/contacts`,
		evaluate: async (_fn: unknown, arg: ForwardedRequest) => {
			const { method, url, headers, body } = arg;
			seen.push({ method, url, headers, body });
			const out = reply(arg);
			if (out instanceof Error) throw out;
			return out;
		}
	} as unknown as Page;
	return { page, seen };
}

describe('startBridge', () => {
	let bridge: RunningBridge | undefined;
	afterEach(async () => {
		await bridge?.close();
		bridge = undefined;
	});

	it('forwards method, path, query, the headers that matter and the body; answers status, headers and body unchanged', async () => {
		const { page, seen } = fakePage(() => ({
			status: 409,
			headers: { 'content-type': 'application/json;charset=utf-8', 'x-hubspot-correlation-id': 'abc', 'content-length': '999' },
			body: '{"status":"error","category":"CONFLICT","message":"Contact already exists. Existing ID: 7"}'
		}));
		const exchanges: BridgeExchange[] = [];
		bridge = await startBridge({ page, onExchange: (x) => exchanges.push(x) });
		expect(bridge.basePath('hubspot')).toBe(`${bridge.url}/hubspot`);
		expect(() => bridge!.basePath('nope')).toThrow(/no gym named "nope"/);
		const res = await fetch(`${bridge.basePath('hubspot')}/crm/v3/objects/contacts?idProperty=email`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', authorization: 'Bearer t', cookie: 'a=b', 'x-other': '1' },
			body: '{"properties":{"email":"é@example.com"}}'
		});
		expect(res.status).toBe(409);
		expect(res.headers.get('content-type')).toBe('application/json;charset=utf-8');
		expect(res.headers.get('x-hubspot-correlation-id')).toBe('abc');
		expect(await res.text()).toBe('{"status":"error","category":"CONFLICT","message":"Contact already exists. Existing ID: 7"}');
		expect(seen).toEqual([
			{
				method: 'POST',
				url: `${ORIGIN}/api/hubspot/crm/v3/objects/contacts?idProperty=email`,
				headers: { 'content-type': 'application/json', authorization: 'Bearer t', accept: '*/*' }, // Node's fetch sends accept */*
				body: '{"properties":{"email":"é@example.com"}}'
			}
		]);
		expect(exchanges).toEqual([{ method: 'POST', target: '/hubspot/crm/v3/objects/contacts?idProperty=email', status: 409, forwarded: true }]);
	});

	it('sends a 204 without a body, and a GET without one', async () => {
		const { page, seen } = fakePage((r): ForwardedResponse =>
			r.method === 'DELETE' ? { status: 204, headers: {}, body: '' } : { status: 200, headers: { 'content-type': 'application/json' }, body: '{"results":[]}' }
		);
		bridge = await startBridge({ page });
		const del = await fetch(`${bridge.url}/hubspot/crm/v3/lists/16`, { method: 'DELETE' });
		expect(del.status).toBe(204);
		expect(await del.text()).toBe('');
		const get = await fetch(`${bridge.url}/outreach/prospects`, { headers: { accept: 'application/vnd.api+json' } });
		expect(await get.json()).toEqual({ results: [] });
		expect(seen.map((s) => [s.method, s.url, s.body, s.headers.accept])).toEqual([
			['DELETE', `${ORIGIN}/api/hubspot/crm/v3/lists/16`, null, '*/*'],
			['GET', `${ORIGIN}/api/outreach/prospects`, null, 'application/vnd.api+json']
		]);
	});

	it('refuses control paths and traversal itself (the page is never asked), 413 past the size bound, 502/504 when the page fails', async () => {
		let fail: Error | undefined;
		const { page, seen } = fakePage(() => fail ?? { status: 200, headers: {}, body: '{}' });
		const exchanges: BridgeExchange[] = [];
		bridge = await startBridge({ page, onExchange: (x) => exchanges.push(x) });
		for (const path of ['/__salesgym/state', '/verify', '/hubspot/../__salesgym/tasks', '/hubspot/%2e%2e/verify']) {
			const res = await fetch(`${bridge.url}${path}`, { method: path.endsWith('verify') ? 'POST' : 'GET' });
			expect(res.status, path).toBe(404);
			expect(((await res.json()) as { message: string }).message).toMatch(/^salesgym bridge: /);
		}
		expect(seen).toEqual([]);
		const big = await fetch(`${bridge.url}/hubspot/crm/v3/objects/contacts`, { method: 'POST', body: 'x'.repeat(MAX_BODY_BYTES + 1) });
		expect(big.status).toBe(413);
		fail = new Error('page.evaluate: Target page, context or browser has been closed');
		expect((await fetch(`${bridge.url}/hubspot/crm/v3/owners`)).status).toBe(502);
		fail = new Error('page.evaluate: TimeoutError: signal timed out');
		expect((await fetch(`${bridge.url}/hubspot/crm/v3/owners`)).status).toBe(504);
		expect(seen).toHaveLength(2);
		expect(exchanges.map((x) => [x.status, x.forwarded])).toEqual([
			[404, false],
			[404, false],
			[404, false],
			[404, false],
			[413, false],
			[502, false],
			[504, false]
		]);
	});
});
