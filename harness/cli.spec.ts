import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calibrationReport, libraryCalibration } from './calibrate';
import { episodeHeader, episodeLine, listenError, main, parseCli, parseIntOption, progressLine } from './cli';
import { startServer } from './server';
import { InfrastructureError, UsageError } from './errors';

function usageMessage(argv: string[]): string {
	try {
		parseCli(argv);
	} catch (e) {
		expect(e).toBeInstanceOf(UsageError);
		return (e as Error).message;
	}
	throw new Error(`parseCli(${argv.join(' ')}) did not throw`);
}

describe('parseCli', () => {
	it('applies the serve defaults', () => {
		expect(parseCli(['serve'])).toEqual({ command: 'serve', port: 4173, host: '127.0.0.1', buildIfNeeded: false, sealed: false });
		expect(parseCli(['serve', '--port', '4179', '--host', '0.0.0.0', '--build-if-needed'])).toEqual({
			command: 'serve',
			port: 4179,
			host: '0.0.0.0',
			buildIfNeeded: true,
			sealed: false
		});
		expect(parseCli(['serve', '--port=0'])).toMatchObject({ port: 0 });
		expect(parseCli(['serve', '--sealed'])).toMatchObject({ sealed: true });
	});

	it('parses run', () => {
		expect(parseCli(['run', '--agent', 'oracle', '--task', 'hubspot/*', '--json', 'out.json'])).toEqual({
			command: 'run',
			agent: 'oracle',
			task: 'hubspot/*',
			json: 'out.json',
			port: 0,
			k: 1,
			workers: 1,
			maxSteps: undefined,
			actionTimeoutMs: undefined,
			out: undefined,
			reward: 'binary',
			seed: undefined,
			retries: 2,
			cdp: undefined,
			unsealed: false,
			freshContext: false,
			observe: { screenshot: false, marks: false, axtree: true, viewport: undefined, deviceScaleFactor: undefined, saveState: false }
		});
		expect(parseCli(['run', '--agent', 'oracle', '--task', 'all', '--unsealed'])).toMatchObject({ unsealed: true });
		expect(parseCli(['run', '--agent', 'oracle', '--task', 'all', '--fresh-context'])).toMatchObject({ freshContext: true });
		expect(
			parseCli([
				'run',
				'--agent',
				'pixel-oracle',
				'--task',
				'all',
				'--screenshot',
				'--marks',
				'--no-axtree',
				'--viewport',
				'1024x700',
				'--dpr',
				'2',
				'--save-state'
			])
		).toMatchObject({
			observe: { screenshot: true, marks: true, axtree: false, viewport: { width: 1024, height: 700 }, deviceScaleFactor: 2, saveState: true }
		});
		expect(() => parseCli(['run', '--agent', 'oracle', '--task', 'all', '--viewport', '1024'])).toThrow(/--viewport takes WIDTHxHEIGHT/);
		expect(() => parseCli(['run', '--agent', 'oracle', '--task', 'all', '--dpr', '9'])).toThrow(/--dpr takes a device scale factor/);
		expect(() => parseCli(['run', '--agent', 'oracle', '--task', 'all', '--action-timeout-ms', '5'])).toThrow(/action-timeout-ms/);
		expect(parseCli(['calibrate', '--agent', 'oracle', '--action-timeout-ms', '2000'])).toMatchObject({ actionTimeoutMs: 2000, maxSteps: undefined });
		expect(parseCli(['export', '--in', 'a,b', '--out', 'ds', '--format', 'parquet-ready'])).toEqual({
			command: 'export',
			inputs: ['a', 'b'],
			out: 'ds',
			format: 'parquet-ready'
		});
		expect(() => parseCli(['export', '--in', 'a', '--out', 'ds', '--format', 'csv'])).toThrow(/jsonl or parquet-ready/);
		expect(parseCli(['mcp', '--task', 'hubspot/x-v1', '--cdp-port', '9222'])).toMatchObject({ command: 'mcp', task: 'hubspot/x-v1', cdpPort: 9222 });
		expect(() => parseCli(['mcp'])).toThrow(/--task ID is required/);
		expect(parseCli(['serve-env', '--marks'])).toMatchObject({ command: 'serve-env', port: 0, host: '127.0.0.1', observe: { marks: true } });
		expect(
			parseCli([
				'run',
				'--agent',
				'noisy-oracle:0.3',
				'--task',
				'all',
				'--k',
				'3',
				'--workers',
				'2',
				'--max-steps',
				'20',
				'--action-timeout-ms',
				'1500',
				'--out',
				'o',
				'--reward',
				'partial',
				'--cdp',
				'ws://127.0.0.1:9222/devtools/browser/x'
			])
		).toMatchObject({
			agent: 'noisy-oracle:0.3',
			k: 3,
			workers: 2,
			maxSteps: 20,
			actionTimeoutMs: 1500,
			out: 'o',
			reward: 'partial',
			cdp: 'ws://127.0.0.1:9222/devtools/browser/x'
		});
	});

	it('parses calibrate with defaults (k 3, n = k, all tasks, default bands)', () => {
		expect(parseCli(['calibrate', '--agent', 'oracle'])).toMatchObject({
			command: 'calibrate',
			agents: ['oracle'],
			tasks: 'all',
			k: 3,
			n: 3,
			write: false,
			thresholds: { easy: 1 },
			unsealed: false
		});
		expect(parseCli(['calibrate', '--agent', 'oracle', '--unsealed'])).toMatchObject({ unsealed: true });
		expect(parseCli(['calibrate', '--agent', 'noisy-oracle:0.1', '--agent', 'noisy-oracle:0.3'])).toMatchObject({
			agents: ['noisy-oracle:0.1', 'noisy-oracle:0.3']
		});
		expect(parseCli(['calibrate', '--agent', 'oracle', '--k', '2', '--n', '5', '--write', '--bands', 'medium=0.5'])).toMatchObject({
			k: 2,
			n: 5,
			write: true,
			thresholds: { medium: 0.5 }
		});
	});

	it('parses bench with defaults and --only', () => {
		expect(parseCli(['bench'])).toEqual({
			command: 'bench',
			samples: 50,
			json: undefined,
			only: [
				'reset',
				'reset_full_seed',
				'init_fresh_context',
				'init_fresh_context_all',
				'first_load_hubspot',
				'first_load_outreach',
				'first_load_calendly',
				'first_load_salesnav',
				'api_roundtrip',
				'sw_floor',
				'hubspot_api_get',
				'hubspot_search',
				'hubspot_index_interactive',
				'salesnav_search',
				'salesnav_filter_interactive',
				'calendly_available_times',
				'calendly_api_get',
				'calendly_booking_interactive',
				'outreach_api_get',
				'outreach_prospect_search',
				'outreach_prospects_interactive',
				'verify',
				'jq_1k',
				'jq_10k',
				'jq_50k',
				'verify_20x1k',
				'verify_20x10k',
				'verify_20x50k',
				'verify_20x10k_write',
				'episodes_per_min_w1',
				'episodes_per_min_w2',
				'episodes_per_min_w4',
				'context_memory_mb',
				'memory_mb_w2',
				'memory_mb_w4',
				'context_recycles',
				'reset_to_observation',
				'reset_to_observation_fresh'
			],
			port: 0
		});
		expect(parseCli(['bench', '--samples', '10', '--only', 'jq_1k, jq_10k'])).toMatchObject({ samples: 10, only: ['jq_1k', 'jq_10k'] });
	});

	it('parses verify', () => {
		expect(parseCli(['verify', '--task', 'hubspot/x-v1', '--state', 's.json', '--timeout-ms', '250'])).toEqual({
			command: 'verify',
			task: 'hubspot/x-v1',
			state: 's.json',
			initial: undefined,
			events: undefined,
			from: undefined,
			timeoutMs: 250
		});
		expect(usageMessage(['verify', '--state', 's.json'])).toBe('verify: --task is required');
	});

	it('treats help flags as the help command', () => {
		expect(parseCli(['help'])).toEqual({ command: 'help' });
		expect(parseCli(['--help'])).toEqual({ command: 'help' });
		expect(parseCli(['run', '-h'])).toEqual({ command: 'help' });
	});

	it('rejects bad input with a clear UsageError', () => {
		expect(usageMessage([])).toBe('missing command');
		expect(usageMessage(['srv'])).toBe('unknown command "srv"');
		expect(usageMessage(['run', '--task', 'all'])).toBe('--agent is required');
		expect(usageMessage(['run', '--agent', 'oracle'])).toBe('--task is required');
		expect(usageMessage(['run', '--agent', 'gpt', '--task', 'all'])).toBe(
			'unknown agent "gpt". Known agents: oracle, pixel-oracle, noop, random[:seed], noisy-oracle:<p>[:seed], cmd:<command>, http:<url>'
		);
		expect(usageMessage(['run', '--agent', 'oracle', '--task', 'all', '--reward', 'dense'])).toBe('--reward is binary or partial, got "dense"');
		expect(usageMessage(['run', '--agent', 'oracle', '--task', 'all', '--cdp', '9222'])).toMatch(/^--cdp takes/);
		expect(usageMessage(['calibrate', '--k', '3'])).toBe('--agent is required');
		expect(usageMessage(['calibrate', '--agent', 'oracle', '--agent', 'oracle'])).toMatch(/^--agent given twice/);
		expect(usageMessage(['calibrate', '--agent', 'oracle', '--agent', 'nobody'])).toMatch(/nobody/);
		expect(usageMessage(['calibrate', '--agent', 'oracle', '--k', '3', '--n', '2'])).toBe('--n must be an integer from 3 to 10000, got "2"');
		expect(usageMessage(['calibrate', '--agent', 'oracle', '--bands', 'easy=0.5,medium=0.9'])).toMatch(/^--bands needs 1 >= easy >= medium/);
		expect(usageMessage(['serve', '--prot', '1'])).toMatch(/^serve: Unknown option '--prot'/);
		expect(usageMessage(['serve', 'extra'])).toMatch(/^serve: Unexpected argument 'extra'/);
		expect(usageMessage(['serve', '--port'])).toMatch(/^serve: Option '--port <value>' argument missing/);
		expect(usageMessage(['serve', '--port', '70000'])).toBe('--port must be an integer from 0 to 65535, got "70000"');
		expect(usageMessage(['bench', '--samples', '0'])).toBe('--samples must be an integer from 1 to 100000, got "0"');
		expect(usageMessage(['bench', '--only', 'jq_1k,jq_2k'])).toMatch(/unknown: jq_2k$/);
	});
});

describe('parseIntOption', () => {
	it('returns the fallback when absent and rejects non-integers', () => {
		expect(parseIntOption('n', undefined, 7, 0, 10)).toBe(7);
		expect(parseIntOption('n', '10', 7, 0, 10)).toBe(10);
		expect(() => parseIntOption('n', '1.5', 7, 0, 10)).toThrow(UsageError);
		expect(() => parseIntOption('n', '-1', 7, 0, 10)).toThrow(UsageError);
		expect(() => parseIntOption('n', '', 7, 0, 10)).toThrow(UsageError);
	});
});

describe('main', () => {
	it('exits 2 on bad input and 0 on help, writing to the given streams', async () => {
		let out = '';
		let err = '';
		const io = { out: (t: string) => void (out += t), err: (t: string) => void (err += t) };
		expect(await main(['run', '--agent', 'oracle'], io)).toBe(2);
		expect(err).toContain('salesgym: --task is required');
		expect(await main(['help'], io)).toBe(0);
		expect(out).toContain('salesgym run --agent');
	});

	it('calibrate --merge writes the merged report of two files; a bad file or a run flag is bad input (exit 2)', async () => {
		let err = '';
		const io = { out: () => {}, err: (t: string) => void (err += t) };
		const dir = mkdtempSync(join(tmpdir(), 'salesgym-merge-'));
		const part = (id: string, passed: boolean) =>
			libraryCalibration(
				['noisy-oracle:0.1', 'noisy-oracle:0.3'].map((agent) =>
					calibrationReport(
						[{ id, platforms: ['hubspot'] }],
						[0, 1, 2].map(() => ({ task_id: id, status: 'ok' as const, passed, first_failing_step: passed ? null : 0 })),
						{
							agent,
							k: 3,
							date: '2026-12-02'
						}
					)
				)
			);
		writeFileSync(join(dir, 'a.json'), JSON.stringify(part('hubspot/a-v1', true)));
		writeFileSync(join(dir, 'b.json'), JSON.stringify(part('hubspot/b-v1', false)));
		const out = join(dir, 'all.json');
		const html = join(dir, 'all.html');
		expect(await main(['calibrate', '--merge', `${join(dir, 'a.json')},${join(dir, 'b.json')}`, '--json', out, '--html', html], io)).toBe(0);
		const merged = JSON.parse(readFileSync(out, 'utf8')) as { tasks: { task_id: string; band: string }[]; summary: { too_easy: string[] } };
		expect(merged.tasks.map((t) => [t.task_id, t.band])).toEqual([
			['hubspot/a-v1', 'easy'],
			['hubspot/b-v1', 'unsolved']
		]);
		expect(merged.summary.too_easy).toEqual(['hubspot/a-v1']);
		expect(readFileSync(html, 'utf8')).toContain('<tr><td>hubspot/b-v1</td>');
		expect(err).toContain('merged 2 reports, 2 tasks');
		writeFileSync(join(dir, 'bad.json'), JSON.stringify({ ...part('hubspot/c-v1', true), extra: true }));
		expect(await main(['calibrate', '--merge', join(dir, 'bad.json'), '--json', out], io)).toBe(2);
		expect(err).toContain('is not a report of');
		expect(await main(['calibrate', '--merge', join(dir, 'a.json'), '--agent', 'oracle', '--json', out], io)).toBe(2);
		expect(await main(['calibrate', '--merge', join(dir, 'a.json')], io)).toBe(2);
		expect(err).toContain('--merge needs --json FILE or --html FILE');
	});

	it('with no arguments, exits 2 and prints the usage', async () => {
		let err = '';
		const io = { out: () => {}, err: (t: string) => void (err += t) };
		expect(await main([], io)).toBe(2);
		expect(err).toContain('missing command');
		expect(err).toContain('salesgym serve [--port');
	});

	it('a busy port is an infrastructure error with a clear message', async () => {
		const { createServer } = await import('node:net');
		const { mkdtempSync, writeFileSync } = await import('node:fs');
		const { tmpdir } = await import('node:os');
		const { join } = await import('node:path');
		const blocker = createServer().listen(0, '127.0.0.1');
		await new Promise((ok) => blocker.once('listening', ok));
		const port = (blocker.address() as { port: number }).port;
		const root = mkdtempSync(join(tmpdir(), 'salesgym-root-'));
		writeFileSync(join(root, 'index.html'), '<!doctype html>');
		try {
			const failure = await startServer({ root, port }).then(
				() => null,
				(e: unknown) => e
			);
			const mapped = listenError(failure, '127.0.0.1', port);
			expect(mapped).toBeInstanceOf(InfrastructureError);
			expect((mapped as Error).message).toBe(`port ${port} on 127.0.0.1 is already in use; pick another with --port`);
		} finally {
			blocker.close();
		}
	});
});

describe('progressLine', () => {
	it('fills the bar in proportion', () => {
		expect(progressLine(5, 10, 4, 1, 10)).toBe('[#####·····] 5/10 passed 4 infra 1');
		expect(progressLine(0, 0, 0, 0, 4)).toBe('[####] 0/0 passed 0 infra 0');
	});
});

describe('episode lines', () => {
	it('aligns with the header', () => {
		const header = episodeHeader(17);
		const line = episodeLine({ task_id: 'hubspot/a-task-v1', agent: 'oracle', passed: true, score: 1, ms: 2345 }, 17);
		expect(header).toBe('task               agent   passed  score        ms');
		expect(line).toBe('hubspot/a-task-v1  oracle  true     1.00      2345');
		expect(line.length).toBe(header.length);
		const noisy = episodeLine({ task_id: 'hubspot/a-task-v1', agent: 'noisy-oracle:0.3', passed: false, score: 0.5, ms: 12 }, 17, 16);
		expect(noisy.indexOf('false')).toBe(episodeHeader(17, 16).indexOf('passed'));
		const infra = episodeLine({ task_id: 'hubspot/a-task-v1', agent: 'oracle', passed: null, score: null, ms: 0, status: 'infra_error' }, 17);
		expect(infra).toBe('hubspot/a-task-v1  oracle  infra       -         0');
	});
});
