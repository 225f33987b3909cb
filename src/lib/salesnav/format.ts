/**
 * Display helpers of the Sales Navigator screens: degree badges, tenure, dates (UTC, as the run's clock), roles.
 */
import type { Lead } from '$gyms/salesnav/contract';

/** "1st", "2nd", "3rd", "Out of network" (the degree badge). */
export function degreeLabel(d: Lead['degree']): string {
	return d === 'out_of_network' ? 'Out of network' : d;
}

/** Whole years as shown: "Less than 1 year", "1 year", "n years". */
export function yearsLabel(n: number): string {
	return n < 1 ? 'Less than 1 year' : n === 1 ? '1 year' : `${n} years`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "YYYY-MM" → "Mar 2024". */
export function monthLabel(ym: string): string {
	const [y, m] = ym.split('-');
	return `${MONTHS[Number(m) - 1] ?? ''} ${y}`;
}

/** UTC ISO-8601 → "Mar 2, 2026" (UTC, never the host zone). */
export function dateLabel(iso: string): string {
	const d = new Date(iso);
	return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}
