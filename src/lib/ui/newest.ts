/**
 * Overlapping loads of one view: a filter change starts a request while an earlier one is still in flight, and
 * responses can arrive in any order (a wide list takes longer to serve than a narrow one). Only the newest
 * request may apply its result, or the view shows rows that no longer match its filters.
 */

/**
 * Makes a gate for one view's loads. Call the gate when a load starts; it returns `isCurrent()`, which stays
 * `true` until the gate is called again. Check it after every `await` before writing the view's state.
 *
 * @example
 * const begin = newestOnly();
 * async function load() {
 * 	const isCurrent = begin();
 * 	const res = await listAll('/mailings', query);
 * 	if (!isCurrent()) return; // superseded by a newer filter
 * 	rows = res.data;
 * }
 * @returns `() => () => boolean`: start a load, then ask whether it is still the newest. Never throws.
 */
export function newestOnly(): () => () => boolean {
	let latest = 0;
	return () => {
		const mine = ++latest;
		return () => mine === latest;
	};
}
