import { describe, expect, it } from 'vitest';
import { T0, testGym, type Json } from '../../kit/test-gym';
import type { Account, AccountList, Alert, Lead, LeadList, Note, SavedSearch, Seat } from '../contract';
import { SalesNavDb } from '../db';
import { createSalesNavGym } from '../index';

const { gym, db, call, snapshot } = testGym((n) => {
	const db = new SalesNavDb(n);
	return { db, gym: createSalesNavGym(db) };
}, 'salesnav-workflow');

type T = {
	leads: Lead[];
	accounts: Account[];
	leadLists: LeadList[];
	accountLists: AccountList[];
	savedSearches: SavedSearch[];
	alerts: Alert[];
	notes: Note[];
	seats: Seat[];
};
const tables = async () => (await gym.exportState()).tables as unknown as T;

/** Calls a refusal and checks status, code and that nothing was written. */
async function refused(method: string, path: string, body: unknown, status: number, code: string, message?: string) {
	const before = await snapshot();
	const res = await call(method, path, body);
	expect(res.status, JSON.stringify(res.body)).toBe(status);
	expect(res.body).toMatchObject({ status, serviceErrorCode: 0, code, ...(message ? { message } : {}) });
	expect(await snapshot()).toBe(before);
	return res;
}

describe('lists: create, rename, share, remove, delete', () => {
	it('creates a lead list and an account list owned by the acting seat; duplicate names are refused (case-insensitive)', async () => {
		const res = await call('POST', '/lists', { name: 'Q2 outbound', type: 'LEAD' });
		expect(res.status).toBe(201);
		expect(res.body).toMatchObject({ name: 'Q2 outbound', type: 'LEAD', ownerSeatId: '1001', memberIds: [], memberCount: 0, createdAt: T0, description: null });
		expect((await call('GET', `/lists/${res.body.id}`)).body.name).toBe('Q2 outbound');
		await refused(
			'POST',
			'/lists',
			{ name: '  q2 OUTBOUND ', type: 'LEAD' },
			409,
			'DUPLICATE_NAME',
			'A list named "q2 OUTBOUND" already exists. Choose a different name.'
		);
		expect((await call('POST', '/lists', { name: 'Q2 outbound', type: 'ACCOUNT' })).status).toBe(201);
		const seeded = (await tables()).leadLists.find((l) => l.ownerSeatId === '1001')!;
		await refused('POST', '/lists', { name: seeded.name, type: 'LEAD' }, 409, 'DUPLICATE_NAME');
		await refused('POST', '/lists', { name: '', type: 'LEAD' }, 400, 'BAD_REQUEST');
		await refused('POST', '/lists', { name: 'x', type: 'LEADS' }, 400, 'BAD_REQUEST');
	});

	it('renames (owner only, same duplicate rule), shares with teammates (Advanced+), removes an entry, deletes', async () => {
		const t = await tables();
		const mine = t.leadLists.filter((l) => l.ownerSeatId === '1001');
		const [a, b] = [mine[0]!, mine[1]!];
		await refused('PATCH', `/lists/${a.id}`, { name: b.name }, 409, 'DUPLICATE_NAME');
		const ren = await call('PATCH', `/lists/${a.id}`, { name: 'Renamed list' });
		expect(ren.body).toMatchObject({ name: 'Renamed list', updatedAt: T0 });
		const shared = t.leadLists.find((l) => l.ownerSeatId !== '1001' && l.sharedWith.includes('1001'))!;
		await refused('PATCH', `/lists/${shared.id}`, { name: 'Mine now' }, 403, 'FORBIDDEN');
		await refused('POST', `/lists/${shared.id}/share`, { seatIds: ['1002'] }, 403, 'FORBIDDEN', 'Only lists you created can be shared');
		await refused('POST', `/lists/${a.id}/share`, { seatIds: ['1999'] }, 400, 'BAD_REQUEST', 'Seat 1999 does not exist');
		const sh = await call('POST', `/lists/${a.id}/share`, { seatIds: ['1003', '1003'] });
		expect(a.sharedWith).not.toContain('1003');
		expect(sh.body.sharedWith).toEqual([...a.sharedWith, '1003']);
		const member = a.memberIds[0]!;
		const rm = await call('DELETE', `/lists/${a.id}/entries/${member}`);
		expect(rm.body).toMatchObject({ removed: 1, list: { memberCount: a.memberIds.length - 1 } });
		expect((await tables()).leads.find((l) => l.leadId === member)!.leadListIds).not.toContain(a.id);
		await refused('DELETE', `/lists/${a.id}/entries/${member}`, undefined, 404, 'NOT_FOUND');
		expect((await call('DELETE', `/lists/${b.id}`)).status).toBe(204);
		const after = await tables();
		expect(after.leadLists.some((l) => l.id === b.id)).toBe(false);
		expect(after.leads.some((l) => l.leadListIds.includes(b.id))).toBe(false);
		const exp = await gym.exportState();
		await gym.importState(exp);
	});

	it('a Core seat cannot share', async () => {
		const s = (await db.seats.get('1001'))!;
		await db.seats.put({ ...s, plan: 'Core' });
		const list = (await tables()).leadLists.find((l) => l.ownerSeatId === '1001')!;
		await refused(
			'POST',
			`/lists/${list.id}/share`,
			{ seatIds: ['1002'] },
			403,
			'FORBIDDEN',
			'Sharing lists is available on Sales Navigator Advanced and Advanced Plus'
		);
	});

	it('saves accounts to an account list; lead ids on an account list and account ids on a lead list are refused', async () => {
		const t = await tables();
		const list = t.accountLists.find((l) => l.ownerSeatId === '1001')!;
		const acc = t.accounts.find((a) => !list.memberIds.includes(a.accountId))!;
		const res = await call('POST', `/lists/${list.id}/entries`, { accountIds: [acc.accountId] });
		expect(res.body).toMatchObject({ added: 1, list: { type: 'ACCOUNT' } });
		expect((await tables()).accounts.find((a) => a.accountId === acc.accountId)).toMatchObject({
			saved: true,
			accountListIds: [...acc.accountListIds, list.id]
		});
		const leadList = t.leadLists.find((l) => l.ownerSeatId === '1001')!;
		await refused('POST', `/lists/${leadList.id}/entries`, { accountIds: [acc.accountId] }, 400, 'BAD_REQUEST');
		await refused('POST', `/lists/${list.id}/entries`, { accountIds: ['999999'] }, 400, 'BAD_REQUEST', 'Account 999999 does not exist');
	});
});

describe('saved searches', () => {
	const filters = [{ type: 'SENIORITY_LEVEL', values: [{ id: 'Director', text: 'Director', selectionType: 'INCLUDED' }] }];
	it('saves a search with its alert frequency; duplicate names refused; frequency changes; deletes with its alerts', async () => {
		const res = await call('POST', '/savedSearches', { name: 'Directors', type: 'lead', filters, alertFrequency: 'weekly' });
		expect(res.status).toBe(201);
		expect(res.body).toMatchObject({ ownerSeatId: '1001', alertFrequency: 'weekly', newResultsCount: 0, keywords: '', createdAt: T0 });
		await refused('POST', '/savedSearches', { name: 'directors', type: 'lead', filters }, 409, 'DUPLICATE_NAME');
		await refused('POST', '/savedSearches', { name: 'x', type: 'lead', filters, alertFrequency: 'monthly' }, 400, 'BAD_REQUEST');
		await refused('POST', '/savedSearches', { name: 'acc', type: 'account', filters }, 400, 'BAD_REQUEST', 'SENIORITY_LEVEL is not an Account search filter');
		expect((await call('PATCH', `/savedSearches/${res.body.id}`, { alertFrequency: 'daily' })).body.alertFrequency).toBe('daily');
		const list = await call('GET', '/savedSearches', undefined, 'type=lead');
		expect(list.body.elements.every((s: SavedSearch) => s.ownerSeatId === '1001' && s.type === 'lead')).toBe(true);
		expect(list.body.elements.some((s: SavedSearch) => s.newResultsCount > 0)).toBe(true);
		const seeded = (await tables()).savedSearches.find(
			(s) => s.ownerSeatId === '1001' && (list.body.elements as SavedSearch[]).some((x) => x.id === s.id) && s.newResultsCount > 0
		)!;
		expect((await call('DELETE', `/savedSearches/${seeded.id}`)).status).toBe(204);
		expect((await tables()).alerts.some((a) => a.savedSearchId === seeded.id)).toBe(false);
		const other = (await tables()).savedSearches.find((s) => s.ownerSeatId !== '1001')!;
		await refused('PATCH', `/savedSearches/${other.id}`, { alertFrequency: 'never' }, 404, 'NOT_FOUND');
	});
});

describe('alerts', () => {
	it('lists live alerts newest first with unread counts per tab; mark read; dismiss; dismissed is a 404', async () => {
		const res = await call('GET', '/alerts', undefined, 'category=lead');
		const t = await tables();
		const live = t.alerts.filter((a) => a.seatId === '1001' && !a.dismissed);
		expect(res.body.total).toBe(live.filter((a) => a.category === 'lead').length);
		expect(res.body.unread.account).toBe(live.filter((a) => a.category === 'account' && !a.read).length);
		const unread = live.find((a) => !a.read)!;
		expect((await call('POST', `/alerts/${unread.id}/read`)).body.read).toBe(true);
		const before = await snapshot();
		expect((await call('POST', `/alerts/${unread.id}/read`)).status).toBe(200);
		expect(await snapshot()).toBe(before);
		expect((await call('POST', `/alerts/${unread.id}/dismiss`)).body.dismissed).toBe(true);
		await refused('POST', `/alerts/${unread.id}/dismiss`, undefined, 404, 'NOT_FOUND');
		const others = t.alerts.find((a) => a.seatId !== '1001')!;
		await refused('POST', `/alerts/${others.id}/read`, undefined, 404, 'NOT_FOUND');
	});
});

describe('notes, tags, Connect', () => {
	it('adds, edits and deletes a note (author only); refuses 1,001 characters and a note on nothing', async () => {
		const t = await tables();
		const lead = t.leads[3]!;
		const res = await call('POST', '/notes', { leadId: lead.leadId, text: 'Met at the conference' });
		expect(res.body).toMatchObject({ authorSeatId: '1001', leadId: lead.leadId, accountId: null, createdAt: T0 });
		expect((await call('GET', '/notes', undefined, `leadId=${lead.leadId}`)).body.elements[0].id).toBe(res.body.id);
		await refused('POST', '/notes', { leadId: lead.leadId, text: 'x'.repeat(1001) }, 400, 'BAD_REQUEST');
		await refused('POST', '/notes', { text: 'orphan' }, 400, 'BAD_REQUEST', 'A note belongs to exactly one lead or one account');
		await refused('POST', '/notes', { accountId: '999999', text: 'x' }, 404, 'NOT_FOUND');
		expect((await call('PATCH', `/notes/${res.body.id}`, { text: 'Edited' })).body.text).toBe('Edited');
		const others = t.notes.find((n) => n.authorSeatId !== '1001')!;
		await refused('PATCH', `/notes/${others.id}`, { text: 'mine' }, 403, 'FORBIDDEN');
		await refused('DELETE', `/notes/${others.id}`, undefined, 403, 'FORBIDDEN');
		expect((await call('DELETE', `/notes/${res.body.id}`)).status).toBe(204);
	});

	it('sets tags (deduplicated); refuses 21 tags', async () => {
		const lead = (await tables()).leads[5]!;
		expect((await call('PUT', `/leads/${lead.leadId}/tags`, { tags: ['ICP', 'Q2', 'ICP'] })).body.tags).toEqual(['ICP', 'Q2']);
		await refused('PUT', `/leads/${lead.leadId}/tags`, { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 400, 'BAD_REQUEST');
	});

	it('Connect with a note ≤300 characters; 301 refused; 1st-degree and pending refused', async () => {
		const t = await tables();
		const cold = t.leads.find((l) => l.degree === '2nd' && !l.invitationSentAt)!;
		await refused('POST', `/leads/${cold.leadId}/invitations`, { note: 'n'.repeat(301) }, 400, 'BAD_REQUEST');
		const res = await call('POST', `/leads/${cold.leadId}/invitations`, { note: 'n'.repeat(300) });
		expect(res.status).toBe(201);
		expect(res.body).toMatchObject({ invitationSentAt: T0, invitationNote: 'n'.repeat(300) });
		await refused('POST', `/leads/${cold.leadId}/invitations`, {}, 409, 'INVITATION_PENDING');
		const first = t.leads.find((l) => l.degree === '1st')!;
		await refused('POST', `/leads/${first.leadId}/invitations`, {}, 409, 'ALREADY_CONNECTED');
	});
});

describe('lead and account pages', () => {
	it('GET /leads/{id}: the lead, its account, visible lists, notes, the thread; reads write nothing', async () => {
		const t = await tables();
		const lead = t.leads.find((l) => l.leadListIds.length > 0 && l.crm.status === 'in_crm') ?? t.leads.find((l) => l.leadListIds.length > 0)!;
		const before = await snapshot();
		const res = await call('GET', `/leads/${lead.leadId}`);
		expect(res.body.lead).toEqual(lead);
		expect(res.body.account.accountId).toBe(lead.accountId);
		expect(res.body.lists.every((l: Json) => lead.leadListIds.includes(l.id))).toBe(true);
		expect(await snapshot()).toBe(before);
		expect((await call('GET', '/leads/ACwAAzzzzzzzzzzzz')).status).toBe(404);
	});

	it('GET /accounts/{id}: decision makers most senior first (Director and above, current employees only)', async () => {
		const t = await tables();
		const acc = t.accounts.find(
			(a) => t.leads.filter((l) => l.accountId === a.accountId && ['CXO', 'Vice President', 'Director'].includes(l.seniority)).length >= 3
		)!;
		const res = await call('GET', `/accounts/${acc.accountId}`);
		const dm = res.body.decisionMakers as Lead[];
		expect(dm.length).toBe(
			t.leads.filter((l) => l.accountId === acc.accountId && ['CXO', 'Owner / Partner', 'Vice President', 'Director'].includes(l.seniority)).length
		);
		const rank = ['CXO', 'Owner / Partner', 'Vice President', 'Director'];
		expect(dm.map((l) => rank.indexOf(l.seniority))).toEqual([...dm.map((l) => rank.indexOf(l.seniority))].sort((x, y) => x - y));
	});
});

describe('relationship maps', () => {
	it('adds a person, sets a role among the five, marks left, removes; stale entries show Left Account', async () => {
		const t = await tables();
		const acc = t.accounts.find((a) => a.relationshipMap.length > 0)!;
		const lead = t.leads.find((l) => l.accountId === acc.accountId && !acc.relationshipMap.some((m) => m.leadId === l.leadId))!;
		const add = await call('POST', `/relationshipMaps/${acc.accountId}/members`, { leadId: lead.leadId });
		expect(add.status).toBe(201);
		expect(add.body.members.at(-1)).toMatchObject({ leadId: lead.leadId, role: null, markedLeft: false, leftAccount: false });
		await refused('POST', `/relationshipMaps/${acc.accountId}/members`, { leadId: lead.leadId }, 409, 'ALREADY_ON_MAP');
		for (const role of ['Decision Maker', 'Champion', 'Evaluator', 'Procurement', 'Influencer'])
			expect((await call('PATCH', `/relationshipMaps/${acc.accountId}/members/${lead.leadId}`, { role })).body.members.at(-1).role).toBe(role);
		await refused('PATCH', `/relationshipMaps/${acc.accountId}/members/${lead.leadId}`, { role: 'Blocker' }, 400, 'BAD_REQUEST');
		const left = await call('PATCH', `/relationshipMaps/${acc.accountId}/members/${lead.leadId}`, { markedLeft: true });
		expect(left.body.members.at(-1)).toMatchObject({ markedLeft: true, leftAccount: true });
		// A lead who moved to another company shows the Left Account flag without being marked.
		const mover = t.leads.find((l) => l.accountId !== acc.accountId)!;
		const m2 = await call('POST', `/relationshipMaps/${acc.accountId}/members`, { leadId: mover.leadId, role: 'Champion' });
		expect(m2.body.members.at(-1)).toMatchObject({ leftAccount: true, markedLeft: false, currentAccountId: mover.accountId });
		expect((await call('DELETE', `/relationshipMaps/${acc.accountId}/members/${lead.leadId}`)).body.members.some((m: Json) => m.leadId === lead.leadId)).toBe(
			false
		);
		await refused('DELETE', `/relationshipMaps/${acc.accountId}/members/${lead.leadId}`, undefined, 404, 'NOT_FOUND');
		await refused('POST', `/relationshipMaps/999999/members`, { leadId: lead.leadId }, 404, 'NOT_FOUND');
		const exp = await gym.exportState();
		await gym.importState(exp);
		expect(JSON.stringify(await gym.exportState())).toBe(JSON.stringify(exp));
	});
});

describe('Viewed state', () => {
	it('the first view stamps viewedAt at the virtual time and shows in search; a later view writes nothing; refusals write nothing', async () => {
		const before = await tables();
		const lead = before.leads.find((l) => l.viewedAt === undefined)!;
		expect(before.leads.every((l) => l.viewedAt === undefined)).toBe(true);
		const res = await call('POST', `/leads/${lead.leadId}/views`);
		expect(res.status).toBe(200);
		expect(res.body).toMatchObject({ leadId: lead.leadId, viewedAt: T0 });
		const after = await tables();
		expect(after.leads.filter((l) => l.viewedAt !== undefined).map((l) => l.leadId)).toEqual([lead.leadId]);
		// A second view (later virtual time) keeps the first view's time and writes nothing, not even the clock.
		const snap = await snapshot();
		const again = await call('POST', `/leads/${lead.leadId}/views`, {});
		expect(again.status).toBe(200);
		expect(again.body.viewedAt).toBe(T0);
		expect(await snapshot()).toBe(snap);
		const hit = await call('POST', '/leads/search', { filters: [], keywords: `${lead.firstName} ${lead.lastName}`, spotlight: null, start: 0, count: 25 });
		expect(hit.body.elements.find((l: Json) => l.leadId === lead.leadId).viewedAt).toBe(T0);
		const other = after.leads.find((l) => l.leadId !== lead.leadId)!;
		await refused('POST', `/leads/${other.leadId}/views`, { seen: true }, 400, 'BAD_REQUEST');
		await refused('POST', '/leads/ACwAAnope/views', undefined, 404, 'NOT_FOUND');
	});
});

describe('Get introduced (TeamLink)', () => {
	it('the lead page names the teammates who can introduce; asking one writes the request at the virtual time; refusals write nothing', async () => {
		const t = await tables();
		const lead = t.leads.find((l) => l.degree !== '1st' && l.teamLinkPaths.some((s) => s !== '1001'))!;
		const teammate = lead.teamLinkPaths.find((s) => s !== '1001')!;
		const seat = t.seats.find((s) => s.id === teammate)!;
		const page = await call('GET', `/leads/${lead.leadId}`);
		expect(page.body.teamLink).toEqual(
			lead.teamLinkPaths.filter((s) => s !== '1001').map((id) => ({ seatId: id, name: t.seats.find((s) => s.id === id)!.name }))
		);
		const outsider = t.seats.find((s) => s.id !== '1001' && !lead.teamLinkPaths.includes(s.id))!;
		await refused('POST', `/leads/${lead.leadId}/introductions`, { teammateSeatId: outsider.id, message: 'Intro?' }, 400, 'BAD_REQUEST');
		await refused('POST', `/leads/${lead.leadId}/introductions`, { teammateSeatId: '1001', message: 'Intro?' }, 400, 'BAD_REQUEST');
		await refused('POST', `/leads/${lead.leadId}/introductions`, { teammateSeatId: teammate, message: '  ' }, 400, 'BAD_REQUEST');
		await refused('POST', `/leads/${lead.leadId}/introductions`, { teammateSeatId: teammate, message: 'x'.repeat(2001) }, 400, 'BAD_REQUEST');
		const first = t.leads.find((l) => l.degree === '1st' && l.teamLinkPaths.some((s) => s !== '1001'));
		if (first) {
			const mate = first.teamLinkPaths.find((s) => s !== '1001')!;
			await refused('POST', `/leads/${first.leadId}/introductions`, { teammateSeatId: mate, message: 'Intro?' }, 409, 'ALREADY_CONNECTED');
		}
		const res = await call('POST', `/leads/${lead.leadId}/introductions`, {
			teammateSeatId: teammate,
			message: `Could you introduce me to ${lead.firstName}?`
		});
		expect(res.status, JSON.stringify(res.body)).toBe(201);
		expect(res.body.introductionRequest).toEqual({ teammateSeatId: teammate, message: `Could you introduce me to ${lead.firstName}?`, requestedAt: T0 });
		expect((await tables()).leads.find((l) => l.leadId === lead.leadId)!.introductionRequest?.teammateSeatId).toBe(seat.id);
		await refused('POST', `/leads/${lead.leadId}/introductions`, { teammateSeatId: teammate, message: 'Again' }, 409, 'INTRODUCTION_PENDING');
	});

	it('a seat with TeamLink off is refused (403) and nothing is written', async () => {
		const t = await tables();
		const off = t.seats.find((s) => !s.teamLinkEnabled)!;
		await gym.reset({ run_id: 'r2', task_id: null, seed: 1, clock: T0, actor: off.id });
		const lead = t.leads.find((l) => l.degree !== '1st' && l.teamLinkPaths.some((s) => s !== off.id))!;
		const mate = lead.teamLinkPaths.find((s) => s !== off.id)!;
		await refused(
			'POST',
			`/leads/${lead.leadId}/introductions`,
			{ teammateSeatId: mate, message: 'Intro?' },
			403,
			'FORBIDDEN',
			'TeamLink is turned off for your seat'
		);
	});
});
