import { describe, expect, it } from 'vitest';
import { instanceContext, instanceId, instantiate, parseInstanceSpec, TemplateError, type Template, type TemplateMeta } from './kit';
import { loadTemplates } from './index';

const meta: TemplateMeta = {
	slug: 'toy-dormant-status',
	version: 1,
	title: 'Toy: mark one dormant lead',
	platforms: ['hubspot'],
	category: 'outbound',
	business_function: 'dormant lead re-engagement',
	anomalies: ['dormant'],
	traps: [],
	pinned: [1, 2]
};

/** A minimal template over the real world: one dormant HubSpot contact gets hs_lead_status OPEN. */
const toy: Template = {
	meta,
	build(ctx) {
		const p = ctx.pick('lead', ctx.anomalyPeople('dormant'), (x) => x.inHubspot);
		return {
			title: `Reopen ${p.firstName} ${p.lastName}`,
			goal: `${p.firstName} ${p.lastName} is back in play.`,
			prompt: `Set the lead status of ${p.firstName} ${p.lastName} (${p.workEmail}) to Open in HubSpot.`,
			start_path: '/hubspot/contacts',
			clock: '2026-03-03T10:00:00.000Z',
			fixtures: {},
			steps: [
				{
					platform: 'hubspot',
					objective: 'Reopen the lead.',
					actions: [{ goto: `/hubspot/contacts/${p.id}` }],
					verifiers: [
						{
							id: 'status-open',
							description: 'lead status is Open',
							query: `[.hubspot.contacts[] | select(.id == "${p.id}") | .properties.hs_lead_status] | first`,
							op: 'eq',
							expected: 'OPEN',
							weight: 1,
							gating: true
						}
					]
				}
			]
		};
	}
};

describe('template kit', () => {
	it('instantiates a valid blueprint with the id, catalogue fields and provenance of its meta', () => {
		const bp = instantiate(toy, 1);
		expect(bp.id).toBe('t1/toy-dormant-status-s1-v1');
		expect(bp).toMatchObject({
			category: 'outbound',
			business_function: 'dormant lead re-engagement',
			platforms: ['hubspot'],
			template: { slug: 'toy-dormant-status', seed: 1 },
			anomalies: ['dormant']
		});
	});

	it('is deterministic per seed, and two seeds draw different people', () => {
		expect(JSON.stringify(instantiate(toy, 2))).toBe(JSON.stringify(instantiate(toy, 2)));
		const prompts = new Set([1, 2, 3, 4].map((s) => instantiate(toy, s).prompt));
		expect(prompts.size).toBeGreaterThan(1);
	});

	it('fails loudly on an invalid instance, naming the template, the seed and the path', () => {
		const bad: Template = { meta, build: (ctx) => ({ ...toy.build(ctx), start_path: 'hubspot' }) };
		expect(() => instantiate(bad, 3)).toThrow(/toy-dormant-status@3: start_path/);
		expect(() => instantiate(toy, 0)).toThrow(TemplateError);
	});

	it('names the selector that came up short', () => {
		const ctx = instanceContext(meta, 1);
		expect(() => ctx.pickMany('nobody', ctx.world.people, 1, () => false)).toThrow(/selector "nobody" matched 0 of the 1 needed/);
		expect(ctx.fixtureId('a')).toBe(ctx.fixtureId('a'));
		expect(ctx.fixtureId('b')).not.toBe(ctx.fixtureId('a'));
		expect(Number(ctx.fixtureId('c'))).toBeGreaterThanOrEqual(990000);
	});

	it('cycle gives seeds 1..n n different items, wraps at n + 1, and honours the filter', () => {
		const days = ['mon', 'tue', 'wed', 'thu', 'fri'];
		const drawn = [1, 2, 3, 4, 5, 6].map((s) => instanceContext(meta, s).cycle('day', days, (d) => d !== 'fri'));
		expect(new Set(drawn.slice(0, 4)).size).toBe(4);
		expect(drawn).not.toContain('fri');
		expect(drawn[4]).toBe(drawn[0]);
		expect(drawn[5]).toBe(drawn[1]);
		expect(() => instanceContext(meta, 1).cycle('none', days, () => false)).toThrow(/selector "none" matched nothing/);
	});

	it('parses <slug>@<seed> specs and builds tier folders from the platform count', () => {
		expect(parseInstanceSpec('toy-dormant-status@12')).toEqual({ slug: 'toy-dormant-status', seed: 12 });
		expect(parseInstanceSpec('hubspot/x-v1')).toBeNull();
		expect(parseInstanceSpec('x@0')).toBeNull();
		expect(instanceId({ ...meta, platforms: ['hubspot', 'outreach', 'calendly', 'salesnav'] }, 2)).toBe('t4/toy-dormant-status-s2-v1');
	});

	it('every registered template instantiates each pinned seed and one unpinned seed', async () => {
		for (const t of (await loadTemplates()).values()) {
			for (const seed of [...t.meta.pinned, 7]) expect(() => instantiate(t, seed), `${t.meta.slug}@${seed}`).not.toThrow();
		}
	});
});
