/** `salesgym bridge`'s command line (the running bridge is covered by harness/bridge.spec.ts and tests/e2e/hubspot-sdk.spec.ts). */
import { describe, expect, it } from 'vitest';
import { BRIDGE_DEFAULT_PORT, parseBridgeCli } from './bridge-cli';
import { parseCli, USAGE } from './cli';
import { UsageError } from './errors';

describe('salesgym bridge', () => {
	it('parses --task with the defaults, and every option', () => {
		expect(parseCli(['bridge', '--task', 'hubspot/qualify-mql-v1'])).toEqual({
			command: 'bridge',
			task: 'hubspot/qualify-mql-v1',
			port: BRIDGE_DEFAULT_PORT,
			host: '127.0.0.1',
			runId: undefined,
			seed: undefined
		});
		expect(parseBridgeCli(['--task', 't', '--port', '0', '--host', '0.0.0.0', '--run-id', 'ep-1', '--seed', '2'])).toEqual({
			command: 'bridge',
			task: 't',
			port: 0,
			host: '0.0.0.0',
			runId: 'ep-1',
			seed: 2
		});
	});

	it.each([
		[[], /--task is required/],
		[['--task', 't', '--port', '70000'], /--port must be an integer/],
		[['--task', 't', '--run-id', 'a b'], /--run-id takes/],
		[['--task', 't', '--nope'], /bridge: Unknown option/],
		[['--task', 't', 'extra'], /bridge: /]
	])('refuses %j with a usage error', (args, message) => {
		expect(() => parseBridgeCli(args as string[])).toThrow(UsageError);
		expect(() => parseBridgeCli(args as string[])).toThrow(message);
	});

	it('is in the usage text', () => {
		expect(USAGE).toContain('salesgym bridge --task <id>');
	});
});
