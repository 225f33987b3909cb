/**
 * `GET /api/<gym>/me`: the acting (logged-in) team user of a gym, the same route and shape in every gym. The
 * actor is chosen per run (a blueprint's `actors`, default 1001) and kept in the gym's run meta; the person
 * comes from the run's seed world.
 */
import { seedUsers } from '../../seeds';
import type { RunMeta } from '../types';

/** The answer of `GET /me`: the team user, as the seed world describes them. */
export interface Me {
	/** World user id, e.g. `"1001"` (HubSpot owner id, Sales Navigator seat id). */
	id: string;
	/** Work login email at salesgym.io. */
	email: string;
	firstName: string;
	lastName: string;
	/** `sdr`, `ae` or `manager`. */
	role: string;
	/** Job title, e.g. `Account Executive`. */
	title: string;
	/** IANA time zone of the user, e.g. `America/New_York`. */
	timeZone: string;
}

/**
 * The acting user of the run `meta`.
 * @returns the user, or null when the actor is not a user of the run's seed world.
 * @throws Error when the seed is not shipped.
 */
export function actingUser(meta: Pick<RunMeta, 'seed' | 'actor'>): Me | null {
	const u = seedUsers(meta.seed).find((x) => x.id === meta.actor);
	return u ? { id: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, role: u.role, title: u.title, timeZone: u.timeZone } : null;
}
