/**
 * Edge states of the Calendly booking page: a secret event type is bookable by its link; an inactive or deleted
 * one is not; a single-use link stops working after one booking (on open, and a second booking is refused with
 * nothing written); a Group time disappears once its seats are taken (and shows the spots left before); a month
 * without availability says "No dates available in this month". (A slot taken while the page was open is in
 * calendly-booking.spec.ts.)
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
			return { status: r.status, body: r.status === 204 ? null : await r.json() };
		},
		{ method, path, body }
	);

interface Question {
	name: string;
	type: string;
	required: boolean;
	enabled: boolean;
	position: number;
	answer_choices: string[];
}
interface Type {
	uri: string;
	name: string;
	active: boolean;
	secret: boolean;
	deleted_at: string | null;
	kind: string;
	booking_method: string;
	kind_description: string;
	custom_questions: Question[];
}
const uuidOf = (uri: string) => uri.slice(uri.lastIndexOf('/') + 1);
const answersFor = (t: Type) =>
	t.custom_questions.filter((q) => q.required && q.enabled).map((q) => ({ question: q.name, answer: q.answer_choices[0] ?? 'x', position: q.position }));

async function orgTypes(page: Page): Promise<Type[]> {
	const me = (await api(page, 'GET', '/users/me')).body.resource;
	const out: Type[] = [];
	for (const active of ['true', 'false'])
		out.push(
			...(await api(page, 'GET', `/event_types?organization=${encodeURIComponent(me.current_organization)}&active=${active}&count=100`)).body.collection
		);
	return out;
}
/** Offered starts from a day after the run's now (clear of the minimum notice, which each write's clock tick moves). */
async function firstSlots(page: Page, t: Type) {
	const clock = Date.parse((await api(page, 'GET', '/clock')).body.clock) + 86_400_000;
	const q = new URLSearchParams({
		event_type: t.uri,
		start_time: new Date(clock).toISOString(),
		end_time: new Date(clock + 7 * 86_400_000).toISOString()
	});
	return (await api(page, 'GET', `/event_type_available_times?${q}`)).body.collection as { start_time: string; invitees_remaining: number }[];
}
/** Fills the booking form (name, email, required questions). */
async function fillForm(page: Page, t: Type, email: string) {
	await page.getByLabel('Name').fill('Lena Vogel');
	await page.getByLabel('Email').fill(email);
	for (const q of t.custom_questions.filter((x) => x.required && x.enabled)) {
		const field = page.getByLabel(`${q.name} *`);
		if (q.type === 'single_select') await field.selectOption(q.answer_choices[0]!);
		else await field.fill('50-200');
	}
}
const pickFirstTime = async (page: Page) => {
	await page
		.getByRole('button', { name: / - Times available$/ })
		.first()
		.click();
	await page.getByRole('list', { name: 'Available times' }).getByRole('button').first().click();
};
/** "9:30am" in `zone`, as the booking page names a time. */
const timeLabel = (iso: string, zone: string) =>
	new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso)).replace(' AM', 'am').replace(' PM', 'pm');
/** "Friday, March 6 - Times available" of `iso` in `zone`. */
const dayName = (iso: string, zone: string) =>
	`${new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'long', month: 'long', day: 'numeric' }).format(new Date(iso))} - Times available`;

test.use({ reusedGymTimezone: 'Europe/Berlin' });

test.beforeEach(async ({ gym }) => {
	await gym.open('/calendly/scheduling');
	await gym.reset({ run_id: 'calendly-edge' });
});

test('a secret event type is bookable by its link; inactive and deleted types are not', async ({ gym }) => {
	const { page } = gym;
	const types = await orgTypes(page);
	const secret = types.find((t) => t.secret && t.active && t.booking_method === 'instant' && t.kind === 'solo')!;
	const inactive = types.find((t) => !t.active && t.deleted_at === null)!;
	expect([secret, inactive].every(Boolean)).toBe(true);
	await gym.open(`/calendly/book/${uuidOf(secret.uri)}`);
	await expect(page.getByRole('heading', { level: 1, name: secret.name })).toBeVisible();
	await expect(page.getByRole('button', { name: / - Times available$/ }).first()).toBeVisible();
	await expectNoSeriousA11yViolations(page);

	await gym.open(`/calendly/book/${uuidOf(inactive.uri)}`);
	await expect(page.getByRole('heading', { level: 1, name: 'This event type is not available right now.' })).toBeVisible();
	await expect(page.getByRole('button', { name: / - Times available$/ })).toHaveCount(0);
	// the deleted type is never listed; its link is not valid
	const deleted = JSON.parse(await gym.exportState()).gyms.calendly.event_types.find((t: Type) => t.deleted_at !== null) as Type;
	await gym.open(`/calendly/book/${uuidOf(deleted.uri)}`);
	await expect(page.getByRole('heading', { level: 1, name: 'This Calendly URL is not valid.' })).toBeVisible();
	await expectNoSeriousA11yViolations(page);
});

test('a single-use link books once; reopened it is no longer valid, and a second booking through it writes nothing', async ({ gym }) => {
	const { page } = gym;
	const me = (await api(page, 'GET', '/users/me')).body.resource;
	const t = ((await api(page, 'GET', `/event_types?user=${encodeURIComponent(me.uri)}`)).body.collection as Type[]).find(
		(x) => x.name === 'Discovery Call (30 min)'
	)!;
	const created = await api(page, 'POST', '/scheduling_links', { max_event_count: 1, owner: t.uri, owner_type: 'EventType' });
	expect(created.status).toBe(201);
	const url = created.body.resource.booking_url as string;
	const open = () => gym.open(`/calendly/book/${uuidOf(t.uri)}?link=${encodeURIComponent(url)}`);
	await open();
	await pickFirstTime(page);
	await fillForm(page, t, 'once@example.com');
	await page.getByRole('button', { name: 'Schedule Event' }).click();
	await expect(page.getByRole('heading', { name: 'You are scheduled' })).toBeVisible();

	await open();
	await expect(page.getByRole('heading', { level: 1, name: 'This link is no longer valid.' })).toBeVisible();
	await expect(page.getByRole('button', { name: / - Times available$/ })).toHaveCount(0);
	// the handler refuses too (a stale tab): nothing written
	const before = await gym.exportState();
	const start = (await firstSlots(page, t))[0]!.start_time;
	const again = await api(page, 'POST', '/booking/invitees', {
		event_type: t.uri,
		start_time: start,
		invitee: { name: 'Twice', email: 'twice@example.com', timezone: 'UTC' },
		questions_and_answers: answersFor(t),
		scheduling_link: url
	});
	expect(again.status).toBe(400);
	expect(JSON.stringify(again.body)).toContain('This link is no longer valid.');
	expect(await gym.exportState()).toBe(before);
	// an unknown link is not valid either
	await gym.open(`/calendly/book/${uuidOf(t.uri)}?link=${encodeURIComponent('https://calendly.com/d/nope/x')}`);
	await expect(page.getByRole('heading', { level: 1, name: 'This Calendly URL is not valid.' })).toBeVisible();
});

test('Group: the spots left are shown; a full time is no longer offered', async ({ gym }) => {
	const { page } = gym;
	const group = (await orgTypes(page)).find((t) => t.kind === 'group' && t.active && t.booking_method === 'instant')!;
	const [slot] = await firstSlots(page, group);
	expect(slot).toBeDefined();
	const seats = slot!.invitees_remaining;
	expect(seats).toBeGreaterThan(1);
	const book = (n: number) =>
		api(page, 'POST', '/invitees', {
			event_type: group.uri,
			start_time: slot!.start_time,
			invitee: { name: `Guest ${n}`, email: `guest${n}@example.com`, timezone: 'UTC' },
			questions_and_answers: answersFor(group)
		});
	for (let n = 0; n < seats - 1; n++) {
		const res = await book(n);
		expect(res.status, JSON.stringify(res.body)).toBe(201);
	}
	const zone = 'Europe/Berlin';
	const open = async () => {
		await gym.open(`/calendly/book/${uuidOf(group.uri)}`);
		await page.getByRole('button', { name: dayName(slot!.start_time, zone) }).click();
	};
	await open();
	const item = page
		.getByRole('list', { name: 'Available times' })
		.getByRole('listitem')
		.filter({ has: page.getByRole('button', { name: timeLabel(slot!.start_time, zone), exact: true }) });
	await expect(item).toContainText('1 spot left');
	await expectNoSeriousA11yViolations(page);
	expect((await book(seats)).status).toBe(201);
	await gym.open(`/calendly/book/${uuidOf(group.uri)}`);
	await expect(page.getByRole('button', { name: / - Times available$/ }).first()).toBeVisible(); // the times have loaded
	const day = page.getByRole('button', { name: dayName(slot!.start_time, zone) });
	if (await day.count()) {
		await day.click(); // other times left that day
		await expect(page.getByRole('list', { name: 'Available times' }).getByRole('button').first()).toBeVisible();
	}
	await expect(page.getByRole('button', { name: timeLabel(slot!.start_time, zone), exact: true })).toHaveCount(0);
	// the full time is refused by the handler, nothing written
	const before = await gym.exportState();
	const res = await book(seats + 1);
	expect(res.status).toBe(400);
	expect(JSON.stringify(res.body)).toContain('That time is no longer available.');
	expect(await gym.exportState()).toBe(before);
});

test('a month without availability: "No dates available in this month", every day disabled', async ({ gym }) => {
	const { page } = gym;
	const me = (await api(page, 'GET', '/users/me')).body.resource;
	const t = ((await api(page, 'GET', `/event_types?user=${encodeURIComponent(me.uri)}`)).body.collection as Type[]).find(
		(x) => x.name === 'Discovery Call (30 min)'
	)!;
	// invitees may book 5 days ahead: next month has nothing (the run's clock is early in its month)
	expect(new Date((await api(page, 'GET', '/clock')).body.clock).getUTCDate()).toBeLessThan(20);
	expect((await api(page, 'PATCH', `/event_types/${uuidOf(t.uri)}/settings`, { period_days: 5 })).status).toBe(200);
	await gym.open(`/calendly/book/${uuidOf(t.uri)}`);
	await expect(page.getByRole('button', { name: / - Times available$/ }).first()).toBeVisible();
	await expect(page.getByText('No dates available in this month')).toHaveCount(0);
	await page.getByRole('button', { name: 'Next month' }).click();
	await expect(page.getByRole('status').filter({ hasText: 'No dates available in this month' })).toBeVisible();
	await expect(page.getByRole('button', { name: / - Times available$/ })).toHaveCount(0);
	const days = page.getByRole('group', { name: 'Days' }).getByRole('button');
	expect(await days.count()).toBeGreaterThanOrEqual(28);
	for (const d of await days.all()) await expect(d).toBeDisabled();
	await expectNoSeriousA11yViolations(page);
});
