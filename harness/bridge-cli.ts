/**
 * `salesgym bridge`: starts an episode of a task in headless Chromium and serves its gyms' APIs over plain HTTP
 * (harness/bridge.ts), so that SDKs, curl or an agent's tool calls can act on the episode. Runs until Ctrl-C.
 */
import { parseArgs } from 'node:util';
import type { Browser } from '@playwright/test';
import { BlueprintError, loadBlueprints } from './blueprints';
import { BRIDGE_GYMS, startBridge } from './bridge';
import { InfrastructureError, UsageError } from './errors';
import { startEpisode } from './runner';
import { startServer } from './server';

/** Usage lines of `salesgym bridge` (part of `salesgym help`). */
export const BRIDGE_USAGE = `  salesgym bridge --task <id> [--port 8787] [--host 127.0.0.1] [--run-id ID] [--seed N]
      Start an episode of the task in headless Chromium and serve its gyms' APIs over HTTP at http://HOST:PORT/<gym>/…
      (/hubspot stands for https://api.hubapi.com: point an SDK's basePath there). Prints the base URLs; stops on Ctrl-C.`;

/** A parsed `salesgym bridge` command line. */
export interface BridgeCommand {
	command: 'bridge';
	/** Blueprint id of the task whose episode the bridge serves. */
	task: string;
	/** Port of the bridge (default 8787; 0 = ephemeral). */
	port: number;
	/** Interface of the bridge (default 127.0.0.1). */
	host: string;
	/** Run id of the episode (default `bridge-<task id with / as .>`). */
	runId: string | undefined;
	/** Seed world, default the gym's first shipped seed. */
	seed: number | undefined;
}

/** Default port of `salesgym bridge`. */
export const BRIDGE_DEFAULT_PORT = 8787;

/**
 * Parses the arguments after `bridge`.
 * @throws UsageError for a missing `--task`, an unknown option, a positional, or a port / seed out of range.
 */
export function parseBridgeCli(args: readonly string[]): BridgeCommand {
	let values: Record<string, string | boolean | undefined>;
	try {
		values = parseArgs({
			args: [...args],
			options: { task: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' }, 'run-id': { type: 'string' }, seed: { type: 'string' } },
			strict: true,
			allowPositionals: false
		}).values;
	} catch (e) {
		throw new UsageError(`bridge: ${(e as Error).message}`);
	}
	const int = (name: string, max: number): number | undefined => {
		const text = values[name] as string | undefined;
		if (text === undefined) return undefined;
		if (!/^\d+$/.test(text) || Number(text) > max) throw new UsageError(`--${name} must be an integer from 0 to ${max}, got "${text}"`);
		return Number(text);
	};
	const task = values.task as string | undefined;
	if (!task) throw new UsageError('--task is required');
	const runId = values['run-id'] as string | undefined;
	if (runId !== undefined && !/^[A-Za-z0-9._:-]{1,128}$/.test(runId)) throw new UsageError(`--run-id takes 1–128 letters, digits, ". _ : -", got "${runId}"`);
	return {
		command: 'bridge',
		task,
		port: int('port', 65535) ?? BRIDGE_DEFAULT_PORT,
		host: (values.host as string | undefined) ?? '127.0.0.1',
		runId,
		seed: int('seed', 2 ** 31)
	};
}

/** What `salesgym bridge` needs from the CLI module (passed in, so this file does not import cli.ts). */
export interface BridgeDeps {
	/** Folder of the built SPA (`build/`). */
	root: string;
	/** Builds `build/` when it is missing. @throws InfrastructureError when the build fails. */
	ensureBuild(): Promise<void>;
	/** Launches headless Chromium. @throws InfrastructureError when it does not start. */
	launchBrowser(): Promise<Browser>;
	/** Output lines. */
	out(text: string): void;
	/** Resolves when the command should stop (default: SIGINT or SIGTERM). */
	stopped?: Promise<void>;
}

/**
 * Runs `salesgym bridge`: static server on an ephemeral port → Chromium → a fresh context and page →
 * the episode's reset (`startEpisode`) → the bridge on `host:port`, until `deps.stopped`.
 * @returns 0 after a clean stop.
 * @throws UsageError for an unknown task; InfrastructureError when the server, the browser, the episode or the bridge's port fail.
 */
export async function runBridge(cmd: BridgeCommand, deps: BridgeDeps): Promise<number> {
	const blueprint = loadBlueprints().find((b) => b.id === cmd.task);
	if (!blueprint) throw new UsageError(`unknown task "${cmd.task}"`);
	await deps.ensureBuild();
	const server = await startServer({ root: deps.root, port: 0, host: '127.0.0.1' }).catch((e: unknown) => {
		throw new InfrastructureError(`could not start the static server: ${(e as Error).message}`, { cause: e });
	});
	let browser: Browser | undefined;
	try {
		browser = await deps.launchBrowser();
		const page = await (await browser.newContext({ baseURL: server.url })).newPage();
		const runId = cmd.runId ?? `bridge-${cmd.task.replaceAll('/', '.')}`;
		const run = await startEpisode(page, blueprint, runId, cmd.seed);
		const bridge = await startBridge({ page, port: cmd.port, host: cmd.host }).catch((e: unknown) => {
			const busy = (e as NodeJS.ErrnoException).code === 'EADDRINUSE';
			throw new InfrastructureError(busy ? `port ${cmd.port} on ${cmd.host} is already in use; pick another with --port` : (e as Error).message, { cause: e });
		});
		deps.out(`salesgym: bridge for ${cmd.task} (run ${run.run_id}) at ${bridge.url}\n`);
		for (const [gym, { vendorBase }] of Object.entries(BRIDGE_GYMS)) deps.out(`  ${bridge.basePath(gym)}${vendorBase ? `  stands for ${vendorBase}` : ''}\n`);
		await (deps.stopped ??
			new Promise<void>((ok) => {
				process.once('SIGINT', ok);
				process.once('SIGTERM', ok);
			}));
		await bridge.close();
		return 0;
	} catch (e) {
		if (e instanceof BlueprintError) throw new UsageError(e.message);
		throw e;
	} finally {
		await browser?.close().catch(() => {});
		await server.close();
	}
}
