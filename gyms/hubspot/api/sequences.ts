/**
 * HubSpot sequences (Sales Hub; platforms.md §2.2), v4 paths:
 * - `GET  /automation/v4/sequences?userId=&limit&after&name` → `{results:[{id, name, userId, folderId, createdAt, updatedAt}], paging?}`;
 *   gym extension `includeStats=true` adds `stats:{enrolled, total, replyRate, meetingRate}` (UI list columns)
 * - `GET  /automation/v4/sequences/{sequenceId}?userId=` → the sequence with `steps[]`; 404
 * - `POST /automation/v4/sequences/enrollments?userId=` `{contactId, sequenceId, senderEmail}` → 200 `{id, toEmail, enrolledAt, updatedAt}`
 * - `GET  /automation/v4/sequences/enrollments/contact/{contactId}` → the contact's live enrollment
 *   `{id, toEmail, enrolledAt, updatedAt, sequenceId, sequenceName, enrolledBy, enrolledByEmail, state, currentStep}`; 404 when none
 * - `GET  /automation/v4/sequences/{sequenceId}/enrollments?userId=&state=` (gym-specific: the "Enrolled" tab) → `{results, total}`
 * - `POST /automation/v4/sequences/enrollments/{enrollmentId}/unenroll` (gym-specific: HubSpot has no public v4
 *   unenroll endpoint; the UI's "Unenroll") → 200 the enrollment, `state` UNENROLLED, reason MANUAL
 *
 * `userId` is required (HubSpot's sequences API acts for a user): the owner's `userId` (e.g. 51001) or owner id (1001).
 * Enrollment is refused (400 VALIDATION_ERROR, `errors[0].code` naming the reason; exact HubSpot wording is not
 * public, so the messages are this gym's) when the sender has no connected inbox or `senderEmail` is not theirs,
 * or the contact has no email, unsubscribed (`hs_email_optout`), hard-bounced (a BOUNCED email to the address),
 * or is already ACTIVE/PAUSED in a sequence (one sequence per contact at a time).
 */
import type { ApiRequest, ApiResponse } from '../../types';
import type { HubSpotDb } from '../db';
import { ENROLLMENT_STATES, EnrollBody, type EnrollBlockCode, type Owner, type Sequence, type SequenceEnrollment } from '../contract';
import { BASE, byNumericId, page, parseAfter, parseLimit } from './paging';
import { commit, stampOf } from './write';
import { HubSpotError, invalidInput } from './errors';
import { parseBody } from './zod-message';

function blocked(code: EnrollBlockCode, message: string, contactId?: string): HubSpotError {
	return new HubSpotError(400, 'VALIDATION_ERROR', message, [{ message, code, ...(contactId ? { context: { contactId: [contactId] } } : {}) }]);
}

/** The acting user from `?userId=`. @throws 400 when missing or unknown. */
async function actingUser(db: HubSpotDb, req: ApiRequest): Promise<Owner> {
	const raw = req.query.get('userId');
	if (!raw) throw new HubSpotError(400, 'VALIDATION_ERROR', 'Query parameter userId is required.');
	const owners = await db.owners.toArray();
	const owner = owners.find((o) => !o.archived && (String(o.userId) === raw || o.id === raw));
	if (!owner) throw new HubSpotError(400, 'VALIDATION_ERROR', `userId ${raw} is not a user of this account.`);
	return owner;
}

async function liveSequence(db: HubSpotDb, id: string): Promise<Sequence> {
	const seq = await db.sequences.get(id);
	if (!seq || seq.archived) throw new HubSpotError(404, 'OBJECT_NOT_FOUND', `Sequence ${id} does not exist.`);
	return seq;
}

const isLive = (e: SequenceEnrollment) => e.state === 'ACTIVE' || e.state === 'PAUSED';

/** The wire sequence summary; `userId` is the owner's HubSpot user id. */
function summary(seq: Sequence, owners: Map<string, Owner>) {
	return {
		id: seq.id,
		name: seq.name,
		userId: String(owners.get(seq.userId)?.userId ?? seq.userId),
		folderId: seq.folderId,
		createdAt: seq.createdAt,
		updatedAt: seq.updatedAt
	};
}

/** Rates as HubSpot's sequences list shows them: share of all enrollments that replied / booked a meeting (0–1, 3 decimals). */
function stats(rows: SequenceEnrollment[]) {
	const total = rows.length;
	const rate = (n: number) => (total ? Math.round((n / total) * 1000) / 1000 : 0);
	return {
		enrolled: rows.filter(isLive).length,
		total,
		replyRate: rate(rows.filter((e) => e.unenrolledReason === 'REPLIED').length),
		meetingRate: rate(rows.filter((e) => e.unenrolledReason === 'MEETING_BOOKED').length)
	};
}

/** `GET /automation/v4/sequences`: live sequences by id; `name` filters by substring. */
export async function listSequences(db: HubSpotDb, req: ApiRequest): Promise<ApiResponse> {
	await actingUser(db, req);
	const limit = parseLimit(req.query.get('limit'), { default: 100, max: 100 });
	const after = parseAfter(req.query.get('after'));
	const name = (req.query.get('name') ?? '').toLowerCase();
	const owners = new Map((await db.owners.toArray()).map((o) => [o.id, o]));
	const rows = (await db.sequences.toArray()).filter((s) => !s.archived && s.name.toLowerCase().includes(name)).sort(byNumericId);
	const p = page(rows, after, limit, (a) => `${BASE}/automation/v4/sequences?limit=${limit}&after=${a}`);
	let results: Record<string, unknown>[] = p.results.map((s) => summary(s, owners));
	if (req.query.get('includeStats') === 'true') {
		const all = await db.sequence_enrollments
			.where('sequenceId')
			.anyOf(p.results.map((s) => s.id))
			.toArray();
		results = results.map((r) => ({ ...r, stats: stats(all.filter((e) => e.sequenceId === r.id)) }));
	}
	return { status: 200, body: p.paging ? { results, paging: p.paging } : { results } };
}

/** `GET /automation/v4/sequences/{sequenceId}`: the sequence with its steps. */
export async function getSequence(db: HubSpotDb, req: ApiRequest, id: string): Promise<ApiResponse> {
	await actingUser(db, req);
	const seq = await liveSequence(db, id);
	const owners = new Map((await db.owners.toArray()).map((o) => [o.id, o]));
	const steps = seq.steps.map((s) => ({ id: `${seq.id}${String(s.stepOrder).padStart(2, '0')}`, ...s }));
	return { status: 200, body: { ...summary(seq, owners), steps } };
}

function wireEnrollment(e: SequenceEnrollment) {
	return { id: e.id, toEmail: e.toEmail, enrolledAt: e.enrolledAt, updatedAt: e.updatedAt };
}

/** `POST /automation/v4/sequences/enrollments`. */
export async function enroll(db: HubSpotDb, req: ApiRequest): Promise<ApiResponse> {
	const { contactId, sequenceId, senderEmail, startingStepOrder = 0 } = parseBody(EnrollBody, req.body);
	return db.transaction('rw', [db.owners, db.inboxes, db.contacts, db.emails, db.sequences, db.sequence_enrollments, db.meta, db.events], async () => {
		const user = await actingUser(db, req);
		const seq = await liveSequence(db, sequenceId);
		if (startingStepOrder >= seq.steps.length) throw invalidInput(`startingStepOrder ${startingStepOrder} is past the last step (${seq.steps.length - 1})`);
		const contact = await db.contacts.get(contactId);
		if (!contact || contact.archived) throw new HubSpotError(404, 'OBJECT_NOT_FOUND', `Contact ${contactId} does not exist.`);
		const inboxes = await db.inboxes.where('ownerId').equals(user.id).toArray();
		if (!inboxes.length)
			throw blocked(
				'SENDER_INBOX_NOT_CONNECTED',
				`${user.firstName} ${user.lastName} (${user.email}) has no connected inbox. Connect an inbox to send sequence emails.`
			);
		if (!inboxes.some((b) => b.email.toLowerCase() === senderEmail.toLowerCase()))
			throw blocked('SENDER_EMAIL_MISMATCH', `${senderEmail} is not a connected inbox of ${user.email}.`);
		const email = contact.properties.email ?? '';
		if (!email) throw blocked('CONTACT_MISSING_EMAIL', `Contact ${contactId} has no email address and can't be enrolled in a sequence.`, contactId);
		if (contact.properties.hs_email_optout === 'true')
			throw blocked('CONTACT_UNSUBSCRIBED', `Contact ${contactId} (${email}) has unsubscribed from all email and can't be enrolled in a sequence.`, contactId);
		const bounced = (await db.emails.toArray()).some(
			(m) => m.properties.hs_email_status === 'BOUNCED' && (m.properties.hs_email_to_email ?? '').toLowerCase() === email
		);
		if (bounced)
			throw blocked('CONTACT_BOUNCED', `Contact ${contactId} (${email}) has a hard bounce on record and can't be enrolled in a sequence.`, contactId);
		const current = (await db.sequence_enrollments.where('contactId').equals(contactId).toArray()).find(isLive);
		if (current) {
			const other = await db.sequences.get(current.sequenceId);
			throw blocked(
				'CONTACT_ALREADY_ENROLLED',
				`Contact ${contactId} is already enrolled in the sequence "${other?.name ?? current.sequenceId}". A contact can be enrolled in one sequence at a time; unenroll them first.`,
				contactId
			);
		}
		const stamp = await stampOf(db);
		const id = String(stamp.meta.next_ids.sequence_enrollments ?? 1);
		stamp.meta = { ...stamp.meta, next_ids: { ...stamp.meta.next_ids, sequence_enrollments: Number(id) + 1 } };
		const row: SequenceEnrollment = {
			id,
			sequenceId,
			contactId,
			toEmail: email,
			senderEmail: senderEmail.toLowerCase(),
			userId: user.id,
			state: 'ACTIVE',
			currentStep: startingStepOrder,
			unenrolledReason: null,
			enrolledAt: stamp.at,
			updatedAt: stamp.at
		};
		await db.sequence_enrollments.add(row);
		await commit(db, stamp, req, 200, 'sequence_enrollments', [id]);
		return { status: 200, body: wireEnrollment(row) };
	});
}

/** `GET /automation/v4/sequences/enrollments/contact/{contactId}`. */
export async function contactEnrollment(db: HubSpotDb, _req: ApiRequest, contactId: string): Promise<ApiResponse> {
	const e = (await db.sequence_enrollments.where('contactId').equals(contactId).toArray()).find(isLive);
	if (!e) throw new HubSpotError(404, 'OBJECT_NOT_FOUND', `Contact ${contactId} is not enrolled in a sequence.`);
	const [seq, owner] = await Promise.all([db.sequences.get(e.sequenceId), db.owners.get(e.userId)]);
	return {
		status: 200,
		body: {
			...wireEnrollment(e),
			sequenceId: e.sequenceId,
			sequenceName: seq?.name ?? '',
			enrolledBy: String(owner?.userId ?? e.userId),
			enrolledByEmail: e.senderEmail,
			state: e.state,
			currentStep: e.currentStep
		}
	};
}

/** `POST /automation/v4/sequences/enrollments/{enrollmentId}/unenroll` (gym-specific). @throws 404 unknown id; 400 when not ACTIVE/PAUSED. */
export async function unenroll(db: HubSpotDb, req: ApiRequest, enrollmentId: string): Promise<ApiResponse> {
	return db.transaction('rw', [db.sequence_enrollments, db.meta, db.events], async () => {
		const e = await db.sequence_enrollments.get(enrollmentId);
		if (!e) throw new HubSpotError(404, 'OBJECT_NOT_FOUND', `Enrollment ${enrollmentId} does not exist.`);
		if (!isLive(e)) throw new HubSpotError(400, 'VALIDATION_ERROR', `Enrollment ${enrollmentId} is ${e.state}, not active; there is nothing to unenroll.`);
		const stamp = await stampOf(db);
		const row: SequenceEnrollment = { ...e, state: 'UNENROLLED', unenrolledReason: 'MANUAL', updatedAt: stamp.at };
		await db.sequence_enrollments.put(row);
		await commit(db, stamp, req, 200, 'sequence_enrollments', [enrollmentId]);
		return { status: 200, body: { ...wireEnrollment(row), state: row.state, unenrolledReason: row.unenrolledReason } };
	});
}

/**
 * `GET /automation/v4/sequences/{sequenceId}/enrollments?userId=&state=` (gym-specific: the sequence page's
 * "Enrolled" tab): `{results:[{id, contactId, toEmail, senderEmail, state, currentStep, unenrolledReason, enrolledAt,
 * updatedAt}], total}`, newest first; `state` filters (e.g. `ACTIVE`). @throws 400 without userId / bad state; 404.
 */
export async function listSequenceEnrollments(db: HubSpotDb, req: ApiRequest, sequenceId: string): Promise<ApiResponse> {
	await actingUser(db, req);
	await liveSequence(db, sequenceId);
	const state = req.query.get('state');
	if (state !== null && !(ENROLLMENT_STATES as readonly string[]).includes(state))
		throw invalidInput(`state must be one of ${ENROLLMENT_STATES.join(', ')}, got "${state}"`);
	const rows = (await db.sequence_enrollments.where('sequenceId').equals(sequenceId).toArray())
		.filter((e) => state === null || e.state === state)
		.sort((a, b) => (a.enrolledAt < b.enrolledAt ? 1 : a.enrolledAt > b.enrolledAt ? -1 : Number(b.id) - Number(a.id)));
	const results = rows.map((e) => ({
		id: e.id,
		contactId: e.contactId,
		toEmail: e.toEmail,
		senderEmail: e.senderEmail,
		state: e.state,
		currentStep: e.currentStep,
		unenrolledReason: e.unenrolledReason,
		enrolledAt: e.enrolledAt,
		updatedAt: e.updatedAt
	}));
	return { status: 200, body: { results, total: results.length } };
}
