/**
 * The busy marks a harness waits for (`data-api-pending`): a deferred phase of a screen and a debounce timer
 * count as busy from the moment they are scheduled until their work has settled, so no observation falls in the
 * gap between two phases.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const body = { dataset: {} as Record<string, string> };

beforeEach(() => {
	vi.useFakeTimers();
	body.dataset = {};
	vi.stubGlobal('document', { body });
	vi.stubGlobal('requestAnimationFrame', (cb: () => void) => setTimeout(cb, 16));
});
afterEach(() => {
	vi.useRealTimers();
	vi.unstubAllGlobals();
});

describe('busy marks', () => {
	it('afterPaint: busy from the call (before the frame) until the deferred work settles', async () => {
		const { afterPaint } = await import('./runtime');
		let finish!: () => void;
		const work = vi.fn(() => new Promise<void>((ok) => (finish = ok)));
		afterPaint(work);
		expect(body.dataset.apiPending).toBe('1');
		await vi.advanceTimersByTimeAsync(50);
		expect(work).toHaveBeenCalledOnce();
		expect(body.dataset.apiPending).toBe('1');
		finish();
		await vi.advanceTimersByTimeAsync(0);
		expect(body.dataset.apiPending).toBe('0');
	});

	it('afterPaint: a failing phase still releases the mark', async () => {
		const { afterPaint } = await import('./runtime');
		afterPaint(() => Promise.reject(new Error('offline')));
		await vi.advanceTimersByTimeAsync(50);
		expect(body.dataset.apiPending).toBe('0');
	});

	it('busyTimeout: busy while the timer waits and while its work runs; cancel releases once', async () => {
		const { busyTimeout } = await import('./runtime');
		const work = vi.fn(async () => {});
		const cancel = busyTimeout(work, 300);
		expect(body.dataset.apiPending).toBe('1');
		cancel();
		cancel();
		expect(body.dataset.apiPending).toBe('0');
		await vi.advanceTimersByTimeAsync(400);
		expect(work).not.toHaveBeenCalled();

		busyTimeout(work, 300);
		await vi.advanceTimersByTimeAsync(299);
		expect(body.dataset.apiPending).toBe('1');
		await vi.advanceTimersByTimeAsync(1);
		expect(work).toHaveBeenCalledOnce();
		expect(body.dataset.apiPending).toBe('0');
	});

	it('a routed link click: busy from the click, through the navigation SvelteKit starts a frame and a task later, until it is over', async () => {
		const { navigationRequested, navigationChanged } = await import('./runtime');
		navigationRequested();
		expect(body.dataset.apiPending).toBe('1');
		navigationRequested(); // the same navigation: one mark
		expect(body.dataset.apiPending).toBe('1');
		await vi.advanceTimersByTimeAsync(10); // before the frame: SvelteKit has not started yet
		navigationChanged(true);
		await vi.advanceTimersByTimeAsync(2_000); // the route's code loads: still busy (claimed)
		expect(body.dataset.apiPending).toBe('1');
		navigationChanged(false);
		expect(body.dataset.apiPending).toBe('0');
		navigationChanged(false);
		expect(body.dataset.apiPending).toBe('0');
	});

	it('a link click no navigation claims (a fragment of the page) is released after the frame and a task', async () => {
		const { navigationRequested, navigationChanged } = await import('./runtime');
		navigationRequested();
		navigationChanged(false); // the effect's state did not change to in flight: not the end of anything
		expect(body.dataset.apiPending).toBe('1');
		await vi.advanceTimersByTimeAsync(20);
		expect(body.dataset.apiPending).toBe('0');
	});

	it('goto: a navigation in flight without a click is busy until it is over', async () => {
		const { navigationChanged } = await import('./runtime');
		navigationChanged(true);
		navigationChanged(true);
		expect(body.dataset.apiPending).toBe('1');
		navigationChanged(false);
		expect(body.dataset.apiPending).toBe('0');
	});
});
