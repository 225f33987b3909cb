/**
 * HubSpot sales screens through the real SW: segments (create, duplicate name, add/remove members), the Enroll
 * dialog with every blocking reason the API reports, form submission (lead capture and the 400 invalid email),
 * sequences and templates; plus an axe check per screen.
 */
import type { Page } from '@playwright/test';
import { pageJson } from '../../harness/page';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, reusedGymTest as test, type Gym } from './fixtures';
import { pick } from './ui';

/** Task whose fixtures add Priya Nair (990201, emailable) and Tom Becker (990202, bounced), both owned by Carlos Mendes (no inbox). */
const TASK = 'hubspot/enroll-blocked-sender-v1';

test.beforeEach(async ({ gym }) => {
	await gym.open('/hubspot/lists');
	await gym.reset({ task_id: TASK, run_id: 'sales' });
});

const api = (page: Page, method: string, path: string, body?: unknown) => pageJson(page, method, `/api/hubspot${path}`, body);
type State = {
	gyms: {
		hubspot: {
			lists: { id: string; name: string }[];
			list_memberships: { listId: string; recordId: string }[];
			sequence_enrollments: { contactId: string; sequenceId: string; state: string; senderEmail: string }[];
			contacts: { id: string; properties: Record<string, string> }[];
			form_submissions: { contactId: string }[];
		};
	};
	events: unknown[];
};
const state = async (gym: Gym) => JSON.parse(await gym.exportState()) as State;

/** A segment made through the API with `ids` as members; returns its id. */
async function segmentWith(page: Page, name: string, ids: string[]): Promise<string> {
	const { list } = (await api(page, 'POST', '/crm/v3/lists', { name, objectTypeId: '0-1', processingType: 'MANUAL' })) as { list: { listId: string } };
	await api(page, 'PUT', `/crm/v3/lists/${list.listId}/memberships/add`, ids);
	return list.listId;
}

test('create segment: the new static segment opens empty; a duplicate name shows the error and creates nothing', async ({ gym }) => {
	const { page } = gym;
	await gym.open('/hubspot/lists');
	await expect(page.getByRole('table', { name: 'Segments' }).getByRole('link', { name: 'Newsletter subscribers' })).toBeVisible();
	await page.getByRole('button', { name: 'Create segment' }).click();
	const dialog = page.getByRole('dialog', { name: 'Create segment' });
	await expect(dialog.getByRole('radio', { name: 'Contact-based' })).toBeChecked();
	await dialog.getByLabel('Segment name').fill('Q2 webinar invitees');
	await dialog.getByRole('button', { name: 'Create', exact: true }).click();
	await expect(page.getByRole('heading', { name: 'Q2 webinar invitees', level: 1 })).toBeVisible();
	await expect(page.getByText("This segment doesn't have any records yet.")).toBeVisible();
	expect((await state(gym)).gyms.hubspot.lists.filter((l) => l.name === 'Q2 webinar invitees')).toHaveLength(1);

	await gym.open('/hubspot/lists');
	const before = await gym.stateDigest();
	await page.getByRole('button', { name: 'Create segment' }).click();
	await dialog.getByLabel('Segment name').fill('q2 WEBINAR invitees');
	await dialog.getByRole('button', { name: 'Create', exact: true }).click();
	await expect(dialog.getByRole('alert')).toContainText('A segment with this name already exists.');
	await expect(dialog.getByLabel('Segment name')).toHaveAttribute('aria-invalid', 'true');
	expect(await gym.stateDigest()).toBe(before);

	await dialog.getByRole('button', { name: 'Cancel' }).click();
	await page.getByRole('searchbox', { name: 'Search segments' }).fill('no-such-segment');
	await expect(page.getByText('No segments match your search.')).toBeVisible();
});

test('segment page: add a record through "Add records", then remove it', async ({ gym }) => {
	const { page } = gym;
	const id = await segmentWith(page, 'Coppergate', []);
	await gym.open(`/hubspot/lists/${id}`);
	await page.getByRole('button', { name: 'Add records' }).click();
	await page.getByRole('searchbox', { name: 'Search contacts to add' }).fill('priya.nair@coppergate.io');
	await page.getByRole('button', { name: 'Add Priya Nair' }).click();
	await expect(page.getByRole('status')).toHaveText('Priya Nair added to the segment.');
	const members = page.getByRole('table', { name: 'Segment members' });
	await expect(members.getByRole('link', { name: 'Priya Nair' })).toBeVisible();
	expect((await state(gym)).gyms.hubspot.list_memberships.filter((m) => m.listId === id).map((m) => m.recordId)).toEqual(['990201']);

	await members.getByRole('button', { name: 'Remove Priya Nair from segment' }).click();
	await expect(page.getByRole('status')).toHaveText('1 record removed from the segment.');
	await expect(page.getByText("This segment doesn't have any records yet.")).toBeVisible();
	expect((await state(gym)).gyms.hubspot.list_memberships.filter((m) => m.listId === id)).toEqual([]);
});

test('enroll dialog: each contact shows the API’s blocking reason; only the eligible one is enrolled', async ({ gym }) => {
	const { page } = gym;
	// Priya (eligible), Tom (bounced), Hudson Christiansen (already in "Closed-lost revival"), Edward Ziemann (unsubscribed).
	const id = await segmentWith(page, 'Enroll test', ['990201', '990202', '100045', '100013']);
	await gym.open(`/hubspot/lists/${id}`);
	await expect(page.getByRole('table', { name: 'Segment members' }).getByRole('link', { name: 'Tom Becker' })).toBeVisible();
	await page.getByLabel('Select all members on this page').check();
	await page.getByRole('button', { name: 'Enroll in sequence' }).click();
	const dialog = page.getByRole('dialog', { name: 'Enroll 4 contacts in a sequence' });
	await pick(dialog, 'Sequence', 'Inbound – Demo Follow-up');
	await pick(dialog, 'Send emails from', 'Sofia Rossi (sofia.rossi@salesgym.io)');
	await expect(dialog.getByRole('combobox', { name: 'Start at step' })).toBeVisible();
	await expect(dialog.getByRole('article', { name: 'Step 3 email' })).toContainText('Recap: salesgym demo for');
	await dialog.getByRole('button', { name: 'Enroll', exact: true }).click();
	const rows = dialog.getByRole('listitem');
	await expect(rows.filter({ hasText: 'Priya Nair' })).toContainText('Enrolled');
	await expect(rows.filter({ hasText: 'Tom Becker' }).getByRole('alert')).toContainText('Email bounced');
	await expect(rows.filter({ hasText: 'Hudson Christiansen' }).getByRole('alert')).toContainText('Already enrolled in a sequence');
	await expect(rows.filter({ hasText: 'Hudson Christiansen' })).toContainText('Closed-lost revival');
	await expect(rows.filter({ hasText: 'Edward Ziemann' }).getByRole('alert')).toContainText('Unsubscribed from email');
	await dialog.getByRole('button', { name: 'Close' }).click();
	await expect(page.getByRole('status')).toHaveText('1 enrolled, 3 could not be enrolled.');
	const s = await state(gym);
	const mine = s.gyms.hubspot.sequence_enrollments.filter((e) => ['990201', '990202', '100013'].includes(e.contactId));
	expect(mine).toEqual([expect.objectContaining({ contactId: '990201', sequenceId: '370002', state: 'ACTIVE', senderEmail: 'sofia.rossi@salesgym.io' })]);
});

test('enroll dialog: a sender without a connected inbox is refused for every contact, nothing is written', async ({ gym }) => {
	const { page } = gym;
	const id = await segmentWith(page, 'Inbox test', ['990201']);
	const before = await gym.stateDigest();
	await gym.open(`/hubspot/lists/${id}`);
	await page.getByLabel('Select Priya Nair').check();
	await page.getByRole('button', { name: 'Enroll in sequence' }).click();
	const dialog = page.getByRole('dialog', { name: 'Enroll in sequence' });
	await pick(dialog, 'Sequence', 'VP Sales – Cold');
	await expect(dialog.getByRole('combobox', { name: 'Send emails from' })).toHaveText('Carlos Mendes (carlos.mendes@salesgym.io)'); // the contact owner, 1008
	await dialog.getByRole('button', { name: 'Enroll', exact: true }).click();
	await expect(dialog.getByRole('alert')).toContainText('No connected inbox');
	await expect(dialog.getByRole('alert')).toContainText('has no connected inbox');
	expect(await gym.stateDigest()).toBe(before);
	await expectNoSeriousA11yViolations(page, 'dialog');
});

test('form preview: a submission creates the contact as a lead and lists the submission; an invalid email is a 400 shown on the field', async ({ gym }) => {
	const { page } = gym;
	await gym.open('/hubspot/forms');
	const forms = page.getByRole('table', { name: 'Forms' });
	await forms.getByRole('link', { name: 'Demo request' }).click();
	await expect(page.getByRole('heading', { name: 'Preview' })).toBeVisible();
	const form = page.getByRole('form', { name: 'Demo request' });

	const before = await gym.stateDigest();
	await form.getByLabel('Work email').fill('ana.ruiz@');
	await form.getByLabel('First name').fill('Ana');
	await form.getByLabel('Last name').fill('Ruiz');
	await form.getByLabel('Company name').fill('Northwind');
	await form.getByRole('button', { name: 'Request a demo' }).click();
	await expect(form.getByRole('alert')).toHaveText('The request is not valid');
	await expect(form.getByLabel('Work email')).toHaveAttribute('aria-invalid', 'true');
	await expect(form.getByText("Error in 'fields.email'. Invalid email address")).toBeVisible();
	expect(await gym.stateDigest()).toBe(before);

	await form.getByLabel('Work email').fill('Ana.Ruiz@northwind.io');
	await form.getByRole('button', { name: 'Request a demo' }).click();
	await expect(form.getByRole('status')).toHaveText('Thanks! A member of our team will reach out to schedule your demo.');
	const row = page.getByRole('table', { name: 'Submissions' }).getByRole('row').nth(1);
	await expect(row).toContainText('Ana Ruiz');
	const s = await state(gym);
	const ana = s.gyms.hubspot.contacts.find((c) => c.properties.email === 'ana.ruiz@northwind.io');
	expect(ana?.properties).toMatchObject({ firstname: 'Ana', lastname: 'Ruiz', company: 'Northwind', lifecyclestage: 'lead', hs_analytics_source: 'OFFLINE' });
	expect(s.gyms.hubspot.form_submissions.filter((x) => x.contactId === ana?.id)).toHaveLength(1);
	await row.getByRole('link', { name: 'ana.ruiz@northwind.io' }).click();
	await expect(page.getByRole('heading', { name: 'Ana Ruiz', level: 1 })).toBeVisible();
});

test('sequences: stats per sequence and its steps by day', async ({ gym }) => {
	const { page } = gym;
	await gym.open('/hubspot/sequences');
	const table = page.getByRole('table', { name: 'Sequences' });
	const row = table.getByRole('row').filter({ has: page.getByRole('button', { name: 'Re-engage – 3 touch' }) });
	await expect(row).toContainText('Emily Chen');
	await expect(row).toContainText('%');
	await row.getByRole('button', { name: 'Re-engage – 3 touch' }).click();
	const steps = page.getByRole('table', { name: 'Steps of Re-engage – 3 touch' });
	await expect(steps.getByRole('row')).toHaveCount(4);
	await expect(steps.getByRole('row').nth(2)).toContainText('Day 5');
	await expect(steps.getByRole('row').nth(3)).toContainText('Call task');
});

test('templates: preview shows the subject and body with their tokens', async ({ gym }) => {
	const { page } = gym;
	await gym.open('/hubspot/templates');
	await page.getByRole('button', { name: 'Preview Demo follow-up' }).click();
	const preview = page.getByRole('region', { name: 'Demo follow-up' });
	await expect(preview).toContainText('Recap: salesgym demo for {{ company.name }}');
	await expect(preview).toContainText('{{ contact.firstname }}');
});

for (const [name, path, ready] of [
	['segments index', '/hubspot/lists', 'Segments'],
	['segment page', '/hubspot/lists/11', 'Dormant leads – Q1 re-engagement'],
	['sequences', '/hubspot/sequences', 'Sequences'],
	['templates', '/hubspot/templates', 'Templates'],
	['forms', '/hubspot/forms', 'Forms'],
	['form page', '/hubspot/forms/5a2b1c3d-7e4f-4a10-9b20-000000000003', 'Webinar registration – Pipeline Hygiene (Mar 12)']
] as const) {
	test(`axe: ${name} has no serious or critical violation`, async ({ gym }) => {
		await gym.open(path);
		await expect(gym.page.getByRole('heading', { name: ready, level: 1 })).toBeVisible();
		await expect(gym.page.getByRole('table').first()).toBeVisible();
		await expectNoSeriousA11yViolations(gym.page);
	});
}

test('axe: the Create segment and Enroll dialogs have no serious or critical violation', async ({ gym }) => {
	const { page } = gym;
	await gym.open('/hubspot/lists');
	await page.getByRole('button', { name: 'Create segment' }).click();
	await expect(page.getByRole('dialog', { name: 'Create segment' })).toBeVisible();
	await expectNoSeriousA11yViolations(page, 'dialog');
	await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
	await gym.open('/hubspot/lists/11');
	await expect(page.getByRole('table', { name: 'Segment members' }).getByRole('link').first()).toBeVisible();
	await page.getByLabel('Select all members on this page').check();
	await page.getByRole('button', { name: 'Enroll in sequence' }).click();
	const dialog = page.getByRole('dialog');
	await pick(dialog, 'Sequence', 'Re-engage – 3 touch');
	await expect(dialog.getByRole('combobox', { name: 'Start at step' })).toBeVisible();
	await expectNoSeriousA11yViolations(page, 'dialog');
});

test('sequence page: an enrolled contact is refused another sequence until unenrolled; then "Enroll" from the sequence works', async ({ gym }) => {
	const { page } = gym;
	await gym.open('/hubspot/sequences');
	await gym.reset({ task_id: 'hubspot/switch-sequence-v1', run_id: 'switch' });
	await gym.open('/hubspot/sequences');
	const email = 'marta.silva@quillpoint.io';
	await page.getByRole('button', { name: 'Inbound – Demo Follow-up' }).click();
	await page.getByLabel('Search contacts to enroll in Inbound – Demo Follow-up').fill(email);
	await page.getByRole('button', { name: 'Enroll Marta Silva' }).click();
	let dialog = page.getByRole('dialog', { name: 'Enroll in sequence' });
	await expect(dialog.getByRole('combobox', { name: 'Sequence' })).toHaveText('Inbound – Demo Follow-up'); // sequence 370002
	await dialog.getByRole('button', { name: 'Enroll', exact: true }).click();
	await expect(dialog.getByRole('alert')).toContainText('Already enrolled in a sequence');
	await expect(dialog.getByRole('alert')).toContainText('"Closed-lost revival"');
	await dialog.getByRole('button', { name: 'Close' }).click();

	await page.getByRole('button', { name: 'Closed-lost revival' }).click();
	await page.getByRole('button', { name: `Unenroll ${email}` }).click();
	await expect(page.getByRole('status')).toHaveText(`${email} was unenrolled.`);
	await expect(page.getByRole('button', { name: `Unenroll ${email}` })).toHaveCount(0);

	await page.getByRole('button', { name: 'Enroll Marta Silva' }).click();
	dialog = page.getByRole('dialog', { name: 'Enroll in sequence' });
	await expect(dialog.getByRole('combobox', { name: 'Start at step' })).toBeVisible();
	await expect(dialog.getByRole('article', { name: 'Step 1 email' })).toContainText('Missing token: company.name.'); // no associated company
	await dialog.getByRole('button', { name: 'Enroll', exact: true }).click();
	await expect(dialog).toBeHidden();
	await expect(page.getByRole('status')).toHaveText('Contact enrolled.');
	await expect(page.getByRole('table', { name: 'Enrolled in Inbound – Demo Follow-up' }).getByRole('link', { name: email })).toBeVisible();
	const s = await state(gym);
	expect(s.gyms.hubspot.sequence_enrollments.filter((e) => e.contactId === '990401').map((e) => [e.sequenceId, e.state])).toEqual([
		['370004', 'UNENROLLED'],
		['370002', 'ACTIVE']
	]);
});
