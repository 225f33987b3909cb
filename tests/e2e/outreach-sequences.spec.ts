/**
 * Outreach Sequences list and sequence page, in the browser through the Service Worker: the State filter (API
 * `filter[enabled]`) leaves the inactive sequences; a sequence's Overview shows the engagement the API computes
 * from the mailings (per step and overall), its LinkedIn steps as task steps named by kind; the Prospects tab
 * groups the states; Settings shows its ruleset; Deactivate disables its active states and Activate restores
 * them (checked in the export); an unknown sequence shows "Sequence not found" and writes nothing; axe finds no
 * serious or critical violation.
 */
import { expectNoSeriousA11yViolations } from './axe';
import { expect, reusedGymTest as test } from './fixtures';

interface Row {
	id: string;
	attributes: Record<string, unknown>;
	relationships: Record<string, { data: { id: string } | null }>;
}
const outreach = async (text: Promise<string>) => (JSON.parse(await text) as { gyms: { outreach: Record<string, Row[]> } }).gyms.outreach;

test.beforeEach(async ({ gym }) => {
	await gym.open('/outreach/sequences');
	await gym.reset({ run_id: 'outreach-sequences' });
});

test('list with the State filter; sequence page engagement, prospects by state, settings, Deactivate / Activate; axe clean', async ({ gym }) => {
	test.slow(); // four screens, five axe scans and three exports on a shared 2-core machine
	const page = gym.page;
	const t = await outreach(gym.exportState());
	const inactive = t.sequences!.filter((s) => !s.attributes.enabled);
	const linkedInStep = t.sequenceSteps!.find((s) => String(s.attributes.displayName).includes('LinkedIn'))!;
	const seq = t.sequences!.find((s) => s.id === linkedInStep.relationships.sequence!.data!.id && s.attributes.enabled)!;
	const ofSeq = (m: Row) => m.relationships.sequence?.data?.id === seq.id;
	const delivered = t.mailings!.filter((m) => ofSeq(m) && m.attributes.deliveredAt).length;
	const opened = t.mailings!.filter((m) => ofSeq(m) && m.attributes.openedAt).length;
	const states = t.sequenceStates!.filter((s) => s.relationships.sequence!.data!.id === seq.id);
	const active = states.filter((s) => s.attributes.state === 'active');
	const paused = states.filter((s) => s.attributes.state === 'paused').length;
	expect(delivered).toBeGreaterThan(0);
	expect(active.length).toBeGreaterThan(0);

	await gym.open('/outreach/sequences');
	await expect(page.getByRole('heading', { level: 1, name: 'Sequences' })).toBeVisible();
	await expect(page.getByRole('navigation').getByRole('link', { name: 'Sequences' })).toHaveAttribute('aria-current', 'page');
	await expect(page.getByRole('status').filter({ hasText: /sequences$/ })).toHaveText(`${t.sequences!.length} sequences`);
	await expectNoSeriousA11yViolations(page);
	await page.getByRole('combobox', { name: 'State' }).click();
	await page.getByRole('option', { name: 'Inactive' }).click();
	await expect(page.getByRole('status').filter({ hasText: /sequences$/ })).toHaveText(`${inactive.length} sequences`);
	const table = page.getByRole('table', { name: 'Sequences' });
	for (const s of inactive) await expect(table).toContainText(String(s.attributes.name));
	await expect(table).not.toContainText(String(seq.attributes.name));
	await page.getByRole('combobox', { name: 'State' }).click();
	await page.getByRole('option', { name: 'Any state' }).click();
	await page.getByRole('link', { name: String(seq.attributes.name), exact: true }).click();

	await expect(page.getByRole('heading', { level: 1, name: String(seq.attributes.name) })).toBeVisible();
	await expect(page.getByLabel('State: Active')).toBeVisible();
	const figures = page.getByRole('region', { name: 'Sequence engagement' });
	await expect(figures.getByRole('group', { name: 'Delivered' })).toHaveText(`Delivered ${delivered}`);
	await expect(figures.getByRole('group', { name: 'Opened' })).toHaveText(`Opened ${opened} ${Math.round((opened / delivered) * 100)}%`);
	const steps = page.getByRole('table', { name: 'Steps' });
	await expect(steps.locator('tbody tr')).toHaveCount(t.sequenceSteps!.filter((s) => s.relationships.sequence!.data!.id === seq.id).length);
	await expect(steps.locator('tbody tr').nth(Number(linkedInStep.attributes.order) - 1)).toContainText(/LinkedIn – Send (Connection Request|Message)/);
	await expectNoSeriousA11yViolations(page);

	await page.getByRole('tab', { name: 'Prospects' }).click();
	await expect(page.getByRole('button', { name: `Active (${active.length})` })).toHaveAttribute('aria-pressed', 'true');
	await expect(page.getByRole('table', { name: 'Active prospects' }).locator('tbody tr')).toHaveCount(active.length);
	await page.getByRole('button', { name: `Paused (${paused})` }).click();
	await expect(page.getByRole('button', { name: `Paused (${paused})` })).toHaveAttribute('aria-pressed', 'true');
	await expectNoSeriousA11yViolations(page);

	await page.getByRole('tab', { name: 'Settings' }).click();
	const rs = t.rulesets!.find((r) => r.id === seq.relationships.ruleset!.data!.id)!;
	await expect(page.getByRole('region', { name: 'Ruleset' })).toContainText(String(rs.attributes.name));
	await expectNoSeriousA11yViolations(page);

	await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
	await expect(page.getByLabel('State: Inactive')).toBeVisible();
	let after = await outreach(gym.exportState());
	expect(after.sequences!.find((s) => s.id === seq.id)!.attributes.enabled).toBe(false);
	for (const s of active) expect(after.sequenceStates!.find((x) => x.id === s.id)!.attributes.state).toBe('disabled');
	await page.getByRole('button', { name: 'Activate', exact: true }).click();
	await expect(page.getByLabel('State: Active')).toBeVisible();
	after = await outreach(gym.exportState());
	expect(after.sequences!.find((s) => s.id === seq.id)!.attributes.enabled).toBe(true);
	for (const s of active) expect(after.sequenceStates!.find((x) => x.id === s.id)!.attributes.state).toBe('active');
});

test('an unknown sequence shows "Sequence not found" and writes nothing', async ({ gym }) => {
	const before = await gym.stateDigest();
	await gym.open('/outreach/sequences/999999');
	await expect(gym.page.getByRole('alert')).toContainText("Could not find 'sequence' with ID '999999'.");
	await expect(gym.page.getByRole('button', { name: /Activate|Deactivate/ })).toHaveCount(0);
	expect(await gym.stateDigest()).toBe(before);
});
