/**
 * HubSpot projection of the seed world (`seeds/world-<seed>.json`) plus a blueprint's fixtures → the gym's
 * initial state. Pure and deterministic: the same world gives the same tables (seeded `rng`, no host clock).
 *
 * What is projected (platforms.md §2): owners = the team; companies = the world's `inHubspot` companies;
 * contacts = `inHubspot` people (job changers keep their OLD company, title and email: the planted
 * `job_changer` anomaly) plus a second contact with the personal email for each `duplicate_person` anomaly;
 * ~150 deals in the default pipeline; typed associations; tasks, notes, email history, meetings (the world's
 * meetings), sales templates with personalization tokens, and the default deal pipeline.
 */
import { seedProjection } from '../kit/seed-projection';
import { mergeFixtureRows, parseFixtures } from '../kit/fixtures';
import type { InitialState } from '../store';
import type { RunInit } from '../types';
import { rng } from '../../seeds/rng';
import { projectSales } from './seed-sales';
import { DAY_MS, isoPlus, type Person, type World } from '../../seeds/world';
import {
	ASSOCIATION_TYPE_IDS,
	DEFAULT_PIPELINE_STAGES,
	HubSpotFixture,
	HUBSPOT_TABLES,
	type Association,
	type CrmObject,
	type HubSpotState,
	type HubSpotTable,
	type LeadStatus,
	type LifecycleStage,
	type Owner,
	type Pipeline,
	type Template
} from './schema';
import { ANALYTICS_SOURCES } from './contract';
import { CALL_DISPOSITIONS } from './properties';

/** First ids of the HubSpot-owned rows (CONTRACT.md §2). */
export const HUBSPOT_ID_BASE = {
	duplicates: 190001,
	deals: 300001,
	tasks: 310001,
	notes: 320001,
	emails: 330001,
	meetings: 340001,
	templates: 350001,
	calls: 360001,
	views: 370001
} as const;

/** HubSpot `industry` option values for the world's LinkedIn industry labels. */
const INDUSTRY: Record<string, string> = {
	'Software Development': 'COMPUTER_SOFTWARE',
	'IT Services and IT Consulting': 'INFORMATION_TECHNOLOGY_AND_SERVICES',
	'Financial Services': 'FINANCIAL_SERVICES',
	'Biotechnology Research': 'BIOTECHNOLOGY',
	'Hospitals and Health Care': 'HOSPITAL_HEALTH_CARE',
	Retail: 'RETAIL',
	Manufacturing: 'INDUSTRIAL_AUTOMATION',
	Logistics: 'LOGISTICS_AND_SUPPLY_CHAIN',
	'Marketing Services': 'MARKETING_AND_ADVERTISING',
	Insurance: 'INSURANCE',
	Telecommunications: 'TELECOMMUNICATIONS',
	'E-Learning Providers': 'E_LEARNING'
};

/** World funnel stage → `lifecyclestage`. */
const LIFECYCLE: Record<Person['stage'], LifecycleStage | ''> = {
	none: '',
	subscriber: 'subscriber',
	lead: 'lead',
	mql: 'marketingqualifiedlead',
	sql: 'salesqualifiedlead',
	opportunity: 'opportunity',
	customer: 'customer'
};
const STAGE_ORDER: readonly LifecycleStage[] = ['subscriber', 'lead', 'marketingqualifiedlead', 'salesqualifiedlead', 'opportunity', 'customer'];

const TEAM_IDS: Record<string, string> = { 'SDR team': '300', 'Account Executives': '301', 'Sales Leadership': '302' };

/** A CRM object row from properties (createdate/lastmodifieddate and hs_object_id filled in). */
function crm(
	id: string,
	createdAt: string,
	props: Record<string, string | null | undefined>,
	modifiedKey = 'hs_lastmodifieddate',
	updatedAt = createdAt
): CrmObject {
	const properties: Record<string, string> = {};
	for (const [k, v] of Object.entries(props)) if (v !== null && v !== undefined && v !== '') properties[k] = v;
	properties.createdate = createdAt;
	properties[modifiedKey] = updatedAt;
	properties.hs_object_id = id;
	return { id, properties, createdAt, updatedAt, archived: false };
}

function assoc(from: HubSpotTable, fromId: string, to: HubSpotTable, toId: string): Association {
	const key = `${from}→${to}` as keyof typeof ASSOCIATION_TYPE_IDS;
	const typeId = ASSOCIATION_TYPE_IDS[key];
	return {
		id: `${typeId}:${fromId}:${toId}`,
		fromObjectType: from as Association['fromObjectType'],
		fromObjectId: fromId,
		toObjectType: to as Association['toObjectType'],
		toObjectId: toId,
		associationCategory: 'HUBSPOT_DEFINED',
		associationTypeId: typeId
	};
}

const later = (a: string, b: string) => (a > b ? a : b);

/**
 * Projects the world into HubSpot's tables (rows in id order). Pure.
 * @returns the state and the next id per object type the API hands out.
 */
export function projectHubSpot(world: World): { state: HubSpotState; next_ids: Record<string, number> } {
	const { epoch } = world;
	const r = rng('hubspot', world.seed);
	const companyById = new Map(world.companies.map((c) => [c.id, c]));
	const userById = new Map(world.users.map((u) => [u.id, u]));
	const aes = world.users.filter((u) => u.role === 'ae').map((u) => u.id);

	const owners: Owner[] = world.users.map((u, i) => ({
		id: u.id,
		email: u.email,
		firstName: u.firstName,
		lastName: u.lastName,
		userId: 51001 + i,
		teams: [{ id: TEAM_IDS[u.team] ?? '300', name: u.team, primary: true }],
		createdAt: u.createdAt,
		updatedAt: u.createdAt,
		archived: false
	}));

	// ---- contacts (job changers keep the old company: the CRM was never updated) ----
	const people = world.people.filter((p) => p.inHubspot);
	const crmCompanyId = (p: Person) => p.previous?.companyId ?? p.companyId;
	const contacts: CrmObject[] = [];
	const associations: Association[] = [];
	const companyStage = new Map<string, LifecycleStage>();
	const dormant = new Set(world.anomalies.filter((a) => a.kind === 'dormant').flatMap((a) => a.personIds));
	for (const p of people) {
		const company = companyById.get(crmCompanyId(p))!;
		const stage = LIFECYCLE[p.stage] || 'lead';
		const stageIdx = STAGE_ORDER.indexOf(stage);
		const lead: LeadStatus | '' =
			p.emailStatus === 'opted_out'
				? 'UNQUALIFIED'
				: dormant.has(p.id)
					? r.pick(['BAD_TIMING', 'ATTEMPTED_TO_CONTACT'] as const)
					: stage === 'subscriber'
						? ''
						: stage === 'lead'
							? r.weighted<LeadStatus>([
									['NEW', 4],
									['OPEN', 3],
									['ATTEMPTED_TO_CONTACT', 3],
									['BAD_TIMING', 1],
									['UNQUALIFIED', 1]
								])
							: stage === 'marketingqualifiedlead'
								? r.weighted<LeadStatus>([
										['OPEN', 3],
										['IN_PROGRESS', 2],
										['ATTEMPTED_TO_CONTACT', 2]
									])
								: stage === 'salesqualifiedlead'
									? r.weighted<LeadStatus>([
											['IN_PROGRESS', 3],
											['CONNECTED', 2]
										])
									: stage === 'opportunity'
										? 'OPEN_DEAL'
										: 'CONNECTED';
		const created = p.createdAt;
		const modified = later(created, p.lastActivityAt ?? created);
		const props: Record<string, string | null> = {
			email: p.previous?.workEmail ?? p.workEmail,
			firstname: p.firstName,
			lastname: p.lastName,
			jobtitle: p.previous?.title ?? p.title,
			phone: p.phone,
			company: company.name,
			website: company.website,
			city: p.geo.city,
			country: p.geo.country,
			hubspot_owner_id: p.ownerId,
			lifecyclestage: stage,
			hs_lead_status: lead,
			hs_analytics_source: r.pick(ANALYTICS_SOURCES),
			hs_email_optout: p.emailStatus === 'opted_out' ? 'true' : 'false',
			linkedin_url: p.linkedinUrl,
			notes_last_contacted: p.lastActivityAt,
			// "Last activity date" of the index (HubSpot: the last logged activity); the world's last touch
			notes_last_updated: p.lastActivityAt
		};
		// hs_lifecyclestage_<stage>_date for every stage passed, spread between creation and last modification.
		const span = Date.parse(modified) - Date.parse(created);
		for (let i = 0; i <= stageIdx; i++)
			props[`hs_lifecyclestage_${STAGE_ORDER[i]}_date`] = new Date(Date.parse(created) + Math.floor((span * i) / (stageIdx + 1))).toISOString();
		contacts.push(crm(p.id, created, props, 'lastmodifieddate', modified));
		associations.push(assoc('contacts', p.id, 'companies', company.id));
		const prev = companyStage.get(company.id);
		if (!prev || STAGE_ORDER.indexOf(prev) < stageIdx) companyStage.set(company.id, stage);
	}
	// Duplicates: a second contact with the personal email (a form or a booking with a personal address).
	const duplicateOf = new Map<string, string>();
	world.anomalies
		.filter((a) => a.kind === 'duplicate_person')
		.forEach((a, i) => {
			const p = world.people[Number(a.personIds[0]) - 100001]!;
			const id = String(HUBSPOT_ID_BASE.duplicates + i);
			duplicateOf.set(p.id, id);
			const meeting = world.meetings.find((m) => a.meetingIds.includes(m.id));
			const created = meeting ? meeting.bookedAt : isoPlus(p.createdAt, 40 * DAY_MS) < epoch ? isoPlus(p.createdAt, 40 * DAY_MS) : p.createdAt;
			contacts.push(
				crm(
					id,
					created,
					{
						email: p.personalEmail,
						firstname: p.firstName,
						lastname: p.lastName,
						lifecyclestage: 'lead',
						hs_lifecyclestage_lead_date: created,
						hs_lead_status: 'NEW',
						hs_analytics_source: meeting ? 'OTHER_CAMPAIGNS' : 'DIRECT_TRAFFIC',
						hs_email_optout: 'false'
					},
					'lastmodifieddate'
				)
			);
		});

	// ---- companies ----
	const companies: CrmObject[] = world.companies
		.filter((c) => c.inHubspot)
		.map((c) =>
			crm(c.id, c.createdAt, {
				name: c.name,
				domain: c.domain,
				website: c.website,
				industry: INDUSTRY[c.industry] ?? 'COMPUTER_SOFTWARE',
				numberofemployees: String(c.employees),
				annualrevenue: String(c.annualRevenueUsd),
				city: c.hq.city,
				state: c.hq.region,
				country: c.hq.country,
				type: 'PROSPECT',
				lifecyclestage: companyStage.get(c.id) ?? 'lead',
				hubspot_owner_id: c.ownerId,
				linkedin_company_page: c.linkedinUrl,
				description: c.description,
				founded_year: String(c.foundedYear)
			})
		);

	// ---- deals: opportunities (open), customers (won), some lost; ~150 in the default pipeline ----
	const deals: CrmObject[] = [];
	const openStages = DEFAULT_PIPELINE_STAGES.slice(0, 5).map((s) => s.id);
	const dealPeople = [
		...people.filter((p) => p.stage === 'opportunity' && !p.previous).map((p) => [p, 'open'] as const),
		...people.filter((p) => p.stage === 'customer' && !p.previous).map((p) => [p, 'won'] as const),
		...people.filter((p) => (p.stage === 'sql' || p.stage === 'lead') && !p.previous).map((p) => [p, 'lost'] as const)
	];
	const picks = [
		...dealPeople.filter(([, k]) => k === 'open'),
		...r.shuffle(dealPeople.filter(([, k]) => k === 'won')).slice(0, 40),
		...r.shuffle(dealPeople.filter(([, k]) => k === 'lost')).slice(0, 25)
	].slice(0, 150);
	picks.sort(([a], [b]) => Number(a.id) - Number(b.id));
	const PLANS = ['Starter plan', 'Growth plan', 'Enterprise plan', 'Platform expansion', 'Pilot'];
	for (const [p, kind] of picks) {
		const company = companyById.get(p.companyId)!;
		const id = String(HUBSPOT_ID_BASE.deals + deals.length);
		const createdAt = later(p.createdAt, isoPlus(epoch, -r.int(20, 300) * DAY_MS));
		const stage = kind === 'open' ? r.pick(openStages) : kind === 'won' ? 'closedwon' : 'closedlost';
		const closedate =
			kind === 'open' ? isoPlus(epoch.slice(0, 10) + 'T00:00:00.000Z', r.int(7, 120) * DAY_MS) : later(createdAt, isoPlus(epoch, -r.int(1, 19) * DAY_MS));
		const amount = Math.round((company.employees < 200 ? r.int(6, 30) : company.employees < 2000 ? r.int(20, 90) : r.int(60, 300)) * 1000);
		const owner = company.ownerId ?? (p.ownerId && aes.includes(p.ownerId) ? p.ownerId : r.pick(aes));
		deals.push(
			crm(
				id,
				createdAt,
				{
					dealname: `${company.name} – ${r.pick(PLANS)}`,
					pipeline: 'default',
					dealstage: stage,
					amount: String(amount),
					closedate,
					dealtype: kind === 'won' && r.chance(0.3) ? 'existingbusiness' : 'newbusiness',
					hubspot_owner_id: owner,
					hs_priority: r.pick(['low', 'medium', 'high']),
					hs_is_closed_won: stage === 'closedwon' ? 'true' : 'false',
					closed_lost_reason: stage === 'closedlost' ? r.pick(['Went with a competitor', 'No budget', 'Timing: revisit next year', 'No decision']) : null,
					closed_won_reason: stage === 'closedwon' ? r.pick(['Best fit for the RevOps team', 'Price', 'Integrations']) : null
				},
				'hs_lastmodifieddate',
				kind === 'open' ? createdAt : closedate
			)
		);
		associations.push(assoc('deals', id, 'contacts', p.id), assoc('deals', id, 'companies', company.id));
		const colleague = people.find((q) => q.companyId === p.companyId && q.id !== p.id && !q.previous);
		if (colleague && r.chance(0.6)) associations.push(assoc('deals', id, 'contacts', colleague.id));
	}

	// ---- engagements ----
	const tasks: CrmObject[] = [];
	const notes: CrmObject[] = [];
	const emails: CrmObject[] = [];
	const meetings: CrmObject[] = [];
	const callRows: CrmObject[] = [];
	const engage = (
		rows: CrmObject[],
		base: number,
		type: 'tasks' | 'notes' | 'emails' | 'meetings' | 'calls',
		at: string,
		props: Record<string, string | null | undefined>,
		p: Person | null,
		companyId: string | null
	) => {
		const id = String(base + rows.length);
		const created = at > epoch ? epoch : at;
		rows.push(crm(id, created, { hs_timestamp: at, ...props }));
		if (p) associations.push(assoc(type, id, 'contacts', p.id));
		if (companyId && companyById.get(companyId)?.inHubspot) associations.push(assoc(type, id, 'companies', companyId));
		return id;
	};
	const byId = new Map(world.people.map((p) => [p.id, p]));
	const ownerOf = (p: Person) => p.ownerId ?? r.pick(aes);
	// Tasks: follow-ups for ~200 contacts; open ones may be due after the epoch.
	for (const p of r
		.shuffle(people.filter((q) => !q.previous && q.emailStatus !== 'opted_out'))
		.slice(0, 200)
		.sort((a, b) => Number(a.id) - Number(b.id))) {
		const open = r.chance(0.55);
		const due = open ? isoPlus(epoch, r.int(-10, 14) * DAY_MS) : isoPlus(epoch, -r.int(5, 120) * DAY_MS);
		const type = r.pick(['TODO', 'CALL', 'EMAIL'] as const);
		engage(
			tasks,
			HUBSPOT_ID_BASE.tasks,
			'tasks',
			due,
			{
				hs_task_subject:
					type === 'CALL'
						? `Call ${p.firstName} ${p.lastName}`
						: type === 'EMAIL'
							? `Email ${p.firstName} a recap`
							: `Follow up with ${p.firstName} ${p.lastName}`,
				hs_task_body: `Re: ${companyById.get(p.companyId)!.name}`,
				hs_task_status: open ? r.pick(['NOT_STARTED', 'NOT_STARTED', 'IN_PROGRESS', 'WAITING'] as const) : 'COMPLETED',
				hs_task_priority: r.pick(['LOW', 'MEDIUM', 'HIGH'] as const),
				hs_task_type: type,
				hubspot_owner_id: ownerOf(p)
			},
			p,
			p.companyId
		);
	}
	// Notes: ~300 call / research notes.
	const NOTE_TEXT = [
		(p: Person, c: string) =>
			`Discovery call with ${p.firstName}: ${c} is reviewing its sales tooling this half; wants pricing for the ${p.function === 'Sales' ? 'sales' : 'ops'} team.`,
		(p: Person, c: string) => `${p.firstName} asked for a case study from a company like ${c}. Sent two links.`,
		(p: Person) => `Left voicemail for ${p.firstName}; will try again next week.`,
		(p: Person, c: string) => `${c} renewal with the current vendor is in Q3; ${p.firstName} is the champion.`
	];
	for (const p of r
		.shuffle(people)
		.slice(0, 300)
		.sort((a, b) => Number(a.id) - Number(b.id))) {
		const company = companyById.get(crmCompanyId(p))!;
		engage(
			notes,
			HUBSPOT_ID_BASE.notes,
			'notes',
			isoPlus(p.lastActivityAt ?? p.createdAt, -r.int(0, 20) * DAY_MS) < p.createdAt
				? p.createdAt
				: isoPlus(p.lastActivityAt ?? p.createdAt, -r.int(0, 20) * DAY_MS),
			{
				hs_note_body: r.pick(NOTE_TEXT)(p, company.name),
				hubspot_owner_id: ownerOf(p)
			},
			p,
			company.id
		);
	}
	// Email history: outbound sequence emails (bounced ones BOUNCED) and some replies, ~600.
	for (const p of people.filter((q) => q.enrollment && !q.previous)) {
		const e = p.enrollment!;
		const sender = userById.get(e.userId)!;
		const seq = world.sequences.find((s) => s.key === e.sequenceKey)!;
		const sent = Math.max(1, Math.min(e.stepsCompleted, 3));
		for (let k = 0; k < sent; k++) {
			const at = isoPlus(e.enrolledAt, k * seq.intervalDays * DAY_MS + 3600_000);
			if (at > epoch) break;
			const bounced = p.emailStatus === 'bounced';
			engage(
				emails,
				HUBSPOT_ID_BASE.emails,
				'emails',
				at,
				{
					hs_email_subject: k === 0 ? `${companyById.get(p.companyId)!.name} + salesgym` : `Re: ${companyById.get(p.companyId)!.name} + salesgym`,
					hs_email_text: `Hi ${p.firstName}, ${k === 0 ? 'teams like yours use salesgym to ramp reps faster.' : 'following up on my last note.'} — ${sender.firstName}`,
					hs_email_direction: 'EMAIL',
					hs_email_status: bounced ? 'BOUNCED' : 'SENT',
					hs_email_from_email: sender.email,
					hs_email_to_email: p.workEmail,
					hubspot_owner_id: sender.id
				},
				p,
				p.companyId
			);
			if (bounced) break;
		}
		if (e.state === 'finished' && r.chance(0.35)) {
			const at = isoPlus(e.enrolledAt, (sent * seq.intervalDays + 1) * DAY_MS);
			if (at <= epoch)
				engage(
					emails,
					HUBSPOT_ID_BASE.emails,
					'emails',
					at,
					{
						hs_email_subject: `Re: ${companyById.get(p.companyId)!.name} + salesgym`,
						hs_email_text: r.pick(['Thanks, happy to chat next week.', 'Not a priority right now, check back in Q3.', 'Can you send pricing?']),
						hs_email_direction: 'INCOMING_EMAIL',
						hs_email_status: 'SENT',
						hs_email_from_email: p.workEmail,
						hs_email_to_email: sender.email,
						hubspot_owner_id: sender.id
					},
					p,
					p.companyId
				);
		}
	}
	// Meetings: every world meeting with a HubSpot invitee (booked through Calendly).
	const OUTCOME = { scheduled: 'SCHEDULED', completed: 'COMPLETED', canceled: 'CANCELED', rescheduled: 'RESCHEDULED', no_show: 'NO_SHOW' } as const;
	for (const m of world.meetings) {
		const first = byId.get(m.personIds[0]!)!;
		if (!first.inHubspot) continue;
		const dup = m.inviteeEmail !== first.workEmail ? duplicateOf.get(first.id) : undefined;
		const id = String(HUBSPOT_ID_BASE.meetings + meetings.length);
		const created = m.bookedAt;
		meetings.push(
			crm(id, created, {
				hs_timestamp: m.startAt,
				hs_meeting_title: m.eventName,
				hs_meeting_body: `Booked via Calendly by ${m.inviteeEmail}${m.cancelReason ? `. Canceled: ${m.cancelReason}` : ''}`,
				hs_meeting_start_time: m.startAt,
				hs_meeting_end_time: isoPlus(m.startAt, m.durationMin * 60_000),
				hs_meeting_outcome: OUTCOME[m.outcome],
				hs_meeting_external_url: `https://calendly.com/events/${m.id}`,
				hubspot_owner_id: m.hostIds[m.hostIds.length - 1]!
			})
		);
		for (const pid of m.personIds) {
			const q = byId.get(pid)!;
			if (q.inHubspot) associations.push(assoc('meetings', id, 'contacts', pid === first.id && dup ? dup : pid));
		}
		if (companyById.get(crmCompanyId(first))?.inHubspot) associations.push(assoc('meetings', id, 'companies', crmCompanyId(first)));
	}

	projectCalls(world, people, aes, (at, props, p, companyId) => engage(callRows, HUBSPOT_ID_BASE.calls, 'calls', at, props, p, companyId));
	const calls = callRows;

	// ---- templates (tokens as HubSpot renders them) ----
	const T: [string, string, string, string][] = [
		[
			'Cold intro – RevOps',
			'Prospecting',
			'Ramp time at {{ company.name }}',
			'Hi {{ contact.firstname | default("there") }},\n\nTeams like {{ company.name }} cut rep ramp time by a third with salesgym. Worth 20 minutes?\n\n{{ sender.firstname }}'
		],
		[
			'Demo follow-up',
			'Follow-up',
			'Recap: salesgym demo for {{ company.name }}',
			'Hi {{ contact.firstname }},\n\nThanks for your time today. As promised, the recap and next steps are below.\n\n{{ sender.firstname }} {{ sender.lastname }}'
		],
		[
			'Meeting request',
			'Prospecting',
			'Quick question, {{ contact.firstname }}',
			'Hi {{ contact.firstname | default("there") }},\n\nAre you the right person to talk to about sales onboarding at {{ company.name }}? Here is my calendar: {{ sender.meetings_link }}\n\n{{ sender.firstname }}'
		],
		[
			'Re-engage – bad timing',
			'Re-engagement',
			'Checking back in',
			'Hi {{ contact.firstname }},\n\nYou mentioned the timing was off last quarter. Has anything changed at {{ company.name }}?\n\n{{ sender.firstname }}'
		],
		[
			'No-show rebook',
			'Follow-up',
			'Sorry we missed you',
			'Hi {{ contact.firstname }},\n\nLooks like we missed each other. Pick a new time here: {{ sender.meetings_link }}\n\n{{ sender.firstname }}'
		],
		[
			'Champion moved',
			'Re-engagement',
			'Congrats on the new role, {{ contact.firstname }}',
			'Hi {{ contact.firstname }},\n\nCongrats on joining {{ company.name }}! Would salesgym help your new team as it did the last one?\n\n{{ sender.firstname }}'
		],
		[
			'Pricing overview',
			'Sales',
			'salesgym pricing for {{ company.name }}',
			'Hi {{ contact.firstname }},\n\nAttached is pricing for a team of {{ company.numberofemployees }}.\n\n{{ sender.firstname }}'
		],
		[
			'Closed-lost revival',
			'Re-engagement',
			'A lot has changed since {{ deal.closedate }}',
			'Hi {{ contact.firstname }},\n\nWe spoke last year about {{ deal.dealname }}. We have shipped what was missing; open to a fresh look?\n\n{{ sender.firstname }}'
		]
	];
	const templates: Template[] = T.map(([name, folder, subject, body], i) => {
		const at = isoPlus(epoch, -(200 - i * 11) * DAY_MS);
		return {
			id: String(HUBSPOT_ID_BASE.templates + i),
			name,
			folder,
			subject,
			body,
			ownerId: i % 2 ? '1003' : '1012',
			createdAt: at,
			updatedAt: at,
			archived: false
		};
	});

	const pipelineAt = '2025-01-06T09:00:00.000Z';
	const pipelines: Pipeline[] = [
		{
			id: 'default',
			label: 'Sales Pipeline',
			displayOrder: 0,
			stages: DEFAULT_PIPELINE_STAGES.map((s, i) => ({
				id: s.id,
				label: s.label,
				displayOrder: i,
				metadata: { probability: s.probability, isClosed: s.isClosed }
			})),
			createdAt: pipelineAt,
			updatedAt: pipelineAt,
			archived: false
		}
	];

	const { next_ids: salesIds, ...sales } = projectSales({ world, owners, contacts, templates });
	const state: HubSpotState = {
		contacts,
		companies,
		deals,
		associations,
		owners,
		tasks,
		notes,
		emails,
		meetings,
		templates,
		pipelines,
		calls,
		...sales,
		views: []
	};
	const next = (rows: { id: string }[], base: number) => rows.reduce((m, x) => Math.max(m, Number(x.id) + 1), base);
	return {
		state,
		next_ids: {
			contacts: next(contacts, HUBSPOT_ID_BASE.duplicates),
			companies: next(companies, 20001),
			deals: next(deals, HUBSPOT_ID_BASE.deals),
			tasks: next(tasks, HUBSPOT_ID_BASE.tasks),
			notes: next(notes, HUBSPOT_ID_BASE.notes),
			emails: next(emails, HUBSPOT_ID_BASE.emails),
			meetings: next(meetings, HUBSPOT_ID_BASE.meetings),
			templates: next(templates, HUBSPOT_ID_BASE.templates),
			calls: next(calls, HUBSPOT_ID_BASE.calls),
			...salesIds,
			views: HUBSPOT_ID_BASE.views
		}
	};
}

/** Outcome of a seeded call: status, disposition label (a default HubSpot call outcome), duration range (s), weight. */
const CALL_OUTCOMES = [
	['COMPLETED', 'Connected', 180, 1500, 5],
	['NO_ANSWER', 'Left voicemail', 20, 60, 3],
	['NO_ANSWER', 'No answer', 0, 30, 3],
	['BUSY', 'Busy', 0, 10, 1]
] as const;

/**
 * ~100 logged calls (platforms.md §2.1 call engagements): for a deterministic sample of contacts in an active
 * sales stage (sql, opportunity, customer; current job), an outbound call by their owner before their last
 * activity, to their phone, with a HubSpot default outcome (`hs_call_disposition` GUID). Own rng stream
 * (`hubspot-calls`), so the other tables do not change. `add` creates each row (in id order) with its
 * contact/company associations; `aes` owns the calls of unowned contacts.
 */
function projectCalls(
	world: World,
	people: Person[],
	aes: readonly string[],
	add: (at: string, props: Record<string, string | null | undefined>, p: Person, companyId: string) => void
): void {
	const r = rng('hubspot-calls', world.seed);
	const pool = people.filter((p) => !p.previous && (p.stage === 'sql' || p.stage === 'opportunity' || p.stage === 'customer') && p.emailStatus !== 'opted_out');
	const disposition = new Map(CALL_DISPOSITIONS.map(([value, label]) => [label, value]));
	for (const p of r
		.shuffle(pool)
		.slice(0, 100)
		.sort((a, b) => Number(a.id) - Number(b.id))) {
		const [status, outcome, min, max] = r.weighted(CALL_OUTCOMES.map((o) => [o, o[4]] as const));
		const last = p.lastActivityAt ?? world.epoch;
		const at = isoPlus(last, -r.int(0, 30) * DAY_MS - r.int(0, 8) * 3600_000);
		const start = at < p.createdAt ? p.createdAt : at;
		add(
			start,
			{
				hs_call_title: `Call with ${p.firstName} ${p.lastName}`,
				hs_call_body:
					status === 'COMPLETED'
						? r.pick([
								`Talked through ramp time for the ${p.function} team; next step: demo.`,
								`${p.firstName} confirmed budget review next month.`,
								'Walked through pricing; sending the recap by email.'
							])
						: `${outcome}.`,
				hs_call_direction: 'OUTBOUND',
				hs_call_status: status,
				hs_call_disposition: disposition.get(outcome)!,
				hs_call_duration: String(r.int(min, max) * 1000),
				hs_call_to_number: p.phone,
				hubspot_owner_id: p.ownerId ?? r.pick(aes)
			},
			p,
			p.companyId
		);
	}
}

/**
 * The projection of a shipped seed, once per seed: prebuilt when the build's file was provided, else
 * {@link projectHubSpot} of its world (gyms/kit/prebuilt.ts). @throws Error for a seed that is not shipped.
 */
export const baseProjection: (seed: number) => ReturnType<typeof projectHubSpot> = seedProjection('hubspot', projectHubSpot);

/** Owner-reference properties checked on every object that has `hubspot_owner_id`. */
const OWNED: readonly HubSpotTable[] = ['contacts', 'companies', 'deals', 'tasks', 'notes', 'emails', 'meetings', 'calls'];

/**
 * Applies a blueprint's fixtures on top of the projected seed: a row with a new id is added, a row with an
 * existing id replaces it. Validated like the seed (strict schema), and every reference must resolve.
 * Implements `GymStoreOptions.initial` (seeds/CONTRACT.md §3), like the other gyms' `initialState`.
 * @returns the initial tables (seed order, new fixture rows after) and the next ids (past every fixture id).
 * @throws Error whose message starts with the offending path, e.g.
 *   `fixtures.hubspot.contacts[0].properties.hubspot_owner_id: owner 7 does not exist`, for an invalid row,
 *   a missing owner, an association end that does not exist, or a contact email that duplicates another's.
 */
export function initialState(init: Pick<RunInit, 'seed' | 'fixtures'>): InitialState & { tables: HubSpotState } {
	const base = baseProjection(init.seed);
	const fx = parseFixtures('hubspot', HubSpotFixture, init.fixtures, 'brackets');
	const merged = mergeFixtureRows<{ id: string }>(
		HUBSPOT_TABLES,
		base.state as unknown as Record<string, { id: string }[]>,
		fx as Record<string, { id: string }[] | undefined>,
		(_t, row) => row.id
	);
	const state = merged.tables as Record<HubSpotTable, { id: string }[]>;
	const next_ids = { ...base.next_ids };
	for (const table of HUBSPOT_TABLES) {
		const extra = (fx as Record<string, { id: string }[] | undefined>)[table];
		if (extra?.length && table in next_ids) for (const row of extra) if (/^\d+$/.test(row.id)) next_ids[table] = Math.max(next_ids[table]!, Number(row.id) + 1);
	}
	// References: owners, association ends, unique emails. Only fixture rows can break them.
	const ownerIds = new Set(state.owners.map((o) => o.id));
	for (const table of OWNED) {
		(fx[table as keyof typeof fx] as CrmObject[] | undefined)?.forEach((row, i) => {
			const owner = row.properties.hubspot_owner_id;
			if (owner && !ownerIds.has(owner)) throw new Error(`fixtures.hubspot.${table}[${i}].properties.hubspot_owner_id: owner ${owner} does not exist`);
		});
	}
	fx.templates?.forEach((t, i) => {
		if (!ownerIds.has(t.ownerId)) throw new Error(`fixtures.hubspot.templates[${i}].ownerId: owner ${t.ownerId} does not exist`);
	});
	const ids = Object.fromEntries(HUBSPOT_TABLES.map((t) => [t, new Set(state[t].map((row) => row.id))])) as Record<HubSpotTable, Set<string>>;
	fx.associations?.forEach((a, i) => {
		const typeId = ASSOCIATION_TYPE_IDS[`${a.fromObjectType}→${a.toObjectType}` as keyof typeof ASSOCIATION_TYPE_IDS];
		if (a.associationCategory === 'HUBSPOT_DEFINED' && typeId !== a.associationTypeId)
			throw new Error(
				`fixtures.hubspot.associations[${i}].associationTypeId: ${a.associationTypeId} is not the HUBSPOT_DEFINED type of ${a.fromObjectType}→${a.toObjectType} (${typeId ?? 'none'})`
			);
		if (a.id !== `${a.associationTypeId}:${a.fromObjectId}:${a.toObjectId}`)
			throw new Error(`fixtures.hubspot.associations[${i}].id: must be "${a.associationTypeId}:${a.fromObjectId}:${a.toObjectId}"`);
		if (!ids[a.fromObjectType].has(a.fromObjectId))
			throw new Error(`fixtures.hubspot.associations[${i}].fromObjectId: ${a.fromObjectType} ${a.fromObjectId} does not exist`);
		if (!ids[a.toObjectType].has(a.toObjectId))
			throw new Error(`fixtures.hubspot.associations[${i}].toObjectId: ${a.toObjectType} ${a.toObjectId} does not exist`);
	});
	fx.deals?.forEach((d, i) => {
		const stage = d.properties.dealstage;
		if (stage && (d.properties.pipeline ?? 'default') === 'default' && !DEFAULT_PIPELINE_STAGES.some((s) => s.id === stage))
			throw new Error(`fixtures.hubspot.deals[${i}].properties.dealstage: ${stage} is not a stage of the default pipeline`);
	});
	checkSalesFixtures(fx, state as unknown as HubSpotState, ownerIds);
	if (fx.contacts?.length) {
		const emails = new Map<string, string>();
		for (const c of state.contacts as CrmObject[]) {
			const email = c.properties.email?.toLowerCase();
			if (!email) continue;
			const other = emails.get(email);
			if (other !== undefined) {
				const i = fx.contacts.findIndex((f) => f.id === c.id || f.id === other);
				throw new Error(
					`fixtures.hubspot.contacts[${i}].properties.email: ${email} is already the email of contact ${fx.contacts[i]?.id === c.id ? other : c.id}`
				);
			}
			emails.set(email, c.id);
		}
	}
	return { tables: state as unknown as HubSpotState, next_ids };
}

/**
 * References of sales fixture rows: list memberships → list + contact, submissions → form + contact, enrollments →
 * sequence + contact + owner (at most one ACTIVE/PAUSED enrollment per contact), inboxes → owner.
 * @throws Error naming the fixture path, e.g. `fixtures.hubspot.list_memberships[0].recordId: contacts 7 does not exist`.
 */
function checkSalesFixtures(fx: HubSpotFixture, state: HubSpotState, ownerIds: ReadonlySet<string>): void {
	const has = (rows: { id: string }[]) => new Set(rows.map((r) => r.id));
	const contacts = has(state.contacts);
	const lists = has(state.lists);
	const forms = has(state.forms);
	const sequences = has(state.sequences);
	const fail = (path: string, msg: string): never => {
		throw new Error(`fixtures.hubspot.${path}: ${msg}`);
	};
	fx.list_memberships?.forEach((m, i) => {
		if (m.id !== `${m.listId}:${m.recordId}`) fail(`list_memberships[${i}].id`, `must be "${m.listId}:${m.recordId}"`);
		if (!lists.has(m.listId)) fail(`list_memberships[${i}].listId`, `lists ${m.listId} does not exist`);
		if (!contacts.has(m.recordId)) fail(`list_memberships[${i}].recordId`, `contacts ${m.recordId} does not exist`);
	});
	fx.lists?.forEach((l, i) => {
		if (l.createdById && !ownerIds.has(l.createdById)) fail(`lists[${i}].createdById`, `owner ${l.createdById} does not exist`);
	});
	fx.form_submissions?.forEach((s, i) => {
		if (!forms.has(s.formId)) fail(`form_submissions[${i}].formId`, `forms ${s.formId} does not exist`);
		if (!contacts.has(s.contactId)) fail(`form_submissions[${i}].contactId`, `contacts ${s.contactId} does not exist`);
	});
	fx.inboxes?.forEach((b, i) => {
		if (!ownerIds.has(b.ownerId)) fail(`inboxes[${i}].ownerId`, `owner ${b.ownerId} does not exist`);
	});
	const live = new Map<string, string>();
	for (const e of state.sequence_enrollments)
		if (e.state === 'ACTIVE' || e.state === 'PAUSED') live.set(e.contactId, live.has(e.contactId) ? `${live.get(e.contactId)},${e.id}` : e.id);
	fx.sequence_enrollments?.forEach((e, i) => {
		if (!sequences.has(e.sequenceId)) fail(`sequence_enrollments[${i}].sequenceId`, `sequences ${e.sequenceId} does not exist`);
		if (!contacts.has(e.contactId)) fail(`sequence_enrollments[${i}].contactId`, `contacts ${e.contactId} does not exist`);
		if (!ownerIds.has(e.userId)) fail(`sequence_enrollments[${i}].userId`, `owner ${e.userId} does not exist`);
		if (live.get(e.contactId)?.includes(','))
			fail(`sequence_enrollments[${i}].contactId`, `contact ${e.contactId} would be enrolled in more than one sequence (${live.get(e.contactId)})`);
	});
}
