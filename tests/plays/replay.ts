/**
 * A blueprint's oracle replayed in Node, without a browser: the reset a play starts with (`POST /__salesgym/run`,
 * sw/run.ts `initRun`, over fake-indexeddb), then the state-changing API calls its UI play sent
 * (tests/plays/calls.ts, recorded by `npm run golden`), each handed to its gym as the Service Worker hands it
 * (sw/routes.ts: the body parsed as JSON, the query and the content type as sent), then the export. The export's
 * SHA-256 equals the golden `final` hash of the UI play when the calls still produce that play's state, so the final
 * state of every blueprint, played in the browser or not, is proven by `npm run unit`, and its verdict and mutants
 * with it (tests/plays/mutants.ts `proveExport`).
 */
import { createHash } from 'node:crypto';
import { placedAssertions } from '../../blueprints/placed';
import { setupOf } from '../../blueprints/setups';
import type { Blueprint } from '../../blueprints/schema';
import type { ApiRequest } from '../../gyms/types';
import { initRun, type RunContext } from '../../sw/run';
import { exportRunBytes } from '../../sw/state-json';
import type { ExportLike } from '../../verifier/merge';
import { verificationInput } from '../../verifier/prepare';
import { evaluate, type Evaluation, type JqEngine } from '../../verifier/verify';
import type { ApiCall } from './calls';
import { PLAY_RUN_ID } from './golden';

/**
 * What a replay gives: both exports (JSON text) with their SHA-256 (lower-case hex), and the calls whose status
 * differed. Each text is decoded from the export's bytes when first read (an export of all four gyms is ~10 MB, and
 * most proofs never read the initial one).
 */
export interface Replayed {
	initialSha: string;
	finalSha: string;
	/** The export right after the reset. */
	readonly initialText: string;
	/** The export after the last call. */
	readonly finalText: string;
	/** One line per call whose status differs from the recorded one, e.g. `#3 PATCH /api/…: 400, recorded 200`. */
	statusMismatches: string[];
}

const decoder = new TextDecoder();

/**
 * The export of `ctx`'s run with its SHA-256; `text()` decodes it once, on the first call.
 * @throws Error when a gym has no byte export.
 */
async function exported(ctx: RunContext): Promise<{ text: () => string; sha: string }> {
	const bytes = await exportRunBytes(ctx);
	if (bytes === null) throw new Error('a gym of this build has no byte export (Gym.exportJson)');
	let text: string | undefined;
	return { text: () => (text ??= decoder.decode(bytes)), sha: createHash('sha256').update(bytes).digest('hex') };
}

/** The {@link ApiRequest} the Service Worker would build for `call` (sw/routes.ts `routeRequest` and `readBody`). */
export function apiRequestOf(call: ApiCall): { gym: string; request: ApiRequest } {
	const [method, pathAndQuery, contentType, text] = call;
	const url = new URL(pathAndQuery, 'http://replay.invalid');
	const m = /^\/api\/([a-z]+)(\/.*)$/.exec(url.pathname);
	if (!m) throw new Error(`not a gym API path: ${pathAndQuery}`);
	let body: unknown;
	let bodyError: string | undefined;
	if (text !== null && text.trim() !== '') {
		try {
			body = JSON.parse(text);
		} catch (e) {
			bodyError = `body is not valid JSON (${(e as Error).message})`;
		}
	}
	return { gym: m[1]!, request: { method, path: m[2]!, query: url.searchParams, body, bodyError, contentType: contentType ?? '' } };
}

/**
 * Resets `ctx` to `bp` as a play does (run id {@link PLAY_RUN_ID}; a template instance inline, as harness/runner.ts
 * `resetRun` sends it), then hands each call to its gym in order.
 * @throws Error when a call names a gym `ctx` does not have; RunError from the reset (unknown task, bad fixtures).
 */
export async function replayCalls(ctx: RunContext, bp: Blueprint, calls: readonly ApiCall[]): Promise<Replayed> {
	const body: Record<string, unknown> = { task_id: bp.id, run_id: PLAY_RUN_ID };
	if (bp.template !== undefined) body.task = setupOf(bp);
	await initRun(ctx, body);
	const initial = await exported(ctx);
	const statusMismatches: string[] = [];
	for (const [i, call] of calls.entries()) {
		const { gym: name, request } = apiRequestOf(call);
		const gym = ctx.gyms.find((g) => g.name === name);
		if (!gym) throw new Error(`call #${i} ${call[0]} ${call[1]}: no gym named "${name}"`);
		const res = await gym.handle(request);
		if (res.status !== call[4]) statusMismatches.push(`#${i} ${call[0]} ${call[1]}: ${res.status}, recorded ${call[4]}`);
	}
	const final = await exported(ctx);
	return {
		initialSha: initial.sha,
		finalSha: final.sha,
		get initialText() {
			return initial.text();
		},
		get finalText() {
			return final.text();
		},
		statusMismatches
	};
}

/**
 * The verdict of `bp`'s verifiers over a replay's final state, with `$initial` the export after its reset, as the
 * page's verifier computes it (verifier/prepare.ts `verificationInput`, verifier/verify.ts `evaluate`).
 * @param engine the jq engine (verifier/node.ts `createNodeEngine` in Node).
 */
export function replayVerdict(engine: JqEngine, bp: Blueprint, replayed: Pick<Replayed, 'initialText' | 'finalText'>): Evaluation {
	const assertions = placedAssertions(bp);
	const initial = (JSON.parse(replayed.initialText) as ExportLike).gyms as Record<string, Record<string, unknown[]>>;
	const input = verificationInput(
		JSON.parse(replayed.finalText) as ExportLike,
		assertions.map((a) => a.query),
		initial
	);
	return evaluate(engine, input, assertions);
}
