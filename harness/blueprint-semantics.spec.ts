/**
 * `salesgym verify|run` refuse an invalid blueprint with exit 2 (bad input): one that fails the lint when
 * loaded, and one whose weighted assertion already passes at reset (the semantic rule). The blueprint folder
 * is replaced by a mock of the loader holding the broken blueprint next to the shipped ones.
 */
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Blueprint } from '../blueprints/schema';
import { main } from './cli';

const mode = vi.hoisted(() => ({ value: 'shipped' as 'shipped' | 'unsound' | 'lint' }));

vi.mock('./blueprints', async (importOriginal) => {
	const real = await importOriginal<typeof import('./blueprints')>();
	return {
		...real,
		loadBlueprints: (dir?: string): Blueprint[] => {
			const all = real.loadBlueprints(dir);
			const base = JSON.parse(readFileSync('blueprints/hubspot/inbound-demo-request-v1.json', 'utf8'));
			const v = base.steps[0].verifiers[0];
			if (mode.value === 'unsound') {
				// "the contact was created once" rewritten so that an empty selection passes: `length <= 1`.
				Object.assign(v, { query: `[.hubspot.contacts[] | select(.properties.email == "priya.raman@helixbio.com")] | length <= 1`, op: 'eq', expected: true });
				return [...all, real.parseBlueprint('blueprints/hubspot/unsound-v1.json', JSON.stringify({ ...base, id: 'hubspot/unsound-v1' }), 'hubspot/unsound-v1')];
			}
			if (mode.value === 'lint') {
				v.query = `(.hubspot.contacts[] | select(.properties.email == "priya.raman@helixbio.com") | .properties.hs_email_optout) // false`;
				return [...all, real.parseBlueprint('blueprints/hubspot/linted-v1.json', JSON.stringify({ ...base, id: 'hubspot/linted-v1' }), 'hubspot/linted-v1')];
			}
			return all;
		}
	};
});

async function cli(...argv: string[]): Promise<{ code: number; err: string }> {
	let err = '';
	const code = await main(argv, { out: () => {}, err: (t) => void (err += t) });
	return { code, err };
}

describe('an invalid blueprint is bad input (exit 2)', () => {
	beforeEach(() => {
		mode.value = 'shipped';
	});

	it('verify: a weighted assertion that passes on the initial state', async () => {
		mode.value = 'unsound';
		const r = await cli('verify', '--task', 'hubspot/unsound-v1', '--state', '/nonexistent/final.json');
		expect(r.code).toBe(2);
		expect(r.err).toContain('blueprints/hubspot/unsound-v1.json: unsound verifiers');
		expect(r.err).toContain('contact-created-once (passes-at-reset)');
	});

	it('run: the same blueprint, refused before any browser starts', async () => {
		mode.value = 'unsound';
		const r = await cli('run', '--task', 'hubspot/unsound-v1', '--agent', 'oracle');
		expect(r.code).toBe(2);
		expect(r.err).toContain('contact-created-once (passes-at-reset)');
	});

	it('verify: a blueprint the lint refuses when it is loaded (`// false`)', async () => {
		mode.value = 'lint';
		const r = await cli('verify', '--task', 'hubspot/linted-v1', '--state', '/nonexistent/final.json');
		expect(r.code).toBe(2);
		expect(r.err).toMatch(/steps\.0\.verifiers\.0\.query: lint default-to-falsy/);
	});

	it('verify: a sound shipped blueprint gets past the check (then fails on the missing state file, also 2)', async () => {
		const r = await cli('verify', '--task', 'hubspot/inbound-demo-request-v1', '--state', '/nonexistent/final.json');
		expect(r.code).toBe(2);
		expect(r.err).toContain('no such file');
	});
});
