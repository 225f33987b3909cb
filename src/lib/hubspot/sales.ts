/**
 * Client of the HubSpot gym's sales APIs (lists/segments, forms + submissions, sequences + enrollments,
 * email templates), built on {@link request}: every function resolves to an `ApiResult` and never throws.
 * Shapes follow the handlers in `gyms/hubspot/api/{lists,forms,sequences,templates}.ts`.
 */
import { request, type ApiResult, type HubSpotError, type Paging } from './client';
import {
	HUBSPOT_PORTAL_ID,
	TEMPLATES_PATH,
	type ContactEnrollment,
	type CreateListBody,
	type EnrollBlockCode,
	type EnrollBody,
	type EnrollmentResult,
	type ErrorDetail,
	type Form,
	type FormSubmissionRow,
	type FormSubmitBody,
	type ListMember,
	type ListSearchBody,
	type ListSearchPage,
	type MembershipBody,
	type RecordMemberships,
	type SequenceDetail,
	type SequenceEnrollmentRow,
	type SequenceStep,
	type SequenceSummary,
	type WireList,
	type WireTemplate
} from '$gyms/hubspot/contract';
import type { z } from 'zod';

export type { ContactEnrollment, EnrollmentResult, Form, FormSubmissionRow, ListMember, SequenceDetail, SequenceEnrollmentRow, SequenceStep, SequenceSummary };
export { TEMPLATES_PATH };

/** A list (segment) as Lists v3 returns it; `size` = member count (the contract's wire list). */
export type HubSpotList = WireList;
/** A sales email template on the wire; timestamps epoch ms (the contract's wire template). */
export type EmailTemplate = WireTemplate;
/** One error of a rejected submission: `errorType` INVALID_EMAIL | REQUIRED_FIELD | FIELD_NOT_IN_FORM_DEFINITION. */
export type FormSubmitError = ErrorDetail;

const enc = encodeURIComponent;

/** `POST /crm/v3/lists` → `{list}`; 409 CONFLICT when a live list has the name (case-insensitive). */
export function createList(name: string): Promise<ApiResult<{ list: HubSpotList }>> {
	const body: z.input<typeof CreateListBody> = { name, objectTypeId: '0-1', processingType: 'MANUAL' };
	return request('POST', '/crm/v3/lists', body);
}

/** `GET /crm/v3/lists/{listId}` → `{list}`; 404 when unknown or deleted. */
export function getList(listId: string): Promise<ApiResult<{ list: HubSpotList }>> {
	return request('GET', `/crm/v3/lists/${enc(listId)}`);
}

/** `POST /crm/v3/lists/search` → `{lists, offset, hasMore, total}` (newest first; `query` = name substring). */
export function searchLists(body: z.input<typeof ListSearchBody> = {}): Promise<ApiResult<ListSearchPage>> {
	return request('POST', '/crm/v3/lists/search', body);
}

/** `DELETE /crm/v3/lists/{listId}` → 204 (`data` null). */
export function deleteList(listId: string): Promise<ApiResult<null>> {
	return request('DELETE', `/crm/v3/lists/${enc(listId)}`);
}

/** `PUT /crm/v3/lists/{listId}/memberships/add` with contact ids → `{recordIdsAdded, recordIdsMissing}`. */
export function addToList(
	listId: string,
	recordIds: z.input<typeof MembershipBody>
): Promise<ApiResult<{ recordIdsAdded: string[]; recordIdsMissing: string[] }>> {
	return request('PUT', `/crm/v3/lists/${enc(listId)}/memberships/add`, recordIds);
}

/** `PUT /crm/v3/lists/{listId}/memberships/remove` → `{recordIdsRemoved, recordIdsMissing}`. */
export function removeFromList(
	listId: string,
	recordIds: z.input<typeof MembershipBody>
): Promise<ApiResult<{ recordIdsRemoved: string[]; recordIdsMissing: string[] }>> {
	return request('PUT', `/crm/v3/lists/${enc(listId)}/memberships/remove`, recordIds);
}

/** `GET /crm/v3/lists/{listId}/memberships?limit&after` → `{results, total, paging?}` in record-id order (limit ≤ 250). */
export function listMembers(
	listId: string,
	o: { limit?: number; after?: string } = {}
): Promise<ApiResult<{ results: ListMember[]; total: number; paging?: Paging }>> {
	const q = new URLSearchParams();
	if (o.limit) q.set('limit', String(o.limit));
	if (o.after) q.set('after', o.after);
	return request('GET', `/crm/v3/lists/${enc(listId)}/memberships${q.size ? `?${q}` : ''}`);
}

/** `GET /crm/v3/lists/records/0-1/{contactId}/memberships` → the lists a contact is in. */
export function contactLists(contactId: string): Promise<ApiResult<RecordMemberships>> {
	return request('GET', `/crm/v3/lists/records/0-1/${enc(contactId)}/memberships`);
}

// ---- forms ----

/** The portal id used in form-submission URLs (the contract's HUBSPOT_PORTAL_ID). */
export const PORTAL_ID = HUBSPOT_PORTAL_ID;

/** `GET /marketing/v3/forms` → `{results}` (≤ 50, the gym has a handful). */
export function listForms(): Promise<ApiResult<{ results: Form[] }>> {
	return request('GET', '/marketing/v3/forms?limit=50');
}

/** `GET /marketing/v3/forms/{formId}` → the form; 404. */
export function getForm(formId: string): Promise<ApiResult<Form>> {
	return request('GET', `/marketing/v3/forms/${enc(formId)}`);
}

/** `GET /form-integrations/v1/submissions/forms/{formId}?limit&after` → newest first, `limit` ≤ 50. */
export function listSubmissions(
	formId: string,
	o: { limit?: number; after?: string } = {}
): Promise<ApiResult<{ results: FormSubmissionRow[]; paging?: Paging }>> {
	const q = new URLSearchParams({ limit: String(o.limit ?? 50) });
	if (o.after) q.set('after', o.after);
	return request('GET', `/form-integrations/v1/submissions/forms/${enc(formId)}?${q}`);
}

/** Every submission of a form (follows the cursor). */
export async function allSubmissions(formId: string): Promise<ApiResult<FormSubmissionRow[]>> {
	const out: FormSubmissionRow[] = [];
	let after: string | undefined;
	for (;;) {
		const r = await listSubmissions(formId, { after });
		if (!r.ok) return r;
		out.push(...r.data.results);
		after = r.data.paging?.next?.after;
		if (!after) return { ok: true, data: out };
	}
}

/**
 * `POST /submissions/v3/integration/submit/{portalId}/{formId}` with `{fields, context}` → `{inlineMessage}`;
 * on 400 the body is `{message: "The request is not valid", errors: FormSubmitError[]}`.
 */
export function submitForm(
	formId: string,
	values: Record<string, string>,
	context: { pageUri?: string; pageName?: string } = {}
): Promise<ApiResult<{ inlineMessage: string }>> {
	const fields = Object.entries(values)
		.filter(([, v]) => v.trim() !== '')
		.map(([name, value]) => ({ objectTypeId: '0-1', name, value }));
	const body: z.input<typeof FormSubmitBody> = { fields, context };
	return request('POST', `/submissions/v3/integration/submit/${PORTAL_ID}/${enc(formId)}`, body);
}

/** The per-field errors of a rejected submission, by field name (`''` for errors not naming a field). */
export function submissionErrors(error: HubSpotError): Map<string, string> {
	const out = new Map<string, string>();
	for (const e of (error.errors ?? []) as FormSubmitError[]) {
		const name = /fields\.([a-z0-9_]+)/i.exec(e.message)?.[1] ?? '';
		out.set(name, e.message);
	}
	return out;
}

// ---- sequences ----

/** `GET /automation/v4/sequences?userId=&includeStats=true` → `{results}` (userId = the acting user's owner id or user id). */
export function listSequences(userId: string): Promise<ApiResult<{ results: SequenceSummary[] }>> {
	return request('GET', `/automation/v4/sequences?userId=${enc(userId)}&includeStats=true`);
}

/** `GET /automation/v4/sequences/{id}?userId=` → the sequence with its steps; 404. */
export function getSequence(id: string, userId: string): Promise<ApiResult<SequenceDetail>> {
	return request('GET', `/automation/v4/sequences/${enc(id)}?userId=${enc(userId)}`);
}

/** UI label of a step's type: Automated email, Manual email task, Call task, LinkedIn task or General task. */
export function stepKindLabel(step: Pick<SequenceStep, 'actionType' | 'taskType'>): string {
	if (step.actionType === 'SEND_TEMPLATE') return 'Automated email';
	return step.taskType === 'EMAIL'
		? 'Manual email task'
		: step.taskType === 'CALL'
			? 'Call task'
			: step.taskType === 'LINKED_IN'
				? 'LinkedIn task'
				: 'General task';
}

/** Day N of each step (day 1 = enrollment; delays accumulate), as the sequence editor shows it. */
export function stepDays(steps: readonly Pick<SequenceStep, 'delayMillis'>[]): number[] {
	let ms = 0;
	return steps.map((s) => {
		ms += s.delayMillis;
		return Math.floor(ms / 86_400_000) + 1;
	});
}

/**
 * `POST /automation/v4/sequences/enrollments?userId=` `{contactId, sequenceId, senderEmail, startingStepOrder?}`.
 * On a 400 the reason is `error.errors[0].code` (see {@link enrollBlockReason}).
 */
export function enrollInSequence(o: {
	userId: string;
	contactId: string;
	sequenceId: string;
	senderEmail: string;
	startingStepOrder?: number;
}): Promise<ApiResult<EnrollmentResult>> {
	const body: z.input<typeof EnrollBody> = { contactId: o.contactId, sequenceId: o.sequenceId, senderEmail: o.senderEmail };
	if (o.startingStepOrder) body.startingStepOrder = o.startingStepOrder;
	return request('POST', `/automation/v4/sequences/enrollments?userId=${enc(o.userId)}`, body);
}

/** `GET /automation/v4/sequences/enrollments/contact/{contactId}`; 404 when the contact is in no sequence. */
export function contactEnrollment(contactId: string): Promise<ApiResult<ContactEnrollment>> {
	return request('GET', `/automation/v4/sequences/enrollments/contact/${enc(contactId)}`);
}

/** `GET /automation/v4/sequences/{id}/enrollments?userId=&state=` (gym-specific) → `{results, total}`, newest first. */
export function listSequenceEnrollments(
	sequenceId: string,
	userId: string,
	state?: SequenceEnrollmentRow['state']
): Promise<ApiResult<{ results: SequenceEnrollmentRow[]; total: number }>> {
	return request('GET', `/automation/v4/sequences/${enc(sequenceId)}/enrollments?userId=${enc(userId)}${state ? `&state=${state}` : ''}`);
}

/** `POST /automation/v4/sequences/enrollments/{id}/unenroll` (gym-specific) → the enrollment, state UNENROLLED. */
export function unenroll(enrollmentId: string): Promise<ApiResult<EnrollmentResult & { state: string }>> {
	return request('POST', `/automation/v4/sequences/enrollments/${enc(enrollmentId)}/unenroll`);
}

/** Short UI labels of the enrollment blocking reasons, by API code (HubSpot's Enroll dialog wording). */
export const ENROLL_BLOCK_LABELS: Record<EnrollBlockCode, string> = {
	CONTACT_ALREADY_ENROLLED: 'Already enrolled in a sequence',
	CONTACT_UNSUBSCRIBED: 'Unsubscribed from email',
	CONTACT_BOUNCED: 'Email bounced',
	CONTACT_MISSING_EMAIL: 'No email address',
	SENDER_INBOX_NOT_CONNECTED: 'No connected inbox',
	SENDER_EMAIL_MISMATCH: 'Not a connected inbox of the sender'
};

/** Outcome of an Enroll attempt over several contacts (EnrollDialog's `ondone`). */
export interface EnrollOutcome {
	/** Contact ids enrolled. */
	enrolled: string[];
	/** Contacts refused, with the API's reason code, its short UI label and the vendor message. */
	blocked: { contactId: string; code: string; label: string; message: string }[];
}

/** The blocking reason of a refused enrollment: `{code, label, message}`; code `''` for other errors. */
export function enrollBlockReason(error: HubSpotError): { code: string; label: string; message: string } {
	const code = error.errors?.[0]?.code ?? '';
	return { code, label: (ENROLL_BLOCK_LABELS as Record<string, string>)[code] ?? 'Could not enroll', message: error.message };
}

// ---- templates ----

/**
 * Every non-archived sales template, in id order: `GET /automation/email-templates/2026-03?limit=100&after=…`
 * page after page (at most 50 pages) → `{results}`. Subject and body carry personalization tokens
 * (`$gyms/hubspot/tokens`). The first failing page's error is returned.
 */
export async function listTemplates(): Promise<ApiResult<{ results: EmailTemplate[] }>> {
	const results: EmailTemplate[] = [];
	let after: string | undefined;
	for (let page = 0; page < 50; page++) {
		const r = await request<{ results: EmailTemplate[]; paging?: Paging }>('GET', `${TEMPLATES_PATH}?limit=100${after ? `&after=${enc(after)}` : ''}`);
		if (!r.ok) return r;
		results.push(...r.data.results);
		after = r.data.paging?.next?.after;
		if (!after) break;
	}
	return { ok: true, data: { results } };
}

/** `GET /automation/email-templates/2026-03/{id}`; 404. */
export function getTemplate(id: string): Promise<ApiResult<EmailTemplate>> {
	return request('GET', `${TEMPLATES_PATH}/${enc(id)}`);
}
