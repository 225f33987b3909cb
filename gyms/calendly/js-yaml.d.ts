/** The one js-yaml function the vendor check uses (js-yaml ships no types). */
declare module 'js-yaml' {
	/** Parses one YAML document. @throws YAMLException on malformed input. */
	export function load(text: string): unknown;
}
