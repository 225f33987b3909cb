/**
 * T3-05 · hs-sn-or-closed-lost-revival (tier 3, HubSpot + Sales Navigator + Outreach, outbound, dormant lead
 * re-engagement).
 *
 * An Account Executive revives the deals they lost 6+ months ago to "No decision", but only where Sales Navigator
 * shows a trigger since: a funding round in the last 12 months, or a senior leadership change in the last 3
 * months (a closed-lost win-back waits for a change in the buyer's world). Five closed-lost deals of the AE are in
 * HubSpot; each deal's closing note gives its lost reason. Per deal:
 * - "No decision", closed 6+ months ago, funding 2–10 months ago (a dated account alert): the new exec is the most
 *   senior person at the company in the original buyer's function (Sales Navigator's Decision makers show title,
 *   seniority and function), strictly more senior than the buyer and unique at that rank;
 * - "No decision", closed 6+ months ago, a senior hire 10–80 days ago (the alert names them): the new exec is that
 *   senior hire. The original buyer is a planted job changer: HubSpot still files them at the company, Sales
 *   Navigator shows them as Left Account (the trap: reviving the old buyer at their dead address, R4);
 * - "No decision", closed 6+ months ago, but the only funding alert is 13–16 months old (just outside the window):
 *   no trigger, no action, although the company's most senior person in the buyer's function is in the export;
 * - a deal lost to "No budget" and a "No decision" deal closed only 2–4 months ago, both with a fresh funding
 *   alert: out of scope.
 * For each trigger: save the exec to a Sales Navigator lead list, create them in HubSpot on the company (the email
 * comes from the enrichment export in the prompt) with a note naming the trigger (R11), and enroll them in the
 * Outreach sequence "Closed-lost revival" from the AE's own mailbox (R5). The deals stay closed lost.
 *
 * Simplified from the catalogue: (1) the segment is the AE's own closed-lost deals, not an industry or region
 * filter; (2) the HubSpot replica's deal record does not show "Closed lost reason" (a property of the deal, HubSpot
 * Knowledge Base "Create and edit deals"), so each deal carries a closing note stating it; (3) Sales Navigator's
 * account page shows dated signals through the seat's account alerts ("raised a … round", "has a new senior
 * leader"; LinkedIn Sales Navigator Help "Account alerts"), so the signals are planted as alerts, with the
 * account's flags and news kept consistent; (4) the Outreach replica has no screen that creates a prospect, so the
 * enrichment export is already imported into Outreach (fixture prospects in no sequence) and the old buyer's
 * prospect keeps their old address; (5) saving a lead in the replica means saving it to a list, so the prompt names
 * the list.
 */
import { zonedToUtc } from '../../gyms/calendly/tz';
import { SENIORITY_RANK } from '../../gyms/salesnav/api/leads';
import { leadIdFor, project as projectSalesNav } from '../../gyms/salesnav/seed';
import type { Company, Person } from '../../seeds/world';
import { TemplateError, type Template } from './kit';
import { addMs, DAY_MS, hubspotRow, hubspotTables, jq, outreachTables, prospectFixture, spokenDate } from './_gym-rows';

const SLUG = 'hs-sn-or-closed-lost-revival';
/** Account Executives (deal owners with a mailbox). */
const AES = ['1003', '1004', '1008', '1009', '1010', '1011'];
/** Scenario days (weekdays, March 2026: pre-DST and US-DST-only weeks). */
const DAYS = ['2026-03-03', '2026-03-04', '2026-03-05', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-17', '2026-03-18', '2026-03-19'];
const SEQUENCE = 'Closed-lost revival';
const SEQUENCE_ID = '403004';
const COLD_STAGE = '402001';
const HIRE_TITLE = 'Chief Revenue Officer';
const ROUNDS = ['Series A', 'Series B', 'Series C'];
/** Patterns (jq `test`, case-insensitive) a trigger note must match. */
const FUNDING_RE = 'fund|rais|series|round|invest';

type Row = { id: string; [k: string]: unknown };
type HsRow = Row & { properties: Record<string, string | null>; createdAt: string; updatedAt: string };
type HsAssoc = { fromObjectType: string; fromObjectId: string; toObjectType: string; toObjectId: string };
type OrRow = Row & { attributes: Record<string, unknown>; relationships: Record<string, { data: { id: string } | null }> };
type Lead = Record<string, unknown> & {
	leadId: string;
	firstName: string;
	lastName: string;
	currentTitle: string;
	accountId: string | null;
	seniority: keyof typeof SENIORITY_RANK;
	function: string;
	leftAccount: boolean;
	pastPositions: { title: string; companyName: string; accountId: string | null; startedOn: string; endedOn: string | null }[];
};
type Account = Record<string, unknown> & { accountId: string; news: { title: string; source: string; publishedAt: string }[] };

/** `YYYY-MM` of an ISO instant shifted by `days`. */
function monthOf(iso: string): string {
	return iso.slice(0, 7);
}

const template: Template = {
	meta: {
		slug: SLUG,
		version: 1,
		title: 'Revive "No decision" deals lost 6+ months ago where Sales Navigator shows a new trigger',
		platforms: ['hubspot', 'salesnav', 'outreach'],
		category: 'outbound',
		business_function: 'dormant lead re-engagement',
		anomalies: ['dormant', 'job_changer'],
		traps: ['left_account', 'signal_window', 'most_senior_in_function', 'no_action_branch', 'deal_restraint'],
		pinned: [1, 2, 3, 4, 5]
	},
	build(ctx) {
		const { world } = ctx;
		const hs = hubspotTables();
		const or = outreachTables(world);
		const sn = projectSalesNav(world) as unknown as { leads: Lead[]; accounts: Account[] };
		const leads = new Map(sn.leads.map((l) => [l.leadId, l]));
		const leadOf = (p: Person) => leads.get(leadIdFor(p.id));
		const hsContacts = new Map((hs.contacts as HsRow[]).map((c) => [c.id, c]));
		const hsCompanies = new Map((hs.companies as HsRow[]).map((c) => [c.id, c]));
		const assocs = hs.associations as unknown as HsAssoc[];
		const contactAt = (pid: string, co: string) =>
			assocs.some((a) => a.fromObjectType === 'contacts' && a.fromObjectId === pid && a.toObjectType === 'companies' && a.toObjectId === co);
		const orAccounts = new Set((or.accounts as Row[]).map((a) => a.id));
		const mailboxes = or.mailboxes as OrRow[];
		const planted = new Set(world.anomalies.flatMap((a) => a.personIds));
		const names = new Map<string, number>();
		for (const p of world.people) names.set(`${p.firstName} ${p.lastName}`, (names.get(`${p.firstName} ${p.lastName}`) ?? 0) + 1);
		const unique = (p: Person) => names.get(`${p.firstName} ${p.lastName}`) === 1;
		const hsNames = new Map<string, number>();
		for (const c of hsCompanies.values()) hsNames.set(String(c.properties.name), (hsNames.get(String(c.properties.name)) ?? 0) + 1);
		const uniqueCompany = (id: string) => hsCompanies.has(id) && hsNames.get(String(hsCompanies.get(id)!.properties.name)) === 1;
		const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
		const rank = (l: Lead) => SENIORITY_RANK[l.seniority];
		const fresh = (p: Person) => !p.inHubspot && !p.inOutreach && !planted.has(p.id) && !p.previous && unique(p) && p.emailStatus === 'ok';

		// The acting AE and the clock (09:30–10:30 in the AE's zone).
		const aeId = ctx.cycle('ae', AES);
		const ae = ctx.user(aeId);
		const aeName = name(ae);
		const mailbox = mailboxes.find((m) => m.relationships.user?.data?.id === aeId);
		if (!mailbox) throw new TemplateError(`${SLUG}@${ctx.seed}: ${aeName} has no mailbox`);
		const myEmail = String(mailbox.attributes.email);
		const day = ctx.pick('day', DAYS);
		const clock = new Date(zonedToUtc(ae.timeZone, day, ctx.rng('minute').pick([570, 585, 600, 615, 630]))).toISOString();
		const daysAgo = (n: number) => addMs(clock, -n * DAY_MS - 3 * 3_600_000);

		// A company whose buyer (a HubSpot contact there, a decision maker in Sales Navigator) has a unique, strictly more
		// senior person in their function at the account who is in neither HubSpot nor Outreach: the would-be new exec.
		type FnBinding = { company: Company; buyer: Person; exec: Person; fn: string };
		const fnBindings: FnBinding[] = world.companies.flatMap((c) => {
			if (!c.inHubspot || !uniqueCompany(c.id)) return [];
			const atAccount = sn.leads.filter((l) => l.accountId === c.id && !l.leftAccount);
			const staff = world.people.filter((p) => p.companyId === c.id);
			for (const b of staff) {
				const bl = leadOf(b);
				if (!bl || !b.inHubspot || planted.has(b.id) || b.previous || !unique(b) || !contactAt(b.id, c.id) || bl.accountId !== c.id) continue;
				if (rank(bl) > SENIORITY_RANK.Director) continue;
				const pool = atAccount.filter((l) => l.function === bl.function);
				const top = Math.min(...pool.map(rank));
				const tops = pool.filter((l) => rank(l) === top);
				if (tops.length !== 1 || top >= rank(bl)) continue;
				const exec = staff.find((p) => leadIdFor(p.id) === tops[0]!.leadId);
				if (!exec || !fresh(exec)) continue;
				return [{ company: c, buyer: b, exec, fn: bl.function }];
			}
			return [];
		});
		// A planted job changer whose HubSpot contact is still at the company they left, where a fresh person can be the senior hire.
		const changers = ctx.anomalyPeople('job_changer').filter((p) => {
			if (!p.previous || !p.inHubspot || p.inOutreach || !unique(p) || !uniqueCompany(p.previous.companyId)) return false;
			if (!contactAt(p.id, p.previous.companyId) || contactAt(p.id, p.companyId) || !hsContacts.has(p.id)) return false;
			return world.people.some((q) => q.companyId === p.previous!.companyId && fresh(q) && leadOf(q));
		});
		if (changers.length === 0) throw new TemplateError(`${SLUG}@${ctx.seed}: selector "changer" matched 0`);
		const changer = ctx.cycle('changer', changers);
		const leadCo = ctx.company(changer.previous!.companyId);
		const hire = ctx.pick('hire', world.people, (q) => q.companyId === leadCo.id && fresh(q) && !!leadOf(q));
		const used = new Set([leadCo.id, changer.companyId]);
		const fund = ctx.cycle('fund', fnBindings, (b) => !used.has(b.company.id));
		used.add(fund.company.id);
		const none = ctx.cycle('no-trigger', fnBindings, (b) => !used.has(b.company.id));
		used.add(none.company.id);
		// Out-of-scope deals: any company with a plain HubSpot contact there.
		const contactPool = world.people.filter(
			(p) => p.inHubspot && !planted.has(p.id) && !p.previous && unique(p) && uniqueCompany(p.companyId) && contactAt(p.id, p.companyId)
		);
		const budgetBuyer = ctx.pick('budget-buyer', contactPool, (p) => !used.has(p.companyId));
		used.add(budgetBuyer.companyId);
		const recentBuyer = ctx.pick('recent-buyer', contactPool, (p) => !used.has(p.companyId));
		const budgetCo = ctx.company(budgetBuyer.companyId);
		const recentCo = ctx.company(recentBuyer.companyId);

		// Dates: deals closed 7–11 months back (the recent one 2–4), signals inside or just outside their windows.
		const closed = {
			fund: ctx.rng('closed-fund').int(200, 320),
			lead: ctx.rng('closed-lead').int(200, 320),
			none: ctx.rng('closed-none').int(200, 320),
			budget: ctx.rng('closed-budget').int(200, 320),
			recent: ctx.rng('closed-recent').int(60, 120)
		};
		const signal = {
			fund: ctx.rng('sig-fund').int(60, 300),
			lead: ctx.rng('sig-lead').int(10, 80),
			none: ctx.rng('sig-none').int(395, 480),
			budget: ctx.rng('sig-budget').int(30, 200),
			recent: ctx.rng('sig-recent').int(30, 200)
		};
		const round = (label: string) => ctx.rng(`round-${label}`).pick(ROUNDS);

		// HubSpot: the five closed-lost deals, each with its buyer and a closing note stating the reason.
		const dealBase = hubspotRow<HsRow>('deals', '300005');
		const noteBase = hubspotRow<HsRow>('notes', (hs.notes as HsRow[])[0]!.id);
		const assoc = (typeId: number, fromType: string, from: string, toType: string, to: string) => ({
			id: `${typeId}:${from}:${to}`,
			fromObjectType: fromType,
			fromObjectId: from,
			toObjectType: toType,
			toObjectId: to,
			associationCategory: 'HUBSPOT_DEFINED',
			associationTypeId: typeId
		});
		const deals: HsRow[] = [];
		const notes: HsRow[] = [];
		const hsAssocs: ReturnType<typeof assoc>[] = [];
		const plans = ['Platform rollout', 'Team plan', 'Enterprise pilot', 'Starter plan', 'Growth plan'];
		const dealOf = (label: string, co: Company, buyer: Person, reason: string, closedDays: number, why: string) => {
			const id = ctx.fixtureId(`deal-${label}`);
			const noteId = ctx.fixtureId(`note-${label}`);
			const closedate = `${daysAgo(closedDays).slice(0, 10)}T09:00:00.000Z`;
			const created = addMs(closedate, -ctx.rng(`open-${label}`).int(30, 90) * DAY_MS);
			const dealname = `${co.name} – ${ctx.rng(`plan-${label}`).pick(plans)}`;
			deals.push({
				...dealBase,
				id,
				properties: {
					...dealBase.properties,
					dealname,
					dealstage: 'closedlost',
					amount: String(ctx.rng(`amount-${label}`).int(4, 30) * 6000),
					closedate,
					hubspot_owner_id: aeId,
					closed_lost_reason: reason,
					createdate: created,
					hs_lastmodifieddate: closedate,
					hs_object_id: id
				},
				createdAt: created,
				updatedAt: closedate
			});
			const body = `Closed lost – ${reason}. ${why}`;
			notes.push({
				...noteBase,
				id: noteId,
				properties: {
					...noteBase.properties,
					hs_timestamp: closedate,
					hs_note_body: body,
					hubspot_owner_id: aeId,
					createdate: closedate,
					hs_lastmodifieddate: closedate,
					hs_object_id: noteId
				},
				createdAt: closedate,
				updatedAt: closedate
			});
			hsAssocs.push(
				assoc(341, 'deals', id, 'companies', co.id),
				assoc(3, 'deals', id, 'contacts', buyer.id),
				assoc(214, 'notes', noteId, 'deals', id),
				assoc(190, 'notes', noteId, 'companies', co.id)
			);
			return { id, dealname };
		};
		const noDecision = (b: Person) => `${b.firstName} liked the product but the team never chose between us and staying put; it stalled.`;
		const dFund = dealOf('fund', fund.company, fund.buyer, 'No decision', closed.fund, noDecision(fund.buyer));
		const dLead = dealOf('lead', leadCo, changer, 'No decision', closed.lead, noDecision(changer));
		const dNone = dealOf('none', none.company, none.buyer, 'No decision', closed.none, noDecision(none.buyer));
		const dBudget = dealOf('budget', budgetCo, budgetBuyer, 'No budget', closed.budget, 'Finance froze new spend for the year.');
		const dRecent = dealOf('recent', recentCo, recentBuyer, 'No decision', closed.recent, noDecision(recentBuyer));
		const ourDeals = [dFund, dLead, dNone, dBudget, dRecent];
		// Deals sorted by id (fixture ids follow creation order): the table shows them that way anyway.
		const dealIds = ourDeals.map((d) => d.id);

		// Sales Navigator: the dated alerts of the AE's seat, the accounts' flags and news consistent with them, the
		// senior hire re-titled, the old buyer flagged Left Account.
		const accountRow = (c: Company, flags: { funding: boolean; leadership: boolean }, news: Account['news']) => {
			const row = sn.accounts.find((a) => a.accountId === c.id);
			if (!row) throw new TemplateError(`${SLUG}@${ctx.seed}: no Sales Navigator account ${c.id}`);
			return { ...structuredClone(row), funding12m: flags.funding, seniorLeadershipChange3m: flags.leadership, news };
		};
		const fundNews = (c: Company, label: string, days: number) => ({
			title: `${c.name} raises $${ctx.rng(`m-${label}`).int(8, 60)}M in ${round(label)} funding`,
			source: 'TechCrunch',
			publishedAt: daysAgo(days)
		});
		const alerts: Record<string, unknown>[] = [];
		const alert = (label: string, c: Company, type: string, text: string, days: number) =>
			alerts.push({
				id: ctx.fixtureId(`alert-${label}`),
				seatId: aeId,
				category: 'account',
				type,
				leadId: null,
				accountId: c.id,
				savedSearchId: null,
				text,
				createdAt: daysAgo(days),
				read: false,
				dismissed: false
			});
		const hireLeadBase = leadOf(hire)!;
		const hireLead: Lead = {
			...structuredClone(hireLeadBase),
			currentTitle: HIRE_TITLE,
			headline: `${HIRE_TITLE} at ${leadCo.name}`,
			accountId: leadCo.id,
			seniority: 'CXO',
			function: 'Sales',
			yearsInRole: 0,
			yearsAtCompany: 0,
			pastPositions: [
				{
					title: 'VP Sales',
					companyName: ctx.pick('hire-prev-employer', world.companies, (c) => !used.has(c.id) && c.id !== leadCo.id).name,
					accountId: null,
					startedOn: monthOf(daysAgo(signal.lead + ctx.rng('hire-prev').int(700, 1400))),
					endedOn: monthOf(daysAgo(signal.lead + 5))
				}
			],
			saved: false,
			leadListIds: [],
			leftAccount: false
		};
		const changerLead: Lead = { ...structuredClone(leadOf(changer)!), leftAccount: true };
		alert('fund', fund.company, 'account_funding', `${fund.company.name} raised a ${round('fund')} round`, signal.fund);
		alert('lead', leadCo, 'account_senior_hire', `${leadCo.name} has a new senior leader: ${name(hire)}, ${HIRE_TITLE}`, signal.lead);
		alert('none', none.company, 'account_funding', `${none.company.name} raised a ${round('none')} round`, signal.none);
		alert('budget', budgetCo, 'account_funding', `${budgetCo.name} raised a ${round('budget')} round`, signal.budget);
		alert('recent', recentCo, 'account_funding', `${recentCo.name} raised a ${round('recent')} round`, signal.recent);
		const accounts = [
			accountRow(fund.company, { funding: true, leadership: false }, [fundNews(fund.company, 'fund', signal.fund)]),
			accountRow(leadCo, { funding: false, leadership: true }, [
				{ title: `${leadCo.name} appoints ${name(hire)} as ${HIRE_TITLE}`, source: 'Business Wire', publishedAt: daysAgo(signal.lead) }
			]),
			accountRow(none.company, { funding: false, leadership: false }, [fundNews(none.company, 'none', signal.none)]),
			accountRow(budgetCo, { funding: true, leadership: false }, [fundNews(budgetCo, 'budget', signal.budget)]),
			accountRow(recentCo, { funding: true, leadership: false }, [fundNews(recentCo, 'recent', signal.recent)])
		];

		// Outreach: the enrichment export already imported (the two execs and the no-trigger company's exec), and the
		// old buyer's prospect at their old address; none in a sequence.
		const prospect = (label: string, p: Person, email: string, title: string, co: Company) =>
			prospectFixture({
				id: ctx.fixtureId(`${label}-prospect`),
				emailAddressId: ctx.fixtureId(`${label}-email`),
				firstName: p.firstName,
				lastName: p.lastName,
				email,
				title,
				company: co.name,
				accountId: orAccounts.has(co.id) ? co.id : null,
				linkedInUrl: p.linkedinUrl,
				phone: p.phone,
				timeZone: p.geo.timeZone,
				ownerId: aeId,
				stageId: COLD_STAGE,
				createdAt: daysAgo(label === 'changer' ? closed.lead + 60 : 1),
				touchedAt: daysAgo(label === 'changer' ? closed.lead : 1)
			});
		const fundExecLead = leadOf(fund.exec)!;
		const noneExecLead = leadOf(none.exec)!;
		const pFund = prospect('fund-exec', fund.exec, fund.exec.workEmail, fundExecLead.currentTitle, fund.company);
		const pHire = prospect('hire', hire, hire.workEmail, HIRE_TITLE, leadCo);
		const pNone = prospect('none-exec', none.exec, none.exec.workEmail, noneExecLead.currentTitle, none.company);
		const oldTitle = String(hsContacts.get(changer.id)!.properties.jobtitle ?? changer.previous!.title);
		const pChanger = prospect('changer', changer, changer.previous!.workEmail, oldTitle, leadCo);
		const pid = { fund: String(pFund.prospect.id), hire: String(pHire.prospect.id), none: String(pNone.prospect.id), changer: String(pChanger.prospect.id) };

		// Queries.
		const newRows = (table: string) =>
			`($initial.hubspot.${table} | map(.id)) as $old | [.hubspot.${table}[] | select((.id as $i | $old | index($i)) == null)]`;
		const contactsBy = (email: string) => `[.hubspot.contacts[] | select((.properties.email // "" | ascii_downcase) == ${jq(email.toLowerCase())})]`;
		const cidOf = (email: string) => `(${contactsBy(email)} | if length == 1 then .[0].id else "none" end)`;
		const onCompany = (email: string, co: string) =>
			`${cidOf(email)} as $c | [.hubspot.associations[] | select((.fromObjectType == "contacts" and .fromObjectId == $c and .toObjectType == "companies" and .toObjectId == ${jq(co)}) or (.fromObjectType == "companies" and .fromObjectId == ${jq(co)} and .toObjectType == "contacts" and .toObjectId == $c))] | length`;
		/** New notes on company `co` or on the contact with `email`, as lower-case bodies. */
		const newNotesOn = (co: string, email: string) =>
			`${cidOf(email)} as $c | [.hubspot.associations[] | select(.fromObjectType == "notes" and ((.toObjectType == "companies" and .toObjectId == ${jq(co)}) or (.toObjectType == "contacts" and .toObjectId == $c))) | .fromObjectId] as $ids | ${newRows('notes')} | map(select(.id | IN($ids[])) | .properties.hs_note_body // "" | ascii_downcase)`;
		const onMyList = (leadId: string) => `[.salesnav.leadLists[] | select(.ownerSeatId == ${jq(aeId)}) | .memberIds[]] | index(${jq(leadId)}) != null`;
		const statesOf = (p: string) =>
			`[.outreach.sequenceStates[] | select(.relationships.prospect.data.id == ${jq(p)} and .relationships.sequence.data.id == ${jq(SEQUENCE_ID)} and (.attributes.state | IN("active", "pending", "paused"))) | .relationships.mailbox.data.id]`;
		const oldStates = `($initial.outreach.sequenceStates | map(.id)) as $old | [.outreach.sequenceStates[] | select((.id as $i | $old | index($i)) == null)]`;
		const quietCompanies = [none.company.id, budgetCo.id, recentCo.id];
		const leadRe = `leader|hire|hired|joined|appoint|chief|cro\\b|${hire.lastName.toLowerCase()}`;

		const fundNote = `${fund.company.name} raised a ${round('fund')} round; reviving with ${name(fund.exec)} (${fundExecLead.currentTitle}).`;
		const leadNote = `New senior leader at ${leadCo.name}: ${name(hire)} joined as ${HIRE_TITLE}; ${name(changer)} has left.`;
		const hsCreate = (co: Company, p: Person, title: string, note: string) => [
			{ goto: `/hubspot/companies/${co.id}` },
			{ wait_for: { role: 'heading', name: co.name } },
			{ click: { role: 'button', name: 'Add contacts' } },
			{ click: { role: 'tab', name: 'Create new' } },
			{ fill: { label: 'Email', value: p.workEmail } },
			{ fill: { label: 'First name', value: p.firstName } },
			{ fill: { label: 'Last name', value: p.lastName } },
			{ fill: { label: 'Job title', value: title } },
			{ click: { role: 'button', name: 'Create' } },
			{ wait_for: { role: 'link', name: name(p) } },
			{ click: { role: 'button', name: 'Note' } },
			{ fill: { role: 'textbox', name: 'Note', value: note } },
			{ click: { role: 'button', name: 'Save note' } },
			{ wait_for: { text: note } }
		];
		const list = 'Closed-lost revival';
		const exportRows = [fund.exec, hire, none.exec].sort((a, b) => (a.lastName < b.lastName ? -1 : a.lastName > b.lastName ? 1 : 0));
		const firstName = ae.firstName;
		const stateClone = (from: string, to: string, id: string) =>
			`.outreach.sequenceStates += [([.outreach.sequenceStates[] | select(.relationships.prospect.data.id == ${jq(from)} and .relationships.sequence.data.id == ${jq(SEQUENCE_ID)})][0] | .id = ${jq(id)} | .relationships.prospect.data.id = ${jq(to)})]`;
		const otherMailbox = mailboxes.find((m) => m.relationships.user?.data?.id === '1012')!.id;

		return {
			title: `Revive ${firstName}'s "No decision" losses on ${spokenDate(clock, ae.timeZone)}: ${fund.company.name} and ${leadCo.name} show triggers`,
			goal: `${name(fund.exec)} (most senior in ${fund.fn} at ${fund.company.name}, which raised a round) and ${name(hire)} (${leadCo.name}'s new ${HIRE_TITLE}) are saved to "${list}" in Sales Navigator, HubSpot contacts on their companies with a note naming the trigger, and in "${SEQUENCE}" from ${myEmail}. ${none.company.name} (funding 13+ months ago), ${budgetCo.name} (lost to No budget) and ${recentCo.name} (lost under 6 months ago) get nothing; ${name(changer)} (left ${leadCo.name}) is not revived; every deal stays closed lost.`,
			prompt: [
				`Look at the deals I lost 6+ months ago to "No decision" (the lost reason is on each deal's closing note). For each of those companies, check Sales Navigator for a trigger: new funding in the last 12 months, or a senior leadership change in the last 3 months.`,
				`Where there's a trigger, find the new exec: the senior hire, or else the most senior person at the company in the original buyer's function. Save them to my Sales Navigator lead list "${list}" (create it if it doesn't exist), add them to HubSpot on that company with a note about the trigger, and enroll them in the Outreach sequence "${SEQUENCE}" from my mailbox (our enrichment export below is already imported into Outreach).`,
				`No trigger, no action. Don't reopen or create any deals.`,
				`Enrichment export: ${exportRows.map((p) => `${name(p)}, ${ctx.company(p.companyId).name}, ${p.workEmail}`).join('; ')}.`
			].join('\n'),
			start_path: '/hubspot/deals',
			clock,
			actors: { hubspot: aeId, salesnav: aeId, outreach: aeId },
			fixtures: {
				hubspot: { deals, notes, associations: hsAssocs },
				salesnav: { accounts, alerts, leads: [hireLead, changerLead] },
				outreach: {
					prospects: [pFund.prospect, pHire.prospect, pNone.prospect, pChanger.prospect],
					emailAddresses: [pFund.emailAddress, pHire.emailAddress, pNone.emailAddress, pChanger.emailAddress]
				}
			} as never,
			steps: [
				{
					platform: 'hubspot',
					objective: 'Find the deals lost 6+ months ago to "No decision" (close date, closing note); change no deal.',
					actions: [
						{ wait_for: { role: 'heading', name: 'Deals' } },
						{ goto: `/hubspot/deals/${dFund.id}` },
						{ wait_for: { role: 'heading', name: dFund.dealname } },
						{ goto: `/hubspot/deals/${dLead.id}` },
						{ wait_for: { role: 'heading', name: dLead.dealname } },
						{ goto: `/hubspot/deals/${dNone.id}` },
						{ wait_for: { role: 'heading', name: dNone.dealname } }
					],
					verifiers: [
						{
							id: 'deals-stay-lost',
							description: `The five closed-lost deals stay closed lost (no deal reopened)`,
							query: `[.hubspot.deals[] | select(.id | IN(${dealIds.map(jq).join(', ')})) | .properties.dealstage] | unique`,
							op: 'eq',
							expected: ['closedlost'],
							weight: 0,
							holds_at_reset: true
						},
						{
							id: 'no-new-deal',
							description: 'No deal is created',
							query: `${newRows('deals')} | length`,
							op: 'eq',
							expected: 0,
							weight: 0,
							holds_at_reset: true
						}
					]
				},
				{
					platform: 'salesnav',
					objective: `Check each company's alerts; save ${name(fund.exec)} and ${name(hire)} to "${list}".`,
					actions: [
						{ goto: `/salesnav/company/${fund.company.id}` },
						{ wait_for: { role: 'heading', name: fund.company.name } },
						{ goto: `/salesnav/company/${leadCo.id}` },
						{ wait_for: { role: 'heading', name: leadCo.name } },
						{ goto: `/salesnav/lead/${fundExecLead.leadId}` },
						{ wait_for: { role: 'heading', name: name(fund.exec) } },
						{ click: { role: 'button', name: 'Save ▾' } },
						{ check: { label: 'Create new list' } },
						{ fill: { label: 'List name', value: list } },
						{ click: { role: 'button', name: 'Save' } },
						{ wait_for: { text: `saved to ${list}` } },
						{ goto: `/salesnav/lead/${hireLead.leadId}` },
						{ wait_for: { role: 'heading', name: name(hire) } },
						{ click: { role: 'button', name: 'Save ▾' } },
						{ check: { role: 'radio', name: `${list} (1)` } },
						{ click: { role: 'button', name: 'Save' } },
						{ wait_for: { text: `saved to ${list}` } }
					],
					verifiers: [
						{
							id: 'fund-exec-saved',
							description: `${name(fund.exec)} (${fundExecLead.currentTitle}, ${fund.fn}) is on one of ${firstName}'s lead lists`,
							query: onMyList(fundExecLead.leadId),
							op: 'eq',
							expected: true
						},
						{
							id: 'hire-saved',
							description: `${name(hire)} (${HIRE_TITLE}, the senior hire) is on one of ${firstName}'s lead lists`,
							query: onMyList(hireLead.leadId),
							op: 'eq',
							expected: true
						},
						{
							id: 'no-trigger-exec-not-saved',
							description: `${name(none.exec)} (${none.company.name}: funding over 12 months ago) is on none of ${firstName}'s lists`,
							query: onMyList(noneExecLead.leadId),
							op: 'eq',
							expected: false,
							weight: 0,
							holds_at_reset: true
						}
					]
				},
				{
					platform: 'hubspot',
					objective: `Create ${name(fund.exec)} on ${fund.company.name} and ${name(hire)} on ${leadCo.name}, each with a note naming the trigger.`,
					actions: [...hsCreate(fund.company, fund.exec, fundExecLead.currentTitle, fundNote), ...hsCreate(leadCo, hire, HIRE_TITLE, leadNote)],
					verifiers: [
						{
							id: 'fund-exec-contact',
							description: `Exactly one HubSpot contact has ${fund.exec.workEmail}, on ${fund.company.name}`,
							query: onCompany(fund.exec.workEmail, fund.company.id),
							op: 'eq',
							expected: 1
						},
						{
							id: 'hire-contact',
							description: `Exactly one HubSpot contact has ${hire.workEmail}, on ${leadCo.name}`,
							query: onCompany(hire.workEmail, leadCo.id),
							op: 'eq',
							expected: 1
						},
						{
							id: 'fund-trigger-note',
							description: `A new note on ${fund.company.name} (or on the new contact) names the funding`,
							query: `${newNotesOn(fund.company.id, fund.exec.workEmail)} | length > 0 and any(.[]; test(${jq(FUNDING_RE)}; "i"))`,
							op: 'eq',
							expected: true
						},
						{
							id: 'hire-trigger-note',
							description: `A new note on ${leadCo.name} (or on the new contact) names the leadership change`,
							query: `${newNotesOn(leadCo.id, hire.workEmail)} | length > 0 and any(.[]; test(${jq(leadRe)}; "i"))`,
							op: 'eq',
							expected: true
						},
						{
							id: 'quiet-companies-untouched',
							description: `No new contact or note on ${none.company.name}, ${budgetCo.name} or ${recentCo.name}`,
							query: `[.hubspot.associations[] | select(((.fromObjectType == "contacts" and .toObjectType == "companies") or (.fromObjectType == "notes" and .toObjectType == "companies")) and (.toObjectId | IN(${quietCompanies.map(jq).join(', ')}))) | .fromObjectId] as $ids | [(${newRows('contacts')} | map(select(.id | IN($ids[])))), (${newRows('notes')} | map(select(.id | IN($ids[]))))] | map(length)`,
							op: 'eq',
							expected: [0, 0],
							weight: 0,
							holds_at_reset: true
						},
						{
							id: 'no-trigger-exec-not-created',
							description: `${name(none.exec)} is not added to HubSpot`,
							query: `${contactsBy(none.exec.workEmail)} | length`,
							op: 'eq',
							expected: 0,
							weight: 0,
							holds_at_reset: true
						}
					]
				},
				{
					platform: 'outreach',
					objective: `Enroll ${name(fund.exec)} and ${name(hire)} in "${SEQUENCE}" from ${myEmail}.`,
					actions: [
						{ goto: '/outreach/prospects' },
						{ wait_for: { role: 'heading', name: 'Prospects' } },
						...[fund.exec, hire].flatMap((p) => [
							{ fill: { role: 'searchbox', name: 'Search prospects', value: p.workEmail } },
							{ click: { role: 'button', name: 'Search' } },
							{ click: { role: 'checkbox', name: `Select ${name(p)}` } }
						]),
						{ click: { role: 'button', name: 'Add to sequence' } },
						{ click: { role: 'combobox', name: 'Sequence' } },
						{ click: { role: 'option', name: SEQUENCE } },
						{ click: { role: 'combobox', name: 'Mailbox' } },
						{ click: { role: 'option', name: myEmail } },
						{ click: { role: 'button', name: 'Add' } },
						{ wait_for: { text: '2 added, 0 skipped' } }
					],
					verifiers: [
						{
							id: 'fund-exec-enrolled',
							description: `${name(fund.exec)} is in "${SEQUENCE}" from ${myEmail}`,
							query: statesOf(pid.fund),
							op: 'eq',
							expected: [mailbox.id]
						},
						{
							id: 'hire-enrolled',
							description: `${name(hire)} is in "${SEQUENCE}" from ${myEmail}`,
							query: statesOf(pid.hire),
							op: 'eq',
							expected: [mailbox.id]
						},
						{
							id: 'nobody-else-sequenced',
							description: `No one else gets a new sequence state (not ${name(none.exec)}, not ${name(changer)} at their old ${leadCo.name} address)`,
							query: `${oldStates} | map(select((.relationships.prospect.data.id | IN(${jq(pid.fund)}, ${jq(pid.hire)})) | not)) | length`,
							op: 'eq',
							expected: 0,
							weight: 0,
							holds_at_reset: true
						}
					]
				}
			],
			mutants: [
				{
					id: 'stale-funding-revived',
					description: `treats ${none.company.name}'s funding of ${signal.none} days ago as a trigger: saves, creates and sequences ${name(none.exec)}`,
					kind: 'wrong_time',
					patch:
						`${stateClone(pid.fund, pid.none, '999901')} | ` +
						`.salesnav.leadLists |= map(if .name == ${jq(list)} then .memberIds += [${jq(noneExecLead.leadId)}] else . end) | ` +
						`.hubspot.contacts += [(.hubspot.contacts[] | select((.properties.email // "" | ascii_downcase) == ${jq(fund.exec.workEmail.toLowerCase())}) | .id = "999902" | .properties.email = ${jq(none.exec.workEmail)})] | ` +
						`.hubspot.associations += [${JSON.stringify(assoc(279, 'contacts', '999902', 'companies', none.company.id))}]`
				},
				{
					id: 'no-budget-deal-worked',
					description: `also works ${budgetCo.name}, lost to No budget: a note on the company`,
					kind: 'decoy',
					patch: `.hubspot.notes += [{id: "999903", properties: {hs_note_body: "Raised a round, reviving"}}] | .hubspot.associations += [${JSON.stringify(assoc(190, 'notes', '999903', 'companies', budgetCo.id))}]`
				},
				{
					id: 'old-buyer-revived',
					description: `sequences ${name(changer)} at their old ${leadCo.name} address instead of the new leader`,
					kind: 'stale_data',
					patch: `.outreach.sequenceStates |= map(if .relationships.prospect.data.id == ${jq(pid.hire)} then .relationships.prospect.data.id = ${jq(pid.changer)} else . end)`
				},
				{
					id: 'deal-reopened',
					description: `reopens the ${dFund.dealname} deal`,
					kind: 'collateral',
					patch: `.hubspot.deals |= map(if .id == ${jq(dFund.id)} then .properties.dealstage = "appointmentscheduled" else . end)`
				},
				{
					id: 'revival-deal-created',
					description: 'creates a new deal for the revival',
					kind: 'collateral',
					patch: `.hubspot.deals += [(.hubspot.deals[] | select(.id == ${jq(dLead.id)}) | .id = "999904" | .properties.dealstage = "appointmentscheduled")]`
				},
				{
					id: 'colleague-mailbox',
					description: `enrolls ${name(fund.exec)} from the sequence owner's mailbox instead of ${firstName}'s`,
					kind: 'wrong_owner',
					patch: `.outreach.sequenceStates |= map(if .relationships.prospect.data.id == ${jq(pid.fund)} then .relationships.mailbox.data.id = ${jq(otherMailbox)} else . end)`
				},
				{
					id: 'hire-skipped',
					description: `misses the leadership trigger at ${leadCo.name}: ${name(hire)} is neither saved, created nor sequenced`,
					kind: 'partial',
					patch:
						`.outreach.sequenceStates |= map(select(.relationships.prospect.data.id != ${jq(pid.hire)})) | ` +
						`.salesnav.leadLists |= map(.memberIds -= [${jq(hireLead.leadId)}]) | ` +
						`.hubspot.contacts |= map(select((.properties.email // "" | ascii_downcase) != ${jq(hire.workEmail.toLowerCase())}))`
				},
				{
					id: 'fund-not-saved',
					description: `never saves ${name(fund.exec)} in Sales Navigator`,
					kind: 'step_skipped',
					patch: `.salesnav.leadLists |= map(.memberIds -= [${jq(fundExecLead.leadId)}])`
				},
				{
					id: 'fund-contact-off-company',
					description: `creates ${name(fund.exec)} in HubSpot without the company association`,
					kind: 'required_missing',
					patch: `${cidOf(fund.exec.workEmail)} as $c | .hubspot.associations |= map(select(((.fromObjectType == "contacts" and .fromObjectId == $c and .toObjectType == "companies") or (.fromObjectType == "companies" and .toObjectType == "contacts" and .toObjectId == $c)) | not))`
				},
				{
					id: 'hire-contact-missing',
					description: `sequences ${name(hire)} but never adds them to HubSpot`,
					kind: 'step_skipped',
					patch: `.hubspot.contacts |= map(select((.properties.email // "" | ascii_downcase) != ${jq(hire.workEmail.toLowerCase())}))`
				},
				{
					id: 'notes-missing',
					description: 'adds the contacts but writes no trigger notes',
					kind: 'step_skipped',
					patch: `($initial.hubspot.notes | map(.id)) as $old | .hubspot.notes |= map(select((.id as $i | $old | index($i)) != null))`
				},
				{
					id: 'generic-notes',
					description: 'writes "just checking in" notes that name no trigger',
					kind: 'required_missing',
					patch: `($initial.hubspot.notes | map(.id)) as $old | .hubspot.notes |= map(if (.id as $i | $old | index($i)) == null then .properties.hs_note_body = "Just checking in" else . end)`
				},
				{
					id: 'wrong-sequence',
					description: `enrolls both in "Re-engage – 3 touch" instead of "${SEQUENCE}"`,
					kind: 'wrong_value',
					patch: `${oldStates} as $new | ($new | map(.id)) as $ids | .outreach.sequenceStates |= map(if (.id | IN($ids[])) then .relationships.sequence.data.id = "403003" else . end)`
				}
			],
			alternatives: [
				{
					id: 'notes-on-contacts-other-list',
					description: `the trigger notes sit on the new contacts, worded differently, and the execs are saved to another list of ${firstName}'s`,
					patch:
						`($initial.hubspot.notes | map(.id)) as $old | ([.hubspot.notes[] | select((.id as $i | $old | index($i)) == null) | .id]) as $new | ${cidOf(fund.exec.workEmail)} as $cf | ${cidOf(hire.workEmail)} as $ch | ` +
						`.hubspot.associations |= map(if .fromObjectType == "notes" and (.fromObjectId | IN($new[])) and .toObjectType == "companies" then .toObjectType = "contacts" | .id = ("202:" + .fromObjectId + ":alt") | .toObjectId = (if .toObjectId == ${jq(fund.company.id)} then $cf else $ch end) else . end) | ` +
						`.hubspot.notes |= map(if (.id | IN($new[])) then .properties.hs_note_body = (if (.properties.hs_note_body | test("raised a")) then "Series funding closed recently" else "Hired a new CRO" end) else . end) | ` +
						`.salesnav.leadLists |= map(if .name == ${jq(list)} then .name = "Win-back Q1" else . end)`
				}
			]
		};
	}
};

export default template;
