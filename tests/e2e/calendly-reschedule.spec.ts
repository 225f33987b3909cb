/**
 * Reschedule and cancel as Calendly does them, end to end: the host reschedules an invitee on their behalf from
 * Meetings (a new time from the solver's times); the invitee reschedules from their `reschedule_url` (the booking
 * page shows the former time) and cancels from their `cancel_url` with a reason. Each checks the API's rows (old
 * invitee canceled + `rescheduled` + `new_invitee`, new invitee with `old_invitee`, old meeting canceled) and axe.
 * Meetings' Filter menu: Date Range, Host, Booked on, checked against the API's own answer.
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
const path = (uri: string) => uri.replace('https://api.calendly.com', '');
const last = (url: string) => url.slice(url.lastIndexOf('/') + 1);
const localDate = (zone: string, iso: string) =>
	new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

interface Q {
	name: string;
	type: string;
	required: boolean;
	enabled: boolean;
	answer_choices: string[];
	position: number;
}

/** The signed-in user, their Discovery Call type, and the run's now. */
async function setup(page: Page) {
	const me = (await api(page, 'GET', '/users/me')).body.resource;
	const types = (await api(page, 'GET', `/event_types?user=${encodeURIComponent(me.uri)}`)).body.collection;
	const t = types.find((x: { name: string }) => x.name === 'Discovery Call (30 min)');
	const now = (await api(page, 'GET', '/clock')).body.clock as string;
	return { me, t, now };
}

/** The solver's times of `type` over the 7 days after `from`. */
async function times(page: Page, type: string, from: string): Promise<string[]> {
	const start = new Date(Date.parse(from) + 3_600_000).toISOString();
	const end = new Date(Date.parse(from) + 7 * 86_400_000).toISOString();
	const r = await api(page, 'GET', `/event_type_available_times?event_type=${encodeURIComponent(type)}&start_time=${start}&end_time=${end}`);
	return r.body.collection.map((c: { start_time: string }) => c.start_time);
}

/** Books `email` on the Discovery Call at its first free time through the API. */
async function bookOne(page: Page, email: string) {
	const { t, now, me } = await setup(page);
	const [start] = await times(page, t.uri, now);
	const answers = (t.custom_questions as Q[])
		.filter((q) => q.enabled && q.required)
		.map((q) => ({ question: q.name, answer: q.type === 'single_select' ? q.answer_choices[0] : '50-200', position: q.position }));
	const r = await api(page, 'POST', '/invitees', {
		event_type: t.uri,
		start_time: start,
		invitee: { name: 'Jonas Weber', email, timezone: 'Europe/Berlin' },
		questions_and_answers: answers
	});
	expect(r.status).toBe(201);
	return { invitee: r.body.resource, t, now, me };
}

test.use({ reusedGymTimezone: 'Europe/Berlin' });

test.beforeEach(async ({ gym }) => {
	await gym.open('/calendly/scheduling');
	await gym.reset({ run_id: 'calendly-reschedule' });
});

test('Meetings: the host reschedules an invitee on their behalf to a time the solver offers; axe clean', async ({ gym }) => {
	const { page } = gym;
	const { invitee, t, me } = await bookOne(page, 'jonas.weber@example.de');
	const event = (await api(page, 'GET', path(invitee.event))).body.resource;
	const offered = (await times(page, t.uri, event.start_time)).filter((s) => s !== event.start_time);
	const target = offered[offered.length - 1]!;
	await gym.open('/calendly/meetings');
	await page.getByRole('combobox', { name: 'Event type' }).selectOption({ label: 'Discovery Call (30 min)' });
	const row = page.getByRole('list', { name: 'Upcoming events' }).getByRole('listitem').filter({ hasText: 'Discovery Call' });
	const mine = row.filter({ has: page.getByRole('button', { name: new RegExp(`^Details`) }) });
	await expect(mine.first()).toBeVisible();
	// Open the meeting whose invitee is Jonas Weber.
	const n = await mine.count();
	for (let i = 0; i < n; i++) {
		await mine
			.nth(i)
			.getByRole('button', { name: /^Details/ })
			.click();
		// The invitees load after the row opens: wait for them before deciding this is not the meeting.
		await expect(
			mine
				.nth(i)
				.getByRole('region', { name: /^Invitee / })
				.first()
		).toBeVisible();
		if (await mine.nth(i).getByRole('region', { name: 'Invitee Jonas Weber' }).isVisible()) break;
		await mine
			.nth(i)
			.getByRole('button', { name: /^Details/ })
			.click();
	}
	await page.getByRole('button', { name: 'Reschedule: Jonas Weber' }).click();
	const dialog = page.getByRole('dialog', { name: 'Reschedule event' });
	await expect(dialog.getByText('Current time:')).toBeVisible();
	await dialog.getByLabel('New date').fill(localDate(me.timezone, target));
	const label = new Intl.DateTimeFormat('en-US', { timeZone: me.timezone, hour: 'numeric', minute: '2-digit' })
		.format(new Date(target))
		.replace(' AM', 'am')
		.replace(' PM', 'pm');
	await dialog.getByRole('list', { name: 'Available times' }).getByRole('button', { name: label, exact: true }).click();
	await dialog.getByLabel('Reason for rescheduling').fill('Customer asked to move it');
	await expectNoSeriousA11yViolations(page);
	await dialog.getByRole('button', { name: 'Reschedule event' }).click();
	await expect(page.getByRole('status').filter({ hasText: 'Event rescheduled' })).toBeVisible();
	const old = (await api(page, 'GET', path(invitee.uri))).body.resource;
	expect(old).toMatchObject({ status: 'canceled', rescheduled: true });
	expect(old.cancellation).toMatchObject({ canceler_type: 'host', reason: 'Customer asked to move it', canceled_by: me.name });
	const next = (await api(page, 'GET', path(old.new_invitee))).body.resource;
	expect(next).toMatchObject({ status: 'active', old_invitee: invitee.uri, email: 'jonas.weber@example.de' });
	const moved = (await api(page, 'GET', path(next.event))).body.resource;
	expect(moved.start_time.slice(0, 19)).toBe(target.slice(0, 19));
	expect((await api(page, 'GET', path(invitee.event))).body.resource.status).toBe('canceled');
	// The old invitee has nothing left to reschedule: the button is gone, the API refuses.
	const again = await api(page, 'POST', '/booking/invitees', {
		event_type: t.uri,
		start_time: offered[0],
		invitee: { name: old.name, email: old.email, timezone: old.timezone },
		questions_and_answers: old.questions_and_answers,
		reschedule: old.uri,
		rescheduled_by: 'host'
	});
	expect([again.status, again.body.message]).toEqual([403, 'Event is already canceled']);
});

test('the invitee reschedules from their reschedule link: the former time is shown; axe clean', async ({ gym }) => {
	const { page } = gym;
	const { invitee } = await bookOne(page, 'jonas.weber@example.de');
	await gym.open(`/calendly/reschedulings/${last(invitee.reschedule_url)}`);
	await expect(page.getByRole('heading', { name: 'Former Time' })).toBeVisible();
	await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Berlin');
	await page
		.getByRole('button', { name: / - Times available$/ })
		.last()
		.click();
	await page.getByRole('list', { name: 'Available times' }).getByRole('button').last().click();
	await expect(page.getByLabel('Name')).toHaveValue('Jonas Weber');
	await page.getByLabel('Reason for rescheduling').fill('Travelling that day');
	await expectNoSeriousA11yViolations(page);
	await page.getByRole('button', { name: 'Reschedule Event' }).click();
	await expect(page.getByRole('heading', { name: 'You are scheduled' })).toBeVisible();
	const old = (await api(page, 'GET', path(invitee.uri))).body.resource;
	expect(old).toMatchObject({ status: 'canceled', rescheduled: true });
	expect(old.cancellation).toMatchObject({ canceler_type: 'invitee', reason: 'Travelling that day' });
	const next = (await api(page, 'GET', path(old.new_invitee))).body.resource;
	expect(next.old_invitee).toBe(invitee.uri);
	// The used link cannot move the meeting again.
	await gym.open(`/calendly/reschedulings/${last(invitee.reschedule_url)}`);
	await expect(page.getByRole('heading', { name: 'This meeting was already rescheduled.' })).toBeVisible();
});

test('the invitee cancels from their cancel link with a reason; a second visit says it is canceled; axe clean', async ({ gym }) => {
	const { page } = gym;
	const { invitee } = await bookOne(page, 'jonas.weber@example.de');
	await gym.open(`/calendly/cancellations/${last(invitee.cancel_url)}`);
	await expect(page.getByRole('heading', { name: 'Cancel Event' })).toBeVisible();
	await page.getByLabel('Reason for canceling').fill('We chose another vendor');
	await expectNoSeriousA11yViolations(page);
	await page.getByRole('button', { name: 'Cancel Event' }).click();
	await expect(page.getByRole('heading', { name: 'Cancellation Confirmed' })).toBeVisible();
	const inv = (await api(page, 'GET', path(invitee.uri))).body.resource;
	expect(inv).toMatchObject({ status: 'canceled', rescheduled: false });
	expect(inv.cancellation).toMatchObject({ canceler_type: 'invitee', reason: 'We chose another vendor', canceled_by: 'Jonas Weber' });
	expect((await api(page, 'GET', path(invitee.event))).body.resource.status).toBe('canceled');
	await gym.open(`/calendly/cancellations/${last(invitee.cancel_url)}`);
	await expect(page.getByText('This meeting has already been canceled.')).toBeVisible();
	await expect(page.getByRole('button', { name: 'Cancel Event' })).toHaveCount(0);
});

test('Meetings filters: Date Range, Host and Booked on list what the API lists; axe clean', async ({ gym }) => {
	const { page } = gym;
	const { me, now } = await setup(page);
	await gym.open('/calendly/meetings');
	await expect(page.getByRole('list', { name: 'Upcoming events' })).toBeVisible();
	// Date Range: the 14 local days from now, all statuses.
	const from = localDate(me.timezone, now);
	const to = localDate(me.timezone, new Date(Date.parse(now) + 13 * 86_400_000).toISOString());
	await page.getByRole('tab', { name: 'Date Range' }).click();
	await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'All' });
	await page.getByLabel('Start date').fill(from);
	await page.getByLabel('End date').fill(to);
	await page.getByRole('form', { name: 'Date range' }).getByRole('button', { name: 'Apply' }).click();
	const all = (await api(page, 'GET', `/scheduled_events?user=${encodeURIComponent(me.uri)}&count=100`)).body.collection as {
		start_time: string;
		created_at: string;
		event_memberships: { user: string }[];
	}[];
	const inRange = all.filter((e) => localDate(me.timezone, e.start_time) >= from && localDate(me.timezone, e.start_time) <= to);
	expect(inRange.length).toBeGreaterThan(0);
	expect(inRange.length).toBeLessThan(all.length);
	await expect(page.getByRole('list', { name: 'Date range events' }).getByRole('listitem')).toHaveCount(inRange.length);
	await expectNoSeriousA11yViolations(page);
	// Booked on: the booking date of one meeting in the range.
	const day = localDate(me.timezone, inRange[0]!.created_at);
	await page.getByLabel('Booked on').fill(day);
	await page.getByLabel('Booked on').dispatchEvent('change');
	const booked = inRange.filter((e) => localDate(me.timezone, e.created_at) === day);
	await expect(page.getByRole('list', { name: 'Date range events' }).getByRole('listitem')).toHaveCount(booked.length);
	await page.getByLabel('Booked on').fill('');
	await page.getByLabel('Booked on').dispatchEvent('change');
	// Host: another member's meetings in the range.
	const members = (await api(page, 'GET', `/organization_memberships?organization=${encodeURIComponent(me.current_organization)}&count=100`)).body
		.collection as { user: { uri: string; name: string } }[];
	const other = members.map((m) => m.user).find((u) => u.uri !== me.uri)!;
	await page.getByRole('combobox', { name: 'Host' }).selectOption({ label: other.name });
	const theirs = (await api(page, 'GET', `/scheduled_events?user=${encodeURIComponent(other.uri)}&count=100`)).body.collection as {
		start_time: string;
	}[];
	const theirsInRange = theirs.filter((e) => localDate(me.timezone, e.start_time) >= from && localDate(me.timezone, e.start_time) <= to);
	const list = page.getByRole('list', { name: 'Date range events' }).getByRole('listitem');
	if (theirsInRange.length) await expect(list).toHaveCount(theirsInRange.length);
	else await expect(page.getByText('No events in this date range')).toBeVisible();
});
