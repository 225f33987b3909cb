/**
 * Runs the Calendly gym's vendor check alone: `npx tsx harness/check-vendor-calendly.ts [spec dir]` (default: the
 * SALESGYM_VENDOR_SPECS folder, else `vendor-specs/`). Prints the counts and every mismatch; exits 1 on a mismatch,
 * 0 when it conforms or the spec is absent (skipped, with the reason).
 */
import { checkVendor } from '../gyms/calendly/vendor-check';

const dir = process.argv[2] ?? process.env.SALESGYM_VENDOR_SPECS ?? 'vendor-specs';
const r = await checkVendor(dir);
if (r.skipped) console.log(`calendly: skipped (${r.skipped})`);
else {
	console.log(`calendly: ${r.endpoints} endpoints, ${r.fields} fields compared with ${r.spec}: ${r.mismatches.length} mismatch(es)`);
	for (const m of r.mismatches) console.log(`  ${m.path}: ${m.message}`);
}
process.exit(r.mismatches.length ? 1 : 0);
