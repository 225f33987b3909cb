/**
 * In-process micro-benchmark of the Outreach gym's reads over the full seed (Node, fake-indexeddb, read cache
 * warm): prints p50 / p95 (ms) of `GET /prospects/{id}`, `GET /prospects?filter[q]=…` (prospect search) and a
 * filtered, counted `GET /sequenceStates`. It measures the handler only, not the Service Worker round trip
 * (`npm run bench` measures that for HubSpot). Run: `npx tsx --tsconfig harness/tsconfig.json harness/bench-outreach.ts`.
 */
import 'fake-indexeddb/auto';
import { performance } from 'node:perf_hooks';
import { OutreachDb } from '../gyms/outreach/db';
import { createOutreachGym } from '../gyms/outreach/index';

const gym = createOutreachGym(new OutreachDb('bench-outreach'));
await gym.reset({ run_id: 'bench', task_id: null, seed: 1, clock: '2026-03-02T14:30:00.000Z' });
const state = (await gym.exportState()).tables as { prospects: { id: string; attributes: { lastName: string } }[] };

/** p50 and p95 of `n` runs of `f`, ms. */
async function measure(name: string, n: number, f: (i: number) => Promise<unknown>): Promise<void> {
	for (let i = 0; i < 20; i++) await f(i);
	const times: number[] = [];
	for (let i = 0; i < n; i++) {
		const t0 = performance.now();
		await f(i);
		times.push(performance.now() - t0);
	}
	times.sort((a, b) => a - b);
	const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(3);
	console.log(`${name}: p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, n ${n}`);
}

const req = (path: string, query = '') => gym.handle({ method: 'GET', path, query: new URLSearchParams(query), body: undefined });
const ps = state.prospects;
await measure('outreach_api_get (GET /prospects/{id}, handler)', 500, (i) => req(`/prospects/${ps[i % ps.length]!.id}`));
await measure(`outreach_prospect_search (filter[q], ${ps.length} prospects, handler)`, 500, (i) =>
	req('/prospects', `filter[q]=${encodeURIComponent(ps[(i * 7) % ps.length]!.attributes.lastName)}&count=true`)
);
await measure('outreach_states_filter (filter[state]=active&count=true, handler)', 300, () =>
	req('/sequenceStates', 'filter[state]=active&count=true&include=prospect')
);
