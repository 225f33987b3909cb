/**
 * Integrity hooks of the Sales Navigator gym (seeds/CONTRACT.md §5): its world join keys, the timestamps
 * allowed after the epoch, and its internal references that must resolve.
 */
import { LIMITS } from './contract';
import { SALESNAV_KEYS, type SalesNavState, type SalesNavTable } from './schema';
import type { WorldRef } from '../types';

export type { WorldRef };

/** One reference that resolves to no row. */
export interface DanglingRef {
	/** Table of the referring row. */
	table: SalesNavTable;
	/** Primary key of the referring row. */
	key: string;
	/** Path inside the row, e.g. `memberIds.3`. */
	path: string;
	targetTable: SalesNavTable;
	target: string;
}

/**
 * Every reference of every row whose target does not exist, in table then row order. References: lead →
 * account, past positions' accounts, TeamLink seats, lead lists; account → account lists, relationship map
 * leads; lists → owner/shared seats, members; saved search → owner; alert → seat, lead, account, saved search;
 * note → author, lead, account; thread → seat, lead. Also checks that `leadListIds` / `accountListIds` agree
 * with the lists' `memberIds` both ways.
 */
export function danglingRefDetails(t: Partial<SalesNavState>): DanglingRef[] {
	const keys = (table: SalesNavTable) => new Set(((t[table] ?? []) as unknown as Record<string, unknown>[]).map((r) => String(r[SALESNAV_KEYS[table]])));
	const seats = keys('seats');
	const leads = keys('leads');
	const accounts = keys('accounts');
	const leadLists = new Map((t.leadLists ?? []).map((l) => [l.id, new Set(l.memberIds)]));
	const accountLists = new Map((t.accountLists ?? []).map((l) => [l.id, new Set(l.memberIds)]));
	const searches = keys('savedSearches');
	const out: DanglingRef[] = [];
	const check = (table: SalesNavTable, key: string, path: string, target: string | null, targetTable: SalesNavTable, set: { has(k: string): boolean }) => {
		if (target !== null && !set.has(target)) out.push({ table, key, path, targetTable, target });
	};
	for (const l of t.leads ?? []) {
		check('leads', l.leadId, 'accountId', l.accountId, 'accounts', accounts);
		l.pastPositions.forEach((p, i) => check('leads', l.leadId, `pastPositions.${i}.accountId`, p.accountId, 'accounts', accounts));
		l.teamLinkPaths.forEach((s, i) => check('leads', l.leadId, `teamLinkPaths.${i}`, s, 'seats', seats));
		l.leadListIds.forEach((id, i) => {
			check('leads', l.leadId, `leadListIds.${i}`, id, 'leadLists', leadLists);
			if (leadLists.has(id) && !leadLists.get(id)!.has(l.leadId))
				out.push({ table: 'leads', key: l.leadId, path: `leadListIds.${i}`, targetTable: 'leadLists', target: `${id} (not a member)` });
		});
	}
	for (const a of t.accounts ?? []) {
		a.accountListIds.forEach((id, i) => {
			check('accounts', a.accountId, `accountListIds.${i}`, id, 'accountLists', accountLists);
			if (accountLists.has(id) && !accountLists.get(id)!.has(a.accountId))
				out.push({ table: 'accounts', key: a.accountId, path: `accountListIds.${i}`, targetTable: 'accountLists', target: `${id} (not a member)` });
		});
		a.relationshipMap.forEach((r, i) => check('accounts', a.accountId, `relationshipMap.${i}.leadId`, r.leadId, 'leads', leads));
	}
	const leadListsOf = new Map((t.leads ?? []).map((l) => [l.leadId, new Set(l.leadListIds)]));
	const accountListsOf = new Map((t.accounts ?? []).map((a) => [a.accountId, new Set(a.accountListIds)]));
	for (const l of t.leadLists ?? []) {
		check('leadLists', l.id, 'ownerSeatId', l.ownerSeatId, 'seats', seats);
		l.sharedWith.forEach((s, i) => check('leadLists', l.id, `sharedWith.${i}`, s, 'seats', seats));
		l.memberIds.forEach((m, i) => {
			check('leadLists', l.id, `memberIds.${i}`, m, 'leads', leads);
			if (leads.has(m) && !leadListsOf.get(m)!.has(l.id))
				out.push({ table: 'leadLists', key: l.id, path: `memberIds.${i}`, targetTable: 'leads', target: `${m} (leadListIds lacks ${l.id})` });
		});
	}
	for (const l of t.accountLists ?? []) {
		check('accountLists', l.id, 'ownerSeatId', l.ownerSeatId, 'seats', seats);
		l.sharedWith.forEach((s, i) => check('accountLists', l.id, `sharedWith.${i}`, s, 'seats', seats));
		l.memberIds.forEach((m, i) => {
			check('accountLists', l.id, `memberIds.${i}`, m, 'accounts', accounts);
			if (accounts.has(m) && !accountListsOf.get(m)!.has(l.id))
				out.push({ table: 'accountLists', key: l.id, path: `memberIds.${i}`, targetTable: 'accounts', target: `${m} (accountListIds lacks ${l.id})` });
		});
	}
	for (const s of t.savedSearches ?? []) check('savedSearches', s.id, 'ownerSeatId', s.ownerSeatId, 'seats', seats);
	for (const a of t.alerts ?? []) {
		check('alerts', a.id, 'seatId', a.seatId, 'seats', seats);
		check('alerts', a.id, 'leadId', a.leadId, 'leads', leads);
		check('alerts', a.id, 'accountId', a.accountId, 'accounts', accounts);
		check('alerts', a.id, 'savedSearchId', a.savedSearchId, 'savedSearches', searches);
	}
	for (const n of t.notes ?? []) {
		check('notes', n.id, 'authorSeatId', n.authorSeatId, 'seats', seats);
		check('notes', n.id, 'leadId', n.leadId, 'leads', leads);
		check('notes', n.id, 'accountId', n.accountId, 'accounts', accounts);
	}
	for (const th of t.inmailThreads ?? []) {
		check('inmailThreads', th.id, 'seatId', th.seatId, 'seats', seats);
		check('inmailThreads', th.id, 'leadId', th.leadId, 'leads', leads);
	}
	return out;
}

/** Dangling references as text, `"<table>/<key> <path> → <targetTable>/<target>"` (empty = all resolve). */
export function danglingRefs(tables: Record<string, unknown[]>): string[] {
	return danglingRefDetails(tables as Partial<SalesNavState>).map((d) => `${d.table}/${d.key} ${d.path} → ${d.targetTable}/${d.target}`);
}

/** Host of a URL, lower-case, without `www.` (`https://www.acme.com/` → `acme.com`). */
const hostOf = (url: string) =>
	url
		.replace(/^https?:\/\//, '')
		.replace(/^www\./, '')
		.split('/')[0]!
		.toLowerCase();

/**
 * Rows that stand for world entities: seats (user: email), accounts (company: website host), leads (person:
 * LinkedIn URL, current account's domain; Sales Navigator shows no email).
 */
export function worldRefs(tables: Record<string, unknown[]>): WorldRef[] {
	const t = tables as Partial<SalesNavState>;
	const domain = new Map((t.accounts ?? []).map((a) => [a.accountId, hostOf(a.website)]));
	return [
		...(t.seats ?? []).map((s): WorldRef => ({ table: 'seats', id: s.id, kind: 'user', email: s.email })),
		...(t.accounts ?? []).map((a): WorldRef => ({ table: 'accounts', id: a.accountId, kind: 'company', domain: hostOf(a.website) })),
		...(t.leads ?? []).map((l): WorldRef => ({
			table: 'leads',
			id: l.leadId,
			kind: 'person',
			linkedinUrl: l.linkedInUrl,
			...(domain.has(l.accountId) ? { companyDomain: domain.get(l.accountId) } : {})
		}))
	];
}

/** Timestamps that may lie after the epoch: a seat's next monthly InMail grant (`inmailCreditsRenewAt`). */
export function futureOk(table: string, _row: unknown, path: string): boolean {
	return table === 'seats' && path === 'inmailCreditsRenewAt';
}

/** One imported value the API would refuse on a write: its path inside the gym's slice and why. */
export interface ValueIssue {
	path: string;
	message: string;
}

/**
 * Values of imported rows that the replica's API refuses on a write (the rules of `api/lists.ts`,
 * `api/saved-searches.ts`, `api/notes.ts` and `api/leads.ts`, limits from `contract.ts` LIMITS), as
 * `{path, message}` with the path inside the slice (`tables.leadLists.2.name`):
 * - a lead or account list name that is blank or over {@link LIMITS.listName} characters (trimmed), a
 *   description over 500 characters, or a name (trimmed, case-insensitive) the same owner seat already gives
 *   another list of that type (the API's 409 `DUPLICATE_NAME`);
 * - a saved search name that is blank, over 80 characters, or one the same seat already gives another saved
 *   search (409 `DUPLICATE_NAME`); keywords over 200 characters;
 * - a note whose text is blank (the API requires 1–{@link LIMITS.note} characters after trimming);
 * - a lead with more than {@link LIMITS.tags} tags.
 * Lengths the strict state schema already bounds (InMail subject ≤200, body ≤2,000, note ≤1,000, invitation
 * note ≤300, tag ≤50) are its refusals.
 * @returns the issues in table and row order (empty = the values are ones the API could have written).
 */
export function valueIssues(tables: Record<string, unknown[]>): ValueIssue[] {
	const t = tables as Partial<SalesNavState>;
	const out: ValueIssue[] = [];
	const names = (table: string, rows: { id: string; ownerSeatId: string; name: string }[], what: string, max: number) => {
		const seen = new Map<string, string>();
		rows.forEach((row, i) => {
			const path = `tables.${table}.${i}.name`;
			const name = row.name.trim();
			if (!name || name.length > max) {
				out.push({ path, message: `a ${what} name must have 1–${max} characters (it has ${name.length})` });
				return;
			}
			const key = `${row.ownerSeatId}\u0000${name.toLowerCase()}`;
			const other = seen.get(key);
			if (other !== undefined) out.push({ path, message: `DUPLICATE_NAME: ${table}/${other} of seat ${row.ownerSeatId} is named "${name}" too` });
			else seen.set(key, row.id);
		});
	};
	names('leadLists', t.leadLists ?? [], 'list', LIMITS.listName);
	names('accountLists', t.accountLists ?? [], 'list', LIMITS.listName);
	for (const table of ['leadLists', 'accountLists'] as const)
		(t[table] ?? []).forEach((l, i) => {
			if (l.description !== null && l.description.length > MAX_LIST_DESCRIPTION)
				out.push({ path: `tables.${table}.${i}.description`, message: `longer than ${MAX_LIST_DESCRIPTION} characters (${l.description.length})` });
		});
	names('savedSearches', t.savedSearches ?? [], 'saved search', LIMITS.listName);
	(t.savedSearches ?? []).forEach((s, i) => {
		if (s.keywords.length > MAX_KEYWORDS)
			out.push({ path: `tables.savedSearches.${i}.keywords`, message: `longer than ${MAX_KEYWORDS} characters (${s.keywords.length})` });
	});
	(t.notes ?? []).forEach((n, i) => {
		if (!n.text.trim()) out.push({ path: `tables.notes.${i}.text`, message: `a note must have 1–${LIMITS.note} characters` });
	});
	(t.leads ?? []).forEach((l, i) => {
		if (l.tags.length > LIMITS.tags) out.push({ path: `tables.leads.${i}.tags`, message: `more than ${LIMITS.tags} tags (${l.tags.length})` });
	});
	return out;
}

/** Longest list description the API accepts, characters (`CreateListBody` / `UpdateListBody`). */
export const MAX_LIST_DESCRIPTION = 500;
/** Longest saved-search keyword box the API accepts, characters (`CreateSavedSearchBody`). */
export const MAX_KEYWORDS = 200;
