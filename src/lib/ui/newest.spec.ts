import { describe, expect, it } from 'vitest';
import { newestOnly } from './newest';

/** A promise resolved from outside, to finish requests in a chosen order. */
function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void } {
	let resolve!: (v: T) => void;
	const promise = new Promise<T>((r) => (resolve = r));
	return { promise, resolve };
}

describe('newestOnly', () => {
	it('applies only the newest of two overlapping loads, whatever order their responses arrive in', async () => {
		const begin = newestOnly();
		let shown = '';
		const load = async (response: Promise<string>) => {
			const isCurrent = begin();
			const rows = await response;
			if (isCurrent()) shown = rows;
		};
		const wide = deferred<string>();
		const narrow = deferred<string>();
		const first = load(wide.promise); // the tab's full list
		const second = load(narrow.promise); // then a date range, before the first answered
		narrow.resolve('175 emails');
		await second;
		wide.resolve('518 emails'); // the older, slower response arrives last
		await first;
		expect(shown).toBe('175 emails');
	});

	it('a load that is not superseded stays current; gates of two views are independent', () => {
		const a = newestOnly();
		const b = newestOnly();
		const isCurrent = a();
		expect(isCurrent()).toBe(true);
		b();
		expect(isCurrent()).toBe(true);
		a();
		expect(isCurrent()).toBe(false);
	});
});
