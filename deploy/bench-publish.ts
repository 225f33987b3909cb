/**
 * Cost of publishing a run's export to the state store (`POST /__salesgym/publish`: Dexie export in the SW,
 * canonical JSON, WebDAV PUT to nginx), next to `GET /__salesgym/state` (the export alone), for the task's
 * state (41 contacts) and for 5,000 contacts (imported with PUT /__salesgym/state). Debian nginx with the
 * image's config, Chromium, one page. Prints p50/p95 over N samples after 2 warm-ups.
 *   npx tsx deploy/bench-publish.ts [--samples 30]
 */
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../harness/browser';
import { loadBlueprints } from '../harness/blueprints';
import { pageFetch } from '../harness/page';
import { startEpisode } from '../harness/runner';
import { summarizeSamples } from '../harness/stats';
import { ensureNginx, NGINX_PORT, startNginx } from '../tests/e2e/nginx';

const samples = Number(process.argv[process.argv.indexOf('--samples') + 1] || 30);

async function time(page: Page, method: string, path: string, body?: string): Promise<{ ms: number; status: number; bytes: number }> {
	return page.evaluate(
		async ({ method, path, body }) => {
			const t0 = performance.now();
			const res = await fetch(path, { method, body: body ?? undefined });
			const text = await res.text();
			return { ms: performance.now() - t0, status: res.status, bytes: text.length };
		},
		{ method, path, body: body ?? null }
	);
}

async function measure(page: Page, label: string, method: string, path: string, body?: string): Promise<void> {
	const ms: number[] = [];
	let bytes = 0;
	for (let i = 0; i < samples + 2; i++) {
		const r = await time(page, method, path, body);
		if (r.status !== 200 && r.status !== 201 && r.status !== 204) throw new Error(`${method} ${path} answered ${r.status}`);
		bytes = r.bytes;
		if (i >= 2) ms.push(r.ms);
	}
	const s = summarizeSamples(ms);
	console.log(`${label.padEnd(34)} p50 ${s.p50.toFixed(1).padStart(7)} ms  p95 ${s.p95.toFixed(1).padStart(7)} ms  n ${s.n}  (answer ${bytes} B)`);
}

const found = ensureNginx();
if ('skip' in found) throw new Error(found.skip);
const nginx = await startNginx({ bin: found.bin, port: NGINX_PORT + 5 });
const browser = await chromium.launch({ headless: true, ...chromiumLaunchOptions() });
try {
	const page = await (await browser.newContext({ baseURL: nginx.url })).newPage();
	const bp = loadBlueprints()[0]!;
	await startEpisode(page, bp, 'bench-publish');
	await measure(page, 'GET /__salesgym/state (41 contacts)', 'GET', '/__salesgym/state');
	await measure(page, 'POST /__salesgym/publish (41)', 'POST', '/__salesgym/publish', '{}');
	// 5,000 contacts: the task's export with its contacts cloned under new ids.
	const state = JSON.parse((await pageFetch(page, { method: 'GET', path: '/__salesgym/state' })).text) as {
		gyms: { hubspot: { contacts: { id: string }[] } };
		meta: { hubspot: { next_ids: Record<string, number> } };
	};
	const contacts = state.gyms.hubspot.contacts;
	const many = Array.from({ length: 5000 }, (_, i) => {
		const c = structuredClone(contacts[i % contacts.length]!) as { id: string; properties: Record<string, unknown> };
		c.id = String(100_000 + i);
		c.properties.hs_object_id = c.id;
		c.properties.email = `bench${i}@example.com`;
		return c;
	});
	state.gyms.hubspot.contacts = many;
	state.meta.hubspot.next_ids.contacts = 200_000;
	const put = await pageFetch(page, { method: 'PUT', path: '/__salesgym/state', body: JSON.stringify(state) });
	if (put.status !== 200) throw new Error(`PUT /__salesgym/state answered ${put.status}: ${put.text.slice(0, 300)}`);
	await measure(page, 'GET /__salesgym/state (5k contacts)', 'GET', '/__salesgym/state');
	await measure(page, 'POST /__salesgym/publish (5k)', 'POST', '/__salesgym/publish', '{}');
	// The WebDAV PUT alone, from the page (through the SW, which lets /state/ pass), with the same 3 MB.
	const doc = (await pageFetch(page, { method: 'GET', path: '/state/bench-publish/hubspot.json' })).text;
	await measure(page, 'PUT /state/… alone (5k, from page)', 'PUT', '/state/bench-put/hubspot.json', doc);
} finally {
	await browser.close();
	await nginx.stop();
}
