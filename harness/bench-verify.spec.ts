import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { blueprints } from '../blueprints/registry';
import { createHubSpotGym } from '../gyms/hubspot';
import { HubSpotDb } from '../gyms/hubspot/db';
import { shippedSeeds } from '../gyms/registry';
import { importRun } from '../sw/run';
import { createNodeEngine } from '../verifier/node';
import { verificationInput } from '../verifier/prepare';
import { Assertion } from '../verifier/schema';
import { evaluate } from '../verifier/verify';
import { BENCH_CLOCK, benchAssertions, benchVerifyMemory, formatVerifyDetails, nodeTimings, splitRows, syntheticExport } from './bench-verify';

describe('verify bench inputs', () => {
	it('the synthetic export is importable and the 20 assertions pass on it (and are valid inline assertions)', async () => {
		const doc = syntheticExport(1000);
		expect(splitRows(1000)).toEqual({ contacts: 800, companies: 200 });
		const info = await importRun({ gyms: [createHubSpotGym(new HubSpotDb('bench-verify-import'))], blueprints: blueprints(), seeds: shippedSeeds() }, doc);
		expect(info.counts.hubspot).toMatchObject({ contacts: 800, companies: 200, owners: 5, deals: 0 });
		const assertions = benchAssertions(1000);
		expect(assertions).toHaveLength(20);
		const placed = assertions.map((a) => ({ ...Assertion.parse(a), step: 0, platform: 'inline' }));
		const r = evaluate(
			await createNodeEngine(),
			verificationInput(
				doc,
				placed.map((a) => a.query),
				null
			),
			placed
		);
		expect(r.assertions.filter((a) => !a.passed)).toEqual([]);
	});
	it('with the other gyms of a run, the synthetic export keeps their tables and meta and replaces only HubSpot', () => {
		const others = {
			gyms: { outreach: { prospects: [{ id: '1' }] }, hubspot: { contacts: [{ id: 'x' }] } },
			meta: { outreach: { clock: BENCH_CLOCK, seq: 3, next_ids: {} } }
		};
		const doc = syntheticExport(100, others);
		expect(doc.gyms.outreach).toBe(others.gyms.outreach);
		expect(doc.meta.outreach).toEqual(others.meta.outreach);
		expect(doc.gyms.hubspot!.contacts).toHaveLength(80);
		expect(Object.keys(doc.meta).sort()).toEqual(['hubspot', 'outreach']);
	});
	it('Node timings and a short memory run produce numbers; the table prints them', async () => {
		const t = await nodeTimings(200, 2);
		expect(t.jq).toBeGreaterThan(0);
		expect(t.jqWeb).toBeGreaterThan(0);
		expect(t.bytes).toBeGreaterThan(10_000);
		const m = await benchVerifyMemory(20);
		expect(m.n).toBe(20);
		const text = formatVerifyDetails([{ metric: 'verify_20x1k', page: { total: [10, 12], worker: [5, 6], export: [1, 1], prepare: [1, 1] }, node: t }], m);
		expect(text).toContain('verify_20x1k');
		expect(text).toContain('verify memory (Node, 20 verifications');
	});
});
