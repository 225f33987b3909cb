/**
 * Outreach Tasks screen, in the browser through the Service Worker: the Due today / Overdue / Completed views
 * and the Owner / Type filters list what the export holds for the virtual clock's day; a call task is completed
 * by logging the call (outcome, a disposition of that outcome, a note), which creates the call, completes the
 * task and advances its sequence state; "Start tasks" works through the queue (Mark complete, then Snooze);
 * Reschedule moves the due date; axe finds no serious or critical violation on the list or the open flow.
 */
import { expectNoSeriousA11yViolations } from './axe';
import { expect, reusedGymTest as test } from './fixtures';

interface Row {
	id: string;
	attributes: Record<string, unknown>;
	relationships: Record<string, { data: { id: string; type?: string } | null }>;
}
const outreach = async (text: Promise<string>) => (JSON.parse(await text) as { gyms: { outreach: Record<string, Row[]> } }).gyms.outreach;
const str = (v: unknown) => String(v);

test('views and filters, log a call on a sequence call task, Start tasks queue, reschedule; axe clean', async ({ gym }) => {
	test.setTimeout(150_000); // one long journey on a shared machine; no waits inside
	const page = gym.page;
	await gym.open('/outreach/prospects');
	const run = await gym.reset({ run_id: 'outreach-tasks' });
	const t = await outreach(gym.exportState());
	const day = run.clock.slice(0, 10);
	const start = `${day}T00:00:00.000Z`;
	const end = `${day}T23:59:59.999Z`;
	const open = t.tasks!.filter((x) => x.attributes.state !== 'complete');
	const overdue = open.filter((x) => str(x.attributes.dueAt) < start);
	const today = open.filter((x) => str(x.attributes.dueAt) >= start && str(x.attributes.dueAt) <= end);
	const done = t.tasks!.filter((x) => x.attributes.state === 'complete');
	const status = page.getByRole('status').filter({ hasText: /tasks?$/ });
	const count = (n: number) => `${n} ${n === 1 ? 'task' : 'tasks'}`;

	await gym.open('/outreach/tasks');
	await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
	if (today.length) await expect(status).toHaveText(count(today.length));
	else await expect(page.getByText('Nothing in this view.')).toBeVisible();
	await page.getByRole('tab', { name: 'Overdue' }).click();
	await expect(status).toHaveText(count(overdue.length));
	await page.getByRole('tab', { name: 'Completed' }).click();
	await expect(status).toHaveText(count(done.length));

	// Owner + Type filters on Overdue.
	const ownerId = overdue[0]!.relationships.owner!.data!.id;
	const ownerName = str(t.users!.find((u) => u.id === ownerId)!.attributes.name);
	await page.getByRole('tab', { name: 'Overdue' }).click();
	await page.getByRole('combobox', { name: 'Owner' }).click();
	await page.getByRole('option', { name: ownerName, exact: true }).click();
	await expect(status).toHaveText(count(overdue.filter((x) => x.relationships.owner!.data!.id === ownerId).length));
	await expectNoSeriousA11yViolations(page);
	await page.getByRole('combobox', { name: 'Type' }).click();
	await page.getByRole('option', { name: 'Call', exact: true }).click();
	const ownersCalls = overdue.filter((x) => x.relationships.owner!.data!.id === ownerId && x.attributes.action === 'call');
	if (ownersCalls.length) await expect(status).toHaveText(count(ownersCalls.length));
	else await expect(page.getByText('No task matches these filters.')).toBeVisible();
	await page.getByRole('combobox', { name: 'Owner' }).click();
	await page.getByRole('option', { name: 'All owners' }).click();
	const calls = overdue.filter((x) => x.attributes.action === 'call');
	await expect(status).toHaveText(count(calls.length));

	// A sequence call task on the current step of an active state, whose prospect may be called.
	const stateOf = (x: Row) => t.sequenceStates!.find((s) => s.id === x.relationships.sequenceState?.data?.id);
	const task = calls.find((x) => {
		const s = stateOf(x);
		const p = t.prospects!.find((q) => q.id === x.relationships.subject!.data!.id);
		return (
			s?.attributes.state === 'active' &&
			s.relationships.sequenceStep!.data?.id === x.relationships.sequenceStep!.data?.id &&
			p &&
			!p.attributes.optedOut &&
			!p.attributes.callOptedOut
		);
	})!;
	expect(task).toBeDefined();
	const p = t.prospects!.find((q) => q.id === task.relationships.subject!.data!.id)!;
	const pName = `${str(p.attributes.firstName)} ${str(p.attributes.lastName)}`.trim();
	await page.getByRole('button', { name: `Call ${pName} (task ${task.id})` }).click();
	const flow = page.getByRole('dialog', { name: 'Task 1 of 1' });
	await expect(flow).toBeVisible();
	await flow.getByRole('radio', { name: 'Answered', exact: true }).check();
	await flow.getByRole('combobox', { name: 'Disposition' }).click();
	await expect(page.getByRole('option', { name: 'Left Voicemail' })).toHaveCount(0);
	await page.getByRole('option', { name: 'Connected - Interested' }).click();
	await flow.getByRole('textbox', { name: 'Note' }).fill('Wants a demo next week');
	await expectNoSeriousA11yViolations(page);
	await flow.getByRole('button', { name: 'Log call' }).click();
	await expect(flow).toBeHidden();
	await expect(status).toHaveText(count(calls.length - 1));
	let after = await outreach(gym.exportState());
	const logged = after.calls!.filter((c) => !t.calls!.some((o) => o.id === c.id));
	const disp = t.callDispositions!.find((d) => d.attributes.name === 'Connected - Interested')!;
	expect(logged.map((c) => [c.attributes.outcome, c.attributes.note, c.relationships.callDisposition!.data?.id, c.relationships.task!.data?.id])).toEqual([
		['Answered', 'Wants a demo next week', disp.id, task.id]
	]);
	expect(after.tasks!.find((x) => x.id === task.id)!.attributes.state).toBe('complete');
	const st = after.sequenceStates!.find((s) => s.id === stateOf(task)!.id)!;
	expect(st.relationships.sequenceStep!.data?.id === task.relationships.sequenceStep!.data?.id && st.attributes.state === 'active').toBe(false);

	// Start tasks: the overdue action items of one owner, one at a time.
	await page.getByRole('combobox', { name: 'Type' }).click();
	await page.getByRole('option', { name: 'Action item', exact: true }).click();
	const items = overdue.filter((x) => x.attributes.action === 'action_item');
	await expect(status).toHaveText(count(items.length));
	expect(items.length).toBeGreaterThanOrEqual(3);
	const sorted = [...items].sort((a, b) => (str(a.attributes.dueAt) < str(b.attributes.dueAt) ? -1 : 1));
	await page.getByRole('button', { name: 'Start tasks' }).click();
	await expect(page.getByRole('dialog', { name: `Task 1 of ${items.length}` })).toBeVisible();
	await page.getByRole('textbox', { name: 'Note' }).fill('Done');
	await page.getByRole('button', { name: 'Mark complete' }).click();
	const second = page.getByRole('dialog', { name: `Task 2 of ${items.length}` });
	await expect(second).toBeVisible();
	await second.getByRole('button', { name: 'Snooze' }).click();
	await expect(page.getByRole('dialog', { name: `Task 3 of ${items.length}` })).toBeVisible();
	after = await outreach(gym.exportState());
	const first = after.tasks!.find((x) => x.id === sorted[0]!.id)!;
	expect(first.attributes).toMatchObject({ state: 'complete', note: 'Done' });
	expect(str(first.attributes.completedAt) >= run.clock).toBe(true);
	// Snoozed a day past the virtual now (each write advances the clock by a second).
	const snoozedBy = Date.parse(str(after.tasks!.find((x) => x.id === sorted[1]!.id)!.attributes.dueAt)) - Date.parse(str(first.attributes.completedAt));
	expect(snoozedBy).toBeGreaterThanOrEqual(86_400_000);
	expect(snoozedBy).toBeLessThan(86_400_000 + 60_000);
	await page.keyboard.press('Escape');

	// Reschedule one more overdue action item to a date.
	const third = sorted[2]!;
	await page.getByRole('textbox', { name: `Reschedule task ${third.id} to` }).fill('2026-04-15');
	await page.getByRole('button', { name: `Reschedule task ${third.id}` }).click();
	await expect(page.getByRole('button', { name: `Reschedule task ${third.id}` })).toHaveCount(0);
	after = await outreach(gym.exportState());
	expect(str(after.tasks!.find((x) => x.id === third.id)!.attributes.dueAt)).toBe(`2026-04-15T${str(third.attributes.dueAt).slice(11)}`);
});
