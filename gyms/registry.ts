/**
 * The gyms this build serves, in a fixed order (the order of `counts` and of export keys before sorting).
 * The Service Worker, the run lifecycle and the harness read gyms only through here.
 */
import { createCalendlyGym } from './calendly';
import { servesGym } from './deployment';
import { createHubSpotGym } from './hubspot';
import { createOutreachGym } from './outreach';
import { createSalesNavGym } from './salesnav';
import { shippedWorlds } from '../seeds';
import type { Gym } from './types';

/**
 * Creates one instance of every gym this deployment serves, over its default database: all of them in the
 * combined build, only `SALESGYM_PLATFORM`'s gym in a standalone one (gyms/deployment.ts).
 */
export function createGyms(): Gym[] {
	// Only the served gyms are created: a created gym registers its database with the run-wide order (gyms/kit),
	// which reads the metas of every registered database after a restart.
	const factories: [string, () => Gym][] = [
		['hubspot', () => createHubSpotGym()],
		['outreach', () => createOutreachGym()],
		['calendly', () => createCalendlyGym()],
		['salesnav', () => createSalesNavGym()]
	];
	return factories.filter(([name]) => servesGym(name)).map(([, create]) => create());
}

/**
 * Seed numbers this build ships → their epoch (UTC ISO-8601 ms), the clock of a sandbox run.
 * Source: the committed seed worlds `seeds/world-<seed>.json` (every gym projects from them).
 */
export function shippedSeeds(): Map<number, string> {
	return shippedWorlds();
}
