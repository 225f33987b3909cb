/**
 * The runner in real Chromium: every agent type through the env, trajectories on disk, infrastructure-error
 * retries, and the CLI's run and calibrate end to end. Parallel isolation (8 contexts on one task) and the
 * noisy-oracle calibration are in the slow stage (harness-scale.spec.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import type { Blueprint } from '../../blueprints/schema';
import { agentByName, oracleActions, type Agent } from '../../harness/agents';
import { loadBlueprints } from '../../harness/blueprints';
import { runEpisodes, type RunOptions } from '../../harness/runner';
import { ContextPool } from '../../harness/warm';
import { expect, runCli, test } from './fixtures';

const all = loadBlueprints();
const byId = (id: string) => all.find((b) => b.id === id) as Blueprint;
const SHORT = byId('hubspot/update-lead-status-v1');

/** Warm contexts shared by the runs of this worker (each run's episodes reset them in place, checked: harness/warm.ts). */
const pool = new ContextPool(1);
test.afterAll(async () => pool.close());

function run(browser: Browser, baseUrl: string, agent: Agent, blueprints: Blueprint[], extra: Partial<RunOptions> = {}) {
	return runEpisodes({ agent, blueprints, baseUrl, browsers: { get: async () => browser }, pool, ...extra });
}

test('oracle, noop, random and noisy-oracle through the env; trajectories and summary on disk', async ({ browser, baseURL }) => {
	test.setTimeout(180_000);
	const out = mkdtempSync(join(tmpdir(), 'salesgym-run-'));
	const oracle = await run(browser, baseURL!, agentByName('oracle'), [SHORT], { outDir: out, saveState: true });
	expect(oracle.episodes[0]).toMatchObject({ status: 'ok', passed: true, score: 1, reward: 1, truncated: false, agent_error: null, infra_errors: [] });
	const lines = readFileSync(oracle.episodes[0]!.trajectory!, 'utf8')
		.trim()
		.split('\n')
		.map((l) => JSON.parse(l));
	expect(lines.map((l) => l.type)).toEqual(['episode', 'reset', ...oracleActions(SHORT).map(() => 'step'), 'result', 'state']);
	expect(lines[2]).toMatchObject({ step: 1, action: { goto: '/hubspot/contacts' }, error: null, observation_digest: expect.stringMatching(/^[0-9a-f]{16}$/) });
	expect(lines.at(-2)).toMatchObject({ type: 'result', passed: true, verify: { passed: true } });
	expect(lines.at(-1).export).toMatchObject({ format: 'salesgym.state', task_id: SHORT.id });
	expect(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'))).toMatchObject({ agent: 'oracle', totals: { episodes: 1, passed: 1, infra_errors: 0 } });

	const noop = await run(browser, baseURL!, agentByName('noop'), [SHORT]);
	expect(noop.episodes[0]).toMatchObject({ status: 'ok', passed: false, reward: 0, steps: 1 });

	const random = await run(browser, baseURL!, agentByName('random:3'), [SHORT], { maxSteps: 8, env: { actionTimeoutMs: 1_000 } });
	expect(random.episodes[0]).toMatchObject({ status: 'ok', passed: false });
	expect(random.episodes[0]!.steps).toBeGreaterThan(0);
	expect(random.episodes[0]!.steps).toBeLessThanOrEqual(8);

	const noisy = await run(browser, baseURL!, agentByName('noisy-oracle:0'), [SHORT]);
	expect(noisy.episodes[0]).toMatchObject({ status: 'ok', passed: true });
});

test('cmd: and http: example agents play an episode; a crashing agent is an agent error, not an infrastructure error', async ({ browser, baseURL }) => {
	test.setTimeout(120_000);
	const dir = mkdtempSync(join(tmpdir(), 'salesgym-ext-'));
	const script = join(dir, 'oracle.json');
	writeFileSync(script, JSON.stringify(oracleActions(SHORT)));
	const stdio = await run(browser, baseURL!, agentByName(`cmd:node examples/stdio-agent.mjs --script ${script}`), [SHORT]);
	expect(stdio.episodes[0]).toMatchObject({ status: 'ok', passed: true, agent_error: null });

	const heuristic = await run(browser, baseURL!, agentByName('cmd:node examples/stdio-agent.mjs'), [SHORT]);
	expect(heuristic.episodes[0]).toMatchObject({ status: 'ok', passed: false, steps: 2, agent_error: null });

	const crash = await run(browser, baseURL!, agentByName('cmd:exit 1'), [SHORT]);
	expect(crash.episodes[0]).toMatchObject({ status: 'ok', passed: false, agent_error: expect.stringContaining('exited with code 1') });

	const server = spawn('node', ['examples/http-agent.mjs', '--port', '4197', '--script', script], { stdio: ['ignore', 'pipe', 'inherit'] });
	try {
		await new Promise((ok) => server.stdout.once('data', ok));
		const http = await run(browser, baseURL!, agentByName('http:http://127.0.0.1:4197/act'), [SHORT]);
		expect(http.episodes[0]).toMatchObject({ status: 'ok', passed: true });
	} finally {
		server.kill('SIGTERM');
	}
});

test('an infrastructure error is retried and, when it persists, reported as such, never scored', async ({ browser, baseURL }) => {
	let calls = 0;
	const flaky = {
		get: async () => (++calls === 1 ? Promise.reject(new (await import('../../harness/errors')).InfrastructureError('browser crashed (simulated)')) : browser)
	};
	const r = await runEpisodes({ agent: agentByName('oracle'), blueprints: [SHORT], baseUrl: baseURL!, browsers: flaky, pool });
	expect(r.episodes[0]).toMatchObject({ status: 'ok', passed: true, infra_errors: ['browser crashed (simulated)'] });
	const dead = await runEpisodes({
		agent: agentByName('oracle'),
		blueprints: [SHORT],
		baseUrl: 'http://127.0.0.1:4198',
		browsers: { get: async () => browser },
		retries: 1
	});
	expect(dead.episodes[0]).toMatchObject({ status: 'infra_error', passed: null, score: null, reward: null });
	expect(dead.episodes[0]!.infra_errors).toHaveLength(2);
	expect(dead.totals).toMatchObject({ scored: 0, infra_errors: 1 });
});

test('CLI: run --out and calibrate --json --html end to end (own server and browser)', async () => {
	test.setTimeout(180_000);
	// The real entry (harness/salesgym.js, which registers tsx), as a user runs it: the CLI loads the gyms' seed
	// worlds in Node for the blueprint check, which only the CLI's own loader supports.
	const dir = mkdtempSync(join(tmpdir(), 'salesgym-cli-'));
	const cli = runCli;
	const ran = await cli(['run', '--agent', 'oracle', '--task', SHORT.id, '--out', join(dir, 'run'), '--json', join(dir, 'run.json')]);
	expect(ran.code, ran.err).toBe(0);
	const out = ran.out;
	expect(out).toMatch(/hubspot\/update-lead-status-v1\s+oracle\s+true\s+1\.00/);
	expect(JSON.parse(readFileSync(join(dir, 'run', 'summary.json'), 'utf8'))).toMatchObject({ agent: 'oracle', totals: { passed: 1 } });
	expect(JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8'))[0]).toMatchObject({ task_id: SHORT.id, status: 'ok', passed: true });
	// A glob over a few tasks (the whole set is 30+ noop episodes, minutes on 2 cores; the glob is what is tested).
	const picked = all.filter((b) => /^hubspot\/[^/]*-lead[^/]*-v1$/.test(b.id));
	expect(picked.length).toBeGreaterThan(1);
	const { code, err } = await cli([
		'calibrate',
		'--agent',
		'noop',
		'--k',
		'2',
		'--tasks',
		'hubspot/*-lead*-v1',
		'--workers',
		'2',
		'--json',
		join(dir, 'cal.json'),
		'--html',
		join(dir, 'cal.html')
	]);
	expect(code, err).toBe(0);
	const report = JSON.parse(readFileSync(join(dir, 'cal.json'), 'utf8'));
	expect(report.tasks.map((t: { task_id: string }) => t.task_id).sort()).toEqual(picked.map((b) => b.id).sort());
	expect(report.tasks.every((t: { n: number; c: number; band: string }) => t.n === 2 && t.c === 0 && t.band === 'unsolved')).toBe(true);
	expect(report.summary).toMatchObject({ agent: 'noop', k: 2, bands: { unsolved: picked.length } });
	expect(readFileSync(join(dir, 'cal.html'), 'utf8')).toContain('<svg');
});
