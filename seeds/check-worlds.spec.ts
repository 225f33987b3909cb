import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkShippedWorlds, seedIndex } from './check-worlds';
import { shippedWorlds, worldFor } from './index';

const dir = new URL('.', import.meta.url).pathname;

describe('checkShippedWorlds (the build validates the worlds the bundle parses without the schema)', () => {
	it('accepts the committed worlds', () => {
		expect(checkShippedWorlds(dir)).toEqual([1]);
	});

	it('refuses a world that fails the strict schema, naming the file and the path', () => {
		const bad = mkdtempSync(join(tmpdir(), 'worlds-'));
		const world = JSON.parse(readFileSync(join(dir, 'world-1.json'), 'utf8')) as { users: Record<string, unknown>[] };
		world.users[0]!.nickname = 'x';
		writeFileSync(join(bad, 'world-7.json'), JSON.stringify(world));
		expect(() => checkShippedWorlds(bad)).toThrow(/^seeds\/world-7\.json: users\.0/);
	});

	it('the seed index a bundle without worlds takes: each seed’s epoch and team users, as the world has them', () => {
		const index = seedIndex(dir);
		expect(Object.keys(index)).toEqual(['1']);
		expect(index['1']!.epoch).toBe(shippedWorlds().get(1));
		expect(index['1']!.users).toStrictEqual(worldFor(1).users);
		expect(index['1']!.users.map((u) => u.id)).toContain('1001');
	});
});
