/**
 * The `<slug>@<seed>` spec of a template instance (`salesgym run --task <slug>@<seed>`), in a module of its own: it
 * loads nothing, so the harness can tell a spec from a task id without importing the template kit and its seed world.
 */

/** `<slug>@<seed>` (seed an integer ≥ 1) as `{slug, seed}`; null when `spec` is not of that form. */
export function parseInstanceSpec(spec: string): { slug: string; seed: number } | null {
	const m = /^([a-z0-9]+(?:-[a-z0-9]+)*)@([1-9][0-9]*)$/.exec(spec);
	return m ? { slug: m[1]!, seed: Number(m[2]) } : null;
}
