/**
 * The `npm run check:vendor` runner: a missing spec folder skips (exit 0), a mismatch in any gym exits 1 with
 * the mismatch printed, a conforming spec exits 0; the folder comes from SALESGYM_VENDOR_SPECS.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { conformingSpec, OUTREACH_SPEC_FILE } from '../gyms/outreach/vendor-check';
import { main, specDir, VENDOR_CHECKS } from './check-vendor';

describe('check:vendor runner', () => {
	it('skips without a spec folder, exits 1 on a mismatch and 0 on a conforming spec', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'vendor-run-'));
		const lines: string[] = [];
		expect(await main(join(dir, 'nope'), VENDOR_CHECKS, (l) => lines.push(l))).toBe(0);
		expect(lines[0]).toMatch(/skipped/);
		const bad = conformingSpec();
		delete bad.components.schemas.prospect!.properties!.lastName;
		writeFileSync(join(dir, OUTREACH_SPEC_FILE), JSON.stringify(bad));
		expect(await main(dir, VENDOR_CHECKS, (l) => lines.push(l))).toBe(1);
		expect(lines.some((l) => l.includes('MISMATCH prospect.attributes.lastName'))).toBe(true);
		writeFileSync(join(dir, OUTREACH_SPEC_FILE), JSON.stringify(conformingSpec()));
		const ok: string[] = [];
		expect(await main(dir, VENDOR_CHECKS, (l) => ok.push(l))).toBe(0);
		expect(ok[0]).toMatch(/^outreach: \d+ endpoints and \d+ fields checked .*: 0 mismatch/);
	});

	it('takes the folder from SALESGYM_VENDOR_SPECS, else ../shared/vendor-specs beside the repository', () => {
		expect(specDir({ SALESGYM_VENDOR_SPECS: '/tmp/specs' })).toBe('/tmp/specs');
		expect(specDir({})).toMatch(/shared\/vendor-specs$/);
	});
});
