/**
 * Accessibility check shared by the screen tests: runs axe-core (via @axe-core/playwright) on the page as it
 * is now and fails with a readable list when any violation has impact `serious` or `critical` (the bar every screen
 * is held to: no serious or critical violation).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Asserts that axe finds no serious or critical violation on `page` (WCAG 2.0/2.1 A and AA rules).
 * @param include optional CSS selector(s) to scope the scan (e.g. an open dialog; several: their union); the whole
 *   page by default.
 * @throws the Playwright assertion error listing `rule: impact: target… (help)` per violation.
 */
export async function expectNoSeriousA11yViolations(page: Page, include?: string | readonly string[]): Promise<void> {
	let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
	for (const selector of include === undefined ? [] : typeof include === 'string' ? [include] : include) builder = builder.include(selector);
	const { violations } = await builder.analyze();
	const bad = violations
		.filter((v) => v.impact === 'serious' || v.impact === 'critical')
		.map(
			(v) =>
				`${v.id}: ${v.impact}: ${v.nodes
					.map((n) => n.target.join(' '))
					.slice(0, 5)
					.join(', ')} (${v.help})`
		);
	expect(bad, `axe violations on ${page.url()}`).toEqual([]);
}
