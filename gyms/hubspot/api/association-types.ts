/**
 * HUBSPOT_DEFINED association types (platforms.md §2.1), both directions, and how they are stored.
 *
 * Storage: one `associations` row per (type, pair) in the pair's CANONICAL direction (contact→company,
 * deal→contact, deal→company, engagement→contact/company/deal: the direction the seed uses), id
 * `<canonicalTypeId>:<fromId>:<toId>`; the other direction's type id is derived from {@link ASSOCIATION_DEFS}.
 * "Primary" company types (contact→company 1, deal→company 5) are extra rows beside the unlabeled 279 / 341.
 */
import type { Association } from '../schema';
import { SINGULAR, type ObjectType } from '../properties';

/** One association type in its canonical direction, with the reverse direction's id and the v4 label. */
export interface AssociationDef {
	from: ObjectType;
	to: ObjectType;
	typeId: number;
	reverseTypeId: number;
	/** v4 label (`null` for the unlabeled default type, "Primary" for the primary company). */
	label: string | null;
	/** True for the type `PUT …/associations/default/…` creates. */
	isDefault: boolean;
}

const ENGAGEMENT_IDS: Record<string, [number, number, number, number, number, number]> = {
	// [→contact, contact→, →company, company→, →deal, deal→]
	notes: [202, 201, 190, 189, 214, 213],
	tasks: [204, 203, 192, 191, 216, 215],
	emails: [198, 197, 186, 185, 210, 209],
	meetings: [200, 199, 188, 187, 212, 211],
	calls: [194, 193, 182, 181, 206, 205]
};

/** Every HUBSPOT_DEFINED association type the gym serves, canonical direction first. */
export const ASSOCIATION_DEFS: readonly AssociationDef[] = [
	{ from: 'contacts', to: 'companies', typeId: 279, reverseTypeId: 280, label: null, isDefault: true },
	{ from: 'contacts', to: 'companies', typeId: 1, reverseTypeId: 2, label: 'Primary', isDefault: false },
	{ from: 'deals', to: 'contacts', typeId: 3, reverseTypeId: 4, label: null, isDefault: true },
	{ from: 'deals', to: 'companies', typeId: 341, reverseTypeId: 342, label: null, isDefault: true },
	{ from: 'deals', to: 'companies', typeId: 5, reverseTypeId: 6, label: 'Primary', isDefault: false },
	...Object.entries(ENGAGEMENT_IDS).flatMap(([eng, [c, rc, co, rco, d, rd]]) =>
		(
			[
				['contacts', c, rc],
				['companies', co, rco],
				['deals', d, rd]
			] as const
		).map(([to, typeId, reverseTypeId]) => ({ from: eng as ObjectType, to, typeId, reverseTypeId, label: null, isDefault: true }))
	)
];

/** A type seen from one side: `from` → `to` with this direction's id, and the canonical def it belongs to. */
export interface DirectedType {
	def: AssociationDef;
	/** True when `from` is the canonical source. */
	forward: boolean;
	typeId: number;
}

/** The association type `typeId` from `from` to `to`, in either stored direction; undefined when HubSpot has none. */
export function directedType(from: ObjectType, to: ObjectType, typeId: number): DirectedType | undefined {
	for (const def of ASSOCIATION_DEFS) {
		if (def.from === from && def.to === to && def.typeId === typeId) return { def, forward: true, typeId };
		if (def.from === to && def.to === from && def.reverseTypeId === typeId) return { def, forward: false, typeId };
	}
	return undefined;
}

/** The default (unlabeled) type from `from` to `to`; undefined when the two types cannot be associated. */
export function defaultType(from: ObjectType, to: ObjectType): DirectedType | undefined {
	for (const def of ASSOCIATION_DEFS) {
		if (!def.isDefault) continue;
		if (def.from === from && def.to === to) return { def, forward: true, typeId: def.typeId };
		if (def.from === to && def.to === from) return { def, forward: false, typeId: def.reverseTypeId };
	}
	return undefined;
}

/** Every type id from `from` toward `to` (both stored directions), e.g. contacts→companies: 279, 1. */
export function typeIdsBetween(from: ObjectType, to: ObjectType): number[] {
	return ASSOCIATION_DEFS.flatMap((d) => (d.from === from && d.to === to ? [d.typeId] : d.from === to && d.to === from ? [d.reverseTypeId] : []));
}

/** The stored row of association `t` between `fromId` (of t's `from` side as seen by the caller) and `toId`. */
export function associationRow(t: DirectedType, fromId: string, toId: string): Association {
	const [a, b] = t.forward ? [fromId, toId] : [toId, fromId];
	return {
		id: `${t.def.typeId}:${a}:${b}`,
		fromObjectType: t.def.from,
		fromObjectId: a,
		toObjectType: t.def.to,
		toObjectId: b,
		associationCategory: 'HUBSPOT_DEFINED',
		associationTypeId: t.def.typeId
	};
}

/** The type id of a stored row seen from `side` (`from` end = canonical id, `to` end = reverse id), with its label. */
export function seenFrom(row: Association, fromEnd: boolean): { category: 'HUBSPOT_DEFINED' | 'USER_DEFINED'; typeId: number; label: string | null } {
	const def = ASSOCIATION_DEFS.find((d) => d.from === row.fromObjectType && d.to === row.toObjectType && d.typeId === row.associationTypeId);
	if (!def) return { category: row.associationCategory, typeId: row.associationTypeId, label: null };
	return { category: row.associationCategory, typeId: fromEnd ? def.typeId : def.reverseTypeId, label: def.label };
}

/** v3 association type name, e.g. `contact_to_company`. */
export function v3TypeName(from: ObjectType, to: ObjectType): string {
	return `${SINGULAR[from]}_to_${SINGULAR[to]}`;
}
