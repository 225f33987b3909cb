/**
 * Page side of `/verify`: the Service Worker forwards a verification to the page that fetched `/verify`
 * (`{type: "salesgym:verify", input, assertions}` plus a MessagePort); the page runs it in the verifier's
 * Comlink Web Worker and answers on the port with `{ok: true, result}` or `{ok: false, error}`.
 */
import * as Comlink from 'comlink';
import type { PlacedAssertion } from '$verifier/schema';
import type { VerifierWorkerApi } from '$verifier/worker';

let remote: Comlink.Remote<VerifierWorkerApi> | null = null;
let installed = false;

/** The page's verifier worker (spawned on first use). */
export function verifierWorker(): Comlink.Remote<VerifierWorkerApi> {
	remote ??= Comlink.wrap<VerifierWorkerApi>(
		new Worker(new URL('../../verifier/worker.ts', import.meta.url), { type: 'module', name: 'salesgym-verifier' })
	);
	return remote;
}

/** Message the SW posts to a page to run a verification. */
export interface VerifyMessage {
	type: 'salesgym:verify';
	input: string;
	assertions: PlacedAssertion[];
}

/** Starts answering the SW's verify messages (idempotent). */
export function installVerifyBridge(): void {
	if (installed) return;
	installed = true;
	navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
		const msg = event.data as VerifyMessage | undefined;
		const port = event.ports[0];
		if (msg?.type !== 'salesgym:verify' || !port) return;
		verifierWorker()
			.verify(msg.input, msg.assertions)
			.then((result) => port.postMessage({ ok: true, result }))
			.catch((err: unknown) => port.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) }));
	});
	navigator.serviceWorker.startMessages();
}
