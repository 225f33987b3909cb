/**
 * Browser jq engine: the verifier's jq 1.8.2 WebAssembly build (jq-engine.ts), its wasm compiled while it streams
 * in. The wasm is a hashed Vite asset (`?url`), cached by the Service Worker's runtime route for immutable assets.
 */
import createJq from './jq/jq.mjs';
import wasmUrl from './jq/jq.wasm?url';
import { createJqEngine } from './jq-engine';
import type { JqEngine } from './verify';

/**
 * Instantiates jq (fetches and compiles the wasm the first time; a server that does not answer `application/wasm`
 * gets a non-streaming compile instead).
 * @throws when the wasm cannot be fetched or compiled.
 */
export async function createBrowserEngine(): Promise<JqEngine> {
	let fail: (err: unknown) => void = () => {};
	const failed = new Promise<never>((_, reject) => (fail = reject));
	const compile = async (imports: WebAssembly.Imports) => {
		try {
			return await WebAssembly.instantiateStreaming(fetch(wasmUrl), imports);
		} catch {
			return WebAssembly.instantiate(await (await fetch(wasmUrl)).arrayBuffer(), imports);
		}
	};
	const engine = createJqEngine(createJq, {
		instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) {
			compile(imports).then((r) => done(r.instance, r.module), fail);
			return {};
		}
	});
	return Promise.race([engine, failed]);
}
