/**
 * Outreach Emails view, in the browser through the Service Worker: each state tab lists the mailings the API
 * filter selects (counts checked against the export), the Sequence filter and a date range narrow a tab, a
 * prospect links to its record; reading writes nothing; axe finds no serious or critical violation.
 */
import { expectNoSeriousA11yViolations } from './axe';
import { expect, reusedGymTest as test } from './fixtures';

interface Row {
	id: string;
	attributes: Record<string, unknown>;
	relationships: Record<string, { data: { id: string } | null }>;
}

test('tabs by state, Sequence and date filters; reading writes nothing; axe clean', async ({ gym }) => {
	test.slow(); // five tabs and three axe scans on a shared 2-core machine
	const page = gym.page;
	await gym.open('/outreach/emails');
	await gym.reset({ run_id: 'outreach-emails' });
	const before = await gym.exportState();
	const t = (JSON.parse(before) as { gyms: { outreach: Record<string, Row[]> } }).gyms.outreach;
	const m = t.mailings!;
	const count = (pred: (x: Row) => boolean) => m.filter(pred).length;
	const expected: Record<string, number> = {
		Scheduled: count((x) => x.attributes.state === 'scheduled'),
		Delivered: count((x) => Boolean(x.attributes.deliveredAt)),
		Opened: count((x) => Boolean(x.attributes.openedAt)),
		Replied: count((x) => Boolean(x.attributes.repliedAt)),
		Bounced: count((x) => x.attributes.state === 'bounced')
	};
	for (const n of Object.values(expected)) expect(n).toBeGreaterThan(0);

	await gym.open('/outreach/emails');
	await expect(page.getByRole('heading', { level: 1, name: 'Emails' })).toBeVisible();
	const status = page.getByRole('status').filter({ hasText: /emails$/ });
	await expect(status).toHaveText(`${expected.Delivered} emails`);
	await expectNoSeriousA11yViolations(page);
	for (const [label, n] of Object.entries(expected)) {
		await page.getByRole('tab', { name: label }).click();
		await expect(page.getByRole('table', { name: `${label} emails` })).toBeVisible();
		await expect(status).toHaveText(`${n} emails`);
	}

	// Replied, in one sequence
	await page.getByRole('tab', { name: 'Replied' }).click();
	const replied = m.filter((x) => x.attributes.repliedAt && x.relationships.sequence?.data);
	const seqId = replied[0]!.relationships.sequence!.data!.id;
	const seqName = String(t.sequences!.find((s) => s.id === seqId)!.attributes.name);
	await page.getByRole('combobox', { name: 'Sequence' }).click();
	await page.getByRole('option', { name: seqName, exact: true }).click();
	await expect(status).toHaveText(`${replied.filter((x) => x.relationships.sequence!.data!.id === seqId).length} emails`);
	await expectNoSeriousA11yViolations(page);

	// Delivered in a date range (any sequence)
	await page.getByRole('combobox', { name: 'Sequence' }).click();
	await page.getByRole('option', { name: 'Any sequence' }).click();
	await page.getByRole('tab', { name: 'Delivered' }).click();
	const days = m
		.map((x) => x.attributes.deliveredAt as string | null)
		.filter((d): d is string => Boolean(d))
		.sort();
	const from = days[Math.floor(days.length / 3)]!.slice(0, 10);
	const to = days[Math.floor((2 * days.length) / 3)]!.slice(0, 10);
	await page.getByRole('textbox', { name: 'From' }).fill(from);
	await page.getByRole('textbox', { name: 'To' }).fill(to);
	await page.getByRole('button', { name: 'Apply' }).click();
	const inRange = days.filter((d) => d >= `${from}T00:00:00.000Z` && d <= `${to}T23:59:59.999Z`).length;
	expect(inRange).toBeLessThan(expected.Delivered!);
	await expect(status).toHaveText(`${inRange} emails`);
	const first = page.getByRole('table', { name: 'Delivered emails' }).getByRole('link').first();
	const name = await first.textContent();
	await first.click();
	await expect(page.getByRole('heading', { level: 1, name: name!.trim() })).toBeVisible();
	expect(await gym.exportState()).toBe(before);
});

test('an older, slower response never replaces the rows of a newer tab or filter', async ({ gym }) => {
	const page = gym.page;
	await gym.open('/outreach/emails');
	await gym.reset({ run_id: 'outreach-emails-order' });
	const t = (JSON.parse(await gym.exportState()) as { gyms: { outreach: Record<string, Row[]> } }).gyms.outreach;
	const days = t
		.mailings!.map((x) => x.attributes.deliveredAt as string | null)
		.filter((d): d is string => Boolean(d))
		.sort();
	const from = days[Math.floor(days.length / 3)]!.slice(0, 10);
	const to = days[Math.floor((2 * days.length) / 3)]!.slice(0, 10);
	const inRange = days.filter((d) => d >= `${from}T00:00:00.000Z` && d <= `${to}T23:59:59.999Z`).length;
	expect(inRange).toBeLessThan(days.length);

	await gym.open('/outreach/emails');
	const status = page.getByRole('status').filter({ hasText: /emails$/ });
	await expect(status).toHaveText(`${days.length} emails`);
	await page.getByRole('tab', { name: 'Opened' }).click();
	await expect(page.getByRole('table', { name: 'Opened emails' })).toBeVisible();
	// From now on the Delivered tab's unfiltered list is held until the test releases it: it answers after the
	// newer date-range request, as a wide list can on a busy machine.
	await page.evaluate(() => {
		const w = window as unknown as { __held: number; __release: () => void; fetch: typeof fetch };
		const send = w.fetch.bind(window);
		const released = new Promise<void>((resolve) => (w.__release = resolve));
		w.__held = 0;
		w.fetch = async (input, init) => {
			const res = await send(input, init);
			const url = new URL(input instanceof Request ? input.url : String(input), location.href);
			const range = url.searchParams.getAll('filter[deliveredAt]');
			if (url.pathname.endsWith('/mailings') && range.length === 1 && range[0] === 'neg_inf..inf') {
				const body = await res.text();
				await released;
				w.__held += 1;
				return new Response(body, { status: res.status, headers: res.headers });
			}
			return res;
		};
	});
	expect(days.length, 'the held list is one page (page[size] 1000)').toBeLessThanOrEqual(1000);
	await page.getByRole('tab', { name: 'Delivered' }).click(); // its answer is held
	await page.getByRole('textbox', { name: 'From' }).fill(from);
	await page.getByRole('textbox', { name: 'To' }).fill(to);
	await page.getByRole('button', { name: 'Apply' }).click(); // answers first
	await expect(status).toHaveText(`${inRange} emails`);
	await page.evaluate(() => (window as unknown as { __release: () => void }).__release());
	await page.waitForFunction(() => (window as unknown as { __held: number }).__held === 1);
	// The late answer parsed (no API call pending) and the page rendered what it did with it (a frame later).
	await page.waitForFunction(() => document.body.dataset.apiPending === '0');
	await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
	expect(await status.textContent()).toBe(`${inRange} emails`);
});
