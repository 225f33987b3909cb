/**
 * A plain W3C WebDriver client (HTTP + JSON over `fetch`, no library) and an oracle player on top of it, to
 * show the gym runs under any WebDriver-driven browser, e.g. Debian's `chromium-driver`:
 *
 * ```ts
 * const driver = await startChromedriver({ port: 4196 });
 * const s = await WebDriverSession.create(driver.url, chromeCapabilities());
 * await playOracleOverWebDriver(s, baseUrl, blueprint, 'wd-1');   // → the /verify verdict
 * await s.delete(); await driver.stop();
 * ```
 *
 * Elements are found the way the blueprint addresses them: by ARIA role + accessible name through WebDriver's
 * "Get Computed Role" / "Get Computed Label" commands, by label, or by text.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Action, Blueprint } from '../blueprints/schema';
import { CHROMIUM_ARGS, chromiumExecutable } from './browser';
import { HARNESS_VERIFY_TIMEOUT_MS, type VerifyResponse } from './contract';
import { InfrastructureError } from './errors';
import { verifySteps } from './runner';

/** The W3C element reference key. */
export const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

/** Debian's chromedriver (package `chromium-driver`). */
export const SYSTEM_CHROMEDRIVER = '/usr/bin/chromedriver';

/** How long an oracle action polls for its element, ms. */
export const WD_ACTION_TIMEOUT_MS = 10_000;

/** A WebDriver element reference. */
export type ElementRef = { [ELEMENT_KEY]: string };

/** A running chromedriver. */
export interface Chromedriver {
	/** Base URL, e.g. `http://127.0.0.1:4196`. */
	url: string;
	/** Stops it (SIGTERM to the process we started). */
	stop(): Promise<void>;
}

/**
 * Starts `chromedriver --port=<port>` and waits until `GET /status` says ready (≤ 10 s).
 * @throws InfrastructureError when it does not start.
 */
export async function startChromedriver(opts: { port: number; binary?: string }): Promise<Chromedriver> {
	const child: ChildProcess = spawn(opts.binary ?? SYSTEM_CHROMEDRIVER, [`--port=${opts.port}`], { stdio: 'ignore' });
	const url = `http://127.0.0.1:${opts.port}`;
	const stop = async () => {
		if (child.exitCode !== null) return;
		const exited = new Promise((ok) => child.once('exit', ok));
		child.kill('SIGTERM');
		await exited;
	};
	const t0 = Date.now();
	while (Date.now() - t0 < 10_000) {
		if (child.exitCode !== null) throw new InfrastructureError(`chromedriver exited with code ${child.exitCode}`);
		try {
			const r = (await (await fetch(`${url}/status`)).json()) as { value?: { ready?: boolean } };
			if (r.value?.ready) return { url, stop };
		} catch {
			// not listening yet
		}
		await new Promise((ok) => setTimeout(ok, 100));
	}
	await stop();
	throw new InfrastructureError('chromedriver did not become ready within 10 s');
}

/** W3C capabilities for headless Chromium with the harness's flags and binary. */
export function chromeCapabilities(): Record<string, unknown> {
	const binary = chromiumExecutable('full');
	return {
		alwaysMatch: {
			browserName: 'chrome',
			'goog:chromeOptions': { ...(binary ? { binary } : {}), args: ['--headless', ...CHROMIUM_ARGS] }
		}
	};
}

/** One WebDriver session. Every method is one (or a few) W3C commands. */
export class WebDriverSession {
	private constructor(
		readonly base: string,
		readonly id: string
	) {}

	/**
	 * `POST /session`.
	 * @throws InfrastructureError when the driver refuses.
	 */
	static async create(driverUrl: string, capabilities: Record<string, unknown>): Promise<WebDriverSession> {
		const value = (await command(driverUrl, 'POST', '/session', { capabilities })) as { sessionId: string };
		return new WebDriverSession(driverUrl, value.sessionId);
	}

	private cmd(method: string, path: string, body?: unknown): Promise<unknown> {
		return command(this.base, method, `/session/${this.id}${path}`, body);
	}

	/** Navigate To. */
	async navigate(url: string): Promise<void> {
		await this.cmd('POST', '/url', { url });
	}
	/** Execute Script (sync). */
	execute<T>(script: string, args: unknown[] = []): Promise<T> {
		return this.cmd('POST', '/execute/sync', { script, args }) as Promise<T>;
	}
	/** Execute Async Script: the last argument is the callback. */
	executeAsync<T>(script: string, args: unknown[] = []): Promise<T> {
		return this.cmd('POST', '/execute/async', { script, args }) as Promise<T>;
	}
	/** Set Timeouts (ms). */
	async timeouts(t: { script?: number; implicit?: number; pageLoad?: number }): Promise<void> {
		await this.cmd('POST', '/timeouts', t);
	}
	/** Find Elements (css selector or xpath), from the document or an element. */
	find(using: 'css selector' | 'xpath', value: string, from?: ElementRef): Promise<ElementRef[]> {
		return this.cmd('POST', from ? `/element/${from[ELEMENT_KEY]}/elements` : '/elements', { using, value }) as Promise<ElementRef[]>;
	}
	/** Get Computed Role. */
	role(el: ElementRef): Promise<string> {
		return this.cmd('GET', `/element/${el[ELEMENT_KEY]}/computedrole`) as Promise<string>;
	}
	/** Get Computed Label. */
	label(el: ElementRef): Promise<string> {
		return this.cmd('GET', `/element/${el[ELEMENT_KEY]}/computedlabel`) as Promise<string>;
	}
	/** Get Element Text. */
	text(el: ElementRef): Promise<string> {
		return this.cmd('GET', `/element/${el[ELEMENT_KEY]}/text`) as Promise<string>;
	}
	/** Is Element Displayed (the Selenium atom endpoint chromedriver keeps). */
	displayed(el: ElementRef): Promise<boolean> {
		return this.cmd('GET', `/element/${el[ELEMENT_KEY]}/displayed`) as Promise<boolean>;
	}
	/** Element Click. */
	async click(el: ElementRef): Promise<void> {
		await this.cmd('POST', `/element/${el[ELEMENT_KEY]}/click`, {});
	}
	/** Element Clear. */
	async clear(el: ElementRef): Promise<void> {
		await this.cmd('POST', `/element/${el[ELEMENT_KEY]}/clear`, {});
	}
	/** Element Send Keys. */
	async sendKeys(el: ElementRef, text: string): Promise<void> {
		await this.cmd('POST', `/element/${el[ELEMENT_KEY]}/value`, { text });
	}
	/** Delete Session. */
	async delete(): Promise<void> {
		await command(this.base, 'DELETE', `/session/${this.id}`).catch(() => {});
	}
}

/**
 * Sends one WebDriver command.
 * @returns the answer's `value`.
 * @throws InfrastructureError with the driver's `error: message` on a non-2xx answer.
 */
export async function command(base: string, method: string, path: string, body?: unknown): Promise<unknown> {
	const res = await fetch(`${base}${path}`, {
		method,
		headers: { 'content-type': 'application/json' },
		...(body === undefined ? {} : { body: JSON.stringify(body) })
	});
	const json = (await res.json()) as { value: unknown };
	if (!res.ok) {
		const v = json.value as { error?: string; message?: string };
		throw new InfrastructureError(`WebDriver ${method} ${path}: ${v.error}: ${(v.message ?? '').split('\n')[0]}`);
	}
	return json.value;
}

/** CSS candidates per ARIA role (the computed role then decides). */
const ROLE_CSS: Record<string, string> = {
	button: 'button, [role=button], input[type=submit], input[type=button]',
	link: 'a[href], [role=link]',
	heading: 'h1, h2, h3, h4, h5, h6, [role=heading]',
	cell: 'td, [role=cell]',
	textbox: 'input, textarea, [role=textbox]',
	searchbox: 'input[type=search], [role=searchbox]',
	combobox: 'select, [role=combobox]'
};

async function poll<T>(what: string, probe: () => Promise<T | null>, timeoutMs = WD_ACTION_TIMEOUT_MS): Promise<T> {
	const t0 = Date.now();
	for (;;) {
		const found = await probe().catch(() => null);
		if (found !== null) return found;
		if (Date.now() - t0 > timeoutMs) throw new Error(`${what}: not found within ${timeoutMs} ms`);
		await new Promise((ok) => setTimeout(ok, 100));
	}
}

async function byRole(s: WebDriverSession, role: string, name: string): Promise<ElementRef | null> {
	for (const el of await s.find('css selector', ROLE_CSS[role] ?? `[role=${role}]`)) {
		if ((await s.role(el)) === role && (await s.label(el)).trim() === name && (await s.displayed(el))) return el;
	}
	return null;
}

async function byLabel(s: WebDriverSession, label: string): Promise<ElementRef | null> {
	for (const el of await s.find('css selector', 'input, textarea, select')) {
		if ((await s.label(el)).trim() === label && (await s.displayed(el))) return el;
	}
	return null;
}

function xpathLiteral(s: string): string {
	return s.includes('"') ? `concat("${s.replaceAll('"', '", \'"\', "')}")` : `"${s}"`;
}

async function byText(s: WebDriverSession, text: string): Promise<ElementRef | null> {
	for (const el of await s.find('xpath', `//body//*[not(self::script)][contains(normalize-space(.), ${xpathLiteral(text)})]`)) {
		if (await s.displayed(el)) return el;
	}
	return null;
}

/**
 * Waits until the page is controlled by the SW (`document.body.dataset.swReady === "1"`), up to 15 s: a page
 * that reported `"error"` at its own 5 s bound may still recover (harness/page.ts `waitForSwReady`).
 */
export async function waitForSwReadyWd(s: WebDriverSession): Promise<void> {
	await poll(
		'Service Worker control',
		async () => {
			const state = await s.execute<string | null>(
				'return document.body && document.body.dataset.swReady === "1" && navigator.serviceWorker.controller ? "ok" : null'
			);
			return state;
		},
		15_000
	);
}

/** `fetch` from the page (the SW answers), JSON in and out. @throws InfrastructureError on a non-2xx answer. */
export async function pageJsonWd(s: WebDriverSession, method: string, path: string, body?: unknown): Promise<unknown> {
	const r = await s.executeAsync<{ status: number; text: string }>(
		'const [m, p, b, done] = arguments; fetch(p, {method: m, headers: {"content-type": "application/json"}, body: b}).then(async (r) => done({status: r.status, text: await r.text()}), (e) => done({status: 0, text: String(e)}));',
		[method, path, body === undefined ? null : JSON.stringify(body)]
	);
	if (r.status < 200 || r.status > 299) throw new InfrastructureError(`${method} ${path} answered ${r.status}: ${r.text.slice(0, 300)}`);
	return JSON.parse(r.text) as unknown;
}

/**
 * Executes one blueprint action over WebDriver (the oracle's subset: goto, click, fill, select, wait_for).
 * @throws Error when the element is not found in {@link WD_ACTION_TIMEOUT_MS}, or for another action kind.
 */
export async function performActionWd(s: WebDriverSession, baseUrl: string, action: Action): Promise<void> {
	if ('goto' in action) {
		await s.navigate(`${baseUrl}${action.goto}`);
		await waitForSwReadyWd(s);
	} else if ('click' in action && action.click.role !== undefined) {
		const { role, name = '' } = action.click;
		await s.click(await poll(`${role} "${name}"`, () => byRole(s, role, name)));
	} else if ('fill' in action && action.fill.label !== undefined) {
		const label = action.fill.label;
		const el = await poll(`field "${label}"`, () => byLabel(s, label));
		await s.clear(el);
		await s.sendKeys(el, action.fill.value);
	} else if ('select' in action && action.select.label !== undefined) {
		const { label, option } = action.select;
		const select = await poll(`select "${label}"`, () => byLabel(s, label));
		const opt = await poll(`option "${option}"`, async () => {
			for (const o of await s.find('css selector', 'option', select)) if ((await s.text(o)).trim() === option) return o;
			return null;
		});
		await s.click(opt);
	} else if ('wait_for' in action) {
		const w = action.wait_for;
		if (w.text !== undefined) await poll(`text "${w.text}"`, () => byText(s, w.text as string));
		else if (w.role !== undefined) await poll(`${w.role} "${w.name}"`, () => byRole(s, w.role as string, w.name ?? ''));
		else throw new Error('wait_for over WebDriver needs role+name or text');
	} else {
		throw new Error(`action ${JSON.stringify(action)} is not supported over WebDriver`);
	}
}

/**
 * One oracle episode over WebDriver: open `start_path` → SW control → reset (`POST /__salesgym/run`) → reopen →
 * every oracle action → `POST /verify`.
 * @returns the verdict.
 * @throws InfrastructureError on driver or control-endpoint failures; Error when an action cannot be done.
 */
export async function playOracleOverWebDriver(s: WebDriverSession, baseUrl: string, blueprint: Blueprint, runId: string): Promise<VerifyResponse> {
	await s.timeouts({ script: 30_000, pageLoad: 30_000 });
	await s.navigate(`${baseUrl}${blueprint.start_path}`);
	await waitForSwReadyWd(s);
	await pageJsonWd(s, 'POST', '/__salesgym/run', { task_id: blueprint.id, run_id: runId });
	await s.navigate(`${baseUrl}${blueprint.start_path}`);
	await waitForSwReadyWd(s);
	for (const action of blueprint.steps.flatMap((st) => st.actions)) await performActionWd(s, baseUrl, action);
	return (await pageJsonWd(s, 'POST', '/verify', {
		run_id: runId,
		task_id: blueprint.id,
		steps: verifySteps(blueprint),
		timeout_ms: HARNESS_VERIFY_TIMEOUT_MS
	})) as VerifyResponse;
}
