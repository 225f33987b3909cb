/**
 * The API fuzzer (harness/fuzz.ts) at CI size: every gym's route table, seeded, over fake-indexeddb. `npm run
 * fuzz` runs the same at 10,000 calls per gym. A planted bug (a 204 with a body, a 500, a refused call that
 * commits) must be reported, so that the fuzzer is known to fail when a gym misbehaves.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createGyms } from '../gyms/registry';
import type { Gym } from '../gyms/types';
import { formatReport, FUZZ_DEFAULTS, fuzzGym, pathFor } from './fuzz';
import { makeRng } from './rng';

const CI = { ...FUZZ_DEFAULTS, calls: 120, checkEvery: 120, imports: 5, seed: 7 };
const T0 = '2026-03-02T14:30:00.000Z';

describe.each(createGyms().map((g) => [g.name, g] as const))('fuzz %s (CI size)', (name, gym) => {
	it('never a 5xx or a hang, refusals commit nothing, the export re-imports, imports refuse by path', { timeout: 240_000 }, async () => {
		await gym.reset({ run_id: `fuzz-ci-${name}`, task_id: null, seed: 1, clock: T0 });
		const report = await fuzzGym(gym, CI);
		expect(report.failures, formatReport(report)).toEqual([]);
		expect(Object.values(report.statuses).reduce((a, b) => a + b, 0)).toBe(CI.calls);
		expect(report.imports.tried).toBe(CI.imports);
		expect(report.imports.refused).toBeGreaterThan(0);
	});
});

describe('the fuzzer reports a misbehaving gym', () => {
	it('a 204 with a body, a 500 and a refused call that commits are failures', { timeout: 240_000 }, async () => {
		const hub = createGyms()[0]!;
		await hub.reset({ run_id: 'fuzz-planted', task_id: null, seed: 1, clock: T0 });
		const planted: Gym = {
			...hub,
			async handle(req) {
				if (req.method === 'DELETE') return { status: 204, body: null };
				if (req.path.includes('/search')) return { status: 500, body: { status: 'error', message: 'internal error: boom' } };
				if (req.bodyError !== undefined) {
					await hub.handle({
						...req,
						bodyError: undefined,
						method: 'POST',
						path: '/crm/v3/objects/contacts',
						body: { properties: { email: 'planted@example.com' } }
					});
					return { status: 400, body: {} };
				}
				return hub.handle(req);
			}
		};
		const report = await fuzzGym(planted, { ...CI, calls: 200, imports: 0 });
		const text = report.failures.join('\n');
		expect(text).toMatch(/DELETE .*: status 204 with a body/);
		expect(text).toMatch(/\/search.*: 500 /);
		expect(text).toMatch(/answered 400 but committed a change/);
	});

	it('derives paths from the route patterns (RegExp groups and {param} placeholders)', () => {
		const rng = makeRng(3);
		for (let i = 0; i < 50; i++) {
			expect(pathFor(rng, /^\/crm\/v3\/lists\/(\d+)\/memberships$/, ['5'])).toMatch(/^\/crm\/v3\/lists\/\d+\/memberships$/);
			expect(pathFor(rng, /^\/crm\/v3\/owners\/?$/, [])).toMatch(/^\/crm\/v3\/owners\/?$/);
			expect(pathFor(rng, '/lists/{listId}/entries', ['9'])).toMatch(/^\/lists\/[^/]+\/entries$/);
		}
	});
});
