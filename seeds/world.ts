/**
 * The seed world: one deterministic sales universe (companies, people, the selling team, meetings, sequences
 * and the planted anomalies) that every gym projects its initial state from.
 *
 * Vendor-neutral on purpose: each gym maps these facts to its own wire names (HubSpot `lifecyclestage`,
 * Outreach `sequenceState`, Calendly `scheduled_event`, Sales Navigator's lead/account model) in a pure
 * `project(world, fixtures)` function. Ids are numeric strings below {@link FIXTURE_ID_MIN}; timestamps are
 * UTC ISO-8601 with milliseconds, computed from the world's `epoch` (the world's "now").
 * See `seeds/CONTRACT.md` for id ranges and how a gym plugs in.
 */
import { z } from 'zod';
import { FUNCTIONS, HEADCOUNT_BANDS, SENIORITIES } from '../gyms/salesnav/contract';

/** Blueprint fixtures use ids at or above this; every id in the world and in a gym's base projection is below. */
export const FIXTURE_ID_MIN = 990000;

/** Id ranges of the world's entities (inclusive start; numeric strings). Gym-owned derived rows use their own ranges (CONTRACT.md). */
export const WORLD_ID_RANGES = {
	users: 1001,
	companies: 20001,
	people: 100001,
	meetings: 500001
} as const;

/** A world id: a numeric string below {@link FIXTURE_ID_MIN}. */
export const WorldId = z
	.string()
	.regex(/^[1-9][0-9]{0,5}$/, 'a world id is a numeric string')
	.refine((s) => Number(s) < FIXTURE_ID_MIN, `world ids are below ${FIXTURE_ID_MIN} (fixtures use ${FIXTURE_ID_MIN}+)`)
	.describe('numeric string id, below 990000');

/** UTC ISO-8601 timestamp with milliseconds, e.g. `2026-03-02T09:00:00.000Z`. */
export const Iso = z
	.string()
	.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, 'UTC ISO-8601 with milliseconds')
	.describe('UTC ISO-8601 timestamp with milliseconds');

/** IANA time zone name, e.g. `America/New_York`. */
export const TimeZone = z
	.string()
	.regex(/^[A-Za-z_]+\/[A-Za-z_]+(\/[A-Za-z_]+)?$|^UTC$/)
	.describe('IANA time zone, e.g. America/New_York');

// The Sales Navigator vocabularies (seniority, function, headcount) are the Sales Navigator contract's.
export { FUNCTIONS, HEADCOUNT_BANDS, SENIORITIES };

/** Annual revenue bands, USD (Sales Navigator's revenue filter, UI labels). */
export const REVENUE_BANDS = ['<1M', '1M-10M', '10M-50M', '50M-100M', '100M-500M', '500M-1B', '1B+'] as const;

/** Company types (Sales Navigator UI labels). */
export const COMPANY_TYPES = ['Public company', 'Privately held', 'Non-profit', 'Self-owned', 'Partnership'] as const;

/** Industries used by the world (LinkedIn industry labels). */
export const INDUSTRIES = [
	'Software Development',
	'IT Services and IT Consulting',
	'Financial Services',
	'Biotechnology Research',
	'Hospitals and Health Care',
	'Retail',
	'Manufacturing',
	'Logistics',
	'Marketing Services',
	'Insurance',
	'Telecommunications',
	'E-Learning Providers'
] as const;

/** Funding rounds a company may have announced. */
export const FUNDING_ROUNDS = ['Seed', 'Series A', 'Series B', 'Series C', 'Series D', 'Private equity'] as const;

/** Roles on the selling team. */
export const TEAM_ROLES = ['sdr', 'ae', 'manager'] as const;

/**
 * Where a person stands in our funnel, vendor-neutral. HubSpot maps it to `lifecyclestage`
 * (`subscriber`, `lead`, `marketingqualifiedlead`, `salesqualifiedlead`, `opportunity`, `customer`);
 * `none` = not in the CRM funnel.
 */
export const FUNNEL_STAGES = ['none', 'subscriber', 'lead', 'mql', 'sql', 'opportunity', 'customer'] as const;

/** Deliverability of a person's work email: `bounced` = hard bounce recorded; `opted_out` = unsubscribed from all email. */
export const EMAIL_STATUSES = ['ok', 'bounced', 'opted_out'] as const;

/**
 * A person's enrollment in one of the world's sequences, vendor-neutral (Outreach `sequenceState.state`
 * names): `active`, `paused`, `finished`, `bounced`, `opted_out`, `pending`, `failed`, `disabled`.
 */
export const ENROLLMENT_STATES = ['active', 'paused', 'finished', 'bounced', 'opted_out', 'pending', 'failed', 'disabled'] as const;

/** Kinds of meetings (Calendly event type kinds + pooling): one-on-one, round robin, collective, group. */
export const MEETING_KINDS = ['one_on_one', 'round_robin', 'collective', 'group'] as const;

/** Outcome of a meeting: `scheduled` (future or not yet marked), `completed`, `canceled`, `rescheduled` (old slot), `no_show`. */
export const MEETING_OUTCOMES = ['scheduled', 'completed', 'canceled', 'rescheduled', 'no_show'] as const;

/** Kinds of planted messiness (spec point 4), cited by blueprints via `seeds/anomalies.json`. */
export const ANOMALY_KINDS = [
	'duplicate_person',
	'job_changer',
	'opted_out',
	'bounced',
	'dormant',
	'active_in_sequence',
	'near_double_booking',
	'lookalike_name'
] as const;

/** A place: city, region and country, plus its IANA time zone. */
export const Geo = z.strictObject({
	city: z.string().min(1).describe('city name, e.g. "Boston"'),
	region: z.string().describe('state / region, "" when not applicable'),
	country: z.string().min(1).describe('country name in English, e.g. "United States"'),
	countryCode: z
		.string()
		.regex(/^[A-Z]{2}$/)
		.describe('ISO 3166-1 alpha-2, e.g. "US"'),
	timeZone: TimeZone
});
export type Geo = z.infer<typeof Geo>;

/** A member of our own selling team: owns CRM records, sends sequences, hosts meetings. */
export const TeamUser = z.strictObject({
	id: WorldId.describe('user id, 1001–1099; HubSpot owner id = this id'),
	firstName: z.string().min(1).describe('given name'),
	lastName: z.string().min(1).describe('family name'),
	email: z.email().describe('work login email at salesgym.io; the cross-gym join key (owner ↔ Outreach user ↔ Calendly host)'),
	role: z.enum(TEAM_ROLES).describe('sdr = books meetings, ae = owns accounts and deals, manager = leads the team'),
	title: z.string().min(1).describe('job title, e.g. "Account Executive"'),
	team: z.string().min(1).describe('team name: "SDR team", "Account Executives" or "Sales Leadership"'),
	managerId: WorldId.nullable().describe('user id of their manager; null for the manager'),
	timeZone: TimeZone.describe('the user’s working time zone (Calendly availability, Outreach mailbox)'),
	phone: z.string().min(1).describe('E.164-like display phone, e.g. "+1 617 555 0101"'),
	createdAt: Iso.describe('when the user joined, ≤ epoch')
});
export type TeamUser = z.infer<typeof TeamUser>;

/** A funding announcement. */
export const Funding = z.strictObject({
	round: z.enum(FUNDING_ROUNDS).describe('round name'),
	amountUsd: z.number().int().positive().describe('amount raised, whole USD'),
	announcedAt: Iso.describe('announcement time, ≤ epoch')
});

/** A company of the world (an HubSpot company, an Outreach account, a Sales Navigator account). */
export const Company = z.strictObject({
	id: WorldId.describe('company id, 20001–20999; HubSpot company id = this id'),
	name: z.string().min(1).describe('display name, e.g. "Helix Biotech"'),
	domain: z
		.string()
		.regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/)
		.describe('primary web domain, lower case; the join key company ↔ account'),
	website: z.url().describe('https://<domain>'),
	linkedinUrl: z.url().describe('https://www.linkedin.com/company/<slug>'),
	industry: z.enum(INDUSTRIES).describe('LinkedIn industry label'),
	companyType: z.enum(COMPANY_TYPES).describe('Sales Navigator company type label'),
	headcountBand: z.enum(HEADCOUNT_BANDS).describe('Sales Navigator headcount band'),
	employees: z.number().int().positive().describe('employee count (integer, people), inside headcountBand'),
	headcountGrowth1y: z.number().int().describe('headcount growth over 1 year, integer percent (may be negative)'),
	revenueBand: z.enum(REVENUE_BANDS).describe('annual revenue band, USD'),
	annualRevenueUsd: z.number().int().nonnegative().describe('annual revenue, whole USD, inside revenueBand'),
	hq: Geo.describe('headquarters'),
	foundedYear: z.number().int().min(1850).max(2026).describe('year founded'),
	technologies: z.array(z.string().min(1)).describe('technologies in use (e.g. "Salesforce", "Snowflake"), sorted'),
	funding: Funding.nullable().describe('latest funding within 12 months of the epoch, or null'),
	leadershipChangeAt: Iso.nullable().describe('senior leadership change within 3 months of the epoch, or null'),
	buyerIntent: z.enum(['none', 'low', 'medium', 'high']).describe('buyer-intent level toward our product'),
	ownerId: WorldId.nullable().describe('account owner: a team user id (an AE), or null when unassigned'),
	inHubspot: z.boolean().describe('true = a HubSpot company (~250)'),
	inOutreach: z.boolean().describe('true = an Outreach account (the employers of Outreach prospects)'),
	description: z.string().describe('one-line company description'),
	createdAt: Iso.describe('when the company first entered our data, ≤ epoch')
});
export type Company = z.infer<typeof Company>;

/** A person's previous position (job changers: the CRM may still hold it). */
export const PastPosition = z.strictObject({
	companyId: WorldId.describe('company id of the previous employer'),
	title: z.string().min(1).describe('job title held there'),
	workEmail: z.email().describe('their (now dead) work email at that company'),
	startedAt: Iso.describe('start of that position'),
	endedAt: Iso.describe('end of that position, ≤ epoch')
});
export type PastPosition = z.infer<typeof PastPosition>;

/** A person's enrollment in one of the world's sequences. */
export const Enrollment = z.strictObject({
	sequenceKey: z
		.string()
		.regex(/^[a-z0-9-]+$/)
		.describe('key of a world sequence (World.sequences[].key)'),
	state: z.enum(ENROLLMENT_STATES).describe('enrollment state (Outreach sequenceState.state names)'),
	userId: WorldId.describe('team user who enrolled them (sends the mailings)'),
	enrolledAt: Iso.describe('enrollment time, ≤ epoch'),
	stepsCompleted: z.number().int().nonnegative().describe('number of sequence steps already done (count)')
});
export type Enrollment = z.infer<typeof Enrollment>;

/** A person of the world (a Sales Navigator lead; some are HubSpot contacts, Outreach prospects, Calendly invitees). */
export const Person = z.strictObject({
	id: WorldId.describe('person id, 100001–199999; HubSpot contact id = this id'),
	firstName: z.string().min(1).describe('given name'),
	lastName: z.string().min(1).describe('family name'),
	title: z.string().min(1).describe('current job title'),
	seniority: z.enum(SENIORITIES).describe('Sales Navigator seniority level'),
	function: z.enum(FUNCTIONS).describe('Sales Navigator job function'),
	companyId: WorldId.describe('current employer (Company.id)'),
	startedRoleAt: Iso.describe('start of the current position (tenure in role), ≤ epoch'),
	startedCompanyAt: Iso.describe('start at the current company (tenure at company), ≤ startedRoleAt'),
	yearsExperience: z.number().int().nonnegative().describe('total years of professional experience (integer years)'),
	geo: Geo.describe('where the person works'),
	linkedinUrl: z.url().describe('https://www.linkedin.com/in/<slug>; join key across gyms'),
	workEmail: z.email().describe('work email at the current company’s domain, lower case; the main join key'),
	personalEmail: z.email().nullable().describe('personal email (gmail.com, outlook.com …), or null'),
	phone: z.string().min(1).describe('display phone, e.g. "+1 617 555 0142"'),
	previous: PastPosition.nullable().describe('previous position (set for everyone who changed jobs in the last 2 years)'),
	lastPostedAt: Iso.nullable().describe('last LinkedIn post, ≤ epoch, or null'),
	ownerId: WorldId.nullable().describe('team user who owns this person (HubSpot contact owner, Outreach prospect owner), or null'),
	stage: z.enum(FUNNEL_STAGES).describe('funnel stage; HubSpot lifecyclestage mapping in FUNNEL_STAGES'),
	emailStatus: z.enum(EMAIL_STATUSES).describe('deliverability of workEmail'),
	inHubspot: z.boolean().describe('true = a HubSpot contact (~800)'),
	inOutreach: z.boolean().describe('true = an Outreach prospect (~600)'),
	enrollment: Enrollment.nullable().describe('current or last sequence enrollment, or null'),
	lastActivityAt: Iso.nullable().describe('last sales touch (email, call, meeting), ≤ epoch, or null'),
	createdAt: Iso.describe('when the person first entered our data, ≤ epoch')
});
export type Person = z.infer<typeof Person>;

/** A prospecting sequence of the team (Outreach sequence; HubSpot sequences mirror the names). */
export const Sequence = z.strictObject({
	key: z
		.string()
		.regex(/^[a-z0-9-]+$/)
		.describe('stable slug, e.g. "vp-sales-cold"'),
	name: z.string().min(1).describe('display name, e.g. "VP Sales – Cold"'),
	ownerId: WorldId.describe('owning team user id'),
	steps: z
		.array(z.enum(['auto_email', 'manual_email', 'call', 'task', 'linkedin_connect', 'linkedin_message']))
		.min(1)
		.describe('ordered step kinds (Outreach stepType: auto_email, manual_email, call, task; LinkedIn steps are tasks)'),
	intervalDays: z.number().int().positive().describe('days between steps (integer days)'),
	exclusive: z.boolean().describe('true = a prospect may be active in only this sequence'),
	enabled: z.boolean().describe('false = sequence is disabled (cannot enroll)'),
	createdAt: Iso.describe('creation time, ≤ epoch')
});
export type Sequence = z.infer<typeof Sequence>;

/** A meeting booked between the team and a person (a Calendly scheduled event, a HubSpot meeting engagement). */
export const Meeting = z.strictObject({
	id: WorldId.describe('meeting id, 500001–599999'),
	kind: z.enum(MEETING_KINDS).describe('event kind: one_on_one, round_robin, collective or group'),
	eventName: z.string().min(1).describe('event type name, e.g. "Discovery Call (30 min)"'),
	durationMin: z.number().int().positive().describe('duration, minutes'),
	hostIds: z.array(WorldId).min(1).describe('team user ids hosting (collective: several)'),
	personIds: z.array(WorldId).min(1).describe('invitees (person ids); group events have several'),
	inviteeEmail: z.email().describe('email the first invitee booked with (usually workEmail; personal for a duplicate anomaly)'),
	startAt: Iso.describe('start time; after the epoch for future meetings'),
	outcome: z.enum(MEETING_OUTCOMES).describe('scheduled, completed, canceled, rescheduled or no_show'),
	canceledBy: z.enum(['host', 'invitee']).nullable().describe('who canceled (outcome canceled/rescheduled), else null'),
	cancelReason: z.string().nullable().describe('cancellation reason text, or null'),
	rescheduledToId: WorldId.nullable().describe('the new meeting when this slot was rescheduled, else null'),
	bookedAt: Iso.describe('when it was booked, ≤ epoch'),
	utmSource: z.string().nullable().describe('utm_source of the booking link (e.g. "outreach"), or null')
});
export type Meeting = z.infer<typeof Meeting>;

/** One planted anomaly; blueprints cite its `id`. */
export const Anomaly = z.strictObject({
	id: z
		.string()
		.regex(/^[a-z0-9-]+$/)
		.describe('stable id, e.g. "job-changer-003"'),
	kind: z.enum(ANOMALY_KINDS).describe('kind of messiness'),
	personIds: z.array(WorldId).describe('people involved (may be empty)'),
	companyIds: z.array(WorldId).describe('companies involved (may be empty)'),
	meetingIds: z.array(WorldId).describe('meetings involved (may be empty)'),
	note: z.string().min(1).describe('what is planted and where it shows (e.g. "HubSpot still has the old company")')
});
export type Anomaly = z.infer<typeof Anomaly>;

/** The whole world of one seed (`seeds/world-<seed>.json`). */
export const World = z.strictObject({
	$schema: z.string().optional().describe('path to static/schema/world.schema.json, for editors'),
	seed: z.number().int().nonnegative().describe('seed number the generator was run with'),
	epoch: Iso.describe('the world’s "now": every timestamp is ≤ epoch except future meetings and scheduled mailings'),
	generator: z.string().min(1).describe('generator id and library version, e.g. "seeds/generate.ts@1 faker@10.6.0"'),
	users: z.array(TeamUser).describe('the selling team (~12), id order'),
	companies: z.array(Company).describe('~400 companies, id order'),
	people: z.array(Person).describe('~3,000 people, id order'),
	sequences: z.array(Sequence).describe('~12 sequences'),
	meetings: z.array(Meeting).describe('~200 meetings, id order'),
	anomalies: z.array(Anomaly).describe('planted messiness (also written to seeds/anomalies.json)')
});
export type World = z.infer<typeof World>;

/** `seeds/anomalies.json`: the manifest of planted messiness, for blueprints to cite. */
export const AnomalyManifest = z.strictObject({
	$schema: z.string().optional(),
	seed: z.number().int().nonnegative().describe('seed number'),
	epoch: Iso.describe('the world’s epoch'),
	anomalies: z.array(Anomaly)
});
export type AnomalyManifest = z.infer<typeof AnomalyManifest>;

/** Adds `ms` milliseconds (may be negative) to a UTC ISO-8601 timestamp. Pure: never reads the host clock. */
export function isoPlus(iso: string, ms: number): string {
	return new Date(Date.parse(iso) + ms).toISOString();
}

/** Milliseconds per day. */
export const DAY_MS = 86_400_000;
