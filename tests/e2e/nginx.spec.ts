/**
 * The deployment's nginx config, tested with Debian's nginx (Docker is not available here): the SAME templates
 * and entrypoint as the image (deploy/), on loopback ports, serving `build/`. One oracle episode runs through
 * it; then headers, 404s, the SPA fallback, the JSON 404 of the SW-only paths and the state-store rules.
 * Installs nginx with apt-get when absent and root; otherwise skips with the reason printed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { oracle } from '../../harness/agents';
import { loadBlueprints } from '../../harness/blueprints';
import { pageJson, waitForSwReady } from '../../harness/page';
import { startEpisode, verifyRun } from '../../harness/runner';
import { SW_PREFIXES } from '../../sw/paths';
import type { StateExport } from '../../sw/run';
import { fetchExport, fetchPeerExports, gymSlice, publishExports } from '../../sw/state-store';
import { canonicalJson } from '../../verifier/canonical';
import { ensureNginx, NGINX_PORT, startNginx, type RunningNginx } from './nginx';
import { expect, test } from './fixtures';

const REPO = resolve(import.meta.dirname, '../..');
const BUILD = join(REPO, 'build');

test.describe.configure({ mode: 'serial' });

let combined: RunningNginx | undefined;
let standalone: RunningNginx | undefined;

test.beforeAll(async () => {
	test.setTimeout(300_000);
	const found = ensureNginx();
	if ('skip' in found) {
		console.log(`nginx deployment tests SKIPPED: ${found.skip}`);
		test.skip(true, found.skip);
		return;
	}
	// Two deployments over one state store, as docker-compose.yml: the combined one and a standalone HubSpot.
	combined = await startNginx({ bin: found.bin, port: NGINX_PORT });
	standalone = await startNginx({ bin: found.bin, port: NGINX_PORT + 1, platform: 'hubspot', stateRoot: combined.stateRoot });
});

test.afterAll(async () => {
	await standalone?.stop();
	await combined?.stop();
});

function files(dir: string, ext: string): string[] {
	return readdirSync(dir, { recursive: true, encoding: 'utf8' })
		.filter((f) => f.endsWith(ext))
		.map((f) => `/${join(dir, f).slice(BUILD.length + 1)}`);
}

async function get(path: string, init: RequestInit = {}, base = combined!.url) {
	const res = await fetch(`${base}${path}`, init);
	const text = await res.text();
	return { status: res.status, headers: res.headers, text };
}

function expectSecurityHeaders(headers: Headers) {
	const csp = headers.get('content-security-policy') ?? '';
	expect(csp).toContain("default-src 'self'");
	expect(csp).toContain("'wasm-unsafe-eval'");
	expect(csp).toContain("frame-ancestors 'none'");
	expect(headers.get('x-frame-options')).toBe('DENY');
	expect(headers.get('x-content-type-options')).toBe('nosniff');
}

function expectJsonError(r: { status: number; headers: Headers; text: string }, status: number) {
	expect(r.status).toBe(status);
	expect(r.headers.get('content-type')).toMatch(/^application\/json/);
	expect(r.text).not.toMatch(/<html|<!doctype/i);
	expect(JSON.parse(r.text)).toMatchObject({ status: 'error' });
}

test('an oracle episode passes through nginx (SW, verifier, CSP), and POST /__salesgym/publish writes the export to the store', async ({ browser }) => {
	const bp = loadBlueprints()[0]!;
	const context = await browser.newContext({ baseURL: combined!.url });
	const page = await context.newPage();
	const violations: string[] = [];
	page.on('console', (m) => {
		if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
	});
	const runId = 'nginx-oracle-1';
	await startEpisode(page, bp, runId);
	await oracle.act(page, bp, { baseUrl: combined!.url, runId });
	const verdict = await verifyRun(page, bp.id, runId);
	expect(verdict, JSON.stringify(verdict.assertions.filter((a) => !a.passed))).toMatchObject({ passed: true, score: 1 });

	const published = (await pageJson(page, 'POST', '/__salesgym/publish', { run_id: runId })) as {
		run_id: string;
		published: { gym: string; url: string; bytes: number; status: number }[];
	};
	expect(published.run_id).toBe(runId);
	// The combined deployment serves every gym: each one's slice is published, in registry order.
	expect(published.published).toEqual(
		['hubspot', 'outreach', 'calendly', 'salesnav'].map((gym) => ({
			gym,
			url: `${combined!.url}/state/${runId}/${gym}.json`,
			bytes: expect.any(Number),
			status: 201
		}))
	);
	const again = (await pageJson(page, 'POST', '/__salesgym/publish', {})) as typeof published;
	expect(again.published.map((p) => p.status)).toEqual([204, 204, 204, 204]); // replaced

	const state = JSON.parse(String(await pageJson(page, 'GET', '/__salesgym/state').then((s) => JSON.stringify(s)))) as StateExport;
	const stored = await get(`/state/${runId}/hubspot.json`);
	expect(stored.status).toBe(200);
	expect(stored.headers.get('content-type')).toMatch(/^application\/json/);
	expect(stored.text).toBe(canonicalJson(gymSlice(state, 'hubspot')));
	expect(Buffer.byteLength(stored.text)).toBe(published.published[0]!.bytes); // UTF-8 bytes: seed names have accents
	// The standalone origin shares the store (compose's shared volume): it reads the same document.
	expect((await fetchExport(runId, 'hubspot', { origin: standalone!.url, fetch })).gyms.hubspot).toEqual(state.gyms.hubspot);

	// A publish to another run id than the current one is refused, nothing written.
	const res = await page.evaluate(async () => (await fetch('/__salesgym/publish', { method: 'POST', body: '{"run_id":"other"}' })).status);
	expect(res).toBe(409);
	expect(violations).toEqual([]);
	await context.close();
});

test('headers: the SW script no-cache with scope /, hashed assets immutable, gzip for JS/JSON/WASM, application/wasm, security headers', async () => {
	const index = await get('/');
	expect(index.status).toBe(200);
	expect(index.headers.get('content-type')).toMatch(/^text\/html/);
	expect(index.headers.get('cache-control')).toBe('no-cache');
	expectSecurityHeaders(index.headers);

	const sw = await get('/service-worker.js');
	expect(sw.status).toBe(200);
	expect(sw.headers.get('content-type')).toMatch(/^application\/javascript/);
	expect(sw.headers.get('cache-control')).toBe('no-cache');
	expect(sw.headers.get('service-worker-allowed')).toBe('/');
	expectSecurityHeaders(sw.headers);

	const js = files(join(BUILD, '_app/immutable'), '.js');
	const wasm = files(join(BUILD, '_app/immutable'), '.wasm');
	expect(js.length).toBeGreaterThan(0);
	expect(wasm.length).toBeGreaterThan(0);
	for (const [path, type] of [
		[js[0]!, /^application\/javascript/],
		[wasm[0]!, /^application\/wasm$/]
	] as const) {
		const res = await fetch(`${combined!.url}${path}`, { headers: { 'accept-encoding': 'gzip' } });
		expect(res.status, path).toBe(200);
		expect(res.headers.get('content-type'), path).toMatch(type);
		expect(res.headers.get('cache-control'), path).toBe('public, max-age=31536000, immutable');
		expectSecurityHeaders(res.headers);
		// fetch decompresses; the header says what went over the wire.
		if ((await res.arrayBuffer()).byteLength >= 1024) expect(res.headers.get('content-encoding'), path).toBe('gzip');
	}
	const schema = files(join(BUILD, 'schema'), '.json')[0]!;
	const json = await fetch(`${combined!.url}${schema}`, { headers: { 'accept-encoding': 'gzip' } });
	expect(json.headers.get('content-type')).toMatch(/^application\/json/);
	expect(json.headers.get('content-encoding')).toBe('gzip');
	expect(json.headers.get('cache-control')).toBe('no-cache');

	// index.html carries Kit's hash CSP <meta> (svelte.config.js kit.csp): with the header's policy, only
	// Kit's own inline bootstrap script runs.
	expect(index.text).toMatch(/<meta http-equiv="content-security-policy" content="script-src 'self' 'wasm-unsafe-eval' 'sha256-[A-Za-z0-9+/=]+'">/);

	const health = await get('/healthz', {}, standalone!.url);
	expect(JSON.parse(health.text)).toEqual({ status: 'ok', deployment: 'hubspot' });
});

test('CSP in the browser: an inline script injected at run time is refused (only Kit’s hashed bootstrap runs)', async ({ browser }) => {
	const context = await browser.newContext({ baseURL: combined!.url });
	const page = await context.newPage();
	const violations: string[] = [];
	page.on('console', (m) => {
		if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
	});
	await page.goto('/');
	await waitForSwReady(page);
	const ran = await page.evaluate(async () => {
		const s = document.createElement('script');
		s.textContent = 'window.__injected = 1';
		document.body.append(s);
		await new Promise((ok) => setTimeout(ok, 50));
		return (window as unknown as { __injected?: number }).__injected ?? 0;
	});
	expect(ran).toBe(0);
	expect(violations.join('\n')).toMatch(/inline script/i);
	await context.close();
});

test('a missing asset is a JSON 404, never index.html; only app routes get the SPA shell', async () => {
	const shell = readFileSync(join(BUILD, 'index.html'), 'utf8');
	for (const path of [
		'/_app/immutable/nodes/missing.js',
		'/_app/immutable/missing.wasm',
		'/missing.js',
		'/favicon-missing.png',
		'/schema/missing.json',
		'/hubspot/contacts/logo.png',
		'/unknown-route',
		'/hubspot-like',
		'/index.php'
	]) {
		expectJsonError(await get(path), 404);
	}
	// Every top-level route folder of the SPA (src/routes) and deep links below it get the shell.
	const routes = readdirSync(join(REPO, 'src/routes'), { withFileTypes: true })
		.filter((d) => d.isDirectory() && !/^[([]/.test(d.name))
		.map((d) => `/${d.name}`);
	expect(routes.length).toBeGreaterThan(0);
	for (const path of ['/', ...routes, ...routes.map((r) => `${r}/contacts/123`), ...routes.map((r) => `${r}/`)]) {
		const r = await get(path);
		expect(r.status, path).toBe(200);
		expect(r.text, path).toBe(shell);
		expect(r.headers.get('cache-control'), path).toBe('no-cache');
	}
});

test('paths only the SW answers (sw/paths.ts) get a JSON 404 from nginx, never HTML', async () => {
	for (const prefix of SW_PREFIXES) {
		for (const path of [prefix, `${prefix}/`, `${prefix}/hubspot/crm/v3/objects/contacts.js`, `${prefix}?x=1`]) {
			for (const method of ['GET', 'POST', 'PUT']) {
				const r = await get(path, { method, body: method === 'GET' ? undefined : '{}' });
				expectJsonError(r, 404);
				expect(r.headers.get('cache-control')).toBe('no-store');
				expect(JSON.parse(r.text).message).toMatch(/Service Worker/);
			}
		}
	}
	// Look-alikes are ordinary (missing) files, not SW paths.
	for (const path of ['/apiary', '/verify-email']) expect(JSON.parse((await get(path)).text).message).not.toMatch(/Service Worker/);
});

test('state store: /state/<run_id>/<gym>.json only, validated names, size limit, no listing, a standalone origin writes only its own gym', async () => {
	const doc = '{"format":"salesgym.state"}';
	const put = (path: string, body: string | Blob = doc, base = combined!.url) =>
		get(path, { method: 'PUT', body, headers: { 'content-type': 'application/json' } }, base);
	expect((await put('/state/store-1/salesnav.json')).status).toBe(201);
	expect((await put('/state/store-1/salesnav.json')).status).toBe(204);
	const read = await get('/state/store-1/salesnav.json');
	expect(read).toMatchObject({ status: 200, text: doc });
	expect(read.headers.get('access-control-allow-origin')).toBe('*');
	expect(read.headers.get('cache-control')).toBe('no-store');
	expect((await get('/state/store-1/salesnav.json', { method: 'HEAD' })).status).toBe(200);

	// No listing, no other paths, no other methods.
	for (const path of ['/state/', '/state/store-1/', '/state/store-1', '/state/store-1/salesnav.json/x', '/state/store-1/sub/salesnav.json'])
		expectJsonError(await get(path), 404);
	for (const method of ['DELETE', 'POST', 'MKCOL', 'OPTIONS', 'PATCH', 'COPY', 'MOVE'])
		expectJsonError(await get('/state/store-1/salesnav.json', { method }), 405);
	expect((await get('/state/store-1/salesnav.json')).status).toBe(200); // still there

	// Names: run_id 1-128 of [A-Za-z0-9._:-] starting alphanumeric; gym one of the four.
	expect((await put(`/state/a${'b'.repeat(127)}/hubspot.json`)).status).toBe(201);
	for (const path of [
		`/state/a${'b'.repeat(128)}/hubspot.json`,
		'/state/.hidden/hubspot.json',
		'/state/-x/hubspot.json',
		'/state/a%20b/hubspot.json',
		'/state/a$b/hubspot.json',
		'/state/r/evil.json',
		'/state/r/HubSpot.json',
		'/state/r/hubspot.json.bak'
	]) {
		expectJsonError(await put(path), 404);
	}
	// Traversal: nginx normalizes the path first (a path above the root is a 400), and never writes outside.
	for (const path of ['/state/..%2F..%2Fetc/hubspot.json', '/state/r/..%2Fhubspot.json', '/state/r/..%2F..%2Fhubspot.json']) {
		const r = await put(path);
		expectJsonError(r, r.status === 400 ? 400 : 404);
	}
	expect((await put('/state/ep.1:a_b-c/hubspot.json')).status).toBe(201);

	// Size limit (20m by default): one byte over is a JSON 413, nothing written.
	const big = new Blob([new Uint8Array(20 * 1024 * 1024 + 1).fill(32)]);
	expectJsonError(await put('/state/store-big/hubspot.json', big), 413);
	expectJsonError(await get('/state/store-big/hubspot.json'), 404);

	// Standalone HubSpot: PUT only hubspot.json; it reads every gym's file from the shared store.
	const refused = await put('/state/store-1/salesnav.json', '{"overwritten":true}', standalone!.url);
	expectJsonError(refused, 403);
	expect(JSON.parse(refused.text).message).toContain('(hubspot)');
	expect((await get('/state/store-1/salesnav.json', {}, standalone!.url)).text).toBe(doc);
	expect((await put('/state/store-1/hubspot.json', doc, standalone!.url)).status).toBe(201);
	expectJsonError(await get('/state/store-2/hubspot.json', {}, standalone!.url), 404);
});

test('sw/state-store.ts against nginx: publish, read peers, and the errors (missing export, refused PUT, foreign document)', async () => {
	const state: StateExport = {
		format: 'salesgym.state',
		version: 2,
		run_id: 'xgym-1',
		task_id: null,
		seed: 1,
		clock: '2026-03-02T14:30:02.000Z',
		gyms: { hubspot: { contacts: [{ id: '1' }] }, salesnav: { leads: [] } },
		events: [
			{ seq: 1, run_seq: 1, at: '2026-03-02T14:30:00.000Z', gym: 'hubspot', method: 'POST', path: '/x', status: 201, entity: 'contacts', id: '1' },
			{ seq: 1, run_seq: 1, at: '2026-03-02T14:30:01.000Z', gym: 'salesnav', method: 'POST', path: '/y', status: 201, entity: 'leads', id: '7' }
		],
		meta: {
			hubspot: { clock: '2026-03-02T14:30:01.000Z', seq: 1, next_ids: { contacts: 2 }, run_seq: 1, actor: '1001' },
			salesnav: { clock: '2026-03-02T14:30:02.000Z', seq: 1, next_ids: {}, run_seq: 1, actor: '1001' }
		}
	};
	const hub = { origin: standalone!.url, fetch };
	const [written] = await publishExports(state, ['hubspot'], hub);
	expect(written).toMatchObject({ gym: 'hubspot', status: 201 });
	await expect(publishExports(state, ['salesnav'], hub)).rejects.toMatchObject({ status: 502, message: expect.stringContaining('403') });
	await expect(fetchPeerExports('xgym-1', ['hubspot', 'salesnav', 'outreach'], ['hubspot'], hub)).rejects.toMatchObject({
		status: 409,
		message: expect.stringMatching(/"salesnav".*"outreach"/)
	});
	// The combined origin may write salesnav; then the standalone reads it as its peer.
	await publishExports(state, ['salesnav'], { origin: combined!.url, fetch });
	const peers = await fetchPeerExports('xgym-1', ['hubspot', 'salesnav'], ['hubspot'], hub);
	expect(peers).toEqual([gymSlice(state, 'salesnav')]);
	// A document of another run under this run's path is refused.
	await get('/state/xgym-2/outreach.json', { method: 'PUT', body: canonicalJson(gymSlice(state, 'hubspot')) });
	await expect(fetchExport('xgym-2', 'outreach', hub)).rejects.toMatchObject({ status: 502, message: expect.stringContaining('holds run "xgym-1"') });
	await expect(fetchExport('xgym-1', 'hubspot', { origin: 'http://127.0.0.1:9', fetch })).rejects.toMatchObject({
		status: 502,
		message: expect.stringContaining('unreachable')
	});
});
