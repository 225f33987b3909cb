/**
 * The Outreach vendor check: a spec that agrees gives no mismatch; a missing attribute, a different type, an enum
 * value the spec does not list, a relationship to another type and an endpoint the spec lacks are each reported;
 * an absent spec skips.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OUTREACH_ROUTES } from './api/handlers';
import { checkVendor, compare, conformingSpec, OUTREACH_SPEC_FILE } from './vendor-check';

/** The vendor-spec folder (as npm run check:vendor finds it). */
const SPECS = resolve(process.env.SALESGYM_VENDOR_SPECS || join(__dirname, '../../../shared/vendor-specs'));

describe('outreach vendor check', () => {
	it('finds nothing wrong with a spec that declares what is served, and counts endpoints and fields', () => {
		const r = compare(conformingSpec(), 'spec.json');
		expect(r.mismatches).toEqual([]);
		expect(r.endpoints).toBe(OUTREACH_ROUTES.length);
		expect(r.fields).toBeGreaterThan(200);
	});

	it('reports a missing attribute, a type difference, an unlisted enum value, a wrong relationship target and a missing endpoint', () => {
		const spec = conformingSpec();
		delete spec.components.schemas.prospect!.properties!.firstName;
		spec.components.schemas.account!.properties!.name = { type: 'integer' };
		spec.components.schemas.mailing!.properties!.state = { type: 'string', description: "Can be 'delivered' or 'scheduled'." };
		(
			spec.components.schemas.prospectRelationships!.properties!.owner as unknown as { properties: { data: { properties: { type: { enum: string[] } } } } }
		).properties.data.properties.type.enum = ['team'];
		delete spec.paths['/sequenceStates/{id}/actions/pause'];
		const paths = compare(spec, 'spec.json').mismatches.map((m) => m.path);
		expect(paths).toEqual(
			expect.arrayContaining([
				'prospect.attributes.firstName',
				'account.attributes.name',
				'mailing.attributes.state',
				'prospect.relationships.owner',
				'POST /sequenceStates/{id}/actions/pause'
			])
		);
		expect(paths).toHaveLength(5);
	});

	it('reports a maxLength the spec does not give, and checks all 150 prospect custom fields', () => {
		const spec = conformingSpec();
		expect(compare(spec, 'spec.json').mismatches).toEqual([]);
		for (let n = 1; n <= 150; n++) spec.components.schemas.prospect!.properties![`custom${n}`] = { type: 'string', maxLength: 32000 };
		expect(compare(spec, 'spec.json').mismatches).toEqual([]);
		spec.components.schemas.prospect!.properties!.custom7 = { type: 'string', maxLength: 255 };
		delete spec.components.schemas.prospect!.properties!.custom150;
		const found = compare(spec, 'spec.json').mismatches;
		expect(found.map((m) => m.path)).toEqual(['prospect.attributes.custom7', 'prospect.attributes.custom150']);
		expect(found[0]!.message).toBe('maxLength differs: served 32000, spec 255');
	});

	it('skips when the spec file is absent', async () => {
		const empty = mkdtempSync(join(tmpdir(), 'vendor-'));
		expect((await checkVendor(empty)).skipped).toMatch(/not found/);
	});

	it.runIf(existsSync(join(SPECS, OUTREACH_SPEC_FILE)))(
		'against the vendor spec: no mismatch (LinkedIn / SMS steps are task steps, the spec lists four step types)',
		async () => {
			const r = await checkVendor(SPECS);
			expect(r.mismatches.map((m) => m.path)).toEqual([]);
		}
	);
});
