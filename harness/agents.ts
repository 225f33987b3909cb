/**
 * Agents the harness can run. An agent acts through the UI only (Playwright, like a user); the reward comes
 * from `POST /verify` afterwards, never from the agent.
 */
import type { Page } from '@playwright/test';
import type { Action, Blueprint } from '../blueprints/schema';
import { UsageError } from './errors';
import { waitForSwReady } from './page';

/** Timeout of one oracle action (click, fill, goto, …), ms. */
export const ACTION_TIMEOUT_MS = 10_000;

/** What the runner tells an agent about its episode. */
export interface AgentContext {
	/** Base URL of the gym origin, no trailing slash, e.g. `http://127.0.0.1:41233`. */
	baseUrl: string;
	/** Id of the run the episode belongs to. */
	runId: string;
}

/** An agent: acts on `page` (already on `blueprint.start_path`, reset and SW-controlled) until it is done. */
export interface Agent {
	/** Name used on the CLI (`--agent`). */
	name: string;
	/**
	 * Acts on the page. Resolves when the agent is done; rejects when it cannot go on (the runner records the
	 * message and still verifies the final state).
	 */
	act(page: Page, blueprint: Blueprint, ctx: AgentContext): Promise<void>;
}

/** A short human description of an action, for error messages, e.g. `click button "Save"`. */
export function describeAction(action: Action): string {
	if ('goto' in action) return `goto ${action.goto}`;
	if ('click' in action) return `click ${action.click.role} "${action.click.name}"`;
	if ('fill' in action) return `fill "${action.fill.label}" with ${JSON.stringify(action.fill.value)}`;
	if ('select' in action) return `select "${action.select.option}" in "${action.select.label}"`;
	const w = action.wait_for;
	return 'text' in w ? `wait_for text "${w.text}"` : `wait_for ${w.role} "${w.name}"`;
}

type AriaRole = Parameters<Page['getByRole']>[0];

/**
 * Executes one blueprint action with Playwright ({@link ACTION_TIMEOUT_MS} per action):
 * - `goto`: navigates to the path (relative to the context's base URL), then waits for SW control;
 * - `click {role,name}`: `getByRole(role, {name, exact: true}).click()`;
 * - `fill {label,value}`: `getByLabel(label, {exact: true}).fill(value)`;
 * - `select {label,option}`: `getByLabel(label, {exact: true}).selectOption({label: option})`;
 * - `wait_for {role,name}`: that element visible; `wait_for {text}`: the first element containing the text
 *   (Playwright's default substring match) visible.
 * @throws Error (Playwright's, e.g. a TimeoutError or a strict-mode violation) when the action cannot be done.
 */
export async function performAction(page: Page, action: Action): Promise<void> {
	const timeout = ACTION_TIMEOUT_MS;
	if ('goto' in action) {
		await page.goto(action.goto, { timeout });
		await waitForSwReady(page, timeout);
	} else if ('click' in action) {
		await page.getByRole(action.click.role as AriaRole, { name: action.click.name, exact: true }).click({ timeout });
	} else if ('fill' in action) {
		await page.getByLabel(action.fill.label, { exact: true }).fill(action.fill.value, { timeout });
	} else if ('select' in action) {
		await page.getByLabel(action.select.label, { exact: true }).selectOption({ label: action.select.option }, { timeout });
	} else {
		const w = action.wait_for;
		const locator = 'text' in w ? page.getByText(w.text).first() : page.getByRole(w.role as AriaRole, { name: w.name, exact: true });
		await locator.waitFor({ state: 'visible', timeout });
	}
}

/** The oracle: executes every step's `actions` in order. Rejects with `step N action M (…): <error>`. */
export const oracle: Agent = {
	name: 'oracle',
	async act(page, blueprint) {
		for (const [i, step] of blueprint.steps.entries()) {
			for (const [j, action] of step.actions.entries()) {
				try {
					await performAction(page, action);
				} catch (e) {
					throw new Error(`step ${i} action ${j} (${describeAction(action)}): ${(e as Error).message.split('\n')[0]}`, { cause: e });
				}
			}
		}
	}
};

/** Does nothing: the baseline whose score shows what a fresh reset already satisfies. */
export const noop: Agent = {
	name: 'noop',
	async act() {}
};

/** Every agent by CLI name. */
export const AGENTS: Readonly<Record<string, Agent>> = { oracle, noop };

/**
 * Looks an agent up by name.
 * @throws UsageError for an unknown name, listing the known ones.
 */
export function agentByName(name: string): Agent {
	const agent = Object.hasOwn(AGENTS, name) ? AGENTS[name] : undefined;
	if (!agent) throw new UsageError(`unknown agent "${name}". Known agents: ${Object.keys(AGENTS).join(', ')}`);
	return agent;
}
