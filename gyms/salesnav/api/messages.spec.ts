import { describe, expect, it } from 'vitest';
import { T0, testGym } from '../../kit/test-gym';
import type { InMailThread, Lead, Seat } from '../contract';
import { NO_CREDITS_MESSAGE } from '../contract';
import { SalesNavDb } from '../db';
import { createSalesNavGym } from '../index';

const { gym, db, call, snapshot } = testGym((n) => {
	const db = new SalesNavDb(n);
	return { db, gym: createSalesNavGym(db) };
}, 'salesnav-messages');

async function tables() {
	return (await gym.exportState(['leads', 'seats', 'inmailThreads'])).tables as { leads: Lead[]; seats: Seat[]; inmailThreads: InMailThread[] };
}
async function pick() {
	const t = await tables();
	const threaded = new Set(t.inmailThreads.filter((x) => x.seatId === '1001').map((x) => x.leadId));
	const free = (l: Lead) => !threaded.has(l.leadId);
	return {
		t,
		seat: t.seats.find((s) => s.id === '1001')!,
		first: t.leads.find((l) => l.degree === '1st' && free(l))!,
		open: t.leads.find((l) => l.degree !== '1st' && l.openProfile && free(l))!,
		cold: t.leads.filter((l) => l.degree !== '1st' && !l.openProfile && free(l)),
		pending: t.inmailThreads.find((x) => x.seatId === '1001' && x.inmailStatus === 'pending')!
	};
}
const inmail = (leadId: string, extra: object = {}) => ({ leadId, subject: 'Quick question', body: 'Hi, would you be open to a short call?', ...extra });

describe('POST /messages: InMail credits', () => {
	it('an InMail to a 2nd/3rd-degree lead costs 1 credit and opens one thread; a second InMail before a reply costs again', async () => {
		const { seat, cold } = await pick();
		const res = await call('POST', '/messages', inmail(cold[0]!.leadId));
		expect(res.status).toBe(201);
		expect(res.body.creditUsed).toBe(true);
		expect(res.body.seat.inmailBalance).toBe(seat.inmailBalance - 1);
		expect(res.body.thread).toMatchObject({ seatId: '1001', leadId: cold[0]!.leadId, inmailStatus: 'pending' });
		expect(res.body.thread.messages).toEqual([
			{ from: 'seat', subject: 'Quick question', body: 'Hi, would you be open to a short call?', sentAt: T0, isInMail: true, creditRefunded: false }
		]);
		const again = await call('POST', '/messages', inmail(cold[0]!.leadId, { subject: 'Following up' }));
		expect(again.status).toBe(200);
		expect(again.body.thread.id).toBe(res.body.thread.id);
		expect(again.body.thread.messages).toHaveLength(2);
		expect(again.body.seat.inmailBalance).toBe(seat.inmailBalance - 2);
		const t = await tables();
		expect(t.inmailThreads.filter((x) => x.seatId === '1001' && x.leadId === cold[0]!.leadId)).toHaveLength(1);
		expect(t.seats.find((s) => s.id === '1001')!.inmailBalance).toBe(seat.inmailBalance - 2);
		expect((await call('GET', '/seat')).body.inmailBalance).toBe(seat.inmailBalance - 2);
	});

	it('1st-degree connections and Open Profile members are free; a 1st-degree message needs no subject', async () => {
		const { seat, first, open } = await pick();
		const a = await call('POST', '/messages', { leadId: first.leadId, body: 'Hey, congrats on the new role!' });
		expect(a.status).toBe(201);
		expect(a.body).toMatchObject({ creditUsed: false, seat: { inmailBalance: seat.inmailBalance } });
		expect(a.body.thread.messages[0]).toMatchObject({ isInMail: false, subject: null });
		const b = await call('POST', '/messages', inmail(open.leadId));
		expect(b.body).toMatchObject({ creditUsed: false, seat: { inmailBalance: seat.inmailBalance } });
		expect((await tables()).seats.find((s) => s.id === '1001')!.inmailBalance).toBe(seat.inmailBalance);
	});

	it('a reply within 90 days refunds the credit at the run’s virtual time; a later reply does not', async () => {
		const { seat, pending } = await pick();
		const before = await call('GET', '/seat');
		expect(before.body.inmailBalance).toBe(seat.inmailBalance);
		// The lead answers (the reply arrives from outside the seat): one within 90 days, dated before now.
		await db.inmailThreads.put({
			...pending,
			messages: [...pending.messages, { from: 'lead', subject: null, body: 'Sure', sentAt: '2026-03-02T10:00:00.000Z', isInMail: false, creditRefunded: false }]
		});
		expect((await call('GET', '/seat')).body.inmailBalance).toBe(seat.inmailBalance + 1);
		// A message in the answered thread is free and settles the refund in the stored state.
		const res = await call('POST', '/messages', { leadId: pending.leadId, body: 'Great, here are some times.' });
		expect(res.body).toMatchObject({ creditUsed: false, seat: { inmailBalance: seat.inmailBalance + 1 } });
		expect(res.body.thread.messages[0].creditRefunded).toBe(true);
		expect((await call('GET', '/seat')).body.inmailBalance).toBe(seat.inmailBalance + 1);
	});

	it('a reply more than 90 days after the InMail or dated after now refunds nothing', async () => {
		const { seat, pending } = await pick();
		const late = new Date(Date.parse(pending.messages[0]!.sentAt) + 91 * 86_400_000).toISOString();
		await db.inmailThreads.put({
			...pending,
			messages: [
				...pending.messages,
				{ from: 'lead', subject: null, body: 'Late', sentAt: late < T0 ? late : '2026-12-01T00:00:00.000Z', isInMail: false, creditRefunded: false }
			]
		});
		expect((await call('GET', '/seat')).body.inmailBalance).toBe(seat.inmailBalance);
	});

	it.each([
		['no subject on an InMail', (l: string) => inmail(l, { subject: null }), 'Add a subject: an InMail needs a subject line'],
		['a 201-character subject', (l: string) => inmail(l, { subject: 'x'.repeat(201) }), "The subject can't be longer than 200 characters (it has 201)"],
		['a 2,001-character body', (l: string) => inmail(l, { body: 'y'.repeat(2001) }), "The message can't be longer than 2,000 characters (it has 2001)"],
		['an empty body', (l: string) => inmail(l, { body: '   ' }), 'Write a message before sending'],
		['an unknown key', (l: string) => inmail(l, { cc: 'x' }), 'Unrecognized key: "cc"']
	])('%s → 400, nothing written', async (_w, body, message) => {
		const { cold } = await pick();
		const before = await snapshot();
		const res = await call('POST', '/messages', body(cold[0]!.leadId));
		expect(res.body).toEqual({ status: 400, serviceErrorCode: 0, code: 'BAD_REQUEST', message });
		expect(await snapshot()).toBe(before);
	});

	it('exactly 200 and 2,000 characters are accepted', async () => {
		const { cold } = await pick();
		expect((await call('POST', '/messages', inmail(cold[1]!.leadId, { subject: 's'.repeat(200), body: 'b'.repeat(2000) }))).status).toBe(201);
	});

	it('an unknown lead → 404, nothing written', async () => {
		const before = await snapshot();
		expect((await call('POST', '/messages', inmail('ACwAAzzzzzzzzzzzz'))).status).toBe(404);
		expect(await snapshot()).toBe(before);
	});
});

describe('0 credits', () => {
	it('an InMail is refused with the product message, nothing written; free messages still go', async () => {
		const { first, cold } = await pick();
		const s = await db.seats.get('1001');
		await db.seats.put({ ...s!, inmailBalance: 0 });
		const before = await snapshot();
		const res = await call('POST', '/messages', inmail(cold[0]!.leadId));
		expect(res).toEqual({ status: 403, body: { status: 403, serviceErrorCode: 0, code: 'NOT_ENOUGH_CREDITS', message: NO_CREDITS_MESSAGE } });
		expect(await snapshot()).toBe(before);
		expect((await call('POST', '/messages', { leadId: first.leadId, body: 'Hi!' })).status).toBe(201);
	});
});

describe('GET /messages', () => {
	it('lists the seat’s threads newest first with the lead name; another seat’s thread is a 404', async () => {
		const { t } = await pick();
		const res = await call('GET', '/messages');
		const mine = t.inmailThreads.filter((x) => x.seatId === '1001');
		expect(res.body.total).toBe(mine.length);
		const at = res.body.elements.map((x: InMailThread) => x.lastMessageAt);
		expect([...at].sort().reverse()).toEqual(at);
		expect(res.body.elements[0].leadName).toMatch(/\S+ \S+/);
		const other = t.inmailThreads.find((x) => x.seatId !== '1001')!;
		expect((await call('GET', `/messages/${other.id}`)).status).toBe(404);
		expect((await call('GET', `/messages/${mine[0]!.id}`)).body.id).toBe(mine[0]!.id);
	});
});
