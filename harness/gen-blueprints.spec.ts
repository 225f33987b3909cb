import { describe, expect, it } from 'vitest';
import { loadBlueprints } from './blueprints';
import { readFileSync } from 'node:fs';
import { keepDifficulty, libraryTable, main, withTable, TABLE_END, TABLE_START } from './gen-blueprints';

describe('npm run blueprints', () => {
	it('gives every blueprint of the library a title of its own (the launcher and a rep tell tasks apart by it)', () => {
		const byTitle = new Map<string, string[]>();
		for (const b of loadBlueprints()) byTitle.set(b.title, [...(byTitle.get(b.title) ?? []), b.id]);
		expect([...byTitle.values()].filter((ids) => ids.length > 1)).toEqual([]);
	});

	it("keeps a committed instance's calibrated difficulty, and only that", () => {
		const generated = readFileSync(new URL('../blueprints/t2/hs-or-optout-reconcile-s1-v1.json', import.meta.url), 'utf8');
		const difficulty = { band: 'hard', passes: 1, n: 3, k: 3, agent: 'noisy-oracle:0.3', date: '2026-12-02' };
		const calibrated = `${JSON.stringify({ ...JSON.parse(generated), difficulty }, null, 2)}\n`;
		expect(keepDifficulty(generated, calibrated)).toBe(calibrated);
		expect(keepDifficulty(generated, null)).toBe(generated);
		expect(keepDifficulty(generated, generated)).toBe(generated);
		expect(keepDifficulty(generated, '{not json')).toBe(generated);
		// A template change shows through: only the difficulty is carried over from the old text.
		const changed = generated.replace('"title": "', '"title": "New ');
		expect(JSON.parse(keepDifficulty(changed, calibrated))).toEqual({ ...JSON.parse(changed), difficulty });
	});

	it('--check: the committed instances and the README table are what the templates generate', async () => {
		expect(await main(['--check'])).toBe(0);
	});

	it('the table counts every blueprint once per tier and names each one', () => {
		const all = loadBlueprints();
		const table = libraryTable(all);
		for (const bp of all) expect(table).toContain(`\`${bp.id}\``);
		const tierRows = table.split('\n').filter((l) => /^\| [1-4] \| /.test(l));
		expect(tierRows.reduce((s, l) => s + Number(l.split('|')[2]), 0)).toBe(all.length);
	});

	it('refuses a README without the markers, and replaces only what is between them', () => {
		expect(() => withTable('# x\n', 'T')).toThrow(/markers/);
		const doc = `a\n${TABLE_START}\nold\n${TABLE_END}\nb\n`;
		expect(withTable(doc, 'new')).toBe(`a\n${TABLE_START}\nnew\n${TABLE_END}\nb\n`);
	});
});
