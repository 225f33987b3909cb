import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { worldFor } from './index';
import { ensurePrebuiltProjections, prebuiltDir, PREBUILT_GYMS } from './prebuilt-files';
import { projectionId } from './projection-id';
import { prebuiltText, PROJECTIONS } from './prebuild';

const root = new URL('..', import.meta.url).pathname;

describe('seeds/prebuild', () => {
	it.each(PREBUILT_GYMS)('the prebuilt projection of %s is ASCII JSON that parses back to what the gym computes', (gym) => {
		const text = prebuiltText(gym, 1);
		expect(/^[\x20-\x7e]*$/.test(text)).toBe(true);
		expect(JSON.parse(text)).toStrictEqual(PROJECTIONS[gym](worldFor(1)));
	});

	it('refuses a projection that a JSON round trip would change', () => {
		expect(() => prebuiltText('x', 1, () => ({ rows: [{ id: '1', note: undefined }] }))).toThrow(
			'x: the projection of seed 1 does not survive a JSON round trip'
		);
		expect(() => prebuiltText('x', 1, () => ({ at: new Date(0) }))).toThrow('round trip');
		expect(() => prebuiltText('x', 1, () => ({ ids: new Map([['a', 1]]) }))).toThrow('round trip');
		expect(() => prebuiltText('x', 1, () => ({ n: Number.NaN }))).toThrow('round trip');
	});

	it('the build writes the files again only when the projection identity changed, and they are the gyms’ projections', () => {
		const dir = prebuiltDir(root);
		// Vitest's config (vite.config.ts) made them current before this file ran.
		expect(ensurePrebuiltProjections(root)).toBe(false);
		expect(readFileSync(join(dir, 'id'), 'utf8')).toBe(projectionId(root));
		writeFileSync(join(dir, 'id'), 'stale');
		expect(ensurePrebuiltProjections(root)).toBe(true);
		expect(readFileSync(join(dir, 'id'), 'utf8')).toBe(projectionId(root));
		expect(readFileSync(join(dir, 'calendly-1.json'), 'utf8')).toBe(prebuiltText('calendly', 1));
		expect(ensurePrebuiltProjections(root)).toBe(false);
	});
});
