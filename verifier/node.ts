/**
 * Node adapter: the same jq-web engine (jq compiled to WebAssembly) the page's worker uses.
 */
import { createRequire } from 'node:module';
import type { JqEngine } from './verify';

interface JqWeb {
	raw(input: string, filter: string, flags?: string[]): string;
}

/** Loads jq-web in Node. @returns an engine whose `run` returns compact (`-c`) output. */
export async function createNodeEngine(): Promise<JqEngine> {
	const require = createRequire(import.meta.url);
	const jq = (await (require('jq-web') as Promise<JqWeb>)) satisfies JqWeb;
	return { run: (input, program) => jq.raw(input, program, ['-c']) ?? '' };
}
