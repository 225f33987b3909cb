/**
 * Display helpers of the HubSpot screens: names, enum labels, select options and UTC date formatting.
 * Pure functions over API data: no clock, no host time zone (dates are always shown in UTC).
 */
import { LEAD_STATUSES, LEAD_STATUS_LABELS, LIFECYCLE_STAGES, LIFECYCLE_STAGE_LABELS, type LeadStatus, type LifecycleStage } from '$gyms/hubspot/contract';
import type { Contact, Owner } from './client';

/** Text HubSpot shows in a table cell whose property is empty. */
export const EMPTY_CELL = '--';

/** Label of the "no owner" choice and of an unassigned contact's owner cell. */
export const NO_OWNER_LABEL = 'No owner';

/** Label of the empty choice of optional selects (Lead status, and Lifecycle stage on the record page). */
export const NONE_LABEL = 'None';

/** One `<option>`: wire value and visible label. */
export interface SelectOption {
	value: string;
	label: string;
}

/**
 * The contact properties the screens read and edit, in form order, with their UI labels.
 * Labels are the exact accessible names of the form controls (agents fill fields by label).
 */
export const CONTACT_FORM_FIELDS = [
	{ name: 'email', label: 'Email', type: 'email' },
	{ name: 'firstname', label: 'First name', type: 'text' },
	{ name: 'lastname', label: 'Last name', type: 'text' },
	{ name: 'jobtitle', label: 'Job title', type: 'text' },
	{ name: 'company', label: 'Company name', type: 'text' },
	{ name: 'phone', label: 'Phone number', type: 'tel' }
] as const;

/** Name of a text property edited by {@link CONTACT_FORM_FIELDS}. */
export type ContactTextProperty = (typeof CONTACT_FORM_FIELDS)[number]['name'];

/** Every property the contact screens edit: the text fields plus owner, lifecycle stage and lead status. */
export const EDITABLE_PROPERTIES = [...CONTACT_FORM_FIELDS.map((f) => f.name), 'hubspot_owner_id', 'lifecyclestage', 'hs_lead_status'] as const;

/** A property edited by the contact screens. */
export type EditableProperty = (typeof EDITABLE_PROPERTIES)[number];

/** Editable values of one contact, `""` for unset. */
export type ContactDraft = Record<EditableProperty, string>;

/** UI label of each property, as shown on form controls and in error messages. */
export const PROPERTY_LABELS: Record<EditableProperty, string> = {
	email: 'Email',
	firstname: 'First name',
	lastname: 'Last name',
	jobtitle: 'Job title',
	company: 'Company name',
	phone: 'Phone number',
	hubspot_owner_id: 'Contact owner',
	lifecyclestage: 'Lifecycle stage',
	hs_lead_status: 'Lead status'
};

/** Properties requested for the contacts table and the record page. */
export const CONTACT_PROPERTIES: string[] = [...EDITABLE_PROPERTIES, 'createdate', 'lastmodifieddate'];

/** Reads a property as a string; absent or `null` (HubSpot's "requested but unset") become `""`. */
export function prop(contact: Contact, name: string): string {
	const value: unknown = contact.properties[name];
	return typeof value === 'string' ? value : value == null ? '' : String(value);
}

/** A draft with every property unset (`""`), then `overrides` applied (e.g. the create form's default stage). */
export function emptyDraft(overrides: Partial<ContactDraft> = {}): ContactDraft {
	const draft = {} as ContactDraft;
	for (const name of EDITABLE_PROPERTIES) draft[name] = '';
	return { ...draft, ...overrides };
}

/** The editable values of a contact, `""` where unset. */
export function draftOf(contact: Contact): ContactDraft {
	const draft = {} as ContactDraft;
	for (const name of EDITABLE_PROPERTIES) draft[name] = prop(contact, name);
	return draft;
}

/** "First Last" of a contact, or `""` when it has neither name. */
export function fullName(contact: Contact): string {
	return [prop(contact, 'firstname'), prop(contact, 'lastname')]
		.map((s) => s.trim())
		.filter(Boolean)
		.join(' ');
}

/**
 * The name HubSpot displays for a contact: full name, else the email, else "(No name)".
 */
export function displayName(contact: Contact): string {
	return fullName(contact) || prop(contact, 'email').trim() || '(No name)';
}

/** "First Last" of an owner (falls back to the email when both names are empty). */
export function ownerName(owner: Owner): string {
	return [owner.firstName, owner.lastName].filter(Boolean).join(' ') || owner.email;
}

/**
 * Label of the owner with id `ownerId`: the owner's name, "No owner" for `""`, or the raw id when unknown.
 */
export function ownerLabel(ownerId: string, owners: readonly Owner[]): string {
	if (!ownerId) return NO_OWNER_LABEL;
	const owner = owners.find((o) => o.id === ownerId);
	return owner ? ownerName(owner) : ownerId;
}

/** UI label of a `lifecyclestage` value; unknown (custom) values are shown raw, `""` as "--". */
export function lifecycleStageLabel(value: string): string {
	if (!value) return EMPTY_CELL;
	return (LIFECYCLE_STAGES as readonly string[]).includes(value) ? LIFECYCLE_STAGE_LABELS[value as LifecycleStage] : value;
}

/** UI label of an `hs_lead_status` value; unknown values are shown raw, `""` as "--". */
export function leadStatusLabel(value: string): string {
	if (!value) return EMPTY_CELL;
	return (LEAD_STATUSES as readonly string[]).includes(value) ? LEAD_STATUS_LABELS[value as LeadStatus] : value;
}

/**
 * Options of the Contact owner select: "No owner" (`""`) then every owner by name.
 * @param current a value that must be selectable even if it is not a known owner (shown raw).
 */
export function ownerOptions(owners: readonly Owner[], current = ''): SelectOption[] {
	const options: SelectOption[] = [{ value: '', label: NO_OWNER_LABEL }, ...owners.map((o) => ({ value: o.id, label: ownerName(o) }))];
	if (current && !owners.some((o) => o.id === current)) options.push({ value: current, label: current });
	return options;
}

/**
 * Options of the Lifecycle stage select in HubSpot's order.
 * @param withNone prepend "None" (`""`), used on the record page where the stage may be cleared.
 * @param current a custom value that must stay selectable (shown raw).
 */
export function lifecycleStageOptions(withNone: boolean, current = ''): SelectOption[] {
	const options: SelectOption[] = LIFECYCLE_STAGES.map((v) => ({ value: v, label: LIFECYCLE_STAGE_LABELS[v] }));
	if (current && !(LIFECYCLE_STAGES as readonly string[]).includes(current)) options.push({ value: current, label: current });
	return withNone ? [{ value: '', label: NONE_LABEL }, ...options] : options;
}

/**
 * Options of the Lead status select: "None" (`""`) then every status in HubSpot's order.
 * @param current a custom value that must stay selectable (shown raw).
 */
export function leadStatusOptions(current = ''): SelectOption[] {
	const options: SelectOption[] = [{ value: '', label: NONE_LABEL }, ...LEAD_STATUSES.map((v) => ({ value: v, label: LEAD_STATUS_LABELS[v] }))];
	if (current && !(LEAD_STATUSES as readonly string[]).includes(current)) options.push({ value: current, label: current });
	return options;
}

const UTC_PARTS = new Intl.DateTimeFormat('en-US', {
	timeZone: 'UTC',
	year: 'numeric',
	month: 'short',
	day: 'numeric',
	hour: 'numeric',
	minute: '2-digit',
	second: '2-digit',
	hour12: true
});

/**
 * Formats an ISO-8601 timestamp from the API in UTC, e.g. `2026-03-02T09:00:00.000Z` → "Mar 2, 2026 9:00 AM UTC".
 * Built from parts with plain spaces (ICU may insert U+202F before AM/PM), never in the host time zone.
 * `seconds: true` adds seconds ("9:00:05 AM"), e.g. for the virtual clock, which moves 1 s per change.
 * @returns "--" for an empty value, the input unchanged when it does not parse.
 */
export function formatDateTimeUtc(iso: string, options: { seconds?: boolean } = {}): string {
	if (!iso) return EMPTY_CELL;
	const date = new Date(iso);
	if (Number.isNaN(date.getTime())) return iso;
	const parts = UTC_PARTS.formatToParts(date);
	const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
	const time = `${part('hour')}:${part('minute')}${options.seconds ? `:${part('second')}` : ''}`;
	return `${part('month')} ${part('day')}, ${part('year')} ${time} ${part('dayPeriod').toUpperCase()} UTC`;
}

/**
 * A timestamp as HubSpot's screens show it, e.g. `2026-03-02T14:30:00.000Z` → "Mar 2, 2026 2:30 PM": month day,
 * year, 12-hour time, no zone suffix (the replica shows every time in UTC, never the host zone).
 * @returns "--" for an empty value, the input unchanged when it does not parse.
 */
export function formatDateTime(iso: string): string {
	const out = formatDateTimeUtc(iso);
	return out.endsWith(' UTC') ? out.slice(0, -4) : out;
}

/** The create date of a contact: property `createdate`, else the object's `createdAt`. */
export function createDate(contact: Contact): string {
	return prop(contact, 'createdate') || contact.createdAt || '';
}
