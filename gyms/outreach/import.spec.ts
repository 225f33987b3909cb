/**
 * Outreach importState: the values the API would refuse (integrity.ts `valueIssues`) are refused naming the path,
 * and nothing is written (the export is byte-identical): a duplicate email, and a mailing whose last open / click
 * contradicts its count or precedes its delivery.
 */
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { worldFor } from '../../seeds';
import type { GymExport } from '../types';
import { OutreachDb } from './db';
import { createOutreachGym } from './index';
import type { Mailing, Prospect } from './schema';

const gym = createOutreachGym(new OutreachDb('outreach-import-spec'));
const world = worldFor(1);

beforeAll(async () => {
	await gym.reset({ run_id: 'outreach-import', task_id: null, seed: 1, clock: world.epoch });
});

/** Imports `bad` and expects the refusal `message`, with the export unchanged. */
async function refused(bad: GymExport, message: string): Promise<void> {
	const before = JSON.stringify(await gym.exportState());
	await expect(gym.importState(bad)).rejects.toThrow(message);
	expect(JSON.stringify(await gym.exportState())).toBe(before);
}

describe('Outreach importState: values the API refuses', () => {
	it('two prospects with one email (any case) are refused at the second, and nothing is written', async () => {
		const bad = structuredClone(await gym.exportState());
		const prospects = bad.tables.prospects as Prospect[];
		const a = prospects.findIndex((p) => p.attributes.emails.length > 0);
		const b = prospects.findIndex((p, i) => i > a && p.attributes.emails.length > 0);
		const email = prospects[a]!.attributes.emails[0]!;
		prospects[b]!.attributes.emails = [...prospects[b]!.attributes.emails, email.toUpperCase()];
		const j = prospects[b]!.attributes.emails.length - 1;
		await refused(bad, `gyms.outreach: tables.prospects.${b}.attributes.emails.${j}: A Contact with this email_hash already exists`);
	});

	it('a mailing with opens but no last-open time, a last open before delivery, or a click time without clicks is refused', async () => {
		const base = await gym.exportState();
		const i = (base.tables.mailings as Mailing[]).findIndex((m) => m.attributes.openCount > 1);
		let bad = structuredClone(base);
		(bad.tables.mailings as Mailing[])[i]!.attributes.openedAt = null;
		await refused(bad, `gyms.outreach: tables.mailings.${i}.attributes.openedAt: openedAt is the most recent open: openCount`);
		bad = structuredClone(base);
		const m = (bad.tables.mailings as Mailing[])[i]!;
		m.attributes.openedAt = '2000-01-01T00:00:00.000Z';
		await refused(bad, `gyms.outreach: tables.mailings.${i}.attributes.openedAt: openedAt 2000-01-01T00:00:00.000Z is before deliveredAt`);
		bad = structuredClone(base);
		const k = (bad.tables.mailings as Mailing[]).findIndex((x) => x.attributes.clickCount === 0 && x.attributes.deliveredAt !== null);
		(bad.tables.mailings as Mailing[])[k]!.attributes.clickedAt = (bad.tables.mailings as Mailing[])[k]!.attributes.deliveredAt;
		await refused(bad, `gyms.outreach: tables.mailings.${k}.attributes.clickedAt: clickedAt is the most recent click: it needs clickCount of at least 1`);
	});
});
