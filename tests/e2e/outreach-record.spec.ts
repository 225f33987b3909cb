/**
 * Outreach prospect record: Overview and the Sequences tab drive the sequenceState actions. Pausing with a
 * "Resume on" date stores `paused` with its `autoResumeAt`; Resume makes it active; Finish finishes it (the
 * buttons a state does not allow are absent); axe finds no serious or critical violation.
 */
import { expectNoSeriousA11yViolations } from './axe';
import { expect, reusedGymTest as test } from './fixtures';

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

test('one-off email: insert a template, an unresolved variable and an opted-out recipient block Send; Send delivers a mailing; axe clean', async ({ gym }) => {
	const page = gym.page;
	await gym.open('/outreach/prospects');
	await gym.reset({ run_id: 'outreach-composer' });
	const t = await outreach(gym.exportState());
	const bounced = new Set(t.emailAddresses!.filter((a) => a.attributes.status === 'bounced').map((a) => a.relationships.prospect!.data!.id));
	const p = t.prospects!.find(
		(x) =>
			!x.attributes.optedOut &&
			!x.attributes.emailOptedOut &&
			(x.attributes.emails as string[]).length > 0 &&
			!bounced.has(x.id) &&
			x.attributes.firstName &&
			x.relationships.account!.data
	)!;
	const tpl = t.templates!.find((x) => !x.attributes.archived && !/custom/.test(String(x.attributes.bodyHtml) + String(x.attributes.subject)))!;
	const first = String(p.attributes.firstName);

	await gym.open(`/outreach/prospects/${p.id}`);
	await page.getByRole('button', { name: 'Email', exact: true }).click();
	const panel = page.getByRole('dialog', { name: 'New email' });
	await expect(panel).toBeVisible();
	await expect(panel.getByTestId('to')).toHaveText((p.attributes.emails as string[])[0]!);
	await panel.getByRole('combobox', { name: 'Insert template' }).click();
	await page.getByRole('option', { name: String(tpl.attributes.name), exact: true }).click();
	await expect(panel.getByRole('textbox', { name: 'Subject' })).toHaveValue(String(tpl.attributes.subject));
	await panel.getByRole('textbox', { name: 'Subject' }).fill('A note for {{first_name}}');
	await panel.getByRole('textbox', { name: 'Body' }).fill('Hi {{first_name}},\n\nAbout {{custom1}}.');
	await expect(panel.getByRole('alert', { name: 'Cannot send' })).toHaveText('Unresolved variables: {{custom1}}');
	await expect(panel.getByRole('button', { name: 'Send' })).toBeDisabled();
	await expect(panel.getByRole('region', { name: 'Preview' })).toContainText(`A note for ${first}`);
	await expectNoSeriousA11yViolations(page);
	await panel.getByRole('textbox', { name: 'Body' }).fill('Hi {{first_name}},\n\nDo you have 15 minutes on Thursday?');
	await panel.getByRole('button', { name: 'Send' }).click();
	await expect(panel).toBeHidden();
	const after = await outreach(gym.exportState());
	const sent = after.mailings!.filter((m) => !t.mailings!.some((o) => o.id === m.id));
	expect(
		sent.map((m) => [
			m.relationships.prospect!.data!.id,
			m.attributes.subject,
			m.attributes.state,
			m.attributes.mailingType,
			m.relationships.template!.data?.id
		])
	).toEqual([[p.id, `A note for ${first}`, 'delivered', 'single', tpl.id]]);
	expect(String(sent[0]!.attributes.bodyHtml)).toBe(`<p>Hi ${first},</p><p>Do you have 15 minutes on Thursday?</p>`);
	await expect(page.getByRole('table', { name: 'Emails' })).toContainText(`A note for ${first}`);

	// An opted-out prospect: Send stays disabled with the reason.
	const out = t.prospects!.find((x) => x.attributes.optedOut)!;
	await gym.open(`/outreach/prospects/${out.id}`);
	await page.getByRole('button', { name: 'Email', exact: true }).click();
	await page.getByRole('textbox', { name: 'Subject' }).fill('Hello');
	await page.getByRole('textbox', { name: 'Body' }).fill('Hello');
	await expect(page.getByRole('alert', { name: 'Cannot send' })).toContainText('has opted out of email.');
	await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
});
