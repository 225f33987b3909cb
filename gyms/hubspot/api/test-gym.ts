/**
 * Test helpers of the HubSpot API contract tests: the kit's {@link kitTestGym} over a HubSpot database (reset to
 * seed 1 at {@link T0} before each test), with its request / export shorthands.
 */
import { T0, testGym as kitTestGym, type Json } from '../../kit/test-gym';
import { HubSpotDb } from '../db';
import { createHubSpotGym } from '../index';

export { T0, type Json };

/** A HubSpot gym over database `name`, reset (seed 1, clock {@link T0}) before each test of the calling file. */
export function testGym(name: string) {
	return kitTestGym((n) => {
		const db = new HubSpotDb(n);
		return { db, gym: createHubSpotGym(db) };
	}, name);
}
