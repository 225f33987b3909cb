/**
 * Outreach Prospects list and the Add-to-sequence dialog, in the browser through the Service Worker: search and
 * the Stage filter narrow the list (API filters); adding two prospects, one of whom is already active in the
 * chosen sequence, reports "1 added, 1 skipped" with the refusal's reason, and only the new enrollment exists
 * in the export; axe finds no serious or critical violation on the list or the open dialog.
 */
import { expectNoSeriousA11yViolations } from './axe';
import { expect, reusedGymTest as test } from './fixtures';

interface Row {
	id: string;
	attributes: Record<string, unknown>;
	relationships: Record<string, { data: { id: string } | null }>;
}

test.beforeEach(async ({ gym }) => {
	await gym.open('/outreach/prospects');
	await gym.reset({ run_id: 'outreach-prospects' });
});

test('search, stage filter, bulk Add to sequence with a skip; axe clean', async ({ gym }) => {
	const page = gym.page;
	const state = JSON.parse(await gym.exportState()) as { gyms: { outreach: Record<string, Row[]> } };
	const t = state.gyms.outreach;
	const seq = t.sequences!.find((s) => s.attributes.enabled && s.relationships.ruleset!.data?.id === '480001')!;
	const active = t.sequenceStates!.find((s) => s.relationships.sequence!.data!.id === seq.id && s.attributes.state === 'active')!;
	const busy = t.prospects!.find((p) => p.id === active.relationships.prospect!.data!.id)!;
	const inSeq = new Set(t.sequenceStates!.filter((s) => s.relationships.prospect!.data!.id !== busy.id).map((s) => s.relationships.prospect!.data!.id));
	const free = t.prospects!.find(
		(p) => !inSeq.has(p.id) && !p.attributes.optedOut && !p.attributes.emailOptedOut && (p.attributes.emails as string[]).length > 0 && p.id !== busy.id
	)!;
	const bounced = new Set(t.emailAddresses!.filter((a) => a.attributes.status === 'bounced').map((a) => a.relationships.prospect!.data!.id));
	expect(bounced.has(free.id)).toBe(false);
	const name = (p: Row) => `${String(p.attributes.firstName)} ${String(p.attributes.lastName)}`;

	await gym.open('/outreach/prospects');
	await expect(page.getByRole('heading', { level: 1, name: 'Prospects' })).toBeVisible();
	await expect(page.getByRole('status').filter({ hasText: /prospects$/ })).toHaveText(`${t.prospects!.length} prospects`);
	await expectNoSeriousA11yViolations(page);

	// Stage filter: only the prospects of that stage.
	const stage = t.stages!.find((s) => s.attributes.name === 'Cold')!;
	await page.getByRole('combobox', { name: 'Stage', exact: true }).click();
	await page.getByRole('option', { name: 'Cold', exact: true }).click();
	const cold = t.prospects!.filter((p) => p.relationships.stage!.data?.id === stage.id).length;
	await expect(page.getByRole('status').filter({ hasText: /prospects$/ })).toHaveText(`${cold} prospects`);
	await page.getByRole('combobox', { name: 'Stage', exact: true }).click();
	await page.getByRole('option', { name: 'Any stage' }).click();

	// Select the two prospects through the search box.
	for (const p of [busy, free]) {
		await page.getByRole('searchbox', { name: 'Search prospects' }).fill(String(p.attributes.emails && (p.attributes.emails as string[])[0]));
		await page.getByRole('button', { name: 'Search', exact: true }).click();
		await expect(page.getByRole('status').filter({ hasText: /prospects$/ })).toHaveText('1 prospects');
		await page.getByRole('checkbox', { name: `Select ${name(p)}` }).check();
	}
	await expect(page.getByRole('toolbar', { name: 'Bulk actions' })).toContainText('2 selected');
	await page.getByRole('searchbox', { name: 'Search prospects' }).fill('');
	await page.getByRole('button', { name: 'Search', exact: true }).click();

	await page.getByRole('button', { name: 'Add to sequence' }).click();
	const dialog = page.getByRole('dialog', { name: 'Add to sequence' });
	await expect(dialog).toBeVisible();
	await dialog.getByRole('combobox', { name: 'Sequence' }).click();
	await page.getByRole('option', { name: String(seq.attributes.name), exact: true }).click();
	await expectNoSeriousA11yViolations(page);
	await dialog.getByRole('button', { name: 'Add', exact: true }).click();
	await expect(dialog.getByRole('status')).toHaveText('1 added, 1 skipped');
	await expect(dialog.getByRole('list', { name: 'Skipped prospects' })).toContainText(`${name(busy)}: ${name(busy)} is already active in sequence`);

	const after = (JSON.parse(await gym.exportState()) as { gyms: { outreach: Record<string, Row[]> } }).gyms.outreach;
	const added = after.sequenceStates!.filter((s) => !t.sequenceStates!.some((o) => o.id === s.id));
	expect(added.map((s) => [s.relationships.prospect!.data!.id, s.relationships.sequence!.data!.id, s.attributes.state])).toEqual([[free.id, seq.id, 'active']]);
});
