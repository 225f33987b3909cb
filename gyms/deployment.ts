/**
 * Which gyms this build serves: the deployment selector, fixed at build time.
 *
 * `SALESGYM_PLATFORM` (environment of `npm run build`, or the image's build argument) is `all` (default: the
 * combined deployment, every gym and the launcher on one origin) or one platform name (a standalone
 * deployment: that gym alone on its own origin). `vite.config.ts` validates it with {@link parseDeployment}
 * and bakes it into the page, the Service Worker and the workers as `__SALESGYM_PLATFORM__`. Code that Vite
 * did not build (Node tests via tsx) sees no constant and gets `all`.
 * No imports: it runs in the SW, the page, the Vite config and Node.
 */

/** The platforms a standalone deployment can serve; also the gym names the nginx state store accepts. */
export const DEPLOYABLE_PLATFORMS = ['hubspot', 'salesnav', 'outreach', 'calendly'] as const;
/** One deployable platform (gym name). */
export type DeployablePlatform = (typeof DEPLOYABLE_PLATFORMS)[number];
/** `all` (combined deployment) or one platform (standalone deployment). */
export type Deployment = 'all' | DeployablePlatform;

declare const __SALESGYM_PLATFORM__: string | undefined;
declare const __SALESGYM_STATE_ORIGIN__: string | undefined;

/**
 * Parses a `SALESGYM_PLATFORM` value; unset or empty means `all`.
 * @throws Error naming the allowed values when `value` is anything else (a typo must not build a combined image).
 */
export function parseDeployment(value: string | undefined): Deployment {
	if (value === undefined || value === '' || value === 'all') return 'all';
	if ((DEPLOYABLE_PLATFORMS as readonly string[]).includes(value)) return value as DeployablePlatform;
	throw new Error(`SALESGYM_PLATFORM="${value}" is not a deployment: use all, ${DEPLOYABLE_PLATFORMS.join(', ')}`);
}

/**
 * Parses a `SALESGYM_STATE_ORIGIN` value: the origin of the exported-state store (`/state/…`), e.g.
 * `http://127.0.0.1:8090`; unset or empty = the page's own origin (the default: each nginx serves `/state/`).
 * @returns the origin without a trailing slash, or `''`.
 * @throws Error when the value is not an http(s) origin (a path or query would break the store URLs).
 */
export function parseStateOrigin(value: string | undefined): string {
	if (value === undefined || value === '') return '';
	if (!/^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?\/?$/.test(value))
		throw new Error(`SALESGYM_STATE_ORIGIN="${value}" is not an http(s) origin such as http://127.0.0.1:8090`);
	return value.replace(/\/$/, '');
}

/** This build's deployment (see the module comment). */
export const DEPLOYMENT: Deployment = parseDeployment(typeof __SALESGYM_PLATFORM__ === 'string' ? __SALESGYM_PLATFORM__ : undefined);

/** Origin of the exported-state store for this build; `''` = same origin as the page/SW. */
export const STATE_ORIGIN: string = parseStateOrigin(typeof __SALESGYM_STATE_ORIGIN__ === 'string' ? __SALESGYM_STATE_ORIGIN__ : undefined);

/**
 * Whether a deployment serves the gym `name`: every gym in `all`, only its own in a standalone deployment.
 * @param deployment default {@link DEPLOYMENT}.
 */
export function servesGym(name: string, deployment: Deployment = DEPLOYMENT): boolean {
	return deployment === 'all' || deployment === name;
}
