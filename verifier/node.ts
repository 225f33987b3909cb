/**
 * Node adapters: the same jq 1.8.2 WebAssembly build the page's worker runs (jq-engine.ts), jq-web (a pre-1.7 jq development build in
 * WebAssembly, the engine before it, kept for the bench's side-by-side figures), and a native `jq` binary
 * (differential tests, the bench's reference).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import createJq from './jq/jq.mjs';
import { createJqEngine } from './jq-engine';
import type { JqEngine } from './verify';

interface JqWeb {
	raw(input: string | Uint8Array, filter: string, flags?: string[]): string;
}

/** Loads the verifier's jq (jq 1.8.2 to WebAssembly, the page's engine) in Node. @returns an engine whose `run` returns compact (`-c`) output. */
export async function createNodeEngine(): Promise<JqEngine> {
	return createJqEngine(createJq, { wasmBinary: readFileSync(fileURLToPath(new URL('./jq/jq.wasm', import.meta.url))) });
}

/** Loads jq-web 0.6.2 (a pre-1.7 jq development build in WebAssembly, the verifier's engine before jq 1.8.2) in Node, for comparisons. */
export async function createJqWebEngine(): Promise<JqEngine> {
	const require = createRequire(import.meta.url);
	const jq = (await (require('jq-web') as Promise<JqWeb>)) satisfies JqWeb;
	return { run: (input, program) => jq.raw(input, program, ['-c']) ?? '' };
}

/** Where the native jq binary is looked for. */
export const NATIVE_JQ = '/usr/bin/jq';

/**
 * An engine over a native `jq` binary (`jq -c <program>`, input on stdin).
 * @returns the engine, or null when `path` does not exist.
 * @throws (from `run`) Error with `.stderr` = jq's stderr on a non-zero exit, like jq-web.
 */
export function createNativeEngine(path = NATIVE_JQ): JqEngine | null {
	if (!existsSync(path)) return null;
	return {
		run(input, program) {
			const r = spawnSync(path, ['-c', program], { input, encoding: 'utf8', maxBuffer: 1 << 30 });
			if (r.error) throw r.error;
			if (r.status !== 0) throw Object.assign(new Error(`Non-zero exit code: ${r.status}\n${r.stderr}`), { stderr: r.stderr });
			return r.stdout;
		}
	};
}
