import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectionId } from './projection-id';

function tree(): string {
	const root = mkdtempSync(join(tmpdir(), 'projection-id-'));
	mkdirSync(join(root, 'gyms/hubspot'), { recursive: true });
	mkdirSync(join(root, 'seeds'), { recursive: true });
	writeFileSync(join(root, 'gyms/hubspot/seed.ts'), 'export const a = 1;');
	writeFileSync(join(root, 'gyms/hubspot/seed.spec.ts'), 'test');
	writeFileSync(join(root, 'gyms/README.md'), 'docs');
	writeFileSync(join(root, 'seeds/world-1.json'), '{"people":[]}');
	writeFileSync(join(root, 'seeds/anomalies.json'), '[]');
	writeFileSync(join(root, 'package-lock.json'), '{}');
	return root;
}

describe('seeds/projection-id', () => {
	it('is 16 hex digits, the same for the same files', () => {
		const a = tree();
		expect(projectionId(a)).toMatch(/^[0-9a-f]{16}$/);
		expect(projectionId(tree())).toBe(projectionId(a));
	});

	it('changes with a gym source, a seed world or the locked dependencies; not with specs or docs', () => {
		const root = tree();
		const before = projectionId(root);
		writeFileSync(join(root, 'gyms/hubspot/seed.spec.ts'), 'test 2');
		writeFileSync(join(root, 'gyms/README.md'), 'docs 2');
		expect(projectionId(root)).toBe(before);
		for (const [file, text] of [
			['gyms/hubspot/seed.ts', 'export const a = 2;'],
			['seeds/world-1.json', '{"people":[1]}'],
			['package-lock.json', '{"v":2}']
		] as const) {
			const r = tree();
			writeFileSync(join(r, file), text);
			expect(projectionId(r), file).not.toBe(before);
		}
		const moved = tree();
		writeFileSync(join(moved, 'gyms/hubspot/seed.ts'), '');
		writeFileSync(join(moved, 'gyms/hubspot/seed2.ts'), 'export const a = 1;');
		expect(projectionId(moved)).not.toBe(before);
	});
});
