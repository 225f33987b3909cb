/**
 * The page/Service-Worker boundary, proven with ESLint's Node API: page code (`src/**`) that imports a gym's
 * internals (db, api, index, seed, schema, the store, the kit's engine) fails `npm run lint`, however the import
 * is written; the page-safe modules (each gym's `contract` and `envelope`, `gyms/kit/contract`,
 * `gyms/hubspot/tokens`) pass, and themselves import nothing but zod and other contracts / envelopes.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });

/** The `no-restricted-*` messages ESLint reports for `code` linted as the page file `filePath`. */
async function boundaryErrors(code: string, filePath = 'src/lib/hubspot/probe.ts'): Promise<string[]> {
	const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
	return result!.messages.filter((m) => m.ruleId?.startsWith('no-restricted') && m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

const FORBIDDEN = [
	'$gyms/hubspot/db',
	'$gyms/hubspot/api/engine',
	'$gyms/hubspot/api/search',
	'$gyms/hubspot/index',
	'$gyms/hubspot/seed',
	'$gyms/hubspot/schema',
	'$gyms/hubspot/properties',
	'$gyms/outreach/db',
	'$gyms/calendly/index',
	'$gyms/salesnav/seed',
	'$gyms/store',
	'$gyms/registry',
	'$gyms/types',
	'$gyms/kit/router',
	'$gyms/kit/write',
	'$gyms',
	'../../gyms/hubspot/db',
	'../../../gyms/hubspot/api/engine',
	'../../gyms/store',
	'../../gyms/kit/router',
	'../../gyms/hubspot/db.ts'
];

const ALLOWED = [
	'$gyms/hubspot/contract',
	'$gyms/outreach/contract',
	'$gyms/outreach/envelope',
	'$gyms/calendly/contract',
	'$gyms/salesnav/contract',
	'$gyms/kit/contract',
	'$gyms/hubspot/tokens',
	'../../gyms/hubspot/contract'
];

describe('page code may not import gym internals', () => {
	it.each(FORBIDDEN)('import from %s is a lint error', async (spec) => {
		expect(await boundaryErrors(`import { x } from '${spec}';\nexport const y = x;\n`)).toHaveLength(1);
	});

	it.each(FORBIDDEN.slice(0, 4))('type-only import, re-export and dynamic import of %s are lint errors', async (spec) => {
		expect(await boundaryErrors(`import type { X } from '${spec}';\nexport type Y = X;\n`)).toHaveLength(1);
		expect(await boundaryErrors(`export { x } from '${spec}';\n`)).toHaveLength(1);
		expect(await boundaryErrors(`export const m = () => import('${spec}');\n`)).toHaveLength(1);
	});

	it('applies to Svelte-less route files too', async () => {
		expect(await boundaryErrors(`import { x } from '$gyms/hubspot/db';\nexport const y = x;\n`, 'src/routes/hubspot/probe.ts')).toHaveLength(1);
	});

	it.each(ALLOWED)('import from %s is allowed', async (spec) => {
		expect(await boundaryErrors(`import { x } from '${spec}';\nexport const y = x;\nexport const m = () => import('${spec}');\n`)).toEqual([]);
	});

	it('still forbids Dexie and the SW internals', async () => {
		expect(await boundaryErrors(`import Dexie from 'dexie';\nexport const d = Dexie;\n`)).toHaveLength(1);
		expect(await boundaryErrors(`import { x } from '../../sw/run';\nexport const y = x;\n`)).toHaveLength(1);
	});

	it('does not restrict gym code itself', async () => {
		expect(await boundaryErrors(`import { x } from '../db';\nexport const y = x;\n`, 'gyms/hubspot/api/probe.ts')).toEqual([]);
	});
});

/** Module specifiers of every static import / export-from / dynamic import in `source`. */
function importsOf(source: string): string[] {
	const specs: string[] = [];
	for (const m of source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g)) specs.push(m[1]!);
	for (const m of source.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)) specs.push(m[1]!);
	for (const m of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) specs.push(m[1]!);
	return specs;
}

const gymsDir = join(ROOT, 'gyms');
const contracts = readdirSync(gymsDir, { withFileTypes: true })
	.filter((d) => d.isDirectory() && existsSync(join(gymsDir, d.name, 'contract.ts')))
	.flatMap((d) => [`gyms/${d.name}/contract.ts`, ...(existsSync(join(gymsDir, d.name, 'envelope.ts')) ? [`gyms/${d.name}/envelope.ts`] : [])]);

describe('page-safe modules import nothing unsafe', () => {
	it('every gym and the kit have a contract.ts', () => {
		expect(contracts).toEqual(
			expect.arrayContaining([
				'gyms/hubspot/contract.ts',
				'gyms/outreach/contract.ts',
				'gyms/calendly/contract.ts',
				'gyms/salesnav/contract.ts',
				'gyms/kit/contract.ts'
			])
		);
	});

	it('the import parser sees every import form', () => {
		expect(
			importsOf(`import { z } from 'zod';\nimport type { A } from './a';\nexport * from "../b/contract";\nimport './side';\nconst m = import('./lazy');`)
		).toEqual(['zod', './a', '../b/contract', './side', './lazy']);
	});

	it.each(contracts)('%s imports only zod and other contracts / envelopes', (file) => {
		const bad = importsOf(readFileSync(join(ROOT, file), 'utf8')).filter(
			(s) => s !== 'zod' && !/^(?:\.\.?\/)+(?:[a-z][a-z0-9-]*\/)?(?:contract|envelope)(?:\.[jt]s)?$/.test(s)
		);
		expect(bad).toEqual([]);
	});

	it('gyms/hubspot/tokens.ts (a pure helper the page uses) imports nothing', () => {
		expect(importsOf(readFileSync(join(ROOT, 'gyms/hubspot/tokens.ts'), 'utf8'))).toEqual([]);
	});
});
