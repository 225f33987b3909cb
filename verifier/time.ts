/**
 * Time for the verifier, independent of the host time zone and of jq's date quirks (jq 1.6's
 * `fromdateiso8601` rejects milliseconds and offsets; `localtime`/`strflocaltime` read the host zone):
 * - {@link parseIso}: strict ISO-8601 → epoch ms, in TypeScript (for before/after/within).
 * - {@link JQ_DATE_PRELUDE}: the same parsing and calendar arithmetic as jq functions, available in every query.
 * - {@link zoneTable}: UTC-offset transitions of an IANA zone (from the runtime's ICU data, never the host
 *   zone), handed to jq as `$__tz` for `local_date`, `local_time`, `weekday`.
 */

const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2}))?$/;

/**
 * Parses an ISO-8601 timestamp with an explicit zone (`2026-03-02T14:30:00.000Z`, `…T09:30:00-05:00`,
 * `…T14:30Z`) or a date alone (`2026-03-02`, read as 00:00 UTC). A date-time without a zone is rejected
 * (it would depend on the host zone).
 * @returns epoch milliseconds (sub-millisecond digits dropped), or null when the text is not such a timestamp
 *   or names an impossible date (Feb 30, hour 24, …).
 */
export function parseIso(text: string): number | null {
	const m = ISO_RE.exec(text);
	if (!m) return null;
	const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone = 'Z'] = m;
	const [Y, M, D, H, I, S] = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
	if (M < 1 || M > 12 || D < 1 || D > daysInMonth(Y, M) || H > 23 || I > 59 || S > 59) return null;
	let offsetMin = 0;
	if (zone !== 'Z') {
		const z = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
		const oh = Number(z[2]);
		const om = Number(z[3]);
		if (oh > 23 || om > 59) return null;
		offsetMin = (z[1] === '-' ? -1 : 1) * (oh * 60 + om);
	}
	const ms = Number((frac + '000').slice(0, 3));
	return Date.UTC(Y, M - 1, D, H, I, S, ms) - offsetMin * 60_000;
}

function daysInMonth(y: number, m: number): number {
	if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
	return [4, 6, 9, 11].includes(m) ? 30 : 31;
}

/** Range covered by zone tables, epoch seconds (1970-01-01 … 2100-01-01 UTC). Outside it the edge offsets apply. */
export const ZONE_RANGE_S: readonly [number, number] = [0, 4_102_444_800];

const zoneCache = new Map<string, [number, number][] | null>();

function offsetAt(fmt: Intl.DateTimeFormat, epochS: number): number {
	const parts: Record<string, number> = {};
	for (const p of fmt.formatToParts(new Date(epochS * 1000))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
	const local = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!, parts.second!) / 1000;
	return local - epochS;
}

/**
 * UTC-offset transitions of an IANA zone over {@link ZONE_RANGE_S}: `[[start epoch s, offset s], …]`, ascending,
 * the first starting at the range start. Found by weekly sampling then bisection to the second, using the
 * runtime's ICU (`Intl.DateTimeFormat`), never the host's zone. Cached per zone (10–40 ms the first time).
 * @returns the table, or null for an unknown zone.
 */
export function zoneTable(zone: string): [number, number][] | null {
	if (zoneCache.has(zone)) return zoneCache.get(zone)!;
	let fmt: Intl.DateTimeFormat;
	try {
		fmt = new Intl.DateTimeFormat('en-US', {
			timeZone: zone,
			hourCycle: 'h23',
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
			hour: 'numeric',
			minute: 'numeric',
			second: 'numeric'
		});
	} catch {
		zoneCache.set(zone, null);
		return null;
	}
	const [from, to] = ZONE_RANGE_S;
	const week = 7 * 86_400;
	const table: [number, number][] = [[from, offsetAt(fmt, from)]];
	let prevT = from;
	let prevOff = table[0]![1];
	for (let t = from + week; t <= to; t += week) {
		const off = offsetAt(fmt, t);
		if (off !== prevOff) {
			let lo = prevT;
			let hi = t; // offset(lo) = prevOff, offset(hi) = off
			while (hi - lo > 1) {
				const mid = Math.floor((lo + hi) / 2);
				if (offsetAt(fmt, mid) === prevOff) lo = mid;
				else hi = mid;
			}
			table.push([hi, off]);
			prevOff = off;
		}
		prevT = t;
	}
	zoneCache.set(zone, table);
	return table;
}

/** Zone names passed as string literals to the zone helpers in `queries` (`local_date("Europe/Paris")`, …). */
export function zonesIn(queries: readonly string[]): string[] {
	const out = new Set<string>();
	for (const q of queries) for (const m of q.matchAll(/\b(?:local_date|local_time|local_datetime|weekday)\(\s*"([^"\\]+)"\s*\)/g)) out.add(m[1]!);
	return [...out].sort();
}

/** `{zone: table}` for the zones the queries name (unknown zones are left out; the helper then raises a jq error). */
export function zoneTables(queries: readonly string[]): Record<string, [number, number][]> {
	const out: Record<string, [number, number][]> = {};
	for (const z of zonesIn(queries)) {
		const t = zoneTable(z);
		if (t) out[z] = t;
	}
	return out;
}

/**
 * jq date helpers, defined for every query (needs `$__tz` bound; one line, so jq's line numbers stay readable):
 * - `iso_to_epoch`: ISO-8601 text (ms and offsets allowed; date alone = 00:00 UTC) → epoch seconds (number, ms as fraction).
 * - `epoch_to_iso`: epoch seconds → `"YYYY-MM-DDTHH:MM:SS.sssZ"`.
 * - `add_duration($d)`: ISO text → ISO text (UTC) moved by `$d`: seconds (number) or an ISO-8601 duration of
 *   weeks/days/hours/minutes/seconds (`"P1DT2H"`, `"-PT15M"`; a day is 86,400 s; years and months are rejected).
 * - `seconds_between($a; $b)`: `$b − $a` in seconds, both ISO texts.
 * - `local_date($zone)` → `"YYYY-MM-DD"`, `local_time($zone)` → `"HH:MM"`, `local_datetime($zone)` →
 *   `"YYYY-MM-DDTHH:MM:SS"`, `weekday($zone)` → `"Monday"`…: the ISO text's wall clock in an IANA zone
 *   (`$zone` must be a string literal in the query).
 */
export const JQ_DATE_PRELUDE = [
	'def __sg_dfc($y; $m; $d): (if $m <= 2 then $y - 1 else $y end) as $y2 | ((if $y2 >= 0 then $y2 else $y2 - 399 end) / 400 | floor) as $era | ($y2 - $era * 400) as $yoe | (((153 * (if $m > 2 then $m - 3 else $m + 9 end) + 2) / 5 | floor) + $d - 1) as $doy | ($yoe * 365 + ($yoe / 4 | floor) - ($yoe / 100 | floor) + $doy) as $doe | $era * 146097 + $doe - 719468;',
	'def __sg_cfd: (. + 719468) as $z | ((if $z >= 0 then $z else $z - 146096 end) / 146097 | floor) as $era | ($z - $era * 146097) as $doe | (($doe - ($doe / 1460 | floor) + ($doe / 36524 | floor) - ($doe / 146096 | floor)) / 365 | floor) as $yoe | ($doe - (365 * $yoe + ($yoe / 4 | floor) - ($yoe / 100 | floor))) as $doy | ((5 * $doy + 2) / 153 | floor) as $mp | ($doy - ((153 * $mp + 2) / 5 | floor) + 1) as $d | (if $mp < 10 then $mp + 3 else $mp - 9 end) as $m | [($yoe + $era * 400 + (if $m <= 2 then 1 else 0 end)), $m, $d];',
	'def __sg_p2: tostring | if length < 2 then "0" + . else . end;',
	'def __sg_p3: tostring | ("00" + .)[-3:];',
	'def __sg_ymd: __sg_cfd | "\\(.[0] | tostring | ("000" + .)[-4:])-\\(.[1] | __sg_p2)-\\(.[2] | __sg_p2)";',
	'def iso_to_epoch: if type != "string" then error("iso_to_epoch: expected an ISO-8601 string, got \\(type)") else . end | . as $s | (capture("^(?<y>\\\\d{4})-(?<mo>\\\\d{2})-(?<d>\\\\d{2})(?:T(?<h>\\\\d{2}):(?<mi>\\\\d{2})(?::(?<s>\\\\d{2})(?:\\\\.(?<f>\\\\d{1,9}))?)?(?<z>Z|[+-]\\\\d{2}:?\\\\d{2}))?$") // error("iso_to_epoch: not an ISO-8601 timestamp with a zone: \\($s)")) | (.y | tonumber) as $y | (.mo | tonumber) as $mo | (.d | tonumber) as $d | ((.h // "0") | tonumber) as $h | ((.mi // "0") | tonumber) as $mi | ((.s // "0") | tonumber) as $sec | (if .f then ("0." + .f | tonumber) else 0 end) as $f | (if (.z // "Z") == "Z" then 0 else (.z | (if startswith("-") then -1 else 1 end) * ((.[1:3] | tonumber) * 3600 + (.[-2:] | tonumber) * 60)) end) as $off | if $mo < 1 or $mo > 12 or $d < 1 or $d > 31 or $h > 23 or $mi > 59 or $sec > 59 or (__sg_dfc($y; $mo; $d) | __sg_cfd | .[2]) != $d then error("iso_to_epoch: impossible date: \\($s)") else __sg_dfc($y; $mo; $d) * 86400 + $h * 3600 + $mi * 60 + $sec + $f - $off end;',
	'def epoch_to_iso: if type != "number" then error("epoch_to_iso: expected epoch seconds, got \\(type)") else . end | (. * 1000 | round) as $ms | ($ms / 1000 | floor) as $s | ($ms - $s * 1000) as $frac | ($s / 86400 | floor) as $days | ($s - $days * 86400) as $r | "\\($days | __sg_ymd)T\\($r / 3600 | floor | __sg_p2):\\(($r % 3600) / 60 | floor | __sg_p2):\\($r % 60 | __sg_p2).\\($frac | __sg_p3)Z";',
	'def __sg_dur: if type == "number" then . elif type == "string" then (. as $t | capture("^(?<sign>-)?P(?:(?<w>\\\\d+)W)?(?:(?<d>\\\\d+)D)?(?:T(?:(?<h>\\\\d+)H)?(?:(?<m>\\\\d+)M)?(?:(?<s>\\\\d+(?:\\\\.\\\\d+)?)S)?)?$") // error("add_duration: not an ISO-8601 duration of W/D/H/M/S (years and months are calendar-dependent): \\($t)")) | (if .sign then -1 else 1 end) * (((.w // "0") | tonumber) * 604800 + ((.d // "0") | tonumber) * 86400 + ((.h // "0") | tonumber) * 3600 + ((.m // "0") | tonumber) * 60 + ((.s // "0") | tonumber)) else error("add_duration: expected seconds or an ISO-8601 duration, got \\(type)") end;',
	'def add_duration($d): (iso_to_epoch + ($d | __sg_dur)) | epoch_to_iso;',
	'def seconds_between($a; $b): ($b | iso_to_epoch) - ($a | iso_to_epoch);',
	'def __sg_local($zone): iso_to_epoch as $t | ($__tz[$zone] // error("unknown time zone \\($zone | tojson) (use an IANA name as a string literal, e.g. local_date(\\"Europe/Paris\\"))")) as $tab | ([$tab[] | select(.[0] <= $t)] | if length > 0 then (last | .[1]) else $tab[0][1] end) as $off | ($t + $off | floor);',
	'def local_date($zone): __sg_local($zone) | (. / 86400 | floor) | __sg_ymd;',
	'def local_time($zone): __sg_local($zone) | (. - (. / 86400 | floor) * 86400) as $r | "\\($r / 3600 | floor | __sg_p2):\\(($r % 3600) / 60 | floor | __sg_p2)";',
	'def local_datetime($zone): __sg_local($zone) | (. / 86400 | floor) as $days | (. - $days * 86400) as $r | "\\($days | __sg_ymd)T\\($r / 3600 | floor | __sg_p2):\\(($r % 3600) / 60 | floor | __sg_p2):\\($r % 60 | __sg_p2)";',
	'def weekday($zone): __sg_local($zone) | (. / 86400 | floor) | ((. + 4) % 7 + 7) % 7 | ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][.];'
].join(' ');
