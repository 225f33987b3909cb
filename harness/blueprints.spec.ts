/**
 * The blueprint loader (errors, selection, globs). The browser-free checks of every shipped blueprint are in
 * harness/shipped-blueprints.ts, run in two halves (harness/shipped-blueprints-{1,2}.spec.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Blueprint } from '../blueprints/schema';
import { BlueprintError, globToRegExp, loadBlueprints, parseBlueprint, selectTasks } from './blueprints';

/** A minimal valid blueprint with the given id. */
function blueprint(id: string): Record<string, unknown> {
	return {
		id,
		title: 'Qualify an inbound demo request',
		category: 'inbound',
		business_function: 'lead qualification & scheduling',
		platforms: ['hubspot'],
		goal: 'The lead is marked as a sales qualified lead.',
		prompt: 'Qualify Ada.',
		start_path: '/hubspot/contacts',
		clock: '2026-03-02T09:00:00.000Z',
		fixtures: {},
		steps: [
			{
				platform: 'hubspot',
				objective: 'Set the lifecycle stage',
				actions: [{ goto: '/hubspot/contacts' }, { click: { role: 'link', name: 'Ada Lovelace' } }],
				verifiers: [
					{
						id: 'stage',
						description: 'Ada is an SQL',
						query: '.hubspot.contacts[] | select(.id == "101") | .properties.lifecyclestage',
						op: 'eq',
						expected: 'salesqualifiedlead'
					}
				]
			}
		]
	};
}

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'salesgym-bp-'));
	mkdirSync(join(dir, 'hubspot'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(rel: string, value: unknown): string {
	const file = join(dir, rel);
	writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
	return file;
}

describe('loadBlueprints', () => {
	it('loads every JSON file under the folder, validated and sorted by id', () => {
		write('hubspot/b-task-v1.json', blueprint('hubspot/b-task-v1'));
		write('hubspot/a-task-v2.json', blueprint('hubspot/a-task-v2'));
		const all = loadBlueprints(dir);
		expect(all.map((b) => b.id)).toEqual(['hubspot/a-task-v2', 'hubspot/b-task-v1']);
		expect(all[0]?.steps[0]?.actions[1]).toEqual({ click: { role: 'link', name: 'Ada Lovelace' } });
	});

	it('names the file and the misspelled top-level key', () => {
		const bad = { ...blueprint('hubspot/bad-v1'), titel: 'typo' };
		const file = write('hubspot/bad-v1.json', bad);
		expect(() => loadBlueprints(dir)).toThrow(BlueprintError);
		expect(() => loadBlueprints(dir)).toThrow(file);
		expect(() => loadBlueprints(dir)).toThrow(/\(root\): Unrecognized key: "titel"/);
	});

	it('names the path and the misspelled key inside an action (a union of strict shapes)', () => {
		const bp = blueprint('hubspot/bad-action-v1');
		(bp.steps as { actions: unknown[] }[])[0]!.actions[1] = { clik: { role: 'button', name: 'Save' } };
		const file = write('hubspot/bad-action-v1.json', bp);
		let message = '';
		try {
			loadBlueprints(dir);
		} catch (e) {
			message = (e as Error).message;
		}
		expect(message.replace(file, '<file>')).toMatchInlineSnapshot(`
			"<file>: invalid blueprint:
			  steps.0.actions.1: Unrecognized key: "clik" (misspelled or unknown key)"
		`);
	});

	it('names a misspelled key of an assertion', () => {
		const bp = blueprint('hubspot/bad-assert-v1');
		const v = (bp.steps as { verifiers: Record<string, unknown>[] }[])[0]!.verifiers[0]!;
		v.expectd = v.expected;
		delete v.expected;
		write('hubspot/bad-assert-v1.json', bp);
		expect(() => loadBlueprints(dir)).toThrow(/steps\.0\.verifiers\.0: Unrecognized key: "expectd"/);
	});

	it('rejects invalid JSON, naming the file', () => {
		const file = write('hubspot/broken-v1.json', '{"id": ');
		expect(() => loadBlueprints(dir)).toThrow(`${file}: not valid JSON`);
	});

	it('rejects an id that does not match the file path', () => {
		write('hubspot/other-v1.json', blueprint('hubspot/some-task-v1'));
		expect(() => loadBlueprints(dir)).toThrow(/id "hubspot\/some-task-v1" does not match its path: expected "hubspot\/other-v1"/);
	});

	it('rejects a missing folder', () => {
		expect(() => loadBlueprints(join(dir, 'nope'))).toThrow(/blueprint folder not found/);
	});

	it('returns nothing for a folder without JSON files', () => {
		expect(loadBlueprints(dir)).toEqual([]);
	});
});

describe('parseBlueprint', () => {
	it('reports a missing required field by path', () => {
		const bp = blueprint('hubspot/x-v1');
		delete bp.start_path;
		expect(() => parseBlueprint('x.json', JSON.stringify(bp))).toThrow(/x\.json: invalid blueprint:\n {2}start_path: /);
	});
});

describe('selectTasks', () => {
	const all = ['hubspot/a-v1', 'hubspot/b-v1', 'outreach/c-v1'].map((id) => ({ id }) as Blueprint);

	it('selects all, one id, or a glob', () => {
		expect(selectTasks(all, 'all').map((b) => b.id)).toEqual(['hubspot/a-v1', 'hubspot/b-v1', 'outreach/c-v1']);
		expect(selectTasks(all, 'hubspot/b-v1').map((b) => b.id)).toEqual(['hubspot/b-v1']);
		expect(selectTasks(all, 'hubspot/*').map((b) => b.id)).toEqual(['hubspot/a-v1', 'hubspot/b-v1']);
		expect(selectTasks(all, '*/c-v?').map((b) => b.id)).toEqual(['outreach/c-v1']);
		expect(selectTasks(all, '**').length).toBe(3);
	});

	it('throws listing the known ids when nothing matches', () => {
		expect(() => selectTasks(all, 'hubspot/zzz-v1')).toThrowErrorMatchingInlineSnapshot(
			`[TaskSelectionError: --task hubspot/zzz-v1 matches no blueprint. Known tasks: hubspot/a-v1, hubspot/b-v1, outreach/c-v1]`
		);
		expect(() => selectTasks([], 'all')).toThrow(/no blueprints found/);
	});
});

describe('globToRegExp', () => {
	it('keeps * within one path segment and escapes regex characters', () => {
		expect(globToRegExp('hubspot/*').test('hubspot/a/b')).toBe(false);
		expect(globToRegExp('hubspot/**').test('hubspot/a/b')).toBe(true);
		expect(globToRegExp('a.b').test('axb')).toBe(false);
	});
});
