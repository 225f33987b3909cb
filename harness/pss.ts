/**
 * Memory of the browser processes a Node process started, for the benchmarks (`salesgym bench`'s
 * `context_memory_mb` / `memory_mb_w2` / `memory_mb_w4`, harness/bench-memory.ts): the summed PSS (proportional set
 * size, Linux `/proc/<pid>/smaps_rollup`) of every descendant process, and a peak sampler that runs in a worker
 * thread (harness/pss-worker.js).
 *
 * Why a thread and a 1 s period: one sweep reads `smaps_rollup` of ~20 Chromium processes, which the kernel answers
 * by walking their page tables: ~150 ms of CPU per sweep with 4 contexts busy on 2 cores. Sampled every 100 ms on
 * the main thread (as the bench first did), the sweeps blocked the event loop that drives the browser and serves
 * `build/` most of the time, so the throughput they accompanied measured the sampler too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/** Period of the peak sampler, ms. */
export const PSS_SAMPLE_MS = 1_000;

/**
 * Summed PSS of every descendant process of `rootPid` (Linux `/proc/<pid>/smaps_rollup`), kB.
 * @returns null when /proc is not readable (not Linux).
 */
export function descendantsPssKb(rootPid = process.pid): number | null {
	let entries: string[];
	try {
		entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
	} catch {
		return null;
	}
	const parent = new Map<number, number>();
	for (const e of entries) {
		try {
			const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
			const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
			parent.set(Number(e), ppid);
		} catch {
			// process gone
		}
	}
	const isDescendant = (pid: number): boolean => {
		for (let p = parent.get(pid), hops = 0; p !== undefined && hops < 64; p = parent.get(p), hops++) if (p === rootPid) return true;
		return false;
	};
	let total = 0;
	for (const pid of parent.keys()) {
		if (!isDescendant(pid)) continue;
		try {
			const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
			total += Number(m?.[1] ?? 0);
		} catch {
			// process gone or not ours
		}
	}
	return total;
}

/** A running peak sampler (see {@link startPssSampler}). */
export interface PssSampler {
	/**
	 * Stops sampling.
	 * @returns the highest summed PSS seen, kB (one last sample included), and the number of samples; `peakKb` is
	 * null when /proc is not readable (not Linux).
	 */
	stop(): Promise<{ peakKb: number | null; n: number }>;
}

/**
 * Starts sampling {@link descendantsPssKb} of this process every `periodMs` in a worker thread, so that the main
 * thread's event loop never waits for a sweep.
 * @param periodMs sampling period, ms (default {@link PSS_SAMPLE_MS}).
 * @throws Error from `stop()` when the worker thread fails.
 */
export function startPssSampler(periodMs = PSS_SAMPLE_MS): PssSampler {
	const worker = new Worker(new URL('./pss-worker.js', import.meta.url), { workerData: { rootPid: process.pid, periodMs } });
	const result = new Promise<{ peakKb: number | null; n: number }>((resolve, reject) => {
		worker.once('message', (m: { peakKb: number | null; n: number }) => resolve(m));
		worker.once('error', reject);
		worker.once('exit', (code) => reject(new Error(`the PSS sampler thread exited (${code}) before it reported`)));
	});
	// A thread that fails before stop() is called must not be an unhandled rejection (Node ends the process on one):
	// stop() still awaits `result` and throws its error.
	result.catch(() => {});
	return {
		async stop() {
			worker.postMessage('stop');
			try {
				return await result;
			} finally {
				await worker.terminate();
			}
		}
	};
}
