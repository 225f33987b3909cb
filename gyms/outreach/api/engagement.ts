/**
 * Engagement counters of sequences and sequence steps, computed from the mailings and states when the API answers
 * (Outreach OpenAPI `sequence` / `sequenceStep`: read-only `scheduleCount`, `deliverCount`, `openCount`,
 * `clickCount`, `replyCount`, `bounceCount`, `optOutCount`, `failureCount`, "the total count of … mailings from
 * this sequence step"). What counts is defined once in the contract ({@link ENGAGEMENT_COUNTERS}); the served
 * values are never stale: a write that adds or changes a mailing or a state changes them at the next read.
 */
import { ENGAGEMENT_COUNTERS, type Engagement } from '../contract';
import type { OutreachDb } from '../db';
import { allRows, TABLE_VIEWS, type Row, type RowView } from './jsonapi';

/** Zeroed counters. */
export const zeroEngagement = (): Engagement => Object.fromEntries(ENGAGEMENT_COUNTERS.map((k) => [k, 0])) as Engagement;

/** Counters per sequence id and per sequence step id. */
export interface EngagementIndex {
	bySequence: Map<string, Engagement>;
	byStep: Map<string, Engagement>;
}

/** Memo: mailings rows → states rows → index (rows arrays are replaced on every write, never mutated). */
const MEMO = new WeakMap<Row[], WeakMap<Row[], EngagementIndex>>();

/**
 * Counts the sequence mailings of `mailings` per sequence and per step (see {@link ENGAGEMENT_COUNTERS}); an
 * opt-out is counted on the last delivered mailing of each `opted_out` state. Pure; memoized per pair of arrays.
 * @param mailings every mailing row; @param states every sequenceState row.
 */
export function engagementIndex(mailings: Row[], states: Row[]): EngagementIndex {
	let inner = MEMO.get(mailings);
	if (!inner) MEMO.set(mailings, (inner = new WeakMap()));
	const hit = inner.get(states);
	if (hit) return hit;
	const bySequence = new Map<string, Engagement>();
	const byStep = new Map<string, Engagement>();
	const bump = (map: Map<string, Engagement>, id: string | undefined, k: keyof Engagement) => {
		if (!id) return;
		let e = map.get(id);
		if (!e) map.set(id, (e = zeroEngagement()));
		e[k]++;
	};
	const optedOut = new Set(states.filter((s) => s.attributes.state === 'opted_out').map((s) => s.id));
	/** Per opted-out state, its last delivered mailing. */
	const lastDelivered = new Map<string, Row>();
	for (const m of mailings) {
		const a = m.attributes;
		const seq = m.relationships.sequence?.data?.id;
		if (!seq) continue;
		const step = m.relationships.sequenceStep?.data?.id;
		const add = (k: keyof Engagement) => {
			bump(bySequence, seq, k);
			bump(byStep, step, k);
		};
		if (a.state === 'scheduled') add('scheduleCount');
		if (a.deliveredAt) add('deliverCount');
		if (a.openedAt) add('openCount');
		if (a.clickedAt) add('clickCount');
		if (a.repliedAt) add('replyCount');
		if (a.state === 'bounced') add('bounceCount');
		if (a.state === 'failed') add('failureCount');
		const st = m.relationships.sequenceState?.data?.id;
		if (st && optedOut.has(st) && a.deliveredAt) {
			const prev = lastDelivered.get(st);
			if (!prev || String(prev.attributes.deliveredAt) < String(a.deliveredAt)) lastDelivered.set(st, m);
		}
	}
	for (const m of lastDelivered.values()) {
		bump(bySequence, m.relationships.sequence?.data?.id, 'optOutCount');
		bump(byStep, m.relationships.sequenceStep?.data?.id, 'optOutCount');
	}
	const index = { bySequence, byStep };
	inner.set(states, index);
	return index;
}

/** A view that serves a row's counters from `map` (zero when it has none). */
const countersView =
	(map: Map<string, Engagement>): RowView =>
	(row) => ({ ...row, attributes: { ...row.attributes, ...(map.get(row.id) ?? zeroEngagement()) } });

/** The index of the current tables of `db`. */
async function indexOf(db: OutreachDb): Promise<EngagementIndex> {
	const [{ rows: mailings }, { rows: states }] = await Promise.all([allRows(db, 'mailings'), allRows(db, 'sequenceStates')]);
	return engagementIndex(mailings, states);
}

TABLE_VIEWS.set('sequence', async (db) => countersView((await indexOf(db)).bySequence));
TABLE_VIEWS.set('sequenceStep', async (db) => countersView((await indexOf(db)).byStep));
