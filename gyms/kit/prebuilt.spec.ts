import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { worldFor } from '../../seeds';
import { createGymStore, GYM_STORE_TABLES } from '../store';
import { loadPrebuiltProjection, providePrebuiltProjection, usePrebuiltLoader, wantsPrebuiltProjection } from './prebuilt';
import { seedProjection } from './seed-projection';

// Module state (the provided projections and the loader) is shared by the file: each test uses its own gym name.
afterEach(() => usePrebuiltLoader(null));

describe('seedProjection', () => {
	it('takes a provided projection without computing one, once per seed', () => {
		const build = vi.fn(() => ({ rows: ['computed'] }));
		const project = seedProjection('t-provided', build);
		const prebuilt = { rows: ['prebuilt'] };
		expect(wantsPrebuiltProjection('t-provided', 1)).toBe(true);
		providePrebuiltProjection('t-provided', 1, prebuilt);
		expect(project(1)).toBe(prebuilt);
		expect(project(1)).toBe(prebuilt);
		expect(build).not.toHaveBeenCalled();
		expect(wantsPrebuiltProjection('t-provided', 1)).toBe(false);
	});

	it('computes from the world when nothing was provided, and then keeps its own projection', () => {
		const build = vi.fn((world: { seed: number }) => ({ seed: world.seed }));
		const project = seedProjection('t-computed', build);
		const first = project(1);
		expect(build).toHaveBeenCalledWith(worldFor(1));
		expect(first).toEqual({ seed: 1 });
		providePrebuiltProjection('t-computed', 1, { seed: 'late' });
		expect(project(1)).toBe(first);
		expect(wantsPrebuiltProjection('t-computed', 1)).toBe(false);
	});
});

describe('loadPrebuiltProjection', () => {
	it('without a loader resolves and provides nothing', async () => {
		await loadPrebuiltProjection('t-none', 1);
		expect(wantsPrebuiltProjection('t-none', 1)).toBe(true);
	});

	it('loads once for concurrent callers; a failed load rejects and is tried again at the next call', async () => {
		let calls = 0;
		usePrebuiltLoader(async (gym, seed) => {
			calls++;
			if (calls === 1) throw new Error(`GET /${gym}-${seed}.json answered 503`);
			return { gym, seed };
		});
		await expect(loadPrebuiltProjection('t-load', 1)).rejects.toThrow('answered 503');
		expect(wantsPrebuiltProjection('t-load', 1)).toBe(true);
		await Promise.all([loadPrebuiltProjection('t-load', 1), loadPrebuiltProjection('t-load', 1)]);
		expect(calls).toBe(2);
		expect(wantsPrebuiltProjection('t-load', 1)).toBe(false);
		expect(seedProjection('t-load', () => 'computed')(1)).toEqual({ gym: 't-load', seed: 1 });
		await loadPrebuiltProjection('t-load', 1);
		expect(calls).toBe(2);
	});

	it("a store loads the gym's projection before a reset computes from it; a failed load fails the reset and writes nothing", async () => {
		const build = vi.fn(() => ({ rows: [{ id: 'computed' }] }));
		const project = seedProjection('t-store', build);
		const db = new Dexie('prebuilt-store');
		db.version(1).stores({ rows: 'id', ...GYM_STORE_TABLES });
		const store = createGymStore({
			gym: 't-store',
			db,
			tables: [{ name: 'rows' }],
			initial: (init) => ({ tables: { rows: project(init.seed).rows }, next_ids: {} })
		});
		const init = { run_id: 'r', task_id: null, seed: 1, clock: '2026-03-02T09:00:00.000Z' };
		usePrebuiltLoader(async () => {
			throw new Error('offline');
		});
		await expect(store.reset(init)).rejects.toThrow('offline');
		expect(await db.table('rows').count()).toBe(0);
		expect(await db.table('meta').count()).toBe(0);
		usePrebuiltLoader(async () => ({ rows: [{ id: 'prebuilt-1' }, { id: 'prebuilt-2' }] }));
		expect(await store.reset(init)).toEqual({ rows: 2 });
		expect((await store.exportState()).tables.rows).toEqual([{ id: 'prebuilt-1' }, { id: 'prebuilt-2' }]);
		expect(build).not.toHaveBeenCalled();
		db.close();
	});
});
