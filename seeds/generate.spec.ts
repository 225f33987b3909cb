import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { asciiJson } from './ascii-json';
import { renderFiles, SIZES } from './generate';
import { AnomalyManifest, World } from './world';

describe('seeds/generate', () => {
	const files = renderFiles(1);

	it('regenerating seed 1 gives the committed files byte for byte', () => {
		for (const [file, text] of Object.entries(files)) {
			expect(text === readFileSync(new URL(`./${file}`, import.meta.url), 'utf8'), `seeds/${file} is stale: run npm run seed`).toBe(true);
		}
	});

	it('the committed world and manifest parse strictly and have the sizes of the spec', () => {
		const world = World.parse(JSON.parse(files['world-1.json']!));
		expect(world.users).toHaveLength(12);
		expect(world.companies).toHaveLength(SIZES.companies);
		expect(world.people).toHaveLength(SIZES.people);
		expect(world.meetings).toHaveLength(SIZES.meetings);
		expect(world.people.filter((p) => p.inHubspot)).toHaveLength(SIZES.hubspotPeople);
		expect(world.people.filter((p) => p.inOutreach)).toHaveLength(SIZES.outreachPeople);
		expect(world.companies.filter((c) => c.inHubspot)).toHaveLength(SIZES.hubspotCompanies);
		expect(world.users.slice(0, 5).map((u) => `${u.id} ${u.firstName} ${u.lastName}`)).toEqual([
			'1001 Maya Patel',
			'1002 Jordan Lee',
			'1003 Sofia Rossi',
			'1004 Daniel Okafor',
			'1005 Hannah Berg'
		]);
		const manifest = AnomalyManifest.parse(JSON.parse(files['anomalies.json']!));
		expect(new Set(manifest.anomalies.map((a) => a.kind))).toEqual(
			new Set(['duplicate_person', 'job_changer', 'opted_out', 'bounced', 'dormant', 'active_in_sequence', 'near_double_booking', 'lookalike_name'])
		);
		expect(new Set(manifest.anomalies.map((a) => a.id)).size).toBe(manifest.anomalies.length);
	});

	it('the committed files are ASCII, and a value with accents, dashes, arrows and astral characters survives the round trip', () => {
		const value = { name: 'Ídalia Ñúñez – ops → sales', emoji: 'ok \u{1F600}', del: '\u007f', plain: 'a"b\\c' };
		const text = asciiJson(value);
		expect(/^[\x20-\x7e]*$/.test(text)).toBe(true);
		expect(text).toContain('\\u00cddalia');
		expect(JSON.parse(text)).toEqual(value);
		for (const [file, text] of Object.entries(files)) expect(/^[\n\x20-\x7e]*$/.test(text), `seeds/${file} holds a non-ASCII character`).toBe(true);
		expect(/\\u[0-9a-f]{4}/.test(files['world-1.json']!), 'the world has escaped characters to test').toBe(true);
	});

	it('a strict schema rejects a misspelled field', () => {
		const world = JSON.parse(files['world-1.json']!);
		world.people[0].workEmial = 'x@y.com';
		expect(World.safeParse(world).success).toBe(false);
	});
});

describe('worldFor outside Vite', () => {
	it('loads the shipped world under tsx (the CLI runtime), where the `?raw` import arrives as parsed JSON', async () => {
		const { spawnSync } = await import('node:child_process');
		const script =
			"import { worldFor, shippedWorlds } from './seeds/index.ts'; const w = worldFor(1); console.log(JSON.stringify([w.people.length, w.epoch === shippedWorlds().get(1)]));";
		const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
			encoding: 'utf8',
			cwd: new URL('..', import.meta.url).pathname
		});
		expect(r.stderr).toBe('');
		expect(JSON.parse(r.stdout)).toEqual([3000, true]);
	});
});
