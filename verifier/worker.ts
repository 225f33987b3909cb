/**
 * The verifier's Web Worker (module worker, Comlink). The page's verify bridge calls `verify(input, assertions)`
 * when the Service Worker forwards a `/verify` request; jq runs here, off the page and SW threads. A runaway
 * query cannot be interrupted inside jq, so the bridge enforces the time bound by terminating this worker.
 */
import * as Comlink from 'comlink';
import type { PlacedAssertion } from './schema';
import { evaluate, TablesNotHeldError, type Evaluation, type JqEngine, type VerifyInput } from './verify';

let engine: Promise<JqEngine> | null = null;

function getEngine(): Promise<JqEngine> {
	engine ??= import('./jq-browser').then((m) => m.createBrowserEngine());
	return engine;
}

const api = {
	/**
	 * Evaluates `assertions` over `input` (state JSON text, or `{state, initial, events, now}` texts). See `evaluate` in
	 * verify.ts. @returns the evaluation, or `{missing_tables}` (`gym.table` names) when the input names held tables
	 * this worker's jq does not hold (the sender then sends them).
	 */
	async verify(input: string | VerifyInput, assertions: PlacedAssertion[]): Promise<Evaluation | { missing_tables: string[] }> {
		const engine = await getEngine();
		try {
			return evaluate(engine, input, assertions, () => performance.now());
		} catch (err) {
			if (err instanceof TablesNotHeldError) return { missing_tables: err.tables };
			throw err;
		}
	},
	/** Loads the jq engine ahead of the first verification; resolves when the worker is ready. */
	async warm(): Promise<void> {
		await getEngine();
	}
};

/** The worker's Comlink API. */
export type VerifierWorkerApi = typeof api;

Comlink.expose(api);
