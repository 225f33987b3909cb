/**
 * Outreach prospect record, inline edits: a custom field set from "Show all custom fields" is saved by
 * `PATCH /prospects/{id}` and listed among the set ones; a value over 32000 characters is refused under the field and
 * nothing is written; Stage and Owner are changed with their dropdowns and saved together (the export has the new
 * relationships). The Activity tab shows "Opened N times, last opened <time>" from the mailing's `openCount` /
 * `openedAt`. Axe finds no serious or critical violation.
 */
import { expectNoSeriousA11yViolations } from './axe';
import { expect, reusedGymTest as test } from './fixtures';

interface Row {
	id: string;
	attributes: Record<string, unknown>;
	relationships: Record<string, { data: { id: string } | null }>;
}
const outreach = async (text: Promise<string>) => (JSON.parse(await text) as { gyms: { outreach: Record<string, Row[]> } }).gyms.outreach;

test('custom fields, stage and owner edit inline; an over-long value is refused and writes nothing; axe clean', async ({ gym }) => {
	test.slow(); // 150 inline properties, two axe scans and five exports on a shared 2-core machine
	const page = gym.page;
	await gym.open('/outreach/prospects');
	await gym.reset({ run_id: 'outreach-record-edit' });
	const t = await outreach(gym.exportState());
	const p = t.prospects!.find((x) => x.relationships.stage!.data && x.relationships.owner!.data && !x.attributes.optedOut)!;
	const stage = t.stages!.find((s) => s.id !== p.relationships.stage!.data!.id)!;
	const owner = t.users!.find((u) => u.id !== p.relationships.owner!.data!.id)!;
	const row = async () => (await outreach(gym.exportState())).prospects!.find((x) => x.id === p.id)!;

	await gym.open(`/outreach/prospects/${p.id}`);
	const custom = page.getByRole('region', { name: 'Custom fields' });
	await expect(custom).toContainText('No custom fields have a value.');
	await custom.getByRole('button', { name: 'Show all custom fields' }).click();
	await expect(custom.getByRole('button', { name: 'Show all custom fields' })).toHaveAttribute('aria-pressed', 'true');
	await expect(custom.getByRole('button', { name: /^Edit Custom Field \d+$/ })).toHaveCount(150);
	await expectNoSeriousA11yViolations(page);
	await custom.getByRole('button', { name: 'Edit Custom Field 3', exact: true }).click();
	await custom.getByRole('textbox', { name: 'Custom Field 3', exact: true }).fill('Renewal in Q3');
	await custom.getByRole('button', { name: 'Save' }).click();
	await expect(custom.getByRole('status')).toHaveText('Custom fields saved');
	expect((await row()).attributes.custom3).toBe('Renewal in Q3');
	await custom.getByRole('button', { name: 'Show all custom fields' }).click();
	await expect(custom.getByRole('button', { name: /^Edit Custom Field \d+$/ })).toHaveCount(1);
	await expect(custom.getByRole('group', { name: 'Custom Field 3', exact: true })).toContainText('Renewal in Q3');

	// Over the limit: refused under the field, nothing written.
	const before = JSON.stringify(await row());
	await custom.getByRole('button', { name: 'Edit Custom Field 3', exact: true }).click();
	await custom.getByRole('textbox', { name: 'Custom Field 3', exact: true }).fill('x'.repeat(32001));
	await custom.getByRole('button', { name: 'Save' }).click();
	await expect(custom.getByRole('alert')).toHaveText('Custom Field 3 is too long (maximum is 32000 characters, got 32001).');
	await expect(custom.getByRole('textbox', { name: 'Custom Field 3', exact: true })).toHaveAttribute('aria-invalid', 'true');
	expect(JSON.stringify(await row())).toBe(before);
	await custom.getByRole('button', { name: 'Cancel' }).click();
	await expect(custom.getByRole('group', { name: 'Custom Field 3', exact: true })).toContainText('Renewal in Q3');

	// Stage and owner.
	const overview = page.getByRole('region', { name: 'Overview' });
	await overview.getByRole('button', { name: 'Edit Stage' }).click();
	await overview.getByRole('combobox', { name: 'Stage' }).click();
	await page.getByRole('option', { name: String(stage.attributes.name), exact: true }).click();
	await overview.getByRole('button', { name: 'Edit Owner' }).click();
	await overview.getByRole('combobox', { name: 'Owner' }).click();
	await page.getByRole('option', { name: String(owner.attributes.name), exact: true }).click();
	await expect(overview).toContainText("You've changed 2 fields");
	await expectNoSeriousA11yViolations(page);
	await overview.getByRole('button', { name: 'Save' }).click();
	await expect(overview.getByRole('status')).toHaveText('Prospect saved');
	await expect(overview.getByRole('group', { name: 'Stage' })).toContainText(String(stage.attributes.name));
	await expect(overview.getByRole('group', { name: 'Owner' })).toContainText(String(owner.attributes.name));
	const after = await row();
	expect(after.relationships.stage!.data!.id).toBe(stage.id);
	expect(after.relationships.owner!.data!.id).toBe(owner.id);
	expect(after.attributes.custom3).toBe('Renewal in Q3');
});

test('Activity shows each email opened N times with the last open, and clicks likewise', async ({ gym }) => {
	const page = gym.page;
	await gym.open('/outreach/prospects');
	await gym.reset({ run_id: 'outreach-record-opens' });
	const t = await outreach(gym.exportState());
	const m = t.mailings!.find((x) => (x.attributes.openCount as number) > 1 && (x.attributes.clickCount as number) > 1)!;
	const at = (v: unknown) => String(v).slice(0, 16).replace('T', ' ');

	await gym.open(`/outreach/prospects/${m.relationships.prospect!.data!.id}`);
	const table = page.getByRole('table', { name: 'Emails' });
	const tr = table
		.getByRole('row')
		.filter({ hasText: String(m.attributes.subject) })
		.filter({ hasText: `last opened ${at(m.attributes.openedAt)}` });
	await expect(tr).toHaveCount(1);
	await expect(tr.getByRole('cell', { name: `Opened ${String(m.attributes.openCount)} times, last opened ${at(m.attributes.openedAt)}` })).toBeVisible();
	await expect(tr.getByRole('cell', { name: `Clicked ${String(m.attributes.clickCount)} times, last clicked ${at(m.attributes.clickedAt)}` })).toBeVisible();
	await expect(table.getByRole('columnheader', { name: 'Opened' })).toBeVisible();
	await expectNoSeriousA11yViolations(page);
});
