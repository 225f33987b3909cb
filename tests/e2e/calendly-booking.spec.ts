/**
 * The invitee booking page: a day, a time in the invitee's zone, the form, "You are scheduled"; a slot taken
 * while the page was open is refused with "That time is no longer available." and nothing is written; axe clean.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, reusedGymTest as test } from './fixtures';

const api = (page: Page, method: string, path: string, body?: unknown) =>
	page.evaluate(
		async ({ method, path, body }) => {
			const r = await fetch(`/api/calendly${path}`, {
				method,
				headers: { 'content-type': 'application/json' },
				body: body === undefined ? undefined : JSON.stringify(body)
			});
			return { status: r.status, body: await r.json() };
		},
		{ method, path, body }
	);

async function discovery(page: Page) {
	const me = (await api(page, 'GET', '/users/me')).body.resource;
	const types = (await api(page, 'GET', `/event_types?user=${encodeURIComponent(me.uri)}`)).body.collection;
	return types.find((t: { name: string }) => t.name === 'Discovery Call (30 min)');
}

test.use({ reusedGymTimezone: 'Europe/Berlin' });

test.beforeEach(async ({ gym }) => {
	await gym.open('/calendly/scheduling');
	await gym.reset({ run_id: 'calendly-booking' });
});

test('books a time shown in the invitee’s zone; the confirmation says "You are scheduled"', async ({ gym }) => {
	const { page } = gym;
	const t = await discovery(page);
	await gym.open(`/calendly/book/${t.uri.split('/').pop()}`);
	await expect(page.getByRole('heading', { name: 'Discovery Call (30 min)' })).toBeVisible();
	await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Berlin');
	await page
		.getByRole('button', { name: / - Times available$/ })
		.first()
		.click();
	const times = page.getByRole('list', { name: 'Available times' });
	await expectNoSeriousA11yViolations(page);
	const first = times.getByRole('button').first();
	const label = (await first.textContent())!.trim();
	await first.click();
	await expect(page.getByText(`${label} (Europe/Berlin)`)).toBeVisible();
	await page.getByLabel('Name').fill('Lena Vogel');
	await page.getByLabel('Email').fill('lena.vogel@example.de');
	for (const q of t.custom_questions.filter((x: { required: boolean; enabled: boolean }) => x.required && x.enabled)) {
		const field = page.getByLabel(`${q.name} *`);
		if (q.type === 'single_select') await field.selectOption(q.answer_choices[0]);
		else await field.fill('50-200');
	}
	await expectNoSeriousA11yViolations(page);
	await page.getByRole('button', { name: 'Schedule Event' }).click();
	await expect(page.getByRole('heading', { name: 'You are scheduled' })).toBeVisible();
	const state = await page.evaluate(async () => (await (await fetch('/__salesgym/state')).json()).gyms.calendly.invitees);
	const inv = state.find((i: { email: string }) => i.email === 'lena.vogel@example.de');
	expect(inv).toMatchObject({ timezone: 'Europe/Berlin', status: 'active' });
});

test('a slot taken while the page was open: clear error, nothing written', async ({ gym }) => {
	const { page } = gym;
	const t = await discovery(page);
	await gym.open(`/calendly/book/${t.uri.split('/').pop()}`);
	await page
		.getByRole('button', { name: / - Times available$/ })
		.first()
		.click();
	await page.getByRole('list', { name: 'Available times' }).getByRole('button').first().click();
	// someone else books the same time through the API
	const start = await page.evaluate(async (uri) => {
		const now = (await (await fetch('/__salesgym/run')).json()).clock;
		const q = new URLSearchParams({
			event_type: uri,
			start_time: new Date(Date.parse(now) + 60_000).toISOString(),
			end_time: new Date(Date.parse(now) + 7 * 86_400_000).toISOString()
		});
		return (await (await fetch(`/api/calendly/event_type_available_times?${q}`)).json()).collection[0].start_time;
	}, t.uri);
	const answers = t.custom_questions
		.filter((x: { required: boolean }) => x.required)
		.map((q: { name: string; position: number; answer_choices: string[] }) => ({ question: q.name, answer: q.answer_choices[0] ?? 'x', position: q.position }));
	expect(
		(
			await api(page, 'POST', '/invitees', {
				event_type: t.uri,
				start_time: start,
				invitee: { name: 'Other', email: 'other@example.com', timezone: 'UTC' },
				questions_and_answers: answers
			})
		).status
	).toBe(201);
	await page.getByLabel('Name').fill('Lena Vogel');
	await page.getByLabel('Email').fill('lena.vogel@example.de');
	for (const q of t.custom_questions.filter((x: { required: boolean; enabled: boolean }) => x.required && x.enabled)) {
		const field = page.getByLabel(`${q.name} *`);
		if (q.type === 'single_select') await field.selectOption(q.answer_choices[0]);
		else await field.fill('50-200');
	}
	const before = await gym.stateDigest();
	await page.getByRole('button', { name: 'Schedule Event' }).click();
	await expect(page.getByRole('alert')).toHaveText('That time is no longer available.');
	expect(await gym.stateDigest()).toBe(before);
});
