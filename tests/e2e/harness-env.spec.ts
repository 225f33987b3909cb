/**
 * The env contract (harness/env.ts) in real Chromium: reset → observation; step → reward/terminated/truncated;
 * invalid actions are an `info.error` that counts as a step; element ids are stable across replays.
 */
import { makeEnv, type SalesgymEnv } from '../../harness/env';
import { parseAxtreeElements } from '../../harness/axtree';
import { expect, test } from './fixtures';

const TASK = 'hubspot/update-lead-status-v1';

let env: SalesgymEnv | null = null;
test.afterEach(async () => {
	await env?.close();
	env = null;
});

function idOf(axtree: string, role: string, name: string): string {
	const el = parseAxtreeElements(axtree).find((e) => e.role === role && e.name === name);
	if (!el) throw new Error(`no ${role} "${name}" in:\n${axtree}`);
	return el.id;
}

test('reset gives the observation; ids address elements; done terminates with the verifier reward; ids are stable across replays', async ({
	browser,
	baseURL
}) => {
	env = await makeEnv({ task: TASK, browser, baseUrl: baseURL!, runId: 'env-contract' });
	const first = await env.reset();
	expect(first.observation).toMatchObject({
		url: `${baseURL}/hubspot/contacts`,
		title: 'Contacts | HubSpot',
		tabs: [{ index: 0, url: `${baseURL}/hubspot/contacts`, active: true }]
	});
	expect(first.observation.prompt).toContain('Marta Ilic');
	expect(first.observation.policy_url).toBe(`${baseURL}/policy/rules-of-engagement`);
	expect(first.observation.policy).toMatch(/^# Salesgym Sales: Rules of Engagement\n[\s\S]*### R9\. Meetings/);
	expect(first.observation.screenshot).toBeUndefined();
	expect(first.observation.axtree).toMatch(/- button "Create contact" \[id=e[0-9a-f]{8}\]/);
	expect(first.info).toMatchObject({ task_id: TASK, run_id: 'env-contract', step: 0, error: null });

	const trail: string[] = [first.observation.axtree];
	const search = idOf(first.observation.axtree, 'searchbox', 'Search name, phone, email addresses, or company');
	let r = await env.step({ fill: { id: search, value: 'marta.ilic@vantorlabs.io' } });
	expect(r).toMatchObject({ reward: 0, terminated: false, truncated: false, info: { step: 1, error: null } });
	r = await env.step({ wait_for: { role: 'cell', name: 'marta.ilic@vantorlabs.io' } });
	trail.push(r.observation.axtree);
	r = await env.step({ click: { id: idOf(r.observation.axtree, 'link', 'Marta Ilic') } });
	expect(r.observation.url).toBe(`${baseURL}/hubspot/contacts/990001`);
	r = await env.step({ click: { id: idOf(r.observation.axtree, 'button', 'Edit Lead status') } });
	r = await env.step({ click: { id: idOf(r.observation.axtree, 'combobox', 'Lead status') } });
	r = await env.step({ click: { id: idOf(r.observation.axtree, 'option', 'Connected') } });
	r = await env.step({ click: { id: idOf(r.observation.axtree, 'button', 'Save') } });
	r = await env.step({ wait_for: { text: 'Contact saved' } });
	expect(r.info.error).toBeNull();
	trail.push(r.observation.axtree);
	r = await env.step({ done: { answer: 'connected' } });
	expect(r).toMatchObject({ reward: 1, terminated: true, truncated: false, info: { step: 9, answer: 'connected', verify: { passed: true, score: 1 } } });
	const after = await env.step({ click: { role: 'button', name: 'Save' } });
	expect(after.info.error).toBe('the episode is over; call reset()');

	// A second episode in a fresh context: the same screens print the same text and ids.
	const again = await env.reset();
	expect(again.observation.axtree).toBe(trail[0]);
	const s2 = await env.step({ fill: { id: search, value: 'marta.ilic@vantorlabs.io' } });
	expect(s2.info.error).toBeNull();
	const w2 = await env.step({ wait_for: { role: 'cell', name: 'marta.ilic@vantorlabs.io' } });
	expect(w2.observation.axtree).toBe(trail[1]);
});

test('invalid actions are info.error, count as steps and never throw; the step limit truncates with the partial score', async ({ browser, baseURL }) => {
	env = await makeEnv({ task: TASK, browser, baseUrl: baseURL!, maxSteps: 5, reward: 'partial', actionTimeoutMs: 1_000 });
	await env.reset();
	const bad = [
		{ tap: { role: 'button', name: 'Save' } },
		{ click: { id: 'e00000000' } },
		{ click: { role: 'button', name: 'No such button' } },
		'not an action'
	];
	const errors: (string | null)[] = [];
	for (const [i, action] of bad.entries()) {
		const r = await env.step(action);
		expect(r).toMatchObject({ reward: 0, terminated: false, truncated: false, info: { step: i + 1 } });
		errors.push(r.info.error);
	}
	expect(errors[0]).toMatch(/^invalid action .*tap/);
	expect(errors[1]).toBe('click #e00000000: no element with id e00000000 in the last observation');
	expect(errors[2]).toMatch(/^click button "No such button": .*Timeout 1000ms exceeded/);
	expect(errors[3]).toMatch(/^invalid action "not an action"/);
	const last = await env.step({ wait: { ms: 10 } });
	expect(last).toMatchObject({ terminated: false, truncated: true, info: { step: 5, error: null } });
	// noop-equivalent state: doing nothing earns nothing (the guards that hold at reset carry weight 0).
	expect(last.reward).toBe(0);
	expect(last.info.verify?.passed).toBe(false);
});

test('tabs, keyboard, scroll, hover and screenshots', async ({ browser, baseURL }) => {
	env = await makeEnv({ task: TASK, browser, baseUrl: baseURL!, screenshot: true });
	const { observation } = await env.reset();
	expect(Buffer.from(observation.screenshot!, 'base64').subarray(1, 4).toString()).toBe('PNG');
	// A sealed episode opens product screens only (the launcher at `/` is refused; see the seal tests below).
	let r = await env.step({ new_tab: { path: '/hubspot/companies' } });
	expect(r.info.error).toBeNull();
	expect(r.observation.tabs.map((t) => [t.index, new URL(t.url).pathname, t.active])).toEqual([
		[0, '/hubspot/contacts', false],
		[1, '/hubspot/companies', true]
	]);
	r = await env.step({ switch_tab: { index: 0 } });
	expect(r.observation.url).toBe(`${baseURL}/hubspot/contacts`);
	expect((await env.step({ switch_tab: { index: 5 } })).info.error).toBe('switch_tab 5: no tab 5: 2 tab(s) open');
	r = await env.step({ fill: { label: 'Search name, phone, email addresses, or company', value: 'zzqx-no-such-contact' } });
	r = await env.step({ press: { label: 'Search name, phone, email addresses, or company', key: 'Enter' } });
	expect(r.info.error).toBeNull();
	expect(r.observation.axtree).toContain('No contacts match the current filters.');
	expect((await env.step({ scroll: { direction: 'down', pixels: 300 } })).info.error).toBeNull();
	expect((await env.step({ hover: { role: 'button', name: 'Create contact' } })).info.error).toBeNull();
	expect((await env.step({ press: { key: 'Escape' } })).info.error).toBeNull();
});

test('unsealed: an agent that resets the gym from the launcher fails its episode (score 0), it is not an infrastructure error', async ({
	browser,
	baseURL
}) => {
	env = await makeEnv({ task: TASK, browser, baseUrl: baseURL!, reward: 'partial', sealed: false });
	await env.reset();
	expect((await env.step({ goto: '/' })).info.error).toBeNull();
	expect((await env.step({ click: { role: 'button', name: `Start ${env.blueprint.title}` } })).info.error).toBeNull();
	await env.step({ wait_for: { role: 'button', name: 'Check' } });
	const r = await env.step({ done: {} });
	expect(r).toMatchObject({ reward: 0, terminated: true, info: { verify: { passed: false, score: 0, first_failing_step: 0 } } });
	expect(String(r.info.verify?.error)).toContain("is no longer the gym's current run");
});

test('sealed (the default): goto and new_tab to the launcher, a control path or another origin are refused; the episode is still verified, seal intact', async ({
	browser,
	baseURL
}) => {
	env = await makeEnv({ task: TASK, browser, baseUrl: baseURL!, reward: 'partial', actionTimeoutMs: 1_000 });
	await env.reset();
	const port = new URL(baseURL!).port;
	for (const target of [
		'/',
		'/__salesgym/run',
		'/verify',
		'/api/hubspot/crm/v3/objects/contacts',
		'/demo/tasks.json',
		`//127.0.0.1:${port}/__salesgym/state`,
		'/\\evil',
		'/_app/version.json',
		'/service-worker.js',
		'/hubspot/../__salesgym/state',
		'/hubspot/%2e%2e/verify'
	]) {
		const r = await env.step({ goto: target });
		expect(r.info.error, target).toMatch(/^goto .*: only the gym's product screens \(\/hubspot\/…/);
		expect(r.observation.url).toBe(`${baseURL}/hubspot/contacts`);
	}
	const tab = await env.step({ new_tab: { path: '/' } });
	expect(tab.info.error).toMatch(/^new_tab \/: only the gym's product screens/);
	expect(tab.observation.tabs).toHaveLength(1);
	// The team's policy is the one page outside the products an agent may open; it changes no state.
	const policy = await env.step({ goto: '/policy/rules-of-engagement' });
	expect(policy.info.error).toBeNull();
	expect(policy.observation.policy).toBeUndefined();
	expect(policy.observation.axtree).toContain('heading "R1. Routing"');
	await env.step({ goto: '/hubspot/contacts' });
	const end = await env.step({ done: {} });
	expect(end).toMatchObject({
		terminated: true,
		reward: 0,
		info: { verify: { passed: false, score: 0, seal: { sealed: true, intact: true, violation_count: 0 } } }
	});
});

test('unsealed: a goto to a page that is not the app (a control endpoint) is an invalid action; the episode is still verified', async ({
	browser,
	baseURL
}) => {
	env = await makeEnv({ task: TASK, browser, baseUrl: baseURL!, reward: 'partial', actionTimeoutMs: 1_000, sealed: false });
	await env.reset();
	// A navigation to a control endpoint shows its JSON: no app, no SW-ready page.
	const r = await env.step({ goto: '/__salesgym/run' });
	expect(r.info.error).toMatch(/^goto \/__salesgym\/run: Service Worker never took control/);
	expect(r.observation.url).toBe(`${baseURL}/__salesgym/run`);
	const end = await env.step({ done: {} });
	// Doing nothing scores 0: the assertions that hold at reset are weight-0 guards (holds_at_reset).
	expect(end).toMatchObject({ terminated: true, reward: 0, info: { verify: { passed: false, score: 0 } } });
	expect(JSON.parse(await env.exportState())).toMatchObject({ task_id: TASK, format: 'salesgym.state' });
});
