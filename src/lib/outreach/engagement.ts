/**
 * Engagement figures as Outreach's sequence pages show them: counts and rates of a step or a sequence from the
 * counters its API serves (`deliverCount`, `openCount`, `clickCount`, `replyCount`, `bounceCount`, `optOutCount`).
 * Open, click, reply and opt-out rates are per delivered email; the bounce rate is per email sent (delivered +
 * bounced). A rate with nothing to divide by is shown as "—".
 */
import { type Engagement } from '$gyms/outreach/contract';

/** One figure of the engagement row: label, count and rate (0..1, or null when undefined). */
export interface Figure {
	label: 'Delivered' | 'Opened' | 'Clicked' | 'Replied' | 'Bounced' | 'Opted out';
	count: number;
	rate: number | null;
}

/** The six figures of `e` in Outreach's order. */
export function figures(e: Partial<Engagement> | Record<string, unknown>): Figure[] {
	const n = (k: keyof Engagement) => Number((e as Partial<Engagement>)[k] ?? 0);
	const delivered = n('deliverCount');
	const per = (x: number, d: number) => (d > 0 ? x / d : null);
	return [
		{ label: 'Delivered', count: delivered, rate: null },
		{ label: 'Opened', count: n('openCount'), rate: per(n('openCount'), delivered) },
		{ label: 'Clicked', count: n('clickCount'), rate: per(n('clickCount'), delivered) },
		{ label: 'Replied', count: n('replyCount'), rate: per(n('replyCount'), delivered) },
		{ label: 'Bounced', count: n('bounceCount'), rate: per(n('bounceCount'), delivered + n('bounceCount')) },
		{ label: 'Opted out', count: n('optOutCount'), rate: per(n('optOutCount'), delivered) }
	];
}

/** A rate as a whole percent ("42%"), or "—" when undefined. */
export const pct = (rate: number | null): string => (rate === null ? '—' : `${Math.round(rate * 100)}%`);

/** A step interval in seconds as Outreach shows it ("Immediately", "2 days", "4 hours"). */
export function intervalLabel(seconds: number): string {
	if (seconds <= 0) return 'Immediately';
	const days = seconds / 86_400;
	if (Number.isInteger(days)) return `${days} day${days === 1 ? '' : 's'}`;
	const hours = Math.round(seconds / 3_600);
	return `${hours} hour${hours === 1 ? '' : 's'}`;
}
