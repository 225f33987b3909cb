/**
 * Every blueprint's oracle (by default the `ci` play set: every hand-written blueprint and one instance of each
 * template's distinct UI paths; `SALESGYM_PLAYS=all` for every one, tests/plays/select.ts), played ONCE through the
 * UI per run, in the worker's reused browser context (reset from the last play's page, `startEpisode` warm) under
 * a non-UTC time zone (America/Los_Angeles): the task verifies (passed, score 1), the export right after the reset equals the golden `initial` hash (recorded in a fresh context:
 * the reset of a reused context leaked nothing), and the final export equals the golden `final` hash recorded
 * under UTC (tests/plays/golden.ts). One play thereby proves pass, replay determinism and time-zone
 * independence. "A fresh reset fails" and the verifier lint run in Node for every blueprint
 * (harness/shipped-blueprints.ts); `npm run e2e:full` keeps the double replays in fresh contexts
 * (tests/e2e/conformance.spec.ts).
 *
 * Per platform with blueprints, one test keeps the first load covered: a fresh context (fresh IndexedDB and
 * SW) lands on the platform's first task with the golden initial state, and that fresh reset fails in the browser.
 * Hashes come from the Service Worker (`GET /__salesgym/state?digest=sha256`); the first-load test checks that
 * digest against the SHA-256 of the full export as the page receives it.
 *
 * The near-miss mutants and patch alternatives are not proven here: the final state each play must reach is the golden
 * one byte for byte, and `npm run unit` proves every blueprint's mutants, alternatives and kill matrix over that very
 * state, rebuilt in Node from the play's recorded API calls (tests/unit/replays.ts). Each alternative with UI `steps`
 * is one more test here: reset, its actions, verify.
 *
 * `SALESGYM_GOLDEN=write` (`npm run golden`): each play runs in a fresh UTC context and records its hashes and its
 * oracle's state-changing API calls (tests/plays/calls.ts) for tests/golden/reporter.ts instead of checking them;
 * the first-load tests are skipped.
 * Tests are tagged `@play-<platform>`; the Playwright project of each platform selects its own.
 */
import type { Page, TestInfo } from '@playwright/test';
import type { Blueprint } from '../../blueprints/schema';
import { oracle, performAction, describeAction } from '../../harness/agents';
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
import { playSet, playSetMode } from './select';
import { alternativeKey, CALLS_ANNOTATION, recordApiCalls, type ApiCall, type CallsRecord } from './calls';

test.describe.configure({ mode: 'parallel' });

/** The blueprints played: the `ci` set by default, every one with `SALESGYM_PLAYS=all` (tests/plays/select.ts). */
const blueprints = playSet(loadBlueprints(), playSetMode());
const platforms = [...new Set(blueprints.map(platformOf))].sort();

/** Attaches the current export (for diffing against a golden replay) once per test. */
async function attachExport(page: Page, testInfo: TestInfo, name: string): Promise<void> {
	await testInfo.attach(name, { body: await exportState(page), contentType: 'application/json' });
}

/**
 * Time bound of one play test, ms: 90 s, plus 4 s for each UI action beyond 40, the oracle's or a `steps`
 * alternative's (a four-tool oracle of 70+ actions takes well over a minute on a loaded 2-core machine; short
 * paths keep the 90 s bound).
 */
const playTimeout = (bp: { steps: readonly { actions: readonly unknown[] }[] }): number =>
	90_000 + Math.max(0, bp.steps.reduce((n, s) => n + s.actions.length, 0) - 40) * 4_000;

/** The exports of one play: the hashes of its state right after the reset and at the end. */
interface Played {
	initial: string;
	final: string;
	/** The oracle's state-changing API calls (tests/plays/calls.ts), when asked for; else null. */
	calls: ApiCall[] | null;
}

/**
 * Plays `bp`'s oracle on `page` after resetting to it and verifies it (passed, score 1); returns the initial and final
 * export hashes (computed by the Service Worker) and, with `calls`, the oracle's state-changing API calls.
 */
async function play(
	page: Page,
	bp: Blueprint,
	tz: string,
	baseURL: string,
	check?: (which: 'initial', sha: string) => Promise<void>,
	options: { calls?: boolean } = {}
): Promise<Played> {
	await startEpisode(page, bp, PLAY_RUN_ID, undefined, undefined, { warm: true });
	expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(tz);
	const initial = await exportSha256(page);
	await check?.('initial', initial);
	const recording = options.calls ? recordApiCalls(page.context()) : null;
	await oracle.act(page, bp, { baseUrl: baseURL, runId: PLAY_RUN_ID });
	const result = await verify(page, bp, PLAY_RUN_ID);
	// After the verify: a write the page sends after the last action (a debounced save) is in the verified state too.
	const calls = recording ? await recording.stop() : null;
	expect(result, JSON.stringify(result.assertions.filter((a) => !a.passed))).toMatchObject({ passed: true, score: 1, first_failing_step: null });
	return { initial, final: await exportSha256(page), calls };
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
				test.setTimeout(playTimeout(bp));
				if (GOLDEN_WRITE) {
					const context = await browser.newContext({ baseURL, timezoneId: GOLDEN_TIMEZONE });
					try {
						const played = await play(await context.newPage(), bp, GOLDEN_TIMEZONE, baseURL!, undefined, { calls: true });
						const record: GoldenRecord = { id: bp.id, platform, initial: played.initial, final: played.final };
						testInfo.annotations.push({ type: GOLDEN_ANNOTATION, description: JSON.stringify(record) });
						const calls: CallsRecord = { id: bp.id, platform, calls: played.calls! };
						testInfo.annotations.push({ type: CALLS_ANNOTATION, description: JSON.stringify(calls) });
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

		for (const alt of (bp.alternatives ?? []).filter((a) => a.steps !== undefined)) {
			test(
				`${bp.id}: alternative "${alt.id}" (${alt.description}) through the UI passes with score 1`,
				{ tag: `@play-${platform}` },
				async ({ reusedPage }, testInfo) => {
					// The oracle's bound, over the alternative's own actions.
					test.setTimeout(playTimeout({ steps: alt.steps! }));
					await startEpisode(reusedPage, bp, PLAY_RUN_ID, undefined, undefined, { warm: true });
					const recording = GOLDEN_WRITE ? recordApiCalls(reusedPage.context()) : null;
					for (const [i, s] of alt.steps!.entries()) {
						for (const [j, action] of s.actions.entries()) {
							try {
								await performAction(reusedPage, action);
							} catch (e) {
								throw new Error(`alternative ${alt.id} steps ${i} action ${j} (${describeAction(action)}): ${(e as Error).message.split('\n')[0]}`, {
									cause: e
								});
							}
						}
					}
					const result = await verify(reusedPage, bp, PLAY_RUN_ID);
					if (recording) {
						const calls: CallsRecord = { id: alternativeKey(bp.id, alt.id), platform, calls: await recording.stop() };
						testInfo.annotations.push({ type: CALLS_ANNOTATION, description: JSON.stringify(calls) });
					}
					expect(result, JSON.stringify(result.assertions.filter((a) => !a.passed))).toMatchObject({ passed: true, score: 1 });
				}
			);
		}
	}
}
