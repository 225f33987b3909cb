/**
 * Integrity hooks of the Outreach gym (seeds/CONTRACT.md §5): its world join keys, the timestamps allowed after
 * the epoch, and its internal references (JSON:API relationships) that must resolve.
 */
import { OUTREACH_TABLE_NAMES, TABLE_OF_TYPE, type OutreachState, type OutreachTable, type ResourceType } from './schema';
import type { WorldRef } from '../types';

export type { WorldRef };

/** One reference that resolves to no row. */
export interface DanglingRef {
	/** Table of the referring row. */
	table: OutreachTable;
	/** Id of the referring row. */
	id: string;
	/** Path inside the row, e.g. `relationships.prospect.data.id`. */
	path: string;
	targetTable: OutreachTable;
	targetId: string;
}

type Row = { id: string; relationships: Record<string, { data: { type: string; id: string } | null }> };

/**
 * Every relationship of every row whose target row does not exist, in table then row order.
 * @param tables the gym's tables (wire rows).
 */
export function danglingRefDetails(tables: Partial<Record<OutreachTable, unknown[]>>): DanglingRef[] {
	const ids = new Map<string, Set<string>>(OUTREACH_TABLE_NAMES.map((t) => [t, new Set(((tables[t] ?? []) as Row[]).map((r) => r.id))]));
	const out: DanglingRef[] = [];
	for (const table of OUTREACH_TABLE_NAMES) {
		for (const row of (tables[table] ?? []) as Row[]) {
			for (const [name, rel] of Object.entries(row.relationships)) {
				if (!rel.data) continue;
				const targetTable = TABLE_OF_TYPE[rel.data.type as ResourceType];
				if (!targetTable || !ids.get(targetTable)!.has(rel.data.id)) {
					out.push({ table, id: row.id, path: `relationships.${name}.data.id`, targetTable, targetId: rel.data.id });
				}
			}
		}
	}
	return out;
}

/** Dangling references as text, `"<table>/<id> <path> → <targetTable>/<targetId>"` (empty = all resolve). */
export function danglingRefs(tables: Record<string, unknown[]>): string[] {
	return danglingRefDetails(tables).map((d) => `${d.table}/${d.id} ${d.path} → ${d.targetTable}/${d.targetId}`);
}

/**
 * Rows that stand for world entities: prospects (person: first email, LinkedIn URL, account domain), accounts
 * (company: domain), users (user: email).
 */
export function worldRefs(tables: Record<string, unknown[]>): WorldRef[] {
	const t = tables as Partial<OutreachState>;
	const domains = new Map((t.accounts ?? []).map((a) => [a.id, a.attributes.domain]));
	return [
		...(t.users ?? []).map((u): WorldRef => ({ table: 'users', id: u.id, kind: 'user', email: u.attributes.email })),
		...(t.accounts ?? []).map((a): WorldRef => ({ table: 'accounts', id: a.id, kind: 'company', domain: a.attributes.domain })),
		...(t.prospects ?? []).map((p): WorldRef => ({
			table: 'prospects',
			id: p.id,
			kind: 'person',
			...(p.attributes.emails[0] ? { email: p.attributes.emails[0] } : {}),
			...(p.attributes.linkedInUrl ? { linkedinUrl: p.attributes.linkedInUrl } : {}),
			...(p.relationships.account.data ? { companyDomain: domains.get(p.relationships.account.data.id) } : {})
		}))
	];
}

/**
 * Timestamps that may lie after the epoch: a scheduled mailing's `scheduledAt`, and a task's `dueAt` /
 * `autoskipAt` (tasks due in the coming days).
 * @param path dotted path inside the row, e.g. `attributes.scheduledAt`.
 */
export function futureOk(table: string, row: unknown, path: string): boolean {
	const r = row as { attributes?: { state?: string } };
	if (table === 'mailings') return path === 'attributes.scheduledAt' && r.attributes?.state === 'scheduled';
	if (table === 'tasks') return path === 'attributes.dueAt' || path === 'attributes.autoskipAt';
	return false;
}

/**
 * Values of imported rows that the API would refuse on a write, as `{path, message}` (path inside the gym's slice,
 * e.g. `tables.prospects.3.attributes.emails.0`): an email address a prospect lists twice, or that an earlier
 * prospect already has (compared lower-cased; Outreach API v2 answers such a create or update with the 422
 * `validationDuplicateValueError` "A Contact with this email_hash already exists.", the email hash being unique
 * per organization).
 * Also a mailing whose engagement cannot be: `openedAt` is the most recent open and `openCount` the number of opens
 * (Outreach OpenAPI `mailing.openedAt` "The most recent date and time the email was opened", `openCount` "The total
 * number of times the email was opened"; `clickedAt` / `clickCount` the same for clicks), so a count comes with a
 * last time and a last time with a count, and the last open or click is not before the delivery.
 * @returns the issues in row order (empty = the values are ones the API could have written).
 */
export function valueIssues(tables: Record<string, unknown[]>): { path: string; message: string }[] {
	const out: { path: string; message: string }[] = [];
	const owner = new Map<string, string>();
	((tables.prospects ?? []) as OutreachState['prospects']).forEach((p, i) => {
		p.attributes.emails.forEach((email, j) => {
			const low = email.toLowerCase();
			const other = owner.get(low);
			if (other !== undefined)
				out.push({
					path: `tables.prospects.${i}.attributes.emails.${j}`,
					message: `A Contact with this email_hash already exists (${email} is an email of prospects/${other}${other === p.id ? ' already' : ' too'}).`
				});
			else owner.set(low, p.id);
		});
	});
	((tables.mailings ?? []) as OutreachState['mailings']).forEach((m, i) => {
		const a = m.attributes;
		for (const [count, at, what] of [
			['openCount', 'openedAt', 'open'],
			['clickCount', 'clickedAt', 'click']
		] as const) {
			const n = a[count];
			const last = a[at];
			if (n > 0 !== (last !== null))
				out.push({
					path: `tables.mailings.${i}.attributes.${at}`,
					message: `${at} is the most recent ${what}: ${n > 0 ? `${count} ${n} needs one` : `it needs ${count} of at least 1 (got 0)`}.`
				});
			else if (last !== null && a.deliveredAt !== null && last < a.deliveredAt)
				out.push({ path: `tables.mailings.${i}.attributes.${at}`, message: `${at} ${last} is before deliveredAt ${a.deliveredAt}.` });
		}
	});
	return out;
}
