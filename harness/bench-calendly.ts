/**
 * `npx tsx harness/bench-calendly.ts [samples]`: latency of `calendly_available_times`, the Calendly gym's
 * `GET /event_type_available_times` for the round-robin demo (7 days) through the gym's router, in Node over
 * fake-indexeddb with the read cache on (the same handler code the Service Worker runs; the SW adds its fetch
 * round trip, measured by the page metrics of `salesgym bench`). Prints hosts, slots and p50 / p95 / max in ms.
 */
import 'fake-indexeddb/auto';
import { CalendlyDb } from '../gyms/calendly/db';
import { createCalendlyGym } from '../gyms/calendly/index';

const samples = Number(process.argv[2] ?? 200);
const gym = createCalendlyGym(new CalendlyDb('bench-calendly'));
const T0 = '2026-03-02T14:30:00.000Z';
await gym.reset({ run_id: 'bench', task_id: null, seed: 1, clock: T0 });
const call = (path: string, query: string) => gym.handle({ method: 'GET', path, query: new URLSearchParams(query), body: undefined });
const state = (await gym.exportState()) as unknown as { tables: Record<string, { uri: string; pooling_type?: string; event_type?: string }[]> };
const rr = state.tables.event_types!.find((t) => t.pooling_type === 'round_robin')!;
const hosts = state.tables.event_type_memberships!.filter((m) => m.event_type === rr.uri).length;
const start = Date.parse(T0) + 86_400_000;
const query = `event_type=${encodeURIComponent(rr.uri)}&start_time=${new Date(start).toISOString()}&end_time=${new Date(start + 7 * 86_400_000).toISOString()}`;
let slots = 0;
const times: number[] = [];
for (let i = 0; i < samples + 5; i++) {
	const t = performance.now();
	const res = await call('/event_type_available_times', query);
	const ms = performance.now() - t;
	if (res.status !== 200) throw new Error(`available times answered ${res.status}: ${JSON.stringify(res.body)}`);
	slots = (res.body as { collection: unknown[] }).collection.length;
	if (i >= 5) times.push(ms);
}
times.sort((a, b) => a - b);
const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(2);
console.log(
	`calendly_available_times (round robin over ${hosts} hosts, 7 days, ${slots} slots, ${samples} samples, Node + fake-indexeddb): p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${times.at(-1)!.toFixed(2)} ms`
);
