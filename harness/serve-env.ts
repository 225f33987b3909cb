/**
 * `salesgym serve-env`: the env (`harness/env.ts`) as a small local HTTP service, for clients in other
 * languages (the Python client in `clients/python/`). One episode at a time; the browser and the static server
 * of `build/` live as long as the service.
 *
 * Endpoints (JSON bodies and answers):
 * - `GET /health` → `{ok: true}`; `GET /tasks` → `{tasks: [{id, platforms, prompt}]}`;
 * - `POST /reset {task, seed?, max_steps?, reward?, screenshot?, marks?, axtree?, viewport?: {width, height},
 *   device_scale_factor?}` → `{observation, info}` (a new env when the task or an option changed);
 * - `POST /step {action}` → `{observation, reward, terminated, truncated, info}`;
 * - `GET /observation` → the last observation; `GET /state` → the state export (JSON);
 * - `POST /close` → `{closed: true}` (the episode's env; the service goes on).
 * Errors: 400 `{error}` for a bad body, task or option; 409 before the first reset; 503 for an infrastructure
 * error (the browser or the gym failed); 404 for an unknown route.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { z } from 'zod';
import { loadBlueprints } from './blueprints';
import { chromiumLaunchOptions } from './browser';
import { makeEnv, type EnvOptions, type Observation, type SalesgymEnv } from './env';
import { InfrastructureError, UsageError } from './errors';
import { startServer, type RunningServer } from './server';

/** Body of `POST /reset`. */
export const ResetBody = z.strictObject({
	task: z.string().min(1),
	seed: z.number().int().nonnegative().optional(),
	max_steps: z.number().int().positive().max(10_000).optional(),
	reward: z.enum(['binary', 'partial']).optional(),
	screenshot: z.boolean().optional(),
	marks: z.boolean().optional(),
	axtree: z.boolean().optional(),
	viewport: z.strictObject({ width: z.number().int().min(100).max(10_000), height: z.number().int().min(100).max(10_000) }).optional(),
	device_scale_factor: z.number().positive().max(4).optional()
});
export type ResetBody = z.infer<typeof ResetBody>;

/** Body of `POST /step`. */
export const StepBody = z.strictObject({ action: z.unknown() });

/** Options of {@link startEnvService}. */
export interface EnvServiceOptions {
	/** Port (0 = ephemeral). */
	port: number;
	/** Host (default 127.0.0.1). */
	host?: string;
	/** The repo root (for `build/` and `blueprints/`). */
	root: string;
	/** Remote debugging port of the launched Chromium, so a CDP client (Playwright MCP) can attach to the episode; none by default. */
	cdpPort?: number;
	/** Defaults of every reset (a reset body overrides them). */
	defaults?: Omit<ResetBody, 'task'>;
}

/** A running env service. */
export interface EnvService {
	/** `http://host:port`. */
	url: string;
	/** The Chromium CDP endpoint (`http://127.0.0.1:<cdpPort>`), when `cdpPort` was given. */
	cdpUrl: string | null;
	/** Stops the env, the browser and both servers. */
	close(): Promise<void>;
}

/** Env options of a reset body. */
export function envOptionsOfReset(b: Omit<ResetBody, 'task'>): Partial<EnvOptions> {
	return {
		...(b.seed !== undefined ? { seed: b.seed } : {}),
		...(b.max_steps !== undefined ? { maxSteps: b.max_steps } : {}),
		...(b.reward !== undefined ? { reward: b.reward } : {}),
		...(b.screenshot !== undefined ? { screenshot: b.screenshot } : {}),
		...(b.marks !== undefined ? { marks: b.marks } : {}),
		...(b.axtree !== undefined ? { axtree: b.axtree } : {}),
		...(b.viewport !== undefined ? { viewport: b.viewport } : {}),
		...(b.device_scale_factor !== undefined ? { deviceScaleFactor: b.device_scale_factor } : {})
	};
}

/** Launches headless Chromium, with `--remote-debugging-port` when `cdpPort` is set. @throws InfrastructureError. */
export async function launchForEpisodes(cdpPort?: number): Promise<Browser> {
	const { chromium } = await import('@playwright/test');
	const base = chromiumLaunchOptions();
	try {
		return await chromium.launch({
			headless: true,
			...base,
			args: [...(base.args ?? []), ...(cdpPort !== undefined ? [`--remote-debugging-port=${cdpPort}`, '--remote-debugging-address=127.0.0.1'] : [])]
		});
	} catch (e) {
		throw new InfrastructureError(`could not launch Chromium (run \`npm run browser\`): ${(e as Error).message.split('\n')[0]}`, { cause: e });
	}
}

async function body(req: IncomingMessage): Promise<unknown> {
	const chunks: Buffer[] = [];
	for await (const c of req) chunks.push(c as Buffer);
	const text = Buffer.concat(chunks).toString('utf8');
	if (text.trim() === '') return {};
	try {
		return JSON.parse(text) as unknown;
	} catch {
		throw new UsageError('the body is not JSON');
	}
}

/**
 * Starts the service: serves `build/` on an ephemeral port, launches Chromium, listens on `port`.
 * @throws InfrastructureError when the browser or a server cannot start.
 */
export async function startEnvService(options: EnvServiceOptions): Promise<EnvService> {
	const blueprints = loadBlueprints(join(options.root, 'blueprints'));
	const gym: RunningServer = await startServer({ root: join(options.root, 'build'), port: 0 });
	const browser = await launchForEpisodes(options.cdpPort).catch(async (e: unknown) => {
		await gym.close();
		throw e;
	});
	let env: SalesgymEnv | null = null;
	let envKey = '';
	let last: Observation | null = null;
	let queue: Promise<unknown> = Promise.resolve();

	const handle = async (method: string, path: string, req: IncomingMessage): Promise<[number, unknown]> => {
		if (method === 'GET' && path === '/health') return [200, { ok: true }];
		if (method === 'GET' && path === '/tasks') return [200, { tasks: blueprints.map((b) => ({ id: b.id, platforms: b.platforms, prompt: b.prompt })) }];
		if (method === 'POST' && path === '/reset') {
			const parsed = ResetBody.safeParse(await body(req));
			if (!parsed.success) throw new UsageError(`reset: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ')}`);
			const { task, ...rest } = parsed.data;
			const opts = { ...options.defaults, ...rest };
			const key = JSON.stringify({ task, ...opts });
			if (!env || key !== envKey) {
				await env?.close();
				env = null;
				env = await makeEnv({ task, browser, baseUrl: gym.url, blueprintsDir: join(options.root, 'blueprints'), ...envOptionsOfReset(opts) });
				envKey = key;
			}
			const r = await env.reset();
			last = r.observation;
			return [200, r];
		}
		if (method === 'POST' && path === '/step') {
			const parsed = StepBody.safeParse(await body(req));
			if (!parsed.success) throw new UsageError('step: the body is {"action": …}');
			if (!env) return [409, { error: 'call POST /reset first' }];
			const r = await env.step(parsed.data.action);
			last = r.observation;
			return [200, r];
		}
		if (method === 'GET' && path === '/observation') return last ? [200, last] : [409, { error: 'call POST /reset first' }];
		if (method === 'GET' && path === '/state') return env ? [200, JSON.parse(await env.exportState()) as unknown] : [409, { error: 'call POST /reset first' }];
		if (method === 'POST' && path === '/close') {
			await env?.close();
			env = null;
			envKey = '';
			last = null;
			return [200, { closed: true }];
		}
		return [404, { error: `no route ${method} ${path}` }];
	};

	const server: Server = createServer((req, res) => {
		const path = new URL(req.url ?? '/', 'http://x').pathname;
		// One request at a time: the env is a single episode.
		const run = queue.then(() => handle(req.method ?? 'GET', path, req));
		queue = run.catch(() => {});
		run
			.catch((e: unknown): [number, unknown] => {
				if (e instanceof UsageError) return [400, { error: e.message }];
				if (e instanceof InfrastructureError) return [503, { error: e.message }];
				return [500, { error: e instanceof Error ? e.message : String(e) }];
			})
			.then(([status, value]) => {
				res.writeHead(status, { 'content-type': 'application/json' });
				res.end(JSON.stringify(value));
			});
	});
	await new Promise<void>((ok, fail) => {
		server.once('error', fail);
		server.listen(options.port, options.host ?? '127.0.0.1', () => ok());
	});
	const addr = server.address() as AddressInfo;
	return {
		url: `http://${options.host ?? '127.0.0.1'}:${addr.port}`,
		cdpUrl: options.cdpPort !== undefined ? `http://127.0.0.1:${options.cdpPort}` : null,
		async close() {
			await new Promise<void>((ok) => server.close(() => ok()));
			await env?.close();
			await browser.close().catch(() => {});
			await gym.close();
		}
	};
}
