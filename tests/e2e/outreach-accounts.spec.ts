/**
 * Outreach Accounts list and account record, in the browser through the Service Worker: "Search accounts" is the
 * API's `filter[q]` (name or domain), the Owner filter leaves only that owner's accounts, the Prospects column
 * counts each account's prospects; the record shows the overview and the account's prospects linking to their
 * records; an unknown account shows "Account not found" and writes nothing; axe finds no serious or critical
 * violation.
 */
import { expectNoSeriousA11yViolations } from './axe';
import { expect, reusedGymTest as test } from './fixtures';

interface Row {
	id: string;
	attributes: Record<string, unknown>;
	relationships: Record<string, { data: { id: string } | null }>;
}
const outreach = async (text: Promise<string>) => (JSON.parse(await text) as { gyms: { outreach: Record<string, Row[]> } }).gyms.outreach;

test.beforeEach(async ({ gym }) => {
	await gym.open('/outreach/accounts');
	await gym.reset({ run_id: 'outreach-accounts' });
});

test('search, Owner filter, prospect counts; account record with its prospects; axe clean', async ({ gym }) => {
	test.slow(); // two screens, three axe scans on a shared 2-core machine
	const page = gym.page;
	const t = await outreach(gym.exportState());
	const prospectsOf = (a: Row) => t.prospects!.filter((p) => p.relationships.account?.data?.id === a.id);
	// an account with several prospects and an owner
	const acct = t
		.accounts!.filter((a) => a.relationships.owner?.data && prospectsOf(a).length >= 2)
		.sort((x, y) => prospectsOf(y).length - prospectsOf(x).length)[0]!;
	const ownerId = acct.relationships.owner!.data!.id;
	const ownerName = String(t.users!.find((u) => u.id === ownerId)!.attributes.name);
	const owned = t.accounts!.filter((a) => a.relationships.owner?.data?.id === ownerId);
	const q = String(acct.attributes.name).split(' ')[0]!.toLowerCase();
	const hits = t.accounts!.filter((a) => `${String(a.attributes.name)}\n${String(a.attributes.domain)}`.toLowerCase().includes(q));
	expect(owned.length).toBeLessThan(t.accounts!.length);

	await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
	await expect(page.getByRole('navigation').getByRole('link', { name: 'Accounts' })).toHaveAttribute('aria-current', 'page');
	const status = page.getByRole('status').filter({ hasText: /accounts$/ });
	await expect(status).toHaveText(`${t.accounts!.length} accounts`);
	await expectNoSeriousA11yViolations(page);

	await page.getByRole('combobox', { name: 'Owner' }).click();
	await page.getByRole('option', { name: ownerName, exact: true }).click();
	await expect(status).toHaveText(`${owned.length} accounts`);
	const table = page.getByRole('table', { name: 'Accounts' });
	await expect(table.locator('tbody tr')).toHaveCount(Math.min(owned.length, 50));
	for (const row of await table.locator('tbody tr').all()) await expect(row).toContainText(ownerName);
	await page.getByRole('combobox', { name: 'Owner' }).click();
	await page.getByRole('option', { name: 'Any owner' }).click();
	await expect(status).toHaveText(`${t.accounts!.length} accounts`);

	await page.getByRole('searchbox', { name: 'Search accounts' }).fill(q);
	await page.getByRole('button', { name: 'Search', exact: true }).click();
	await expect(status).toHaveText(`${hits.length} accounts`);
	const row = table.locator('tbody tr').filter({ has: page.getByRole('link', { name: String(acct.attributes.name), exact: true }) });
	await expect(row).toContainText(String(acct.attributes.domain));
	await expect(row.locator('td').last()).toHaveText(String(prospectsOf(acct).length));
	await page.getByRole('searchbox', { name: 'Search accounts' }).fill('zzzz-no-such-account');
	await page.getByRole('button', { name: 'Search', exact: true }).click();
	await expect(status).toHaveText('0 accounts');
	await expect(page.getByText('No accounts match these filters')).toBeVisible();
	await page.getByRole('searchbox', { name: 'Search accounts' }).fill(q);
	await page.getByRole('button', { name: 'Search', exact: true }).click();
	await page.getByRole('link', { name: String(acct.attributes.name), exact: true }).click();

	await expect(page.getByRole('heading', { level: 1, name: String(acct.attributes.name) })).toBeVisible();
	const overview = page.getByRole('region', { name: 'Overview' });
	await expect(overview).toContainText(String(acct.attributes.domain));
	await expect(overview).toContainText(ownerName);
	const list = page.getByRole('table', { name: 'Account prospects' });
	await expect(list.locator('tbody tr')).toHaveCount(prospectsOf(acct).length);
	const p = prospectsOf(acct)[0]!;
	const pName = `${String(p.attributes.firstName)} ${String(p.attributes.lastName)}`;
	await expectNoSeriousA11yViolations(page);
	await list.getByRole('link', { name: pName, exact: true }).click();
	await expect(page).toHaveURL(new RegExp(`/outreach/prospects/${p.id}$`));
	await expect(page.getByRole('heading', { level: 1, name: pName })).toBeVisible();
});

test('an unknown account shows "Account not found" and writes nothing', async ({ gym }) => {
	const before = await gym.stateDigest();
	await gym.open('/outreach/accounts/999999');
	await expect(gym.page.getByRole('alert')).toContainText("Could not find 'account' with ID '999999'.");
	await expect(gym.page.getByRole('alert')).toContainText('Account not found');
	await expect(gym.page.getByRole('table', { name: 'Account prospects' })).toHaveCount(0);
	expect(await gym.stateDigest()).toBe(before);
});
