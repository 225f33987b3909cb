/**
 * Which blueprints the browser suites replay through the UI: every one by default (`npm test`), or with
 * `SALESGYM_PLAYS=ci` the `ci` set, a quicker local run.
 *
 * A template's instances (`npm run blueprints`: the same template at other seeds) mostly differ in the records
 * they touch, not in the screens they pass through: 102 of the 147 shipped blueprints are instances, 89 % of the
 * library's oracle actions, and they fall into 29 distinct UI paths. The `ci` set plays every blueprint written by
 * hand and, per template, the lowest-seed instance of each distinct {@link uiPath} (its oracle's and its UI
 * alternatives', `alternatives[].steps`): 74 of 147, every screen path. Whatever the play set, every blueprint keeps
 * its Node checks in `npm run unit` (schema, verifier lint, "a fresh reset fails", and its UI play's recorded API
 * calls replayed to the golden final state with its verdict and mutants: tests/unit/replays.ts).
 */
import type { Action, Blueprint } from '../../blueprints/schema';

/** Which plays run: `all` (the default) or `ci` (one instance per template UI path, see the module comment). */
export type PlaySetMode = 'ci' | 'all';

/**
 * The play set in force: `ci` when `SALESGYM_PLAYS=ci` (and golden hashes are not being recorded:
 * `SALESGYM_GOLDEN=write` must record every blueprint), else `all`.
 * @throws Error when `SALESGYM_PLAYS` is set to anything but `ci` or `all` (a typo must not silently shrink a run).
 */
export function playSetMode(env: NodeJS.ProcessEnv = process.env): PlaySetMode {
	const v = env.SALESGYM_PLAYS;
	if (v !== undefined && v !== 'ci' && v !== 'all') throw new Error(`SALESGYM_PLAYS must be "ci" or "all", not ${JSON.stringify(v)}`);
	return env.SALESGYM_GOLDEN === 'write' ? 'all' : (v ?? 'all');
}

/** One action's place in a UI path: its kind and what kind of element it addresses (see {@link uiPath}). */
function actionShape(a: Action, withScreen = true): string {
	const kind = Object.keys(a)[0]!;
	const v = (a as Record<string, unknown>)[kind];
	if (kind === 'goto' && !withScreen) return kind;
	if (kind === 'goto') return `goto ${new URL(String(v), 'http://x').pathname.split('/').slice(0, 3).join('/')}`;
	if (typeof v !== 'object' || v === null) return kind;
	const t = v as Record<string, unknown>;
	// A form field's label is part of the screen (fill "Deal name"); a checkbox's or a link's names a record.
	const label = withScreen && (kind === 'fill' || kind === 'select') && typeof t.label === 'string' ? ` "${t.label}"` : '';
	return `${kind} ${typeof t.role === 'string' ? t.role : 'label' in t ? 'label' : 'text' in t ? 'text' : ''}${label}`;
}

/**
 * The UI path of a blueprint's oracle, one line per action: the step's platform, the action kind, the element's role
 * (or `label`/`text` for those targets) and, for `fill`/`select`, the form field's label; for `goto`, the first two
 * path segments (the tool and its screen). Record names, typed values and ids are left out, so two instances of a
 * template that click other records on the same screens have the same path.
 */
export function uiPath(bp: { steps: readonly { platform: string; actions: readonly Action[] }[] }): string {
	return bp.steps.flatMap((s) => s.actions.map((a) => `${s.platform} ${actionShape(a)}`)).join('\n');
}

/**
 * The blueprints a run plays, in the order given: every one for `all`; for `ci`, every blueprint without `template`
 * and, per template slug, the lowest-seed instance of each distinct pair of oracle {@link uiPath} and UI alternatives'
 * paths (an alternative with `steps` is played as its own test, so its path counts too).
 */
export function playSet<B extends Pick<Blueprint, 'id' | 'steps' | 'template' | 'alternatives'>>(all: readonly B[], mode: PlaySetMode): B[] {
	if (mode === 'all') return [...all];
	const first = new Map<string, B>();
	for (const bp of all) {
		if (!bp.template) continue;
		const alts = (bp.alternatives ?? []).flatMap((a) => (a.steps === undefined ? [] : [`${a.id}\n${uiPath({ steps: a.steps })}`]));
		const key = [bp.template.slug, uiPath(bp), ...alts].join('\n--\n');
		const seen = first.get(key);
		if (!seen || bp.template.seed < seen.template!.seed) first.set(key, bp);
	}
	const chosen = new Set(first.values());
	return all.filter((bp) => !bp.template || chosen.has(bp));
}

/**
 * A greedy cover of the action shapes `all`'s oracles use (kind and element role, as in {@link uiPath} but without the
 * platform, the `goto` path and the field labels): the blueprint that adds the most shapes not yet covered is taken (ties: the first in the given order),
 * until every shape any of them uses is covered. Returned in the given order; `[]` for `[]`.
 */
export function actionCover<B extends Pick<Blueprint, 'steps'>>(all: readonly B[]): B[] {
	const shapes = all.map((bp) => new Set(bp.steps.flatMap((s) => s.actions.map((a) => actionShape(a, false)))));
	const missing = new Set(shapes.flatMap((s) => [...s]));
	const taken = new Set<number>();
	while (missing.size) {
		let best = -1;
		let gain = 0;
		shapes.forEach((s, i) => {
			const g = [...s].filter((x) => missing.has(x)).length;
			if (g > gain) [best, gain] = [i, g];
		});
		taken.add(best);
		for (const x of shapes[best]!) missing.delete(x);
	}
	return all.filter((_, i) => taken.has(i));
}
