/**
 * Time-zone math for the slot solver: UTC instants (epoch ms) ↔ wall times in a named IANA zone. Pure and
 * host-zone free: every conversion names its zone and reads the zone rules through `Intl.DateTimeFormat` with an
 * explicit `timeZone` (the ICU data of the runtime), never the machine's zone. No Temporal.
 *
 * Offsets are cached per zone and per 15-minute UTC bucket (every IANA transition of the 21st century falls on a
 * quarter hour), so a solver run over a week costs a few dozen `formatToParts` calls.
 */

const MIN_MS = 60_000;
const DAY_MS = 86_400_000;
const BUCKET_MS = 15 * MIN_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, Map<number, number>>();

function formatter(zone: string): Intl.DateTimeFormat {
	let f = formatters.get(zone);
	if (!f) {
		f = new Intl.DateTimeFormat('en-US', {
			timeZone: zone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit'
		});
		formatters.set(zone, f);
	}
	return f;
}

/**
 * The UTC offset of `zone` at instant `utcMs`: local wall time minus UTC, in ms (New York in winter: -18 000 000).
 * @throws RangeError for an unknown zone name.
 */
export function zoneOffsetMs(zone: string, utcMs: number): number {
	const bucket = Math.floor(utcMs / BUCKET_MS);
	let perZone = offsets.get(zone);
	if (!perZone) offsets.set(zone, (perZone = new Map()));
	const hit = perZone.get(bucket);
	if (hit !== undefined) return hit;
	const at = bucket * BUCKET_MS;
	const p: Record<string, number> = {};
	for (const part of formatter(zone).formatToParts(at)) if (part.type !== 'literal') p[part.type] = Number(part.value);
	const local = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!);
	const off = local - at;
	perZone.set(bucket, off);
	return off;
}

/** Wall-clock reading of an instant in a zone. */
export interface LocalTime {
	/** Local calendar date `YYYY-MM-DD`. */
	date: string;
	/** Minutes since local midnight, 0–1439. */
	minutes: number;
	/** Local weekday, 0 = Sunday … 6 = Saturday. */
	weekday: number;
}

/** The wall time of instant `utcMs` (epoch ms) in `zone`. */
export function localTime(zone: string, utcMs: number): LocalTime {
	const local = utcMs + zoneOffsetMs(zone, utcMs);
	const d = new Date(local);
	return { date: d.toISOString().slice(0, 10), minutes: d.getUTCHours() * 60 + d.getUTCMinutes(), weekday: d.getUTCDay() };
}

/** Weekday (0 = Sunday) of a calendar date `YYYY-MM-DD` (zone-independent). */
export function weekdayOf(date: string): number {
	return new Date(`${date}T00:00:00.000Z`).getUTCDay();
}

/** The calendar date `days` after `date` (`YYYY-MM-DD`, negative = before). */
export function addDays(date: string, days: number): string {
	return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The UTC instant (epoch ms) of wall time `minutes` after midnight of `date` in `zone` (`minutes` may be 1440 for
 * the end of the day). A wall time inside a spring-forward gap (02:30 on 2026-03-08 in New York) maps to the same
 * distance after the gap starts (03:30 EDT), as calendars do; an ambiguous fall-back time takes its first
 * (earlier) instant.
 */
export function zonedToUtc(zone: string, date: string, minutes: number): number {
	const wall = Date.parse(`${date}T00:00:00.000Z`) + minutes * MIN_MS;
	// The two candidate offsets are those 1 day before and after; try the earlier instant first.
	const offA = zoneOffsetMs(zone, wall - DAY_MS);
	const offB = zoneOffsetMs(zone, wall + DAY_MS);
	const candidates = offA === offB ? [offA] : [Math.max(offA, offB), Math.min(offA, offB)];
	for (const off of candidates) {
		const t = wall - off;
		if (zoneOffsetMs(zone, t) === off) return t;
	}
	// In a gap: no offset reproduces the wall time; the offset before the gap moves it forward.
	return wall - Math.min(offA, offB);
}

/** True when `zone` is a zone name the runtime knows. */
export function isKnownZone(zone: string): boolean {
	try {
		formatter(zone);
		return true;
	} catch {
		return false;
	}
}
