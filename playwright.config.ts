/**
 * Playwright e2e config: Debian's Chromium (harness/browser.ts) against the built SPA served by
 * `salesgym serve` on 127.0.0.1:4179 (or $SALESGYM_E2E_PORT) (built first when build/ is missing).
 *
 * Projects (`npm test` runs all but `slow` in one invocation, its `e2e` stage, then `slow`: harness/test-stages.js):
 * - `core`: gym-neutral browser tests (every tests/e2e spec no other project claims);
 * - one per platform that has blueprints (its first platform), e.g. `hubspot`: `tests/e2e/<platform>-*.spec.ts`
 *   plus the one-play-per-blueprint tests of tests/plays/plays.spec.ts tagged `@play-<platform>`;
 * - `harness`: the env, the runner, the sealed-episode attack suite, warm reuse and on-the-fly template instances (harness-env, harness-runner, harness-seal, harness-reuse, harness-templates);
 * - `episodes`: tests/episodes (a 2-task subset unless SALESGYM_TASKS is set);
 * - `slow`: nginx, the Dockerfile build, the bench smoke, the runner at scale (isolation, calibration);
 * - `full` (only with SALESGYM_E2E_FULL=1, `npm run e2e:full`): tests/e2e/conformance.spec.ts, two oracle
 *   replays per blueprint in fresh contexts, for release checks.
 */
import { defineConfig } from '@playwright/test';
import { loadBlueprints } from './harness/blueprints';
import { chromiumLaunchOptions } from './harness/browser';

/**
 * Port of the e2e server: 4179 (not 4173, so a developer's `npm start` does not collide), or
 * `SALESGYM_E2E_PORT` so that several checkouts can run their suites at once.
 */
const PORT = Number(process.env.SALESGYM_E2E_PORT ?? 4179);
const BASE_URL = `http://127.0.0.1:${PORT}`;

/** Platforms with at least one blueprint (a blueprint counts for its first platform), sorted. */
const PLAY_PLATFORMS = [...new Set(loadBlueprints().map((b) => b.platforms[0]!))].sort();

/** Spec files of the slow stage (tests/e2e). */
const SLOW = [/\/nginx\.spec\.ts$/, /\/dockerfile\.spec\.ts$/, /\/bench\.spec\.ts$/, /\/harness-scale\.spec\.ts$/];
/** Spec files of the harness project (tests/e2e). */
const HARNESS = [
	/\/harness-env\.spec\.ts$/,
	/\/harness-runner\.spec\.ts$/,
	/\/harness-seal\.spec\.ts$/,
	/\/harness-reuse\.spec\.ts$/,
	/\/harness-pixel\.spec\.ts$/,
	/\/harness-build\.spec\.ts$/,
	/\/harness-clients\.spec\.ts$/,
	/\/harness-readme\.spec\.ts$/,
	/\/harness-templates\.spec\.ts$/
];
/** The double-replay conformance spec (project `full`). */
const FULL = /\/conformance\.spec\.ts$/;
/** A platform's own e2e specs, `tests/e2e/<platform>-*.spec.ts`. */
const platformSpecs = (p: string) => new RegExp(`/tests/e2e/${p}-[^/]*\\.spec\\.ts$`);

export default defineConfig({
	testDir: 'tests',
	fullyParallel: false,
	workers: 2,
	forbidOnly: !!process.env.CI,
	retries: 0,
	// The project-times reporter writes test-results/project-times.json and one line per project (`npm test`'s stage table).
	reporter: [['list'], ['./tests/tools/project-times-reporter.ts']],
	// 90 s a test unless it sets its own: several UI specs take 35-55 s with two workers on this 2-core machine, and a CI
	// machine has run the same suite 20 % slower (a 60 s bound failed a passing Sales Navigator search test there).
	timeout: 90_000,
	// Web-first assertions wait up to 10 s (Playwright's default is 5 s): a screen that renders in well under a second
	// idle can take several on a loaded 2-core CI machine running two browsers; a passing assertion returns at once.
	expect: { timeout: 10_000 },
	use: {
		baseURL: BASE_URL,
		// Without the low-memory V8 flag: the suite is CPU-bound (harness/browser.ts LaunchChoice).
		launchOptions: chromiumLaunchOptions({ lowMemory: false }),
		actionTimeout: 10_000,
		// No trace unless a test is retried (the `episodes` project's infrastructure retries, `npm run golden`): recording
		// costs every test its DOM snapshots and screencast frames, which the renderer and the GPU process copy and
		// encode. The 35 Sales Navigator tests (25 plays, 2 workers): 325-343 s recording each test
		// ('retain-on-failure'), 231-236 s without. A failure still leaves its error context (the page's accessibility
		// snapshot); to record, run the test again with `--trace retain-on-failure` (README "Tests").
		trace: 'on-first-retry'
	},
	projects: [
		{ name: 'core', testDir: 'tests/e2e', testIgnore: [...SLOW, ...HARNESS, FULL, ...PLAY_PLATFORMS.map(platformSpecs)] },
		// The plays are tagged @play-<platform>: each platform's project drops the other platforms' plays.
		...PLAY_PLATFORMS.map((p) => ({
			name: p,
			testDir: 'tests',
			testMatch: [platformSpecs(p), /\/tests\/plays\/[^/]*\.spec\.ts$/],
			grepInvert: new RegExp(`@play-(?!${p}(?![a-z0-9-]))`)
		})),
		{ name: 'harness', testDir: 'tests/e2e', testMatch: HARNESS },
		// One test per task × attempt (tests/episodes/episodes.spec.ts); `--project episodes --shard=i/n` spreads them.
		{ name: 'episodes', testDir: 'tests/episodes', fullyParallel: true, retries: 2 },
		{ name: 'slow', testDir: 'tests/e2e', testMatch: SLOW },
		...(process.env.SALESGYM_E2E_FULL === '1' ? [{ name: 'full', testDir: 'tests/e2e', testMatch: FULL }] : [])
	],
	webServer: {
		command: `node harness/salesgym.js serve --port ${PORT} --build-if-needed`,
		url: BASE_URL,
		reuseExistingServer: !process.env.CI,
		timeout: 120_000,
		stdout: 'pipe',
		stderr: 'pipe'
	}
});
