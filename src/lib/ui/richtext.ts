/**
 * The text model of the kit's rich-text editor: a contenteditable element holding text, `<br>` line breaks,
 * inline formatting (`b`/`strong`, `i`/`em`, `a`), lists (`ul`/`ol` > `li`) and token chips
 * (`<span data-token="{{ … }}" contenteditable="false">label</span>`). The value the product works with is plain
 * text in which each chip is written back as its token source, so the product's own token syntax survives.
 */

/** A product's token syntax: a global regex over plain text, and the chip label of one match. */
export interface TokenSyntax {
	/** Matches one token in text (must have the `g` flag), e.g. `/\{\{[^{}]*\}\}/g`. */
	pattern: RegExp;
	/** The chip text of a token source, e.g. `{{ contact.firstname }}` → `Contact: First name`. */
	label: (raw: string) => string;
}

const BLOCKS = new Set(['DIV', 'P', 'LI', 'UL', 'OL', 'H1', 'H2', 'H3', 'BLOCKQUOTE']);

/**
 * The plain text of an editor element: text as typed, `<br>` → `\n`, a new line between blocks, `- ` before each
 * bullet item and `N. ` before each numbered item, each chip as its `data-token` source. A block's own last
 * `<br>` (kept by browsers so an empty line shows) adds no extra line.
 * @param root the contenteditable element.
 * @returns the text, `""` for an empty editor.
 */
export function editorText(root: Node): string {
	let out = '';
	/** A block ended or starts: the next content goes on a new line. */
	let pending = false;
	const emit = (text: string) => {
		if (pending && out !== '' && !out.endsWith('\n')) out += '\n';
		pending = false;
		out += text;
	};
	const walk = (node: Node) => {
		if (node.nodeType === 3) {
			const text = (node.nodeValue ?? '').replace(/\u200b/g, '');
			if (text) emit(text);
			return;
		}
		if (!(node instanceof Element)) return;
		const token = node.getAttribute('data-token');
		if (token !== null) {
			emit(token);
			return;
		}
		if (node.tagName === 'BR') {
			// A block's last <br> only keeps an empty line visible; elsewhere it is a line break.
			const parent = node.parentElement;
			const last = node.nextSibling === null && (parent === root || (parent !== null && BLOCKS.has(parent.tagName)));
			if (!last) emit('\n');
			else if (parent !== root && parent?.childNodes.length === 1) emit('\n');
			return;
		}
		const block = BLOCKS.has(node.tagName);
		if (block) pending = true;
		if (node.tagName === 'LI') {
			const list = node.parentElement;
			const index = list ? Array.prototype.indexOf.call(list.children, node) : 0;
			emit(list?.tagName === 'OL' ? `${index + 1}. ` : '- ');
		}
		node.childNodes.forEach(walk);
		if (block) pending = true;
	};
	root.childNodes.forEach(walk);
	return out;
}

/** A chip element for token source `raw`. */
export function chipElement(doc: Document, raw: string, syntax: TokenSyntax): HTMLSpanElement {
	const chip = doc.createElement('span');
	chip.className = 'ui-chip';
	chip.contentEditable = 'false';
	chip.setAttribute('data-token', raw);
	chip.title = raw;
	chip.textContent = syntax.label(raw);
	return chip;
}

/**
 * Fills `root` from plain text: each line break becomes `<br>`, each token a chip.
 * @param root the contenteditable element (its content is replaced).
 * @param text plain text with the product's tokens.
 */
export function setEditorText(root: HTMLElement, text: string, syntax: TokenSyntax): void {
	root.replaceChildren();
	const doc = root.ownerDocument;
	text.split('\n').forEach((line, i) => {
		if (i > 0) root.appendChild(doc.createElement('br'));
		appendWithChips(root, line, syntax);
	});
	if (text.endsWith('\n')) root.appendChild(doc.createElement('br'));
}

function appendWithChips(parent: Node, text: string, syntax: TokenSyntax): void {
	const doc = parent.ownerDocument ?? document;
	let last = 0;
	for (const m of text.matchAll(new RegExp(syntax.pattern.source, 'g'))) {
		if (m.index > last) parent.appendChild(doc.createTextNode(text.slice(last, m.index)));
		parent.appendChild(chipElement(doc, m[0], syntax));
		last = m.index + m[0].length;
	}
	if (last < text.length) parent.appendChild(doc.createTextNode(text.slice(last)));
}

/**
 * Turns tokens typed or pasted as text into chips, in place (text nodes only; chips are left alone).
 * @returns true when something was converted (the caret is then put after the last chip made).
 */
export function chipifyTyped(root: HTMLElement, syntax: TokenSyntax): boolean {
	const walker = root.ownerDocument.createTreeWalker(root, 4);
	const hits: Text[] = [];
	for (let n = walker.nextNode(); n; n = walker.nextNode()) {
		if (new RegExp(syntax.pattern.source).test(n.nodeValue ?? '') && !n.parentElement?.closest('[data-token]')) hits.push(n as Text);
	}
	let lastChip: Node | null = null;
	for (const t of hits) {
		const frag = root.ownerDocument.createDocumentFragment();
		appendWithChips(frag, t.nodeValue ?? '', syntax);
		const chips = frag.querySelectorAll('[data-token]');
		lastChip = chips[chips.length - 1] ?? lastChip;
		t.replaceWith(frag);
	}
	if (lastChip) caretAfter(lastChip);
	return hits.length > 0;
}

/** Puts the caret right after `node`. */
export function caretAfter(node: Node): void {
	const sel = node.ownerDocument?.getSelection();
	if (!sel) return;
	const range = node.ownerDocument!.createRange();
	range.setStartAfter(node);
	range.collapse(true);
	sel.removeAllRanges();
	sel.addRange(range);
}
