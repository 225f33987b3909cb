/**
 * Sales Navigator importState: the values the API would refuse (integrity.ts `valueIssues`) are refused naming the
 * path, and nothing is written (the export is byte-identical).
 */
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { worldFor } from '../../seeds';
import type { GymExport } from '../types';
import { LIMITS } from './contract';
import { SalesNavDb } from './db';
import { createSalesNavGym } from './index';
import type { Lead, LeadList, Note, SavedSearch } from './schema';

const gym = createSalesNavGym(new SalesNavDb('salesnav-import-spec'));
const world = worldFor(1);

beforeAll(async () => {
	await gym.reset({ run_id: 'salesnav-import', task_id: null, seed: 1, clock: world.epoch });
});

/** A copy of the current export. */
const exported = async (): Promise<GymExport> => structuredClone(await gym.exportState());

/** Imports `bad` and expects the refusal `message`, with the export unchanged. */
async function refused(bad: GymExport, message: string): Promise<void> {
	const before = JSON.stringify(await gym.exportState());
	await expect(gym.importState(bad)).rejects.toThrow(message);
	expect(JSON.stringify(await gym.exportState())).toBe(before);
}

describe('Sales Navigator importState: values the API refuses', () => {
	it('two lead lists of one owner with one name (trimmed, any case) are refused: DUPLICATE_NAME', async () => {
		const bad = await exported();
		const lists = bad.tables.leadLists as LeadList[];
		const j = lists.findIndex((l, k) => lists.findIndex((o) => o.ownerSeatId === l.ownerSeatId) < k);
		expect(j).toBeGreaterThan(0);
		const first = lists.findIndex((o) => o.ownerSeatId === lists[j]!.ownerSeatId);
		lists[j]!.name = ` ${lists[first]!.name.toUpperCase()} `;
		await refused(bad, `gyms.salesnav: tables.leadLists.${j}.name: DUPLICATE_NAME: leadLists/${lists[first]!.id} of seat`);
	});

	it('a list name over the limit is refused', async () => {
		const bad = await exported();
		(bad.tables.leadLists![0] as LeadList).name = 'x'.repeat(LIMITS.listName + 1);
		await refused(bad, `gyms.salesnav: tables.leadLists.0.name: a list name must have 1–${LIMITS.listName} characters`);
	});

	it('a list description over 500 characters is refused', async () => {
		const bad = await exported();
		(bad.tables.leadLists![0] as LeadList).description = 'd'.repeat(501);
		await refused(bad, 'gyms.salesnav: tables.leadLists.0.description: longer than 500 characters');
	});

	it('two saved searches of one seat with one name are refused: DUPLICATE_NAME', async () => {
		const bad = await exported();
		const searches = bad.tables.savedSearches as SavedSearch[];
		const j = searches.findIndex((s, k) => searches.findIndex((o) => o.ownerSeatId === s.ownerSeatId) < k);
		expect(j).toBeGreaterThan(0);
		const first = searches.findIndex((o) => o.ownerSeatId === searches[j]!.ownerSeatId);
		searches[j]!.name = searches[first]!.name.toLowerCase();
		await refused(bad, `gyms.salesnav: tables.savedSearches.${j}.name: DUPLICATE_NAME: savedSearches/${searches[first]!.id} of seat`);
	});

	it('saved-search keywords over 200 characters are refused', async () => {
		const bad = await exported();
		(bad.tables.savedSearches![0] as SavedSearch).keywords = 'k'.repeat(201);
		await refused(bad, 'gyms.salesnav: tables.savedSearches.0.keywords: longer than 200 characters');
	});

	it('a blank note is refused', async () => {
		const bad = await exported();
		expect(bad.tables.notes!.length).toBeGreaterThan(0);
		(bad.tables.notes![0] as Note).text = '   ';
		await refused(bad, 'gyms.salesnav: tables.notes.0.text: a note must have 1–1000 characters');
	});

	it('a lead with more tags than the limit is refused', async () => {
		const bad = await exported();
		(bad.tables.leads![0] as Lead).tags = Array.from({ length: LIMITS.tags + 1 }, (_, i) => `tag ${i}`);
		await refused(bad, `gyms.salesnav: tables.leads.0.tags: more than ${LIMITS.tags} tags (${LIMITS.tags + 1})`);
	});
});
