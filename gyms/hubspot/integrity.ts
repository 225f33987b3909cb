/**
 * Integrity hooks of the HubSpot gym for the cross-gym integrity test (`seeds/integrity.spec.ts`,
 * contract in `seeds/CONTRACT.md` §5): the rows that stand for world entities, the timestamps that may lie
 * after the epoch, and the references that must resolve.
 */
import { OBJECT_TYPES, propertyOf } from './properties';
import { ASSOCIATION_OBJECT_TYPES, type Association, type CrmObject, type HubSpotState, type Owner } from './schema';
import type { WorldRef } from '../types';

export type { WorldRef };

/**
 * Rows that stand for world entities: owners (user: email), companies (company: domain), contacts (person:
 * email, linkedin_url, and the domain of the primary associated company, type 279).
 */
export function worldRefs(tables: Record<string, unknown[]>): WorldRef[] {
	const t = tables as Partial<HubSpotState>;
	const domain = new Map((t.companies ?? []).map((c) => [c.id, c.properties.domain]));
	const primary = new Map((t.associations ?? []).filter((a) => a.associationTypeId === 279).map((a) => [a.fromObjectId, a.toObjectId]));
	return [
		...(t.owners ?? []).map((o: Owner): WorldRef => ({ table: 'owners', id: o.id, kind: 'user', email: o.email })),
		...(t.companies ?? []).map((c): WorldRef => ({
			table: 'companies',
			id: c.id,
			kind: 'company',
			...(c.properties.domain ? { domain: c.properties.domain } : {})
		})),
		...(t.contacts ?? []).map((c): WorldRef => {
			const companyDomain = domain.get(primary.get(c.id) ?? '');
			return {
				table: 'contacts',
				id: c.id,
				kind: 'person',
				...(c.properties.email ? { email: c.properties.email } : {}),
				...(c.properties.linkedin_url ? { linkedinUrl: c.properties.linkedin_url } : {}),
				...(companyDomain ? { companyDomain } : {})
			};
		})
	];
}

/**
 * Timestamps that may lie after the epoch: an open deal's forecast `closedate`; an open task's due date
 * (`hs_timestamp`); a scheduled (or since canceled) meeting's `hs_timestamp` / start / end.
 * @param path dotted path inside the row, e.g. `properties.closedate`.
 */
export function futureOk(table: string, row: unknown, path: string): boolean {
	const p = (row as CrmObject).properties ?? {};
	if (table === 'deals') return path === 'properties.closedate' && p.hs_is_closed_won !== 'true' && p.dealstage !== 'closedlost';
	if (table === 'tasks') return path === 'properties.hs_timestamp' && p.hs_task_status !== 'COMPLETED';
	if (table === 'meetings')
		return (
			['properties.hs_timestamp', 'properties.hs_meeting_start_time', 'properties.hs_meeting_end_time'].includes(path) &&
			(p.hs_meeting_outcome === 'SCHEDULED' || p.hs_meeting_outcome === 'CANCELED')
		);
	return false;
}

/** Dangling references as text, `"<table>/<id> <path> → <targetTable>/<targetId>"` (empty = all resolve). */
export function danglingRefs(tables: Record<string, unknown[]>): string[] {
	const t = tables as Partial<HubSpotState>;
	const out: string[] = [];
	const owners = new Set((t.owners ?? []).map((o) => o.id));
	const ids = Object.fromEntries(ASSOCIATION_OBJECT_TYPES.map((type) => [type, new Set(((t[type] ?? []) as { id: string }[]).map((r) => r.id))]));
	for (const table of ['contacts', 'companies', 'deals', 'tasks', 'notes', 'emails', 'meetings'] as const) {
		for (const row of (t[table] ?? []) as CrmObject[]) {
			const owner = row.properties.hubspot_owner_id;
			if (owner && !owners.has(owner)) out.push(`${table}/${row.id} properties.hubspot_owner_id → owners/${owner}`);
		}
	}
	for (const tpl of t.templates ?? []) if (!owners.has(tpl.ownerId)) out.push(`templates/${tpl.id} ownerId → owners/${tpl.ownerId}`);
	const stages = new Map((t.pipelines ?? []).map((p) => [p.id, new Set(p.stages.map((s) => s.id))]));
	for (const d of t.deals ?? []) {
		const pipeline = d.properties.pipeline ?? '';
		if (!stages.has(pipeline)) out.push(`deals/${d.id} properties.pipeline → pipelines/${pipeline}`);
		else if (!stages.get(pipeline)!.has(d.properties.dealstage ?? ''))
			out.push(`deals/${d.id} properties.dealstage → pipelines/${pipeline}/stages/${d.properties.dealstage}`);
	}
	for (const a of (t.associations ?? []) as Association[]) {
		if (!ids[a.fromObjectType]!.has(a.fromObjectId)) out.push(`associations/${a.id} fromObjectId → ${a.fromObjectType}/${a.fromObjectId}`);
		if (!ids[a.toObjectType]!.has(a.toObjectId)) out.push(`associations/${a.id} toObjectId → ${a.toObjectType}/${a.toObjectId}`);
	}
	return out;
}

/**
 * The longest property value HubSpot stores, characters (HubSpot Knowledge Base, "Property field types in
 * HubSpot": single-line and multi-line text values hold up to 65,536 characters).
 */
export const MAX_PROPERTY_CHARS = 65_536;

/**
 * Values of imported CRM rows that the API would refuse on a write, as `{path, message}` (path inside the gym's
 * slice, e.g. `tables.contacts.3.properties.lifecyclestage`): a value over {@link MAX_PROPERTY_CHARS}
 * characters; a static enumeration value that is not one of the property's options (`;`-separated values of a
 * multiple checkboxes property each); a contact email that another contact already has (compared lower-cased,
 * as the API answers a create with that email with a 409 CONFLICT). Owners, pipelines and stages are
 * references, checked by {@link danglingRefs}.
 * @returns the issues in table and row order (empty = the values are ones the API could have written).
 */
export function valueIssues(tables: Record<string, unknown[]>): { path: string; message: string }[] {
	const out: { path: string; message: string }[] = [];
	for (const type of OBJECT_TYPES) {
		const emails = new Map<string, string>();
		((tables[type] ?? []) as CrmObject[]).forEach((row, i) => {
			for (const [name, value] of Object.entries(row.properties)) {
				const path = `tables.${type}.${i}.properties.${name}`;
				if (value.length > MAX_PROPERTY_CHARS) {
					out.push({ path, message: `longer than ${MAX_PROPERTY_CHARS} characters (${value.length})` });
					continue;
				}
				const p = propertyOf(type, name);
				if (value !== '' && p?.type === 'enumeration' && !p.dynamic && p.options.length > 0) {
					const allowed = new Set(p.options.map((o) => o.value));
					const values = p.fieldType === 'checkbox' ? value.split(';') : [value];
					const bad = values.find((v) => !allowed.has(v));
					if (bad !== undefined) out.push({ path, message: `${bad} was not one of the allowed options: [${[...allowed].join(', ')}]` });
				}
			}
			const email = type === 'contacts' ? row.properties.email?.toLowerCase() : undefined;
			if (email) {
				const other = emails.get(email);
				if (other !== undefined)
					out.push({ path: `tables.contacts.${i}.properties.email`, message: `${row.properties.email} is the email of contacts/${other} too` });
				else emails.set(email, row.id);
			}
		});
	}
	return out;
}
