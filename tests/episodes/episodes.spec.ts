/**
 * Episodes as a Playwright Test project: one test per task × attempt, so runs spread over machines with
 * Playwright's own sharding and merge their blob reports (see README "Scale-out"):
 *
 *   SALESGYM_AGENT=noisy-oracle:0.2 SALESGYM_K=3 npx playwright test --project episodes --shard=1/4 --reporter=blob
 *   npx playwright merge-reports --reporter html ./all-blob-reports
 *
 * Environment: SALESGYM_AGENT (default oracle), SALESGYM_K (attempts, default 1), SALESGYM_TASKS (id, glob or
 * all; default: the {@link DEFAULT_TASKS} blueprints with the fewest oracle actions, ties by id, because
 * `npm test` already plays every oracle once in tests/plays/ and this project only has to prove the path),
 * SALESGYM_MAX_STEPS (default 50), SALESGYM_REWARD (binary|partial). Each test attaches its trajectory
 * JSONL and records the verdict as a `verdict` annotation. Episodes are sealed unless SALESGYM_UNSEALED=1. Each
 * Playwright worker keeps its browser context warm from test to test (reset in place and checked, recycled on a
 * mismatch: harness/warm.ts) unless SALESGYM_FRESH_CONTEXT=1. A test fails on an infrastructure error (and
 * Playwright retries it); an agent's failure fails the test only for the oracle, whose failure is a bug.
 */
import { expect, test } from '@playwright/test';
import { agentByName, oracleActions } from '../../harness/agents';
import { loadBlueprints, selectTasks } from '../../harness/blueprints';
import { makeEnv, type RewardMode } from '../../harness/env';
import { playEpisode } from '../../harness/runner';
import { startServer, type RunningServer } from '../../harness/server';
import { ContextPool } from '../../harness/warm';

// Sealed episodes (README "Sealed episodes") on a server of their own: unlike the e2e server (`salesgym serve`,
// the offline demo), it does not serve the demo's task file, so no URL of the episode's origin holds an answer key.
let server: RunningServer | null = null;
/** This worker's warm contexts (none with SALESGYM_FRESH_CONTEXT=1). */
const pool = process.env.SALESGYM_FRESH_CONTEXT === '1' ? null : new ContextPool(1);
test.beforeAll(async () => {
	server = await startServer({ root: 'build', port: 0 });
});
test.afterAll(async () => {
	await pool?.close();
	await server?.close();
});

const agent = agentByName(process.env.SALESGYM_AGENT ?? 'oracle');
const k = Number(process.env.SALESGYM_K ?? 1);
/** `SALESGYM_MAX_STEPS`, else each task's default step limit (harness/env.ts `defaultMaxSteps`). */
const maxSteps = process.env.SALESGYM_MAX_STEPS ? Number(process.env.SALESGYM_MAX_STEPS) : undefined;
const reward: RewardMode = process.env.SALESGYM_REWARD === 'partial' ? 'partial' : 'binary';
/** How many tasks run when SALESGYM_TASKS is unset. */
const DEFAULT_TASKS = 2;
const all = loadBlueprints();
const tasks = process.env.SALESGYM_TASKS
	? selectTasks(all, process.env.SALESGYM_TASKS)
	: [...all].sort((a, b) => oracleActions(a).length - oracleActions(b).length || (a.id < b.id ? -1 : 1)).slice(0, DEFAULT_TASKS);

for (const blueprint of tasks) {
	for (let attempt = 0; attempt < k; attempt++) {
		test(`${blueprint.id} #${attempt} (${agent.name})`, async ({ browser }, testInfo) => {
			const env = await makeEnv({
				task: blueprint,
				browser,
				baseUrl: server!.url,
				...(maxSteps !== undefined ? { maxSteps } : {}),
				reward,
				...(pool ? { pool } : { freshContext: true })
			});
			try {
				const out = await playEpisode(env, agent, attempt, { reward });
				await testInfo.attach('trajectory.jsonl', { body: out.lines.map((l) => JSON.stringify(l)).join('\n') + '\n', contentType: 'application/x-ndjson' });
				const verdict = {
					task_id: blueprint.id,
					attempt,
					agent: agent.name,
					passed: out.passed,
					score: out.score,
					reward: out.reward,
					steps: out.steps,
					truncated: out.truncated,
					first_failing_step: out.verify.first_failing_step,
					agent_error: out.agent_error
				};
				testInfo.annotations.push({ type: 'verdict', description: JSON.stringify(verdict) });
				if (agent.name === 'oracle') expect(out.passed, JSON.stringify(out.verify.assertions.filter((a) => !a.passed))).toBe(true);
			} finally {
				await env.close();
			}
		});
	}
}
