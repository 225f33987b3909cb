import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumExecutable, chromiumLaunchOptions, LOW_MEMORY_ARG } from './browser';

describe('chromiumLaunchOptions', () => {
	it('passes every flag by default, the low-memory V8 flag included', () => {
		expect(chromiumLaunchOptions().args).toEqual([...CHROMIUM_ARGS]);
		expect(chromiumLaunchOptions().args).toContain(LOW_MEMORY_ARG);
		expect(chromiumLaunchOptions({ lowMemory: true }).args).toEqual([...CHROMIUM_ARGS]);
	});

	it('drops only the low-memory flag when asked', () => {
		const args = chromiumLaunchOptions({ lowMemory: false }).args;
		expect(args).not.toContain(LOW_MEMORY_ARG);
		expect(args).toEqual(CHROMIUM_ARGS.filter((a) => a !== LOW_MEMORY_ARG));
		expect(args.length).toBe(CHROMIUM_ARGS.length - 1);
	});

	it('returns a copy: changing it leaves the shared flags alone', () => {
		chromiumLaunchOptions().args.push('--x');
		chromiumLaunchOptions({ lowMemory: false }).args.push('--y');
		expect(CHROMIUM_ARGS).not.toContain('--x');
		expect(CHROMIUM_ARGS).not.toContain('--y');
	});
});

describe('chromiumExecutable', () => {
	it('takes $SALESGYM_CHROMIUM when it exists, else Debian’s, else none; a missing override throws', () => {
		expect(chromiumExecutable({ SALESGYM_CHROMIUM: '/opt/c' }, (p) => p === '/opt/c')).toBe('/opt/c');
		expect(chromiumExecutable({}, (p) => p === '/usr/bin/chromium')).toBe('/usr/bin/chromium');
		expect(chromiumExecutable({}, () => false)).toBeUndefined();
		expect(() => chromiumExecutable({ SALESGYM_CHROMIUM: '/nope' }, () => false)).toThrow(/SALESGYM_CHROMIUM=\/nope does not exist/);
	});
});
