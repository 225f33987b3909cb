/**
 * Chromium launch options shared by the CLI (`salesgym run|bench`) and `playwright.config.ts`.
 *
 * Playwright cannot download its own browser on this network, so we drive Debian's Chromium (see
 * `harness/ensure-browser.js`, which installs it): its headless shell (`/usr/bin/chromium-headless-shell`, package
 * `chromium-headless-shell`, the same Blink and V8 without the full browser's UI layer; Playwright's own default for
 * headless Chromium) when it is installed, else `/usr/bin/chromium`. The flags keep Chromium from opening background
 * connections that the closed network refuses (node machine notes) and let it run as root. `--js-flags=--optimize-for-size` cuts the memory
 * of a context (`harness/bench-memory.ts`, README "Memory of one context"): V8 grows its heaps less before
 * collecting, so the Service Worker's heap stays near its live size. (Not `--disable-features=…`: Chromium keeps
 * only the last such switch, which would drop the list Playwright passes.)
 */
import { existsSync } from 'node:fs';

/** Debian's Chromium, installed by `apt-get install chromium`. */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * Debian's headless shell of the same Chromium (`apt-get install chromium-headless-shell`): what headless launches
 * prefer. Measured on 2 cores (two Playwright workers, `npx playwright test --project <p>`, the full browser first,
 * run one after the other): HubSpot's 90 tests 338 → 299 s, Sales Navigator's 28 tests 142 → 128 and 126 → 102 s.
 */
export const SYSTEM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The V8 flag of {@link CHROMIUM_ARGS} that trades speed for memory (`--js-flags=--optimize-for-size`). */
export const LOW_MEMORY_ARG = '--js-flags=--optimize-for-size';

/** Flags passed to every Chromium we launch (headless is set by Playwright itself). */
export const CHROMIUM_ARGS: readonly string[] = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	LOW_MEMORY_ARG
];

/** Subset of Playwright's `LaunchOptions` that we set. */
export interface ChromiumLaunchOptions {
	/** Absolute path of the browser binary; absent = Playwright's own Chromium. */
	executablePath?: string;
	/** Command-line flags, see {@link CHROMIUM_ARGS}. */
	args: string[];
}

/** Which kind of Chromium a caller needs: `headless` (any headless launch) or `full` (the full browser's binary). */
export type ChromiumKind = 'headless' | 'full';

/**
 * Which Chromium binary to launch: `$SALESGYM_CHROMIUM` when set; else, for `kind` `headless` (the default),
 * {@link SYSTEM_HEADLESS_SHELL} when it exists; else {@link SYSTEM_CHROMIUM} when it exists; else `undefined`
 * (Playwright's bundled Chromium, if `npx playwright install chromium` worked). `full` is for a caller that starts the
 * browser itself to stand for "any Chromium" (the CDP attach and WebDriver paths), never the headless shell.
 * @param kind the binary's use (default `headless`); @param env environment to read (default `process.env`);
 * @param exists file test (default `fs.existsSync`).
 * @throws Error when `$SALESGYM_CHROMIUM` is set but names no file.
 */
export function chromiumExecutable(
	kind: ChromiumKind = 'headless',
	env: NodeJS.ProcessEnv = process.env,
	exists: (path: string) => boolean = existsSync
): string | undefined {
	const fromEnv = env.SALESGYM_CHROMIUM;
	if (fromEnv) {
		if (!exists(fromEnv)) throw new Error(`SALESGYM_CHROMIUM=${fromEnv} does not exist. Unset it or point it at a Chromium binary.`);
		return fromEnv;
	}
	if (kind === 'headless' && exists(SYSTEM_HEADLESS_SHELL)) return SYSTEM_HEADLESS_SHELL;
	return exists(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined;
}

/** Options of {@link chromiumLaunchOptions}. */
export interface LaunchChoice {
	/**
	 * Keep {@link LOW_MEMORY_ARG} (default true: what `salesgym run`, the env and the benches launch). The test suite
	 * drops it: its browser work is CPU-bound on 2 cores, and the Sales Navigator plays (25 oracles, 2 workers) took
	 * 15 % less renderer CPU and 9 % less oracle time without it (README "Cost per blueprint").
	 */
	lowMemory?: boolean;
}

/**
 * Launch options for `chromium.launch()` / Playwright's `use.launchOptions`:
 * `{executablePath?, args}` with {@link CHROMIUM_ARGS} (without {@link LOW_MEMORY_ARG} when `choice.lowMemory` is
 * false), and the binary {@link chromiumExecutable} picks for a headless launch. Headless mode is Playwright's default
 * (a headed launch needs `SALESGYM_CHROMIUM=/usr/bin/chromium`: the headless shell has no window).
 * @throws Error when `$SALESGYM_CHROMIUM` names no file.
 */
export function chromiumLaunchOptions(choice: LaunchChoice = {}): ChromiumLaunchOptions {
	const executablePath = chromiumExecutable();
	const args = choice.lowMemory === false ? CHROMIUM_ARGS.filter((a) => a !== LOW_MEMORY_ARG) : [...CHROMIUM_ARGS];
	return executablePath ? { executablePath, args } : { args };
}
