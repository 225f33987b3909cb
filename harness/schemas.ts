/**
 * JSON Schemas emitted from the zod schemas (`z.toJSONSchema`), so that hand-written data files carry
 * `$schema` and editors check them. `npm run schema` writes them under `static/schema/`; a unit test fails when
 * the committed files are stale.
 */
import { z } from 'zod';
import { Blueprint } from '../blueprints/schema';
import { AnomalyManifest, World } from '../seeds/world';

/** File name under `static/schema/` → the JSON Schema text (2-space JSON, trailing newline). */
export function jsonSchemas(): Record<string, string> {
	const emit = (schema: z.ZodType, title: string) =>
		`${JSON.stringify({ title, ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) }, null, 2)}\n`;
	return {
		'blueprint.schema.json': emit(Blueprint, 'salesgym blueprint'),
		'world.schema.json': emit(World, 'salesgym seed world'),
		'anomalies.schema.json': emit(AnomalyManifest, 'salesgym planted anomalies manifest')
	};
}

/** `npm run schema`: writes every schema to `static/schema/`. */
async function main(): Promise<void> {
	const { writeFileSync } = await import('node:fs');
	for (const [file, text] of Object.entries(jsonSchemas())) {
		writeFileSync(new URL(`../static/schema/${file}`, import.meta.url), text);
		console.log(`wrote static/schema/${file}`);
	}
}

if (process.argv[1] && import.meta.url === (await import('node:url')).pathToFileURL(process.argv[1]).href) await main();
