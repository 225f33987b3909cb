/**
 * The journal (gyms/store.ts "Journal"): a gym held in memory writes no seed row to its durable database, journals
 * what each API request changed before answering it, and a new instance over the same journal (the Service Worker
 * restarted) rebuilds exactly the state the old one held. Node stands in for the browser: the in-memory side is its
 * own fake-indexeddb factory (gyms/memory-db.ts), the journal the global one.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { blueprints } from '../blueprints/registry';
import { checkReset } from '../sw/reset-check';
import { exportRun, importRun, initRun, type RunContext } from '../sw/run';
import { createHubSpotGym } from './hubspot';
import { HubSpotDb } from './hubspot/db';
import { memoryDbOptions } from './memory-db';
import { createOutreachGym } from './outreach';
import { OutreachDb } from './outreach/db';
import { shippedSeeds } from './registry';
import type { DefinedGym } from './kit/define';
import type { ApiRequest, Gym } from './types';

let n = 0;

/** Journal database names of one simulated browser profile. */
interface Profile {
	hubspot: string;
	outreach: string;
}

const profile = (): Profile => ({ hubspot: `journal-hub-${n}`, outreach: `journal-out-${n++}` });

/** A Service Worker's gyms over `p`'s journals: each call is a new instance with empty memory (a restarted worker). */
function worker(p: Profile): RunContext {
	const gyms: Gym[] = [
		createHubSpotGym(new HubSpotDb(p.hubspot, memoryDbOptions()), new HubSpotDb(p.hubspot)),
		createOutreachGym(new OutreachDb(p.outreach, memoryDbOptions()), new OutreachDb(p.outreach))
	];
	return { gyms, blueprints: blueprints(), seeds: shippedSeeds() };
}

const call = (gym: Gym, method: string, path: string, body?: unknown): ReturnType<Gym['handle']> =>
	gym.handle({ method, path, query: new URLSearchParams(), body } satisfies ApiRequest);

/** Row counts of every table of journal `name` (HubSpot's schema). */
async function journalCounts(name: string): Promise<Record<string, number>> {
	const db = new HubSpotDb(name);
	await db.open();
	const out = Object.fromEntries(await Promise.all(db.tables.map(async (t) => [t.name, await t.count()] as const)));
	db.close();
	return out;
}

const TASK = 'hubspot/inbound-demo-request-v1';

describe('a journaled gym', () => {
	it('writes no seed row to its journal at a reset: only the run meta and the base to rebuild from', async () => {
		const p = profile();
		const info = await initRun(worker(p), { task_id: TASK, run_id: 'j-1' });
		expect(info.counts.hubspot!.contacts).toBeGreaterThan(100);
		const counts = await journalCounts(p.hubspot);
		expect(counts).toMatchObject({ contacts: 0, associations: 0, events: 0, dirty: 0, meta: 2 });
		expect(Object.entries(counts).filter(([t, c]) => t !== 'meta' && c > 0)).toEqual([]);
	});

	it('journals each request before answering it, so a restarted worker exports the same bytes', async () => {
		const p = profile();
		const first = worker(p);
		await initRun(first, { task_id: TASK, run_id: 'j-2' });
		const [hub, out] = first.gyms as [Gym, Gym];
		const created = await call(hub, 'POST', '/crm/v3/objects/contacts', { properties: { email: 'journal@example.com', firstname: 'Jo' } });
		expect(created.status).toBe(201);
		const id = (created.body as { id: string }).id;
		expect((await call(hub, 'PATCH', `/crm/v3/objects/contacts/${id}`, { properties: { lifecyclestage: 'salesqualifiedlead' } })).status).toBe(200);
		// A deletion (of a seeded association) must survive the restart as a deletion, not come back from the projection.
		expect((await call(hub, 'DELETE', '/crm/v4/objects/companies/20001/associations/contacts/100002')).status).toBe(204);
		// Outreach was deferred by this HubSpot task: its first request loads it; the journal keeps only its new base.
		expect((await call(out, 'POST', '/prospects', { data: { type: 'prospect', attributes: { firstName: 'Jo', emails: ['jo@example.com'] } } })).status).toBe(
			201
		);
		const before = (await exportRun(first)).json;
		const eventsBefore = (JSON.parse(before) as { events: unknown[] }).events.length;

		const counts = await journalCounts(p.hubspot);
		expect(counts.contacts).toBe(1);
		expect(counts.associations).toBe(0);
		expect(counts.events).toBe(3);

		const restarted = worker(p);
		expect((await exportRun(restarted)).json).toBe(before);
		// And it goes on from there: the next id and run-wide order continue, not restart.
		const next = await call(restarted.gyms[0]!, 'POST', '/crm/v3/objects/contacts', { properties: { email: 'after@example.com' } });
		expect(Number((next.body as { id: string }).id)).toBe(Number(id) + 1);
		const after = JSON.parse((await exportRun(restarted)).json) as { events: { run_seq: number }[] };
		expect(after.events.map((e) => e.run_seq)).toEqual(Array.from({ length: eventsBefore + 1 }, (_, i) => i + 1));
	});

	it('a delta reset empties the journal again, and a restart then holds the initial state', async () => {
		const p = profile();
		const first = worker(p);
		await initRun(first, { task_id: TASK, run_id: 'j-3' });
		const initial = (await exportRun(first)).json;
		await call(first.gyms[0]!, 'POST', '/crm/v3/objects/contacts', { properties: { email: 'gone@example.com' } });
		await initRun(first, { task_id: TASK, run_id: 'j-3' });
		expect((first.gyms[0] as DefinedGym).store.lastReset()).toEqual({ mode: 'delta', restored: 1 });
		expect((await journalCounts(p.hubspot)).contacts).toBe(0);
		expect((await exportRun(worker(p))).json).toBe(initial);
	});

	it('a row written into the journal outside the store fails the reset check, in this worker and after a restart', async () => {
		const p = profile();
		const first = worker(p);
		await initRun(first, { task_id: TASK, run_id: 'j-4' });
		expect((await checkReset(first, new Set())).differing).toEqual([]);
		const hub = first.gyms[0]!;
		const contact = ((await hub.exportState(['contacts'])).tables.contacts as { id: string; properties: Record<string, unknown> }[])[0]!;
		const raw = new HubSpotDb(p.hubspot);
		await raw.table('contacts').put({ ...contact, properties: { ...contact.properties, jobtitle: 'Poisoned' }, emailKey: '' });
		raw.close();
		// Checked by keys only (no table named deep): the journal's stray row shows all the same.
		const check = await checkReset(first, new Set());
		expect(check.differing).toEqual(['hubspot.contacts']);
		expect(check.state_sha256).not.toBe(check.initial_sha256);
		const again = await worker(p).gyms[0]!.exportState(['contacts']);
		expect((again.tables.contacts as { id: string; properties: Record<string, unknown> }[]).find((c) => c.id === contact.id)?.properties.jobtitle).toBe(
			'Poisoned'
		);
	});

	it('an imported state is journaled whole and rebuilt after a restart', async () => {
		const p = profile();
		const first = worker(p);
		await initRun(first, { task_id: TASK, run_id: 'j-5' });
		await call(first.gyms[0]!, 'POST', '/crm/v3/objects/contacts', { properties: { email: 'imported@example.com' } });
		const exported = (await exportRun(first)).json;

		const other = profile();
		const target = worker(other);
		await importRun(target, JSON.parse(exported));
		expect((await exportRun(target)).json).toBe(exported);
		expect((await exportRun(worker(other))).json).toBe(exported);
	});
});
