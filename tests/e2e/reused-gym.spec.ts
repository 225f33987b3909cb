/**
 * The reused `gym` fixture (`reusedGymTest`, tests/e2e/fixtures.ts) never leaks one test's state into the next: a
 * row changed in place straight in IndexedDB (outside the API, so the reset's dirty tracking never sees it; the
 * Service Worker loads it when it starts again) is caught by the reset check of the next `gym.reset`, the context is recycled, and the test goes on in a fresh one
 * whose state is the task's initial state; a clean reset is checked and keeps the context. A test that never
 * resets fails.
 */
import type { Page } from '@playwright/test';
import { pageJson } from '../../harness/page';
import { expect, RECYCLED_ANNOTATION, reusedGymTest as test } from './fixtures';
import { contactOf, putContactBehindTheApi, stopServiceWorker } from './journal';

const TASK = 'hubspot/inbound-demo-request-v1';

/**
 * Changes contact 990001's job title in place (same key) in the HubSpot database from the page, bypassing the Service
 * Worker; then stops the worker, so that the state it loads from that database at the next request holds the change.
 */
async function poisonInPlace(page: Page, exported: string): Promise<void> {
	const row = contactOf(exported, '990001');
	await putContactBehindTheApi(page, { ...row, properties: { ...row.properties, jobtitle: 'Poisoned in place' } });
	await stopServiceWorker(page);
}

const jobTitle = async (text: string): Promise<unknown> =>
	(JSON.parse(text) as { gyms: { hubspot: { contacts: { id: string; properties: Record<string, unknown> }[] } } }).gyms.hubspot.contacts.find(
		(c) => c.id === '990001'
	)?.properties.jobtitle;

test('a clean reset keeps the context; a row poisoned in place is caught at the next reset, which recycles it', async ({ gym }, testInfo) => {
	// Two first loads (the worker's context, then the recycled one) and four resets: beyond 60 s on a loaded 2-core machine.
	test.setTimeout(180_000);
	await gym.open('/hubspot/contacts');
	await gym.reset({ task_id: TASK, run_id: 'reuse-1' });
	const clean = await jobTitle(await gym.exportState());
	// A write through the API, then a reset: checked, same context.
	await pageJson(gym.page, 'PATCH', '/api/hubspot/crm/v3/objects/contacts/990001', { properties: { jobtitle: 'Through the API' } });
	const first = gym.page;
	await gym.reset({ task_id: TASK, run_id: 'reuse-2' });
	expect(gym.page).toBe(first);
	expect(testInfo.annotations.filter((a) => a.type === RECYCLED_ANNOTATION)).toEqual([]);
	expect(await jobTitle(await gym.exportState())).toBe(clean);
	// A write outside the API: the reset check differs, the context is recycled.
	await poisonInPlace(gym.page, await gym.exportState());
	expect(await jobTitle(await gym.exportState())).toBe('Poisoned in place');
	await gym.reset({ task_id: TASK, run_id: 'reuse-3' });
	const recycled = testInfo.annotations.filter((a) => a.type === RECYCLED_ANNOTATION);
	expect(recycled).toHaveLength(1);
	expect(recycled[0]!.description).toContain('hubspot.contacts');
	expect(first.isClosed()).toBe(true);
	expect(gym.page).not.toBe(first);
	expect(new URL(gym.page.url()).pathname).toBe('/hubspot/contacts');
	expect(await jobTitle(await gym.exportState())).toBe(clean);
	// The fresh context's state is the task's initial state, compared row by row.
	const check = (await pageJson(gym.page, 'GET', '/__salesgym/reset-check')) as { match: boolean; run_id: string };
	expect(check).toMatchObject({ match: true, run_id: 'reuse-3' });
});

test('the next test in the worker starts from a checked reset of the recycled context', async ({ gym }, testInfo) => {
	await gym.open('/hubspot/contacts');
	await gym.reset({ task_id: TASK, run_id: 'reuse-4' });
	expect(testInfo.annotations.filter((a) => a.type === RECYCLED_ANNOTATION)).toEqual([]);
	expect(await jobTitle(await gym.exportState())).not.toBe('Poisoned in place');
});

test('a test that never resets fails (its context holds an earlier test’s state)', async ({ gym }) => {
	test.fail();
	await gym.open('/hubspot/contacts');
});
