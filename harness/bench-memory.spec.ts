import { EventEmitter } from 'node:events';
import type { CDPSession } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { allocatorDumps, chromiumCpuSeconds, cpuByRole } from './bench-memory';

/** A browser CDP session that answers the tracing calls with `events` (as Chromium sends them) and `success`. */
function fakeSession(events: unknown[], success: boolean | 'reject' = true): { cdp: CDPSession; calls: string[]; bus: EventEmitter } {
	const bus = new EventEmitter();
	const calls: string[] = [];
	const cdp = {
		on: (e: string, f: (...a: unknown[]) => void) => bus.on(e, f),
		once: (e: string, f: (...a: unknown[]) => void) => bus.once(e, f),
		off: (e: string, f: (...a: unknown[]) => void) => bus.off(e, f),
		send: async (method: string) => {
			calls.push(method);
			if (method === 'Tracing.requestMemoryDump') {
				if (success === 'reject') throw new Error('Protocol error (Tracing.requestMemoryDump): Tracing is not started');
				return { dumpGuid: '0x1', success };
			}
			if (method === 'Tracing.end')
				setTimeout(() => {
					bus.emit('Tracing.dataCollected', { value: events });
					bus.emit('Tracing.tracingComplete', {});
				}, 0);
			return {};
		}
	} as unknown as CDPSession;
	return { cdp, calls, bus };
}

const MB = 1024 * 1024;
const hex = (n: number) => n.toString(16);

describe('allocatorDumps', () => {
	it('names each process, keeps allocators of at most 3 levels and 1 MB, reads hex sizes and effective sizes', async () => {
		const { cdp, calls } = fakeSession([
			{ ph: 'M', pid: 7, name: 'process_name', args: { name: 'Renderer' } },
			{ ph: 'v', pid: 7, args: { dumps: { process_totals: {} } } },
			{
				ph: 'v',
				pid: 7,
				args: {
					dumps: {
						allocators: {
							partition_alloc: { attrs: { size: { value: hex(70 * MB) }, effective_size: { value: hex(68 * MB) } } },
							'partition_alloc/partitions/buffer': { attrs: { size: { value: hex(48 * MB) } } },
							'partition_alloc/partitions/buffer/buckets': { attrs: { size: { value: hex(48 * MB) } } },
							web_cache: { attrs: { size: { value: hex(MB / 2) } } }
						}
					}
				}
			},
			{ ph: 'v', pid: 9, args: { dumps: { allocators: { malloc: { attrs: { size: { value: hex(11 * MB) } } } } } } }
		]);
		const dumps = await allocatorDumps(cdp);
		expect(calls).toEqual(['Tracing.start', 'Tracing.requestMemoryDump', 'Tracing.end']);
		expect(dumps).toEqual([
			{
				pid: 7,
				process: 'Renderer',
				allocators: [
					{ name: 'partition_alloc', size_mb: 70, effective_mb: 68 },
					{ name: 'partition_alloc/partitions/buffer', size_mb: 48, effective_mb: 48 }
				]
			},
			{ pid: 9, process: '?', allocators: [{ name: 'malloc', size_mb: 11, effective_mb: 11 }] }
		]);
	});

	it('throws when Chromium does not take the dump, and leaves no listener behind', async () => {
		const { cdp, bus } = fakeSession([], false);
		await expect(allocatorDumps(cdp)).rejects.toThrow(/did not take the memory-infra dump/);
		expect(bus.eventNames()).toEqual([]);
	});

	it('a failing dump call ends tracing and removes its listeners', async () => {
		const { cdp, calls, bus } = fakeSession([], 'reject');
		await expect(allocatorDumps(cdp)).rejects.toThrow(/Tracing is not started/);
		expect(calls).toEqual(['Tracing.start', 'Tracing.requestMemoryDump', 'Tracing.end']);
		expect(bus.eventNames()).toEqual([]);
	});
});

describe('cpuByRole', () => {
	it('sums what each process used since `before` by role, counts a new process from 0 and leaves out one missing from `after`', () => {
		const before = new Map([
			[1, { role: 'renderer', cpu_s: 10 }],
			[2, { role: 'browser', cpu_s: 5 }],
			[3, { role: 'renderer', cpu_s: 7 }]
		]);
		const after = new Map([
			[1, { role: 'renderer', cpu_s: 12.5 }],
			[2, { role: 'browser', cpu_s: 6 }],
			[4, { role: 'renderer', cpu_s: 4 }],
			[5, { role: 'gpu-process', cpu_s: 0.5 }]
		]);
		expect([...cpuByRole(before, after)]).toEqual([
			['renderer', 6.5],
			['browser', 1],
			['gpu-process', 0.5]
		]);
	});

	it('reads no Chromium process under a process that started none', () => {
		expect(chromiumCpuSeconds(process.pid).size).toBe(0);
	});
});
