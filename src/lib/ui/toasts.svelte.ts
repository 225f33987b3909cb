/**
 * Toast notifications of the UI kit: short confirmations ("Email sent") shown in a corner by `<Toaster>`.
 * A toast stays until the user dismisses it (no timer), so what an agent observes never depends on how fast it
 * acts; `push` replaces an older toast with the same text instead of stacking copies.
 */

/** One toast. */
export interface Toast {
	/** Sequence number, unique per page load. */
	id: number;
	/** The message. */
	text: string;
	/** `success` (default) or `error` (announced assertively). */
	kind: 'success' | 'error';
}

let next = 1;

/** The toasts on screen, oldest first (reactive). */
export const toasts = $state<Toast[]>([]);

/**
 * Shows a toast.
 * @returns its id (for {@link dismissToast}).
 */
export function pushToast(text: string, kind: Toast['kind'] = 'success'): number {
	const id = next++;
	const same = toasts.findIndex((t) => t.text === text);
	if (same >= 0) toasts.splice(same, 1);
	toasts.push({ id, text, kind });
	return id;
}

/** Removes the toast `id` (no-op when it is gone). */
export function dismissToast(id: number): void {
	const at = toasts.findIndex((t) => t.id === id);
	if (at >= 0) toasts.splice(at, 1);
}
