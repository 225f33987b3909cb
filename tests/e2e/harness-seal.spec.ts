/**
 * Sealed episodes under attack (README "Sealed episodes"). A Playwright "agent" that does only what a browser agent
 * can (type a URL, click, read the page's text and its accessibility tree) starts a sealed episode of a HubSpot
 * task through the env and tries every URL it can discover or guess, one test per path, in a tab of the episode's
 * own browser context (so the Service Worker and IndexedDB are the episode's): the launcher, every control path,
 * the demo's task file, the Service Worker script and every `/_app/` file the pages and scripts name (crawled, read
 * through the tab's Service Worker and from the network),
 * the same paths protocol-relative on every port seen in a URL, and the product's screens through the env.
 * Each test asserts that nothing it read holds an answer of the running task: a verifier query, an assertion
 * description, an expected literal or an oracle action (collected in Node from the blueprint, minus what the
 * product shows anyway: the prompt, the task's fixtures, the seed world, the product's own source). The last
 * tests check that the export after the attempts equals the one before, that the verdict reports every refused
 * control call as a violation, and that the env then refuses to score (an infrastructure error). Then the other
 * violation kinds (an import, a write outside the API) are each shown in the verdict.
 *
 * The episode's server is its own (`startServer`, sealed: no demo task file); the e2e server (`salesgym serve`,
 * the demo) serves the task file, which proves the detector finds the answers where they are.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import type { Blueprint } from '../../blueprints/schema';
import { loadBlueprints } from '../../harness/blueprints';
import { makeEnv, type SalesgymEnv } from '../../harness/env';
import { InfrastructureError } from '../../harness/errors';
import { pageFetch, pageGetLarge, waitForSwReady } from '../../harness/page';
import { newSecret } from '../../harness/seal';
import { sealHeaders, startEpisode, verifyRun } from '../../harness/runner';
import { startServer, type RunningServer } from '../../harness/server';
import { expect, test } from './fixtures';

const TASK = 'hubspot/update-lead-status-v1';
const bp = loadBlueprints().find((b) => b.id === TASK) as Blueprint;

/** Every file's text under `dir` (recursively) whose name ends with one of `exts`. */
function textsUnder(dir: string, exts: readonly string[]): string[] {
	const out: string[] = [];
	for (const name of readdirSync(dir)) {
		const p = join(dir, name);
		if (statSync(p).isDirectory()) out.push(...textsUnder(p, exts));
		else if (exts.some((e) => name.endsWith(e))) out.push(readFileSync(p, 'utf8'));
	}
	return out;
}

/**
 * What the product shows anyway, so a literal found in it is no answer: the task's prompt, goal and fixtures, the
 * seed world, and the product's source (labels, enum values).
 */
const PUBLIC = [
	bp.prompt,
	bp.goal,
	bp.title,
	JSON.stringify(bp.fixtures),
	...textsUnder('seeds', ['.json']),
	...textsUnder('src', ['.ts', '.svelte']),
	...textsUnder('gyms', ['.ts'])
].join('\n');

/** String literals of a jq query (`"…"`). */
function literals(query: string): string[] {
	return [...query.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
}

/**
 * The running task's answer key as text an agent must never read: every verifier query, every assertion description
 * and every expected or query literal (at least 4 characters) that the product does not show anyway, and every oracle
 * action (its JSON).
 */
function answerKey(b: Blueprint): string[] {
	const out = new Set<string>();
	for (const step of b.steps) {
		for (const a of step.verifiers) {
			out.add(a.query);
			const candidates = [a.description, ...literals(a.query), ...(typeof a.expected === 'string' ? [a.expected] : [])];
			for (const c of candidates) if (c.length >= 4 && !PUBLIC.includes(c)) out.add(c);
		}
		for (const action of step.actions) out.add(JSON.stringify(action));
	}
	return [...out];
}

/** The blueprint's other answer keys, which no server serves (not even the demo's task file): mutant and alternative patches, alternative UI actions. */
function proofKey(b: Blueprint): string[] {
	const out = new Set<string>();
	for (const m of b.mutants ?? []) out.add(m.patch);
	for (const alt of b.alternatives ?? []) {
		if (alt.patch !== undefined) out.add(alt.patch);
		for (const s of alt.steps ?? []) for (const action of s.actions) out.add(JSON.stringify(action));
	}
	return [...out];
}

const SECRETS = answerKey(bp);
const ALL_SECRETS = [...SECRETS, ...proofKey(bp)];

/** The answers found in `text` (none, for a sealed episode), as they are or JSON-escaped (inside a JSON string). */
function leaks(text: string): string[] {
	return ALL_SECRETS.filter((s) => text.includes(s) || text.includes(JSON.stringify(s).slice(1, -1)));
}

/** What the agent can read of a tab: its rendered text, its accessibility tree, and its HTML. */
async function read(page: Page): Promise<string> {
	const text = await page.evaluate(() => document.documentElement?.innerText ?? '').catch(() => '');
	const aria = await page
		.locator('html')
		.ariaSnapshot({ timeout: 5_000 })
		.catch(() => '');
	const html = await page.content().catch(() => '');
	return `${text}\n${aria}\n${html}`;
}

let server: RunningServer;
let env: SalesgymEnv;
let context: BrowserContext;
let agent: Page;
let before: string;
/** Everything the agent read, for the crawl (`/_app/` names, ports). */
const seen: string[] = [];
/** Control paths the agent navigated to (each must be a recorded violation). */
const controlHits: string[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
	server = await startServer({ root: 'build', port: 0 });
	env = await makeEnv({ task: bp, browser, baseUrl: server.url });
	await env.reset();
	before = await env.exportState();
	context = env.page!.context();
	agent = await context.newPage();
});

test.afterAll(async () => {
	await env?.close();
	await server?.close();
});

/**
 * Types `url` into the agent's tab and reads the page; also fetches the same URL from the network without the
 * Service Worker (what a tab outside the episode's profile would get). Asserts no answer in either.
 * @returns the tab's HTTP status (0: none), the tab's text, and the network's status and body.
 */
async function attempt(url: string): Promise<{ status: number; text: string; net: { status: number; body: string } }> {
	const res = await agent.goto(url, { timeout: 15_000 }).catch(() => null);
	const text = await read(agent);
	const raw = await fetch(url).catch(() => null);
	const net = { status: raw?.status ?? 0, body: raw ? await raw.text() : '' };
	seen.push(text, net.body);
	expect(leaks(text), `${url} shows an answer`).toEqual([]);
	expect(leaks(net.body), `${url} from the network holds an answer`).toEqual([]);
	return { status: res?.status() ?? 0, text, net };
}

test('the detector is not blind: the answer key is non-empty, and the demo server’s task file (not the episode’s server) holds it', async ({ baseURL }) => {
	expect(SECRETS.length).toBeGreaterThan(3);
	const demo = await (await fetch(`${baseURL}/demo/tasks.json`)).text();
	expect(leaks(demo).length).toBe(SECRETS.filter((s) => !s.startsWith('{"')).length);
	expect((await fetch(`${server.url}/demo/tasks.json`)).status).toBe(404);
});

test('the built bundle on disk holds no verifier and no oracle action', () => {
	for (const text of textsUnder('build', ['.js', '.json', '.html', '.css'])) expect(leaks(text)).toEqual([]);
});

const CONTROL = [
	'/__salesgym/tasks',
	`/__salesgym/tasks/${encodeURIComponent(TASK)}`,
	`/__salesgym/tasks/${TASK}`,
	'/__salesgym/state',
	'/__salesgym/run',
	'/__salesgym/publish',
	'/verify',
	'/demo/tasks.json'
];

test('/ (the launcher): "Page not found", no task list, no Check', async () => {
	const r = await attempt(`${server.url}/`);
	expect(r.status).toBe(404);
	expect(r.text).toContain('Page not found');
	expect(r.text).not.toContain(bp.title);
	await expect(agent.getByRole('button', { name: 'Check' })).toHaveCount(0);
});

for (const variant of ['/?task=x', '/#/', '//', '///index.html', '/%2F', '/hubspot/..']) {
	test(`${variant} (a spelling of the launcher): no task list, no Start, no Check`, async () => {
		const r = await attempt(`${server.url}${variant}`);
		expect(r.text).not.toContain(bp.title);
		await expect(agent.getByRole('button', { name: /^(Start|Check|Reset)/ })).toHaveCount(0);
	});
}

test('/index.html: the app shell shows its not-found page, not the launcher', async () => {
	const r = await attempt(`${server.url}/index.html`);
	expect(r.text).not.toContain(bp.title);
	await expect(agent.getByRole('button', { name: /Start/ })).toHaveCount(0);
});

for (const path of CONTROL) {
	test(`${path}: "Page not found" (404), no data`, async () => {
		const r = await attempt(`${server.url}${path}`);
		expect(r.status).toBe(404);
		expect(r.text).toContain('Page not found');
		expect(r.text).not.toMatch(/run_id|salesgym\.state|"passed"/);
		controlHits.push(path);
	});
}

test('/state/<run>/hubspot.json (the state store path): a 404 of the static server', async () => {
	const runId = (JSON.parse(before) as { run_id: string }).run_id;
	const r = await attempt(`${server.url}/state/${runId}/hubspot.json`);
	expect(r.status).toBe(404);
});

test('/service-worker.js: the tab shows the app (a navigation), the script itself holds no verifier and no oracle action', async () => {
	const r = await attempt(`${server.url}/service-worker.js`);
	expect(r.net.status).toBe(200);
	expect(r.net.body.length).toBeGreaterThan(1_000_000); // the real script (it carries the seed world)
	expect(r.net.body).toContain('__salesgym');
});

/**
 * Reads `paths` (same origin as the agent's tab) as the agent's tab fetches them, through the episode's Service
 * Worker, and from the network without it; asserts no answer in either.
 * @returns each path's tab and network status and body, in the order given.
 */
async function fetchBoth(paths: readonly string[]): Promise<{ tab: { status: number; body: string }; net: { status: number; body: string } }[]> {
	const tab = await agent.evaluate(
		(ps) =>
			Promise.all(
				ps.map(async (p) => {
					const r = await fetch(p).catch(() => null);
					return { status: r?.status ?? 0, body: r ? await r.text() : '' };
				})
			),
		[...paths]
	);
	return Promise.all(
		paths.map(async (path, i) => {
			const raw = await fetch(`${server.url}${path}`).catch(() => null);
			const net = { status: raw?.status ?? 0, body: raw ? await raw.text() : '' };
			seen.push(tab[i]!.body, net.body);
			expect(leaks(tab[i]!.body), `${path} through the episode's Service Worker holds an answer`).toEqual([]);
			expect(leaks(net.body), `${path} from the network holds an answer`).toEqual([]);
			return { tab: tab[i]!, net };
		})
	);
}

test('/_app/*: every file the pages and scripts name (crawled, immutable chunks included) holds no answer', async () => {
	await attempt(`${server.url}/hubspot/contacts`);
	const queue = new Set<string>(['/_app/version.json', '/_app/env.js']);
	const done = new Set<string>();
	const collect = (text: string, base: string) => {
		for (const m of text.matchAll(/\/_app\/[A-Za-z0-9_./-]+\.(?:js|css|json)/g)) queue.add(m[0]);
		for (const m of text.matchAll(/["'](\.{1,2}\/[A-Za-z0-9_./-]+\.(?:js|css))["']/g)) queue.add(new URL(m[1]!, `${server.url}${base}`).pathname);
	};
	for (const t of seen) collect(t, '/');
	let statuses = 0;
	// Breadth first, one round of fetches per crawl depth: a file's text is what the tab shows when it opens the file
	// (a script or a style sheet is shown as plain text), so the tab's fetch through the Service Worker reads the same.
	for (let next = [...queue]; next.length; next = [...queue].filter((p) => !done.has(p))) {
		for (const p of next) done.add(p);
		const read = await fetchBoth(next);
		read.forEach((r, i) => {
			if (r.net.status === 200 && r.tab.status === 200) statuses++;
			collect(`${r.tab.body}\n${r.net.body}`, next[i]!);
		});
	}
	expect(statuses).toBeGreaterThan(10); // the crawl reached the bundle's chunks
});

test('//127.0.0.1:<port>/…: every control path, protocol-relative on every port seen in a URL, answers nothing', async () => {
	const ports = new Set<string>([new URL(server.url).port]);
	for (const t of seen) for (const m of t.matchAll(/\/\/(?:127\.0\.0\.1|localhost):(\d{2,5})\//g)) ports.add(m[1]!);
	for (const port of ports) {
		for (const path of ['/', ...CONTROL]) {
			const url = new URL(`//127.0.0.1:${port}${path}`, server.url).href;
			const r = await attempt(url);
			expect(r.status, url).toBe(404);
			if (path !== '/') controlHits.push(path);
		}
	}
});

test('through the env: goto and new_tab to any of these are refused; the product screens show no answer', async () => {
	for (const target of ['/', ...CONTROL, '/service-worker.js', `//127.0.0.1:${new URL(server.url).port}/__salesgym/state`]) {
		const r = await env.step({ goto: target });
		expect(r.info.error, target).toMatch(/only the gym's product screens/);
		expect(leaks(r.observation.axtree)).toEqual([]);
	}
	for (const name of ['Contacts', 'Companies', 'Deals', 'Segments', 'Tasks', 'Sequences', 'Templates', 'Forms']) {
		const r = await env.step({ click: { role: 'link', name } });
		expect(r.info.error, name).toBeNull();
		expect(leaks(`${r.observation.url}\n${r.observation.title}\n${r.observation.axtree}`), name).toEqual([]);
		expect(leaks(await read(env.page!)), name).toEqual([]);
	}
	const r = await env.step({ goto: '/hubspot/contacts/990001' });
	expect(r.info.error).toBeNull();
	expect(leaks(await read(env.page!))).toEqual([]);
});

test('after the attempts, the export is byte-identical to the one before', async () => {
	expect(await env.exportState()).toBe(before);
});

test('the verdict reports every refused control call, and the env does not score the episode: an infrastructure error', async () => {
	const page = env.page!;
	await page.goto(`${server.url}/hubspot/contacts`);
	await waitForSwReady(page);
	// Verified as the harness would, but read directly here: the env's verify refuses a broken seal.
	const done = env.step({ done: {} });
	await expect(done).rejects.toBeInstanceOf(InfrastructureError);
	await expect(done).rejects.toThrow(/seal broke \(\d+ violation\(s\): control_without_secret GET \/__salesgym\/tasks/);
	const message = String(await done.catch((e: Error) => e.message));
	const count = Number(/seal broke \((\d+) violation/.exec(message)?.[1]);
	expect(count).toBeGreaterThanOrEqual(controlHits.length);
	for (const path of new Set(controlHits)) expect(message, path).toContain(`control_without_secret GET ${path}`);
});

test.describe('tamper evidence: each violation kind is in the verdict, a clean run is intact', () => {
	/** One sealed profile for these tests; each test reseals it (a harness reset with the same secret clears the record). */
	let tamper: BrowserContext;
	let page: Page;
	const secret = newSecret();

	test.beforeAll(async ({ browser }) => {
		tamper = await browser.newContext({ baseURL: server.url });
		page = await tamper.newPage();
	});
	test.afterAll(async () => {
		await tamper?.close();
	});

	/** Starts a sealed episode of the task in the shared profile. @returns its run id. */
	async function sealed(name: string): Promise<string> {
		const runId = `seal-${name}`;
		await startEpisode(page, bp, runId, undefined, secret);
		return runId;
	}

	test('a clean sealed run: intact, no violations; an unsealed run: not sealed, never intact; another secret cannot reseal', async ({ browser }) => {
		const runId = await sealed('clean');
		expect((await verifyRun(page, bp, runId, secret)).seal).toEqual({ sealed: true, intact: true, violation_count: 0, violations: [] });
		const reseal = await pageFetch(page, {
			method: 'POST',
			path: '/__salesgym/run',
			body: JSON.stringify({ task_id: TASK, run_id: 'x' }),
			headers: sealHeaders(newSecret())!
		});
		expect(reseal.status).toBe(404);
		const other = await browser.newContext({ baseURL: server.url });
		try {
			const open = await other.newPage();
			await startEpisode(open, bp, 'open-run');
			expect((await verifyRun(open, bp, 'open-run')).seal).toEqual({ sealed: false, intact: false, violation_count: 0, violations: [] });
		} finally {
			await other.close();
		}
	});

	test('control_without_secret: a fetch without (or with another) secret is a 404 and is recorded; the state is unchanged', async () => {
		const runId = await sealed('control');
		const state = await pageGetLarge(page, '/__salesgym/state', sealHeaders(secret)!);
		const without = await pageFetch(page, { method: 'POST', path: '/__salesgym/run', body: JSON.stringify({ task_id: TASK, run_id: 'hijack' }) });
		const other = await pageFetch(page, { method: 'GET', path: '/__salesgym/state', headers: sealHeaders(newSecret())! });
		expect([without.status, other.status]).toEqual([404, 404]);
		expect(JSON.parse(without.text)).toEqual({ status: 'error', message: 'no route for POST /__salesgym/run' });
		expect((await pageGetLarge(page, '/__salesgym/state', sealHeaders(secret)!)).text).toBe(state.text);
		expect((await verifyRun(page, bp, runId, secret)).seal).toMatchObject({
			sealed: true,
			intact: false,
			violation_count: 2,
			violations: [
				{ kind: 'control_without_secret', method: 'POST', path: '/__salesgym/run' },
				{ kind: 'control_without_secret', method: 'GET', path: '/__salesgym/state' }
			]
		});
	});

	test('import: PUT /__salesgym/state during a sealed run, even with the secret, breaks the seal', async () => {
		const runId = await sealed('import');
		const state = await pageGetLarge(page, '/__salesgym/state', sealHeaders(secret)!);
		const put = await pageFetch(page, { method: 'PUT', path: '/__salesgym/state', body: state.text, headers: sealHeaders(secret)! });
		expect(put.status).toBe(200);
		expect((await verifyRun(page, bp, runId, secret)).seal).toMatchObject({
			intact: false,
			violation_count: 1,
			violations: [{ kind: 'import', method: 'PUT', path: '/__salesgym/state' }]
		});
	});

	test('write_outside_api: a gym’s run metadata changed behind the API (IndexedDB written directly) breaks the seal; API writes do not', async () => {
		const runId = await sealed('write');
		// A write through the product's API moves the metadata too, and is witnessed.
		const created = await pageFetch(page, {
			method: 'POST',
			path: '/api/hubspot/crm/v3/objects/contacts',
			body: JSON.stringify({ properties: { email: 'seal.test@example.com', firstname: 'Seal' } })
		});
		expect(created.status).toBe(201);
		expect((await verifyRun(page, bp, runId, secret)).seal).toMatchObject({ intact: true });
		await page.evaluate(
			() =>
				new Promise<void>((resolve, reject) => {
					const open = indexedDB.open('salesgym-hubspot');
					open.onerror = () => reject(open.error);
					open.onsuccess = () => {
						const tx = open.result.transaction('meta', 'readwrite');
						const store = tx.objectStore('meta');
						const get = store.get('run');
						get.onsuccess = () => store.put({ ...get.result, seq: get.result.seq + 5 });
						tx.oncomplete = () => resolve();
						tx.onerror = () => reject(tx.error);
					};
				})
		);
		expect((await verifyRun(page, bp, runId, secret)).seal).toMatchObject({
			intact: false,
			violation_count: 1,
			violations: [{ kind: 'write_outside_api', method: '-', path: 'hubspot', detail: expect.stringMatching(/^seq \d+ → \d+$/) }]
		});
	});
});
