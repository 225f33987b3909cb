import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumExecutable, chromiumLaunchOptions, LOW_MEMORY_ARG, SYSTEM_CHROMIUM, SYSTEM_HEADLESS_SHELL } from './browser';

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
	const debian = (p: string) => p === '/usr/bin/chromium' || p === '/usr/bin/chromium-headless-shell';
	it('takes $SALESGYM_CHROMIUM when it exists, for either kind; a missing override throws', () => {
		expect(chromiumExecutable('headless', { SALESGYM_CHROMIUM: '/opt/c' }, (p) => p === '/opt/c' || debian(p))).toBe('/opt/c');
		expect(chromiumExecutable('full', { SALESGYM_CHROMIUM: '/opt/c' }, (p) => p === '/opt/c' || debian(p))).toBe('/opt/c');
		expect(() => chromiumExecutable('headless', { SALESGYM_CHROMIUM: '/nope' }, debian)).toThrow(/SALESGYM_CHROMIUM=\/nope does not exist/);
	});

	it('prefers Debian’s headless shell for a headless launch, the full browser for `full`, else Debian’s chromium, else none', () => {
		expect(chromiumExecutable('headless', {}, debian)).toBe(SYSTEM_HEADLESS_SHELL);
		expect(chromiumExecutable(undefined, {}, debian)).toBe(SYSTEM_HEADLESS_SHELL);
		expect(chromiumExecutable('full', {}, debian)).toBe(SYSTEM_CHROMIUM);
		expect(chromiumExecutable('headless', {}, (p) => p === SYSTEM_CHROMIUM)).toBe(SYSTEM_CHROMIUM);
		expect(chromiumExecutable('full', {}, (p) => p === SYSTEM_HEADLESS_SHELL)).toBeUndefined();
		expect(chromiumExecutable('headless', {}, () => false)).toBeUndefined();
	});
});
