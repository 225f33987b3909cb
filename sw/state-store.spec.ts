import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blueprints } from '../blueprints/registry';
import type { Blueprint } from '../blueprints/schema';
import { parseDeployment, parseStateOrigin, servesGym } from '../gyms/deployment';
import { createHubSpotGym } from '../gyms/hubspot';
import { HubSpotDb } from '../gyms/hubspot/db';
import { shippedSeeds } from '../gyms/registry';
import { peerExports } from './routes';
import { exportRun, initRun, RunError, type RunContext, type StateExport } from './run';
import { verifyRun } from './verify';
import { mergeExports } from '../verifier/merge';
import { fetchExport, fetchPeerExports, gymSlice, MissingExportError, parseStoreLocation, peerPlatforms, publishExports, stateUrl } from './state-store';

const ORIGIN = 'http://store.test';

/** An in-memory stand-in for the nginx store: PUT 201/204, GET 200/404, and `forbid` answers 403 to PUTs of those gyms. */
function fakeStore(forbid: string[] = []) {
	const files = new Map<string, string>();
	const calls: string[] = [];
	const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
		const url = String(input);
		const method = init?.method ?? 'GET';
		calls.push(`${method} ${url.slice(ORIGIN.length)}`);
		if (method === 'PUT') {
			if (forbid.some((g) => url.endsWith(`/${g}.json`)))
				return new Response('{"status":"error","message":"this origin may write only its own gyms"}', { status: 403 });
			const existed = files.has(url);
			files.set(url, String(init?.body));
			return new Response(null, { status: existed ? 204 : 201 });
		}
		const text = files.get(url);
		return text === undefined ? new Response('{"status":"error","message":"no export"}', { status: 404 }) : new Response(text, { status: 200 });
	});
	return { files, calls, fetch: fetchFn as unknown as typeof fetch };
}

function exportOf(run_id: string, gyms: Record<string, { clock: string; events?: number }>): StateExport {
	const state: StateExport = { format: 'salesgym.state', version: 2, run_id, task_id: null, seed: 1, clock: '', gyms: {}, events: [], meta: {} };
	for (const [name, { clock, events = 0 }] of Object.entries(gyms)) {
		state.gyms[name] = { rows: [{ id: name }] };
		state.meta[name] = { clock, seq: events, next_ids: { rows: 2 }, run_seq: events, actor: '1001' };
		for (let seq = 1; seq <= events; seq++)
			state.events.push({
				seq,
				run_seq: seq,
				at: `2026-03-02T14:30:0${seq}.000Z`,
				gym: name,
				method: 'POST',
				path: '/x',
				status: 201,
				entity: 'rows',
				id: String(seq)
			});
		state.clock = [state.clock, clock].sort().at(-1)!;
	}
	state.events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.gym < b.gym ? -1 : a.gym > b.gym ? 1 : a.seq - b.seq));
	return state;
}

describe('deployment selector', () => {
	it('parses all (default) and the four platforms, and rejects anything else by name', () => {
		expect(parseDeployment(undefined)).toBe('all');
		expect(parseDeployment('')).toBe('all');
		expect(parseDeployment('calendly')).toBe('calendly');
		expect(() => parseDeployment('HubSpot')).toThrow('SALESGYM_PLATFORM="HubSpot" is not a deployment: use all, hubspot, salesnav, outreach, calendly');
		expect(servesGym('hubspot', 'all')).toBe(true);
		expect(servesGym('hubspot', 'salesnav')).toBe(false);
		expect(parseStateOrigin('http://127.0.0.1:8090/')).toBe('http://127.0.0.1:8090');
		expect(() => parseStateOrigin('http://host/state/')).toThrow('not an http(s) origin');
	});
});

describe('state store client', () => {
	it('builds /state/<run_id>/<gym>.json only from valid names', () => {
		expect(stateUrl(ORIGIN, 'ep.1:a_b-c', 'hubspot')).toBe(`${ORIGIN}/state/ep.1:a_b-c/hubspot.json`);
		for (const [run, gym] of [
			['../x', 'hubspot'],
			['a/b', 'hubspot'],
			['', 'hubspot'],
			['a'.repeat(129), 'hubspot'],
			['r', '../x'],
			['r', 'HubSpot']
		]) {
			expect(() => stateUrl(ORIGIN, run!, gym!)).toThrow(RunError);
		}
	});

	it("parses a harness's --from location", () => {
		expect(parseStoreLocation('http://127.0.0.1:8081/state/ep-1/')).toEqual({ origin: 'http://127.0.0.1:8081', runId: 'ep-1' });
		expect(parseStoreLocation('https://gym.example/state/ep.2')).toEqual({ origin: 'https://gym.example', runId: 'ep.2' });
		for (const bad of ['http://h/state/', 'http://h/state/../', 'http://h/x/ep-1/', 'ftp://h/state/ep-1/', 'http://h/state/ep-1/hubspot.json']) {
			expect(() => parseStoreLocation(bad)).toThrow('is not a state-store location');
		}
	});

	it('publishes one gym slice per gym (201 then 204) and reads it back identical', async () => {
		const store = fakeStore();
		const state = exportOf('r1', { hubspot: { clock: '2026-03-02T14:30:02.000Z', events: 2 }, salesnav: { clock: '2026-03-02T14:30:05.000Z', events: 1 } });
		const first = await publishExports(state, ['hubspot', 'salesnav'], { origin: ORIGIN, fetch: store.fetch });
		expect(first.map((p) => [p.gym, p.status])).toEqual([
			['hubspot', 201],
			['salesnav', 201]
		]);
		expect((await publishExports(state, ['hubspot'], { origin: ORIGIN, fetch: store.fetch }))[0]!.status).toBe(204);
		const slice = gymSlice(state, 'hubspot');
		expect(slice.gyms).toEqual({ hubspot: state.gyms.hubspot });
		expect(slice.events.every((e) => e.gym === 'hubspot')).toBe(true);
		expect(slice.clock).toBe('2026-03-02T14:30:02.000Z');
		expect(first[0]!.bytes).toBe(store.files.get(`${ORIGIN}/state/r1/hubspot.json`)!.length);
		expect(await fetchExport('r1', 'hubspot', { origin: ORIGIN, fetch: store.fetch })).toEqual(slice);
		// Merging the slices gives the whole export back.
		expect(mergeExports(slice, [gymSlice(state, 'salesnav')])).toEqual(state);
	});

	it('reports a refused PUT (403), an unreachable store, a missing gym in the export', async () => {
		const state = exportOf('r2', { hubspot: { clock: '2026-03-02T14:30:00.000Z' } });
		await expect(publishExports(state, ['hubspot'], { origin: ORIGIN, fetch: fakeStore(['hubspot']).fetch })).rejects.toMatchObject({
			status: 502,
			message: expect.stringContaining('refused PUT http://store.test/state/r2/hubspot.json: 403 this origin may write only its own gyms')
		});
		const down = (async () => {
			throw new TypeError('fetch failed');
		}) as typeof fetch;
		await expect(publishExports(state, ['hubspot'], { origin: ORIGIN, fetch: down })).rejects.toMatchObject({
			status: 502,
			message: expect.stringContaining('unreachable')
		});
		await expect(publishExports(state, ['outreach'], { origin: ORIGIN, fetch: fakeStore().fetch })).rejects.toMatchObject({ status: 409 });
	});

	it('names every missing peer export, and rejects a document that is not that run and gym', async () => {
		const store = fakeStore();
		const opts = { origin: ORIGIN, fetch: store.fetch };
		expect(peerPlatforms(['hubspot', 'salesnav', 'salesnav', 'outreach'], ['hubspot'])).toEqual(['salesnav', 'outreach']);
		expect(await fetchPeerExports('r3', ['hubspot'], ['hubspot'], opts)).toEqual([]);
		expect(store.calls).toEqual([]);
		const one = await fetchPeerExports('r3', ['hubspot', 'salesnav'], ['hubspot'], opts).catch((e: unknown) => e);
		expect(one).toBeInstanceOf(MissingExportError);
		expect((one as RunError).message).toBe(
			'no export of gym "salesnav" for run "r3" at http://store.test/state/r3/salesnav.json: publish it first (POST /__salesgym/publish, or POST /verify, on the salesnav deployment)'
		);
		await expect(fetchPeerExports('r3', ['hubspot', 'salesnav', 'outreach'], ['hubspot'], opts)).rejects.toMatchObject({
			status: 409,
			message: expect.stringMatching(/lacks the exports of "salesnav" .*"outreach"/)
		});
		// Wrong documents under the right path: another run, two gyms, not an export, not JSON.
		const two = exportOf('r3', { salesnav: { clock: 'c' }, outreach: { clock: 'c' } });
		store.files.set(`${ORIGIN}/state/r3/salesnav.json`, JSON.stringify(gymSlice(exportOf('r9', { salesnav: { clock: 'c' } }), 'salesnav')));
		await expect(fetchExport('r3', 'salesnav', opts)).rejects.toMatchObject({ status: 502, message: expect.stringContaining('holds run "r9"') });
		store.files.set(`${ORIGIN}/state/r3/salesnav.json`, JSON.stringify(two));
		await expect(fetchExport('r3', 'salesnav', opts)).rejects.toMatchObject({
			status: 502,
			message: expect.stringContaining('must hold gym "salesnav" alone')
		});
		store.files.set(`${ORIGIN}/state/r3/salesnav.json`, '{"format":"salesgym.state","typo":1}');
		await expect(fetchExport('r3', 'salesnav', opts)).rejects.toMatchObject({ status: 502, message: expect.stringContaining('is not a state export') });
		store.files.set(`${ORIGIN}/state/r3/salesnav.json`, '<html>');
		await expect(fetchExport('r3', 'salesnav', opts)).rejects.toMatchObject({ status: 502, message: expect.stringContaining('non-JSON') });
	});
});

describe('/verify wiring (routes.peerExports → verifyRun)', () => {
	afterEach(() => vi.unstubAllGlobals());
	let n = 0;
	const TASK = 'hubspot/inbound-demo-request-v1';
	/** A cross-gym variant of the shipped task: also on salesnav, with one assertion that reads salesnav. */
	function crossBlueprint(): Blueprint {
		const bp = structuredClone(blueprints().get(TASK)!);
		bp.id = 'test/cross-v1';
		bp.platforms = ['hubspot', 'salesnav'];
		bp.steps[0]!.verifiers.push({
			id: 'salesnav_leads',
			description: 'the peer export is merged',
			query: '.salesnav.rows | length',
			op: 'eq',
			expected: 1,
			weight: 1,
			gating: true
		});
		return bp;
	}
	async function hubspotRun(task: string): Promise<{ ctx: RunContext; state: StateExport }> {
		const all = new Map(blueprints());
		const cross = crossBlueprint();
		all.set(cross.id, cross);
		const ctx: RunContext = { gyms: [createHubSpotGym(new HubSpotDb(`test-store-${n++}`))], blueprints: all, seeds: shippedSeeds() };
		await initRun(ctx, { task_id: task, run_id: 'x-1' });
		return { ctx, state: (await exportRun(ctx)).state };
	}
	const request = new Request(`${ORIGIN}/verify`, { method: 'POST' });
	const peerOf = (gym: string) => gymSlice(exportOf('x-1', { [gym]: { clock: '2026-03-02T14:31:00.000Z', events: 1 } }), gym);

	it('a task whose platforms are all served here never touches the store', async () => {
		const store = fakeStore();
		vi.stubGlobal('fetch', store.fetch);
		const { ctx } = await hubspotRun(TASK);
		expect(await peerExports(ctx, request, { run_id: 'x-1', task_id: TASK })).toEqual([]);
		expect(store.calls).toEqual([]);
	});

	it("a cross-gym task: publishes this origin's gyms, reads the peers from the store, and the verdict sees them; a missing peer is a 409 after publishing", async () => {
		const store = fakeStore();
		vi.stubGlobal('fetch', store.fetch);
		const { ctx, state } = await hubspotRun('test/cross-v1');
		const body = { run_id: 'x-1', task_id: 'test/cross-v1' };
		await expect(peerExports(ctx, request, body)).rejects.toMatchObject({ status: 409, message: expect.stringContaining('"salesnav"') });
		expect(store.calls).toEqual(['PUT /state/x-1/hubspot.json', 'GET /state/x-1/salesnav.json']);
		expect(JSON.parse(store.files.get(`${ORIGIN}/state/x-1/hubspot.json`)!)).toEqual(gymSlice(state, 'hubspot'));
		const peer = peerOf('salesnav');
		store.files.set(`${ORIGIN}/state/x-1/salesnav.json`, JSON.stringify(peer));
		const peers = await peerExports(ctx, request, body);
		expect(peers).toEqual([peer]);
		let seen = '';
		await verifyRun(ctx, body, peers, async (input) => {
			seen = input.state;
			return { passed: false, score: 0, first_failing_step: 0, steps: [], assertions: [] };
		});
		expect(JSON.parse(seen).salesnav).toEqual(peer.gyms.salesnav);
	});

	it('exports given in the request (`states`) are used as they are: only platforms still missing are read; another run is left to verifyRun', async () => {
		const store = fakeStore();
		vi.stubGlobal('fetch', store.fetch);
		const { ctx } = await hubspotRun('test/cross-v1');
		expect(await peerExports(ctx, request, { run_id: 'x-1', task_id: 'test/cross-v1', states: [peerOf('salesnav')] })).toEqual([]);
		expect(await peerExports(ctx, request, { run_id: 'other', task_id: 'test/cross-v1' })).toEqual([]);
		expect(await peerExports(ctx, request, { run_id: 'x-1', task_id: 'test/cross-v1', typo: 1 })).toEqual([]);
		expect(store.calls).toEqual([]);
	});
});
