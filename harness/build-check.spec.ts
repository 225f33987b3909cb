import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildStatus, ensureFreshBuild, TaskNotInBuildError } from './build-check';
import { UsageError } from './errors';

/** A fake repo: one blueprint, one gym file, a spec file and a README, and (optionally) a build, with chosen times (s). */
function repo(times: { blueprint: number; gym?: number; spec?: number; build?: number }): string {
	const root = mkdtempSync(join(tmpdir(), 'salesgym-build-'));
	const put = (path: string, t: number) => {
		mkdirSync(join(root, path, '..'), { recursive: true });
		writeFileSync(join(root, path), 'x');
		utimesSync(join(root, path), t, t);
	};
	put('blueprints/hubspot/a-v1.json', times.blueprint);
	put('gyms/hubspot/index.ts', times.gym ?? 1000);
	put('sw/routes.spec.ts', times.spec ?? 1000);
	put('seeds/README.md', times.spec ?? 1000);
	if (times.build !== undefined) {
		put('build/index.html', times.build);
		put('build/service-worker.js', times.build);
	}
	return root;
}

describe('stale build detection', () => {
	it('fresh when build/ is newer than every bundled source; tests and docs do not count', () => {
		expect(buildStatus(repo({ blueprint: 1000, spec: 5000, build: 2000 }))).toMatchObject({ state: 'fresh' });
	});

	it('stale names the newest source; missing names the missing file', () => {
		expect(buildStatus(repo({ blueprint: 3000, gym: 2500, build: 2000 }))).toEqual({
			state: 'stale',
			newer: join('blueprints', 'hubspot', 'a-v1.json'),
			newerMs: 3_000_000,
			builtMs: 2_000_000
		});
		expect(buildStatus(repo({ blueprint: 1000 }))).toEqual({ state: 'missing', missing: join('build', 'index.html') });
	});

	it('refuses with the exact command when it may not build, and rebuilds otherwise', async () => {
		const root = repo({ blueprint: 3000, build: 2000 });
		const err = await ensureFreshBuild(root, { allowBuild: false, err: () => {} }).catch((e: unknown) => e);
		expect(err).toBeInstanceOf(UsageError);
		expect((err as Error).message).toMatch(/older than blueprints\/hubspot\/a-v1\.json .*run `npm run build` first/);

		const said: string[] = [];
		let built = 0;
		await ensureFreshBuild(root, {
			allowBuild: true,
			err: (t) => said.push(t),
			build: async (r) => {
				built++;
				for (const f of ['index.html', 'service-worker.js']) utimesSync(join(r, 'build', f), 4000, 4000);
				return 0;
			}
		});
		expect(built).toBe(1);
		expect(said.join('')).toMatch(/older than blueprints\/hubspot\/a-v1\.json.*running `npx vite build`/);
		expect(buildStatus(root).state).toBe('fresh');
		// Fresh now: nothing is built again.
		await ensureFreshBuild(root, { build: async () => (built++, 0) });
		expect(built).toBe(1);
	});

	it('a build that fails, or leaves build/ stale, is an infrastructure error', async () => {
		const root = repo({ blueprint: 3000, build: 2000 });
		await expect(ensureFreshBuild(root, { allowBuild: true, err: () => {}, build: async () => 1 })).rejects.toMatchObject({ name: 'InfrastructureError' });
		await expect(ensureFreshBuild(root, { allowBuild: true, err: () => {}, build: async () => 0 })).rejects.toThrow(/build\/ stale/);
	});

	it('a task missing from the build is a usage error that says what to run', () => {
		const e = new TaskNotInBuildError('hubspot/new-v1', '{"status":"error","message":"unknown task_id"}');
		expect(e).toBeInstanceOf(UsageError);
		expect(e.message).toMatch(/build\/ has no task "hubspot\/new-v1".*npm run build/);
	});
});
