/**
 * The launcher (`/`, the offline demo) through the real page and SW: filters against the blueprint catalogue
 * read from disk in Node, the platform-named Open link, the sticky run panel, assertion descriptions in the
 * verdict, and axe.
 */
import type { Locator, Page } from '@playwright/test';
import type { Blueprint } from '../../blueprints/schema';
import { loadBlueprints } from '../../harness/blueprints';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

/** The catalogue the combined deployment serves (every blueprint), as the launcher lists it. */
const catalogue = loadBlueprints();
const byId = (id: string): Blueprint => {
	const bp = catalogue.find((b) => b.id === id);
	if (!bp) throw new Error(`no blueprint ${id}`);
	return bp;
};

/** Product names, as the vendors spell them. */
const PRODUCT: Record<string, string> = { hubspot: 'HubSpot', outreach: 'Outreach', calendly: 'Calendly', salesnav: 'Sales Navigator' };

interface Want {
	text?: string;
	platform?: string;
	tier?: number;
	category?: 'inbound' | 'outbound';
}

/** The titles the launcher should list for `want`, computed here from the blueprint files. */
function expected(want: Want): string[] {
	const words = (want.text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
	return catalogue
		.filter((bp) => want.platform === undefined || (bp.platforms as string[]).includes(want.platform))
		.filter((bp) => want.tier === undefined || new Set(bp.platforms).size === want.tier)
		.filter((bp) => want.category === undefined || bp.category === want.category)
		.filter((bp) => words.every((w) => [bp.title, bp.id, bp.goal, bp.business_function].join('\n').toLowerCase().includes(w)))
		.map((bp) => bp.title)
		.sort();
}

const taskList = (page: Page): Locator => page.getByRole('list', { name: 'Tasks' });
const taskCard = (page: Page, title: string): Locator =>
	taskList(page)
		.locator(':scope > li')
		.filter({ has: page.getByRole('heading', { name: title, exact: true, level: 3 }) });

async function listedTitles(page: Page): Promise<string[]> {
	const list = taskList(page);
	if ((await list.count()) === 0) return [];
	return (await list.locator(':scope > li').getByRole('heading', { level: 3 }).allTextContents()).sort();
}

/** Asserts the list, the count line and the empty state against `want`. */
async function expectListed(page: Page, want: Want): Promise<void> {
	const titles = expected(want);
	await expect(page.getByRole('status').filter({ hasText: /^Showing/ })).toHaveText(`Showing ${titles.length} of ${catalogue.length} tasks`);
	await expect.poll(() => listedTitles(page)).toEqual(titles);
	if (titles.length === 0) await expect(page.getByText('No tasks match these filters.')).toBeVisible();
	else await expect(page.getByText('No tasks match these filters.')).toHaveCount(0);
}

async function optionTexts(page: Page, label: string): Promise<string[]> {
	return (await page.getByLabel(label, { exact: true }).locator('option').allTextContents()).map((t) => t.trim());
}

/**
 * Bound of the first Start of a fresh context, ms: its `POST /__salesgym/run` bulk-loads the task's gyms into an empty
 * IndexedDB (~2 s idle here, over 5 s with two workers on two cores), so Playwright's 5 s default is too short.
 */
const FIRST_START_MS = 30_000;

async function openLauncher(gym: { open(path: string): Promise<void>; page: Page }): Promise<void> {
	await gym.open('/');
	await expect(taskList(gym.page).locator(':scope > li')).toHaveCount(catalogue.length);
}

test('filters by platform, tier and category (and text) combine, narrow the list to the catalogue’s matches, and show counts', async ({ gym }) => {
	const { page } = gym;
	await openLauncher(gym);
	// The catalogue has tasks of both categories, so the category filter must narrow the list.
	const inbound = expected({ category: 'inbound' });
	expect(inbound.length).toBeGreaterThan(0);
	expect(inbound.length).toBeLessThan(catalogue.length);

	await expectListed(page, {});
	await expect(page.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
	expect(await optionTexts(page, 'Platform')).toEqual([
		`All platforms (${catalogue.length})`,
		...Object.entries(PRODUCT).map(([p, name]) => `${name} (${expected({ platform: p }).length})`)
	]);
	expect(await optionTexts(page, 'Tools')).toEqual([
		`Any number (${catalogue.length})`,
		...[1, 2, 3, 4].map((n) => `${n} ${n === 1 ? 'tool' : 'tools'} (${expected({ tier: n }).length})`)
	]);
	expect(await optionTexts(page, 'Category')).toEqual([
		`All categories (${catalogue.length})`,
		`Inbound (${inbound.length})`,
		`Outbound (${expected({ category: 'outbound' }).length})`
	]);

	await page.getByLabel('Category', { exact: true }).selectOption('inbound');
	await expectListed(page, { category: 'inbound' });
	// Counts of the other filters follow the active ones (faceted): platform counts are of inbound tasks now.
	expect(await optionTexts(page, 'Platform')).toEqual([
		`All platforms (${inbound.length})`,
		...Object.entries(PRODUCT).map(([p, name]) => `${name} (${expected({ platform: p, category: 'inbound' }).length})`)
	]);

	await page.getByLabel('Platform', { exact: true }).selectOption('hubspot');
	await expectListed(page, { category: 'inbound', platform: 'hubspot' });
	await page.getByLabel('Tools', { exact: true }).selectOption('1');
	await expectListed(page, { category: 'inbound', platform: 'hubspot', tier: 1 });
	await page.getByLabel('Search', { exact: true }).fill('demo');
	await expectListed(page, { category: 'inbound', platform: 'hubspot', tier: 1, text: 'demo' });
	expect(expected({ category: 'inbound', platform: 'hubspot', tier: 1, text: 'demo' }).length).toBeGreaterThan(0);

	// Each platform and tier on its own, against the files.
	await page.getByRole('button', { name: 'Clear filters' }).first().click();
	await expectListed(page, {});
	for (const p of Object.keys(PRODUCT)) {
		await page.getByLabel('Platform', { exact: true }).selectOption(p);
		await expectListed(page, { platform: p });
	}
	await page.getByLabel('Platform', { exact: true }).selectOption('');
	for (const tier of [1, 2, 3, 4]) {
		await page.getByLabel('Tools', { exact: true }).selectOption(String(tier));
		await expectListed(page, { tier });
	}
	await page.getByLabel('Tools', { exact: true }).selectOption('');
	await page.getByLabel('Category', { exact: true }).selectOption('outbound');
	await expectListed(page, { category: 'outbound' });

	// Nothing matches: the empty state, and its Clear filters brings every task back.
	await page.getByLabel('Search', { exact: true }).fill('zzqx-no-such-task');
	await expectListed(page, { category: 'outbound', text: 'zzqx-no-such-task' });
	await expect(page.getByRole('list', { name: 'Tasks' })).toHaveCount(0);
	await expectNoSeriousA11yViolations(page);
	await page.getByRole('button', { name: 'Clear filters' }).last().click();
	await expectListed(page, {});
	await expect(page.getByLabel('Search', { exact: true })).toHaveValue('');
	await expect(page.getByLabel('Category', { exact: true })).toHaveValue('');
});

test('filters survive a trip to a gym and back (sessionStorage)', async ({ gym }) => {
	const { page } = gym;
	await openLauncher(gym);
	await page.getByLabel('Category', { exact: true }).selectOption('inbound');
	await expectListed(page, { category: 'inbound' });
	await gym.open('/hubspot/contacts');
	await gym.open('/');
	await expect(page.getByLabel('Category', { exact: true })).toHaveValue('inbound');
	await expectListed(page, { category: 'inbound' });
});

test('each task card lists its platforms, each a link to that platform’s start page', async ({ gym }) => {
	const { page } = gym;
	await openLauncher(gym);
	// One read of every card (the library has ~100: an expect per link would take minutes): its heading and its links.
	await expect(taskList(page).locator(':scope > li')).toHaveCount(catalogue.length);
	const cards = await taskList(page)
		.locator(':scope > li')
		.evaluateAll((lis) =>
			lis.map((li) => ({
				title: li.querySelector('h3')?.textContent?.trim() ?? '',
				links: [...li.querySelectorAll('a[href]')].map((a) => [a.textContent?.trim() ?? '', a.getAttribute('href')])
			}))
		);
	const byTitle = (x: { title: string }, y: { title: string }) => (x.title < y.title ? -1 : x.title > y.title ? 1 : 0);
	expect(cards.sort(byTitle)).toEqual(catalogue.map((bp) => ({ title: bp.title, links: bp.platforms.map((p) => [PRODUCT[p]!, `/${p}`]) })).sort(byTitle));
	await taskCard(page, byId('hubspot/qualify-mql-v1').title).getByRole('link', { name: 'HubSpot', exact: true }).click();
	await expect(page).toHaveURL(/\/hubspot\/contacts$/);
});

for (const id of ['hubspot/inbound-demo-request-v1', 'hubspot/deal-board-progression-v1']) {
	test(`Start ${id}: the Open link is named after its first platform and goes to its start path; the prompt stays in view while the list scrolls`, async ({
		gym
	}) => {
		const { page } = gym;
		const bp = byId(id);
		await openLauncher(gym);
		await page.getByRole('button', { name: `Start ${bp.title}` }).click();
		const panel = page.getByRole('region', { name: 'Current run' });
		await expect(panel.getByRole('heading', { name: 'Current run' })).toBeFocused({ timeout: FIRST_START_MS });
		const open = panel.getByRole('link', { name: `Open ${PRODUCT[bp.platforms[0]!]}`, exact: true });
		await expect(open).toHaveAttribute('href', bp.start_path);
		const platformLinks = panel.getByRole('group', { name: 'Platforms' }).getByRole('link');
		await expect(platformLinks).toHaveText(bp.platforms.map((p) => PRODUCT[p]!));
		for (const [i, p] of bp.platforms.entries()) await expect(platformLinks.nth(i)).toHaveAttribute('href', `/${p}`);
		await expect(taskCard(page, bp.title)).toHaveAttribute('aria-current', 'true');

		const prompt = panel.getByTestId('run-prompt');
		await expect(prompt).toHaveText(bp.prompt);
		await expect(panel.getByText(bp.goal, { exact: true })).toBeVisible();
		// Scroll to the end of the task list: the page really moves, and the panel stays in the viewport.
		await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
		await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
		const lastCard = taskList(page).locator(':scope > li').last();
		await expect(lastCard).toBeInViewport();
		await expect(taskList(page).locator(':scope > li').first()).not.toBeInViewport();
		await expect(prompt).toBeInViewport();
		await expect(panel.getByText(bp.goal, { exact: true })).toBeInViewport();
		for (const name of ['Check', 'Reset']) await expect(panel.getByRole('button', { name, exact: true })).toBeInViewport();
		await expect(open).toBeInViewport();

		await open.click();
		await expect(page).toHaveURL((url) => url.pathname + url.search === bp.start_path);
	});
}

test('Check: the verdict lists every assertion of the task in step order with its description; still there after a reload', async ({ gym }) => {
	const { page } = gym;
	const bp = byId('hubspot/inbound-demo-request-v1');
	const placed = bp.steps.flatMap((s, step) => s.verifiers.map((a) => ({ ...a, step })));
	await openLauncher(gym);
	await page.getByRole('button', { name: `Start ${bp.title}` }).click();
	const panel = page.getByRole('region', { name: 'Current run' });
	await expect(panel.getByRole('button', { name: 'Check', exact: true })).toBeEnabled({ timeout: FIRST_START_MS });
	// Checked from far down the list: the verdict scrolls into view, and the prompt is still in view.
	await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
	await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
	await panel.getByRole('button', { name: 'Check', exact: true }).click();
	await expect(panel.getByText(/FAILED/)).toBeVisible();
	const verdictRegion = page.getByRole('region', { name: 'Verdict' });
	await expect(verdictRegion.getByRole('heading', { name: 'Verdict' })).toBeInViewport();
	await expect(panel.getByTestId('run-prompt')).toBeInViewport();

	const expectRows = async () => {
		const rows = verdictRegion.getByRole('table', { name: 'Assertions' }).getByRole('row');
		await expect(rows).toHaveCount(placed.length + 1);
		for (const [i, a] of placed.entries()) {
			const cells = rows.nth(i + 1).getByRole('cell');
			await expect(cells.nth(1)).toHaveText(String(a.step + 1));
			await expect(cells.nth(2)).toContainText(a.description);
			await expect(cells.nth(2)).toContainText(a.id);
		}
	};
	await expectRows();
	// The verdict's pass/fail per row is the verifier's: compare with a /verify of the same run.
	const run = await page.evaluate(async () => (await (await fetch('/__salesgym/run')).json()) as { run_id: string });
	const verdict = await gym.verify({ run_id: run.run_id, task_id: bp.id });
	const rows = verdictRegion.getByRole('table', { name: 'Assertions' }).getByRole('row');
	for (const [i, a] of verdict.assertions.entries())
		await expect(
			rows
				.nth(i + 1)
				.getByRole('cell')
				.first()
		).toHaveText(a.passed ? '✓ passed' : '✗ failed');
	expect(verdict.assertions.some((a) => a.passed)).toBe(true);
	expect(verdict.assertions.some((a) => !a.passed)).toBe(true);

	await expectNoSeriousA11yViolations(page);
	await page.reload();
	await expectRows();
});

test("the launcher links the team's Rules of Engagement, a page with the team and the numbered rules", async ({ gym }) => {
	const { page } = gym;
	await openLauncher(gym);
	await page.getByRole('link', { name: 'Rules of Engagement' }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'Salesgym Sales: Rules of Engagement' })).toBeVisible();
	await expect(page.getByRole('row', { name: /Grace Kim Enterprise Account Executive America\/Chicago/ })).toBeVisible();
	await expect(page.getByRole('heading', { name: 'R6. Opt-outs' })).toBeVisible();
	await expectNoSeriousA11yViolations(page);
});

test('axe: the launcher has no serious or critical violation, before and after Start', async ({ gym }) => {
	// A scan of a page with one card per task (~150) and a fresh context's first Start: about 40 s with two workers on
	// two cores. After Start, the scan covers what Start changed (the header, the run panel, the started card); the
	// other cards are the ones scanned before.
	test.setTimeout(120_000);
	const { page } = gym;
	await openLauncher(gym);
	await expectNoSeriousA11yViolations(page);
	await page.getByRole('button', { name: `Start ${byId('hubspot/qualify-mql-v1').title}` }).click();
	await expect(page.getByRole('region', { name: 'Current run' }).getByRole('button', { name: 'Check', exact: true })).toBeEnabled({ timeout: FIRST_START_MS });
	await expect(page.locator('li.task[aria-current="true"]')).toHaveCount(1);
	await expectNoSeriousA11yViolations(page, ['header', '.run-panel', 'li.task[aria-current="true"]']);
	// Every filter control is reachable by its label.
	for (const label of ['Search', 'Platform', 'Tools', 'Category']) await expect(page.getByLabel(label, { exact: true })).toBeEnabled();
});
