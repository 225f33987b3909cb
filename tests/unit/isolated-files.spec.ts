/**
 * The split of the unit specs into a shared module cache and isolated files (tests/unit/isolated-files.ts) holds:
 * every spec that mocks modules, timers or globals is listed as isolated, and every listed file exists.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED_FILES, ISOLATING_API, UNIT_ROOTS } from './isolated-files';

/** Every `*.spec.ts` under the unit roots, as a path relative to the project root. */
function unitSpecs(): string[] {
	return UNIT_ROOTS.flatMap((root) =>
		readdirSync(root, { recursive: true, withFileTypes: true })
			.filter((e) => e.isFile() && e.name.endsWith('.spec.ts'))
			.map((e) => join(e.parentPath, e.name))
	);
}

describe('unit specs that need their own module graph', () => {
	it('every spec that mocks modules, timers or globals runs isolated', () => {
		const using = unitSpecs().filter((f) => f !== 'tests/unit/isolated-files.spec.ts' && ISOLATING_API.test(readFileSync(f, 'utf8')));
		expect(using.length).toBeGreaterThan(0);
		expect(using.filter((f) => !ISOLATED_FILES.includes(f))).toEqual([]);
	});

	it('every isolated file exists', () => {
		expect(ISOLATED_FILES.filter((f) => !existsSync(f))).toEqual([]);
	});

	it('the API pattern finds a module mock and a fake timer, not a plain vi.fn', () => {
		expect(ISOLATING_API.test("vi.mock('./x', () => ({}))")).toBe(true);
		expect(ISOLATING_API.test('vi.useFakeTimers();')).toBe(true);
		expect(ISOLATING_API.test('const f = vi.fn();')).toBe(false);
	});
});
