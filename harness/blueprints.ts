/**
 * Loads and selects task blueprints (`blueprints/<platform>/<name>-vN.json`) for the harness.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { z } from 'zod';
import { parseInstanceSpec } from '../blueprints/instance-spec';
import { Blueprint } from '../blueprints/schema';

/** Thrown when a blueprint file is not valid JSON, fails the schema, or duplicates another file's id. */
export class BlueprintError extends Error {
	override name = 'BlueprintError';
	/** @param file path of the offending file as given to the loader; @param message what is wrong. */
	constructor(
		readonly file: string,
		message: string
	) {
		super(`${file}: ${message}`);
	}
}

type Issue = z.core.$ZodIssue;

function pathText(path: readonly PropertyKey[]): string {
	return path.length === 0 ? '(root)' : path.map((p) => String(p)).join('.');
}

function issueKey(i: Issue): string {
	return `${i.code}|${pathText(i.path)}|${i.message}`;
}

/**
 * Flattens zod issues into `path: message` lines. An `invalid_union` (e.g. an Action matching none of its
 * shapes) is replaced by the issues every branch shares (typically `Unrecognized key: "clik"`), or else by
 * the branch with the fewest issues, so the line names the misspelled key instead of "Invalid input".
 * @param issues zod issues; @param prefix path of the parent (for nested union branches).
 * @returns one line per issue, e.g. `steps.0.actions.1: Unrecognized key: "clik"`.
 */
export function formatIssues(issues: readonly Issue[], prefix: readonly PropertyKey[] = []): string[] {
	const lines: string[] = [];
	for (const issue of issues) {
		const path = [...prefix, ...issue.path];
		if (issue.code === 'invalid_union' && issue.errors.length > 0) {
			const branches = issue.errors;
			const shared = (branches[0] ?? []).filter((i) => branches.every((b) => b.some((j) => issueKey(j) === issueKey(i))));
			const best = shared.length > 0 ? shared : ([...branches].sort((a, b) => a.length - b.length)[0] ?? []);
			if (best.length > 0) {
				lines.push(...formatIssues(best, path));
				continue;
			}
		}
		let message = issue.message;
		if (issue.code === 'unrecognized_keys') message += ` (misspelled or unknown key)`;
		lines.push(`${pathText(path)}: ${message}`);
	}
	return [...new Set(lines)];
}

function listJsonFiles(dir: string): string[] {
	return readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((e) => e.isFile() && e.name.endsWith('.json'))
		.map((e) => join(e.parentPath, e.name))
		.sort();
}

/**
 * Parses and validates one blueprint file's text.
 * @param file path used in error messages; @param text the file's content.
 * @param expectedId id implied by the file's place (`<platform>/<name>-vN`), checked when given.
 * @throws BlueprintError naming `file` and each zod issue path, e.g. `steps.0.actions.0: Unrecognized key: "clik"`.
 */
export function parseBlueprint(file: string, text: string, expectedId?: string): Blueprint {
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch (e) {
		throw new BlueprintError(file, `not valid JSON: ${(e as Error).message}`);
	}
	const parsed = Blueprint.safeParse(json);
	if (!parsed.success) {
		throw new BlueprintError(file, `invalid blueprint:\n  ${formatIssues(parsed.error.issues).join('\n  ')}`);
	}
	if (expectedId !== undefined && parsed.data.id !== expectedId) {
		throw new BlueprintError(file, `id "${parsed.data.id}" does not match its path: expected "${expectedId}" (files live at blueprints/<id>.json)`);
	}
	return parsed.data;
}

/**
 * Reads every `**\/*.json` under `dir` (default `blueprints`, relative to the cwd), validates each with the
 * `Blueprint` schema and checks that its id equals its path without `.json` (`hubspot/x-v1` ↔
 * `hubspot/x-v1.json`).
 * @returns blueprints sorted by id (code-unit order).
 * @throws BlueprintError on a missing folder, invalid JSON, a schema failure, an id/path mismatch or a duplicate id.
 */
export function loadBlueprints(dir = 'blueprints'): Blueprint[] {
	const root = resolve(dir);
	if (!existsSync(root)) throw new BlueprintError(dir, 'blueprint folder not found');
	const out: Blueprint[] = [];
	const seen = new Map<string, string>();
	for (const abs of listJsonFiles(root)) {
		const rel = relative(root, abs).split(sep).join('/');
		const file = join(dir, rel);
		const bp = parseBlueprint(file, readFileSync(abs, 'utf8'), rel.replace(/\.json$/, ''));
		const other = seen.get(bp.id);
		if (other !== undefined) throw new BlueprintError(file, `duplicate id "${bp.id}" (also in ${other})`);
		seen.set(bp.id, file);
		out.push(bp);
	}
	return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Thrown by {@link selectTasks} when a spec selects nothing. Its message lists the known ids. */
export class TaskSelectionError extends Error {
	override name = 'TaskSelectionError';
}

/**
 * Turns a glob into an anchored RegExp: `*` = any run of characters except `/`, `**` = anything,
 * `?` = one character except `/`; everything else is literal.
 * @param glob e.g. `hubspot/*` or `**\/inbound-*`.
 */
export function globToRegExp(glob: string): RegExp {
	let src = '';
	for (let i = 0; i < glob.length; i++) {
		const c = glob[i] as string;
		if (c === '*') {
			if (glob[i + 1] === '*') {
				src += '.*';
				i++;
			} else src += '[^/]*';
		} else if (c === '?') src += '[^/]';
		else src += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
	}
	return new RegExp(`^${src}$`);
}

/**
 * Selects tasks by `spec`: `all`, an exact id, or a glob ({@link globToRegExp}) over ids, e.g. `hubspot/*`.
 * @param all blueprints (order kept); @param spec the `--task` value.
 * @returns the selected blueprints, never empty.
 * @throws TaskSelectionError when nothing matches (the message lists the available ids).
 */
export function selectTasks(all: readonly Blueprint[], spec: string): Blueprint[] {
	let picked: Blueprint[];
	if (spec === 'all') picked = [...all];
	else if (/[*?]/.test(spec)) {
		const re = globToRegExp(spec);
		picked = all.filter((b) => re.test(b.id));
	} else picked = all.filter((b) => b.id === spec);
	if (picked.length === 0) {
		const known = all.length === 0 ? '(no blueprints found)' : all.map((b) => b.id).join(', ');
		throw new TaskSelectionError(`--task ${spec} matches no blueprint. Known tasks: ${known}`);
	}
	return picked;
}

/**
 * A template instance by its spec `<slug>@<seed>` (blueprints/templates/kit.ts): the template's instance for that
 * seed, made on the fly (pinned seeds give the committed file's blueprint, byte for byte), or null when `spec` is not
 * of that form.
 * @throws TaskSelectionError when no template has that slug; TemplateError when the seed has no binding.
 */
export async function instanceFromSpec(spec: string): Promise<Blueprint | null> {
	const parsed = parseInstanceSpec(spec);
	if (!parsed) return null;
	// The kit loads the seed world (a JSON import only tsx and Vite resolve): imported only for a real spec.
	const { instantiate } = await import('../blueprints/templates/kit');
	const { loadTemplates } = await import('../blueprints/templates/index');
	const templates = await loadTemplates();
	const t = templates.get(parsed.slug);
	if (!t) throw new TaskSelectionError(`--task ${spec}: no template "${parsed.slug}"; templates: ${[...templates.keys()].join(', ') || '(none)'}`);
	return instantiate(t, parsed.seed);
}
