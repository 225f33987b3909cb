/**
 * The computer-use action space: actions addressed by viewport coordinates and the keyboard focus instead of
 * element ids, for screenshot-based agents. They sit beside the element actions of `blueprints/schema.ts`
 * (which stay the oracle's vocabulary); the env accepts either ({@link EnvAction}).
 *
 * Coordinates are CSS pixels of the viewport (origin top-left, x right, y down), the same space as the
 * set-of-marks boxes ({@link Mark}); a screenshot is `width × device_scale_factor` by `height ×
 * device_scale_factor` device pixels, so an agent that reads pixel positions off the PNG divides them by the
 * observation's `viewport.device_scale_factor`.
 *
 * | action | shape | effect |
 * | --- | --- | --- |
 * | `click` | `{x, y, button?: left\|right\|middle, count?: 1..3}` | mouse move + press/release `count` times (2 = double click) |
 * | `move` | `{x, y}` | mouse move (hover) |
 * | `drag` | `{path: [[x,y], …]}` (≥ 2 points) | press at the first point, move through the others, release at the last |
 * | `scroll` | `{x, y, dx, dy}` | mouse move to (x, y), then a wheel event of (dx, dy) CSS pixels (dy > 0 scrolls down) |
 * | `type` | `{text}` | types `text` into the focused element, one key event per character |
 * | `key` | `{keys: "ctrl+a"}` or `{keys: ["CTRL", "A"]}` | presses the chord (modifiers held, last key pressed) |
 * | `screenshot` | `{}` | nothing on the page; the next observation carries a screenshot even when screenshots are off |
 * | `wait` | `{ms}` (the element vocabulary's) | sleeps |
 *
 * Mapping from the vendors' computer-use vocabularies, one to one (the vendors' docs by name: Anthropic "Computer
 * use tool" `computer_20250124` actions; OpenAI "Computer use" guide, `computer-use-preview` `computer_call`
 * actions):
 *
 * | Anthropic computer use | OpenAI computer-use-preview | salesgym |
 * | --- | --- | --- |
 * | `left_click` `coordinate:[x,y]` | `click` `{x, y, button:"left"}` | `click {x, y}` |
 * | `right_click` / `middle_click` | `click` `button:"right"` / `"wheel"` | `click {x, y, button:"right"\|"middle"}` |
 * | `double_click` / `triple_click` | `double_click {x, y}` | `click {x, y, count: 2\|3}` |
 * | `mouse_move` | `move {x, y}` | `move {x, y}` |
 * | `left_click_drag` (start → `coordinate`), `left_mouse_down`/`up` + `mouse_move` | `drag {path:[{x,y}…]}` | `drag {path: [[x,y]…]}` |
 * | `scroll` `coordinate`, `scroll_direction`, `scroll_amount` | `scroll {x, y, scroll_x, scroll_y}` | `scroll {x, y, dx, dy}` (Anthropic's amount is in wheel clicks: dy = ±amount × 100) |
 * | `type` `text` | `type {text}` | `type {text}` |
 * | `key` `text:"ctrl+a"` (xdotool names) | `keypress {keys:["CTRL","A"]}` | `key {keys}`: either form |
 * | `hold_key` `text`, `duration` | none | `key {keys}` (held for the press only) |
 * | `screenshot` | `screenshot` | `screenshot {}` |
 * | `wait` `duration` (s) | `wait` | `wait {ms}` |
 * | `cursor_position` | none | none needed: the env does not move the mouse on its own; the last `click`/`move` is where it is |
 *
 * Not mapped: OpenAI's `button: "back" | "forward"` (the episode has no history buttons: use `goto`), Anthropic's
 * `left_mouse_down`/`left_mouse_up` as separate steps (send the whole gesture as one `drag`) and the modifier
 * `text` held during a click (send `key` chords instead). OpenAI's `wait` has no duration: send `wait {ms: 1000}`.
 */
import type { Page } from '@playwright/test';
import { z } from 'zod';
import { Action, MAX_WAIT_MS } from '../blueprints/schema';
import { InvalidActionError } from './actions';
import { hasElementId } from './axtree';

/** Default viewport of an episode, CSS pixels. */
export const DEFAULT_VIEWPORT = { width: 1280, height: 800 } as const;

/** Viewport and device scale factor of an episode (stated in each observation). */
export interface Viewport {
	/** Width, CSS pixels. */
	width: number;
	/** Height, CSS pixels. */
	height: number;
	/** Device pixels per CSS pixel (a screenshot is `width × device_scale_factor` px wide). */
	device_scale_factor: number;
}

/** One set-of-marks entry: an element of the axtree (its id) and its box in viewport CSS pixels. */
export interface Mark {
	/** The element id printed in the axtree (`e` + 8 hex digits). */
	id: string;
	/** ARIA role. */
	role: string;
	/** Accessible name (`""` when none). */
	name: string;
	/** Left edge, CSS pixels from the viewport's left (negative or ≥ width when scrolled out). */
	x: number;
	/** Top edge, CSS pixels from the viewport's top. */
	y: number;
	/** Width, CSS pixels. */
	width: number;
	/** Height, CSS pixels. */
	height: number;
	/** Whether the box's centre lies inside the viewport. */
	in_viewport: boolean;
	/**
	 * Whether a click at the box's centre reaches this element (the topmost element there is it or inside it):
	 * false when the centre is outside the viewport, clipped by a scrolling container, or covered (a dialog's
	 * backdrop, a toast, a sticky header).
	 */
	hittable: boolean;
	/**
	 * The `type` of an `<input>` element when it is hittable (`text`, `search`, `date`, `number`, …), as a screen
	 * shows it (a date input shows its segments, e.g. mm/dd/yyyy); absent for other elements.
	 */
	input_type?: string;
	/** Whether the axtree marked it disabled. */
	disabled: boolean;
	/** `checked` state of a checkbox/radio/switch (absent for other roles). */
	checked?: boolean | 'mixed';
}

const coord = z.number().finite().min(0).max(100_000);

/** `click {x, y, button?, count?}`: a mouse click at viewport coordinates. */
export const PixelClick = z.strictObject({
	click: z.strictObject({
		x: coord,
		y: coord,
		button: z.enum(['left', 'right', 'middle']).optional(),
		count: z.number().int().min(1).max(3).optional()
	})
});
/** `move {x, y}`. */
export const PixelMove = z.strictObject({ move: z.strictObject({ x: coord, y: coord }) });
/** `drag {path: [[x, y], …]}`, at least two points. */
export const PixelDrag = z.strictObject({
	drag: z.strictObject({
		path: z
			.array(z.tuple([coord, coord]))
			.min(2)
			.max(1_000)
	})
});
/** `scroll {x, y, dx, dy}`: wheel at (x, y) by (dx, dy) CSS pixels. */
export const PixelScroll = z.strictObject({
	scroll: z.strictObject({ x: coord, y: coord, dx: z.number().finite().min(-100_000).max(100_000), dy: z.number().finite().min(-100_000).max(100_000) })
});
/** `type {text}`: into the focused element. */
export const PixelType = z.strictObject({ type: z.strictObject({ text: z.string().max(100_000) }) });
/** `key {keys}`: a chord, `"ctrl+a"` or `["CTRL", "A"]`. */
export const PixelKey = z.strictObject({
	key: z.strictObject({ keys: z.union([z.string().min(1).max(200), z.array(z.string().min(1).max(50)).min(1).max(10)]) })
});
/** `screenshot {}`: the next observation carries a screenshot. */
export const PixelScreenshot = z.strictObject({ screenshot: z.strictObject({}) });

/** A computer-use action. */
export const PixelAction = z.union([PixelClick, PixelMove, PixelDrag, PixelScroll, PixelType, PixelKey, PixelScreenshot]);
export type PixelAction = z.infer<typeof PixelAction>;

/** What the env accepts: an element action (blueprint vocabulary, `wait` and `done` included) or a computer-use action. */
export const EnvAction = z.union([Action, PixelAction]);
export type EnvAction = z.infer<typeof EnvAction>;

/** Whether a parsed env action is a computer-use one (a `click` with `x`/`y`, a `scroll` with `dx`/`dy`, or a pixel-only verb). */
export function isPixelAction(a: EnvAction): a is PixelAction {
	if ('click' in a) return 'x' in a.click;
	if ('scroll' in a) return 'dx' in a.scroll;
	return 'move' in a || 'drag' in a || 'type' in a || 'key' in a || 'screenshot' in a;
}

/** Key aliases (lower case) → Playwright key names; single characters and Playwright names pass through. */
const KEY_NAMES: Readonly<Record<string, string>> = {
	ctrl: 'Control',
	control: 'Control',
	alt: 'Alt',
	option: 'Alt',
	shift: 'Shift',
	cmd: 'Meta',
	command: 'Meta',
	meta: 'Meta',
	super: 'Meta',
	win: 'Meta',
	enter: 'Enter',
	return: 'Enter',
	esc: 'Escape',
	escape: 'Escape',
	tab: 'Tab',
	space: 'Space',
	backspace: 'Backspace',
	delete: 'Delete',
	del: 'Delete',
	insert: 'Insert',
	home: 'Home',
	end: 'End',
	pageup: 'PageUp',
	page_up: 'PageUp',
	pagedown: 'PageDown',
	page_down: 'PageDown',
	up: 'ArrowUp',
	down: 'ArrowDown',
	left: 'ArrowLeft',
	right: 'ArrowRight',
	arrowup: 'ArrowUp',
	arrowdown: 'ArrowDown',
	arrowleft: 'ArrowLeft',
	arrowright: 'ArrowRight'
};

/**
 * A chord in Playwright's form: `"ctrl+shift+Tab"` or `["CTRL", "SHIFT", "TAB"]` → `"Control+Shift+Tab"`.
 * Names are case-insensitive (xdotool's and OpenAI's: `ctrl`, `Return`, `ESC`, `Page_Down`, `super`, `F5`);
 * one character stays as written (`a`, `A`, `/`); `"+"` alone is the plus key.
 * @throws InvalidActionError for an empty part or an unknown multi-character name.
 */
export function chord(keys: string | readonly string[]): string {
	const parts = typeof keys === 'string' ? (keys === '+' ? ['+'] : keys.split('+')) : [...keys];
	return parts
		.map((p) => {
			if (p.length === 1) return p;
			const t = p.trim();
			if (t === '') throw new InvalidActionError(`key ${JSON.stringify(keys)}: empty key name`);
			const alias = KEY_NAMES[t.toLowerCase()];
			if (alias) return alias;
			if (/^f([1-9]|1[0-2])$/i.test(t)) return t.toUpperCase();
			if (/^[A-Z][A-Za-z]+$/.test(t) || /^(Digit|Key|Numpad)/.test(t)) return t;
			throw new InvalidActionError(`key ${JSON.stringify(keys)}: unknown key name "${t}"`);
		})
		.join('+');
}

/** A short description of a computer-use action, for error messages, e.g. `click (120, 40)`. */
export function describePixelAction(a: PixelAction): string {
	if ('click' in a)
		return `click (${a.click.x}, ${a.click.y})${a.click.button && a.click.button !== 'left' ? ` ${a.click.button}` : ''}${a.click.count && a.click.count > 1 ? ` ×${a.click.count}` : ''}`;
	if ('move' in a) return `move (${a.move.x}, ${a.move.y})`;
	if ('drag' in a) return `drag ${a.drag.path.map(([x, y]) => `(${x}, ${y})`).join(' → ')}`;
	if ('scroll' in a) return `scroll (${a.scroll.dx}, ${a.scroll.dy}) at (${a.scroll.x}, ${a.scroll.y})`;
	if ('type' in a) return `type ${JSON.stringify(a.type.text.slice(0, 80))}`;
	if ('key' in a) return `key ${typeof a.key.keys === 'string' ? a.key.keys : a.key.keys.join('+')}`;
	return 'screenshot';
}

function inside(vp: Viewport, x: number, y: number): void {
	if (x >= vp.width || y >= vp.height) throw new InvalidActionError(`(${x}, ${y}) is outside the ${vp.width}×${vp.height} viewport`);
}

/**
 * Executes a computer-use action on `page` with Playwright's mouse and keyboard (no element lookup, no
 * actionability waits: the click lands wherever the point is).
 * @param vp the episode's viewport: coordinates at or past its width/height are refused.
 * @throws InvalidActionError for a point outside the viewport or an unknown key name.
 */
export async function performPixelAction(page: Page, a: PixelAction, vp: Viewport): Promise<void> {
	if ('click' in a) {
		inside(vp, a.click.x, a.click.y);
		await page.mouse.click(a.click.x, a.click.y, { button: a.click.button ?? 'left', clickCount: a.click.count ?? 1 });
	} else if ('move' in a) {
		inside(vp, a.move.x, a.move.y);
		await page.mouse.move(a.move.x, a.move.y);
	} else if ('drag' in a) {
		for (const [x, y] of a.drag.path) inside(vp, x, y);
		const [first, ...rest] = a.drag.path as [[number, number], ...[number, number][]];
		await page.mouse.move(first[0], first[1]);
		await page.mouse.down();
		for (const [x, y] of rest) await page.mouse.move(x, y, { steps: 4 });
		await page.mouse.up();
	} else if ('scroll' in a) {
		inside(vp, a.scroll.x, a.scroll.y);
		await page.mouse.move(a.scroll.x, a.scroll.y);
		await page.mouse.wheel(a.scroll.dx, a.scroll.dy);
	} else if ('type' in a) {
		await page.keyboard.type(a.type.text);
	} else if ('key' in a) {
		await page.keyboard.press(chord(a.key.keys));
	}
	// `screenshot`: nothing on the page (the env adds the screenshot to the next observation).
}

const MARK_ROLES_WITH_CHECKED: ReadonlySet<string> = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);

/** A box as `ariaSnapshotJSON({boxes: true})` gives it. */
interface SnapshotBox {
	x: number;
	y: number;
	width: number;
	height: number;
}

/**
 * The set of marks of an observation: every element that got an id, with its box. Walks the snapshot in the
 * same order as `renderAxtree` and takes the ids from its `elements` map (same order), so `marks[i].id` is
 * the axtree's id of that element.
 * @param snapshot `page.ariaSnapshotJSON({boxes: true})`; @param ids the element ids in document order
 *   (`renderAxtree(snapshot).elements.keys()`); @param vp the viewport (for `in_viewport`).
 * @returns the marks in document order; an element without a box (not rendered) is left out.
 */
export function marksOf(snapshot: unknown, ids: readonly string[], vp: Viewport): Mark[] {
	const marks: Mark[] = [];
	let i = 0;
	const walk = (node: unknown, parentRole: string): void => {
		if (typeof node !== 'object' || node === null) return;
		const n = node as { role?: unknown; name?: unknown; box?: SnapshotBox; children?: unknown[]; disabled?: unknown; checked?: unknown };
		if (typeof n.role !== 'string') return;
		if (hasElementId(n.role, parentRole)) {
			const id = ids[i++];
			const b = n.box;
			if (id !== undefined && b && b.width > 0 && b.height > 0) {
				const cx = b.x + b.width / 2;
				const cy = b.y + b.height / 2;
				const mark: Mark = {
					id,
					role: n.role,
					name: typeof n.name === 'string' ? n.name : '',
					x: Math.round(b.x * 100) / 100,
					y: Math.round(b.y * 100) / 100,
					width: Math.round(b.width * 100) / 100,
					height: Math.round(b.height * 100) / 100,
					in_viewport: cx >= 0 && cy >= 0 && cx < vp.width && cy < vp.height,
					hittable: false,
					disabled: n.disabled === true
				};
				if (MARK_ROLES_WITH_CHECKED.has(n.role)) mark.checked = n.checked === 'mixed' ? 'mixed' : n.checked === true;
				marks.push(mark);
			}
		}
		for (const c of n.children ?? []) walk(c, n.role);
	};
	for (const node of Array.isArray(snapshot) ? snapshot : [snapshot]) walk(node, '');
	return marks;
}

/** Most snapshots {@link stableSnapshot} takes before it settles for the last one. */
export const STABLE_SNAPSHOT_TRIES = 5;

/**
 * `page.ariaSnapshotJSON({boxes: true})` once the layout holds still: snapshots are taken one animation frame
 * apart until two in a row are equal (at most {@link STABLE_SNAPSHOT_TRIES}), so the boxes an agent clicks are
 * not those of a frame in the middle of a re-render or a layout shift.
 * @param timeoutMs bound of each snapshot, ms. @throws Playwright's Error when a snapshot fails.
 */
export async function stableSnapshot(page: Page, timeoutMs: number): Promise<unknown> {
	let prev = await page.ariaSnapshotJSON({ timeout: timeoutMs, boxes: true });
	let prevText = JSON.stringify(prev);
	for (let i = 1; i < STABLE_SNAPSHOT_TRIES; i++) {
		await page.evaluate(() => new Promise<void>((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok()))));
		const next = await page.ariaSnapshotJSON({ timeout: timeoutMs, boxes: true });
		const text = JSON.stringify(next);
		if (text === prevText) return next;
		prev = next;
		prevText = text;
	}
	return prev;
}

/**
 * Sets each mark's `hittable` (and `input_type`) in one page evaluation: `document.elementFromPoint` at the box's centre, then up
 * its ancestors for one whose `getBoundingClientRect()` is the mark's box (within 1 CSS pixel).
 * @returns the same marks (mutated); when the evaluation fails (a navigation racing it) every mark stays
 *   `hittable: false`, and the next observation tells.
 */
export async function hitTest(page: Page, marks: Mark[]): Promise<Mark[]> {
	const hits = await page
		.evaluate(
			(boxes) =>
				boxes.map((b) => {
					const cx = b.x + b.width / 2;
					const cy = b.y + b.height / 2;
					if (cx < 0 || cy < 0 || cx >= window.innerWidth || cy >= window.innerHeight) return null;
					let e: Element | null = document.elementFromPoint(cx, cy);
					while (e) {
						const r = e.getBoundingClientRect();
						if (Math.abs(r.x - b.x) < 1 && Math.abs(r.y - b.y) < 1 && Math.abs(r.width - b.width) < 1 && Math.abs(r.height - b.height) < 1)
							return e instanceof HTMLInputElement ? e.type : '';
						e = e.parentElement;
					}
					return null;
				}),
			marks.map((m) => ({ x: m.x, y: m.y, width: m.width, height: m.height }))
		)
		.catch(() => [] as (string | null)[]);
	marks.forEach((m, i) => {
		const hit = hits[i];
		m.hittable = typeof hit === 'string';
		if (hit) m.input_type = hit;
	});
	return marks;
}

/** The centre of a mark, rounded to whole CSS pixels (where a pixel agent clicks). */
export function centerOf(m: Pick<Mark, 'x' | 'y' | 'width' | 'height'>): { x: number; y: number } {
	return { x: Math.round(m.x + m.width / 2), y: Math.round(m.y + m.height / 2) };
}

export { MAX_WAIT_MS };
