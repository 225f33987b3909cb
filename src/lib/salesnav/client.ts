/**
 * Typed client of the Sales Navigator gym's API (the replica's own design; LinkedIn publishes none), served by the
 * Service Worker under {@link SALESNAV_API_BASE}. Screens call these functions and never touch IndexedDB.
 *
 * Every function resolves (never throws) to an {@link SnResult}: `{ok: true, data}` on a 2xx, or
 * `{ok: false, status, error}` with the gym's error body `{status, serviceErrorCode, code, message}`
 * (transport failures: status 0, code `NETWORK_ERROR`).
 */
import { apiJson } from '$lib/runtime';
import {
	SALESNAV_API_BASE,
	type Account,
	type Alert,
	type AlertType,
	type ErrorBody,
	type InMailThread,
	type Lead,
	type LeadHit,
	type Note,
	type RelationshipRole,
	type SavedSearch,
	type SearchBody,
	type SearchFilter,
	type Seat
} from '$gyms/salesnav/contract';

export { SALESNAV_API_BASE };
export type { Account, Alert, AlertType, InMailThread, Lead, LeadHit, Note, RelationshipRole, SavedSearch, SearchBody, SearchFilter, Seat };

/** Outcome of one call: the parsed 2xx body, or the status (0 = no response) and the error body. */
export type SnResult<T> = { ok: true; data: T } | { ok: false; status: number; error: ErrorBody };

/** One search page (lead or account search). */
export interface SearchPage<T> {
	elements: T[];
	paging: { start: number; count: number; total: number };
	spotlightTotal: number;
	spotlights: Record<string, number>;
}

/** A list on the wire. */
export interface SnList {
	id: string;
	type: 'LEAD' | 'ACCOUNT';
	name: string;
	description: string | null;
	ownerSeatId: string;
	sharedWith: string[];
	memberIds: string[];
	memberCount: number;
	createdAt: string;
	updatedAt: string;
}

/** `GET /leads/{id}`. */
export interface LeadPage {
	lead: Lead;
	account: { accountId: string; name: string; industry: string; headcount: string; hq: string } | null;
	lists: { id: string; name: string }[];
	notes: Note[];
	thread: InMailThread | null;
	/** Teammates who can introduce the seat ("Get introduced"). */
	teamLink: { seatId: string; name: string }[];
}

/** `GET /accounts/{id}`. */
export interface AccountPage {
	account: Account;
	decisionMakers: Lead[];
	employeesInSalesNavigator: number;
	lists: { id: string; name: string }[];
	notes: Note[];
	alerts: Alert[];
}

/** A relationship map member on the wire. */
export interface MapMember {
	leadId: string;
	role: RelationshipRole | null;
	markedLeft: boolean;
	firstName: string;
	lastName: string;
	currentTitle: string;
	currentAccountId: string;
	currentAccountName: string;
	leftAccount: boolean;
}
/** `GET /relationshipMaps/{accountId}`. */
export interface RelationshipMap {
	accountId: string;
	accountName: string;
	members: MapMember[];
}

async function call<T>(method: string, path: string, json?: unknown): Promise<SnResult<T>> {
	const res = await apiJson<T>(`${SALESNAV_API_BASE}${path}`, { method, ...(json !== undefined ? { json } : {}) });
	if (res.ok) return { ok: true, data: res.data };
	const b = res.body as Partial<ErrorBody> | undefined;
	if (b && typeof b.message === 'string')
		return {
			ok: false,
			status: res.status,
			error: { status: res.status, serviceErrorCode: b.serviceErrorCode ?? 0, code: b.code ?? 'ERROR', message: b.message }
		};
	return {
		ok: false,
		status: res.status,
		error: { status: res.status || 500, serviceErrorCode: 0, code: 'NETWORK_ERROR', message: res.networkError ?? `Request failed (${res.status})` }
	};
}

/** 204 answers carry no JSON: apiJson reports them as failures with no body; treat them as success. */
async function callNoContent(method: string, path: string): Promise<SnResult<null>> {
	const r = await call<null>(method, path);
	if (!r.ok && r.status === 204) return { ok: true, data: null };
	return r;
}

const enc = encodeURIComponent;

/** Lead search (`POST /leads/search`). */
export const searchLeads = (body: SearchBody) => call<SearchPage<LeadHit>>('POST', '/leads/search', body);
/** Account search (`POST /accounts/search`). */
export const searchAccounts = (body: SearchBody) => call<SearchPage<Account>>('POST', '/accounts/search', body);
/** The lead page (`GET /leads/{id}`). */
export const getLead = (id: string) => call<LeadPage>('GET', `/leads/${enc(id)}`);
/** The account page (`GET /accounts/{id}`). */
export const getAccount = (id: string) => call<AccountPage>('GET', `/accounts/${enc(id)}`);
/** Replaces a lead's tags. */
export const putTags = (id: string, tags: string[]) => call<Lead>('PUT', `/leads/${enc(id)}/tags`, { tags });
/** Records that the seat opened the lead page (`POST /leads/{id}/views`; first view only): the "Viewed" state. */
export const viewLead = (id: string) => call<Lead>('POST', `/leads/${enc(id)}/views`);
/** Asks a teammate for an introduction ("Get introduced", `POST /leads/{id}/introductions`). */
export const requestIntroduction = (id: string, teammateSeatId: string, message: string) =>
	call<Lead>('POST', `/leads/${enc(id)}/introductions`, { teammateSeatId, message });
/** Connect with an optional note (≤300). */
export const connect = (id: string, note: string | null) => call<Lead>('POST', `/leads/${enc(id)}/invitations`, { note });
/** Lists visible to the seat. */
export const listLists = () => call<{ elements: SnList[]; total: number }>('GET', '/lists');
/** One list. */
export const getList = (id: string) => call<SnList>('GET', `/lists/${enc(id)}`);
/** Creates a list. */
export const createList = (name: string, type: 'LEAD' | 'ACCOUNT', description: string | null = null) =>
	call<SnList>('POST', '/lists', { name, type, description });
/** Renames a list. */
export const renameList = (id: string, name: string) => call<SnList>('PATCH', `/lists/${enc(id)}`, { name });
/** Deletes a list. */
export const deleteList = (id: string) => callNoContent('DELETE', `/lists/${enc(id)}`);
/** Shares a list with teammates. */
export const shareList = (id: string, seatIds: string[]) => call<SnList>('POST', `/lists/${enc(id)}/share`, { seatIds });
/** Saves leads to a lead list. */
export const saveLeads = (id: string, leadIds: string[]) => call<{ list: SnList; added: number }>('POST', `/lists/${enc(id)}/entries`, { leadIds });
/** Saves accounts to an account list. */
export const saveAccounts = (id: string, accountIds: string[]) => call<{ list: SnList; added: number }>('POST', `/lists/${enc(id)}/entries`, { accountIds });
/** Removes a lead or account from a list. */
export const removeEntry = (id: string, memberId: string) => call<{ list: SnList; removed: number }>('DELETE', `/lists/${enc(id)}/entries/${enc(memberId)}`);
/** The seat's saved searches. */
export const listSavedSearches = () => call<{ elements: SavedSearch[]; total: number }>('GET', '/savedSearches');
/** Saves a search. */
export const createSavedSearch = (body: {
	name: string;
	type: 'lead' | 'account';
	filters: SearchFilter[];
	keywords: string;
	alertFrequency: SavedSearch['alertFrequency'];
}) => call<SavedSearch>('POST', '/savedSearches', body);
/** Changes a saved search's alert frequency. */
export const setAlertFrequency = (id: string, alertFrequency: SavedSearch['alertFrequency']) =>
	call<SavedSearch>('PATCH', `/savedSearches/${enc(id)}`, { alertFrequency });
/** Deletes a saved search. */
export const deleteSavedSearch = (id: string) => callNoContent('DELETE', `/savedSearches/${enc(id)}`);
/** The alerts feed. */
export const listAlerts = () => call<{ elements: Alert[]; total: number; unread: Record<string, number> }>('GET', '/alerts');
/** Marks an alert read. */
export const readAlert = (id: string) => call<Alert>('POST', `/alerts/${enc(id)}/read`);
/** Dismisses an alert. */
export const dismissAlert = (id: string) => call<Alert>('POST', `/alerts/${enc(id)}/dismiss`);
/** Adds a note on a lead or an account. */
export const addNote = (target: { leadId: string } | { accountId: string }, text: string) => call<Note>('POST', '/notes', { ...target, text });
/** Deletes a note. */
export const deleteNote = (id: string) => callNoContent('DELETE', `/notes/${enc(id)}`);
/** An account's relationship map. */
export const getMap = (accountId: string) => call<RelationshipMap>('GET', `/relationshipMaps/${enc(accountId)}`);
/** Adds a lead to the map. */
export const addToMap = (accountId: string, leadId: string, role: RelationshipRole | null) =>
	call<RelationshipMap>('POST', `/relationshipMaps/${enc(accountId)}/members`, { leadId, role });
/** Changes a map member (role, marked left). */
export const updateMapMember = (accountId: string, leadId: string, patch: { role?: RelationshipRole | null; markedLeft?: boolean }) =>
	call<RelationshipMap>('PATCH', `/relationshipMaps/${enc(accountId)}/members/${enc(leadId)}`, patch);
/** Removes a lead from the map. */
export const removeFromMap = (accountId: string, leadId: string) =>
	call<RelationshipMap>('DELETE', `/relationshipMaps/${enc(accountId)}/members/${enc(leadId)}`);
/** The acting seat (spendable InMail credits). */
export const getSeat = () => call<Seat>('GET', '/seat');
/** The seat's conversations. */
export const listThreads = () => call<{ elements: (InMailThread & { leadName: string })[]; total: number }>('GET', '/messages');
/** Sends a message or an InMail. */
export const sendMessage = (leadId: string, subject: string | null, body: string) =>
	call<{ thread: InMailThread; seat: Seat; creditUsed: boolean }>('POST', '/messages', { leadId, subject, body });
