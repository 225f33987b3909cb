/**
 * T3-11 hs-or-sn-post-demo-progression (tier 3, HubSpot + Outreach + Sales Navigator, outbound, opportunity
 * creation & pipeline progression).
 *
 * Yesterday's product demo with a company is logged on its open HubSpot deal (fixtures: the deal at Qualified To
 * Buy, and the meeting, associated with the deal, the company and the attendees' contacts, whose notes name the
 * attendees, a colleague who was invited but did not come, and whether the economic buyer attended). The rep
 * marks the meeting Completed (the meeting card's Outcome on the record's Activities tab), moves the deal to
 * Decision Maker Bought-In when the notes say the economic buyer attended and to Presentation Scheduled
 * otherwise (instances cover both branches), takes every attendee out of their live Outreach sequences (Finish an
 * active state; a pending or paused one can only be removed: both count), saves the company's procurement lead
 * (the one Sales Navigator lead of the Purchasing function at the account) to the rep's buying-committee list,
 * and adds them to HubSpot on the deal with their enrichment email and their Sales Navigator title.
 *
 * Decoys: the invited colleague who did not attend is live in a sequence (must stay); a planted job changer
 * is still on the company in HubSpot as its "Procurement Manager" (fixture: their HubSpot record and their
 * Sales Navigator past position point at the deal's company), while Sales Navigator shows they left: putting
 * them on the deal instead of the procurement lead found in Sales Navigator is the stale-CRM trap.
 *
 * Simplified from the catalogue: no planted job changer of the world left a company that also has an open deal,
 * attendees in Outreach and a unique procurement lead, so the changer's previous employer is re-pointed to the
 * deal's company in both tools' fixtures (their other HubSpot company association stays, as after a real job
 * change). The buying-committee list exists already (a fixture holding the attendees' leads), so "save to the
 * company's list" is a pick, not a list creation.
 */
import { TemplateError, type Template } from './kit';
import { addMs, DAY_MS, hubspotRow, hubspotTables, jq, outreachTables, spokenDate } from './_gym-rows';
import { project as projectSalesNav } from '../../gyms/salesnav/seed';

const SLUG = 'hs-or-sn-post-demo-progression';
/** Outreach sequence states that still send (the ones "taking someone out of a sequence" ends). */
const LIVE = ['active', 'paused', 'pending'];
/** Seniority levels of an economic buyer (Sales Navigator labels). */
const SENIOR = ['Owner / Partner', 'CXO', 'Vice President', 'Director'];
const STAGE_LABEL: Record<string, string> = { decisionmakerboughtin: 'Decision Maker Bought-In', presentationscheduled: 'Presentation Scheduled' };
const MEETING_TITLE = 'Product demo';

type Row = { id: string; [k: string]: unknown };
type HsRow = Row & { properties: Record<string, string>; createdAt: string; updatedAt: string };
type OrState = Row & {
	attributes: { state: string } & Record<string, unknown>;
	relationships: { prospect: { data: { id: string } }; sequence: { data: { id: string } } } & Record<string, unknown>;
};
type Lead = {
	leadId: string;
	linkedInUrl: string;
	firstName: string;
	lastName: string;
	currentTitle: string;
	accountId: string | null;
	function: string;
	pastPositions: { title: string; companyName: string; accountId: string | null; startedOn: string; endedOn: string | null }[];
	[k: string]: unknown;
};
type LeadList = { id: string; name: string; ownerSeatId: string; memberIds: string[]; [k: string]: unknown };

const template: Template = {
	meta: {
		slug: SLUG,
		version: 1,
		title: 'Progress the deal after a product demo and bring procurement in',
		platforms: ['hubspot', 'outreach', 'salesnav'],
		category: 'outbound',
		business_function: 'opportunity creation & pipeline progression',
		anomalies: ['active_in_sequence', 'job_changer'],
		traps: ['notes_branch', 'selective_unsequencing', 'stale_crm_title', 'function_search'],
		pinned: [1, 2, 3, 4, 5]
	},
	build(ctx) {
		const { world } = ctx;
		const hs = hubspotTables();
		const or = outreachTables(world);
		const sn = projectSalesNav(world) as unknown as { leads: Lead[]; leadLists: LeadList[] };
		const contacts = new Map((hs.contacts as HsRow[]).map((c) => [c.id, c]));
		const hsCompanies = new Map((hs.companies as HsRow[]).map((c) => [c.id, c]));
		const prospectIds = new Set((or.prospects as Row[]).map((p) => p.id));
		const states = or.sequenceStates as OrState[];
		const seqName = new Map((or.sequences as (Row & { attributes: { name: string } })[]).map((s) => [s.id, s.attributes.name]));
		const liveOf = (pid: string) => states.filter((s) => s.relationships.prospect.data.id === pid && LIVE.includes(s.attributes.state));
		const leadByUrl = new Map(sn.leads.map((l) => [l.linkedInUrl, l]));
		const names = new Map<string, number>();
		for (const p of world.people) names.set(`${p.firstName} ${p.lastName}`, (names.get(`${p.firstName} ${p.lastName}`) ?? 0) + 1);
		const unique = (p: { firstName: string; lastName: string }) => names.get(`${p.firstName} ${p.lastName}`) === 1;

		// A HubSpot company whose people include >= 3 contacts that are also Outreach prospects (>= 2 of them live in a
		// sequence), exactly one Purchasing lead in Sales Navigator (a procurement title, not yet in HubSpot), and a
		// senior person with no live sequence to play the economic buyer.
		const bindings = world.companies.flatMap((c) => {
			if (!c.inHubspot || !hsCompanies.has(c.id)) return [];
			const staff = world.people.filter((p) => p.companyId === c.id);
			const inBoth = staff.filter(
				(p) => p.function !== 'Purchasing' && unique(p) && contacts.get(p.id)?.properties.email === p.workEmail && prospectIds.has(p.id)
			);
			const live = inBoth.filter((p) => liveOf(p.id).length > 0);
			const purchasing = sn.leads.filter((l) => l.accountId === c.id && l.function === 'Purchasing');
			const buyer = purchasing.length === 1 ? staff.find((p) => p.linkedinUrl === purchasing[0]!.linkedInUrl) : undefined;
			if (!buyer || buyer.inHubspot || !/procure|purchas/i.test(purchasing[0]!.currentTitle) || !unique(buyer) || live.length < 2 || inBoth.length < 3)
				return [];
			const ebs = staff.filter((p) => SENIOR.includes(p.seniority) && p.function !== 'Purchasing' && liveOf(p.id).length === 0 && unique(p));
			return ebs.length > 0 ? [{ company: c, inBoth, live, procurement: buyer, lead: purchasing[0]!, ebs }] : [];
		});
		if (bindings.length === 0) throw new TemplateError(`${SLUG}@${ctx.seed}: selector "company" matched 0 of the 1 needed`);
		// Consecutive seeds walk the bindings (world order), so that two pinned seeds never share a company.
		const b = bindings[(ctx.seed * 2) % bindings.length]!;
		const { company, lead: pLead, procurement } = b;
		const firstLive = ctx.pick('live-attendee', b.live);
		const stay = ctx.pick('absent-colleague', b.live, (p) => p.id !== firstLive.id);
		const eb = ctx.pick('economic-buyer', b.ebs, (p) => p.id !== stay.id);
		const rest = b.inBoth.filter((p) => p.id !== firstLive.id && p.id !== stay.id && p.id !== eb.id);
		if (rest.length === 0) throw new TemplateError(`${SLUG}@${ctx.seed}: selector "attendees" matched 0 of the 1 needed`);
		const extra = ctx.pickMany('attendees', rest, Math.min(rest.length, ctx.rng('attendees-count').int(1, 2)));
		const attendees = [firstLive, ...extra];
		const ebAttended = ctx.seed % 2 === 1;
		const expectedStage = ebAttended ? 'decisionmakerboughtin' : 'presentationscheduled';
		const otherStage = ebAttended ? 'presentationscheduled' : 'decisionmakerboughtin';

		// The job changer still filed in HubSpot as the company's procurement manager.
		const changer = ctx.pick('job-changer', ctx.anomalyPeople('job_changer'), (p) => {
			const l = leadByUrl.get(p.linkedinUrl);
			return p.companyId !== company.id && p.previous !== null && contacts.has(p.id) && unique(p) && l !== undefined && l.pastPositions.length > 0;
		});
		const changerLead = structuredClone(leadByUrl.get(changer.linkedinUrl)!);
		changerLead.pastPositions[0] = { ...changerLead.pastPositions[0]!, title: 'Procurement Manager', companyName: company.name, accountId: company.id };
		const changerRow = hubspotRow<HsRow>('contacts', changer.id);
		const changerEmail = `${changer.previous!.workEmail.split('@')[0]}@${company.domain}`;
		changerRow.properties = { ...changerRow.properties, company: company.name, jobtitle: 'Procurement Manager', email: changerEmail, website: company.website };

		// The clock: a Tuesday-Friday morning in March 2026; the demo was yesterday.
		const day = ctx.rng('day').pick(['2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13']);
		const clock = `${day}T${ctx.rng('hour').pick(['13', '14', '15'])}:${ctx.rng('minute').pick(['10', '25', '40', '55'])}:00.000Z`;
		const demoStart = addMs(`${day}T${ctx.rng('demo-hour').pick(['15', '16', '17', '18'])}:00:00.000Z`, -DAY_MS);
		const demoEnd = addMs(demoStart, 45 * 60_000);
		const actor = ctx.user(ctx.rng('actor').pick(['1003', '1004']));

		const dealId = ctx.fixtureId('deal');
		const meetingId = ctx.fixtureId('meeting');
		const listId = ctx.fixtureId('list');
		const dealName = `${company.name} – Platform rollout`;
		const listName = `${company.name} – buying committee`;
		const created = addMs(demoStart, -21 * DAY_MS);
		const deal = {
			id: dealId,
			properties: {
				dealname: dealName,
				pipeline: 'default',
				dealstage: 'qualifiedtobuy',
				amount: String(ctx.rng('amount').int(3, 12) * 6000),
				closedate: `${addMs(day + 'T00:00:00.000Z', 60 * DAY_MS).slice(0, 10)}T00:00:00.000Z`,
				dealtype: 'newbusiness',
				hubspot_owner_id: actor.id,
				hs_priority: 'high',
				hs_is_closed_won: 'false',
				createdate: created,
				hs_lastmodifieddate: created,
				hs_object_id: dealId
			},
			createdAt: created,
			updatedAt: created,
			archived: false
		};
		const full = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
		const who = (p: (typeof attendees)[number]) => `${full(p)} (${p.title})`;
		const notes = ebAttended
			? `Demo for ${company.name}. Attendees: ${[...attendees, eb].map(who).join(', ')}. ${full(eb)} is the economic buyer; they stayed for the whole session and agreed the rollout scope. ${full(stay)} was invited but couldn't make it. Next step: their procurement lead gets involved to review the order form.`
			: `Demo for ${company.name}. Attendees: ${attendees.map(who).join(', ')}. ${full(eb)} (${eb.title}), the economic buyer, had to drop out at the last minute, so we still need their sign-off. ${full(stay)} was invited but couldn't make it. Next step: their procurement lead gets involved to review the order form.`;
		const meetingBase = hubspotRow<HsRow>('meetings', (hs.meetings as HsRow[])[0]!.id);
		const meetingCreated = addMs(demoStart, -3 * DAY_MS);
		const meeting: HsRow = {
			...meetingBase,
			id: meetingId,
			properties: {
				hs_timestamp: demoStart,
				hs_meeting_title: MEETING_TITLE,
				hs_meeting_body: notes,
				hs_meeting_start_time: demoStart,
				hs_meeting_end_time: demoEnd,
				hs_meeting_outcome: 'SCHEDULED',
				hubspot_owner_id: actor.id,
				createdate: meetingCreated,
				hs_lastmodifieddate: meetingCreated,
				hs_object_id: meetingId
			},
			createdAt: meetingCreated,
			updatedAt: meetingCreated
		};
		const assoc = (typeId: number, fromType: string, from: string, toType: string, to: string) => ({
			id: `${typeId}:${from}:${to}`,
			fromObjectType: fromType,
			fromObjectId: from,
			toObjectType: toType,
			toObjectId: to,
			associationCategory: 'HUBSPOT_DEFINED',
			associationTypeId: typeId
		});
		const associations = [
			assoc(341, 'deals', dealId, 'companies', company.id),
			...attendees.map((p) => assoc(3, 'deals', dealId, 'contacts', p.id)),
			assoc(212, 'meetings', meetingId, 'deals', dealId),
			assoc(188, 'meetings', meetingId, 'companies', company.id),
			...attendees.map((p) => assoc(200, 'meetings', meetingId, 'contacts', p.id)),
			...(ebAttended && contacts.has(eb.id) ? [assoc(200, 'meetings', meetingId, 'contacts', eb.id)] : []),
			assoc(279, 'contacts', changer.id, 'companies', company.id)
		];
		const listTemplate = sn.leadLists.find((l) => l.ownerSeatId === actor.id) ?? sn.leadLists[0]!;
		const listMembers = attendees.map((p) => leadByUrl.get(p.linkedinUrl)?.leadId).filter((x): x is string => x !== undefined);
		const list: LeadList = {
			...structuredClone(listTemplate),
			id: listId,
			name: listName,
			description: `Buying committee for the ${dealName} deal`,
			ownerSeatId: actor.id,
			sharedWith: [],
			createdAt: created,
			updatedAt: created,
			memberIds: listMembers
		};
		const leadFixtures = [changerLead];
		for (const id of listMembers) {
			const l = structuredClone(sn.leads.find((x) => x.leadId === id)!);
			leadFixtures.push({ ...l, saved: true, leadListIds: [...new Set([...((l.leadListIds as string[]) ?? []), listId])] });
		}

		// Expected end states, from the same data.
		const attendeeIds = attendees.map((p) => p.id);
		const attendeeLive = attendees.flatMap((p) => liveOf(p.id));
		const colleagues = world.people.filter((p) => p.companyId === company.id && !attendeeIds.includes(p.id) && prospectIds.has(p.id)).map((p) => p.id);
		const colleagueStates = states
			.filter((s) => colleagues.includes(s.relationships.prospect.data.id))
			.map((s) => [s.id, s.attributes.state])
			.sort((x, y) => (x[0]! < y[0]! ? -1 : 1));
		const stayLive = liveOf(stay.id)[0]!;
		const pEmail = procurement.workEmail.toLowerCase();
		const pName = `${pLead.firstName} ${pLead.lastName}`;
		const pContact = `[.hubspot.contacts[] | select((.properties.email // "" | ascii_downcase) == ${jq(pEmail)} and (.archived | not))]`;
		const onDeal = (cid: string) =>
			`([.hubspot.associations[] | select((.fromObjectType == "deals" and .fromObjectId == ${jq(dealId)} and .toObjectType == "contacts" and .toObjectId == ${cid}) or (.fromObjectType == "contacts" and .fromObjectId == ${cid} and .toObjectType == "deals" and .toObjectId == ${jq(dealId)}))] | length > 0)`;
		const liveIds = attendeeLive.map((s) => s.id);

		// Oracle actions per attendee state: Finish an active one; a pending or paused one can only be removed.
		const outreachActions = attendees
			.filter((p) => liveOf(p.id).length > 0)
			.flatMap((p) => [
				{ goto: `/outreach/prospects/${p.id}` },
				{ wait_for: { role: 'heading' as const, name: full(p) } },
				{ click: { role: 'tab' as const, name: 'Sequences' } },
				...liveOf(p.id).flatMap((s) => {
					const n = seqName.get(s.relationships.sequence.data.id)!;
					return s.attributes.state === 'active'
						? [{ click: { role: 'button' as const, name: `Finish ${n}` } }, { wait_for: { text: `${n}: finished` } }]
						: [{ click: { role: 'button' as const, name: `Remove from ${n}` } }, { wait_for: { text: `${n}: removed` } }];
				})
			]);

		return {
			title: `Progress ${dealName} after yesterday's demo`,
			goal: `The demo meeting is Completed; the deal is at ${STAGE_LABEL[expectedStage]}; ${attendees.map(full).join(', ')} are in no live Outreach sequence; ${pName} is on "${listName}" in Sales Navigator and a HubSpot contact on the deal.`,
			prompt:
				`Yesterday's demo with ${company.name} (${spokenDate(demoStart, actor.timeZone)}) went well; my notes are on the HubSpot meeting. Mark the meeting completed. ` +
				`Move the ${dealName} deal to Decision Maker Bought-In if the notes say the economic buyer attended, otherwise to Presentation Scheduled. ` +
				`Everyone from ${company.name} who attended comes out of any Outreach sequence they're in; leave everyone else's sequences alone. ` +
				`Procurement gets involved next: find the procurement lead at ${company.name} in Sales Navigator, save them to my "${listName}" lead list, and add them to HubSpot on the deal with their title as Sales Navigator shows it (their work email from enrichment is ${pEmail}).`,
			start_path: `/hubspot/deals/${dealId}`,
			clock,
			actors: { hubspot: actor.id, outreach: actor.id, salesnav: actor.id },
			fixtures: {
				hubspot: { deals: [deal], meetings: [meeting], contacts: [changerRow], associations },
				salesnav: { leads: leadFixtures, leadLists: [list] }
			} as never,
			steps: [
				{
					platform: 'hubspot',
					objective: 'Read the demo notes; mark the meeting Completed and move the deal to the stage the notes call for.',
					actions: [
						{ wait_for: { role: 'heading', name: dealName } },
						{ click: { role: 'tab', name: 'Activities' } },
						{ click: { role: 'combobox', name: `Outcome: ${MEETING_TITLE}` } },
						{ click: { role: 'option', name: 'Completed' } },
						{ wait_for: { text: 'Meeting outcome set to Completed' } },
						{ click: { role: 'button', name: 'Edit Deal stage' } },
						{ click: { role: 'combobox', name: 'Deal stage' } },
						{ click: { role: 'option', name: STAGE_LABEL[expectedStage]! } },
						{ click: { role: 'button', name: 'Save' } },
						{ wait_for: { text: 'Deal saved' } }
					],
					verifiers: [
						{
							id: 'meeting-completed',
							description: `The ${MEETING_TITLE} meeting's outcome is Completed`,
							query: `[.hubspot.meetings[] | select(.id == ${jq(meetingId)}) | .properties.hs_meeting_outcome]`,
							op: 'eq',
							expected: ['COMPLETED']
						},
						{
							id: 'deal-stage',
							description: `The deal is at ${STAGE_LABEL[expectedStage]} (the economic buyer ${ebAttended ? 'attended' : 'did not attend'})`,
							query: `[.hubspot.deals[] | select(.id == ${jq(dealId)}) | .properties.dealstage]`,
							op: 'eq',
							expected: [expectedStage]
						}
					]
				},
				{
					platform: 'outreach',
					objective: 'Take every attendee out of their live sequences; leave colleagues who did not attend alone.',
					actions: outreachActions,
					verifiers: [
						{
							id: 'attendees-unsequenced',
							description: `${attendees.map(full).join(', ')} are in no active, paused or pending sequence`,
							query: `[.outreach.sequenceStates[] | select((.relationships.prospect.data.id | IN(${attendeeIds.map(jq).join(', ')})) and (.attributes.state | IN(${LIVE.map(jq).join(', ')})))] | length`,
							op: 'eq',
							expected: 0
						},
						{
							id: 'colleagues-untouched',
							description: `Colleagues at ${company.name} who did not attend (${full(stay)} included) keep their sequence states`,
							query: `[.outreach.sequenceStates[] | select(.relationships.prospect.data.id | IN(${colleagues.map(jq).join(', ')})) | [.id, .attributes.state]] | sort`,
							op: 'eq',
							expected: colleagueStates,
							weight: 0,
							holds_at_reset: true
						}
					]
				},
				{
					platform: 'salesnav',
					objective: `Find the procurement lead (Purchasing) at ${company.name} and save them to the buying-committee list.`,
					actions: [
						{ goto: `/salesnav/lead/${pLead.leadId}` },
						{ wait_for: { role: 'heading', name: pName } },
						{ click: { role: 'button', name: 'Save ▾' } },
						{ check: { label: `${listName} (${listMembers.length})` } },
						{ click: { role: 'button', name: 'Save' } },
						{ wait_for: { text: `saved to ${listName}` } }
					],
					verifiers: [
						{
							id: 'procurement-on-list',
							description: `${pName} (${pLead.currentTitle}) is on "${listName}"`,
							query: `[.salesnav.leadLists[] | select(.id == ${jq(listId)}) | (.memberIds | index(${jq(pLead.leadId)})) != null]`,
							op: 'eq',
							expected: [true]
						},
						{
							id: 'changer-not-on-list',
							description: `${full(changer)}, who left ${company.name}, is not on the list`,
							query: `[.salesnav.leadLists[] | select(.id == ${jq(listId)}) | (.memberIds | index(${jq(changerLead.leadId)})) != null]`,
							op: 'eq',
							expected: [false],
							weight: 0,
							holds_at_reset: true
						}
					]
				},
				{
					platform: 'hubspot',
					objective: `Add ${pName} to HubSpot on the deal, with their Sales Navigator title.`,
					actions: [
						{ goto: `/hubspot/deals/${dealId}` },
						{ wait_for: { role: 'heading', name: dealName } },
						{ click: { role: 'button', name: 'Add contacts' } },
						{ click: { role: 'tab', name: 'Create new' } },
						{ fill: { label: 'Email', value: pEmail } },
						{ fill: { label: 'First name', value: pLead.firstName } },
						{ fill: { label: 'Last name', value: pLead.lastName } },
						{ fill: { label: 'Job title', value: pLead.currentTitle } },
						{ click: { role: 'button', name: 'Create' } },
						{ wait_for: { role: 'link', name: pName } }
					],
					verifiers: [
						{
							id: 'procurement-contact-on-deal',
							description: `Exactly one HubSpot contact has ${pEmail}, and it is on the deal`,
							query: `(${pContact} | map(.id)) as $ids | if ($ids | length) == 1 then [${onDeal('$ids[0]')}] else [$ids | length] end`,
							op: 'eq',
							expected: [true]
						},
						{
							id: 'procurement-title',
							description: `Its job title is Sales Navigator's: ${pLead.currentTitle}`,
							query: `${pContact} | map(.properties.jobtitle)`,
							op: 'eq',
							expected: [pLead.currentTitle]
						},
						{
							id: 'changer-not-on-deal',
							description: `${full(changer)} (HubSpot still says ${company.name} Procurement Manager) is not put on the deal`,
							query: onDeal(jq(changer.id)),
							op: 'eq',
							expected: false,
							weight: 0,
							holds_at_reset: true
						}
					]
				}
			],
			mutants: [
				{
					id: 'wrong-branch-stage',
					description: `misreads the notes: moves the deal to ${STAGE_LABEL[otherStage]}`,
					kind: 'wrong_value',
					patch: `.hubspot.deals |= map(if .id == ${jq(dealId)} then .properties.dealstage = ${jq(otherStage)} else . end)`
				},
				{
					id: 'meeting-left-scheduled',
					description: 'never marks the meeting completed',
					kind: 'step_skipped',
					patch: `.hubspot.meetings |= map(if .id == ${jq(meetingId)} then .properties.hs_meeting_outcome = "SCHEDULED" else . end)`
				},
				{
					id: 'attendee-left-in-sequence',
					description: `leaves ${full(firstLive)} in their sequence`,
					kind: 'partial',
					patch: `.outreach.sequenceStates = ([.outreach.sequenceStates[] | select(.id != ${jq(liveOf(firstLive.id)[0]!.id)})] + [${JSON.stringify(liveOf(firstLive.id)[0]!)}])`
				},
				{
					id: 'absent-colleague-unsequenced',
					description: `also takes ${full(stay)}, who was invited but did not attend, out of their sequence`,
					kind: 'collateral',
					patch: `.outreach.sequenceStates |= map(if .id == ${jq(stayLive.id)} then .attributes.state = "finished" else . end)`
				},
				{
					id: 'procurement-not-saved',
					description: `adds ${pName} to HubSpot but never saves them to the list`,
					kind: 'partial',
					patch: `.salesnav.leadLists |= map(if .id == ${jq(listId)} then .memberIds -= [${jq(pLead.leadId)}] else . end)`
				},
				{
					id: 'stale-hubspot-procurement',
					description: `trusts HubSpot: puts ${full(changer)} (left ${company.name}) on the deal and the list instead of ${pName}`,
					kind: 'stale_data',
					patch:
						`([.hubspot.contacts[] | select((.properties.email // "" | ascii_downcase) == ${jq(pEmail)}) | .id]) as $p | ` +
						`.hubspot.associations |= map(select(((.fromObjectId | IN($p[])) or (.toObjectId | IN($p[]))) | not)) | .hubspot.contacts |= map(select((.id | IN($p[])) | not)) | ` +
						`.hubspot.associations += [${JSON.stringify(assoc(3, 'deals', dealId, 'contacts', changer.id))}] | ` +
						`.salesnav.leadLists |= map(if .id == ${jq(listId)} then .memberIds = (.memberIds - [${jq(pLead.leadId)}] + [${jq(changerLead.leadId)}]) else . end)`
				},
				{
					id: 'title-from-hubspot',
					description: `gives ${pName} the stale HubSpot title "Procurement Manager" instead of Sales Navigator's`,
					kind: 'wrong_value',
					patch: `.hubspot.contacts |= map(if (.properties.email // "" | ascii_downcase) == ${jq(pEmail)} then .properties.jobtitle = "Procurement Manager" else . end)`
				}
			],
			alternatives: [
				{
					id: 'removed-instead-of-finished',
					description: 'takes every attendee out by removing their states rather than finishing them',
					patch: `.outreach.sequenceStates |= map(select((.id | IN(${liveIds.map(jq).join(', ')})) | not))`
				}
			]
		};
	}
};

export default template;
