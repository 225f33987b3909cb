import { beforeAll, describe, expect, it } from 'vitest';
import { createNodeEngine } from './node';
import { Assertion, VerifyRequest, type Op, type PlacedAssertion } from './schema';
import { evaluate, type JqEngine } from './verify';

let jq: JqEngine;
beforeAll(async () => {
	jq = await createNodeEngine();
});

const state = JSON.stringify({
	hubspot: {
		contacts: [
			{ id: '101', properties: { email: 'a@x.com', amount: '12000', lifecyclestage: 'lead', createdate: '2026-03-02T09:00:00.000Z' } },
			{ id: '102', properties: { email: 'b@x.com', amount: '12,000', lifecyclestage: null } }
		]
	}
});

function a(op: Op, query: string, expected?: unknown, step = 0, extra: Partial<PlacedAssertion> = {}): PlacedAssertion {
	return { id: `${op}-${step}`, description: 'test', query, op, expected, step, platform: 'hubspot', weight: 1, gating: true, ...extra };
}
const one = (x: PlacedAssertion) => evaluate(jq, state, [x]).assertions[0]!;

describe('operators', () => {
	const c101 = '.hubspot.contacts[] | select(.id == "101")';
	it.each([
		['eq', `${c101} | .properties.email`, 'a@x.com', true],
		['eq', `${c101} | .properties.amount`, 12000, false], // a string never equals a number
		['eq', '.hubspot.contacts[1].properties.lifecyclestage', false, false], // null is not false
		['eq', '.hubspot.contacts | map(.id)', ['101', '102'], true],
		['neq', `${c101} | .properties.lifecyclestage`, 'customer', true],
		['neq', `${c101} | .properties.lifecyclestage`, 'lead', false],
		['exists', `${c101} | .properties.email`, undefined, true],
		['exists', '.hubspot.contacts[1].properties.lifecyclestage', undefined, false],
		['in', `${c101} | .properties.lifecyclestage`, ['lead', 'subscriber'], true],
		['in', `${c101} | .properties.lifecyclestage`, ['customer'], false],
		['gte', '.hubspot.contacts | length', 2, true],
		['gte', '.hubspot.contacts | length', 3, false],
		['lte', `${c101} | .properties.createdate`, '2026-03-02T09:00:00.000Z', true],
		['lte', `${c101} | .properties.createdate`, '2026-03-01T00:00:00.000Z', false],
		['contains', `${c101} | .properties.email`, '@x.com', true],
		['contains', '.hubspot.contacts | map(.id)', '102', true],
		['contains', '.hubspot.contacts | map(.id)', '103', false],
		['matches', `${c101} | .properties.email`, '^[a-z]+@x\\.com$', true],
		['matches', `${c101} | .properties.email`, '^b@', false]
	] as const)('%s %s %j → %s', (op, query, expected, passed) => {
		const r = one(a(op, query, expected));
		expect(r.passed).toBe(passed);
		expect(r.outputs).toBe(1);
	});

	it('reports type mismatches instead of coercing', () => {
		const gte = one(a('gte', '.hubspot.contacts[0].properties.amount', 100));
		expect(gte).toMatchObject({ passed: false, actual: '12000' });
		expect(gte.error).toContain('got string and number');
		const contains = one(a('contains', '.hubspot.contacts | length', '2'));
		expect(contains.passed).toBe(false);
		expect(contains.error).toContain('got number');
	});
});

describe('exactly one value', () => {
	it('fails on zero outputs with the count', () => {
		const r = one(a('exists', '.hubspot.contacts[] | select(.id == "999")'));
		expect(r).toMatchObject({ passed: false, outputs: 0, error: 'query yielded 0 values (expected exactly 1)' });
	});
	it('fails on several outputs with the count', () => {
		const r = one(a('eq', '.hubspot.contacts[].id', '101'));
		expect(r).toMatchObject({ passed: false, outputs: 2, error: 'query yielded 2 values (expected exactly 1)' });
	});
});

describe('jq errors', () => {
	it('a runtime error fails only its assertion, with jq’s message', () => {
		const res = evaluate(jq, state, [a('eq', '.hubspot.contacts | length', 2, 0), a('eq', '.hubspot.contacts[0].id | tonumber / "x"', 1, 1)]);
		expect(res.assertions.map((r) => r.passed)).toEqual([true, false]);
		expect(res.assertions[1]!.error).toMatch(/^jq error: .*cannot be divided/);
		expect(res.first_failing_step).toBe(1);
	});
	it('a compile error is reported on its own assertion and never dropped', () => {
		const res = evaluate(jq, state, [a('eq', '.hubspot.contacts | length', 2, 0), a('eq', '.hubspot.contacts[', 1, 0), a('eq', '.hubspot | keys', ['hubspot'], 1)]);
		expect(res.assertions).toHaveLength(3);
		expect(res.assertions.map((r) => r.passed)).toEqual([true, false, false]);
		expect(res.assertions[1]!.error).toContain('syntax error');
		expect(res.assertions[1]!.error).not.toContain('catch');
	});
});

describe('rollup', () => {
	it('passes iff every assertion passes; score = passed/total; steps roll up', () => {
		const res = evaluate(jq, state, [
			a('eq', '.hubspot.contacts | length', 2, 0),
			a('eq', '.hubspot.contacts[0].id', '101', 1),
			a('eq', '.hubspot.contacts[1].id', 'nope', 1)
		]);
		expect(res.passed).toBe(false);
		expect(res.score).toBeCloseTo(2 / 3);
		expect(res.steps).toEqual([
			{ index: 0, platform: 'hubspot', passed: true },
			{ index: 1, platform: 'hubspot', passed: false }
		]);
		expect(res.first_failing_step).toBe(1);
	});
	it('an empty assertion list never passes', () => {
		expect(evaluate(jq, state, []).passed).toBe(false);
	});
	it('truncates a huge actual value but still judges it on the full value', () => {
		const big = JSON.stringify({ hubspot: { rows: Array.from({ length: 500 }, (_, i) => ({ id: String(i) })) } });
		const r = evaluate(jq, big, [a('contains', '.hubspot.rows', { id: '499' })]).assertions[0]!;
		expect(r.passed).toBe(true);
		expect(typeof r.actual).toBe('string');
		expect(r.actual_truncated).toBe(true);
		expect(r.error).toBeUndefined();
	});
});

describe('Assertion schema', () => {
	it('rejects a misspelled key', () => {
		expect(Assertion.safeParse({ id: 'x', description: 'd', query: '.', op: 'eq', expexted: 1 }).success).toBe(false);
	});
	it('rejects an unknown operator, a missing expected, and an invalid regex', () => {
		expect(Assertion.safeParse({ id: 'x', description: 'd', query: '.', op: 'equals', expected: 1 }).success).toBe(false);
		expect(Assertion.safeParse({ id: 'x', description: 'd', query: '.', op: 'eq' }).success).toBe(false);
		expect(Assertion.safeParse({ id: 'x', description: 'd', query: '.', op: 'matches', expected: '(' }).success).toBe(false);
		expect(Assertion.safeParse({ id: 'x', description: 'd', query: '.', op: 'in', expected: 'a' }).success).toBe(false);
	});
	it('accepts exists without expected and eq with null', () => {
		expect(Assertion.safeParse({ id: 'x', description: 'd', query: '.', op: 'exists' }).success).toBe(true);
		expect(Assertion.safeParse({ id: 'x', description: 'd', query: '.', op: 'eq', expected: null }).success).toBe(true);
	});
});

describe('VerifyRequest schema', () => {
	const one = { id: 'a', description: 'd', query: '.', op: 'exists' };
	it('takes exactly one of task_id or assertions', () => {
		expect(VerifyRequest.safeParse({ run_id: 'r', task_id: 't' }).success).toBe(true);
		expect(VerifyRequest.safeParse({ run_id: 'r', assertions: [one] }).success).toBe(true);
		expect(VerifyRequest.safeParse({ run_id: 'r' }).success).toBe(false);
		expect(VerifyRequest.safeParse({ run_id: 'r', task_id: 't', assertions: [one] }).success).toBe(false);
	});
	it('rejects duplicate inline assertion ids and empty lists', () => {
		const dup = VerifyRequest.safeParse({ run_id: 'r', assertions: [one, one] });
		expect(dup.success).toBe(false);
		expect(dup.error?.issues[0]?.message).toBe('assertion ids must be unique');
		expect(VerifyRequest.safeParse({ run_id: 'r', assertions: [] }).success).toBe(false);
	});
});
