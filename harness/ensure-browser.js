#!/usr/bin/env node
// Makes sure a Chromium for Playwright is on this machine (`npm run browser`, first step of `npm test`).
// Order: $SALESGYM_CHROMIUM, Debian's /usr/bin/chromium, Playwright's own Chromium if it was downloaded.
// None: as root on Debian, `apt-get update && apt-get install -y --no-install-recommends chromium`;
// otherwise print the command to run and exit 1.
// With Debian's chromium (and no $SALESGYM_CHROMIUM): its headless shell too (package chromium-headless-shell,
// /usr/bin/chromium-headless-shell), which headless launches prefer (harness/browser.ts): installed the same way
// when root on Debian and missing; otherwise the full browser is used (never a failure of this step).
// Then, for the WebDriver e2e test, Debian's chromedriver (/usr/bin/chromedriver, package chromium-driver):
// installed the same way when root on Debian and missing; otherwise the reason is printed and the test skips
// (never a failure of this step). (Playwright's browser download does not work on a closed
// network, so Debian's package is the default.) Plain Node ESM, no dependencies beyond the optional probe
// of @playwright/test.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * Prints the browser's version line (best effort).
 * @param {string} path absolute path of a Chromium binary.
 */
function report(path) {
	const v = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 20_000 });
	const version = v.status === 0 ? v.stdout.trim() : 'version unknown';
	console.log(`ensure-browser: using ${path} (${version})`);
}

/**
 * Playwright's own Chromium, when `npx playwright install chromium` downloaded it.
 * @returns {Promise<string | undefined>} its path, or undefined when absent.
 */
async function playwrightChromium() {
	try {
		const { chromium } = await import('@playwright/test');
		const path = chromium.executablePath();
		return path && existsSync(path) ? path : undefined;
	} catch {
		return undefined;
	}
}

/**
 * Runs a command with inherited output, printing it first.
 * @param {string} cmd @param {string[]} args
 * @returns {boolean} whether it exited 0.
 */
function run(cmd, args) {
	console.log(`ensure-browser: $ ${cmd} ${args.join(' ')}`);
	const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
	return r.status === 0;
}

/**
 * Installs a Debian package with apt-get (no recommends), running `apt-get update` first only when the plain install
 * fails (a fresh machine's package lists may be missing or stale).
 * @param {string} pkg the package name.
 * @returns {boolean} whether one of the installs exited 0.
 */
function aptInstall(pkg) {
	const install = ['install', '-y', '--no-install-recommends', pkg];
	return run('apt-get', install) || (run('apt-get', ['update']) && run('apt-get', install));
}

const SYSTEM_CHROMEDRIVER = '/usr/bin/chromedriver';
const SYSTEM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const isDebian = existsSync('/etc/debian_version') && existsSync('/usr/bin/apt-get');

/**
 * Makes sure an optional Debian package's binary is there: installs the package when root on Debian and the binary is
 * missing; otherwise, or when that fails, prints what the tests do without it. Never exits.
 * @param {string} path the binary the package installs.
 * @param {string} pkg the Debian package.
 * @param {{ present: () => void, purpose: string, without: string }} say `present` reports the binary in place;
 *   `purpose` is what it is installed for; `without` is what the tests do when it is absent.
 */
function ensureOptional(path, pkg, say) {
	if (existsSync(path)) return say.present();
	if (!isRoot || !isDebian) {
		console.log(`ensure-browser: ${say.without}: ${path} is absent and this is not root on Debian (install the ${pkg} package ${say.purpose}).`);
		return;
	}
	console.log(`ensure-browser: ${path} is absent; installing Debian's ${pkg} package ${say.purpose}.`);
	if (aptInstall(pkg) && existsSync(path)) say.present();
	else console.log(`ensure-browser: ${say.without}: installing ${pkg} failed (see above).`);
}

/** Debian's chromedriver, for the WebDriver test (which skips without it). */
const ensureChromedriver = () =>
	ensureOptional(SYSTEM_CHROMEDRIVER, 'chromium-driver', {
		present: () => console.log(`ensure-browser: WebDriver: using ${SYSTEM_CHROMEDRIVER}`),
		purpose: 'for the WebDriver test',
		without: 'WebDriver test will skip'
	});

/** Debian's headless shell of the installed chromium: what the tests and the CLI launch headless (harness/browser.ts). */
const ensureHeadlessShell = () =>
	ensureOptional(SYSTEM_HEADLESS_SHELL, 'chromium-headless-shell', {
		present: () => report(SYSTEM_HEADLESS_SHELL),
		purpose: 'for about 12 % faster browser tests',
		without: `headless launches use ${SYSTEM_CHROMIUM}`
	});

const fromEnv = process.env.SALESGYM_CHROMIUM;
if (fromEnv) {
	if (!existsSync(fromEnv)) {
		console.error(`ensure-browser: SALESGYM_CHROMIUM=${fromEnv} does not exist; unset it or point it at a Chromium binary.`);
		process.exit(1);
	}
	report(fromEnv);
	ensureChromedriver();
	process.exit(0);
}
if (existsSync(SYSTEM_CHROMIUM)) {
	report(SYSTEM_CHROMIUM);
	ensureHeadlessShell();
	ensureChromedriver();
	process.exit(0);
}
const bundled = await playwrightChromium();
if (bundled) {
	report(bundled);
	ensureChromedriver();
	process.exit(0);
}

if (isRoot && isDebian) {
	console.log(`ensure-browser: no Chromium found; installing Debian's chromium package.`);
	if (!run('apt-get', ['update']) || !run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium']) || !existsSync(SYSTEM_CHROMIUM)) {
		console.error('ensure-browser: installing chromium with apt-get failed (see above).');
		process.exit(1);
	}
	report(SYSTEM_CHROMIUM);
	ensureHeadlessShell();
	ensureChromedriver();
	process.exit(0);
}
console.error('ensure-browser: no Chromium found for Playwright. Install one, then run this again:');
if (isDebian) console.error('  sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium');
else console.error('  npx playwright install chromium');
console.error('  (or set SALESGYM_CHROMIUM=/path/to/chromium)');
process.exit(1);
