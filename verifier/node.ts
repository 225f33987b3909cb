/**
 * Node adapters: the same jq-web engine (jq compiled to WebAssembly) the page's worker uses, and a native
 * `jq` binary (differential tests, the bench's reference).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { JqEngine } from './verify';

interface JqWeb {
	raw(input: string | Uint8Array, filter: string, flags?: string[]): string;
}

/** Loads jq-web in Node. @returns an engine whose `run` returns compact (`-c`) output. */
export async function createNodeEngine(): Promise<JqEngine> {
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
