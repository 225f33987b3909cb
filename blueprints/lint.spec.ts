import { describe, expect, it } from 'vitest';
import { lintBlueprint } from '../verifier/lint';
import { blueprints } from './registry';

describe('verifier lint over every bundled blueprint', () => {
	it.each([...blueprints().values()].map((bp) => [bp.id, bp] as const))('%s has no lint findings', (_id, bp) => {
		expect(lintBlueprint(bp)).toEqual([]);
	});
});
