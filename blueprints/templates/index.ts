/**
 * The template registry: every `blueprints/templates/<slug>.ts` (default export: a {@link Template}) except the
 * kit itself, this file and tests. Node only (node:fs, dynamic import): the Service Worker never loads a template.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TemplateError, TemplateMeta, type Template } from './kit';

/** The folder of the template files. */
export const TEMPLATES_DIR = dirname(fileURLToPath(import.meta.url));

/** Files of the folder that are not templates. */
const NOT_TEMPLATES = new Set(['kit.ts', 'index.ts']);

/**
 * Loads every template of `dir`, by slug, sorted by slug.
 * @throws TemplateError when a file has no default export with a valid meta, when its slug is not its file name, or
 *   when two templates share a slug.
 */
export async function loadTemplates(dir: string = TEMPLATES_DIR): Promise<Map<string, Template>> {
	const files = readdirSync(dir)
		.filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts') && !f.endsWith('.d.ts') && !NOT_TEMPLATES.has(f) && !f.startsWith('_'))
		.sort();
	const out = new Map<string, Template>();
	for (const file of files) {
		const mod = (await import(pathToFileURL(join(dir, file)).href)) as { default?: Template };
		const t = mod.default;
		if (!t || typeof t.build !== 'function') throw new TemplateError(`blueprints/templates/${file}: no default export with build()`);
		const meta = TemplateMeta.safeParse(t.meta);
		if (!meta.success) throw new TemplateError(`blueprints/templates/${file}: meta.${meta.error.issues[0]?.path.join('.')}: ${meta.error.issues[0]?.message}`);
		if (`${meta.data.slug}.ts` !== file) throw new TemplateError(`blueprints/templates/${file}: slug "${meta.data.slug}" must be the file name`);
		out.set(meta.data.slug, t);
	}
	return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}
