/**
 * The semantic verifier rule (`verifier/semantic.ts`) in Node, for the harness's loaders: `salesgym run`,
 * `calibrate` and `verify` refuse a blueprint whose weighted assertions already pass on its initial state
 * (it would reward doing nothing) or whose `holds_at_reset` guards fail there.
 */
import type { Blueprint } from '../blueprints/schema';
import type { Gym } from '../gyms/types';
import { semanticIssues, type SemanticIssue } from '../verifier/semantic';
import type { JqEngine } from '../verifier/verify';
import { BlueprintError } from './blueprints';

let shared: Promise<{ engine: JqEngine; gyms: Gym[] }> | null = null;

/** The jq-web engine and the gyms of this build, loaded once per process. */
function tools(): Promise<{ engine: JqEngine; gyms: Gym[] }> {
	shared ??= (async () => {
		const [{ createNodeEngine }, { createGyms }] = await Promise.all([import('../verifier/node'), import('../gyms/registry')]);
		return { engine: await createNodeEngine(), gyms: createGyms() };
	})();
	return shared;
}

/** Formats findings as `  <id> (<rule>): <message>` lines. */
export function formatSemanticIssues(issues: readonly SemanticIssue[]): string {
	return issues.map((i) => `  ${i.id} (${i.rule}): ${i.message}`).join('\n');
}

/**
 * Checks each blueprint with the semantic rule over its initial state (seed 1, its fixtures and clock).
 * @param files blueprint id → file path for the error message (default `blueprints/<id>.json`).
 * @throws BlueprintError naming the file and every finding of the first unsound blueprint.
 */
export async function assertBlueprintsSound(bps: readonly Blueprint[], files: ReadonlyMap<string, string> = new Map()): Promise<void> {
	if (bps.length === 0) return;
	const { engine, gyms } = await tools();
	for (const bp of bps) {
		let issues: SemanticIssue[];
		try {
			issues = await semanticIssues(engine, gyms, bp);
		} catch (e) {
			throw new BlueprintError(files.get(bp.id) ?? `blueprints/${bp.id}.json`, `its initial state cannot be built: ${(e as Error).message}`);
		}
		if (issues.length > 0)
			throw new BlueprintError(
				files.get(bp.id) ?? `blueprints/${bp.id}.json`,
				`unsound verifiers (every weighted assertion must fail on the task's initial state; a guard that holds at reset says "holds_at_reset": true, "weight": 0):\n${formatSemanticIssues(issues)}`
			);
	}
}
