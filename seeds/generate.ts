/**
 * The seed-world generator: `npm run seed [-- --seed N]` writes `seeds/world-<N>.json` and
 * `seeds/anomalies.json` (seed 1). Deterministic: faker (pinned) is seeded with the seed number, its
 * reference date is the world's epoch, and nothing reads the host clock or `Math.random`. Regenerating gives
 * byte-identical files (`seeds/generate.spec.ts`).
 */
import { asciiJson } from './ascii-json';
import { Faker, en } from '@faker-js/faker';
import {
	DAY_MS,
	FUNCTIONS,
	HEADCOUNT_BANDS,
	INDUSTRIES,
	isoPlus,
	REVENUE_BANDS,
	World,
	type Anomaly,
	type AnomalyManifest,
	type Company,
	type Geo,
	type Meeting,
	type Person,
	type Sequence,
	type TeamUser
} from './world';
import { TEAM } from './team';

/** Bump when the generator's output changes meaning (recorded in `World.generator`). */
export const GENERATOR_VERSION = 1;
/** Epoch (the world's "now") per seed; seed 1 keeps the walking skeleton's epoch. */
export const EPOCHS: Record<number, string> = { 1: '2026-03-02T09:00:00.000Z' };
const FAKER_VERSION = '10.6.0';

/** World sizes. */
export const SIZES = { companies: 400, people: 3000, hubspotCompanies: 250, hubspotPeople: 800, outreachPeople: 600, meetings: 200 } as const;

const CITIES: Geo[] = [
	['Boston', 'Massachusetts', 'United States', 'US', 'America/New_York'],
	['New York', 'New York', 'United States', 'US', 'America/New_York'],
	['Austin', 'Texas', 'United States', 'US', 'America/Chicago'],
	['Chicago', 'Illinois', 'United States', 'US', 'America/Chicago'],
	['Denver', 'Colorado', 'United States', 'US', 'America/Denver'],
	['San Francisco', 'California', 'United States', 'US', 'America/Los_Angeles'],
	['Seattle', 'Washington', 'United States', 'US', 'America/Los_Angeles'],
	['Atlanta', 'Georgia', 'United States', 'US', 'America/New_York'],
	['Toronto', 'Ontario', 'Canada', 'CA', 'America/Toronto'],
	['London', 'England', 'United Kingdom', 'GB', 'Europe/London'],
	['Manchester', 'England', 'United Kingdom', 'GB', 'Europe/London'],
	['Dublin', 'Leinster', 'Ireland', 'IE', 'Europe/Dublin'],
	['Berlin', 'Berlin', 'Germany', 'DE', 'Europe/Berlin'],
	['Munich', 'Bavaria', 'Germany', 'DE', 'Europe/Berlin'],
	['Paris', 'Île-de-France', 'France', 'FR', 'Europe/Paris'],
	['Amsterdam', 'North Holland', 'Netherlands', 'NL', 'Europe/Amsterdam'],
	['Stockholm', 'Stockholm', 'Sweden', 'SE', 'Europe/Stockholm'],
	['Madrid', 'Madrid', 'Spain', 'ES', 'Europe/Madrid'],
	['Singapore', '', 'Singapore', 'SG', 'Asia/Singapore'],
	['Sydney', 'New South Wales', 'Australia', 'AU', 'Australia/Sydney'],
	['Tokyo', 'Tokyo', 'Japan', 'JP', 'Asia/Tokyo'],
	['Bangalore', 'Karnataka', 'India', 'IN', 'Asia/Kolkata']
].map(([city, region, country, countryCode, timeZone]) => ({
	city: city!,
	region: region!,
	country: country!,
	countryCode: countryCode!,
	timeZone: timeZone!
}));

/** City weights: mostly North America and Europe. */
const CITY_WEIGHTS = [9, 10, 6, 6, 4, 9, 6, 4, 4, 9, 3, 3, 5, 3, 4, 3, 2, 2, 2, 2, 2, 2];

const TECHNOLOGIES = [
	'Salesforce',
	'HubSpot',
	'Outreach',
	'Gong',
	'Zoom',
	'Slack',
	'Snowflake',
	'AWS',
	'Google Cloud',
	'Azure',
	'Okta',
	'Workday',
	'NetSuite',
	'Zendesk',
	'Marketo',
	'Segment',
	'Datadog',
	'Stripe',
	'Shopify',
	'Tableau'
];

const SEQUENCES: [string, Sequence['steps'], number, boolean][] = [
	['VP Sales – Cold', ['auto_email', 'linkedin_connect', 'auto_email', 'call', 'manual_email'], 3, true],
	['Inbound – Demo Follow-up', ['manual_email', 'call', 'auto_email'], 2, true],
	['Re-engage – 3 touch', ['auto_email', 'auto_email', 'call'], 4, true],
	['Closed-lost revival', ['manual_email', 'linkedin_message', 'auto_email'], 5, true],
	['Champion moved', ['linkedin_message', 'manual_email', 'call'], 3, true],
	['Job changer', ['auto_email', 'linkedin_connect', 'auto_email'], 3, true],
	['No-show rebook', ['auto_email', 'call'], 1, false],
	['Event follow-up', ['auto_email', 'auto_email'], 2, false],
	['Multi-thread – exec', ['manual_email', 'linkedin_connect', 'call', 'auto_email'], 3, true],
	['Webinar attendees', ['auto_email', 'task', 'auto_email'], 2, false],
	['Outbound – RevOps', ['auto_email', 'call', 'auto_email', 'linkedin_message', 'auto_email'], 3, true],
	['Customer expansion', ['manual_email', 'call'], 7, false]
];

/** Job-title nouns per function. */
const FN_NOUN: Partial<Record<(typeof FUNCTIONS)[number], string>> = {
	Sales: 'Sales',
	Marketing: 'Marketing',
	Operations: 'Operations',
	Finance: 'Finance',
	'Information Technology': 'IT',
	Engineering: 'Engineering',
	'Human Resources': 'People',
	'Business Development': 'Business Development',
	'Customer Success and Support': 'Customer Success',
	'Product Management': 'Product',
	Purchasing: 'Procurement',
	Legal: 'Legal'
};
const CXO: Partial<Record<(typeof FUNCTIONS)[number], string>> = {
	Sales: 'Chief Revenue Officer',
	Marketing: 'Chief Marketing Officer',
	Operations: 'Chief Operating Officer',
	Finance: 'Chief Financial Officer',
	'Information Technology': 'Chief Information Officer',
	Engineering: 'Chief Technology Officer',
	'Human Resources': 'Chief People Officer'
};
const FUNCTION_WEIGHTS: [(typeof FUNCTIONS)[number], number][] = [
	['Sales', 24],
	['Marketing', 12],
	['Operations', 12],
	['Finance', 9],
	['Information Technology', 9],
	['Engineering', 10],
	['Human Resources', 5],
	['Business Development', 6],
	['Customer Success and Support', 6],
	['Product Management', 4],
	['Purchasing', 2],
	['Legal', 1]
];
const SENIORITY_WEIGHTS: [Person['seniority'], number][] = [
	['Owner / Partner', 2],
	['CXO', 5],
	['Vice President', 10],
	['Director', 18],
	['Experienced Manager', 18],
	['Entry Level Manager', 10],
	['Senior', 20],
	['Strategic', 2],
	['Entry Level', 12],
	['In Training', 3]
];

function titleFor(seniority: Person['seniority'], fn: (typeof FUNCTIONS)[number]): string {
	const noun = FN_NOUN[fn] ?? fn;
	switch (seniority) {
		case 'Owner / Partner':
			return fn === 'Legal' || fn === 'Finance' ? 'Partner' : 'Founder';
		case 'CXO':
			return CXO[fn] ?? 'Chief Executive Officer';
		case 'Vice President':
			return `VP of ${noun}`;
		case 'Director':
			return fn === 'Sales' || fn === 'Operations' ? `Director of ${fn === 'Sales' ? 'Sales' : 'Revenue Operations'}` : `Director of ${noun}`;
		case 'Experienced Manager':
			return `${noun} Manager`;
		case 'Entry Level Manager':
			return `${noun} Team Lead`;
		case 'Senior':
			return fn === 'Engineering' ? 'Senior Software Engineer' : `Senior ${noun} Specialist`;
		case 'Strategic':
			return `Strategic ${noun} Advisor`;
		case 'Entry Level':
			return fn === 'Sales' ? 'Account Executive' : `${noun} Associate`;
		case 'In Training':
			return `${noun} Intern`;
	}
}

/** ASCII slug: lower case, letters and digits only. */
function slug(text: string): string {
	return text
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '');
}

/** A fictitious phone number per country (555-01xx in North America, Ofcom drama ranges in the UK). */
function phoneFor(f: Faker, cc: string): string {
	const n = (d: number) => f.string.numeric({ length: d, allowLeadingZeros: true });
	switch (cc) {
		case 'US':
		case 'CA':
			return `+1 ${f.helpers.arrayElement(['212', '312', '415', '512', '617', '646', '720', '206', '404', '416'])} 555 01${n(2)}`;
		case 'GB':
			return `+44 20 7946 0${n(3)}`;
		case 'IE':
			return `+353 1 555 ${n(4)}`;
		case 'DE':
			return `+49 30 5550 ${n(4)}`;
		case 'FR':
			return `+33 1 99 00 ${n(2)} ${n(2)}`;
		case 'NL':
			return `+31 20 555 ${n(4)}`;
		case 'SE':
			return `+46 8 555 ${n(3)} ${n(2)}`;
		case 'ES':
			return `+34 91 555 ${n(2)} ${n(2)}`;
		case 'SG':
			return `+65 6555 ${n(4)}`;
		case 'AU':
			return `+61 2 5550 ${n(4)}`;
		case 'JP':
			return `+81 3 5555 ${n(4)}`;
		default:
			return `+91 80 5555 ${n(4)}`;
	}
}

const BAND_RANGES: Record<(typeof HEADCOUNT_BANDS)[number], [number, number]> = {
	'Self-employed': [1, 1],
	'1-10': [2, 10],
	'11-50': [11, 50],
	'51-200': [51, 200],
	'201-500': [201, 500],
	'501-1,000': [501, 1000],
	'1,001-5,000': [1001, 5000],
	'5,001-10,000': [5001, 10000],
	'10,001+': [10001, 60000]
};

function revenueBand(usd: number): (typeof REVENUE_BANDS)[number] {
	if (usd < 1e6) return '<1M';
	if (usd < 1e7) return '1M-10M';
	if (usd < 5e7) return '10M-50M';
	if (usd < 1e8) return '50M-100M';
	if (usd < 5e8) return '100M-500M';
	if (usd < 1e9) return '500M-1B';
	return '1B+';
}

/** Rounds a timestamp down to the minute (keeps generated times tidy). */
function minute(iso: string): string {
	return `${iso.slice(0, 16)}:00.000Z`;
}

/**
 * Generates the world of `seed`. Pure and deterministic: same seed → deeply equal world.
 * @throws Error when `seed` has no epoch in {@link EPOCHS}.
 */
export function generateWorld(seed: number): World {
	const epoch = EPOCHS[seed];
	if (!epoch) throw new Error(`no epoch defined for seed ${seed}`);
	const f = new Faker({ locale: [en] });
	f.seed(seed);
	const ago = (days: number) => minute(isoPlus(epoch, -Math.round(days * DAY_MS)));
	const daysAgo = (min: number, max: number) => ago(f.number.float({ min, max }));
	const weighted = <T>(pairs: readonly [T, number][]): T => f.helpers.weightedArrayElement(pairs.map(([value, weight]) => ({ value, weight })));

	// ---- team ----
	const users: TeamUser[] = TEAM.map(([firstName, lastName, role, title, team, managerId, timeZone], i) => ({
		id: String(1001 + i),
		firstName,
		lastName,
		email: `${slug(firstName)}.${slug(lastName)}@salesgym.io`,
		role,
		title,
		team,
		managerId,
		timeZone,
		phone: `+1 617 555 01${String(i).padStart(2, '0')}`,
		createdAt: i < 5 ? '2025-01-06T09:00:00.000Z' : ago(f.number.int({ min: 60, max: 400 }))
	}));
	const aes = users.filter((u) => u.role === 'ae').map((u) => u.id);
	const sdrs = users.filter((u) => u.role === 'sdr').map((u) => u.id);

	// ---- companies ----
	const domains = new Set<string>(['salesgym.io']);
	const names = new Set<string>();
	const planted: [string, string, (typeof INDUSTRIES)[number], string][] = [
		['Helix Biotech', 'helixbio.com', 'Biotechnology Research', '1003'],
		['Cobalt Payments', 'cobaltpay.io', 'Financial Services', '1004']
	];
	const companies: Company[] = [];
	for (let i = 0; i < SIZES.companies; i++) {
		let name: string;
		let domain: string;
		let industry: (typeof INDUSTRIES)[number];
		let owner: string | null;
		const p = planted[i];
		if (p) {
			[name, domain, industry, owner] = p;
		} else {
			do {
				const base = f.company
					.name()
					.replace(/,? (and|&) .*$/, '')
					.replace(/ - .*$/, '');
				const suffix = f.helpers.arrayElement([
					'',
					'',
					' Labs',
					' Systems',
					' Analytics',
					' Health',
					' Logistics',
					' Software',
					' Partners',
					' Robotics',
					' Cloud'
				]);
				name = `${base}${suffix}`.trim();
			} while (names.has(name));
			const root = slug(name.split(' ').slice(0, 2).join(''));
			domain = `${root}.${f.helpers.arrayElement(['com', 'com', 'com', 'io', 'ai', 'co', 'net'])}`;
			for (let k = 2; domains.has(domain); k++) domain = `${root}${k}.com`;
			industry = f.helpers.arrayElement(INDUSTRIES);
			owner = f.datatype.boolean({ probability: 0.65 }) ? f.helpers.arrayElement(aes) : null;
		}
		names.add(name);
		domains.add(domain);
		const band = weighted<(typeof HEADCOUNT_BANDS)[number]>([
			['1-10', 3],
			['11-50', 14],
			['51-200', 26],
			['201-500', 22],
			['501-1,000', 13],
			['1,001-5,000', 13],
			['5,001-10,000', 5],
			['10,001+', 4]
		]);
		const [lo, hi] = BAND_RANGES[band];
		const employees = f.number.int({ min: lo, max: hi });
		const annualRevenueUsd = Math.round(employees * f.number.int({ min: 90, max: 420 }) * 1000);
		const hq = weighted(CITIES.map((c, k) => [c, CITY_WEIGHTS[k]!] as [Geo, number]));
		const funded = f.datatype.boolean({ probability: 0.16 });
		companies.push({
			id: String(20001 + i),
			name,
			domain,
			website: `https://${domain}`,
			linkedinUrl: `https://www.linkedin.com/company/${slug(name)}`,
			industry,
			companyType:
				employees > 3000 && f.datatype.boolean({ probability: 0.6 })
					? 'Public company'
					: weighted([
							['Privately held', 18],
							['Non-profit', 1],
							['Partnership', 1]
						]),
			headcountBand: band,
			employees,
			headcountGrowth1y: f.number.int({ min: -15, max: 60 }),
			revenueBand: revenueBand(annualRevenueUsd),
			annualRevenueUsd,
			hq,
			foundedYear: f.number.int({ min: 1965, max: 2023 }),
			technologies: f.helpers.arrayElements(TECHNOLOGIES, { min: 2, max: 6 }).sort(),
			funding: funded
				? {
						round: f.helpers.arrayElement(['Seed', 'Series A', 'Series B', 'Series C', 'Series D', 'Private equity'] as const),
						amountUsd: f.number.int({ min: 2, max: 180 }) * 1_000_000,
						announcedAt: daysAgo(5, 360)
					}
				: null,
			leadershipChangeAt: f.datatype.boolean({ probability: 0.1 }) ? daysAgo(3, 88) : null,
			buyerIntent: weighted([
				['none', 50],
				['low', 25],
				['medium', 15],
				['high', 10]
			]),
			ownerId: owner,
			inHubspot: false,
			inOutreach: false,
			description: `${f.company.catchPhrase()}.`,
			createdAt: daysAgo(30, 700)
		});
	}
	// HubSpot companies: the two planted ones + 248 others.
	const hubspotCompanies = new Set([
		companies[0]!.id,
		companies[1]!.id,
		...f.helpers.arrayElements(companies.slice(2), SIZES.hubspotCompanies - 2).map((c) => c.id)
	]);
	for (const c of companies) c.inHubspot = hubspotCompanies.has(c.id);

	// ---- people ----
	const byId = new Map(companies.map((c) => [c.id, c]));
	const emails = new Set<string>();
	const workEmail = (first: string, last: string, domain: string) => {
		let e = `${slug(first)}.${slug(last)}@${domain}`;
		for (let k = 2; emails.has(e); k++) e = `${slug(first)}.${slug(last)}${k}@${domain}`;
		emails.add(e);
		return e;
	};
	// Every company gets 3 people; the rest go by size (log of employees).
	const slots: string[] = companies.flatMap((c) => [c.id, c.id, c.id]);
	const sizeWeights = companies.map((c) => ({ value: c.id, weight: Math.log10(c.employees + 10) * (c.inHubspot ? 2.2 : 1) }));
	while (slots.length < SIZES.people) slots.push(f.helpers.weightedArrayElement(sizeWeights));
	const people: Person[] = slots.map((companyId, i) => {
		const company = byId.get(companyId)!;
		const firstName = f.person.firstName();
		const lastName = f.person.lastName();
		const fn = weighted(FUNCTION_WEIGHTS);
		const seniority = weighted(SENIORITY_WEIGHTS);
		const companyDays = f.number.int({ min: 40, max: 3200 });
		const roleDays = f.number.int({ min: 20, max: companyDays });
		const yearsExperience = Math.floor(companyDays / 365) + f.number.int({ min: 1, max: 22 });
		const geo = f.datatype.boolean({ probability: 0.72 }) ? company.hq : weighted(CITIES.map((c, k) => [c, CITY_WEIGHTS[k]!] as [Geo, number]));
		return {
			id: String(100001 + i),
			firstName,
			lastName,
			title: titleFor(seniority, fn),
			seniority,
			function: fn,
			companyId,
			startedRoleAt: ago(roleDays),
			startedCompanyAt: ago(companyDays),
			yearsExperience,
			geo,
			linkedinUrl: `https://www.linkedin.com/in/${slug(firstName)}-${slug(lastName)}-${f.string.hexadecimal({ length: 6, casing: 'lower', prefix: '' })}`,
			workEmail: workEmail(firstName, lastName, company.domain),
			personalEmail: f.datatype.boolean({ probability: 0.3 })
				? `${slug(firstName)}.${slug(lastName)}${f.number.int({ min: 1, max: 99 })}@${f.helpers.arrayElement(['gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com'])}`
				: null,
			phone: phoneFor(f, geo.countryCode),
			previous: null,
			lastPostedAt: f.datatype.boolean({ probability: 0.35 }) ? daysAgo(0.2, 60) : null,
			ownerId: null,
			stage: 'none',
			emailStatus: 'ok',
			inHubspot: false,
			inOutreach: false,
			enrollment: null,
			lastActivityAt: null,
			createdAt: daysAgo(10, 600)
		};
	});
	// Priya Raman at Helix Biotech is the inbound lead of hubspot/inbound-demo-request-v1: nobody in the world
	// may already have her email, so rename any collision (none expected; kept as a guard).
	for (const p of people) if (p.workEmail === 'priya.raman@helixbio.com') p.workEmail = workEmail('priya', 'raman', 'helixbio.com');

	// Job changers: ~8 % moved within the last 2 years (previous company ≠ current).
	for (const p of people) {
		if (!f.datatype.boolean({ probability: 0.08 })) continue;
		let prev = f.helpers.arrayElement(companies);
		while (prev.id === p.companyId) prev = f.helpers.arrayElement(companies);
		const changedDays = f.number.int({ min: 10, max: 700 });
		p.startedCompanyAt = ago(changedDays);
		p.startedRoleAt = p.startedCompanyAt;
		p.previous = {
			companyId: prev.id,
			title: f.datatype.boolean({ probability: 0.5 }) ? p.title : titleFor(weighted(SENIORITY_WEIGHTS), p.function),
			workEmail: workEmail(p.firstName, p.lastName, prev.domain),
			startedAt: ago(changedDays + f.number.int({ min: 200, max: 2000 })),
			endedAt: ago(changedDays + f.number.int({ min: 0, max: 30 }))
		};
	}

	// HubSpot contacts: ~800 people, employees of HubSpot companies (job changers: of their previous one).
	const crmCompanyOf = (p: Person) => (p.previous ? p.previous.companyId : p.companyId);
	const hubspotCandidates = f.helpers.shuffle(people.filter((p) => hubspotCompanies.has(crmCompanyOf(p))));
	const inHubspot = hubspotCandidates.slice(0, SIZES.hubspotPeople);
	for (const p of inHubspot) p.inHubspot = true;
	// Every HubSpot company has at least one contact? Not required: some companies are accounts without contacts.

	// Outreach prospects: 450 of the HubSpot contacts (not job changers, whose CRM email is dead) + 150 others.
	const outreach = [
		...f.helpers.shuffle(inHubspot.filter((p) => !p.previous)).slice(0, 450),
		...f.helpers.shuffle(people.filter((p) => !p.inHubspot)).slice(0, SIZES.outreachPeople - 450)
	];
	for (const p of outreach) {
		p.inOutreach = true;
		byId.get(p.companyId)!.inOutreach = true;
	}

	// Funnel stage, owner and deliverability.
	const sequences: Sequence[] = SEQUENCES.map(([name, steps, intervalDays, exclusive], i) => ({
		key: name
			.toLowerCase()
			.replace(/[^a-z0-9]+/g, '-')
			.replace(/^-|-$/g, ''),
		name,
		ownerId: i % 3 === 0 ? '1012' : f.helpers.arrayElement([...sdrs, ...aes]),
		steps,
		intervalDays,
		exclusive,
		enabled: name !== 'Webinar attendees',
		createdAt: daysAgo(120, 500)
	}));
	for (const p of people) {
		const company = byId.get(crmCompanyOf(p))!;
		if (p.inHubspot) {
			p.stage = weighted([
				['subscriber', 8],
				['lead', 36],
				['mql', 14],
				['sql', 14],
				['opportunity', 12],
				['customer', 16]
			]);
			const late = p.stage === 'sql' || p.stage === 'opportunity' || p.stage === 'customer';
			p.ownerId = late ? (company.ownerId ?? f.helpers.arrayElement(aes)) : f.datatype.boolean({ probability: 0.85 }) ? f.helpers.arrayElement(sdrs) : null;
			p.lastActivityAt = daysAgo(0.5, 150);
		} else if (p.inOutreach) {
			p.stage = 'none';
			p.ownerId = f.helpers.arrayElement(sdrs);
			p.lastActivityAt = daysAgo(0.5, 90);
		}
		if (p.inOutreach) {
			p.emailStatus = weighted([
				['ok', 92],
				['bounced', 4],
				['opted_out', 4]
			]);
			if (p.emailStatus !== 'ok' || f.datatype.boolean({ probability: 0.75 })) {
				const state =
					p.emailStatus === 'bounced'
						? 'bounced'
						: p.emailStatus === 'opted_out'
							? 'opted_out'
							: weighted([
									['active', 40],
									['finished', 28],
									['paused', 10],
									['pending', 6],
									['failed', 3],
									['disabled', 3]
								] as const);
				const seq = f.helpers.arrayElement(sequences);
				const enrolledDays = f.number.int({ min: 1, max: 120 });
				p.enrollment = {
					sequenceKey: seq.key,
					state,
					userId: p.ownerId && sdrs.includes(p.ownerId) ? p.ownerId : f.helpers.arrayElement(sdrs),
					enrolledAt: ago(enrolledDays),
					stepsCompleted: state === 'finished' ? seq.steps.length : state === 'pending' ? 0 : f.number.int({ min: 0, max: seq.steps.length - 1 })
				};
				// The last touch is the last completed step: enrolledAt + (stepsCompleted − 1) · intervalDays (+ up to one
				// interval of jitter), never after the epoch. Same single draw as before, so the rest of the world is unchanged.
				const jitter = f.number.int({ min: 0, max: enrolledDays }) % seq.intervalDays;
				const lastDays = enrolledDays - Math.max(0, p.enrollment.stepsCompleted - 1) * seq.intervalDays - jitter;
				const last = ago(Math.max(0.5, lastDays));
				if (!p.lastActivityAt || last > p.lastActivityAt) p.lastActivityAt = last;
			}
		} else if (p.inHubspot && f.datatype.boolean({ probability: 0.02 })) {
			p.emailStatus = 'opted_out';
		}
	}
	// Dormant leads: ~40 HubSpot leads/MQLs with no touch for 6+ months (not in any sequence).
	const dormant = f.helpers
		.shuffle(people.filter((p) => p.inHubspot && !p.inOutreach && (p.stage === 'lead' || p.stage === 'mql' || p.stage === 'sql') && !p.previous))
		.slice(0, 40);
	for (const p of dormant) p.lastActivityAt = daysAgo(185, 420);

	// ---- meetings ----
	const meetings: Meeting[] = [];
	const hubspotPeople = people.filter((p) => p.inHubspot && !p.previous);
	const nextMeetingId = () => String(500001 + meetings.length);
	const slotAt = (dayOffset: number) => {
		const day = isoPlus(epoch.slice(0, 10) + 'T00:00:00.000Z', Math.round(dayOffset) * DAY_MS);
		const dow = new Date(day).getUTCDay();
		const shift = dow === 0 ? 1 : dow === 6 ? 2 : 0;
		return isoPlus(day, shift * DAY_MS + (13 + f.number.int({ min: 0, max: 7 })) * 3600_000 + f.helpers.arrayElement([0, 30]) * 60_000);
	};
	const KINDS: [Meeting['kind'], string, number, number][] = [
		['one_on_one', 'Discovery Call', 30, 55],
		['round_robin', 'Demo – Mid-market', 45, 25],
		['collective', 'SDR → AE handoff', 30, 10],
		['group', 'Product webinar Q&A', 60, 10]
	];
	while (meetings.length < SIZES.meetings) {
		const [kind, eventName, durationMin] = weighted(KINDS.map(([k, n, d, w]) => [[k, n, d] as const, w]));
		const startAt = slotAt(f.datatype.boolean({ probability: 0.4 }) ? f.number.int({ min: 1, max: 30 }) : -f.number.int({ min: 1, max: 120 }));
		// A weekend slot moves to Monday, so a meeting drawn "yesterday" may lie after the epoch: decide by the slot.
		const future = startAt > epoch;
		const invitees = f.helpers.arrayElements(hubspotPeople, kind === 'group' ? f.number.int({ min: 2, max: 6 }) : 1);
		const first = invitees[0]!;
		const hostIds =
			kind === 'collective'
				? [f.helpers.arrayElement(sdrs), f.helpers.arrayElement(aes)]
				: kind === 'one_on_one'
					? [first.ownerId ?? f.helpers.arrayElement([...sdrs, ...aes])]
					: [f.helpers.arrayElement(aes)];
		const outcome: Meeting['outcome'] = future
			? weighted([
					['scheduled', 85],
					['canceled', 15]
				])
			: weighted([
					['completed', 70],
					['no_show', 10],
					['canceled', 12],
					['rescheduled', 8]
				]);
		// Booked 1–20 days before the start, and never after the epoch.
		const booked = isoPlus(startAt, -Math.round(f.number.float({ min: 1, max: 20 }) * DAY_MS));
		const bookedAt = minute(booked < epoch ? booked : isoPlus(epoch, -3600_000));
		const m: Meeting = {
			id: nextMeetingId(),
			kind,
			eventName: `${eventName} (${durationMin} min)`,
			durationMin,
			hostIds,
			personIds: invitees.map((p) => p.id),
			inviteeEmail: first.workEmail,
			startAt,
			outcome,
			canceledBy: outcome === 'canceled' || outcome === 'rescheduled' ? (f.datatype.boolean({ probability: 0.7 }) ? 'invitee' : 'host') : null,
			cancelReason:
				outcome === 'canceled'
					? f.helpers.arrayElement(['Conflict came up', 'No longer interested', 'Need to check with my team first', 'Travelling that week'])
					: null,
			rescheduledToId: null,
			bookedAt,
			utmSource: f.datatype.boolean({ probability: 0.3 }) ? 'outreach' : null
		};
		meetings.push(m);
		if (outcome === 'rescheduled' && meetings.length < SIZES.meetings) {
			const again: Meeting = {
				...m,
				id: nextMeetingId(),
				startAt: isoPlus(startAt, f.number.int({ min: 2, max: 9 }) * DAY_MS),
				outcome: 'completed',
				canceledBy: null,
				cancelReason: null,
				bookedAt: isoPlus(startAt, -3600_000)
			};
			if (again.startAt > epoch) again.outcome = 'scheduled';
			if (again.bookedAt > epoch) again.bookedAt = minute(isoPlus(epoch, -DAY_MS));
			m.rescheduledToId = again.id;
			meetings.push(again);
		}
	}
	for (const m of meetings) {
		for (const id of m.personIds) {
			const p = people[Number(id) - 100001]!;
			const touch = m.startAt <= epoch ? m.startAt : m.bookedAt;
			if (!p.lastActivityAt || touch > p.lastActivityAt) p.lastActivityAt = touch;
		}
	}

	// ---- planted anomalies ----
	const anomalies: Anomaly[] = [];
	const add = (kind: Anomaly['kind'], note: string, ids: { p?: string[]; c?: string[]; m?: string[] }) => {
		const n = anomalies.filter((a) => a.kind === kind).length + 1;
		anomalies.push({
			id: `${kind.replace(/_/g, '-')}-${String(n).padStart(3, '0')}`,
			kind,
			personIds: ids.p ?? [],
			companyIds: ids.c ?? [],
			meetingIds: ids.m ?? [],
			note
		});
	};
	// Duplicates: 15 HubSpot contacts who also booked a meeting with their personal email → a second HubSpot contact.
	const dupPool = f.helpers.shuffle(hubspotPeople.filter((p) => p.emailStatus === 'ok' && !dormant.includes(p)));
	for (const p of dupPool.slice(0, 15)) {
		p.personalEmail ??= `${slug(p.firstName)}.${slug(p.lastName)}${f.number.int({ min: 1, max: 99 })}@gmail.com`;
		const m = meetings.find((x) => x.personIds[0] === p.id && x.kind !== 'group');
		if (m) m.inviteeEmail = p.personalEmail;
		add(
			'duplicate_person',
			`${p.firstName} ${p.lastName} exists twice in HubSpot: work email ${p.workEmail} and personal email ${p.personalEmail}${m ? `; Calendly meeting ${m.id} was booked with the personal email` : ''}`,
			{
				p: [p.id],
				c: [p.companyId],
				m: m ? [m.id] : []
			}
		);
	}
	for (const p of people.filter((x) => x.inHubspot && x.previous)) {
		const prev = byId.get(p.previous!.companyId)!;
		const cur = byId.get(p.companyId)!;
		add(
			'job_changer',
			`${p.firstName} ${p.lastName} moved from ${prev.name} to ${cur.name} on ${p.startedCompanyAt.slice(0, 10)}: Sales Navigator shows ${cur.name}; HubSpot still has ${prev.name}, "${p.previous!.title}" and ${p.previous!.workEmail}`,
			{
				p: [p.id],
				c: [prev.id, cur.id]
			}
		);
	}
	for (const p of people.filter((x) => x.emailStatus === 'opted_out'))
		add('opted_out', `${p.firstName} ${p.lastName} (${p.workEmail}) unsubscribed: Outreach optedOut, HubSpot hs_email_optout=true; must not be emailed`, {
			p: [p.id]
		});
	for (const p of people.filter((x) => x.emailStatus === 'bounced'))
		add('bounced', `${p.workEmail} hard-bounced: Outreach sequence state bounced, HubSpot email BOUNCED`, { p: [p.id] });
	for (const p of dormant)
		add('dormant', `${p.firstName} ${p.lastName} (HubSpot ${p.stage}) has had no activity since ${p.lastActivityAt!.slice(0, 10)}`, { p: [p.id] });
	for (const p of people
		.filter((x) => x.inHubspot && x.enrollment?.state === 'active' && sequences.find((s) => s.key === x.enrollment!.sequenceKey)!.exclusive)
		.slice(0, 25))
		add(
			'active_in_sequence',
			`${p.firstName} ${p.lastName} is already active in the exclusive Outreach sequence "${sequences.find((s) => s.key === p.enrollment!.sequenceKey)!.name}"`,
			{ p: [p.id] }
		);
	// Near-double-bookings: 6 meetings placed back-to-back (or 5 min apart) with another meeting of the same host.
	const future = meetings.filter((m) => m.outcome === 'scheduled' && m.kind === 'one_on_one');
	for (let k = 0; k < 6 && k * 2 + 1 < future.length; k++) {
		const a = future[k * 2]!;
		const b = future[k * 2 + 1]!;
		b.hostIds = [...a.hostIds];
		const gapMin = k % 2 === 0 ? 0 : 5;
		b.startAt = isoPlus(a.startAt, (a.durationMin + gapMin) * 60_000);
		add(
			'near_double_booking',
			`meetings ${a.id} and ${b.id} of host ${a.hostIds[0]} are ${gapMin === 0 ? 'back-to-back' : `${gapMin} min apart`} (${a.startAt} + ${a.durationMin} min)`,
			{ m: [a.id, b.id] }
		);
	}
	// Look-alike names: 10 people renamed to share a HubSpot contact's name, at a different company.
	const lookPool = f.helpers.shuffle(hubspotPeople.filter((p) => !dupPool.slice(0, 15).includes(p)));
	const others = f.helpers.shuffle(people.filter((p) => !p.inHubspot && !p.inOutreach && !p.previous));
	for (let k = 0; k < 10; k++) {
		const a = lookPool[k]!;
		const b = others.find((o) => o.companyId !== a.companyId && !anomalies.some((x) => x.personIds.includes(o.id)))!;
		b.firstName = a.firstName;
		b.lastName = a.lastName;
		emails.delete(b.workEmail);
		b.workEmail = workEmail(a.firstName, a.lastName, byId.get(b.companyId)!.domain);
		b.linkedinUrl = `https://www.linkedin.com/in/${slug(a.firstName)}-${slug(a.lastName)}-${f.string.hexadecimal({ length: 6, casing: 'lower', prefix: '' })}`;
		if (b.personalEmail) b.personalEmail = `${slug(a.firstName)}.${slug(a.lastName)}${f.number.int({ min: 1, max: 99 })}@gmail.com`;
		add(
			'lookalike_name',
			`two people named ${a.firstName} ${a.lastName}: ${a.id} at ${byId.get(a.companyId)!.name} (HubSpot contact) and ${b.id} at ${byId.get(b.companyId)!.name}`,
			{
				p: [a.id, b.id],
				c: [a.companyId, b.companyId]
			}
		);
	}

	// Natural name collisions the generator made are look-alikes too: record every one.
	const byName = new Map<string, Person[]>();
	for (const p of people) byName.set(`${p.firstName} ${p.lastName}`, [...(byName.get(`${p.firstName} ${p.lastName}`) ?? []), p]);
	for (const [name, group] of byName) {
		if (group.length < 2 || anomalies.some((a) => a.kind === 'lookalike_name' && a.personIds.includes(group[0]!.id))) continue;
		add('lookalike_name', `${group.length} people named ${name}: ${group.map((p) => `${p.id} at ${byId.get(p.companyId)!.name}`).join(', ')}`, {
			p: group.map((p) => p.id),
			c: [...new Set(group.map((p) => p.companyId))]
		});
	}

	return World.parse({
		$schema: '../static/schema/world.schema.json',
		seed,
		epoch,
		generator: `seeds/generate.ts@${GENERATOR_VERSION} faker@${FAKER_VERSION}`,
		users,
		companies,
		people,
		sequences,
		meetings,
		anomalies
	});
}

/** JSON with one array element per line, in ASCII ({@link asciiJson}): compact, yet line diffs stay readable. */
export function renderJson(doc: Record<string, unknown>): string {
	const parts = Object.entries(doc).map(([k, v]) => {
		if (Array.isArray(v)) return `${asciiJson(k)}:[\n${v.map((x) => asciiJson(x)).join(',\n')}\n]`;
		return `${asciiJson(k)}:${asciiJson(v)}`;
	});
	return `{\n${parts.join(',\n')}\n}\n`;
}

/** The committed files of `seed`: path under `seeds/` → text. Seed 1 also writes `anomalies.json`. */
export function renderFiles(seed: number): Record<string, string> {
	const world = generateWorld(seed);
	const files: Record<string, string> = { [`world-${seed}.json`]: renderJson(world) };
	const manifest: AnomalyManifest = { $schema: '../static/schema/anomalies.schema.json', seed, epoch: world.epoch, anomalies: world.anomalies };
	if (seed === 1) files['anomalies.json'] = renderJson(manifest);
	return files;
}

/** `npm run seed [-- --seed N]`. */
async function main(): Promise<void> {
	const { writeFileSync } = await import('node:fs');
	const i = process.argv.indexOf('--seed');
	const seed = i >= 0 ? Number(process.argv[i + 1]) : 1;
	for (const [file, text] of Object.entries(renderFiles(seed))) {
		writeFileSync(new URL(`./${file}`, import.meta.url), text);
		console.log(`wrote seeds/${file} (${Buffer.byteLength(text)} bytes)`);
	}
}

if (process.argv[1] && import.meta.url === (await import('node:url')).pathToFileURL(process.argv[1]).href) await main();
