import { beforeAll, describe, expect, it } from 'vitest';
import { mergeExports, MergeError, splitExport } from './merge';
import { createNodeEngine } from './node';
import { verificationInput } from './prepare';
import { StateExportDoc, type PlacedAssertion } from './schema';
import { evaluate, type JqEngine } from './verify';

/** A two-gym run: HubSpot and a synthetic Outreach export with a `prospects` table. */
export const twoGyms: StateExportDoc = {
	format: 'salesgym.state',
	version: 1,
	run_id: 'ep-7',
	task_id: 'hubspot/inbound-demo-request-v1',
	seed: 1,
	clock: '2026-03-02T14:30:03.000Z',
	gyms: {
		hubspot: { contacts: [{ id: '901', properties: { email: 'priya@helixbio.com' } }], owners: [{ id: '1003' }] },
		outreach: { prospects: [{ id: '5', attributes: { emails: ['priya@helixbio.com'], optedOut: false } }] }
	},
	events: [
		{ seq: 1, at: '2026-03-02T14:30:00.000Z', gym: 'hubspot', method: 'POST', path: '/crm/v3/objects/contacts', status: 201, entity: 'contacts', id: '901' },
		{ seq: 1, at: '2026-03-02T14:30:01.000Z', gym: 'outreach', method: 'POST', path: '/api/v2/prospects', status: 201, entity: 'prospects', id: '5' },
		{
			seq: 2,
			at: '2026-03-02T14:30:01.000Z',
			gym: 'hubspot',
			method: 'PATCH',
			path: '/crm/v3/objects/contacts/901',
			status: 200,
			entity: 'contacts',
			id: '901'
		}
	].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.gym < b.gym ? -1 : 1)),
	meta: {
		hubspot: { clock: '2026-03-02T14:30:02.000Z', seq: 2, next_ids: { contacts: 902 } },
		outreach: { clock: '2026-03-02T14:30:03.000Z', seq: 1, next_ids: { prospects: 6 } }
	}
};

describe('mergeExports / splitExport', () => {
	it('split then merge gives back the same export, in either order', () => {
		const parts = splitExport(twoGyms);
		expect(parts.map((p) => Object.keys(p.gyms))).toEqual([['hubspot'], ['outreach']]);
		expect(parts[0]!.clock).toBe('2026-03-02T14:30:02.000Z');
		expect(mergeExports(parts[0]!, [parts[1]!])).toEqual(twoGyms);
		expect(mergeExports(parts[1]!, [parts[0]!])).toEqual(twoGyms);
		expect(StateExportDoc.safeParse(parts[1]).success).toBe(true);
	});
	it('orders events by (at, gym, seq)', () => {
		const [h, o] = splitExport(twoGyms);
		expect(mergeExports(o!, [h!]).events.map((e) => `${e.gym}:${e.seq}`)).toEqual(['hubspot:1', 'hubspot:2', 'outreach:1']);
	});
	it('409 when a run_id differs, 400 when a gym appears twice', () => {
		const [h, o] = splitExport(twoGyms);
		const other = { ...o!, run_id: 'ep-8' };
		expect(() => mergeExports(h!, [other])).toThrowError(MergeError);
		try {
			mergeExports(h!, [other]);
		} catch (e) {
			expect((e as MergeError).status).toBe(409);
			expect((e as MergeError).message).toContain('"ep-8" is not the run being verified ("ep-7")');
		}
		try {
			mergeExports(h!, [o!, o!]);
			expect.unreachable();
		} catch (e) {
			expect((e as MergeError).status).toBe(400);
			expect((e as MergeError).message).toContain('gym "outreach" appears twice');
		}
		expect(() => mergeExports(h!, [h!])).toThrowError(/gym "hubspot" appears twice/);
	});
	it('does not modify its inputs', () => {
		const [h, o] = splitExport(twoGyms);
		const before = JSON.stringify([h, o]);
		mergeExports(h!, [o!]);
		expect(JSON.stringify([h, o])).toBe(before);
	});
});

describe('the same verdict whether the gyms share an origin or not', () => {
	let jq: JqEngine;
	beforeAll(async () => {
		jq = await createNodeEngine();
	});
	const A = (id: string, query: string, op: PlacedAssertion['op'], expected?: unknown): PlacedAssertion => ({
		id,
		description: 'd',
		query,
		op,
		expected,
		step: 0,
		platform: 'hubspot',
		weight: 1,
		gating: true
	});
	const assertions = [
		A('in-both', '[.hubspot.contacts[].properties.email] - [.outreach.prospects[].attributes.emails[]] | length', 'eq', 0),
		A('crm-before-outreach', '($events | map(select(.gym == "hubspot")) | .[0].at) < ($events | map(select(.gym == "outreach")) | .[0].at)', 'truthy'),
		A('no-opted-out', '[.outreach.prospects[] | select(.attributes.optedOut)] | length', 'eq', 0),
		A('now', '$now', 'eq', '2026-03-02T14:30:03.000Z'),
		A('gyms', 'keys', 'eq', ['hubspot', 'outreach']),
		A('events', '$events | length', 'eq', 3),
		A('failing', '.outreach.prospects | length', 'eq', 2)
	];
	it('split into per-gym exports and merged: identical verdicts', () => {
		const queries = assertions.map((a) => a.query);
		const together = evaluate(jq, verificationInput(twoGyms, queries, null), assertions);
		const [h, o] = splitExport(twoGyms);
		const apart = evaluate(jq, verificationInput(mergeExports(h!, [o!]), queries, null), assertions);
		const strip = (r: typeof together) => ({ ...r, ms: 0, assertions: r.assertions.map((x) => ({ ...x, ms: 0 })) });
		expect(strip(apart)).toEqual(strip(together));
		expect(together.assertions.map((r) => r.passed)).toEqual([true, true, true, true, true, true, false]);
	});
	it('a gym judged without its peer differs (the merge matters)', () => {
		const [h] = splitExport(twoGyms);
		const alone = evaluate(
			jq,
			verificationInput(
				h!,
				assertions.map((a) => a.query),
				null
			),
			assertions
		);
		expect(alone.assertions.find((r) => r.id === 'gyms')!.passed).toBe(false);
	});
});
