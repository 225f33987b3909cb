import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDateTimeUtc } from './format';

describe('formatDateTimeUtc', () => {
	it('formats in UTC with plain spaces, whatever the host zone', () => {
		expect(formatDateTimeUtc('2026-03-02T21:05:07.000Z')).toBe('Mar 2, 2026 9:05 PM UTC');
		expect(formatDateTimeUtc('2026-03-02T00:00:00.000Z')).toBe('Mar 2, 2026 12:00 AM UTC');
	});
	it('adds seconds on request (the virtual clock moves 1 s per change)', () => {
		expect(formatDateTimeUtc('2026-03-02T14:30:02.000Z', { seconds: true })).toBe('Mar 2, 2026 2:30:02 PM UTC');
	});
	it('shows "--" for empty and the raw text for unparseable values', () => {
		expect(formatDateTimeUtc('')).toBe('--');
		expect(formatDateTimeUtc('yesterday')).toBe('yesterday');
	});
});

describe('formatDateTime (HubSpot screens)', () => {
	it('shows HubSpot’s one-line format without a zone suffix, in UTC', () => {
		expect(formatDateTime('2026-03-02T14:30:00.000Z')).toBe('Mar 2, 2026 2:30 PM');
		expect(formatDateTime('2026-03-02T00:05:00.000Z')).toBe('Mar 2, 2026 12:05 AM');
		expect(formatDateTime('')).toBe('--');
	});
});
