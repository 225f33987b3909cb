/**
 * Whole episodes in a real headless Chromium with the real Service Worker and IndexedDB:
 * fresh context → first load controlled by the SW → reset → oracle through the UI → /verify from the page.
 */
import type { Browser, Page } from '@playwright/test';
import { loadBlueprints } from '../../harness/blueprints';
import { oracle, performAction } from '../../harness/agents';
import type { Blueprint } from '../../blueprints/schema';
import { expect, exportState, freshEpisode as freshEpisodeOf, test, verify as verifyOf } from './fixtures';
import { stopServiceWorker } from './journal';
import { pageGetLarge, waitForSwReady } from '../../harness/page';
import { createHash } from 'node:crypto';

// Each test pays one or two fresh-context first loads (SW install, seed load): 45–60 s with two workers on 2 cores.
test.describe.configure({ timeout: 120_000 });

const TASK = 'hubspot/inbound-demo-request-v1';
const blueprint = loadBlueprints().find((b) => b.id === TASK) as Blueprint;

const freshEpisode = (browser: Browser, baseURL: string, runId: string) => freshEpisodeOf(browser, baseURL, blueprint, runId);
const verify = (page: Page, runId: string) => verifyOf(page, blueprint, runId);

async function runStep(page: Page, index: number): Promise<void> {
	for (const action of blueprint.steps[index]!.actions) await performAction(page, action);
}

test('first load of a fresh context is controlled by the SW before any API call', async ({ gym }) => {
	const page = gym.page;
	const apiRequests: { url: string; fromSW: boolean }[] = [];
	page.on('response', (r) => {
		if (r.url().includes('/api/')) apiRequests.push({ url: r.url(), fromSW: r.fromServiceWorker() });
	});
	await gym.open('/hubspot/contacts');
	expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
	await expect(page.getByRole('table', { name: 'Contacts' })).toBeVisible();
	// The first list load of a fresh context waits for the seed load ("Loading contacts…"): over 5 s with two CI
	// workers on 2 cores. This test asserts who serves the API, not how fast (that is the bench's init_fresh_context).
	await expect(page.getByRole('link', { name: 'Faye Schimmel-Keebler' })).toBeVisible({ timeout: 20_000 });
	expect(apiRequests.length).toBeGreaterThan(0);
	expect(apiRequests.every((r) => r.fromSW)).toBe(true);
});

test('a reload mid-episode loses nothing', async ({ browser, baseURL }) => {
	const page = await freshEpisode(browser, baseURL!, 'reload');
	await runStep(page, 0);
	const mid = await exportState(page);
	await page.reload();
	await waitForSwReady(page);
	expect(await exportState(page)).toBe(mid);
	await expect(page.getByRole('heading', { name: 'Priya Raman' })).toBeVisible();
	await runStep(page, 1);
	expect((await verify(page, 'reload')).passed).toBe(true);
	await page.context().close();
});

test('the SW stopped mid-episode loses nothing (run, clock and id counters persist)', async ({ browser, baseURL }) => {
	// Reference: an uninterrupted replay.
	const ref = await freshEpisode(browser, baseURL!, 'sw-stop');
	await oracle.act(ref, blueprint, { baseUrl: baseURL!, runId: 'sw-stop' });
	const expected = await exportState(ref);
	await ref.context().close();

	const page = await freshEpisode(browser, baseURL!, 'sw-stop');
	await runStep(page, 0);
	const status = await stopServiceWorker(page);
	await runStep(page, 1);
	expect(status()).toBe('running'); // the next API call started it again
	expect(await exportState(page)).toBe(expected);
	expect((await verify(page, 'sw-stop')).passed).toBe(true);
	await page.context().close();
});

test('import restores an exported snapshot', async ({ gym }) => {
	await gym.open('/hubspot/contacts');
	await gym.reset({ task_id: TASK, run_id: 'snap' });
	const initial = await gym.exportState();
	// The export crosses to Node gzipped (harness/page.ts pageGetLarge): the very bytes the SW hashes.
	expect(createHash('sha256').update(initial).digest('hex')).toBe(await gym.stateDigest());
	const refused = await pageGetLarge(gym.page, '/__salesgym/state?tables=nosuchgym.contacts');
	expect(refused.status).toBe(400);
	expect(refused.text).toContain('nosuchgym');
	const status = await gym.page.evaluate(async () => {
		const res = await fetch('/api/hubspot/crm/v3/objects/contacts', { method: 'POST', body: JSON.stringify({ properties: { email: 'x@example.com' } }) });
		return res.status;
	});
	expect(status).toBe(201);
	expect(await gym.exportState()).not.toBe(initial);
	await gym.importState(initial);
	expect(await gym.exportState()).toBe(initial);
});

test('/verify: inline assertions, a stale run_id, and a bad body', async ({ gym }) => {
	await gym.open('/hubspot/contacts');
	await gym.reset({ task_id: TASK, run_id: 'inline' });
	const inline = await gym.verify({
		run_id: 'inline',
		assertions: [{ id: 'count', description: 'seed + fixture', query: '.hubspot.contacts | length', op: 'eq', expected: 816 }]
	});
	expect(inline).toMatchObject({ passed: true, score: 1, task_id: null });
	const answers = await gym.page.evaluate(async () => {
		const post = async (body: unknown) => {
			const res = await fetch('/verify', { method: 'POST', body: JSON.stringify(body) });
			return [res.status, await res.json()];
		};
		return [await post({ run_id: 'old-run', task_id: 'hubspot/inbound-demo-request-v1' }), await post({ run_id: 'inline', taskid: 'x' })];
	});
	expect(answers[0]![0]).toBe(409);
	expect(answers[0]![1].message).toContain('is not the current run');
	expect(answers[1]![0]).toBe(400);
	expect(answers[1]![1].message).toContain('taskid');
});

test('when the SW cannot take control, the page shows a visible error at its 5 s bound, not before', async ({ page }) => {
	// A registration that never settles: the page must give up at its 5 s bound, visibly. The page's timers run on
	// Playwright's fake clock, so the bound is checked on the page's own time, whatever the load of the machine.
	await page.addInitScript(() => {
		navigator.serviceWorker.register = () => {
			(window as unknown as { swRegisterCalled?: boolean }).swRegisterCalled = true;
			return new Promise(() => {});
		};
	});
	// Installed and paused before the page loads: the fake clock would otherwise flow with real time, and a slow
	// load on a busy machine would reach the bound before the first check.
	await page.clock.install({ time: new Date('2026-01-05T09:00:00Z') });
	await page.clock.pauseAt(new Date('2026-01-05T09:00:01Z'));
	await page.goto('/hubspot/contacts');
	// The bound's timer starts when the app registers the SW, which can be well after the load event on a busy
	// machine (the app's modules load after it): advancing the paused clock before that would skip the timer.
	// Polled from Node (real time): the page's own timers are paused.
	await expect.poll(() => page.evaluate(() => (window as unknown as { swRegisterCalled?: boolean }).swRegisterCalled === true), { timeout: 20_000 }).toBe(true);
	await page.clock.runFor(4_900);
	expect(await page.evaluate(() => document.body.dataset.swReady)).toBeUndefined();
	await expect(page.getByRole('alert')).toHaveCount(0);
	await page.clock.runFor(200);
	await expect(page.getByRole('alert')).toContainText('This page could not load');
	expect(await page.evaluate(() => document.body.dataset.swReady)).toBe('error');
	expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(false);
});

test('a first install slower than the 5 s bound shows the alert, then recovers when the SW takes control', async ({ page }) => {
	// Delay the real registration by 6 s: past the page's bound, but the SW does install and claim the page.
	await page.addInitScript(() => {
		const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
		navigator.serviceWorker.register = (url, options) => new Promise((resolve) => setTimeout(() => resolve(register(url, options)), 6000));
	});
	await page.goto('/hubspot/contacts');
	await expect(page.getByRole('alert')).toContainText('This page could not load', { timeout: 8000 });
	expect(await page.evaluate(() => document.body.dataset.swReady)).toBe('error');
	await page.waitForFunction(() => document.body.dataset.swReady === '1' && !!navigator.serviceWorker.controller, undefined, { timeout: 20_000 });
	await expect(page.getByRole('alert')).toHaveCount(0);
	await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible({ timeout: 15_000 });
});

test('offline after the first load: reload, the gym API and /verify all work from the SW and its caches', async ({ gym, context }) => {
	const { page } = gym;
	await gym.open('/hubspot/contacts');
	await gym.reset({ task_id: TASK, run_id: 'offline' });
	await page.waitForFunction(() => localStorage.getItem('salesgym:verifier-warm') === '1');
	// The warm-up stored every gym's prebuilt seed projection (HubSpot's from the reset's own read), so a worker offline
	// finds them all.
	const cachedProjections = await page.evaluate(async () =>
		(await (await caches.open('salesgym-immutable')).keys())
			.map((r) => /\/(hubspot|outreach|calendly|salesnav)-\d+\.[^/]*\.json$/.exec(r.url)?.[1])
			.filter((g) => g !== undefined)
			.sort()
	);
	expect(cachedProjections).toEqual(['calendly', 'hubspot', 'outreach', 'salesnav']);
	await context.setOffline(true);
	// A four-tool reset offline: the three gyms this worker has not loaded yet read their projections from the cache.
	const four = await gym.reset({ task_id: 't4/dormant-lead-returns-s1-v1', run_id: 'offline-four' });
	expect(Object.values(four.counts).every((c) => Object.keys(c).length > 0)).toBe(true);
	await gym.reset({ task_id: TASK, run_id: 'offline' });
	await page.reload();
	await waitForSwReady(page);
	// 816 contacts: the fixture contact is not on the first page, so search for her (an API call, served offline).
	await page.getByRole('searchbox', { name: 'Search name, phone, email addresses, or company' }).fill('priya');
	await expect(page.getByRole('link', { name: 'Priya Raman' })).toBeVisible();
	const result = await gym.verify({ run_id: 'offline', task_id: TASK });
	expect(result.passed).toBe(false);
	expect(result.assertions).toHaveLength(blueprint.steps.flatMap((s) => s.verifiers).length);
	await context.setOffline(false);
});
