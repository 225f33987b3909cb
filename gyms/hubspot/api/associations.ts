/**
 * Associations (platforms.md §2.2), stored as two-way-indexed `associations` rows (see association-types.ts):
 * - `GET    /crm/v4/objects/{from}/{id}/associations/{to}` → `{results:[{toObjectId (number), associationTypes:[{category, typeId, label}]}]}`
 * - `POST   /crm/v4/associations/{from}/{to}/batch/read` `{inputs:[{id}]}` → `{status, results:[{from:{id}, to:[…]}], startedAt, completedAt}` (207 + `errors` for ids without any)
 * - `PUT    /crm/v4/objects/{from}/{id}/associations/default/{to}/{toId}` → 200 `{status:"COMPLETE", results:[…], startedAt, completedAt}`
 * - `PUT    /crm/v4/objects/{from}/{id}/associations/{to}/{toId}` body `[{associationCategory, associationTypeId}]`
 *   → 201 `{fromObjectTypeId, fromObjectId, toObjectTypeId, toObjectId, labels}`; an unknown type id → 400
 * - `DELETE /crm/v4/objects/{from}/{id}/associations/{to}/{toId}` → 204 (every type between the two)
 * - v3 `associations` on create (`[{to:{id}, types:[{associationCategory, associationTypeId}]}]`) and the
 *   `?associations=` read option of list/get.
 * Both ends must exist and be live (404 otherwise); putting an existing association again writes nothing new
 * (no duplicate rows). Every write is one transaction that logs one event (entity `associations`).
 */
import { z } from 'zod';
import type { ApiRequest, ApiResponse } from '../../types';
import type { HubSpotDb } from '../db';
import { isObjectType, OBJECT_TYPE_IDS, SINGULAR, type ObjectType } from '../properties';
import type { Association } from '../schema';
import { AssociationTypesBody as LabeledBody, BatchReadAssociationsBody, type AssociationSpec, type CreateAssociations } from '../contract';
import { associationRow, defaultType, directedType, seenFrom, v3TypeName, type DirectedType } from './association-types';
import { HubSpotError, invalidInput, notFound } from './errors';
import { byNumericId } from './paging';
import { readRecord } from './records';
import { commit, stampOf } from './write';
import { parseBody } from './zod-message';

/** One association of a record toward another, as grouped for answers. */
export interface AssociatedRecord {
	toObjectId: string;
	associationTypes: { category: 'HUBSPOT_DEFINED' | 'USER_DEFINED'; typeId: number; label: string | null }[];
}

/** Stored rows touching `type`/`id` (either end). */
export async function rowsOf(db: HubSpotDb, type: ObjectType, id: string): Promise<{ row: Association; fromEnd: boolean }[]> {
	const [out, back] = await Promise.all([
		db.associations.where('[fromObjectType+fromObjectId]').equals([type, id]).toArray(),
		db.associations.where('[toObjectType+toObjectId]').equals([type, id]).toArray()
	]);
	return [...out.map((row) => ({ row, fromEnd: true })), ...back.map((row) => ({ row, fromEnd: false }))];
}

/**
 * Associations of `type`/`id` toward `to`, grouped by the other record, in numeric id order, each with the
 * type ids of this direction.
 */
export async function associationsOf(db: HubSpotDb, type: ObjectType, id: string, to: ObjectType): Promise<AssociatedRecord[]> {
	const byOther = new Map<string, AssociatedRecord>();
	for (const { row, fromEnd } of await rowsOf(db, type, id)) {
		const otherType = fromEnd ? row.toObjectType : row.fromObjectType;
		if (otherType !== to) continue;
		const other = fromEnd ? row.toObjectId : row.fromObjectId;
		const entry = byOther.get(other) ?? { toObjectId: other, associationTypes: [] };
		entry.associationTypes.push(seenFrom(row, fromEnd));
		byOther.set(other, entry);
	}
	const out = [...byOther.values()].sort((a, b) => byNumericId({ id: a.toObjectId }, { id: b.toObjectId }));
	for (const r of out) r.associationTypes.sort((a, b) => a.typeId - b.typeId);
	return out;
}

/** v3 `associations` block of a record: `{companies: {results: [{id, type: "contact_to_company"}]}}`; types with none are omitted. */
export async function v3Associations(
	db: HubSpotDb,
	type: ObjectType,
	id: string,
	toTypes: readonly string[]
): Promise<Record<string, { results: { id: string; type: string }[] }> | undefined> {
	const out: Record<string, { results: { id: string; type: string }[] }> = {};
	for (const to of toTypes) {
		if (!isObjectType(to)) throw invalidInput(`associations: unknown object type "${to}"`);
		const found = await associationsOf(db, type, id, to);
		if (found.length)
			out[to] = {
				results: found.flatMap((a) =>
					a.associationTypes.map((t) => ({ id: a.toObjectId, type: t.label === 'Primary' ? `${v3TypeName(type, to)}_primary` : v3TypeName(type, to) }))
				)
			};
	}
	return Object.keys(out).length ? out : undefined;
}

/**
 * Resolves an association type of a request: the target object type follows from the type id.
 * @throws HubSpotError 400 VALIDATION_ERROR when `from` has no such type (or the category is not HUBSPOT_DEFINED:
 *   this portal defines no labels).
 */
export function resolveSpec(from: ObjectType, spec: z.infer<typeof AssociationSpec>, to?: ObjectType): DirectedType & { to: ObjectType } {
	const targets: readonly ObjectType[] = to ? [to] : (['contacts', 'companies', 'deals', 'tasks', 'notes', 'emails', 'calls', 'meetings'] as const);
	if (spec.associationCategory === 'HUBSPOT_DEFINED') {
		for (const t of targets) {
			const found = directedType(from, t, spec.associationTypeId);
			if (found) return { ...found, to: t };
		}
	}
	throw new HubSpotError(
		400,
		'VALIDATION_ERROR',
		`${spec.associationCategory} association type ${spec.associationTypeId} is not valid from ${from}${to ? ` to ${to}` : ''}`,
		[
			{
				message: `invalid associationTypeId ${spec.associationTypeId}`,
				code: 'INVALID_ASSOCIATION_TYPE',
				context: { associationTypeId: [String(spec.associationTypeId)] }
			}
		]
	);
}

/** Resolved associations of a v3 create body: rows to write once the new record has its id. @throws HubSpotError 400 (unknown type, or a target that does not exist). */
export async function prepareCreateAssociations(
	db: HubSpotDb,
	from: ObjectType,
	input: z.infer<typeof CreateAssociations> | undefined
): Promise<{ type: DirectedType; to: ObjectType; toId: string }[]> {
	const out: { type: DirectedType; to: ObjectType; toId: string }[] = [];
	for (const a of input ?? []) {
		for (const spec of a.types) {
			const t = resolveSpec(from, spec);
			const target = await readRecord(db, t.to, a.to.id);
			if (!target || target.archived)
				throw new HubSpotError(400, 'VALIDATION_ERROR', `One or more associations are invalid: ${t.to} ${a.to.id} does not exist`, [
					{ message: `${t.to} ${a.to.id} does not exist`, code: 'INVALID_ASSOCIATION', context: { toObjectId: [a.to.id] } }
				]);
			out.push({ type: t, to: t.to, toId: a.to.id });
		}
	}
	return out;
}

/** Writes association rows that do not exist yet. @returns the ids of the rows written. */
export async function putAssociations(db: HubSpotDb, rows: Association[]): Promise<string[]> {
	const existing = await db.associations.bulkGet(rows.map((r) => r.id));
	const fresh = rows.filter((r, i) => !existing[i] && rows.findIndex((x) => x.id === r.id) === i);
	if (fresh.length) await db.associations.bulkPut(fresh);
	return fresh.map((r) => r.id);
}

function objectTypes(from: string, to: string): [ObjectType, ObjectType] {
	if (!isObjectType(from)) throw invalidInput(`unknown object type "${from}"`);
	if (!isObjectType(to)) throw invalidInput(`unknown object type "${to}"`);
	return [from, to];
}

async function liveOr404(db: HubSpotDb, type: ObjectType, id: string): Promise<void> {
	const r = await readRecord(db, type, id);
	if (!r || r.archived) throw notFound();
}

/** `GET /crm/v4/objects/{from}/{id}/associations/{to}` (v4: `toObjectId` is a number). @throws HubSpotError 400/404. */
export async function listAssociations(db: HubSpotDb, _req: ApiRequest, from: string, id: string, to: string): Promise<ApiResponse> {
	const [f, t] = objectTypes(from, to);
	await liveOr404(db, f, id);
	const found = await associationsOf(db, f, id, t);
	return { status: 200, body: { results: found.map((a) => ({ toObjectId: Number(a.toObjectId), associationTypes: a.associationTypes })) } };
}

/**
 * `POST /crm/v4/associations/{from}/{to}/batch/read` (HubSpot's "Batch read associations", v4): for each input
 * id, in input order, `{from:{id}, to:[{toObjectId (number), associationTypes:[{category, typeId, label}]}]}`
 * with the same grouping and numeric order as the single-record GET. An id that has no association toward
 * `to` (or does not exist, or is archived) gets no result but an error
 * `{status:"error", category:"OBJECT_NOT_FOUND", subCategory:"crm.associations.NO_ASSOCIATIONS_FOUND", message, context:{fromObjectId:[id]}}`,
 * and the answer is then 207 with `numErrors` (the message wording is not confirmed). Reads only.
 * @throws HubSpotError 400 for an unknown object type or an invalid body (0 or more than 1,000 inputs, unknown keys).
 */
export async function batchReadAssociations(db: HubSpotDb, req: ApiRequest, from: string, to: string): Promise<ApiResponse> {
	const [f, t] = objectTypes(from, to);
	const { inputs } = parseBody(BatchReadAssociationsBody, req.body);
	const at = (await db.meta.get('run'))?.clock ?? '';
	const results: { from: { id: string }; to: { toObjectId: number; associationTypes: AssociatedRecord['associationTypes'] }[] }[] = [];
	const errors: Record<string, unknown>[] = [];
	for (const { id } of inputs) {
		const record = await readRecord(db, f, id);
		const found = record && !record.archived ? await associationsOf(db, f, id, t) : [];
		if (found.length) results.push({ from: { id }, to: found.map((a) => ({ toObjectId: Number(a.toObjectId), associationTypes: a.associationTypes })) });
		else
			errors.push({
				status: 'error',
				category: 'OBJECT_NOT_FOUND',
				subCategory: 'crm.associations.NO_ASSOCIATIONS_FOUND',
				message: `No ${SINGULAR[t]} is associated with ${SINGULAR[f]} ${id}.`,
				context: { fromObjectId: [id] }
			});
	}
	const body: Record<string, unknown> = { status: 'COMPLETE', results, startedAt: at, completedAt: at };
	if (!errors.length) return { status: 200, body };
	return { status: 207, body: { ...body, numErrors: errors.length, errors } };
}

async function associate(
	db: HubSpotDb,
	req: ApiRequest,
	from: ObjectType,
	id: string,
	to: ObjectType,
	toId: string,
	types: DirectedType[],
	status: number,
	body: (at: string) => unknown
): Promise<ApiResponse> {
	return db.transaction('rw', [db.table(from), db.table(to), db.associations, db.meta, db.events], async () => {
		await liveOr404(db, from, id);
		await liveOr404(db, to, toId);
		const stamp = await stampOf(db);
		const written = await putAssociations(
			db,
			types.map((t) => associationRow(t, id, toId))
		);
		if (written.length) await commit(db, stamp, req, status, 'associations', written);
		return { status, body: body(stamp.at) };
	});
}

/** `PUT /crm/v4/objects/{from}/{id}/associations/default/{to}/{toId}`: the unlabeled HUBSPOT_DEFINED type. @throws HubSpotError 400/404. */
export async function putDefaultAssociation(db: HubSpotDb, req: ApiRequest, from: string, id: string, to: string, toId: string): Promise<ApiResponse> {
	const [f, t] = objectTypes(from, to);
	const type = defaultType(f, t);
	if (!type) throw new HubSpotError(400, 'VALIDATION_ERROR', `${f} cannot be associated with ${t}`);
	return associate(db, req, f, id, t, toId, [type], 200, (at) => ({
		status: 'COMPLETE',
		results: [
			{ from: { id }, to: { id: toId }, associationSpec: { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: type.typeId } },
			{
				from: { id: toId },
				to: { id },
				associationSpec: { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: type.forward ? type.def.reverseTypeId : type.def.typeId }
			}
		],
		startedAt: at,
		completedAt: at
	}));
}

/** `PUT /crm/v4/objects/{from}/{id}/associations/{to}/{toId}` with explicit types. @throws HubSpotError 400 (body, unknown type) / 404. */
export async function putAssociation(db: HubSpotDb, req: ApiRequest, from: string, id: string, to: string, toId: string): Promise<ApiResponse> {
	const [f, t] = objectTypes(from, to);
	const types = parseBody(LabeledBody, req.body).map((spec) => resolveSpec(f, spec, t));
	return associate(db, req, f, id, t, toId, types, 201, () => ({
		fromObjectTypeId: OBJECT_TYPE_IDS[f],
		fromObjectId: Number(id),
		toObjectTypeId: OBJECT_TYPE_IDS[t],
		toObjectId: Number(toId),
		labels: types.map((x) => x.def.label).filter((l): l is string => l !== null)
	}));
}

/** `DELETE /crm/v4/objects/{from}/{id}/associations/{to}/{toId}` → 204, removing every type between the two records. @throws HubSpotError 400/404. */
export async function deleteAssociation(db: HubSpotDb, req: ApiRequest, from: string, id: string, to: string, toId: string): Promise<ApiResponse> {
	const [f, t] = objectTypes(from, to);
	return db.transaction('rw', [db.table(f), db.table(t), db.associations, db.meta, db.events], async () => {
		await liveOr404(db, f, id);
		await liveOr404(db, t, toId);
		const ids = (await rowsOf(db, f, id))
			.filter(({ row, fromEnd }) => (fromEnd ? row.toObjectType === t && row.toObjectId === toId : row.fromObjectType === t && row.fromObjectId === toId))
			.map(({ row }) => row.id);
		if (ids.length) {
			const stamp = await stampOf(db);
			await db.associations.bulkDelete(ids);
			await commit(db, stamp, req, 204, 'associations', ids);
		}
		return { status: 204 };
	});
}
