/**
 * Browser jq engine. jq-web is imported statically HERE and this module is imported dynamically by the worker:
 * a dynamic `import('jq-web')` breaks under the bundler's CJS interop, because jq-web's exports object is a
 * Promise (stack-notes pitfall A).
 */
import jqWeb from 'jq-web';
import type { JqEngine } from './verify';

/** Instantiates jq-web (fetches and compiles the wasm, ~200 ms the first time). */
export async function createBrowserEngine(): Promise<JqEngine> {
	const jq = await jqWeb;
	return { run: (input, program) => jq.raw(input, program, ['-c']) ?? '' };
}
