/**
 * Blueprint schema: one sales workflow (goal, prompt, clock, fixtures, ordered steps with oracle UI actions
 * and verifier assertions). Blueprints are data (`blueprints/<platform>/<name>-vN.json`), validated here.
 */
import { z } from 'zod';
import { CalendlyFixture } from '../gyms/calendly/schema';
import { HubSpotFixture } from '../gyms/hubspot/schema';
import { OutreachFixture } from '../gyms/outreach/schema';
import { SalesNavFixture } from '../gyms/salesnav/schema';
import { TEAM_USER_IDS } from '../seeds/team';
import { ANOMALY_KINDS } from '../seeds/world';
import { lintAssertion } from '../verifier/lint';
import { Assertion } from '../verifier/schema';

/** Gyms a blueprint may touch (gym names, as in `/api/<gym>/`). */
export const PLATFORMS = ['hubspot', 'outreach', 'calendly', 'salesnav'] as const;
export const Platform = z.enum(PLATFORMS).describe('gym name');
export type Platform = z.infer<typeof Platform>;

/** Locates an element the way an agent reading the accessibility tree would: by ARIA role + accessible name. */
export const RoleTarget = z.strictObject({
	role: z.string().min(1).describe('ARIA role, e.g. "button", "link", "textbox", "combobox", "row"'),
	name: z.string().min(1).describe('accessible name, matched exactly')
});

/**
 * How an action addresses an element. Exactly one of: `role` + `name` (ARIA role and exact accessible name),
 * `label` (exact label text of a form control), `text` (visible text, substring match) or `id` (an element id
 * printed in the observation's axtree, e.g. `e3f2a91c`).
 */
const targetShape = {
	role: z.string().min(1).optional().describe('ARIA role, e.g. "button", "link", "textbox", "combobox"; with name'),
	name: z.string().optional().describe('accessible name, matched exactly; with role'),
	label: z.string().min(1).optional().describe('exact label of a form control'),
	text: z.string().min(1).optional().describe('visible text (substring)'),
	id: z
		.string()
		.regex(/^e[0-9a-f]{8}$/, 'axtree element ids look like "e3f2a91c"')
		.optional()
		.describe('element id from the observation axtree')
};

type TargetFields = { role?: string | undefined; name?: string | undefined; label?: string | undefined; text?: string | undefined; id?: string | undefined };

/** Adds the "exactly one way to address the element" rule; `optional` allows none (keyboard/page-level actions). */
function oneTarget(t: TargetFields, ctx: z.RefinementCtx, optional = false): void {
	const ways = [t.role !== undefined || t.name !== undefined, t.label !== undefined, t.text !== undefined, t.id !== undefined].filter(Boolean).length;
	if (ways > 1) ctx.addIssue({ code: 'custom', message: 'address the element one way only: role+name, label, text or id' });
	if (ways === 0 && !optional) ctx.addIssue({ code: 'custom', message: 'address the element by role+name, label, text or id' });
	if ((t.role === undefined) !== (t.name === undefined)) ctx.addIssue({ code: 'custom', message: 'role and name go together' });
}

/** An element address (see {@link targetShape}). */
export const Target = z.strictObject(targetShape).superRefine((t, ctx) => oneTarget(t, ctx));
export type Target = z.infer<typeof Target>;

/** Longest `wait {ms}` an action may ask for, ms. */
export const MAX_WAIT_MS = 10_000;

/**
 * One executable UI action: the blueprint's oracle and walkthrough, and the env's action space.
 * - `goto`: a path on the gym's origin, e.g. `/hubspot/contacts`.
 * - `click` / `hover`: an element ({@link Target}).
 * - `fill`: a text field, with the value typed (replaces the content).
 * - `select`: a `<select>`, choosing the option by its visible label.
 * - `check`: a checkbox or radio; `checked` defaults to true.
 * - `press`: a key (Playwright key names: `Enter`, `Tab`, `Control+A`) on an element, or on the focused one.
 * - `scroll`: an element into view, or the page by `pixels` (default 600) `up` or `down` (default).
 * - `new_tab`: opens a tab (at `path`, default `/`) and makes it active; `switch_tab`: activates tab `index` (0-based).
 * - `wait`: sleeps `ms` (≤ {@link MAX_WAIT_MS}); `wait_for`: until an element or a text is visible.
 * - `done`: the agent declares the task finished (`answer`: free text for question-style tasks).
 */
export const Action = z.union([
	z.strictObject({ goto: z.string().startsWith('/').describe('path on the gym origin') }),
	z.strictObject({ click: Target }),
	z.strictObject({
		fill: z.strictObject({ ...targetShape, value: z.string() }).superRefine((t, ctx) => oneTarget(t, ctx))
	}),
	z.strictObject({
		select: z.strictObject({ ...targetShape, option: z.string().min(1).describe('visible option label') }).superRefine((t, ctx) => oneTarget(t, ctx))
	}),
	z.strictObject({
		check: z.strictObject({ ...targetShape, checked: z.boolean().optional() }).superRefine((t, ctx) => oneTarget(t, ctx))
	}),
	z.strictObject({
		press: z
			.strictObject({ ...targetShape, key: z.string().min(1).describe('Playwright key name, e.g. "Enter"') })
			.superRefine((t, ctx) => oneTarget(t, ctx, true))
	}),
	z.strictObject({
		scroll: z
			.strictObject({ ...targetShape, direction: z.enum(['up', 'down']).optional(), pixels: z.number().int().positive().max(100_000).optional() })
			.superRefine((t, ctx) => oneTarget(t, ctx, true))
	}),
	z.strictObject({ hover: Target }),
	z.strictObject({ new_tab: z.strictObject({ path: z.string().startsWith('/').optional() }) }),
	z.strictObject({ switch_tab: z.strictObject({ index: z.number().int().nonnegative() }) }),
	z.strictObject({ wait: z.strictObject({ ms: z.number().int().nonnegative().max(MAX_WAIT_MS) }) }),
	z.strictObject({ wait_for: Target }),
	z.strictObject({ done: z.strictObject({ answer: z.string().optional() }) })
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
export const Fixtures = z.strictObject({
	hubspot: HubSpotFixture.optional(),
	outreach: OutreachFixture.optional(),
	calendly: CalendlyFixture.optional(),
	salesnav: SalesNavFixture.optional()
});
export type Fixtures = z.infer<typeof Fixtures>;

/**
 * Who is logged in to each gym during the episode (the acting user): platform → a team user id of the seed
 * world (`"1001"` … `"1012"`). A platform left out gets the default actor, 1001 (Maya Patel). Each gym answers
 * its actor at `GET /api/<gym>/me`.
 */
export const Actors = z
	.strictObject(
		Object.fromEntries(
			PLATFORMS.map((p) => [
				p,
				z
					.string()
					.refine((id) => TEAM_USER_IDS.includes(id), { message: `not a team user of the seed world (${TEAM_USER_IDS[0]}–${TEAM_USER_IDS.at(-1)})` })
					.optional()
					.describe(`team user id logged in to ${p}, e.g. "1003"; default "1001"`)
			])
		) as Record<Platform, z.ZodOptional<z.ZodString>>
	)
	.describe('platform → acting team user id');
export type Actors = z.infer<typeof Actors>;

/**
 * The four business functions of the library, the client's taxonomy of commercial sales work: lead qualification
 * and scheduling (inbound routing, booking), personalized outreach and sequencing (prospecting, messaging,
 * sequences, calls), opportunity creation and pipeline progression (deals, buying committees, stages), and dormant
 * lead re-engagement (revival of leads gone quiet).
 */
export const BUSINESS_FUNCTIONS = [
	'lead qualification & scheduling',
	'personalized outreach & sequencing',
	'opportunity creation & pipeline progression',
	'dormant lead re-engagement'
] as const;
export const BusinessFunction = z.enum(BUSINESS_FUNCTIONS);
export type BusinessFunction = z.infer<typeof BusinessFunction>;

/** Difficulty bands of `salesgym calibrate`, easiest first. */
export const BANDS = ['easy', 'medium', 'hard', 'unsolved'] as const;
export const Band = z.enum(BANDS);
export type Band = z.infer<typeof Band>;

/** What `salesgym calibrate --write` records: `passes` of `n` episodes by `agent` passed, on `date` (UTC, YYYY-MM-DD). */
export const Difficulty = z.strictObject({
	band: Band,
	passes: z.number().int().nonnegative().describe('episodes that passed'),
	n: z.number().int().positive().optional().describe('episodes scored (default k)'),
	k: z.number().int().positive().describe('the k of pass@k'),
	agent: z.string().min(1).describe('agent spec, e.g. "noisy-oracle:0.2"'),
	date: z.iso.date().describe('UTC date of the calibration'),
	levels: z
		.array(
			z.strictObject({
				agent: z.string().min(1).describe('agent spec of this level, e.g. "noisy-oracle:0.1"'),
				passes: z.number().int().nonnegative(),
				n: z.number().int().positive(),
				band: Band
			})
		)
		.min(1)
		.optional()
		.describe('every level of a multi-level calibration, in order; the last one (= `agent`) decides `band`')
});
export type Difficulty = z.infer<typeof Difficulty>;

/**
 * The trap vocabulary a near-miss mutant falls into (what kind of plausible wrong solution it is):
 * - `step_skipped`: a whole step of the workflow not done; `partial`: some items of a batch not done;
 * - `decoy`: the look-alike / decoy entity picked instead of the named one (a duplicate person, a look-alike
 *   name, a secret or inactive event type, a sibling record);
 * - `wrong_value`: a field set to another value than the task asks (status, stage, property, template);
 * - `wrong_time`: the wrong slot, date or due time; `wrong_zone`: a time computed in the wrong time zone (or
 *   across a DST change as if there were none);
 * - `compliance_skipped`: a rule of engagement ignored (the compliance branch not taken);
 * - `opted_out_contacted`: someone who opted out (unsubscribed, do-not-contact) emailed, called or enrolled;
 *   `bounced_contacted`: the same for a bounced address;
 * - `wrong_tool`: the work done in the wrong tool, so the right one lacks it;
 * - `rr_host_assumed`: a round-robin host assumed (e.g. the account owner) instead of read from the tool;
 * - `duplicate_created`: a second record created where one existed (or should have been reused);
 * - `wrong_owner`: the wrong owner, host or assignee;
 * - `collateral`: an extra unrelated write or deletion (another record changed, a record deleted);
 * - `wrong_order`: dependent steps done in the wrong order, visible in the state;
 * - `stale_data`: an outdated fact used (the old email or company of a job changer);
 * - `budget_exceeded`: a budget or capacity overrun (InMail credits, seats of a group event);
 * - `required_missing`: a field the task or the tool requires left empty (a close-lost reason, a note's
 *   decisive fact, an association);
 * - `unresolved_token`: a template sent with a placeholder left unresolved.
 */
export const MUTANT_KINDS = [
	'step_skipped',
	'partial',
	'decoy',
	'wrong_value',
	'wrong_time',
	'wrong_zone',
	'compliance_skipped',
	'opted_out_contacted',
	'bounced_contacted',
	'wrong_tool',
	'rr_host_assumed',
	'duplicate_created',
	'wrong_owner',
	'collateral',
	'wrong_order',
	'stale_data',
	'budget_exceeded',
	'required_missing',
	'unresolved_token'
] as const;
export const MutantKind = z.enum(MUTANT_KINDS).describe('the trap a mutant falls into');
export type MutantKind = z.infer<typeof MutantKind>;

/** Ids of mutants and alternatives: lowercase slugs, unique in their list. */
const SlugId = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'ids are lowercase slugs, e.g. "emails-opted-out"');

/**
 * A jq program over the oracle's FINAL state: `.` is the document the verifier queries see
 * (`{hubspot: {contacts: [...]}, outreach: {...}, ...}`, every table a verifier query or the patch reads), with
 * `$initial` (the state right after the reset) and `$now` (the run's virtual clock, UTC ISO-8601 text) bound and
 * the verifier's date helpers defined, as in a verifier query. It must yield exactly one object: the new state.
 * E.g. `.hubspot.sequence_enrollments |= map(select(.contactId != "990101"))`.
 */
const Patch = z.string().trim().min(1, 'a patch is a non-empty jq program').describe('jq program: oracle final state → another end state');

/**
 * A near-miss mutant: a plausible WRONG solution, written as a {@link Patch} of the oracle's final state. The
 * blueprint play (tests/plays/plays.spec.ts) applies it and requires the verdict to FAIL; over all mutants of a
 * blueprint, every gating assertion must fail under at least one of them (the kill matrix).
 */
export const Mutant = z.strictObject({
	id: SlugId.describe("unique among the blueprint's mutants"),
	description: z.string().min(1).describe('the wrong solution in business terms, e.g. "emails the opted-out contact too"'),
	kind: MutantKind,
	patch: Patch
});
export type Mutant = z.infer<typeof Mutant>;

/** One platform's share of a second oracle path: UI actions executed in order (as a step's `actions`). */
export const AlternativeSteps = z.strictObject({
	platform: Platform,
	actions: z.array(Action).min(1).describe('oracle UI actions, executed in order')
});
export type AlternativeSteps = z.infer<typeof AlternativeSteps>;

/**
 * Another VALID solution, which must verify with score 1: either a {@link Patch} of the oracle's final state into
 * another valid end state (another valid slot, a note worded differently, independent items done in another
 * order), checked in Node after the play; or `steps`, a second oracle path through the UI (executed in order
 * after the reset instead of the oracle's steps; it costs a full play in CI, so kept for tasks where the UI path
 * itself is the point). Exactly one of `patch` and `steps`.
 */
export const Alternative = z
	.strictObject({
		id: SlugId.describe("unique among the blueprint's alternatives"),
		description: z.string().min(1).describe('the other valid solution, in business terms'),
		patch: Patch.optional(),
		steps: z.array(AlternativeSteps).min(1).optional().describe('a second oracle path: actions per platform, in order')
	})
	.superRefine((a, ctx) => {
		if ((a.patch === undefined) === (a.steps === undefined))
			ctx.addIssue({ code: 'custom', message: 'an alternative has exactly one of patch (a state patch) or steps (a UI path)' });
	});
export type Alternative = z.infer<typeof Alternative>;

/**
 * A whole blueprint file. `id` is versioned (`hubspot/inbound-demo-request-v1`) and never changes meaning.
 * Besides the shapes, the schema runs the verifier lint (`verifier/lint.ts`) over every assertion (an issue at
 * `steps.<i>.verifiers.<j>.query`, message `lint <rule>: …`) and requires at least one weighted assertion. The
 * semantic rule (weighted assertions fail on the initial state, `holds_at_reset` ones pass) needs a jq engine
 * and the gyms: `verifier/semantic.ts`. `mutants` and `alternatives` (ids unique in each list, an alternative's
 * steps on the blueprint's platforms) are proven by the blueprint play; like `steps` they never reach the
 * browser bundle (blueprints/setup-fields.ts).
 */
export const Blueprint = z
	.strictObject({
		$schema: z.string().optional().describe('path to static/schema/blueprint.schema.json, for editors'),
		id: z
			.string()
			.regex(/^[a-z0-9-]+\/[a-z0-9-]+-v[0-9]+$/, 'ids look like "<platform>/<name>-v<N>"')
			.describe('versioned task id'),
		title: z.string().min(1),
		category: z.enum(['inbound', 'outbound']),
		business_function: BusinessFunction.describe('one of the four business functions of the library'),
		platforms: z.array(Platform).min(1),
		goal: z.string().min(1).describe('the outcome, for humans'),
		prompt: z.string().min(1).describe('what the agent is told'),
		start_path: z.string().startsWith('/').describe('where the episode starts, e.g. /hubspot/contacts'),
		clock: z.iso.datetime({ offset: false, precision: 3 }).describe('virtual time at reset, UTC ISO-8601 ms'),
		fixtures: Fixtures,
		actors: Actors.optional().describe('who is logged in to each platform (default: 1001 everywhere)'),
		steps: z.array(Step).min(1),
		difficulty: Difficulty.optional().describe('pass@k calibration, written by `salesgym calibrate --write`'),
		template: z
			.strictObject({
				slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
				seed: z.number().int().positive()
			})
			.optional()
			.describe('the template and instance seed this blueprint was generated from (`npm run blueprints`); absent = written by hand'),
		anomalies: z.array(z.enum(ANOMALY_KINDS)).optional().describe('planted anomaly kinds of the seed world the task exercises'),
		traps: z.array(z.string().min(1)).optional().describe('structural traps of the tools the task exercises, e.g. "rr_host", "tz_dst"'),
		mutants: z.array(Mutant).optional().describe('near-miss wrong solutions, each of which must fail verification'),
		alternatives: z.array(Alternative).optional().describe('other valid solutions, each of which must pass with score 1')
	})
	.superRefine((bp, ctx) => {
		for (const p of Object.keys(bp.actors ?? {}) as Platform[]) {
			if (!bp.platforms.includes(p)) ctx.addIssue({ code: 'custom', path: ['actors', p], message: `platform "${p}" is not in platforms` });
		}
		const ids = new Set<string>();
		bp.steps.forEach((step, i) => {
			if (!bp.platforms.includes(step.platform)) {
				ctx.addIssue({ code: 'custom', path: ['steps', i, 'platform'], message: `platform "${step.platform}" is not in platforms` });
			}
			step.actions.forEach((a, j) => {
				if ('done' in a) ctx.addIssue({ code: 'custom', path: ['steps', i, 'actions', j], message: "done is the agent's own action, not an oracle step" });
			});
			if (step.verifiers.length > 0 && !step.verifiers.some((a) => a.gating)) {
				ctx.addIssue({ code: 'custom', path: ['steps', i, 'verifiers'], message: 'a step needs at least one gating assertion (gating: true, the default)' });
			}
			step.verifiers.forEach((a, j) => {
				if (ids.has(a.id)) ctx.addIssue({ code: 'custom', path: ['steps', i, 'verifiers', j, 'id'], message: `duplicate assertion id "${a.id}"` });
				ids.add(a.id);
				for (const f of lintAssertion(a, { clock: bp.clock, fixtures: bp.fixtures }))
					ctx.addIssue({ code: 'custom', path: ['steps', i, 'verifiers', j, 'query'], message: `lint ${f.rule}: ${f.message}` });
			});
		});
		for (const list of ['mutants', 'alternatives'] as const) {
			const seen = new Set<string>();
			(bp[list] ?? []).forEach((m, i) => {
				if (seen.has(m.id))
					ctx.addIssue({ code: 'custom', path: [list, i, 'id'], message: `duplicate ${list === 'mutants' ? 'mutant' : 'alternative'} id "${m.id}"` });
				seen.add(m.id);
			});
		}
		(bp.alternatives ?? []).forEach((alt, i) =>
			alt.steps?.forEach((s, j) => {
				if (!bp.platforms.includes(s.platform))
					ctx.addIssue({ code: 'custom', path: ['alternatives', i, 'steps', j, 'platform'], message: `platform "${s.platform}" is not in platforms` });
			})
		);
		if (!bp.steps.some((s) => s.verifiers.some((a) => a.weight > 0)))
			ctx.addIssue({
				code: 'custom',
				path: ['steps'],
				message: 'every assertion holds at reset (weight 0): a task needs at least one weighted assertion that doing the task makes pass'
			});
	});
export type Blueprint = z.infer<typeof Blueprint>;
