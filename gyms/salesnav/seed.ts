/**
 * Sales Navigator projection: the seed world → the gym's base tables (pure, deterministic), plus blueprint
 * fixtures → the initial state a reset loads (seeds/CONTRACT.md §3).
 *
 * Every world person is a lead at their CURRENT company (job changers show the new one, with a spotlight and,
 * when saved, the Left Account flag); every company is an account. The signed-in seat is the first SDR
 * ({@link currentSeatUserId}); relationship degree, TeamLink paths and `saved` are from that seat's viewpoint.
 * Ids: seats = team user ids, accounts = company ids, leads `ACwAA…` derived from person ids, other rows 6xxxxx.
 */
import { seedProjection } from '../kit/seed-projection';
import { fnv1a, rng } from '../../seeds/rng';
import { DAY_MS, isoPlus, type Company, type Person, type World } from '../../seeds/world';
import { fixtureKey, memoPerWorld, mergeFixtureRows, parseFixtures } from '../kit/fixtures';
import type { InitialState } from '../store';
import type { RunInit } from '../types';
import { danglingRefDetails } from './integrity';
import {
	SALESNAV_KEYS,
	SALESNAV_TABLE_NAMES,
	SalesNavFixture,
	type Account,
	type AccountList,
	type Alert,
	type InMailThread,
	type Lead,
	type LeadList,
	type Note,
	type RELATIONSHIP_ROLES,
	type SalesNavState,
	type SalesNavTable,
	type SavedSearch,
	type SearchFilter,
	type Seat
} from './schema';

/** First id of each Sales Navigator-owned row type (the n-th row gets base + n). */
export const ID_BASE = { leadLists: 610000, accountLists: 620000, savedSearches: 630000, alerts: 640000, notes: 650000, inmailThreads: 660000 } as const;

const YEAR_MS = 365.25 * DAY_MS;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** The lead id of a world person: `ACwAA` + 16 characters derived from the person id (stable, unique in practice). */
export function leadIdFor(personId: string): string {
	let id = leadIds.get(personId);
	if (id === undefined) {
		const hex = fnv1a(`lead:${personId}`) + fnv1a(`lead2:${personId}`) + fnv1a(`lead3:${personId}`);
		id = 'ACwAA';
		for (let i = 0; i < 16; i++) id += ALPHABET[parseInt(hex.slice(i * 1.5, i * 1.5 + 2) || '0', 16) % 64];
		leadIds.set(personId, id);
	}
	return id;
}
/** Memo of {@link leadIdFor} (a pure function of the person id). */
const leadIds = new Map<string, string>();

/** The team user whose seat is signed in: the first SDR by id (Maya Patel, 1001, in seed 1). */
export function currentSeatUserId(world: World): string {
	return (world.users.find((u) => u.role === 'sdr') ?? world.users[0]!).id;
}

const SCHOOLS = [
	'University of Michigan',
	'University of Texas at Austin',
	'London School of Economics',
	'Technical University of Munich',
	'Stanford University',
	'University of Toronto',
	'HEC Paris',
	'Keio University',
	'Arizona State University',
	'University of Manchester',
	'Boston University',
	'University of Washington'
];
const DEGREES_TEXT = ['BA, Economics', 'BSc, Computer Science', 'MBA', 'BA, Communications', 'MSc, Engineering', 'BBA, Marketing', null];

/** Legacy URL codes of seniority filter values (platforms.md §1.3). */
const SENIORITY_CODE: Record<string, string> = {
	'In Training': '1',
	'Entry Level': '3',
	Senior: '4',
	'Entry Level Manager': '5',
	'Experienced Manager': '5',
	Director: '6',
	'Vice President': '7',
	CXO: '8',
	'Owner / Partner': '10',
	Strategic: '4'
};
/** Headcount filter value codes A (self-employed) … I (10,001+). */
const HEADCOUNT_CODE: Record<string, string> = {
	'Self-employed': 'A',
	'1-10': 'B',
	'11-50': 'C',
	'51-200': 'D',
	'201-500': 'E',
	'501-1,000': 'F',
	'1,001-5,000': 'G',
	'5,001-10,000': 'H',
	'10,001+': 'I'
};

const ROLE_OF: Record<string, (typeof RELATIONSHIP_ROLES)[number]> = {
	'Owner / Partner': 'Decision Maker',
	CXO: 'Decision Maker',
	'Vice President': 'Decision Maker',
	Director: 'Champion',
	'Experienced Manager': 'Influencer',
	'Entry Level Manager': 'Influencer'
};

/** Topics of the leads' recent posts (Recent activity on the lead page). */
const POST_TOPICS = [
	'Pipeline forecasting',
	'Hiring for our sales team',
	'RevOps tooling',
	'Lessons from our Series B',
	'Customer onboarding',
	'AI in sales workflows',
	'Quarter-end recap',
	'Data privacy and compliance'
] as const;

const minIso = (...xs: string[]) => xs.reduce((a, b) => (b < a ? b : a));
const maxIso = (...xs: string[]) => xs.reduce((a, b) => (b > a ? b : a));
const years = (from: string, to: string) => Math.max(0, Math.floor((Date.parse(to) - Date.parse(from)) / YEAR_MS));
const month = (iso: string) => iso.slice(0, 7);

/**
 * Projects the world onto Sales Navigator's base tables (wire rows, each table in key order).
 * Pure and deterministic (same world → identical JSON). Cached per world object.
 */
export const project: (world: World) => SalesNavState = memoPerWorld(build);

/** The seed-only projection of a shipped seed: prebuilt when the build's file was provided, else {@link project} of its world (gyms/kit/prebuilt.ts). */
export const baseProjection: (seed: number) => SalesNavState = seedProjection('salesnav', project);

function build(world: World): SalesNavState {
	const { epoch, seed } = world;
	const companies = new Map(world.companies.map((c) => [c.id, c]));
	const me = currentSeatUserId(world);
	const byRole = (role: string) => world.users.filter((u) => u.role === role);
	const sdrs = byRole('sdr');
	const optedOutOfTeamLink = sdrs[sdrs.length - 1]?.id === me ? undefined : sdrs[sdrs.length - 1]?.id;
	const noCredits = sdrs.length > 2 ? sdrs[2]!.id : undefined;
	const renew = (() => {
		const d = new Date(Date.parse(epoch));
		return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString();
	})();

	// ---- seats
	const rs = rng('salesnav/seats', seed);
	const seats: Seat[] = world.users.map((u) => {
		const plan = u.role === 'sdr' ? 'Advanced' : 'Advanced Plus';
		return {
			id: u.id,
			name: `${u.firstName} ${u.lastName}`,
			email: u.email.toLowerCase(),
			profileUrl: `https://www.linkedin.com/in/${u.firstName.toLowerCase()}-${u.lastName.toLowerCase()}-${fnv1a(`seat:${u.id}`).slice(0, 6)}`,
			plan,
			isCurrentUser: u.id === me,
			inmailBalance: u.id === noCredits ? 0 : rs.int(12, 150),
			inmailCreditsRenewAt: renew,
			teamLinkEnabled: u.id !== optedOutOfTeamLink,
			crmConnection: plan === 'Advanced Plus' ? { provider: 'hubspot', status: 'connected' } : { provider: null, status: 'not_connected' }
		};
	});
	const teamLinkSeats = seats.filter((s) => s.teamLinkEnabled && s.id !== me).map((s) => s.id);

	// ---- lists (built before leads so that `saved` / list membership are known)
	const people = world.people;
	const jobChangers = new Set(world.anomalies.filter((a) => a.kind === 'job_changer').flatMap((a) => a.personIds));
	const leadLists: LeadList[] = [];
	const accountLists: AccountList[] = [];
	const everyoneBut = (id: string) => world.users.filter((u) => u.id !== id).map((u) => u.id);
	const addLeadList = (owner: string, name: string, description: string | null, members: Person[], shared: string[] = []) => {
		if (!members.length) return;
		const created = minIso(...members.map((p) => maxIso(p.createdAt, world.users.find((u) => u.id === owner)!.createdAt)), epoch);
		leadLists.push({
			id: String(ID_BASE.leadLists + leadLists.length + 1),
			name,
			description,
			ownerSeatId: owner,
			sharedWith: shared,
			createdAt: created,
			updatedAt: maxIso(created, ...members.map((p) => p.createdAt)),
			memberIds: members.map((p) => leadIdFor(p.id))
		});
	};
	const addAccountList = (owner: string, name: string, description: string | null, members: Company[], shared: string[] = []) => {
		if (!members.length) return;
		const ownerCreated = world.users.find((u) => u.id === owner)!.createdAt;
		const created = maxIso(ownerCreated, ...members.map((c) => c.createdAt));
		accountLists.push({
			id: String(ID_BASE.accountLists + accountLists.length + 1),
			name,
			description,
			ownerSeatId: owner,
			sharedWith: shared,
			createdAt: created,
			updatedAt: created,
			memberIds: members.map((c) => c.id)
		});
	};
	const senior = new Set(['CXO', 'Vice President', 'Director', 'Owner / Partner']);
	for (const u of world.users) {
		const mine = people.filter((p) => p.ownerId === u.id);
		if (u.role === 'sdr') {
			addLeadList(u.id, 'My open prospects', 'Leads I own that are not customers yet', mine.filter((p) => p.stage !== 'customer').slice(0, 30));
			addAccountList(
				u.id,
				'Target accounts',
				null,
				[...new Set(mine.map((p) => p.companyId))].slice(0, 20).map((id) => companies.get(id)!)
			);
			if (u.id === me || u.id === sdrs[1]?.id) {
				addLeadList(
					u.id,
					'Job changers to re-engage',
					'Former contacts who moved to a new company',
					people.filter((p) => jobChangers.has(p.id) && p.inHubspot).slice(u.id === me ? 0 : 12, u.id === me ? 12 : 20)
				);
			}
		} else if (u.role === 'ae') {
			const territory = world.companies.filter((c) => c.ownerId === u.id);
			addAccountList(u.id, 'My territory', 'Accounts I own', territory);
			const top = [...territory].sort((a, b) => b.employees - a.employees || (a.id < b.id ? -1 : 1))[0];
			if (top)
				addLeadList(u.id, `Buying committee – ${top.name}`, null, people.filter((p) => p.companyId === top.id && senior.has(p.seniority)).slice(0, 8), [me]);
		} else if (u.id !== byRole('manager')[0]?.id) {
			addAccountList(
				u.id,
				'Enterprise accounts',
				'Companies with more than 5,000 employees',
				world.companies.filter((c) => c.headcountBand === '5,001-10,000' || c.headcountBand === '10,001+'),
				everyoneBut(u.id)
			);
		} else {
			addAccountList(
				u.id,
				'High intent – this quarter',
				'Accounts with high buyer intent',
				world.companies.filter((c) => c.buyerIntent === 'high').slice(0, 40),
				everyoneBut(u.id)
			);
			const hot = new Set(world.companies.filter((c) => c.buyerIntent === 'high').map((c) => c.id));
			addLeadList(
				u.id,
				'Tier 1 decision makers',
				'VP+ at high-intent accounts',
				people.filter((p) => hot.has(p.companyId) && (p.seniority === 'CXO' || p.seniority === 'Vice President')).slice(0, 40),
				everyoneBut(u.id)
			);
		}
	}
	const visible = (l: { ownerSeatId: string; sharedWith: string[] }) => l.ownerSeatId === me || l.sharedWith.includes(me);
	const listsOfLead = new Map<string, string[]>();
	for (const l of leadLists) for (const m of l.memberIds) listsOfLead.set(m, [...(listsOfLead.get(m) ?? []), l.id]); // few lists: copying is cheap
	const listsOfAccount = new Map<string, string[]>();
	for (const l of accountLists) for (const m of l.memberIds) listsOfAccount.set(m, [...(listsOfAccount.get(m) ?? []), l.id]);
	const savedLeads = new Set(leadLists.filter(visible).flatMap((l) => l.memberIds));
	const savedAccounts = new Set([
		...accountLists.filter(visible).flatMap((l) => l.memberIds),
		...world.companies.filter((c) => c.ownerId === me).map((c) => c.id)
	]);

	// ---- leads
	const rl = rng('salesnav/leads', seed);
	const rpost = rng('salesnav/posts', seed);
	const leads: Lead[] = people.map((p) => {
		const c = companies.get(p.companyId)!;
		const leadId = leadIdFor(p.id);
		const degree = rl.weighted([
			['1st', 8],
			['2nd', 40],
			['3rd', 35],
			['out_of_network', 17]
		] as const);
		const paths = degree !== '1st' && rl.chance(0.15) ? rl.shuffle(teamLinkSeats).slice(0, rl.int(1, 2)).sort() : [];
		const schoolName = rl.pick(SCHOOLS);
		const gradYear = new Date(Date.parse(epoch)).getUTCFullYear() - p.yearsExperience - rl.int(0, 2);
		const changed = Date.parse(epoch) - Date.parse(p.startedCompanyAt) <= 90 * DAY_MS && p.previous !== null;
		const posted = p.lastPostedAt !== null && Date.parse(epoch) - Date.parse(p.lastPostedAt) <= 30 * DAY_MS;
		const saved = savedLeads.has(leadId);
		const prev = p.previous;
		const geography = [p.geo.city, p.geo.region, p.geo.country].filter(Boolean).join(', ');
		return {
			leadId,
			profileUrl: `/sales/lead/${leadId},NAME_SEARCH,${fnv1a(`x:${p.id}`).slice(0, 4)}`,
			linkedInUrl: p.linkedinUrl,
			firstName: p.firstName,
			lastName: p.lastName,
			headline: `${p.title} at ${c.name}`,
			currentTitle: p.title,
			accountId: c.id,
			geography,
			industry: c.industry,
			seniority: p.seniority,
			function: p.function,
			yearsInRole: years(p.startedRoleAt, epoch),
			yearsAtCompany: years(p.startedCompanyAt, epoch),
			yearsExperience: p.yearsExperience,
			pastPositions: prev
				? [
						{
							title: prev.title,
							companyName: companies.get(prev.companyId)?.name ?? 'Unknown',
							accountId: companies.has(prev.companyId) ? prev.companyId : null,
							startedOn: month(prev.startedAt),
							endedOn: month(prev.endedAt)
						}
					]
				: [],
			schools: [{ name: schoolName, degree: rl.pick(DEGREES_TEXT), endYear: gradYear }],
			degree,
			sharedConnections: degree === '1st' || degree === '2nd' ? rl.int(1, 60) : 0,
			teamLinkPaths: paths,
			sharedExperiences: rl.chance(0.05) ? [{ type: 'school', name: schoolName }] : [],
			openProfile: rl.chance(0.1),
			changedJobs90d: changed,
			posted30d: posted,
			mentionedInNews30d: rl.chance(0.03),
			followsYourCompany: rl.chance(0.06),
			viewedYourProfile: rl.chance(0.04),
			leftAccount: prev !== null && jobChangers.has(p.id) && saved,
			saved,
			leadListIds: listsOfLead.get(leadId) ?? [],
			crm: p.inHubspot ? { status: 'in_crm', url: `/hubspot/contacts/${p.id}` } : { status: 'not_in_crm', url: null },
			recommendedReason: changed ? 'Changed jobs in the past 90 days' : posted && rl.chance(0.3) ? 'Posted on LinkedIn recently' : null,
			invitationSentAt: degree === '2nd' && rl.chance(0.03) ? isoPlus(epoch, -rl.int(1, 20) * DAY_MS) : null,
			invitationNote: null,
			recentPosts: p.lastPostedAt ? [{ postedAt: p.lastPostedAt, topic: rpost.pick(POST_TOPICS) }] : [],
			tags: [],
			lastActivityAt: maxIso(p.lastPostedAt ?? p.startedRoleAt, p.startedRoleAt)
		};
	});
	const leadOf = new Map(people.map((p, i) => [p.id, leads[i]!]));

	// ---- accounts
	const ra = rng('salesnav/accounts', seed);
	const peopleAt = new Map<string, Person[]>();
	for (const p of people) {
		const at = peopleAt.get(p.companyId);
		if (at) at.push(p);
		else peopleAt.set(p.companyId, [p]);
	}
	const DEPTS: [Account['departmentHeadcount'][number]['function'], number][] = [
		['Engineering', 0.3],
		['Sales', 0.15],
		['Operations', 0.15],
		['Customer Success and Support', 0.1],
		['Marketing', 0.08],
		['Information Technology', 0.06],
		['Finance', 0.05],
		['Human Resources', 0.04]
	];
	const accounts: Account[] = world.companies.map((c) => {
		const g = c.headcountGrowth1y;
		const news: Account['news'] = [];
		if (c.funding)
			news.push({
				title: `${c.name} raises $${Math.round(c.funding.amountUsd / 1e6)}M in ${c.funding.round} funding`,
				source: 'TechCrunch',
				publishedAt: c.funding.announcedAt
			});
		if (c.leadershipChangeAt)
			news.push({ title: `${c.name} appoints a new Chief Revenue Officer`, source: 'Business Wire', publishedAt: c.leadershipChangeAt });
		const saved = savedAccounts.has(c.id);
		const committee = saved
			? (peopleAt.get(c.id) ?? [])
					.filter((p) => ROLE_OF[p.seniority])
					.slice(0, 4)
					.map((p) => ({ leadId: leadIdFor(p.id), role: ROLE_OF[p.seniority]!, markedLeft: false }))
			: [];
		return {
			accountId: c.id,
			salesUrl: `/sales/company/${c.id}`,
			linkedInUrl: c.linkedinUrl,
			name: c.name,
			website: c.website,
			industry: c.industry,
			hq: `${c.hq.city}, ${c.hq.country}`,
			companyType: c.companyType,
			headcount: c.headcountBand,
			employeesOnLinkedIn: Math.round(c.employees * 0.85),
			headcountGrowth: { sixMonths: Math.round(g * 0.5) + ra.int(-3, 3), oneYear: g, twoYears: Math.round(g * 1.8) + ra.int(-5, 5) },
			departmentHeadcount: DEPTS.map(([f, w]) => ({ function: f, count: Math.round(c.employees * w) })),
			revenueBand: c.revenueBand,
			technologies: c.technologies,
			jobOpenings: ra.int(0, Math.min(200, Math.max(1, Math.floor(c.employees / 50)))),
			buyerIntent: c.buyerIntent,
			seniorLeadershipChange3m: c.leadershipChangeAt !== null,
			funding12m: c.funding !== null,
			news,
			saved,
			accountListIds: listsOfAccount.get(c.id) ?? [],
			relationshipMap: committee
		};
	});

	// ---- saved searches
	const savedSearches: SavedSearch[] = [];
	const f = (type: SearchFilter['type'], ...values: [string, string, ('INCLUDED' | 'EXCLUDED')?][]): SearchFilter => ({
		type,
		values: values.map(([id, text, sel]) => ({ id, text, selectionType: sel ?? 'INCLUDED' }))
	});
	const rss = rng('salesnav/saved-searches', seed);
	const addSearch = (owner: string, name: string, type: 'lead' | 'account', filters: SearchFilter[], keywords = '') => {
		const created = maxIso(world.users.find((u) => u.id === owner)!.createdAt, isoPlus(epoch, -rss.int(20, 120) * DAY_MS));
		savedSearches.push({
			id: String(ID_BASE.savedSearches + savedSearches.length + 1),
			ownerSeatId: owner,
			name,
			type,
			filters,
			keywords,
			alertFrequency: rss.pick(['daily', 'weekly', 'weekly', 'never'] as const),
			newResultsCount: rss.int(0, 40),
			createdAt: created,
			lastViewedAt: maxIso(created, isoPlus(epoch, -rss.int(1, 14) * DAY_MS))
		});
	};
	for (const u of world.users) {
		if (u.role === 'sdr') {
			addSearch(u.id, 'VP Sales – Software, 201-1,000', 'lead', [
				f('SENIORITY_LEVEL', [SENIORITY_CODE['Vice President']!, 'Vice President']),
				f('FUNCTION', ['Sales', 'Sales']),
				f('INDUSTRY', ['Software Development', 'Software Development']),
				f('COMPANY_HEADCOUNT', [HEADCOUNT_CODE['201-500']!, '201-500'], [HEADCOUNT_CODE['501-1,000']!, '501-1,000'])
			]);
			addSearch(u.id, 'Changed jobs – Directors+', 'lead', [
				f('CHANGED_JOBS', ['CJ', 'Changed jobs']),
				f('SENIORITY_LEVEL', ['6', 'Director'], ['7', 'Vice President'], ['8', 'CXO']),
				f('SENIORITY_LEVEL', ['3', 'Entry Level', 'EXCLUDED'])
			]);
		} else if (u.role === 'ae') {
			addSearch(u.id, 'High intent, recently funded', 'account', [
				f('BUYER_INTENT', ['high', 'High']),
				f('FUNDING_EVENTS', ['12m', 'Funding events in past 12 months'])
			]);
		} else {
			addSearch(u.id, 'New CROs (leadership change)', 'account', [f('LEADERSHIP_CHANGE', ['3m', 'Senior leadership changes in last 3 months'])], 'revenue');
		}
	}

	// ---- alerts
	const alerts: Alert[] = [];
	const ral = rng('salesnav/alerts', seed);
	const addAlert = (seatId: string, a: Omit<Alert, 'id' | 'seatId' | 'read' | 'dismissed'>) => {
		const old = Date.parse(epoch) - Date.parse(a.createdAt) > 7 * DAY_MS;
		alerts.push({
			id: String(ID_BASE.alerts + alerts.length + 1),
			seatId,
			...a,
			read: old ? ral.chance(0.8) : ral.chance(0.2),
			dismissed: old && ral.chance(0.15)
		});
	};
	for (const p of people) {
		const l = leadOf.get(p.id)!;
		if (!l.saved) continue;
		if (l.changedJobs90d)
			addAlert(me, {
				category: 'lead',
				type: 'lead_changed_job',
				leadId: l.leadId,
				accountId: l.accountId,
				savedSearchId: null,
				text: `${p.firstName} ${p.lastName} started a new position as ${p.title} at ${companies.get(p.companyId)!.name}`,
				createdAt: p.startedCompanyAt
			});
		if (l.posted30d)
			addAlert(me, {
				category: 'lead',
				type: 'lead_posted',
				leadId: l.leadId,
				accountId: null,
				savedSearchId: null,
				text: `${p.firstName} ${p.lastName} shared a post`,
				createdAt: p.lastPostedAt!
			});
		if (l.viewedYourProfile)
			addAlert(me, {
				category: 'lead',
				type: 'lead_viewed_profile',
				leadId: l.leadId,
				accountId: null,
				savedSearchId: null,
				text: `${p.firstName} ${p.lastName} viewed your profile`,
				createdAt: isoPlus(epoch, -ral.int(1, 10) * DAY_MS)
			});
		if (l.mentionedInNews30d)
			addAlert(me, {
				category: 'lead',
				type: 'lead_mentioned_in_news',
				leadId: l.leadId,
				accountId: null,
				savedSearchId: null,
				text: `${p.firstName} ${p.lastName} was mentioned in the news`,
				createdAt: isoPlus(epoch, -ral.int(1, 29) * DAY_MS)
			});
	}
	// Job changes of the people each teammate owns (their own feed).
	for (const p of people) {
		if (!p.ownerId || p.ownerId === me || !jobChangers.has(p.id) || Date.parse(epoch) - Date.parse(p.startedCompanyAt) > 90 * DAY_MS) continue;
		if (!world.users.some((u) => u.id === p.ownerId)) continue;
		addAlert(p.ownerId, {
			category: 'lead',
			type: 'lead_changed_job',
			leadId: leadIdFor(p.id),
			accountId: p.companyId,
			savedSearchId: null,
			text: `${p.firstName} ${p.lastName} started a new position at ${companies.get(p.companyId)!.name}`,
			createdAt: p.startedCompanyAt
		});
	}
	for (const c of world.companies) {
		if (!savedAccounts.has(c.id)) continue;
		if (c.funding)
			addAlert(me, {
				category: 'account',
				type: 'account_funding',
				leadId: null,
				accountId: c.id,
				savedSearchId: null,
				text: `${c.name} raised a ${c.funding.round} round`,
				createdAt: c.funding.announcedAt
			});
		if (c.leadershipChangeAt)
			addAlert(me, {
				category: 'account',
				type: 'account_senior_hire',
				leadId: null,
				accountId: c.id,
				savedSearchId: null,
				text: `${c.name} has a new senior leader`,
				createdAt: c.leadershipChangeAt
			});
		if (c.buyerIntent === 'high')
			addAlert(me, {
				category: 'account',
				type: 'account_intent_increase',
				leadId: null,
				accountId: c.id,
				savedSearchId: null,
				text: `Buyer intent increased at ${c.name}`,
				createdAt: isoPlus(epoch, -ral.int(1, 30) * DAY_MS)
			});
		if (c.funding && ral.chance(0.5))
			addAlert(me, {
				category: 'account',
				type: 'account_news',
				leadId: null,
				accountId: c.id,
				savedSearchId: null,
				text: `${c.name} is in the news`,
				createdAt: c.funding.announcedAt
			});
	}
	for (const s of savedSearches) {
		if (s.newResultsCount > 0)
			addAlert(s.ownerSeatId, {
				category: 'saved_search',
				type: 'saved_search_new_results',
				leadId: null,
				accountId: null,
				savedSearchId: s.id,
				text: `${s.newResultsCount} new results for "${s.name}"`,
				createdAt: maxIso(s.createdAt, isoPlus(epoch, -ral.int(0, 6) * DAY_MS))
			});
	}

	// ---- notes
	const notes: Note[] = [];
	const rn = rng('salesnav/notes', seed);
	const NOTE_TEXTS = [
		'Met at SaaStr; interested in forecasting.',
		'Prefers email over calls.',
		'Reports to the CRO; evaluating tools in Q2.',
		'Left a voicemail, will try again next week.',
		'Champion from the previous deal.',
		'Asked for a case study in their industry.'
	];
	const addNote = (author: string, leadId: string | null, accountId: string | null, after: string) => {
		const at = maxIso(after, isoPlus(epoch, -rn.int(1, 90) * DAY_MS));
		notes.push({
			id: String(ID_BASE.notes + notes.length + 1),
			authorSeatId: author,
			leadId,
			accountId,
			text: rn.pick(NOTE_TEXTS),
			createdAt: at,
			updatedAt: at
		});
	};
	const savedPeople = people.filter((p) => savedLeads.has(leadIdFor(p.id)));
	for (const p of savedPeople.slice(0, 10)) addNote(me, leadIdFor(p.id), null, p.createdAt);
	for (const c of world.companies.filter((x) => savedAccounts.has(x.id)).slice(0, 3)) addNote(me, null, c.id, c.createdAt);
	for (const u of world.users.filter((x) => x.id !== me)) {
		const p = people.find((x) => x.ownerId === u.id && savedLeads.has(leadIdFor(x.id))) ?? people.find((x) => x.ownerId === u.id);
		if (p) addNote(u.id, leadIdFor(p.id), null, maxIso(p.createdAt, u.createdAt));
	}

	// ---- InMail threads
	const inmailThreads: InMailThread[] = [];
	const ri = rng('salesnav/inmail', seed);
	const STATUSES = ['pending', 'accepted', 'declined', 'replied'] as const;
	for (const u of world.users.filter((x) => x.role === 'sdr' || x.role === 'ae')) {
		const n = u.id === me ? 12 : 3;
		const candidates = people.filter((p) => p.ownerId === u.id && leadOf.get(p.id)!.degree !== '1st' && p.emailStatus === 'ok');
		for (const [k, p] of candidates.slice(0, n).entries()) {
			const status = STATUSES[k % STATUSES.length]!;
			const sent = maxIso(p.createdAt, u.createdAt, isoPlus(epoch, -ri.int(3, 60) * DAY_MS));
			const messages: InMailThread['messages'] = [
				{
					from: 'seat',
					subject: `Idea for ${companies.get(p.companyId)!.name}`,
					body: `Hi ${p.firstName}, I noticed your team is growing. Would you be open to a short call about pipeline visibility?`,
					sentAt: sent,
					isInMail: true,
					creditRefunded: status !== 'pending'
				}
			];
			if (status !== 'pending') {
				const body =
					status === 'declined' ? 'Not interested' : status === 'accepted' ? 'Interested' : 'Thanks for reaching out. Can you send over some times next week?';
				messages.push({
					from: 'lead',
					subject: null,
					body,
					sentAt: minIso(isoPlus(sent, ri.int(2, 72) * 3_600_000), epoch),
					isInMail: false,
					creditRefunded: false
				});
			}
			const last = messages[messages.length - 1]!;
			inmailThreads.push({
				id: String(ID_BASE.inmailThreads + inmailThreads.length + 1),
				seatId: u.id,
				leadId: leadIdFor(p.id),
				inmailStatus: status,
				unread: last.from === 'lead' && ri.chance(0.5),
				archived: status === 'declined' && ri.chance(0.5),
				messages,
				lastMessageAt: last.sentAt
			});
		}
	}

	const numeric = (a: string, b: string) => Number(a) - Number(b);
	return {
		seats: [...seats].sort((a, b) => numeric(a.id, b.id)),
		leads: [...leads].sort((a, b) => (a.leadId < b.leadId ? -1 : a.leadId > b.leadId ? 1 : 0)),
		accounts: [...accounts].sort((a, b) => numeric(a.accountId, b.accountId)),
		leadLists,
		accountLists,
		savedSearches,
		alerts,
		notes,
		inmailThreads
	};
}

/**
 * The initial state of a run: the seed world's projection + the blueprint's Sales Navigator fixtures (each row
 * added, or replacing the row with the same primary key). Implements `GymStoreOptions.initial`.
 * @throws Error `fixtures.salesnav.<table>[i].<path>: <message>` for an invalid fixture row or a reference that
 *   resolves to no row; Error for an unshipped seed.
 */
export function initialState(init: Pick<RunInit, 'seed' | 'fixtures'>): InitialState {
	const base = baseProjection(init.seed);
	const fixtures = parseFixtures('salesnav', SalesNavFixture, init.fixtures, 'dots');
	type Row = Record<string, unknown>;
	const keyOf = (t: string, r: Row) => String(r[SALESNAV_KEYS[t as SalesNavTable]]);
	const byKey = (t: string) => (a: Row, b: Row) => {
		const x = keyOf(t, a);
		const y = keyOf(t, b);
		if (/^\d+$/.test(x) && /^\d+$/.test(y)) return Number(x) - Number(y);
		return x < y ? -1 : x > y ? 1 : 0;
	};
	const merged = mergeFixtureRows<Row>(
		SALESNAV_TABLE_NAMES,
		base as unknown as Record<string, Row[]>,
		fixtures as Record<string, Row[] | undefined>,
		keyOf,
		byKey
	);
	const tables = merged.tables as Record<SalesNavTable, Row[]>;
	const fixtureIndex = merged.index;
	if (fixtureIndex.size) {
		for (const d of danglingRefDetails(tables as unknown as SalesNavState)) {
			const i = fixtureIndex.get(fixtureKey(d.table, d.key));
			if (i !== undefined) throw new Error(`fixtures.salesnav.${d.table}[${i}].${d.path}: ${d.targetTable} ${d.target} does not exist`);
		}
	}
	const next_ids: Record<string, number> = {};
	for (const t of Object.keys(ID_BASE) as (keyof typeof ID_BASE)[]) {
		const max = tables[t].reduce<number>((m, r) => Math.max(m, Number(r.id)), ID_BASE[t]);
		next_ids[t] = max + 1;
	}
	return { tables: tables as unknown as Record<string, unknown[]>, next_ids };
}
