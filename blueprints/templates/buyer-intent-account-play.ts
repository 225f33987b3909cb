/**
 * T4 · buyer-intent-account-play (tier 4, outbound, personalized outreach & sequencing): the rep's Sales Navigator
 * alerts say that three accounts' buyer intent rose this week. The one to work is the account now at High intent
 * that is not a customer in HubSpot (one decoy is a HubSpot customer also at High, another only rose to Medium). At
 * that account the rep finds the economic buyer (the most senior person in Finance) and a champion (the Director of
 * Revenue Operations), saves both to a new lead list "<account> – buying committee", adds both to HubSpot at the
 * company (the emails are only in Outreach, where the data provider imported them), sets the company's lead status
 * to Open, and sequences them in Outreach from the rep's own mailbox: the buyer in "VP Sales – Cold", the champion
 * in "Outbound – RevOps", each with the round-robin demo's booking link in Custom Field 2 (the team's booking-link
 * field). The link is copied from Calendly and verified against the round-robin event type's link in the final
 * Calendly state, never against a host's own Discovery Call (the round-robin host is not the rep's to pick).
 *
 * Bindings: a HubSpot company that is not a customer, with an Outreach account, exactly one most senior Finance
 * person and a Director of Revenue Operations, none of whom is a HubSpot contact or live in an Outreach sequence
 * (those already in Outreach are used as they are; the others are imported as prospects by fixtures). The rep is
 * the company's owner, or an account executive of the round-robin pool when the company has none. Decoys: the
 * account's most senior Sales leader ("VP Sales – Cold" names the sequence, not the persona), the customer account
 * at High intent, the Medium-intent account, the rep's own Discovery Call link.
 *
 * Simplified from the catalogue: one account to work, not two or three, and two personas (the catalogue's third, a
 * Sales manager who only gets a connection request, is dropped: few accounts of the seed world have all three).
 * The catalogue's single-use links are replaced by the round-robin event type's own booking link (written when the
 * Calendly replica had no screen for single-use links; `hs-or-ca-bad-timing-revival` uses the one it has now); the
 * Calendly step is therefore a read, guarded by "nothing was booked for them". The planted anomalies
 * of the catalogue (look-alike names, opt-outs, live sequences) are excluded by the bindings rather than exercised:
 * the seed world has no account whose committee carries them without also lacking a persona.
 */
import { projectHubSpot } from '../../gyms/hubspot/seed';
import { project as projectCalendly } from '../../gyms/calendly/seed';
import { project as projectSalesNav, leadIdFor } from '../../gyms/salesnav/seed';
import { ACTIVE_LIKE } from '../../gyms/outreach/api/sequencing';
import type { Person } from '../../seeds/world';
import { TemplateError, type Template } from './kit';
import { addMs, DAY_MS, jq, jqList, outreachTables } from './_gym-rows';

/** Account executives of the round-robin "Demo – Mid-market (45 min)" pool (the seed's memberships). */
const RR_POOL = ['1003', '1004', '1008', '1009', '1010', '1011'];
const DEMO = 'Demo – Mid-market (45 min)';
const BUYER_SEQ = 'VP Sales – Cold';
const CHAMPION_SEQ = 'Outbound – RevOps';
/** Scenario days (Tuesday to Friday of two weeks, around the US DST switch); the clock is 14:00 UTC. */
const DAYS = ['2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13'];
/** Sales Navigator seniority levels, most senior last. */
const RANK = [
	'Unpaid',
	'Training',
	'In Training',
	'Entry Level',
	'Senior',
	'Strategic',
	'Entry Level Manager',
	'Experienced Manager',
	'Manager',
	'Director',
	'Vice President',
	'CXO',
	'Owner / Partner'
];
/** Outreach states that count as "in a sequence". */
const LIVE = [...ACTIVE_LIKE];

type Row = { id: string; [k: string]: unknown };
type OrRow = Row & { attributes: Record<string, unknown>; relationships: Record<string, { data: { type: string; id: string } | null }> };
const rank = (p: Person) => RANK.indexOf(p.seniority);
const fullName = (p: Person) => `${p.firstName} ${p.lastName}`;

const template: Template = {
	meta: {
		slug: 'buyer-intent-account-play',
		version: 1,
		title: 'Work the account that jumped to High buyer intent: buying committee in all four tools',
		platforms: ['salesnav', 'hubspot', 'calendly', 'outreach'],
		category: 'outbound',
		business_function: 'personalized outreach & sequencing',
		anomalies: [],
		traps: ['rr_host', 'customer_excluded', 'persona_seniority', 'sequence_name_persona', 'cross_tool_email'],
		pinned: [1, 2, 3, 4]
	},
	build(ctx) {
		const { world } = ctx;
		const hs = projectHubSpot(world).state;
		const or = outreachTables(world) as Record<string, OrRow[]>;
		const sn = projectSalesNav(world) as unknown as { accounts: (Row & { accountId: string; buyerIntent: string })[] };
		const cal = projectCalendly(world);
		const hsCompany = new Map(hs.companies.map((c) => [c.id, c]));
		const hsContactEmails = new Set(hs.contacts.map((c) => String(c.properties.email ?? '').toLowerCase()));
		const orByEmail = new Map(or.prospects!.map((p) => [String((p.attributes.emails as string[])[0] ?? '').toLowerCase(), p]));
		const liveProspects = new Set(
			or.sequenceStates!.filter((s) => LIVE.includes(String(s.attributes.state) as (typeof LIVE)[number])).map((s) => s.relationships.prospect!.data!.id)
		);
		const orAccounts = new Set(or.accounts!.map((a) => a.id));
		const peopleAt = (id: string) => world.people.filter((p) => p.companyId === id);
		const usable = (p: Person) => {
			if (hsContactEmails.has(p.workEmail) || p.emailStatus !== 'ok') return false;
			const pr = orByEmail.get(p.workEmail);
			return !pr || (!pr.attributes.optedOut && !pr.attributes.emailOptedOut && !liveProspects.has(pr.id));
		};
		const committee = (companyId: string): { buyer: Person; champion: Person } | null => {
			const fin = peopleAt(companyId)
				.filter((p) => p.function === 'Finance')
				.sort((a, b) => rank(b) - rank(a));
			const champs = peopleAt(companyId).filter((p) => /^Director of Revenue Operations$/.test(p.title));
			if (!fin.length || champs.length !== 1 || (fin[1] && rank(fin[1]) === rank(fin[0]!))) return null;
			if (!usable(fin[0]!) || !usable(champs[0]!)) return null;
			return { buyer: fin[0]!, champion: champs[0]! };
		};
		// The pool is small (a handful of accounts carry both personas): consecutive seeds take consecutive accounts, so
		// the pinned instances work different accounts; the rep, the decoys and the day are drawn per seed.
		const pool = world.companies.filter((c) => {
			const h = hsCompany.get(c.id);
			return !!h && h.properties.lifecyclestage !== 'customer' && orAccounts.has(c.id) && !h.properties.hs_lead_status && committee(c.id) !== null;
		});
		if (!pool.length) throw new TemplateError(`buyer-intent-account-play@${ctx.seed}: no account has both personas`);
		const company = pool[(ctx.seed - 1) % pool.length]!;
		const { buyer, champion } = committee(company.id)!;
		const owner = hsCompany.get(company.id)!.properties.hubspot_owner_id;
		const repId = owner && RR_POOL.includes(owner) ? owner : ctx.pick('rep', RR_POOL);
		const rep = ctx.user(repId);
		const repName = `${rep.firstName} ${rep.lastName}`;
		const customer = ctx.pick('customer', world.companies, (c) => hsCompany.get(c.id)?.properties.lifecyclestage === 'customer' && c.id !== company.id);
		const medium = ctx.pick(
			'medium',
			world.companies,
			(c) => c.buyerIntent === 'medium' && !!hsCompany.get(c.id) && hsCompany.get(c.id)!.properties.lifecyclestage !== 'customer' && c.id !== company.id
		);
		const salesLead = peopleAt(company.id)
			.filter((p) => p.function === 'Sales' && p.id !== buyer.id && p.id !== champion.id)
			.sort((a, b) => rank(b) - rank(a))[0];
		const decoy = salesLead ?? peopleAt(company.id).find((p) => p.id !== buyer.id && p.id !== champion.id);
		if (!decoy) throw new TemplateError(`buyer-intent-account-play@${ctx.seed}: no decoy person at ${company.name}`);

		// distinct days for consecutive seeds (3 is coprime with the 8 days)
		const day = DAYS[(ctx.seed * 3) % DAYS.length]!;
		const clock = `${day}T14:00:00.000Z`;
		const list = `${company.name} – buying committee`;

		// Sales Navigator: the three intent alerts of this week, and High intent on the two accounts at High.
		const snAccount = (id: string) => {
			const a = sn.accounts.find((x) => x.accountId === id);
			if (!a) throw new TemplateError(`buyer-intent-account-play@${ctx.seed}: no Sales Navigator account ${id}`);
			return { ...structuredClone(a), buyerIntent: 'high' };
		};
		const alert = (label: string, accountId: string, name: string, level: string, hoursAgo: number) => ({
			id: ctx.fixtureId(`alert-${label}`),
			seatId: repId,
			category: 'account',
			type: 'account_intent_increase',
			leadId: null,
			accountId,
			savedSearchId: null,
			text: `${name}: buyer intent increased to ${level}`,
			createdAt: addMs(clock, -hoursAgo * 3_600_000),
			read: false,
			dismissed: false
		});
		const alerts = ctx
			.rng('alert-order')
			.shuffle([
				alert('target', company.id, company.name, 'High', 26),
				alert('customer', customer.id, customer.name, 'High', 30),
				alert('medium', medium.id, medium.name, 'Medium', 20)
			]);

		// Outreach: the committee as prospects of the rep at the account (the data provider's import), when not there yet.
		const shape = or.prospects![0]!;
		const stage = shape.relationships.stage!;
		const imported = addMs(clock, -2 * DAY_MS);
		const prospects: OrRow[] = [];
		const emailAddresses: Row[] = [];
		const prospectOf = (p: Person, label: string): string => {
			const seeded = orByEmail.get(p.workEmail);
			if (seeded) return seeded.id;
			const id = ctx.fixtureId(`prospect-${label}`);
			prospects.push({
				type: 'prospect',
				id,
				attributes: {
					...structuredClone(shape.attributes),
					firstName: p.firstName,
					lastName: p.lastName,
					emails: [p.workEmail],
					title: p.title,
					company: company.name,
					linkedInUrl: p.linkedinUrl,
					workPhones: [p.phone],
					mobilePhones: [],
					timeZoneIana: p.geo.timeZone,
					tags: ['data-provider'],
					optedOut: false,
					optedOutAt: null,
					emailOptedOut: false,
					emailsOptStatus: null,
					callOptedOut: false,
					engagedScore: 0,
					touchedAt: null,
					externalId: null,
					createdAt: imported,
					updatedAt: imported
				},
				relationships: { account: { data: { type: 'account', id: company.id } }, owner: { data: { type: 'user', id: repId } }, stage }
			});
			emailAddresses.push({
				type: 'emailAddress',
				id: ctx.fixtureId(`email-${label}`),
				attributes: {
					email: p.workEmail,
					emailType: 'work',
					order: 0,
					status: null,
					statusChangedAt: null,
					unsubscribedAt: null,
					createdAt: imported,
					updatedAt: imported
				},
				relationships: { prospect: { data: { type: 'prospect', id } } }
			});
			return id;
		};
		const buyerPid = prospectOf(buyer, 'buyer');
		const champPid = prospectOf(champion, 'champion');
		const seqId = (name: string) => {
			const s = or.sequences!.find((x) => x.attributes.name === name && x.attributes.enabled);
			if (!s) throw new TemplateError(`buyer-intent-account-play@${ctx.seed}: no enabled sequence ${name}`);
			return s.id;
		};
		const buyerSeq = seqId(BUYER_SEQ);
		const champSeq = seqId(CHAMPION_SEQ);
		const mailbox = or.mailboxes!.find((m) => m.relationships.user?.data?.id === repId);
		const otherMailbox = or.mailboxes!.find((m) => m.relationships.user?.data?.id === '1005');
		if (!mailbox || !otherMailbox) throw new TemplateError(`buyer-intent-account-play@${ctx.seed}: no mailbox of ${repId}`);
		const mailboxEmail = String(mailbox.attributes.email);

		// Calendly: the round-robin demo (the link to carry) and the rep's own Discovery Call (the decoy link).
		const demo = cal.event_types.find((t) => t.name === DEMO && t.active && t.pooling_type === 'round_robin');
		const calRep = cal.users.find((u) => u.email === rep.email);
		const ownDiscovery = calRep && cal.event_types.find((t) => t.name === 'Discovery Call (30 min)' && t.profile?.owner === calRep.uri);
		if (!demo || !ownDiscovery) throw new TemplateError(`buyer-intent-account-play@${ctx.seed}: no ${DEMO} or Discovery Call of ${repId}`);
		const link = demo.scheduling_url;

		const buyerLead = leadIdFor(buyer.id);
		const champLead = leadIdFor(champion.id);
		const decoyLead = leadIdFor(decoy.id);
		const committeeIds = [buyerPid, champPid];
		const emails = [buyer.workEmail, champion.workEmail];
		const demoLink = `([.calendly.event_types[] | select(.name == ${jq(DEMO)} and .pooling_type == "round_robin" and .active) | .scheduling_url] | first)`;
		const contactAt = (p: Person) =>
			`([.hubspot.contacts[] | select((.properties.email // "" | ascii_downcase) == ${jq(p.workEmail)})]) as $c | ($c | map(.id)) as $ids | ($c | length) == 1 and $c[0].properties.jobtitle == ${jq(p.title)} and ([.hubspot.associations[] | select((.fromObjectType == "contacts" and (.fromObjectId | IN($ids[])) and .toObjectType == "companies" and .toObjectId == ${jq(company.id)}) or (.fromObjectType == "companies" and .fromObjectId == ${jq(company.id)} and .toObjectType == "contacts" and (.toObjectId | IN($ids[]))))] | length > 0)`;
		const sequenced = (pid: string, seq: string) =>
			`[.outreach.sequenceStates[] | select(.relationships.prospect.data.id == ${jq(pid)} and .relationships.sequence.data.id == ${jq(seq)} and (.attributes.state | IN(${LIVE.map(jq).join(', ')})) and .relationships.mailbox.data.id == ${jq(mailbox.id)})] | length == 1`;
		const newStatesOf = (pid: string) =>
			`(.relationships.prospect.data.id == ${jq(pid)} and (.relationships.sequence.data.id | IN(${jq(buyerSeq)}, ${jq(champSeq)})))`;

		const orActions = (p: Person, pid: string, seq: string) => [
			{ goto: `/outreach/prospects/${pid}` },
			{ click: { role: 'button', name: 'Show all custom fields' } },
			{ click: { role: 'button', name: 'Edit Custom Field 2' } },
			{ fill: { label: 'Custom Field 2', value: link } },
			{ click: { role: 'button', name: 'Save' } },
			{ wait_for: { text: 'Custom fields saved' } },
			{ goto: '/outreach/prospects' },
			{ fill: { role: 'searchbox', name: 'Search prospects', value: p.workEmail } },
			{ click: { role: 'button', name: 'Search' } },
			{ click: { role: 'checkbox', name: `Select ${fullName(p)}` } },
			{ click: { role: 'button', name: 'Add to sequence' } },
			{ click: { role: 'combobox', name: 'Sequence' } },
			{ click: { role: 'option', name: seq } },
			{ click: { role: 'combobox', name: 'Mailbox' } },
			{ click: { role: 'option', name: mailboxEmail } },
			{ click: { role: 'button', name: 'Add' } },
			{ wait_for: { text: '1 added, 0 skipped' } }
		];
		const hsCreate = (p: Person) => [
			{ click: { role: 'button', name: 'Add contacts' } },
			{ click: { role: 'tab', name: 'Create new' } },
			{ fill: { label: 'Email', value: p.workEmail } },
			{ fill: { label: 'First name', value: p.firstName } },
			{ fill: { label: 'Last name', value: p.lastName } },
			{ fill: { label: 'Job title', value: p.title } },
			{ click: { role: 'button', name: 'Create' } },
			{ wait_for: { role: 'link', name: fullName(p) } }
		];
		const customerStatus = hsCompany.get(customer.id)!.properties.hs_lead_status ?? null;

		return {
			title: `Work ${company.name}, now at High buyer intent: its buying committee in Sales Navigator, HubSpot and Outreach`,
			goal: `${company.name} (High intent, not a customer) is worked: its economic buyer ${fullName(buyer)} (${buyer.title}) and champion ${fullName(champion)} (${champion.title}) are on ${repName}'s lead list "${list}", are HubSpot contacts at ${company.name} with those titles, the company's lead status is Open; in Outreach ${fullName(buyer)} is in "${BUYER_SEQ}" and ${fullName(champion)} in "${CHAMPION_SEQ}" from ${mailboxEmail}, both with the round-robin ${DEMO} link in Custom Field 2; nothing booked, the customer ${customer.name} untouched.`,
			prompt: [
				`My Sales Navigator alerts show buyer intent going up at a few accounts this week. Work the one that is now at High intent and is not already a customer of ours in HubSpot:`,
				`- find its economic buyer (the most senior person in Finance) and its likely champion (the Director of Revenue Operations), and save both to a new lead list of mine called "<account> – buying committee" (the account's name, an en dash, then "buying committee");`,
				`- add both to HubSpot as contacts at that company, with their current titles, and set the company's lead status to Open;`,
				`- sequence them in Outreach from my mailbox: the buyer in "${BUYER_SEQ}", the champion in "${CHAMPION_SEQ}". Put the booking link of our round-robin "${DEMO}" in their Custom Field 2 (our booking-link field) first, so whoever in the pool is free takes the demo. Don't book anything for them: they pick their own time.`,
				`Leave the other alerted accounts alone.`
			].join('\n'),
			start_path: '/salesnav/home',
			clock,
			actors: { salesnav: repId, hubspot: repId, calendly: repId, outreach: repId },
			fixtures: {
				salesnav: { accounts: [snAccount(company.id), snAccount(customer.id)], alerts },
				...(prospects.length ? { outreach: { prospects, emailAddresses } } : {})
			},
			steps: [
				{
					platform: 'salesnav',
					objective: `From the intent alerts, pick ${company.name} (High, not a customer); save its buyer ${fullName(buyer)} and champion ${fullName(champion)} to "${list}".`,
					actions: [
						{ wait_for: { role: 'link', name: `${company.name}: buyer intent increased to High` } },
						{ goto: `/salesnav/lead/${buyerLead}` },
						{ click: { role: 'button', name: 'Save ▾' } },
						{ check: { label: 'Create new list' } },
						{ fill: { label: 'List name', value: list } },
						{ click: { role: 'button', name: 'Save' } },
						{ wait_for: { text: `saved to ${list}` } },
						{ goto: `/salesnav/lead/${champLead}` },
						{ click: { role: 'button', name: 'Save ▾' } },
						{ check: { label: `${list} (1)` } },
						{ click: { role: 'button', name: 'Save' } },
						{ wait_for: { text: `saved to ${list}` } }
					],
					verifiers: [
						{
							id: 'committee-list',
							description: `${repName}'s lead list "${list}" exists once and holds exactly the buyer ${fullName(buyer)} and the champion ${fullName(champion)}`,
							query: `[.salesnav.leadLists[] | select(.name == ${jq(list)} and .ownerSeatId == ${jq(repId)}) | .memberIds | sort] == [${jqList([buyerLead, champLead].sort())}]`,
							op: 'eq',
							expected: true
						}
					]
				},
				{
					platform: 'hubspot',
					objective: `Create both as contacts at ${company.name} (emails from Outreach) and set the company's lead status to Open.`,
					actions: [
						{ goto: `/hubspot/companies/${company.id}` },
						{ click: { role: 'button', name: 'Edit Lead status' } },
						{ click: { role: 'combobox', name: 'Lead status' } },
						{ click: { role: 'option', name: 'Open' } },
						{ click: { role: 'button', name: 'Save' } },
						{ wait_for: { text: 'Company saved' } },
						...hsCreate(buyer),
						...hsCreate(champion)
					],
					verifiers: [
						{
							id: 'buyer-in-hubspot',
							description: `One HubSpot contact ${buyer.workEmail}, titled "${buyer.title}", associated with ${company.name}`,
							query: contactAt(buyer),
							op: 'eq',
							expected: true
						},
						{
							id: 'champion-in-hubspot',
							description: `One HubSpot contact ${champion.workEmail}, titled "${champion.title}", associated with ${company.name}`,
							query: contactAt(champion),
							op: 'eq',
							expected: true
						},
						{
							id: 'company-status-open',
							description: `${company.name}'s lead status is Open`,
							query: `[.hubspot.companies[] | select(.id == ${jq(company.id)}) | .properties.hs_lead_status]`,
							op: 'eq',
							expected: ['OPEN']
						},
						{
							id: 'customer-untouched',
							description: `The customer ${customer.name} (also at High intent) keeps its lead status`,
							query: `[.hubspot.companies[] | select(.id == ${jq(customer.id)}) | .properties.hs_lead_status // null]`,
							op: 'eq',
							expected: [customerStatus],
							weight: 0,
							holds_at_reset: true
						}
					]
				},
				{
					platform: 'calendly',
					objective: `Copy the booking link of the round-robin ${DEMO} (not a host's own event type); book nothing.`,
					actions: [
						{ goto: '/calendly/scheduling' },
						{ click: { role: 'button', name: `Copy link: ${DEMO}` } },
						{ wait_for: { text: `Link copied: ${link}` } }
					],
					verifiers: [
						{
							id: 'nothing-booked',
							description: 'No meeting was booked for the buying committee (they choose their own time)',
							query: `[.calendly.invitees[] | select((.email // "" | ascii_downcase) | IN(${emails.map(jq).join(', ')}))] | length`,
							op: 'eq',
							expected: 0,
							weight: 0,
							holds_at_reset: true
						}
					]
				},
				{
					platform: 'outreach',
					objective: `Booking link in Custom Field 2, then the buyer into "${BUYER_SEQ}" and the champion into "${CHAMPION_SEQ}" from ${mailboxEmail}.`,
					actions: [...orActions(buyer, buyerPid, BUYER_SEQ), ...orActions(champion, champPid, CHAMPION_SEQ)],
					verifiers: [
						{
							id: 'buyer-sequenced',
							description: `${fullName(buyer)} is in "${BUYER_SEQ}" from ${mailboxEmail}`,
							query: sequenced(buyerPid, buyerSeq),
							op: 'eq',
							expected: true
						},
						{
							id: 'champion-sequenced',
							description: `${fullName(champion)} is in "${CHAMPION_SEQ}" from ${mailboxEmail}`,
							query: sequenced(champPid, champSeq),
							op: 'eq',
							expected: true
						},
						{
							id: 'round-robin-link',
							description: `Both carry the round-robin ${DEMO} booking link (as Calendly has it) in Custom Field 2`,
							query: `${demoLink} as $u | [.outreach.prospects[] | select(.id | IN(${committeeIds.map(jq).join(', ')})) | .attributes.custom2 | select(. == $u)] | length`,
							op: 'eq',
							expected: 2
						}
					]
				}
			],
			mutants: [
				{
					id: 'sales-leader-as-buyer',
					description: `saves the Sales leader ${fullName(decoy)} (${decoy.title}) as the buyer, reading "VP Sales" in the sequence name as the persona`,
					kind: 'decoy',
					patch: `.salesnav.leadLists |= map(if .name == ${jq(list)} then .memberIds = [${jqList([decoyLead, champLead])}[]] else . end)`
				},
				{
					id: 'champion-not-saved',
					description: 'saves only the buyer to the list',
					kind: 'partial',
					patch: `.salesnav.leadLists |= map(if .name == ${jq(list)} then .memberIds -= [${jq(champLead)}] else . end)`
				},
				{
					id: 'buyer-not-in-hubspot',
					description: 'never creates the buyer in HubSpot',
					kind: 'step_skipped',
					patch: `.hubspot.contacts |= map(select((.properties.email // "" | ascii_downcase) != ${jq(buyer.workEmail)}))`
				},
				{
					id: 'champion-not-at-company',
					description: `creates the champion in HubSpot without the association to ${company.name}`,
					kind: 'partial',
					patch: `([.hubspot.contacts[] | select((.properties.email // "" | ascii_downcase) == ${jq(champion.workEmail)}) | .id]) as $ids | .hubspot.associations |= map(select(((.fromObjectType == "contacts" and (.fromObjectId | IN($ids[]))) or (.toObjectType == "contacts" and (.toObjectId | IN($ids[])))) | not))`
				},
				{
					id: 'buyer-title-missing',
					description: 'creates the buyer without the title',
					kind: 'required_missing',
					patch: `.hubspot.contacts |= map(if (.properties.email // "" | ascii_downcase) == ${jq(buyer.workEmail)} then .properties.jobtitle = null else . end)`
				},
				{
					id: 'status-not-open',
					description: `leaves ${company.name}'s lead status unset`,
					kind: 'step_skipped',
					patch: `.hubspot.companies |= map(if .id == ${jq(company.id)} then .properties.hs_lead_status = null else . end)`
				},
				{
					id: 'customer-worked',
					description: `also opens the customer ${customer.name}, which is at High intent too`,
					kind: 'decoy',
					patch: `.hubspot.companies |= map(if .id == ${jq(customer.id)} then .properties.hs_lead_status = "OPEN" else . end)`
				},
				{
					id: 'sequences-swapped',
					description: `puts the buyer in "${CHAMPION_SEQ}" and the champion in "${BUYER_SEQ}"`,
					kind: 'wrong_value',
					patch: `.outreach.sequenceStates |= map(if ${newStatesOf(buyerPid)} then .relationships.sequence.data.id = ${jq(champSeq)} elif ${newStatesOf(champPid)} then .relationships.sequence.data.id = ${jq(buyerSeq)} else . end)`
				},
				{
					id: 'buyer-not-sequenced',
					description: 'adds only the champion to a sequence',
					kind: 'partial',
					patch: `.outreach.sequenceStates |= map(select(${newStatesOf(buyerPid)} | not))`
				},
				{
					id: 'wrong-mailbox',
					description: `sends from the manager's mailbox ${String(otherMailbox.attributes.email)} instead of the rep's`,
					kind: 'wrong_owner',
					patch: `.outreach.sequenceStates |= map(if ${newStatesOf(champPid)} then .relationships.mailbox.data.id = ${jq(otherMailbox.id)} else . end)`
				},
				{
					id: 'own-discovery-link',
					description: `puts the rep's own Discovery Call link (${ownDiscovery.scheduling_url}) instead of the round-robin demo's`,
					kind: 'rr_host_assumed',
					patch: `.outreach.prospects |= map(if .id | IN(${committeeIds.map(jq).join(', ')}) then .attributes.custom2 = ${jq(ownDiscovery.scheduling_url)} else . end)`
				},
				{
					id: 'link-missing',
					description: 'sequences the champion without the booking link',
					kind: 'required_missing',
					patch: `.outreach.prospects |= map(if .id == ${jq(champPid)} then del(.attributes.custom2) else . end)`
				},
				{
					id: 'booked-for-them',
					description: 'books the buyer into the demo instead of letting them choose their time',
					kind: 'collateral',
					patch: `.calendly.invitees += [(.calendly.invitees[0] | .uri = (.uri + "x") | .email = ${jq(buyer.workEmail)} | .name = ${jq(fullName(buyer))})]`
				}
			],
			alternatives: [
				{
					id: 'owner-set',
					description: `also makes ${repName} the owner of the two new contacts (account ownership, R1)`,
					patch: `.hubspot.contacts |= map(if (.properties.email // "" | ascii_downcase) | IN(${emails.map(jq).join(', ')}) then .properties.hubspot_owner_id = ${jq(repId)} else . end)`
				}
			]
		};
	}
};

export default template;
