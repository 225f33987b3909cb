/**
 * How HubSpot's email editor names personalization tokens: a chip "Contact: First name" for
 * `{{ contact.firstname }}` (object label, then the property label as the property settings show it), and the
 * tokens its "Personalize" menu offers. Token syntax and resolution are `$gyms/hubspot/tokens`.
 */
import { findTokens } from '$gyms/hubspot/tokens';
import type { TokenSyntax } from '$lib/ui/richtext';

const OBJECT_LABELS: Record<string, string> = { contact: 'Contact', company: 'Company', deal: 'Deal', ticket: 'Ticket', sender: 'Sender' };

const PROPERTY_LABELS: Record<string, Record<string, string>> = {
	contact: {
		firstname: 'First name',
		lastname: 'Last name',
		email: 'Email',
		jobtitle: 'Job title',
		company: 'Company name',
		phone: 'Phone number',
		city: 'City'
	},
	company: { name: 'Company name', domain: 'Company domain name', industry: 'Industry', city: 'City' },
	deal: { dealname: 'Deal name', amount: 'Amount', closedate: 'Close date' },
	sender: { firstname: 'First name', lastname: 'Last name', email: 'Email', meetings_link: 'Meetings link' }
};

/**
 * The chip text of one token source, e.g. `{{ contact.firstname | default("there") }}` → `Contact: First name`;
 * an unknown property shows its internal name, an unknown object its own name; text that is no token is returned as is.
 */
export function tokenChipLabel(raw: string): string {
	const t = findTokens(raw)[0];
	if (!t) return raw;
	const object = OBJECT_LABELS[t.object] ?? t.object;
	return `${object}: ${PROPERTY_LABELS[t.object]?.[t.property] ?? t.property}`;
}

/** HubSpot's token syntax for the kit's rich-text editor: `{{ object.property }}` (with an optional default). */
export const HUBSPOT_TOKEN_SYNTAX: TokenSyntax = {
	pattern: /\{\{\s*[A-Za-z_]\w*\.[A-Za-z_]\w*\s*(?:\|\s*default\(\s*(?:"[^"]*"|'[^']*')\s*\)\s*)?\}\}/g,
	label: tokenChipLabel
};

/**
 * The tokens of the "Personalize" menu, as `{value: token source, label: chip text}`; deal tokens only when the
 * email is sent from a deal.
 */
export function personalizeOptions(withDeal: boolean): { value: string; label: string; group: string }[] {
	const out: { value: string; label: string; group: string }[] = [];
	for (const [object, props] of Object.entries(PROPERTY_LABELS)) {
		if (object === 'deal' && !withDeal) continue;
		for (const property of Object.keys(props)) {
			const raw = `{{ ${object}.${property} }}`;
			out.push({ value: raw, label: tokenChipLabel(raw), group: OBJECT_LABELS[object] ?? object });
		}
	}
	return out;
}
