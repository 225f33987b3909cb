/**
 * Blueprint schema: one sales workflow (goal, prompt, clock, fixtures, ordered steps with oracle UI actions
 * and verifier assertions). Blueprints are data (`blueprints/<platform>/<name>-vN.json`), validated here.
 */
import { z } from 'zod';
import { HubSpotFixture } from '../gyms/hubspot/schema';
import { Assertion } from '../verifier/schema';

/** Gyms a blueprint may touch. Only `hubspot` is served so far. */
export const PLATFORMS = ['hubspot'] as const;
export const Platform = z.enum(PLATFORMS).describe('gym name');
export type Platform = z.infer<typeof Platform>;

/** Locates an element the way an agent reading the accessibility tree would: by ARIA role + accessible name. */
export const RoleTarget = z.strictObject({
	role: z.string().min(1).describe('ARIA role, e.g. "button", "link", "textbox", "combobox", "row"'),
	name: z.string().min(1).describe('accessible name, matched exactly')
});

/**
 * One executable UI action. A blueprint's actions are both the human-readable walkthrough and the oracle.
 * - `goto`: a path on the gym's origin, e.g. `/hubspot/contacts`.
 * - `click`: a control by role + name.
 * - `fill`: a text field by its label (exact), with the value typed.
 * - `select`: a `<select>` by its label, choosing the option by its visible label.
 * - `wait_for`: wait until an element (role+name) or a text is visible (e.g. a "Contact saved" status).
 */
export const Action = z.union([
	z.strictObject({ goto: z.string().startsWith('/').describe('path on the gym origin') }),
	z.strictObject({ click: RoleTarget }),
	z.strictObject({
		fill: z.strictObject({ label: z.string().min(1), value: z.string() })
	}),
	z.strictObject({
		select: z.strictObject({ label: z.string().min(1), option: z.string().min(1).describe('visible option label') })
	}),
	z.strictObject({
		wait_for: z.union([RoleTarget, z.strictObject({ text: z.string().min(1) })])
	})
]);
export type Action = z.infer<typeof Action>;

/** One ordered step of a workflow on one platform. */
export const Step = z.strictObject({
	platform: Platform,
	objective: z.string().min(1).describe('what this step achieves, in business terms'),
	actions: z.array(Action).min(1).describe('oracle UI actions, executed in order'),
	verifiers: z.array(Assertion).min(1).describe('assertions over the final state; at least one per step, and at least one of them gating')
});
export type Step = z.infer<typeof Step>;

/** Per-gym fixtures added on top of the base seed before the episode starts. */
export const Fixtures = z.strictObject({ hubspot: HubSpotFixture.optional() });
export type Fixtures = z.infer<typeof Fixtures>;

/** A whole blueprint file. `id` is versioned (`hubspot/inbound-demo-request-v1`) and never changes meaning. */
export const Blueprint = z
	.strictObject({
		$schema: z.string().optional().describe('path to static/schema/blueprint.schema.json, for editors'),
		id: z
			.string()
			.regex(/^[a-z0-9-]+\/[a-z0-9-]+-v[0-9]+$/, 'ids look like "<platform>/<name>-v<N>"')
			.describe('versioned task id'),
		title: z.string().min(1),
		category: z.enum(['inbound', 'outbound']),
		business_function: z.string().min(1).describe('e.g. "lead qualification & scheduling"'),
		platforms: z.array(Platform).min(1),
		goal: z.string().min(1).describe('the outcome, for humans'),
		prompt: z.string().min(1).describe('what the agent is told'),
		start_path: z.string().startsWith('/').describe('where the episode starts, e.g. /hubspot/contacts'),
		clock: z.iso.datetime({ offset: false, precision: 3 }).describe('virtual time at reset, UTC ISO-8601 ms'),
		fixtures: Fixtures,
		steps: z.array(Step).min(1)
	})
	.superRefine((bp, ctx) => {
		const ids = new Set<string>();
		bp.steps.forEach((step, i) => {
			if (!bp.platforms.includes(step.platform)) {
				ctx.addIssue({ code: 'custom', path: ['steps', i, 'platform'], message: `platform "${step.platform}" is not in platforms` });
			}
			if (step.verifiers.length > 0 && !step.verifiers.some((a) => a.gating)) {
				ctx.addIssue({ code: 'custom', path: ['steps', i, 'verifiers'], message: 'a step needs at least one gating assertion (gating: true, the default)' });
			}
			step.verifiers.forEach((a, j) => {
				if (ids.has(a.id)) ctx.addIssue({ code: 'custom', path: ['steps', i, 'verifiers', j, 'id'], message: `duplicate assertion id "${a.id}"` });
				ids.add(a.id);
			});
		});
	});
export type Blueprint = z.infer<typeof Blueprint>;
