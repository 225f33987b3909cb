/**
 * Is `build/` the bundle of the sources? The SPA and the Service Worker bundle the blueprints, seeds, gyms and
 * verifier at build time, so after editing one of them a run on the old `build/` silently plays the old copy.
 * `salesgym run|calibrate|serve-env|mcp` call {@link ensureFreshBuild}: a missing or stale build is rebuilt
 * (`npx vite build`), or, with `SALESGYM_NO_BUILD=1`, refused with the exact command to run.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { InfrastructureError, UsageError } from './errors';

/** Folders and files whose content ends up in `build/` (relative to the repo root). */
export const BUILD_INPUTS = ['blueprints', 'seeds', 'gyms', 'sw', 'verifier', 'src', 'static', 'vite.config.ts', 'svelte.config.js'] as const;

/** Files under the inputs that are not bundled: tests and docs. */
const NOT_BUNDLED = /(\.spec\.[cm]?[jt]s|\.test\.[cm]?[jt]s|\.md)$/;

/** Files of `build/` whose times say when it was built (the oldest of them counts). */
const BUILD_MARKERS = ['index.html', 'service-worker.js'] as const;

/** What {@link buildStatus} found. */
export type BuildStatus =
	{ state: 'missing'; missing: string } | { state: 'stale'; newer: string; newerMs: number; builtMs: number } | { state: 'fresh'; builtMs: number };

/**
 * The newest bundled source file: walks {@link BUILD_INPUTS} (skipping tests and `.md` files).
 * @returns its path relative to `root` and its mtime (ms since the epoch), or null when there is none.
 */
export function newestInput(root: string): { path: string; mtimeMs: number } | null {
	let best: { path: string; mtimeMs: number } | null = null;
	const consider = (file: string): void => {
		if (NOT_BUNDLED.test(file)) return;
		const m = statSync(file).mtimeMs;
		if (!best || m > best.mtimeMs) best = { path: relative(root, file), mtimeMs: m };
	};
	for (const input of BUILD_INPUTS) {
		const p = join(root, input);
		if (!existsSync(p)) continue;
		if (statSync(p).isFile()) {
			consider(p);
			continue;
		}
		for (const e of readdirSync(p, { recursive: true, withFileTypes: true })) {
			if (e.isFile()) consider(join(e.parentPath, e.name));
		}
	}
	return best;
}

/**
 * Compares `build/` with its sources by modification time.
 * @param root the repo root. @returns `missing` (naming the missing marker file), `stale` (naming the newest
 *   source, newer than the oldest marker) or `fresh`.
 */
export function buildStatus(root: string): BuildStatus {
	let builtMs = Infinity;
	for (const marker of BUILD_MARKERS) {
		const p = join(root, 'build', marker);
		if (!existsSync(p)) return { state: 'missing', missing: join('build', marker) };
		builtMs = Math.min(builtMs, statSync(p).mtimeMs);
	}
	const newest = newestInput(root);
	if (newest && newest.mtimeMs > builtMs) return { state: 'stale', newer: newest.path, newerMs: newest.mtimeMs, builtMs };
	return { state: 'fresh', builtMs };
}

/** Runs `npx vite build` in `root`, its output on our stderr. @returns its exit code. */
export function viteBuild(root: string): Promise<number> {
	return new Promise<number>((ok, fail) => {
		const child = spawn('npx', ['vite', 'build'], { cwd: root, stdio: ['ignore', process.stderr, process.stderr] });
		child.once('error', fail);
		child.once('exit', (c, signal) => ok(c ?? (signal ? 128 : 1)));
	});
}

/** Options of {@link ensureFreshBuild}. */
export interface FreshBuildOptions {
	/** Where progress goes (default stderr). */
	err?: (text: string) => void;
	/** Builds and answers the exit code (default {@link viteBuild}). */
	build?: (root: string) => Promise<number>;
	/** Rebuild when missing or stale (default: unless `SALESGYM_NO_BUILD=1`); false refuses instead. */
	allowBuild?: boolean;
}

/**
 * Makes sure `build/` exists and is not older than its sources: rebuilds when it is missing or stale, telling
 * why on `err`; with `allowBuild: false` (or `SALESGYM_NO_BUILD=1`) refuses instead.
 * @throws UsageError naming the newer source and `npm run build` when it may not build; InfrastructureError
 *   when the build fails or leaves the build still missing or stale.
 */
export async function ensureFreshBuild(root: string, options: FreshBuildOptions = {}): Promise<void> {
	const err = options.err ?? ((t: string) => void process.stderr.write(t));
	const allow = options.allowBuild ?? process.env.SALESGYM_NO_BUILD !== '1';
	const status = buildStatus(root);
	if (status.state === 'fresh') return;
	const why =
		status.state === 'missing'
			? `${status.missing} is missing`
			: `build/ (built ${new Date(status.builtMs).toISOString()}) is older than ${status.newer} (changed ${new Date(status.newerMs).toISOString()}), so it bundles an old copy`;
	if (!allow) throw new UsageError(`${why}: run \`npm run build\` first`);
	err(`salesgym: ${why}; running \`npx vite build\`…\n`);
	const code = await (options.build ?? viteBuild)(root).catch((e: unknown) => {
		throw new InfrastructureError(`could not start \`npx vite build\`: ${(e as Error).message}`, { cause: e });
	});
	const after = buildStatus(root);
	if (code !== 0 || after.state !== 'fresh')
		throw new InfrastructureError(`\`npx vite build\` failed (exit ${code}, build/ ${after.state}); see its output above`);
}

/**
 * The gym does not know a task the harness has in `blueprints/`: the bundle predates the blueprint (or it was
 * renamed). Not an infrastructure error (retrying cannot help): a usage error (exit 2) saying what to run.
 */
export class TaskNotInBuildError extends UsageError {
	override name = 'TaskNotInBuildError';
	/** @param taskId the task; @param answer the gym's answer text (first 300 chars kept). */
	constructor(taskId: string, answer: string) {
		super(`the gym's build/ has no task "${taskId}" (it answered: ${answer.slice(0, 300)}): rebuild it with \`npm run build\``);
	}
}
