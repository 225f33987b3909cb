/**
 * Bench metrics that need a browser but no gym state: `sw_floor` (a bare Service Worker on its own origin).
 */
import { benchSwFloor } from '../../harness/bench-sw-floor';
import { expect, test } from './fixtures';

test('sw_floor: the bare Service Worker answers every /ping (the network would 404), one duration per sample', async ({ browser }) => {
	const samples = await benchSwFloor(browser, 20);
	expect(samples).toHaveLength(20);
	expect(samples.every((ms) => Number.isFinite(ms) && ms > 0 && ms < 2_000)).toBe(true);
});
