/**
 * The harness's side of a sealed episode (README "Sealed episodes"): the episode's secret, and which URLs an agent
 * may navigate to. In a sealed episode the agent stays on the gym origin's product routes (`/<platform>` and
 * below): no other origin, no protocol-relative `//host/…`, no absolute URL, no control path (`/api/…`,
 * `/__salesgym/…`, `/verify`), no launcher (`/`), no static file.
 */
import { randomBytes } from 'node:crypto';
import { PLATFORMS } from '../blueprints/schema';
import { isServiceWorkerPath } from '../sw/paths';

/** Environment variable that makes every harness episode unsealed when set to `1` (debugging). */
export const UNSEALED_ENV = 'SALESGYM_UNSEALED';

/** Whether episodes are sealed by default: yes, unless `SALESGYM_UNSEALED=1`. */
export function sealedByDefault(env: NodeJS.ProcessEnv = process.env): boolean {
	return env[UNSEALED_ENV] !== '1';
}

/** A fresh episode secret: 32 random bytes, base64url (43 characters). */
export function newSecret(): string {
	return randomBytes(32).toString('base64url');
}

/** Paths an agent may open: each platform's screens, and the team's Rules of Engagement (`/policy/…`). */
const PRODUCT_PATH = new RegExp(`^/(?:${[...PLATFORMS, 'policy'].join('|')})(?:[/?#]|$)`);

/**
 * True for a URL of a product screen on the gym origin: same origin as `baseUrl`, pathname `/<platform>` or below
 * (or the team's policy page under `/policy/`),
 * not a control path (`/api/…` included: the agent uses the product, not its API), no dot in the last segment
 * (a static file).
 * @param url an absolute URL (e.g. a tab's `page.url()`).
 * @param baseUrl the gym origin, e.g. `http://127.0.0.1:4173`.
 */
export function isProductUrl(url: string, baseUrl: string): boolean {
	let u: URL;
	try {
		u = new URL(url);
	} catch {
		return false;
	}
	if (u.origin !== new URL(baseUrl).origin) return false;
	if (u.username !== '' || u.password !== '') return false;
	if (isServiceWorkerPath(u.pathname) || !PRODUCT_PATH.test(u.pathname)) return false;
	return !/\.[^/]*$/.test(u.pathname);
}

/**
 * Why an agent's `goto`/`new_tab` target is refused in a sealed episode, or null when it is a product path.
 * The target must be a path (`/…`, not `//…` nor `/\…`, no control characters) that resolves on the gym origin
 * to a product URL ({@link isProductUrl}).
 * @param target the action's path, as the agent wrote it.
 * @param baseUrl the gym origin.
 */
export function navigationError(target: string, baseUrl: string): string | null {
	const why = `only the gym's product screens (${PLATFORMS.map((p) => `/${p}/…`).join(', ')}) and the team's policy (/policy/…) can be opened`;
	// eslint-disable-next-line no-control-regex
	if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\') || /[\\\u0000-\u001f\u007f]/.test(target)) return `${why}: give a path`;
	let resolved: string;
	try {
		resolved = new URL(target, baseUrl).href;
	} catch {
		return `${why}: not a valid path`;
	}
	return isProductUrl(resolved, baseUrl) ? null : why;
}
