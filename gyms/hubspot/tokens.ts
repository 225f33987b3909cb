/**
 * HubSpot personalization tokens in sales templates and one-to-one emails (platforms.md §2.1 "Templates/snippets"),
 * resolved by one pure function shared by the email composer (page) and the gym's API (which refuses to send an
 * email that still holds a token).
 *
 * Syntax (HubL-style): `{{ contact.firstname }}`, `{{ company.name }}`, `{{ deal.dealname }}`,
 * `{{ sender.firstname }}`, with an optional default: `{{ contact.firstname | default("there") }}` (single quotes too).
 * Rules, as HubSpot applies them:
 * - `company.*` is the contact's ASSOCIATED company record (its `name`), never the contact's `company` text property.
 * - `sender.*` is the sending owner: `firstname`, `lastname`, `email`.
 * - An empty or missing value uses the default when there is one; otherwise the token is unresolved and renders
 *   `[[MISSING TOKEN - <object>.<property>]]`: the email must be fixed before it can be sent.
 * - A token of an object type HubSpot does not personalize from (anything but contact, company, deal, ticket,
 *   sender) is unresolved as well (`unknown: true`), default or not.
 * Pure: no clock, no I/O.
 */

/** Object types a token may read from. */
export const TOKEN_OBJECTS = ['contact', 'company', 'deal', 'ticket', 'sender'] as const;
/** One of {@link TOKEN_OBJECTS}. */
export type TokenObject = (typeof TOKEN_OBJECTS)[number];

/** Property values per token object (wire values: strings, `null` for requested-but-unset). Absent object = no record. */
export type TokenContext = Partial<Record<TokenObject, Record<string, string | null | undefined>>>;

/** One token occurrence in a text. */
export interface TokenRef {
	/** The token as written, e.g. `{{ contact.firstname | default("there") }}`. */
	raw: string;
	/** `object.property`, e.g. `contact.firstname` (lower-cased). */
	token: string;
	/** Object part, e.g. `contact`. */
	object: string;
	/** Property part, e.g. `firstname`. */
	property: string;
	/** The `default("…")` value, when given. */
	fallback?: string;
}

/** An unresolved token: no value and no default, or an unknown object type. */
export interface MissingToken extends TokenRef {
	/** True when the object type is not one HubSpot personalizes from. */
	unknown: boolean;
}

/** Result of {@link resolveTokens}. */
export interface ResolvedText {
	/** The text with every token replaced by its value, its default, or a {@link missingMarker}. */
	text: string;
	/** Unresolved tokens in order of appearance (duplicates kept once, by `token`). */
	missing: MissingToken[];
}

const TOKEN = /\{\{\s*([A-Za-z_][\w]*)\.([A-Za-z_][\w]*)\s*(?:\|\s*default\(\s*(?:"([^"]*)"|'([^']*)')\s*\)\s*)?\}\}/g;
/**
 * Anything that cannot be sent as is: a token, resolvable or not (`{{ … }}`), or HubSpot's rendered
 * `[[MISSING TOKEN - …]]` marker. The API's send rule (api/rules.ts) and the composer share it.
 */
export const UNRESOLVED_TOKEN_RE = /\{\{[^{}]*\}\}|\[\[MISSING TOKEN/;

/**
 * Lists the tokens of `text` in order of appearance.
 * @returns one {@link TokenRef} per occurrence.
 */
export function findTokens(text: string): TokenRef[] {
	const out: TokenRef[] = [];
	for (const m of text.matchAll(TOKEN)) {
		const fallback = m[3] ?? m[4];
		const object = (m[1] ?? '').toLowerCase();
		const property = (m[2] ?? '').toLowerCase();
		out.push({ raw: m[0], token: `${object}.${property}`, object, property, ...(fallback !== undefined ? { fallback } : {}) });
	}
	return out;
}

/**
 * True when `text` still holds a `{{ … }}` token (well-formed or not) or a `[[MISSING TOKEN` marker: such an
 * email cannot be sent as is.
 */
export function containsToken(text: string): boolean {
	return UNRESOLVED_TOKEN_RE.test(text);
}

/**
 * The marker HubSpot renders in place of a token without a value, e.g. `[[MISSING TOKEN - contact.firstname]]`.
 */
export function missingMarker(token: string): string {
	return `[[MISSING TOKEN - ${token}]]`;
}

function isTokenObject(o: string): o is TokenObject {
	return (TOKEN_OBJECTS as readonly string[]).includes(o);
}

/**
 * Resolves every token of `text` against `context` (see the module rules).
 * @param context property values of the contact, its associated company, the deal, and the sender (owner as
 *   `{firstname, lastname, email}`).
 * @returns the rendered text and the unresolved tokens (empty when the text can be sent).
 */
export function resolveTokens(text: string, context: TokenContext): ResolvedText {
	const missing = new Map<string, MissingToken>();
	const rendered = text.replace(TOKEN, (raw: string, o: string, p: string, dq?: string, sq?: string) => {
		const object = o.toLowerCase();
		const property = p.toLowerCase();
		const token = `${object}.${property}`;
		const fallback = dq ?? sq;
		const known = isTokenObject(object);
		const value = known ? context[object]?.[property] : undefined;
		if (typeof value === 'string' && value.trim() !== '') return value;
		if (known && fallback !== undefined) return fallback;
		if (!missing.has(token)) missing.set(token, { raw, token, object, property, unknown: !known, ...(fallback !== undefined ? { fallback } : {}) });
		return missingMarker(token);
	});
	return { text: rendered, missing: [...missing.values()] };
}

/**
 * The sender context of an owner: `{firstname, lastname, email}` (HubSpot's `sender.*` tokens).
 */
export function senderContext(owner: { firstName: string; lastName: string; email: string } | undefined): Record<string, string> | undefined {
	return owner ? { firstname: owner.firstName, lastname: owner.lastName, email: owner.email } : undefined;
}
