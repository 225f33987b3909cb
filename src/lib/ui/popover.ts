/**
 * Placement of a floating panel (dropdown listbox, menu, search results) next to its trigger. The panel is
 * `position: fixed` and, where the browser has the Popover API, shown in the top layer (`popover="manual"`),
 * so no scrolling container, stacking context or modal `<dialog>` clips or covers it.
 */

/** Where {@link placePanel} put a panel: viewport pixels of its top-left corner, and its minimum width. */
export interface Placement {
	top: number;
	left: number;
	minWidth: number;
}

/** Gap between the trigger and the panel, px. */
const GAP_PX = 4;

/**
 * Positions `panel` below `trigger` (above it when the viewport has less room below than the panel needs and more
 * above), left-aligned with it, at least as wide as it, and kept inside the viewport horizontally.
 * @param trigger the element the panel belongs to (a button or a search field).
 * @param panel the panel; must be `position: fixed` (the kit's `.ui-popover` class is).
 * @param align `start` (default) aligns left edges; `end` aligns right edges (account menus at the top-right).
 * @returns the placement written into `panel.style`.
 */
export function placePanel(trigger: Element, panel: HTMLElement, align: 'start' | 'end' = 'start'): Placement {
	const r = trigger.getBoundingClientRect();
	const vw = document.documentElement.clientWidth;
	const vh = document.documentElement.clientHeight;
	const minWidth = Math.round(r.width);
	panel.style.minWidth = `${minWidth}px`;
	const ph = panel.offsetHeight;
	const pw = Math.max(panel.offsetWidth, minWidth);
	const below = vh - r.bottom - GAP_PX;
	const top = ph > below && r.top - GAP_PX > below ? Math.max(GAP_PX, r.top - GAP_PX - ph) : r.bottom + GAP_PX;
	const wanted = align === 'end' ? r.right - pw : r.left;
	const left = Math.max(GAP_PX, Math.min(wanted, vw - pw - GAP_PX));
	panel.style.top = `${Math.round(top)}px`;
	panel.style.left = `${Math.round(left)}px`;
	return { top: Math.round(top), left: Math.round(left), minWidth };
}

/** Shows `panel` in the top layer when the Popover API exists (it must carry `popover="manual"`); a no-op otherwise. */
export function showInTopLayer(panel: HTMLElement): void {
	if (typeof panel.showPopover === 'function' && panel.hasAttribute('popover') && !panel.matches(':popover-open')) panel.showPopover();
}

/**
 * Keeps `panel` placed next to `trigger` while the page scrolls or resizes, and calls `onOutside` on a pointer
 * press outside both (light dismiss).
 * @returns a function that removes the listeners.
 */
export function trackPanel(trigger: Element, panel: HTMLElement, onOutside: () => void, align: 'start' | 'end' = 'start'): () => void {
	const place = () => placePanel(trigger, panel, align);
	const down = (e: PointerEvent) => {
		const t = e.target as Node | null;
		if (t && !trigger.contains(t) && !panel.contains(t)) onOutside();
	};
	window.addEventListener('scroll', place, true);
	window.addEventListener('resize', place);
	document.addEventListener('pointerdown', down, true);
	return () => {
		window.removeEventListener('scroll', place, true);
		window.removeEventListener('resize', place);
		document.removeEventListener('pointerdown', down, true);
	};
}
