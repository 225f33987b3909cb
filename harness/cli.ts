/**
 * `salesgym` command line (entry: `harness/salesgym.js`). Commands: `serve`, `run`, `calibrate`, `bench`,
 * `verify` (harness/verify-cli.ts), `help`.
 *
 * Exit codes: 0 done (whether or not episodes passed); 1 unexpected failure (e.g. a missing build for
 * `serve`), or for `verify` a failed verdict; 2 bad input (command line, or an invalid blueprint: schema, lint
 * or the semantic rule of `verifier/semantic.ts`); 3 infrastructure error (browser crash, SW never ready, a
 * control endpoint failing, a failed build).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Browser } from '@playwright/test';
import { AGENT_SPECS, agentByName } from './agents';
import type { Blueprint, Difficulty } from '../blueprints/schema';
import { assertBlueprintsSound } from './blueprint-semantics';
import { BlueprintError, instanceFromSpec, loadBlueprints, selectTasks, TaskSelectionError } from './blueprints';
import {
	benchFreshContext,
	benchFirstLoads,
	benchJq,
	benchPage,
	CONTEXT_METRICS,
	FLOOR_METRICS,
	formatReport,
	formatSeedBytes,
	freshContextSamples,
	HARNESS_METRICS,
	JQ_ROWS,
	mergeMetricsFile,
	METRICS,
	PAGE_METRICS,
	seedBundleBytes,
	toReport,
	type MetricName,
	type ValueSummary
} from './bench';
import { verifyDetails, type VerifyDetailRow } from './bench-verify';
import { chromiumLaunchOptions } from './browser';
import {
	calibrationHtml,
	calibrationReport,
	libraryCalibration,
	libraryCalibrationHtml,
	LibraryCalibrationFile,
	mergeLibraryCalibrations,
	parseThresholds,
	writeDifficulty,
	type BandThresholds,
	type CalibrationReport,
	type LibraryCalibration
} from './calibrate';
import { openBrowser, type RewardMode } from './env';
import { InfrastructureError, UsageError } from './errors';
import { waitForSwReady } from './page';
import { reopeningBrowser, runEpisodes, type BrowserSource, type EpisodeRecord, type RunSummary } from './runner';
import { ensureFreshBuild } from './build-check';
import {
	AGENT_CLI_USAGE,
	envOptionsOf,
	isAgentCliVerb,
	OBSERVATION_OPTIONS,
	parseAgentCli,
	parseObservationFlags,
	runAgentCli,
	type AgentCliCommand,
	type ObservationFlags
} from './cli-agents';
import { startServer, type RunningServer } from './server';
import { sealedByDefault } from './seal';
import { parseVerifyCli, runVerify, VERIFY_USAGE, type VerifyCommand } from './verify-cli';
import { BRIDGE_USAGE, parseBridgeCli, runBridge, type BridgeCommand } from './bridge-cli';

/** The repository root (this file lives in `<root>/harness/`). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Usage text printed by `salesgym help` and after a usage error. */
export const USAGE = `Usage:
  salesgym serve [--port 4173] [--host 127.0.0.1] [--build-if-needed] [--sealed]
      Serve build/ (the SPA + Service Worker) and the demo's task file for the launcher's Check (not with
      --sealed: a server for sealed episodes only). Prints the URL; stops on Ctrl-C.
  salesgym run --agent A --task <id|all|glob> [--k 1] [--workers 1] [--max-steps N] [--action-timeout-ms 5000]
               [--out DIR] [--json FILE]
               [--reward binary|partial] [--seed N] [--retries 2] [--cdp ws://…|http://host:port] [--port N] [--unsealed]
               [--screenshot] [--marks] [--no-axtree] [--viewport 1280x800] [--dpr 1] [--save-state] [--fresh-context]
      Run each task k times in headless Chromium (or a browser attached over CDP), W contexts at once, each kept
      warm from episode to episode (reset in place, checked against the task's initial state, recycled on a
      mismatch: README "Warm environments"; --fresh-context opens a new context per episode instead);
      one line per episode: task agent passed score ms. --out DIR writes a trajectory JSONL per episode and
      summary.json (full observations; screenshots as PNG files beside it;
      the final state export only with --save-state). Agents: ${AGENT_SPECS.join(', ')}.
      --task takes an id (hubspot/x-v1), "all", or a glob (hubspot/*). --port defaults to an ephemeral port.
      Episodes are sealed (README "Sealed episodes"); --unsealed (or SALESGYM_UNSEALED=1) is for debugging.
      --max-steps defaults to each task's own limit: twice its oracle's actions, at least 50. --action-timeout-ms
      bounds one agent action (a click on what is not there fails after it).
  salesgym calibrate --agent A [--agent B …] [--k 3] [--n N] [--tasks <id|all|glob>] [--write] [--json FILE] [--html FILE]
               [--bands easy=1,medium=0.667,hard=0.333] [--workers 1] [--max-steps N] [--action-timeout-ms 5000] [--out DIR] [--cdp ws://…|http://host:port] [--port N] [--unsealed]
  salesgym calibrate --merge a.json,b.json [--json FILE] [--html FILE]
      Run each task n (default k) times per --agent; print c/n, pass@k, pass^k and the band per task and agent.
      Several --agent (e.g. noisy-oracle:0.1 and noisy-oracle:0.3) are levels: the last one decides the band, and
      tasks it solves every time are listed as too easy. --write records {band, passes, n, k, agent, date[, levels]}
      in each blueprint's "difficulty"; --html writes an offline report page (tier x band, first failing step and
      its platform). --merge combines the --json reports of runs over disjoint task sets (e.g. one per tier, or one
      per machine) into the report of them all, without running episodes.
  salesgym bench [--samples 50] [--json FILE] [--only m1,m2] [--port N]
      p50/p95/n in ms of ${METRICS.join(', ')}. --json merges into FILE.
${VERIFY_USAGE}
${BRIDGE_USAGE}
${AGENT_CLI_USAGE}
  salesgym help
Exit codes: 0 done (episodes may have failed), 1 unexpected error, 2 bad input, 3 infrastructure error.`;

/** A parsed command line. */
export type Command =
	| { command: 'help' }
	| { command: 'serve'; port: number; host: string; buildIfNeeded: boolean; sealed: boolean }
	| {
			command: 'run';
			agent: string;
			task: string;
			json: string | undefined;
			port: number;
			k: number;
			workers: number;
			/** `--max-steps`, else each task's default (harness/env.ts `defaultMaxSteps`). */
			maxSteps: number | undefined;
			/** `--action-timeout-ms`: the bound of one agent action, ms (default the env's, 5000). */
			actionTimeoutMs: number | undefined;
			out: string | undefined;
			reward: RewardMode;
			seed: number | undefined;
			retries: number;
			cdp: string | undefined;
			/** Episodes unsealed (`--unsealed`, or `SALESGYM_UNSEALED=1`). */
			unsealed: boolean;
			/** A new browser context per episode (`--fresh-context`) instead of warm reuse. */
			freshContext: boolean;
			/** Observation and trajectory options (`--screenshot`, `--marks`, `--viewport`, `--dpr`, `--save-state`). */
			observe: ObservationFlags;
	  }
	| {
			command: 'calibrate';
			/** `--agent`, repeatable: one level per agent, in order; the last decides the band written. */
			agents: string[];
			/** `--merge a.json,b.json`: combine earlier multi-level reports instead of running episodes (no --agent). */
			merge: string[] | undefined;
			tasks: string;
			k: number;
			n: number;
			write: boolean;
			json: string | undefined;
			html: string | undefined;
			thresholds: BandThresholds;
			workers: number;
			/** `--max-steps`, else each task's default (harness/env.ts `defaultMaxSteps`). */
			maxSteps: number | undefined;
			/** `--action-timeout-ms`: the bound of one agent action, ms (default the env's, 5000). */
			actionTimeoutMs: number | undefined;
			out: string | undefined;
			cdp: string | undefined;
			port: number;
			/** Episodes unsealed (`--unsealed`, or `SALESGYM_UNSEALED=1`). */
			unsealed: boolean;
	  }
	| { command: 'bench'; samples: number; json: string | undefined; only: MetricName[]; port: number }
	| AgentCliCommand
	| VerifyCommand
	| BridgeCommand;

const OPTIONS = {
	serve: {
		port: { type: 'string' },
		host: { type: 'string' },
		'build-if-needed': { type: 'boolean' },
		sealed: { type: 'boolean' },
		help: { type: 'boolean', short: 'h' }
	},
	run: {
		agent: { type: 'string' },
		task: { type: 'string' },
		json: { type: 'string' },
		port: { type: 'string' },
		k: { type: 'string' },
		workers: { type: 'string' },
		'max-steps': { type: 'string' },
		'action-timeout-ms': { type: 'string' },
		out: { type: 'string' },
		reward: { type: 'string' },
		seed: { type: 'string' },
		retries: { type: 'string' },
		cdp: { type: 'string' },
		unsealed: { type: 'boolean' },
		'fresh-context': { type: 'boolean' },
		...OBSERVATION_OPTIONS,
		help: { type: 'boolean', short: 'h' }
	},
	calibrate: {
		agent: { type: 'string', multiple: true },
		tasks: { type: 'string' },
		k: { type: 'string' },
		n: { type: 'string' },
		write: { type: 'boolean' },
		json: { type: 'string' },
		html: { type: 'string' },
		bands: { type: 'string' },
		merge: { type: 'string' },
		workers: { type: 'string' },
		'max-steps': { type: 'string' },
		'action-timeout-ms': { type: 'string' },
		out: { type: 'string' },
		cdp: { type: 'string' },
		port: { type: 'string' },
		unsealed: { type: 'boolean' },
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

/**
 * An integer option without a default: undefined when absent (the callee then applies its own, e.g. a per-task one).
 * @throws UsageError when `text` is not a plain integer in [min, max].
 */
function optionalInt(name: string, text: string | undefined, min: number, max: number): number | undefined {
	return text === undefined ? undefined : parseIntOption(name, text, min, min, max);
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
	if (command === 'bridge') return parseBridgeCli(rest);
	if (isAgentCliVerb(command)) return parseAgentCli(command, rest);
	if (command !== 'serve' && command !== 'run' && command !== 'calibrate' && command !== 'bench') throw new UsageError(`unknown command "${command}"`);
	let values: Record<string, string | boolean | undefined>;
	try {
		values = parseArgs({ args: [...rest], options: OPTIONS[command], strict: true, allowPositionals: false }).values as Record<
			string,
			string | boolean | undefined
		>;
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
			buildIfNeeded: values['build-if-needed'] === true,
			sealed: values.sealed === true
		};
	}
	const cdp = str('cdp');
	if (cdp !== undefined && !/^(wss?|https?):\/\//.test(cdp)) throw new UsageError(`--cdp takes a ws://… or http://host:port endpoint, got "${cdp}"`);
	if (command === 'run') {
		const agent = required('agent', str('agent'));
		agentByName(agent);
		const reward = str('reward') ?? 'binary';
		if (reward !== 'binary' && reward !== 'partial') throw new UsageError(`--reward is binary or partial, got "${reward}"`);
		const seed = str('seed');
		return {
			command,
			agent,
			task: required('task', str('task')),
			json: str('json'),
			port: parseIntOption('port', str('port'), 0, 0, 65535),
			k: parseIntOption('k', str('k'), 1, 1, 10_000),
			workers: parseIntOption('workers', str('workers'), 1, 1, 64),
			maxSteps: optionalInt('max-steps', str('max-steps'), 1, 10_000),
			actionTimeoutMs: optionalInt('action-timeout-ms', str('action-timeout-ms'), 100, 600_000),
			out: str('out'),
			reward,
			seed: seed === undefined ? undefined : parseIntOption('seed', seed, 0, 0, 2 ** 31),
			retries: parseIntOption('retries', str('retries'), 2, 0, 10),
			cdp,
			unsealed: values.unsealed === true || !sealedByDefault(),
			freshContext: values['fresh-context'] === true,
			observe: parseObservationFlags(values)
		};
	}
	if (command === 'calibrate') {
		const agents = (values.agent as string[] | undefined) ?? [];
		const mergeText = str('merge');
		const merge = mergeText === undefined ? undefined : mergeText.split(',').filter((f) => f.trim() !== '');
		if (merge !== undefined) {
			if (merge.length === 0) throw new UsageError('--merge takes report files, e.g. --merge t1.json,t4.json');
			if (agents.length > 0 || values.write === true || str('tasks') !== undefined)
				throw new UsageError('--merge combines reports written by earlier runs and runs no episode: drop --agent, --tasks and --write');
			if (str('json') === undefined && str('html') === undefined) throw new UsageError('--merge needs --json FILE or --html FILE');
		} else if (agents.length === 0) throw new UsageError('--agent is required');
		for (const a of agents) agentByName(a);
		if (new Set(agents).size !== agents.length) throw new UsageError(`--agent given twice with the same spec: ${agents.join(', ')}`);
		const k = parseIntOption('k', str('k'), 3, 1, 1000);
		const n = parseIntOption('n', str('n'), k, k, 10_000);
		return {
			command,
			agents,
			merge,
			tasks: str('tasks') ?? 'all',
			k,
			n,
			write: values.write === true,
			json: str('json'),
			html: str('html'),
			thresholds: parseThresholds(str('bands')),
			workers: parseIntOption('workers', str('workers'), 1, 1, 64),
			maxSteps: optionalInt('max-steps', str('max-steps'), 1, 10_000),
			actionTimeoutMs: optionalInt('action-timeout-ms', str('action-timeout-ms'), 100, 600_000),
			out: str('out'),
			cdp,
			port: parseIntOption('port', str('port'), 0, 0, 65535),
			unsealed: values.unsealed === true || !sealedByDefault()
		};
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
		server = await startServer({ root: join(REPO_ROOT, 'build'), port: cmd.port, host: cmd.host, demo: !cmd.sealed });
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
export function episodeLine(
	r: { task_id: string; agent: string; passed: boolean | null; score: number | null; ms: number; status?: 'ok' | 'infra_error' },
	taskWidth: number,
	agentWidth = 6
): string {
	const passed = r.status === 'infra_error' ? 'infra' : String(r.passed);
	const score = r.score === null ? '-' : r.score.toFixed(2);
	return [r.task_id.padEnd(taskWidth), r.agent.padEnd(agentWidth), passed.padEnd(6), score.padStart(5), String(r.ms).padStart(8)].join('  ');
}

/** The header line matching {@link episodeLine} for the same `taskWidth` and `agentWidth`. */
export function episodeHeader(taskWidth: number, agentWidth = 6): string {
	return ['task'.padEnd(taskWidth), 'agent'.padEnd(agentWidth), 'passed', 'score', 'ms'.padStart(8)].join('  ');
}

async function withServerAndBrowser<T>(port: number, io: Io, body: (url: string, browser: Browser) => Promise<T>): Promise<T> {
	return withServerAndBrowsers(port, undefined, io, async (url, browsers) => body(url, await browsers.get()));
}

async function withServerAndBrowsers<T>(port: number, cdp: string | undefined, io: Io, body: (url: string, browsers: BrowserSource) => Promise<T>): Promise<T> {
	// run, calibrate and bench: a build older than its sources would play old blueprints.
	await ensureFreshBuild(REPO_ROOT, { err: io.err });
	let server: RunningServer;
	try {
		server = await startServer({ root: join(REPO_ROOT, 'build'), port, host: '127.0.0.1' });
	} catch (e) {
		throw new InfrastructureError(`could not start the static server: ${(e as Error).message}`, { cause: e });
	}
	const browsers = reopeningBrowser(() => (cdp ? openBrowser(cdp) : launchBrowser()));
	try {
		await browsers.get();
		return await body(server.url, browsers);
	} finally {
		await browsers.close();
		await server.close();
	}
}

/** The blueprints `spec` selects, each checked with the semantic verifier rule. @throws UsageError, BlueprintError. */
async function pickTasks(spec: string): Promise<Blueprint[]> {
	let picked: Blueprint[];
	try {
		const instance = await instanceFromSpec(spec);
		picked = instance ? [instance] : selectTasks(loadBlueprints(blueprintDir()), spec);
	} catch (e) {
		// By name: the kit (and the seed world it loads) is imported only for a <slug>@<seed> spec.
		if (e instanceof Error && e.name === 'TemplateError') throw new UsageError(e.message);
		if (e instanceof TaskSelectionError) throw new UsageError(e.message);
		throw e;
	}
	await assertBlueprintsSound(picked);
	return picked;
}

/**
 * A progress bar for a TTY: `[#####·····] 5/12 passed 4 infra 0`, redrawn in place with `\r`.
 * @returns the line without `\r` or newline.
 */
export function progressLine(done: number, total: number, passed: number, infra: number, width = 20): string {
	const filled = total === 0 ? width : Math.round((done / total) * width);
	return `[${'#'.repeat(filled)}${'·'.repeat(width - filled)}] ${done}/${total} passed ${passed} infra ${infra}`;
}

async function runMany(
	opts: {
		agent: string;
		tasks: Blueprint[];
		k: number;
		workers: number;
		maxSteps: number | undefined;
		actionTimeoutMs?: number | undefined;
		out: string | undefined;
		port: number;
		cdp: string | undefined;
		reward?: RewardMode;
		seed?: number | undefined;
		retries?: number;
		unsealed?: boolean;
		freshContext?: boolean;
		observe?: ObservationFlags;
	},
	io: Io,
	tty: boolean
): Promise<RunSummary> {
	const agent = agentByName(opts.agent);
	const width = Math.max(4, ...opts.tasks.map((t) => t.id.length));
	const agentWidth = Math.max(6, opts.agent.length);
	let passed = 0;
	let infra = 0;
	return withServerAndBrowsers(opts.port, opts.cdp, io, async (baseUrl, browsers) => {
		io.out(`${episodeHeader(width, agentWidth)}\n`);
		const summary = await runEpisodes({
			agent,
			blueprints: opts.tasks,
			k: opts.k,
			workers: opts.workers,
			...(opts.maxSteps !== undefined ? { maxSteps: opts.maxSteps } : {}),
			reward: opts.reward ?? 'binary',
			baseUrl,
			browsers,
			...(opts.out !== undefined ? { outDir: opts.out } : {}),
			...(opts.retries !== undefined ? { retries: opts.retries } : {}),
			env: {
				...(opts.seed !== undefined ? { seed: opts.seed } : {}),
				...(opts.actionTimeoutMs !== undefined ? { actionTimeoutMs: opts.actionTimeoutMs } : {}),
				sealed: opts.unsealed !== true,
				...envOptionsOf(opts.observe)
			},
			...(opts.observe?.saveState ? { saveState: true } : {}),
			...(opts.freshContext ? { freshContext: true } : {}),
			onEpisode: (r, done, total) => {
				if (r.passed) passed++;
				if (r.status === 'infra_error') infra++;
				if (tty) io.err('\r\x1b[2K');
				io.out(`${episodeLine(r, width, agentWidth)}\n`);
				if (r.agent_error !== null) io.err(`  ${r.task_id}#${r.attempt}: agent ${r.agent} stopped early: ${r.agent_error}\n`);
				for (const m of r.infra_errors) io.err(`  ${r.task_id}#${r.attempt}: infrastructure error${r.status === 'ok' ? ' (retried)' : ''}: ${m}\n`);
				if (tty) io.err(progressLine(done, total, passed, infra));
			}
		});
		if (tty) io.err('\n');
		return summary;
	});
}

async function run(cmd: Extract<Command, { command: 'run' }>, io: Io): Promise<number> {
	const tasks = await pickTasks(cmd.task);
	const summary = await runMany({ ...cmd, tasks }, io, process.stderr.isTTY === true && io === stdio);
	const t = summary.totals;
	io.err(
		`salesgym: ${t.passed}/${t.scored} episodes passed${t.infra_errors > 0 ? `, ${t.infra_errors} not scored (infrastructure errors)` : ''}; contexts: ${contextsLine(summary.contexts)}${cmd.out ? `; trajectories and summary.json in ${cmd.out}` : ''}\n`
	);
	if (cmd.json !== undefined) await writeFile(cmd.json, `${JSON.stringify(summary.episodes.map(summaryRow), null, 2)}\n`);
	return t.infra_errors > 0 && t.scored === 0 ? 3 : 0;
}

/** `3 fresh, 9 warm, 1 recycled`: a run's context reuse. */
export function contextsLine(c: RunSummary['contexts']): string {
	return `${c.fresh} fresh, ${c.warm} warm, ${c.recycled} recycled`;
}

/** The `--json` row of one episode (no state, no trajectory path). */
export function summaryRow(r: EpisodeRecord): Omit<EpisodeRecord, 'state'> {
	const { state: _state, ...row } = r;
	return row;
}

/**
 * `salesgym calibrate --merge a.json,b.json`: reads each multi-level report (`--json` of an earlier run), merges
 * them (harness/calibrate.ts `mergeLibraryCalibrations`) and writes `--json` / `--html`.
 * @throws UsageError when a file is missing, not JSON, not a multi-level report, or the reports do not merge.
 */
async function mergeCalibrations(files: readonly string[], cmd: Extract<Command, { command: 'calibrate' }>, io: Io): Promise<number> {
	const parts: LibraryCalibration[] = [];
	for (const file of files) {
		let value: unknown;
		try {
			value = JSON.parse(await readFile(file, 'utf8'));
		} catch (e) {
			throw new UsageError(`--merge: cannot read ${file}: ${(e as Error).message}`);
		}
		const parsed = LibraryCalibrationFile.safeParse(value);
		if (!parsed.success) {
			const issue = parsed.error.issues[0]!;
			throw new UsageError(
				`--merge: ${file} is not a report of "salesgym calibrate --agent A --agent B … --json": ${issue.path.join('.') || '(root)'}: ${issue.message}`
			);
		}
		parts.push(parsed.data);
	}
	const library = mergeLibraryCalibrations(parts);
	if (cmd.json !== undefined) await writeJsonFile(cmd.json, library);
	if (cmd.html !== undefined) await writeTextFile(cmd.html, libraryCalibrationHtml(library));
	const tiers = Object.entries(library.summary.tiers)
		.map(
			([t, bands]) =>
				`tier ${t}: ${Object.entries(bands)
					.map(([b, n]) => `${b} ${n}`)
					.join(', ')}`
		)
		.join('; ');
	io.err(
		`salesgym: merged ${files.length} reports, ${library.tasks.length} tasks; at ${library.summary.deciding_agent}: ${tiers}; too easy: ${library.summary.too_easy.length}\n`
	);
	return 0;
}

async function calibrate(cmd: Extract<Command, { command: 'calibrate' }>, io: Io): Promise<number> {
	if (cmd.merge !== undefined) return mergeCalibrations(cmd.merge, cmd, io);
	const tasks = await pickTasks(cmd.tasks);
	const date = new Date().toISOString().slice(0, 10);
	const levels: CalibrationReport[] = [];
	const pct = (x: number | null) => (x === null ? '–' : x.toFixed(2));
	const width = Math.max(4, ...tasks.map((t) => t.id.length));
	for (const agent of cmd.agents) {
		// Each level's output dir (if any) gets a subfolder per agent so levels do not overwrite each other.
		const out = cmd.out === undefined || cmd.agents.length === 1 ? cmd.out : join(cmd.out, agent.replaceAll(/[^a-z0-9.-]+/gi, '_'));
		const summary = await runMany({ ...cmd, agent, out, k: cmd.n, tasks }, io, process.stderr.isTTY === true && io === stdio);
		const report = calibrationReport(tasks, summary.episodes, { agent, k: cmd.k, date, thresholds: cmd.thresholds });
		levels.push(report);
		io.out(`\n${agent}\n${'task'.padEnd(width)}  c/n    pass@${cmd.k}  pass^${cmd.k}  band      first failing steps\n`);
		for (const t of report.tasks) {
			const hist =
				Object.entries(t.first_failing_step)
					.map(([s, n]) => `${s}:${n}`)
					.join(' ') || '-';
			io.out(
				`${t.task_id.padEnd(width)}  ${`${t.c}/${t.n}`.padEnd(5)}  ${pct(t.pass_at_k).padStart(6)}  ${pct(t.pass_hat_k).padStart(6)}  ${t.band.padEnd(8)}  ${hist}\n`
			);
		}
		io.err(
			`salesgym: ${agent}: bands ${Object.entries(report.summary.bands)
				.map(([b, n]) => `${b} ${n}`)
				.join(', ')}\n`
		);
	}
	const single = levels.length === 1 ? levels[0]! : undefined;
	const library = single ? undefined : libraryCalibration(levels);
	if (library) io.err(`salesgym: too easy at ${library.summary.deciding_agent} (every episode passed): ${library.summary.too_easy.length}\n`);
	if (cmd.json !== undefined) await writeJsonFile(cmd.json, single ?? library);
	if (cmd.html !== undefined) await writeTextFile(cmd.html, single ? calibrationHtml(single) : libraryCalibrationHtml(library!));
	const deciding = levels[levels.length - 1]!;
	if (cmd.write) {
		for (const [i, t] of deciding.tasks.entries()) {
			if (t.n === 0) {
				io.err(`salesgym: ${t.task_id}: no scored episode, difficulty not written\n`);
				continue;
			}
			const file = join(REPO_ROOT, 'blueprints', `${t.task_id}.json`);
			const all = levels.map((l) => l.tasks[i]!);
			const difficulty: Difficulty = { band: t.band, passes: t.c, n: t.n, k: cmd.k, agent: deciding.summary.agent, date };
			if (!single) {
				if (all.some((l) => l.n === 0)) {
					io.err(`salesgym: ${t.task_id}: a level has no scored episode, difficulty not written\n`);
					continue;
				}
				difficulty.levels = levels.map((l, j) => ({ agent: l.summary.agent, passes: all[j]!.c, n: all[j]!.n, band: all[j]!.band }));
			}
			await writeDifficulty(file, difficulty);
			io.err(`salesgym: wrote difficulty ${t.band} (${t.c}/${t.n}) to ${relative(process.cwd(), file)}\n`);
		}
	}
	const scored = levels.reduce((n, l) => n + l.summary.totals.n, 0);
	const infra = levels.reduce((n, l) => n + l.summary.totals.infra_errors, 0);
	return infra > 0 && scored === 0 ? 3 : 0;
}

async function writeJsonFile(file: string, value: unknown): Promise<void> {
	await writeTextFile(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** Writes `text` to `file`, creating its folder. */
async function writeTextFile(file: string, text: string): Promise<void> {
	await mkdir(dirname(resolve(file)), { recursive: true });
	await writeFile(file, text);
}

async function bench(cmd: Extract<Command, { command: 'bench' }>, io: Io): Promise<number> {
	const samples: Partial<Record<MetricName, number[]>> = {};
	const verifyRows: VerifyDetailRow[] = [];
	const pageMetrics = cmd.only.filter((m) => PAGE_METRICS.includes(m));
	const contextMetrics = cmd.only.filter((m) => CONTEXT_METRICS.includes(m));
	const floorMetrics = cmd.only.filter((m) => FLOOR_METRICS.includes(m));
	if (pageMetrics.length > 0 || contextMetrics.length > 0 || floorMetrics.length > 0) {
		const all = loadBlueprints(blueprintDir());
		const task = all.find((b) => b.platforms.includes('hubspot'));
		await withServerAndBrowser(cmd.port, io, async (baseUrl, browser) => {
			if (floorMetrics.includes('sw_floor')) {
				io.err(`bench: sw_floor (${cmd.samples} samples, a bare Service Worker on its own origin)…\n`);
				const { benchSwFloor } = await import('./bench-sw-floor');
				samples.sw_floor = await benchSwFloor(browser, cmd.samples);
			}
			if (pageMetrics.length === 0 && contextMetrics.length === 0) return;
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
			if (contextMetrics.includes('init_fresh_context')) {
				const n = freshContextSamples(cmd.samples);
				io.err(`bench: init_fresh_context (${n} fresh browser contexts)…\n`);
				samples.init_fresh_context = await benchFreshContext(browser, baseUrl, task?.id, n);
			}
			if (contextMetrics.some((m) => m !== 'init_fresh_context')) {
				const n = freshContextSamples(cmd.samples);
				io.err(`bench: init_fresh_context_all, first_load_* (${n} fresh browser contexts, sandbox runs)…\n`);
				Object.assign(samples, await benchFirstLoads(browser, baseUrl, n));
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
	const values: Partial<Record<MetricName, ValueSummary>> = {};
	const harnessMetrics = cmd.only.filter((m) => HARNESS_METRICS.includes(m));
	if (harnessMetrics.length > 0) {
		const { benchHarness } = await import('./bench-harness');
		const blueprints = loadBlueprints(blueprintDir());
		await withServerAndBrowser(cmd.port, io, async (baseUrl, browser) => {
			const r = await benchHarness({ browser, baseUrl, blueprints, metrics: harnessMetrics, samples: cmd.samples, onStart: (m) => io.err(`bench: ${m}…\n`) });
			Object.assign(samples, r.samples);
			Object.assign(values, r.values);
		});
	}
	const report = toReport(samples, values);
	io.out(formatReport(report));
	io.out(formatSeedBytes(seedBundleBytes(REPO_ROOT)));
	const details = verifyRows.length > 0 ? await verifyDetails(verifyRows, cmd.samples, (t) => io.err(t)) : null;
	if (details) io.out(details.text);
	if (cmd.json !== undefined)
		await mergeMetricsFile(
			cmd.json,
			report,
			details ? { verify_breakdown: details.breakdown, ...(details.ratio === null ? {} : { verify_ratio_50k_10k: details.ratio }) } : {}
		);
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
			case 'calibrate':
				return await calibrate(cmd, io);
			case 'bench':
				return await bench(cmd, io);
			case 'verify':
				return await runVerify(cmd, io);
			case 'bridge':
				return await runBridge(cmd, { root: join(REPO_ROOT, 'build'), ensureBuild: () => ensureBuild(io), launchBrowser, out: io.out });
			case 'export':
			case 'serve-env':
			case 'mcp':
				return await runAgentCli(cmd, io);
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
			return 2;
		}
		io.err(`salesgym: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
		return 1;
	}
}
