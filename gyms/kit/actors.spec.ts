import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { blueprints } from '../../blueprints/registry';
import { Blueprint } from '../../blueprints/schema';
import { shippedSeeds } from '../registry';
import { worldFor } from '../../seeds';
import { TEAM_USER_IDS } from '../../seeds/team';
import { currentRun, initRun, type RunContext } from '../../sw/run';
import { CalendlyDb } from '../calendly/db';
import { createCalendlyGym } from '../calendly';
import { HubSpotDb } from '../hubspot/db';
import { createHubSpotGym } from '../hubspot';
import { OutreachDb } from '../outreach/db';
import { createOutreachGym } from '../outreach';
import { SalesNavDb } from '../salesnav/db';
import { createSalesNavGym } from '../salesnav';
import type { Gym } from '../types';

const valid = blueprints().get('hubspot/inbound-demo-request-v1')!;
const get = (gym: Gym, path: string) => gym.handle({ method: 'GET', path, query: new URLSearchParams(), body: undefined });

let n = 0;
function fourGyms(): Gym[] {
	n++;
	return [
		createHubSpotGym(new HubSpotDb(`actors-h-${n}`)),
		createOutreachGym(new OutreachDb(`actors-o-${n}`)),
		createCalendlyGym(new CalendlyDb(`actors-c-${n}`)),
		createSalesNavGym(new SalesNavDb(`actors-s-${n}`))
	];
}

describe('blueprint actors', () => {
	it('the team roster is the seed world’s users', () => {
		expect(worldFor(1).users.map((u) => u.id)).toEqual(TEAM_USER_IDS);
	});

	it('accepts a team user per platform of the task, rejects an unknown user and a platform not in the task', () => {
		expect(Blueprint.safeParse({ ...valid, actors: { hubspot: '1003' } }).success).toBe(true);
		const unknown = Blueprint.safeParse({ ...valid, actors: { hubspot: '1099' } });
		expect(unknown.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(['actors.hubspot: not a team user of the seed world (1001–1012)']);
		const other = Blueprint.safeParse({ ...valid, actors: { outreach: '1003' } });
		expect(other.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(['actors.outreach: platform "outreach" is not in platforms']);
		expect(Blueprint.safeParse({ ...valid, actors: { hubspott: '1003' } }).success).toBe(false);
	});
});

describe('the acting user (RunInit.actor → RunMeta.actor → GET /me)', () => {
	it('defaults to 1001 in every gym; RunInfo names the actors; every gym answers GET /me', async () => {
		const ctx: RunContext = { gyms: fourGyms(), blueprints: blueprints(), seeds: shippedSeeds() };
		const info = await initRun(ctx, { run_id: 'a-1' });
		expect(info.actors).toEqual({ hubspot: '1001', outreach: '1001', calendly: '1001', salesnav: '1001' });
		expect((await currentRun(ctx))?.actors).toEqual(info.actors);
		for (const gym of ctx.gyms) {
			const res = await get(gym, '/me');
			expect([gym.name, res.status, res.body]).toEqual([
				gym.name,
				200,
				{
					id: '1001',
					email: 'maya.patel@salesgym.io',
					firstName: 'Maya',
					lastName: 'Patel',
					role: 'sdr',
					title: 'Sales Development Representative',
					timeZone: 'America/New_York'
				}
			]);
		}
	});

	it('a blueprint’s actors reach the gym: its meta, RunInfo and GET /me', async () => {
		const gyms = fourGyms();
		const bp = { ...blueprints().get('hubspot/inbound-demo-request-v1')!, actors: { hubspot: '1003' } };
		const ctx: RunContext = { gyms, blueprints: new Map([[bp.id, bp]]), seeds: shippedSeeds() };
		const info = await initRun(ctx, { task_id: bp.id, run_id: 'a-2' });
		expect(info.actors).toEqual({ hubspot: '1003', outreach: '1001', calendly: '1001', salesnav: '1001' });
		expect((await gyms[0]!.runMeta())?.actor).toBe('1003');
		expect((await gyms[0]!.exportState([])).meta.actor).toBe('1003');
		expect((await get(gyms[0]!, '/me')).body).toMatchObject({ id: '1003', firstName: 'Sofia', lastName: 'Rossi', role: 'ae' });
		expect((await get(gyms[3]!, '/me')).body).toMatchObject({ id: '1001' });
	});

	it('GET /me before any run is the gym’s 409; another method is its 405', async () => {
		const [hub, out, cal, sn] = fourGyms();
		expect((await get(hub!, '/me')).body).toMatchObject({ status: 'error', category: 'CONFLICT' });
		expect((await get(out!, '/me')).body).toEqual({
			errors: [{ id: 'conflict', title: 'Conflict', detail: 'No run is initialized: POST /__salesgym/run first.' }]
		});
		expect((await get(cal!, '/me')).status).toBe(409);
		expect((await get(sn!, '/me')).body).toEqual({
			status: 409,
			serviceErrorCode: 0,
			code: 'CONFLICT',
			message: 'No run is initialized: POST /__salesgym/run first.'
		});
		const post = await sn!.handle({ method: 'POST', path: '/me', query: new URLSearchParams(), body: undefined });
		expect(post).toEqual({ status: 405, body: { status: 405, serviceErrorCode: 0, code: 'METHOD_NOT_ALLOWED', message: 'POST is not allowed on /me' } });
	});
});

describe('GET /clock: the run’s virtual now through each gym’s product API', () => {
	it('answers {clock} equal to the run’s clock in every gym, moves with a write, and is the gym’s 409 before a run', async () => {
		const gyms = fourGyms();
		for (const gym of gyms) expect([gym.name, (await get(gym, '/clock')).status]).toEqual([gym.name, 409]);
		const ctx: RunContext = { gyms, blueprints: blueprints(), seeds: shippedSeeds() };
		const info = await initRun(ctx, { run_id: 'c-1' });
		for (const gym of gyms) expect([gym.name, (await get(gym, '/clock')).body]).toEqual([gym.name, { clock: info.clock }]);
		const hub = gyms[0]!;
		const created = await hub.handle({
			method: 'POST',
			path: '/crm/v3/objects/contacts',
			query: new URLSearchParams(),
			body: { properties: { email: 'clock.test@example.com' } }
		});
		expect(created.status).toBe(201);
		const after = (await get(hub, '/clock')).body as { clock: string };
		expect(Date.parse(after.clock)).toBeGreaterThan(Date.parse(info.clock));
	});
});
