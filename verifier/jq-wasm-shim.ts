/**
 * Browser-only: jq-web fetches `<script dir>/jq.wasm`, which in a bundled worker resolves to a path that does
 * not exist (the SPA fallback would answer HTML). This module, imported before jq-web, maps any `…/jq.wasm`
 * fetch to the hashed asset Vite emits (stack-notes "jq packages in the browser", pitfall B).
 */
import wasmUrl from 'jq-web/jq.wasm?url';

const originalFetch = self.fetch.bind(self);
self.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
	const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
	if (/(^|\/)jq\.wasm$/.test(url)) return originalFetch(wasmUrl, init);
	return originalFetch(input, init);
};
