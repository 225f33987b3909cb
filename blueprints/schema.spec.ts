import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { blueprints, placedAssertions } from './registry';
import { Blueprint } from './schema';
import { readSetupFields, SETUP_KEYS } from './setup-fields';

const valid = JSON.parse(readFileSync(new URL('./hubspot/inbound-demo-request-v1.json', import.meta.url), 'utf8'));

/** `path: message` of each schema issue of `bp`. */
const issuesOf = (bp: unknown) => (Blueprint.safeParse(bp).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('Blueprint schema', () => {
	it('every bundled blueprint validates and has at least one assertion per step', () => {
		const all = blueprints();
		expect(all.size).toBeGreaterThan(0);
		for (const bp of all.values()) {
			for (const step of bp.steps) expect(step.verifiers.length).toBeGreaterThan(0);
			expect(placedAssertions(bp).length).toBe(bp.steps.reduce((n, s) => n + s.verifiers.length, 0));
		}
	});

	it('rejects a misspelled verifiers key (never strips it)', () => {
		const bad = structuredClone(valid);
		bad.steps[0].verifier = bad.steps[0].verifiers;
		delete bad.steps[0].verifiers;
		const r = Blueprint.safeParse(bad);
		expect(r.success).toBe(false);
		expect(JSON.stringify(r.error?.issues)).toContain('verifier');
	});

	it('rejects verifiers: [] and actions: []', () => {
		const noVerifiers = structuredClone(valid);
		noVerifiers.steps[1].verifiers = [];
		expect(Blueprint.safeParse(noVerifiers).success).toBe(false);
		const noActions = structuredClone(valid);
		noActions.steps[0].actions = [];
		expect(Blueprint.safeParse(noActions).success).toBe(false);
	});

	it('rejects a step without a gating assertion, and accepts weights and non-gating extras', () => {
		const noGate = structuredClone(valid);
		for (const v of noGate.steps[1].verifiers) v.gating = false;
		const r = Blueprint.safeParse(noGate);
		expect(r.success).toBe(false);
		expect(r.error?.issues[0]).toMatchObject({
			path: ['steps', 1, 'verifiers'],
			message: 'a step needs at least one gating assertion (gating: true, the default)'
		});
		const mixed = structuredClone(valid);
		mixed.steps[1].verifiers[0].gating = false;
		mixed.steps[1].verifiers[1].weight = 2.5;
		const ok = Blueprint.safeParse(mixed);
		expect(ok.success).toBe(true);
		expect(ok.data?.steps[1]?.verifiers.map((v) => [v.weight, v.gating])).toEqual([
			[1, false],
			[2.5, true],
			[0, true],
			[0, true]
		]);
		const badWeight = structuredClone(valid);
		badWeight.steps[0].verifiers[0].weight = 0;
		expect(Blueprint.safeParse(badWeight).success).toBe(false);
	});

	it('holds_at_reset: true goes with weight 0 and weight 0 with holds_at_reset; a task needs a weighted assertion', () => {
		const guardWeighted = structuredClone(valid);
		guardWeighted.steps[1].verifiers[2].weight = 1;
		expect(issuesOf(guardWeighted)).toEqual([expect.stringMatching(/^steps\.1\.verifiers\.2\.weight: an assertion that holds at reset/)]);
		const guardDefault = structuredClone(valid);
		delete guardDefault.steps[1].verifiers[2].weight;
		expect(issuesOf(guardDefault)).toEqual([expect.stringMatching(/^steps\.1\.verifiers\.2\.weight: an assertion that holds at reset/)]);
		const unmarked = structuredClone(valid);
		delete unmarked.steps[1].verifiers[2].holds_at_reset;
		expect(issuesOf(unmarked)).toEqual([expect.stringMatching(/^steps\.1\.verifiers\.2\.weight: weight 0 is only for guards that hold at reset/)]);
		const notTrue = structuredClone(valid);
		notTrue.steps[1].verifiers[2].holds_at_reset = false;
		expect(issuesOf(notTrue).length).toBeGreaterThan(0);
		const allGuards = structuredClone(valid);
		for (const step of allGuards.steps) for (const v of step.verifiers) Object.assign(v, { weight: 0, holds_at_reset: true });
		expect(issuesOf(allGuards)).toContainEqual(expect.stringMatching(/^steps: every assertion holds at reset/));
	});

	it('runs the verifier lint over every assertion (an issue at its query)', () => {
		const bad = structuredClone(valid);
		bad.steps[0].verifiers[0].query = '(.hubspot.contacts[] | select(.properties.email == "x@y.z") | .properties.hs_lead_status) // false';
		const r = Blueprint.safeParse(bad);
		expect(r.success).toBe(false);
		expect(r.error?.issues.map((i) => [i.path.join('.'), i.message.split(':')[0]])).toEqual([['steps.0.verifiers.0.query', 'lint default-to-falsy']]);
	});

	it('rejects an unknown action, an unversioned id, a non-UTC clock and duplicate assertion ids', () => {
		const action = structuredClone(valid);
		action.steps[0].actions.push({ tap: { role: 'button', name: 'x' } });
		expect(Blueprint.safeParse(action).success).toBe(false);
		expect(Blueprint.safeParse({ ...valid, id: 'hubspot/inbound' }).success).toBe(false);
		expect(Blueprint.safeParse({ ...valid, clock: '2026-03-02T14:30:00+02:00' }).success).toBe(false);
		const dup = structuredClone(valid);
		dup.steps[1].verifiers[0].id = dup.steps[0].verifiers[0].id;
		expect(Blueprint.safeParse(dup).success).toBe(false);
	});

	it('rejects fixtures that are not valid HubSpot rows', () => {
		const bad = structuredClone(valid);
		bad.fixtures.hubspot.contacts[0].id = 900;
		expect(Blueprint.safeParse(bad).success).toBe(false);
	});

	it('accepts mutants and alternatives (patch or UI steps), and rejects duplicate ids, an empty patch, an unknown kind, both or neither of patch/steps', () => {
		const ok = structuredClone(valid);
		ok.mutants = [
			{ id: 'skip-status', description: 'leaves the lead status as it was', kind: 'step_skipped', patch: '.' },
			{ id: 'decoy', description: 'updates the look-alike contact', kind: 'decoy', patch: '.hubspot.contacts |= .' }
		];
		ok.alternatives = [
			{ id: 'other-slot', description: 'books the other valid slot', patch: '.' },
			{ id: 'ui-path', description: 'from the record page', steps: [{ platform: 'hubspot', actions: [{ goto: '/hubspot/contacts' }] }] }
		];
		expect(issuesOf(ok)).toEqual([]);
		const dup = structuredClone(ok);
		dup.mutants[1].id = 'skip-status';
		dup.alternatives[1].id = 'other-slot';
		expect(issuesOf(dup)).toEqual(
			expect.arrayContaining([
				expect.stringMatching(/^mutants\.1\.id: duplicate mutant id/),
				expect.stringMatching(/^alternatives\.1\.id: duplicate alternative id/)
			])
		);
		const empty = structuredClone(ok);
		empty.mutants[0].patch = '  ';
		expect(issuesOf(empty)).toContainEqual(expect.stringMatching(/^mutants\.0\.patch: a patch is a non-empty jq program/));
		const kind = structuredClone(ok);
		kind.mutants[0].kind = 'wrong_thing';
		expect(Blueprint.safeParse(kind).success).toBe(false);
		const typo = structuredClone(ok);
		typo.mutants[0].patches = typo.mutants[0].patch;
		expect(Blueprint.safeParse(typo).success).toBe(false);
		const both = structuredClone(ok);
		both.alternatives[0].steps = ok.alternatives[1].steps;
		const neither = structuredClone(ok);
		delete neither.alternatives[0].patch;
		for (const bad of [both, neither]) expect(issuesOf(bad)).toContainEqual(expect.stringMatching(/exactly one of patch .* or steps/));
		const elsewhere = structuredClone(ok);
		elsewhere.alternatives[1].steps[0].platform = 'calendly';
		expect(issuesOf(elsewhere)).toContainEqual(expect.stringMatching(/^alternatives\.1\.steps\.0\.platform: platform "calendly" is not in platforms/));
	});

	it('keeps mutants and alternatives (answer keys) out of the setup fields the Service Worker bundles', () => {
		expect(SETUP_KEYS).not.toContain('mutants');
		expect(SETUP_KEYS).not.toContain('alternatives');
		const setups = readSetupFields(fileURLToPath(new URL('.', import.meta.url)));
		expect(setups.length).toBeGreaterThan(0);
		for (const s of setups) expect(Object.keys(s).filter((k) => !(SETUP_KEYS as readonly string[]).includes(k))).toEqual([]);
		expect(JSON.stringify(setups)).not.toMatch(/"(mutants|alternatives|patch)"/);
	});
});
