/**
 * `salesgym` command line (entry: `harness/salesgym.js`). Commands: `serve`, `run`, `bench`, `verify`
 * (harness/verify-cli.ts), `help`.
 *
 * Exit codes: 0 done (whether or not episodes passed); 1 unexpected failure (e.g. an invalid blueprint file,
 * a missing build for `serve`), or for `verify` a failed verdict; 2 bad command-line input; 3 infrastructure
 * error (browser crash, SW never ready, a control endpoint failing, a failed build).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Browser } from '@playwright/test';
import { AGENTS, agentByName } from './agents';
import { BlueprintError, loadBlueprints, selectTasks, TaskSelectionError } from './blueprints';
import { benchJq, benchPage, formatReport, JQ_ROWS, mergeMetricsFile, METRICS, PAGE_METRICS, toReport, type MetricName } from './bench';
import { verifyDetails, type VerifyDetailRow } from './bench-verify';
import { chromiumLaunchOptions } from './browser';
import { InfrastructureError, UsageError } from './errors';
import { waitForSwReady } from './page';
import { runAll, summarize, type EpisodeResult } from './runner';
import { startServer, type RunningServer } from './server';
import { parseVerifyCli, runVerify, VERIFY_USAGE, type VerifyCommand } from './verify-cli';

/** The repository root (this file lives in `<root>/harness/`). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Usage text printed by `salesgym help` and after a usage error. */
export const USAGE = `Usage:
  salesgym serve [--port 4173] [--host 127.0.0.1] [--build-if-needed]
      Serve build/ (the SPA + Service Worker). Prints the URL; stops on Ctrl-C.
  salesgym run --agent <${Object.keys(AGENTS).join('|')}> --task <id|all|glob> [--json FILE] [--port N]
      Run episodes in headless Chromium; one line per episode: task agent passed score ms.
      --task takes an id (hubspot/x-v1), "all", or a glob (hubspot/*). --port defaults to an ephemeral port.
  salesgym bench [--samples 50] [--json FILE] [--only m1,m2] [--port N]
      p50/p95/n in ms of ${METRICS.join(', ')}. --json merges into FILE.
${VERIFY_USAGE}
  salesgym help
Exit codes: 0 done (episodes may have failed), 1 unexpected error, 2 bad input, 3 infrastructure error.`;

/** A parsed command line. */
export type Command =
	| { command: 'help' }
	| { command: 'serve'; port: number; host: string; buildIfNeeded: boolean }
	| { command: 'run'; agent: string; task: string; json: string | undefined; port: number }
	| { command: 'bench'; samples: number; json: string | undefined; only: MetricName[]; port: number }
	| VerifyCommand;

const OPTIONS = {
	serve: {
		port: { type: 'string' },
		host: { type: 'string' },
		'build-if-needed': { type: 'boolean' },
		help: { type: 'boolean', short: 'h' }
	},
	run: {
		agent: { type: 'string' },
		task: { type: 'string' },
		json: { type: 'string' },
		port: { type: 'string' },
		help: { type: 'boolean', short: 'h' }
	},
	bench: {
		samples: { type: 'string' },
		json: { type: 'string' },
		only: { type: 'string' },
		port: { type: 'string' },
		help: { type: 'boolean', short: 'h' }
	}
} as const satisfies Record<string, ParseArgsConfig['options']>;

/**
 * Parses a decimal integer option.
 * @throws UsageError when `text` is not a plain integer in [min, max].
 */
export function parseIntOption(name: string, text: string | undefined, fallback: number, min: number, max: number): number {
	if (text === undefined) return fallback;
	if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
		throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got "${text}"`);
	}
	return Number(text);
}

function required(name: string, value: string | undefined): string {
	if (value === undefined || value === '') throw new UsageError(`--${name} is required`);
	return value;
}

/**
 * Parses `argv` (without `node` and the script), strictly: unknown options, missing values and positionals
 * after the command are errors.
 * @returns the command with defaults applied (serve: port 4173, host 127.0.0.1; run/bench: port 0 =
 *   ephemeral; bench: 50 samples, all metrics).
 * @throws UsageError with a one-line reason.
 */
export function parseCli(argv: readonly string[]): Command {
	const [command, ...rest] = argv;
	if (command === undefined) throw new UsageError('missing command');
	if (command === 'help' || command === '--help' || command === '-h') return { command: 'help' };
	if (command === 'verify') return parseVerifyCli(rest);
	if (command !== 'serve' && command !== 'run' && command !== 'bench') throw new UsageError(`unknown command "${command}"`);
	let values: Record<string, string | boolean | undefined>;
	try {
		values = parseArgs({ args: [...rest], options: OPTIONS[command], strict: true, allowPositionals: false }).values as Record<string, string | boolean | undefined>;
	} catch (e) {
		throw new UsageError(`${command}: ${(e as Error).message}`);
	}
	if (values.help === true) return { command: 'help' };
	const str = (k: string): string | undefined => values[k] as string | undefined;
	if (command === 'serve') {
		return {
			command,
			port: parseIntOption('port', str('port'), 4173, 0, 65535),
			host: str('host') ?? '127.0.0.1',
			buildIfNeeded: values['build-if-needed'] === true
		};
	}
	if (command === 'run') {
		const agent = required('agent', str('agent'));
		agentByName(agent);
		return { command, agent, task: required('task', str('task')), json: str('json'), port: parseIntOption('port', str('port'), 0, 0, 65535) };
	}
	const onlyText = str('only');
	let only: MetricName[] = [...METRICS];
	if (onlyText !== undefined) {
		only = onlyText.split(',').map((m) => m.trim()) as MetricName[];
		const bad = only.filter((m) => !(METRICS as readonly string[]).includes(m));
		if (bad.length > 0 || only.length === 0) throw new UsageError(`--only takes metric names from ${METRICS.join(', ')}; unknown: ${bad.join(', ')}`);
	}
	return {
		command,
		samples: parseIntOption('samples', str('samples'), 50, 1, 100_000),
		json: str('json'),
		only,
		port: parseIntOption('port', str('port'), 0, 0, 65535)
	};
}

/** Output streams, replaceable in tests. */
export interface Io {
	out: (text: string) => void;
	err: (text: string) => void;
}

const stdio: Io = {
	out: (t) => void process.stdout.write(t),
	err: (t) => void process.stderr.write(t)
};

/**
 * Runs `npx vite build` in the repo root when `build/index.html` is missing (its stdout goes to our stderr,
 * so `run`'s stdout stays one line per episode).
 * @throws InfrastructureError when the build exits non-zero or leaves no `build/index.html`.
 */
export async function ensureBuild(io: Io = stdio): Promise<void> {
	const index = join(REPO_ROOT, 'build', 'index.html');
	if (existsSync(index)) return;
	io.err(`salesgym: ${relative(process.cwd(), index) || index} is missing; running \`npx vite build\`…\n`);
	const code = await new Promise<number>((ok, fail) => {
		const child = spawn('npx', ['vite', 'build'], { cwd: REPO_ROOT, stdio: ['ignore', process.stderr, process.stderr] });
		child.once('error', fail);
		child.once('exit', (c, signal) => ok(c ?? (signal ? 128 : 1)));
	}).catch((e: unknown) => {
		throw new InfrastructureError(`could not start \`npx vite build\`: ${(e as Error).message}`, { cause: e });
	});
	if (code !== 0 || !existsSync(index)) throw new InfrastructureError(`\`npx vite build\` failed (exit ${code}); see its output above`);
}

/**
 * Launches headless Chromium with {@link chromiumLaunchOptions} (Playwright is loaded only here, so `serve`
 * needs no dev dependencies).
 * @throws InfrastructureError when the browser does not start (hint: `npm run browser`).
 */
export async function launchBrowser(): Promise<Browser> {
	try {
		const { chromium } = await import('@playwright/test');
		return await chromium.launch({ headless: true, ...chromiumLaunchOptions() });
	} catch (e) {
		throw new InfrastructureError(`could not launch Chromium (run \`npm run browser\` to install it): ${(e as Error).message.split('\n')[0]}`, { cause: e });
	}
}

function blueprintDir(): string {
	return relative(process.cwd(), join(REPO_ROOT, 'blueprints')) || '.';
}

/** Maps a listen failure to what the CLI reports: a busy port is an {@link InfrastructureError} (exit 3) with a hint. */
export function listenError(e: unknown, host: string, port: number): unknown {
	if ((e as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE') {
		return new InfrastructureError(`port ${port} on ${host} is already in use; pick another with --port`, { cause: e });
	}
	return e;
}

async function serve(cmd: Extract<Command, { command: 'serve' }>, io: Io): Promise<number> {
	if (cmd.buildIfNeeded) await ensureBuild(io);
	let server: RunningServer;
	try {
		server = await startServer({ root: join(REPO_ROOT, 'build'), port: cmd.port, host: cmd.host });
	} catch (e) {
		throw listenError(e, cmd.host, cmd.port);
	}
	io.out(`salesgym: serving build/ at ${server.url}\n`);
	await new Promise<void>((ok) => {
		process.once('SIGINT', ok);
		process.once('SIGTERM', ok);
	});
	await server.close();
	return 0;
}

/**
 * Formats one episode line: task (padded to `taskWidth`), agent, passed, score (2 decimals), ms, separated
 * by two spaces and aligned with {@link episodeHeader}.
 * @returns the line without a newline.
 */
export function episodeLine(r: Pick<EpisodeResult, 'task_id' | 'agent' | 'passed' | 'score' | 'ms'>, taskWidth: number): string {
	return [r.task_id.padEnd(taskWidth), r.agent.padEnd(6), String(r.passed).padEnd(6), r.score.toFixed(2).padStart(5), String(r.ms).padStart(8)].join('  ');
}

/** The header line matching {@link episodeLine} for the same `taskWidth`. */
export function episodeHeader(taskWidth: number): string {
	return ['task'.padEnd(taskWidth), 'agent'.padEnd(6), 'passed', 'score', 'ms'.padStart(8)].join('  ');
}

async function withServerAndBrowser<T>(port: number, io: Io, body: (url: string, browser: Browser) => Promise<T>): Promise<T> {
	await ensureBuild(io);
	let server: RunningServer;
	try {
		server = await startServer({ root: join(REPO_ROOT, 'build'), port, host: '127.0.0.1' });
	} catch (e) {
		throw new InfrastructureError(`could not start the static server: ${(e as Error).message}`, { cause: e });
	}
	try {
		const browser = await launchBrowser();
		try {
			return await body(server.url, browser);
		} finally {
			await browser.close().catch(() => {});
		}
	} finally {
		await server.close();
	}
}

async function run(cmd: Extract<Command, { command: 'run' }>, io: Io): Promise<number> {
	const agent = agentByName(cmd.agent);
	const all = loadBlueprints(blueprintDir());
	let tasks;
	try {
		tasks = selectTasks(all, cmd.task);
	} catch (e) {
		if (e instanceof TaskSelectionError) throw new UsageError(e.message);
		throw e;
	}
	const width = Math.max(4, ...tasks.map((t) => t.id.length));
	const results = await withServerAndBrowser(cmd.port, io, async (baseUrl, browser) => {
		io.out(`${episodeHeader(width)}\n`);
		return runAll({
			browser,
			baseUrl,
			agent,
			blueprints: tasks,
			onResult: (r) => {
				io.out(`${episodeLine(r, width)}\n`);
				if (r.agent_error !== null) io.err(`  ${r.task_id}: agent ${r.agent} stopped early: ${r.agent_error}\n`);
			}
		});
	});
	const passed = results.filter((r) => r.passed).length;
	io.err(`salesgym: ${passed}/${results.length} episodes passed\n`);
	if (cmd.json !== undefined) await writeFile(cmd.json, `${JSON.stringify(results.map(summarize), null, 2)}\n`);
	return 0;
}

async function bench(cmd: Extract<Command, { command: 'bench' }>, io: Io): Promise<number> {
	const samples: Partial<Record<MetricName, number[]>> = {};
	const verifyRows: VerifyDetailRow[] = [];
	const pageMetrics = cmd.only.filter((m) => PAGE_METRICS.includes(m));
	if (pageMetrics.length > 0) {
		const all = loadBlueprints(blueprintDir());
		const task = all.find((b) => b.platforms.includes('hubspot'));
		await withServerAndBrowser(cmd.port, io, async (baseUrl, browser) => {
			const context = await browser.newContext({ baseURL: baseUrl });
			try {
				const page = await context.newPage();
				const start = task?.start_path ?? '/';
				try {
					await page.goto(start);
				} catch (e) {
					throw new InfrastructureError(`could not load ${baseUrl}${start}: ${(e as Error).message.split('\n')[0]}`, { cause: e });
				}
				await waitForSwReady(page);
				Object.assign(
					samples,
					await benchPage({
						page,
						samples: cmd.samples,
						taskId: task?.id,
						metrics: pageMetrics,
						onStart: (m) => io.err(`bench: ${m} (${cmd.samples} samples)…\n`),
						onVerifySamples: (metric, page) => verifyRows.push({ metric, page })
					})
				);
			} finally {
				await context.close().catch(() => {});
			}
		});
	}
	const jqMetrics = cmd.only.filter((m) => JQ_ROWS[m] !== undefined);
	if (jqMetrics.length > 0) {
		const { createNodeEngine } = await import('../verifier/node');
		const engine = await createNodeEngine();
		for (const m of jqMetrics) {
			io.err(`bench: ${m} (${cmd.samples} samples)…\n`);
			samples[m] = benchJq(engine, JQ_ROWS[m] as number, cmd.samples);
		}
	}
	const report = toReport(samples);
	io.out(formatReport(report));
	if (verifyRows.length > 0) io.out(await verifyDetails(verifyRows, cmd.samples, (t) => io.err(t)));
	if (cmd.json !== undefined) await mergeMetricsFile(cmd.json, report);
	return 0;
}

/**
 * Runs the CLI.
 * @param argv arguments after `node harness/salesgym.js`.
 * @returns the exit code (see the module doc); never throws.
 */
export async function main(argv: readonly string[], io: Io = stdio): Promise<number> {
	try {
		const cmd = parseCli(argv);
		switch (cmd.command) {
			case 'help':
				io.out(`${USAGE}\n`);
				return 0;
			case 'serve':
				return await serve(cmd, io);
			case 'run':
				return await run(cmd, io);
			case 'bench':
				return await bench(cmd, io);
			case 'verify':
				return await runVerify(cmd, io);
		}
	} catch (e) {
		if (e instanceof UsageError) {
			io.err(`salesgym: ${e.message}\n${argv.length === 0 ? `${USAGE}\n` : 'Run `salesgym help` for usage.\n'}`);
			return 2;
		}
		if (e instanceof InfrastructureError) {
			io.err(`salesgym: infrastructure error: ${e.message}\n`);
			return 3;
		}
		if (e instanceof BlueprintError) {
			io.err(`salesgym: invalid blueprint: ${e.message}\n`);
			return 1;
		}
		io.err(`salesgym: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
		return 1;
	}
}
