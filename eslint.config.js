import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

/** Each folder is an execution context; these blocks keep each one from importing what it cannot run. */
const restrict = (paths, patterns, message) => ({
	'no-restricted-imports': ['error', { paths: paths.map((name) => ({ name, message })), patterns: patterns.map((group) => ({ group: [group], message })) }]
});

/**
 * Page code (`src/**`) may import, from `gyms/`, only the page-safe modules: each gym's API contract
 * (`gyms/<gym>/contract`) and its light envelope where it has one (`gyms/<gym>/envelope`: base path, media type,
 * error body, re-exported by the contract), the run-control contract (`gyms/kit/contract`) and the pure token helpers of HubSpot
 * (`gyms/hubspot/tokens`), however they are reached (`$gyms/…`, `../../gyms/…`). Everything else there (a gym's
 * db, api/*, index, seed, schema, the store, the kit's engine) runs in the Service Worker. Exported for the
 * boundary test (`tests/unit/page-boundary.spec.ts`).
 */
export const GYM_INTERNALS =
	'^(?:\\$gyms|(?:\\.{1,2}/)+gyms|.*/gyms)(?:/(?![a-z][a-z0-9-]*/(?:contract|envelope)(?:\\.[jt]s)?$|hubspot/tokens(?:\\.[jt]s)?$)|$)';
const PAGE_GYM_MESSAGE =
	'The UI is a client of the gym API: from gyms/ page code imports only a contract (gyms/<gym>/contract or its gyms/<gym>/envelope, gyms/kit/contract) or gyms/hubspot/tokens; the rest runs in the Service Worker.';
const pageRestricted = restrict(
	['dexie', 'fake-indexeddb'],
	['**/sw/*'],
	'The UI is a client of the gym API: screens never touch IndexedDB or the SW internals.'
)['no-restricted-imports'][1];

export default ts.config(
	{ ignores: ['build/', '.svelte-kit/', 'node_modules/', 'test-results/', 'playwright-report/', 'blob-report/', 'out/', 'static/', 'verifier/jq/jq.mjs'] },
	js.configs.recommended,
	...ts.configs.recommended,
	...svelte.configs.recommended,
	{ languageOptions: { globals: { ...globals.browser, ...globals.node } } },
	{
		files: ['**/*.svelte', '**/*.svelte.ts'],
		languageOptions: { parserOptions: { projectService: true, extraFileExtensions: ['.svelte'], parser: ts.parser, svelteConfig } }
	},
	{
		rules: {
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
			'no-restricted-syntax': [
				'error',
				{
					selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
					message: 'Use the run’s seeded generator: gyms must be deterministic.'
				}
			]
		}
	},
	{
		files: ['src/**'],
		rules: {
			'no-restricted-imports': [
				'error',
				{ paths: pageRestricted.paths, patterns: [...pageRestricted.patterns, { regex: GYM_INTERNALS, message: PAGE_GYM_MESSAGE }] }
			],
			'no-restricted-syntax': [
				'error',
				{
					selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
					message: 'Use the run’s seeded generator: gyms must be deterministic.'
				},
				{ selector: `ImportExpression > Literal[value=/${GYM_INTERNALS.replaceAll('/', '\\x2F')}/]`, message: PAGE_GYM_MESSAGE }
			]
		}
	},
	{
		files: ['verifier/**'],
		rules: restrict(
			['dexie', 'svelte', '@sveltejs/kit'],
			['$app/*', '**/gyms/**', '**/sw/**'],
			'The verifier is pure: it runs in a Web Worker and in Node, with no DOM, Dexie or SvelteKit.'
		)
	},
	{
		files: ['gyms/**', 'sw/**'],
		rules: {
			...restrict(
				['svelte', '@playwright/test', 'node:fs'],
				['$app/*', '**/src/**', '**/harness/**'],
				'Gyms and the SW run in the Service Worker: no UI, no Node.'
			),
			'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: 'Gyms take time from the run’s virtual clock, never the host.' }],
			'no-restricted-syntax': [
				'error',
				{ selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Gyms take time from the run’s virtual clock, never the host.' },
				{
					selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
					message: 'Use the run’s seeded generator: gyms must be deterministic.'
				}
			]
		}
	},
	{
		// The SW's bundle is the agent's to read: it must hold no verifier and no oracle action (README "Sealed episodes").
		files: ['sw/**'],
		ignores: ['**/*.spec.ts'],
		rules: restrict(
			['svelte', '@playwright/test', 'node:fs'],
			['$app/*', '**/src/**', '**/harness/**', '**/blueprints/registry', '**/blueprints/registry.*'],
			'The SW runs in the Service Worker: no UI, no Node, and no whole blueprint (it ships task setups only: blueprints/setups.ts).'
		)
	},
	{
		// A gym's vendor-conformance check runs in Node only (npm run check:vendor reads the vendor's spec file).
		files: ['gyms/*/vendor-check.ts', 'gyms/*/vendor-check.spec.ts'],
		rules: restrict(
			['svelte', '@playwright/test'],
			['$app/*', '**/src/**', '**/harness/**'],
			'A vendor check runs in Node, outside the Service Worker: no UI, no harness.'
		)
	},
	{
		// The seed world, and blueprints with their templates (a template instance is a pure function of its seed).
		files: ['seeds/**', 'blueprints/**'],
		rules: {
			'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: 'The seed world is deterministic: times derive from its epoch.' }],
			'no-restricted-syntax': [
				'error',
				{ selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'The seed world is deterministic: times derive from its epoch.' },
				{ selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']", message: 'Use the seeded faker / seeds/rng.ts.' }
			]
		}
	},
	{
		files: ['harness/**'],
		rules: restrict(['svelte', 'dexie'], ['$app/*', '**/src/**'], 'The harness runs in Node and drives the gym through a browser, never its internals.')
	}
);
