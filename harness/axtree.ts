/**
 * The observation's accessibility tree: Playwright's aria snapshot (`page.ariaSnapshotJSON()`) rendered as
 * indented text in which every interactive element carries a stable id, e.g.
 *
 * ```text
 * - main:
 *   - heading "Contacts" [level=1]
 *   - button "Create contact" [id=e5c1f2a0]
 *   - textbox "Email" [id=e0b7d6c1]: priya@helixbio.com
 * ```
 *
 * Ids are derived from (role, accessible name, position among the elements with that role and name), never
 * from a counter or randomness, so the same screen gets the same ids in every replay and every context.
 * Pure: no Playwright here, only the snapshot's JSON.
 */
import { createHash } from 'node:crypto';

/**
 * Roles that get an element id (the ones an agent acts on). An `option` gets one too when it sits in a
 * `listbox` (a popover dropdown's options are clicked); the options of a native select (`combobox` > `option`)
 * are chosen with `select` by label and get none.
 */
export const INTERACTIVE_ROLES: ReadonlySet<string> = new Set([
	'button',
	'link',
	'textbox',
	'searchbox',
	'combobox',
	'listbox',
	'checkbox',
	'radio',
	'switch',
	'tab',
	'menuitem',
	'menuitemcheckbox',
	'menuitemradio',
	'slider',
	'spinbutton',
	'treeitem'
]);

/** Whether a snapshot element of `role` under a parent of `parentRole` gets an element id (see {@link INTERACTIVE_ROLES}). */
export function hasElementId(role: string, parentRole: string): boolean {
	return INTERACTIVE_ROLES.has(role) || (role === 'option' && parentRole === 'listbox');
}

/** One node of `ariaSnapshotJSON()`: an element, or a text fragment (a string). */
export type AxNode = string | AxElement;

/** An element node of `ariaSnapshotJSON()` (other properties, e.g. `url`, `placeholder`, are kept). */
export interface AxElement {
	/** ARIA role. */
	role: string;
	/** Accessible name. */
	name?: string;
	/** Text content when it is the only child, or an input's value. */
	text?: string;
	/** Child nodes. */
	children?: AxNode[];
	[flag: string]: unknown;
}

/** Where an element id points: the element is `getByRole(role, {name, exact: true}).nth(nth)` (or `getByRole(role).nth(nthInRole)` when nameless). */
export interface ElementRef {
	/** The id printed in the axtree, `e` + 8 hex digits. */
	id: string;
	/** ARIA role. */
	role: string;
	/** Accessible name, `""` when none. */
	name: string;
	/** 0-based position among the elements with the same role and name, in document order. */
	nth: number;
	/** 0-based position among all elements of the role, in document order. */
	nthInRole: number;
	/** Whether the snapshot marked it disabled. */
	disabled: boolean;
	/** Options of a combobox/listbox (their names), in order; absent for other roles. */
	options?: string[];
}

/** A rendered accessibility tree. */
export interface AxTree {
	/** The indented text shown to agents. */
	text: string;
	/** Element id → where it points, in document order. */
	elements: Map<string, ElementRef>;
}

/**
 * The id of an element: `e` + the first 8 hex digits of SHA-1(`role \0 name \0 nth`).
 * @param role ARIA role; @param name accessible name (`""` when none); @param nth position among same role+name.
 */
export function elementId(role: string, name: string, nth: number): string {
	return `e${createHash('sha1').update(`${role}\u0000${name}\u0000${nth}`).digest('hex').slice(0, 8)}`;
}

const FLAGS = ['checked', 'disabled', 'expanded', 'pressed', 'selected', 'active', 'invalid'] as const;

function quote(s: string): string {
	return JSON.stringify(s);
}

function isElement(node: unknown): node is AxElement {
	return typeof node === 'object' && node !== null && typeof (node as { role?: unknown }).role === 'string';
}

/**
 * Renders `ariaSnapshotJSON()` output as text with element ids.
 * Line format: `- <role> "<name>" [id=…] [flags] [level=N] [url=…]: <text>`; text fragments as `- text: …`.
 * @param snapshot the JSON (an array of nodes, or one node); anything else renders as an empty tree.
 * @returns the text and the id → element map.
 */
export function renderAxtree(snapshot: unknown): AxTree {
	const lines: string[] = [];
	const elements = new Map<string, ElementRef>();
	const byName = new Map<string, number>();
	const byRole = new Map<string, number>();
	const walk = (node: unknown, depth: number, parentRole = ''): void => {
		const pad = '  '.repeat(depth);
		if (typeof node === 'string') {
			if (node.trim() !== '') lines.push(`${pad}- text: ${node}`);
			return;
		}
		if (!isElement(node)) return;
		const name = typeof node.name === 'string' ? node.name : '';
		let line = `${pad}- ${node.role}${name ? ` ${quote(name)}` : ''}`;
		if (hasElementId(node.role, parentRole)) {
			const key = `${node.role}\u0000${name}`;
			const nth = byName.get(key) ?? 0;
			byName.set(key, nth + 1);
			const nthInRole = byRole.get(node.role) ?? 0;
			byRole.set(node.role, nthInRole + 1);
			let id = elementId(node.role, name, nth);
			for (let salt = 1; elements.has(id); salt++) id = elementId(node.role, `${name}\u0000${salt}`, nth);
			const ref: ElementRef = { id, role: node.role, name, nth, nthInRole, disabled: node.disabled === true };
			if (node.role === 'combobox' || node.role === 'listbox') {
				ref.options = (node.children ?? []).filter((c): c is AxElement => isElement(c) && c.role === 'option').map((c) => c.name ?? '');
			}
			elements.set(id, ref);
			line += ` [id=${id}]`;
		}
		for (const flag of FLAGS) {
			const v = node[flag];
			if (v === true) line += ` [${flag}]`;
			else if (v === 'mixed') line += ` [${flag}=mixed]`;
		}
		if (typeof node.level === 'number') line += ` [level=${node.level}]`;
		if (typeof node.url === 'string') line += ` [url=${node.url}]`;
		const children = node.children ?? [];
		const text = typeof node.text === 'string' && node.text !== '' ? node.text : undefined;
		if (text !== undefined) line += `: ${text}`;
		else if (children.length > 0) line += ':';
		lines.push(line);
		for (const child of children) walk(child, depth + 1, node.role);
	};
	for (const node of Array.isArray(snapshot) ? snapshot : [snapshot]) walk(node, 0);
	return { text: lines.join('\n'), elements };
}

/** One element line of a rendered axtree, as an agent reading the text sees it. */
export interface ParsedElement {
	/** Element id. */
	id: string;
	/** ARIA role. */
	role: string;
	/** Accessible name (`""` when none). */
	name: string;
	/** Whether the line carries `[disabled]`. */
	disabled: boolean;
	/** Option names listed under a combobox/listbox. */
	options: string[];
}

/**
 * Reads the elements back from axtree text (what agents outside the harness do): every line with `[id=…]`.
 * @returns the elements in document order.
 */
export function parseAxtreeElements(text: string): ParsedElement[] {
	const out: ParsedElement[] = [];
	const lines = text.split('\n');
	lines.forEach((line, i) => {
		const m = /^(\s*)- ([a-z]+)(?: ("(?:[^"\\]|\\.)*"))? \[id=(e[0-9a-f]{8})\]/.exec(line);
		if (!m) return;
		const el: ParsedElement = {
			id: m[4] as string,
			role: m[2] as string,
			name: m[3] ? (JSON.parse(m[3]) as string) : '',
			disabled: line.includes(' [disabled]'),
			options: []
		};
		const indent = (m[1] as string).length;
		for (let j = i + 1; j < lines.length; j++) {
			const o = /^(\s*)- option ("(?:[^"\\]|\\.)*")/.exec(lines[j] as string);
			const deeper = /^(\s*)/.exec(lines[j] as string)?.[1]?.length ?? 0;
			if (deeper <= indent) break;
			if (o && (o[1] as string).length === indent + 2) el.options.push(JSON.parse(o[2] as string) as string);
		}
		out.push(el);
	});
	return out;
}
