import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** SvelteKit config: a static SPA (ssr off in +layout.ts) whose Service Worker source lives in `sw/`. */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		adapter: adapter({ fallback: 'index.html', strict: false }),
		files: { serviceWorker: 'sw/index' },
		// Kit's own registration runs on window `load`, after page code: we register in src/lib/runtime.ts.
		serviceWorker: { register: false },
		// Hashes of Kit's inline bootstrap <script> go into a CSP <meta> of index.html; together with nginx's header
		// CSP (deploy/nginx/security-headers.conf) only that inline script may run.
		csp: { mode: 'hash', directives: { 'script-src': ['self', 'wasm-unsafe-eval'] } },
		alias: { $gyms: 'gyms', $verifier: 'verifier', $blueprints: 'blueprints', $seeds: 'seeds' }
	}
};

export default config;
