/**
 * Outreach Prospects list filters and bulk edits, in the browser through the Service Worker: Engagement
 * (replied, opened at least N times), Opted out, Tag and Sequence state each leave exactly the prospects the
 * export says; bulk Change stage and Add tag patch the selected prospects (checked in the export); an empty tag
 * cannot be submitted and writes nothing; axe finds no serious or critical violation.
 */
import { expectNoSeriousA11yViolations } from './axe';
import { expect, reusedGymTest as test } from './fixtures';

interface Row {
	id: string;
	attributes: Record<string, unknown>;
	relationships: Record<string, { data: { id: string } | null }>;
}
const outreach = async (text: Promise<string>) => (JSON.parse(await text) as { gyms: { outreach: Record<string, Row[]> } }).gyms.outreach;

test('engagement, opted-out, tag and sequence-state filters; bulk stage and tag; axe clean', async ({ gym }) => {
	test.slow(); // many filtered loads and two bulk writes on a shared 2-core machine
	const page = gym.page;
	await gym.open('/outreach/prospects');
	await gym.reset({ run_id: 'outreach-prospect-filters' });
	const t = await outreach(gym.exportState());
	const distinct = (rows: Row[]) => new Set(rows.map((m) => m.relationships.prospect!.data!.id)).size;
	const replied = distinct(t.mailings!.filter((m) => m.attributes.repliedAt));
	const opens: Record<string, number> = {};
	for (const m of t.mailings!) opens[m.relationships.prospect!.data!.id] = (opens[m.relationships.prospect!.data!.id] ?? 0) + Number(m.attributes.openCount);
	const opened3 = Object.values(opens).filter((n) => n >= 3).length;
	const optedOut = t.prospects!.filter((p) => p.attributes.optedOut).length;
	const tagCount: Record<string, number> = {};
	for (const p of t.prospects!) for (const g of p.attributes.tags as string[]) tagCount[g] = (tagCount[g] ?? 0) + 1;
	const [tag, tagged] = Object.entries(tagCount).sort((a, b) => a[1] - b[1])[0]!;
	const bounced = distinct(t.sequenceStates!.filter((s) => s.attributes.state === 'bounced'));
	const status = page.getByRole('status').filter({ hasText: /prospects$/ });
	const pick = async (label: string, option: string) => {
		await page.getByRole('combobox', { name: label, exact: true }).click();
		await page.getByRole('option', { name: option, exact: true }).click();
	};

	await gym.open('/outreach/prospects');
	await expect(status).toHaveText(`${t.prospects!.length} prospects`);
	await pick('Engagement', 'Replied');
	await expect(status).toHaveText(`${replied} prospects`);
	await pick('Engagement', 'Opened');
	await page.getByRole('spinbutton', { name: 'Opened at least (times)' }).fill('3');
	await page.getByRole('spinbutton', { name: 'Opened at least (times)' }).press('Tab');
	await expect(status).toHaveText(`${opened3} prospects`);
	await expectNoSeriousA11yViolations(page);
	await pick('Engagement', 'Any engagement');
	await pick('Opted out', 'Opted out');
	await expect(status).toHaveText(`${optedOut} prospects`);
	await pick('Opted out', 'Any');
	await pick('Tag', tag);
	await expect(status).toHaveText(`${tagged} prospects`);
	await pick('Tag', 'Any tag');
	await pick('Sequence state', 'Bounced');
	await expect(status).toHaveText(`${bounced} prospects`);

	// bulk: the first two bounced prospects get stage Replied and a tag
	const rows = page.getByRole('table', { name: 'Prospects' }).getByRole('checkbox');
	await rows.nth(0).check();
	await rows.nth(1).check();
	const picked = await Promise.all([0, 1].map(async (i) => (await rows.nth(i).getAttribute('aria-label'))!.replace(/^Select /, '')));
	const before = await gym.stateDigest();
	await page.getByRole('button', { name: 'Add tag', exact: true }).click();
	const dialog = page.getByRole('dialog', { name: 'Add tag' });
	await expect(dialog.getByRole('button', { name: 'Add tag' })).toBeDisabled();
	await page.keyboard.press('Escape');
	expect(await gym.stateDigest()).toBe(before);
	await page.getByRole('button', { name: 'Add tag', exact: true }).click();
	await dialog.getByRole('textbox', { name: 'Tag name' }).fill('recycle-q2');
	await dialog.getByRole('button', { name: 'Add tag' }).click();
	await expect(page.getByRole('status').filter({ hasText: 'Tag "recycle-q2" added: 2 updated' })).toBeVisible();
	await pick('Change stage', 'Replied');
	await expect(page.getByRole('status').filter({ hasText: 'Stage changed: 2 updated' })).toBeVisible();
	await expectNoSeriousA11yViolations(page);
	const after = await outreach(gym.exportState());
	const repliedStage = after.stages!.find((s) => s.attributes.name === 'Replied')!.id;
	const changed = after.prospects!.filter((p) => (p.attributes.tags as string[]).includes('recycle-q2'));
	expect(changed.map((p) => `${String(p.attributes.firstName)} ${String(p.attributes.lastName)}`).sort()).toEqual([...picked].sort());
	for (const p of changed) expect(p.relationships.stage!.data!.id).toBe(repliedStage);
});
