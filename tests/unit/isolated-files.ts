/**
 * Which unit specs share a module cache: the Vitest projects of vitest.config.ts. Most files run with `isolate: false`
 * (one module graph per worker, so the seed worlds, the gym registry and jq load once per worker, not once per file);
 * the files listed here run isolated, because a module mock is ignored when an earlier file of the worker already
 * loaded the module, or leaks into the next one, and fake timers or stubbed globals outlive the file (Vitest docs,
 * "isolate"). tests/unit/isolated-files.spec.ts fails when a spec uses such an API and is not listed.
 */

/** The folders that hold unit specs, relative to the project root. */
export const UNIT_ROOTS: readonly string[] = ['gyms', 'sw', 'verifier', 'harness', 'seeds', 'blueprints', 'src', 'tests/unit'];

/** Glob of every unit spec (`npm run unit`): each `*.spec.ts` under {@link UNIT_ROOTS}. */
export const UNIT_FILES = `{${UNIT_ROOTS.join(',')}}/**/*.spec.ts`;

/** Specs that mock modules, timers or globals (`vi.mock`, `vi.doMock`, `vi.useFakeTimers`, `vi.stubGlobal`, `vi.spyOn`…): run isolated. */
export const ISOLATED_FILES: readonly string[] = [
	'harness/blueprint-semantics.spec.ts',
	'src/lib/hubspot/crm.spec.ts',
	'src/lib/runtime.spec.ts',
	'sw/state-store.spec.ts',
	'sw/immutable.spec.ts',
	'gyms/kit/prebuilt.spec.ts'
];

/** The Vitest APIs whose effect can outlive a file that shares its worker's module cache. */
export const ISOLATING_API = /\bvi\.(mock|doMock|unmock|doUnmock|hoisted|useFakeTimers|stubGlobal|stubEnv|spyOn|resetModules|importMock)\(/;
