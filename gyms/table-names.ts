/**
 * The tables of every gym, by gym name, from their schemas (no Dexie): what a state export may hold.
 * Used where a state arrives from outside (e.g. `salesgym verify --state`) to reject a misspelled gym or table.
 */
import { CALENDLY_TABLE_NAMES } from './calendly/schema';
import { HUBSPOT_TABLES } from './hubspot/schema';
import { OUTREACH_TABLE_NAMES } from './outreach/schema';
import { SALESNAV_TABLE_NAMES } from './salesnav/schema';

/** gym name → its table names (export order is by name; this is the schema's order). */
export const GYM_TABLES: Readonly<Record<string, readonly string[]>> = {
	hubspot: HUBSPOT_TABLES,
	outreach: OUTREACH_TABLE_NAMES,
	calendly: CALENDLY_TABLE_NAMES,
	salesnav: SALESNAV_TABLE_NAMES
};

/**
 * The unknown gym and table names of a state `{gym: {table: rows}}`, as `"<gym>"` or `"<gym>.<table>"` paths.
 * @returns `[]` when every gym and table is known.
 */
export function unknownTables(gyms: Record<string, Record<string, unknown>>): string[] {
	const out: string[] = [];
	for (const [gym, tables] of Object.entries(gyms)) {
		const known = GYM_TABLES[gym];
		if (!known) out.push(`"${gym}" (gyms: ${Object.keys(GYM_TABLES).join(', ')})`);
		else for (const t of Object.keys(tables)) if (!known.includes(t)) out.push(`"${gym}.${t}" (${gym} tables: ${known.join(', ')})`);
	}
	return out;
}
