/**
 * HubSpot forms and lead capture (platforms.md §2.2):
 * - `GET  /marketing/v3/forms?limit&after` → `{results:[Form], paging?}`; `GET /marketing/v3/forms/{formId}` → Form; 404
 * - `POST /submissions/v3/integration/submit/{portalId}/{formGuid}` `{submittedAt?, fields:[{objectTypeId, name, value}], context?}`
 *   → 200 `{inlineMessage}`; 400 `{status:"error", message:"The request is not valid", errors:[{message, errorType}]}`
 *   with `errorType` INVALID_EMAIL / REQUIRED_FIELD / FIELD_NOT_IN_FORM_DEFINITION; 404 for an unknown portal or form.
 *   (Real host `api.hsforms.com`; served here on the gym base URL.)
 * - `GET  /form-integrations/v1/submissions/forms/{formGuid}?limit&after` (legacy) → `{results:[{conversionId, submittedAt (ms),
 *   values:[{name, value}], pageUrl}], paging?}`, newest first.
 *
 * A submission creates or updates the contact by email (case-insensitive) in the same transaction: submitted
 * values of writable contact properties overwrite the record; a new contact starts at `lifecyclestage` `lead`
 * with `hs_analytics_source` from the page URL; an existing contact below `lead` moves up to `lead`, never back.
 */
import type { ApiRequest, ApiResponse } from '../../types';
import { toContactRow, fromContactRow, type HubSpotDb } from '../db';
import { FormSubmitBody, HUBSPOT_PORTAL_ID, LIFECYCLE_STAGES, WRITABLE_CONTACT_PROPERTIES, type Contact, type Form, type FormSubmission } from '../contract';
import { BASE, page, parseAfter, parseLimit } from './paging';
import { stampLifecycle } from './rules';
import { commit, stampOf } from './write';
import { HubSpotError } from './errors';
import { parseBody } from './zod-message';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;
const WRITABLE: ReadonlySet<string> = new Set(WRITABLE_CONTACT_PROPERTIES);
/** Properties a form may never write (they would bypass the API's rules). */
const NOT_FROM_FORMS: ReadonlySet<string> = new Set(['hubspot_owner_id', 'hs_lead_status', 'hs_analytics_source', 'notes_last_contacted']);

async function liveForm(db: HubSpotDb, formId: string): Promise<Form> {
	const form = await db.forms.get(formId);
	if (!form || form.archived) throw new HubSpotError(404, 'OBJECT_NOT_FOUND', `Form ${formId} does not exist.`);
	return form;
}

/** `GET /marketing/v3/forms`: live forms in creation order. */
export async function listForms(db: HubSpotDb, req: ApiRequest): Promise<ApiResponse> {
	const limit = parseLimit(req.query.get('limit'), { default: 20, max: 50 });
	const after = parseAfter(req.query.get('after'));
	const rows = (await db.forms.toArray())
		.filter((f) => !f.archived)
		.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1));
	const p = page(rows, after, limit, (a) => `${BASE}/marketing/v3/forms?limit=${limit}&after=${a}`);
	return { status: 200, body: p.paging ? { results: p.results, paging: p.paging } : { results: p.results } };
}

/** `GET /marketing/v3/forms/{formId}`. */
export async function getForm(db: HubSpotDb, _req: ApiRequest, formId: string): Promise<ApiResponse> {
	return { status: 200, body: await liveForm(db, formId) };
}

/** One submission error as the forms endpoint reports it. */
interface FormError {
	message: string;
	errorType: 'INVALID_EMAIL' | 'REQUIRED_FIELD' | 'FIELD_NOT_IN_FORM_DEFINITION';
}

/** 400 "The request is not valid" with `errors[{message, errorType}]` (the forms endpoint's body; `code` mirrors `errorType`). */
function invalidSubmission(errors: FormError[]): HubSpotError {
	return new HubSpotError(
		400,
		'VALIDATION_ERROR',
		'The request is not valid',
		errors.map((e) => ({ message: e.message, errorType: e.errorType, code: e.errorType }))
	);
}

/** `hs_analytics_source` of a new contact from the page URL's UTM tags (no page → OFFLINE, no tags → DIRECT_TRAFFIC). */
export function analyticsSource(pageUri: string | undefined): string {
	if (!pageUri) return 'OFFLINE';
	let params: URLSearchParams;
	try {
		params = new URL(pageUri).searchParams;
	} catch {
		return 'DIRECT_TRAFFIC';
	}
	const medium = (params.get('utm_medium') ?? '').toLowerCase();
	if (medium === 'email') return 'EMAIL_MARKETING';
	if (medium === 'cpc' || medium === 'ppc') return 'PAID_SEARCH';
	if (medium === 'paid_social') return 'PAID_SOCIAL';
	if (medium === 'social') return 'SOCIAL_MEDIA';
	if (medium === 'referral') return 'REFERRALS';
	if (params.get('utm_source') || params.get('utm_campaign')) return 'OTHER_CAMPAIGNS';
	return 'DIRECT_TRAFFIC';
}

/** `POST /submissions/v3/integration/submit/{portalId}/{formGuid}`. */
export async function submitForm(db: HubSpotDb, req: ApiRequest, portalId: string, formGuid: string): Promise<ApiResponse> {
	const body = parseBody(FormSubmitBody, req.body);
	if (portalId !== HUBSPOT_PORTAL_ID) throw new HubSpotError(404, 'OBJECT_NOT_FOUND', `Portal ${portalId} does not exist.`);
	return db.transaction('rw', [db.forms, db.form_submissions, db.contacts, db.meta, db.events], async () => {
		const form = await liveForm(db, formGuid);
		const fields = form.fieldGroups.flatMap((g) => g.fields);
		const known = new Set(fields.map((f) => f.name));
		const values = new Map<string, string>();
		const errors: FormError[] = [];
		for (const f of body.fields) {
			if (!known.has(f.name))
				errors.push({ message: `Error in 'fields.${f.name}'. Field '${f.name}' is not in the form definition`, errorType: 'FIELD_NOT_IN_FORM_DEFINITION' });
			else values.set(f.name, f.value.trim());
		}
		for (const f of fields)
			if (f.required && !values.get(f.name))
				errors.push({ message: `Error in 'fields.${f.name}'. Required field '${f.name}' is missing`, errorType: 'REQUIRED_FIELD' });
		const email = (values.get('email') ?? '').toLowerCase();
		if (email && !EMAIL_RE.test(email)) errors.push({ message: `Error in 'fields.email'. Invalid email address`, errorType: 'INVALID_EMAIL' });
		if (errors.length) throw invalidSubmission(errors);
		if (!email) throw invalidSubmission([{ message: `Error in 'fields.email'. Required field 'email' is missing`, errorType: 'REQUIRED_FIELD' }]);

		const stamp = await stampOf(db);
		const submittedAt = body.submittedAt === undefined ? stamp.at : new Date(Number(body.submittedAt)).toISOString();
		const existing = (await db.contacts.where('emailKey').equals(email).toArray()).find((r) => !r.archived);
		const changed: Record<string, string> = {};
		for (const [name, value] of values) if (value && WRITABLE.has(name) && !NOT_FROM_FORMS.has(name)) changed[name] = name === 'email' ? email : value;
		let contact: Contact;
		if (existing) {
			const properties: Record<string, string> = { ...existing.properties, ...changed, lastmodifieddate: stamp.at };
			const current = existing.properties.lifecyclestage ?? '';
			if (current === '' || current === 'subscriber') properties.lifecyclestage = 'lead';
			else if (changed.lifecyclestage && LIFECYCLE_STAGES.indexOf(changed.lifecyclestage as never) < LIFECYCLE_STAGES.indexOf(current as never))
				properties.lifecyclestage = current;
			stampLifecycle(properties, { lifecyclestage: properties.lifecyclestage! }, stamp.at);
			contact = { ...fromContactRow(existing), properties, updatedAt: stamp.at };
		} else {
			const id = String(stamp.meta.next_ids.contacts ?? 1);
			stamp.meta = { ...stamp.meta, next_ids: { ...stamp.meta.next_ids, contacts: Number(id) + 1 } };
			const stage = changed.lifecyclestage && LIFECYCLE_STAGES.indexOf(changed.lifecyclestage as never) > 1 ? changed.lifecyclestage : 'lead';
			const properties: Record<string, string> = {
				...changed,
				lifecyclestage: stage,
				hs_analytics_source: analyticsSource(body.context?.pageUri),
				createdate: stamp.at,
				lastmodifieddate: stamp.at,
				hs_object_id: id
			};
			stampLifecycle(properties, { lifecyclestage: stage }, stamp.at);
			contact = { id, properties, createdAt: stamp.at, updatedAt: stamp.at, archived: false };
		}
		const p = contact.properties;
		p.first_conversion_event_name ??= form.name;
		p.first_conversion_date ??= submittedAt;
		p.recent_conversion_event_name = form.name;
		p.recent_conversion_date = submittedAt;
		p.num_conversion_events = String(Number(p.num_conversion_events ?? '0') + 1);
		await db.contacts.put(toContactRow(contact));

		const subId = String(stamp.meta.next_ids.form_submissions ?? 1);
		stamp.meta = { ...stamp.meta, next_ids: { ...stamp.meta.next_ids, form_submissions: Number(subId) + 1 } };
		const submission: FormSubmission = {
			id: subId,
			formId: form.id,
			submittedAt,
			values: body.fields.map((f) => ({ name: f.name, value: f.name === 'email' ? email : f.value.trim() })),
			pageUri: body.context?.pageUri ?? '',
			pageName: body.context?.pageName ?? '',
			contactId: contact.id
		};
		await db.form_submissions.add(submission);
		await commit(db, stamp, req, 200, 'form_submissions', [subId]);
		return { status: 200, body: { inlineMessage: form.configuration.postSubmitAction.value } };
	});
}

/** `GET /form-integrations/v1/submissions/forms/{formGuid}`: newest first, `limit` ≤ 50 (default 20). */
export async function listSubmissions(db: HubSpotDb, req: ApiRequest, formGuid: string): Promise<ApiResponse> {
	await liveForm(db, formGuid);
	const limit = parseLimit(req.query.get('limit'), { default: 20, max: 50 });
	const after = parseAfter(req.query.get('after'));
	const rows = (await db.form_submissions.where('formId').equals(formGuid).toArray()).sort((a, b) =>
		a.submittedAt < b.submittedAt ? 1 : a.submittedAt > b.submittedAt ? -1 : Number(b.id) - Number(a.id)
	);
	const p = page(rows, after, limit, (a) => `${BASE}/form-integrations/v1/submissions/forms/${formGuid}?limit=${limit}&after=${a}`);
	const results = p.results.map((s) => ({
		conversionId: s.id,
		submittedAt: Date.parse(s.submittedAt),
		values: s.values,
		pageUrl: s.pageUri,
		contactId: s.contactId
	}));
	return { status: 200, body: p.paging ? { results, paging: p.paging } : { results } };
}
