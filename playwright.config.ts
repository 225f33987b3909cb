/**
 * Playwright e2e config: Debian's Chromium (harness/browser.ts) against the built SPA served by
 * `salesgym serve` on 127.0.0.1:4179 (or $SALESGYM_E2E_PORT) (built first when build/ is missing).
 */
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './harness/browser';

/**
 * Port of the e2e server: 4179 (not 4173, so a developer's `npm start` does not collide), or
 * `SALESGYM_E2E_PORT` so that several checkouts can run their suites at once.
 */
const PORT = Number(process.env.SALESGYM_E2E_PORT ?? 4179);
const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
	testDir: 'tests',
	fullyParallel: false,
	workers: 2,
	forbidOnly: !!process.env.CI,
	retries: 0,
	reporter: 'list',
	timeout: 60_000,
	use: {
		baseURL: BASE_URL,
		launchOptions: chromiumLaunchOptions(),
		actionTimeout: 10_000,
		trace: 'retain-on-failure'
	},
	projects: [
		{ name: 'e2e', testDir: 'tests/e2e' },
		// One test per task × attempt (tests/episodes/episodes.spec.ts); `--project episodes --shard=i/n` spreads them.
		{ name: 'episodes', testDir: 'tests/episodes', fullyParallel: true, retries: 2 }
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
