import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Blueprint } from '../blueprints/schema';
import {
	AgentError,
	agentByName,
	commandAgent,
	describeAction,
	httpAgent,
	noisyOracle,
	noop,
	oracle,
	oracleActions,
	perturb,
	randomAgent,
	type Agent,
	type AgentTurn
} from './agents';
import { loadBlueprints } from './blueprints';
import type { Observation } from './env';
import { UsageError } from './errors';
import { makeRng } from './rng';

const bp = loadBlueprints().find((b) => b.id === 'hubspot/inbound-demo-request-v1') as Blueprint;

const AXTREE = [
	'- main:',
	'  - heading "Contacts" [level=1]',
	'  - button "Create contact" [id=e00000001]',
	'  - searchbox "Search name, phone, email addresses, or company" [id=e00000002]',
	'  - link "Companies" [id=e00000003] [disabled]',
	'  - combobox "Lead status" [id=e00000004]:',
	'    - option "None" [selected]',
	'    - option "In Progress"',
	'    - option "Connected"',
	'  - textbox "Email" [id=e00000005]: a@b.c'
].join('\n');

const obs: Observation = {
	url: 'http://x/hubspot/contacts',
	title: 'Contacts | HubSpot',
	axtree: AXTREE,
	prompt: 'Call priya.raman@helixbio.com today',
	policy_url: 'http://127.0.0.1:4173/policy/rules-of-engagement',
	tabs: [],
	viewport: { width: 1280, height: 800, device_scale_factor: 1 }
};
const turn = (step: number): AgentTurn => ({ episode: 'ep-1', task_id: bp.id, step, observation: obs, error: null });

async function play(agent: Agent, attempt: number, max = 100): Promise<unknown[]> {
	const session = await agent.start({ blueprint: bp, attempt, runId: 'ep-1' });
	const out: unknown[] = [];
	try {
		for (let i = 0; i < max; i++) {
			const a = await session.act(turn(i));
			out.push(a);
			if (typeof a === 'object' && a !== null && 'done' in a) break;
		}
	} finally {
		await session.close();
	}
	return out;
}

describe('agentByName', () => {
	it('parses every agent spec and rejects others clearly', () => {
		expect(agentByName('oracle')).toBe(oracle);
		expect(agentByName('noop')).toBe(noop);
		expect(agentByName('random').name).toBe('random');
		expect(agentByName('random:7').name).toBe('random:7');
		expect(agentByName('noisy-oracle:0.25').name).toBe('noisy-oracle:0.25');
		expect(agentByName('noisy-oracle:0.25:3').name).toBe('noisy-oracle:0.25:3');
		expect(agentByName('cmd:node examples/stdio-agent.mjs').name).toBe('cmd:node examples/stdio-agent.mjs');
		expect(agentByName('http:http://127.0.0.1:8000/act').name).toBe('http:http://127.0.0.1:8000/act');
		expect(() => agentByName('toString')).toThrow(UsageError);
		expect(() => agentByName('noisy-oracle')).toThrow(/needs a probability/);
		expect(() => agentByName('noisy-oracle:1.5')).toThrow(/0 <= p <= 1/);
		expect(() => agentByName('random:x')).toThrow(UsageError);
		expect(() => agentByName('http:ftp://x')).toThrow(/http\(s\) URL/);
		expect(() => agentByName('cmd:')).toThrow(/needs a command/);
	});
});

describe('describeAction', () => {
	it('describes each action kind', () => {
		expect(describeAction({ goto: '/hubspot/contacts' })).toBe('goto /hubspot/contacts');
		expect(describeAction({ click: { role: 'button', name: 'Save' } })).toBe('click button "Save"');
		expect(describeAction({ click: { id: 'e1a2b3c4' } })).toBe('click #e1a2b3c4');
		expect(describeAction({ fill: { label: 'Email', value: 'a@b.c' } })).toBe('fill "Email" with "a@b.c"');
		expect(describeAction({ select: { label: 'Lifecycle stage', option: 'Lead' } })).toBe('select "Lead" in "Lifecycle stage"');
		expect(describeAction({ wait_for: { text: 'Contact saved' } })).toBe('wait_for text "Contact saved"');
		expect(describeAction({ wait_for: { role: 'status', name: 'Saved' } })).toBe('wait_for status "Saved"');
		expect(describeAction({ press: { key: 'Enter' } })).toBe('press Enter on the page');
		expect(describeAction({ check: { label: 'Opt out', checked: false } })).toBe('uncheck "Opt out"');
		expect(describeAction({ switch_tab: { index: 1 } })).toBe('switch_tab 1');
		expect(describeAction({ done: { answer: '42' } })).toBe('done "42"');
	});
});

describe('built-in agents', () => {
	it('oracle plays the blueprint actions then done; noop says done at once', async () => {
		expect(await play(oracle, 0)).toEqual(oracleActions(bp));
		expect(oracleActions(bp).at(-1)).toEqual({ done: {} });
		expect(await play(noop, 0)).toEqual([{ done: {} }]);
	});

	it('noisy-oracle with p=0 is the oracle; with p>0 it is seeded: same attempt, same actions; another attempt differs', async () => {
		expect(await play(noisyOracle(0), 0)).toEqual(oracleActions(bp));
		const a = await play(noisyOracle(0.5), 0);
		expect(await play(noisyOracle(0.5), 0)).toEqual(a);
		expect(a).not.toEqual(oracleActions(bp));
		const others = await Promise.all([1, 2, 3].map((i) => play(noisyOracle(0.5), i)));
		expect(others.some((o) => JSON.stringify(o) !== JSON.stringify(a))).toBe(true);
		expect(await play(noisyOracle(0.5, 9), 0)).not.toEqual(a);
	});

	it('perturb: fill gets a typo, select another listed option, click another enabled element; the rest is dropped', () => {
		const rng = makeRng(1);
		const els = [
			{ id: 'e00000001', role: 'button', name: 'Create contact', disabled: false, options: [] },
			{ id: 'e00000003', role: 'link', name: 'Companies', disabled: true, options: [] },
			{ id: 'e00000004', role: 'combobox', name: 'Lead status', disabled: false, options: ['None', 'In Progress', 'Connected'] }
		];
		const filled = perturb(rng, { fill: { label: 'Email', value: 'abc' } }, els) as { fill: { value: string } };
		expect(filled.fill.value).not.toBe('abc');
		expect(filled.fill.value).toHaveLength(3);
		const sel = perturb(rng, { select: { label: 'Lead status', option: 'Connected' } }, els) as { select: { option: string } };
		expect(['None', 'In Progress']).toContain(sel.select.option);
		expect(perturb(rng, { click: { role: 'button', name: 'Save' } }, els)).toEqual({ click: { id: 'e00000001' } });
		expect(perturb(rng, { goto: '/x' }, els)).toBeNull();
		expect(perturb(rng, { select: { label: 'Unknown', option: 'A' } }, els)).toBeNull();
	});

	it('random picks enabled axtree elements, is seeded, and ends with done', async () => {
		const a = await play(randomAgent(), 0);
		expect(a.at(-1)).toEqual({ done: {} });
		expect(await play(randomAgent(), 0)).toEqual(a);
		const all = (await Promise.all([0, 1, 2, 3, 4, 5].map((i) => play(randomAgent(), i)))).flat();
		const ids = all.flatMap((x) => Object.values(x as Record<string, { id?: string }>).map((v) => v.id)).filter(Boolean);
		expect(ids.length).toBeGreaterThan(0);
		expect(ids).not.toContain('e00000003'); // disabled
		for (const x of all as Record<string, Record<string, unknown>>[]) {
			if ('select' in x) expect(['None', 'In Progress', 'Connected']).toContain(x.select!.option);
			if ('fill' in x) expect(['e00000002', 'e00000005']).toContain(x.fill!.id);
		}
	});
});

describe('external agents', () => {
	it('cmd: runs the stdio example: one JSON line in, one action out; the default policy fills the search box with the prompt email', async () => {
		const actions = await play(commandAgent('node examples/stdio-agent.mjs'), 0);
		expect(actions).toEqual([{ fill: { id: 'e00000002', value: 'priya.raman@helixbio.com' } }, { done: {} }]);
	});

	it('cmd: replays a script, and a non-JSON line becomes an invalid action, a dead process an AgentError', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'salesgym-agent-'));
		const script = join(dir, 'script.json');
		writeFileSync(script, JSON.stringify([{ click: { id: 'e00000001' } }]));
		expect(await play(commandAgent(`node examples/stdio-agent.mjs --script ${script}`), 0)).toEqual([{ click: { id: 'e00000001' } }, { done: {} }]);
		const s = await commandAgent('echo not-json').start({ blueprint: bp, attempt: 0, runId: 'r' });
		expect(await s.act(turn(0))).toEqual({ invalid_output: 'not-json' });
		await expect(s.act(turn(1))).rejects.toThrow(AgentError);
		await s.close();
		const missing = await commandAgent('exit 3').start({ blueprint: bp, attempt: 0, runId: 'r' });
		await expect(missing.act(turn(0))).rejects.toThrow(/exited with code 3/);
		await missing.close();
	});

	it('http: POSTs each turn to the http example agent and reads the action', async () => {
		const child = spawn('node', ['examples/http-agent.mjs', '--port', '4194'], { stdio: ['ignore', 'pipe', 'inherit'] });
		try {
			await new Promise<void>((ok, fail) => {
				child.stdout.once('data', () => ok());
				child.once('exit', (c) => fail(new Error(`http-agent exited ${c}`)));
			});
			expect(await play(httpAgent('http://127.0.0.1:4194/act'), 0)).toEqual([{ fill: { id: 'e00000002', value: 'priya.raman@helixbio.com' } }, { done: {} }]);
			// A port nothing listens on: one the OS just handed out and took back (a fixed port may be in use here).
			const s = await httpAgent(`http://127.0.0.1:${await closedPort()}/none`).start({ blueprint: bp, attempt: 0, runId: 'r' });
			await expect(s.act(turn(0))).rejects.toThrow(/unreachable/);
		} finally {
			child.kill('SIGTERM');
		}
	});
});

/** A local TCP port that was free a moment ago: bound on port 0, then closed. */
function closedPort(): Promise<number> {
	return new Promise((ok, fail) => {
		const server = createServer();
		server.once('error', fail);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as AddressInfo;
			server.close(() => ok(port));
		});
	});
}
