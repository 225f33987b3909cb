/**
 * The signed-in Calendly user (`GET /users/me`), loaded once by the Calendly layout and shared with every screen
 * through Svelte context.
 */
import { getContext, setContext } from 'svelte';
import { getMe, type User } from './client';

const KEY = Symbol('calendly-session');

/** The session: `me` once loaded, `error` (Calendly's message) when it failed. */
export class CalendlySession {
	me = $state<User | null>(null);
	error = $state<string | null>(null);

	/** Loads `me`; never throws. */
	async load(): Promise<void> {
		const r = await getMe();
		if (r.ok) this.me = r.data.resource;
		else this.error = r.error.message;
	}
}

/** Creates the session, provides it to the children and starts loading it. Call from the layout. */
export function provideCalendlySession(): CalendlySession {
	const s = new CalendlySession();
	setContext(KEY, s);
	void s.load();
	return s;
}

/** The session the Calendly layout provided. */
export function useCalendlySession(): CalendlySession {
	return getContext<CalendlySession>(KEY);
}
