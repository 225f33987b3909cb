/**
 * The paths only the Service Worker answers: each gym's API (`/api/<gym>/…`), the run lifecycle
 * (`/__salesgym/…`) and `/verify`. One definition for everyone who must tell them apart: the SW's routes and
 * its navigation denylist, `salesgym serve` (503 JSON when such a request escapes the SW), and the nginx
 * config to come. No imports: it runs in the SW and in Node.
 */

/** Path prefixes (and exact paths, without the trailing slash) answered by the SW. */
export const SW_PREFIXES = ['/api', '/__salesgym', '/verify'] as const;

/**
 * Matches a path (optionally followed by a query string) that only the SW answers: a prefix itself or
 * anything below it. A real RegExp, so it also serves as a Workbox `NavigationRoute` denylist entry
 * (which tests pathname + search).
 */
export const SW_PATH_RE = new RegExp(`^(?:${SW_PREFIXES.join('|')})(?:[/?]|$)`);

/**
 * True for a path only the SW answers, e.g. `/api/hubspot/…`, `/__salesgym/run`, `/verify`; false for
 * look-alikes such as `/apiary` or `/verify-email`.
 * @param pathname URL pathname.
 */
export function isServiceWorkerPath(pathname: string): boolean {
	return SW_PATH_RE.test(pathname);
}

/**
 * Request header that carries an episode's seal secret on a harness's control calls (16–256 printable ASCII
 * characters; README "Sealed episodes", sw/seal.ts).
 */
export const SEAL_HEADER = 'x-salesgym-seal';

/**
 * Request header of a `POST /__salesgym/run` (admitted with the current secret in {@link SEAL_HEADER}) that seals the
 * new run with another secret: how a harness reusing a browser profile gives each episode a fresh secret.
 */
export const SEAL_NEXT_HEADER = 'x-salesgym-seal-next';

/** Where the offline demo's server (`salesgym serve`) serves the tasks' steps for the launcher's Check; a sealed server does not. */
export const DEMO_TASKS_PATH = '/demo/tasks.json';
