/**
 * T4 · stage-gate-decision-maker: an AE runs the stage gate on three of their deals in Presentation Scheduled.
 * The evidence is joined across tools: the Sales Navigator relationship map of each deal's account says who the
 * Decision Maker is, Calendly says whether that person really attended a demo with the AE in the last 30 days.
 * Three outcomes, one per deal:
 * - a Decision Maker attended → HubSpot: the deal moves to Decision Maker Bought-In with a next-step task;
 * - the Decision Maker's demo was a no-show → the stage stays, the Decision Maker is associated with the deal in
 *   HubSpot, and is added to the Outreach sequence "Multi-thread – exec" from the AE's own mailbox (the dialog
 *   preselects the first mailbox of the org, not the AE's);
 * - the only Decision Maker on the map has left the company (Sales Navigator's Left Account flag) → the stage
 *   stays, the AE gets a task on the deal to map the account, and the leaver comes off the map.
 *
 * Bindings: a planted near double booking of an AE (two of their Discovery Calls back to back or 5 minutes apart).
 * Its two invitees are the two Decision Makers: one attended, the other (an invitee Outreach may email) is marked
 * as a no-show in Calendly by a fixture. The clock is the next morning in the AE's zone, so both calls are past
 * and inside the 30 days. The near double booking is the trap: the AE's calendar shows two demos in a row that
 * day, and only one of them counts. The third account is the former employer of a planted job changer, who
 * still sits on its map as the Decision Maker (Sales Navigator shows them at their new company: Left Account),
 * next to a current colleague as Champion. Seeds pick the pairs in manifest order (seed n → the n-th eligible
 * pair, cyclically), so pinned seeds get different AEs' days, people and companies. World seed 1 has three
 * eligible pairs (the fourth AE pair has no invitee Outreach may enroll), hence three pinned seeds; seed 4 reuses
 * seed 1's pair with other draws.
 * Decoys: the no-show's deal (advancing it is the near-miss), the leaver (a Decision Maker by role only), the
 * AE's other deals in Presentation Scheduled (left alone), the org's first mailbox.
 *
 * Simplified from the catalogue: the no-show branch enrolls the Decision Maker without a single-use link to an
 * "Executive briefing" event (the secret-event part of the catalogue task is left out); the three deals are
 * named in the prompt (the seeded AEs have other deals in that stage, which the prompt tells the rep to leave
 * alone); there is no "demo 31 days ago" decoy. The deals, their associations, the maps and the no-show mark are
 * fixtures; the people, companies, meetings and the leaver's move are the seed world's.
 */
import { uriFor, uuidFor, micros } from '../../gyms/calendly/seed';
import { zonedToUtc } from '../../gyms/calendly/tz';
import { projectHubSpot } from '../../gyms/hubspot/seed';
import { leadIdFor } from '../../gyms/salesnav/seed';
import type { Meeting, Person, World } from '../../seeds/world';
import { TemplateError, type InstanceContext, type Template } from './kit';
import { addMs, calendlyRow, DAY_MS, hubspotRow, jq, jqList, localDate, outreachProspectRows, outreachTables, salesnavRow, spokenDate } from './_gym-rows';

/** AEs (the team's account executives own the deals). */
const AES = ['1003', '1004', '1008', '1009', '1010', '1011'];
/** The Outreach sequence for the no-show branch (exclusive, enabled). */
const SEQUENCE_NAME = 'Multi-thread – exec';
/** HubSpot deal stages (Sales Pipeline internal values). */
const PRESENTATION = 'presentationscheduled';
const BOUGHT_IN = 'decisionmakerboughtin';
/** Deal name suffixes (none of them is used by a seeded deal). */
const PLANS = ['Annual platform', 'Multi-year agreement', 'Team rollout', 'Analytics suite'];
/** Seniorities Sales Navigator maps show as committee members below the Decision Maker. */
const COLLEAGUE_SENIORITIES = ['Director', 'Experienced Manager', 'Senior', 'Vice President'];

/** Memoized projections of the world (pure; the same world object every call). */
const hsOf = new WeakMap<World, ReturnType<typeof projectHubSpot>['state']>();
function hubspotState(world: World) {
	let s = hsOf.get(world);
	if (!s) hsOf.set(world, (s = projectHubSpot(world).state));
	return s;
}

/** A person Outreach may email and the exclusive sequence may take: email ok, not live in a sequence. */
function enrollable(p: Person): boolean {
	return p.emailStatus === 'ok' && (p.enrollment === null || !['active', 'paused', 'pending'].includes(p.enrollment.state));
}

/** Calendly URIs of a world meeting's scheduled event and its first invitee (the replica's own derivation). */
function calendlyUris(m: Meeting): { event: string; invitee: string } {
	const event = uriFor('scheduled_events', `meeting:${m.id}`);
	return { event, invitee: `${event}/invitees/${uuidFor(`invitee:${m.id}:${m.personIds[0]}`)}` };
}

function build(ctx: InstanceContext) {
	const { world } = ctx;
	const hs = hubspotState(world);
	const contactIds = new Set(hs.contacts.map((c) => c.id));
	const hsCompanyIds = new Set(hs.companies.map((c) => c.id));
	const meetingById = new Map(world.meetings.map((m) => [m.id, m]));

	// The eligible near double bookings: an AE host, two one-on-one calls still "scheduled" in the world (so
	// Calendly holds them as active events), two invitees at two HubSpot companies, with HubSpot contacts, and at
	// least one invitee Outreach may enroll (the no-show).
	const pairs = world.anomalies
		.filter((a) => a.kind === 'near_double_booking' && a.meetingIds.length === 2)
		.map((a) => a.meetingIds.map((id) => meetingById.get(id)!).sort((x, y) => (x.startAt < y.startAt ? -1 : 1)))
		.filter((ms) => {
			const [m1, m2] = ms as [Meeting, Meeting];
			if (m1.hostIds.length !== 1 || m1.hostIds[0] !== m2.hostIds[0] || !AES.includes(m1.hostIds[0]!)) return false;
			if (!ms.every((m) => m.outcome === 'scheduled' && m.kind === 'one_on_one' && m.personIds.length === 1)) return false;
			const people = ms.map((m) => ctx.person(m.personIds[0]!));
			if (people[0]!.companyId === people[1]!.companyId) return false;
			if (!people.every((p) => contactIds.has(p.id) && hsCompanyIds.has(p.companyId) && p.previous === null)) return false;
			return people.some(enrollable);
		});
	if (pairs.length === 0) throw new TemplateError('stage-gate-decision-maker: no eligible near double booking');
	const [m1, m2] = pairs[(ctx.seed - 1) % pairs.length] as [Meeting, Meeting];
	const aeId = m1.hostIds[0]!;
	const ae = ctx.user(aeId);
	const aeName = `${ae.firstName} ${ae.lastName}`;
	const zone = ae.timeZone;
	const invitees = [m1, m2].map((m) => ctx.person(m.personIds[0]!));
	// Which of the two was the no-show: an enrollable one, drawn by the seed.
	const noShowIdx = ctx.pick('no-show', [0, 1], (i) => enrollable(invitees[i]!));
	const attendedMeeting = noShowIdx === 0 ? m2 : m1;
	const noShowMeeting = noShowIdx === 0 ? m1 : m2;
	const dmA = invitees[1 - noShowIdx]!;
	const dmB = invitees[noShowIdx]!;
	const coA = ctx.company(dmA.companyId);
	const coB = ctx.company(dmB.companyId);
	const day = localDate(m1.startAt, zone);
	const nextDay = addMs(`${day}T12:00:00.000Z`, DAY_MS).slice(0, 10);
	const nowMs = zonedToUtc(zone, nextDay, 9 * 60 + 30);
	const now = new Date(nowMs).toISOString();

	// The leaver: a planted job changer whose former employer is a third HubSpot company with current staff.
	const staffOf = (companyId: string, not: string[]) =>
		world.people.filter((p) => p.companyId === companyId && !not.includes(p.id) && p.previous === null && COLLEAGUE_SENIORITIES.includes(p.seniority));
	const leaver = ctx.pick('leaver', ctx.anomalyPeople('job_changer'), (p) => {
		const old = p.previous?.companyId;
		return !!old && old !== p.companyId && hsCompanyIds.has(old) && ![coA.id, coB.id].includes(old) && staffOf(old, []).length > 0;
	});
	const coC = ctx.company(leaver.previous!.companyId);
	const champion = ctx.pick('champion', staffOf(coC.id, [leaver.id]));
	const staffA = staffOf(coA.id, [dmA.id]);
	const evalA = staffA.length ? ctx.pick('evaluator-a', staffA) : null;
	const name = (p: Person) => `${p.firstName} ${p.lastName}`;

	// ---- HubSpot fixtures: the three deals, each on its company; the attended DM already on the first deal.
	const plans = ctx.rng('plans').shuffle([...PLANS]);
	const amounts = ctx.rng('amounts');
	const created = addMs(now, -40 * DAY_MS);
	const deal = (label: string, company: { id: string; name: string }, plan: string) => {
		const row = hubspotRow<{ id: string; properties: Record<string, string>; createdAt: string; updatedAt: string }>('deals', '300001');
		const id = ctx.fixtureId(label);
		row.id = id;
		row.properties = {
			...row.properties,
			dealname: `${company.name} – ${plan}`,
			dealstage: PRESENTATION,
			amount: String(amounts.int(12, 90) * 1000),
			closedate: `${addMs(now, 45 * DAY_MS).slice(0, 10)}T00:00:00.000Z`,
			dealtype: 'newbusiness',
			hubspot_owner_id: aeId,
			createdate: created,
			hs_lastmodifieddate: created,
			hs_object_id: id
		};
		row.createdAt = created;
		row.updatedAt = created;
		return row;
	};
	const dealA = deal('deal:attended', coA, plans[0]!);
	const dealB = deal('deal:no-show', coB, plans[1]!);
	const dealC = deal('deal:leaver', coC, plans[2]!);
	const assoc = (from: 'deals', fromId: string, to: 'companies' | 'contacts', toId: string) => {
		const typeId = to === 'companies' ? 341 : 3;
		return {
			id: `${typeId}:${fromId}:${toId}`,
			fromObjectType: from,
			fromObjectId: fromId,
			toObjectType: to,
			toObjectId: toId,
			associationCategory: 'HUBSPOT_DEFINED',
			associationTypeId: typeId
		};
	};
	const associations = [
		assoc('deals', dealA.id, 'companies', coA.id),
		assoc('deals', dealA.id, 'contacts', dmA.id),
		assoc('deals', dealB.id, 'companies', coB.id),
		assoc('deals', dealC.id, 'companies', coC.id)
	];
	const otherDeals = hs.deals.filter((d) => d.properties.hubspot_owner_id === aeId && d.properties.dealstage === PRESENTATION).map((d) => d.id);

	// ---- Sales Navigator fixtures: the three relationship maps.
	const mapOf = (companyId: string, members: { leadId: string; role: string | null; markedLeft: boolean }[]) => {
		const row = salesnavRow<{ relationshipMap: unknown[] }>(world, 'accounts', companyId);
		row.relationshipMap = members;
		return row;
	};
	const leaverLead = leadIdFor(leaver.id);
	const championLead = leadIdFor(champion.id);
	const accounts = [
		mapOf(coA.id, [
			{ leadId: leadIdFor(dmA.id), role: 'Decision Maker', markedLeft: false },
			...(evalA ? [{ leadId: leadIdFor(evalA.id), role: 'Evaluator', markedLeft: false }] : [])
		]),
		mapOf(coB.id, [{ leadId: leadIdFor(dmB.id), role: 'Decision Maker', markedLeft: false }]),
		mapOf(coC.id, [
			{ leadId: leaverLead, role: 'Decision Maker', markedLeft: false },
			{ leadId: championLead, role: 'Champion', markedLeft: false }
		])
	];

	// ---- Calendly fixture: the no-show mark on the second Decision Maker's call (10 min after its end).
	const noShowUris = calendlyUris(noShowMeeting);
	const attendedUris = calendlyUris(attendedMeeting);
	const noShowInvitee = calendlyRow<{ no_show: unknown; updated_at: string }>(world, 'invitees', noShowUris.invitee);
	const markedAt = micros(addMs(noShowMeeting.startAt, (noShowMeeting.durationMin + 10) * 60_000));
	noShowInvitee.no_show = { uri: uriFor('invitee_no_shows', `fixture:no-show:${noShowMeeting.id}`), created_at: markedAt };
	noShowInvitee.updated_at = markedAt;

	// ---- Outreach: the no-show DM as a prospect (a fixture when the world has them outside Outreach).
	const or = outreachTables(world) as unknown as Record<
		string,
		{ id: string; attributes: Record<string, unknown>; relationships: Record<string, { data: { id: string } | null }> }[]
	>;
	const sequenceId = or.sequences!.find((s) => s.attributes.name === SEQUENCE_NAME)!.id;
	const mailboxOf = (userId: string) => or.mailboxes!.find((m) => m.relationships.user?.data?.id === userId)!.id;
	const myMailbox = mailboxOf(aeId);
	const otherMailbox = or.mailboxes![0]!.id === myMailbox ? or.mailboxes![1]!.id : or.mailboxes![0]!.id;
	// The no-show's Outreach prospect: the seeded one, or a fixture prospect (fixture ids) when they are not in Outreach.
	const dmBProspect = dmB.inOutreach ? dmB.id : ctx.fixtureId('prospect:no-show');
	const orFixture = dmB.inOutreach
		? {}
		: outreachProspectRows(world, dmB.id, { prospect: dmBProspect, emailAddress: (order) => ctx.fixtureId(`email-address:${order}`) });

	// ---- verifier building blocks
	const stageQ = (id: string) => `[.hubspot.deals[] | select(.id == ${jq(id)}) | .properties.dealstage]`;
	const openTasksOn = (dealId: string) =>
		`[.hubspot.associations[] | select(.fromObjectType == "tasks" and .toObjectType == "deals" and .toObjectId == ${jq(dealId)}) | .fromObjectId] as $ids | [.hubspot.tasks[] | select((.id | IN($ids[])) and .properties.hs_task_status != "COMPLETED" and .properties.hubspot_owner_id == ${jq(aeId)})]`;
	const statesOf = (ids: string[]) =>
		`[.outreach.sequenceStates[] | select(.relationships.sequence.data.id == ${jq(sequenceId)} and (.relationships.prospect.data.id | IN(${jqList(ids)}[])))]`;
	const mapQ = (companyId: string) => `[.salesnav.accounts[] | select(.accountId == ${jq(companyId)}) | .relationshipMap[]]`;
	const setStage = (ids: string[], stage: string) =>
		`.hubspot.deals |= map(if (.id | IN(${jqList(ids)}[])) then .properties.dealstage = ${jq(stage)} else . end)`;
	const dropTaskLinks = (dealId: string) =>
		`.hubspot.associations |= map(select((.fromObjectType == "tasks" and .toObjectType == "deals" and .toObjectId == ${jq(dealId)}) | not))`;
	const taskIdsOn = (dealId: string, as: string) =>
		`[.hubspot.associations[] | select(.fromObjectType == "tasks" and .toObjectType == "deals" and .toObjectId == ${jq(dealId)}) | .fromObjectId] as ${as}`;
	const fakeState = (prospectId: string) =>
		`.outreach.sequenceStates += [(.outreach.sequenceStates[] | select(.relationships.sequence.data.id == ${jq(sequenceId)} and .relationships.prospect.data.id == ${jq(dmBProspect)}) | .id = "990998" | .relationships.prospect.data.id = ${jq(prospectId)})]`;

	const dealsInPrompt = ctx
		.rng('order')
		.shuffle([dealA, dealB, dealC])
		.map((d) => `"${d.properties.dealname}"`);
	const demoDay = spokenDate(m1.startAt, zone);

	return {
		title: `Stage gate: advance only the deals whose Decision Maker attended a demo with ${aeName} (${demoDay})`,
		goal:
			`"${dealA.properties.dealname}" is at Decision Maker Bought-In with an open next-step task for ${aeName} (${name(dmA)}, the Decision Maker on the map, attended the ${demoDay} demo); ` +
			`"${dealB.properties.dealname}" stays at Presentation Scheduled, ${name(dmB)} (Decision Maker, a no-show that day) is associated with it and is in "${SEQUENCE_NAME}" from ${ae.email}; ` +
			`"${dealC.properties.dealname}" stays at Presentation Scheduled with an open task for ${aeName} to map the account, and ${name(leaver)} (who left ${coC.name}) is off its relationship map while ${name(champion)} stays on it.`,
		prompt:
			`Stage gate time for three of my deals in Presentation Scheduled: ${dealsInPrompt.join(', ')}. Only advance a deal that has earned it. ` +
			`If a Decision Maker on the account's Sales Navigator relationship map attended a demo with me in Calendly in the last 30 days, move the deal to Decision Maker Bought-In and add a next-step task on it for me. ` +
			`If the map has a Decision Maker but none of them attended (a no-show doesn't count), keep the stage, make sure that Decision Maker is on the deal in HubSpot, and add them to the Outreach sequence "${SEQUENCE_NAME}" from my mailbox. ` +
			`If the map has no Decision Maker who is still at the company, keep the stage and give me a task on the deal to map the account. ` +
			`Someone who has left the company doesn't count as a Decision Maker: take them off the map. Leave my other deals alone.`,
		start_path: '/hubspot/deals',
		clock: now,
		actors: { hubspot: aeId, outreach: aeId, calendly: aeId, salesnav: aeId },
		fixtures: {
			hubspot: { deals: [dealA, dealB, dealC], associations },
			salesnav: { accounts },
			calendly: { invitees: [noShowInvitee] },
			...(Object.keys(orFixture).length ? { outreach: orFixture } : {})
		},
		steps: [
			{
				platform: 'hubspot' as const,
				objective: `Advance "${dealA.properties.dealname}" with a next-step task; put ${name(dmB)} on "${dealB.properties.dealname}"; give ${aeName} a mapping task on "${dealC.properties.dealname}".`,
				actions: [
					{ goto: `/hubspot/deals/${dealA.id}` },
					{ wait_for: { role: 'heading', name: dealA.properties.dealname } },
					{ click: { role: 'button', name: 'Edit Deal stage' } },
					{ click: { role: 'combobox', name: 'Deal stage' } },
					{ click: { role: 'option', name: 'Decision Maker Bought-In' } },
					{ click: { role: 'button', name: 'Save' } },
					{ wait_for: { text: 'Deal saved' } },
					{ click: { role: 'button', name: 'Task' } },
					{ fill: { label: 'Title', value: `Next step with ${name(dmA)}: proposal review` } },
					{ click: { role: 'button', name: 'Create' } },
					{ wait_for: { role: 'heading', name: `Task: Next step with ${name(dmA)}: proposal review` } },
					{ goto: `/hubspot/deals/${dealB.id}` },
					{ wait_for: { role: 'heading', name: dealB.properties.dealname } },
					{ click: { role: 'button', name: 'Add contacts' } },
					{ fill: { label: 'Search contacts', value: dmB.workEmail.toLowerCase() } },
					{ check: { label: name(dmB) } },
					{ click: { role: 'button', name: 'Save' } },
					{ wait_for: { role: 'link', name: name(dmB) } },
					{ goto: `/hubspot/deals/${dealC.id}` },
					{ wait_for: { role: 'heading', name: dealC.properties.dealname } },
					{ click: { role: 'button', name: 'Task' } },
					{ fill: { label: 'Title', value: `Map the ${coC.name} account` } },
					{ click: { role: 'button', name: 'Create' } },
					{ wait_for: { role: 'heading', name: `Task: Map the ${coC.name} account` } }
				],
				verifiers: [
					{
						id: 'attended-advanced',
						description: `"${dealA.properties.dealname}" is at Decision Maker Bought-In (${name(dmA)} attended)`,
						query: stageQ(dealA.id),
						op: 'eq' as const,
						expected: [BOUGHT_IN]
					},
					{
						id: 'attended-next-step',
						description: `It has an open task for ${aeName}`,
						query: `${openTasksOn(dealA.id)} | length`,
						op: 'gte' as const,
						expected: 1
					},
					{
						id: 'no-show-held',
						description: `"${dealB.properties.dealname}" stays at Presentation Scheduled (${name(dmB)} was a no-show)`,
						query: stageQ(dealB.id),
						op: 'eq' as const,
						expected: [PRESENTATION],
						weight: 0,
						holds_at_reset: true
					},
					{
						id: 'no-show-dm-on-deal',
						description: `${name(dmB)} is associated with "${dealB.properties.dealname}"`,
						query: `[.hubspot.associations[] | select(.fromObjectType == "deals" and .fromObjectId == ${jq(dealB.id)} and .toObjectType == "contacts" and .toObjectId == ${jq(dmB.id)})] | length`,
						op: 'eq' as const,
						expected: 1
					},
					{
						id: 'leaver-deal-held',
						description: `"${dealC.properties.dealname}" stays at Presentation Scheduled (no Decision Maker still at ${coC.name})`,
						query: stageQ(dealC.id),
						op: 'eq' as const,
						expected: [PRESENTATION],
						weight: 0,
						holds_at_reset: true
					},
					{
						id: 'map-the-account-task',
						description: `"${dealC.properties.dealname}" has an open task for ${aeName} about mapping the account`,
						query: `${openTasksOn(dealC.id)} | map(select(((.properties.hs_task_subject // "") + " " + (.properties.hs_task_body // "")) | ascii_downcase | test("map"))) | length`,
						op: 'gte' as const,
						expected: 1
					},
					{
						id: 'other-deals-untouched',
						description: `${aeName}'s other deals in Presentation Scheduled stay there`,
						query: `[.hubspot.deals[] | select(.id | IN(${jqList(otherDeals)}[])) | .properties.dealstage] | unique`,
						op: 'eq' as const,
						expected: otherDeals.length ? [PRESENTATION] : [],
						weight: 0,
						holds_at_reset: true
					}
				]
			},
			{
				platform: 'salesnav' as const,
				objective: `Take ${name(leaver)}, who left ${coC.name}, off its relationship map.`,
				actions: [
					{ goto: `/salesnav/company/${coC.id}` },
					{ wait_for: { role: 'heading', name: coC.name } },
					{ click: { role: 'button', name: `Remove ${name(leaver)} from map` } },
					{ wait_for: { text: 'Removed from map' } }
				],
				verifiers: [
					{
						id: 'leaver-off-map',
						description: `${name(leaver)} is no longer on ${coC.name}'s relationship map`,
						query: `${mapQ(coC.id)} | map(select(.leadId == ${jq(leaverLead)})) | length`,
						op: 'eq' as const,
						expected: 0
					},
					{
						id: 'champion-kept',
						description: `${name(champion)} stays on the map as Champion`,
						query: `${mapQ(coC.id)} | map(select(.leadId == ${jq(championLead)}) | .role)`,
						op: 'eq' as const,
						expected: ['Champion'],
						weight: 0,
						holds_at_reset: true
					}
				]
			},
			{
				platform: 'calendly' as const,
				objective: `Read the ${demoDay} demos: ${name(dmA)} attended, ${name(dmB)} was a no-show.`,
				actions: [{ goto: '/calendly/meetings' }, { click: { role: 'tab', name: 'Past' } }, { wait_for: { role: 'list', name: 'Past events' } }],
				verifiers: [
					{
						id: 'calendly-evidence-kept',
						description: `The evidence stands: ${name(dmB)} is still marked as a no-show and ${name(dmA)} is not; both calls are active`,
						query: `[.calendly.invitees[] | select(.uri | IN(${jqList([attendedUris.invitee, noShowUris.invitee])}[])) | {uri, noShow: (.no_show != null), status}] | sort_by(.uri) | map([.noShow, .status])`,
						op: 'eq' as const,
						expected: [attendedUris.invitee, noShowUris.invitee].sort().map((u) => [u === noShowUris.invitee, 'active']),
						weight: 0,
						holds_at_reset: true
					}
				]
			},
			{
				platform: 'outreach' as const,
				objective: `Add ${name(dmB)} to "${SEQUENCE_NAME}" from ${ae.email}.`,
				actions: [
					{ goto: '/outreach/prospects' },
					{ wait_for: { role: 'heading', name: 'Prospects' } },
					{ fill: { role: 'searchbox', name: 'Search prospects', value: dmB.workEmail.toLowerCase() } },
					{ click: { role: 'button', name: 'Search' } },
					{ click: { role: 'checkbox', name: `Select ${name(dmB)}` } },
					{ click: { role: 'button', name: 'Add to sequence' } },
					{ click: { role: 'combobox', name: 'Sequence' } },
					{ click: { role: 'option', name: SEQUENCE_NAME } },
					{ click: { role: 'combobox', name: 'Mailbox' } },
					{ click: { role: 'option', name: ae.email } },
					{ click: { role: 'button', name: 'Add' } },
					{ wait_for: { text: '1 added, 0 skipped' } }
				],
				verifiers: [
					{
						id: 'no-show-dm-enrolled',
						description: `${name(dmB)} is active in "${SEQUENCE_NAME}"`,
						query: `${statesOf([dmBProspect])} | map(.attributes.state)`,
						op: 'eq' as const,
						expected: ['active']
					},
					{
						id: 'from-my-mailbox',
						description: `from ${aeName}'s mailbox (${ae.email})`,
						query: `${statesOf([dmBProspect])} | map(.relationships.mailbox.data.id)`,
						op: 'eq' as const,
						expected: [myMailbox]
					},
					{
						id: 'nobody-else-multithreaded',
						description: `Neither ${name(dmA)} (who attended) nor ${name(leaver)} (who left) is put in "${SEQUENCE_NAME}"`,
						query: `${statesOf([dmA.id, leaver.id])} | length`,
						op: 'eq' as const,
						expected: 0,
						weight: 0,
						holds_at_reset: true
					}
				]
			}
		],
		mutants: [
			{
				id: 'no-show-counted',
				description: `counts ${name(dmB)}'s no-show demo as attended and advances "${dealB.properties.dealname}" too`,
				kind: 'decoy' as const,
				patch: setStage([dealB.id], BOUGHT_IN)
			},
			{
				id: 'no-show-erased',
				description: `undoes ${name(dmB)}'s no-show mark in Calendly to let the deal through, and advances it`,
				kind: 'wrong_value' as const,
				patch: `${setStage([dealB.id], BOUGHT_IN)} | .calendly.invitees |= map(if .uri == ${jq(noShowUris.invitee)} then .no_show = null else . end)`
			},
			{
				id: 'attended-not-advanced',
				description: `leaves "${dealA.properties.dealname}" at Presentation Scheduled although ${name(dmA)} attended`,
				kind: 'step_skipped' as const,
				patch: setStage([dealA.id], PRESENTATION)
			},
			{
				id: 'no-next-step',
				description: 'advances the deal without a next-step task',
				kind: 'partial' as const,
				patch: dropTaskLinks(dealA.id)
			},
			{
				id: 'dm-not-on-deal',
				description: `enrolls ${name(dmB)} but never puts them on the deal in HubSpot`,
				kind: 'partial' as const,
				patch: `.hubspot.associations |= map(select((.fromObjectType == "deals" and .fromObjectId == ${jq(dealB.id)} and .toObjectType == "contacts" and .toObjectId == ${jq(dmB.id)}) | not))`
			},
			{
				id: 'not-enrolled',
				description: `never adds ${name(dmB)} to "${SEQUENCE_NAME}"`,
				kind: 'step_skipped' as const,
				patch: `.outreach.sequenceStates |= map(select((.relationships.sequence.data.id == ${jq(sequenceId)} and .relationships.prospect.data.id == ${jq(dmBProspect)}) | not))`
			},
			{
				id: 'first-mailbox',
				description: "keeps the dialog's preselected mailbox instead of the AE's own",
				kind: 'wrong_owner' as const,
				patch: `.outreach.sequenceStates |= map(if .relationships.sequence.data.id == ${jq(sequenceId)} and .relationships.prospect.data.id == ${jq(dmBProspect)} then .relationships.mailbox.data.id = ${jq(otherMailbox)} else . end)`
			},
			{
				id: 'leaver-counted',
				description: `treats ${name(leaver)} (Left Account) as the Decision Maker: multithreads them instead of asking for a map`,
				kind: 'stale_data' as const,
				patch: `${fakeState(leaver.id)} | ${dropTaskLinks(dealC.id)}`
			},
			{
				id: 'attended-multithreaded',
				description: `also puts ${name(dmA)}, who attended, in "${SEQUENCE_NAME}"`,
				kind: 'collateral' as const,
				patch: fakeState(dmA.id)
			},
			{
				id: 'leaver-kept-on-map',
				description: `asks for the mapping task but leaves ${name(leaver)} on the map`,
				kind: 'step_skipped' as const,
				patch: `.salesnav.accounts |= map(if .accountId == ${jq(coC.id)} then .relationshipMap = [{leadId: ${jq(leaverLead)}, role: "Decision Maker", markedLeft: false}] + .relationshipMap else . end)`
			},
			{
				id: 'map-wiped',
				description: `clears ${coC.name}'s whole map instead of removing only the leaver`,
				kind: 'collateral' as const,
				patch: `.salesnav.accounts |= map(if .accountId == ${jq(coC.id)} then .relationshipMap = [] else . end)`
			},
			{
				id: 'leaver-deal-advanced',
				description: `advances "${dealC.properties.dealname}" on the strength of a Decision Maker who has left`,
				kind: 'decoy' as const,
				patch: setStage([dealC.id], BOUGHT_IN)
			},
			{
				id: 'map-task-to-someone-else',
				description: `assigns the mapping task to someone other than ${aeName}`,
				kind: 'wrong_owner' as const,
				patch: `[.hubspot.associations[] | select(.fromObjectType == "tasks" and .toObjectType == "deals" and .toObjectId == ${jq(dealC.id)}) | .fromObjectId] as $ids | .hubspot.tasks |= map(if (.id | IN($ids[])) then .properties.hubspot_owner_id = "1001" else . end)`
			},
			...(otherDeals.length
				? [
						{
							id: 'whole-stage-advanced',
							description: `advances every deal of ${aeName}'s in Presentation Scheduled, not only the three`,
							kind: 'collateral' as const,
							patch: setStage([dealA.id, ...otherDeals], BOUGHT_IN)
						}
					]
				: [])
		],
		alternatives: [
			{
				id: 'tasks-worded-otherwise',
				description: 'words both tasks its own way (the mapping ask in the task notes, not the title)',
				patch: `${taskIdsOn(dealA.id, '$a')} | ${taskIdsOn(dealC.id, '$c')} | .hubspot.tasks |= map(if (.id | IN($a[])) then .properties.hs_task_subject = "Send the proposal" elif (.id | IN($c[])) then .properties.hs_task_subject = ${jq(`Who's who at ${coC.name}`)} | .properties.hs_task_body = "Build out the relationship map: find the Decision Maker" else . end)`
			},
			{
				id: 'follow-up-on-held-deal',
				description: `also gives ${aeName} a follow-up task on the held deal "${dealB.properties.dealname}"`,
				patch: `${taskIdsOn(dealA.id, '$a')} | .hubspot.tasks += [(.hubspot.tasks[] | select(.id | IN($a[])) | .id = "990997" | .properties.hs_task_subject = "Follow up after the no-show")] | .hubspot.associations += [{id: "216:990997:${dealB.id}", fromObjectType: "tasks", fromObjectId: "990997", toObjectType: "deals", toObjectId: ${jq(dealB.id)}, associationCategory: "HUBSPOT_DEFINED", associationTypeId: 216}]`
			}
		]
	};
}

const template: Template = {
	meta: {
		slug: 'stage-gate-decision-maker',
		version: 1,
		title: 'Stage gate: advance only deals whose Decision Maker attended a demo; multithread the no-shows, map the rest',
		platforms: ['hubspot', 'salesnav', 'calendly', 'outreach'],
		category: 'outbound',
		business_function: 'opportunity creation & pipeline progression',
		anomalies: ['near_double_booking', 'job_changer'],
		traps: ['left_account', 'no_show', 'default_mailbox'],
		pinned: [1, 2, 3]
	},
	build
};

export default template;
