/// <reference types="vitest/config" />
import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vite';

export default defineConfig({
	plugins: [sveltekit()],
	// Module workers: needed for `import()` inside the verifier worker (stack-notes pitfall 5).
	worker: { format: 'es' },
	test: {
		include: ['{gyms,sw,verifier,harness,seeds,blueprints,src}/**/*.spec.ts'],
		environment: 'node',
		testTimeout: 30_000
	}
});
