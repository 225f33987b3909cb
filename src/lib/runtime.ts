/**
 * Page runtime: registers the Service Worker that serves every gym's API and waits until it controls the page.
 *
 * Why: on the first load of a fresh browser context the page is not controlled, and a fetch made before
 * `clients.claim()` goes to the network (stack-notes "First load is not intercepted"). Every API call
 * awaits {@link swReady} first. Readiness is published as `document.body.dataset.swReady`:
 * `"1"` when controlled, `"error"` when the bound passed (the layout then shows a visible alert). A first
 * install that is only slow (a loaded machine) still recovers: when control arrives after the bound, the flag
 * turns `"1"`, {@link swReady} resolves from then on, and {@link swControl} lets the layout drop its alert.
 */
import { installVerifyBridge, verifierWorker } from './verify-bridge';

/** How long the page waits for SW control before giving up, ms. */
export const SW_READY_TIMEOUT_MS = 5000;

let ready: Promise<void> | null = null;
let control: Promise<void> | null = null;

/**
 * Resolves when the Service Worker controls the page, however long that takes (no bound; {@link swReady}
 * must have been called, else it never resolves).
 */
export function swControl(): Promise<void> {
	return control ?? new Promise<void>(() => {});
}

/**
 * Registers `/service-worker.js` (once) and resolves when `navigator.serviceWorker.controller` is set.
 * @throws Error after {@link SW_READY_TIMEOUT_MS} ms without control, or when service workers are unavailable.
 */
export function swReady(): Promise<void> {
	if (ready) return ready;
	ready = (async () => {
		if (!('serviceWorker' in navigator)) throw new Error('This browser has no Service Worker support: salesgym cannot run here.');
		installVerifyBridge();
		const controlled = new Promise<void>((resolve) => {
			if (navigator.serviceWorker.controller) return resolve();
			navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
		});
		control = controlled;
		const timeout = () =>
			new Promise<never>((_, reject) =>
				setTimeout(
					() => reject(new Error(`The gym's Service Worker did not take control within ${SW_READY_TIMEOUT_MS / 1000} s. Reload the page.`)),
					SW_READY_TIMEOUT_MS
				)
			);
		const registration = navigator.serviceWorker.register('/service-worker.js', {
			type: import.meta.env.DEV ? 'module' : 'classic',
			scope: '/'
		});
		// Already controlled (every load after the first): the APIs are intercepted now, so the screen need not
		// wait for register() (which resolves only after the browser looked at the registration, tens of ms).
		if (navigator.serviceWorker.controller) void registration.catch(() => undefined);
		else await Promise.race([registration.then(() => controlled), timeout()]);
		document.body.dataset.swReady = '1';
		warmVerifierOnce();
	})();
	ready.catch(() => {
		document.body.dataset.swReady = 'error';
		control?.then(() => {
			ready = Promise.resolve();
			document.body.dataset.swReady = '1';
			warmVerifierOnce();
		});
	});
	return ready;
}

/**
 * localStorage key set once the verifier's chunks and jq wasm went through the SW (and so sit in its cache) and the
 * SW cached the app's own files ({@link warmAssets}): from then on the app works offline.
 */
export const VERIFIER_WARM_KEY = 'salesgym:verifier-warm';

/**
 * How long a page waits after its Service Worker is ready before its warm-up ({@link warmVerifierOnce}), ms. A harness
 * resets a fresh context right after its first navigation and then loads the start page: run beside them, the
 * warm-up (the jq wasm compiled, ~165 files fetched and cached) took a third of that first reset (HubSpot task, 2
 * cores: 973–1,162 ms with it, 652–754 ms without) and ~0.8 s of the first load.
 */
export const WARM_DELAY_MS = 3_000;

/** Bound of the SW's asset warm-up, ms (a few hundred local files). */
const WARM_ASSETS_TIMEOUT_MS = 60_000;

/**
 * Asks the controlling SW to cache every `/_app/immutable/` file of the build that it has not cached yet
 * (sw/index.ts `warmAssets`; they are not precached at install, which would delay the first load's control).
 * @returns how many files it fetched. @throws Error when it reports a failure, there is no controller, or it does
 *   not answer within {@link WARM_ASSETS_TIMEOUT_MS}.
 */
function warmAssets(): Promise<number> {
	if (import.meta.env.DEV) return Promise.resolve(0);
	return new Promise((resolve, reject) => {
		const sw = navigator.serviceWorker.controller;
		if (!sw) return reject(new Error('no Service Worker controls the page'));
		const channel = new MessageChannel();
		const timer = setTimeout(() => reject(new Error(`the Service Worker did not cache the app within ${WARM_ASSETS_TIMEOUT_MS} ms`)), WARM_ASSETS_TIMEOUT_MS);
		channel.port1.onmessage = (ev: MessageEvent<{ ok: boolean; fetched?: number; error?: string }>) => {
			clearTimeout(timer);
			channel.port1.close();
			if (ev.data.ok) resolve(ev.data.fetched ?? 0);
			else reject(new Error(ev.data.error ?? 'the Service Worker could not cache the app'));
		};
		sw.postMessage({ type: 'salesgym:warm-assets' }, [channel.port2]);
	});
}

/**
 * Once per browser profile, {@link WARM_DELAY_MS} after the Service Worker is ready and then when the page is idle,
 * loads the verifier worker and its jq wasm, and has the SW cache the prebuilt seed projections and the app's files
 * ({@link warmAssets}). The SW caches the verifier on the way (its `/_app/immutable/` CacheFirst
 * route; SvelteKit does not list worker chunks), so a later `/verify` works offline and skips the download.
 */
function warmVerifierOnce(): void {
	if (localStorage.getItem(VERIFIER_WARM_KEY)) return;
	const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200));
	setTimeout(
		() =>
			idle(() => {
				Promise.all([verifierWorker().warm(), warmAssets()])
					.then(() => localStorage.setItem(VERIFIER_WARM_KEY, '1'))
					.catch(() => undefined); // a later /verify reports the error; the next load tries the warm-up again
			}),
		WARM_DELAY_MS
	);
}

/**
 * `fetch` for gym APIs: waits for SW control, then fetches with a JSON body when `json` is given.
 * @returns the Response (any status; callers read vendor-shaped error bodies themselves).
 */
export async function apiFetch(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
	await swReady();
	const { json, ...rest } = init;
	if (json !== undefined) {
		rest.body = JSON.stringify(json);
		rest.headers = { 'content-type': 'application/json', ...(rest.headers ?? {}) };
	}
	return fetch(path, rest);
}

/** Outcome of {@link apiJson}: the parsed 2xx body, or the status (0 = no response) and whatever body came back. */
export type JsonOutcome<T> = { ok: true; data: T } | { ok: false; status: number; body: unknown; networkError?: string };

/**
 * {@link apiFetch} plus JSON parsing; never throws. A 2xx whose body is not JSON (e.g. the SPA fallback page
 * when the Service Worker is missing) is a failure, so a client never mistakes HTML for data.
 * @returns `{ok: true, data}` on a parsed 2xx; otherwise `{ok: false, status, body}` (`body` undefined when
 *   not JSON), with `networkError` set and `status` 0 when the request itself failed.
 */
export async function apiJson<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<JsonOutcome<T>> {
	markPending(1);
	try {
		return await apiJsonOnce<T>(path, init);
	} finally {
		markPending(-1);
	}
}

/** API calls in flight on this page (requested, body not yet parsed). */
let pendingApiCalls = 0;

/**
 * Publishes the number of API calls in flight as `document.body.dataset.apiPending`, so that a harness can wait
 * until a screen has settled (every load answered and rendered) before it observes: `"0"` when idle. Screens
 * that load in phases (rows first, then owners and companies) thus never yield a half-loaded observation.
 */
function markPending(delta: number): void {
	pendingApiCalls += delta;
	if (typeof document !== 'undefined' && document.body) document.body.dataset.apiPending = String(pendingApiCalls);
}

/**
 * Runs `work` after the next paint (so the rows already loaded are painted first) while the page counts as busy
 * in `data-api-pending` from now until `work` settles: a harness never observes the gap between the first phase
 * of a screen and the deferred one. `work`'s rejection is left to `work` (it is awaited, not rethrown).
 */
export function afterPaint(work: () => Promise<unknown>): void {
	markPending(1);
	requestAnimationFrame(() =>
		setTimeout(() => {
			void Promise.resolve()
				.then(work)
				.catch(() => {})
				.finally(() => markPending(-1));
		})
	);
}

/**
 * A debounce timer the harness waits for: the page counts as busy (`data-api-pending`) from the call until
 * `work` has settled, or until the returned cancel function is called (a newer keystroke re-arms the timer).
 * @param ms delay before `work` runs, ms.
 * @returns cancel: clears the timer and releases the busy mark (idempotent).
 */
export function busyTimeout(work: () => unknown, ms: number): () => void {
	const release = holdBusy();
	const timer = setTimeout(() => {
		void Promise.resolve()
			.then(work)
			.catch(() => {})
			.finally(release);
	}, ms);
	return () => {
		clearTimeout(timer);
		release();
	};
}

/** A busy mark held until released: `markPending(1)` now, `markPending(-1)` at the first call of the release. */
function holdBusy(): () => void {
	markPending(1);
	let released = false;
	return () => {
		if (released) return;
		released = true;
		markPending(-1);
	};
}

/** Fallback bound of a link click's busy mark when no animation frame comes (a background tab), ms. */
export const NAVIGATION_CLAIM_MS = 500;

/** The busy mark of the client-side navigation under way, if any; `seen`: SvelteKit has reported it in flight. */
let navigation: { release: () => void; seen: boolean } | null = null;

/**
 * Marks the page busy for the client-side navigation a click on an in-app link starts. SvelteKit answers such a
 * click by preventing its default, then waits a frame and a task ("allow the browser to repaint") before it
 * starts navigating, and only then loads the route's code and renders the next screen: without this mark a
 * harness that observes in that gap sees the previous screen, idle, as if the click had done nothing. The mark
 * is released by {@link navigationChanged} when the navigation is over, or after SvelteKit's own delay (one frame
 * and a task; {@link NAVIGATION_CLAIM_MS} ms when no frame comes) when no navigation started (a click that
 * SvelteKit let go, e.g. to a fragment of the same page).
 */
export function navigationRequested(): void {
	if (navigation) return;
	const held = { release: holdBusy(), seen: false };
	navigation = held;
	// SvelteKit scheduled its frame and task during the same click: these callbacks run after its.
	const claim = () => {
		if (navigation === held && !held.seen) {
			held.release();
			navigation = null;
		}
	};
	requestAnimationFrame(() => setTimeout(() => setTimeout(claim)));
	setTimeout(claim, NAVIGATION_CLAIM_MS);
}

/**
 * Follows SvelteKit's navigation state (`navigating.type !== null` of `$app/state`): a navigation in flight keeps the
 * page busy (whether a link click or `goto` started it) until it is over, when the next screen has mounted and
 * marked its own loads.
 * @param inFlight whether a client-side navigation is under way.
 */
export function navigationChanged(inFlight: boolean): void {
	if (inFlight) {
		if (navigation) navigation.seen = true;
		else navigation = { release: holdBusy(), seen: true };
	} else if (navigation?.seen) {
		navigation.release();
		navigation = null;
	}
}

async function apiJsonOnce<T>(path: string, init: RequestInit & { json?: unknown }): Promise<JsonOutcome<T>> {
	let response: Response;
	try {
		response = await apiFetch(path, init);
	} catch (e) {
		return { ok: false, status: 0, body: undefined, networkError: e instanceof Error ? e.message : String(e) };
	}
	let body: unknown = undefined;
	let parsed = false;
	try {
		body = await response.json();
		parsed = true;
	} catch {
		// not JSON: reported as a failure below
	}
	if (response.ok && parsed) return { ok: true, data: body as T };
	return { ok: false, status: response.status, body };
}

/**
 * The run's virtual now as a gym's product API tells it (`GET /api/<gym>/clock` → `{clock}`, UTC ISO-8601 ms): what
 * a screen treats as "today". Product screens read the clock here, never from the run's control endpoints.
 * @param gym the gym whose API answers, e.g. `hubspot`, `calendly`.
 * @returns the clock, or null before a run exists (the gym's 409) or on any other error.
 */
export async function gymClock(gym: string): Promise<string | null> {
	const r = await apiJson<{ clock: string }>(`/api/${gym}/clock`);
	return r.ok && typeof r.data.clock === 'string' ? r.data.clock : null;
}
