/**
 * The agent interfaces end to end: the Python client runs an episode through `salesgym serve-env` (installed
 * with pip from clients/python, offline); `salesgym mcp` answers MCP over stdio and its episode's browser is
 * reachable over CDP (`--cdp-port`); a run with `--out` and screenshots exports to a dataset that the reader
 * rebuilds step by step.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { agentByName } from '../../harness/agents';
import { loadBlueprints } from '../../harness/blueprints';
import { exportDataset, readDataset } from '../../harness/dataset';
import { runEpisodes } from '../../harness/runner';
import { expect, test } from './fixtures';

const TASK = 'hubspot/update-lead-status-v1';
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

async function freePort(): Promise<number> {
	return new Promise((ok) => {
		const s = createServer().listen(0, '127.0.0.1', () => {
			const port = (s.address() as { port: number }).port;
			s.close(() => ok(port));
		});
	});
}

test('the Python client installs offline with pip and plays an episode to reward 1', async () => {
	test.setTimeout(240_000);
	let pythonPath = join(process.cwd(), 'clients', 'python');
	const pip = spawnSync(PYTHON, ['-m', 'pip', '--version'], { encoding: 'utf8' });
	if (pip.status === 0) {
		const target = mkdtempSync(join(tmpdir(), 'salesgym-py-'));
		const inst = spawnSync(
			PYTHON,
			['-m', 'pip', 'install', '--no-index', '--no-build-isolation', '--no-deps', '--quiet', '--target', target, 'clients/python'],
			{
				encoding: 'utf8'
			}
		);
		expect(inst.status, inst.stderr).toBe(0);
		expect(existsSync(join(target, 'salesgym', 'env.py'))).toBe(true);
		pythonPath = target;
	}
	const child = spawn(PYTHON, ['clients/python/tests/run_episode.py', TASK], {
		env: { ...process.env, PYTHONPATH: pythonPath },
		stdio: ['ignore', 'pipe', 'inherit']
	});
	let out = '';
	child.stdout.on('data', (d: Buffer) => (out += d.toString()));
	const code = await new Promise<number | null>((ok) => child.once('exit', ok));
	expect(code).toBe(0);
	const r = JSON.parse(out.trim().split('\n').at(-1)!);
	expect(r).toMatchObject({
		first: { viewport: { width: 1280, height: 800, device_scale_factor: 1 }, step: 0 },
		bad_action_error: expect.stringMatching(/^invalid action/),
		unknown_task_status: 400,
		reward: 1,
		terminated: true,
		truncated: false,
		passed: true
	});
	expect(r.first.marks).toBeGreaterThan(5);
	expect(r.first.url).toMatch(/\/hubspot\/contacts$/);
});

test('salesgym mcp: initialize, tools/list, tools/call over stdio; the episode browser is reachable over CDP', async () => {
	test.setTimeout(120_000);
	const cdpPort = await freePort();
	const child = spawn('node', ['harness/salesgym.js', 'mcp', '--task', TASK, '--cdp-port', String(cdpPort)], { stdio: ['pipe', 'pipe', 'inherit'] });
	const rl = createInterface({ input: child.stdout });
	const answers: Record<string, unknown>[] = [];
	const waiters: (() => void)[] = [];
	rl.on('line', (l) => {
		answers.push(JSON.parse(l) as Record<string, unknown>);
		waiters.shift()?.();
	});
	let id = 0;
	const call = async (method: string, params?: unknown): Promise<Record<string, unknown>> => {
		const n = answers.length;
		child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: ++id, method, ...(params === undefined ? {} : { params }) })}\n`);
		while (answers.length <= n) await new Promise<void>((ok) => waiters.push(ok));
		return answers[n]!;
	};
	try {
		const init = await call('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '0' } });
		expect(init).toMatchObject({
			jsonrpc: '2.0',
			id: 1,
			result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'salesgym' } }
		});
		child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
		const list = (await call('tools/list')) as { result: { tools: { name: string; inputSchema: { type: string } }[] } };
		const names = list.result.tools.map((t) => t.name);
		for (const t of ['click', 'fill', 'type', 'key', 'drag', 'scroll', 'move', 'screenshot', 'done', 'goto', 'get_observation', 'reset'])
			expect(names).toContain(t);
		for (const t of list.result.tools) expect(t.inputSchema.type).toBe('object');

		const obs = (await call('tools/call', { name: 'get_observation', arguments: {} })) as { result: { content: { type: string; text: string }[] } };
		const o = JSON.parse(obs.result.content[0]!.text) as { observation: { url: string; axtree: string } };
		expect(o.observation.url).toMatch(/\/hubspot\/contacts$/);
		expect(o.observation.axtree).toContain('button "Create contact"');
		// The episode's page is a CDP target (what a Playwright MCP server attached with --cdp-endpoint drives).
		const targets = (await (await fetch(`http://127.0.0.1:${cdpPort}/json/list`)).json()) as { type: string; url: string }[];
		expect(targets.some((t) => t.type === 'page' && t.url.endsWith('/hubspot/contacts'))).toBe(true);

		const bad = (await call('tools/call', { name: 'click', arguments: { role: 'button', name: 'No such button' } })) as { result: { isError: boolean } };
		expect(bad.result.isError).toBe(true);
		const shot = (await call('tools/call', { name: 'screenshot', arguments: {} })) as { result: { content: { type: string; mimeType?: string }[] } };
		expect(shot.result.content[1]).toMatchObject({ type: 'image', mimeType: 'image/png' });
		const done = (await call('tools/call', { name: 'done', arguments: {} })) as { result: { content: { text: string }[]; isError: boolean } };
		expect(JSON.parse(done.result.content[0]!.text)).toMatchObject({ terminated: true, reward: 0, verify: { passed: false } });
		expect((await call('tools/call', { name: 'nope', arguments: {} })).error).toMatchObject({ code: -32602 });
		expect((await call('no/such')).error).toMatchObject({ code: -32601 });
	} finally {
		child.stdin.end();
		await new Promise((ok) => child.once('exit', ok));
	}
});

test('run --out with screenshots → export → the reader rebuilds every step', async ({ browser, baseURL }) => {
	test.setTimeout(120_000);
	const bp = loadBlueprints().find((b) => b.id === TASK)!;
	const dir = mkdtempSync(join(tmpdir(), 'salesgym-out-'));
	const summary = await runEpisodes({
		agent: agentByName('oracle'),
		blueprints: [bp],
		baseUrl: baseURL!,
		browsers: { get: async () => browser },
		outDir: dir,
		env: { screenshot: true, marks: true }
	});
	const trajectory = readFileSync(summary.episodes[0]!.trajectory!, 'utf8')
		.trim()
		.split('\n')
		.map((l) => JSON.parse(l) as { type: string; observation?: { screenshot?: string; axtree: string } });
	expect(trajectory.map((l) => l.type).at(-1)).toBe('result'); // no state line without saveState
	const out = mkdtempSync(join(tmpdir(), 'salesgym-ds-'));
	expect(exportDataset({ inputs: [dir], out, format: 'parquet-ready' })).toMatchObject({ episodes: 1, skipped: [] });
	const { episodes } = readDataset(out);
	const steps = episodes[0]!.steps_list;
	const src = trajectory.filter((l) => l.type === 'reset' || l.type === 'step');
	expect(steps.length).toBe(src.length);
	steps.forEach((s, i) => {
		expect(s.observation.axtree).toBe(src[i]!.observation!.axtree);
		expect(readFileSync(s.observation.screenshot as string)).toEqual(readFileSync(join(dir, src[i]!.observation!.screenshot!)));
	});
	expect(episodes[0]).toMatchObject({ passed: true, task_id: TASK, seed: expect.any(Number) });
});
