/**
 * `POST /crm/v3/objects/contacts/merge` `{primaryObjectId, objectIdToMerge}` → 200 the primary contact
 * (platforms.md §2.2/§2.5: a merge keeps the primary's id).
 * - Properties: the primary keeps its values; properties it lacks are filled from the merged contact; the
 *   merged contact's email is added to `hs_additional_emails`, its id to `hs_merged_object_ids`; lifecycle
 *   stage dates keep the earliest date of the two.
 * - Associations of the merged contact move to the primary (no duplicate rows); the merged contact is
 *   archived (recycle bin). One transaction; events for both contacts.
 * Errors: 400 VALIDATION_ERROR for a malformed body or the same id twice; 404 when either contact does not
 * exist or is archived.
 */
import type { ApiRequest, ApiResponse } from '../../types';
import type { HubSpotDb } from '../db';
import type { Association } from '../schema';
import { rowsOf } from './associations';
import { openSession, writeTables, written } from './engine';
import { HubSpotError, notFound } from './errors';
import { readRecord, writeRecord } from './records';
import { commit } from './write';
import { parseBody } from './zod-message';
import { MergeBody } from '../contract';

const addTo = (list: string | undefined, value: string | undefined) => (value ? [...new Set([...(list ? list.split(';') : []), value])].join(';') : list);

/** `POST /crm/v3/objects/contacts/merge`. @throws HubSpotError 400 / 404. */
export async function mergeContacts(db: HubSpotDb, req: ApiRequest): Promise<ApiResponse> {
	const { primaryObjectId, objectIdToMerge } = parseBody(MergeBody, req.body);
	if (primaryObjectId === objectIdToMerge)
		throw new HubSpotError(400, 'VALIDATION_ERROR', 'Cannot merge a contact with itself: primaryObjectId and objectIdToMerge must differ');
	return db.transaction('rw', writeTables(db, 'contacts'), async () => {
		const [primary, merged] = await Promise.all([readRecord(db, 'contacts', primaryObjectId), readRecord(db, 'contacts', objectIdToMerge)]);
		if (!primary || primary.archived || !merged || merged.archived) throw notFound();
		const s = await openSession(db, 'contacts');
		const at = s.stamp.at;
		const properties: Record<string, string> = { ...merged.properties, ...primary.properties };
		for (const [k, v] of Object.entries(merged.properties))
			if (/^hs_lifecyclestage_.+_date$/.test(k) && primary.properties[k] && v < primary.properties[k]) properties[k] = v;
		const emails = addTo(addTo(primary.properties.hs_additional_emails, merged.properties.hs_additional_emails), merged.properties.email);
		if (emails) properties.hs_additional_emails = emails;
		properties.hs_merged_object_ids = addTo(addTo(primary.properties.hs_merged_object_ids, merged.properties.hs_merged_object_ids), merged.id)!;
		properties.lastmodifieddate = at;
		properties.createdate = primary.properties.createdate ?? properties.createdate ?? at;
		properties.hs_object_id = primary.id;
		const next = { ...primary, properties, updatedAt: at };
		const moved: Association[] = [];
		const links = await rowsOf(db, 'contacts', merged.id);
		for (const { row, fromEnd } of links) {
			const other = fromEnd ? row.toObjectId : row.fromObjectId;
			const a = fromEnd ? primary.id : other;
			const b = fromEnd ? other : primary.id;
			moved.push({ ...row, id: `${row.associationTypeId}:${a}:${b}`, fromObjectId: a, toObjectId: b });
		}
		await db.associations.bulkDelete(links.map((l) => l.row.id));
		await db.associations.bulkPut(moved.filter((m, i) => moved.findIndex((x) => x.id === m.id) === i));
		await writeRecord(db, 'contacts', next);
		await writeRecord(db, 'contacts', { ...merged, archived: true, updatedAt: at });
		await commit(db, s.stamp, req, 200, 'contacts', [primary.id, merged.id]);
		return { status: 200, body: written('contacts', next) };
	});
}
