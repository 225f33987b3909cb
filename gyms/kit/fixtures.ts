/**
 * Fixture merge: a blueprint's fixtures for one gym, validated with the gym's strict fixture schema and laid
 * over the seed projection (each row added, or replacing the row with the same primary key).
 */
import type { z } from 'zod';
import type { World } from '../../seeds/world';

/**
 * How a fixture error path is written: `brackets` = `fixtures.hubspot.contacts[0].id`; `dots` =
 * `fixtures.outreach.prospects.0.id` (the zod path joined with dots).
 */
export type FixturePathStyle = 'brackets' | 'dots';

/** `fixtures.<gym>` + the zod `path` in `style`. */
export function fixturePath(gym: string, path: readonly PropertyKey[], style: FixturePathStyle): string {
	if (style === 'dots') return `fixtures.${gym}.${path.map(String).join('.')}`;
	return `fixtures.${gym}${path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')}`;
}

/**
 * Validates the fixtures of a gym (`undefined` = none).
 * @returns the parsed fixtures.
 * @throws Error `<fixture path>: <message>` for the first issue.
 */
export function parseFixtures<T extends z.ZodType>(gym: string, schema: T, fixtures: unknown, style: FixturePathStyle): z.infer<T> {
	const parsed = schema.safeParse(fixtures ?? {});
	if (!parsed.success) {
		const issue = parsed.error.issues[0];
		throw new Error(`${fixturePath(gym, issue?.path ?? [], style)}: ${issue?.message}`);
	}
	return parsed.data;
}

/** The key of a fixture row in {@link MergedFixtures.index}. */
export const fixtureKey = (table: string, key: string) => `${table}\u0001${key}`;

/** Seed tables with the fixture rows laid over them. */
export interface MergedFixtures<R> {
	tables: Record<string, R[]>;
	/** {@link fixtureKey}(table, key) → index of the row in its fixture table (only fixture rows). */
	index: Map<string, number>;
}

/**
 * Lays fixture rows over seed rows: per table, a fixture row replaces the seed row with the same key (keeping its
 * place) or is appended. Inputs are not modified; tables without fixture rows are the seed's arrays themselves, and
 * the result keeps the seed's table order.
 * @param keyOf the primary key of a row of `table` as a string.
 * @param compare order of a table that got fixture rows (default: seed order, then new rows).
 */
export function mergeFixtureRows<R>(
	tables: readonly string[],
	base: Readonly<Record<string, R[]>>,
	fixtures: Readonly<Record<string, readonly R[] | undefined>>,
	keyOf: (table: string, row: R) => string,
	compare?: (table: string) => ((a: R, b: R) => number) | undefined
): MergedFixtures<R> {
	const out: Record<string, R[]> = { ...base };
	const index = new Map<string, number>();
	for (const t of tables) {
		const extra = fixtures[t] ?? [];
		const rows = base[t] ?? [];
		if (!extra.length) {
			out[t] = rows;
			continue;
		}
		const byKey = new Map(rows.map((r) => [keyOf(t, r), r]));
		extra.forEach((r, i) => {
			byKey.set(keyOf(t, r), r);
			index.set(fixtureKey(t, keyOf(t, r)), i);
		});
		const merged = [...byKey.values()];
		const cmp = compare?.(t);
		out[t] = cmp ? merged.sort(cmp) : merged;
	}
	return { tables: out, index };
}

/**
 * A gym's projection of the seed world, computed once per world object (the worlds are cached per seed, so once
 * per seed): `memoPerWorld(build)(world)`. `build` must be pure; callers treat the result as read-only.
 */
export function memoPerWorld<T>(build: (world: World) => T): (world: World) => T {
	const cache = new WeakMap<World, T>();
	return (world) => {
		let hit = cache.get(world);
		if (hit === undefined) {
			hit = build(world);
			cache.set(world, hit);
		}
		return hit;
	};
}
