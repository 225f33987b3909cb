import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE, startServer, type RunningServer } from './server';

let root: string;
let server: RunningServer;

beforeAll(async () => {
	root = mkdtempSync(join(tmpdir(), 'salesgym-build-'));
	mkdirSync(join(root, '_app/immutable/chunks'), { recursive: true });
	writeFileSync(join(root, 'index.html'), '<!doctype html><title>salesgym</title>');
	writeFileSync(join(root, 'service-worker.js'), 'self.addEventListener("fetch", () => {});');
	writeFileSync(join(root, '_app/immutable/chunks/app.abc123.js'), 'export {};');
	server = await startServer({ root, port: 0 });
});
afterAll(async () => {
	await server?.close();
	rmSync(root, { recursive: true, force: true });
});

describe('startServer', () => {
	it('listens on an ephemeral port of 127.0.0.1', () => {
		expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
		expect(server.url).not.toMatch(/:0$/);
	});

	it('falls back to index.html for SPA routes, with no-cache', async () => {
		const res = await fetch(`${server.url}/hubspot/contacts/101`);
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toContain('text/html');
		expect(res.headers.get('cache-control')).toBe('no-cache');
		expect(await res.text()).toContain('<title>salesgym</title>');
	});

	it('serves the service worker with no-cache and immutable assets with a year of cache', async () => {
		const sw = await fetch(`${server.url}/service-worker.js`);
		expect(sw.status).toBe(200);
		expect(sw.headers.get('cache-control')).toBe('no-cache');
		expect(sw.headers.get('content-type')).toContain('javascript');
		const asset = await fetch(`${server.url}/_app/immutable/chunks/app.abc123.js`);
		expect(asset.headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
	});

	it('answers 304 to a matching ETag', async () => {
		const first = await fetch(`${server.url}/service-worker.js`);
		const etag = first.headers.get('etag');
		expect(etag).toBeTruthy();
		const again = await fetch(`${server.url}/service-worker.js`, { headers: { 'if-none-match': etag ?? '' } });
		expect(again.status).toBe(304);
	});

	it('answers 404 (not index.html) for a missing file with an extension', async () => {
		const res = await fetch(`${server.url}/_app/immutable/workers/jq.wasm`);
		expect(res.status).toBe(404);
	});

	it.each([
		['GET', '/api/hubspot/crm/v3/objects/contacts'],
		['POST', '/api/hubspot/crm/v3/objects/contacts'],
		['POST', '/__salesgym/run'],
		['PUT', '/__salesgym/state'],
		['POST', '/verify'],
		['GET', '/verify?x=1']
	])('answers 503 JSON to %s %s, which only the Service Worker serves', async (method, path) => {
		const res = await fetch(`${server.url}${path}`, { method, ...(method === 'GET' ? {} : { body: '{}' }) });
		expect(res.status).toBe(503);
		expect(res.headers.get('content-type')).toContain('application/json');
		const body = (await res.json()) as { status: string; message: string };
		expect(body.status).toBe('error');
		expect(body.message).toContain('not handled by the Service Worker');
	});

	it('rejects writes to static paths with 405', async () => {
		const res = await fetch(`${server.url}/index.html`, { method: 'POST', body: 'x' });
		expect(res.status).toBe(405);
	});

	it('refuses to start without index.html', async () => {
		await expect(startServer({ root: join(root, '_app') })).rejects.toThrow(/index\.html is missing/);
	});
});

describe('rebuild under a running server', () => {
	it('serves the new index.html after it changes', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'salesgym-rebuild-'));
		writeFileSync(join(dir, 'index.html'), 'old');
		const s = await startServer({ root: dir });
		try {
			expect(await (await fetch(`${s.url}/x`)).text()).toBe('old');
			writeFileSync(join(dir, 'index.html'), 'new build, longer');
			writeFileSync(join(dir, 'added.js'), 'export {};');
			expect(await (await fetch(`${s.url}/x`)).text()).toBe('new build, longer');
			expect((await fetch(`${s.url}/added.js`)).status).toBe(200);
		} finally {
			await s.close();
			rmSync(dir, { recursive: true, force: true });
		}
	});
});

describe('the demo task file (GET /demo/tasks.json)', () => {
	it('a sealed server (the default) does not serve it: the file is missing (404)', async () => {
		const res = await fetch(`${server.url}/demo/tasks.json`);
		expect(res.status).toBe(404);
		expect(await res.text()).not.toContain('verifiers');
	});

	it('the demo server serves every blueprint’s steps (verifiers, no oracle actions)', async () => {
		const demo = await startServer({ root, port: 0, demo: true });
		try {
			const res = await fetch(`${demo.url}/demo/tasks.json`);
			expect(res.status).toBe(200);
			const body = (await res.json()) as { tasks: { id: string; steps: Record<string, unknown>[] }[] };
			expect(body.tasks.length).toBeGreaterThan(0);
			const one = body.tasks.find((t) => t.id === 'hubspot/update-lead-status-v1')!;
			expect(Object.keys(one.steps[0]!).sort()).toEqual(['objective', 'platform', 'verifiers']);
			expect((await fetch(`${demo.url}/demo/tasks.json`, { method: 'POST', body: '{}' })).status).toBe(405);
		} finally {
			await demo.close();
		}
	});
});
