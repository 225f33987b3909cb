/**
 * Vendor conformance of the Calendly gym: every field the gym serves (the answer and body schemas of
 * `contract.ts`) is compared with Calendly's own OpenAPI document ("Calendly API 2.0.0", `calendly-openapi.yaml`):
 * the field must exist there with the same name and a compatible type (integer ⊂ number; nullable fields match
 * nullable or optional ones) and its enum values must be the spec's. Every served API v2 endpoint must be a path
 * and method of the spec. Node-only (reads files); page code must not import it.
 *
 * What the gym serves beyond the 2023 document is listed in {@link NEWER_THAN_SPEC} (with the Calendly source
 * that documents it) and in {@link WEB_APP_ROUTES} (the Calendly web app's own calls used by the screens); the
 * unit test proves each listed field is really absent from the spec, so the lists cannot go stale.
 */
// Node-only module (the vendor check runs under tsx and vitest, never in the Service Worker bundle).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { z } from 'zod';
import type { VendorCheck, VendorMismatch } from '../kit/vendor-check';
import {
	AvailabilitySchedule,
	AvailableTime,
	BusyTime,
	CancelBody,
	CancellationOut,
	ErrorBody,
	EventType,
	Invitee,
	InviteeNoShow,
	NoShowBody,
	OrganizationMembershipOut,
	Pagination,
	RoutingForm,
	RoutingFormSubmission,
	ScheduledEvent,
	SchedulingLinkBody,
	SchedulingLinkOut,
	User,
	WebhookBody,
	WebhookSubscription
} from './contract';
import { CALENDLY_ROUTES } from './index';

/** File name of Calendly's OpenAPI document inside the spec folder. */
export const CALENDLY_SPEC_FILE = 'calendly-openapi.yaml';

/** Where a served schema is compared: a component schema, or an endpoint's request body. */
type Target = { schema: string } | { body: { method: string; path: string } } | { response: { method: string; path: string; status: string; field: string } };

/** Served schemas and the spec schema each must conform to. */
export const SERVED: { name: string; schema: z.ZodType; target: Target }[] = [
	{ name: 'users', schema: User, target: { schema: 'User' } },
	{ name: 'organization_memberships', schema: OrganizationMembershipOut, target: { schema: 'OrganizationMembership' } },
	{ name: 'event_types', schema: EventType, target: { schema: 'EventType' } },
	{ name: 'user_availability_schedules', schema: AvailabilitySchedule, target: { schema: 'AvailabilitySchedule' } },
	{ name: 'scheduled_events', schema: ScheduledEvent, target: { schema: 'Event' } },
	{ name: 'invitees', schema: Invitee, target: { schema: 'Invitee' } },
	{ name: 'invitee_no_shows', schema: InviteeNoShow, target: { schema: 'InviteeNoShow' } },
	{ name: 'event_type_available_times', schema: AvailableTime, target: { schema: 'EventTypeAvailableTime' } },
	{ name: 'user_busy_times', schema: BusyTime, target: { schema: 'UserBusyTime' } },
	{ name: 'routing_forms', schema: RoutingForm, target: { schema: 'RoutingForm' } },
	{ name: 'routing_form_submissions', schema: RoutingFormSubmission, target: { schema: 'RoutingFormSubmission' } },
	{ name: 'webhook_subscriptions', schema: WebhookSubscription, target: { schema: 'WebhookSubscription' } },
	{ name: 'cancellation', schema: CancellationOut, target: { schema: 'Cancellation' } },
	{ name: 'pagination', schema: Pagination, target: { schema: 'Pagination' } },
	{ name: 'error', schema: ErrorBody, target: { schema: 'ErrorResponse' } },
	{
		name: 'scheduling_links',
		schema: SchedulingLinkOut,
		target: { response: { method: 'post', path: '/scheduling_links', status: '201', field: 'resource' } }
	},
	{ name: 'body:cancellation', schema: CancelBody, target: { body: { method: 'post', path: '/scheduled_events/{uuid}/cancellation' } } },
	{ name: 'body:invitee_no_shows', schema: NoShowBody, target: { body: { method: 'post', path: '/invitee_no_shows' } } },
	{ name: 'body:scheduling_links', schema: SchedulingLinkBody, target: { body: { method: 'post', path: '/scheduling_links' } } },
	{ name: 'body:webhook_subscriptions', schema: WebhookBody, target: { body: { method: 'post', path: '/webhook_subscriptions' } } }
];

/**
 * Served fields (dotted paths as reported) that Calendly documents after the 2023 OpenAPI snapshot, with the source.
 * Value: why it is served.
 */
export const NEWER_THAN_SPEC: Record<string, string> = {
	'scheduled_events.meeting_notes_plain': 'Calendly API reference "Get Event" (meeting_notes_plain, added after the 2023 document)',
	'scheduled_events.event_memberships[].user_email': 'Calendly example payloads of List Events carry user_email',
	'scheduled_events.event_memberships[].user_name': 'Calendly example payloads of List Events carry user_name (unconfirmed in the spec)',
	'scheduled_events.cancellation.created_at': 'Calendly API reference "Cancellation" (created_at)',
	'invitees.cancellation.created_at': 'Calendly API reference "Cancellation" (created_at)',
	'cancellation.created_at': 'Calendly API reference "Cancel Event" answer (created_at)',
	'webhook_subscriptions.scope': 'Calendly "Create Webhook Subscription": scope also "group"',
	'webhook_subscriptions.group': 'Calendly "Create Webhook Subscription": group-scoped subscriptions',
	'body:webhook_subscriptions.group': 'Calendly "Create Webhook Subscription": group-scoped subscriptions',
	'body:webhook_subscriptions.scope': 'Calendly "Create Webhook Subscription": scope also "group"',
	'webhook_subscriptions.events[]': 'Calendly "Webhook Subscriptions" overview: invitee_no_show.created|deleted and event_type.created|updated|deleted events',
	'body:webhook_subscriptions.events[]':
		'Calendly "Webhook Subscriptions" overview: invitee_no_show.created|deleted and event_type.created|updated|deleted events'
};

/**
 * Routes that are not Calendly API v2 of the 2023 document: the web app's own calls used by the host screens and
 * the booking page, and API endpoints added later (`POST /invitees`, Scheduling API, 2025; `GET
 * /event_type_memberships`, "List Event Type Hosts", 2023-12; `PATCH /event_types/{uuid}`, 2025).
 */
export const WEB_APP_ROUTES = [
	'PATCH /event_types/{uuid}',
	'GET /event_types/{uuid}/settings',
	'PATCH /event_types/{uuid}/settings',
	'GET /event_type_memberships',
	'PATCH /user_availability_schedules/{uuid}',
	'POST /invitees',
	'GET /booking/scheduling_links',
	'POST /booking/invitees',
	'GET /booking/invitees/{uuid}',
	'POST /booking/cancellations'
];

// ---------------------------------------------------------------------------------------------- comparison

type Json = Record<string, unknown>;
/** A node of either side, normalized: non-null types, nullability, properties, items, enum values. */
interface Node {
	types: Set<string>;
	nullable: boolean;
	properties: Map<string, Node> | null;
	items: Node | null;
	enumValues: unknown[] | null;
	free: boolean;
}

function specNode(spec: Json, raw: unknown, depth = 0): Node {
	const n: Node = { types: new Set(), nullable: false, properties: null, items: null, enumValues: null, free: false };
	if (!raw || typeof raw !== 'object' || depth > 20) return { ...n, free: true };
	let s = raw as Json;
	if (typeof s.$ref === 'string') s = resolveRef(spec, s.$ref);
	const parts = [...((s.allOf as unknown[]) ?? []), ...((s.oneOf as unknown[]) ?? []), ...((s.anyOf as unknown[]) ?? [])];
	for (const p of parts) merge(n, specNode(spec, p, depth + 1));
	if (typeof s.type === 'string') n.types.add(s.type);
	if (s.nullable === true) n.nullable = true;
	if (Array.isArray(s.enum)) n.enumValues = [...(n.enumValues ?? []), ...s.enum.filter((v) => v !== null)];
	if (s.properties && typeof s.properties === 'object') {
		n.properties ??= new Map();
		for (const [k, v] of Object.entries(s.properties as Json)) n.properties.set(k, specNode(spec, v, depth + 1));
	}
	if (s.items) n.items = specNode(spec, s.items, depth + 1);
	if (!n.types.size && !n.properties && !parts.length) n.free = true;
	if (n.properties && !n.types.size) n.types.add('object');
	return n;
}

function servedNode(raw: unknown): Node {
	const n: Node = { types: new Set(), nullable: false, properties: null, items: null, enumValues: null, free: false };
	const s = (raw ?? {}) as Json;
	for (const p of [...((s.anyOf as unknown[]) ?? []), ...((s.oneOf as unknown[]) ?? []), ...((s.allOf as unknown[]) ?? [])]) merge(n, servedNode(p));
	const types = Array.isArray(s.type) ? s.type : typeof s.type === 'string' ? [s.type] : [];
	for (const t of types) {
		if (t === 'null') n.nullable = true;
		else n.types.add(t as string);
	}
	if (Array.isArray(s.enum)) n.enumValues = [...(n.enumValues ?? []), ...s.enum.filter((v) => v !== null)];
	if (s.const !== undefined && s.const !== null) n.enumValues = [...(n.enumValues ?? []), s.const];
	if (s.properties) {
		n.properties ??= new Map();
		for (const [k, v] of Object.entries(s.properties as Json)) n.properties.set(k, servedNode(v));
	}
	if (s.items) n.items = servedNode(s.items);
	return n;
}

function merge(into: Node, other: Node) {
	other.types.forEach((t) => into.types.add(t));
	into.nullable ||= other.nullable;
	into.free ||= other.free;
	if (other.enumValues) into.enumValues = [...(into.enumValues ?? []), ...other.enumValues];
	if (other.properties) {
		into.properties ??= new Map();
		for (const [k, v] of other.properties) {
			const had = into.properties.get(k);
			if (had) merge(had, v);
			else into.properties.set(k, v);
		}
	}
	if (other.items) {
		if (into.items) merge(into.items, other.items);
		else into.items = other.items;
	}
}

function resolveRef(spec: Json, ref: string): Json {
	let cur: unknown = spec;
	for (const part of ref.replace(/^#\//, '').split('/')) cur = (cur as Json | undefined)?.[part];
	return (cur ?? {}) as Json;
}

function compare(served: Node, spec: Node, path: string, out: VendorMismatch[], counter: { fields: number }) {
	if (spec.free) return;
	if (served.types.size) {
		const bad = [...served.types].filter((t) => !spec.types.has(t) && !(t === 'integer' && spec.types.has('number')));
		if (bad.length && spec.types.size) out.push({ path, message: `type differs: served ${[...served.types].join('|')}, spec ${[...spec.types].join('|')}` });
	}
	if (served.enumValues && spec.enumValues) {
		const extra = served.enumValues.filter((v) => !spec.enumValues!.includes(v));
		if (extra.length)
			out.push({ path, message: `value(s) ${extra.map((v) => JSON.stringify(v)).join(', ')} not in the spec's enum ${JSON.stringify(spec.enumValues)}` });
	}
	if (served.properties && spec.properties) {
		for (const [k, v] of served.properties) {
			counter.fields++;
			const p = spec.properties.get(k);
			if (!p) out.push({ path: `${path}.${k}`, message: 'not in spec' });
			else compare(v, p, `${path}.${k}`, out, counter);
		}
	}
	if (served.items && spec.items) compare(served.items, spec.items, `${path}[]`, out, counter);
}

function targetNode(spec: Json, t: Target): Node | null {
	const paths = (spec.paths ?? {}) as Record<string, Record<string, Json>>;
	if ('schema' in t) {
		const s = ((spec.components as Json)?.schemas as Json)?.[t.schema];
		return s ? specNode(spec, s) : null;
	}
	if ('body' in t) {
		const op = paths[t.body.path]?.[t.body.method];
		const s = ((op?.requestBody as Json)?.content as Json)?.['application/json'] as Json | undefined;
		return s?.schema ? specNode(spec, s.schema) : null;
	}
	const op = paths[t.response.path]?.[t.response.method];
	const res = ((op?.responses as Json)?.[t.response.status] as Json)?.content as Json | undefined;
	const s = (res?.['application/json'] as Json | undefined)?.schema;
	const whole = s ? specNode(spec, s) : null;
	return whole?.properties?.get(t.response.field) ?? null;
}

/** The served schema as JSON Schema (zod's own converter), normalized. */
const servedOf = (schema: z.ZodType) => servedNode(z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' }));

/**
 * Compares the gym's served contract with a parsed Calendly OpenAPI document.
 * @returns the mismatches (fields listed in {@link NEWER_THAN_SPEC} and routes in {@link WEB_APP_ROUTES} left out),
 *   with counts of endpoints and fields compared.
 */
export function compareWithSpec(spec: Json): { endpoints: number; fields: number; mismatches: VendorMismatch[]; raw: VendorMismatch[] } {
	const raw: VendorMismatch[] = [];
	const counter = { fields: 0 };
	for (const s of SERVED) {
		const target = targetNode(spec, s.target);
		if (!target) {
			raw.push({ path: s.name, message: `spec has no ${JSON.stringify(s.target)}` });
			continue;
		}
		compare(servedOf(s.schema), target, s.name, raw, counter);
	}
	const paths = (spec.paths ?? {}) as Record<string, Record<string, unknown>>;
	const norm = (p: string) => p.replace(/\{[^}]+\}/g, '{}');
	const specRoutes = new Set(Object.entries(paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${norm(p)}`)));
	let endpoints = 0;
	for (const r of CALENDLY_ROUTES) {
		const key = `${r.method} ${String(r.path)}`;
		if (WEB_APP_ROUTES.includes(key)) continue;
		endpoints++;
		if (!specRoutes.has(`${r.method} ${norm(String(r.path))}`)) raw.push({ path: key, message: 'endpoint not in spec' });
	}
	const mismatches = raw.filter((m) => !(m.path in NEWER_THAN_SPEC));
	return { endpoints, fields: counter.fields, mismatches, raw };
}

/** Reads and parses the Calendly OpenAPI document of `specDir`, or null when absent. */
export function readSpec(specDir: string): { file: string; spec: Json } | null {
	const file = join(specDir, CALENDLY_SPEC_FILE);
	if (!existsSync(file)) return null;
	return { file, spec: load(readFileSync(file, 'utf8')) as Json };
}

/** The Calendly gym's vendor check (`npm run check:vendor`). */
export const checkVendor: VendorCheck = async (specDir) => {
	const read = readSpec(specDir);
	if (!read)
		return {
			gym: 'calendly',
			spec: null,
			endpoints: 0,
			fields: 0,
			mismatches: [],
			skipped: `${join(specDir, CALENDLY_SPEC_FILE)} not found: Calendly check skipped`
		};
	const { endpoints, fields, mismatches } = compareWithSpec(read.spec);
	return { gym: 'calendly', spec: read.file, endpoints, fields, mismatches };
};
