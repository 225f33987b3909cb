/**
 * The gyms this build serves, in a fixed order (the order of `counts` and of export keys before sorting).
 * The Service Worker, the run lifecycle and the harness read gyms only through here.
 */
import { createCalendlyGym } from './calendly';
import { CalendlyDb } from './calendly/db';
import { servesGym } from './deployment';
import { createHubSpotGym } from './hubspot';
import { HubSpotDb } from './hubspot/db';
import { memoryDbOptions } from './memory-db';
import { createOutreachGym } from './outreach';
import { OutreachDb } from './outreach/db';
import { createSalesNavGym } from './salesnav';
import { SalesNavDb } from './salesnav/db';
import { shippedWorlds } from '../seeds';
import type { Gym } from './types';

/**
 * Creates one instance of every gym this deployment serves: all of them in the combined build, only
 * `SALESGYM_PLATFORM`'s gym in a standalone one (gyms/deployment.ts).
 * @param opts.journaled each gym's state in memory (fake-indexeddb, gyms/memory-db.ts), journaled to its default
 * database (the Service Worker's gyms: a first load writes no seed row to the browser's IndexedDB); default: each
 * gym over its default database alone (Node, where `indexedDB` is fake-indexeddb already).
 */
export function createGyms(opts: { journaled?: boolean } = {}): Gym[] {
	// Only the served gyms are created: a created gym registers its database with the run-wide order (gyms/kit),
	// which reads the metas of every registered database after a restart.
	/** A gym's database and journal: in memory over its default database when journaled, else the default alone. */
	const pair = <D>(make: (options?: ReturnType<typeof memoryDbOptions>) => D): [D, D | undefined] =>
		opts.journaled ? [make(memoryDbOptions()), make()] : [make(), undefined];
	const factories: [string, () => Gym][] = [
		['hubspot', () => createHubSpotGym(...pair((o) => new HubSpotDb(undefined, o)))],
		['outreach', () => createOutreachGym(...pair((o) => new OutreachDb(undefined, o)))],
		['calendly', () => createCalendlyGym(...pair((o) => new CalendlyDb(undefined, o)))],
		['salesnav', () => createSalesNavGym(...pair((o) => new SalesNavDb(undefined, o)))]
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
