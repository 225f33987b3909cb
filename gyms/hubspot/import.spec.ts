import { describe, expect, it } from 'vitest';
import type { Association, CrmObject } from './schema';
import { canonicalJson } from '../../verifier/canonical';
import { testGym } from './api/test-gym';

const { gym, snapshot } = testGym('hubspot-import');

describe('HubSpot importState: the reference check (integrity.ts danglingRefs)', () => {
	it('an unchanged export imports back identical (canonical JSON)', async () => {
		const exp = await gym.exportState();
		await gym.importState(exp);
		expect(canonicalJson(await gym.exportState())).toBe(canonicalJson(exp));
	});

	it('a dangling owner or association reference is refused naming the path, and nothing is written', async () => {
		const exp = await gym.exportState();
		const before = await snapshot();
		const contacts = exp.tables.contacts as CrmObject[];
		const owned = contacts.findIndex((c) => c.properties.hubspot_owner_id);
		const badOwner = structuredClone(exp);
		(badOwner.tables.contacts![owned] as CrmObject).properties.hubspot_owner_id = '9999';
		await expect(gym.importState(badOwner)).rejects.toThrow(
			`gyms.hubspot: tables: a reference does not resolve: contacts/${contacts[owned]!.id} properties.hubspot_owner_id → owners/9999`
		);
		const badAssoc = structuredClone(exp);
		const a = badAssoc.tables.associations![0] as Association;
		a.toObjectId = '29999';
		await expect(gym.importState(badAssoc)).rejects.toThrow(
			`gyms.hubspot: tables: a reference does not resolve: associations/${a.id} toObjectId → ${a.toObjectType}/29999`
		);
		expect(await snapshot()).toBe(before);
	});
});
