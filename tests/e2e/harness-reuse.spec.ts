/**
 * Warm environments (harness/warm.ts) in real Chromium: a reused context is reset in place and checked against the
 * task's initial state; a context poisoned outside the API (a row written straight into IndexedDB from the page) is
 * detected, recycled and counted, and the next episode runs (and is scored) in a fresh context; reuse gives the
 * same verdicts and final states as fresh contexts; contexts pass between envs through a pool, each sealed episode
 * with a fresh secret.
 */
import { oracle } from '../../harness/agents';
import { makeEnv, type SalesgymEnv } from '../../harness/env';
import { pageFetch } from '../../harness/page';
import { playEpisode } from '../../harness/runner';
import { ContextPool } from '../../harness/warm';
import { expect, test } from './fixtures';
import { contactOf, putContactBehindTheApi, stopServiceWorker } from './journal';

const TASK = 'hubspot/update-lead-status-v1';
const META = { reward: 'binary' as const };

let envs: SalesgymEnv[] = [];
test.afterEach(async () => {
	for (const e of envs) await e.close();
	envs = [];
});

/**
 * Puts a copy of contact 990001 under a new id into the HubSpot database from the page, bypassing the Service Worker
 * and its dirty tracking; then stops the worker, which loads that database's rows when it starts again.
 */
async function poison(env: SalesgymEnv): Promise<void> {
	await putContactBehindTheApi(env.page!, { ...contactOf(await env.exportState(), '990001'), id: '987654321' });
	await stopServiceWorker(env.page!);
}

/**
 * Changes a contact row in place from the page (same key, same row count), bypassing the Service Worker: only a row by
 * row comparison of that table sees it, so this proves the store watch (harness/warm.ts) names the written table.
 * Then stops the worker, as {@link poison}.
 */
async function poisonInPlace(env: SalesgymEnv): Promise<void> {
	const row = contactOf(await env.exportState(), '990001');
	await putContactBehindTheApi(env.page!, { ...row, properties: { ...row.properties, jobtitle: 'Poisoned in place' } });
	await stopServiceWorker(env.page!);
}

/** The export without its run id (which differs between episodes by design). */
function stateWithoutRun(text: string): string {
	const doc = JSON.parse(text) as Record<string, unknown>;
	delete doc.run_id;
	return JSON.stringify(doc);
}

test('a poisoned context is detected at the next reset, recycled and counted; that episode starts fresh and is scored on a clean state', async ({
	browser,
	baseURL
}) => {
	test.setTimeout(180_000);
	const env = await makeEnv({ task: TASK, browser, baseUrl: baseURL! });
	envs.push(env);
	const first = await env.reset();
	expect(first.info).toMatchObject({ context: 'fresh' });
	await poison(env);
	expect(await env.exportState()).toContain('"987654321"');
	const out = await playEpisode(env, oracle, 0, META);
	const reset = out.lines.find((l) => l.type === 'reset');
	expect(reset).toMatchObject({ context: 'fresh', recycled: expect.stringMatching(/hubspot\.contacts/) });
	expect(env.warmStats).toMatchObject({ fresh: 2, warm: 0, recycled: 1 });
	expect(out.passed).toBe(true);
	expect(out.state).not.toContain('"987654321"');
	// The fresh context is reused cleanly by the next episode.
	const next = await env.reset();
	expect(next.info).toMatchObject({ context: 'warm' });
	expect(next.info.recycled).toBeUndefined();
	expect(await env.exportState()).not.toContain('"987654321"');
});

test('a row changed in place outside the API (same keys, same row count) is detected at the next reset and recycled', async ({ browser, baseURL }) => {
	test.setTimeout(180_000);
	const env = await makeEnv({ task: TASK, browser, baseUrl: baseURL! });
	envs.push(env);
	expect((await env.reset()).info).toMatchObject({ context: 'fresh' });
	// A clean warm reset first: the check passes on the watched context.
	expect((await env.reset()).info).toMatchObject({ context: 'warm' });
	await poisonInPlace(env);
	expect(await env.exportState()).toContain('Poisoned in place');
	const next = await env.reset();
	expect(next.info).toMatchObject({ context: 'fresh', recycled: expect.stringMatching(/hubspot\.contacts/) });
	expect(env.warmStats).toMatchObject({ fresh: 2, warm: 1, recycled: 1 });
	expect(await env.exportState()).not.toContain('Poisoned in place');
});

test('reuse gives the same verdict and final state as a fresh context; a pool passes contexts between envs, each episode with a fresh seal', async ({
	browser,
	baseURL
}) => {
	// Three episodes, two of them in a new context: minutes on a loaded 2-core machine.
	test.setTimeout(180_000);
	const fresh = await makeEnv({ task: TASK, browser, baseUrl: baseURL!, freshContext: true });
	envs.push(fresh);
	const a = await playEpisode(fresh, oracle, 0, META);
	expect(fresh.warmStats).toMatchObject({ fresh: 1, warm: 0, recycled: 0 });

	const pool = new ContextPool(1);
	const one = await makeEnv({ task: TASK, browser, baseUrl: baseURL!, pool });
	const c = await playEpisode(one, oracle, 0, META);
	const page = one.page!;
	await one.close();
	const two = await makeEnv({ task: TASK, browser, baseUrl: baseURL!, pool });
	envs.push(two);
	const d = await playEpisode(two, oracle, 0, META);
	expect(two.page).toBe(page);
	expect(pool.stats).toMatchObject({ fresh: 1, warm: 1, recycled: 0 });
	expect(d.lines.find((l) => l.type === 'reset')).toMatchObject({ context: 'warm' });
	for (const o of [a, c, d]) expect(o.passed).toBe(true);
	// Same verdict, assertion by assertion (their timings aside).
	const verdict = (o: typeof a) => o.verify.assertions.map(({ ms: _ms, ...x }) => x);
	expect(verdict(d)).toEqual(verdict(a));
	expect(verdict(c)).toEqual(verdict(a));
	expect(d.verify.seal).toMatchObject({ sealed: true, intact: true });
	expect(stateWithoutRun(d.state)).toBe(stateWithoutRun(a.state));
	expect(stateWithoutRun(c.state)).toBe(stateWithoutRun(a.state));
	// The control endpoints refuse a call without the current episode's secret.
	expect((await pageFetch(page, { method: 'GET', path: '/__salesgym/run' })).status).toBe(404);
});
