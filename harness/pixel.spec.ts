import { describe, expect, it } from 'vitest';
import { renderAxtree } from './axtree';
import { InvalidActionError } from './actions';
import { axtreeShows, findMark, pixelPlan } from './pixel-agent';
import { chord, EnvAction, isPixelAction, marksOf, PixelAction, type Mark } from './pixel';

const VP = { width: 1280, height: 800, device_scale_factor: 1 };

describe('computer-use action schemas', () => {
	it('accepts each action and tells pixel actions from element actions', () => {
		const pixel: unknown[] = [
			{ click: { x: 10, y: 20 } },
			{ click: { x: 10, y: 20, button: 'right', count: 2 } },
			{ move: { x: 1, y: 2 } },
			{
				drag: {
					path: [
						[1, 2],
						[3, 4]
					]
				}
			},
			{ scroll: { x: 5, y: 5, dx: 0, dy: -300 } },
			{ type: { text: 'hello' } },
			{ key: { keys: 'ctrl+a' } },
			{ key: { keys: ['CTRL', 'A'] } },
			{ screenshot: {} }
		];
		for (const a of pixel) expect(isPixelAction(EnvAction.parse(a))).toBe(true);
		for (const a of [{ click: { role: 'button', name: 'Save' } }, { scroll: { direction: 'down' } }, { wait: { ms: 5 } }, { done: {} }])
			expect(isPixelAction(EnvAction.parse(a))).toBe(false);
	});

	it('is strict: typos, extra fields, bad ranges and short paths fail', () => {
		for (const bad of [
			{ click: { x: 1, y: 2, buton: 'left' } },
			{ click: { x: -1, y: 2 } },
			{ click: { x: 1, y: 2, count: 4 } },
			{ click: { x: 1, y: 2, button: 'wheel' } },
			{ drag: { path: [[1, 2]] } },
			{ scroll: { x: 1, y: 1, dy: 5 } },
			{ type: {} },
			{ key: { keys: '' } },
			{ screenshot: { full: true } },
			{ move: { x: 1 } }
		])
			expect(EnvAction.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
		expect(PixelAction.safeParse({ click: { role: 'button', name: 'Save' } }).success).toBe(false);
	});

	it('maps xdotool-, OpenAI- and Playwright-style key names onto Playwright chords', () => {
		expect(chord('ctrl+a')).toBe('Control+a');
		expect(chord(['CTRL', 'SHIFT', 'TAB'])).toBe('Control+Shift+Tab');
		expect(chord('Return')).toBe('Enter');
		expect(chord('Page_Down')).toBe('PageDown');
		expect(chord(['ESC'])).toBe('Escape');
		expect(chord('super+f5')).toBe('Meta+F5');
		expect(chord('+')).toBe('+');
		expect(chord('ArrowLeft')).toBe('ArrowLeft');
		expect(() => chord('ctrl+nosuchkey')).toThrow(InvalidActionError);
		expect(() => chord('ctrl++')).toThrow(InvalidActionError);
	});
});

describe('set of marks', () => {
	const snapshot = [
		{
			role: 'main',
			box: { x: 0, y: 0, width: 1280, height: 800 },
			children: [
				{ role: 'button', name: 'Save', box: { x: 10, y: 20, width: 80, height: 30 } },
				{ role: 'checkbox', name: 'Opt in', checked: true, box: { x: 10, y: 900, width: 20, height: 20 } },
				{ role: 'button', name: 'Hidden', box: { x: 0, y: 0, width: 0, height: 0 } },
				{
					role: 'listbox',
					name: 'Owner',
					box: { x: 200, y: 100, width: 100, height: 60 },
					children: [{ role: 'option', name: 'Rory', box: { x: 200, y: 100, width: 100, height: 30 } }]
				}
			]
		}
	];
	it('gives each axtree element id its box, in document order, and states in_viewport and checked', () => {
		const tree = renderAxtree(snapshot);
		const marks = marksOf(snapshot, [...tree.elements.keys()], VP);
		expect(marks.map((m) => m.name)).toEqual(['Save', 'Opt in', 'Owner', 'Rory']);
		for (const m of marks) expect(tree.text).toContain(`"${m.name}" [id=${m.id}]`);
		expect(marks[0]).toMatchObject({ role: 'button', x: 10, y: 20, width: 80, height: 30, in_viewport: true, hittable: false });
		expect(marks[1]).toMatchObject({ in_viewport: false, checked: true });
		expect(marks[0]!.checked).toBeUndefined();
	});
});

describe('pixel-oracle plan', () => {
	const mark = (over: Partial<Mark>): Mark => ({
		id: 'e00000001',
		role: 'button',
		name: 'Save',
		x: 100,
		y: 100,
		width: 40,
		height: 20,
		in_viewport: true,
		hittable: true,
		disabled: false,
		...over
	});
	const obs = (marks: Mark[], axtree = '') => ({ observation: { url: '', title: '', axtree, prompt: '', policy_url: '', tabs: [], viewport: VP, marks } });

	it('clicks the centre of the mark, fills with click + select-all + delete + type, and waits for what is not there', () => {
		expect(pixelPlan({ click: { role: 'button', name: 'Save' } }, obs([mark({})]))).toEqual({ now: [{ click: { x: 120, y: 110 } }], advance: true });
		expect(pixelPlan({ fill: { label: 'Email', value: 'a@b.c' } }, obs([mark({ role: 'textbox', name: 'Email' })])).now).toEqual([
			{ click: { x: 120, y: 110 } },
			{ key: { keys: 'ctrl+a' } },
			{ key: { keys: 'Backspace' } },
			{ type: { text: 'a@b.c' } }
		]);
		expect(pixelPlan({ click: { role: 'button', name: 'Save' } }, obs([]))).toEqual({ now: [{ wait: { ms: 150 } }], advance: false });
		expect(pixelPlan({ click: { role: 'button', name: 'Save' } }, obs([mark({ disabled: true })])).advance).toBe(false);
	});

	it('scrolls a mark it cannot hit into the middle, inside its listbox for an option, and waits when a scroll moved nothing', () => {
		const memo = {};
		const far = mark({ y: 1500, in_viewport: false, hittable: false });
		expect(pixelPlan({ click: { role: 'button', name: 'Save' } }, obs([far]), memo).now).toEqual([{ scroll: { x: 120, y: 400, dx: 0, dy: 1110 } }]);
		expect(pixelPlan({ click: { role: 'button', name: 'Save' } }, obs([far]), memo).now).toEqual([{ wait: { ms: 150 } }]);
		const list = mark({ id: 'e2', role: 'listbox', name: 'Owner', x: 250, y: 275, width: 211, height: 264 });
		const opt = mark({ id: 'e3', role: 'option', name: 'Rory', x: 250, y: 725, width: 211, height: 32, hittable: false });
		expect(pixelPlan({ click: { role: 'option', name: 'Rory' } }, obs([list, opt])).now).toEqual([{ scroll: { x: 356, y: 407, dx: 0, dy: 334 } }]);
	});

	it('checks only when the state differs, types a date input month first, and reads waits off the axtree', () => {
		const box = mark({ role: 'checkbox', name: 'Opt in', checked: true });
		expect(pixelPlan({ check: { label: 'Opt in' } }, obs([box]))).toEqual({ now: [], advance: true });
		expect(pixelPlan({ check: { label: 'Opt in', checked: false } }, obs([box])).now).toEqual([{ click: { x: 120, y: 110 } }]);
		const date = mark({ role: 'textbox', name: 'Due date', input_type: 'date' });
		expect(pixelPlan({ fill: { label: 'Due date', value: '2026-03-05' } }, obs([date])).now).toEqual([
			{ click: { x: 112, y: 110 } },
			{ type: { text: '03052026' } }
		]);
		expect(axtreeShows('- main:\n  - heading "Lena Vogt" [level=1]', { role: 'heading', name: 'Lena Vogt' })).toBe(true);
		expect(axtreeShows('- main:\n  - heading "Lena Vogtberg" [level=1]', { role: 'heading', name: 'Lena Vogt' })).toBe(false);
		expect(axtreeShows('- text: Contact SAVED', { text: 'contact saved' })).toBe(true);
		expect(findMark([mark({ role: 'link', name: 'Email' }), mark({ id: 'e9', role: 'textbox', name: 'Email' })], { label: 'Email' })?.id).toBe('e9');
		expect(() => pixelPlan({ click: { role: 'button', name: 'Save' } }, { observation: { ...obs([]).observation, marks: undefined } })).toThrow(
			/needs set-of-marks/
		);
	});
});
