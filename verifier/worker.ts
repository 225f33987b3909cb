/**
 * The verifier's Web Worker (module worker, Comlink). The page's verify bridge calls `verify(input, assertions)`
 * when the Service Worker forwards a `/verify` request; jq runs here, off the page and SW threads. A runaway
 * query cannot be interrupted inside jq, so the bridge enforces the time bound by terminating this worker.
 */
import * as Comlink from 'comlink';
import type { PlacedAssertion } from './schema';
import { evaluate, type Evaluation, type JqEngine, type VerifyInput } from './verify';

let engine: Promise<JqEngine> | null = null;

function getEngine(): Promise<JqEngine> {
	engine ??= import('./jq-browser').then((m) => m.createBrowserEngine());
	return engine;
}

const api = {
	/** Evaluates `assertions` over `input` (state JSON text, or `{state, initial, events, now}` texts). See `evaluate` in verify.ts. */
	async verify(input: string | VerifyInput, assertions: PlacedAssertion[]): Promise<Evaluation> {
		return evaluate(await getEngine(), input, assertions, () => performance.now());
	},
	/** Loads the jq engine ahead of the first verification; resolves when the worker is ready. */
	async warm(): Promise<void> {
		await getEngine();
	}
};

/** The worker's Comlink API. */
export type VerifierWorkerApi = typeof api;

Comlink.expose(api);
