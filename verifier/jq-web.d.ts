/** jq-web 0.6.2 ships no types: its CJS `module.exports` is a Promise of `{json, raw}`. */
declare module 'jq-web' {
	interface JqWeb {
		/** `echo <input> | jq <flags> <filter>` (input: text or UTF-8 bytes, written to its in-memory file as is); returns stdout (undefined when empty). @throws Error with `.stderr` on a non-zero exit. */
		raw(input: string | Uint8Array, filter: string, flags?: string[]): string | undefined;
		json(input: unknown, filter: string): unknown;
	}
	const jq: Promise<JqWeb>;
	export default jq;
}
