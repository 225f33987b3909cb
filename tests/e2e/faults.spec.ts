/**
 * Faults in the browser: a write is all or nothing when its page is closed mid-request or the Service Worker is
 * stopped or unregistered mid-write, and a reset then restores the exact initial export; two tabs writing one
 * record: the last committed write wins, and the event log holds exactly one event per successful write.
 */
import type { Page } from '@playwright/test';
import { pageFetch, pageGetLarge, stateSha256 } from '../../harness/page';
import { expect, test } from './fixtures';

const CONTACTS = '/api/hubspot/crm/v3/objects/contacts';
const BATCH = 100;

/** How many contacts with a `fault-<tag>-` email exist, and how many events the run logged. */
async function counts(page: Page, tag: string): Promise<{ contacts: number; events: number }> {
	const res = await pageGetLarge(page, '/__salesgym/state');
	const doc = JSON.parse(res.text) as { gyms: { hubspot: { contacts: { properties: { email?: string } }[] } }; events: unknown[] };
	return { contacts: doc.gyms.hubspot.contacts.filter((c) => c.properties.email?.startsWith(`fault-${tag}-`)).length, events: doc.events.length };
}

/** Starts a 100-contact batch create from `page` without waiting for it (the fault comes next). */
async function startBatch(page: Page, tag: string): Promise<void> {
	await page.evaluate(
		({ url, tag, n }) => {
			const inputs = Array.from({ length: n }, (_, i) => ({ properties: { email: `fault-${tag}-${i}@example.com`, firstname: `F${i}` } }));
			void fetch(`${url}/batch/create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ inputs }) }).catch(() => {});
		},
		{ url: CONTACTS, tag, n: BATCH }
	);
}

/** All or nothing: the batch committed whole (100 contacts, 100 events) or not at all (the export unchanged). */
async function expectAllOrNothing(page: Page, tag: string, before: { hash: string; events: number }): Promise<void> {
	// A write the SW had started may still finish: wait until the state stops changing.
	let last = '';
	for (let i = 0; i < 20; i++) {
		const h = await stateSha256(page);
		if (h === last) break;
		last = h;
		await page.waitForTimeout(250);
	}
	const c = await counts(page, tag);
	test.info().annotations.push({ type: 'outcome', description: c.contacts === 0 ? 'the batch was not written' : 'the batch was written whole' });
	if (c.contacts === 0) expect(await stateSha256(page), 'nothing written: the export is byte-identical').toBe(before.hash);
	else expect(c, 'the whole batch written, one event per row').toEqual({ contacts: BATCH, events: before.events + BATCH });
}

test.describe('faults', () => {
	test('a page closed mid-request: all or nothing, and reset restores the exact initial hash', async ({ gym, context }) => {
		await gym.open('/hubspot/contacts');
		await gym.reset({ run_id: 'fault-close' });
		const initial = await stateSha256(gym.page);
		const before = { hash: initial, events: (await counts(gym.page, 'close')).events };
		await startBatch(gym.page, 'close');
		await gym.page.close();
		const page = await context.newPage();
		await page.goto('/hubspot/contacts');
		await page.waitForFunction(() => !!navigator.serviceWorker?.controller);
		await expectAllOrNothing(page, 'close', before);
		await pageFetch(page, { method: 'POST', path: '/__salesgym/run', body: JSON.stringify({ run_id: 'fault-close' }) });
		expect(await stateSha256(page)).toBe(initial);
	});

	test('the SW stopped and unregistered mid-write: all or nothing, and reset restores the exact initial hash', async ({ gym, context }) => {
		await gym.open('/hubspot/contacts');
		await gym.reset({ run_id: 'fault-sw' });
		const initial = await stateSha256(gym.page);
		const before = { hash: initial, events: (await counts(gym.page, 'sw')).events };
		const cdp = await context.newCDPSession(gym.page);
		await cdp.send('ServiceWorker.enable');
		await startBatch(gym.page, 'sw');
		await cdp.send('ServiceWorker.stopAllWorkers');
		await gym.page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.unregister());
		await gym.page.reload();
		await gym.page.reload();
		await gym.page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 30_000 });
		await expectAllOrNothing(gym.page, 'sw', before);
		await gym.reset({ run_id: 'fault-sw' });
		expect(await stateSha256(gym.page)).toBe(initial);
	});

	test('two tabs writing one record: the last committed write wins, one event per successful write', async ({ gym, context }) => {
		await gym.open('/hubspot/contacts');
		await gym.reset({ run_id: 'fault-tabs' });
		const events0 = (await counts(gym.page, 'tabs')).events;
		const other = await context.newPage();
		await other.goto('/hubspot/contacts');
		await other.waitForFunction(() => !!navigator.serviceWorker?.controller);
		const write = (page: Page, tag: string) =>
			page.evaluate(
				async ({ url, tag }) =>
					Promise.all(
						Array.from({ length: 10 }, async (_, i) => {
							const res = await fetch(`${url}/190001`, {
								method: 'PATCH',
								headers: { 'content-type': 'application/json' },
								body: JSON.stringify({ properties: { jobtitle: `${tag}${i}` } })
							});
							const body = (await res.json()) as { updatedAt?: string };
							return { status: res.status, value: `${tag}${i}`, at: body.updatedAt ?? '' };
						})
					),
				{ url: CONTACTS, tag }
			);
		const results = (await Promise.all([write(gym.page, 'A'), write(other, 'B')])).flat();
		const ok = results.filter((r) => r.status === 200);
		expect(ok.length).toBeGreaterThan(0);
		expect(results.every((r) => r.status === 200 || (r.status >= 400 && r.status < 500))).toBe(true);
		const last = [...ok].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0)).at(-1)!;
		expect(new Set(ok.map((r) => r.at)).size, 'each committed write has its own virtual time').toBe(ok.length);
		const res = await pageFetch(gym.page, { method: 'GET', path: `${CONTACTS}/190001?properties=jobtitle` });
		expect((JSON.parse(res.text) as { properties: { jobtitle: string } }).properties.jobtitle).toBe(last.value);
		expect((await counts(gym.page, 'tabs')).events - events0).toBe(ok.length);
	});
});
