/**
 * `npm run check:vendor`: runs every gym's vendor-conformance check against the vendors' published OpenAPI
 * documents and prints, per gym, the endpoints and fields checked and every mismatch. The folder holding the
 * specs is `$SALESGYM_VENDOR_SPECS`, default `../shared/vendor-specs` relative to the repository root; when it
 * (or a gym's file) is absent that gym is skipped with a message. Exit code 1 when any gym has a mismatch.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { VendorCheck, VendorCheckResult } from '../gyms/kit/vendor-check';
import { checkVendor as calendly } from '../gyms/calendly/vendor-check';
import { checkVendor as outreach } from '../gyms/outreach/vendor-check';

/** The gyms checked, in order (Sales Navigator has no public API, so no spec to check). Add a gym's `checkVendor` here. */
export const VENDOR_CHECKS: readonly VendorCheck[] = [outreach, calendly];

/** Repository root (this file is in harness/). */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The spec folder: `$SALESGYM_VENDOR_SPECS` (relative to the repo root when relative), else `../shared/vendor-specs`. */
export function specDir(env: NodeJS.ProcessEnv = process.env): string {
	return resolve(ROOT, env.SALESGYM_VENDOR_SPECS || '../shared/vendor-specs');
}

/** One gym's result as printed lines. */
export function report(r: VendorCheckResult & { replicaOnly?: string[] }): string[] {
	if (r.skipped) return [`${r.gym}: skipped (${r.skipped})`];
	const lines = [`${r.gym}: ${r.endpoints} endpoints and ${r.fields} fields checked against ${r.spec}: ${r.mismatches.length} mismatch(es)`];
	for (const m of r.mismatches) lines.push(`  MISMATCH ${m.path}: ${m.message}`);
	for (const x of r.replicaOnly ?? []) lines.push(`  replica-only ${x}`);
	return lines;
}

/**
 * Runs `checks` over `dir` and prints the report.
 * @returns the exit code: 1 when any gym has a mismatch, else 0 (a skip is not a failure).
 */
export async function main(dir = specDir(), checks: readonly VendorCheck[] = VENDOR_CHECKS, log: (line: string) => void = console.log): Promise<number> {
	if (!existsSync(dir)) {
		log(`check:vendor: skipped, no vendor-spec folder at ${dir} (set SALESGYM_VENDOR_SPECS)`);
		return 0;
	}
	let failed = false;
	for (const check of checks) {
		const r = await check(dir);
		for (const line of report(r)) log(line);
		if (r.mismatches.length) failed = true;
	}
	return failed ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = await main();
