import { describe, expect, it } from 'vitest';
import { parseIso, zoneTable, zonesIn } from './time';

describe('parseIso', () => {
	it.each([
		['2026-03-02T14:30:00.000Z', Date.UTC(2026, 2, 2, 14, 30)],
		['2026-03-02T14:30:00.5+02:00', Date.UTC(2026, 2, 2, 12, 30, 0, 500)],
		['2026-03-02T09:30-0500', Date.UTC(2026, 2, 2, 14, 30)],
		['2026-03-02', Date.UTC(2026, 2, 2)],
		['2024-02-29T23:59:59.999999Z', Date.UTC(2024, 1, 29, 23, 59, 59, 999)]
	])('%s → %d', (text, ms) => {
		expect(parseIso(text)).toBe(ms);
	});
	it.each([
		'2026-03-02T14:30:00',
		'2026-02-29T00:00:00Z',
		'2026-13-01',
		'2026-03-02T24:00:00Z',
		'2026-03-02 14:30:00Z',
		'March 2, 2026',
		'2026-03-02T14:30:00+25:00'
	])('%s → null (no zone, impossible, or not ISO)', (text) => {
		expect(parseIso(text)).toBeNull();
	});
});

describe('zone tables', () => {
	it('finds DST transitions to the second (America/New_York 2026: Mar 8 07:00Z, Nov 1 06:00Z)', () => {
		const t = zoneTable('America/New_York')!;
		const y2026 = t.filter(([s]) => s >= Date.UTC(2026, 0, 1) / 1000 && s < Date.UTC(2027, 0, 1) / 1000);
		expect(y2026).toEqual([
			[Date.UTC(2026, 2, 8, 7) / 1000, -4 * 3600],
			[Date.UTC(2026, 10, 1, 6) / 1000, -5 * 3600]
		]);
	});
	it('unknown zones give null; zone literals are found in queries', () => {
		expect(zoneTable('Mars/Olympus')).toBeNull();
		expect(zonesIn(['.a | local_date("Europe/Paris")', 'weekday( "Asia/Tokyo" ) == "Monday"', 'local_time($z)'])).toEqual(['Asia/Tokyo', 'Europe/Paris']);
	});
});
