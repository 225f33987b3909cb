/**
 * Outreach importState: the values the API would refuse (integrity.ts `valueIssues`) are refused naming the path,
 * and nothing is written (the export is byte-identical).
 */
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { worldFor } from '../../seeds';
import type { GymExport } from '../types';
import { OutreachDb } from './db';
import { createOutreachGym } from './index';
import type { Prospect } from './schema';

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
});
