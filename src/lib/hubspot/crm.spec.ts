import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: { method: string; path: string; body: { inputs: { id: string }[]; properties: string[] } }[] = [];
let failOnCall = -1;

vi.mock('./client', () => ({
	/** A fake gym: batch read answers the inputs whose id is not "missing…", in reverse order (HubSpot does not promise order). */
	request: async (method: string, path: string, body: { inputs: { id: string }[]; properties: string[] }) => {
		calls.push({ method, path, body });
		if (calls.length - 1 === failOnCall) return { ok: false, status: 400, error: { status: 'error', message: 'bad', category: 'VALIDATION_ERROR' } };
		if (path.startsWith('/crm/v4/associations/')) {
			const rows = body.inputs
				.filter((i) => !i.id.startsWith('missing'))
				.map((i) => ({ from: { id: i.id }, to: [{ toObjectId: Number(i.id) + 1000, associationTypes: [] }] }));
			return { ok: true, data: { status: 'COMPLETE', results: rows.reverse() } };
		}
		const results = body.inputs.filter((i) => !i.id.startsWith('missing')).map((i) => ({ id: i.id, properties: { name: `N${i.id}` } }));
		return { ok: true, data: { status: 'COMPLETE', results: results.reverse() } };
	}
}));

const { ASSOCIATIONS_BATCH_LIMIT, batchRead, batchReadAssociations, BATCH_LIMIT } = await import('./crm');

describe('batchRead', () => {
	beforeEach(() => {
		calls.length = 0;
		failOnCall = -1;
	});

	it('answers in the order of the ids asked, repeats duplicates, leaves out missing ones', async () => {
		const r = await batchRead('companies', ['3', 'missing1', '1', '3', '2'], ['name']);
		expect(r).toEqual({ ok: true, data: ['3', '1', '3', '2'].map((id) => ({ id, properties: { name: `N${id}` } })) });
		expect(calls).toEqual([
			{
				method: 'POST',
				path: '/crm/v3/objects/companies/batch/read',
				body: { inputs: ['3', 'missing1', '1', '2'].map((id) => ({ id })), properties: ['name'] }
			}
		]);
	});

	it('sends at most 100 inputs per request, and none for no ids', async () => {
		const ids = Array.from({ length: 250 }, (_, i) => String(i + 1));
		const r = await batchRead('contacts', ids, ['email']);
		expect(r.ok && r.data.map((c) => c.id)).toEqual(ids);
		expect(calls.map((c) => c.body.inputs.length)).toEqual([BATCH_LIMIT, BATCH_LIMIT, 50]);
		calls.length = 0;
		expect(await batchRead('deals', [], ['dealname'])).toEqual({ ok: true, data: [] });
		expect(calls).toHaveLength(0);
	});

	it('returns the first failing chunk’s error', async () => {
		failOnCall = 1;
		const r = await batchRead(
			'notes',
			Array.from({ length: 150 }, (_, i) => String(i)),
			[]
		);
		expect(r).toMatchObject({ ok: false, status: 400, error: { category: 'VALIDATION_ERROR' } });
		expect(calls).toHaveLength(2);
	});
});

describe('batchReadAssociations', () => {
	beforeEach(() => {
		calls.length = 0;
		failOnCall = -1;
	});

	it('maps every id asked to its associations ([] for ids the gym reports without any), one request per 1,000 ids', async () => {
		const r = await batchReadAssociations('contacts', 'companies', ['5', 'missing', '5', '7']);
		expect(r.ok && [...r.data.entries()]).toEqual([
			['5', [{ toObjectId: 1005, associationTypes: [] }]],
			['missing', []],
			['7', [{ toObjectId: 1007, associationTypes: [] }]]
		]);
		expect(calls).toEqual([
			{ method: 'POST', path: '/crm/v4/associations/contacts/companies/batch/read', body: { inputs: [{ id: '5' }, { id: 'missing' }, { id: '7' }] } }
		]);
		calls.length = 0;
		const many = await batchReadAssociations(
			'tasks',
			'deals',
			Array.from({ length: 2_500 }, (_, i) => String(i))
		);
		expect(many.ok && many.data.size).toBe(2_500);
		expect(calls.map((c) => c.body.inputs.length)).toEqual([ASSOCIATIONS_BATCH_LIMIT, ASSOCIATIONS_BATCH_LIMIT, 500]);
		calls.length = 0;
		expect(await batchReadAssociations('tasks', 'deals', [])).toEqual({ ok: true, data: new Map() });
		expect(calls).toHaveLength(0);
	});

	it('returns the error of a failing chunk', async () => {
		failOnCall = 0;
		expect(await batchReadAssociations('contacts', 'companies', ['1'])).toMatchObject({ ok: false, status: 400 });
	});
});
