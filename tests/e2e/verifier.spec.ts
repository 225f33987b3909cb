/**
 * The verifier in the real page (SW → page → Comlink worker → jq-web wasm): the differential leg against Node,
 * cross-gym runs through `states`, the time bound and worker recreation, and calls before the worker is ready.
 */
import type { Page } from '@playwright/test';
import { oracle } from '../../harness/agents';
import { loadBlueprints } from '../../harness/blueprints';
import { pageFetch } from '../../harness/page';
import type { Blueprint } from '../../blueprints/schema';
import { DIFFERENTIAL_ASSERTIONS, differentialExport } from '../../verifier/differential';
import { splitExport } from '../../verifier/merge';
import { createNativeEngine, createNodeEngine } from '../../verifier/node';
import { verificationInput } from '../../verifier/prepare';
import type { PlacedAssertion, StateExportDoc } from '../../verifier/schema';
import { evaluate, type Evaluation } from '../../verifier/verify';
import { expect, test, withTaskSteps } from './fixtures';

const TASK = 'hubspot/inbound-demo-request-v1';

declare global {
	interface Window {
		/** The page's verifier handle (src/lib/verify-bridge.ts). */
		__salesgymVerifier?: { spawns: number; run: (input: string, assertions: PlacedAssertion[], timeoutMs?: number, signal?: AbortSignal) => Promise<unknown> };
	}
}
const blueprint = loadBlueprints().find((b) => b.id === TASK) as Blueprint;

/** Inline form of placed assertions (the request schema is strict: no step/platform). */
const inline = (xs: readonly PlacedAssertion[]) => xs.map(({ step: _s, platform: _p, ...a }) => a);

/** The verdict without timings (which differ between runs and runtimes). */
function comparable(r: Pick<Evaluation, 'passed' | 'score' | 'first_failing_step' | 'steps' | 'assertions'>): unknown {
	return {
		passed: r.passed,
		score: r.score,
		first_failing_step: r.first_failing_step,
		steps: r.steps,
		assertions: r.assertions.map((a) => ({ ...a, ms: 0, error: a.error?.startsWith('jq error') ? 'jq error' : a.error }))
	};
}

/** `POST /verify` from the page; a body without `timeout_ms` gets 60 s, so that a loaded machine is not a 504 here. */
async function post(page: Page, body: Record<string, unknown>): Promise<{ status: number; json: Record<string, unknown> }> {
	const res = await pageFetch(page, { method: 'POST', path: '/verify', body: JSON.stringify(withTaskSteps({ timeout_ms: 60_000, ...body })) });
	return { status: res.status, json: JSON.parse(res.text) as Record<string, unknown> };
}

test('differential: the page, Node (jq-web) and native jq give the same verdicts', async ({ gym }) => {
	const doc = differentialExport();
	await gym.open('/hubspot/contacts');
	// The run's gyms that `states` does not hold (calendly, salesnav) are exported locally: same run id.
	await gym.reset({ run_id: doc.run_id });
	// Right after a sandbox reset on seed 1, the export IS what the SW computes as `$initial` for a run without a task.
	const sandboxInitial = (JSON.parse(await gym.exportState()) as StateExportDoc).gyms;
	// hubspot and outreach come from `states`; no assertion reads the local calendly/salesnav (pruned), so the
	// page judges exactly the export Node judges.
	const page = await post(gym.page, { run_id: doc.run_id, assertions: inline(DIFFERENTIAL_ASSERTIONS), states: splitExport(doc) });
	expect(page.status).toBe(200);
	const queries = DIFFERENTIAL_ASSERTIONS.map((a) => a.query);
	const input = verificationInput(doc, queries, sandboxInitial);
	const node = evaluate(await createNodeEngine(), input, DIFFERENTIAL_ASSERTIONS);
	expect(comparable(page.json as unknown as Evaluation)).toEqual(comparable(node));
	const native = createNativeEngine();
	if (native) expect(comparable(evaluate(native, input, DIFFERENTIAL_ASSERTIONS))).toEqual(comparable(node));
	else test.info().annotations.push({ type: 'skip', description: 'native jq not installed: page vs Node only' });
	expect(node.assertions.filter((a) => a.passed).length).toBeGreaterThan(10);
});

test('differential over a real episode: the task verdict from the page equals Node’s over the exported state', async ({ gym, baseURL }) => {
	await gym.open(blueprint.start_path);
	await gym.reset({ task_id: TASK, run_id: 'diff-episode' });
	await oracle.act(gym.page, blueprint, { baseUrl: baseURL!, runId: 'diff-episode' });
	const fromPage = await gym.verify({ run_id: 'diff-episode', task_id: TASK });
	const exported = JSON.parse(await gym.exportState()) as StateExportDoc;
	const assertions: PlacedAssertion[] = blueprint.steps.flatMap((s, i) => s.verifiers.map((a) => ({ ...a, step: i, platform: s.platform })));
	const node = evaluate(
		await createNodeEngine(),
		verificationInput(
			exported,
			assertions.map((a) => a.query),
			null
		),
		assertions
	);
	expect(fromPage.passed).toBe(true);
	expect(comparable(fromPage as unknown as Evaluation)).toEqual(comparable(node));
});

/** A synthetic second gym (Outreach-like) of the same run, as another origin would export it. */
function outreach(run_id: string): StateExportDoc {
	return {
		format: 'salesgym.state',
		version: 1,
		run_id,
		task_id: TASK,
		seed: 1,
		clock: '2026-03-02T14:45:00.000Z',
		gyms: { outreach: { prospects: [{ id: '1', attributes: { emails: ['priya.raman@helixbio.com'], optedOut: false } }] } },
		events: [{ seq: 1, at: '2026-03-02T14:44:00.000Z', gym: 'outreach', method: 'POST', path: '/api/v2/prospects', status: 201, entity: 'prospects', id: '1' }],
		meta: { outreach: { clock: '2026-03-02T14:45:00.000Z', seq: 1, next_ids: { prospects: 2 } } }
	};
}

test('cross-gym: the same verdict whether the gyms share an origin or not; 409 and 400 on conflicts', async ({ gym, baseURL }) => {
	await gym.open(blueprint.start_path);
	await gym.reset({ task_id: TASK, run_id: 'xgym' });
	await oracle.act(gym.page, blueprint, { baseUrl: baseURL!, runId: 'xgym' });
	const assertions = [
		{ id: 'gyms', description: "local gyms + the other origin's outreach", query: 'keys', op: 'eq', expected: ['calendly', 'hubspot', 'outreach', 'salesnav'] },
		{
			id: 'in-crm-and-outreach',
			description: 'same person',
			query: '[.hubspot.contacts[].properties.email] as $crm | [.outreach.prospects[].attributes.emails[] | select(. as $e | $crm | index($e))] | length',
			op: 'eq',
			expected: 1
		},
		{
			id: 'crm-first',
			description: 'CRM before Outreach',
			query: '($events | map(select(.gym == "hubspot")) | last | .at) < ($events | map(select(.gym == "outreach")) | first | .at)',
			op: 'truthy'
		},
		{ id: 'not-opted-out', description: 'compliance', query: '[.outreach.prospects[] | select(.attributes.optedOut)] | length', op: 'eq', expected: 0 },
		{ id: 'now', description: 'clock', query: '$now', op: 'eq', expected: '2026-03-02T14:45:00.000Z' },
		{ id: 'untouched', description: 'owners unchanged', query: '.hubspot.owners == $initial.hubspot.owners', op: 'truthy' }
	];
	// Shared origin for hubspot (local), outreach from another origin.
	const shared = await post(gym.page, { run_id: 'xgym', assertions, states: [outreach('xgym')] });
	expect(shared.status).toBe(200);
	expect(shared.json.passed).toBe(true);
	// Both gyms exported on their own origins: hubspot's own export comes in through `states` too.
	const [hub] = splitExport(JSON.parse(await gym.exportState()) as StateExportDoc);
	const apart = await post(gym.page, { run_id: 'xgym', assertions, states: [hub, outreach('xgym')] });
	expect(apart.status).toBe(200);
	expect(comparable(apart.json as unknown as Evaluation)).toEqual(comparable(shared.json as unknown as Evaluation));

	const wrongRun = await post(gym.page, { run_id: 'xgym', assertions, states: [outreach('another-run')] });
	expect(wrongRun.status).toBe(409);
	expect(wrongRun.json.message).toContain('is not the run being verified');
	const twice = await post(gym.page, { run_id: 'xgym', assertions, states: [outreach('xgym'), outreach('xgym')] });
	expect(twice.status).toBe(400);
	expect(twice.json.message).toContain('appears twice');
});

test('a runaway query times out as an infrastructure error (never a fail), and the recreated worker verifies again', async ({ gym }) => {
	await gym.open('/hubspot/contacts');
	await gym.reset({ task_id: TASK, run_id: 'slow' });
	const contacts = (JSON.parse(await gym.exportState()) as StateExportDoc).gyms.hubspot!.contacts!.length;
	const ok = { id: 'count', description: 'seed + fixture', query: '.hubspot.contacts | length', op: 'eq', expected: contacts };
	expect((await post(gym.page, { run_id: 'slow', assertions: [ok] })).json.passed).toBe(true);
	const spawnsBefore = await gym.page.evaluate(() => window.__salesgymVerifier!.spawns);
	const t0 = Date.now();
	const slow = await post(gym.page, { run_id: 'slow', timeout_ms: 500, assertions: [ok, { ...ok, id: 'loop', query: 'reduce range(1e12) as $i (0; . + 1)' }] });
	expect(Date.now() - t0).toBeLessThan(15_000);
	expect(slow.status).toBe(504);
	expect(slow.json).toEqual({ status: 'error', message: 'verification timed out after 500 ms; the verifier worker was restarted' });
	const again = await post(gym.page, { run_id: 'slow', assertions: [ok] });
	expect(again.status).toBe(200);
	expect(again.json.passed).toBe(true);
	expect(await gym.page.evaluate(() => window.__salesgymVerifier!.spawns)).toBe(spawnsBefore + 1);
});

test('verifications sent before the worker is ready wait for it (concurrent, cold worker)', async ({ browser, baseURL }) => {
	const context = await browser.newContext({ baseURL });
	const page = await context.newPage();
	// Keep the idle warm-up from starting the worker first: this profile looks already warmed.
	await page.addInitScript(() => localStorage.setItem('salesgym:verifier-warm', '1'));
	await page.goto('/hubspot/contacts');
	await page.waitForFunction(() => document.body.dataset.swReady === '1' && !!navigator.serviceWorker.controller);
	await page.evaluate(() => fetch('/__salesgym/run', { method: 'POST', body: JSON.stringify({ task_id: 'hubspot/inbound-demo-request-v1', run_id: 'cold' }) }));
	expect(await page.evaluate(() => window.__salesgymVerifier?.spawns)).toBe(0);
	const body = JSON.stringify(withTaskSteps({ run_id: 'cold', task_id: 'hubspot/inbound-demo-request-v1' }));
	const answers = await page.evaluate(
		(body) => Promise.all([0, 1, 2].map(() => fetch('/verify', { method: 'POST', body }).then(async (r) => [r.status, (await r.json()).score]))),
		body
	);
	// A fresh reset scores 0: the task's only assertions that hold at reset are weight-0 guards (holds_at_reset).
	expect(answers).toEqual([
		[200, 0],
		[200, 0],
		[200, 0]
	]);
	expect(await page.evaluate(() => window.__salesgymVerifier!.spawns)).toBe(1);
	await context.close();
});

test('an aborted verification stops the worker (recreated), and the next one runs at once', async ({ gym }) => {
	await gym.open('/hubspot/contacts');
	await gym.reset({ task_id: TASK, run_id: 'abort' });
	const contacts = (JSON.parse(await gym.exportState()) as StateExportDoc).gyms.hubspot!.contacts!.length;
	const ok = { id: 'count', description: 'seed + fixture', query: '.hubspot.contacts | length', op: 'eq', expected: contacts };
	expect((await post(gym.page, { run_id: 'abort', assertions: [ok] })).json.passed).toBe(true);
	const spawnsBefore = await gym.page.evaluate(() => window.__salesgymVerifier!.spawns);
	// Chromium does not abort the SW's FetchEvent.request.signal when a page aborts fetch('/verify'), so the abort
	// path is driven through the page's bridge directly (the SW forwards request aborts where browsers support them).
	const outcome = await gym.page.evaluate(async (contacts) => {
		const v = window.__salesgymVerifier!;
		const ctl = new AbortController();
		const loop = [
			{
				id: 'loop',
				description: 'd',
				query: 'reduce range(1e12) as $i (0; . + 1)',
				op: 'exists' as const,
				weight: 1,
				gating: true,
				step: 0,
				platform: 'inline'
			}
		];
		const slow = v.run('{}', loop, 120_000, ctl.signal);
		await new Promise((r) => setTimeout(r, 700));
		ctl.abort();
		const first = await slow;
		const t0 = performance.now();
		const res = await fetch('/verify', {
			method: 'POST',
			body: JSON.stringify({
				run_id: 'abort',
				assertions: [{ id: 'count', description: 'd', query: '.hubspot.contacts | length', op: 'eq', expected: contacts }]
			})
		});
		return { first, status: res.status, passed: (await res.json()).passed, ms: performance.now() - t0 };
	}, contacts);
	expect(outcome).toMatchObject({ first: { status: 'error', kind: 'aborted' }, status: 200, passed: true });
	expect(outcome.ms).toBeLessThan(10_000);
	expect(await gym.page.evaluate(() => window.__salesgymVerifier!.spawns)).toBe(spawnsBefore + 1);
});

test('the page bridge takes the input on the message port (as the SW sends it) or in the message itself (an older SW), and an abort sent before the input stops it', async ({
	gym
}) => {
	await gym.open('/hubspot/contacts');
	const answers = await gym.page.evaluate(async () => {
		const assertions = [{ id: 'n', description: 'd', query: '.xs | length', op: 'eq', expected: 2, weight: 1, gating: true, step: 0, platform: 'inline' }];
		const input = { state: JSON.stringify({ xs: [1, 2] }) };
		/** Dispatches a verify message as the SW would post it; `then` runs on the page's end of the port. */
		const ask = (data: Record<string, unknown>, then: (port: MessagePort) => void) =>
			new Promise<{ ok: boolean; kind?: string; result?: { passed: boolean; score: number } }>((resolve) => {
				const channel = new MessageChannel();
				channel.port1.onmessage = (ev) => resolve(ev.data);
				navigator.serviceWorker.dispatchEvent(new MessageEvent('message', { data: { type: 'salesgym:verify', assertions, ...data }, ports: [channel.port2] }));
				then(channel.port1);
			});
		const onPort = await ask({}, (port) => port.postMessage({ type: 'salesgym:verify-input', input }));
		const inMessage = await ask({ input }, () => {});
		const abortedFirst = await ask({}, (port) => {
			port.postMessage({ type: 'salesgym:verify-abort' });
			port.postMessage({ type: 'salesgym:verify-input', input });
		});
		return { onPort, inMessage, abortedFirst };
	});
	expect(answers.onPort).toMatchObject({ ok: true, result: { passed: true, score: 1 } });
	expect(answers.inMessage).toMatchObject({ ok: true, result: { passed: true, score: 1 } });
	expect(answers.abortedFirst).toMatchObject({ ok: false, kind: 'aborted' });
});
