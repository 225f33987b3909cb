/**
 * What the Service Worker knows of each task: only what a reset and the run-control catalogue need (id, the
 * catalogue fields, start path, clock, fixtures, actors, platforms). Never a step: no oracle action, no
 * verifier, no step objective. The browser bundle is the agent's to read (`/service-worker.js`), so the answer
 * key must not be in it; verification gets the assertions from whoever holds them (the harness, or the offline
 * demo's server), see README "Sealed episodes".
 *
 * How the steps stay out of the bundle: the build reads the blueprint files in Node and keeps only their setup
 * fields (`blueprints/setup-fields.ts`), which `vite.config.ts` defines as `__SALESGYM_TASK_SETUPS__`; the
 * bundle never imports a blueprint file. `npm test` checks the built `service-worker.js` for it
 * (tests/e2e/harness-seal.spec.ts).
 */
import { z } from 'zod';
import { canonicalJson } from '../verifier/canonical';
import { Actors, Fixtures, Platform } from './schema';

/** The fields of a blueprint that the Service Worker ships: no `steps`, no `difficulty`, no `mutants` or `alternatives` (answer keys). */
export const TaskSetup = z.strictObject({
	id: z.string().regex(/^[a-z0-9-]+\/[a-z0-9-]+-v[0-9]+$/, 'ids look like "<platform>/<name>-v<N>"'),
	title: z.string().min(1),
	category: z.enum(['inbound', 'outbound']),
	business_function: z.string().min(1),
	platforms: z.array(Platform).min(1),
	goal: z.string().min(1),
	prompt: z.string().min(1),
	start_path: z.string().startsWith('/'),
	clock: z.iso.datetime({ offset: false, precision: 3 }).describe('virtual time at reset, UTC ISO-8601 ms'),
	fixtures: Fixtures,
	actors: Actors.optional()
});
/** A task as the Service Worker knows it (a {@link Blueprint} without its steps); a full blueprint is one too. */
export type TaskSetup = z.infer<typeof TaskSetup>;

/**
 * The setup of a task: its {@link TaskSetup} fields (absent ones left out), e.g. a whole blueprint without its steps,
 * mutants and difficulty. What a reset needs and all the Service Worker may hold of a task.
 */
export function setupOf(task: TaskSetup | Record<string, unknown>): Record<string, unknown> {
	const doc = task as Record<string, unknown>;
	return Object.fromEntries(Object.keys(TaskSetup.shape).flatMap((k) => (doc[k] === undefined ? [] : [[k, doc[k]]])));
}

/** Set by the build (vite.config.ts `define`): every blueprint's setup fields, in file order, checked by {@link checkTaskSetups}. */
declare const __SALESGYM_TASK_SETUPS__: readonly unknown[] | undefined;

let cache: Map<string, TaskSetup> | null = null;

/**
 * Every bundled task's setup by id, in file order (none when the build did not define them, e.g. code run outside
 * Vite). Taken as the build baked them, without the schema: every build checked them with {@link checkTaskSetups}
 * first (vite.config.ts), as it checks the seed worlds, which saves a Service Worker's first request the schema's
 * cost (~320 ms in Chromium for 198 setups, most of it compiling the schema's code).
 */
export function taskSetups(): Map<string, TaskSetup> {
	if (cache) return cache;
	const raw = (typeof __SALESGYM_TASK_SETUPS__ === 'undefined' ? [] : __SALESGYM_TASK_SETUPS__) as readonly TaskSetup[];
	cache = new Map(raw.map((doc) => [doc.id, doc]));
	return cache;
}

/**
 * Build-time check of the setups a build bakes in (`vite.config.ts`, before `define`): each one parses with the strict
 * {@link TaskSetup} schema, the schema's output is the document itself (no default, no transform: the bundle takes
 * them without the schema, see {@link taskSetups}), and no two share an id.
 * @param setups the setup fields of every blueprint file, in file order (`readSetupFields`).
 * @returns the number of setups checked.
 * @throws Error naming the setup's index and id and the first invalid path, a setup the schema changes, or a repeated id.
 */
export function checkTaskSetups(setups: readonly unknown[]): number {
	const ids = new Set<string>();
	for (const [i, doc] of setups.entries()) {
		const name = `task setup ${i} (${String((doc as { id?: unknown } | null)?.id)})`;
		const parsed = TaskSetup.safeParse(doc);
		if (!parsed.success) {
			const issue = parsed.error.issues[0];
			throw new Error(`${name}: ${issue?.path.join('.')}: ${issue?.message}`);
		}
		if (canonicalJson(parsed.data) !== canonicalJson(doc)) throw new Error(`${name}: the TaskSetup schema changes the document (a default or a transform)`);
		if (ids.has(parsed.data.id)) throw new Error(`${name}: the id is taken by an earlier setup`);
		ids.add(parsed.data.id);
	}
	return setups.length;
}
