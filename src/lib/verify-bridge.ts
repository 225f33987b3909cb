/**
 * Page side of `/verify`: the Service Worker forwards a verification to the page that fetched `/verify`
 * (`{type: "salesgym:verify", input, assertions, timeout_ms}` plus a MessagePort); the page runs it in the
 * verifier's Comlink Web Worker and answers on the port with `{ok: true, result}` or
 * `{ok: false, kind, error}` (kind `timeout` | `crashed`).
 *
 * Robustness (issue 3 §8): verifications run one at a time; each waits for the worker to be ready (spawn +
 * jq wasm compile, bounded by {@link WORKER_BOOT_TIMEOUT_MS}), then gets `timeout_ms` (default 5 s) to finish.
 * On a timeout the worker is terminated (jq cannot be interrupted otherwise) and a fresh one is spawned for
 * the next call; the answer is an infrastructure error, never a fail.
 */
import * as Comlink from 'comlink';
import { DEFAULT_TIMEOUT_MS, type PlacedAssertion, type VerifyError } from '$verifier/schema';
import type { Evaluation, VerifyInput } from '$verifier/verify';
import type { VerifierWorkerApi } from '$verifier/worker';

/** How long a verification waits for a new worker to load jq, ms. */
export const WORKER_BOOT_TIMEOUT_MS = 30_000;

let worker: Worker | null = null;
let remote: Comlink.Remote<VerifierWorkerApi> | null = null;
let installed = false;
let queue: Promise<unknown> = Promise.resolve();
/** Workers spawned so far (exposed for tests as `window.__salesgymVerifierSpawns`). */
let spawns = 0;

/** The page's verifier worker (spawned on first use, and again after a timeout terminated it). */
export function verifierWorker(): Comlink.Remote<VerifierWorkerApi> {
	if (!remote) {
		worker = new Worker(new URL('../../verifier/worker.ts', import.meta.url), { type: 'module', name: 'salesgym-verifier' });
		remote = Comlink.wrap<VerifierWorkerApi>(worker);
		spawns++;
		(window as unknown as { __salesgymVerifierSpawns: number }).__salesgymVerifierSpawns = spawns;
	}
	return remote;
}

/** Terminates the current worker; the next call spawns a fresh one. */
function recycle(): void {
	worker?.terminate();
	remote?.[Comlink.releaseProxy]();
	worker = null;
	remote = null;
}

function bounded<T>(p: Promise<T>, ms: number): Promise<T | 'timeout'> {
	let timer: ReturnType<typeof setTimeout>;
	return Promise.race([p, new Promise<'timeout'>((ok) => (timer = setTimeout(() => ok('timeout'), ms)))]).finally(() => clearTimeout(timer));
}

/**
 * Runs one verification in the worker with a time bound.
 * @param timeoutMs bound of the evaluation itself, ms (default {@link DEFAULT_TIMEOUT_MS}); the worker's boot is bounded apart.
 * @returns the evaluation, or a {@link VerifyError} (`timeout` when a bound passed, `crashed` when the worker failed); never throws.
 */
export function runVerification(input: string | VerifyInput, assertions: PlacedAssertion[], timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Evaluation | VerifyError> {
	const job = queue.then(async (): Promise<Evaluation | VerifyError> => {
		try {
			const w = verifierWorker();
			const ready = await bounded(w.warm(), WORKER_BOOT_TIMEOUT_MS);
			if (ready === 'timeout') {
				recycle();
				return { status: 'error', kind: 'timeout', message: `the verifier worker did not load jq within ${WORKER_BOOT_TIMEOUT_MS} ms; it was restarted` };
			}
			const r = await bounded(w.verify(input, assertions), timeoutMs);
			if (r === 'timeout') {
				recycle();
				return { status: 'error', kind: 'timeout', message: `verification timed out after ${timeoutMs} ms; the verifier worker was restarted` };
			}
			return r;
		} catch (err) {
			recycle();
			return { status: 'error', kind: 'crashed', message: `verifier failed: ${err instanceof Error ? err.message : String(err)}` };
		}
	});
	queue = job.catch(() => undefined);
	return job;
}

/** Message the SW posts to a page to run a verification. */
export interface VerifyMessage {
	type: 'salesgym:verify';
	input: string | VerifyInput;
	assertions: PlacedAssertion[];
	/** Time bound, ms; default {@link DEFAULT_TIMEOUT_MS}. */
	timeout_ms?: number;
}

/** Starts answering the SW's verify messages (idempotent). */
export function installVerifyBridge(): void {
	if (installed) return;
	installed = true;
	navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
		const msg = event.data as VerifyMessage | undefined;
		const port = event.ports[0];
		if (msg?.type !== 'salesgym:verify' || !port) return;
		void runVerification(msg.input, msg.assertions, msg.timeout_ms).then((r) =>
			port.postMessage('status' in r ? { ok: false, kind: r.kind, error: r.message } : { ok: true, result: r })
		);
	});
	navigator.serviceWorker.startMessages();
}
