/**
 * Contract tests of the Outreach content writes: `POST /templates`, `PATCH /templates/{id}`, `POST /snippets`,
 * `PATCH /snippets/{id}` (Outreach OpenAPI "Create a New Template" / "Update a Template" / "Create a New Snippet" /
 * "Update a Snippet"). A created or updated row is served and readable back, parses with the contract and is in the
 * export, with every writable attribute of the spec's `template` (tracking, default to / cc / bcc recipients); a
 * one-off email from a template takes its tracking; every refusal (blank name, a read-only or unknown attribute, a bad
 * shareType, tracking or recipients of the wrong type, a path / body id mismatch,
 * an unknown owner, an unknown row, a wrong media type) answers Outreach's envelope and leaves the export
 * byte-identical.
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '../../kit/test-gym';
import { RA, outreachSpecGym } from './spec-kit';

const kit = outreachSpecGym('api-outreach-content');
const { gym, call, state } = kit;

/** Expects a refusal with `status` and error `id` that changes nothing; returns the detail. */
const refused = async (status: number, errId: string, run: () => Promise<{ status: number; body: Json }>): Promise<string> =>
	(await kit.refused(status, errId, run)).detail;

describe('templates', () => {
	it('POST creates a template with defaults and the acting user as owner; GET and the export have it', async () => {
		const res = await call('POST', '/templates', {
			data: {
				type: 'template',
				attributes: { name: 'Pricing follow-up', subject: 'Pricing for {{account.name}}', bodyHtml: '<p>Hi {{first_name}},</p>', tags: ['pricing'] }
			}
		});
		expect(res.status, JSON.stringify(res.body)).toBe(201);
		const made = RA('template').parse(res.body).data;
		expect(made.attributes).toMatchObject({
			name: 'Pricing follow-up',
			subject: 'Pricing for {{account.name}}',
			shareType: 'shared',
			archived: false,
			tags: ['pricing']
		});
		expect(made.relationships.owner).toEqual({ data: { type: 'user', id: 1001 } });
		const got = RA('template').parse((await call('GET', `/templates/${made.id}`)).body).data;
		expect(got.attributes.bodyHtml).toBe('<p>Hi {{first_name}},</p>');
		const row = (await state()).templates.find((t) => t.id === String(made.id))!;
		expect(row.attributes.name).toBe('Pricing follow-up');
		expect(
			(await call('GET', '/templates', undefined, 'filter[q]=pricing follow').then((r) => r.body as { data: { id: number }[] })).data.map((t) => t.id)
		).toEqual([made.id]);
	});

	it('PATCH changes only the given attributes and the owner', async () => {
		const t = (await state()).templates.find((x) => !x.attributes.archived)!;
		const owner = (await state()).users.find((u) => u.id !== t.relationships.owner.data?.id)!;
		const res = await call('PATCH', `/templates/${t.id}`, {
			data: {
				type: 'template',
				id: Number(t.id),
				attributes: { subject: 'New subject', archived: true },
				relationships: { owner: { data: { type: 'user', id: Number(owner.id) } } }
			}
		});
		expect(res.status, JSON.stringify(res.body)).toBe(200);
		const row = (await state()).templates.find((x) => x.id === t.id)!;
		expect(row.attributes).toMatchObject({ name: t.attributes.name, bodyHtml: t.attributes.bodyHtml, subject: 'New subject', archived: true });
		expect(row.relationships.owner.data?.id).toBe(owner.id);
	});

	it('accepts every writable attribute of the OpenAPI template: tracking and recipients are stored and served', async () => {
		const fresh = await call('POST', '/templates', { data: { type: 'template', attributes: { name: 'Defaults' } } });
		expect(fresh.status, JSON.stringify(fresh.body)).toBe(201);
		expect(RA('template').parse(fresh.body).data.attributes).toMatchObject({
			trackOpens: true,
			trackLinks: true,
			toRecipients: [],
			ccRecipients: [],
			bccRecipients: []
		});
		const res = await call('POST', '/templates', {
			data: {
				type: 'template',
				attributes: {
					name: 'Board recap',
					subject: 'Recap',
					bodyHtml: '<p>Hi</p>',
					tags: [],
					shareType: 'private',
					archived: false,
					trackOpens: false,
					trackLinks: false,
					toRecipients: ['Billy Bob <billy.bob@seattle.city>'],
					ccRecipients: ['ops@example.com'],
					bccRecipients: ['CRM Dropbox <crm@example.com>', 'audit@example.com']
				}
			}
		});
		expect(res.status, JSON.stringify(res.body)).toBe(201);
		const made = RA('template').parse(res.body).data;
		const want = {
			trackOpens: false,
			trackLinks: false,
			toRecipients: ['Billy Bob <billy.bob@seattle.city>'],
			ccRecipients: ['ops@example.com'],
			bccRecipients: ['CRM Dropbox <crm@example.com>', 'audit@example.com']
		};
		expect(made.attributes).toMatchObject(want);
		expect(RA('template').parse((await call('GET', `/templates/${made.id}`)).body).data.attributes).toMatchObject(want);
		expect((await state()).templates.find((x) => x.id === String(made.id))!.attributes).toMatchObject(want);

		const up = await call('PATCH', `/templates/${made.id}`, {
			data: { type: 'template', id: made.id, attributes: { trackLinks: true, ccRecipients: [] } }
		});
		expect(up.status, JSON.stringify(up.body)).toBe(200);
		expect((await state()).templates.find((x) => x.id === String(made.id))!.attributes).toMatchObject({
			...want,
			trackLinks: true,
			ccRecipients: [],
			name: 'Board recap'
		});
		// Every other template (the seed's) serves the fields too, with the defaults.
		const all = (await call('GET', '/templates', undefined, 'page[size]=1000')).body as { data: { id: number; attributes: Record<string, unknown> }[] };
		const others = all.data.filter((x) => x.id !== made.id);
		expect(others.length).toBeGreaterThan(20);
		expect(others.every((x) => x.attributes.trackOpens === true && x.attributes.trackLinks === true && Array.isArray(x.attributes.bccRecipients))).toBe(true);
	});

	it('a one-off email from a template takes its tracking settings unless the mailing sets its own', async () => {
		const s = await state();
		const tpl = s.templates.find((x) => x.attributes.name === 'Meeting follow-up')!;
		const p = s.prospects.find(
			(x) =>
				!x.attributes.optedOut &&
				!x.attributes.emailOptedOut &&
				x.attributes.emails.length > 0 &&
				x.relationships.account.data &&
				!s.emailAddresses.some((e) => e.relationships.prospect?.data?.id === x.id && e.attributes.status === 'bounced')
		)!;
		const mailbox = s.mailboxes.find((m) => !m.attributes.sendDisabled)!;
		expect((await call('PATCH', `/templates/${tpl.id}`, { data: { type: 'template', id: Number(tpl.id), attributes: { trackOpens: false } } })).status).toBe(
			200
		);
		const send = (attributes: Record<string, unknown>) =>
			call('POST', '/mailings', {
				data: {
					type: 'mailing',
					attributes: { subject: 'Hi {{first_name}}', bodyHtml: '<p>Hello</p>', ...attributes },
					relationships: {
						prospect: { data: { type: 'prospect', id: Number(p.id) } },
						mailbox: { data: { type: 'mailbox', id: Number(mailbox.id) } },
						template: { data: { type: 'template', id: Number(tpl.id) } }
					}
				}
			});
		const a = await send({});
		expect(a.status, JSON.stringify(a.body)).toBe(201);
		expect(RA('mailing').parse(a.body).data.attributes).toMatchObject({ trackOpens: false, trackLinks: true });
		const b = await send({ trackOpens: true });
		expect(b.status, JSON.stringify(b.body)).toBe(201);
		expect(RA('mailing').parse(b.body).data.attributes).toMatchObject({ trackOpens: true, trackLinks: true });
	});

	it('refuses tracking and recipients of the wrong type with a 422 that writes nothing', async () => {
		const t = (await state()).templates[0]!;
		const post = (attributes: Record<string, unknown>) => () =>
			call('POST', '/templates', { data: { type: 'template', attributes: { name: 'X', ...attributes } } });
		const patch = (attributes: Record<string, unknown>) => () =>
			call('PATCH', `/templates/${t.id}`, { data: { type: 'template', id: Number(t.id), attributes } });
		await refused(422, 'validationError', post({ trackOpens: 'yes' }));
		await refused(422, 'validationError', post({ trackLinks: 1 }));
		await refused(422, 'validationError', post({ toRecipients: 'billy.bob@seattle.city' }));
		await refused(422, 'validationError', post({ ccRecipients: [42] }));
		expect(await refused(422, 'validationError', post({ bccRecipients: ['Billy Bob'] }))).toMatch(/email address or a Name <email> pair/);
		await refused(422, 'validationError', post({ trackOpen: true }));
		await refused(422, 'validationError', post({ archivedAt: '2026-03-02T09:00:00.000Z' }));
		await refused(422, 'validationError', patch({ trackLinks: null }));
		await refused(422, 'validationError', patch({ toRecipients: ['not an address'] }));
		await refused(422, 'validationError', patch({ recipients: ['a@example.com'] }));
	});

	it('refuses bad writes with a 422 (or 404 / 415) that writes nothing', async () => {
		const t = (await state()).templates[0]!;
		expect(await refused(422, 'validationError', () => call('POST', '/templates', { data: { type: 'template', attributes: { name: '  ' } } }))).toMatch(
			/Name is required/
		);
		await refused(422, 'validationError', () => call('POST', '/templates', { data: { type: 'template', attributes: { subject: 'no name' } } }));
		await refused(422, 'validationError', () => call('POST', '/templates', { data: { type: 'template', attributes: { name: 'X', bodyText: 'read-only' } } }));
		await refused(422, 'validationError', () => call('POST', '/templates', { data: { type: 'template', attributes: { name: 'X', shareType: 'public' } } }));
		await refused(422, 'validationError', () => call('POST', '/templates', { data: { type: 'template', attributes: { name: 'X', subjct: 'typo' } } }));
		await refused(422, 'validationError', () => call('POST', '/templates', { data: { type: 'snippet', attributes: { name: 'X' } } }));
		expect(
			await refused(422, 'validationError', () =>
				call('POST', '/templates', { data: { type: 'template', attributes: { name: 'X' }, relationships: { owner: { data: { type: 'user', id: 999999 } } } } })
			)
		).toBe('user 999999 does not exist.');
		await refused(422, 'validationError', () => call('PATCH', `/templates/${t.id}`, { data: { type: 'template', id: 1, attributes: { name: 'Y' } } }));
		await refused(422, 'validationError', () =>
			call('PATCH', `/templates/${t.id}`, { data: { type: 'template', id: Number(t.id), attributes: { openCount: 3 } } })
		);
		await refused(422, 'validationError', () =>
			call('PATCH', `/templates/${t.id}`, { data: { type: 'template', id: Number(t.id), attributes: { name: '' } } })
		);
		expect(
			await refused(404, 'resourceNotFound', () => call('PATCH', '/templates/999999', { data: { type: 'template', id: 999999, attributes: { name: 'Y' } } }))
		).toBe("Could not find 'template' with ID '999999'.");
		await refused(
			415,
			'unsupportedMediaType',
			async () =>
				(await gym.handle({
					method: 'POST',
					path: '/templates',
					query: new URLSearchParams(),
					body: { data: { type: 'template', attributes: { name: 'X' } } },
					contentType: 'application/json'
				})) as { status: number; body: Json }
		);
	});
});

describe('snippets', () => {
	it('POST creates a private snippet owned by the acting user; PATCH edits it', async () => {
		const res = await call('POST', '/snippets', { data: { type: 'snippet', attributes: { name: 'Calendar link', bodyHtml: '<p>Book a time: …</p>' } } });
		expect(res.status, JSON.stringify(res.body)).toBe(201);
		const made = RA('snippet').parse(res.body).data;
		expect(made.attributes).toMatchObject({ name: 'Calendar link', shareType: 'private', tags: [] });
		expect(made.relationships.owner).toEqual({ data: { type: 'user', id: 1001 } });
		const up = await call('PATCH', `/snippets/${made.id}`, { data: { type: 'snippet', id: made.id, attributes: { shareType: 'shared', tags: ['meetings'] } } });
		expect(up.status, JSON.stringify(up.body)).toBe(200);
		const row = (await state()).snippets.find((s) => s.id === String(made.id))!;
		expect(row.attributes).toMatchObject({ name: 'Calendar link', bodyHtml: '<p>Book a time: …</p>', shareType: 'shared', tags: ['meetings'] });
	});

	it('refuses bad writes with a 422 (or 404) that writes nothing', async () => {
		const s = (await state()).snippets[0]!;
		await refused(422, 'validationError', () => call('POST', '/snippets', { data: { type: 'snippet', attributes: { bodyHtml: 'no name' } } }));
		await refused(422, 'validationError', () => call('POST', '/snippets', { data: { type: 'snippet', attributes: { name: 'X', shareType: 'read_only' } } }));
		await refused(422, 'validationError', () => call('POST', '/snippets', { data: { type: 'snippet', attributes: { name: 'X', bodyText: 'read-only' } } }));
		await refused(422, 'validationError', () =>
			call('PATCH', `/snippets/${s.id}`, { data: { type: 'snippet', id: Number(s.id) + 1, attributes: { name: 'Y' } } })
		);
		await refused(422, 'validationError', () => call('PATCH', `/snippets/${s.id}`, { data: { type: 'snippet', id: Number(s.id), attributes: { name: ' ' } } }));
		await refused(404, 'resourceNotFound', () => call('PATCH', '/snippets/999999', { data: { type: 'snippet', id: 999999, attributes: { name: 'Y' } } }));
	});
});
