/**
 * Executes the blueprint action vocabulary (`blueprints/schema.ts` Action) with Playwright: the oracle's
 * actions and the env's action space are the same thing.
 */
import type { Locator, Page } from '@playwright/test';
import type { Action, Target } from '../blueprints/schema';
import type { ElementRef } from './axtree';
import { waitForSwReady } from './page';

/** Default bound of one action (click, fill, goto, wait_for, …), ms. */
export const ACTION_TIMEOUT_MS = 10_000;

/** Default pixels of a page `scroll`. */
export const SCROLL_PIXELS = 600;

/** The action cannot be done as asked (unknown element id, tab index out of range, …). The env reports it in `info.error`. */
export class InvalidActionError extends Error {
	override name = 'InvalidActionError';
}

/** Tab operations, provided by the env (a bare page has one tab). */
export interface TabControl {
	/** Opens a tab at `path` (default `/`) in the same context, waits for SW control, makes it active. */
	newTab(path: string | undefined): Promise<void>;
	/** Makes tab `index` (0-based, in opening order) active. @throws InvalidActionError when out of range. */
	switchTab(index: number): Promise<void>;
}

/** Options of {@link performAction}. */
export interface PerformOptions {
	/** Bound of the action, ms (default {@link ACTION_TIMEOUT_MS}). */
	timeoutMs?: number;
	/** Element ids of the last observation (needed for `{id}` targets). */
	elements?: ReadonlyMap<string, ElementRef>;
	/** Tab operations (needed for `new_tab` / `switch_tab`). */
	tabs?: TabControl;
}

type AriaRole = Parameters<Page['getByRole']>[0];
type TargetFields = Partial<Record<'role' | 'name' | 'label' | 'text' | 'id', string>>;

/**
 * The Playwright locator of a target: `role`+`name` → `getByRole(role, {name, exact: true})`; `label` →
 * `getByLabel(label, {exact: true})`; `text` → the first element whose text contains it; `id` → the element the
 * last observation printed with that id ({@link ElementRef}).
 * @returns the locator, or null when `t` addresses nothing (page-level `press`/`scroll`).
 * @throws InvalidActionError for an id that the last observation did not print.
 */
export function locate(page: Page, t: TargetFields, elements?: ReadonlyMap<string, ElementRef>): Locator | null {
	if (t.id !== undefined) {
		const ref = elements?.get(t.id);
		if (!ref) throw new InvalidActionError(`no element with id ${t.id} in the last observation`);
		return ref.name === ''
			? page.getByRole(ref.role as AriaRole).nth(ref.nthInRole)
			: page.getByRole(ref.role as AriaRole, { name: ref.name, exact: true }).nth(ref.nth);
	}
	if (t.role !== undefined) return page.getByRole(t.role as AriaRole, { name: t.name ?? '', exact: true });
	if (t.label !== undefined) return page.getByLabel(t.label, { exact: true });
	if (t.text !== undefined) return page.getByText(t.text).first();
	return null;
}

function required(page: Page, t: TargetFields, elements?: ReadonlyMap<string, ElementRef>): Locator {
	const l = locate(page, t, elements);
	if (!l) throw new InvalidActionError('this action needs an element: role+name, label, text or id');
	return l;
}

/** A short human description of a target, e.g. `button "Save"`, `label "Email"`, `#e1a2b3c4`. */
export function describeTarget(t: TargetFields): string {
	if (t.id !== undefined) return `#${t.id}`;
	if (t.role !== undefined) return `${t.role} "${t.name ?? ''}"`;
	if (t.label !== undefined) return `"${t.label}"`;
	if (t.text !== undefined) return `text "${t.text}"`;
	return 'the page';
}

/** A short human description of an action, for error messages, e.g. `click button "Save"`. */
export function describeAction(action: Action): string {
	if ('goto' in action) return `goto ${action.goto}`;
	if ('click' in action) return `click ${describeTarget(action.click)}`;
	if ('fill' in action) return `fill ${describeTarget(action.fill)} with ${JSON.stringify(action.fill.value)}`;
	if ('select' in action) return `select "${action.select.option}" in ${describeTarget(action.select)}`;
	if ('check' in action) return `${action.check.checked === false ? 'uncheck' : 'check'} ${describeTarget(action.check)}`;
	if ('press' in action) return `press ${action.press.key} on ${describeTarget(action.press)}`;
	if ('scroll' in action) return `scroll ${describeTarget(action.scroll)}${action.scroll.direction ? ` ${action.scroll.direction}` : ''}`;
	if ('hover' in action) return `hover ${describeTarget(action.hover)}`;
	if ('new_tab' in action) return `new_tab ${action.new_tab.path ?? '/'}`;
	if ('switch_tab' in action) return `switch_tab ${action.switch_tab.index}`;
	if ('wait' in action) return `wait ${action.wait.ms} ms`;
	if ('done' in action) return action.done.answer === undefined ? 'done' : `done ${JSON.stringify(action.done.answer)}`;
	const w: Target = action.wait_for;
	return w.text !== undefined ? `wait_for text "${w.text}"` : `wait_for ${describeTarget(w)}`;
}

/**
 * Executes one action on `page`:
 * - `goto`: navigates (relative to the context's base URL), then waits for SW control;
 * - `click`/`hover`/`fill`/`select {option}`/`check {checked}`: Playwright's actionability waits, bounded by `timeoutMs`;
 * - `press {key}`: on the element, or on the page's focused element;
 * - `scroll`: the element into view, or the page by `pixels` (default {@link SCROLL_PIXELS}) `down`/`up`;
 * - `new_tab`/`switch_tab`: through `options.tabs`;
 * - `wait {ms}`: sleeps; `wait_for`: until the target is visible; `done`: nothing (the env ends the episode).
 * @throws InvalidActionError when the action addresses nothing valid; Playwright's Error (TimeoutError,
 *   strict-mode violation, …) when it cannot be done in time.
 */
export async function performAction(page: Page, action: Action, options: PerformOptions = {}): Promise<void> {
	const timeout = options.timeoutMs ?? ACTION_TIMEOUT_MS;
	const el = options.elements;
	if ('goto' in action) {
		await page.goto(action.goto, { timeout });
		await waitForSwReady(page, Math.max(timeout, 5_000));
	} else if ('click' in action) {
		await required(page, action.click, el).click({ timeout });
	} else if ('fill' in action) {
		await required(page, action.fill, el).fill(action.fill.value, { timeout });
	} else if ('select' in action) {
		await required(page, action.select, el).selectOption({ label: action.select.option }, { timeout });
	} else if ('check' in action) {
		await required(page, action.check, el).setChecked(action.check.checked ?? true, { timeout });
	} else if ('press' in action) {
		const l = locate(page, action.press, el);
		if (l) await l.press(action.press.key, { timeout });
		else await page.keyboard.press(action.press.key);
	} else if ('scroll' in action) {
		const l = locate(page, action.scroll, el);
		if (l) await l.scrollIntoViewIfNeeded({ timeout });
		else {
			const px = (action.scroll.pixels ?? SCROLL_PIXELS) * (action.scroll.direction === 'up' ? -1 : 1);
			await page.mouse.wheel(0, px);
		}
	} else if ('hover' in action) {
		await required(page, action.hover, el).hover({ timeout });
	} else if ('new_tab' in action) {
		if (!options.tabs) throw new InvalidActionError('new_tab needs the env (no tab control here)');
		await options.tabs.newTab(action.new_tab.path);
	} else if ('switch_tab' in action) {
		if (!options.tabs) throw new InvalidActionError('switch_tab needs the env (no tab control here)');
		await options.tabs.switchTab(action.switch_tab.index);
	} else if ('wait' in action) {
		await page.waitForTimeout(action.wait.ms);
	} else if ('done' in action) {
		// The env ends the episode; nothing to do on the page.
	} else {
		await required(page, action.wait_for, el).waitFor({ state: 'visible', timeout });
	}
}
