/**
 * Integrity of the seed world and of every registered gym's projection of it (issue 4, point 5):
 * every reference resolves; join keys (email, domain, LinkedIn URL, owner email) agree with the world, and so
 * across gyms, except where a planted anomaly of `seeds/anomalies.json` says otherwise; enums are valid (each
 * gym's strict state schema); no timestamp lies after the epoch unless the gym says it may (a future
 * meeting, a scheduled mailing, an open task's due date, an open deal's forecast close date …).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import * as calendly from '../gyms/calendly/integrity';
import { CalendlyState } from '../gyms/calendly/schema';
import * as hubspot from '../gyms/hubspot/integrity';
import {
	ANALYTICS_SOURCES,
	DEFAULT_PIPELINE_STAGES,
	EMAIL_DIRECTIONS,
	EMAIL_STATUSES,
	HubSpotState,
	LEAD_STATUSES,
	LIFECYCLE_STAGES,
	MEETING_OUTCOMES,
	TASK_PRIORITIES,
	TASK_STATUSES,
	TASK_TYPES
} from '../gyms/hubspot/schema';
import * as outreach from '../gyms/outreach/integrity';
import { OutreachState } from '../gyms/outreach/schema';
import { createGyms } from '../gyms/registry';
import { blueprints } from '../blueprints/registry';
import { FIXTURE_ID_MIN } from './world';
import * as salesnav from '../gyms/salesnav/integrity';
import { SalesNavState } from '../gyms/salesnav/schema';
import type { z } from 'zod';
import { worldFor } from '.';
import type { Person } from './world';

interface Hooks {
	worldRefs(tables: Record<string, unknown[]>): hubspot.WorldRef[];
	futureOk(table: string, row: unknown, path: string): boolean;
	danglingRefs(tables: Record<string, unknown[]>): string[];
}
/** Every gym's integrity hooks and strict state schema; a registered gym missing here fails the first test. */
const GYMS: Record<string, { hooks: Hooks; state: z.ZodType }> = {
	hubspot: { hooks: hubspot, state: HubSpotState },
	outreach: { hooks: outreach, state: OutreachState },
	calendly: { hooks: calendly, state: CalendlyState },
	salesnav: { hooks: salesnav, state: SalesNavState }
};

const world = worldFor(1);
const epochMs = Date.parse(world.epoch);
const anomalyPeople = (kind: string) => new Set(world.anomalies.filter((a) => a.kind === kind).flatMap((a) => a.personIds));
const duplicates = anomalyPeople('duplicate_person');
const jobChangers = anomalyPeople('job_changer');
const gyms = createGyms();
const tablesOf = new Map<string, Record<string, unknown[]>>();
for (const g of gyms) tablesOf.set(g.name, await g.initialTables({ run_id: 'integrity', task_id: null, seed: 1, clock: world.epoch }));

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3}|\.\d{6})?Z$/;
/** Every ISO timestamp in `value`, with its dotted path. */
function* timestamps(value: unknown, path = ''): Generator<[string, string]> {
	if (typeof value === 'string') {
		if (ISO.test(value)) yield [path, value];
	} else if (Array.isArray(value)) {
		for (let i = 0; i < value.length; i++) yield* timestamps(value[i], path ? `${path}.${i}` : String(i));
	} else if (value && typeof value === 'object') {
		for (const [k, v] of Object.entries(value)) yield* timestamps(v, path ? `${path}.${k}` : k);
	}
}

describe('the world', () => {
	it('every reference resolves', () => {
		const users = new Set(world.users.map((u) => u.id));
		const companies = new Set(world.companies.map((c) => c.id));
		const people = new Set(world.people.map((p) => p.id));
		const meetings = new Set(world.meetings.map((m) => m.id));
		const sequences = new Set(world.sequences.map((s) => s.key));
		const bad: string[] = [];
		const need = (ok: boolean, what: string) => ok || bad.push(what);
		for (const u of world.users) need(u.managerId === null || users.has(u.managerId), `user ${u.id} managerId`);
		for (const c of world.companies) need(c.ownerId === null || users.has(c.ownerId), `company ${c.id} ownerId`);
		for (const p of world.people) {
			need(companies.has(p.companyId), `person ${p.id} companyId`);
			need(p.ownerId === null || users.has(p.ownerId), `person ${p.id} ownerId`);
			need(!p.previous || (companies.has(p.previous.companyId) && p.previous.companyId !== p.companyId), `person ${p.id} previous.companyId`);
			need(!p.enrollment || (sequences.has(p.enrollment.sequenceKey) && users.has(p.enrollment.userId)), `person ${p.id} enrollment`);
		}
		for (const s of world.sequences) need(users.has(s.ownerId), `sequence ${s.key} ownerId`);
		for (const m of world.meetings) {
			need(m.hostIds.every((h) => users.has(h)) && m.personIds.every((p) => people.has(p)), `meeting ${m.id} hosts/people`);
			need(m.rescheduledToId === null || meetings.has(m.rescheduledToId), `meeting ${m.id} rescheduledToId`);
		}
		for (const a of world.anomalies)
			need(
				a.personIds.every((p) => people.has(p)) && a.companyIds.every((c) => companies.has(c)) && a.meetingIds.every((m) => meetings.has(m)),
				`anomaly ${a.id}`
			);
		expect(bad).toEqual([]);
	});

	it('join keys are unique and consistent: emails at the company domain, one LinkedIn URL per person', () => {
		const domainOf = new Map(world.companies.map((c) => [c.id, c.domain]));
		expect(new Set(world.companies.map((c) => c.domain)).size).toBe(world.companies.length);
		expect(new Set(world.people.map((p) => p.linkedinUrl)).size).toBe(world.people.length);
		expect(new Set(world.people.map((p) => p.workEmail)).size).toBe(world.people.length);
		expect(world.people.filter((p) => !p.workEmail.endsWith(`@${domainOf.get(p.companyId)}`)).map((p) => p.id)).toEqual([]);
		expect(world.people.filter((p) => p.previous && !p.previous.workEmail.endsWith(`@${domainOf.get(p.previous.companyId)}`)).map((p) => p.id)).toEqual([]);
	});

	it('no timestamp lies after the epoch except a future meeting’s start; meetings are booked before they start', () => {
		const late: string[] = [];
		for (const [key, rows] of Object.entries(world)) {
			if (!Array.isArray(rows)) continue;
			for (const row of rows)
				for (const [path, at] of timestamps(row))
					if (Date.parse(at) > epochMs && !(key === 'meetings' && path === 'startAt')) late.push(`${key} ${path} ${at}`);
		}
		expect(late).toEqual([]);
		expect(world.meetings.filter((m) => m.bookedAt > m.startAt).map((m) => m.id)).toEqual([]);
		expect(world.meetings.filter((m) => m.startAt > world.epoch && m.outcome !== 'scheduled' && m.outcome !== 'canceled').map((m) => m.id)).toEqual([]);
	});
});

describe('the projections of every registered gym', () => {
	it('every registered gym has integrity hooks and a strict state schema here', () => {
		expect(gyms.map((g) => g.name).filter((n) => !GYMS[n])).toEqual([]);
	});

	it.each(gyms.map((g) => g.name))('%s: the initial tables parse with the strict state schema (valid enums, ids, timestamps)', (name) => {
		const parsed = GYMS[name]!.state.safeParse(tablesOf.get(name));
		expect(parsed.success ? [] : parsed.error.issues.slice(0, 5)).toEqual([]);
	});

	it.each(gyms.map((g) => g.name))('%s: every reference resolves', (name) => {
		expect(GYMS[name]!.hooks.danglingRefs(tablesOf.get(name)!)).toEqual([]);
	});

	it.each(gyms.map((g) => g.name))('%s: no timestamp after the epoch unless the gym allows it (future meeting, scheduled mailing, due date …)', (name) => {
		const late: string[] = [];
		for (const [table, rows] of Object.entries(tablesOf.get(name)!)) {
			for (const row of rows)
				for (const [path, at] of timestamps(row))
					if (Date.parse(at) > epochMs && !GYMS[name]!.hooks.futureOk(table, row, path)) late.push(`${table} ${path} ${at}`);
		}
		expect(late.slice(0, 10)).toEqual([]);
	});

	it.each(gyms.map((g) => g.name))('%s: join keys agree with the world (so across gyms), except for planted anomalies', (name) => {
		const byLinkedin = new Map(world.people.map((p) => [p.linkedinUrl, p]));
		const byEmail = new Map<string, Person>();
		for (const p of world.people) {
			byEmail.set(p.workEmail, p);
			if (p.personalEmail) byEmail.set(p.personalEmail, p);
			if (p.previous) byEmail.set(p.previous.workEmail, p);
		}
		const domains = new Map(world.companies.map((c) => [c.domain, c]));
		const companyById = new Map(world.companies.map((c) => [c.id, c]));
		const userEmails = new Set(world.users.map((u) => u.email));
		const bad: string[] = [];
		const refs = GYMS[name]!.hooks.worldRefs(tablesOf.get(name)!);
		expect(refs.length).toBeGreaterThan(0);
		for (const ref of refs) {
			const at = `${name}.${ref.table}/${ref.id}`;
			if (ref.kind === 'user') {
				if (!ref.email || !userEmails.has(ref.email)) bad.push(`${at}: owner email ${ref.email} is no team user`);
				continue;
			}
			if (ref.kind === 'company') {
				if (!ref.domain || !domains.has(ref.domain)) bad.push(`${at}: domain ${ref.domain} is no world company`);
				continue;
			}
			const viaLinkedin = ref.linkedinUrl ? byLinkedin.get(ref.linkedinUrl) : undefined;
			const viaEmail = ref.email ? byEmail.get(ref.email.toLowerCase()) : undefined;
			const person = viaLinkedin ?? viaEmail;
			if (!person) {
				bad.push(`${at}: resolves to no world person (email ${ref.email}, linkedin ${ref.linkedinUrl})`);
				continue;
			}
			if (ref.linkedinUrl && !viaLinkedin) bad.push(`${at}: linkedin ${ref.linkedinUrl} is not ${person.id}'s`);
			if (viaLinkedin && viaEmail && viaLinkedin !== viaEmail) bad.push(`${at}: email and linkedin name different people`);
			if (ref.email && ref.email.toLowerCase() !== person.workEmail) {
				const personal = ref.email.toLowerCase() === person.personalEmail && duplicates.has(person.id);
				const old = ref.email.toLowerCase() === person.previous?.workEmail && jobChangers.has(person.id) && name === 'hubspot';
				if (!personal && !old) bad.push(`${at}: email ${ref.email} ≠ ${person.id}'s work email ${person.workEmail} and no anomaly explains it`);
			}
			if (ref.companyDomain) {
				const current = companyById.get(person.companyId)!.domain;
				const previous = person.previous ? companyById.get(person.previous.companyId)!.domain : undefined;
				if (ref.companyDomain !== current && !(ref.companyDomain === previous && jobChangers.has(person.id) && name === 'hubspot'))
					bad.push(`${at}: company ${ref.companyDomain} ≠ ${person.id}'s company ${current} and no anomaly explains it`);
			}
		}
		expect(bad.slice(0, 10)).toEqual([]);
	});

	it('HubSpot holds exactly the inHubspot people (plus one personal-email contact per duplicate) and inHubspot companies; job changers show their old company', () => {
		const t = tablesOf.get('hubspot')! as unknown as HubSpotState;
		const people = world.people.filter((p) => p.inHubspot);
		expect(t.contacts.filter((c) => Number(c.id) < 190001).map((c) => c.id)).toEqual(people.map((p) => p.id));
		expect(t.contacts.filter((c) => Number(c.id) >= 190001).map((c) => c.properties.email)).toEqual(
			world.anomalies.filter((a) => a.kind === 'duplicate_person').map((a) => world.people.find((p) => p.id === a.personIds[0])!.personalEmail)
		);
		expect(t.companies.map((c) => c.id)).toEqual(world.companies.filter((c) => c.inHubspot).map((c) => c.id));
		const changer = world.people.find((p) => jobChangers.has(p.id))!;
		const contact = t.contacts.find((c) => c.id === changer.id)!;
		expect(contact.properties.company).toBe(world.companies.find((c) => c.id === changer.previous!.companyId)!.name);
		expect(contact.properties.email).toBe(changer.previous!.workEmail);
		const optedOut = anomalyPeople('opted_out');
		expect(t.contacts.filter((c) => c.properties.hs_email_optout === 'true').map((c) => c.id)).toEqual(
			people.filter((p) => optedOut.has(p.id)).map((p) => p.id)
		);
	});

	it('HubSpot enums: every property value is one of the options of platforms.md §2.1', () => {
		const t = tablesOf.get('hubspot')! as unknown as HubSpotState;
		const bad: string[] = [];
		const check = (table: string, rows: { id: string; properties: Record<string, string> }[], prop: string, options: readonly string[]) => {
			for (const r of rows)
				if (r.properties[prop] !== undefined && !options.includes(r.properties[prop]!)) bad.push(`${table}/${r.id} ${prop}=${r.properties[prop]}`);
		};
		check('contacts', t.contacts, 'lifecyclestage', LIFECYCLE_STAGES);
		check('contacts', t.contacts, 'hs_lead_status', LEAD_STATUSES);
		check('contacts', t.contacts, 'hs_analytics_source', ANALYTICS_SOURCES);
		check('contacts', t.contacts, 'hs_email_optout', ['true', 'false']);
		check('companies', t.companies, 'lifecyclestage', LIFECYCLE_STAGES);
		check('companies', t.companies, 'type', ['PROSPECT', 'PARTNER', 'RESELLER', 'VENDOR', 'OTHER']);
		check(
			'deals',
			t.deals,
			'dealstage',
			DEFAULT_PIPELINE_STAGES.map((s) => s.id)
		);
		check('deals', t.deals, 'dealtype', ['newbusiness', 'existingbusiness']);
		check('deals', t.deals, 'hs_priority', ['low', 'medium', 'high']);
		check('tasks', t.tasks, 'hs_task_status', TASK_STATUSES);
		check('tasks', t.tasks, 'hs_task_priority', TASK_PRIORITIES);
		check('tasks', t.tasks, 'hs_task_type', TASK_TYPES);
		check('emails', t.emails, 'hs_email_direction', EMAIL_DIRECTIONS);
		check('emails', t.emails, 'hs_email_status', EMAIL_STATUSES);
		check('meetings', t.meetings, 'hs_meeting_outcome', MEETING_OUTCOMES);
		expect(bad).toEqual([]);
		expect(t.deals.length).toBe(150);
		expect(new Set(t.deals.map((d) => d.properties.pipeline))).toEqual(new Set(['default']));
	});
});

describe('blueprint fixtures on the seed world', () => {
	it.each([...blueprints().keys()])('%s: every gym accepts its fixtures, and rows it adds use ids ≥ 990000', async (id) => {
		const bp = blueprints().get(id)!;
		for (const gym of gyms) {
			const fixtures = bp.fixtures[gym.name as keyof typeof bp.fixtures];
			if (fixtures === undefined) continue;
			const init = { run_id: 'fx', task_id: id, seed: 1, clock: bp.clock, fixtures };
			const withFx = await gym.initialTables(init);
			const base = tablesOf.get(gym.name)!;
			for (const [table, rows] of Object.entries(withFx)) {
				const keyOf = (r: unknown) => {
					const o = r as Record<string, unknown>;
					return String(o.id ?? o.uri ?? o.leadId ?? o.accountId);
				};
				const known = new Set((base[table] ?? []).map(keyOf));
				for (const key of rows.map(keyOf).filter((k) => !known.has(k))) {
					const n = Number(key.split(':').find((part) => /^\d+$/.test(part) && Number(part) >= FIXTURE_ID_MIN) ?? key);
					expect(Number.isNaN(n) || n >= FIXTURE_ID_MIN, `${gym.name}.${table} ${key}`).toBe(true);
				}
			}
		}
	});
});
