/**
 * The semantic verifier rule (verifier/semantic.ts) over deliberately broken assertions: each one rewards doing nothing
 * (it passes on the task's initial state), most in a spelling the textual lint does not know, and the rule
 * must refuse every one. A sound assertion, a true guard and the shipped blueprint are the controls.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Blueprint } from '../blueprints/schema';
import { createGyms } from '../gyms/registry';
import type { Gym } from '../gyms/types';
import { lintAssertion } from '../verifier/lint';
import { createNodeEngine } from '../verifier/node';
import { Assertion, type AssertionInput } from '../verifier/schema';
import { semanticIssues, type SemanticSubject } from '../verifier/semantic';
import type { JqEngine } from '../verifier/verify';

const shipped = Blueprint.parse(JSON.parse(readFileSync(new URL('../blueprints/hubspot/inbound-demo-request-v1.json', import.meta.url), 'utf8')));
/** The contact the task creates: absent at reset. */
const NEW = '.hubspot.contacts[] | select(.properties.email == "priya.raman@helixbio.com")';

/** The shipped task with one step holding only `verifiers` (parsed, defaults applied). */
function subject(...verifiers: AssertionInput[]): SemanticSubject {
	return { ...shipped, steps: [{ platform: 'hubspot', verifiers: verifiers.map((v) => Assertion.parse(v)) }] };
}

let engine: JqEngine;
let gyms: Gym[];
beforeAll(async () => {
	engine = await createNodeEngine();
	gyms = createGyms();
});

/** Deliberately broken assertions: each already passes at reset. `lint` = whether the textual lint alone catches it. */
const BROKEN: { name: string; a: AssertionInput; lint: boolean }[] = [
	{
		name: 'a default operator hiding the missing contact (`// "salesqualifiedlead"`)',
		a: {
			id: 'default-truthy',
			description: 'x',
			query: `(${NEW} | .properties.lifecyclestage) // "salesqualifiedlead"`,
			op: 'eq',
			expected: 'salesqualifiedlead'
		},
		lint: false
	},
	{
		name: '`// false` on a missing field',
		a: { id: 'default-false', description: 'x', query: `(${NEW} | .properties.hs_email_optout) // false`, op: 'eq', expected: false },
		lint: true
	},
	{
		name: '`// null` with op falsy (a falsy literal the lint does not list)',
		a: { id: 'default-null', description: 'x', query: `(${NEW} | .properties.hs_email_bounce) // null`, op: 'falsy' },
		lint: false
	},
	{
		name: '`// 0.0e0` (zero spelled as an exponent)',
		a: { id: 'default-zero-exp', description: 'x', query: `[${NEW}] | (.[0].properties.num_notes | tonumber?) // 0.0e0`, op: 'eq', expected: 0 },
		lint: false
	},
	{
		name: '`if … == null then 0 else … end`',
		a: {
			id: 'if-null-zero',
			description: 'x',
			query: `(first(${NEW}) // null) as $c | if $c == null then 0 else ($c.properties.num_notes | tonumber) end`,
			op: 'lte',
			expected: 0
		},
		lint: false
	},
	{
		name: 'a vacuous `all` over the empty selection',
		a: { id: 'vacuous-all', description: 'x', query: `[${NEW}] | all(.properties.lifecyclestage == "salesqualifiedlead")`, op: 'truthy' },
		lint: true
	},
	{
		name: 'a vacuous `all` behind a guard that does not guard (`(length > 0 | not) or all(…)`)',
		a: {
			id: 'fake-guard-all',
			description: 'x',
			query: `[${NEW}] | (length > 0 | not) or all(.[]; .properties.lifecyclestage == "salesqualifiedlead")`,
			op: 'eq',
			expected: true
		},
		lint: false
	},
	{
		name: 'a vacuous "every" spelled as `map(select(… != …)) | length == 0`',
		a: { id: 'vacuous-map', description: 'x', query: `[${NEW}] | map(select(.properties.hs_lead_status != "IN_PROGRESS")) | length`, op: 'eq', expected: 0 },
		lint: false
	},
	{
		name: '`count_lte` that an empty selection satisfies',
		a: { id: 'count-lte', description: 'x', query: `[${NEW}]`, op: 'count_lte', expected: 1 },
		lint: false
	}
];

describe('semantic rule: a weighted assertion must fail on the initial state', () => {
	it.each(BROKEN)('refuses $name', async ({ a, lint }) => {
		const issues = await semanticIssues(engine, gyms, subject(a));
		expect(issues).toEqual([{ id: a.id, rule: 'passes-at-reset', message: expect.stringContaining('rewards doing nothing') }]);
		// What the textual lint alone would have said: the semantic rule is what catches the other spellings.
		expect(lintAssertion(a, { clock: shipped.clock, fixtures: shipped.fixtures }).length > 0).toBe(lint);
	});

	it('accepts the same checks written soundly (they fail until the contact exists), and the shipped blueprint', async () => {
		const sound = subject(
			{ id: 'stage', description: 'x', query: `${NEW} | .properties.lifecyclestage`, op: 'eq', expected: 'salesqualifiedlead' },
			{ id: 'guarded-all', description: 'x', query: `[${NEW}] | length > 0 and all(.[]; .properties.lifecyclestage == "salesqualifiedlead")`, op: 'truthy' },
			{ id: 'once', description: 'x', query: `[${NEW}] | length`, op: 'eq', expected: 1 }
		);
		expect(await semanticIssues(engine, gyms, sound)).toEqual([]);
		expect(await semanticIssues(engine, gyms, shipped)).toEqual([]);
	});

	it('a guard that holds at reset is accepted with weight 0, and its claim is checked: a false one is refused', async () => {
		const guard = {
			id: 'lookalike',
			description: 'x',
			query: '.hubspot.contacts[] | select(.id == "990001") | .properties.company',
			op: 'eq' as const,
			weight: 0,
			holds_at_reset: true as const
		};
		const stage = { id: 'stage', description: 'x', query: `${NEW} | .properties.lifecyclestage`, op: 'eq' as const, expected: 'salesqualifiedlead' };
		expect(await semanticIssues(engine, gyms, subject(stage, { ...guard, expected: 'Cobalt Payments' }))).toEqual([]);
		expect(await semanticIssues(engine, gyms, subject(stage, { ...guard, expected: 'Helix Biotech' }))).toEqual([
			{ id: 'lookalike', rule: 'guard-fails-at-reset', message: expect.stringContaining('"Cobalt Payments"') }
		]);
	});

	it('refuses a query that does not run on the initial state', async () => {
		const issues = await semanticIssues(
			engine,
			gyms,
			subject({ id: 'broken', description: 'x', query: '.hubspot.contacts | .[0].properties | tonumber', op: 'eq', expected: 1 })
		);
		expect(issues.map((i) => i.rule)).toEqual(['jq-error-at-reset']);
	});
});
