import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blueprints } from '../blueprints/registry';
import { parseDeployment, parseStateOrigin, servesGym } from '../gyms/deployment';
import { createHubSpotGym } from '../gyms/hubspot';
import { HubSpotDb } from '../gyms/hubspot/db';
import { shippedSeeds } from '../gyms/registry';
import { stateForTask } from './routes';
import { exportRun, initRun, RunError, type RunContext, type StateExport } from './run';
import { fetchExport, fetchPeerExports, gymSlice, mergeExports, MissingExportError, parseStoreLocation, peerPlatforms, publishExports, stateUrl } from './state-store';

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
			if (forbid.some((g) => url.endsWith(`/${g}.json`))) return new Response('{"status":"error","message":"this origin may write only its own gyms"}', { status: 403 });
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
	const state: StateExport = { format: 'salesgym.state', version: 1, run_id, task_id: null, seed: 1, clock: '', gyms: {}, events: [], meta: {} };
	for (const [name, { clock, events = 0 }] of Object.entries(gyms)) {
		state.gyms[name] = { rows: [{ id: name }] };
		state.meta[name] = { clock, seq: events, next_ids: { rows: 2 } };
		for (let seq = 1; seq <= events; seq++) state.events.push({ seq, at: `2026-03-02T14:30:0${seq}.000Z`, gym: name, method: 'POST', path: '/x', status: 201, entity: 'rows', id: String(seq) });
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
		for (const [run, gym] of [['../x', 'hubspot'], ['a/b', 'hubspot'], ['', 'hubspot'], ['a'.repeat(129), 'hubspot'], ['r', '../x'], ['r', 'HubSpot']]) {
			expect(() => stateUrl(ORIGIN, run!, gym!)).toThrow(RunError);
		}
	});

	it('parses a harness\'s --from location', () => {
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
		expect(first.map((p) => [p.gym, p.status])).toEqual([['hubspot', 201], ['salesnav', 201]]);
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
		await expect(publishExports(state, ['hubspot'], { origin: ORIGIN, fetch: fakeStore(['hubspot']).fetch })).rejects.toMatchObject({ status: 502, message: expect.stringContaining('refused PUT http://store.test/state/r2/hubspot.json: 403 this origin may write only its own gyms') });
		const down = (async () => {
			throw new TypeError('fetch failed');
		}) as typeof fetch;
		await expect(publishExports(state, ['hubspot'], { origin: ORIGIN, fetch: down })).rejects.toMatchObject({ status: 502, message: expect.stringContaining('unreachable') });
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
		expect((one as RunError).message).toBe('no export of gym "salesnav" for run "r3" at http://store.test/state/r3/salesnav.json: publish it first (POST /__salesgym/publish, or POST /verify, on the salesnav deployment)');
		await expect(fetchPeerExports('r3', ['hubspot', 'salesnav', 'outreach'], ['hubspot'], opts)).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/lacks the exports of "salesnav" .*"outreach"/) });
		// Wrong documents under the right path: another run, two gyms, not an export, not JSON.
		const two = exportOf('r3', { salesnav: { clock: 'c' }, outreach: { clock: 'c' } });
		store.files.set(`${ORIGIN}/state/r3/salesnav.json`, JSON.stringify(gymSlice(exportOf('r9', { salesnav: { clock: 'c' } }), 'salesnav')));
		await expect(fetchExport('r3', 'salesnav', opts)).rejects.toMatchObject({ status: 502, message: expect.stringContaining('holds run "r9"') });
		store.files.set(`${ORIGIN}/state/r3/salesnav.json`, JSON.stringify(two));
		await expect(fetchExport('r3', 'salesnav', opts)).rejects.toMatchObject({ status: 502, message: expect.stringContaining('must hold gym "salesnav" alone') });
		store.files.set(`${ORIGIN}/state/r3/salesnav.json`, '{"format":"salesgym.state","typo":1}');
		await expect(fetchExport('r3', 'salesnav', opts)).rejects.toMatchObject({ status: 502, message: expect.stringContaining('is not a state export') });
		store.files.set(`${ORIGIN}/state/r3/salesnav.json`, '<html>');
		await expect(fetchExport('r3', 'salesnav', opts)).rejects.toMatchObject({ status: 502, message: expect.stringContaining('non-JSON') });
	});

	it('merges like /verify states: same run only, no gym twice, events by (at, gym, seq), latest clock', () => {
		const local = exportOf('r4', { hubspot: { clock: '2026-03-02T14:30:02.000Z', events: 2 } });
		const peer = gymSlice(exportOf('r4', { salesnav: { clock: '2026-03-02T14:30:09.000Z', events: 1 } }), 'salesnav');
		const merged = mergeExports(local, [peer]);
		expect(Object.keys(merged.gyms)).toEqual(['hubspot', 'salesnav']);
		expect(merged.events.map((e) => `${e.at} ${e.gym}`)).toEqual(['2026-03-02T14:30:01.000Z hubspot', '2026-03-02T14:30:01.000Z salesnav', '2026-03-02T14:30:02.000Z hubspot']);
		expect(merged.clock).toBe('2026-03-02T14:30:09.000Z');
		expect(local.gyms.salesnav).toBeUndefined(); // not mutated
		expect(() => mergeExports(local, [gymSlice(exportOf('r5', { salesnav: { clock: 'c' } }), 'salesnav')])).toThrow('a state of run "r5" cannot be merged into run "r4"');
		expect(() => mergeExports(local, [gymSlice(local, 'hubspot')])).toThrow('gym "hubspot" is in two states');
	});
});

describe('/verify wiring (routes.stateForTask)', () => {
	afterEach(() => vi.unstubAllGlobals());
	let n = 0;
	async function hubspotRun(): Promise<{ ctx: RunContext; state: StateExport }> {
		const ctx: RunContext = { gyms: [createHubSpotGym(new HubSpotDb(`test-store-${n++}`))], blueprints: blueprints(), seeds: shippedSeeds() };
		await initRun(ctx, { task_id: 'hubspot/inbound-demo-request-v1', run_id: 'x-1' });
		return { ctx, state: (await exportRun(ctx)).state };
	}
	const request = new Request(`${ORIGIN}/verify`, { method: 'POST' });

	it('a task whose platforms are all served here never touches the store', async () => {
		const store = fakeStore();
		vi.stubGlobal('fetch', store.fetch);
		const { ctx, state } = await hubspotRun();
		expect(await stateForTask(ctx, request, state, ['hubspot'])).toBe(state);
		expect(store.calls).toEqual([]);
	});

	it('a cross-gym task: publishes this origin\'s gyms, then merges the peers read from the store; a missing peer is a 409 after publishing', async () => {
		const store = fakeStore();
		vi.stubGlobal('fetch', store.fetch);
		const { ctx, state } = await hubspotRun();
		await expect(stateForTask(ctx, request, state, ['hubspot', 'salesnav'])).rejects.toMatchObject({ status: 409, message: expect.stringContaining('"salesnav"') });
		expect(store.calls).toEqual(['PUT /state/x-1/hubspot.json', 'GET /state/x-1/salesnav.json']);
		const peer = gymSlice(exportOf('x-1', { salesnav: { clock: '2026-03-02T14:31:00.000Z', events: 1 } }), 'salesnav');
		store.files.set(`${ORIGIN}/state/x-1/salesnav.json`, JSON.stringify(peer));
		const merged = await stateForTask(ctx, request, state, ['hubspot', 'salesnav']);
		expect(merged.gyms.hubspot).toEqual(state.gyms.hubspot);
		expect(merged.gyms.salesnav).toEqual(peer.gyms.salesnav);
		expect(merged.events.map((e) => e.gym)).toContain('salesnav');
		expect(JSON.parse(store.files.get(`${ORIGIN}/state/x-1/hubspot.json`)!)).toEqual(gymSlice(state, 'hubspot'));
	});

	it('exports given in the request (issue 3\'s `states`) are used as they are: only platforms still missing are read', async () => {
		const store = fakeStore();
		vi.stubGlobal('fetch', store.fetch);
		const { ctx, state } = await hubspotRun();
		const salesnav = gymSlice(exportOf('x-1', { salesnav: { clock: '2026-03-02T14:31:00.000Z' } }), 'salesnav');
		const merged = await stateForTask(ctx, request, state, ['hubspot', 'salesnav'], [salesnav]);
		expect(Object.keys(merged.gyms)).toEqual(['hubspot', 'salesnav']);
		expect(store.calls).toEqual([]);
		await expect(stateForTask(ctx, request, state, ['hubspot', 'salesnav', 'outreach'], [salesnav])).rejects.toMatchObject({ status: 409, message: expect.stringContaining('"outreach"') });
		expect(store.calls).toEqual(['PUT /state/x-1/hubspot.json', 'GET /state/x-1/outreach.json']);
	});
});
