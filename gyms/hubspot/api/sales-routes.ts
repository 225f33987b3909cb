/**
 * Routes of the sales slice (lists, forms, sequences, templates), spread into the gym's route table in index.ts.
 * Captured groups are passed to the handler as params, in order.
 */
import type { Route } from '../../kit/router';
import type { HubSpotDb } from '../db';
import { getForm, listForms, listSubmissions, submitForm } from './forms';
import { addMembers, createList, deleteList, getList, listMembers, recordMemberships, removeMembers, searchLists } from './lists';
import { contactEnrollment, enroll, getSequence, listSequenceEnrollments, listSequences, unenroll } from './sequences';
import { getTemplate, listTemplates } from './templates';

/** Method + vendor path pattern → handler. More specific patterns come first. */
export const SALES_ROUTES: Route<HubSpotDb>[] = [
	{ method: 'POST', path: /^\/crm\/v3\/lists\/?$/, handler: createList },
	{ method: 'POST', path: /^\/crm\/v3\/lists\/search$/, handler: searchLists },
	{ method: 'GET', path: /^\/crm\/v3\/lists\/records\/([^/]+)\/(\d+)\/memberships$/, handler: recordMemberships },
	{ method: 'GET', path: /^\/crm\/v3\/lists\/(\d+)$/, handler: getList },
	{ method: 'DELETE', path: /^\/crm\/v3\/lists\/(\d+)$/, handler: deleteList },
	{ method: 'PUT', path: /^\/crm\/v3\/lists\/(\d+)\/memberships\/add$/, handler: addMembers },
	{ method: 'PUT', path: /^\/crm\/v3\/lists\/(\d+)\/memberships\/remove$/, handler: removeMembers },
	{ method: 'GET', path: /^\/crm\/v3\/lists\/(\d+)\/memberships$/, handler: listMembers },
	{ method: 'GET', path: /^\/marketing\/v3\/forms\/?$/, handler: listForms },
	{ method: 'GET', path: /^\/marketing\/v3\/forms\/([^/]+)$/, handler: getForm },
	{ method: 'POST', path: /^\/submissions\/v3\/integration\/submit\/([^/]+)\/([^/]+)$/, handler: submitForm },
	{ method: 'GET', path: /^\/form-integrations\/v1\/submissions\/forms\/([^/]+)$/, handler: listSubmissions },
	{ method: 'GET', path: /^\/automation\/v4\/sequences\/?$/, handler: listSequences },
	{ method: 'POST', path: /^\/automation\/v4\/sequences\/enrollments\/?$/, handler: enroll },
	{ method: 'GET', path: /^\/automation\/v4\/sequences\/enrollments\/contact\/([^/]+)$/, handler: contactEnrollment },
	{ method: 'POST', path: /^\/automation\/v4\/sequences\/enrollments\/(\d+)\/unenroll$/, handler: unenroll },
	{ method: 'GET', path: /^\/automation\/v4\/sequences\/(\d+)$/, handler: getSequence },
	{ method: 'GET', path: /^\/automation\/v4\/sequences\/(\d+)\/enrollments$/, handler: listSequenceEnrollments },
	{ method: 'GET', path: /^\/automation\/email-templates\/2026-03\/?$/, handler: listTemplates },
	{ method: 'GET', path: /^\/automation\/email-templates\/2026-03\/(\d+)$/, handler: getTemplate }
];
