/**
 * Outreach Templates and Snippets, in the browser through the Service Worker: the list and "Search templates"
 * (API `filter[q]`), a template's details, Edit (`PATCH /templates/{id}`: subject, Track links off, CC recipients;
 * checked in the export), New template with a blank name and then a BCC that is no address refused visibly by the
 * handler and nothing written, then created with Track opens off (`POST /templates`, owned by the acting user); Snippets: New snippet and Edit of its sharing; axe finds no serious or critical violation.
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
	await gym.open('/outreach/templates');
	await gym.reset({ run_id: 'outreach-content' });
});

test('Templates: search, details, Edit (tracking, CC), New template (blank name and a bad BCC refused, then created); axe clean', async ({ gym }) => {
	test.slow(); // dialogs, four axe scans and three exports on a shared 2-core machine
	const page = gym.page;
	const t = await outreach(gym.exportState());
	const tpl = t.templates!.find((x) => !x.attributes.archived && String(x.attributes.subject).length > 0)!;
	const name = String(tpl.attributes.name);
	const hits = t.templates!.filter((x) => `${String(x.attributes.name)}\n${String(x.attributes.subject)}`.toLowerCase().includes(name.toLowerCase()));

	await gym.open('/outreach/templates');
	await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
	await expect(page.getByRole('navigation').getByRole('link', { name: 'Templates' })).toHaveAttribute('aria-current', 'page');
	const status = page.getByRole('status').filter({ hasText: /templates$/ });
	await expect(status).toHaveText(`${t.templates!.length} templates`);
	await expectNoSeriousA11yViolations(page);

	await page.getByRole('searchbox', { name: 'Search templates' }).fill(name);
	await page.getByRole('button', { name: 'Search', exact: true }).click();
	await expect(status).toHaveText(`${hits.length} templates`);
	await page.getByRole('table', { name: 'Templates' }).getByRole('button', { name, exact: true }).click();
	const details = page.getByRole('region', { name });
	await expect(details).toContainText(String(tpl.attributes.subject));
	await expect(details.getByLabel('Body')).toHaveText(String(tpl.attributes.bodyHtml));
	await expectNoSeriousA11yViolations(page);

	await details.getByRole('button', { name: 'Edit' }).click();
	const dialog = page.getByRole('dialog', { name: 'Edit template' });
	await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
	await dialog.getByRole('textbox', { name: 'Subject' }).fill('Quick question, {{first_name}}');
	const tracking = dialog.getByRole('group', { name: 'Tracking' });
	await expect(tracking.getByRole('checkbox', { name: 'Track opens' })).toBeChecked();
	await expect(tracking.getByRole('checkbox', { name: 'Track links' })).toBeChecked();
	await tracking.getByRole('checkbox', { name: 'Track links' }).uncheck();
	await dialog.getByRole('textbox', { name: 'CC', exact: true }).fill('Dana Ops <dana.ops@example.com>, revops@example.com');
	await expectNoSeriousA11yViolations(page);
	await dialog.getByRole('button', { name: 'Save' }).click();
	await expect(dialog).toHaveCount(0);
	await expect(page.getByRole('region', { name })).toContainText('Quick question, {{first_name}}');
	await expect(page.getByRole('region', { name })).toContainText('Dana Ops <dana.ops@example.com>, revops@example.com');
	let after = await outreach(gym.exportState());
	const edited = after.templates!.find((x) => x.id === tpl.id)!;
	expect(edited.attributes.subject).toBe('Quick question, {{first_name}}');
	expect(edited.attributes.bodyHtml).toBe(tpl.attributes.bodyHtml);
	expect(edited.attributes).toMatchObject({
		trackOpens: true,
		trackLinks: false,
		toRecipients: [],
		ccRecipients: ['Dana Ops <dana.ops@example.com>', 'revops@example.com'],
		bccRecipients: []
	});

	const before = await gym.stateDigest();
	await page.getByRole('button', { name: 'New template' }).click();
	const create = page.getByRole('dialog', { name: 'New template' });
	await create.getByRole('textbox', { name: 'Subject' }).fill('Hello');
	await create.getByRole('button', { name: 'Save' }).click();
	await expect(create.getByRole('alert')).toContainText('Name is required');
	expect(await gym.stateDigest()).toBe(before);
	await create.getByRole('textbox', { name: 'Name' }).fill('Conference recap');
	await create.getByRole('textbox', { name: 'BCC', exact: true }).fill('Dana Ops');
	await create.getByRole('button', { name: 'Save' }).click();
	await expect(create.getByRole('alert')).toContainText('email address or a Name <email> pair');
	expect(await gym.stateDigest()).toBe(before);
	await create.getByRole('textbox', { name: 'BCC', exact: true }).fill('crm-dropbox@example.com');
	await create.getByRole('checkbox', { name: 'Track opens' }).uncheck();
	await create.getByRole('textbox', { name: 'Body' }).fill('<p>Hi {{first_name}}, great to meet you.</p>');
	await create.getByRole('textbox', { name: 'Tags' }).fill('events, recap');
	await create.getByRole('button', { name: 'Save' }).click();
	await expect(create).toHaveCount(0);
	await expect(page.getByRole('region', { name: 'Conference recap' })).toBeVisible();
	after = await outreach(gym.exportState());
	const made = after.templates!.filter((x) => !t.templates!.some((o) => o.id === x.id));
	expect(made).toHaveLength(1);
	expect(made[0]!.attributes).toMatchObject({
		name: 'Conference recap',
		subject: 'Hello',
		tags: ['events', 'recap'],
		archived: false,
		trackOpens: false,
		trackLinks: true,
		bccRecipients: ['crm-dropbox@example.com']
	});
	await expect(page.getByRole('region', { name: 'Conference recap' })).toContainText('crm-dropbox@example.com');
	expect(made[0]!.relationships.owner!.data!.id).toBe('1001');
});

test('Snippets: New snippet, Edit its sharing; axe clean', async ({ gym }) => {
	const page = gym.page;
	const t = await outreach(gym.exportState());
	await gym.open('/outreach/snippets');
	await expect(page.getByRole('heading', { level: 1, name: 'Snippets' })).toBeVisible();
	await expect(page.getByRole('status').filter({ hasText: /snippets$/ })).toHaveText(`${t.snippets!.length} snippets`);
	await expectNoSeriousA11yViolations(page);

	await page.getByRole('button', { name: 'New snippet' }).click();
	const create = page.getByRole('dialog', { name: 'New snippet' });
	await expect(create.getByRole('textbox', { name: 'Subject' })).toHaveCount(0);
	await create.getByRole('textbox', { name: 'Name' }).fill('Booking link');
	await create.getByRole('textbox', { name: 'Body' }).fill('<p>Grab a time here.</p>');
	await create.getByRole('button', { name: 'Save' }).click();
	await expect(create).toHaveCount(0);
	await expect(page.getByRole('status').filter({ hasText: /snippets$/ })).toHaveText(`${t.snippets!.length + 1} snippets`);
	const region = page.getByRole('region', { name: 'Booking link' });
	await expect(region).toContainText('Private');
	await region.getByRole('button', { name: 'Edit' }).click();
	const edit = page.getByRole('dialog', { name: 'Edit snippet' });
	await edit.getByRole('combobox', { name: 'Sharing' }).click();
	await page.getByRole('option', { name: 'Shared', exact: true }).click();
	await edit.getByRole('button', { name: 'Save' }).click();
	await expect(edit).toHaveCount(0);
	await expect(page.getByRole('region', { name: 'Booking link' })).toContainText('Shared');
	const after = await outreach(gym.exportState());
	const made = after.snippets!.filter((x) => !t.snippets!.some((o) => o.id === x.id));
	expect(made).toHaveLength(1);
	expect(made[0]!.attributes).toMatchObject({ name: 'Booking link', bodyHtml: '<p>Grab a time here.</p>', shareType: 'shared' });
});
