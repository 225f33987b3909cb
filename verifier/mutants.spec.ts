import { beforeAll, describe, expect, it } from 'vitest';
import { matrixProblems, patchedVerdicts, patchRoot, patchScope, proveMutants, type MutantSpec } from './mutants';
import { createNodeEngine } from './node';
import type { PlacedAssertion } from './schema';
import { evaluate, type JqEngine, type VerifyInput } from './verify';

let jq: JqEngine;
beforeAll(async () => {
	jq = await createNodeEngine();
});

/** A toy task: Ana's status is set to CONNECTED, Bob (opted out) is not enrolled, Cy (the look-alike) is untouched. */
const initial = {
	hubspot: {
		contacts: [
			{ id: '1', name: 'Ana', status: 'NEW', optOut: false },
			{ id: '2', name: 'Bob', status: 'NEW', optOut: true },
			{ id: '3', name: 'Ana B', status: 'NEW', optOut: false }
		],
		enrollments: [] as { contactId: string }[]
	}
};
const final = structuredClone(initial);
final.hubspot.contacts[0]!.status = 'CONNECTED';
final.hubspot.enrollments.push({ contactId: '1' });

const input = (state: unknown): VerifyInput => ({
	state: JSON.stringify(state),
	initial: JSON.stringify(initial),
	now: JSON.stringify('2026-03-02T15:00:00.000Z')
});

const A = (id: string, query: string, op: PlacedAssertion['op'], expected?: unknown, extra: Partial<PlacedAssertion> = {}): PlacedAssertion => ({
	id,
	description: id,
	query,
	op,
	expected,
	weight: 1,
	gating: true,
	step: 0,
	platform: 'hubspot',
	...extra
});

const assertions: PlacedAssertion[] = [
	A('status', '.hubspot.contacts[] | select(.id == "1") | .status', 'eq', 'CONNECTED'),
	A('enrolled', '[.hubspot.enrollments[] | select(.contactId == "1")] | length', 'eq', 1),
	A('no-opt-out', '[.hubspot.enrollments[].contactId as $c | .hubspot.contacts[] | select(.id == $c and .optOut)] | length', 'eq', 0, {
		weight: 0,
		holds_at_reset: true
	}),
	A('lookalike-untouched', '(.hubspot.contacts[] | select(.id == "3")) == ($initial.hubspot.contacts[] | select(.id == "3"))', 'truthy', undefined, {
		weight: 0,
		holds_at_reset: true
	}),
	A('non-gating-extra', '.hubspot.contacts | length', 'eq', 3, { gating: false })
];

const decoy: MutantSpec = {
	id: 'decoy',
	kind: 'decoy',
	patch: '(.hubspot.contacts[] | select(.id == "1") | .status) = "NEW" | (.hubspot.contacts[] | select(.id == "3") | .status) = "CONNECTED"'
};
const optedOut: MutantSpec = { id: 'opted-out', kind: 'opted_out_contacted', patch: '.hubspot.enrollments += [{contactId: "2"}]' };
const skipped: MutantSpec = { id: 'skip-enroll', kind: 'step_skipped', patch: '.hubspot.enrollments = []' };

describe('proveMutants: the kill matrix over a toy state', () => {
	it('a full set: every mutant fails, every gating assertion is killed, the alternative passes; no problem reported', () => {
		const m = proveMutants(jq, input(final), assertions, [decoy, optedOut, skipped], [{ id: 'reordered', patch: '.hubspot.contacts |= reverse' }]);
		expect(m.oracle).toEqual({ passed: true, score: 1, failed: [] });
		expect(m.gating).toEqual(['status', 'enrolled', 'no-opt-out', 'lookalike-untouched']);
		expect(m.mutants.map((o) => [o.id, o.passed, o.killed])).toEqual([
			['decoy', false, ['status', 'lookalike-untouched']],
			['opted-out', false, ['no-opt-out']],
			['skip-enroll', false, ['enrolled']]
		]);
		expect(m.unkilled).toEqual([]);
		expect(m.survivors).toEqual([]);
		expect(m.alternatives).toEqual([{ id: 'reordered', passed: true, score: 1, failed: [] }]);
		expect(matrixProblems('toy/task-v1', m)).toEqual([]);
	});

	it('reports a mutant that passes (a verifier hole), one that changes nothing, and a gating assertion that no mutant kills', () => {
		const hole: MutantSpec = { id: 'renames-bob', kind: 'collateral', patch: '(.hubspot.contacts[] | select(.id == "2") | .name) = "Robert"' };
		const same: MutantSpec = { id: 'noop', kind: 'step_skipped', patch: '.' };
		const m = proveMutants(jq, input(final), assertions, [optedOut, hole, same], []);
		expect(m.survivors).toEqual(['renames-bob', 'noop']);
		expect(m.mutants.map((o) => o.unchanged)).toEqual([false, false, true]);
		expect(m.unkilled).toEqual(['status', 'enrolled', 'lookalike-untouched']);
		const problems = matrixProblems('toy/task-v1', m);
		expect(problems).toContain(
			'toy/task-v1: mutant "renames-bob" (collateral) PASSED verification (score 1): a wrong solution the verifiers accept (a verifier hole), or a mutant that is no wrong solution'
		);
		expect(problems).toContainEqual(
			expect.stringMatching(/^toy\/task-v1: mutant "noop" \(step_skipped\) PASSED verification \(score 1\): its patch changes nothing/)
		);
		expect(problems).toContain(
			'toy/task-v1: gating assertion "status" is killed by no mutant (no mutant makes it fail): add a mutant that breaks it, or it can never fail in practice'
		);
		expect(problems.filter((p) => p.includes('is killed by no mutant'))).toHaveLength(3);
	});

	it('reports a patch that fails (jq error, several values, not an object) and an alternative that does not reach score 1', () => {
		const m = proveMutants(
			jq,
			input(final),
			assertions,
			[
				{ id: 'bad-jq', kind: 'decoy', patch: '.hubspot.contacts[' },
				{ id: 'two', kind: 'decoy', patch: '., .' },
				{ id: 'array', kind: 'decoy', patch: '.hubspot.contacts' },
				decoy
			],
			[
				{ id: 'shrinks', patch: '.hubspot.contacts |= .[0:2]' },
				{ id: 'throws', patch: 'error("boom")' }
			]
		);
		expect(m.mutants.slice(0, 3).map((o) => [o.id, o.passed, o.killed])).toEqual([
			['bad-jq', false, []],
			['two', false, []],
			['array', false, []]
		]);
		const problems = matrixProblems('toy/task-v1', m);
		expect(problems).toContainEqual(expect.stringMatching(/^toy\/task-v1: mutant "bad-jq" \(decoy\): its patch failed: .*syntax error/));
		expect(problems).toContainEqual(expect.stringMatching(/mutant "two" \(decoy\): its patch failed: .*yielded 2 values/));
		expect(problems).toContainEqual(expect.stringMatching(/mutant "array" \(decoy\): its patch failed: .*yielded array, not the state object/));
		// The look-alike check is non-gating-extra's neighbour: shrinking the contacts fails a weighted, non-gating check only.
		expect(m.alternatives[0]).toMatchObject({ id: 'shrinks', passed: false, failed: ['lookalike-untouched', 'non-gating-extra'] });
		expect(problems).toContainEqual(expect.stringMatching(/alternative "shrinks" does not pass with score 1 \(passed false, score /));
		expect(problems).toContainEqual(expect.stringMatching(/alternative "throws": its patch failed: boom/));
	});

	it('patches see $initial and $now like the queries, and the date helpers', () => {
		const m = proveMutants(
			jq,
			input(final),
			assertions,
			[{ id: 'reset-all', kind: 'step_skipped', patch: '.hubspot = $initial.hubspot | .hubspot.stamp = ($now | local_date("UTC"))' }],
			[]
		);
		expect(m.mutants[0]).toMatchObject({ passed: false, killed: ['status', 'enrolled'] });
	});

	it('reports an oracle state that does not pass in Node (the mutants would prove nothing)', () => {
		const m = proveMutants(jq, input(initial), assertions, [decoy], []);
		expect(m.oracle.passed).toBe(false);
		expect(matrixProblems('toy/task-v1', m)[0]).toMatch(
			/^toy\/task-v1: the oracle's final state does not pass with score 1 in Node \(score 0\.33\d*; failing: status, enrolled\)/
		);
	});
});

describe('patchedVerdicts: every patch verified in one jq run', () => {
	/** The engine, counting its runs. */
	const counting = (): { runs: number; engine: JqEngine } => {
		const c: { runs: number; engine: JqEngine } = {
			runs: 0,
			engine: {
				run: (doc, program) => {
					c.runs++;
					return jq.run(doc, program);
				}
			}
		};
		return c;
	};
	/** A verdict as JSON without its times (`ms`), which differ from run to run. */
	const noMs = (e: object) => JSON.stringify(e, (k, x: unknown) => (k === 'ms' ? 0 : x));
	const patches = [decoy.patch, optedOut.patch, '., .', '.hubspot.contacts', 'error("boom")', '.hubspot.contacts |= reverse'];

	it('gives each patch the verdict it gets on its own, runtime errors included, in ONE run of the engine', () => {
		const c = counting();
		const v = patchedVerdicts(c.engine, input(final), patches, assertions);
		expect(c.runs).toBe(1);
		expect(noMs(v.state)).toEqual(noMs(evaluate(jq, input(final), assertions)));
		for (const i of [0, 1, 5]) expect(noMs(v.patched[i]!)).toEqual(noMs(evaluate(jq, input(final), assertions, () => 0, patchRoot(patches[i]!))));
		expect(v.patched[0]).toMatchObject({ passed: false });
		expect(v.patched[2]).toEqual({ error: expect.stringMatching(/^the patch yielded 2 values/) });
		expect(v.patched[3]).toEqual({ error: 'the patch yielded array, not the state object' });
		expect(v.patched[4]).toEqual({ error: 'boom' });
	});

	it('a patch that does not compile makes it verify one patch at a time, with the same verdicts for the others', () => {
		const c = counting();
		const one = patchedVerdicts(jq, input(final), patches, assertions);
		const v = patchedVerdicts(c.engine, input(final), ['.hubspot.contacts[', ...patches], assertions);
		expect(c.runs).toBeGreaterThan(patches.length);
		expect(v.patched[0]).toEqual({ error: expect.stringMatching(/syntax error/) });
		expect(v.patched.slice(1).map(noMs)).toEqual(one.patched.map(noMs));
		expect(noMs(v.state)).toEqual(noMs(one.state));
	});
});

describe('patchedVerdicts with reuse: a patched state reruns only the queries reading a table it changed', () => {
	const noMs = (e: object) => JSON.stringify(e, (k, x: unknown) => (k === 'ms' ? 0 : x));
	/** Two gyms: a patch of one leaves the other's queries alone. */
	const state = { ...final, calendly: { invitees: [{ id: 'i1', status: 'active' }] } };
	const wide = { ...initial, calendly: { invitees: [{ id: 'i1', status: 'active' }] } };
	const inputOf = (s: unknown): VerifyInput => ({ ...input(s), initial: JSON.stringify(wide) });
	const gyms = ['hubspot', 'calendly'];
	const more = [
		...assertions,
		A('invitee', '.calendly.invitees[0].status', 'eq', 'active'),
		A('unresolved', '[paths] | length', 'gt', 0),
		A('gym-count', 'keys | length', 'eq', 2),
		A('initial-only', '$initial.calendly.invitees | length', 'eq', 1)
	];
	const patches = [
		decoy.patch,
		optedOut.patch,
		'.calendly.invitees[0].status = "canceled"',
		'.calendly.extra = [1]',
		'.salesnav = {leads: []}',
		'del(.calendly)',
		'.calendly = 5',
		'.other = 1',
		'error("boom")',
		'.'
	];

	it('gives every patch the verdict it gets without reuse (same kill matrix), errors included', () => {
		const full = patchedVerdicts(jq, inputOf(state), patches, more);
		const reused = patchedVerdicts(jq, inputOf(state), patches, more, { gyms });
		expect(noMs(reused.state)).toEqual(noMs(full.state));
		expect(reused.patched.map(noMs)).toEqual(full.patched.map(noMs));
		expect(reused.patched[2]).toMatchObject({ passed: false });
		expect(reused.patched[4]).toMatchObject({ passed: false });
		expect(reused.patched[8]).toEqual({ error: 'boom' });
		const m = proveMutants(jq, inputOf(state), more, [decoy, optedOut, skipped], [], () => 0, { gyms });
		expect(noMs(m)).toEqual(noMs(proveMutants(jq, inputOf(state), more, [decoy, optedOut, skipped], [], () => 0)));
	});

	it('does not rerun a query whose tables a patch left alone, and reruns it when they changed, the gyms changed or the scan cannot tell', () => {
		// `now` after some work: a rerun yields a later time, a reused outcome the very same one.
		const clock = (q: string) => `(${q}) as $x | reduce range(200000) as $i (0; . + 1) | now`;
		const timed = [
			A('hubspot-clock', clock('.hubspot.enrollments | length'), 'gt', 0),
			A('calendly-clock', clock('.calendly.invitees | length'), 'gt', 0),
			A('unresolved-clock', clock('[paths] | length'), 'gt', 0)
		];
		const same = ['.calendly.invitees[0].status = "canceled"', optedOut.patch, '.salesnav = {leads: []}', '.'];
		const v = patchedVerdicts(jq, inputOf(state), same, timed, { gyms });
		const at = (e: (typeof v.patched)[number] | typeof v.state, id: string) => {
			const a = (e as { assertions: { id: string; actual?: unknown; ms: number }[] }).assertions.find((x) => x.id === id)!;
			return a.actual;
		};
		const base = { h: at(v.state, 'hubspot-clock'), c: at(v.state, 'calendly-clock'), u: at(v.state, 'unresolved-clock') };
		// A calendly change: the hubspot query is reused, the calendly and the unresolved ones rerun.
		expect(at(v.patched[0]!, 'hubspot-clock')).toBe(base.h);
		expect(at(v.patched[0]!, 'calendly-clock')).not.toBe(base.c);
		expect(at(v.patched[0]!, 'unresolved-clock')).not.toBe(base.u);
		// A hubspot change: the other way round.
		expect(at(v.patched[1]!, 'hubspot-clock')).not.toBe(base.h);
		expect(at(v.patched[1]!, 'calendly-clock')).toBe(base.c);
		// A new gym: everything reruns. No change at all: nothing but the unresolved query reruns.
		expect(at(v.patched[2]!, 'hubspot-clock')).not.toBe(base.h);
		expect(at(v.patched[2]!, 'calendly-clock')).not.toBe(base.c);
		expect(at(v.patched[3]!, 'hubspot-clock')).toBe(base.h);
		expect(at(v.patched[3]!, 'calendly-clock')).toBe(base.c);
		expect(at(v.patched[3]!, 'unresolved-clock')).not.toBe(base.u);
		// A change in a gym the caller did not name reruns everything.
		const narrow = patchedVerdicts(jq, inputOf(state), ['.calendly.invitees[0].status = "canceled"'], timed, { gyms: ['hubspot'] });
		expect(at(narrow.patched[0]!, 'hubspot-clock')).not.toBe(at(narrow.state, 'hubspot-clock'));
	});
});

describe('patchScope', () => {
	it('keeps the tables the queries read plus those a patch names; a bare gym in a patch keeps all of its tables', () => {
		const needs = patchScope(
			['.hubspot.contacts | length'],
			['.hubspot.enrollments += [] | (.properties.x) = 1', '$initial.outreach.prospects'],
			['hubspot', 'outreach']
		);
		expect(needs).toEqual({
			all: false,
			gyms: new Map<string, Set<string> | '*'>([
				['hubspot', new Set(['contacts', 'enrollments'])],
				['outreach', new Set(['prospects'])]
			])
		});
		const whole = patchScope(['.hubspot.contacts | length'], ['.outreach |= .'], ['hubspot', 'outreach']);
		expect(whole.all === false && whole.gyms.get('outreach')).toBe('*');
	});
});
