/**
 * Contract tests of the prospect record's writes and reads (Outreach OpenAPI `prospect`, "Update a Prospect"):
 * - custom fields `custom1` … `custom150`: served on every prospect (null when unset), stored only when set,
 *   written by `PATCH` / `POST`, cleared by null or "", resolved as `{{customN}}` in emails; an over-long value
 *   (> 32000 characters), an unknown `custom151`, a non-string value, and `filter` / `sort` on a custom field
 *   (the spec marks them neither filterable nor sortable) are refused and write nothing;
 * - stage and owner: `PATCH` of the writable relationships `stage` and `owner`; an unknown id, a wrong type or a
 *   read-only relationship is refused and writes nothing;
 * - engagement: a mailing's `openedAt` / `clickedAt` are the most recent open / click (the spec's descriptions) and
 *   come with their counts.
 */
import { describe, expect, it } from 'vitest';
import { RA, outreachSpecGym } from './spec-kit';
import { CUSTOM_FIELDS, SparseCollectionAnswer } from '../contract';
import type { OutreachState } from '../schema';

const kit = outreachSpecGym('api-outreach-record');
const { call, state } = kit;

/** Expects a refusal with `status` and error `id` that changes nothing; returns the error. */
const refused = kit.refused;

/** A `PATCH /prospects/{id}` body. */
const patch = (id: string, attributes?: Record<string, unknown>, relationships?: Record<string, unknown>) => ({
	data: { type: 'prospect', id: Number(id), ...(attributes ? { attributes } : {}), ...(relationships ? { relationships } : {}) }
});

/** A seed prospect that can be emailed (not opted out, a deliverable primary address). */
async function mailable(): Promise<OutreachState['prospects'][number]> {
	const t = await state();
	const bounced = new Set(t.emailAddresses.filter((a) => a.attributes.status === 'bounced').map((a) => a.relationships.prospect.data.id));
	return t.prospects.find((p) => !p.attributes.optedOut && !p.attributes.emailOptedOut && p.attributes.emails.length > 0 && !bounced.has(p.id))!;
}

describe('prospect custom fields', () => {
	it('serves custom1 … custom150 on every prospect, null when unset; the seed stores none', async () => {
		const t = await state();
		expect(CUSTOM_FIELDS).toHaveLength(150);
		expect(t.prospects.every((p) => Object.keys(p.attributes).every((k) => !/^custom\d/.test(k)))).toBe(true);
		const p = t.prospects[0]!;
		const got = RA('prospect').parse((await call('GET', `/prospects/${p.id}`)).body).data;
		for (const n of CUSTOM_FIELDS) expect(got.attributes[n], n).toBeNull();
		expect(Object.keys(got.attributes).filter((k) => /^custom\d+$/.test(k))).toHaveLength(150);
		const list = (await call('GET', '/prospects', undefined, 'page[size]=3')).body as { data: { attributes: Record<string, unknown> }[] };
		expect(list.data.every((r) => r.attributes.custom77 === null)).toBe(true);
	});

	it('PATCH sets custom fields; GET, sparse fields and the export have them; null or "" clears one', async () => {
		const p = (await state()).prospects[3]!;
		const res = await call('PATCH', `/prospects/${p.id}`, patch(p.id, { custom1: 'Q3 budget', custom150: 'x'.repeat(32000) }));
		expect(res.status, JSON.stringify(res.body)).toBe(200);
		expect(RA('prospect').parse(res.body).data.attributes).toMatchObject({ custom1: 'Q3 budget', custom2: null });
		const got = RA('prospect').parse((await call('GET', `/prospects/${p.id}`)).body).data;
		expect(got.attributes.custom150).toHaveLength(32000);
		const sparse = SparseCollectionAnswer.parse(
			(await call('GET', '/prospects', undefined, `filter[id]=${p.id}&fields[prospect]=custom1,custom2,firstName`)).body
		);
		expect(sparse.data[0]!.attributes).toEqual({ firstName: p.attributes.firstName, custom1: 'Q3 budget', custom2: null });
		let row = (await state()).prospects.find((x) => x.id === p.id)! as unknown as { attributes: Record<string, unknown> };
		expect(row.attributes.custom1).toBe('Q3 budget');
		expect(Object.keys(row.attributes).filter((k) => k.startsWith('custom'))).toEqual(['custom1', 'custom150']);

		expect((await call('PATCH', `/prospects/${p.id}`, patch(p.id, { custom1: null, custom150: '' }))).status).toBe(200);
		row = (await state()).prospects.find((x) => x.id === p.id)! as unknown as { attributes: Record<string, unknown> };
		expect(Object.keys(row.attributes).filter((k) => k.startsWith('custom'))).toEqual([]);
		expect(RA('prospect').parse((await call('GET', `/prospects/${p.id}`)).body).data.attributes.custom1).toBeNull();
	});

	it('POST /prospects accepts custom fields', async () => {
		const res = await call('POST', '/prospects', {
			data: { type: 'prospect', attributes: { firstName: 'Ana', lastName: 'Diaz', emails: ['ana.diaz@custom.example'], custom12: 'Partner: Acme' } }
		});
		expect(res.status, JSON.stringify(res.body)).toBe(201);
		const made = RA('prospect').parse(res.body).data;
		expect(made.attributes).toMatchObject({ custom12: 'Partner: Acme', custom11: null });
	});

	it('refuses an over-long value, an unknown custom field and a non-string, and writes nothing', async () => {
		const p = (await state()).prospects[5]!;
		const err = await refused(422, 'validationError', () => call('PATCH', `/prospects/${p.id}`, patch(p.id, { custom3: 'y'.repeat(32001) })));
		expect(err.detail).toBe('Custom Field 3 is too long (maximum is 32000 characters, got 32001).');
		expect(err.source).toEqual({ pointer: '/data/attributes/custom3' });
		await refused(422, 'validationError', () => call('PATCH', `/prospects/${p.id}`, patch(p.id, { custom1: 'ok', custom4: 'z'.repeat(40000) })));
		await refused(422, 'validationError', () =>
			call('POST', '/prospects', { data: { type: 'prospect', attributes: { firstName: 'Long', custom9: 'w'.repeat(32001) } } })
		);
		expect(await refused(422, 'validationError', () => call('PATCH', `/prospects/${p.id}`, patch(p.id, { custom151: 'no such field' })))).toMatchObject({
			detail: expect.stringMatching(/custom151/)
		});
		await refused(422, 'validationError', () => call('PATCH', `/prospects/${p.id}`, patch(p.id, { custom2: 42 })));
		await refused(422, 'validationError', () => call('PATCH', `/prospects/${p.id}`, patch(p.id, { custom0: 'x' })));
	});

	it('refuses filter and sort on a custom field (the spec marks them neither filterable nor sortable)', async () => {
		const p = (await state()).prospects[0]!;
		await call('PATCH', `/prospects/${p.id}`, patch(p.id, { custom1: 'tier-1' }));
		expect(await refused(400, 'badRequest', () => call('GET', '/prospects', undefined, 'filter[custom1]=tier-1'))).toMatchObject({
			detail: 'filter[custom1]: "custom1" is not a filterable attribute of prospect'
		});
		await refused(400, 'badRequest', () => call('GET', '/prospects', undefined, 'sort=-custom1'));
	});

	it('{{customN}} resolves in a one-off email once the field is set (unset, the email is refused)', async () => {
		const p = await mailable();
		const t = await state();
		const mailbox = t.mailboxes.find((m) => !m.attributes.sendDisabled)!;
		const mail = () =>
			call('POST', '/mailings', {
				data: {
					type: 'mailing',
					attributes: { subject: 'About {{custom2}}', bodyHtml: '<p>Hi {{first_name}}, re {{custom2}}.</p>' },
					relationships: { prospect: { data: { type: 'prospect', id: Number(p.id) } }, mailbox: { data: { type: 'mailbox', id: Number(mailbox.id) } } }
				}
			});
		expect((await refused(422, 'validationError', mail)).detail).toMatch(/custom2/);
		await call('PATCH', `/prospects/${p.id}`, patch(p.id, { custom2: 'the pilot' }));
		const res = await mail();
		expect(res.status, JSON.stringify(res.body)).toBe(201);
		expect(RA('mailing').parse(res.body).data.attributes.subject).toBe('About the pilot');
	});
});

describe('prospect stage and owner', () => {
	it('PATCH changes the stage and the owner (writable relationships) and nothing else', async () => {
		const t = await state();
		const p = t.prospects.find((x) => x.relationships.stage.data && x.relationships.owner.data)!;
		const stage = t.stages.find((s) => s.id !== p.relationships.stage.data!.id)!;
		const owner = t.users.find((u) => u.id !== p.relationships.owner.data!.id)!;
		const res = await call(
			'PATCH',
			`/prospects/${p.id}`,
			patch(p.id, undefined, { stage: { data: { type: 'stage', id: Number(stage.id) } }, owner: { data: { type: 'user', id: Number(owner.id) } } })
		);
		expect(res.status, JSON.stringify(res.body)).toBe(200);
		const row = (await state()).prospects.find((x) => x.id === p.id)!;
		expect(row.relationships.stage.data).toEqual({ type: 'stage', id: stage.id });
		expect(row.relationships.owner.data).toEqual({ type: 'user', id: owner.id });
		expect(row.relationships.account).toEqual(p.relationships.account);
		expect({ ...row.attributes, updatedAt: null }).toEqual({ ...p.attributes, updatedAt: null });
		const got = RA('prospect').parse((await call('GET', `/prospects/${p.id}`, undefined, 'include=stage,owner')).body);
		expect((got.included as { type: string; attributes: { name: string } }[]).map((r) => `${r.type}:${r.attributes.name}`)).toEqual([
			`stage:${stage.attributes.name}`,
			`user:${owner.attributes.name}`
		]);
		expect((await call('PATCH', `/prospects/${p.id}`, patch(p.id, undefined, { stage: { data: null } }))).status).toBe(200);
		expect((await state()).prospects.find((x) => x.id === p.id)!.relationships.stage.data).toBeNull();
	});

	it('refuses an unknown stage or owner, a wrong type and a read-only relationship, and writes nothing', async () => {
		const t = await state();
		const p = t.prospects[7]!;
		const err = await refused(422, 'validationError', () =>
			call('PATCH', `/prospects/${p.id}`, patch(p.id, undefined, { stage: { data: { type: 'stage', id: 999999 } } }))
		);
		expect(err).toMatchObject({ detail: 'stage 999999 does not exist.', source: { pointer: '/data/relationships/stage' } });
		expect(
			(
				await refused(422, 'validationError', () =>
					call('PATCH', `/prospects/${p.id}`, patch(p.id, undefined, { owner: { data: { type: 'user', id: 1099 } } }))
				)
			).detail
		).toBe('user 1099 does not exist.');
		await refused(422, 'validationError', () =>
			call('PATCH', `/prospects/${p.id}`, patch(p.id, undefined, { stage: { data: { type: 'user', id: Number(t.users[0]!.id) } } }))
		);
		await refused(422, 'validationError', () =>
			call('PATCH', `/prospects/${p.id}`, patch(p.id, undefined, { creator: { data: { type: 'user', id: Number(t.users[0]!.id) } } }))
		);
		// A valid stage with an unknown owner in the same body: neither is written.
		await refused(422, 'validationError', () =>
			call(
				'PATCH',
				`/prospects/${p.id}`,
				patch(p.id, undefined, { stage: { data: { type: 'stage', id: Number(t.stages[2]!.id) } }, owner: { data: { type: 'user', id: 1099 } } })
			)
		);
		await refused(404, 'resourceNotFound', () => call('PATCH', '/prospects/999999', patch('999999', undefined, { stage: { data: null } })));
	});
});

describe('mailing engagement: the most recent open and click', () => {
	it('every opened mailing has an open count and a last-open time at or after delivery; clicks likewise', async () => {
		const t = await state();
		const opened = t.mailings.filter((m) => m.attributes.openedAt !== null);
		expect(opened.length).toBeGreaterThan(100);
		expect(opened.some((m) => m.attributes.openCount > 1)).toBe(true);
		for (const m of t.mailings) {
			const a = m.attributes;
			expect(a.openCount > 0, m.id).toBe(a.openedAt !== null);
			expect(a.clickCount > 0, m.id).toBe(a.clickedAt !== null);
			if (a.openedAt) expect(a.openedAt >= a.deliveredAt!, m.id).toBe(true);
			if (a.clickedAt) expect(a.clickedAt >= a.deliveredAt!, m.id).toBe(true);
		}
		const m = opened.find((x) => x.attributes.openCount > 1)!;
		const got = RA('mailing').parse((await call('GET', `/mailings/${m.id}`)).body).data;
		expect(got.attributes).toMatchObject({ openCount: m.attributes.openCount, openedAt: m.attributes.openedAt });
		const opens = SparseCollectionAnswer.parse(
			(await call('GET', '/mailings', undefined, 'filter[openedAt]=neg_inf..inf&sort=-openedAt&fields[mailing]=openedAt&page[size]=2')).body
		);
		expect(opens.data[0]!.attributes.openedAt! >= opens.data[1]!.attributes.openedAt!).toBe(true);
	});
});
