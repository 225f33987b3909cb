/**
 * The computer-use action space in real Chromium: the `pixel-oracle` agent solves HubSpot-only blueprints (see HUBSPOT)
 * with clicks at set-of-marks coordinates, typed text and key chords only (plus `goto`, the address bar), and
 * the primitives (drag, scroll, double click, chords, the screenshot action, the viewport and device scale
 * factor) do what they say. One env per task; the envs of a worker share one warm context per context key
 * (harness/warm.ts `ContextPool`: reset in place, checked against the task's initial state, recycled on a difference),
 * as `salesgym run` plays them, instead of a fresh context (SW install and seed load) per episode.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentByName } from '../../harness/agents';
import { loadBlueprints } from '../../harness/blueprints';
import { makeEnv, type SalesgymEnv } from '../../harness/env';
import { pixelOracle } from '../../harness/pixel-agent';
import { EnvAction, isPixelAction } from '../../harness/pixel';
import { playEpisode } from '../../harness/runner';
import { ContextPool } from '../../harness/warm';
import { actionCover } from '../plays/select';
import { expect, test } from './fixtures';

/**
 * Of the HubSpot-only blueprints (tier 1; every blueprint's oracle is proven by its play), the fewest whose oracles
 * together use every action kind and element role the tier-1 HubSpot oracles use (tests/plays/select.ts
 * `actionCover`; 3 of 15 today): this spec proves the pixel action space, not the blueprints.
 */
const HUBSPOT = actionCover(loadBlueprints().filter((b) => b.platforms.length === 1 && b.platforms[0] === 'hubspot'));

test.describe.configure({ mode: 'parallel' });

let env: SalesgymEnv | null = null;
/** This worker's warm contexts (one per viewport/zone key used here). */
const pool = new ContextPool(2);
test.afterEach(async () => {
	await env?.close();
	env = null;
});
test.afterAll(async () => pool.close());

for (const blueprint of HUBSPOT) {
	test(`pixel-oracle solves ${blueprint.id} with coordinates, text and keys only`, async ({ browser, baseURL }) => {
		test.setTimeout(90_000);
		env = await makeEnv({ task: blueprint, browser, baseUrl: baseURL!, marks: true, maxSteps: 400, pool });
		const out = await playEpisode(env, pixelOracle, 0, { reward: 'binary' });
		const actions = out.lines.flatMap((l) => (l.type === 'step' ? [EnvAction.parse(l.action)] : []));
		// Every action is a computer-use one, except the address bar (goto), waits and the final done.
		const element = actions.filter((a) => !isPixelAction(a) && !('goto' in a) && !('wait' in a) && !('done' in a));
		expect(element).toEqual([]);
		expect(actions.filter((a) => 'click' in a).length).toBeGreaterThan(0);
		expect(out.lines.filter((l) => l.type === 'step' && l.error !== null)).toEqual([]);
		expect({ agent_error: out.agent_error, passed: out.passed, score: out.score }).toEqual({ agent_error: null, passed: true, score: 1 });
	});
}

test('viewport, device scale factor, marks and the primitives: click count, type, key chords, scroll, drag, screenshot', async ({ browser, baseURL }) => {
	env = await makeEnv({
		task: 'hubspot/update-lead-status-v1',
		browser,
		baseUrl: baseURL!,
		marks: true,
		viewport: { width: 1024, height: 700 },
		deviceScaleFactor: 2,
		pool
	});
	const { observation } = await env.reset();
	expect(observation.viewport).toEqual({ width: 1024, height: 700, device_scale_factor: 2 });
	expect(observation.screenshot).toBeUndefined();
	const search = observation.marks!.find((m) => m.role === 'searchbox' && m.name.startsWith('Search name'))!;
	expect(search).toMatchObject({ in_viewport: true, hittable: true, input_type: 'search' });
	expect(observation.axtree).toContain(`[id=${search.id}]`);
	const at = { x: Math.round(search.x + search.width / 2), y: Math.round(search.y + search.height / 2) };

	let r = await env.step({ click: at });
	r = await env.step({ type: { text: 'marta ilic' } });
	expect(r.info.error).toBeNull();
	expect(await env.page!.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('marta ilic');
	// Double click selects a word; the OpenAI-style chord array and the xdotool-style string both work.
	r = await env.step({ click: { ...at, count: 2 } });
	r = await env.step({ key: { keys: ['CTRL', 'A'] } });
	r = await env.step({ key: { keys: 'BackSpace' } });
	expect(r.info.error).toBeNull();
	expect(await env.page!.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('');
	r = await env.step({ key: { keys: 'ctrl+nosuchkey' } });
	expect(r.info.error).toMatch(/unknown key name "nosuchkey"/);

	// The screenshot action adds a screenshot to the next observation only, at device pixels (2×).
	r = await env.step({ screenshot: {} });
	const png = Buffer.from(r.observation.screenshot!, 'base64');
	expect(png.subarray(1, 4).toString()).toBe('PNG');
	expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([2048, 1400]);
	r = await env.step({ wait: { ms: 1 } });
	expect(r.observation.screenshot).toBeUndefined();

	// Scroll the page's scroller under the pointer; a point outside the viewport is refused and changes nothing.
	const before = await env.page!.evaluate(() => [...document.querySelectorAll('*')].reduce((s, e) => s + e.scrollTop, 0));
	r = await env.step({ scroll: { x: 600, y: 500, dx: 0, dy: 400 } });
	expect(r.info.error).toBeNull();
	expect(await env.page!.evaluate(() => [...document.querySelectorAll('*')].reduce((s, e) => s + e.scrollTop, 0))).toBeGreaterThan(before);
	r = await env.step({ click: { x: 1024, y: 10 } });
	expect(r.info.error).toMatch(/outside the 1024×700 viewport/);
	r = await env.step({ drag: { path: [[10, 10]] } });
	expect(r.info.error).toMatch(/invalid action/);

	// Drag: press, move through the path, release (seen by the page as mouse events).
	await env.page!.evaluate(() => {
		const w = window as unknown as { seen: string[] };
		w.seen = [];
		for (const t of ['mousedown', 'mousemove', 'mouseup'])
			document.addEventListener(t, (e) => w.seen.push(`${e.type}@${(e as MouseEvent).clientX},${(e as MouseEvent).clientY}`));
	});
	r = await env.step({
		drag: {
			path: [
				[300, 300],
				[320, 310],
				[360, 330]
			]
		}
	});
	expect(r.info.error).toBeNull();
	const seen = await env.page!.evaluate(() => (window as unknown as { seen: string[] }).seen);
	expect(seen[0]).toBe('mousemove@300,300');
	expect(seen.filter((e) => e.startsWith('mousedown'))).toEqual(['mousedown@300,300']);
	expect(seen.at(-1)).toBe('mouseup@360,330');
	expect(seen).toContain('mousemove@320,310');
	r = await env.step({ move: { x: 5, y: 6 } });
	expect(r.info.error).toBeNull();
});

test('an external cmd: agent acts with coordinates from the marks it is sent', async ({ browser, baseURL }) => {
	// A stdio agent that clicks the first mark named "Create contact" by its box centre, then says done.
	const script = [
		"const rl = require('node:readline').createInterface({ input: process.stdin });",
		'let n = 0;',
		"rl.on('line', (l) => { const t = JSON.parse(l); const m = (t.observation.marks || []).find((m) => m.name === 'Create contact');",
		'  const a = n++ === 0 && m ? { click: { x: Math.round(m.x + m.width / 2), y: Math.round(m.y + m.height / 2) } } : { done: {} };',
		'  process.stdout.write(JSON.stringify(a) + "\\n"); });'
	].join('\n');
	const file = join(mkdtempSync(join(tmpdir(), 'salesgym-pixel-')), 'agent.cjs');
	writeFileSync(file, script);
	env = await makeEnv({ task: 'hubspot/inbound-demo-request-v1', browser, baseUrl: baseURL!, marks: true, pool });
	const out = await playEpisode(env, agentByName(`cmd:node ${file}`), 0, { reward: 'binary' });
	const steps = out.lines.filter((l) => l.type === 'step');
	expect(steps[0]).toMatchObject({ action: { click: { x: expect.any(Number), y: expect.any(Number) } }, error: null });
	expect(steps[1]).toMatchObject({ action: { done: {} } });
	expect(out.passed).toBe(false);
});
