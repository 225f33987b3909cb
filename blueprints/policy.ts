/**
 * The selling team's Rules of Engagement: the one policy document every task prompt may refer to ("per our rules
 * of engagement"). Shown at `/policy/rules-of-engagement` (linked from the launcher) and given to agents with the
 * first observation of an episode (harness/env.ts). It states the team's rules, never a task's expected values:
 * verifiers check outcomes that follow from these rules, they do not read this file.
 *
 * The team and its zones are the seed world's (seeds/world-1.json users 1001–1012); the event types, sequences and
 * credit facts named here exist in the replicas' seeds.
 */

/** One member of the selling team as the policy presents them. */
export interface PolicyMember {
	/** Team user id (HubSpot owner id, Outreach user id, Calendly user). */
	id: string;
	name: string;
	role: string;
	/** IANA zone of the member's working day. */
	zone: string;
	/** Territory or what the member is used for in routing. */
	territory: string;
}

/** One numbered rule: `R1` … with its title and clauses. */
export interface PolicyRule {
	id: string;
	title: string;
	clauses: string[];
}

/** The page's URL path (same origin as the gyms). */
export const POLICY_PATH = '/policy/rules-of-engagement';

/** The title of the document. */
export const POLICY_TITLE = 'Salesgym Sales: Rules of Engagement';

/** The team, in the order the page lists it. */
export const TEAM: readonly PolicyMember[] = [
	{ id: '1001', name: 'Maya Patel', role: 'SDR', zone: 'America/New_York', territory: 'North America East' },
	{ id: '1002', name: 'Jordan Lee', role: 'SDR', zone: 'America/Chicago', territory: 'North America Central, Mountain and West; Latin America' },
	{ id: '1006', name: 'Lucas Moreau', role: 'SDR', zone: 'Europe/Paris', territory: 'EMEA' },
	{ id: '1007', name: 'Aiko Tanaka', role: 'SDR', zone: 'Asia/Tokyo', territory: 'APAC' },
	{ id: '1003', name: 'Sofia Rossi', role: 'Account Executive', zone: 'America/New_York', territory: 'Mid-market, North America East' },
	{ id: '1008', name: 'Carlos Mendes', role: 'Senior Account Executive', zone: 'America/Los_Angeles', territory: 'Mid-market, North America West' },
	{ id: '1009', name: 'Emily Chen', role: 'Account Executive', zone: 'America/Los_Angeles', territory: 'Mid-market, North America West' },
	{ id: '1011', name: 'Grace Kim', role: 'Enterprise Account Executive', zone: 'America/Chicago', territory: 'Companies of 1,001+ employees, North America' },
	{ id: '1004', name: 'Daniel Okafor', role: 'Account Executive', zone: 'Europe/London', territory: 'EMEA outside DACH' },
	{ id: '1010', name: 'Noah Fischer', role: 'Account Executive', zone: 'Europe/Berlin', territory: 'DACH (Germany, Austria, Switzerland)' },
	{ id: '1005', name: 'Hannah Berg', role: 'VP of Sales', zone: 'America/New_York', territory: 'Executive sponsor; hosts "Executive briefing (60 min)"' },
	{ id: '1012', name: 'Ravi Sharma', role: 'SDR Manager', zone: 'Europe/London', territory: 'Owns the team sequences; receives audit tasks' }
];

/** The rules, R1–R15. */
export const RULES: readonly PolicyRule[] = [
	{
		id: 'R1',
		title: 'Routing',
		clauses: [
			'Account ownership wins: when the HubSpot company has an owner, that Account Executive owns new contacts and meetings at the company.',
			'An unowned company is routed by size: 1,001+ employees go to Grace Kim\'s "Discovery Call (30 min)"; 200–1,000 to the round robin "Demo – Mid-market (45 min)"; under 200 to the territory SDR\'s "Discovery Call (30 min)".',
			'Company size is HubSpot\'s "Number of employees" where it is filled in, else the headcount Sales Navigator shows.'
		]
	},
	{
		id: 'R2',
		title: 'Lifecycle stage',
		clauses: [
			'Lead (identified) → Marketing Qualified Lead (fits the ICP and showed interest) → Sales Qualified Lead (a sales meeting is booked) → Opportunity (a deal exists) → Customer.',
			'Never move a contact backward: if the record is already further along, leave the stage as it is.'
		]
	},
	{
		id: 'R3',
		title: 'Owners on bookings',
		clauses: [
			'Keep an existing contact owner. When there is none, the host of the booked meeting becomes the owner.',
			'The explicit hand-off plays (R1, SDR to Account Executive) override this.'
		]
	},
	{
		id: 'R4',
		title: 'Job changers',
		clauses: [
			'Update the existing HubSpot record in place: the new title; the new company becomes the primary company and the old association is removed; the email becomes the new work email when it is known.',
			'Add a note on the old company saying who left, where to and when.',
			'Never email an address at the old company. In Outreach the prospect moves to the new account and the new email.'
		]
	},
	{
		id: 'R5',
		title: 'Sequencing',
		clauses: [
			'Sequences run in Outreach only; HubSpot sequences are not used by this team.',
			"Send from the acting rep's own mailbox unless told otherwise, starting at step 1."
		]
	},
	{
		id: 'R6',
		title: 'Opt-outs',
		clauses: [
			'Never email, sequence or InMail anyone who unsubscribed (HubSpot: unsubscribed from email; Outreach: opted out).',
			'When a play calls for contact anyway, create a task for the owner instead; make it a call task only when calls are not opted out.'
		]
	},
	{
		id: 'R7',
		title: 'Bounces',
		clauses: ['Set the Outreach stage to Bad Contact Info. Never sequence the same address again.']
	},
	{
		id: 'R8',
		title: 'Exclusivity',
		clauses: ["Never take someone out of a colleague's active sequence unless you are told to. When blocked, leave the task or note the request asks for."]
	},
	{
		id: 'R9',
		title: 'Meetings',
		clauses: [
			"Invitee business hours are Monday to Friday, 09:00–17:00 in the invitee's own time zone, unless the request says otherwise.",
			"A slot must be open on the host's Calendly availability, at least 4 hours ahead, never double-booked; buffers count.",
			'"Executive briefing (60 min)" is only for VP- and C-level invitees.',
			'Never use an inactive, legacy or deleted event type.',
			'A meeting happened when it is active in Calendly, ended before now, and the invitee is not marked as a no-show.'
		]
	},
	{
		id: 'R10',
		title: 'LinkedIn',
		clauses: [
			'Send InMail only to leads who are not 1st-degree connections and have no Open Profile; a 1st-degree lead gets a message.',
			'Open Profile messages cost no credit. Respect the credit budget you are given.'
		]
	},
	{
		id: 'R11',
		title: 'Notes',
		clauses: ['A note carries the decisive fact (the new company, the signal, the teammate, the reason). The wording is yours.']
	},
	{
		id: 'R12',
		title: 'Relative dates',
		clauses: [
			'"Today", "tomorrow" and "Friday" are dates in the time zone of the rep the work is for.',
			'Tasks are due at 09:00 local time unless stated, and are associated with the contact, and with the deal or company when there is one.'
		]
	},
	{ id: 'R13', title: 'No deletions', clauses: ['Do not delete records: finish, close or archive them instead.'] },
	{ id: 'R14', title: 'Customers and open deals', clauses: ['Customers, and contacts on an open deal, never get cold prospecting sequences.'] },
	{ id: 'R15', title: 'Referrals', clauses: ['Referrals never go into cold sequences.'] }
];

/**
 * The whole policy as Markdown (the text an agent gets with its first observation): the title, the team table and
 * the rules, each clause a bullet.
 */
export function policyMarkdown(): string {
	const lines = [`# ${POLICY_TITLE}`, '', '## The team', '', '| id | name | role | time zone | territory |', '|---|---|---|---|---|'];
	for (const m of TEAM) lines.push(`| ${m.id} | ${m.name} | ${m.role} | ${m.zone} | ${m.territory} |`);
	lines.push('', '## Rules');
	for (const r of RULES) {
		lines.push('', `### ${r.id}. ${r.title}`);
		for (const c of r.clauses) lines.push(`- ${c}`);
	}
	return `${lines.join('\n')}\n`;
}
