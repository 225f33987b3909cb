/**
 * HubSpot screens through the real SW: edge states are the API's answers, shown as the product shows them.
 */
import { loadBlueprints } from '../../harness/blueprints';
import { expect, reusedGymTest as test } from './fixtures';
import { editProperty, pick, property } from './ui';

const TASK = 'hubspot/inbound-demo-request-v1';

test.beforeEach(async ({ gym }) => {
	await gym.open('/hubspot/contacts');
	await gym.reset({ task_id: TASK, run_id: 'ui' });
	await gym.open('/hubspot/contacts');
});

test('create contact: a duplicate email shows the 409 edge state with a link to the existing record, and creates nothing', async ({ gym }) => {
	const { page } = gym;
	const before = await gym.stateDigest();
	await page.getByRole('button', { name: 'Create contact' }).click();
	const dialog = page.getByRole('dialog', { name: 'Create contact' });
	await dialog.getByLabel('Email', { exact: true }).fill('PRIYA.RAMAN@cobaltpay.io');
	await dialog.getByRole('button', { name: 'Create', exact: true }).click();
	await expect(dialog.getByRole('alert')).toContainText('A contact with this email already exists.');
	await dialog.getByRole('link', { name: 'View existing contact' }).click();
	await expect(page).toHaveURL(/\/hubspot\/contacts\/990001$/);
	await expect(page.getByRole('heading', { name: 'Priya Raman', level: 1 })).toBeVisible();
	expect(await gym.stateDigest()).toBe(before);
});

test('create contact: an invalid email shows HubSpot’s validation message and creates nothing', async ({ gym }) => {
	const { page } = gym;
	const before = await gym.stateDigest();
	await page.getByRole('button', { name: 'Create contact' }).click();
	const dialog = page.getByRole('dialog', { name: 'Create contact' });
	await dialog.getByLabel('Email', { exact: true }).fill('priya.raman@');
	await dialog.getByRole('button', { name: 'Create', exact: true }).click();
	await expect(dialog.getByRole('alert')).toContainText('Email address priya.raman@ is invalid');
	await expect(dialog.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
	expect(await gym.stateDigest()).toBe(before);
});

test('search narrows the table; no match shows the empty state', async ({ gym }) => {
	const { page } = gym;
	const search = page.getByRole('searchbox', { name: 'Search name, phone, email addresses, or company' });
	await search.fill('priya');
	await expect(page.getByRole('table', { name: 'Contacts' }).getByRole('row')).toHaveCount(2); // header + 1
	await search.fill('no-such-person-xyz');
	await expect(page.getByText('No contacts match the current filters.')).toBeVisible();
});

test('record page: edit lifecycle stage and lead status, Save sends a PATCH, the values persist after reload', async ({ gym }) => {
	const { page } = gym;
	await page.getByRole('link', { name: 'Faye Schimmel-Keebler' }).click();
	await editProperty(page, 'Lifecycle stage');
	await pick(page, 'Lifecycle stage', 'Customer');
	await editProperty(page, 'Lead status');
	await pick(page, 'Lead status', 'Connected');
	const patch = page.waitForRequest((r) => r.method() === 'PATCH');
	await page.getByRole('button', { name: 'Save' }).click();
	expect(JSON.parse((await patch).postData() ?? '{}')).toEqual({ properties: { lifecyclestage: 'customer', hs_lead_status: 'CONNECTED' } });
	await expect(page.getByRole('status').filter({ hasText: 'Contact saved' })).toBeVisible();
	await page.reload();
	await expect(property(page, 'Lifecycle stage')).toContainText('Customer');
	await expect(property(page, 'Lead status')).toContainText('Connected');
});

test('record page: an unknown id shows the not-found state', async ({ gym }) => {
	await gym.open('/hubspot/contacts/99999');
	await expect(gym.page.getByRole('alert')).toContainText("This contact doesn't exist or was deleted.");
	await expect(gym.page.getByRole('link', { name: 'Back to contacts' })).toBeVisible();
});

test('launcher: start a task, see its prompt, check it (fails on a fresh run)', async ({ gym }) => {
	const { page } = gym;
	await gym.open('/');
	await page.getByRole('button', { name: 'Start Qualify an inbound demo request' }).click();
	await expect(page.getByText('A demo request just came in')).toBeVisible();
	// Start opened a run of its own (beforeEach's run is 'ui'), so the prompt is not left over from it.
	await expect.poll(() => page.evaluate(async () => ((await (await fetch('/__salesgym/run')).json()) as { run_id: string }).run_id)).not.toBe('ui');
	await expect(page.getByRole('link', { name: 'Open HubSpot' })).toHaveAttribute('href', '/hubspot/contacts');
	// exact: a task's Start button is named after its title, and some titles contain "check".
	await page.getByRole('button', { name: 'Check', exact: true }).click();
	await expect(page.getByText(/FAILED/)).toBeVisible();
	const assertions = loadBlueprints()
		.find((b) => b.id === TASK)!
		.steps.reduce((n, step) => n + step.verifiers.length, 0);
	await expect(page.getByRole('table', { name: 'Assertions' }).getByRole('row')).toHaveCount(1 + assertions); // header + one per assertion
});

test('top bar: the global search finds contacts by name and email as links; keyboard opens a result', async ({ gym }) => {
	const { page } = gym;
	const search = page.getByRole('searchbox', { name: 'Search HubSpot' });
	await search.fill('priya.raman@cobaltpay.io');
	const results = page.getByRole('region', { name: 'Search results' });
	await expect(results.getByRole('heading', { name: 'Contacts' })).toBeVisible();
	await expect(results.getByRole('link', { name: /^Priya Raman/ })).toHaveCount(1);
	await search.fill('no-such-thing-xyz');
	await expect(results).toContainText('No results for “no-such-thing-xyz”');
	await search.fill('Priya Raman');
	await expect(results.getByRole('link', { name: /^Priya Raman/ }).first()).toBeVisible();
	await search.press('ArrowDown');
	await expect(results.getByRole('link').first()).toBeFocused();
	await page.keyboard.press('Enter');
	await expect(page.getByRole('heading', { level: 1, name: 'Priya Raman' })).toBeVisible();
	await expect(results).toHaveCount(0);
});

test('top bar: the account menu shows the signed-in user of GET /me (name, email, role)', async ({ gym }) => {
	const { page } = gym;
	const me = (await page.evaluate(() => fetch('/api/hubspot/me').then((r) => r.json()))) as {
		id: string;
		firstName: string;
		lastName: string;
		email: string;
		role: string;
	};
	expect(me.id).toBe('1001'); // the default acting user
	const button = page.getByRole('button', { name: `Account menu: ${me.firstName} ${me.lastName}` });
	await button.click();
	await expect(button).toHaveAttribute('aria-expanded', 'true');
	const panel = page.getByRole('group', { name: 'Account' });
	await expect(panel).toContainText(`${me.firstName} ${me.lastName}`);
	await expect(panel).toContainText(me.email);
	await expect(panel).toContainText({ sdr: 'Sales development rep', ae: 'Account executive', manager: 'Sales manager' }[me.role] ?? me.role);
	await page.keyboard.press('Escape');
	await expect(panel).toHaveCount(0);
	await expect(button).toBeFocused();
});
