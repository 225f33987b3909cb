/**
 * The gyms this build serves, in a fixed order (the order of `counts` and of export keys before sorting).
 * The Service Worker, the run lifecycle and the harness read gyms only through here.
 */
import { createCalendlyGym } from './calendly';
import { createHubSpotGym } from './hubspot';
import { createOutreachGym } from './outreach';
import { createSalesNavGym } from './salesnav';
import { shippedWorlds } from '../seeds';
import type { Gym } from './types';

/** Creates one instance of every gym over its default database. */
export function createGyms(): Gym[] {
	return [createHubSpotGym(), createOutreachGym(), createCalendlyGym(), createSalesNavGym()];
}

/**
 * Seed numbers this build ships → their epoch (UTC ISO-8601 ms), the clock of a sandbox run.
 * Source: the committed seed worlds `seeds/world-<seed>.json` (every gym projects from them).
 */
export function shippedSeeds(): Map<number, string> {
	return shippedWorlds();
}
