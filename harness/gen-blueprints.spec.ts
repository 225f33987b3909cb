import { describe, expect, it } from 'vitest';
import { loadBlueprints } from './blueprints';
import { libraryTable, main, withTable, TABLE_END, TABLE_START } from './gen-blueprints';

describe('npm run blueprints', () => {
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
