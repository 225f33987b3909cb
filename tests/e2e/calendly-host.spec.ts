/**
 * Calendly host screens end to end: Scheduling (on/off, secret, copy link), Meetings (Upcoming / Past, details,
 * cancel with a reason, no-show and undo), Availability (a date override saved), Routing; every change checked in
 * the gym's API answers, and axe finds no serious or critical violation on each screen.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, reusedGymTest as test } from './fixtures';

/** A JSON GET of the Calendly API from the page. */
const api = (page: Page, path: string) =>
	page.evaluate(async (p) => {
		const r = await fetch(`/api/calendly${p}`);
		return { status: r.status, body: await r.json() };
	}, path);

test.beforeEach(async ({ gym }) => {
	await gym.open('/calendly/scheduling');
	await gym.reset({ run_id: 'calendly-host' });
});

test('Scheduling: turn an event type off, make it secret, copy its link; axe clean', async ({ gym }) => {
	const { page } = gym;
	await gym.open('/calendly/scheduling');
	await expect(page.getByRole('heading', { level: 1, name: 'Scheduling' })).toBeVisible();
	const card = page.getByRole('listitem', { name: 'Discovery Call (30 min)' });
	await expect(card.getByText('30 min, One-on-One')).toBeVisible();
	await expectNoSeriousA11yViolations(page);
	await card.getByRole('switch', { name: 'Turn off Discovery Call (30 min)' }).click();
	await expect(card.getByRole('switch', { name: 'Turn on Discovery Call (30 min)' })).toHaveAttribute('aria-checked', 'false');
	await card.getByRole('button', { name: 'Make secret: Discovery Call (30 min)' }).click();
	await expect(card.getByText('Secret')).toBeVisible();
	await card.getByRole('button', { name: 'Copy link: Discovery Call (30 min)' }).click();
	await expect(page.getByRole('status').filter({ hasText: 'Link copied: https://calendly.com/maya-patel/' })).toBeVisible();
	const me = (await api(page, '/users/me')).body.resource;
	const types = (await api(page, `/event_types?user=${encodeURIComponent(me.uri)}`)).body.collection;
	const t = types.find((x: { name: string }) => x.name === 'Discovery Call (30 min)');
	expect([t.active, t.secret]).toEqual([false, true]);
});

test('Scheduling: Create single-use link makes a new link of that event type each time, listed on its card; an inactive type offers none', async ({ gym }) => {
	const { page } = gym;
	await gym.open('/calendly/scheduling');
	const card = page.getByRole('listitem', { name: 'Discovery Call (30 min)' });
	const create = card.getByRole('button', { name: 'Create single-use link: Discovery Call (30 min)' });
	await create.click();
	await expect(page.getByRole('status').filter({ hasText: 'Single-use link copied: https://calendly.com/d/' })).toBeVisible();
	await create.click();
	const listed = card.getByRole('list', { name: 'Single-use links: Discovery Call (30 min)' }).getByRole('listitem');
	await expect(listed).toHaveCount(2);
	const urls = await listed.allTextContents();
	expect(new Set(urls).size).toBe(2);
	const me = (await api(page, '/users/me')).body.resource;
	const types = (await api(page, `/event_types?user=${encodeURIComponent(me.uri)}`)).body.collection;
	const t = types.find((x: { name: string }) => x.name === 'Discovery Call (30 min)');
	for (const url of urls) {
		expect(url).toMatch(new RegExp(`^https://calendly\\.com/d/[0-9a-f]{4}-[0-9a-f]{3}-[0-9a-f]{4}/${t.slug}$`));
		const link = await api(page, `/booking/scheduling_links?${new URLSearchParams({ booking_url: url })}`);
		expect([link.status, link.body.resource.owner, link.body.resource.used]).toEqual([200, t.uri, false]);
	}
	await card.getByRole('switch', { name: 'Turn off Discovery Call (30 min)' }).click();
	await expect(card.getByRole('switch', { name: 'Turn on Discovery Call (30 min)' })).toBeVisible();
	await expect(create).toHaveCount(0);
});

test('Scheduling: View booking page opens the invitee booking page of that event type', async ({ gym }) => {
	const { page } = gym;
	await gym.open('/calendly/scheduling');
	const me = (await api(page, '/users/me')).body.resource;
	const types = (await api(page, `/event_types?user=${encodeURIComponent(me.uri)}`)).body.collection;
	const t = types.find((x: { name: string }) => x.name === 'Discovery Call (30 min)');
	const card = page.getByRole('listitem', { name: 'Discovery Call (30 min)' });
	await card.getByRole('link', { name: 'View booking page: Discovery Call (30 min)' }).click();
	// The card's own heading has the same name, so wait for the booking page's URL and its level-1 heading.
	await expect(page).toHaveURL((url) => url.pathname === `/calendly/book/${t.uri.split('/').pop()}`);
	await expect(page.getByRole('heading', { level: 1, name: 'Discovery Call (30 min)' })).toBeVisible();
	await expect(page.getByRole('group', { name: 'Days' })).toBeVisible();
});

test('Meetings: cancel an upcoming meeting with a reason; mark a past invitee as no-show and undo; axe clean', async ({ gym }) => {
	const { page } = gym;
	await gym.open('/calendly/meetings');
	const upcoming = page.getByRole('list', { name: 'Upcoming events' });
	await expect(upcoming).toBeVisible();
	await expectNoSeriousA11yViolations(page);
	const first = upcoming.getByRole('listitem').first();
	await first.getByRole('button', { name: /^Details/ }).click();
	const details = first.getByRole('region');
	await expect(details.getByRole('region').or(details.locator('section')).first()).toBeVisible();
	await details.getByRole('button', { name: /^Cancel/ }).click();
	const dialog = page.getByRole('dialog', { name: 'Cancel event' });
	await dialog.getByLabel('Reason for canceling').fill('Double-booked, sorry');
	await expectNoSeriousA11yViolations(page);
	await dialog.getByRole('button', { name: 'Cancel event' }).click();
	await expect(page.getByRole('status').filter({ hasText: 'Event canceled' })).toBeVisible();
	const me = (await api(page, '/users/me')).body.resource;
	const canceled = (await api(page, `/scheduled_events?user=${encodeURIComponent(me.uri)}&status=canceled&count=100`)).body.collection;
	expect(canceled.some((e: { cancellation: { reason: string } | null }) => e.cancellation?.reason === 'Double-booked, sorry')).toBe(true);

	await page.getByRole('tab', { name: 'Past' }).click();
	const past = page.getByRole('list', { name: 'Past events' });
	await expect(past).toBeVisible();
	const row = past.getByRole('listitem').first();
	await row.getByRole('button', { name: /^Details/ }).click();
	const mark = row.getByRole('button', { name: /^Mark as no-show/ }).first();
	await mark.click();
	await expect(page.getByRole('status').filter({ hasText: 'marked as no-show' })).toBeVisible();
	const undo = row.getByRole('button', { name: /^Undo no-show/ }).first();
	await expect(undo).toBeVisible();
	const noShows = () =>
		page.evaluate(async () => {
			const state = await (await fetch('/__salesgym/state')).json();
			const invitees: { no_show: unknown }[] = state.gyms.calendly.invitees;
			return invitees.filter((i) => i.no_show !== null).length;
		});
	const marked = await noShows();
	await undo.click();
	await expect(page.getByRole('status').filter({ hasText: 'No-show undone' })).toBeVisible();
	const after = await noShows();
	expect(after).toBe(marked - 1);
});

test('Availability: a day off saved as a date override; Routing lists the forms; axe clean', async ({ gym }) => {
	const { page } = gym;
	await gym.open('/calendly/availability');
	await expect(page.getByRole('heading', { name: 'Weekly hours' })).toBeVisible();
	await expectNoSeriousA11yViolations(page);
	const add = page.getByRole('form', { name: 'Add date-specific hours' });
	await add.getByLabel('Date').fill('2026-03-20');
	await add.getByRole('button', { name: 'Add date override' }).click();
	await expect(page.getByRole('list', { name: 'Date overrides' })).toContainText('2026-03-20: Unavailable');
	await page.getByRole('button', { name: 'Save' }).click();
	await expect(page.getByRole('status').filter({ hasText: 'Availability saved' })).toBeVisible();
	const sched = (await api(page, '/user_availability_schedules')).body.collection.find((s: { default: boolean }) => s.default);
	expect(sched.rules).toContainEqual({ type: 'date', date: '2026-03-20', intervals: [] });

	await page.getByRole('link', { name: 'Routing' }).click();
	const forms = page.getByRole('list', { name: 'Routing forms' });
	await expect(forms.getByRole('heading', { name: /Inbound demo request/ })).toBeVisible();
	await forms.getByRole('button', { name: 'Submissions: Inbound demo request' }).click();
	await expect(forms.getByRole('table')).toBeVisible();
	await expectNoSeriousA11yViolations(page);
});
