/**
 * Memory breakdown of one browser context (`npx tsx --tsconfig harness/tsconfig.json harness/bench-memory.ts
 * [--task <blueprint id>] [--episodes 10] [--allocators] [--json FILE]`): where the memory that `context_memory_mb` counts
 * (harness/bench-harness.ts: the PSS of the browser's processes above their idle level) is held.
 *
 * It serves build/, launches Chromium (harness/browser.ts's flags, or `$SALESGYM_CHROMIUM_ARGS` appended, one
 * flag per space), opens one env on a task (default a HubSpot task) and, at each phase (`idle`: the browser with no
 * context; `first_load`: the first `env.reset()`; `reset`: a warm reset; `verify`: one `/verify`; `episodes`:
 * after N oracle episodes), prints:
 * - per Chromium process (found in this Node process's descendants; the role is Chromium's `--type=` argument,
 *   `--utility-sub-type=` for utilities, `browser` without one): PSS and RSS from `/proc/<pid>/smaps_rollup`, MB;
 * - the total PSS above idle, computed exactly as `context_memory_mb` (`descendantsPssKb`), MB (with `--allocators`,
 *   less the tracing service that the dumps start);
 * - per JavaScript target (the page, the Service Worker, the verifier's dedicated worker) the V8 heap used and
 *   allocated and the embedder / ArrayBuffer backing store (Chrome DevTools Protocol `Runtime.getHeapUsage`), MB;
 * - with `--allocators`, per Chromium process, what its own allocators hold (Chromium's memory-infra dump, the data
 *   of `chrome://tracing`'s memory view: CDP `Tracing.requestMemoryDump` while tracing the
 *   `disabled-by-default-memory-infra` category): `partition_alloc` (Blink's buffers, strings and ArrayBuffer
 *   contents), `malloc`, `v8` (per isolate group: `main` for the page, `workers` for the Service Worker and the
 *   verifier), `blink_gc` (the DOM), `cc` (raster tiles), `shared_memory`…, each with its effective size (what the
 *   process owns after shared and sub-allocations are attributed once, as the trace viewer shows it), MB.
 *
 * Linux only (reads /proc). Numbers depend on the machine's load: quote `uptime` with them.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type CDPSession } from '@playwright/test';
import { oracle } from './agents';
import { descendantsPssKb } from './pss';
import { loadBlueprints } from './blueprints';
import { chromiumLaunchOptions } from './browser';
import { makeEnv } from './env';
import { playEpisode, verifyRun } from './runner';
import { startServer } from './server';

/** One Chromium process at one phase. */
export interface ProcessMemory {
	pid: number;
	/** `browser`, `renderer`, `gpu-process`, `zygote`, `utility:<sub-type>`… */
	role: string;
	/** Proportional set size, MB. */
	pss_mb: number;
	/** Resident set size, MB. */
	rss_mb: number;
}

/** V8 heap of one DevTools target at one phase (CDP `Runtime.getHeapUsage`). */
export interface HeapMemory {
	/** `page`, `service_worker`, `worker` (the verifier), as CDP's `TargetInfo.type`. */
	target: string;
	url: string;
	/** V8 heap in use, MB. */
	used_mb: number;
	/** V8 heap allocated, MB. */
	total_mb: number;
	/** Embedder (Blink) heap in use, MB (absent on old Chromium). */
	embedder_mb?: number;
	/** ArrayBuffer / WebAssembly backing stores, MB (absent on old Chromium). */
	backing_mb?: number;
}

/** One allocator of one process in a memory-infra dump, e.g. `partition_alloc/partitions/buffer`. */
export interface AllocatorMemory {
	/** The allocator dump's path (`/`-separated, as in `chrome://tracing`). */
	name: string;
	/** Its `size` attribute, MB (includes what sub-allocators and other processes also count). */
	size_mb: number;
	/** Its `effective_size`, MB: what this process owns once shared and sub-allocations are attributed once (its `size` when the dump gives none). */
	effective_mb: number;
}

/** The memory-infra dump of one Chromium process. */
export interface ProcessAllocators {
	pid: number;
	/** Chromium's name for the process: `Renderer`, `Browser`, `GPU Process`, `Service: network.mojom.NetworkService`… */
	process: string;
	/** Allocators of at most {@link ALLOCATOR_DEPTH} levels holding at least 1 MB, by name. */
	allocators: AllocatorMemory[];
}

/** The breakdown at one phase. */
export interface PhaseMemory {
	phase: string;
	/**
	 * Summed PSS of every descendant process above the `idle` phase, MB (the `context_memory_mb` measure), less the
	 * tracing service that `--allocators` starts ({@link TRACING_ROLE}).
	 */
	context_pss_mb: number;
	processes: ProcessMemory[];
	heaps: HeapMemory[];
	/** With `--allocators`: each process's memory-infra dump. */
	allocators?: ProcessAllocators[];
}

const mb = (kb: number) => Math.round((kb / 1024) * 10) / 10;

/** Extra Chromium arguments of a memory measurement: `$SALESGYM_CHROMIUM_ARGS`, split on spaces. */
function chromiumArgsExtra(): string[] {
	return (process.env.SALESGYM_CHROMIUM_ARGS ?? '').split(' ').filter(Boolean);
}

/**
 * Launches headless Chromium as the harness does (harness/browser.ts `chromiumLaunchOptions`) with
 * `$SALESGYM_CHROMIUM_ARGS` appended, for the memory benchmarks (this file, harness/bench-memory-floor.ts).
 * @throws Error from Playwright when Chromium cannot start.
 */
export async function launchMeasuredBrowser(): Promise<Browser> {
	const launch = chromiumLaunchOptions();
	return chromium.launch({ headless: true, ...launch, args: [...launch.args, ...chromiumArgsExtra()] });
}

/** Parent pid of every process in `/proc`. */
function parents(): Map<number, number> {
	const parent = new Map<number, number>();
	for (const e of readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
		try {
			const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
			parent.set(Number(e), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
		} catch {
			// gone
		}
	}
	return parent;
}

/**
 * The Chromium processes among the descendants of `rootPid`, with their role: `browser`, `renderer`, `gpu-process`,
 * `zygote`, `utility:<sub-type>`… (from the `--type=` of their command line).
 */
function chromiumDescendants(rootPid: number): { pid: number; role: string }[] {
	const parent = parents();
	const under = (pid: number) => {
		for (let p = parent.get(pid), hops = 0; p !== undefined && hops < 64; p = parent.get(p), hops++) if (p === rootPid) return true;
		return false;
	};
	const out: { pid: number; role: string }[] = [];
	for (const pid of parent.keys()) {
		if (!under(pid)) continue;
		try {
			// Chromium rewrites its children's command lines joined by spaces (setproctitle), so split on both.
			const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
			if (!/chrom/i.test(argv[0] ?? '')) continue;
			const arg = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
			const type = arg('type');
			out.push({ pid, role: type === undefined ? 'browser' : type === 'utility' ? `utility:${arg('utility-sub-type') ?? '?'}` : type });
		} catch {
			// gone
		}
	}
	return out;
}

/** Chromium processes among the descendants of `rootPid`, with their role and memory. */
export function chromiumProcesses(rootPid = process.pid): ProcessMemory[] {
	const out: ProcessMemory[] = [];
	for (const { pid, role } of chromiumDescendants(rootPid)) {
		try {
			const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
			const field = (f: string) => Number(new RegExp(`^${f}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0);
			out.push({ pid, role, pss_mb: mb(field('Pss')), rss_mb: mb(field('Rss')) });
		} catch {
			// gone
		}
	}
	return out.sort((a, b) => b.pss_mb - a.pss_mb);
}

/**
 * CPU time each Chromium process among the descendants of `rootPid` has used so far (user + system, Linux
 * `/proc/<pid>/stat` fields 14 and 15 at 100 ticks a second, the kernel's `USER_HZ`), by pid, s.
 */
export function chromiumCpuSeconds(rootPid = process.pid): Map<number, { role: string; cpu_s: number }> {
	const out = new Map<number, { role: string; cpu_s: number }>();
	for (const { pid, role } of chromiumDescendants(rootPid)) {
		try {
			const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
			const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
			out.set(pid, { role, cpu_s: (Number(f[11]) + Number(f[12])) / 100 });
		} catch {
			// gone
		}
	}
	return out;
}

/**
 * CPU used between two {@link chromiumCpuSeconds} readings, summed by role (`renderer`, `browser`…), s. A process
 * missing from `after` is not counted (keep an exited process's last reading in it to count it); one started after
 * `before` counts from 0.
 */
export function cpuByRole(before: Map<number, { role: string; cpu_s: number }>, after: Map<number, { role: string; cpu_s: number }>): Map<string, number> {
	const out = new Map<string, number>();
	for (const [pid, { role, cpu_s }] of after) out.set(role, (out.get(role) ?? 0) + cpu_s - (before.get(pid)?.cpu_s ?? 0));
	return new Map([...out].sort((a, b) => b[1] - a[1]));
}

/**
 * Heap usage of every page, service worker and dedicated worker target of the browser, through the browser's CDP
 * session (`Target.attachToTarget` in non-flat mode, then `Target.sendMessageToTarget`).
 */
export async function targetHeaps(cdp: CDPSession): Promise<HeapMemory[]> {
	const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string; url: string }[] };
	const out: HeapMemory[] = [];
	let nextId = 1;
	for (const t of targetInfos.filter((x) => ['page', 'service_worker', 'worker', 'shared_worker'].includes(x.type))) {
		const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: t.targetId, flatten: false })) as { sessionId: string };
		const id = nextId++;
		const answer = new Promise<Record<string, number>>((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error(`no heap usage from ${t.type} ${t.url}`)), 10_000);
			const on = (e: { sessionId: string; message: string }) => {
				if (e.sessionId !== sessionId) return;
				const m = JSON.parse(e.message) as { id?: number; result?: Record<string, number>; error?: unknown };
				if (m.id !== id) return;
				clearTimeout(timer);
				cdp.off('Target.receivedMessageFromTarget', on);
				if (m.result) resolve(m.result);
				else reject(new Error(JSON.stringify(m.error)));
			};
			cdp.on('Target.receivedMessageFromTarget', on);
		});
		await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method: 'Runtime.getHeapUsage' }) });
		try {
			const r = await answer;
			const h: HeapMemory = { target: t.type, url: t.url, used_mb: mb(r.usedSize! / 1024), total_mb: mb(r.totalSize! / 1024) };
			if (r.embedderHeapUsedSize !== undefined) h.embedder_mb = mb(r.embedderHeapUsedSize / 1024);
			if (r.backingStorageSize !== undefined) h.backing_mb = mb(r.backingStorageSize / 1024);
			out.push(h);
		} finally {
			await cdp.send('Target.detachFromTarget', { sessionId }).catch(() => {});
		}
	}
	return out;
}

/** The role of Chromium's tracing service, which the first memory-infra dump starts ({@link chromiumProcesses}). */
export const TRACING_ROLE = 'utility:tracing.mojom.TracingService';

/** Levels of allocator names kept by {@link allocatorDumps} (`partition_alloc/partitions/buffer` is 3). */
export const ALLOCATOR_DEPTH = 3;

/** How long {@link allocatorDumps} waits for the trace after `Tracing.end`, ms. */
const TRACE_TIMEOUT_MS = 30_000;

/** Allocators below this size are left out of {@link allocatorDumps}, MB. */
const ALLOCATOR_MIN_MB = 1;

/** A trace event of the memory-infra category as CDP's `Tracing.dataCollected` gives it (the fields read here). */
interface MemoryTraceEvent {
	ph: string;
	pid: number;
	name?: string;
	args?: { name?: string; dumps?: { allocators?: Record<string, { attrs?: Record<string, { value?: string }> }> } };
}

/**
 * One memory-infra dump of every Chromium process (Chromium's tracing: `Tracing.start` with only the
 * `disabled-by-default-memory-infra` category and no periodic dumps, one `Tracing.requestMemoryDump` in detailed
 * mode, `Tracing.end`), through the browser's CDP session. Sizes in the trace are hexadecimal byte counts.
 * @returns per process (by pid, named from the trace's `process_name` metadata), the allocators of at most
 *   {@link ALLOCATOR_DEPTH} levels with a size of at least 1 MB, sorted by name.
 * @throws Error when the browser refuses the dump (`success: false`), a tracing call fails, or the trace does not
 *   end within 30 s; tracing is ended and the listeners removed on every path.
 */
export async function allocatorDumps(cdp: CDPSession): Promise<ProcessAllocators[]> {
	const events: MemoryTraceEvent[] = [];
	// The protocol's types give each event as a string map; memory-infra events nest objects (read as MemoryTraceEvent).
	const collect = (e: { value: object[] }) => void events.push(...(e.value as MemoryTraceEvent[]));
	let finish: () => void = () => {};
	const done = () => finish();
	const complete = new Promise<void>((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`no Tracing.tracingComplete within ${TRACE_TIMEOUT_MS} ms`)), TRACE_TIMEOUT_MS);
		finish = () => {
			clearTimeout(timer);
			resolve();
		};
	});
	complete.catch(() => {}); // awaited below only once tracing ended
	cdp.on('Tracing.dataCollected', collect);
	cdp.on('Tracing.tracingComplete', done);
	let tracing = false;
	try {
		// No periodic dumps (`triggers: []`): the protocol's type says a string map, Chromium reads an array here.
		const memoryDumpConfig = { triggers: [] } as unknown as Record<string, string>;
		await cdp.send('Tracing.start', {
			traceConfig: { includedCategories: ['disabled-by-default-memory-infra'], excludedCategories: ['*'], memoryDumpConfig },
			transferMode: 'ReportEvents'
		});
		tracing = true;
		const dump = (await cdp.send('Tracing.requestMemoryDump', { deterministic: true, levelOfDetail: 'detailed' })) as { success: boolean };
		await cdp.send('Tracing.end');
		tracing = false;
		await complete;
		if (!dump.success) throw new Error('Chromium did not take the memory-infra dump (Tracing.requestMemoryDump: success false)');
	} finally {
		// A failed dump must not leave tracing on (the next `Tracing.start` would be refused) nor listeners behind.
		if (tracing) await cdp.send('Tracing.end').catch(() => {});
		cdp.off('Tracing.dataCollected', collect);
		cdp.off('Tracing.tracingComplete', done);
		finish();
	}
	const names = new Map<number, string>();
	for (const e of events) if (e.ph === 'M' && e.name === 'process_name' && e.args?.name) names.set(e.pid, e.args.name);
	const byPid = new Map<number, AllocatorMemory[]>();
	for (const e of events) {
		const allocators = e.ph === 'v' ? e.args?.dumps?.allocators : undefined;
		if (!allocators) continue;
		const rows = byPid.get(e.pid) ?? [];
		for (const [name, dump] of Object.entries(allocators)) {
			if (name.split('/').length > ALLOCATOR_DEPTH) continue;
			const bytes = (attr: string) => parseInt(dump.attrs?.[attr]?.value ?? '0', 16);
			const size = bytes('size');
			if (size < ALLOCATOR_MIN_MB * 1024 * 1024) continue;
			const effective = dump.attrs?.effective_size ? bytes('effective_size') : size;
			rows.push({ name, size_mb: mb(size / 1024), effective_mb: mb(effective / 1024) });
		}
		byPid.set(e.pid, rows);
	}
	return [...byPid.entries()]
		.filter(([, rows]) => rows.length > 0)
		.map(([pid, rows]) => ({ pid, process: names.get(pid) ?? '?', allocators: rows.sort((a, b) => (a.name < b.name ? -1 : 1)) }));
}

/**
 * Top `n` holders of a target's V8 heap by summed self size, from a heap snapshot (CDP
 * `HeapProfiler.takeHeapSnapshot`): `[{name, count, self_mb}]`, `name` being the node's type and constructor
 * name (`object:Map`, `string`, `code`…).
 */
export async function heapTop(cdp: CDPSession, targetType: string, n = 15): Promise<{ name: string; count: number; self_mb: number }[]> {
	const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string }[] };
	const t = targetInfos.find((x) => x.type === targetType);
	if (!t) return [];
	const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: t.targetId, flatten: false })) as { sessionId: string };
	let chunks = '';
	const done = new Promise<void>((resolve) => {
		const on = (e: { sessionId: string; message: string }) => {
			if (e.sessionId !== sessionId) return;
			const m = JSON.parse(e.message) as { id?: number; method?: string; params?: { chunk: string } };
			if (m.method === 'HeapProfiler.addHeapSnapshotChunk') chunks += m.params!.chunk;
			if (m.id === 1) {
				cdp.off('Target.receivedMessageFromTarget', on);
				resolve();
			}
		};
		cdp.on('Target.receivedMessageFromTarget', on);
	});
	await cdp.send('Target.sendMessageToTarget', {
		sessionId,
		message: JSON.stringify({ id: 1, method: 'HeapProfiler.takeHeapSnapshot', params: { reportProgress: false } })
	});
	await done;
	await cdp.send('Target.detachFromTarget', { sessionId }).catch(() => {});
	const snap = JSON.parse(chunks) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[]; strings: string[] };
	const f = snap.snapshot.meta.node_fields;
	const [iType, iName, iSize] = [f.indexOf('type'), f.indexOf('name'), f.indexOf('self_size')];
	const types = snap.snapshot.meta.node_types[0];
	const agg = new Map<string, { count: number; size: number }>();
	for (let i = 0; i < snap.nodes.length; i += f.length) {
		const type = types[snap.nodes[i + iType]!]!;
		const key = type === 'object' || type === 'closure' || type === 'native' ? `${type}:${snap.strings[snap.nodes[i + iName]!]}` : type;
		const a = agg.get(key) ?? { count: 0, size: 0 };
		a.count++;
		a.size += snap.nodes[i + iSize]!;
		agg.set(key, a);
	}
	return [...agg.entries()]
		.sort((a, b) => b[1].size - a[1].size)
		.slice(0, n)
		.map(([name, a]) => ({ name, count: a.count, self_mb: mb(a.size / 1024) }));
}

function table(p: PhaseMemory): string {
	const lines = [`## ${p.phase}: context PSS above idle ${p.context_pss_mb} MB`];
	for (const x of p.processes)
		lines.push(`  ${x.role.padEnd(40)} pid ${String(x.pid).padEnd(8)} PSS ${String(x.pss_mb).padStart(7)} MB  RSS ${String(x.rss_mb).padStart(7)} MB`);
	for (const h of p.heaps)
		lines.push(
			`  heap ${h.target.padEnd(15)} used ${String(h.used_mb).padStart(6)} / ${String(h.total_mb).padStart(6)} MB  embedder ${h.embedder_mb ?? '-'} MB  backing ${h.backing_mb ?? '-'} MB  ${h.url.slice(0, 70)}`
		);
	for (const proc of p.allocators ?? []) {
		lines.push(`  allocators of ${proc.process} (pid ${proc.pid}), size / effective MB:`);
		// Shared-memory segments and the browser's `global` dumps are named by GUID: only their totals are printed.
		for (const a of proc.allocators.filter((x) => !/^(shared_memory|global|discardable)\/./.test(x.name)))
			lines.push(`    ${a.name.padEnd(46)} ${String(a.size_mb).padStart(7)} ${String(a.effective_mb).padStart(7)}`);
	}
	return lines.join('\n');
}

async function main(): Promise<void> {
	const argv = process.argv.slice(2);
	const opt = (name: string) => {
		const i = argv.indexOf(`--${name}`);
		return i >= 0 ? argv[i + 1] : undefined;
	};
	const taskId = opt('task') ?? 'hubspot/qualify-mql-v1';
	const episodes = Number(opt('episodes') ?? 10);
	const withAllocators = argv.includes('--allocators');
	const blueprints = loadBlueprints(join(import.meta.dirname, '..', 'blueprints'));
	const task = blueprints.find((b) => b.id === taskId) ?? blueprints.find((b) => b.id.includes(taskId));
	if (!task) throw new Error(`unknown task ${taskId}`);
	const server = await startServer({ root: join(import.meta.dirname, '..', 'build'), port: 0 });
	const extra = chromiumArgsExtra();
	const browser = await launchMeasuredBrowser();
	const cdp = await browser.newBrowserCDPSession();
	const phases: PhaseMemory[] = [];
	await new Promise((r) => setTimeout(r, 1000));
	const idle = descendantsPssKb() ?? 0;
	const snap = async (phase: string) => {
		const processes = chromiumProcesses();
		// `--allocators` starts Chromium's tracing service, which stays: it is the measurement's, not the context's.
		const tracing = processes.filter((x) => x.role === TRACING_ROLE).reduce((n, x) => n + x.pss_mb, 0);
		const context = mb((descendantsPssKb() ?? 0) - idle) - tracing;
		const p: PhaseMemory = { phase, context_pss_mb: Math.round(context * 10) / 10, processes, heaps: await targetHeaps(cdp) };
		if (withAllocators) p.allocators = await allocatorDumps(cdp);
		phases.push(p);
		process.stdout.write(table(p) + '\n');
	};
	await snap('idle');
	const env = await makeEnv({ task, browser, baseUrl: server.url, sealed: false });
	try {
		const first = await env.reset();
		await snap('first_load');
		const second = await env.reset();
		if (second.info.context !== 'warm') throw new Error(`the second reset was not warm: ${JSON.stringify(second.info)}`);
		await snap('reset');
		const page = env.page;
		if (!page) throw new Error('no page');
		const v = await verifyRun(page, task, second.info.run_id);
		if (typeof v.passed !== 'boolean') throw new Error('verify answered no verdict');
		await snap('verify');
		const t0 = performance.now();
		for (let i = 0; i < episodes; i++) {
			const o = await playEpisode(env, oracle, i, { reward: 'binary' });
			if (!o.passed) throw new Error(`oracle episode ${i} did not pass`);
		}
		const perEpisode = Math.round((performance.now() - t0) / episodes);
		await snap(`episodes_${episodes}`);
		process.stdout.write(`## ${episodes} oracle episodes: ${perEpisode} ms per episode (wall clock, reset to verdict)\n`);
		for (const target of (opt('snapshot') ?? '').split(',').filter(Boolean)) {
			const top = await heapTop(cdp, target);
			process.stdout.write(
				`## heap snapshot of ${target}: top holders by self size\n${top.map((x) => `  ${x.name.slice(0, 50).padEnd(50)} ${String(x.count).padStart(8)}  ${x.self_mb} MB`).join('\n')}\n`
			);
		}
		void first;
	} finally {
		await env.close();
		await browser.close();
		await server.close();
	}
	const json = opt('json');
	if (json) writeFileSync(json, JSON.stringify({ task: task.id, chromium_args_extra: extra, phases }, null, '\t') + '\n');
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
