/**
 * Routes of the sales slice (lists, forms, sequences, templates), spread into the gym's route table in index.ts.
 * Captured groups are passed to the handler as params, in order.
 */
import type { ApiRequest, ApiResponse } from '../../types';
import type { HubSpotDb } from '../db';
import { getForm, listForms, listSubmissions, submitForm } from './forms';
import { addMembers, createList, deleteList, getList, listMembers, recordMemberships, removeMembers, searchLists } from './lists';
import { contactEnrollment, enroll, getSequence, listSequenceEnrollments, listSequences, unenroll } from './sequences';
import { getTemplate, listTemplates } from './templates';

type Handler = (db: HubSpotDb, req: ApiRequest, ...params: string[]) => Promise<ApiResponse>;

/** Method + vendor path pattern → handler. More specific patterns come first. */
export const SALES_ROUTES: { method: string; pattern: RegExp; handler: Handler }[] = [
	{ method: 'POST', pattern: /^\/crm\/v3\/lists\/?$/, handler: createList },
	{ method: 'POST', pattern: /^\/crm\/v3\/lists\/search$/, handler: searchLists },
	{ method: 'GET', pattern: /^\/crm\/v3\/lists\/records\/([^/]+)\/(\d+)\/memberships$/, handler: recordMemberships },
	{ method: 'GET', pattern: /^\/crm\/v3\/lists\/(\d+)$/, handler: getList },
	{ method: 'DELETE', pattern: /^\/crm\/v3\/lists\/(\d+)$/, handler: deleteList },
	{ method: 'PUT', pattern: /^\/crm\/v3\/lists\/(\d+)\/memberships\/add$/, handler: addMembers },
	{ method: 'PUT', pattern: /^\/crm\/v3\/lists\/(\d+)\/memberships\/remove$/, handler: removeMembers },
	{ method: 'GET', pattern: /^\/crm\/v3\/lists\/(\d+)\/memberships$/, handler: listMembers },
	{ method: 'GET', pattern: /^\/marketing\/v3\/forms\/?$/, handler: listForms },
	{ method: 'GET', pattern: /^\/marketing\/v3\/forms\/([^/]+)$/, handler: getForm },
	{ method: 'POST', pattern: /^\/submissions\/v3\/integration\/submit\/([^/]+)\/([^/]+)$/, handler: submitForm },
	{ method: 'GET', pattern: /^\/form-integrations\/v1\/submissions\/forms\/([^/]+)$/, handler: listSubmissions },
	{ method: 'GET', pattern: /^\/automation\/v4\/sequences\/?$/, handler: listSequences },
	{ method: 'POST', pattern: /^\/automation\/v4\/sequences\/enrollments\/?$/, handler: enroll },
	{ method: 'GET', pattern: /^\/automation\/v4\/sequences\/enrollments\/contact\/([^/]+)$/, handler: contactEnrollment },
	{ method: 'POST', pattern: /^\/automation\/v4\/sequences\/enrollments\/(\d+)\/unenroll$/, handler: unenroll },
	{ method: 'GET', pattern: /^\/automation\/v4\/sequences\/(\d+)$/, handler: getSequence },
	{ method: 'GET', pattern: /^\/automation\/v4\/sequences\/(\d+)\/enrollments$/, handler: listSequenceEnrollments },
	{ method: 'GET', pattern: /^\/automation\/email-templates\/2026-03\/?$/, handler: listTemplates },
	{ method: 'GET', pattern: /^\/automation\/email-templates\/2026-03\/(\d+)$/, handler: getTemplate }
];
