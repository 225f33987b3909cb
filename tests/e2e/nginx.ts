/**
 * Debian nginx for the deployment tests (tests/e2e/nginx.spec.ts): finds or installs it, and starts it with
 * the image's own entrypoint and templates (deploy/entrypoint.sh, deploy/nginx/*.conf) on a loopback port.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Debian's nginx binary (package `nginx`), unless `$SALESGYM_NGINX` names another. */
export const NGINX_BIN = process.env.SALESGYM_NGINX ?? '/usr/sbin/nginx';

/** First loopback port of the nginx tests (`$SALESGYM_NGINX_PORT`, default 8790); the second nginx uses +1. */
export const NGINX_PORT = Number(process.env.SALESGYM_NGINX_PORT ?? 8790);

/** Repository root (this file is tests/e2e/nginx.ts). */
const REPO = resolve(import.meta.dirname, '../..');

function run(cmd: string, args: string[]): boolean {
	console.log(`nginx test: $ ${cmd} ${args.join(' ')}`);
	const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, timeout: 300_000 });
	return r.status === 0;
}

/**
 * Makes sure nginx is there: {@link NGINX_BIN} as is, or, when absent and running as root on Debian,
 * `apt-get install -y --no-install-recommends nginx` (after `apt-get update` if the first try fails).
 * @returns `{bin}`, or `{skip}` with the reason to print when nginx is absent and cannot be installed here.
 */
export function ensureNginx(): { bin: string } | { skip: string } {
	if (existsSync(NGINX_BIN)) return { bin: NGINX_BIN };
	if (process.env.SALESGYM_NGINX) return { skip: `SALESGYM_NGINX=${NGINX_BIN} does not exist` };
	if (process.getuid?.() !== 0)
		return { skip: `${NGINX_BIN} is missing and this is not root: run \`sudo apt-get install -y nginx\` to run the nginx deployment tests` };
	if (!existsSync('/usr/bin/apt-get')) return { skip: `${NGINX_BIN} is missing and there is no apt-get to install it (not Debian)` };
	// Two Playwright workers may get here at once: one installs, the other waits (dpkg takes one at a time).
	const lock = join(tmpdir(), 'salesgym-nginx-install.lock');
	for (let waited = 0; ; waited += 500) {
		try {
			mkdirSync(lock);
			break;
		} catch {
			if (waited > 300_000) return { skip: `another process held ${lock} for 5 min` };
			Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
		}
	}
	try {
		if (existsSync(NGINX_BIN)) return { bin: NGINX_BIN };
		const args = ['install', '-y', '--no-install-recommends', 'nginx'];
		if (!run('apt-get', args) && !(run('apt-get', ['update']) && run('apt-get', args)))
			return { skip: 'apt-get could not install nginx (see its output above)' };
		return existsSync(NGINX_BIN) ? { bin: NGINX_BIN } : { skip: `apt-get installed nginx but ${NGINX_BIN} is still missing` };
	} finally {
		rmSync(lock, { recursive: true, force: true });
	}
}

/** A running nginx. */
export interface RunningNginx {
	/** `http://127.0.0.1:<port>`. */
	url: string;
	/** The state store root it writes (`<it>/state/<run_id>/<gym>.json`). */
	stateRoot: string;
	/** Its stderr so far (error log). */
	stderr(): string;
	/** Graceful stop (SIGQUIT), then removes its scratch folder (not a shared state root given in). */
	stop(): Promise<void>;
}

/** Options of {@link startNginx}. */
export interface NginxOptions {
	/** nginx binary. */
	bin: string;
	/** Loopback port. */
	port: number;
	/** `SALESGYM_PLATFORM` of the deployment (default `all`). */
	platform?: string;
	/** Built bundle to serve (default `build/`, relative to the repository, or absolute); copied, so workers (`nobody`) can read it whatever the checkout's modes. */
	root?: string;
	/** State store root to share with another nginx (the compose file's shared volume); default: a fresh one. */
	stateRoot?: string;
}

/**
 * Starts nginx through `deploy/entrypoint.sh` (render the templates, `nginx -t`, exec nginx) in a scratch
 * folder, and waits until `/healthz` answers.
 * @throws Error with nginx's stderr when it exits or does not answer within 10 s.
 */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
	const dir = mkdtempSync(join(tmpdir(), 'salesgym-nginx-'));
	chmodSync(dir, 0o755);
	const html = join(dir, 'html');
	cpSync(resolve(REPO, options.root ?? 'build'), html, { recursive: true });
	const stateRoot = options.stateRoot ?? join(dir, 'store');
	mkdirSync(stateRoot, { recursive: true, mode: 0o755 });
	const url = `http://127.0.0.1:${options.port}`;
	let stderr = '';
	const child: ChildProcess = spawn('sh', [join(REPO, 'deploy/entrypoint.sh')], {
		env: {
			PATH: process.env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin',
			SALESGYM_PLATFORM: options.platform ?? 'all',
			SALESGYM_LISTEN: `127.0.0.1:${options.port}`,
			SALESGYM_ROOT: html,
			SALESGYM_STATE_ROOT: stateRoot,
			SALESGYM_RUN_DIR: join(dir, 'run'),
			SALESGYM_TEMPLATES: join(REPO, 'deploy/nginx'),
			SALESGYM_ACCESS_LOG: 'off',
			SALESGYM_NGINX: options.bin
		},
		stdio: ['ignore', 'pipe', 'pipe']
	});
	child.stdout?.on('data', (d: Buffer) => (stderr += d.toString()));
	child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
	const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));
	let exitCode: number | null | undefined;
	void exited.then((code) => (exitCode = code));
	const cleanup = () => rmSync(dir, { recursive: true, force: true });
	for (let i = 0; ; i++) {
		if (exitCode !== undefined) {
			cleanup();
			throw new Error(`nginx exited (${exitCode}) on ${url}:\n${stderr}`);
		}
		try {
			const res = await fetch(`${url}/healthz`);
			if (res.status === 200) break;
		} catch {
			// not listening yet
		}
		if (i >= 100) {
			child.kill('SIGKILL');
			cleanup();
			throw new Error(`nginx did not answer on ${url} within 10 s:\n${stderr}`);
		}
		await new Promise((ok) => setTimeout(ok, 100));
	}
	return {
		url,
		stateRoot,
		stderr: () => stderr,
		async stop() {
			if (exitCode === undefined) {
				child.kill('SIGQUIT');
				const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
				await exited;
				clearTimeout(timer);
			}
			cleanup();
		}
	};
}
