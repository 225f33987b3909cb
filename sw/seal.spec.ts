import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { blueprints } from '../blueprints/registry';
import { taskSetups } from '../blueprints/setups';
import type { Gym, RunMeta } from '../gyms/types';
import { isSecret, Seal, SealDb, sha256Hex } from './seal';

let n = 0;
/** A gym stub whose run metadata the test moves. */
function stubGym(meta: RunMeta): Gym & { meta: RunMeta } {
	return {
		name: 'hubspot',
		meta,
		runMeta: async function () {
			return this.meta;
		}
	} as unknown as Gym & { meta: RunMeta };
}
const META: RunMeta = { key: 'run', run_id: 'r', task_id: null, seed: 1, clock: '2026-03-03T10:00:00.000Z', seq: 0, run_seq: 0, next_ids: {}, actor: '1001' };

describe('Seal', () => {
	it('is open until a harness seals it; then only the secret is admitted, and only its SHA-256 is stored', async () => {
		const db = new SealDb(`seal-test-${n++}`);
		const seal = new Seal(db);
		expect(await seal.admits(null)).toBe(true);
		const gym = stubGym({ ...META });
		await seal.begin('s'.repeat(20), 'r', [gym]);
		expect(await seal.admits(null)).toBe(false);
		expect(await seal.admits('t'.repeat(20))).toBe(false);
		expect(await seal.admits('s'.repeat(20))).toBe(true);
		const stored = await db.seal.get('seal');
		expect(stored?.secret_sha256).toBe(await sha256Hex('s'.repeat(20)));
		expect(JSON.stringify(stored)).not.toContain('s'.repeat(20));
		// A restarted worker (new Seal, same database) still knows the seal.
		expect(await new Seal(db).admits(null)).toBe(false);
	});

	it('reports violations in order; the ledger follows API writes; metadata moved behind the API is write_outside_api', async () => {
		const seal = new Seal(new SealDb(`seal-test-${n++}`));
		expect(await seal.report([])).toEqual({ sealed: false, intact: false, violation_count: 0, violations: [] });
		const gym = stubGym({ ...META });
		await seal.begin('s'.repeat(20), 'r', [gym]);
		expect(await seal.report([gym])).toMatchObject({ sealed: true, intact: true });
		gym.meta = { ...gym.meta, seq: 1, run_seq: 1 };
		await seal.witness(gym);
		expect(await seal.report([gym])).toMatchObject({ intact: true, violation_count: 0 });
		gym.meta = { ...gym.meta, seq: 4 };
		await seal.violate({ kind: 'control_without_secret', method: 'GET', path: '/__salesgym/state' });
		expect(await seal.report([gym])).toEqual({
			sealed: true,
			intact: false,
			violation_count: 2,
			violations: [
				{ kind: 'control_without_secret', method: 'GET', path: '/__salesgym/state' },
				{ kind: 'write_outside_api', method: '-', path: 'hubspot', detail: 'seq 1 → 4' }
			]
		});
		// Reported once: the ledger now has the new metadata.
		expect((await seal.report([gym])).violation_count).toBe(2);
	});

	it('secrets are 16–256 printable ASCII characters', () => {
		expect(isSecret(null)).toBe(false);
		expect(isSecret('short')).toBe(false);
		expect(isSecret('a'.repeat(16))).toBe(true);
		expect(isSecret('a b'.repeat(8))).toBe(false);
		expect(isSecret('a'.repeat(257))).toBe(false);
	});
});

describe('task setups (what the Service Worker ships)', () => {
	it('every blueprint has its setup, with the same reset fields and no steps', () => {
		const setups = taskSetups();
		const all = blueprints();
		expect([...setups.keys()]).toEqual([...all.keys()]);
		for (const [id, bp] of all) {
			const s = setups.get(id)!;
			expect(s).not.toHaveProperty('steps');
			expect(s).not.toHaveProperty('difficulty');
			expect(s).toEqual({
				id: bp.id,
				title: bp.title,
				category: bp.category,
				business_function: bp.business_function,
				platforms: bp.platforms,
				goal: bp.goal,
				prompt: bp.prompt,
				start_path: bp.start_path,
				clock: bp.clock,
				fixtures: bp.fixtures,
				...(bp.actors ? { actors: bp.actors } : {})
			});
		}
	});
});
