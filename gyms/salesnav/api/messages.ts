/**
 * Messaging and InMail credits (the replica's own API), relative to `/api/salesnav`:
 * - `GET /seat` → 200 the acting seat with its spendable `inmailBalance` (stored balance + credits refunded by
 *   responses that arrived by the run's virtual time, capped at 150).
 * - `GET /messages` → 200 `{elements: [Thread + {leadName}], total}`: the seat's threads, newest first.
 * - `GET /messages/{id}` → 200 the seat's thread; 404 otherwise.
 * - `POST /messages` {@link SendMessageBody} → 201 (new thread) or 200 (appended) `{thread, seat, creditUsed}`.
 *
 * Rules (LinkedIn Help "Understand InMail credits in Sales Navigator", "Types of messages in Sales Navigator",
 * "InMail FAQ"): one thread per seat and lead; a message to a 1st-degree connection, to an Open Profile member,
 * or in a thread where the lead has responded is free (`isInMail: false`); any other message is an InMail and
 * costs 1 credit, a second InMail before a response too; with 0 credits the InMail is refused (403
 * `NOT_ENOUGH_CREDITS`, nothing written); a response within 90 days of an InMail refunds its credit (counted at
 * the run's virtual time: a response dated later has not arrived yet). The subject is required on InMails
 * (everything except 1st-degree messages and replies in an answered thread), ≤200 characters; the body 1–2,000.
 */
import { nextId, type WriteStamp } from '../../kit/write';
import type { ApiRequest, ApiResponse } from '../../types';
import { LIMITS, NO_CREDITS_MESSAGE, SendMessageBody, type InMailThread, type Seat } from '../contract';
import type { SalesNavDb } from '../db';
import { SalesNavError } from './errors';
import { badRequest, commitRows, notFound, parseBody, runOf, rw, stampOf } from './common';

const DAY_MS = 86_400_000;

/**
 * The InMails of `threads` whose credit a response has earned back by `now` and that are not refunded yet.
 * @returns `[threadIndex, messageIndex]` pairs.
 */
export function refundsDue(threads: readonly InMailThread[], now: string): [number, number][] {
	const due: [number, number][] = [];
	threads.forEach((t, ti) => {
		t.messages.forEach((m, mi) => {
			if (m.from !== 'seat' || !m.isInMail || m.creditRefunded) return;
			const sent = Date.parse(m.sentAt);
			const answered = t.messages.some((r, ri) => ri > mi && r.from === 'lead' && r.sentAt <= now && Date.parse(r.sentAt) - sent <= LIMITS.refundDays * DAY_MS);
			if (answered) due.push([ti, mi]);
		});
	});
	return due;
}

/** The seat's spendable balance: stored + refunds due, capped at {@link LIMITS.maxCredits}. */
export function spendable(seat: Seat, threads: readonly InMailThread[], now: string): number {
	const mine = threads.filter((t) => t.seatId === seat.id);
	return Math.min(LIMITS.maxCredits, seat.inmailBalance + refundsDue(mine, now).length);
}

/** `GET /seat`. */
export async function getSeat(db: SalesNavDb): Promise<ApiResponse> {
	const meta = await runOf(db);
	const seat = await db.seats.get(meta.actor);
	if (!seat) throw notFound(`Seat ${meta.actor} does not exist`);
	const threads = await db.inmailThreads.toArray();
	return { status: 200, body: { ...seat, inmailBalance: spendable(seat, threads, meta.clock) } };
}

const newestFirst = (a: InMailThread, b: InMailThread) =>
	a.lastMessageAt < b.lastMessageAt ? 1 : a.lastMessageAt > b.lastMessageAt ? -1 : Number(b.id) - Number(a.id);

/** `GET /messages`. */
export async function listThreads(db: SalesNavDb): Promise<ApiResponse> {
	const { actor } = await runOf(db);
	const threads = (await db.inmailThreads.toArray()).filter((t) => t.seatId === actor).sort(newestFirst);
	const leads = await db.leads.bulkGet(threads.map((t) => t.leadId));
	const elements = threads.map((t, i) => ({ ...t, leadName: leads[i] ? `${leads[i]!.firstName} ${leads[i]!.lastName}` : '' }));
	return { status: 200, body: { elements, total: elements.length } };
}

/** `GET /messages/{id}`. */
export async function getThread(db: SalesNavDb, _req: ApiRequest, id: string): Promise<ApiResponse> {
	const { actor } = await runOf(db);
	const t = await db.inmailThreads.get(id);
	if (!t || t.seatId !== actor) throw notFound(`Conversation ${id} does not exist`);
	return { status: 200, body: t };
}

/** Applies the refunds due to the seat's threads (inside the transaction); returns the changed threads and seat. */
async function settleRefunds(db: SalesNavDb, stamp: WriteStamp, seat: Seat): Promise<{ seat: Seat; threads: InMailThread[] }> {
	const mine = (await db.inmailThreads.toArray()).filter((t) => t.seatId === seat.id);
	const due = refundsDue(mine, stamp.at);
	if (!due.length) return { seat, threads: [] };
	const changed = new Map<number, InMailThread>();
	for (const [ti, mi] of due) {
		const t = changed.get(ti) ?? { ...mine[ti]!, messages: [...mine[ti]!.messages] };
		t.messages[mi] = { ...t.messages[mi]!, creditRefunded: true };
		changed.set(ti, t);
	}
	return { seat: { ...seat, inmailBalance: Math.min(LIMITS.maxCredits, seat.inmailBalance + due.length) }, threads: [...changed.values()] };
}

/** `POST /messages`. */
export async function sendMessage(db: SalesNavDb, req: ApiRequest): Promise<ApiResponse> {
	const body = parseBody(SendMessageBody, req.body);
	const text = body.body.trim();
	const subject = body.subject?.trim() || null;
	if (!text) throw badRequest('Write a message before sending');
	if (text.length > LIMITS.inmailBody) throw badRequest(`The message can't be longer than 2,000 characters (it has ${text.length})`);
	if (subject && subject.length > LIMITS.inmailSubject) throw badRequest(`The subject can't be longer than 200 characters (it has ${subject.length})`);
	return rw(db, async () => {
		const stamp = await stampOf(db);
		const lead = await db.leads.get(body.leadId);
		if (!lead) throw notFound(`Lead ${body.leadId} does not exist`);
		const seat0 = await db.seats.get(stamp.meta.actor);
		if (!seat0) throw notFound(`Seat ${stamp.meta.actor} does not exist`);
		const existing = (await db.inmailThreads.toArray()).find((t) => t.seatId === seat0.id && t.leadId === lead.leadId) ?? null;
		const responded = !!existing?.messages.some((m) => m.from === 'lead' && m.sentAt <= stamp.at);
		const firstDegree = lead.degree === '1st';
		const free = firstDegree || lead.openProfile || responded;
		if (!firstDegree && !responded && !subject) throw badRequest('Add a subject: an InMail needs a subject line');
		const settled = await settleRefunds(db, stamp, seat0);
		let seat = settled.seat;
		if (!free) {
			if (seat.inmailBalance < 1) throw new SalesNavError(403, 'NOT_ENOUGH_CREDITS', NO_CREDITS_MESSAGE);
			seat = { ...seat, inmailBalance: seat.inmailBalance - 1 };
		}
		const msg = { from: 'seat' as const, subject, body: text, sentAt: stamp.at, isInMail: !free, creditRefunded: false };
		const base = settled.threads.find((t) => t.id === existing?.id) ?? existing;
		const thread: InMailThread = base
			? { ...base, messages: [...base.messages, msg], lastMessageAt: stamp.at, archived: false }
			: {
					id: nextId(stamp, 'inmailThreads'),
					seatId: seat.id,
					leadId: lead.leadId,
					inmailStatus: 'pending',
					unread: false,
					archived: false,
					messages: [msg],
					lastMessageAt: stamp.at
				};
		const threads = [...settled.threads.filter((t) => t.id !== thread.id), thread];
		await db.inmailThreads.bulkPut(threads);
		const rows = threads.map((t) => ({ entity: 'inmailThreads', id: t.id }));
		if (seat.inmailBalance !== seat0.inmailBalance) {
			await db.seats.put(seat);
			rows.push({ entity: 'seats', id: seat.id });
		}
		const status = base ? 200 : 201;
		await commitRows(db, stamp, req, status, rows);
		return { status, body: { thread, seat, creditUsed: !free } };
	});
}
