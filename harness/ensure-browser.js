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
 * Makes sure Debian's chromedriver is there for the WebDriver test: installs `chromium-driver` when root on
 * Debian and missing; otherwise prints why the WebDriver test will skip. Never exits.
 */
function ensureChromedriver() {
	if (existsSync(SYSTEM_CHROMEDRIVER)) {
		console.log(`ensure-browser: WebDriver: using ${SYSTEM_CHROMEDRIVER}`);
		return;
	}
	if (!isRoot || !isDebian) {
		console.log(
			`ensure-browser: WebDriver test will skip: ${SYSTEM_CHROMEDRIVER} is absent and this is not root on Debian (install the chromium-driver package).`
		);
		return;
	}
	console.log(`ensure-browser: ${SYSTEM_CHROMEDRIVER} is absent; installing Debian's chromium-driver package for the WebDriver test.`);
	if (!aptInstall('chromium-driver')) {
		console.log('ensure-browser: WebDriver test will skip: installing chromium-driver failed (see above).');
	}
}

/**
 * Makes sure Debian's headless shell of the installed chromium is there (what the tests and the CLI launch headless,
 * harness/browser.ts): installs `chromium-headless-shell` when root on Debian and missing; otherwise, or when that
 * fails, prints that the full browser will be used. Never exits.
 */
function ensureHeadlessShell() {
	if (existsSync(SYSTEM_HEADLESS_SHELL)) {
		report(SYSTEM_HEADLESS_SHELL);
		return;
	}
	if (!isRoot || !isDebian) {
		console.log(
			`ensure-browser: headless launches use ${SYSTEM_CHROMIUM}: ${SYSTEM_HEADLESS_SHELL} is absent and this is not root on Debian (install the chromium-headless-shell package for about 12 % faster browser tests).`
		);
		return;
	}
	console.log(`ensure-browser: ${SYSTEM_HEADLESS_SHELL} is absent; installing Debian's chromium-headless-shell package.`);
	if (aptInstall('chromium-headless-shell') && existsSync(SYSTEM_HEADLESS_SHELL)) report(SYSTEM_HEADLESS_SHELL);
	else console.log(`ensure-browser: installing chromium-headless-shell failed (see above); headless launches use ${SYSTEM_CHROMIUM}.`);
}

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
