import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { blueprints } from '../../blueprints/registry';
import { initRun } from '../../sw/run';
import { shippedSeeds } from '../registry';
import { HubSpotDb } from './db';
import { createHubSpotGym } from './index';
import { baseProjection, initialState } from './seed';

const at = '2026-01-15T10:12:00.000Z';
const contact = (id: string, properties: Record<string, string>) => ({
	id,
	properties: { ...properties, createdate: at, lastmodifieddate: at, hs_object_id: id },
	createdAt: at,
	updatedAt: at,
	archived: false
});
const association = (from: string, to: string) => ({
	id: `279:${from}:${to}`,
	fromObjectType: 'contacts',
	fromObjectId: from,
	toObjectType: 'companies',
	toObjectId: to,
	associationCategory: 'HUBSPOT_DEFINED',
	associationTypeId: 279
});

describe('HubSpot projection of the seed world', () => {
	it('is deterministic and has the sizes of the spec', () => {
		const { state } = baseProjection(1);
		expect(JSON.stringify(initialState({ seed: 1, fixtures: undefined }).tables)).toBe(JSON.stringify(state));
		expect([state.contacts.length, state.companies.length, state.deals.length, state.owners.length]).toEqual([815, 250, 150, 12]);
		expect(state.owners.slice(0, 5).map((o) => `${o.id} ${o.firstName} ${o.lastName}`)).toEqual([
			'1001 Maya Patel',
			'1002 Jordan Lee',
			'1003 Sofia Rossi',
			'1004 Daniel Okafor',
			'1005 Hannah Berg'
		]);
		expect(state.companies.find((c) => c.id === '20001')?.properties).toMatchObject({
			name: 'Helix Biotech',
			domain: 'helixbio.com',
			hubspot_owner_id: '1003'
		});
		for (const table of ['tasks', 'notes', 'emails', 'meetings', 'templates'] as const) expect(state[table].length, table).toBeGreaterThan(0);
	});
});

describe('seeded calls', () => {
	it('projects 100 logged calls with HubSpot outcomes, each associated with its contact', () => {
		const { state, next_ids } = baseProjection(1);
		expect(state.calls).toHaveLength(100);
		expect(next_ids.calls).toBe(360101);
		const contactOf = new Map(state.associations.filter((a) => a.associationTypeId === 194).map((a) => [a.fromObjectId, a.toObjectId]));
		for (const c of state.calls) {
			expect(c.properties).toMatchObject({ hs_call_direction: 'OUTBOUND', hs_call_title: expect.stringMatching(/^Call with /) });
			expect(['COMPLETED', 'NO_ANSWER', 'BUSY']).toContain(c.properties.hs_call_status);
			expect(c.properties.hs_timestamp! <= '2026-03-02T09:00:00.000Z').toBe(true);
			expect(contactOf.has(c.id)).toBe(true);
		}
	});
});

describe('HubSpot fixtures (per-gym patches, validated like the seed)', () => {
	it('adds and replaces rows by id, and moves next_ids past fixture ids', () => {
		const { tables: state, next_ids } = initialState({
			seed: 1,
			fixtures: {
				contacts: [contact('990001', { email: 'a@b.io', hubspot_owner_id: '1002' }), contact('100002', { email: 'kallie@new.io' })],
				associations: [association('990001', '20002')]
			}
		});
		expect(state.contacts).toHaveLength(816);
		expect(state.contacts.find((c) => c.id === '100002')?.properties.email).toBe('kallie@new.io');
		expect(state.associations.some((a) => a.id === '279:990001:20002')).toBe(true);
		expect(next_ids.contacts).toBe(990002);
	});

	it.each([
		[
			{ contacts: [contact('990001', { email: 'a@b.io', hubspot_owner_id: '7' })] },
			'fixtures.hubspot.contacts[0].properties.hubspot_owner_id: owner 7 does not exist'
		],
		[
			{ contacts: [contact('990001', { email: 'a@b.io' })], associations: [association('990001', '29999')] },
			'fixtures.hubspot.associations[0].toObjectId: companies 29999 does not exist'
		],
		[{ associations: [association('990009', '20002')] }, 'fixtures.hubspot.associations[0].fromObjectId: contacts 990009 does not exist'],
		[
			{ contacts: [contact('990001', { email: 'KALLIE.OKEEFE@helixbio.com' })] },
			'fixtures.hubspot.contacts[0].properties.email: kallie.okeefe@helixbio.com is already the email of contact 100002'
		],
		[
			{ deals: [{ ...contact('990001', { dealname: 'X', pipeline: 'default', dealstage: 'won' }) }] },
			'fixtures.hubspot.deals[0].properties.dealstage: won is not a stage of the default pipeline'
		],
		[{ contacts: [{ ...contact('990001', {}), propertes: {} }] }, 'fixtures.hubspot.contacts[0]: Unrecognized key: "propertes"'],
		[{ contacts: [contact('abc', {})] }, 'fixtures.hubspot.contacts[0].id: a HubSpot id is a numeric string'],
		[{ contactz: [] }, 'fixtures.hubspot: Unrecognized key: "contactz"']
	])('rejects a bad patch with its path (%#)', (fixtures, message) => {
		expect(() => initialState({ seed: 1, fixtures })).toThrow(message);
	});

	it('a blueprint whose fixture references a missing record cannot be started: 400 naming the path, nothing reset', async () => {
		const all = blueprints();
		const bp = all.get('hubspot/inbound-demo-request-v1')!;
		const broken = {
			...bp,
			id: 'hubspot/broken-v1',
			fixtures: { hubspot: { ...bp.fixtures.hubspot, associations: [association('990001', '29999')] } }
		} as typeof bp;
		const gym = createHubSpotGym(new HubSpotDb('fixture-spec'));
		const ctx = { gyms: [gym], blueprints: new Map([...all, [broken.id, broken]]), seeds: shippedSeeds() };
		await expect(initRun(ctx, { task_id: broken.id })).rejects.toMatchObject({
			status: 400,
			message: 'task hubspot/broken-v1: fixtures.hubspot.associations[0].toObjectId: companies 29999 does not exist'
		});
		expect(await gym.runMeta()).toBeNull();
	});
});
