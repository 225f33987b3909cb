/**
 * Differential test: the same assertions through the verifier's jq in Node (text input, and the Service Worker's
 * table bytes with spans) and through the native jq binary (when installed) must give the same verdicts and values. The page leg is tests/e2e/verifier.spec.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createNativeEngine, createNodeEngine, NATIVE_JQ } from './node';
import { tableBytes, verificationInput, verificationInputJson } from './prepare';
import { evaluate, type Evaluation, type JqEngine } from './verify';
import { DIFFERENTIAL_ASSERTIONS, differentialExport } from './differential';

const native = createNativeEngine();
let web: JqEngine;
beforeAll(async () => {
	web = await createNodeEngine();
});

/** The verdict without timings, for comparison. */
export function comparable(r: Evaluation): unknown {
	return {
		...r,
		ms: 0,
		assertions: r.assertions.map((a) => ({ ...a, ms: 0, error: a.error === undefined ? undefined : a.error.startsWith('jq error') ? 'jq error' : a.error }))
	};
}

describe('Node (jq-web) vs native jq', () => {
	it.skipIf(!native)(`same verdicts as ${NATIVE_JQ}`, () => {
		const input = verificationInput(
			differentialExport(),
			DIFFERENTIAL_ASSERTIONS.map((a) => a.query),
			differentialExport().gyms
		);
		const a = evaluate(web, input, DIFFERENTIAL_ASSERTIONS);
		const b = evaluate(native!, input, DIFFERENTIAL_ASSERTIONS);
		expect(comparable(b)).toEqual(comparable(a));
		// The suite exercises both outcomes and errors.
		expect(a.assertions.some((r) => r.passed)).toBe(true);
		expect(a.assertions.some((r) => !r.passed)).toBe(true);
	});
	it.skipIf(!native)(
		`same verdicts as ${NATIVE_JQ} from the Service Worker's input (table bytes and spans: the parsed-table cache), then with every table held`,
		() => {
			const doc = differentialExport();
			const gyms = tableBytes(doc.gyms);
			const queries = DIFFERENTIAL_ASSERTIONS.map((a) => a.query);
			const json = () => verificationInputJson({ gyms, events: doc.events, clock: doc.clock }, queries, tableBytes(doc.gyms), ledger);
			// A ledger as the Service Worker keeps one: versions by bytes object, held once a verification succeeded.
			const versions = new Map<Uint8Array, string>();
			const held = new Set<string>();
			const ledger = {
				idOf: (bytes: Uint8Array) => versions.get(bytes) ?? (versions.set(bytes, `v${versions.size}`), `v${versions.size - 1}`),
				holds: (id: string) => held.has(id)
			};
			const first = json();
			expect(first.tables!.length).toBeGreaterThan(0);
			expect(first.initialTables!.length).toBeGreaterThan(0);
			const b = evaluate(native!, verificationInput(doc, queries, doc.gyms), DIFFERENTIAL_ASSERTIONS);
			expect(comparable(evaluate(web, first, DIFFERENTIAL_ASSERTIONS))).toEqual(comparable(b));
			for (const t of [...first.tables!, ...first.initialTables!]) if (t.id) held.add(t.id);
			// The second run is sent nothing: every table (and its $initial twin) is held.
			const second = json();
			expect([...second.tables!, ...second.initialTables!].every((t) => t.held)).toBe(true);
			expect(comparable(evaluate(web, second, DIFFERENTIAL_ASSERTIONS))).toEqual(comparable(b));
		}
	);
	it.runIf(!native)(`skipped: ${NATIVE_JQ} is not installed`, () => {
		expect(native).toBeNull();
	});
	it('a verdict mismatch is detected (the comparison can fail)', () => {
		const input = verificationInput(
			differentialExport(),
			DIFFERENTIAL_ASSERTIONS.map((a) => a.query),
			null
		);
		const a = evaluate(web, input, DIFFERENTIAL_ASSERTIONS);
		const flipped = structuredClone(a);
		flipped.assertions[0]!.passed = !flipped.assertions[0]!.passed;
		expect(comparable(flipped)).not.toEqual(comparable(a));
	});
});

describe('the differential suite', () => {
	it('covers every operator', async () => {
		const { COVERED_OPS, OPS } = await import('./differential');
		expect([...OPS].filter((op) => !COVERED_OPS.has(op))).toEqual([]);
	});
});
