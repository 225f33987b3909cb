/** The per-task default step limit (harness/env.ts `defaultMaxSteps`) against the shipped library. */
import { describe, expect, it } from 'vitest';
import { oracleActions } from './agents';
import { loadBlueprints } from './blueprints';
import { DEFAULT_MAX_STEPS, defaultMaxSteps } from './env';

describe('defaultMaxSteps', () => {
	const all = loadBlueprints();

	it('is 50 for a short task and twice the oracle (with its done) for a long one', () => {
		expect(defaultMaxSteps({ steps: [] })).toBe(DEFAULT_MAX_STEPS);
		const longest = [...all].sort((a, b) => oracleActions(b).length - oracleActions(a).length)[0]!;
		expect(oracleActions(longest).length).toBeGreaterThan(DEFAULT_MAX_STEPS);
		expect(defaultMaxSteps(longest)).toBe(2 * oracleActions(longest).length);
	});

	it('leaves every shipped oracle room to finish: its actions and done fit, with as many to spare', () => {
		const tooShort = all.filter((b) => defaultMaxSteps(b) < 2 * oracleActions(b).length).map((b) => b.id);
		expect(tooShort).toEqual([]);
	});
});
