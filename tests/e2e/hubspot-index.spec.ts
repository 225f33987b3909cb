/**
 * HubSpot index screens through the real SW (platforms.md §2.4/§2.5): contacts/companies/deals tables (view
 * tabs, saved views, quick and advanced filters, search, sort, paging, bulk actions), create company/deal,
 * the deals board (drag, keyboard "Move to stage", closing-stage required fields) and their axe checks.
 * Fixtures come from this slice's blueprints (ids ≥ 990000).
 */
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, reusedGymTest as test, type Gym } from './fixtures';
import { pick } from './ui';

// Several tests walk a whole flow and run axe on a page and a dialog: on a loaded 2-core machine that takes
// longer than the default 60 s.
test.describe.configure({ timeout: 180_000 });

const DORMANT = 'hubspot/bulk-reassign-dormant-leads-v1';
const BOARD = 'hubspot/deal-board-progression-v1';
const CREATE_DEAL = 'hubspot/create-deal-with-associations-v1';
const RENEWAL = 'Quillfeather Press – Annual renewal';
const ADDON = 'Quillfeather Press – Print analytics add-on';

type Row = { id: string; properties: Record<string, string>; archived?: boolean; [k: string]: unknown };
type State = { gyms: { hubspot: Record<string, Row[]> } };

async function start(gym: Gym, task: string, path: string) {
	await gym.open('/hubspot/contacts');
	await gym.reset({ task_id: task, run_id: 'index' });
	await gym.open(path);
}

async function state(gym: Gym): Promise<State> {
	return JSON.parse(await gym.exportState()) as State;
}

const row = (gym: Gym, id: string) => async () => (await state(gym)).gyms.hubspot.contacts!.find((c) => c.id === id)!;
const table = (page: Page, name: string) => page.getByRole('table', { name });
const bodyRows = (t: Locator) => t.locator('tbody tr');

async function filterRory(page: Page) {
	await pick(page, 'Filter by Contact owner', 'Rory Callahan');
	await expect(bodyRows(table(page, 'Contacts'))).toHaveCount(4);
}

test.describe('contacts index', () => {
	test.beforeEach(async ({ gym }) => start(gym, DORMANT, '/hubspot/contacts'));

	test('view tabs: My contacts shows the signed-in owner’s, Unassigned those without owner', async ({ gym }) => {
		const { page } = gym;
		const t = table(page, 'Contacts');
		await expect(bodyRows(t)).toHaveCount(25);
		await page.getByRole('tab', { name: 'My contacts' }).click();
		await expect(page.getByRole('tab', { name: 'My contacts' })).toHaveAttribute('aria-selected', 'true');
		await expect(page.getByText('93 records')).toBeVisible(); // seed 1: Maya Patel (1001, the signed-in user) owns 93
		// Owner names come from the owners list, loaded beside the rows (an owner id shows until it answers).
		await expect.poll(async () => [...new Set(await t.locator('tbody tr td:nth-child(5)').allInnerTexts())]).toEqual(['Maya Patel']);
		await page.getByRole('tab', { name: 'Unassigned contacts' }).click();
		await expect(page.getByText('85 records')).toBeVisible(); // seed 1: 85 contacts without owner
		const unassigned = await t.locator('tbody tr td:nth-child(5)').allInnerTexts();
		expect(unassigned.every((o) => o === 'No owner')).toBe(true);
	});

	test('Primary company: the primary-labelled company, else the lowest id; two batch reads per page, no request per row', async ({ gym }) => {
		// A second tab of the same context (same SW and IndexedDB), so that only its own requests are counted (the
		// first tab's late Primary-company reads could land after a listener attached to it).
		const page = await gym.page.context().newPage();
		const requests: string[] = [];
		page.on('request', (r) => requests.push(`${r.method()} ${new URL(r.url()).pathname}`));
		await page.goto(new URL('/hubspot/contacts', gym.page.url()).href);
		const t = table(page, 'Contacts');
		await expect(bodyRows(t)).toHaveCount(25);
		const col = (await t.locator('thead th').allTextContents()).findIndex((h) => h.includes('Primary company')) + 1;
		expect(col).toBeGreaterThan(0);
		const s = await state(gym);
		const names = new Map(s.gyms.hubspot.companies!.map((c) => [c.id, c.properties.name]));
		const links = s.gyms.hubspot.associations as unknown as {
			fromObjectType: string;
			fromObjectId: string;
			toObjectType: string;
			toObjectId: string;
			associationTypeId: number;
		}[];
		const ids = await t.locator('tbody tr a[href*="/hubspot/contacts/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!.split('/').pop()!));
		expect(ids).toHaveLength(25);
		const expected = ids.map((id) => {
			const to = links.filter((a) => a.fromObjectType === 'contacts' && a.fromObjectId === id && a.toObjectType === 'companies');
			const primary = to.find((a) => a.associationTypeId === 1) ?? to.sort((a, b) => Number(a.toObjectId) - Number(b.toObjectId))[0];
			return primary ? names.get(primary.toObjectId)! : '';
		});
		expect(expected.filter((e) => e)).not.toHaveLength(0);
		await expect.poll(async () => (await t.locator(`tbody tr > :nth-child(${col})`).allTextContents()).map((c) => c.trim())).toEqual(expected);
		const api = requests.filter((r) => r.includes('/api/hubspot/crm/v4/') || r.includes('/companies'));
		expect(api.filter((r) => r === 'POST /api/hubspot/crm/v4/associations/contacts/companies/batch/read')).toHaveLength(1);
		expect(api.filter((r) => r === 'POST /api/hubspot/crm/v3/objects/companies/batch/read')).toHaveLength(1);
		expect(api.filter((r) => r.startsWith('GET /api/hubspot/crm/v4/objects/contacts/'))).toEqual([]);
		await page.close();
	});

	test('quick filters: owner, then lead status, narrow the rows (AND)', async ({ gym }) => {
		const { page } = gym;
		await filterRory(page);
		await pick(page, 'Filter by Lead status', 'New');
		const t = table(page, 'Contacts');
		await expect(bodyRows(t)).toHaveCount(2);
		await expect(t.getByRole('cell', { name: 'kaito.mori@tessellate.jp' })).toBeVisible();
		await expect(t.getByRole('cell', { name: 'tomasz.wieczorek@brightkiln.pl' })).toBeVisible();
		await pick(page, 'Filter by Last activity date', 'Last 30 days');
		await expect(page.getByText('No contacts match the current filters.')).toBeVisible();
	});

	test('advanced filters: two groups are ORed, filters in a group ANDed', async ({ gym }) => {
		const { page } = gym;
		await page.getByRole('button', { name: 'Advanced filters' }).click();
		const dlg = page.getByRole('dialog', { name: 'Advanced filters' });
		await pick(dlg, 'Property (group 1, filter 1)', 'Contact owner');
		await pick(dlg, 'Value (group 1, filter 1)', 'Rory Callahan');
		await dlg.getByRole('button', { name: 'Add filter to group 1' }).click();
		await pick(dlg, 'Property (group 1, filter 2)', 'Last name');
		await pick(dlg, 'Operator (group 1, filter 2)', 'is equal to');
		await dlg.getByRole('textbox', { name: 'Value (group 1, filter 2)' }).fill('Mori');
		await dlg.getByRole('button', { name: 'Add filter group' }).click();
		await pick(dlg, 'Property (group 2, filter 1)', 'Email');
		await pick(dlg, 'Operator (group 2, filter 1)', 'is equal to');
		await dlg.getByRole('textbox', { name: 'Value (group 2, filter 1)' }).fill('beatriz.lopes@marmoreal.pt');
		const search = page.waitForRequest((r) => r.url().endsWith('/contacts/search') && r.method() === 'POST');
		await expectNoSeriousA11yViolations(page, 'dialog[open]');
		await dlg.getByRole('button', { name: 'Apply filters' }).click();
		const body = JSON.parse((await search).postData() ?? '{}') as { filterGroups: { filters: { propertyName: string }[] }[] };
		expect(body.filterGroups.map((g) => g.filters.map((f) => f.propertyName))).toEqual([['hubspot_owner_id', 'lastname'], ['email']]);
		const t = table(page, 'Contacts');
		await expect(bodyRows(t)).toHaveCount(2);
		await expect(page.getByRole('button', { name: 'Advanced filters (3)' })).toBeVisible();
	});

	test('save view: Save as new persists a tab; a duplicate name shows the 409; Save view updates it', async ({ gym }) => {
		const { page } = gym;
		await filterRory(page);
		await page.getByRole('button', { name: 'Save as new' }).click();
		const dlg = page.getByRole('dialog', { name: 'Save as new view' });
		await dlg.getByLabel('View name').fill('Rory leads');
		await dlg.getByRole('button', { name: 'Save' }).click();
		await expect(page.getByRole('tab', { name: 'Rory leads' })).toHaveAttribute('aria-selected', 'true');
		await page.getByRole('button', { name: 'Save as new' }).click();
		await dlg.getByLabel('View name').fill('rory LEADS');
		await dlg.getByRole('button', { name: 'Save' }).click();
		await expect(dlg.getByRole('alert')).toContainText('A view named "Rory leads" already exists');
		await dlg.getByRole('button', { name: 'Cancel' }).click();
		await expect(page.getByRole('button', { name: 'Save view' })).toBeDisabled();
		await pick(page, 'Filter by Lead status', 'New');
		await page.getByRole('button', { name: 'Save view' }).click();
		await expect(page.getByText('View "Rory leads" saved')).toBeVisible();
		const views = (await state(gym)).gyms.hubspot.views!;
		expect(views).toHaveLength(1);
		expect(JSON.stringify(views[0])).toContain('"value":"NEW"');
		await page.reload();
		await page.getByRole('tab', { name: 'Rory leads' }).click();
		await expect(bodyRows(table(page, 'Contacts'))).toHaveCount(2);
		await page.getByRole('tab', { name: 'All contacts' }).click();
		await expect(bodyRows(table(page, 'Contacts'))).toHaveCount(25);
	});

	test('sort: a header toggles ascending/descending (aria-sort) and reorders the rows', async ({ gym }) => {
		const { page } = gym;
		await filterRory(page);
		const header = page.getByRole('columnheader', { name: 'Last activity date' });
		await expect(header).toHaveAttribute('aria-sort', 'none');
		await header.getByRole('button').click();
		await expect(header).toHaveAttribute('aria-sort', 'ascending');
		const t = table(page, 'Contacts');
		await expect(t.locator('tbody tr').first()).toContainText('kaito.mori@tessellate.jp');
		await header.getByRole('button').click();
		await expect(header).toHaveAttribute('aria-sort', 'descending');
		await expect(t.locator('tbody tr').first()).toContainText('beatriz.lopes@marmoreal.pt');
		await expect(page.getByRole('columnheader', { name: 'Create date' })).toHaveAttribute('aria-sort', 'none');
	});

	test('paging: Next, a page number and the page size', async ({ gym }) => {
		const { page } = gym;
		const t = table(page, 'Contacts');
		await expect(bodyRows(t)).toHaveCount(25);
		const first = await t.locator('tbody tr').first().innerText();
		await page.getByRole('button', { name: 'Next' }).click();
		await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
		await expect(t.locator('tbody tr').first()).not.toHaveText(first);
		await page.getByRole('button', { name: 'Page 3' }).click();
		await expect(page.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
		await page.getByRole('button', { name: 'Prev' }).click();
		await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
		await pick(page, 'Records per page', '100 per page');
		await expect(bodyRows(t)).toHaveCount(100);
		await expect(page.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
	});

	test('bulk Assign and Edit change the selected records only (batch update)', async ({ gym }) => {
		const { page } = gym;
		await filterRory(page);
		await page.getByRole('checkbox', { name: 'Select Tomasz Wieczorek' }).check();
		await page.getByRole('checkbox', { name: 'Select Kaito Mori' }).check();
		await page.getByRole('button', { name: 'Edit' }).click();
		const edit = page.getByRole('dialog', { name: 'Bulk edit 2 contacts' });
		await pick(edit, 'Property to update', 'Lead status');
		await pick(edit, 'New value', 'Bad Timing');
		await edit.getByRole('button', { name: 'Update' }).click();
		await expect(page.getByText('Updated 2 contacts')).toBeVisible();
		expect((await row(gym, '990631')()).properties.hs_lead_status).toBe('BAD_TIMING');
		expect((await row(gym, '990632')()).properties.hs_lead_status).toBe('OPEN');
		await page.getByRole('checkbox', { name: 'Select Adaeze Nwosu' }).check();
		await page.getByRole('button', { name: 'Assign' }).click();
		const assign = page.getByRole('dialog', { name: 'Assign 1 contact' });
		await expectNoSeriousA11yViolations(page, 'dialog[open]');
		await pick(assign, 'Owner', 'Jordan Lee');
		await assign.getByRole('button', { name: 'Save' }).click();
		await expect(page.getByText('Assigned 1 contact')).toBeVisible();
		await expect(bodyRows(table(page, 'Contacts'))).toHaveCount(3);
		expect((await row(gym, '990632')()).properties.hubspot_owner_id).toBe('1002');
	});

	test('bulk Create tasks creates one task per record, associated to it', async ({ gym }) => {
		const { page } = gym;
		await filterRory(page);
		await page.getByRole('checkbox', { name: 'Select Kaito Mori' }).check();
		await page.getByRole('checkbox', { name: 'Select Beatriz Lopes' }).check();
		await page.getByRole('button', { name: 'Create tasks' }).click();
		const dlg = page.getByRole('dialog', { name: 'Create tasks for 2 contacts' });
		await dlg.getByLabel('Task title').fill('Re-engage dormant lead');
		await pick(dlg, 'Task type', 'Call');
		await dlg.getByLabel('Due date').fill('2026-03-10');
		await dlg.getByRole('button', { name: 'Create', exact: true }).click();
		await expect(page.getByText('Created 2 tasks')).toBeVisible();
		const s = await state(gym);
		const tasks = s.gyms.hubspot.tasks!.filter((t) => t.properties.hs_task_subject === 'Re-engage dormant lead');
		expect(tasks.map((t) => [t.properties.hs_task_type, t.properties.hs_timestamp?.slice(0, 10)])).toEqual([
			['CALL', '2026-03-10'],
			['CALL', '2026-03-10']
		]);
		const linked = s.gyms.hubspot
			.associations!.filter((a) => tasks.some((t) => t.id === a.fromObjectId) && a.toObjectType === 'contacts')
			.map((a) => a.toObjectId);
		expect(linked.sort()).toEqual(['990633', '990634']);
	});

	test('bulk Enroll in sequence opens the sales Enroll dialog for the selection and enrolls the contact', async ({ gym }) => {
		const { page } = gym;
		await filterRory(page);
		await page.getByRole('checkbox', { name: 'Select Kaito Mori' }).check();
		await page.getByRole('button', { name: 'Enroll in sequence' }).click();
		const dlg = page.getByRole('dialog', { name: 'Enroll in sequence' });
		await pick(dlg, 'Sequence', 'Re-engage – 3 touch');
		await pick(dlg, 'Send emails from', 'Sofia Rossi (sofia.rossi@salesgym.io)');
		await dlg.getByRole('button', { name: 'Enroll', exact: true }).click();
		await expect(page.getByText('Enrolled 1 contact in a sequence')).toBeVisible();
		const enrollments = (await state(gym)).gyms.hubspot.sequence_enrollments!.filter((e) => e.contactId === '990633');
		expect(enrollments).toEqual([expect.objectContaining({ state: 'ACTIVE', senderEmail: 'sofia.rossi@salesgym.io' })]);
	});

	test('bulk Add to segment adds the selected contacts to a manual segment', async ({ gym }) => {
		const { page } = gym;
		const lists = (await state(gym)).gyms.hubspot.lists!;
		const target = lists.find((l) => l['processingType'] === 'MANUAL')!;
		await filterRory(page);
		await page.getByRole('checkbox', { name: 'Select Kaito Mori' }).check();
		await page.getByRole('checkbox', { name: 'Select Adaeze Nwosu' }).check();
		await page.getByRole('button', { name: 'Add to segment' }).click();
		const dlg = page.getByRole('dialog', { name: 'Add 2 contacts to a segment' });
		await pick(dlg, 'Segment', String(target['name']));
		await dlg.getByRole('button', { name: 'Add', exact: true }).click();
		await expect(page.getByText('Added 2 contacts to the segment')).toBeVisible();
		const members = (await state(gym)).gyms.hubspot.list_memberships!.filter((m) => m['listId'] === target.id).map((m) => m['recordId']);
		expect(members).toEqual(expect.arrayContaining(['990632', '990633']));
	});

	test('bulk Delete asks to type the count, then archives the records', async ({ gym }) => {
		const { page } = gym;
		await filterRory(page);
		await page.getByRole('checkbox', { name: 'Select Kaito Mori' }).check();
		await page.getByRole('button', { name: 'Delete' }).click();
		const dlg = page.getByRole('dialog', { name: 'Delete 1 contact' });
		const confirm = dlg.getByRole('button', { name: 'Delete 1 contact' });
		await expect(confirm).toBeDisabled();
		await dlg.getByLabel('Type the number of contacts to delete (1)').fill('2');
		await expect(confirm).toBeDisabled();
		await dlg.getByLabel('Type the number of contacts to delete (1)').fill('1');
		await confirm.click();
		await expect(page.getByText('Deleted 1 contact')).toBeVisible();
		await expect(bodyRows(table(page, 'Contacts'))).toHaveCount(3);
		expect((await row(gym, '990633')()).archived).toBe(true);
	});
});

test.describe('companies index', () => {
	test.beforeEach(async ({ gym }) => start(gym, CREATE_DEAL, '/hubspot/companies'));

	test('search, industry quick filter and the empty state; axe', async ({ gym }) => {
		const { page } = gym;
		const t = table(page, 'Companies');
		await expect(bodyRows(t)).toHaveCount(25);
		await expectNoSeriousA11yViolations(page);
		await page.getByRole('searchbox', { name: 'Search name, domain, or phone' }).fill('fjordfreight');
		await expect(bodyRows(t)).toHaveCount(1);
		await expect(t.getByRole('link', { name: 'Fjord Freight AS' })).toBeVisible();
		await pick(page, 'Filter by Industry', 'Retail');
		await expect(page.getByText('No companies match the current filters.')).toBeVisible();
	});

	test('create company: an invalid number shows the API error and creates nothing; a valid one appears', async ({ gym }) => {
		const { page } = gym;
		await page.getByRole('button', { name: 'Create company' }).click();
		const dlg = page.getByRole('dialog', { name: 'Create company' });
		await dlg.getByLabel('Company domain name').fill('https://www.Acmerocket.io/about');
		await dlg.getByLabel('Company name').fill('Acme Rocket Co');
		await pick(dlg, 'Company owner', 'Sofia Rossi');
		await pick(dlg, 'Industry', 'Computer Software');
		await dlg.getByLabel('Number of employees').fill('about fifty');
		await expectNoSeriousA11yViolations(page, 'dialog[open]');
		const before = await gym.stateDigest();
		await dlg.getByRole('button', { name: 'Create', exact: true }).click();
		await expect(dlg.getByRole('alert')).toContainText('about fifty was not a valid number.');
		await expect(dlg.getByLabel('Number of employees')).toHaveAttribute('aria-invalid', 'true');
		expect(await gym.stateDigest()).toBe(before);
		await dlg.getByLabel('Number of employees').fill('50');
		await dlg.getByRole('button', { name: 'Create', exact: true }).click();
		await expect(page.getByText('Company Acme Rocket Co created')).toBeVisible();
		const created = (await state(gym)).gyms.hubspot.companies!.find((c) => c.properties.name === 'Acme Rocket Co')!;
		expect([created.properties.domain, created.properties.hubspot_owner_id, created.properties.industry]).toEqual([
			'acmerocket.io',
			'1003',
			'COMPUTER_SOFTWARE'
		]);
		await page.getByRole('searchbox', { name: 'Search name, domain, or phone' }).fill('Acme Rocket');
		await expect(table(page, 'Companies').getByRole('link', { name: 'Acme Rocket Co' })).toBeVisible();
	});
});

test.describe('deals', () => {
	test('table: sort by Amount, Deal stage quick filter, and the Table/Board switch; axe', async ({ gym }) => {
		await start(gym, BOARD, '/hubspot/deals');
		const { page } = gym;
		const t = table(page, 'Deals');
		await expect(bodyRows(t)).toHaveCount(25);
		await expectNoSeriousA11yViolations(page);
		await page.getByRole('columnheader', { name: 'Amount' }).getByRole('button').click();
		await expect(page.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'ascending');
		await expect(t).toHaveAttribute('aria-busy', 'false');
		const amounts = (await t.locator('tbody tr td:nth-child(6)').allInnerTexts()).map((a) => Number(a.replace(/[$,]/g, '')));
		expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
		await pick(page, 'Filter by Deal stage', 'Decision Maker Bought-In');
		await expect(t.locator('tbody tr td:nth-child(3)').first()).toHaveText('Decision Maker Bought-In');
		await page.getByRole('searchbox', { name: 'Search name' }).fill('Quillfeather');
		await expect(bodyRows(t)).toHaveCount(1);
		await page.getByRole('searchbox', { name: 'Search name' }).fill('no-such-deal-xyz');
		await expect(page.getByText('No deals match the current filters.')).toBeVisible();
		await page.getByRole('button', { name: 'Board' }).click();
		await expect(page).toHaveURL(/\/hubspot\/deals\?view=board$/);
		await expect(page.getByRole('heading', { name: 'Presentation Scheduled' })).toBeVisible();
	});

	test('create deal: a missing name shows the API error; then the deal is created with both associations', async ({ gym }) => {
		await start(gym, CREATE_DEAL, '/hubspot/deals');
		const { page } = gym;
		await page.getByRole('button', { name: 'Create deal' }).click();
		const dlg = page.getByRole('dialog', { name: 'Create deal' });
		await dlg.getByLabel('Amount').fill('48000');
		await dlg.getByLabel('Search contacts to associate').fill('Ingrid');
		await dlg.getByRole('button', { name: 'Ingrid Solberg (ingrid.solberg@fjordfreight.no)' }).click();
		await dlg.getByLabel('Search companies to associate').fill('Fjord Freight');
		await dlg.getByRole('button', { name: 'Fjord Freight AS (fjordfreight.no)' }).click();
		await expectNoSeriousA11yViolations(page, 'dialog[open]');
		const before = await gym.stateDigest();
		await dlg.getByRole('button', { name: 'Create', exact: true }).click();
		await expect(dlg.getByRole('alert')).toContainText('dealname is required');
		await expect(dlg.getByLabel('Deal name')).toHaveAttribute('aria-invalid', 'true');
		expect(await gym.stateDigest()).toBe(before);
		await dlg.getByLabel('Deal name').fill('Fjord Freight – Dock sensors');
		await pick(dlg, 'Deal stage', 'Contract Sent');
		await dlg.getByRole('button', { name: 'Create', exact: true }).click();
		await expect(page.getByText('Deal Fjord Freight – Dock sensors created')).toBeVisible();
		const s = await state(gym);
		const deal = s.gyms.hubspot.deals!.find((d) => d.properties.dealname === 'Fjord Freight – Dock sensors')!;
		expect(deal.properties.dealstage).toBe('contractsent');
		const ends = s.gyms.hubspot
			.associations!.filter((a) => a.fromObjectId === deal.id || a.toObjectId === deal.id)
			.map((a) => `${a.fromObjectId}>${a.toObjectId}`);
		expect(ends.sort()).toEqual([`${deal.id}>990620`, `${deal.id}>990621`].sort());
	});
});

test.describe('deals board', () => {
	test.beforeEach(async ({ gym }) => start(gym, BOARD, '/hubspot/deals?view=board'));

	const column = (page: Page, stage: string) => page.locator('section.column', { has: page.getByRole('heading', { name: stage, exact: true }) });
	const card = (page: Page, name: string) => page.locator('li.card', { has: page.getByRole('link', { name, exact: true }) });

	test('columns show count and total; drag a card to another stage (PATCH dealstage); axe', async ({ gym }) => {
		const { page } = gym;
		await expect(card(page, RENEWAL)).toBeVisible();
		await expectNoSeriousA11yViolations(page);
		const target = column(page, 'Presentation Scheduled');
		const countBefore = Number((await target.locator('.count').innerText()).split(' ')[0]);
		await card(page, RENEWAL).dragTo(target, { sourcePosition: { x: 4, y: 4 }, targetPosition: { x: 30, y: 12 } }); // the card's edge, not its link or select
		await expect(page.getByText(`Moved ${RENEWAL} to Presentation Scheduled`)).toBeVisible();
		await expect(target.locator('li.card', { hasText: RENEWAL })).toBeVisible();
		await expect(target.locator('.count')).toHaveText(`${countBefore + 1} deals`);
		await expect(target.locator('.total')).toContainText('Total amount: $');
		const deal = (await state(gym)).gyms.hubspot.deals!.find((d) => d.id === '990610')!;
		expect(deal.properties.dealstage).toBe('presentationscheduled');
	});

	test('keyboard: "Move … to stage" dropdown (ArrowDown, type to search, Enter) and the Move button', async ({ gym }) => {
		const { page } = gym;
		const select = page.getByRole('combobox', { name: `Move ${RENEWAL} to stage` });
		await select.focus();
		await page.keyboard.press('ArrowDown');
		await expect(page.getByRole('listbox', { name: `Move ${RENEWAL} to stage` })).toBeVisible();
		await page.keyboard.type('Contract');
		await page.keyboard.press('Enter');
		await expect(select).toBeFocused();
		await expect(select).toHaveText('Contract Sent');
		await page.keyboard.press('Tab');
		await expect(page.getByRole('button', { name: `Move ${RENEWAL}` })).toBeFocused();
		await page.keyboard.press('Enter');
		await expect(page.getByText(`Moved ${RENEWAL} to Contract Sent`)).toBeVisible();
		await expect(column(page, 'Contract Sent').locator('li.card', { hasText: RENEWAL })).toBeVisible();
	});

	test('closing stages ask for their required fields; empty and invalid values block the move', async ({ gym }) => {
		const { page } = gym;
		await pick(page, `Move ${ADDON} to stage`, 'Closed Lost');
		await page.getByRole('button', { name: `Move ${ADDON}` }).click();
		const lost = page.getByRole('dialog', { name: 'Move to Closed Lost' });
		await expectNoSeriousA11yViolations(page, 'dialog[open]');
		const before = await gym.stateDigest();
		await lost.getByRole('button', { name: 'Save' }).click();
		await expect(lost.getByRole('alert')).toHaveText('Closed lost reason is required.');
		await expect(lost.getByLabel('Closed lost reason')).toHaveAttribute('aria-invalid', 'true');
		expect(await gym.stateDigest()).toBe(before);
		await lost.getByRole('button', { name: 'Cancel' }).click();
		await expect(column(page, 'Decision Maker Bought-In').locator('li.card', { hasText: ADDON })).toBeVisible();

		await pick(page, `Move ${ADDON} to stage`, 'Closed Won');
		await page.getByRole('button', { name: `Move ${ADDON}` }).click();
		const won = page.getByRole('dialog', { name: 'Move to Closed Won' });
		await won.getByLabel('Amount').fill('twelve thousand');
		await won.getByRole('button', { name: 'Save' }).click();
		await expect(won.getByRole('alert')).toContainText('twelve thousand was not a valid number.');
		expect(await gym.stateDigest()).toBe(before);
		await won.getByLabel('Amount').fill('12500');
		await won.getByRole('button', { name: 'Save' }).click();
		await expect(page.getByText(`Moved ${ADDON} to Closed Won`)).toBeVisible();
		await expect(column(page, 'Closed Won').locator('li.card', { hasText: ADDON })).toBeVisible();
		const deal = (await state(gym)).gyms.hubspot.deals!.find((d) => d.id === '990611')!;
		expect([deal.properties.dealstage, deal.properties.amount, deal.properties.closedate?.slice(0, 10)]).toEqual(['closedwon', '12500', '2026-03-31']);
	});

	test('an owner filter with no deals shows every stage column empty', async ({ gym }) => {
		const { page } = gym;
		await expect(card(page, RENEWAL)).toBeVisible();
		await pick(page, 'Filter by Deal owner', 'Maya Patel');
		await expect(page.getByText('No deals in this stage')).toHaveCount(7);
		await expect(column(page, 'Closed Won').locator('.total')).toHaveText('Total amount: $0');
	});
});

test('left navigation: live links with aria-current; screens the replica does not have are not offered', async ({ gym }) => {
	await start(gym, BOARD, '/hubspot/companies');
	const nav = gym.page.getByRole('navigation', { name: 'Main' });
	await expect(nav.getByRole('link', { name: 'Companies' })).toHaveAttribute('aria-current', 'page');
	for (const name of ['Contacts', 'Deals', 'Segments', 'Tasks', 'Sequences', 'Templates', 'Forms'])
		await expect(nav.getByRole('link', { name })).toHaveAttribute('href', /\/hubspot\//);
	for (const name of ['Tickets', 'Snippets', 'Meetings', 'Dashboards', 'Reports']) await expect(nav.getByRole('link', { name })).toHaveCount(0);
	for (const href of await nav.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')))) expect(href).toMatch(/\/hubspot\//);
	await expect(nav).not.toContainText(/soon/i);
	await nav.getByRole('link', { name: 'Deals' }).click();
	await expect(gym.page.getByRole('heading', { name: 'Deals', level: 1 })).toBeVisible();
});
