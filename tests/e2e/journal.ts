/**
 * Helpers of the tests that stop the Service Worker, or write a gym's durable database behind its back (gyms/store.ts
 * "Journal"): the page's own IndexedDB calls reach the journal only, and the Service Worker loads what the journal
 * holds when it starts again.
 */
import { expect, type Page } from '@playwright/test';

/** A HubSpot contact row as the state export gives it (wire form). */
export interface ContactRow {
	id: string;
	properties: Record<string, unknown>;
	[key: string]: unknown;
}

/** Contact `id` of a state export's text. @throws Error when the export has no such contact. */
export function contactOf(exportText: string, id: string): ContactRow {
	const doc = JSON.parse(exportText) as { gyms: { hubspot: { contacts: ContactRow[] } } };
	const row = doc.gyms.hubspot.contacts.find((c) => c.id === id);
	if (!row) throw new Error(`no contact ${id} in the export`);
	return row;
}

/**
 * Puts `row` into the `contacts` store of the `salesgym-hubspot` database from the page (raw IndexedDB calls, not the
 * Service Worker's API), with the stored form's `emailKey` (the lower-cased email, `''` when none).
 */
export async function putContactBehindTheApi(page: Page, row: ContactRow): Promise<void> {
	await page.evaluate(
		(row) =>
			new Promise<void>((resolve, reject) => {
				const open = indexedDB.open('salesgym-hubspot');
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const tx = open.result.transaction('contacts', 'readwrite');
					const email = row.properties.email;
					tx.objectStore('contacts').put({ ...row, emailKey: typeof email === 'string' ? email.toLowerCase() : '' });
					tx.oncomplete = () => {
						open.result.close();
						resolve();
					};
					tx.onerror = () => reject(tx.error);
				};
			}),
		row
	);
}

/**
 * Stops the page's Service Worker (Chrome DevTools Protocol `ServiceWorker.stopAllWorkers`) and waits until Chromium
 * has reported it `stopped`; the next event (a request, the page's warm-up message) starts it again.
 * @returns the worker's latest running status as Chromium reports it from then on (e.g. `running` after a request);
 * the CDP session stays open for that until the page closes.
 */
export async function stopServiceWorker(page: Page): Promise<() => string | undefined> {
	const cdp = await page.context().newCDPSession(page);
	const statuses: string[] = [];
	cdp.on('ServiceWorker.workerVersionUpdated', (e) => statuses.push(...e.versions.map((v) => v.runningStatus)));
	await cdp.send('ServiceWorker.enable');
	await cdp.send('ServiceWorker.stopAllWorkers');
	// Chromium reported it stopped (it may be running again already: the page's delayed warm-up, src/lib/runtime.ts
	// `WARM_DELAY_MS`, is an event that starts it).
	await expect.poll(() => statuses.includes('stopped')).toBe(true);
	return () => statuses.at(-1);
}
