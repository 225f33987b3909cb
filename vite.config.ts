/// <reference types="vitest/config" />
import { sveltekit } from '@sveltejs/kit/vite';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vite';
import { readSetupFields } from './blueprints/setup-fields.js';
import { parseDeployment, parseStateOrigin } from './gyms/deployment.js';
import { checkShippedWorlds } from './seeds/check-worlds.js';
import { ISOLATED_FILES, UNIT_FILES } from './tests/unit/isolated-files.js';

// The bundle takes the seed worlds' text without the schema (seeds/index.ts): every build validates them first.
checkShippedWorlds(new URL('./seeds', import.meta.url).pathname);

export default defineConfig({
	plugins: [sveltekit()],
	// Deployment selector (gyms/deployment.ts, README "Deployment"): `SALESGYM_PLATFORM=all|hubspot|…` and
	// `SALESGYM_STATE_ORIGIN`, validated here. Kit passes `define` on to the Service Worker build too.
	define: {
		__SALESGYM_PLATFORM__: JSON.stringify(parseDeployment(process.env.SALESGYM_PLATFORM)),
		__SALESGYM_STATE_ORIGIN__: JSON.stringify(parseStateOrigin(process.env.SALESGYM_STATE_ORIGIN)),
		// What the Service Worker knows of each task: its setup, never its steps (blueprints/setups.ts).
		__SALESGYM_TASK_SETUPS__: JSON.stringify(readSetupFields(new URL('./blueprints', import.meta.url).pathname))
	},
	// Module workers: needed for `import()` inside the verifier worker (stack-notes pitfall 5).
	worker: { format: 'es' },
	test: {
		environment: 'node',
		// One test file per core: Vitest's default in a run is one fewer than the cores, a single worker on a 2-core
		// CI machine, while the spec files are CPU-bound and independent.
		maxWorkers: availableParallelism(),
		testTimeout: 30_000,
		// Every file gets IndexedDB (fake-indexeddb) before its first import: Dexie reads the global when it loads, and
		// in the `shared` project a file may find Dexie already loaded by an earlier one.
		setupFiles: ['fake-indexeddb/auto'],
		projects: [
			{
				// Files of one worker share the module cache (Vitest `isolate: false`): the seed worlds, the registry and
				// jq are loaded once per worker instead of once per file. Unit stage on 2 idle cores: 210-215 s → 156-177 s,
				// `import` 82-86 s → 24-26 s of the summed file time; every file passes in file order and shuffled.
				extends: true,
				test: { name: 'shared', include: [UNIT_FILES], exclude: [...ISOLATED_FILES], isolate: false }
			},
			{
				// Module mocks and fake timers need their own module graph (tests/unit/isolated-files.ts).
				extends: true,
				test: { name: 'isolated', include: [...ISOLATED_FILES] }
			}
		]
	}
});
