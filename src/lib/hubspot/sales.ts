/**
 * Client of the HubSpot gym's sales APIs (lists/segments, forms + submissions, sequences + enrollments,
 * email templates), built on {@link request}: every function resolves to an `ApiResult` and never throws.
 * Shapes follow the handlers in `gyms/hubspot/api/{lists,forms,sequences,templates}.ts`.
 */
import { request, type ApiResult, type HubSpotError, type Paging } from './client';
import type { Form, SequenceStep } from '$gyms/hubspot/schema';

export type { Form, SequenceStep };

const enc = encodeURIComponent;

/** A list (segment) as Lists v3 returns it; `size` = member count. Timestamps UTC ISO ms. */
export interface HubSpotList {
	listId: string;
	name: string;
	objectTypeId: string;
	processingType: 'MANUAL' | 'DYNAMIC' | 'SNAPSHOT';
	processingStatus: string;
	createdById: string | null;
	createdAt: string;
	updatedAt: string;
	size: number;
}

/** `POST /crm/v3/lists` → `{list}`; 409 CONFLICT when a live list has the name (case-insensitive). */
export function createList(name: string): Promise<ApiResult<{ list: HubSpotList }>> {
	return request('POST', '/crm/v3/lists', { name, objectTypeId: '0-1', processingType: 'MANUAL' });
}

/** `GET /crm/v3/lists/{listId}` → `{list}`; 404 when unknown or deleted. */
export function getList(listId: string): Promise<ApiResult<{ list: HubSpotList }>> {
	return request('GET', `/crm/v3/lists/${enc(listId)}`);
}

/** `POST /crm/v3/lists/search` → `{lists, offset, hasMore, total}` (newest first; `query` = name substring). */
export function searchLists(body: { query?: string; offset?: number; count?: number } = {}): Promise<ApiResult<{ lists: HubSpotList[]; offset: number; hasMore: boolean; total: number }>> {
	return request('POST', '/crm/v3/lists/search', body);
}

/** `DELETE /crm/v3/lists/{listId}` → 204 (`data` null). */
export function deleteList(listId: string): Promise<ApiResult<null>> {
	return request('DELETE', `/crm/v3/lists/${enc(listId)}`);
}

/** `PUT /crm/v3/lists/{listId}/memberships/add` with contact ids → `{recordIdsAdded, recordIdsMissing}`. */
export function addToList(listId: string, recordIds: string[]): Promise<ApiResult<{ recordIdsAdded: string[]; recordIdsMissing: string[] }>> {
	return request('PUT', `/crm/v3/lists/${enc(listId)}/memberships/add`, recordIds);
}

/** `PUT /crm/v3/lists/{listId}/memberships/remove` → `{recordIdsRemoved, recordIdsMissing}`. */
export function removeFromList(listId: string, recordIds: string[]): Promise<ApiResult<{ recordIdsRemoved: string[]; recordIdsMissing: string[] }>> {
	return request('PUT', `/crm/v3/lists/${enc(listId)}/memberships/remove`, recordIds);
}

/** One member row of a list. */
export interface ListMember {
	recordId: string;
	membershipTimestamp: string;
}

/** `GET /crm/v3/lists/{listId}/memberships?limit&after` → `{results, total, paging?}` in record-id order (limit ≤ 250). */
export function listMembers(listId: string, o: { limit?: number; after?: string } = {}): Promise<ApiResult<{ results: ListMember[]; total: number; paging?: Paging }>> {
	const q = new URLSearchParams();
	if (o.limit) q.set('limit', String(o.limit));
	if (o.after) q.set('after', o.after);
	return request('GET', `/crm/v3/lists/${enc(listId)}/memberships${q.size ? `?${q}` : ''}`);
}

/** `GET /crm/v3/lists/records/0-1/{contactId}/memberships` → the lists a contact is in. */
export function contactLists(contactId: string): Promise<ApiResult<{ results: { listId: string; listName: string; firstAddedTimestamp: string }[]; total: number }>> {
	return request('GET', `/crm/v3/lists/records/0-1/${enc(contactId)}/memberships`);
}

// ---- forms ----

/** The portal id used in form-submission URLs (gyms/hubspot/api/forms.ts HUBSPOT_PORTAL_ID). */
export const PORTAL_ID = '4620791';

/** `GET /marketing/v3/forms` → `{results}` (≤ 50, the gym has a handful). */
export function listForms(): Promise<ApiResult<{ results: Form[] }>> {
	return request('GET', '/marketing/v3/forms?limit=50');
}

/** `GET /marketing/v3/forms/{formId}` → the form; 404. */
export function getForm(formId: string): Promise<ApiResult<Form>> {
	return request('GET', `/marketing/v3/forms/${enc(formId)}`);
}

/** One submission as the legacy submissions endpoint lists it; `submittedAt` in epoch ms. */
export interface FormSubmissionRow {
	conversionId: string;
	submittedAt: number;
	values: { name: string; value: string }[];
	pageUrl: string;
	contactId: string;
}

/** `GET /form-integrations/v1/submissions/forms/{formId}?limit&after` → newest first, `limit` ≤ 50. */
export function listSubmissions(formId: string, o: { limit?: number; after?: string } = {}): Promise<ApiResult<{ results: FormSubmissionRow[]; paging?: Paging }>> {
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

/** One error of a rejected submission: `errorType` INVALID_EMAIL | REQUIRED_FIELD | FIELD_NOT_IN_FORM_DEFINITION. */
export interface FormSubmitError {
	message: string;
	errorType?: string;
}

/**
 * `POST /submissions/v3/integration/submit/{portalId}/{formId}` with `{fields, context}` → `{inlineMessage}`;
 * on 400 the body is `{message: "The request is not valid", errors: FormSubmitError[]}`.
 */
export function submitForm(formId: string, values: Record<string, string>, context: { pageUri?: string; pageName?: string } = {}): Promise<ApiResult<{ inlineMessage: string }>> {
	const fields = Object.entries(values)
		.filter(([, v]) => v.trim() !== '')
		.map(([name, value]) => ({ objectTypeId: '0-1', name, value }));
	return request('POST', `/submissions/v3/integration/submit/${PORTAL_ID}/${enc(formId)}`, { fields, context });
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

/** Sequence summary; `stats` present when listed with `includeStats`. Rates are shares 0–1. */
export interface SequenceSummary {
	id: string;
	name: string;
	userId: string;
	folderId: string;
	createdAt: string;
	updatedAt: string;
	stats?: { enrolled: number; total: number; replyRate: number; meetingRate: number };
}

/** A sequence with its steps. */
export interface SequenceDetail extends SequenceSummary {
	steps: (SequenceStep & { id: string })[];
}

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
	return step.taskType === 'EMAIL' ? 'Manual email task' : step.taskType === 'CALL' ? 'Call task' : step.taskType === 'LINKED_IN' ? 'LinkedIn task' : 'General task';
}

/** Day N of each step (day 1 = enrollment; delays accumulate), as the sequence editor shows it. */
export function stepDays(steps: readonly Pick<SequenceStep, 'delayMillis'>[]): number[] {
	let ms = 0;
	return steps.map((s) => {
		ms += s.delayMillis;
		return Math.floor(ms / 86_400_000) + 1;
	});
}

/** What an enrollment returns. */
export interface EnrollmentResult {
	id: string;
	toEmail: string;
	enrolledAt: string;
	updatedAt: string;
}

/**
 * `POST /automation/v4/sequences/enrollments?userId=` `{contactId, sequenceId, senderEmail, startingStepOrder?}`.
 * On a 400 the reason is `error.errors[0].code` (see {@link enrollBlockReason}).
 */
export function enrollInSequence(o: { userId: string; contactId: string; sequenceId: string; senderEmail: string; startingStepOrder?: number }): Promise<ApiResult<EnrollmentResult>> {
	const body: Record<string, unknown> = { contactId: o.contactId, sequenceId: o.sequenceId, senderEmail: o.senderEmail };
	if (o.startingStepOrder) body.startingStepOrder = o.startingStepOrder;
	return request('POST', `/automation/v4/sequences/enrollments?userId=${enc(o.userId)}`, body);
}

/** A contact's live enrollment. */
export interface ContactEnrollment extends EnrollmentResult {
	sequenceId: string;
	sequenceName: string;
	enrolledBy: string;
	enrolledByEmail: string;
	state: 'ACTIVE' | 'PAUSED';
	currentStep: number;
}

/** `GET /automation/v4/sequences/enrollments/contact/{contactId}`; 404 when the contact is in no sequence. */
export function contactEnrollment(contactId: string): Promise<ApiResult<ContactEnrollment>> {
	return request('GET', `/automation/v4/sequences/enrollments/contact/${enc(contactId)}`);
}

/** One enrollment of a sequence (gym-specific "Enrolled" list). */
export interface SequenceEnrollmentRow {
	id: string;
	contactId: string;
	toEmail: string;
	senderEmail: string;
	state: 'ACTIVE' | 'PAUSED' | 'FINISHED' | 'UNENROLLED';
	currentStep: number;
	unenrolledReason: string | null;
	enrolledAt: string;
	updatedAt: string;
}

/** `GET /automation/v4/sequences/{id}/enrollments?userId=&state=` (gym-specific) → `{results, total}`, newest first. */
export function listSequenceEnrollments(sequenceId: string, userId: string, state?: SequenceEnrollmentRow['state']): Promise<ApiResult<{ results: SequenceEnrollmentRow[]; total: number }>> {
	return request('GET', `/automation/v4/sequences/${enc(sequenceId)}/enrollments?userId=${enc(userId)}${state ? `&state=${state}` : ''}`);
}

/** `POST /automation/v4/sequences/enrollments/{id}/unenroll` (gym-specific) → the enrollment, state UNENROLLED. */
export function unenroll(enrollmentId: string): Promise<ApiResult<EnrollmentResult & { state: string }>> {
	return request('POST', `/automation/v4/sequences/enrollments/${enc(enrollmentId)}/unenroll`);
}

/** Short UI labels of the enrollment blocking reasons, by API code (HubSpot's Enroll dialog wording). */
export const ENROLL_BLOCK_LABELS: Record<string, string> = {
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
	return { code, label: ENROLL_BLOCK_LABELS[code] ?? 'Could not enroll', message: error.message };
}

// ---- templates ----

/** A sales email template; timestamps epoch ms; `folderId` = folder name in this gym. */
export interface EmailTemplate {
	id: string;
	name: string;
	subject: string;
	body: string;
	folderId: string;
	ownerId: string;
	createdAt: number;
	updatedAt: number;
}

/** Vendor path of the sales templates served by the gym (the path itself is unconfirmed: gym card "verify"). */
export const TEMPLATES_PATH = '/automation/email-templates/2026-03';

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
