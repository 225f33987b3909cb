/**
 * Placing a blueprint's assertions in their steps. Its own module (no blueprint files imported), so the Service
 * Worker can use it without bundling any blueprint (blueprints/setups.ts).
 */
import type { Blueprint } from './schema';
import type { PlacedAssertion } from '../verifier/schema';

/** A blueprint's assertions in step order, each tagged with its step index and platform. */
export function placedAssertions(bp: Pick<Blueprint, 'steps'>): PlacedAssertion[] {
	return bp.steps.flatMap((step, index) => step.verifiers.map((a) => ({ ...a, step: index, platform: step.platform })));
}
