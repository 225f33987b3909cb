/**
 * Makes "the SDK parsed the answer" a real check: the official client's ObjectSerializer fills its models from
 * whatever JSON it gets and never complains about a missing field. This watcher wraps every generated
 * ObjectSerializer of `@hubspot/api-client` and, for each model it deserializes, records the fields that the
 * model's declaration (generated from HubSpot's OpenAPI specs) marks required but the answer lacks.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** One required field an answer lacked: `<api>/<Model>.<field>` as the JSON spells it, e.g. `crm/owners/PublicOwner.type`. */
export type MissingField = string;

interface Serializer {
	deserialize(data: unknown, type: string, format: string): unknown;
	findCorrectType(data: unknown, type: string): string;
}

/** Every `models/` folder of the SDK's generated code (one per API), e.g. `.../lib/codegen/crm/owners/models`. */
function modelDirs(): string[] {
	const root = join(dirname(require.resolve('@hubspot/api-client/package.json')), 'lib', 'codegen');
	const out: string[] = [];
	const walk = (dir: string): void => {
		for (const entry of readdirSync(dir, { withFileTypes: true })) {
			if (!entry.isDirectory()) continue;
			const sub = join(dir, entry.name);
			if (entry.name === 'models' && existsSync(join(sub, 'ObjectSerializer.js'))) out.push(sub);
			else walk(sub);
		}
	};
	walk(root);
	return out;
}

/**
 * The JSON names of a model's required fields: the declaration's attributes without `?`, mapped to their wire
 * names through the class's attribute map (`_from` → `from`). Undefined when the type has no model class.
 */
function requiredOf(dir: string, type: string, cache: Map<string, string[] | undefined>): string[] | undefined {
	const key = join(dir, type);
	if (cache.has(key)) return cache.get(key);
	let out: string[] | undefined;
	const dts = join(dir, `${type}.d.ts`);
	if (/^[A-Za-z0-9_]+$/.test(type) && existsSync(dts)) {
		const text = readFileSync(dts, 'utf8');
		const start = text.indexOf('export declare class');
		const end = text.indexOf('static readonly', start);
		if (start >= 0 && end > start) {
			const names = [...text.slice(start, end).matchAll(/^ {4}'([^']+)'(\?)?:/gm)].filter((m) => !m[2]).map((m) => m[1]!);
			const cls = (require(join(dir, `${type}.js`)) as Record<string, { getAttributeTypeMap?: () => { name: string; baseName: string }[] }>)[type];
			const map = new Map((cls?.getAttributeTypeMap?.() ?? []).map((a) => [a.name, a.baseName]));
			out = names.map((n) => map.get(n) ?? n);
		}
	}
	cache.set(key, out);
	return out;
}

/**
 * Starts watching every ObjectSerializer of the SDK.
 * @returns `missing()`: the sorted, distinct required fields that some deserialized answer lacked so far.
 */
export function watchRequiredFields(): () => MissingField[] {
	const found = new Set<MissingField>();
	const cache = new Map<string, string[] | undefined>();
	const root = join(dirname(require.resolve('@hubspot/api-client/package.json')), 'lib', 'codegen');
	for (const dir of modelDirs()) {
		const mod = require(join(dir, 'ObjectSerializer.js')) as { ObjectSerializer: Serializer & { __watched?: boolean } };
		const serializer = mod.ObjectSerializer;
		if (serializer.__watched) continue;
		serializer.__watched = true;
		const original = serializer.deserialize.bind(serializer);
		const api = dirname(dir).slice(root.length + 1);
		serializer.deserialize = (data, type, format) => {
			if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
				const resolved = serializer.findCorrectType(data, type);
				for (const field of requiredOf(dir, resolved, cache) ?? []) {
					if ((data as Record<string, unknown>)[field] === undefined) found.add(`${api}/${resolved}.${field}`);
				}
			}
			return original(data, type, format);
		};
	}
	return () => [...found].sort();
}
