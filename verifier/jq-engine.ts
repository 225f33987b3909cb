/**
 * The verifier's jq: jq 1.8.2 (the jq CLI) compiled to WebAssembly with Debian's emscripten
 * by `verifier/jq/build.sh` (`verifier/jq/jq.mjs` + `jq.wasm`, built -O3 with link-time optimization, without debug
 * info), with one patch that changes time, not results (`verifier/jq/jq-1.8.2-sort.patch`: `sort`, `unique`,
 * `group_by`, `unique_by`, `min_by`… compare two strings directly and use a merge sort instead of musl's qsort; the
 * order is jq's, checked by verifier/jq-sort.spec.ts against a reference and the native jq). Shared by the page's
 * worker (jq-browser.ts) and Node (node.ts), so that both run the same bytes. Each run is `jq -c <program>
 * <file>` over an in-memory file holding the input (text or UTF-8 bytes, written as is), stdout and stderr
 * captured, like a process; jq 1.8 implements `unique` and `unique_by` in C and has a faster `tonumber`, and the build
 * keeps wasm-opt's full optimization (no DWARF).
 *
 * Parsed-table cache (`runSpans`; `verifier/jq/sg_tables.c` and `jq-1.8.2-tables.patch`, a one-line change to the CLI's
 * `main.c`): the module persists between runs, so a table's parsed value can too. Given the byte ranges of the
 * input's tables, the engine parses (with jq's own parser, the CLI's flags) only the tables whose bytes differ from
 * what it parsed under the same key last time, and hands jq a skeleton document whose tables are placeholders that
 * the CLI swaps for the cached values before the program runs. Same values, so the same output bytes (tested
 * against the plain run and the native jq); jq's values are copy-on-write, so a query cannot alter a cached table.
 * A verification right after an unchanged one skips the whole parse (3.6 MB in the bench: 40–55 ms).
 *
 * Determinism: the generated glue (`jq.mjs`) reads the host's `Date.now()` (timestamps of its in-memory files) and
 * `crypto.getRandomValues` (its `/dev/random` device), and jq's own `now`, `localtime`, `mktime`, `gmtime` and
 * `strflocaltime` read the host clock and zone. None of it reaches a verdict: no output depends on file timestamps
 * or the random device, and the verifier lint (`host-dependent` in lint.ts, applied to every blueprint and to
 * `/verify`'s inline assertions) refuses those builtins, so a query's only clock is the run's `$now`.
 */
import type { JqEngine, JqSpan } from './verify';

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
	/** Emscripten's `ccall`: calls an exported C function (`sg_table_load`, `sg_table_drop`, `sg_tables_expand`: verifier/jq/sg_tables.c). */
	ccall(name: string, returns: 'number' | null, argTypes: ('number' | 'string')[], args: (number | string)[]): number;
	FS: EmFs;
}

/** The module factory `verifier/jq/jq.mjs` exports. */
export type JqFactory = (options: Record<string, unknown>) => Promise<JqModule>;

/** The input file's name in jq's in-memory file system (cwd `/`); the name jq-web used, so that jq's messages that cite the input read as before. */
const INPUT = 'inputString';
/** The file a table's JSON is written to before `sg_table_load` parses it. */
const TABLE_FILE = 'sgTable';

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
	/**
	 * Parsed tables held in jq's heap between runs. A slot holds one parsed value; keys (a span's `key`) point at
	 * slots, and a versioned slot can be found by its id (two keys with the same version share one slot, e.g. a table
	 * and its `$initial` twin while the table is unchanged). A slot no key points at is freed. A run keeps only the keys
	 * its input names: a key the input leaves out is released, so the heap holds one input's tables, not the union of
	 * every table a long-lived worker was ever sent (jq's wasm memory never shrinks). The Service Worker's ledger
	 * forgets the same keys (sw/verify-ledger.ts).
	 */
	const slots = new Map<number, { id?: string; bytes?: Uint8Array; keys: number }>();
	const keyed = new Map<string, number>();
	const versioned = new Map<string, number>();
	const freeSlots: number[] = [];
	let nextSlot = 0;
	const release = (key: string) => {
		const slot = keyed.get(key);
		if (slot === undefined) return;
		keyed.delete(key);
		const held = slots.get(slot)!;
		if (--held.keys > 0) return;
		mod.ccall('sg_table_drop', null, ['number'], [slot]);
		slots.delete(slot);
		if (held.id !== undefined && versioned.get(held.id) === slot) versioned.delete(held.id);
		freeSlots.push(slot);
	};
	const engine: JqEngine = {
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
		},
		holds(id) {
			return versioned.has(id);
		},
		runSpans(input, spans, program) {
			// The plain run parses the input as it is; it cannot stand in when some tables were not sent.
			const plain = () => {
				if (spans.some((s) => s.held)) throw new Error('jq cannot run without the held tables: the spans are not valid, or a table is not valid JSON');
				return engine.run(input, program);
			};
			if (!validSpans(input.length, spans)) return plain();
			const pieces: Uint8Array[] = [];
			// Keys are bound to their slots after every span is resolved, so that no slot a span of this input uses is
			// freed by the rebinding of another key first.
			const binds: [string, number][] = [];
			const parsedNow = new Map<string, number>();
			const unbound = () => {
				for (const [, slot] of binds) {
					const held = slots.get(slot);
					if (held && held.keys === 0) {
						mod.ccall('sg_table_drop', null, ['number'], [slot]);
						slots.delete(slot);
						if (held.id !== undefined && versioned.get(held.id) === slot) versioned.delete(held.id);
						freeSlots.push(slot);
					}
				}
			};
			let at = 0;
			for (const span of spans) {
				const bytes = input.subarray(span.start, span.end);
				// A held span takes the value its version names; a sent one is parsed (once per input), and its version then
				// names that value: a version id is trusted only for what its sender sent to this engine.
				let slot = span.id === undefined ? undefined : span.held ? versioned.get(span.id) : parsedNow.get(span.id);
				if (slot === undefined && span.held) {
					unbound();
					throw new Error(`jq does not hold the table ${span.key} (version ${span.id})`);
				}
				if (slot === undefined && span.id === undefined) {
					const own = keyed.get(span.key);
					const held = own === undefined ? undefined : slots.get(own);
					if (held?.bytes && held.id === undefined && sameBytes(held.bytes, bytes)) slot = own;
				}
				if (slot === undefined) {
					const fresh = freeSlots.pop() ?? nextSlot++;
					mod.FS.writeFile(TABLE_FILE, bytes);
					const rc = mod.ccall('sg_table_load', 'number', ['number', 'string'], [fresh, TABLE_FILE]);
					mod.FS.writeFile(TABLE_FILE, '');
					if (rc !== 0) {
						// Not one JSON value (or the slot table is full): the plain run parses it and says what is wrong.
						freeSlots.push(fresh);
						unbound();
						return plain();
					}
					// Versioned bytes are known by their id; others are kept to be compared next time.
					slots.set(fresh, span.id === undefined ? { bytes: bytes.slice(), keys: 0 } : { id: span.id, keys: 0 });
					if (span.id !== undefined) {
						versioned.set(span.id, fresh);
						parsedNow.set(span.id, fresh);
					}
					slot = fresh;
				}
				binds.push([span.key, slot]);
				pieces.push(input.subarray(at, span.start), ascii.encode(`"\\u0000sg:${slot}"`));
				at = span.end;
			}
			pieces.push(input.subarray(at));
			// Take every new reference before dropping any old one: a slot this input uses may lose its last old key here.
			const moved = binds.filter(([key, slot]) => keyed.get(key) !== slot);
			for (const [, slot] of moved) slots.get(slot)!.keys++;
			for (const [key, slot] of moved) {
				release(key);
				keyed.set(key, slot);
			}
			const named = new Set(binds.map(([key]) => key));
			for (const key of [...keyed.keys()]) if (!named.has(key)) release(key);
			const skeleton = new Uint8Array(pieces.reduce((k, p) => k + p.length, 0));
			let w = 0;
			for (const p of pieces) {
				skeleton.set(p, w);
				w += p.length;
			}
			mod.ccall('sg_tables_expand', null, ['number'], [1]);
			try {
				return engine.run(skeleton, program);
			} finally {
				mod.ccall('sg_tables_expand', null, ['number'], [0]);
			}
		}
	};
	return engine;
}

const ascii = new TextEncoder();

/** Whether `spans` are sorted, disjoint, non-empty ranges inside an input of `length` bytes with distinct keys. */
function validSpans(length: number, spans: readonly JqSpan[]): boolean {
	let at = 0;
	const keys = new Set<string>();
	for (const s of spans) {
		if (!Number.isInteger(s.start) || !Number.isInteger(s.end) || s.start < at || s.end <= s.start || s.end > length || keys.has(s.key)) return false;
		keys.add(s.key);
		at = s.end;
	}
	return true;
}

/** Byte equality of two buffers (four bytes at a time when both are aligned). */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
	if (a.length !== b.length) return false;
	let i = 0;
	if (a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0) {
		const n = a.length >> 2;
		const wa = new Uint32Array(a.buffer, a.byteOffset, n);
		const wb = new Uint32Array(b.buffer, b.byteOffset, n);
		for (let k = 0; k < n; k++) if (wa[k] !== wb[k]) return false;
		i = n << 2;
	}
	for (; i < a.length; i++) if (a[i] !== b[i]) return false;
	return true;
}
