import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { HubSpotDb } from '../db';
import { createHubSpotGym } from '../index';
import { baseProjection } from '../seed';
import type { ApiRequest, Gym } from '../../types';

const req = (method: string, path: string, body?: unknown, query = ''): ApiRequest => ({ method, path, query: new URLSearchParams(query), body });
const gym: Gym = createHubSpotGym(new HubSpotDb('test-sequences'));
const snapshot = async () => JSON.stringify(await gym.exportState());
beforeEach(async () => {
	await gym.reset({ run_id: 'r', task_id: null, seed: 1, clock: '2026-03-02T14:30:00.000Z' });
});

// Seed facts the tests rely on (computed, so they follow the projection).
const { state } = baseProjection(1);
const live = new Set(state.sequence_enrollments.filter((e) => e.state === 'ACTIVE' || e.state === 'PAUSED').map((e) => e.contactId));
const bouncedTo = new Set(state.emails.filter((e) => e.properties.hs_email_status === 'BOUNCED').map((e) => e.properties.hs_email_to_email));
const free = state.contacts.find(
	(c) => c.properties.email && !live.has(c.id) && c.properties.hs_email_optout !== 'true' && !bouncedTo.has(c.properties.email)
)!;
const enrolled = state.sequence_enrollments.find((e) => e.state === 'ACTIVE')!;
const optedOut = state.contacts.find((c) => c.properties.hs_email_optout === 'true' && !live.has(c.id))!;
const bounced = state.contacts.find((c) => bouncedTo.has(c.properties.email) && c.properties.hs_email_optout !== 'true' && !live.has(c.id))!;
const SEQ = state.sequences[2]!; // Re-engage – 3 touch
const MAYA = { userId: '51001', email: 'maya.patel@salesgym.io' };
const enrollBody = (contactId: string, senderEmail = MAYA.email) => ({ contactId, sequenceId: SEQ.id, senderEmail });
const ENROLL = '/automation/v4/sequences/enrollments';

describe('GET /automation/v4/sequences', () => {
	it('lists the sequences (userId required), with stats on request', async () => {
		const res = await gym.handle(req('GET', '/automation/v4/sequences', undefined, `userId=${MAYA.userId}&includeStats=true`));
		expect(res.status).toBe(200);
		const body = res.body as { results: { id: string; name: string; userId: string; stats: { enrolled: number; total: number; replyRate: number } }[] };
		expect(body.results.map((s) => s.name)).toEqual(state.sequences.map((s) => s.name));
		expect(body.results[0]!.userId).toMatch(/^510\d\d$/);
		for (const s of body.results) expect(s.stats.enrolled).toBeGreaterThan(0);
		expect(body.results.some((s) => s.stats.replyRate > 0)).toBe(true);
		expect((await gym.handle(req('GET', '/automation/v4/sequences'))).status).toBe(400);
		expect((await gym.handle(req('GET', '/automation/v4/sequences', undefined, 'userId=999'))).status).toBe(400);
	});

	it('gets one sequence with its steps; 404 for an unknown id', async () => {
		const res = await gym.handle(req('GET', `/automation/v4/sequences/${SEQ.id}`, undefined, `userId=${MAYA.userId}`));
		const body = res.body as { name: string; steps: { stepOrder: number; actionType: string; delayMillis: number }[] };
		expect(body.name).toBe('Re-engage – 3 touch');
		expect(body.steps.map((s) => s.actionType)).toEqual(['SEND_TEMPLATE', 'SEND_TEMPLATE', 'CREATE_TASK']);
		expect(body.steps[1]!.delayMillis).toBe(4 * 86_400_000);
		expect((await gym.handle(req('GET', '/automation/v4/sequences/1', undefined, `userId=${MAYA.userId}`))).status).toBe(404);
	});
});

describe('POST /automation/v4/sequences/enrollments', () => {
	it('enrolls an eligible contact: {id, toEmail, enrolledAt, updatedAt}, one event; the contact endpoint shows it', async () => {
		const res = await gym.handle(req('POST', ENROLL, enrollBody(free.id), `userId=${MAYA.userId}`));
		expect(res.status).toBe(200);
		expect(res.body).toEqual({
			id: expect.stringMatching(/^\d+$/),
			toEmail: free.properties.email,
			enrolledAt: '2026-03-02T14:30:00.000Z',
			updatedAt: '2026-03-02T14:30:00.000Z'
		});
		const got = await gym.handle(req('GET', `${ENROLL}/contact/${free.id}`));
		expect(got.body).toMatchObject({ sequenceId: SEQ.id, sequenceName: SEQ.name, enrolledByEmail: MAYA.email, state: 'ACTIVE', currentStep: 0 });
		const s = await gym.exportState();
		expect(s.events).toEqual([expect.objectContaining({ entity: 'sequence_enrollments', status: 200 })]);
	});

	it.each([
		['already enrolled', () => enrolled.contactId, MAYA.email, 'CONTACT_ALREADY_ENROLLED', 'is already enrolled in the sequence'],
		['unsubscribed', () => optedOut.id, MAYA.email, 'CONTACT_UNSUBSCRIBED', 'has unsubscribed from all email'],
		['bounced', () => bounced.id, MAYA.email, 'CONTACT_BOUNCED', 'has a hard bounce on record'],
		['not the sender’s inbox', () => free.id, 'jordan.lee@salesgym.io', 'SENDER_EMAIL_MISMATCH', 'is not a connected inbox of']
	])('refuses %s with 400 and the reason code, writing nothing', async (_label, contactId, sender, code, text) => {
		const before = await snapshot();
		const res = await gym.handle(req('POST', ENROLL, enrollBody(contactId(), sender), `userId=${MAYA.userId}`));
		expect(res.status).toBe(400);
		expect(res.body).toMatchObject({ status: 'error', category: 'VALIDATION_ERROR', errors: [{ code }] });
		expect((res.body as { message: string }).message).toContain(text);
		expect(await snapshot()).toBe(before);
	});

	it('refuses a sender without a connected inbox (owner 1008)', async () => {
		const res = await gym.handle(req('POST', ENROLL, enrollBody(free.id, 'carlos.mendes@salesgym.io'), 'userId=1008'));
		expect(res.body).toMatchObject({ errors: [{ code: 'SENDER_INBOX_NOT_CONNECTED' }] });
		expect((res.body as { message: string }).message).toContain('has no connected inbox');
	});

	it('refuses a contact without email; 404 for an unknown contact or sequence; 400 for a bad body or missing userId', async () => {
		await gym.handle(req('PATCH', `/crm/v3/objects/contacts/${free.id}`, { properties: { email: '' } }));
		expect((await gym.handle(req('POST', ENROLL, enrollBody(free.id), `userId=${MAYA.userId}`))).body).toMatchObject({
			errors: [{ code: 'CONTACT_MISSING_EMAIL' }]
		});
		expect((await gym.handle(req('POST', ENROLL, enrollBody('7'), `userId=${MAYA.userId}`))).status).toBe(404);
		expect((await gym.handle(req('POST', ENROLL, { ...enrollBody(free.id), sequenceId: '1' }, `userId=${MAYA.userId}`))).status).toBe(404);
		expect((await gym.handle(req('POST', ENROLL, { ...enrollBody(free.id), sequnceId: '1' }, `userId=${MAYA.userId}`))).status).toBe(400);
		expect((await gym.handle(req('POST', ENROLL, enrollBody(free.id)))).status).toBe(400);
		expect((await gym.handle(req('POST', ENROLL, { ...enrollBody(free.id), startingStepOrder: 9 }, `userId=${MAYA.userId}`))).status).toBe(400);
	});
});

describe('unenroll (gym-specific) and the contact enrollment endpoint', () => {
	it('unenrolls a live enrollment; the contact can then be enrolled elsewhere; a second unenroll is a 400', async () => {
		const res = await gym.handle(req('POST', `${ENROLL}/${enrolled.id}/unenroll`));
		expect(res.body).toMatchObject({ id: enrolled.id, state: 'UNENROLLED', unenrolledReason: 'MANUAL' });
		expect((await gym.handle(req('GET', `${ENROLL}/contact/${enrolled.contactId}`))).status).toBe(404);
		const again = await gym.handle(req('POST', ENROLL, enrollBody(enrolled.contactId), `userId=${MAYA.userId}`));
		expect(again.status).toBe(200);
		expect((await gym.handle(req('POST', `${ENROLL}/${enrolled.id}/unenroll`))).status).toBe(400);
		expect((await gym.handle(req('POST', `${ENROLL}/1/unenroll`))).status).toBe(404);
	});
});

describe('GET /automation/email-templates/2026-03', () => {
	it('lists templates with epoch-ms timestamps and gets one; 404 for an unknown id', async () => {
		const res = (await gym.handle(req('GET', '/automation/email-templates/2026-03', undefined, 'limit=5'))).body as {
			results: { id: string; name: string; createdAt: number; folderId: string }[];
			paging: { next: { after: string } };
		};
		expect(res.results).toHaveLength(5);
		expect(res.results[0]).toMatchObject({ id: '350001', name: 'Cold intro – RevOps', folderId: 'Prospecting' });
		expect(typeof res.results[0]!.createdAt).toBe('number');
		expect(res.paging.next.after).toBe('5');
		const one = await gym.handle(req('GET', '/automation/email-templates/2026-03/350002'));
		expect(one.body).toMatchObject({ name: 'Demo follow-up', subject: 'Recap: salesgym demo for {{ company.name }}' });
		expect((await gym.handle(req('GET', '/automation/email-templates/2026-03/1'))).status).toBe(404);
	});
});

describe('GET /automation/v4/sequences/{id}/enrollments (gym-specific)', () => {
	it('lists a sequence’s enrollments newest first, filtered by state; 400 for a bad state, 404 for an unknown sequence', async () => {
		const all = (await gym.handle(req('GET', `/automation/v4/sequences/${SEQ.id}/enrollments`, undefined, `userId=${MAYA.userId}`))).body as {
			results: { state: string; enrolledAt: string }[];
			total: number;
		};
		expect(all.total).toBe(state.sequence_enrollments.filter((e) => e.sequenceId === SEQ.id).length);
		const at = all.results.map((r) => r.enrolledAt);
		expect(at).toEqual([...at].sort().reverse());
		const active = (await gym.handle(req('GET', `/automation/v4/sequences/${SEQ.id}/enrollments`, undefined, `userId=${MAYA.userId}&state=ACTIVE`))).body as {
			results: { state: string }[];
		};
		expect(active.results.length).toBeGreaterThan(0);
		expect(new Set(active.results.map((r) => r.state))).toEqual(new Set(['ACTIVE']));
		expect((await gym.handle(req('GET', `/automation/v4/sequences/${SEQ.id}/enrollments`, undefined, `userId=${MAYA.userId}&state=LIVE`))).status).toBe(400);
		expect((await gym.handle(req('GET', '/automation/v4/sequences/1/enrollments', undefined, `userId=${MAYA.userId}`))).status).toBe(404);
	});
});
