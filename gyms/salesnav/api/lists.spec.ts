import { describe, expect, it } from 'vitest';
import { testGym, type Json } from '../../kit/test-gym';
import { SalesNavDb } from '../db';
import { createSalesNavGym } from '../index';
import type { Lead, LeadList } from '../schema';
import { leadIdFor } from '../seed';

const { gym, call, snapshot } = testGym((n) => {
	const db = new SalesNavDb(n);
	return { db, gym: createSalesNavGym(db) };
}, 'salesnav-lists');

async function tables() {
	const t = (await gym.exportState(['leads', 'leadLists', 'accountLists'])).tables as { leads: Lead[]; leadLists: LeadList[]; accountLists: LeadList[] };
	return t;
}
const visible = (l: { ownerSeatId: string; sharedWith: string[] }) => l.ownerSeatId === '1001' || l.sharedWith.includes('1001');

describe('GET /lists, GET /lists/{id}', () => {
	it('lists the lead lists, then the account lists, the acting seat owns or that are shared with it', async () => {
		const t = await tables();
		const res = await call('GET', '/lists');
		expect(res.status).toBe(200);
		const want = [...t.leadLists.filter(visible).map((l) => ['LEAD', l.id]), ...t.accountLists.filter(visible).map((l) => ['ACCOUNT', l.id])];
		expect(res.body.elements.map((l: Json) => [l.type, l.id])).toEqual(want);
		expect(res.body.total).toBe(want.length);
		expect(want.length).toBeGreaterThan(2);
		const first = res.body.elements[0];
		expect(first.memberCount).toBe(first.memberIds.length);
	});

	it('answers one list, and 404 for a list that does not exist or the seat cannot see', async () => {
		const t = await tables();
		const mine = t.leadLists.find(visible)!;
		expect((await call('GET', `/lists/${mine.id}`)).body).toEqual({ ...mine, type: 'LEAD', memberCount: mine.memberIds.length });
		const hidden = t.leadLists.find((l) => !visible(l))!;
		expect(await call('GET', `/lists/${hidden.id}`)).toEqual({
			status: 404,
			body: { status: 404, serviceErrorCode: 0, code: 'NOT_FOUND', message: `List ${hidden.id} does not exist` }
		});
		expect((await call('GET', '/lists/619999')).status).toBe(404);
	});
});

describe('POST /lists/{listId}/entries', () => {
	it('saves leads to a lead list: list + leads updated, one event per changed row, the clock ticks', async () => {
		const t = await tables();
		const list = t.leadLists.find(visible)!;
		const fresh = t.leads.filter((l) => !list.memberIds.includes(l.leadId)).slice(0, 2);
		const already = list.memberIds[0]!;
		const res = await call('POST', `/lists/${list.id}/entries`, { leadIds: [fresh[0]!.leadId, fresh[1]!.leadId, fresh[0]!.leadId, already] });
		expect(res.status).toBe(200);
		expect(res.body.added).toBe(2);
		expect(res.body.list.memberIds).toEqual([...list.memberIds, fresh[0]!.leadId, fresh[1]!.leadId]);
		expect(res.body.list).toMatchObject({ type: 'LEAD', memberCount: list.memberIds.length + 2, updatedAt: '2026-03-02T14:30:00.000Z' });
		const exp = await gym.exportState(['leads', 'leadLists']);
		const leads = exp.tables.leads as Lead[];
		for (const f of fresh) expect(leads.find((l) => l.leadId === f.leadId)).toMatchObject({ saved: true, leadListIds: [...f.leadListIds, list.id] });
		expect(exp.meta).toMatchObject({ clock: '2026-03-02T14:30:01.000Z', seq: 3, run_seq: 3 });
		expect(exp.events.map((e) => [e.seq, e.run_seq, e.method, e.path, e.status, e.entity, e.id])).toEqual([
			[1, 1, 'POST', `/lists/${list.id}/entries`, 200, 'leadLists', list.id],
			[2, 2, 'POST', `/lists/${list.id}/entries`, 200, 'leads', fresh[0]!.leadId],
			[3, 3, 'POST', `/lists/${list.id}/entries`, 200, 'leads', fresh[1]!.leadId]
		]);
		expect((await call('GET', `/lists/${list.id}`)).body.memberIds).toEqual(res.body.list.memberIds);
	});

	it('leads already in the list: 200, added 0, nothing written', async () => {
		const list = (await tables()).leadLists.find(visible)!;
		const before = await snapshot();
		expect((await call('POST', `/lists/${list.id}/entries`, { leadIds: [list.memberIds[0]] })).body).toMatchObject({ added: 0 });
		expect(await snapshot()).toBe(before);
	});

	it.each([
		[
			'a bad body',
			(l: LeadList) => [l.id, { leadId: [l.memberIds[0]] }],
			400,
			'leadIds: Invalid input: expected array, received undefined; Unrecognized key: "leadId"'
		],
		['no lead ids', (l: LeadList) => [l.id, { leadIds: [] }], 400, 'leadIds: Too small: expected array to have >=1 items'],
		['a malformed lead id', (l: LeadList) => [l.id, { leadIds: ['nope'] }], 400, null],
		['a lead that does not exist', (l: LeadList) => [l.id, { leadIds: [leadIdFor('199999')] }], 400, `Lead ${leadIdFor('199999')} does not exist`],
		['a list that does not exist', () => ['619999', { leadIds: [leadIdFor('100002')] }], 404, 'List 619999 does not exist']
	])('%s → %i, nothing written', async (_what, args, status, message) => {
		const t = await tables();
		const [id, body] = args(t.leadLists.find(visible)!) as [string, unknown];
		const before = await snapshot();
		const res = await call('POST', `/lists/${id}/entries`, body);
		expect(res.status).toBe(status);
		expect(res.body).toMatchObject({ status, serviceErrorCode: 0, code: status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST' });
		if (message) expect(res.body.message).toBe(message);
		expect(await snapshot()).toBe(before);
	});

	it('an account list is a 400 and a list the seat cannot see a 404; nothing written', async () => {
		const t = await tables();
		const lead = t.leads[0]!.leadId;
		const account = t.accountLists.find(visible)!;
		const hidden = t.leadLists.find((l) => !visible(l))!;
		const before = await snapshot();
		expect((await call('POST', `/lists/${account.id}/entries`, { leadIds: [lead] })).body).toEqual({
			status: 400,
			serviceErrorCode: 0,
			code: 'BAD_REQUEST',
			message: `List ${account.id} is an account list: only leads can be saved to a lead list`
		});
		expect((await call('POST', `/lists/${hidden.id}/entries`, { leadIds: [lead] })).status).toBe(404);
		expect((await call('PUT', `/lists/${hidden.id}/entries`, { leadIds: [lead] })).status).toBe(405);
		expect(await snapshot()).toBe(before);
	});

	it('the export after a save imports back (references and memberships agree)', async () => {
		const t = await tables();
		const list = t.leadLists.find(visible)!;
		const lead = t.leads.find((l) => !list.memberIds.includes(l.leadId))!;
		await call('POST', `/lists/${list.id}/entries`, { leadIds: [lead.leadId] });
		const exp = await gym.exportState();
		await gym.importState(exp);
		expect(JSON.stringify(await gym.exportState())).toBe(JSON.stringify(exp));
	});
});
