/**
 * Outreach prospect record: Overview and the Sequences tab drive the sequenceState actions. Pausing with a
 * "Resume on" date stores `paused` with its `autoResumeAt`; Resume makes it active; Finish finishes it (the
 * buttons a state does not allow are absent); axe finds no serious or critical violation.
 */
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

interface Row {
	id: string;
	attributes: Record<string, unknown>;
	relationships: Record<string, { data: { id: string } | null }>;
}
const outreach = async (text: Promise<string>) => (JSON.parse(await text) as { gyms: { outreach: Record<string, Row[]> } }).gyms.outreach;

test('pause until a date, resume, finish from the Sequences tab; axe clean', async ({ gym }) => {
	const page = gym.page;
	await gym.open('/outreach/prospects');
	await gym.reset({ run_id: 'outreach-record' });
	const t = await outreach(gym.exportState());
	const counts = new Map<string, number>();
	for (const s of t.sequenceStates!) counts.set(s.relationships.prospect!.data!.id, (counts.get(s.relationships.prospect!.data!.id) ?? 0) + 1);
	const state = t.sequenceStates!.find((s) => s.attributes.state === 'active' && counts.get(s.relationships.prospect!.data!.id) === 1)!;
	const p = t.prospects!.find((x) => x.id === state.relationships.prospect!.data!.id)!;
	const seq = t.sequences!.find((s) => s.id === state.relationships.sequence!.data!.id)!;
	const seqName = String(seq.attributes.name);

	await gym.open(`/outreach/prospects/${p.id}`);
	await expect(page.getByRole('heading', { level: 1, name: `${String(p.attributes.firstName)} ${String(p.attributes.lastName)}` })).toBeVisible();
	await expect(page.getByRole('table', { name: 'Emails' })).toBeVisible();
	await expectNoSeriousA11yViolations(page);
	await page.getByRole('tab', { name: 'Sequences' }).click();
	const table = page.getByRole('table', { name: 'Sequences' });
	await expect(table).toContainText(seqName);
	await expect(page.getByRole('button', { name: `Resume ${seqName}` })).toHaveCount(0);
	await page.getByRole('textbox', { name: `Resume on: ${seqName}` }).fill('2026-04-01');
	await page.getByRole('button', { name: `Pause ${seqName}` }).click();
	await expect(table).toContainText('paused until 2026-04-01');
	let s = (await outreach(gym.exportState())).sequenceStates!.find((x) => x.id === state.id)!;
	expect(s.attributes).toMatchObject({ state: 'paused', autoResumeAt: '2026-04-01T09:00:00.000Z' });
	await expect(page.getByRole('button', { name: `Finish ${seqName}` })).toHaveCount(0);
	await page.getByRole('button', { name: `Resume ${seqName}` }).click();
	await expect(page.getByRole('button', { name: `Finish ${seqName}` })).toBeVisible();
	await expectNoSeriousA11yViolations(page);
	await page.getByRole('button', { name: `Finish ${seqName}` }).click();
	await expect(table).toContainText('finished');
	s = (await outreach(gym.exportState())).sequenceStates!.find((x) => x.id === state.id)!;
	expect(s.attributes.state).toBe('finished');
});
