/**
 * The HubSpot screens' session: the signed-in user, read once per page load by the HubSpot layout and shared
 * with every screen under it through Svelte context (the account menu, "My contacts / companies / deals").
 */
import { getContext, setContext } from 'svelte';
import type { HubSpotError } from './client';
import { getMe, type Me } from './me';

const KEY = Symbol('hubspot-session');

/** The signed-in user of the HubSpot screens. */
export class HubSpotSession {
	/** The user once loaded, null before or when `GET /me` failed. */
	me = $state<Me | null>(null);
	/** The error of `GET /me`, if it failed. */
	error = $state<HubSpotError | null>(null);
	/** Settles when `GET /me` answered (either way). */
	readonly ready: Promise<void>;

	constructor() {
		this.ready = getMe().then((r) => {
			if (r.ok) this.me = r.data;
			else this.error = r.error;
		});
	}
}

/** Creates the session and provides it to the components below (call in the HubSpot layout). */
export function provideHubSpotSession(): HubSpotSession {
	return setContext(KEY, new HubSpotSession());
}

/** The session of the enclosing HubSpot layout, or undefined outside one (a component rendered alone). */
export function hubSpotSession(): HubSpotSession | undefined {
	return getContext<HubSpotSession | undefined>(KEY);
}
