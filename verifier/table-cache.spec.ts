/**
 * The verifier jq's table cache (verifier/jq/sg_tables.c, `runSpans` in jq-engine.ts): a run over a document whose
 * tables are marked by spans gives the same bytes as the plain run, whatever changed between runs, and a run never
 * sees a value an earlier run made or a table it did not send.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical';
import { createNodeEngine } from './node';
import { verificationInputJson } from './prepare';
import type { PlacedAssertion } from './schema';
import { evaluate, TablesNotHeldError, type Evaluation, type JqEngine, type JqSpan } from './verify';

let cached: JqEngine;
let plain: JqEngine;
beforeAll(async () => {
	cached = await createNodeEngine();
	plain = await createNodeEngine();
});

const utf8 = new TextEncoder();

/** A document `{"state":{gym:{table:rows}},"tail":…}` as bytes, and the spans of its tables. */
function docOf(state: Record<string, Record<string, unknown[]>>, tail: unknown = 1): { bytes: Uint8Array; spans: JqSpan[] } {
	const pieces: string[] = ['{"state":{'];
	const spans: JqSpan[] = [];
	let at = utf8.encode(pieces[0]!).length;
	const push = (s: string) => {
		pieces.push(s);
		at += utf8.encode(s).length;
	};
	Object.keys(state)
		.sort()
		.forEach((g, i) => {
			push(`${i ? ',' : ''}${JSON.stringify(g)}:{`);
			Object.keys(state[g]!)
				.sort()
				.forEach((t, k) => {
					push(`${k ? ',' : ''}${JSON.stringify(t)}:`);
					const json = canonicalJson(state[g]![t]);
					spans.push({ key: `state ${g} ${t}`, start: at, end: at + utf8.encode(json).length });
					push(json);
				});
			push('}');
		});
	push(`},"tail":${JSON.stringify(tail)}}`);
	return { bytes: utf8.encode(pieces.join('')), spans };
}

/** Runs `program` through both engines; returns [cached, plain] outputs or error messages. */
function both(doc: { bytes: Uint8Array; spans: JqSpan[] }, program: string): [string, string] {
	const out = (f: () => string) => {
		try {
			return f();
		} catch (err) {
			return `ERROR ${(err as Error).message}`;
		}
	};
	return [out(() => cached.runSpans!(doc.bytes, doc.spans, program)), out(() => plain.run(doc.bytes, program))];
}

const contacts = (n: number, name = 'First') =>
	Array.from({ length: n }, (_, i) => ({ id: String(i + 1), properties: { firstname: `${name}${i + 1}`, email: `p${i + 1}@example.com`, score: i * 1.5 } }));

describe('runSpans', () => {
	it('gives the plain run’s output, run after run, as tables change, grow, shrink and come back', () => {
		const program =
			'[.state.hubspot.contacts[-1].properties.firstname, (.state.hubspot.companies | length), .state.outreach.prospects[0], .tail, (.state | keys)]';
		const states = [
			{ hubspot: { contacts: contacts(50), companies: [{ id: 'c1' }] }, outreach: { prospects: [{ id: 1 }] } },
			{ hubspot: { contacts: contacts(50), companies: [{ id: 'c1' }] }, outreach: { prospects: [{ id: 1 }] } },
			{ hubspot: { contacts: contacts(50, 'Second'), companies: [{ id: 'c1' }] }, outreach: { prospects: [{ id: 1 }] } },
			{ hubspot: { contacts: contacts(51), companies: [] }, outreach: { prospects: [{ id: 2 }] } },
			{ hubspot: { contacts: contacts(3), companies: [{ id: 'c1' }] }, outreach: { prospects: [] } },
			{ hubspot: { contacts: contacts(50), companies: [{ id: 'c1' }] }, outreach: { prospects: [{ id: 1 }] } }
		];
		const outs = states.map((s, i) => both(docOf(s, i), program));
		for (const [c, p] of outs) expect(c).toBe(p);
		expect(outs.map(([c]) => JSON.parse(c)[0])).toEqual(['First50', 'First50', 'Second50', 'First51', 'First3', 'First50']);
	});

	it('changes only the tables it is sent: a table left out of a run is not in that run’s input', () => {
		both(docOf({ hubspot: { contacts: contacts(5), deals: [{ id: 'd1' }] } }), '.');
		const [c, p] = both(docOf({ hubspot: { contacts: contacts(5) } }), '.state.hubspot | keys');
		expect(c).toBe(p);
		expect(JSON.parse(c)).toEqual(['contacts']);
	});

	it('never lets a run’s update reach the cached table (jq values are copy-on-write)', () => {
		const doc = docOf({ hubspot: { contacts: contacts(4) } });
		const [first] = both(doc, '.state.hubspot.contacts[0].properties.firstname = "Mutated" | .state.hubspot.contacts[0].properties.firstname');
		expect(first).toBe('"Mutated"');
		const [c, p] = both(doc, '.state.hubspot.contacts[0].properties.firstname');
		expect(c).toBe(p);
		expect(c).toBe('"First1"');
	});

	it('leaves a look-alike placeholder that is a row’s value, not a table, as the string it is', () => {
		const doc = docOf({ hubspot: { contacts: [{ id: '1', properties: { firstname: '\u0000sg:0' } }] } });
		both(doc, '.');
		const [c, p] = both(doc, '.state.hubspot.contacts[0].properties.firstname');
		expect(c).toBe(p);
		expect(JSON.parse(c)).toBe('\u0000sg:0');
	});

	it('keeps jq’s error messages: runtime errors (with the input position), compile errors and invalid table JSON', () => {
		const doc = docOf({ hubspot: { contacts: contacts(3) } });
		for (const program of [
			'.state.hubspot.contacts[0].properties.firstname | tonumber',
			'.state.hubspot.contacts[',
			'error("x")',
			'input_line_number, $__loc__'
		]) {
			const [c, p] = both(doc, program);
			expect(c).toBe(p);
		}
		const bad = docOf({ hubspot: { contacts: contacts(3) } });
		const broken = new Uint8Array(bad.bytes);
		broken[bad.spans[0]!.start + 1] = 0x7d; // `[}` : not JSON
		const [c, p] = both({ bytes: broken, spans: bad.spans }, '.state.hubspot.contacts | length');
		expect(c).toMatch(/^ERROR /);
		expect(c).toBe(p);
		// …and the next good run is served normally.
		const [c2, p2] = both(bad, '.state.hubspot.contacts | length');
		expect([c2, p2]).toEqual(['3', '3']);
	});

	it('falls back to the plain run when the spans are not sorted, disjoint ranges of the input', () => {
		const doc = docOf({ hubspot: { contacts: contacts(3), deals: [{ id: 'd' }] } });
		const [s0, s1] = doc.spans as [JqSpan, JqSpan];
		for (const spans of [[s1, s0], [s0, { ...s1, start: s0.start }], [{ ...s0, end: doc.bytes.length + 1 }], [s0, { ...s1, key: s0.key }]]) {
			const [c, p] = both({ bytes: doc.bytes, spans }, '.state.hubspot | [(.contacts | length), .deals[0].id]');
			expect(c).toBe(p);
			expect(JSON.parse(c)).toEqual([3, 'd']);
		}
	});
});

describe('versioned and held tables', () => {
	it('parses each sent version and names its value by that version, and runs a held one (sent as null) from what it holds', async () => {
		const engine = await createNodeEngine();
		const doc = docOf({ hubspot: { contacts: contacts(6), deals: [{ id: 'd' }] } });
		const [c0, d0] = doc.spans as [JqSpan, JqSpan];
		const program = '.state.hubspot | [(.contacts | length), .deals[0].id]';
		expect(
			engine.runSpans!(
				doc.bytes,
				[
					{ ...c0, id: 'v1' },
					{ ...d0, id: 'v2' }
				],
				program
			)
		).toBe('[6,"d"]');
		expect(engine.holds!('v1')).toBe(true);
		expect(engine.holds!('v9')).toBe(false);
		// Both tables held: the input carries `null` where they were.
		const skeleton = utf8.encode('{"state":{"hubspot":{"contacts":null,"deals":null}},"tail":1}');
		const at = (k: string) => new TextDecoder().decode(skeleton).indexOf(`"${k}":null`) + k.length + 3;
		const heldSpans: JqSpan[] = [
			{ key: c0.key, start: at('contacts'), end: at('contacts') + 4, id: 'v1', held: true },
			{ key: d0.key, start: at('deals'), end: at('deals') + 4, id: 'v2', held: true }
		];
		expect(engine.runSpans!(skeleton, heldSpans, program)).toBe('[6,"d"]');
		// A held version it does not hold is refused, never run over `null`.
		expect(() => engine.runSpans!(skeleton, [{ ...heldSpans[0]!, id: 'v3' }, heldSpans[1]!], program)).toThrow(/does not hold/);
		// A new version of one table replaces it; the other stays held.
		const next = docOf({ hubspot: { contacts: contacts(2), deals: [{ id: 'd' }] } });
		expect(
			engine.runSpans!(
				next.bytes,
				[
					{ ...next.spans[0]!, id: 'v4' },
					{ ...next.spans[1]!, id: 'v2' }
				],
				program
			)
		).toBe('[2,"d"]');
		expect([engine.holds!('v1'), engine.holds!('v4'), engine.holds!('v2')]).toEqual([false, true, true]);
	});

	it('shares one parsed value between keys of the same version, and keeps a version a later span holds while an earlier one moves off it', async () => {
		const engine = await createNodeEngine();
		const program = '[.state.hubspot.contacts[0].id, .state.hubspot.deals[0].id]';
		const one = docOf({ hubspot: { contacts: [{ id: 'c' }], deals: [{ id: 'd' }] } });
		const [c, d] = one.spans as [JqSpan, JqSpan];
		expect(
			engine.runSpans!(
				one.bytes,
				[
					{ ...c, id: 'vc' },
					{ ...d, id: 'vd' }
				],
				program
			)
		).toBe('["c","d"]');
		// contacts moves to a new version while deals, later in the input, is held at contacts' old version: the
		// deals key now shows that value (the sender says so), and it must still be there when deals is resolved.
		const two = docOf({ hubspot: { contacts: [{ id: 'c2' }], deals: [null] } });
		const skeleton = new Uint8Array(two.bytes);
		const heldAt = two.spans[1]!;
		const nullText = utf8.encode('null');
		const bytes = new Uint8Array([...skeleton.subarray(0, heldAt.start), ...nullText, ...skeleton.subarray(heldAt.end)]);
		const spans: JqSpan[] = [
			{ ...two.spans[0]!, id: 'vc2' },
			{ key: heldAt.key, start: heldAt.start, end: heldAt.start + 4, id: 'vc', held: true }
		];
		expect(engine.runSpans!(bytes, spans, program)).toBe('["c2","c"]');
		// vd is no longer under any key: freed; vc is under deals, vc2 under contacts.
		expect([engine.holds!('vc'), engine.holds!('vc2'), engine.holds!('vd')]).toEqual([true, true, false]);
	});

	it('keeps only the tables its last input named: one left out is released, and must be sent again', async () => {
		const engine = await createNodeEngine();
		const program = '.state.hubspot | keys';
		const both2 = docOf({ hubspot: { contacts: [{ id: 'c' }], deals: [{ id: 'd' }] } });
		const [c, d] = both2.spans as [JqSpan, JqSpan];
		engine.runSpans!(
			both2.bytes,
			[
				{ ...c, id: 'k1' },
				{ ...d, id: 'k2' }
			],
			program
		);
		expect([engine.holds!('k1'), engine.holds!('k2')]).toEqual([true, true]);
		const one = docOf({ hubspot: { contacts: [{ id: 'c' }] } });
		expect(engine.runSpans!(one.bytes, [{ ...one.spans[0]!, id: 'k1' }], program)).toBe('["contacts"]');
		expect([engine.holds!('k1'), engine.holds!('k2')]).toEqual([true, false]);
		const skeleton = utf8.encode('{"state":{"hubspot":{"deals":null}},"tail":1}');
		const at = new TextDecoder().decode(skeleton).indexOf('null');
		expect(() => engine.runSpans!(skeleton, [{ key: d.key, start: at, end: at + 4, id: 'k2', held: true }], program)).toThrow(/does not hold/);
	});

	it('trusts a version id only for what was sent under it: a sent span with an id it holds for other bytes is parsed again', async () => {
		const engine = await createNodeEngine();
		const program = '.state.hubspot.contacts[0].id';
		const a = docOf({ hubspot: { contacts: [{ id: 'old' }] } });
		expect(engine.runSpans!(a.bytes, [{ ...a.spans[0]!, id: 'v0' }], program)).toBe('"old"');
		// A restarted sender counts its ids from 0 again: the same id now names other bytes, and they are what counts.
		const b = docOf({ hubspot: { contacts: [{ id: 'new' }] } });
		expect(engine.runSpans!(b.bytes, [{ ...b.spans[0]!, id: 'v0' }], program)).toBe('"new"');
		const held = utf8.encode('{"state":{"hubspot":{"contacts":null}},"tail":1}');
		const at = new TextDecoder().decode(held).indexOf('null');
		expect(engine.runSpans!(held, [{ key: b.spans[0]!.key, start: at, end: at + 4, id: 'v0', held: true }], program)).toBe('"new"');
	});

	it('evaluate refuses an input whose held tables the engine lacks (TablesNotHeldError), before running anything', async () => {
		const engine = await createNodeEngine();
		const state = utf8.encode('{"hubspot":{"contacts":null}}');
		const input = { state, tables: [{ gym: 'hubspot', table: 'contacts', start: 23, end: 27, id: 'x1', held: true }] };
		const as: PlacedAssertion[] = [
			{ id: 'n', description: 'n', query: '.hubspot.contacts | length', op: 'eq', expected: 0, step: 0, platform: 'hubspot', weight: 1, gating: true }
		];
		expect(() => evaluate(engine, input, as)).toThrow(TablesNotHeldError);
		expect(() => evaluate({ run: (i, p) => plain.run(i, p) }, input, as)).toThrow(/does not hold hubspot.contacts/);
	});
});

describe('evaluate over a Service Worker input with table spans', () => {
	const placed = (id: string, query: string, op: PlacedAssertion['op'], expected?: unknown): PlacedAssertion => ({
		id,
		description: id,
		query,
		op,
		expected,
		step: 0,
		platform: 'hubspot',
		weight: 1,
		gating: true
	});
	const assertions = [
		placed('count', '.hubspot.contacts | length', 'eq', 40),
		placed('name', '.hubspot.contacts[] | select(.id == "7") | .properties.firstname', 'eq', 'First7'),
		placed('runtime', '.hubspot.contacts[0].properties.email | tonumber', 'eq', 1),
		placed('many', '.hubspot.contacts[].id', 'eq', '1'),
		placed('deals', '.hubspot.deals', 'count_gte', 1),
		placed('halt', 'halt_error', 'eq', 1),
		placed('clock', '$now', 'after', '2026-01-01T00:00:00.000Z')
	];
	const strip = (e: Evaluation) => ({ ...e, ms: 0, assertions: e.assertions.map((x) => ({ ...x, ms: 0 })) });
	const input = (gyms: Record<string, Record<string, unknown[]>>) =>
		verificationInputJson(
			{
				gyms: Object.fromEntries(
					Object.entries(gyms).map(([g, ts]) => [g, Object.fromEntries(Object.entries(ts).map(([t, rows]) => [t, utf8.encode(canonicalJson(rows))]))])
				),
				events: [],
				clock: '2026-03-02T14:30:00.000Z'
			},
			assertions.map((a) => a.query),
			null
		);

	it('marks where each table lies in the state bytes', () => {
		const vi = input({ hubspot: { contacts: contacts(2), deals: [{ id: 'd' }] }, outreach: { prospects: [] } });
		const text = new TextDecoder().decode(vi.state as Uint8Array);
		// `halt_error` reads no table the scan can name, so every table is sent.
		expect(vi.tables!.map((t) => [t.gym, t.table, text.slice(t.start, t.end)])).toEqual([
			['hubspot', 'contacts', canonicalJson(contacts(2))],
			['hubspot', 'deals', '[{"id":"d"}]'],
			['outreach', 'prospects', '[]']
		]);
		expect(JSON.parse(text)).toEqual({ hubspot: { contacts: contacts(2), deals: [{ id: 'd' }] }, outreach: { prospects: [] } });
	});

	it('gives the verdict the plain engine gives, verification after verification', () => {
		const noSpans: JqEngine = { run: (i, p) => plain.run(i, p) };
		const rounds = [
			{ hubspot: { contacts: contacts(40), deals: [{ id: 'd' }] } },
			{ hubspot: { contacts: contacts(40), deals: [{ id: 'd' }] } },
			{ hubspot: { contacts: contacts(40, 'Other'), deals: [] } },
			{ hubspot: { contacts: contacts(40), deals: [{ id: 'd' }, { id: 'e' }] } }
		];
		const verdicts = rounds.map((r) => [strip(evaluate(cached, input(r), assertions)), strip(evaluate(noSpans, input(r), assertions))]);
		for (const [c, p] of verdicts) expect(c).toEqual(p);
		expect(verdicts.map(([c]) => c!.assertions.map((x) => x.passed))).toEqual([
			[true, true, false, false, true, false, true],
			[true, true, false, false, true, false, true],
			[true, false, false, false, false, false, true],
			[true, true, false, false, true, false, true]
		]);
	});
});
