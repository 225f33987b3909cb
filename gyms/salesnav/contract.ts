/**
 * The Sales Navigator gym's API contract: enums and filter types, the stored UI model and the error envelope.
 * Page-safe: it imports zod only, so the gym's handlers (in the Service Worker), its seed and its future UI client
 * (in the page) share one set of vendor constants and record schemas; `schema.ts` re-exports it and adds the
 * gym's state and fixture schemas. LinkedIn publishes no Sales Navigator API, so the request and answer schemas
 * at the end are the replica's own design (resource names close to LinkedIn's: leads, accounts, lists,
 * savedSearches, alerts, notes, messages, relationshipMaps). Facts follow LinkedIn Sales Navigator Help.
 *
 * Viewpoint: relationship fields (`degree`, `sharedConnections`, `teamLinkPaths`) and user state (`saved`,
 * list membership) are those of the signed-in seat, the one seat with `isCurrentUser: true`; lists, saved
 * searches, alerts and InMail threads carry their owning seat, so the whole team's data is present.
 * Timestamps are UTC ISO-8601 with milliseconds (the UI shows them relative).
 */
import { z } from 'zod';

/** UTC ISO-8601 timestamp with milliseconds. */
export const IsoTimestamp = z
	.string()
	.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, 'UTC ISO-8601 with milliseconds')
	.describe('UTC ISO-8601 timestamp with milliseconds');
const ts = (what: string) => IsoTimestamp.describe(`${what}: UTC ISO-8601 with milliseconds`);

/** Lead id: the profile key of a Sales Navigator lead URL (`/sales/lead/ACwAA…,NAME_SEARCH,x`), e.g. `ACwAAA1b2C3d4E5f`. */
export const LeadId = z
	.string()
	.regex(/^ACwAA[A-Za-z0-9_-]{10,40}$/, 'a Sales Navigator lead id starts with ACwAA')
	.describe('lead profile key "ACwAA…" (from /sales/lead/{leadId},NAME_SEARCH,x)');
/** Account id: the numeric company id of `/sales/company/{accountId}`. */
export const AccountId = z
	.string()
	.regex(/^[1-9][0-9]{0,11}$/, 'a Sales Navigator account id is a numeric string')
	.describe('numeric company id as a string (from /sales/company/{accountId})');
/**
 * Id of a replica-internal object (list, saved search, alert, note, thread): a numeric string in the Sales
 * Navigator range of seeds/CONTRACT.md (600000–699999 base rows, ≥990000 fixtures). Seats use the team user id.
 */
export function localId(what: string) {
	return z
		.string()
		.regex(/^[1-9][0-9]{0,8}$/, `a ${what} id is a numeric string`)
		.describe(`${what} id: numeric string (base rows 6xxxxx, fixtures ≥990000)`);
}
/** Seat id = the team user id (`"1001"`). */
export const SeatId = z
	.string()
	.regex(/^[1-9][0-9]{0,8}$/, 'a seat id is a numeric string')
	.describe('seat id = team user id, numeric string');
export const LeadListId = localId('lead list');
export const AccountListId = localId('account list');
export const SavedSearchId = localId('saved search');
export const AlertId = localId('alert');
export const NoteId = localId('note');
export const ThreadId = localId('InMail thread');

// ---------------------------------------------------------------------------------------------- enums

export const PLANS = ['Core', 'Advanced', 'Advanced Plus'] as const;
export const DEGREES = ['1st', '2nd', '3rd', 'out_of_network'] as const;
/** Sales Navigator seniority levels (platforms.md §1.3, UI labels). */
export const SENIORITIES = [
	'Owner / Partner',
	'CXO',
	'Vice President',
	'Director',
	'Experienced Manager',
	'Entry Level Manager',
	'Strategic',
	'Senior',
	'Entry Level',
	'In Training'
] as const;

/** Sales Navigator job functions (platforms.md §1.3, the 26 UI labels). */
export const FUNCTIONS = [
	'Accounting',
	'Administrative',
	'Arts and Design',
	'Business Development',
	'Community and Social Services',
	'Consulting',
	'Education',
	'Engineering',
	'Entrepreneurship',
	'Finance',
	'Healthcare Services',
	'Human Resources',
	'Information Technology',
	'Legal',
	'Marketing',
	'Media and Communication',
	'Military and Protective Services',
	'Operations',
	'Product Management',
	'Program and Project Management',
	'Purchasing',
	'Quality Assurance',
	'Real Estate',
	'Research',
	'Sales',
	'Customer Success and Support'
] as const;

/** Company headcount bands (Sales Navigator filter labels, platforms.md §1.3). */
export const HEADCOUNT_BANDS = ['Self-employed', '1-10', '11-50', '51-200', '201-500', '501-1,000', '1,001-5,000', '5,001-10,000', '10,001+'] as const;

export type Seniority = (typeof SENIORITIES)[number];
/** Function (26 UI labels). */
export type LeadFunction = (typeof FUNCTIONS)[number];
/** Company headcount bands (UI labels). */
export type HeadcountBand = (typeof HEADCOUNT_BANDS)[number];
/** Company type (UI labels). */
export const COMPANY_TYPES = [
	'Public company',
	'Privately held',
	'Non-profit',
	'Educational institution',
	'Government agency',
	'Self-employed',
	'Self-owned',
	'Partnership'
] as const;
/** Buyer intent model (verify). */
export const BUYER_INTENTS = ['none', 'low', 'medium', 'high'] as const;
export const CRM_STATUSES = ['in_crm', 'not_in_crm'] as const;
export const INMAIL_STATUSES = ['pending', 'accepted', 'declined', 'replied'] as const;
export const ALERT_FREQUENCIES = ['daily', 'weekly', 'never'] as const;
export const SELECTION_TYPES = ['INCLUDED', 'EXCLUDED'] as const;
/** Relationship map roles (LinkedIn Help "Relationship Maps FAQ": Decision Maker, Champion, Evaluator, Procurement, Influencer). */
export const RELATIONSHIP_ROLES = ['Decision Maker', 'Champion', 'Evaluator', 'Procurement', 'Influencer'] as const;
export type RelationshipRole = (typeof RELATIONSHIP_ROLES)[number];
/** Lead search filter types (replica-internal API names, platforms.md §1.3). */
export const FILTER_TYPES = [
	'CURRENT_COMPANY',
	'COMPANY_HEADCOUNT',
	'PAST_COMPANY',
	'COMPANY_TYPE',
	'COMPANY_HEADQUARTERS',
	'FUNCTION',
	'CURRENT_TITLE',
	'SENIORITY_LEVEL',
	'PAST_TITLE',
	'YEARS_AT_CURRENT_COMPANY',
	'YEARS_IN_CURRENT_POSITION',
	'REGION',
	'INDUSTRY',
	'FIRST_NAME',
	'LAST_NAME',
	'YEARS_OF_EXPERIENCE',
	'SCHOOL',
	'FOLLOWS_YOUR_COMPANY',
	'VIEWED_YOUR_PROFILE',
	'RELATIONSHIP',
	'TEAMLINK_CONNECTIONS',
	'CHANGED_JOBS',
	'POSTED_ON_LINKEDIN',
	'LEAD_LIST',
	'ACCOUNT_LIST',
	'PEOPLE_IN_CRM',
	'ANNUAL_REVENUE',
	'TECHNOLOGIES_USED',
	'BUYER_INTENT',
	'LEADERSHIP_CHANGE',
	'FUNDING_EVENTS'
] as const;
/** Alert types (platforms.md §1.1 "Alert"). */
export const ALERT_TYPES = [
	'lead_changed_job',
	'lead_posted',
	'lead_mentioned_in_news',
	'lead_viewed_profile',
	'account_senior_hire',
	'account_funding',
	'account_intent_increase',
	'account_news',
	'saved_search_new_results'
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
/** Alerts feed tab of each alert type category. */
export const ALERT_CATEGORIES = ['lead', 'account', 'saved_search'] as const;

// ---------------------------------------------------------------------------------------------- objects

/** A Sales Navigator seat (one per team member). */
export const Seat = z.strictObject({
	id: SeatId,
	name: z.string().describe('member display name'),
	email: z.email().describe('member login email, lower-case; join key (owner email) across gyms'),
	profileUrl: z.string().describe('member’s public profile "https://www.linkedin.com/in/<slug>"'),
	plan: z.enum(PLANS).describe('Core, Advanced or Advanced Plus'),
	isCurrentUser: z.boolean().describe('true for the one signed-in seat whose viewpoint the leads show'),
	inmailBalance: z.number().int().min(0).max(150).describe('InMail credits left (50 granted monthly, capped at 150)'),
	inmailCreditsRenewAt: ts('next monthly grant (1st of the month, 00:00 UTC)'),
	teamLinkEnabled: z.boolean().describe('TeamLink on for this seat (admin toggle; users may opt out)'),
	crmConnection: z
		.strictObject({
			provider: z.enum(['salesforce', 'dynamics', 'hubspot']).nullable().describe('connected CRM, null = none'),
			status: z.enum(['connected', 'not_connected', 'error']).describe('connection state')
		})
		.describe('CRM link of the seat')
});
export type Seat = z.infer<typeof Seat>;

const Position = z.strictObject({
	title: z.string().describe('job title'),
	companyName: z.string().describe('company name'),
	accountId: AccountId.nullable().describe('account of that company when it is a known account'),
	startedOn: z
		.string()
		.regex(/^\d{4}-\d{2}$/)
		.describe('start month "YYYY-MM"'),
	endedOn: z
		.string()
		.regex(/^\d{4}-\d{2}$/)
		.nullable()
		.describe('end month "YYYY-MM", null = current')
});

/** A lead (a person). Join key to HubSpot contacts and Outreach prospects: `linkedInUrl`. */
export const Lead = z.strictObject({
	leadId: LeadId,
	profileUrl: z.string().describe('Sales Navigator URL "/sales/lead/{leadId},NAME_SEARCH,x"'),
	linkedInUrl: z.string().describe('public profile "https://www.linkedin.com/in/<slug>"; join key'),
	firstName: z.string().describe('given name'),
	lastName: z.string().describe('family name'),
	headline: z.string().describe('profile headline'),
	currentTitle: z.string().describe('title at the current company'),
	accountId: AccountId.describe('current company (after a job change: the NEW company)'),
	geography: z.string().describe('"City, Region, Country" as shown'),
	industry: z.string().describe('industry label'),
	seniority: z.enum(SENIORITIES).describe('seniority level (UI label)'),
	function: z.enum(FUNCTIONS).describe('function (UI label)'),
	yearsInRole: z.number().int().nonnegative().describe('whole years in the current role'),
	yearsAtCompany: z.number().int().nonnegative().describe('whole years at the current company'),
	yearsExperience: z.number().int().nonnegative().describe('whole years of professional experience'),
	pastPositions: z.array(Position).describe('previous positions, newest first'),
	schools: z
		.array(
			z.strictObject({
				name: z.string().describe('school name'),
				degree: z.string().nullable().describe('degree and field, null = not shown'),
				endYear: z.number().int().nullable().describe('graduation year')
			})
		)
		.describe('education'),
	degree: z.enum(DEGREES).describe('relationship degree to the signed-in seat'),
	sharedConnections: z.number().int().nonnegative().describe('connections shared with the signed-in seat'),
	teamLinkPaths: z.array(SeatId).describe('teammates’ seats that are 1st-degree connections ("Get introduced")'),
	sharedExperiences: z
		.array(z.strictObject({ type: z.enum(['company', 'school', 'group']).describe('what is shared'), name: z.string().describe('its name') }))
		.describe('experiences shared with the signed-in seat'),
	openProfile: z.boolean().describe('true = can be messaged free (Open Profile)'),
	changedJobs90d: z.boolean().describe('spotlight: changed jobs in the last 90 days'),
	posted30d: z.boolean().describe('spotlight: posted on LinkedIn in the last 30 days'),
	mentionedInNews30d: z.boolean().describe('spotlight: mentioned in the news in the last 30 days'),
	followsYourCompany: z.boolean().describe('spotlight: follows your company'),
	viewedYourProfile: z.boolean().describe('spotlight: viewed your profile recently'),
	leftAccount: z.boolean().describe('Left Account flag: no longer at the saved account'),
	saved: z.boolean().describe('saved by the signed-in seat'),
	leadListIds: z.array(LeadListId).describe('lead lists that contain this lead'),
	crm: z
		.strictObject({ status: z.enum(CRM_STATUSES).describe('in_crm or not_in_crm'), url: z.string().nullable().describe('CRM record URL when in CRM') })
		.describe('CRM match'),
	recommendedReason: z.string().nullable().describe('why recommended, null = not recommended'),
	invitationSentAt: IsoTimestamp.nullable().describe('pending connection invitation sent at, null = none'),
	invitationNote: z.string().max(300).nullable().describe('note sent with the pending invitation (≤300 chars), null = none or no note'),
	recentPosts: z
		.array(z.strictObject({ postedAt: ts('posted'), topic: z.string().describe('what the post is about') }))
		.describe('recent LinkedIn posts, newest first (Recent activity)'),
	tags: z.array(z.string().min(1).max(50)).describe('tags the signed-in seat put on the lead, in add order'),
	lastActivityAt: ts('last profile activity'),
	introductionRequest: z
		.strictObject({
			teammateSeatId: SeatId.describe('the teammate asked (one of the TeamLink paths)'),
			message: z.string().min(1).max(2000).describe('the request to the teammate'),
			requestedAt: ts('asked')
		})
		.optional()
		.describe('"Get introduced": the seat asked a teammate for an introduction to the lead; absent = never asked'),
	viewedAt: IsoTimestamp.optional().describe('when the signed-in seat first opened the lead page (the "Viewed" state in search results); absent = never viewed')
});
export type Lead = z.infer<typeof Lead>;

/** An account (a company). Join key to HubSpot companies and Outreach accounts: `website` domain. */
export const Account = z.strictObject({
	accountId: AccountId,
	salesUrl: z.string().describe('"/sales/company/{accountId}"'),
	linkedInUrl: z.string().describe('"https://www.linkedin.com/company/<slug>"'),
	name: z.string().describe('company name'),
	website: z.string().describe('"https://<domain>"; its host is the join key'),
	industry: z.string().describe('LinkedIn industry label'),
	hq: z.string().describe('"City, Country"'),
	companyType: z.enum(COMPANY_TYPES).describe('UI label'),
	headcount: z.enum(HEADCOUNT_BANDS).describe('headcount band (UI label)'),
	employeesOnLinkedIn: z.number().int().nonnegative().describe('members listing it as employer'),
	headcountGrowth: z
		.strictObject({
			sixMonths: z.number().describe('percent change over 6 months'),
			oneYear: z.number().describe('percent change over 1 year'),
			twoYears: z.number().describe('percent change over 2 years')
		})
		.describe('headcount growth, percent'),
	departmentHeadcount: z
		.array(
			z.strictObject({
				function: z.enum(FUNCTIONS).describe('function (UI label)'),
				count: z.number().int().nonnegative().describe('employees, integer people')
			})
		)
		.describe('employees per function'),
	revenueBand: z.string().describe('annual revenue band, USD, as the filter labels it, e.g. "10M-50M"'),
	technologies: z.array(z.string()).describe('technologies used'),
	jobOpenings: z.number().int().nonnegative().describe('open jobs'),
	buyerIntent: z.enum(BUYER_INTENTS).describe('buyer intent (model, verify)'),
	seniorLeadershipChange3m: z.boolean().describe('signal: senior leadership change in 3 months'),
	funding12m: z.boolean().describe('signal: funding event in 12 months'),
	news: z
		.array(z.strictObject({ title: z.string().describe('headline'), source: z.string().describe('publisher'), publishedAt: ts('published') }))
		.describe('recent news'),
	saved: z.boolean().describe('saved by the signed-in seat'),
	accountListIds: z.array(AccountListId).describe('account lists that contain it'),
	relationshipMap: z
		.array(
			z.strictObject({
				leadId: LeadId,
				role: z.enum(RELATIONSHIP_ROLES).nullable().describe('buying-committee role, null = no role set yet'),
				markedLeft: z.boolean().describe('marked by the user as no longer at the account')
			})
		)
		.describe('relationship map (buying committee), in add order; every plan')
});
export type Account = z.infer<typeof Account>;

const ListFields = {
	name: z.string().describe('list name'),
	description: z.string().nullable().describe('free text'),
	ownerSeatId: SeatId.describe('owner seat'),
	sharedWith: z.array(SeatId).describe('seats it is shared with (Advanced+)'),
	createdAt: ts('created'),
	updatedAt: ts('last updated')
};

/** A lead list. */
export const LeadList = z.strictObject({ id: LeadListId, ...ListFields, memberIds: z.array(LeadId).describe('leads in the list, in add order') });
export type LeadList = z.infer<typeof LeadList>;

/** An account list. */
export const AccountList = z.strictObject({ id: AccountListId, ...ListFields, memberIds: z.array(AccountId).describe('accounts in the list, in add order') });
export type AccountList = z.infer<typeof AccountList>;

/** One search filter with its include/exclude pills. */
export const SearchFilter = z.strictObject({
	type: z.enum(FILTER_TYPES).describe('filter type'),
	values: z
		.array(
			z.strictObject({
				id: z.string().describe('value id'),
				text: z.string().describe('pill label'),
				selectionType: z.enum(SELECTION_TYPES).describe('INCLUDED or EXCLUDED pill')
			})
		)
		.min(1)
		.describe('values: OR within a filter, filters AND')
});

export type SearchFilter = z.infer<typeof SearchFilter>;

/** A saved search. */
export const SavedSearch = z.strictObject({
	id: SavedSearchId,
	ownerSeatId: SeatId,
	name: z.string().describe('saved search name'),
	type: z.enum(['lead', 'account']).describe('lead or account search'),
	filters: z.array(SearchFilter).describe('filters, ANDed'),
	keywords: z.string().describe('keyword box, "" = none'),
	alertFrequency: z.enum(ALERT_FREQUENCIES).describe('how often new results are alerted (verify values)'),
	newResultsCount: z.number().int().nonnegative().describe('"n new" since last viewed'),
	createdAt: ts('saved'),
	lastViewedAt: ts('last run')
});
export type SavedSearch = z.infer<typeof SavedSearch>;

/** An alert in a seat's feed. Exactly the target of its type is set (lead, account or saved search). */
export const Alert = z.strictObject({
	id: AlertId,
	seatId: SeatId.describe('whose feed'),
	category: z.enum(ALERT_CATEGORIES).describe('feed tab: lead, account or saved_search'),
	type: z.enum(ALERT_TYPES).describe('what happened'),
	leadId: LeadId.nullable().describe('lead alerts: the lead'),
	accountId: AccountId.nullable().describe('account alerts (and lead job changes: the new account)'),
	savedSearchId: SavedSearchId.nullable().describe('saved-search alerts: the search'),
	text: z.string().describe('feed text'),
	createdAt: ts('raised'),
	read: z.boolean().describe('seen in the feed'),
	dismissed: z.boolean().describe('dismissed from the feed')
});
export type Alert = z.infer<typeof Alert>;

/** A note on a lead or an account (editable only by its author). */
export const Note = z.strictObject({
	id: NoteId,
	authorSeatId: SeatId,
	leadId: LeadId.nullable().describe('the lead, or null for an account note'),
	accountId: AccountId.nullable().describe('the account, or null for a lead note'),
	text: z.string().max(1000).describe('note text'),
	createdAt: ts('created'),
	updatedAt: ts('last edited')
});
export type Note = z.infer<typeof Note>;

/** One message of an InMail thread. */
export const InMailMessage = z.strictObject({
	from: z.enum(['seat', 'lead']).describe('sender: the thread’s seat or the lead'),
	subject: z.string().max(200).nullable().describe('subject (required on InMails, ≤200 chars), null on replies'),
	body: z.string().max(2000).describe('body, ≤~2,000 chars'),
	sentAt: ts('sent'),
	isInMail: z.boolean().describe('true when it cost an InMail credit'),
	creditRefunded: z.boolean().describe('InMails: the credit came back (a response within 90 days); false otherwise')
});

/** An InMail / message thread between a seat and a lead. */
export const InMailThread = z.strictObject({
	id: ThreadId,
	seatId: SeatId.describe('the team member’s side'),
	leadId: LeadId,
	inmailStatus: z.enum(INMAIL_STATUSES).describe('pending, accepted, declined or replied'),
	unread: z.boolean().describe('has an unread message'),
	archived: z.boolean().describe('in the Archived folder'),
	messages: z.array(InMailMessage).min(1).describe('oldest first'),
	lastMessageAt: ts('last message')
});
export type InMailThread = z.infer<typeof InMailThread>;

// ---------------------------------------------------------------------------------------------- API

/** Path prefix of the Sales Navigator gym API on the page origin (a replica-internal API: LinkedIn publishes none). */
export const SALESNAV_API_BASE = '/api/salesnav';

/** The replica API's error body, in LinkedIn's REST error shape: `{status, serviceErrorCode, code, message}`. */
export const ErrorBody = z.strictObject({
	status: z.number().int().min(400).max(599).describe('HTTP status, repeated in the body'),
	serviceErrorCode: z.number().int().nonnegative().describe('LinkedIn service error code, 0 when none applies'),
	code: z.string().min(1).describe('error code, e.g. NOT_FOUND'),
	message: z.string().min(1).describe('human explanation')
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Body of `POST /api/salesnav/lists/{listId}/entries` ("Save to list"): 1–100 lead ids (duplicates are saved once). */
export const AddEntriesBody = z.strictObject({
	leadIds: z.array(LeadId).min(1).max(100).describe('leads to save to the list, 1–100 lead ids ("ACwAA…")')
});
export type AddEntriesBody = z.infer<typeof AddEntriesBody>;

// ---------------------------------------------------------------------------------------------- API bodies and answers

/** Limits of the product, with their LinkedIn Help source. */
export const LIMITS = {
	/** Results per search page (Sales Navigator shows 25 rows per page; LinkedIn Help does not state it, scrapers do). */
	pageSize: 25,
	/** Connection request note, characters (Premium / Sales Navigator; secondary sources). */
	connectNote: 300,
	/** InMail subject, characters (LinkedIn Help "InMail FAQ": "up to 200 characters in the required subject line"). */
	inmailSubject: 200,
	/** InMail body, characters (LinkedIn Help "InMail FAQ": "up to 2000 characters in the body"). */
	inmailBody: 2000,
	/** Days within which a response refunds an InMail credit (LinkedIn Help "Understand InMail credits in Sales Navigator"). */
	refundDays: 90,
	/** Credit cap (LinkedIn Help "Understand InMail credits in Sales Navigator": up to 150). */
	maxCredits: 150,
	/** Note text, characters. */
	note: 1000,
	/** List name, characters (replica limit; LinkedIn Help gives none). */
	listName: 80,
	/** Tags per lead (replica limit). */
	tags: 20
} as const;

/** "Years in current position / at current company / of experience" filter labels and their whole-year ranges. */
export const YEARS_BANDS = [
	{ text: 'Less than 1 year', min: 0, max: 0 },
	{ text: '1 to 2 years', min: 1, max: 2 },
	{ text: '3 to 5 years', min: 3, max: 5 },
	{ text: '6 to 10 years', min: 6, max: 10 },
	{ text: 'More than 10 years', min: 11, max: Infinity }
] as const;

/** Relationship filter values (label → degrees). */
export const RELATIONSHIP_VALUES = [
	{ id: 'F', text: '1st degree connections', degrees: ['1st'] },
	{ id: 'S', text: '2nd degree connections', degrees: ['2nd'] },
	{ id: 'O', text: '3rd degree connections + everyone else', degrees: ['3rd', 'out_of_network'] }
] as const;

/** Lead search spotlights (the tabs above the results, with counts). */
export const LEAD_SPOTLIGHTS = [
	{ id: 'CHANGED_JOBS', text: 'Changed jobs' },
	{ id: 'POSTED_ON_LINKEDIN', text: 'Posted on LinkedIn' },
	{ id: 'MENTIONED_IN_NEWS', text: 'Mentioned in the news' },
	{ id: 'SHARED_EXPERIENCES', text: 'Share experiences with you' },
	{ id: 'TEAMLINK', text: 'TeamLink intro' },
	{ id: 'FOLLOWS_YOUR_COMPANY', text: 'Follows your company' }
] as const;
/** Account search spotlights. */
export const ACCOUNT_SPOTLIGHTS = [
	{ id: 'SENIOR_LEADERSHIP_CHANGES', text: 'Senior leadership changes' },
	{ id: 'FUNDING_EVENTS', text: 'Funding events' },
	{ id: 'HIGH_BUYER_INTENT', text: 'High buyer intent' }
] as const;
export const LEAD_SPOTLIGHT_IDS = LEAD_SPOTLIGHTS.map((s) => s.id) as [string, ...string[]];
export const ACCOUNT_SPOTLIGHT_IDS = ACCOUNT_SPOTLIGHTS.map((s) => s.id) as [string, ...string[]];

/** Filter types of Account search (the others are lead-only). */
export const ACCOUNT_FILTER_TYPES = [
	'COMPANY_HEADCOUNT',
	'COMPANY_TYPE',
	'COMPANY_HEADQUARTERS',
	'INDUSTRY',
	'ANNUAL_REVENUE',
	'TECHNOLOGIES_USED',
	'BUYER_INTENT',
	'LEADERSHIP_CHANGE',
	'FUNDING_EVENTS',
	'ACCOUNT_LIST'
] as const satisfies readonly (typeof FILTER_TYPES)[number][];

/** Body of `POST /leads/search` and `POST /accounts/search`. */
export const SearchBody = z.strictObject({
	filters: z.array(SearchFilter).max(40).default([]).describe('filters, ANDed; values OR within a filter; EXCLUDED pills remove'),
	keywords: z.string().max(200).default('').describe('keyword box: every word must appear in name, title, headline, company or geography'),
	spotlight: z.string().nullable().default(null).describe('spotlight tab id (LEAD_SPOTLIGHTS / ACCOUNT_SPOTLIGHTS), null = All'),
	start: z.number().int().min(0).default(0).describe('offset of the first result (multiple of 25 from the UI)'),
	count: z.number().int().min(1).max(25).default(25).describe('results per page, ≤25')
});
export type SearchBody = z.input<typeof SearchBody>;

/** A lead search result row: the lead plus its current company name. */
export const LeadHit = Lead.extend({ accountName: z.string().describe('current company name') });
export type LeadHit = z.infer<typeof LeadHit>;
/** An account search result row. */
export const AccountHit = Account;

/** Answer of a search: one page, the total, and the spotlight counts over all matches. */
export function searchAnswer<T extends z.ZodType>(hit: T) {
	return z.strictObject({
		elements: z.array(hit).describe('this page, ≤25 rows'),
		paging: z
			.strictObject({
				start: z.number().int().describe('offset of this page'),
				count: z.number().int().describe('page size asked for (≤25)'),
				total: z.number().int().describe('all matches (before the spotlight)')
			})
			.describe('paging of the results'),
		spotlightTotal: z.number().int().describe('matches within the selected spotlight (= total when none)'),
		spotlights: z.record(z.string(), z.number().int()).describe('spotlight id → matches among all results')
	});
}
export const LeadSearchAnswer = searchAnswer(LeadHit);
export type LeadSearchAnswer = z.infer<typeof LeadSearchAnswer>;
export const AccountSearchAnswer = searchAnswer(AccountHit);
export type AccountSearchAnswer = z.infer<typeof AccountSearchAnswer>;

/** Body of `POST /lists`. */
export const CreateListBody = z.strictObject({
	name: z.string().trim().min(1).max(80).describe("list name, unique among the seat's lists of that type (case-insensitive)"),
	type: z.enum(['LEAD', 'ACCOUNT']).describe('lead list or account list'),
	description: z.string().max(500).nullable().default(null).describe('free text')
});
/** Body of `PATCH /lists/{id}` (rename / describe). */
export const UpdateListBody = z.strictObject({
	name: z.string().trim().min(1).max(80).optional().describe('new name'),
	description: z.string().max(500).nullable().optional().describe('new description')
});
/** Body of `POST /lists/{id}/share`. */
export const ShareListBody = z.strictObject({ seatIds: z.array(SeatId).min(1).max(50).describe('teammates to share with') });
/** Body of `POST /lists/{listId}/entries` on an account list. */
export const AddAccountEntriesBody = z.strictObject({
	accountIds: z.array(AccountId).min(1).max(100).describe('accounts to save to the list, 1–100')
});

/** Body of `POST /savedSearches`. */
export const CreateSavedSearchBody = z.strictObject({
	name: z.string().trim().min(1).max(80).describe('saved search name, unique per seat'),
	type: z.enum(['lead', 'account']).describe('lead or account search'),
	filters: z.array(SearchFilter).max(40).describe('the search filters'),
	keywords: z.string().max(200).default('').describe('keyword box'),
	alertFrequency: z.enum(ALERT_FREQUENCIES).default('weekly').describe('daily, weekly or never')
});
/** Body of `PATCH /savedSearches/{id}`. */
export const UpdateSavedSearchBody = z.strictObject({
	name: z.string().trim().min(1).max(80).optional().describe('new name'),
	alertFrequency: z.enum(ALERT_FREQUENCIES).optional().describe('new alert frequency')
});

/** Body of `POST /notes`: exactly one of leadId / accountId. */
export const CreateNoteBody = z.strictObject({
	leadId: LeadId.optional().describe('the lead'),
	accountId: AccountId.optional().describe('the account'),
	text: z.string().trim().min(1).max(1000).describe('note text, ≤1,000 characters')
});
/** Body of `PATCH /notes/{id}`. */
export const UpdateNoteBody = z.strictObject({ text: z.string().trim().min(1).max(1000).describe('note text, ≤1,000 characters') });

/** Body of `PUT /leads/{leadId}/tags`: the whole tag set. */
export const PutTagsBody = z.strictObject({
	tags: z.array(z.string().trim().min(1).max(50)).max(20).describe('tags, ≤20, each ≤50 characters; duplicates kept once')
});
/** Body of `POST /leads/{leadId}/introductions` ("Get introduced" through TeamLink). */
export const IntroductionBody = z.strictObject({
	teammateSeatId: SeatId.describe('the teammate who knows the lead (one of its TeamLink paths)'),
	message: z.string().trim().min(1).max(2000).describe('what to ask the teammate, 1–2,000 characters')
});
export type IntroductionBody = z.infer<typeof IntroductionBody>;

/** `POST /leads/{leadId}/views` body: none (an empty object at most). */
export const ViewBody = z.strictObject({});
export type ViewBody = z.infer<typeof ViewBody>;

/** Body of `POST /leads/{leadId}/invitations` (Connect). */
export const ConnectBody = z.strictObject({
	note: z.string().max(300).nullable().default(null).describe('personal note, ≤300 characters')
});

/** Body of `POST /relationshipMaps/{accountId}/members` (Add to map). */
export const AddMapMemberBody = z.strictObject({
	leadId: LeadId,
	role: z.enum(RELATIONSHIP_ROLES).nullable().default(null).describe('role, null = none yet')
});
/** Body of `PATCH /relationshipMaps/{accountId}/members/{leadId}`. */
export const UpdateMapMemberBody = z.strictObject({
	role: z.enum(RELATIONSHIP_ROLES).nullable().optional().describe('new role (null clears)'),
	markedLeft: z.boolean().optional().describe('mark as no longer at the account')
});

/** Body of `POST /messages`: a message (free) or an InMail (1 credit) to a lead, in the seat's one thread with that lead. */
export const SendMessageBody = z.strictObject({
	leadId: LeadId,
	subject: z.string().max(1000).nullable().default(null).describe('subject; required (≤200) for InMails, the API answers the limit error'),
	body: z.string().max(10000).describe('body, 1–2,000 characters (the API answers the limit error)')
});

/** The message of a refused InMail at 0 credits (wording of the product unconfirmed; LinkedIn Help names no text). */
export const NO_CREDITS_MESSAGE = "You don't have enough InMail credits to send this InMail.";
