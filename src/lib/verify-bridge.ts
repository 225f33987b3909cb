/**
 * Page side of `/verify`: the Service Worker forwards a verification to the page that fetched `/verify`
 * (`{type: "salesgym:verify", assertions, timeout_ms}` plus a MessagePort, then `{type: "salesgym:verify-input", input}`
 * on that port); the page runs it in the verifier's Comlink Web Worker and answers on the port with `{ok: true, result}` or
 * `{ok: false, kind, error}` (kind `timeout` | `aborted` | `crashed` | `missing-tables`: the input names tables as held
 * that the worker does not hold, error = their names). An aborted `/verify` request makes the
 * SW post `{type: "salesgym:verify-abort"}` on the port.
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
/** Workers spawned so far (exposed with {@link runVerification} as `window.__salesgymVerifier`, for tests and debugging). */
let spawns = 0;

/** What the page exposes as `window.__salesgymVerifier`. */
export interface VerifierHandle {
	/** Workers spawned so far (1 + the restarts after timeouts and aborts). */
	spawns: number;
	/** {@link runVerification}. */
	run: typeof runVerification;
}

function handle(): VerifierHandle {
	const w = window as unknown as { __salesgymVerifier?: VerifierHandle };
	w.__salesgymVerifier ??= { spawns: 0, run: runVerification };
	return w.__salesgymVerifier;
}

/** The page's verifier worker (spawned on first use, and again after a timeout terminated it). */
export function verifierWorker(): Comlink.Remote<VerifierWorkerApi> {
	if (!remote) {
		worker = new Worker(new URL('../../verifier/worker.ts', import.meta.url), { type: 'module', name: 'salesgym-verifier' });
		remote = Comlink.wrap<VerifierWorkerApi>(worker);
		spawns++;
		handle().spawns = spawns;
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
 * @param signal aborts the verification (the worker is then terminated and recreated).
 * @returns the evaluation, or a {@link VerifyError} (`timeout` when a bound passed, `aborted`, `crashed` when the
 *   worker failed); never throws.
 */
export function runVerification(
	input: string | VerifyInput,
	assertions: PlacedAssertion[],
	timeoutMs = DEFAULT_TIMEOUT_MS,
	signal?: AbortSignal
): Promise<Evaluation | VerifyError> {
	const job = queue.then(async (): Promise<Evaluation | VerifyError> => {
		if (signal?.aborted) return { status: 'error', kind: 'aborted', message: 'verification aborted before it started' };
		let onAbort = () => {};
		const aborted = new Promise<'aborted'>((ok) => {
			onAbort = () => ok('aborted');
			signal?.addEventListener('abort', onAbort, { once: true });
		});
		try {
			const w = verifierWorker();
			const ready = await bounded(w.warm(), WORKER_BOOT_TIMEOUT_MS);
			if (ready === 'timeout') {
				recycle();
				return { status: 'error', kind: 'timeout', message: `the verifier worker did not load jq within ${WORKER_BOOT_TIMEOUT_MS} ms; it was restarted` };
			}
			// UTF-8 state (and $initial) bytes move to the worker (transferred, not copied).
			const buffers = typeof input === 'string' ? [] : [input.state, input.initial].flatMap((x) => (x instanceof Uint8Array ? [x.buffer as ArrayBuffer] : []));
			const sent = typeof input !== 'string' && buffers.length ? Comlink.transfer(input, buffers) : input;
			const r = await bounded(Promise.race([w.verify(sent, assertions), aborted]), timeoutMs);
			if (r === 'aborted') {
				recycle();
				return { status: 'error', kind: 'aborted', message: 'verification aborted; the verifier worker was restarted' };
			}
			if (r === 'timeout') {
				recycle();
				return { status: 'error', kind: 'timeout', message: `verification timed out after ${timeoutMs} ms; the verifier worker was restarted` };
			}
			if ('missing_tables' in r) return { status: 'error', kind: 'missing-tables', message: r.missing_tables.join(', ') };
			return r;
		} catch (err) {
			recycle();
			return { status: 'error', kind: 'crashed', message: `verifier failed: ${err instanceof Error ? err.message : String(err)}` };
		} finally {
			signal?.removeEventListener('abort', onAbort);
		}
	});
	queue = job.catch(() => undefined);
	return job;
}

/**
 * Message the SW posts to a page to run a verification, with a MessagePort: the SW then sends the input on that port
 * ({@link VerifyInputMessage}, as a transfer: a large state crosses a port much faster than it crosses
 * `Client.postMessage`), may send `{type: "salesgym:verify-abort"}` on it, and reads the answer from it.
 */
export interface VerifyMessage {
	type: 'salesgym:verify';
	/** The input itself (older Service Workers sent it here); when absent, it comes as a {@link VerifyInputMessage}. */
	input?: string | VerifyInput;
	assertions: PlacedAssertion[];
	/** Time bound, ms; default {@link DEFAULT_TIMEOUT_MS}. */
	timeout_ms?: number;
}

/** The input of a verification, sent on the port of its {@link VerifyMessage}. */
export interface VerifyInputMessage {
	type: 'salesgym:verify-input';
	input: string | VerifyInput;
}

/** Starts answering the SW's verify messages (idempotent). */
export function installVerifyBridge(): void {
	if (installed) return;
	installed = true;
	handle();
	navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
		const msg = event.data as VerifyMessage | undefined;
		const port = event.ports[0];
		if (msg?.type !== 'salesgym:verify' || !port) return;
		const abort = new AbortController();
		let started = false;
		const run = (input: string | VerifyInput) => {
			if (started) return;
			started = true;
			void runVerification(input, msg.assertions, msg.timeout_ms, abort.signal).then((r) =>
				port.postMessage('status' in r ? { ok: false, kind: r.kind, error: r.message } : { ok: true, result: r })
			);
		};
		// The port brings the input, and {type: 'salesgym:verify-abort'} when the /verify request is aborted.
		port.onmessage = (ev: MessageEvent<{ type?: string } | VerifyInputMessage>) => {
			if (ev.data?.type === 'salesgym:verify-abort') abort.abort();
			else if (ev.data?.type === 'salesgym:verify-input') run((ev.data as VerifyInputMessage).input);
		};
		if (msg.input !== undefined) run(msg.input);
	});
	navigator.serviceWorker.startMessages();
}
