/**
 * The Calendly event type editor end to end: reached from a Scheduling card, fields edited and saved through the
 * gym's API, shown again after a reload, and reflected by the booking page (a longer minimum notice moves the first
 * available day, the new duration is shown); the hosts of a Collective type added and removed; a handler refusal
 * (no host left) shown as Calendly words it with nothing written; axe clean.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, reusedGymTest as test } from './fixtures';

const api = (page: Page, path: string) =>
	page.evaluate(async (p) => {
		const r = await fetch(`/api/calendly${p}`);
		return { status: r.status, body: await r.json() };
	}, path);

async function myTypes(page: Page) {
	const me = (await api(page, '/users/me')).body.resource;
	return {
		me,
		types: (await api(page, `/event_types?user=${encodeURIComponent(me.uri)}&count=100`)).body.collection as {
			uri: string;
			name: string;
			kind_description: string;
		}[]
	};
}
const uuidOf = (uri: string) => uri.slice(uri.lastIndexOf('/') + 1);
/** The date (UTC midnight, ms) of a day button named "Friday, March 6 - Times available" in `year`. */
const dayOf = (name: string, year: number) => Date.parse(`${name.replace(/^\w+, /, '').replace(/ - Times available$/, '')}, ${year} 00:00 UTC`);

test.use({ reusedGymTimezone: 'Europe/Berlin' });

test.beforeEach(async ({ gym }) => {
	await gym.open('/calendly/scheduling');
	await gym.reset({ run_id: 'calendly-editor' });
});

test('edit duration, location, notice, buffers, daily limit and a question; saved, shown after reload, and the booking page follows', async ({ gym }) => {
	const { page } = gym;
	const { types } = await myTypes(page);
	const t = types.find((x) => x.name === 'Discovery Call (30 min)')!;
	const clock = Date.parse((await api(page, '/clock')).body.clock);
	const year = new Date(clock).getUTCFullYear();

	await gym.open(`/calendly/book/${uuidOf(t.uri)}`);
	const firstDay = page.getByRole('button', { name: / - Times available$/ }).first();
	const before = dayOf((await firstDay.getAttribute('aria-label')) ?? (await firstDay.textContent())!, year);
	expect(before).toBeLessThan(clock + 5 * 86_400_000 - 86_400_000);

	await gym.open('/calendly/scheduling');
	await page.getByRole('link', { name: 'Edit Discovery Call (30 min)' }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'Discovery Call (30 min)' })).toBeVisible();
	await expectNoSeriousA11yViolations(page);
	await page.getByRole('spinbutton', { name: 'Duration' }).fill('60');
	await page.getByRole('combobox', { name: 'Location' }).click();
	await page.getByRole('option', { name: 'In-person meeting' }).click();
	await page.getByRole('textbox', { name: 'Address' }).fill('Torstraße 1, Berlin');
	await page.getByRole('spinbutton', { name: 'Minimum notice', exact: true }).fill('5');
	await page.getByRole('combobox', { name: 'Minimum notice unit' }).click();
	await page.getByRole('option', { name: 'days' }).click();
	await page.getByRole('combobox', { name: 'Before event' }).click();
	await page.getByRole('option', { name: '15 min' }).click();
	await page.getByRole('checkbox', { name: 'Limit number of events per day' }).check();
	await page.getByRole('spinbutton', { name: 'Max events per day' }).fill('2');
	await page.getByRole('button', { name: 'Add new question' }).click();
	const dialog = page.getByRole('dialog', { name: 'Add question' });
	await dialog.getByRole('textbox', { name: 'Question' }).fill('Anything we should prepare?');
	await dialog.getByRole('checkbox', { name: 'Required' }).check();
	await expectNoSeriousA11yViolations(page);
	await dialog.getByRole('button', { name: 'Apply' }).click();
	await expect(page.getByRole('listitem', { name: 'Anything we should prepare?' })).toContainText('One line, Required');
	await page.getByRole('button', { name: 'Save changes' }).click();
	await expect(page.getByRole('status').filter({ hasText: 'Changes saved' })).toBeVisible();

	await page.reload();
	await expect(page.getByRole('spinbutton', { name: 'Duration' })).toHaveValue('60');
	await expect(page.getByRole('combobox', { name: 'Location' })).toHaveText(/In-person meeting/);
	await expect(page.getByRole('textbox', { name: 'Address' })).toHaveValue('Torstraße 1, Berlin');
	await expect(page.getByRole('spinbutton', { name: 'Minimum notice', exact: true })).toHaveValue('5');
	await expect(page.getByRole('combobox', { name: 'Minimum notice unit' })).toHaveText(/days/);
	await expect(page.getByRole('combobox', { name: 'Before event' })).toHaveText(/15 min/);
	await expect(page.getByRole('spinbutton', { name: 'Max events per day' })).toHaveValue('2');
	await expect(page.getByRole('listitem', { name: 'Anything we should prepare?' })).toContainText('Required');

	const saved = (await api(page, `/event_types/${uuidOf(t.uri)}`)).body.resource;
	const settings = (await api(page, `/event_types/${uuidOf(t.uri)}/settings`)).body.resource;
	expect(saved.duration).toBe(60);
	expect(saved.custom_questions.at(-1)).toMatchObject({ name: 'Anything we should prepare?', required: true, type: 'string' });
	expect(settings).toMatchObject({
		minimum_notice: 5 * 1440,
		buffer_before: 15,
		max_events_per_day: 2,
		location: { kind: 'physical', location: 'Torstraße 1, Berlin' }
	});

	await gym.open(`/calendly/book/${uuidOf(t.uri)}`);
	await expect(page.getByText('60 min', { exact: true })).toBeVisible();
	const after = page.getByRole('button', { name: / - Times available$/ }).first();
	const moved = dayOf((await after.getAttribute('aria-label')) ?? (await after.textContent())!, year);
	expect(moved).toBeGreaterThan(before);
	expect(moved).toBeGreaterThanOrEqual(clock + 4 * 86_400_000);
	await expect(page.getByLabel('Anything we should prepare? *')).toHaveCount(0); // the form comes after a time is picked
	await after.click();
	await page.getByRole('list', { name: 'Available times' }).getByRole('button').first().click();
	await expect(page.getByLabel('Anything we should prepare? *')).toBeVisible();
});

test('Collective hosts: add a host and save; removing every host is refused by the handler and writes nothing', async ({ gym }) => {
	const { page } = gym;
	const { types } = await myTypes(page);
	const t = types.find((x) => x.kind_description === 'Collective')!;
	const hosts = async () => (await api(page, `/event_type_memberships?event_type=${encodeURIComponent(t.uri)}`)).body.collection as { member: string }[];
	const start = await hosts();
	await gym.open(`/calendly/event_types/${uuidOf(t.uri)}/edit`);
	const list = page.getByRole('list', { name: 'Hosts' });
	await expect(list.getByRole('listitem')).toHaveCount(start.length);
	await page.getByRole('combobox', { name: 'Add host' }).click();
	const option = page.getByRole('option').first();
	const added = (await option.textContent())!.trim();
	await option.click();
	await expect(list.getByRole('listitem', { name: added })).toBeVisible();
	await expectNoSeriousA11yViolations(page);
	await page.getByRole('button', { name: 'Save changes' }).click();
	await expect(page.getByRole('status').filter({ hasText: 'Changes saved' })).toBeVisible();
	await page.reload();
	await expect(list.getByRole('listitem', { name: added })).toBeVisible();
	expect((await hosts()).length).toBe(start.length + 1);

	for (const name of await list.getByRole('listitem').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!)))
		await list.getByRole('button', { name: `Remove ${name}` }).click();
	await expect(list.getByRole('listitem')).toHaveCount(0);
	const snapshot = await gym.stateDigest();
	await page.getByRole('button', { name: 'Save changes' }).click();
	await expect(page.getByRole('alert').filter({ hasText: 'an event type needs at least one host' })).toBeVisible();
	expect(await gym.stateDigest()).toBe(snapshot);
});
