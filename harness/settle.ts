/**
 * When a screen has settled: the env observes only then (harness/env.ts), and the play benchmark times it
 * (harness/bench-play.ts).
 */
import type { Page } from '@playwright/test';

/** Bound of the wait for `domcontentloaded` before the settle check, ms. */
export const SETTLE_LOAD_TIMEOUT_MS = 30_000;

/**
 * How long the env waits for the UI to settle after an action (no `aria-busy="true"`, no API call or client-side
 * navigation in flight), ms. A bound, not a delay: a settled screen is observed at once. 2 s was exceeded on a
 * loaded 2-core machine, and the half-loaded screen was then observed.
 */
export const SETTLE_TIMEOUT_MS = 5_000;

/**
 * Waits until `page` has settled: the document reached `domcontentloaded`, then the app's runtime answered
 * (`data-sw-ready` set), nothing is marked `aria-busy="true"`, and no API call or client-side navigation is in
 * flight (`data-api-pending` is `"0"`, published by the app's runtime), so phased screens and the screen a link
 * opens are observed complete. A document that is not the app (no SvelteKit body, e.g. a control endpoint's
 * JSON) has nothing to wait for. Never throws: at `timeoutMs` (default {@link SETTLE_TIMEOUT_MS}) the screen is
 * taken as it is.
 */
export async function settlePage(page: Page, timeoutMs = SETTLE_TIMEOUT_MS): Promise<void> {
	await page.waitForLoadState('domcontentloaded', { timeout: SETTLE_LOAD_TIMEOUT_MS }).catch(() => {});
	await page
		.waitForFunction(
			() =>
				!document.querySelector('body[data-sveltekit-preload-data]') ||
				(document.body.dataset.swReady !== undefined && !document.querySelector('[aria-busy="true"]') && (document.body.dataset.apiPending ?? '0') === '0'),
			undefined,
			{ timeout: timeoutMs }
		)
		.catch(() => {});
}
