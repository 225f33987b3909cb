/**
 * Helpers for the gyms' schema tests (imported by `*.spec.ts` only): walk a zod schema for fields without a
 * `.describe()`, and collect the timestamps of a projected state.
 */
import type { z } from 'zod';

/**
 * Dotted paths of object fields with no `.describe()` (on the field, or through optional/nullable on its inner
 * type), e.g. `["users[].email"]`; `[]` when every field is described.
 */
export function undescribed(schema: z.ZodType, path = ''): string[] {
	type Def = { type: string; innerType?: z.ZodType; element?: z.ZodType; options?: z.ZodType[]; shape?: Record<string, z.ZodType> };
	const def = (s: z.ZodType) => (s as unknown as { def: Def }).def;
	const wrapped = (s: z.ZodType) => def(s).type === 'optional' || def(s).type === 'nullable';
	const unwrap = (s: z.ZodType): z.ZodType => (wrapped(s) ? unwrap(def(s).innerType!) : s);
	const described = (s: z.ZodType): boolean => !!s.description || (wrapped(s) && described(def(s).innerType!));
	const d = def(schema);
	if (d.type === 'object')
		return Object.entries(d.shape!).flatMap(([k, v]) => [...(described(v) ? [] : [`${path}${k}`]), ...undescribed(unwrap(v), `${path}${k}.`)]);
	if (d.type === 'array') return undescribed(unwrap(d.element!), `${path}[].`);
	if (d.type === 'union') return d.options!.flatMap((o) => undescribed(unwrap(o), path));
	return wrapped(schema) ? undescribed(d.innerType!, path) : [];
}

/** UTC ISO-8601 with milliseconds (HubSpot, Outreach, Sales Navigator rows). */
export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Every string of `value` (at any depth) that matches `pattern`, as `[dotted path, value]`. */
export function timestamps(value: unknown, pattern: RegExp = ISO_MS, path = ''): [string, string][] {
	if (typeof value === 'string') return pattern.test(value) ? [[path, value]] : [];
	if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => timestamps(v, pattern, path ? `${path}.${k}` : k));
	return [];
}
