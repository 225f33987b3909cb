/**
 * The Sales Navigator gym on the gym kit: reset / export / import over its database (the shared store), and its
 * router. Base URL on the gym origin: `/api/salesnav`. LinkedIn has no public Sales Navigator API: the replica
 * serves its own (api/*.ts; errors `{status, serviceErrorCode, code, message}`, api/errors.ts): lead and account
 * search, lead / account pages, lists, saved searches, alerts, notes, tags, Connect, relationship maps, messages
 * with InMail credits, the seat, and the kit's `GET /me` (the route table below; the gym card lists them). Every
 * other path is a 404 `{status:404, serviceErrorCode:0, code:"NOT_FOUND", message:"No route matches <METHOD> <path>"}`.
 */
import { defineGym } from '../kit/define';
import type { Route } from '../kit/router';
import { gymExportSchema } from '../export-schema';
import type { Gym } from '../types';
import { SALESNAV_ERRORS } from './api/errors';
import { dismissAlert, listAlerts, readAlert } from './api/alerts';
import { connect, getAccount, getLead, putTags, requestIntroduction, viewLead } from './api/leads';
import { addEntries, createList, deleteList, getList, listLists, removeEntry, shareList, updateList } from './api/lists';
import { getSeat, getThread, listThreads, sendMessage } from './api/messages';
import { createNote, deleteNote, listNotes, updateNote } from './api/notes';
import { addMember, getMap, removeMember, updateMember } from './api/relationship-maps';
import { createSavedSearch, deleteSavedSearch, listSavedSearches, updateSavedSearch } from './api/saved-searches';
import { searchAccounts, searchLeads } from './api/search';
import { typeahead } from './api/typeahead';
import { SalesNavDb } from './db';
import { danglingRefs, valueIssues } from './integrity';
import { SALESNAV_KEYS, SALESNAV_TABLE_NAMES, SalesNavState } from './schema';
import { initialState } from './seed';

/** The gym's slice of a state export: every table (strict rows), meta and events. */
export const SalesNavExport = gymExportSchema('salesnav', SalesNavState);

/** Route table (paths relative to `/api/salesnav`). */
const ROUTES: Route<SalesNavDb>[] = [
	{ method: 'POST', path: '/leads/search', handler: searchLeads },
	{ method: 'POST', path: '/accounts/search', handler: searchAccounts },
	{ method: 'GET', path: '/leads/{leadId}', handler: getLead },
	{ method: 'PUT', path: '/leads/{leadId}/tags', handler: putTags },
	{ method: 'POST', path: '/leads/{leadId}/invitations', handler: connect },
	{ method: 'POST', path: '/leads/{leadId}/views', handler: viewLead },
	{ method: 'POST', path: '/leads/{leadId}/introductions', handler: requestIntroduction },
	{ method: 'GET', path: '/accounts/{accountId}', handler: getAccount },
	{ method: 'GET', path: '/lists', handler: listLists },
	{ method: 'POST', path: '/lists', handler: createList },
	{ method: 'GET', path: '/lists/{id}', handler: getList },
	{ method: 'PATCH', path: '/lists/{id}', handler: updateList },
	{ method: 'DELETE', path: '/lists/{id}', handler: deleteList },
	{ method: 'POST', path: '/lists/{id}/share', handler: shareList },
	{ method: 'POST', path: '/lists/{listId}/entries', handler: addEntries },
	{ method: 'DELETE', path: '/lists/{listId}/entries/{memberId}', handler: removeEntry },
	{ method: 'GET', path: '/savedSearches', handler: listSavedSearches },
	{ method: 'POST', path: '/savedSearches', handler: createSavedSearch },
	{ method: 'PATCH', path: '/savedSearches/{id}', handler: updateSavedSearch },
	{ method: 'DELETE', path: '/savedSearches/{id}', handler: deleteSavedSearch },
	{ method: 'GET', path: '/alerts', handler: listAlerts },
	{ method: 'POST', path: '/alerts/{id}/read', handler: readAlert },
	{ method: 'POST', path: '/alerts/{id}/dismiss', handler: dismissAlert },
	{ method: 'GET', path: '/notes', handler: listNotes },
	{ method: 'POST', path: '/notes', handler: createNote },
	{ method: 'PATCH', path: '/notes/{id}', handler: updateNote },
	{ method: 'DELETE', path: '/notes/{id}', handler: deleteNote },
	{ method: 'GET', path: '/relationshipMaps/{accountId}', handler: getMap },
	{ method: 'POST', path: '/relationshipMaps/{accountId}/members', handler: addMember },
	{ method: 'PATCH', path: '/relationshipMaps/{accountId}/members/{leadId}', handler: updateMember },
	{ method: 'DELETE', path: '/relationshipMaps/{accountId}/members/{leadId}', handler: removeMember },
	{ method: 'GET', path: '/typeahead', handler: typeahead },
	{ method: 'GET', path: '/seat', handler: getSeat },
	{ method: 'GET', path: '/messages', handler: listThreads },
	{ method: 'GET', path: '/messages/{id}', handler: getThread },
	{ method: 'POST', path: '/messages', handler: sendMessage }
];

/**
 * Creates the Sales Navigator gym over `db` (default: the `salesgym-salesnav` database); with `journal`, `db` is held in
 * memory and `journal` (the same schema, in the browser's IndexedDB) keeps it durable (gyms/store.ts "Journal").
 * Reset is the store's; `importState` validates the whole slice (strict rows, meta, events, references that
 * resolve, list memberships that agree) before writing anything.
 */
export function createSalesNavGym(db = new SalesNavDb(), journal?: SalesNavDb): Gym {
	return defineGym({
		name: 'salesnav',
		db,
		...(journal ? { journal } : {}),
		tables: SALESNAV_TABLE_NAMES.map((name) => ({ name, key: SALESNAV_KEYS[name] })),
		initial: initialState,
		exportSchema: SalesNavExport,
		danglingRefs,
		valueIssues,
		routes: ROUTES,
		errors: SALESNAV_ERRORS
	});
}
