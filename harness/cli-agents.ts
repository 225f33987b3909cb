/**
 * The CLI verbs for agent interfaces (`export`, `serve-env`, `mcp`) and the observation flags of `run`
 * (`--screenshot`, `--marks`, `--no-axtree`, `--viewport WxH`, `--dpr N`, `--save-state`). `harness/cli.ts`
 * dispatches to {@link parseAgentCli} and {@link runAgentCli}.
 */
import { readFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ensureFreshBuild } from './build-check';
import { exportDataset, type DatasetFormat } from './dataset';
import type { EnvOptions } from './env';
import { InfrastructureError, UsageError } from './errors';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Usage lines of these verbs (part of `salesgym help`). */
export const AGENT_CLI_USAGE = `  salesgym export --in DIR[,DIR…] --out OUT [--format jsonl|parquet-ready]
      Gather the trajectories that run --out wrote into one dataset: manifest.json, episodes.jsonl,
      steps.jsonl, screenshots/ (parquet-ready: flat rows, nested values as JSON strings, schema.json).
  salesgym serve-env [--port 0] [--host 127.0.0.1] [--cdp-port N] [--screenshot] [--marks] [--viewport WxH] [--dpr N]
      The env as a local HTTP service (POST /reset, POST /step, GET /observation, GET /state, POST /close) for
      the Python client; prints its URL. --cdp-port opens Chromium's DevTools endpoint (for Playwright MCP).
  salesgym mcp --task ID [--cdp-port N] [--screenshot] [--marks] [--viewport WxH] [--dpr N] [--max-steps 50]
      An MCP server over stdio: tools = the env's actions + reset + get_observation.`;

/** Observation and trajectory flags (of `run`, `serve-env`, `mcp`). */
export interface ObservationFlags {
	screenshot: boolean;
	marks: boolean;
	axtree: boolean;
	viewport: { width: number; height: number } | undefined;
	deviceScaleFactor: number | undefined;
	saveState: boolean;
}

/** `parseArgs` options of {@link ObservationFlags}. */
export const OBSERVATION_OPTIONS = {
	screenshot: { type: 'boolean' },
	marks: { type: 'boolean' },
	'no-axtree': { type: 'boolean' },
	viewport: { type: 'string' },
	dpr: { type: 'string' },
	'save-state': { type: 'boolean' }
} as const;

/**
 * Reads the observation flags from parsed values.
 * @throws UsageError for a viewport that is not `WxH` (100..10000 each) or a dpr not in (0, 4].
 */
export function parseObservationFlags(values: Record<string, string | boolean | undefined>): ObservationFlags {
	let viewport: ObservationFlags['viewport'];
	const vp = values.viewport;
	if (typeof vp === 'string') {
		const m = /^(\d{3,5})x(\d{3,5})$/.exec(vp);
		if (!m || Number(m[1]) > 10_000 || Number(m[2]) > 10_000)
			throw new UsageError(`--viewport takes WIDTHxHEIGHT in CSS pixels (100..10000), e.g. 1280x800; got "${vp}"`);
		viewport = { width: Number(m[1]), height: Number(m[2]) };
	}
	let dpr: number | undefined;
	if (typeof values.dpr === 'string') {
		dpr = Number(values.dpr);
		if (!(dpr > 0 && dpr <= 4)) throw new UsageError(`--dpr takes a device scale factor in (0, 4], e.g. 2; got "${values.dpr}"`);
	}
	return {
		screenshot: values.screenshot === true,
		marks: values.marks === true,
		axtree: values['no-axtree'] !== true,
		viewport,
		deviceScaleFactor: dpr,
		saveState: values['save-state'] === true
	};
}

/** The env options of the flags (only those set). */
export function envOptionsOf(f: ObservationFlags | undefined): Pick<EnvOptions, 'screenshot' | 'marks' | 'axtree' | 'viewport' | 'deviceScaleFactor'> {
	if (!f) return {};
	return {
		...(f.screenshot ? { screenshot: true } : {}),
		...(f.marks ? { marks: true } : {}),
		...(f.axtree ? {} : { axtree: false }),
		...(f.viewport ? { viewport: f.viewport } : {}),
		...(f.deviceScaleFactor !== undefined ? { deviceScaleFactor: f.deviceScaleFactor } : {})
	};
}

/** A parsed `export`, `serve-env` or `mcp` command line. */
export type AgentCliCommand =
	| { command: 'export'; inputs: string[]; out: string; format: DatasetFormat }
	| { command: 'serve-env'; port: number; host: string; cdpPort: number | undefined; observe: ObservationFlags }
	| { command: 'mcp'; task: string; cdpPort: number | undefined; maxSteps: number | undefined; observe: ObservationFlags };

/** Whether `verb` is one of this module's. */
export function isAgentCliVerb(verb: string): verb is AgentCliCommand['command'] {
	return verb === 'export' || verb === 'serve-env' || verb === 'mcp';
}

function int(name: string, text: string | boolean | undefined, min: number, max: number): number | undefined {
	if (text === undefined) return undefined;
	if (typeof text !== 'string' || !/^\d+$/.test(text) || Number(text) < min || Number(text) > max)
		throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got "${String(text)}"`);
	return Number(text);
}

/**
 * Parses the arguments after the verb, strictly.
 * @throws UsageError with a one-line reason.
 */
export function parseAgentCli(verb: AgentCliCommand['command'], args: readonly string[]): AgentCliCommand {
	const options =
		verb === 'export'
			? { in: { type: 'string' }, out: { type: 'string' }, format: { type: 'string' } }
			: verb === 'serve-env'
				? { port: { type: 'string' }, host: { type: 'string' }, 'cdp-port': { type: 'string' }, ...OBSERVATION_OPTIONS }
				: { task: { type: 'string' }, 'cdp-port': { type: 'string' }, 'max-steps': { type: 'string' }, ...OBSERVATION_OPTIONS };
	let values: Record<string, string | boolean | undefined>;
	try {
		values = parseArgs({ args: [...args], options: options as NonNullable<ParseArgsConfig['options']>, strict: true, allowPositionals: false })
			.values as Record<string, string | boolean | undefined>;
	} catch (e) {
		throw new UsageError(`${verb}: ${(e as Error).message}`);
	}
	if (verb === 'export') {
		const inputs = typeof values.in === 'string' ? values.in.split(',').filter((s) => s !== '') : [];
		if (inputs.length === 0) throw new UsageError('export: --in DIR is required');
		if (typeof values.out !== 'string' || values.out === '') throw new UsageError('export: --out OUT is required');
		const format = values.format ?? 'jsonl';
		if (format !== 'jsonl' && format !== 'parquet-ready') throw new UsageError(`export: --format is jsonl or parquet-ready, got "${String(format)}"`);
		return { command: 'export', inputs, out: values.out, format };
	}
	const cdpPort = int('cdp-port', values['cdp-port'], 1, 65535);
	const observe = parseObservationFlags(values);
	if (verb === 'serve-env') {
		return {
			command: 'serve-env',
			port: int('port', values.port, 0, 65535) ?? 0,
			host: typeof values.host === 'string' ? values.host : '127.0.0.1',
			cdpPort,
			observe
		};
	}
	if (typeof values.task !== 'string' || values.task === '') throw new UsageError('mcp: --task ID is required');
	return { command: 'mcp', task: values.task, cdpPort, maxSteps: int('max-steps', values['max-steps'], 1, 10_000), observe };
}

function version(): string {
	return (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * Runs a parsed command. `serve-env` and `mcp` run until SIGINT/SIGTERM (serve-env) or the end of stdin (mcp).
 * @returns the exit code. @throws UsageError, InfrastructureError (mapped to exit codes by the CLI).
 */
export async function runAgentCli(cmd: AgentCliCommand, io: { out: (t: string) => void; err: (t: string) => void }): Promise<number> {
	if (cmd.command === 'export') {
		const r = exportDataset({ inputs: cmd.inputs, out: cmd.out, format: cmd.format });
		for (const s of r.skipped) io.err(`salesgym: skipped ${s.file}: ${s.why}\n`);
		io.out(`salesgym: ${r.episodes} episodes, ${r.steps} steps, ${r.bytes} bytes in ${cmd.out} (${cmd.format})\n`);
		return 0;
	}
	await ensureFreshBuild(ROOT, { err: io.err });
	const { startEnvService, launchForEpisodes } = await import('./serve-env');
	if (cmd.command === 'serve-env') {
		const o = cmd.observe;
		const service = await startEnvService({
			port: cmd.port,
			host: cmd.host,
			root: ROOT,
			...(cmd.cdpPort !== undefined ? { cdpPort: cmd.cdpPort } : {}),
			defaults: {
				...(o.screenshot ? { screenshot: true } : {}),
				...(o.marks ? { marks: true } : {}),
				...(o.axtree ? {} : { axtree: false }),
				...(o.viewport ? { viewport: o.viewport } : {}),
				...(o.deviceScaleFactor !== undefined ? { device_scale_factor: o.deviceScaleFactor } : {})
			}
		}).catch((e: unknown) => {
			if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new InfrastructureError(`port ${cmd.port} is already in use; pick another with --port`);
			throw e;
		});
		io.out(`salesgym: env service at ${service.url}${service.cdpUrl ? ` (Chromium DevTools at ${service.cdpUrl})` : ''}\n`);
		await new Promise<void>((ok) => {
			process.once('SIGINT', ok);
			process.once('SIGTERM', ok);
		});
		await service.close();
		return 0;
	}
	const { makeEnv } = await import('./env');
	const { serveMcpStdio } = await import('./mcp');
	const { startServer } = await import('./server');
	const gym = await startServer({ root: join(ROOT, 'build'), port: 0 });
	const browser = await launchForEpisodes(cmd.cdpPort);
	try {
		const env = await makeEnv({
			task: cmd.task,
			browser,
			baseUrl: gym.url,
			...envOptionsOf(cmd.observe),
			...(cmd.maxSteps !== undefined ? { maxSteps: cmd.maxSteps } : {})
		});
		if (cmd.cdpPort !== undefined)
			io.err(`salesgym: Chromium DevTools at http://127.0.0.1:${cmd.cdpPort} (attach a Playwright MCP server with --cdp-endpoint)\n`);
		await serveMcpStdio(env, { name: 'salesgym', version: version() });
		await env.close();
	} finally {
		await browser.close().catch(() => {});
		await gym.close();
	}
	return 0;
}
