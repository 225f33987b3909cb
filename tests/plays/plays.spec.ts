/**
 * Every blueprint's oracle, played ONCE through the UI per CI run, in the worker's reused browser context
 * (reset between blueprints) under a non-UTC time zone (America/Los_Angeles): the task verifies (passed,
 * score 1), the export right after the reset equals the golden `initial` hash (recorded in a fresh context:
 * the reset of a reused context leaked nothing), and the final export equals the golden `final` hash recorded
 * under UTC (tests/plays/golden.ts). One play thereby proves pass, replay determinism and time-zone
 * independence. "A fresh reset fails" and the verifier lint run in Node for every blueprint
 * (harness/blueprints.spec.ts); `npm run e2e:full` keeps the double replays in fresh contexts
 * (tests/e2e/conformance.spec.ts).
 *
 * Per platform with blueprints, one test keeps the first load covered: a fresh context (fresh IndexedDB and
 * SW) lands on the platform's first task with the golden initial state, and that fresh reset fails in the browser.
 * Hashes come from the Service Worker (`GET /__salesgym/state?digest=sha256`); the first-load test checks that
 * digest against the SHA-256 of the full export as the page receives it.
 *
 * `SALESGYM_GOLDEN=write` (`npm run golden`): each play runs in a fresh UTC context and records its hashes for
 * tests/golden/reporter.ts instead of checking them; the first-load tests are skipped.
 * Tests are tagged `@play-<platform>`; the Playwright project of each platform selects its own.
 */
import type { Page, TestInfo } from '@playwright/test';
import type { Blueprint } from '../../blueprints/schema';
import { oracle } from '../../harness/agents';
import { loadBlueprints } from '../../harness/blueprints';
import { startEpisode } from '../../harness/runner';
import { expect, exportState, reusedContextTest as test, verify } from '../e2e/fixtures';
import {
	exportSha256,
	GOLDEN_ANNOTATION,
	GOLDEN_TIMEZONE,
	GOLDEN_WRITE,
	missingMessage,
	PLAY_RUN_ID,
	PLAY_TIMEZONE,
	platformOf,
	readGolden,
	staleMessage,
	type GoldenEntry,
	type GoldenRecord
} from './golden';

test.describe.configure({ mode: 'parallel' });

const blueprints = loadBlueprints();
const platforms = [...new Set(blueprints.map(platformOf))].sort();

/** Attaches the current export (for diffing against a golden replay) once per test. */
async function attachExport(page: Page, testInfo: TestInfo, name: string): Promise<void> {
	await testInfo.attach(name, { body: await exportState(page), contentType: 'application/json' });
}

/** Plays `bp`'s oracle on `page` after resetting to it; returns the initial and final export hashes. */
async function play(
	page: Page,
	bp: Blueprint,
	tz: string,
	baseURL: string,
	check?: (which: 'initial', sha: string) => Promise<void>
): Promise<{ initial: string; final: string }> {
	await startEpisode(page, bp, PLAY_RUN_ID);
	expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(tz);
	const initial = await exportSha256(page);
	await check?.('initial', initial);
	await oracle.act(page, bp, { baseUrl: baseURL, runId: PLAY_RUN_ID });
	const result = await verify(page, bp, PLAY_RUN_ID);
	expect(result, JSON.stringify(result.assertions.filter((a) => !a.passed))).toMatchObject({ passed: true, score: 1, first_failing_step: null });
	return { initial, final: await exportSha256(page) };
}

for (const platform of platforms) {
	// Not read when recording: `npm run golden` must work over a broken or missing file too.
	const golden: Record<string, GoldenEntry> = GOLDEN_WRITE ? {} : readGolden(platform);
	const mine = blueprints.filter((bp) => platformOf(bp) === platform);

	test(
		`${platform}: first load in a fresh context lands on ${mine[0]!.id} with the golden initial state, and that fresh reset fails`,
		{ tag: `@play-${platform}` },
		async ({ browser, baseURL }, testInfo) => {
			test.skip(GOLDEN_WRITE, 'recording golden hashes');
			const bp = mine[0]!;
			const context = await browser.newContext({ baseURL, timezoneId: PLAY_TIMEZONE });
			try {
				const page = await context.newPage();
				await startEpisode(page, bp, PLAY_RUN_ID);
				expect(new URL(page.url()).pathname).toBe(bp.start_path.split('?')[0]);
				const initial = await exportSha256(page);
				// The Service Worker's digest is the hash of the very bytes the export answers.
				expect(await exportSha256(page, { inPage: true }), 'GET /__salesgym/state?digest=sha256 = SHA-256 of GET /__salesgym/state').toBe(initial);
				const entry = golden[bp.id];
				expect(entry, missingMessage(bp.id, platform)).toBeDefined();
				if (entry && initial !== entry.initial) await attachExport(page, testInfo, 'initial-export.json');
				expect(initial, staleMessage(bp.id, platform, 'initial', initial, 'fresh')).toBe(entry!.initial);
				const fresh = await verify(page, bp, PLAY_RUN_ID);
				expect(fresh.passed, 'a fresh reset must not pass').toBe(false);
			} finally {
				await context.close();
			}
		}
	);

	for (const bp of mine) {
		test(
			GOLDEN_WRITE
				? `${bp.id}: the oracle passes with score 1 under UTC in a fresh context; its golden hashes are recorded`
				: `${bp.id}: the oracle passes with score 1 under ${PLAY_TIMEZONE}; its exports equal the UTC golden`,
			{ tag: `@play-${platform}` },
			async ({ browser, baseURL, reusedPage }, testInfo) => {
				// One oracle episode and one verify: 5-15 s idle; the bound leaves room for a loaded 2-core machine.
				test.setTimeout(90_000);
				if (GOLDEN_WRITE) {
					const context = await browser.newContext({ baseURL, timezoneId: GOLDEN_TIMEZONE });
					try {
						const hashes = await play(await context.newPage(), bp, GOLDEN_TIMEZONE, baseURL!);
						const record: GoldenRecord = { id: bp.id, platform, ...hashes };
						testInfo.annotations.push({ type: GOLDEN_ANNOTATION, description: JSON.stringify(record) });
					} finally {
						await context.close();
					}
					return;
				}
				const entry = golden[bp.id];
				const hashes = await play(reusedPage, bp, PLAY_TIMEZONE, baseURL!, async (_which, sha) => {
					if (entry && sha !== entry.initial) {
						await attachExport(reusedPage, testInfo, 'initial-export.json');
						expect.soft(sha, staleMessage(bp.id, platform, 'initial', sha)).toBe(entry.initial);
					}
				});
				expect(entry, missingMessage(bp.id, platform)).toBeDefined();
				if (hashes.final !== entry!.final) await attachExport(reusedPage, testInfo, 'final-export.json');
				expect(hashes.final, staleMessage(bp.id, platform, 'final', hashes.final)).toBe(entry!.final);
			}
		);
	}
}
