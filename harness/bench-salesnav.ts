/**
 * `salesnav_filter_interactive` of `salesgym bench`: Sales Navigator's Lead search, time from a filter change to the
 * new results being on screen and interactive.
 */
import type { Page } from '@playwright/test';
import { InfrastructureError } from './errors';
import { resetRun } from './runner';

/** Warm-up changes dropped before sampling (first renders, caches). */
const WARMUP_CHANGES = 2;

/** The pill toggled: "Include Vice President" in the Seniority level filter, then its "Remove Vice President". */
export const FILTER_INTERACTIVE_PILL = 'Vice President';

/**
 * `salesnav_filter_interactive`: on `/salesnav/search/people` over the 3,000 seed leads (after one reset of the
 * run to `taskId`'s seed), each sample alternately adds the Seniority level pill "Vice President" (the value row's
 * "Include" button) and removes it (the pill's "Remove" button), timed in the page from the click (dispatched in
 * the page, `performance.now()`) to the first DOM mutation after which the result count shown has changed, no API
 * call is pending (`body[data-api-pending="0"]`) and the first result row's lead link is laid out. Runs in a second
 * tab of the bench context, so the bench page is left as it was.
 * @param page a page on the gym origin (its context is used); @param samples changes to time after the warm-up.
 * @returns durations, ms, one per change.
 * @throws InfrastructureError when the screen does not load, or a change does not re-render within 10 s.
 */
export async function benchFilterInteractive(page: Page, taskId: string | undefined, samples: number): Promise<number[]> {
	await resetRun(page, taskId, `bench-sn-filter-${Date.now()}`);
	const tab = await page.context().newPage();
	try {
		await tab.goto('/salesnav/search/people');
		const rail = tab.getByRole('complementary', { name: 'Filters' });
		try {
			await tab.locator('body[data-api-pending="0"] ol[aria-label="Search results"] li a[href]').first().waitFor({ timeout: 10_000 });
			await rail.getByRole('group', { name: 'Seniority level' }).getByRole('button', { name: 'Seniority level' }).click();
			await rail.getByRole('button', { name: `Include ${FILTER_INTERACTIVE_PILL}`, exact: true }).waitFor({ timeout: 10_000 });
		} catch (e) {
			throw new InfrastructureError(`salesnav_filter_interactive: Lead search did not load: ${(e as Error).message.split('\n')[0]}`, { cause: e });
		}
		const out: number[] = [];
		for (let i = 0; i < samples + WARMUP_CHANGES; i++) {
			const label = i % 2 === 0 ? `Include ${FILTER_INTERACTIVE_PILL}` : `Remove ${FILTER_INTERACTIVE_PILL}`;
			const ms = await tab.evaluate(async (label) => {
				// No named inner functions here: tsx would wrap them in a `__name()` helper the page does not have.
				const button = Array.from(document.querySelectorAll('aside button')).find((b) => b.getAttribute('aria-label') === label) as
					HTMLButtonElement | undefined;
				const status = Array.from(document.querySelectorAll('[role="status"]')).find((s) => / results$/.test(s.textContent ?? ''));
				if (!button || !status) return -1;
				const before = status.textContent;
				return await new Promise<number>((resolve) => {
					const timer = setTimeout(() => resolve(-2), 10_000);
					const t0 = performance.now();
					const observer = new MutationObserver(() => {
						const link = document.querySelector('ol[aria-label="Search results"] li a[href]');
						if (status.textContent !== before && document.body.dataset.apiPending === '0' && link && link.getBoundingClientRect().height > 0) {
							const ms = performance.now() - t0;
							observer.disconnect();
							clearTimeout(timer);
							resolve(ms);
						}
					});
					observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
					button.click();
				});
			}, label);
			if (ms < 0)
				throw new InfrastructureError(`salesnav_filter_interactive: ${label} ${ms === -1 ? 'not found' : 'did not re-render the results within 10 s'}`);
			if (i >= WARMUP_CHANGES) out.push(ms);
		}
		return out;
	} finally {
		await tab.close().catch(() => {});
	}
}
