/** Vite's `?raw` import of a seed file: its text. Parsing it (`JSON.parse`) is faster than a JS object literal and keeps tsc from typing a 3 MB literal. */
declare module '*.json?raw' {
	const text: string;
	export default text;
}

/** Vite's `?url` import of a seed file: the URL of the file the build emits (the Service Worker fetches it, seeds/index.ts). */
declare module '*.json?url' {
	const url: string;
	export default url;
}
