import { describe, expect, it } from 'vitest';
import { baseProjection, initialState } from './seed';
import { FORM_IDS, OWNER_WITHOUT_INBOX } from './seed-sales';

describe('HubSpot sales projection (lists, forms, sequences, inboxes)', () => {
	const { state, next_ids } = baseProjection(1);
	const contacts = new Map(state.contacts.map((c) => [c.id, c]));

	it('has a realistic set: 5 manual lists with members, 4 forms with submissions, 6 sequences with enrollments, 11 inboxes', () => {
		expect(state.lists.map((l) => l.name)).toEqual([
			'Dormant leads – Q1 re-engagement',
			'Webinar attendees – Feb 2026',
			'Exec contacts – target accounts',
			'Newsletter subscribers',
			'Customer advisory board'
		]);
		for (const l of state.lists) expect(state.list_memberships.filter((m) => m.listId === l.id).length, l.name).toBeGreaterThan(0);
		expect(state.forms.map((f) => f.id)).toEqual(Object.values(FORM_IDS));
		for (const f of state.forms) expect(state.form_submissions.filter((s) => s.formId === f.id).length, f.name).toBeGreaterThan(0);
		expect(state.sequences).toHaveLength(6);
		expect([state.sequence_enrollments.length, state.form_submissions.length]).toEqual([190, 60]);
		for (const s of state.sequences)
			expect(
				state.sequence_enrollments.some((e) => e.sequenceId === s.id && e.state === 'ACTIVE'),
				s.name
			).toBe(true);
		expect(state.inboxes).toHaveLength(11);
		expect(state.inboxes.some((b) => b.ownerId === OWNER_WITHOUT_INBOX)).toBe(false);
		expect(next_ids).toMatchObject({ lists: 16, sequences: 370007 });
	});

	it('is consistent with the contacts: one live enrollment per contact, never for opted-out or bounced contacts', () => {
		const live = state.sequence_enrollments.filter((e) => e.state === 'ACTIVE' || e.state === 'PAUSED');
		expect(new Set(live.map((e) => e.contactId)).size).toBe(live.length);
		const bounced = new Set(state.emails.filter((e) => e.properties.hs_email_status === 'BOUNCED').map((e) => e.properties.hs_email_to_email));
		for (const e of live) {
			const c = contacts.get(e.contactId)!;
			expect(c.properties.hs_email_optout, e.id).not.toBe('true');
			expect(bounced.has(c.properties.email), e.id).toBe(false);
			expect(e.toEmail).toBe(c.properties.email);
		}
		expect(state.sequence_enrollments.filter((e) => e.unenrolledReason === 'UNSUBSCRIBED').length).toBeGreaterThan(0);
		expect(live.filter((e) => e.userId === OWNER_WITHOUT_INBOX).every((e) => e.state === 'PAUSED')).toBe(true);
		for (const m of state.list_memberships) expect(contacts.has(m.recordId), m.id).toBe(true);
		for (const s of state.form_submissions) expect(contacts.get(s.contactId)?.properties.email).toBe(s.values.find((v) => v.name === 'email')?.value);
	});

	it.each([
		[
			{ list_memberships: [{ id: '11:7', listId: '11', recordId: '7', membershipTimestamp: '2026-01-01T00:00:00.000Z' }] },
			'fixtures.hubspot.list_memberships[0].recordId: contacts 7 does not exist'
		],
		[
			{ list_memberships: [{ id: '99:100001', listId: '99', recordId: '100001', membershipTimestamp: '2026-01-01T00:00:00.000Z' }] },
			'fixtures.hubspot.list_memberships[0].listId: lists 99 does not exist'
		],
		[
			{ inboxes: [{ id: '990001', ownerId: '7', email: 'x@y.io', provider: 'GMAIL', connectedAt: '2026-01-01T00:00:00.000Z' }] },
			'fixtures.hubspot.inboxes[0].ownerId: owner 7 does not exist'
		]
	])('rejects a sales fixture with a dangling reference (%#)', (fixtures, message) => {
		expect(() => initialState({ seed: 1, fixtures })).toThrow(message);
	});

	it('rejects a fixture enrollment that would put a contact in two live sequences', () => {
		const e = state.sequence_enrollments.find((x) => x.state === 'ACTIVE')!;
		expect(() => initialState({ seed: 1, fixtures: { sequence_enrollments: [{ ...e, id: '990001' }] } })).toThrow(
			`fixtures.hubspot.sequence_enrollments[0].contactId: contact ${e.contactId} would be enrolled in more than one sequence`
		);
	});
});
