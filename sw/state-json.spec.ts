/**
 * `GET /__salesgym/state` assembled from the gyms' in-memory table bytes (sw/state-json.ts) is byte for byte the
 * canonical JSON of `exportRun` (sw/run.ts), over all four gyms: after a reset, after API writes in two gyms (events
 * from both, merged in run order), after a write that bypasses the API, and after a reset to another task.
 */
import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { blueprints } from '../blueprints/registry';
import { createGyms, shippedSeeds } from '../gyms/registry';
import { createHubSpotGym } from '../gyms/hubspot';
import { HubSpotDb } from '../gyms/hubspot/db';
import type { Gym } from '../gyms/types';
import { exportRun, initRun, RunError, type RunContext } from './run';
import { exportDigest, exportRunBytes, exportViewBytes, parseTables, STATE_EXPORT_KEYS } from './state-json';
import { pruneTables } from '../verifier/tables';
import { canonicalJson } from '../verifier/canonical';

const text = new TextDecoder();
const hubDb = new HubSpotDb('state-json-hubspot');
const gyms = createGyms().map((g) => (g.name === 'hubspot' ? createHubSpotGym(hubDb) : g));
const c: RunContext = { gyms, blueprints: blueprints(), seeds: shippedSeeds() };
const gym = (name: string): Gym => gyms.find((g) => g.name === name)!;

/** Asserts that the spliced bytes equal `exportRun`'s canonical JSON; returns the text. */
async function same(): Promise<string> {
	const bytes = await exportRunBytes(c);
	expect(bytes).not.toBeNull();
	const expected = (await exportRun(c)).json;
	const got = text.decode(bytes!);
	expect(got.length).toBe(expected.length);
	// Not toBe(expected): a failure would print two ~10 MB strings.
	expect(got === expected, 'the spliced export differs from exportRun().json').toBe(true);
	expect(await exportDigest(bytes!)).toEqual({ sha256: createHash('sha256').update(expected).digest('hex'), bytes: Buffer.byteLength(expected) });
	return got;
}

describe('exportRunBytes', () => {
	it('splices the keys of a state export in canonical order', async () => {
		await initRun(c, { task_id: 'calendly/cancel-with-reason-v1', run_id: 'sj-0' });
		const { state } = await exportRun(c);
		expect(Object.keys(state).sort()).toEqual([...STATE_EXPORT_KEYS]);
		expect(Object.keys(state.gyms).sort()).toEqual(gyms.map((g) => g.name).sort());
	});

	it('equals exportRun byte for byte after resets, API writes in two gyms and a write outside the API', async () => {
		await initRun(c, { task_id: 'calendly/cancel-with-reason-v1', run_id: 'sj-1' });
		await same();
		const hub = gym('hubspot');
		const created = await hub.handle({
			method: 'POST',
			path: '/crm/v3/objects/contacts',
			query: new URLSearchParams(),
			body: { properties: { email: 'splice@example.com', firstname: 'Splice', lastname: 'Ünïcode ✓' } }
		});
		expect(created.status).toBe(201);
		const prospect = await gym('outreach').handle({
			method: 'POST',
			path: '/prospects',
			query: new URLSearchParams(),
			body: { data: { type: 'prospect', attributes: { firstName: 'Splice', lastName: 'Test', emails: ['splice@example.com'] } } }
		});
		expect(prospect.status).toBe(201);
		const afterWrites = await same();
		expect(afterWrites).toContain('"Ünïcode ✓"');
		const doc = JSON.parse(afterWrites) as { events: unknown[]; meta: Record<string, { seq: number }> };
		expect(doc.meta.hubspot!.seq).toBeGreaterThan(0);
		expect(doc.meta.outreach!.seq).toBeGreaterThan(0);
		expect(doc.events.length).toBe(doc.meta.hubspot!.seq + doc.meta.outreach!.seq);
		// A row written straight into the database (not through the API) shows up too.
		const first = (await hubDb.table('companies').toCollection().first()) as Record<string, unknown>;
		await hubDb.table('companies').put({ ...first, name: 'Written outside the API' });
		expect(await same()).toContain('Written outside the API');
		await initRun(c, { task_id: 'hubspot/inbound-demo-request-v1', run_id: 'sj-2' });
		expect(await same()).not.toContain('splice@example.com');
	});

	it('answers null when a gym has no in-memory export, and 409 before any run', async () => {
		const plain = createHubSpotGym(new HubSpotDb('state-json-plain'));
		const noJson: Gym = Object.assign(Object.create(Object.getPrototypeOf(plain)), plain, { exportJson: undefined });
		expect(await exportRunBytes({ ...c, gyms: [noJson] })).toBeNull();
		await expect(exportRunBytes({ ...c, gyms: [plain] })).rejects.toBeInstanceOf(RunError);
	});

	it('?tables= (exportViewBytes): {clock, events, gyms} with each gym pruned to the asked tables, as the full export pruned', async () => {
		await initRun(c, { task_id: 'hubspot/inbound-demo-request-v1', run_id: 'sj-3' });
		const created = await gym('hubspot').handle({
			method: 'POST',
			path: '/crm/v3/objects/contacts',
			query: new URLSearchParams(),
			body: { properties: { email: 'pruned@example.com' } }
		});
		expect(created.status).toBe(201);
		const full = JSON.parse((await exportRun(c)).json) as { gyms: Record<string, Record<string, unknown[]>>; events: unknown[]; clock: string };
		const only = parseTables(new URLSearchParams({ tables: 'hubspot.contacts,hubspot.nope,calendly.*' }), ['hubspot', 'calendly', 'outreach', 'salesnav'])!;
		const got = text.decode((await exportViewBytes(c, only))!);
		const expected = canonicalJson({ clock: full.clock, events: full.events, gyms: pruneTables(full.gyms, { all: false, gyms: only }) });
		expect(got === expected, 'the view differs from the full export pruned').toBe(true);
		const doc = JSON.parse(got) as { gyms: Record<string, Record<string, unknown[]>>; events: unknown[] };
		expect(Object.keys(doc.gyms.hubspot!)).toEqual(['contacts']);
		expect(Object.keys(doc.gyms.calendly!).sort()).toEqual(Object.keys(full.gyms.calendly!).sort());
		expect(doc.gyms.outreach).toEqual({});
		expect(doc.events.length).toBe(1);
		expect(got).toContain('pruned@example.com');
	});

	it('parseTables: absent is undefined; a malformed entry or an unknown gym is a 400 naming it', () => {
		const names = ['hubspot', 'outreach'];
		expect(parseTables(new URLSearchParams(), names)).toBeUndefined();
		expect(parseTables(new URLSearchParams({ tables: 'hubspot.contacts,hubspot.*' }), names)).toEqual(new Map([['hubspot', '*']]));
		expect(parseTables(new URLSearchParams({ tables: 'hubspot.contacts,hubspot.deals' }), names)).toEqual(
			new Map([['hubspot', new Set(['contacts', 'deals'])]])
		);
		for (const bad of ['contacts', '.contacts', 'hubspot.', 'hubspt.contacts']) {
			let err: unknown;
			try {
				parseTables(new URLSearchParams({ tables: bad }), names);
			} catch (e) {
				err = e;
			}
			expect(err, bad).toBeInstanceOf(RunError);
			expect((err as RunError).status).toBe(400);
			expect((err as RunError).message).toContain(`"${bad}"`);
		}
	});
});
