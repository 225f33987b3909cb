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
		const res = evaluate(jq, state, [
			a('eq', '.hubspot.contacts | length', 2, 0),
			a('eq', '.hubspot.contacts[', 1, 0),
			a('eq', '.hubspot | keys', ['hubspot'], 1)
		]);
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
	it.each([
		[{ op: 'approx', expected: 1 }, 'needs a tolerance'],
		[{ op: 'within', expected: '2026-03-02T14:30:00Z' }, 'needs a tolerance'],
		[{ op: 'eq', expected: 1, tolerance: 1 }, 'takes no tolerance'],
		[{ op: 'before', expected: '2026-03-02T14:30:00' }, 'ISO-8601 timestamp with a zone'],
		[{ op: 'count_eq', expected: 1.5 }, 'non-negative integer'],
		[{ op: 'set_eq', expected: 'a' }, 'needs an array'],
		[{ op: 'subset', expected: {} }, 'needs an array'],
		[{ op: 'truthy', expected: true }, 'takes no expected'],
		[{ op: 'contains', expected: 12 }, 'never tests numbers'],
		[{ op: 'gt', expected: [1] }, 'a number or a string'],
		[{ op: 'eq', expected: 1, weight: -1 }, ''],
		[{ op: 'eq', expected: 1, gating: 'yes' }, '']
	])('rejects %j', (extra, message) => {
		const r = Assertion.safeParse({ id: 'x', description: 'd', query: '.', ...extra });
		expect(r.success).toBe(false);
		expect(JSON.stringify(r.error?.issues)).toContain(message);
	});
	it('applies defaults: weight 1, gating true', () => {
		expect(Assertion.parse({ id: 'x', description: 'd', query: '.', op: 'falsy' })).toMatchObject({ weight: 1, gating: true });
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

describe('the full operator set (type-aware, never coercing)', () => {
	const st = JSON.stringify({
		hubspot: {
			deals: [
				{ id: '1', amount: 12000, amount_text: '12,000', closedate: '2026-03-05T17:00:00.000Z', tags: ['a', 'b'], stage: null, won: false },
				{ id: '2', amount: 99.995, amount_text: '12000', closedate: '2026-03-06T09:00:00.000-05:00', tags: [], stage: 'open', won: true }
			]
		}
	});
	const d1 = '.hubspot.deals[0]';
	const d2 = '.hubspot.deals[1]';
	const cases: [Op, string, unknown, boolean, number?][] = [
		['gt', `${d1}.amount`, 11999, true],
		['gt', `${d1}.amount`, 12000, false],
		['lt', `${d1}.amount`, 12001, true],
		['lt', `${d1}.amount`, 12000, false],
		['gte', `${d1}.amount`, 12000, true],
		['lte', `${d1}.amount`, 11999, false],
		['eq', `${d1}.amount_text`, 12000, false], // "12,000" is not 12000
		['eq', `${d2}.amount_text`, 12000, false], // "12000" is not 12000 either
		['eq', `${d1}.stage`, 0, false], // null is not 0
		['eq', `${d1}.stage`, false, false], // null is not false
		['not_in', `${d1}.tags[0]`, ['c', 'd'], true],
		['not_in', `${d1}.tags[0]`, ['a'], false],
		['not_contains', `${d1}.tags`, 'c', true],
		['not_contains', `${d1}.tags`, 'a', false],
		['not_contains', `${d1}.amount_text`, '13', true],
		['not_exists', `${d1}.stage`, undefined, true],
		['not_exists', `${d2}.stage`, undefined, false],
		['count_eq', `${d1}.tags`, 2, true],
		['count_eq', `${d2}.tags`, 1, false],
		['count_gte', '.hubspot.deals', 2, true],
		['count_gte', `${d2}.tags`, 1, false],
		['count_lte', `${d2}.tags`, 0, true],
		['count_lte', '.hubspot.deals', 1, false],
		['set_eq', `${d1}.tags`, ['b', 'a'], true],
		['set_eq', `${d1}.tags`, ['a'], false],
		['set_eq', `${d1}.tags`, ['a', 'b', 'c'], false],
		['subset', `${d1}.tags`, ['a', 'b', 'c'], true],
		['subset', `${d1}.tags`, ['a'], false],
		['approx', `${d2}.amount`, 100, true, 0.01],
		['approx', `${d2}.amount`, 100, false, 0.001],
		['before', `${d1}.closedate`, '2026-03-06T00:00:00.000Z', true],
		['before', `${d2}.closedate`, '2026-03-06T13:59:59Z', false], // 09:00-05:00 = 14:00Z
		['after', `${d2}.closedate`, '2026-03-06T13:59:59Z', true],
		['after', `${d1}.closedate`, '2026-03-05T17:00:00.000Z', false], // equal is not after
		['within', `${d2}.closedate`, '2026-03-06T14:00:30Z', true, 30],
		['within', `${d2}.closedate`, '2026-03-06T14:00:31Z', false, 30],
		['truthy', `${d2}.won`, undefined, true],
		['truthy', `${d1}.won`, undefined, false],
		['truthy', `${d1}.stage`, undefined, false],
		['truthy', `${d1}.amount`, undefined, true],
		['falsy', `${d1}.won`, undefined, true],
		['falsy', `${d1}.stage`, undefined, true],
		['falsy', `${d1}.tags`, undefined, false]
	];
	it.each(cases)('%s %s %j → %s', (op, query, expected, passed, tolerance) => {
		const r = evaluate(jq, st, [a(op, query, expected, 0, tolerance === undefined ? {} : { tolerance })]).assertions[0]!;
		expect(r.passed).toBe(passed);
		expect(r.outputs).toBe(1);
	});

	it.each([
		['not_in', `${d1}.amount`, 'x'],
		['neq', `${d2}.amount_text`, 12000],
		['not_contains', `${d1}.amount`, 'x'],
		['count_eq', `${d1}.amount_text`, 1],
		['set_eq', `${d1}.amount_text`, ['1']],
		['approx', `${d1}.amount_text`, 12000],
		['before', `${d1}.amount`, '2026-03-06T00:00:00Z'],
		['within', '"2026-03-06T10:00:00"', '2026-03-06T10:00:00Z'], // no zone: ambiguous, never guessed
		['gt', `${d1}.amount_text`, 1]
	] as const)('a type mismatch fails with an error, even for a negated operator: %s over %s', (op, query, expected) => {
		const r = evaluate(jq, st, [a(op as Op, query, op === 'not_in' ? [expected] : expected, 0, op === 'approx' || op === 'within' ? { tolerance: 1 } : {})])
			.assertions[0]!;
		expect(r.passed).toBe(false);
		expect(r.error).toBeTruthy();
	});
});

describe('strict rollup: gating, weights, steps', () => {
	const ok = '.hubspot.contacts | length';
	it('passes iff every gating assertion passes; non-gating failures only lower the score', () => {
		const res = evaluate(jq, state, [
			a('eq', ok, 2, 0, { id: 'g1', weight: 3 }),
			a('eq', ok, 99, 0, { id: 'ng', gating: false, weight: 1 }),
			a('eq', ok, 2, 1, { id: 'g2', weight: 1 })
		]);
		expect(res.passed).toBe(true);
		expect(res.score).toBeCloseTo(4 / 5);
		expect(res.steps.map((s) => s.passed)).toEqual([true, true]);
		expect(res.first_failing_step).toBeNull();
		expect(res.assertions.map((r) => [r.id, r.weight, r.gating])).toEqual([
			['g1', 3, true],
			['ng', 1, false],
			['g2', 1, true]
		]);
	});
	it('a failing gating assertion fails its step and the task, and names the first failing step', () => {
		const res = evaluate(jq, state, [a('eq', ok, 2, 0, { id: 'x' }), a('eq', ok, 3, 1, { id: 'y', weight: 9 }), a('eq', ok, 3, 2, { id: 'z' })]);
		expect(res.passed).toBe(false);
		expect(res.score).toBeCloseTo(1 / 11);
		expect(res.steps.map((s) => s.passed)).toEqual([true, false, false]);
		expect(res.first_failing_step).toBe(1);
	});
	it('without any gating assertion nothing passes (no vacuous pass)', () => {
		const res = evaluate(jq, state, [a('eq', ok, 2, 0, { gating: false })]);
		expect(res.passed).toBe(false);
		expect(res.score).toBe(1);
		expect(res.steps[0]!.passed).toBe(false);
	});
	it('reports every assertion with its metadata, in order, even when jq fails for some', () => {
		const qs = [
			a('eq', ok, 2, 0, { id: 'a1' }),
			a('eq', '.hubspot.contacts[', 1, 0, { id: 'a2' }),
			a('eq', 'error("boom")', 1, 1, { id: 'a3' }),
			a('eq', 'halt_error', 1, 1, { id: 'a4' }),
			a('eq', ok, 2, 1, { id: 'a5' })
		];
		const res = evaluate(jq, state, qs);
		expect(res.assertions.map((r) => r.id)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
		expect(res.assertions.map((r) => r.passed)).toEqual([true, false, false, false, true]);
		expect(res.assertions[1]!.error).toMatch(/syntax error/);
		expect(res.assertions[2]!.error).toBe('jq error: boom');
		expect(res.assertions[3]!.error).toMatch(/^jq error/);
		for (const r of res.assertions) {
			expect(Object.keys(r)).toEqual(expect.arrayContaining(['id', 'step', 'platform', 'op', 'expected', 'passed', 'ms', 'outputs']));
			expect(r.ms).toBeGreaterThanOrEqual(0);
		}
	});
});

describe('$initial, $events, $now', () => {
	const input = {
		state: JSON.stringify({
			hubspot: {
				contacts: [
					{ id: '1', e: 'a' },
					{ id: '2', e: 'b2' },
					{ id: '3', e: 'c' }
				]
			}
		}),
		initial: JSON.stringify({
			hubspot: {
				contacts: [
					{ id: '1', e: 'a' },
					{ id: '2', e: 'b' }
				]
			}
		}),
		events: JSON.stringify([
			{ seq: 1, at: '2026-03-02T14:30:00.000Z', gym: 'hubspot', method: 'POST', path: '/crm/v3/objects/contacts', status: 201, entity: 'contacts', id: '3' },
			{ seq: 2, at: '2026-03-02T14:30:01.000Z', gym: 'hubspot', method: 'PATCH', path: '/crm/v3/objects/contacts/2', status: 200, entity: 'contacts', id: '2' }
		]),
		now: JSON.stringify('2026-03-02T14:30:02.000Z')
	};
	it('collateral damage, order and clock checks are one-liners', () => {
		const res = evaluate(jq, input, [
			a('set_eq', '[.hubspot.contacts[] | select(. as $c | $initial.hubspot.contacts | index([$c]) | not) | .id]', ['2', '3'], 0, { id: 'changed' }),
			a('eq', '[$events[] | select(.method == "PATCH") | .id]', ['2'], 0, { id: 'patched' }),
			a('lt', '[$events[] | .entity + ":" + .id] | index(["contacts:3"])', 1, 0, { id: 'created-first' }),
			a('eq', '$now', '2026-03-02T14:30:02.000Z', 0, { id: 'now' }),
			a('within', '$events[-1].at', '2026-03-02T14:30:02.000Z', 0, { id: 'recent', tolerance: 1 })
		]);
		expect(res.assertions.map((r) => [r.id, r.passed, r.error])).toEqual([
			['changed', true, undefined],
			['patched', true, undefined],
			['created-first', true, undefined],
			['now', true, undefined],
			['recent', true, undefined]
		]);
	});
	it('defaults: $initial and $now are null, $events is empty', () => {
		const res = evaluate(jq, '{}', [a('eq', '[$initial, $now, $events]', [null, null, []])]);
		expect(res.passed).toBe(true);
	});
});

describe('date helpers (no host time zone, no jq date quirks)', () => {
	const cases: [string, unknown][] = [
		['"2026-03-02T14:30:00.123+02:00" | iso_to_epoch', 1772454600.123],
		['"2026-03-02" | iso_to_epoch', 1772409600],
		['"2026-03-02T14:30:00.123+02:00" | iso_to_epoch | epoch_to_iso', '2026-03-02T12:30:00.123Z'],
		['"1969-07-20T20:17:40Z" | iso_to_epoch | epoch_to_iso', '1969-07-20T20:17:40.000Z'],
		['"2024-02-29T00:00:00Z" | add_duration("P1D")', '2024-03-01T00:00:00.000Z'],
		['"2026-03-02T14:30:00.000Z" | add_duration("-PT90M")', '2026-03-02T13:00:00.000Z'],
		['"2026-03-02T14:30:00.000Z" | add_duration(3600.5)', '2026-03-02T15:30:00.500Z'],
		['"2026-03-02T14:30:00.000Z" | add_duration("P2W")', '2026-03-16T14:30:00.000Z'],
		['seconds_between("2026-03-02T14:30:00Z"; "2026-03-02T15:00:00.500+00:00")', 1800.5],
		// DST in New York starts 2026-03-08 at 02:00 local = 07:00Z.
		['"2026-03-08T06:59:59Z" | local_time("America/New_York")', '01:59'],
		['"2026-03-08T07:00:00Z" | local_time("America/New_York")', '03:00'],
		['"2026-03-02T04:30:00Z" | local_date("America/Los_Angeles")', '2026-03-01'],
		['"2026-03-02T23:30:00Z" | local_date("Asia/Tokyo")', '2026-03-03'],
		['"2026-03-02T23:30:00Z" | weekday("Asia/Tokyo")', 'Tuesday'],
		['"2026-03-02T23:30:00Z" | weekday("UTC")', 'Monday'],
		['"2026-03-02T23:30:00Z" | local_datetime("Asia/Kolkata")', '2026-03-03T05:00:00']
	];
	it.each(cases)('%s → %j', (query, expected) => {
		const r = evaluate(jq, 'null', [a('eq', query, expected)]).assertions[0]!;
		expect(r.error).toBeUndefined();
		expect(r.actual).toEqual(expected);
	});
	it.each([
		['"2026-03-02T14:30:00" | iso_to_epoch', 'not an ISO-8601 timestamp with a zone'],
		['"2026-02-30T00:00:00Z" | iso_to_epoch', 'impossible date'],
		['"2026-03-02T00:00:00Z" | add_duration("P1M")', 'years and months'],
		['"2026-03-02T00:00:00Z" | local_date("Mars/Olympus")', 'unknown time zone'],
		['"2026-03-02T00:00:00Z" as $z | "Asia/Tokyo" as $tz | $z | local_date($tz)', 'unknown time zone']
	])('%s fails with a clear error', (query, message) => {
		const r = evaluate(jq, 'null', [a('eq', query, 1)]).assertions[0]!;
		expect(r.passed).toBe(false);
		expect(r.error).toContain(message);
	});
	it('agrees with Intl for local dates and weekdays over many instants and zones', () => {
		const zones = ['America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns'];
		const instants = Array.from({ length: 40 }, (_, i) => Date.UTC(2020, 0, 1) + i * 1_234_567_891);
		const qs = zones.flatMap((z, zi) => [
			a('eq', `[${instants.map((t) => JSON.stringify(new Date(t).toISOString())).join(',')}] | map(local_datetime("${z}") + " " + weekday("${z}"))`, null, 0, {
				id: `z${zi}`
			})
		]);
		const res = evaluate(jq, 'null', qs);
		zones.forEach((z, zi) => {
			const fmt = new Intl.DateTimeFormat('en-CA', {
				timeZone: z,
				hourCycle: 'h23',
				year: 'numeric',
				month: '2-digit',
				day: '2-digit',
				hour: '2-digit',
				minute: '2-digit',
				second: '2-digit',
				weekday: 'long'
			});
			const want = instants.map((t) => {
				const p = Object.fromEntries(fmt.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
				return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second} ${p.weekday}`;
			});
			expect(res.assertions[zi]!.actual).toEqual(want);
		});
	});
});

describe('count operators take only the length out of jq', () => {
	const big = JSON.stringify({ hubspot: { rows: Array.from({ length: 3000 }, (_, i) => ({ id: String(i) })) } });
	it('judges the length; a long array comes back as a truncated preview', () => {
		const [eq, gte, lte] = evaluate(jq, big, [
			a('count_eq', '.hubspot.rows', 3000, 0, { id: 'e' }),
			a('count_gte', '.hubspot.rows', 3001, 0, { id: 'g' }),
			a('count_lte', '[.hubspot.rows[0]]', 1, 0, { id: 'l' })
		]).assertions;
		expect(eq).toMatchObject({ passed: true, outputs: 1, actual_truncated: true });
		expect((eq!.actual as string).length).toBe(2049);
		expect((eq!.actual as string).startsWith('[{"id":"0"},{"id":"1"}')).toBe(true);
		expect(gte!.passed).toBe(false);
		expect(lte).toMatchObject({ passed: true, actual: [{ id: '0' }] });
		expect(lte!.actual_truncated).toBeUndefined();
	});
	it('the preview is the first characters of the whole array JSON, whatever the sizes (only the needed elements are serialized)', () => {
		// Rows of 33 to 36 characters with non-ASCII text, so that the cut falls at every position within an element.
		for (const n of [0, 1, 2, 58, 59, 60, 61, 62, 63, 500]) {
			const rows = Array.from({ length: n }, (_, i) => ({ id: String(i), t: 'é→😀'.repeat(1 + (i % 3)) }));
			const state = JSON.stringify({ hubspot: { rows } });
			const [r] = evaluate(jq, state, [a('count_gte', '.hubspot.rows', 0, 0, { id: 'c' })]).assertions;
			const full = JSON.stringify(rows);
			// jq slices by code points; the verdict's preview is cut at 2,048 code units (as before).
			const cut = [...full].slice(0, 2049).join('');
			if (cut.length > 2048) expect(r, `n=${n}`).toMatchObject({ actual: `${cut.slice(0, 2048)}…`, actual_truncated: true });
			else expect(r, `n=${n}`).toMatchObject({ actual: rows });
		}
	});
	it('a non-array or several outputs still fail with the reason', () => {
		const [n, two] = evaluate(jq, big, [
			a('count_eq', '.hubspot.rows | length', 3000, 0, { id: 'n' }),
			a('count_eq', '.hubspot.rows[0], .hubspot.rows[1]', 1, 0, { id: 't' })
		]).assertions;
		expect(n).toMatchObject({ passed: false, actual: 3000 });
		expect(n!.error).toContain('counts the elements of an array, got number');
		expect(two).toMatchObject({ passed: false, outputs: 2 });
	});
});
