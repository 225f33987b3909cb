/**
 * The import checks every gym inherits from the kit (gyms/kit/define.ts `checkKeysAndCounters`): a real state
 * (the seed of every gym, every shipped blueprint's fixtures) passes them; a counter at an existing id and a key
 * twice are refused, naming the path, and nothing is written.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { blueprints } from '../blueprints/registry';
import type { Blueprint } from '../blueprints/schema';
import { valueIssues as calendlyIssues } from './calendly/integrity';
import { valueIssues as hubspotIssues } from './hubspot/integrity';
import { valueIssues as outreachIssues } from './outreach/integrity';
import { valueIssues as salesnavIssues } from './salesnav/integrity';
import { checkKeysAndCounters } from './kit/define';
import { createGyms } from './registry';
import type { RunInit } from './types';
import { canonicalJson } from '../verifier/canonical';

const T0 = '2026-03-02T14:30:00.000Z';
const SHIPPED = [...blueprints().values()];
/** Each gym's check of the values its API would refuse. */
const VALUE_ISSUES: Record<string, (tables: Record<string, unknown[]>) => { path: string; message: string }[]> = {
	calendly: calendlyIssues,
	hubspot: hubspotIssues,
	outreach: outreachIssues,
	salesnav: salesnavIssues
};

describe.each(createGyms().map((g) => [g.name, g] as const))('%s', (name, gym) => {
	const init: RunInit = { run_id: `strict-${name}`, task_id: null, seed: 1, clock: T0 };

	it('its seed exports and imports back unchanged under the stricter checks', async () => {
		await gym.reset(init);
		const exp = await gym.exportState();
		expect(VALUE_ISSUES[name]!(exp.tables)).toEqual([]);
		await gym.importState(exp);
		expect(canonicalJson(await gym.exportState())).toBe(canonicalJson(exp));
	});

	it('every shipped blueprint’s initial state passes the key, counter and value checks', async () => {
		for (const bp of SHIPPED) {
			if (!bp.platforms.includes(name as Blueprint['platforms'][number])) continue;
			await gym.reset({ ...init, task_id: bp.id, clock: bp.clock, fixtures: bp.fixtures[name as keyof Blueprint['fixtures']] });
			const exp = await gym.exportState();
			expect(() => checkKeysAndCounters(name, exp, new Map()), bp.id).not.toThrow();
			expect(VALUE_ISSUES[name]!(exp.tables), bp.id).toEqual([]);
		}
	});

	it('a counter at or below an existing id is refused, and nothing is written', async () => {
		await gym.reset(init);
		const exp = await gym.exportState();
		const table = Object.keys(exp.meta.next_ids).find((t) => (exp.tables[t] ?? []).some((r) => /^\d+$/.test(String((r as { id?: unknown }).id))));
		if (table === undefined) return expect(exp.meta.next_ids, `${name} hands out no counters (ids are UUIDs)`).toEqual({});
		const before = JSON.stringify(exp);
		const bad = structuredClone(exp);
		bad.meta.next_ids[table] = Number((exp.tables[table]![0] as { id: string }).id);
		await expect(gym.importState(bad)).rejects.toThrow(new RegExp(`^gyms\\.${name}: meta\\.next_ids\\.${table}: \\d+ is not above the highest id in ${table}`));
		expect(JSON.stringify(await gym.exportState())).toBe(before);
	});
});
