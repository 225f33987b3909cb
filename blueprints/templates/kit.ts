/**
 * The blueprint template kit: a template is code that, given an instance seed, picks its people, companies and
 * times from the seed world and its anomalies manifest, synthesizes the fixtures it needs, and fills the prompt,
 * the oracle's UI actions, the verifiers and the near-miss mutants. {@link instantiate} turns (template, seed)
 * into a blueprint that the strict schema validates; `npm run blueprints` writes the pinned instances to
 * `blueprints/t<tier>/<slug>-s<seed>-v<version>.json`, and `salesgym run --task <slug>@<seed>` instantiates any
 * seed on the fly. Two seeds of one template are two tasks: different people, companies and times.
 *
 * Pure and deterministic: every choice comes from {@link InstanceContext.rng} (a seeded stream per label), never
 * from `Math.random` or the host clock; the same (template, seed) always yields the byte-identical blueprint.
 * Node and tests only: the Service Worker never imports a template (its bundle must hold no oracle or verifier).
 */
import { z } from 'zod';
import { rng, type Rng } from '../../seeds/rng';
import { worldFor } from '../../seeds';
import { ANOMALY_KINDS, FIXTURE_ID_MIN, type Company, type Person, type TeamUser, type World } from '../../seeds/world';
import { Blueprint, BUSINESS_FUNCTIONS, PLATFORMS, type Platform } from '../schema';

/** Planted anomaly kinds of the seed world's manifest (`seeds/anomalies.json`). */
export type AnomalyKind = (typeof ANOMALY_KINDS)[number];

/** The catalogue facts of a template: what every one of its instances is. */
export const TemplateMeta = z.strictObject({
	slug: z
		.string()
		.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'template slugs are kebab-case')
		.describe('e.g. "inbound-demo-speed-to-lead"'),
	version: z.number().int().positive().describe('the vN of its instance ids; bump when an instance changes meaning'),
	title: z.string().min(1).describe('catalogue title (an instance may refine it)'),
	platforms: z.array(z.enum(PLATFORMS)).min(1).describe('the gyms its instances touch; the first is where the episode starts'),
	category: z.enum(['inbound', 'outbound']).describe('inbound: the buyer acted first; outbound: the seller starts it'),
	business_function: z.enum(BUSINESS_FUNCTIONS),
	anomalies: z.array(z.enum(ANOMALY_KINDS)).describe('planted anomaly kinds every instance exercises'),
	traps: z.array(z.string().min(1)).describe('structural traps of the tools the instances exercise, e.g. "rr_host", "tz_dst"'),
	pinned: z.array(z.number().int().positive()).min(1).describe('instance seeds pinned in the library (committed as data)')
});
export type TemplateMeta = z.infer<typeof TemplateMeta>;

/** What a template's `build` returns: a blueprint without the fields the kit fills from the meta and the seed. */
export type InstanceBody = Omit<
	Blueprint,
	'$schema' | 'id' | 'category' | 'business_function' | 'platforms' | 'difficulty' | 'template' | 'anomalies' | 'traps'
>;

/** A blueprint template (one file per template: `blueprints/templates/<slug>.ts`, default export). */
export interface Template {
	meta: TemplateMeta;
	/**
	 * Builds the instance of `ctx.seed`: an {@link InstanceBody}. Typed loosely (fixture rows are often copies of a
	 * gym's projected rows, whose literal types TypeScript widens), because {@link instantiate} validates the result
	 * with the strict blueprint schema anyway: a misspelled key or a wrong enum value fails there, naming its path.
	 * @throws TemplateError when the world has no binding for this seed (say which selector came up empty).
	 */
	build(ctx: InstanceContext): InstanceBody | ({ title: string } & Record<string, unknown>);
}

/** A template that cannot be instantiated for a seed (no binding, or an invalid result); names the template. */
export class TemplateError extends Error {
	override name = 'TemplateError';
}

/** What a template's `build` gets: the seed, the world, seeded streams and selectors over the world. */
export interface InstanceContext {
	/** The instance seed (≥ 1). */
	readonly seed: number;
	/** The seed world (world seed 1): users, companies, people, sequences, meetings, anomalies. */
	readonly world: World;
	/** A seeded stream for one purpose: the same (template, seed, label) always yields the same draws. */
	rng(label: string): Rng;
	/** Draws one item matching `where`, by a stream of its own; @throws TemplateError when none matches. */
	pick<T>(label: string, items: readonly T[], where?: (item: T) => boolean): T;
	/** Draws `n` distinct items matching `where`; @throws TemplateError when fewer match. */
	pickMany<T>(label: string, items: readonly T[], n: number, where?: (item: T) => boolean): T[];
	/**
	 * One item matching `where`, spread over seeds: the pool is shuffled once per (template, label), independent of the
	 * seed, and seed `s` takes item `(s - 1) mod n`. So seeds 1..n draw n different items (use it where two seeds must
	 * differ, e.g. the scenario's day), and seed n + 1 wraps around. @throws TemplateError when none matches.
	 */
	cycle<T>(label: string, items: readonly T[], where?: (item: T) => boolean): T;
	/** The people of an anomaly kind (each anomaly's first person), in manifest order. */
	anomalyPeople(kind: AnomalyKind): Person[];
	/** A person, company or team user by id; @throws TemplateError when absent. */
	person(id: string): Person;
	company(id: string): Company;
	user(id: string): TeamUser;
	/**
	 * A fresh fixture id for `label` (numeric text ≥ 990000, unique in this instance, stable across runs): the
	 * gyms' fixture ranges start there (seeds/world.ts FIXTURE_ID_MIN).
	 */
	fixtureId(label: string): string;
}

/** The id of the instance of `meta` for `seed`: `t<tier>/<slug>-s<seed>-v<version>`; the tier is the platform count. */
export function instanceId(meta: TemplateMeta, seed: number): string {
	return `t${meta.platforms.length}/${meta.slug}-s${seed}-v${meta.version}`;
}

/** The world every template draws from (world seed 1); instance seeds vary the draws, not the world. */
export const TEMPLATE_WORLD_SEED = 1;

/** Builds the {@link InstanceContext} of `(meta.slug, seed)`. */
export function instanceContext(meta: TemplateMeta, seed: number, world: World = worldFor(TEMPLATE_WORLD_SEED)): InstanceContext {
	const stream = (label: string) => rng(`template:${meta.slug}:${label}`, seed);
	const byId = <T extends { id: string }>(items: readonly T[], what: string) => {
		const map = new Map(items.map((i) => [i.id, i]));
		return (id: string): T => {
			const hit = map.get(id);
			if (!hit) throw new TemplateError(`${meta.slug}@${seed}: no ${what} ${id} in the world`);
			return hit;
		};
	};
	const person = byId(world.people, 'person');
	const ids = new Map<string, string>();
	const matching = <T>(label: string, items: readonly T[], n: number, where?: (item: T) => boolean): T[] => {
		const pool = where ? items.filter(where) : [...items];
		if (pool.length < n) throw new TemplateError(`${meta.slug}@${seed}: selector "${label}" matched ${pool.length} of the ${n} needed`);
		return stream(`pick:${label}`).shuffle(pool).slice(0, n);
	};
	return {
		seed,
		world,
		rng: stream,
		pick: (label, items, where) => matching(label, items, 1, where)[0]!,
		pickMany: matching,
		cycle: (label, items, where) => {
			const pool = where ? items.filter(where) : [...items];
			if (!pool.length) throw new TemplateError(`${meta.slug}@${seed}: selector "${label}" matched nothing`);
			const order = rng(`template:${meta.slug}:cycle:${label}`, 0).shuffle(pool);
			return order[(((seed - 1) % order.length) + order.length) % order.length]!;
		},
		anomalyPeople: (kind) => world.anomalies.filter((a) => a.kind === kind && a.personIds.length > 0).map((a) => person(a.personIds[0]!)),
		person,
		company: byId(world.companies, 'company'),
		user: byId(world.users, 'team user'),
		fixtureId: (label) => {
			const hit = ids.get(label);
			if (hit) return hit;
			const id = String(FIXTURE_ID_MIN + 1 + ids.size);
			ids.set(label, id);
			return id;
		}
	};
}

/**
 * Instantiates `template` for `seed`: runs its `build`, adds the catalogue fields of its meta and the instance id,
 * and validates the result with the strict blueprint schema (including the verifier lint).
 * @returns the blueprint, with `$schema` pointing at `static/schema/blueprint.schema.json` as committed files do.
 * @throws TemplateError naming the template, the seed and the first invalid path.
 */
export function instantiate(template: Template, seed: number, world?: World): Blueprint {
	const meta = TemplateMeta.parse(template.meta);
	if (!Number.isInteger(seed) || seed < 1) throw new TemplateError(`${meta.slug}: instance seeds are integers ≥ 1, got ${seed}`);
	const { title, ...body } = template.build(instanceContext(meta, seed, world));
	const doc = {
		$schema: '../../static/schema/blueprint.schema.json',
		id: instanceId(meta, seed),
		title,
		category: meta.category,
		business_function: meta.business_function,
		platforms: meta.platforms,
		...body,
		template: { slug: meta.slug, seed },
		anomalies: meta.anomalies,
		traps: meta.traps
	};
	const parsed = Blueprint.safeParse(doc);
	if (!parsed.success) {
		const issue = parsed.error.issues[0];
		throw new TemplateError(`${meta.slug}@${seed}: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
	}
	const starts = parsed.data.steps[0]?.platform;
	if (starts !== undefined && !meta.platforms.includes(starts)) throw new TemplateError(`${meta.slug}@${seed}: step 0 runs on ${starts}, not in platforms`);
	for (const p of meta.platforms as Platform[])
		if (!parsed.data.steps.some((s) => s.platform === p)) throw new TemplateError(`${meta.slug}@${seed}: no step on ${p}, which is in platforms`);
	return parsed.data;
}

export { parseInstanceSpec } from '../instance-spec';
