/**
 * Outreach's vendor-conformance check (`npm run check:vendor`): compares what the gym serves with Outreach's
 * published OpenAPI 3.0.3 document (`outreach-openapi.json`, from `https://api.outreach.io/api/v2/schema/openapi.json`):
 * - every served endpoint (method + path of the route table) is an operation of the spec;
 * - every served attribute of every resource type exists in `components.schemas.<type>` with the same JSON type
 *   (string / integer / number / boolean / array; nullable where the spec says so is not compared), the same
 *   `maxLength` when both the served schema and the spec give one (the prospect custom fields' 32000), and an
 *   enumerated attribute's values all appear in the spec's description when it lists quoted values (Outreach
 *   publishes enums in prose, never as `enum:`);
 * - every served relationship exists in `components.schemas.<type>Relationships` and points at a type the spec
 *   allows there.
 * Replica-only fields are listed in {@link REPLICA_ONLY} with the reason, reported and counted, not mismatches.
 * Node-only (reads a file); page code must not import it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import type { VendorCheck, VendorCheckResult, VendorMismatch } from '../kit/vendor-check';
import { RESOURCE_SHAPES, RESOURCE_TYPES } from './contract';
import { OUTREACH_ROUTES } from './api/handlers';

/** File name of the spec in the vendor-spec folder. */
export const OUTREACH_SPEC_FILE = 'outreach-openapi.json';

/** Served fields the public spec does not declare, with why the replica serves them (`<type>.<field>`). */
export const REPLICA_ONLY: Readonly<Record<string, string>> = {
	'sequenceState.autoResumeAt': 'the UI’s "Pause until <date>": the public spec’s pause action takes no resume date',
	'prospect.timeZoneIana': 'declared read-only in the spec; listed here only if a spec copy lacks it'
};

interface SpecProp {
	type?: string;
	maxLength?: number;
	description?: string;
	items?: SpecProp;
	properties?: Record<string, SpecProp>;
	enum?: string[];
}
export interface Spec {
	paths: Record<string, Record<string, unknown>>;
	components: { schemas: Record<string, { properties?: Record<string, SpecProp> }> };
}

/** The JSON type a zod schema serves (`null` when it cannot be told, e.g. a union). */
function jsonType(s: z.ZodType): { type: string | null; values?: string[]; maxLength?: number } {
	const def = (s as unknown as { _zod: { def: { type: string; innerType?: z.ZodType; entries?: Record<string, string>; check?: string } } })._zod.def;
	switch (def.type) {
		case 'nullable':
		case 'optional':
		case 'default':
			return jsonType(def.innerType!);
		case 'string': {
			const max = (s as unknown as { maxLength?: number | null }).maxLength;
			return { type: 'string', ...(typeof max === 'number' ? { maxLength: max } : {}) };
		}
		case 'number':
			return { type: (s as unknown as { format?: string }).format === 'safeint' || (s as unknown as { isInt?: boolean }).isInt ? 'integer' : 'number' };
		case 'boolean':
			return { type: 'boolean' };
		case 'array':
			return { type: 'array' };
		case 'enum':
			return { type: 'string', values: Object.values(def.entries ?? {}) };
		case 'object':
			return { type: 'object' };
		default:
			return { type: null };
	}
}

/** Quoted values a spec description lists (`'bounced'`, `"finish"`), empty when it lists none. */
function proseValues(description: string | undefined): string[] {
	if (!description) return [];
	const text = description.replace(/<img[^>]*>/g, '');
	// Quotes may enclose trailing punctuation: "read_only," "private," or "shared".
	return [...text.matchAll(/["“]([A-Za-z_][A-Za-z_ -]*?)[,.]?["”]|'([A-Za-z_][A-Za-z_ -]*?)[,.]?'/g)].map((m) => (m[1] ?? m[2])!);
}

/** Spec path template of a served route path (`/prospects/{id}`; the spec names its params `{id}` too). */
const specPath = (path: string) => path.replace(/\{[A-Za-z]+\}/g, '{id}');

/**
 * Compares the Outreach gym's served contract with the spec in `specDir`.
 * @returns the counts and every mismatch; `spec: null` and `skipped` when the file is absent.
 */
export const checkVendor: VendorCheck = async (specDir) => {
	const file = join(specDir, OUTREACH_SPEC_FILE);
	if (!existsSync(file)) return { gym: 'outreach', spec: null, endpoints: 0, fields: 0, mismatches: [], skipped: `${file} not found` };
	const spec = JSON.parse(readFileSync(file, 'utf8')) as Spec;
	return compare(spec, file);
};

/** The comparison itself, over a parsed spec (exported for the unit test). */
export function compare(spec: Spec, file: string): VendorCheckResult & { replicaOnly: string[] } {
	const mismatches: VendorMismatch[] = [];
	const replicaOnly: string[] = [];
	let endpoints = 0;
	let fields = 0;
	for (const r of OUTREACH_ROUTES) {
		if (typeof r.path !== 'string') continue;
		endpoints++;
		const op = spec.paths[specPath(r.path)]?.[r.method.toLowerCase()];
		if (!op) mismatches.push({ path: `${r.method} ${r.path}`, message: 'not an operation of the spec' });
	}
	for (const type of RESOURCE_TYPES) {
		const shape = RESOURCE_SHAPES[type];
		const attrs = spec.components.schemas[type]?.properties;
		const rels = spec.components.schemas[`${type}Relationships`]?.properties ?? {};
		if (!attrs) {
			mismatches.push({ path: type, message: 'resource type not in the spec' });
			continue;
		}
		for (const [name, schema] of Object.entries(shape.attributes)) {
			fields++;
			const where = `${type}.attributes.${name}`;
			const p = attrs[name];
			if (!p) {
				if (REPLICA_ONLY[`${type}.${name}`]) replicaOnly.push(`${where}: ${REPLICA_ONLY[`${type}.${name}`]}`);
				else mismatches.push({ path: where, message: 'not in the spec' });
				continue;
			}
			const served = jsonType(schema as z.ZodType);
			if (
				served.type &&
				p.type &&
				served.type !== p.type &&
				!(served.type === 'number' && p.type === 'integer') &&
				!(served.type === 'integer' && p.type === 'number')
			)
				mismatches.push({ path: where, message: `type differs: served ${served.type}, spec ${p.type}` });
			if (served.maxLength !== undefined && p.maxLength !== undefined && served.maxLength !== p.maxLength)
				mismatches.push({ path: where, message: `maxLength differs: served ${served.maxLength}, spec ${p.maxLength}` });
			if (served.values) {
				const listed = p.enum ?? proseValues(p.description);
				const missing = listed.length ? served.values.filter((v) => !listed.includes(v)) : [];
				if (missing.length) mismatches.push({ path: where, message: `enum values not in the spec's list (${listed.join(', ')}): ${missing.join(', ')}` });
			}
		}
		for (const [name, rel] of Object.entries(shape.relationships)) {
			fields++;
			const where = `${type}.relationships.${name}`;
			const p = rels[name];
			if (!p) {
				if (REPLICA_ONLY[`${type}.${name}`]) replicaOnly.push(`${where}: ${REPLICA_ONLY[`${type}.${name}`]}`);
				else mismatches.push({ path: where, message: 'not in the spec' });
				continue;
			}
			const allowed = p.properties?.data?.properties?.type?.enum;
			const wrong = allowed ? rel.types.filter((t) => !allowed.includes(t)) : [];
			if (wrong.length) mismatches.push({ path: where, message: `points at ${wrong.join(', ')}; the spec allows ${allowed!.join(', ')}` });
		}
	}
	return { gym: 'outreach', spec: file, endpoints, fields, mismatches, replicaOnly };
}

/**
 * A spec document that declares exactly what the gym serves (enums in prose, as Outreach writes them): the
 * baseline of the check's own tests, which then break it one field at a time.
 */
export function conformingSpec(): Spec {
	const schemas: Spec['components']['schemas'] = {};
	for (const t of RESOURCE_TYPES) {
		const props: Record<string, { type?: string; description?: string }> = {};
		for (const [name, s] of Object.entries(RESOURCE_SHAPES[t].attributes)) {
			const def = (s as unknown as { _zod: { def: { type: string; innerType?: { _zod: { def: { type: string; entries?: object } } }; entries?: object } } })
				._zod.def;
			const inner = def.type === 'nullable' || def.type === 'optional' ? def.innerType!._zod.def : def;
			const type = inner.type === 'enum' ? 'string' : inner.type === 'number' ? 'integer' : inner.type;
			props[name] = {
				type,
				...(inner.type === 'enum'
					? {
							description: `Must be ${Object.values(inner.entries!)
								.map((v) => `"${String(v)}"`)
								.join(', ')}.`
						}
					: {})
			};
		}
		schemas[t] = { properties: props };
		schemas[`${t}Relationships`] = {
			properties: Object.fromEntries(
				Object.entries(RESOURCE_SHAPES[t].relationships).map(([k, r]) => [k, { properties: { data: { properties: { type: { enum: [...r.types] } } } } }])
			)
		};
	}
	const paths: Spec['paths'] = {};
	for (const r of OUTREACH_ROUTES) if (typeof r.path === 'string') (paths[r.path] ??= {})[r.method.toLowerCase()] = {};
	return { paths, components: { schemas } };
}
