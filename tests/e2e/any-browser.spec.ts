/**
 * Any headless browser: an episode in a Chromium we did not launch, attached over CDP; and one oracle task
 * driven through Debian's chromedriver with a plain W3C WebDriver client (harness/webdriver.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Blueprint } from '../../blueprints/schema';
import { oracle } from '../../harness/agents';
import { loadBlueprints } from '../../harness/blueprints';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../harness/browser';
import { makeEnv } from '../../harness/env';
import { playEpisode } from '../../harness/runner';
import { chromeCapabilities, playOracleOverWebDriver, startChromedriver, SYSTEM_CHROMEDRIVER, WebDriverSession } from '../../harness/webdriver';
import { expect, test } from './fixtures';

const TASK = loadBlueprints().find((b) => b.id === 'hubspot/update-lead-status-v1') as Blueprint;
const CDP_PORT = 4195;
const WEBDRIVER_PORT = 4196;

test('an episode attaches to a running Chromium over CDP (--cdp)', async ({ baseURL }) => {
	// A fresh profile's first load (SW install, seed load) plus the episode: 47.5 s with two workers on 2 cores.
	test.setTimeout(120_000);
	const binary = chromiumExecutable('full');
	test.skip(!binary, 'no Chromium binary to start for CDP');
	const profile = mkdtempSync(join(tmpdir(), 'salesgym-cdp-'));
	const chrome = spawn(binary!, ['--headless', `--remote-debugging-port=${CDP_PORT}`, `--user-data-dir=${profile}`, ...CHROMIUM_ARGS, 'about:blank'], {
		stdio: 'ignore'
	});
	try {
		await expect
			.poll(
				async () =>
					await fetch(`http://127.0.0.1:${CDP_PORT}/json/version`).then(
						(r) => r.ok,
						() => false
					),
				{ timeout: 15_000 }
			)
			.toBe(true);
		const env = await makeEnv({ task: TASK, cdp: `http://127.0.0.1:${CDP_PORT}`, baseUrl: baseURL! });
		try {
			const out = await playEpisode(env, oracle, 0, { reward: 'binary' });
			expect(out).toMatchObject({ passed: true, reward: 1, terminated: true });
		} finally {
			await env.close();
		}
	} finally {
		chrome.kill('SIGTERM');
	}
});

test('the oracle passes under WebDriver (Debian chromium-driver, plain W3C client)', async ({ baseURL }) => {
	test.setTimeout(120_000);
	if (!existsSync(SYSTEM_CHROMEDRIVER)) {
		console.log(`WebDriver test skipped: ${SYSTEM_CHROMEDRIVER} is absent (npm run browser installs Debian's chromium-driver when run as root).`);
		test.skip(true, `${SYSTEM_CHROMEDRIVER} absent`);
	}
	const driver = await startChromedriver({ port: WEBDRIVER_PORT });
	let session: WebDriverSession | null = null;
	try {
		session = await WebDriverSession.create(driver.url, chromeCapabilities());
		const verdict = await playOracleOverWebDriver(session, baseURL!, TASK, 'webdriver-1');
		expect(verdict, JSON.stringify(verdict.assertions.filter((a) => !a.passed))).toMatchObject({
			passed: true,
			score: 1,
			task_id: TASK.id,
			run_id: 'webdriver-1'
		});
	} finally {
		await session?.delete();
		await driver.stop();
	}
});
