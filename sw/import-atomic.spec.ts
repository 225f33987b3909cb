/**
 * `PUT /__salesgym/state` (sw/run.ts importRun) over several gyms is all or nothing: a slice that one gym refuses
 * leaves EVERY gym as it was, including those checked before it (each gym's import used to be written as soon as it
 * was valid, so a refusal in the second gym left the first one imported).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { blueprints } from '../blueprints/registry';
import { createGyms, shippedSeeds } from '../gyms/registry';
import type { CrmObject } from '../gyms/hubspot/schema';
import { exportRun, importRun, initRun, RunError, type RunContext } from './run';

describe('importRun', () => {
	it('refuses a multi-gym import naming the path, and writes no gym', async () => {
		const c: RunContext = { gyms: createGyms(), blueprints: blueprints(), seeds: shippedSeeds() };
		expect(c.gyms[0]!.name).toBe('hubspot');
		await initRun(c, { run_id: 'atomic' });
		const before = (await exportRun(c)).json;
		const doc = JSON.parse(before);
		(doc.gyms.hubspot.contacts[0] as CrmObject).properties.jobtitle = 'Imported title';
		const last = c.gyms.at(-1)!.name;
		const table = Object.keys(doc.gyms[last]).find((t) => doc.gyms[last][t].length > 1)!;
		doc.gyms[last][table].push(doc.gyms[last][table][0]);
		const err = await importRun(c, doc).then(
			() => null,
			(e: RunError) => e
		);
		expect(err).toBeInstanceOf(RunError);
		expect(err?.status).toBe(400);
		expect(err?.message).toMatch(new RegExp(`^gyms\\.${last}: tables\\.${table}\\.\\d+\\.`));
		expect((await exportRun(c)).json).toBe(before);
	});
});
