/**
 * Property validation of every write, for every object type, driven by the registry (`../properties.ts`).
 * HubSpot reports every invalid property of a request at once, in a 400 VALIDATION_ERROR whose message is
 * `Property values were not valid: [{"isValid":false,"message":…,"error":"INVALID_OPTION","name":"lifecyclestage"}]`.
 *
 * Error codes (HubSpot's): PROPERTY_DOESNT_EXIST, READ_ONLY_VALUE, INVALID_OPTION, INVALID_EMAIL,
 * INVALID_INTEGER (a number property that is not a number), INVALID_DATE, INVALID_BOOLEAN, INVALID_OWNER_ID; and
 * INVALID_LENGTH for a value over 65,536 characters (HubSpot Knowledge Base, "Property field types in HubSpot").
 */
import type { Pipeline } from '../schema';
import { MAX_PROPERTY_CHARS } from '../integrity';
import { propertyOf, type ObjectType } from '../properties';
import type { PropertyError } from './errors';

/** A property map as clients send it: strings, or numbers / booleans / null (null clears, like `""`). */
export type PropertyInput = Record<string, string | number | boolean | null>;

/** What validation needs from the database: the owner ids and the deal pipelines. */
export interface ValidationContext {
	ownerIds: ReadonlySet<string>;
	pipelines: readonly Pipeline[];
}

/** Loose email check (local@domain.tld), as HubSpot's INVALID_EMAIL rejects e.g. `jane@` or `jane.example.com`. */
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;
const NUMBER_RE = /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
/** ISO date, or date-time with `Z` or an explicit offset (never host-local time). */
const ISO_RE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/;

/**
 * A datetime value → UTC ISO-8601 ms: accepts epoch milliseconds (HubSpot's native form), an ISO date
 * (midnight UTC) or an ISO date-time with `Z`/offset. @returns null when it is none of these.
 */
export function normalizeDatetime(value: string): string | null {
	let ms: number;
	if (/^-?\d{1,15}$/.test(value)) ms = Number(value);
	else if (ISO_RE.test(value)) ms = Date.parse(value.length === 10 ? `${value}T00:00:00.000Z` : value);
	else return null;
	if (!Number.isFinite(ms)) return null;
	const d = new Date(ms);
	return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/**
 * Validates and normalizes a `properties` map for a create or an update of `type`.
 * Normalized values: strings; null → `""` (clears); numbers/booleans → text; emails lower-cased; datetimes
 * → UTC ISO ms; booleans → `true`/`false`; text trimmed (textareas kept as sent).
 * @returns the normalized values and the list of invalid properties (empty when all are valid). Type rules
 *   (deal stages, lifecycle order, required properties) are checked afterwards by `rules.ts`.
 */
export function validateProperties(
	type: ObjectType,
	input: PropertyInput,
	ctx: ValidationContext
): { values: Record<string, string>; errors: PropertyError[] } {
	const values: Record<string, string> = {};
	const errors: PropertyError[] = [];
	for (const [name, raw] of Object.entries(input)) {
		const p = propertyOf(type, name);
		if (!p) {
			errors.push({ error: 'PROPERTY_DOESNT_EXIST', name, message: `Property "${name}" does not exist` });
			continue;
		}
		if (p.readOnly) {
			errors.push({ error: 'READ_ONLY_VALUE', name, message: `"${name}" is a read only property; its value cannot be set.` });
			continue;
		}
		const text = raw === null ? '' : p.fieldType === 'textarea' ? String(raw) : String(raw).trim();
		if (text === '') {
			values[name] = '';
			continue;
		}
		const bad = (error: string, message: string) => errors.push({ error, name, message });
		if (text.length > MAX_PROPERTY_CHARS) {
			bad('INVALID_LENGTH', `"${name}" is ${text.length} characters long; property values hold at most ${MAX_PROPERTY_CHARS} characters`);
			continue;
		}
		if (p.dynamic === 'owners') {
			if (!ctx.ownerIds.has(text)) bad('INVALID_OWNER_ID', `${text} is not a valid owner id`);
			else values[name] = text;
		} else if (p.dynamic === 'pipelines') {
			const ids = ctx.pipelines.map((x) => x.id);
			if (!ids.includes(text)) bad('INVALID_OPTION', `${text} was not one of the allowed options: [${ids.join(', ')}]`);
			else values[name] = text;
		} else if (p.type === 'enumeration' && p.options.length) {
			const allowed = p.options.map((o) => o.value);
			if (!allowed.includes(text)) bad('INVALID_OPTION', `${text} was not one of the allowed options: [${allowed.join(', ')}]`);
			else values[name] = text;
		} else if (name === 'email' && type === 'contacts') {
			if (!EMAIL_RE.test(text)) bad('INVALID_EMAIL', `Email address ${text} is invalid`);
			else values[name] = text.toLowerCase();
		} else if (p.type === 'number') {
			if (!NUMBER_RE.test(text) || !Number.isFinite(Number(text))) bad('INVALID_INTEGER', `${text} was not a valid number.`);
			else values[name] = text;
		} else if (p.type === 'datetime' || p.type === 'date') {
			const iso = normalizeDatetime(text);
			if (iso === null) bad('INVALID_DATE', `${text} is not a valid date: use epoch milliseconds or UTC ISO-8601 (e.g. 2026-03-02T09:00:00.000Z)`);
			else values[name] = iso;
		} else if (p.type === 'bool') {
			const b = text.toLowerCase();
			if (b !== 'true' && b !== 'false') bad('INVALID_BOOLEAN', `${text} is not a valid boolean; use true or false`);
			else values[name] = b;
		} else values[name] = text;
	}
	return { values, errors };
}
