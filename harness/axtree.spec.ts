import { describe, expect, it } from 'vitest';
import { elementId, parseAxtreeElements, renderAxtree } from './axtree';
import { makeRng, hashSeed } from './rng';

const SNAPSHOT = [
	{ role: 'banner', children: ['salesgym · HubSpot', { role: 'link', name: 'Launcher', url: '/' }] },
	{
		role: 'main',
		children: [
			{ role: 'heading', name: 'Contacts', level: 1 },
			{ role: 'button', name: 'Save' },
			{ role: 'button', name: 'Save', disabled: true },
			{ role: 'button' },
			{ role: 'textbox', name: 'Email', text: 'a@b.c' },
			{
				role: 'combobox',
				name: 'Lead status',
				children: [
					{ role: 'option', name: 'None', selected: true },
					{ role: 'option', name: 'Say "hi"' }
				]
			}
		]
	}
];

describe('renderAxtree', () => {
	it('gives ids to the options of a listbox (a popover dropdown), not to those of a native select', () => {
		const { text, elements } = renderAxtree([
			{ role: 'combobox', name: 'Lead status', expanded: true },
			{
				role: 'listbox',
				name: 'Lead status',
				children: [
					{ role: 'option', name: 'Open', selected: true },
					{ role: 'option', name: 'Connected' }
				]
			},
			{ role: 'combobox', name: 'Native', children: [{ role: 'option', name: 'Connected' }] }
		]);
		const connected = elementId('option', 'Connected', 0);
		expect(text).toContain(`  - option "Connected" [id=${connected}]`);
		expect(text).toContain(`  - option "Open" [id=${elementId('option', 'Open', 0)}] [selected]`);
		expect(text.endsWith('\n  - option "Connected"')).toBe(true); // the native select's option: no id
		expect(elements.get(connected)).toMatchObject({ role: 'option', name: 'Connected', nth: 0 });
		expect([...elements.values()].filter((e) => e.role === 'option')).toHaveLength(2);
	});

	it('renders roles, names, flags and values, with ids on interactive elements only', () => {
		const { text } = renderAxtree(SNAPSHOT);
		const save0 = elementId('button', 'Save', 0);
		const save1 = elementId('button', 'Save', 1);
		expect(text).toBe(
			[
				'- banner:',
				'  - text: salesgym · HubSpot',
				`  - link "Launcher" [id=${elementId('link', 'Launcher', 0)}] [url=/]`,
				'- main:',
				'  - heading "Contacts" [level=1]',
				`  - button "Save" [id=${save0}]`,
				`  - button "Save" [id=${save1}] [disabled]`,
				`  - button [id=${elementId('button', '', 0)}]`,
				`  - textbox "Email" [id=${elementId('textbox', 'Email', 0)}]: a@b.c`,
				`  - combobox "Lead status" [id=${elementId('combobox', 'Lead status', 0)}]:`,
				'    - option "None" [selected]',
				'    - option "Say \\"hi\\""'
			].join('\n')
		);
		expect(save0).not.toBe(save1);
		expect(save0).toMatch(/^e[0-9a-f]{8}$/);
	});

	it('ids are stable: the same tree gives the same ids, and an element keeps its id when others are added elsewhere', () => {
		const a = renderAxtree(SNAPSHOT);
		expect(renderAxtree(structuredClone(SNAPSHOT)).text).toBe(a.text);
		const more = structuredClone(SNAPSHOT) as typeof SNAPSHOT;
		(more[1]!.children as unknown[]).unshift({ role: 'link', name: 'New' });
		const b = renderAxtree(more);
		expect([...b.elements.keys()]).toEqual(expect.arrayContaining([...a.elements.keys()]));
	});

	it('maps ids to role, name and position (nameless elements by position in their role)', () => {
		const { elements } = renderAxtree(SNAPSHOT);
		expect(elements.get(elementId('button', 'Save', 1))).toEqual({
			id: elementId('button', 'Save', 1),
			role: 'button',
			name: 'Save',
			nth: 1,
			nthInRole: 1,
			disabled: true
		});
		expect(elements.get(elementId('button', '', 0))).toMatchObject({ name: '', nth: 0, nthInRole: 2 });
		expect(elements.get(elementId('combobox', 'Lead status', 0))?.options).toEqual(['None', 'Say "hi"']);
		expect(renderAxtree(null).text).toBe('');
	});

	it('parseAxtreeElements reads back what agents see', () => {
		const parsed = parseAxtreeElements(renderAxtree(SNAPSHOT).text);
		expect(parsed.map((e) => [e.role, e.name, e.disabled])).toEqual([
			['link', 'Launcher', false],
			['button', 'Save', false],
			['button', 'Save', true],
			['button', '', false],
			['textbox', 'Email', false],
			['combobox', 'Lead status', false]
		]);
		expect(parsed.at(-1)?.options).toEqual(['None', 'Say "hi"']);
	});
});

describe('rng', () => {
	it('is seeded: same seed, same sequence; strings are hashed', () => {
		const a = makeRng('x');
		const b = makeRng(hashSeed('x'));
		const xs = Array.from({ length: 5 }, () => a.next());
		expect(Array.from({ length: 5 }, () => b.next())).toEqual(xs);
		expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
		expect(makeRng(1).int(10)).toBe(makeRng(1).int(10));
		expect(() => makeRng(1).pick([])).toThrow(RangeError);
	});
});
