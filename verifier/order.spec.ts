import { describe, expect, it } from 'vitest';
import { mergeExports, sortEvents } from './merge';
import type { StateExportDoc } from './schema';

const ev = (gym: string, seq: number, at: string, run_seq?: number) => ({
	gym,
	seq,
	at,
	method: 'POST',
	path: '/x',
	status: 200,
	entity: 'x',
	id: String(seq),
	...(run_seq === undefined ? {} : { run_seq })
});

describe('$events order', () => {
	it('by run_seq when every event has one (a virtual clock per gym says nothing about cross-gym order)', () => {
		// salesnav wrote first (run_seq 1) although its clock is later than hubspot's.
		const events = [ev('hubspot', 1, '2026-03-02T14:30:00.000Z', 2), ev('salesnav', 1, '2026-03-02T14:31:00.000Z', 1)];
		expect(sortEvents([...events]).map((e) => e.gym)).toEqual(['salesnav', 'hubspot']);
	});
	it('by (at, gym, seq) when an event lacks run_seq (version-1 exports)', () => {
		const events = [ev('hubspot', 1, '2026-03-02T14:30:00.000Z', 2), ev('salesnav', 1, '2026-03-02T14:31:00.000Z')];
		expect(sortEvents([...events]).map((e) => e.gym)).toEqual(['hubspot', 'salesnav']);
	});
	it('mergeExports applies it to the union of the exports', () => {
		const doc = (gym: string, events: ReturnType<typeof ev>[]): StateExportDoc => ({
			format: 'salesgym.state',
			version: 2,
			run_id: 'r',
			task_id: null,
			seed: 1,
			clock: '2026-03-02T14:31:00.000Z',
			gyms: { [gym]: {} },
			events,
			meta: { [gym]: { clock: '2026-03-02T14:31:00.000Z', seq: events.length, next_ids: {}, run_seq: events.length, actor: '1001' } }
		});
		const merged = mergeExports(doc('hubspot', [ev('hubspot', 1, '2026-03-02T14:30:00.000Z', 3)]), [
			doc('salesnav', [ev('salesnav', 1, '2026-03-02T14:31:00.000Z', 1), ev('salesnav', 2, '2026-03-02T14:31:00.000Z', 2)])
		]);
		expect(merged.events.map((e) => `${e.gym}:${e.run_seq}`)).toEqual(['salesnav:1', 'salesnav:2', 'hubspot:3']);
	});
});
