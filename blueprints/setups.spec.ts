import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readSetupFields } from './setup-fields';
import { checkTaskSetups } from './setups';

const shipped = () => readSetupFields(fileURLToPath(new URL('.', import.meta.url)));

describe('blueprints/setups checkTaskSetups (the build check that lets the bundle skip the schema)', () => {
	it('passes every shipped setup: each parses strictly and the schema returns it unchanged', () => {
		const setups = shipped();
		expect(setups.length).toBeGreaterThan(100);
		expect(checkTaskSetups(setups)).toBe(setups.length);
	});

	it('throws naming the setup and the first invalid path: a typo, a missing field, a bad clock', () => {
		const [first] = shipped();
		const typo = { ...first, platfroms: ['hubspot'] };
		expect(() => checkTaskSetups([first, typo])).toThrow(new RegExp(`^task setup 1 \\(${String(first!.id).replace('/', '\\/')}\\): : Unrecognized key`));
		const { start_path: _, ...missing } = first!;
		expect(() => checkTaskSetups([missing])).toThrow(/^task setup 0 \(.*\): start_path: /);
		expect(() => checkTaskSetups([{ ...first, clock: '2026-03-02T09:00:00Z' }])).toThrow(/: clock: /);
	});

	it('throws on an id that an earlier setup took', () => {
		const [a, b] = shipped();
		expect(() => checkTaskSetups([a, { ...b, id: a!.id }])).toThrow(/^task setup 1 \(.*\): the id is taken by an earlier setup$/);
	});
});
