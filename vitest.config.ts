import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import { ISOLATED_FILES, UNIT_FILES } from './tests/unit/isolated-files.js';
import viteConfig from './vite.config.js';

// The unit test configuration (`npm run unit`), kept apart from vite.config.ts so that the build, which the Docker
// build stage runs from its COPY sources alone (no `tests/`), never loads test files. Vitest reads this file in
// preference to vite.config.ts (Vitest docs, "Configuring Vitest") and gets the build's plugins and defines by merging.
export default mergeConfig(
	viteConfig,
	defineConfig({
		// Node reads the seed worlds with their modules, not through a Service Worker's fetch (seeds/index.ts), and
		// identifies a projection by its rows, as Node callers do (gyms/store.ts `projectionId`; a spec passes one).
		define: { __SALESGYM_WORLDS__: JSON.stringify('inline'), __SALESGYM_PROJECTION_ID__: 'null' },
		test: {
			environment: 'node',
			// One test file per core: Vitest's default in a run is one fewer than the cores, a single worker on a 2-core
			// CI machine, while the spec files are CPU-bound and independent.
			maxWorkers: availableParallelism(),
			testTimeout: 30_000,
			// The kill matrix of the blueprints' replay proofs (tests/unit/replays.ts) goes to reports/mutants.json.
			reporters: ['default', './tests/plays/mutants-reporter.ts'],
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
	})
);
