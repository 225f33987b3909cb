/**
 * The verifier's jq: jq 1.8.2 (the jq CLI, `main.c` unchanged) compiled to WebAssembly with Debian's emscripten
 * by `verifier/jq/build.sh` (`verifier/jq/jq.mjs` + `jq.wasm`, built -O3 with link-time optimization, without debug
 * info), with one patch that changes time, not results (`verifier/jq/jq-1.8.2-sort.patch`: `sort`, `unique`,
 * `group_by`, `unique_by`, `min_by`… compare two strings directly and use a merge sort instead of musl's qsort; the
 * order is jq's, checked by verifier/jq-sort.spec.ts against a reference and the native jq). Shared by the page's
 * worker (jq-browser.ts) and Node (node.ts), so that both run the same bytes. Each run is `jq -c <program>
 * <file>` over an in-memory file holding the input (text or UTF-8 bytes, written as is), stdout and stderr
 * captured, like a process; jq 1.8 implements `unique` and `unique_by` in C and has a faster `tonumber`, and the build
 * keeps wasm-opt's full optimization (no DWARF).
 *
 * Determinism: the generated glue (`jq.mjs`) reads the host's `Date.now()` (timestamps of its in-memory files) and
 * `crypto.getRandomValues` (its `/dev/random` device), and jq's own `now`, `localtime`, `mktime`, `gmtime` and
 * `strflocaltime` read the host clock and zone. None of it reaches a verdict: no output depends on file timestamps
 * or the random device, and the verifier lint (`host-dependent` in lint.ts, applied to every blueprint and to
 * `/verify`'s inline assertions) refuses those builtins, so a query's only clock is the run's `$now`.
 */
import type { JqEngine } from './verify';

/** The part of Emscripten's FS the engine uses. */
interface EmFs {
	init(input: () => number | null, output: (c: number | null) => void, error: (c: number | null) => void): void;
	writeFile(path: string, data: string | Uint8Array): void;
	open(path: string, flags: string | number, mode?: number): unknown;
	close(stream: unknown): void;
	streams: unknown[];
}

/** The Emscripten module of jq (`-sMODULARIZE -sEXPORT_ES6`). */
export interface JqModule {
	callMain(args: string[]): number;
	stackSave(): number;
	stackRestore(at: number): void;
	FS: EmFs;
}

/** The module factory `verifier/jq/jq.mjs` exports. */
export type JqFactory = (options: Record<string, unknown>) => Promise<JqModule>;

/** The input file's name in jq's in-memory file system (cwd `/`); the name jq-web used, so that jq's messages that cite the input read as before. */
const INPUT = 'inputString';

/**
 * Instantiates jq.
 * @param factory the default export of `verifier/jq/jq.mjs`.
 * @param wasm how the module gets its code: `{wasmBinary: bytes}` (Node) or `{instantiateWasm}` (the browser,
 *   streaming compile); passed to Emscripten as is.
 * @returns an engine whose `run(input, program)` returns jq's stdout (one trailing newline dropped, as jq-web
 *   does) and throws `Error("Non-zero exit code: N\n<stderr>")` with `.stderr` and `.exitCode` on a non-zero exit.
 */
export async function createJqEngine(factory: JqFactory, wasm: Record<string, unknown>): Promise<JqEngine> {
	let out = new Uint8Array(1 << 16);
	let outLen = 0;
	let err: number[] = [];
	const push = (c: number | null) => {
		if (c === null) return;
		if (outLen === out.length) {
			const bigger = new Uint8Array(out.length * 2);
			bigger.set(out);
			out = bigger;
		}
		out[outLen++] = c;
	};
	const options: Record<string, unknown> & { FS?: EmFs } = {
		...wasm,
		noInitialRun: true,
		print: () => {},
		printErr: () => {},
		preRun: [
			() =>
				options.FS!.init(
					() => null,
					push,
					(c) => void (c === null || err.push(c))
				)
		]
	};
	const mod = await factory(options);
	const decoder = new TextDecoder();
	return {
		run(input, program) {
			const { FS } = mod;
			FS.writeFile(INPUT, input);
			outLen = 0;
			err = [];
			// callMain copies argv onto the C stack and never pops it: restore the stack after each run.
			const stack = mod.stackSave();
			let code = 0;
			let crash: unknown = null;
			try {
				code = mod.callMain(['-c', program, INPUT]);
			} catch (e) {
				crash = e;
			} finally {
				mod.stackRestore(stack);
				// jq's main closes stdout: reopen the three standard streams for the next run.
				for (const s of FS.streams) if (s) FS.close(s);
				FS.streams.length = 0;
				FS.open('/dev/stdin', 'r');
				FS.open('/dev/stdout', 577, 0);
				FS.open('/dev/stderr', 577, 0);
				FS.writeFile(INPUT, '');
			}
			if (crash) throw crash instanceof Error ? crash : new Error(`jq crashed: ${String(crash)}`);
			const stderr = decoder.decode(new Uint8Array(err)).trim();
			if (code) throw Object.assign(new Error(`Non-zero exit code: ${code}${stderr ? `\n${stderr}` : ''}`), { stderr, exitCode: code });
			const n = outLen > 0 && out[outLen - 1] === 0x0a ? outLen - 1 : outLen;
			return decoder.decode(out.subarray(0, n));
		}
	};
}
