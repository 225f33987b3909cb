/**
 * Seed projection for HubSpot: the committed base seed plus a blueprint's fixtures → the gym's initial state.
 */
import seedJson from '../../seeds/base/hubspot.json';
import { byNumericId } from './api/contacts';
import { HubSpotFixture, HubSpotSeed, type HubSpotState } from './schema';

let cached: HubSpotSeed | null = null;

/** The validated base seed (parsed once per process; it is bundled, immutable data). @throws ZodError if the file is invalid. */
export function baseSeed(): HubSpotSeed {
	cached ??= HubSpotSeed.parse(seedJson);
	return cached;
}

/** Seed numbers this build ships. */
export function availableSeeds(): number[] {
	return [baseSeed().seed];
}

/**
 * Applies fixtures on top of the base seed: rows with a new id are added, rows with an existing id replace it.
 * @returns the initial state (rows in id order) and the next ids.
 * @throws Error naming the fixture path when fixtures are invalid, or when a fixture contact's email
 *   duplicates another contact's (HubSpot's uniqueness rule), or an owner id does not resolve.
 */
export function initialState(fixtures: unknown): { state: HubSpotState; next_ids: Record<string, number> } {
	const seed = baseSeed();
	const parsed = HubSpotFixture.safeParse(fixtures ?? {});
	if (!parsed.success) {
		const issue = parsed.error.issues[0];
		throw new Error(`fixtures.hubspot.${issue?.path.join('.')}: ${issue?.message}`);
	}
	const merge = <T extends { id: string }>(base: T[], extra: T[] = []): T[] => {
		const byId = new Map(base.map((r) => [r.id, r]));
		for (const r of extra) byId.set(r.id, r);
		return [...byId.values()].sort(byNumericId);
	};
	const state: HubSpotState = {
		contacts: merge(seed.state.contacts, parsed.data.contacts),
		companies: merge(seed.state.companies, parsed.data.companies),
		owners: merge(seed.state.owners, parsed.data.owners)
	};
	const emails = new Map<string, string>();
	const owners = new Set(state.owners.map((o) => o.id));
	state.contacts.forEach((c, i) => {
		const email = c.properties.email?.toLowerCase();
		if (email) {
			if (emails.has(email)) throw new Error(`fixtures.hubspot.contacts: contact ${c.id} duplicates the email of contact ${emails.get(email)} (${email})`);
			emails.set(email, c.id);
		}
		const owner = c.properties.hubspot_owner_id;
		if (owner && !owners.has(owner)) throw new Error(`fixtures.hubspot.contacts[${i}].properties.hubspot_owner_id: owner ${owner} does not exist`);
	});
	const maxId = (rows: { id: string }[]) => rows.reduce((m, r) => Math.max(m, Number(r.id)), 0);
	return {
		state,
		next_ids: {
			contacts: Math.max(seed.next_ids.contacts, maxId(state.contacts) + 1),
			companies: Math.max(seed.next_ids.companies, maxId(state.companies) + 1)
		}
	};
}
