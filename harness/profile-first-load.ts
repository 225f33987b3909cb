/**
 * Where the Service Worker's thread spends a fresh context's first reset: a sampling CPU profile (a benchmark: it
 * prints numbers, it asserts nothing).
 *
 *   npx tsx --tsconfig harness/tsconfig.json harness/profile-first-load.ts [--reps N] [--top N] [--out FILE] [task-id]
 *
 * Serves `build/` on an ephemeral port; in each of N (default 3) new browser contexts it loads the launcher (`/`, no
 * gym API), waits until the Service Worker controls the page, attaches to the worker over the DevTools protocol
 * (`Target.attachToTarget`, then the `Profiler` domain with a 250 µs sampling interval) and profiles one
 * `POST /__salesgym/run` of the task (default `hubspot/qualify-mql-v1`). Prints, per context, the reset's time in the
 * page and its `Server-Timing`; then, summed over the contexts, the thread's time by category (idle: waiting for
 * IndexedDB, the network or the page; garbage collector; program: V8's and Blink's own work, compilation included;
 * script) and the top functions by self time, ms. The bundle is minified, so each function is named by its minified
 * name, its line and column in `service-worker.js`, and the first characters of its source there. `--out` writes the
 * last profile (a `.cpuprofile` that Chrome DevTools opens).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type CDPSession } from '@playwright/test';
import { chromiumLaunchOptions } from './browser';
import { waitForSwReady } from './page';
import { startServer } from './server';

/** The parts of a DevTools `Profiler.Profile` read here. */
interface Profile {
	nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }[];
	samples: number[];
	timeDeltas: number[];
}

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
	const i = args.indexOf(name);
	return i >= 0 ? args[i + 1] : undefined;
};
const reps = Number(opt('--reps') ?? 3);
const top = Number(opt('--top') ?? 25);
const out = opt('--out');
const taskId = args.find((a, i) => !a.startsWith('--') && !['--reps', '--top', '--out'].includes(args[i - 1] ?? '')) ?? 'hubspot/qualify-mql-v1';

/** Sends `method` to the worker's session through the browser session (`Target.sendMessageToTarget`). */
function targetSender(browserSession: CDPSession, sessionId: string): (method: string, params?: object) => Promise<unknown> {
	let next = 0;
	const pending = new Map<number, (v: unknown) => void>();
	browserSession.on('Target.receivedMessageFromTarget', (e: { sessionId: string; message: string }) => {
		if (e.sessionId !== sessionId) return;
		const m = JSON.parse(e.message) as { id?: number; result?: unknown; error?: unknown };
		if (m.id !== undefined) pending.get(m.id)?.(m.result ?? m.error);
	});
	return (method, params = {}) =>
		new Promise((resolve) => {
			const id = ++next;
			pending.set(id, resolve);
			void browserSession.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
		});
}

const root = join(import.meta.dirname, '..', 'build');
const swLines = readFileSync(join(root, 'service-worker.js'), 'utf8').split('\n');
const server = await startServer({ root, port: 0 });
const browser = await chromium.launch(chromiumLaunchOptions());
const self = new Map<string, number>();
const categories = new Map<string, number>();
let last: Profile | null = null;
try {
	const cdp = await browser.newBrowserCDPSession();
	for (let i = 0; i < reps; i++) {
		const context = await browser.newContext({ baseURL: server.url });
		try {
			const page = await context.newPage();
			await page.goto('/');
			await waitForSwReady(page);
			const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string; url: string }[] };
			const sw = targetInfos.find((t) => t.type === 'service_worker' && t.url.startsWith(server.url));
			if (!sw) throw new Error('no Service Worker target');
			const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: sw.targetId, flatten: false })) as { sessionId: string };
			const send = targetSender(cdp, sessionId);
			await send('Profiler.enable');
			await send('Profiler.setSamplingInterval', { interval: 250 });
			await send('Profiler.start');
			const r = await page.evaluate(async (id) => {
				const t = performance.now();
				const res = await fetch('/__salesgym/run', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ task_id: id }) });
				await res.text();
				return { ms: performance.now() - t, status: res.status, timing: res.headers.get('server-timing') };
			}, taskId);
			const { profile } = (await send('Profiler.stop')) as { profile: Profile };
			if (r.status !== 200) throw new Error(`reset answered ${r.status}`);
			process.stdout.write(`reset ${r.ms.toFixed(0)} ms  ${r.timing}\n`);
			last = profile;
			const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
			profile.samples.forEach((id, k) => {
				const ms = (profile.timeDeltas[k] ?? 0) / 1000;
				const f = nodes.get(id)!.callFrame;
				const category = ['(idle)', '(garbage collector)', '(program)'].includes(f.functionName) ? f.functionName : 'script';
				categories.set(category, (categories.get(category) ?? 0) + ms);
				if (category !== 'script') return;
				const where = f.url.endsWith('/service-worker.js') ? `service-worker.js:${f.lineNumber + 1}:${f.columnNumber + 1}` : f.url || '(native)';
				const key = `${f.functionName || '(anonymous)'} ${where}`;
				self.set(key, (self.get(key) ?? 0) + ms);
			});
		} finally {
			await context.close().catch(() => {});
		}
	}
} finally {
	await browser.close();
	await server.close();
}
const per = (ms: number) => (ms / reps).toFixed(1).padStart(7);
process.stdout.write(`\n${taskId}: the Service Worker's thread during the reset, ms per context (mean of ${reps})\n`);
for (const [c, ms] of [...categories].sort((a, b) => b[1] - a[1])) process.stdout.write(`${per(ms)}  ${c}\n`);
process.stdout.write(`\ntop ${top} functions by self time, ms per context:\n`);
for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
	const m = /service-worker\.js:(\d+):(\d+)$/.exec(key);
	const src = m ? (swLines[Number(m[1]) - 1] ?? '').slice(Number(m[2]) - 1, Number(m[2]) + 69).replace(/\s+/g, ' ') : '';
	process.stdout.write(`${per(ms)}  ${key}${src ? `  ${src}` : ''}\n`);
}
if (out && last) writeFileSync(out, JSON.stringify(last));
