/**
 * T3 · or-hs-sn-bounce-resource (tier 3, Outreach + HubSpot + Sales Navigator, outbound, personalized outreach &
 * sequencing).
 *
 * Two of the acting SDR's prospects bounced in the same Outreach sequence. The rep diagnoses each in Sales
 * Navigator and takes the branch the rules of engagement give:
 * - the job changer (planted `job_changer`; Left Account on the seat's lead, new company shown): Outreach stage
 *   Bad Contact Info (R7), never sequenced again; HubSpot record updated in place (R4: Sales Navigator title, new
 *   company associated, old one removed, a note on the old company naming where they went); then the successor:
 *   the person at the old company who now holds the changer's old title and started in it AFTER the departure
 *   (Sales Navigator shows their previous job ending after it, "Less than 1 year" in role), saved to a new lead
 *   list, created in HubSpot at the old company with the enrichment email, and added to the same sequence from
 *   the rep's mailbox;
 * - the one who stayed (planted `bounced`, still at their company in Sales Navigator): Outreach stage Bad Contact
 *   Info, HubSpot lead status Attempted to Contact and a task for the rep to find the right address.
 * Decoys: a colleague with the same title at the old company who has held it for years (started before the
 * departure; also in the enrichment export and in Outreach), and a person at the stayer's company in the export
 * (adding them means the stayer was read as a leaver).
 *
 * Bindings: the stayer is a planted bounced person in HubSpot and Outreach whose seeded bounced state sends from an
 * SDR's mailbox on an enabled sequence; the changer is a planted job changer whose HubSpot contact still sits at
 * the old company (both companies in HubSpot, the old one an Outreach account) and who left 2–20 months before the
 * clock; the successor and the decoy are people of the old company in neither HubSpot nor Outreach.
 *
 * Simplified from the catalogue: the Outreach replica has no screen that creates a prospect or edits a prospect's
 * account or emails, so the enrichment export is already imported into Outreach (fixture prospects for the successor
 * and the decoy, in no sequence) and the changer's Outreach prospect is not moved to the new account (their new
 * email is unknown, R4's "when it is known"); the Sales Navigator replica shows time in role in whole years, so
 * "started after they left" is read from the previous job's end month and the years in role. Both branches are
 * in every instance rather than one branch per instance.
 */
import { leadIdFor, project as projectSalesNav } from '../../gyms/salesnav/seed';
import { zonedToUtc } from '../../gyms/calendly/tz';
import type { Person } from '../../seeds/world';
import { TemplateError, type Template } from './kit';
import { addMs, DAY_MS, hubspotTables, jq, outreachTables } from './_gym-rows';

type Row = { id: string; [k: string]: unknown };
type Rel = { data: { type: string; id: string } | null };
type OrRow = Row & { attributes: Record<string, unknown>; relationships: Record<string, Rel> };
type HsRow = Row & { properties: Record<string, string> };
type HsAssoc = { fromObjectType: string; fromObjectId: string; toObjectType: string; toObjectId: string };
type Lead = Record<string, unknown> & {
	leadId: string;
	currentTitle: string;
	accountId: string;
	seniority: string;
	function: string;
	pastPositions: { title: string; companyName: string; accountId: string | null; startedOn: string; endedOn: string | null }[];
};

/** Outreach stage ids of the seed projection. */
const BAD_CONTACT_INFO = '402008';
const APPROACHING = '402002';
/** The SDR seats whose mailboxes may own the bounced states (the acting rep). */
const SDRS = ['1001', '1002'];
const LIST_NAME = 'Bounce replacements';
/** Weekdays of the scenario calendar (pre-DST and US-DST-only weeks). */
const DAYS = ['2026-03-03', '2026-03-04', '2026-03-05', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-17', '2026-03-18', '2026-03-19'];

/** `YYYY-MM` plus `n` months. */
function addMonths(month: string, n: number): string {
	const [y, m] = month.split('-').map(Number) as [number, number];
	const t = y * 12 + (m - 1) + n;
	return `${Math.floor(t / 12)}-${String((t % 12) + 1).padStart(2, '0')}`;
}

/** Whole months from `a` to `b` (`YYYY-MM`). */
function monthsBetween(a: string, b: string): number {
	const [ya, ma] = a.split('-').map(Number) as [number, number];
	const [yb, mb] = b.split('-').map(Number) as [number, number];
	return yb * 12 + mb - (ya * 12 + ma);
}

/** "September 2025" of a `YYYY-MM` month. */
function monthName(month: string): string {
	return new Date(`${month}-15T12:00:00.000Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** A regex source matching `s` literally (for jq `test`). */
function literal(s: string): string {
	return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const template: Template = {
	meta: {
		slug: 'or-hs-sn-bounce-resource',
		version: 1,
		title: 'Two bounces: diagnose in Sales Navigator, fix the records, re-source the one who left',
		platforms: ['outreach', 'salesnav', 'hubspot'],
		category: 'outbound',
		business_function: 'personalized outreach & sequencing',
		anomalies: ['bounced', 'job_changer'],
		traps: ['left_account', 'successor_by_tenure', 'branch_per_item', 'exclusive_seq'],
		pinned: [1, 2, 3, 6, 7]
	},
	build(ctx) {
		const { world } = ctx;
		const hs = hubspotTables();
		const or = outreachTables(world);
		const sn = projectSalesNav(world) as unknown as { leads: Lead[] };
		const leads = new Map(sn.leads.map((l) => [l.leadId, l]));
		const leadOf = (p: Person) => leads.get(leadIdFor(p.id))!;
		const hsContacts = new Map((hs.contacts as HsRow[]).map((c) => [c.id, c]));
		const hsCompanies = new Map((hs.companies as HsRow[]).map((c) => [c.id, c]));
		const assocs = hs.associations as unknown as HsAssoc[];
		const contactAt = (pid: string, co: string) =>
			assocs.some((a) => a.fromObjectType === 'contacts' && a.fromObjectId === pid && a.toObjectType === 'companies' && a.toObjectId === co);
		const prospects = new Map((or.prospects as OrRow[]).map((p) => [p.id, p]));
		const states = or.sequenceStates as OrRow[];
		const sequences = new Map((or.sequences as OrRow[]).map((s) => [s.id, s]));
		const mailboxes = or.mailboxes as OrRow[];
		const emailRows = or.emailAddresses as OrRow[];
		const orAccounts = new Set((or.accounts as OrRow[]).map((a) => a.id));
		const planted = new Set(world.anomalies.flatMap((a) => a.personIds));
		const names = new Map<string, number>();
		for (const p of world.people) names.set(`${p.firstName} ${p.lastName}`, (names.get(`${p.firstName} ${p.lastName}`) ?? 0) + 1);
		const unique = (p: Person) => names.get(`${p.firstName} ${p.lastName}`) === 1;
		const hsNames = new Map<string, number>();
		for (const c of hsCompanies.values()) hsNames.set(c.properties.name!, (hsNames.get(c.properties.name!) ?? 0) + 1);
		const uniqueCompany = (id: string) => hsCompanies.has(id) && hsNames.get(hsCompanies.get(id)!.properties.name!) === 1;
		const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
		const mailboxOf = (s: OrRow) => s.relationships.mailbox?.data?.id;
		const userOfMailbox = (id: string | undefined) => mailboxes.find((m) => m.id === id)?.relationships.user?.data?.id;

		// The stayer: a planted bounce, still at their company, on an enabled sequence from an SDR's mailbox.
		const stayer = ctx.pick('stayer', ctx.anomalyPeople('bounced'), (p) => {
			if (!p.inHubspot || !p.inOutreach || p.previous || !unique(p) || !uniqueCompany(p.companyId)) return false;
			const st = states.filter((s) => s.relationships.prospect?.data?.id === p.id);
			const bounced = st.filter((s) => s.attributes.state === 'bounced');
			if (st.length !== 1 || bounced.length !== 1) return false;
			const seq = sequences.get(bounced[0]!.relationships.sequence!.data!.id)!;
			const c = hsContacts.get(p.id);
			return (
				seq.attributes.enabled === true &&
				SDRS.includes(userOfMailbox(mailboxOf(bounced[0]!)) ?? '') &&
				c !== undefined &&
				c.properties.hs_lead_status !== 'ATTEMPTED_TO_CONTACT' &&
				contactAt(p.id, p.companyId) &&
				leadOf(p).leftAccount === false
			);
		});
		const stayerState = states.find((s) => s.relationships.prospect?.data?.id === stayer.id)!;
		const seqId = stayerState.relationships.sequence!.data!.id;
		const seqName = String(sequences.get(seqId)!.attributes.name);
		const mailboxId = mailboxOf(stayerState)!;
		const actor = userOfMailbox(mailboxId)!;
		const me = ctx.user(actor);
		const myName = name(me);
		const myEmail = String(mailboxes.find((m) => m.id === mailboxId)!.attributes.email);
		const zone = me.timeZone;
		const day = ctx.rng('day').pick(DAYS);
		const clock = new Date(zonedToUtc(zone, day, ctx.rng('minute').pick([9 * 60 + 30, 9 * 60 + 45, 10 * 60, 10 * 60 + 15]))).toISOString();
		const clockMonth = day.slice(0, 7);

		// The job changer and the two people of their old company.
		const colleagues = (p: Person) =>
			world.people.filter(
				(q) =>
					q.companyId === p.previous!.companyId &&
					q.id !== p.id &&
					!q.inHubspot &&
					!q.inOutreach &&
					!q.previous &&
					q.emailStatus === 'ok' &&
					!planted.has(q.id) &&
					unique(q)
			);
		const changers = ctx.anomalyPeople('job_changer').filter((p) => {
			if (!p.previous || !p.inHubspot || !unique(p) || p.companyId === stayer.companyId || p.previous.companyId === stayer.companyId) return false;
			const c = hsContacts.get(p.id);
			const left = p.previous.endedAt.slice(0, 7);
			const away = monthsBetween(left, clockMonth);
			return (
				c !== undefined &&
				c.properties.jobtitle !== p.title &&
				uniqueCompany(p.companyId) &&
				uniqueCompany(p.previous.companyId) &&
				orAccounts.has(p.previous.companyId) &&
				contactAt(p.id, p.previous.companyId) &&
				!contactAt(p.id, p.companyId) &&
				away >= 2 &&
				away <= 20 &&
				colleagues(p).length >= 2
			);
		});
		// Consecutive seeds take different changers (a seeded shuffle could repeat one): a stride over the pool.
		if (changers.length === 0) throw new TemplateError('or-hs-sn-bounce-resource: selector "changer" matched 0');
		const changer = changers[(ctx.seed * 5) % changers.length]!;
		const prev = changer.previous!;
		const oldCo = ctx.company(prev.companyId);
		const newCo = ctx.company(changer.companyId);
		const [successor, decoy] = ctx.pickMany('successor-and-decoy', colleagues(changer), 2) as [Person, Person];
		const other = ctx.pick('stayer-colleague', world.people, (q) => q.companyId === stayer.companyId && q.id !== stayer.id && !q.inHubspot && unique(q));
		const leftMonth = prev.endedAt.slice(0, 7);

		// Sales Navigator: the changer flagged Left Account on the seat; the successor and the decoy both hold the old title.
		const changerLead = { ...structuredClone(leadOf(changer)), leftAccount: true, saved: true };
		const roleLike = sn.leads.find((l) => l.currentTitle === prev.title) ?? leadOf(changer);
		const startedSucc = addMonths(leftMonth, ctx.rng('succ-start').int(1, Math.min(3, monthsBetween(leftMonth, clockMonth) - 1)));
		const startedDecoy = addMonths(leftMonth, -ctx.rng('decoy-start').int(14, 40));
		const prevEmployer = ctx.pick('successor-previous-employer', world.companies, (c) => c.id !== oldCo.id && c.id !== newCo.id);
		const succLead = {
			...structuredClone(leadOf(successor)),
			currentTitle: prev.title,
			headline: `${prev.title} at ${oldCo.name}`,
			accountId: oldCo.id,
			seniority: roleLike.seniority,
			function: roleLike.function,
			yearsInRole: Math.floor(monthsBetween(startedSucc, clockMonth) / 12),
			yearsAtCompany: Math.floor(monthsBetween(startedSucc, clockMonth) / 12),
			pastPositions: [
				{
					title: prev.title,
					companyName: prevEmployer.name,
					accountId: prevEmployer.id,
					startedOn: addMonths(startedSucc, -ctx.rng('succ-prev').int(20, 50)),
					endedOn: startedSucc
				}
			],
			saved: false,
			leadListIds: [],
			leftAccount: false
		};
		const decoyYears = Math.floor(monthsBetween(startedDecoy, clockMonth) / 12);
		const decoyLead = {
			...structuredClone(leadOf(decoy)),
			currentTitle: prev.title,
			headline: `${prev.title} at ${oldCo.name}`,
			accountId: oldCo.id,
			seniority: roleLike.seniority,
			function: roleLike.function,
			yearsInRole: decoyYears,
			yearsAtCompany: decoyYears + ctx.rng('decoy-tenure').int(0, 2),
			saved: false,
			leadListIds: [],
			leftAccount: false
		};

		// Outreach: the changer's prospect at the old address, bounced in the stayer's sequence; the export imported.
		const base = structuredClone(prospects.get(stayer.id)!);
		const custom = Object.fromEntries(
			Object.keys(base.attributes)
				.filter((k) => /^custom\d+$/.test(k))
				.map((k) => [k, null])
		);
		const recent = (days: number) => addMs(clock, -days * DAY_MS - 5 * 3_600_000);
		const prospectRow = (id: string, p: Person, email: string, title: string, stage: string, days: number): OrRow => ({
			...base,
			id,
			attributes: {
				...base.attributes,
				...custom,
				firstName: p.firstName,
				lastName: p.lastName,
				emails: [email],
				title,
				company: oldCo.name,
				linkedInUrl: p.linkedinUrl,
				workPhones: [p.phone],
				mobilePhones: [],
				timeZoneIana: p.geo.timeZone,
				tags: [],
				optedOut: false,
				optedOutAt: null,
				emailOptedOut: false,
				callOptedOut: false,
				engagedScore: 0,
				touchedAt: recent(days),
				externalId: null,
				createdAt: recent(days + 30),
				updatedAt: recent(days)
			},
			relationships: {
				...base.relationships,
				account: { data: { type: 'account', id: oldCo.id } },
				owner: { data: { type: 'user', id: actor } },
				stage: { data: { type: 'stage', id: stage } }
			}
		});
		const emailRow = (id: string, pid: string, email: string, bounced: boolean, days: number): OrRow => ({
			...structuredClone(emailRows.find((e) => e.relationships.prospect?.data?.id === stayer.id)!),
			id,
			attributes: {
				email,
				emailType: 'work',
				order: 0,
				status: bounced ? 'bounced' : null,
				statusChangedAt: bounced ? recent(days) : null,
				unsubscribedAt: null,
				createdAt: recent(days + 30),
				updatedAt: recent(days)
			},
			relationships: { prospect: { data: { type: 'prospect', id: pid } } }
		});
		const changerPid = ctx.fixtureId('changer-prospect');
		const succPid = ctx.fixtureId('successor-prospect');
		const decoyPid = ctx.fixtureId('decoy-prospect');
		const changerSid = ctx.fixtureId('changer-bounced-state');
		const bounceDays = ctx.rng('bounce-days').int(1, 3);
		const changerState: OrRow = {
			...structuredClone(stayerState),
			id: changerSid,
			attributes: {
				...stayerState.attributes,
				state: 'bounced',
				stateChangedAt: recent(bounceDays),
				activeAt: recent(bounceDays + 7),
				createdAt: recent(bounceDays + 7),
				updatedAt: recent(bounceDays),
				deliverCount: 1,
				bounceCount: 1
			},
			relationships: {
				...stayerState.relationships,
				prospect: { data: { type: 'prospect', id: changerPid } },
				account: { data: { type: 'account', id: oldCo.id } }
			}
		};
		const stayerStage = String(prospects.get(stayer.id)!.relationships.stage?.data?.id ?? '');
		const stayerFixture =
			stayerStage === BAD_CONTACT_INFO ? [{ ...base, relationships: { ...base.relationships, stage: { data: { type: 'stage', id: APPROACHING } } } }] : [];
		const stayerInitialStage = stayerStage === BAD_CONTACT_INFO ? APPROACHING : stayerStage;

		const stayerContact = hsContacts.get(stayer.id)!;
		const changerContact = hsContacts.get(changer.id)!;
		const oldTitle = String(changerContact.properties.jobtitle);
		const stayerStatus = stayerContact.properties.hs_lead_status ?? null;
		const exportRows = [successor, decoy, other].sort((a, b) => (a.lastName < b.lastName ? -1 : 1));
		const companyToken = newCo.name.split(/[^A-Za-z0-9]+/).find((t) => t.length >= 3) ?? newCo.name;

		const noteText = `${name(changer)} (${prev.title}) left ${oldCo.name} in ${monthName(leftMonth)} and is now ${changer.title} at ${newCo.name}. Successor: ${name(successor)}.`;
		const stageOf = (pid: string) => `[.outreach.prospects[] | select(.id == ${jq(pid)}) | .relationships.stage.data.id]`;
		const contactsBy = (email: string) => `[.hubspot.contacts[] | select((.properties.email // "" | ascii_downcase) == ${jq(email)})]`;
		const assocQ = (cid: string, co: string) =>
			`[.hubspot.associations[] | select(.fromObjectType == "contacts" and .fromObjectId == ${cid} and .toObjectType == "companies" and .toObjectId == ${jq(co)})] | length`;
		const newRows = (table: string) =>
			`($initial.hubspot.${table} | map(.id)) as $old | [.hubspot.${table}[] | select((.id as $i | $old | index($i)) == null)]`;
		const linked = (kind: string, toType: string, toId: string) =>
			`[.hubspot.associations[] | select(.fromObjectType == "${kind}" and .toObjectType == "${toType}" and .toObjectId == ${jq(toId)}) | .fromObjectId]`;
		const succCid = `(${contactsBy(successor.workEmail)} | if length == 1 then .[0].id else "none" end)`;
		const myStates = (pid: string) =>
			`[.outreach.sequenceStates[] | select(.relationships.prospect.data.id == ${jq(pid)} and .relationships.sequence.data.id == ${jq(seqId)})]`;
		const hsOwner = ctx.pick('other-owner', world.users, (u) => u.id !== actor).id;

		return {
			title: `Work ${myName.split(' ')[0]}'s two "${seqName}" bounces: ${name(changer)} and ${name(stayer)}`,
			goal: `${name(changer)} left ${oldCo.name} for ${newCo.name}: Bad Contact Info in Outreach, HubSpot updated in place (title "${changer.title}", ${newCo.name} instead of ${oldCo.name}, a note on ${oldCo.name}); their successor ${name(successor)} (started after they left; not ${name(decoy)}, in the role for years) is on the new lead list "${LIST_NAME}", a HubSpot contact at ${oldCo.name} and in "${seqName}" from ${myEmail}. ${name(stayer)} is still at ${ctx.company(stayer.companyId).name}: Bad Contact Info, lead status Attempted to Contact, a task for ${myName}.`,
			prompt:
				`Two of my prospects bounced in the Outreach sequence "${seqName}": ${name(changer)} (${prev.workEmail}) and ${name(stayer)} (${stayer.workEmail}). ` +
				`Find out why in Sales Navigator and handle both per our rules of engagement for bounces. ` +
				`If one of them has left their company, update their HubSpot record per our job-changer rule (we don't have their new email yet), ` +
				`then find who took over their role at the company they left: the same title, held by someone who started in it after they left. ` +
				`Save that person to a new Sales Navigator lead list of mine called "${LIST_NAME}", add them to HubSpot at that company with the email from our enrichment export below, and put them into "${seqName}" from my mailbox (the export is already imported into Outreach). ` +
				`If one of them is still at their company, set their HubSpot lead status to Attempted to Contact and create a task for me to find their right email address. ` +
				`Enrichment export: ${exportRows.map((p) => `${name(p)}, ${p.workEmail}`).join('; ')}.`,
			start_path: `/outreach/prospects/${changerPid}`,
			clock,
			actors: { outreach: actor, salesnav: actor, hubspot: actor },
			fixtures: {
				outreach: {
					prospects: [
						prospectRow(changerPid, changer, prev.workEmail, prev.title, APPROACHING, bounceDays),
						prospectRow(succPid, successor, successor.workEmail, prev.title, '402001', 1),
						prospectRow(decoyPid, decoy, decoy.workEmail, prev.title, '402001', 1),
						...stayerFixture
					],
					sequenceStates: [changerState],
					emailAddresses: [
						emailRow(ctx.fixtureId('changer-email'), changerPid, prev.workEmail, true, bounceDays),
						emailRow(ctx.fixtureId('successor-email'), succPid, successor.workEmail, false, 1),
						emailRow(ctx.fixtureId('decoy-email'), decoyPid, decoy.workEmail, false, 1)
					]
				},
				salesnav: { leads: [changerLead, succLead, decoyLead] }
			} as never,
			steps: [
				{
					platform: 'outreach',
					objective: `Set both bounced prospects to Bad Contact Info (R7); neither is sequenced again at the bounced address.`,
					actions: [
						...[
							[changerPid, name(changer)],
							[stayer.id, name(stayer)]
						].flatMap(([pid, who]) => [
							{ goto: `/outreach/prospects/${pid}` },
							{ wait_for: { role: 'heading', name: who } },
							{ click: { role: 'button', name: 'Edit Stage' } },
							{ click: { role: 'combobox', name: 'Stage' } },
							{ click: { role: 'option', name: 'Bad Contact Info' } },
							{ click: { role: 'button', name: 'Save' } },
							{ wait_for: { text: 'Prospect saved' } }
						])
					],
					verifiers: [
						{
							id: 'changer-bad-contact',
							description: `${name(changer)}'s prospect is at stage Bad Contact Info`,
							query: stageOf(changerPid),
							op: 'eq',
							expected: [BAD_CONTACT_INFO]
						},
						{
							id: 'stayer-bad-contact',
							description: `${name(stayer)}'s prospect is at stage Bad Contact Info`,
							query: stageOf(stayer.id),
							op: 'eq',
							expected: [BAD_CONTACT_INFO]
						},
						{
							id: 'bounced-not-resequenced',
							description: `Neither bounced prospect has a sequence state besides the bounced one`,
							query: `[.outreach.sequenceStates[] | select(.relationships.prospect.data.id | IN(${jq(changerPid)}, ${jq(stayer.id)})) | .id] | sort`,
							op: 'eq',
							expected: [stayerState.id, changerSid].sort(),
							weight: 0,
							holds_at_reset: true
						}
					]
				},
				{
					platform: 'salesnav',
					objective: `See that ${name(changer)} left ${oldCo.name} and find the successor in the role; save them to "${LIST_NAME}".`,
					actions: [
						{ goto: `/salesnav/lead/${changerLead.leadId}` },
						{ wait_for: { text: 'Left Account' } },
						{ goto: `/salesnav/lead/${succLead.leadId}` },
						{ wait_for: { role: 'heading', name: name(successor) } },
						{ click: { role: 'button', name: 'Save ▾' } },
						{ check: { label: 'Create new list' } },
						{ fill: { label: 'List name', value: LIST_NAME } },
						{ click: { role: 'button', name: 'Save' } },
						{ wait_for: { text: `saved to ${LIST_NAME}` } }
					],
					verifiers: [
						{
							id: 'successor-listed',
							description: `${myName}'s lead list "${LIST_NAME}" exists once and holds exactly the successor`,
							query: `[.salesnav.leadLists[] | select(.name == ${jq(LIST_NAME)} and .ownerSeatId == ${jq(actor)}) | .memberIds]`,
							op: 'eq',
							expected: [[succLead.leadId]]
						}
					]
				},
				{
					platform: 'hubspot',
					objective: `Update ${name(changer)} in place (R4), create the successor at ${oldCo.name}, and handle ${name(stayer)}'s bounce.`,
					actions: [
						{ goto: `/hubspot/contacts/${changer.id}` },
						{ wait_for: { role: 'heading', name: name(changer) } },
						{ click: { role: 'button', name: 'Edit Job title' } },
						{ fill: { label: 'Job title', value: changer.title } },
						{ click: { role: 'button', name: 'Save' } },
						{ wait_for: { text: 'Contact saved' } },
						{ click: { role: 'button', name: `Remove association with ${oldCo.name}` } },
						{ wait_for: { role: 'heading', name: 'Companies (0)' } },
						{ click: { role: 'button', name: 'Add companies' } },
						{ fill: { label: 'Search companies', value: newCo.name } },
						{ check: { label: newCo.name } },
						{ click: { role: 'button', name: 'Save' } },
						{ wait_for: { role: 'link', name: newCo.name } },
						{ goto: `/hubspot/companies/${oldCo.id}` },
						{ wait_for: { role: 'heading', name: oldCo.name } },
						{ click: { role: 'button', name: 'Note' } },
						{ fill: { role: 'textbox', name: 'Note', value: noteText } },
						{ click: { role: 'button', name: 'Save note' } },
						{ wait_for: { text: noteText } },
						{ goto: '/hubspot/contacts' },
						{ click: { role: 'button', name: 'Create contact' } },
						{ fill: { label: 'Email', value: successor.workEmail } },
						{ fill: { label: 'First name', value: successor.firstName } },
						{ fill: { label: 'Last name', value: successor.lastName } },
						{ fill: { label: 'Job title', value: prev.title } },
						{ fill: { label: 'Company name', value: oldCo.name } },
						{ click: { role: 'button', name: 'Create' } },
						{ wait_for: { role: 'heading', name: name(successor) } },
						{ click: { role: 'button', name: 'Add companies' } },
						{ fill: { label: 'Search companies', value: oldCo.name } },
						{ check: { label: oldCo.name } },
						{ click: { role: 'button', name: 'Save' } },
						{ wait_for: { role: 'link', name: oldCo.name } },
						{ goto: `/hubspot/contacts/${stayer.id}` },
						{ wait_for: { role: 'heading', name: name(stayer) } },
						{ click: { role: 'button', name: 'Edit Lead status' } },
						{ click: { role: 'combobox', name: 'Lead status' } },
						{ click: { role: 'option', name: 'Attempted to Contact' } },
						{ click: { role: 'button', name: 'Save' } },
						{ wait_for: { text: 'Contact saved' } },
						{ click: { role: 'button', name: 'Task' } },
						{ fill: { label: 'Title', value: `Find the right email address for ${name(stayer)}` } },
						{ click: { role: 'combobox', name: 'Assigned to' } },
						{ click: { role: 'option', name: myName } },
						{ click: { role: 'button', name: 'Create' } },
						{ wait_for: { role: 'heading', name: `Task: Find the right email address for ${name(stayer)}` } }
					],
					verifiers: [
						{
							id: 'changer-title',
							description: `${name(changer)}'s job title is the Sales Navigator one: ${changer.title}`,
							query: `[.hubspot.contacts[] | select(.id == ${jq(changer.id)}) | .properties.jobtitle]`,
							op: 'eq',
							expected: [changer.title]
						},
						{
							id: 'changer-new-company',
							description: `${name(changer)} is associated with ${newCo.name}`,
							query: assocQ(jq(changer.id), newCo.id),
							op: 'gte',
							expected: 1
						},
						{
							id: 'changer-old-company-removed',
							description: `${name(changer)} is no longer associated with ${oldCo.name}`,
							query: assocQ(jq(changer.id), oldCo.id),
							op: 'eq',
							expected: 0
						},
						{
							id: 'departure-note',
							description: `A new note on ${oldCo.name} names where ${name(changer)} went (${newCo.name})`,
							query: `${linked('notes', 'companies', oldCo.id)} as $ids | ${newRows('notes')} | map(select(.id | IN($ids[])) | .properties.hs_note_body // "") | length > 0 and any(.[]; test(${jq(literal(companyToken))}; "i"))`,
							op: 'eq',
							expected: true
						},
						{
							id: 'successor-contact',
							description: `${name(successor)} exists once in HubSpot, with the export email ${successor.workEmail}`,
							query: `${contactsBy(successor.workEmail)} | map([.properties.firstname, .properties.lastname])`,
							op: 'eq',
							expected: [[successor.firstName, successor.lastName]]
						},
						{
							id: 'successor-at-old-company',
							description: `${name(successor)} is associated with ${oldCo.name}`,
							query: `${succCid} as $c | ${assocQ('$c', oldCo.id)}`,
							op: 'gte',
							expected: 1
						},
						{
							id: 'stayer-attempted',
							description: `${name(stayer)}'s lead status is Attempted to Contact`,
							query: `[.hubspot.contacts[] | select(.id == ${jq(stayer.id)}) | .properties.hs_lead_status]`,
							op: 'eq',
							expected: ['ATTEMPTED_TO_CONTACT']
						},
						{
							id: 'stayer-task',
							description: `A new open task on ${name(stayer)} is assigned to ${myName}`,
							query: `${linked('tasks', 'contacts', stayer.id)} as $ids | ${newRows('tasks')} | map(select((.id | IN($ids[])) and .properties.hs_task_status != "COMPLETED") | .properties.hubspot_owner_id) | unique`,
							op: 'eq',
							expected: [actor]
						},
						{
							id: 'no-duplicate-changer',
							description: `No second contact was created for ${name(changer)}`,
							query: `[.hubspot.contacts[] | select(.properties.firstname == ${jq(changer.firstName)} and .properties.lastname == ${jq(changer.lastName)})] | length`,
							op: 'eq',
							expected: 1,
							weight: 0,
							holds_at_reset: true
						},
						{
							id: 'stayer-kept',
							description: `${name(stayer)} still sits at their company and nobody from it was added from the export`,
							query: `[(${assocQ(jq(stayer.id), stayer.companyId)}) >= 1, (${contactsBy(other.workEmail)} | length)]`,
							op: 'eq',
							expected: [true, 0],
							weight: 0,
							holds_at_reset: true
						}
					]
				},
				{
					platform: 'outreach',
					objective: `Put the successor into "${seqName}" from ${myEmail}.`,
					actions: [
						{ goto: '/outreach/prospects' },
						{ wait_for: { role: 'heading', name: 'Prospects' } },
						{ fill: { role: 'searchbox', name: 'Search prospects', value: successor.workEmail } },
						{ click: { role: 'button', name: 'Search' } },
						{ click: { role: 'checkbox', name: `Select ${name(successor)}` } },
						{ click: { role: 'button', name: 'Add to sequence' } },
						{ click: { role: 'combobox', name: 'Sequence' } },
						{ click: { role: 'option', name: seqName } },
						{ click: { role: 'combobox', name: 'Mailbox' } },
						{ click: { role: 'option', name: myEmail } },
						{ click: { role: 'button', name: 'Add' } },
						{ wait_for: { text: '1 added, 0 skipped' } }
					],
					verifiers: [
						{
							id: 'successor-sequenced',
							description: `${name(successor)} has one state on "${seqName}", sending from ${myEmail}`,
							query: `${myStates(succPid)} | map(.relationships.mailbox.data.id)`,
							op: 'eq',
							expected: [mailboxId]
						},
						{
							id: 'decoy-left-alone',
							description: `${name(decoy)} (in the role since before the departure) is neither sequenced nor added to HubSpot`,
							query: `[([.outreach.sequenceStates[] | select(.relationships.prospect.data.id == ${jq(decoyPid)})] | length), (${contactsBy(decoy.workEmail)} | length)]`,
							op: 'eq',
							expected: [0, 0],
							weight: 0,
							holds_at_reset: true
						}
					]
				}
			],
			mutants: [
				{
					id: 'decoy-successor',
					description: `takes ${name(decoy)}, who has held the title for years, as the successor`,
					kind: 'decoy',
					patch:
						`.hubspot.contacts |= map(if (.properties.email // "") == ${jq(successor.workEmail)} then .properties.email = ${jq(decoy.workEmail)} | .properties.firstname = ${jq(decoy.firstName)} | .properties.lastname = ${jq(decoy.lastName)} else . end)` +
						` | .outreach.sequenceStates |= map(if .relationships.prospect.data.id == ${jq(succPid)} then .relationships.prospect.data.id = ${jq(decoyPid)} else . end)` +
						` | .salesnav.leadLists |= map(if .name == ${jq(LIST_NAME)} then .memberIds = [${jq(decoyLead.leadId)}] else . end)`
				},
				{
					id: 'both-candidates',
					description: `works both people with the title: also sequences ${name(decoy)} and adds them to HubSpot`,
					kind: 'collateral',
					patch:
						`.outreach.sequenceStates += [(${myStates(succPid)}[0] | .id = "999991" | .relationships.prospect.data.id = ${jq(decoyPid)})]` +
						` | .hubspot.contacts += [(.hubspot.contacts[] | select((.properties.email // "") == ${jq(successor.workEmail)}) | .id = "999992" | .properties.email = ${jq(decoy.workEmail)} | .properties.firstname = ${jq(decoy.firstName)} | .properties.lastname = ${jq(decoy.lastName)})]`
				},
				{
					id: 'changer-resequenced',
					description: `puts ${name(changer)} back into "${seqName}" at the bounced address`,
					kind: 'bounced_contacted',
					patch: `.outreach.sequenceStates += [(${myStates(succPid)}[0] | .id = "999993" | .relationships.prospect.data.id = ${jq(changerPid)})]`
				},
				{
					id: 'bounce-stage-skipped',
					description: 'never sets the bounced prospects to Bad Contact Info',
					kind: 'compliance_skipped',
					patch: `.outreach.prospects |= map(if .id == ${jq(changerPid)} then .relationships.stage.data.id = ${jq(APPROACHING)} elif .id == ${jq(stayer.id)} then .relationships.stage.data.id = ${jq(stayerInitialStage)} else . end)`
				},
				{
					id: 'stayer-read-as-leaver',
					description: `treats ${name(stayer)} as a leaver: no Attempted to Contact, and adds ${name(other)} from their company`,
					kind: 'wrong_value',
					patch:
						`.hubspot.contacts |= map(if .id == ${jq(stayer.id)} then .properties.hs_lead_status = ${stayerStatus === null ? 'null' : jq(stayerStatus)} else . end)` +
						` | .hubspot.contacts += [(.hubspot.contacts[] | select(.id == ${jq(stayer.id)}) | .id = "999994" | .properties.email = ${jq(other.workEmail)} | .properties.firstname = ${jq(other.firstName)} | .properties.lastname = ${jq(other.lastName)})]`
				},
				{
					id: 'changer-title-stale',
					description: `keeps ${name(changer)}'s old title "${oldTitle}"`,
					kind: 'stale_data',
					patch: `.hubspot.contacts |= map(if .id == ${jq(changer.id)} then .properties.jobtitle = ${jq(oldTitle)} else . end)`
				},
				{
					id: 'old-company-kept',
					description: `adds ${newCo.name} but keeps ${name(changer)} at ${oldCo.name}`,
					kind: 'stale_data',
					patch: `.hubspot.associations += [{id: "279:${changer.id}:${oldCo.id}", fromObjectType: "contacts", fromObjectId: ${jq(changer.id)}, toObjectType: "companies", toObjectId: ${jq(oldCo.id)}, associationCategory: "HUBSPOT_DEFINED", associationTypeId: 279}]`
				},
				{
					id: 'new-company-missing',
					description: `removes ${oldCo.name} but never associates ${newCo.name}`,
					kind: 'partial',
					patch: `.hubspot.associations |= map(select((.fromObjectType == "contacts" and .fromObjectId == ${jq(changer.id)} and .toObjectType == "companies" and .toObjectId == ${jq(newCo.id)}) | not))`
				},
				{
					id: 'note-without-fact',
					description: `leaves a note on ${oldCo.name} that does not say where ${name(changer)} went`,
					kind: 'required_missing',
					patch: `($initial.hubspot.notes | map(.id)) as $old | .hubspot.notes |= map(if (.id as $i | $old | index($i)) == null then .properties.hs_note_body = "Contact left the company." else . end)`
				},
				{
					id: 'successor-not-in-hubspot',
					description: `sequences ${name(successor)} in Outreach but never adds them to HubSpot`,
					kind: 'step_skipped',
					patch: `.hubspot.contacts |= map(select((.properties.email // "") != ${jq(successor.workEmail)}))`
				},
				{
					id: 'successor-no-company',
					description: `creates ${name(successor)} in HubSpot without the ${oldCo.name} association`,
					kind: 'required_missing',
					patch: `${succCid} as $c | .hubspot.associations |= map(select((.fromObjectType == "contacts" and .fromObjectId == $c and .toObjectType == "companies") | not))`
				},
				{
					id: 'successor-not-sequenced',
					description: `never puts ${name(successor)} into "${seqName}"`,
					kind: 'step_skipped',
					patch: `.outreach.sequenceStates |= map(select(.relationships.prospect.data.id != ${jq(succPid)}))`
				},
				{
					id: 'successor-not-listed',
					description: `never saves ${name(successor)} to "${LIST_NAME}"`,
					kind: 'step_skipped',
					patch: `.salesnav.leadLists |= map(select(.name != ${jq(LIST_NAME)}))`
				},
				{
					id: 'other-mailbox',
					description: `sequences ${name(successor)} from another rep's mailbox`,
					kind: 'wrong_owner',
					patch: `.outreach.sequenceStates |= map(if .relationships.prospect.data.id == ${jq(succPid)} then .relationships.mailbox.data.id = ${jq(mailboxes.find((m) => m.id !== mailboxId)!.id)} else . end)`
				},
				{
					id: 'no-task',
					description: `sets Attempted to Contact on ${name(stayer)} but creates no task`,
					kind: 'partial',
					patch: `($initial.hubspot.tasks | map(.id)) as $old | .hubspot.tasks |= map(select((.id as $i | $old | index($i)) != null))`
				},
				{
					id: 'task-for-someone-else',
					description: `assigns the address task to another user instead of ${myName}`,
					kind: 'wrong_owner',
					patch: `($initial.hubspot.tasks | map(.id)) as $old | .hubspot.tasks |= map(if (.id as $i | $old | index($i)) == null then .properties.hubspot_owner_id = ${jq(hsOwner)} else . end)`
				},
				{
					id: 'changer-recreated',
					description: `creates a new contact for ${name(changer)} at ${newCo.name} instead of updating the record`,
					kind: 'duplicate_created',
					patch: `.hubspot.contacts += [(.hubspot.contacts[] | select(.id == ${jq(changer.id)}) | .id = "999995")]`
				}
			],
			alternatives: [
				{
					id: 'call-task-and-extra-note',
					description: `the address task is a call task, and the departure is also noted on ${name(changer)}'s contact (the rules leave both free)`,
					patch:
						`($initial.hubspot.tasks | map(.id)) as $old | .hubspot.tasks |= map(if (.id as $i | $old | index($i)) == null then .properties.hs_task_type = "CALL" else . end)` +
						` | .hubspot.notes += [{id: "999996", properties: {hs_note_body: "Left for ${newCo.name}"}}]` +
						` | .hubspot.associations += [{id: "202:999996:${changer.id}", fromObjectType: "notes", fromObjectId: "999996", toObjectType: "contacts", toObjectId: ${jq(changer.id)}, associationCategory: "HUBSPOT_DEFINED", associationTypeId: 202}]`
				}
			]
		};
	}
};

export default template;
