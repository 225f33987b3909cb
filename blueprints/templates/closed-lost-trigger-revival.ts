/**
 * Template `closed-lost-trigger-revival` (T4-05, tier 4, outbound, dormant lead re-engagement): an Account Executive
 * runs their closed-lost revival. Four of their HubSpot deals are Closed lost; the play covers those lost 6 to 18
 * months ago (close date) for "No decision" or "No budget", and revives an account only when Sales Navigator shows a
 * trigger: funding in the last 12 months, a senior leadership change in the last 3 months, or High buyer intent.
 * Per deal:
 * - the revived account (a trigger, our contact on the deal still there): the one Vice President or above in our
 *   contact's job function (Sales Navigator's decision makers list their seniority and function) becomes a new
 *   HubSpot contact at the company with a note naming the trigger (R11); our contact and the VP go into the Outreach
 *   sequence "Closed-lost revival" from the AE's own mailbox (R5) with the trigger in Custom Field 1 (the team's
 *   personalization field), and the VP gets the AE's Executive briefing link in Custom Field 2 (the booking-link
 *   field). The VP's work email is only in Outreach, where the data provider imported the account's decision makers;
 * - the leaver's account (a trigger, but our contact on the deal left: Sales Navigator shows them at another
 *   company): nothing is sequenced; a note on the deal records who left and where to (R4 / R11);
 * - the account at Medium buyer intent with no other trigger: nothing (the edge of the High intent trigger);
 * - the out-of-scope deal (seeded per instance: lost 4 months ago, lost 21 months ago, or lost to a competitor) at
 *   an account with a trigger: nothing.
 * No deal is reopened or created (the prompt's restraint clause); the Executive briefing is secret and only for
 * VP-level invitees (R9), so our (non-VP) contact gets no booking link.
 *
 * Bindings: per seed (`ctx.cycle`) one revivable account of an AE: a HubSpot company the AE owns, in Outreach, not a
 * customer, with no seeded deal, where a HubSpot contact below VP (lead to SQL, emailable, never in "Closed-lost
 * revival", not live in a sequence) has exactly one VP+ colleague in their function who is not in HubSpot and may be
 * emailed, and a decoy decision maker (a VP+ of another function, or a Director of the same one) who is not in
 * HubSpot either. The leaver is a planted `job_changer` whose HubSpot contact still shows a former employer the AE
 * owns; the Medium and out-of-scope accounts are two more of the AE's companies with an emailable contact (a planted
 * `dormant` lead when one fits). Fixtures: the four deals and their associations, the triggers on the four Sales
 * Navigator accounts (one trigger kind drawn per instance for the revived account), and the Outreach prospects that
 * the seed lacks (our contacts, the leaver at their old address, the account's decision makers).
 *
 * Simplified from the catalogue: (1) one revived account per instance (the catalogue has 4–8 deals with several
 * revivals; one four-tool revival is already ~50 UI actions); (2) the "single-use link" is the AE's Executive
 * briefing scheduling link copied in Calendly, which keeps the task one link per rep (single-use links, one per
 * person, are `hs-or-ca-bad-timing-revival`'s subject); the verifier
 * still checks the link against the final Calendly state of the AE's Executive briefing (J11), not a literal;
 * (3) Sales Navigator shows the triggers as its flags ("Funding events in past 12 months", "Senior leadership
 * changes") and the Buyer intent level, not dated events, so the trigger just outside its window is the Medium
 * intent account; the date windows live on the deals' close dates instead.
 * Pinned: seeds 1–4, one account per AE (Carlos Mendes at Sawayn Software, Daniel Okafor at Mitchell Software,
 * Grace Kim at Towne Partners, Noah Fischer at Crist Robotics).
 * Rules: the team's rules of engagement (R4, R5, R9, R11, R13, R14); Outreach custom fields and sequence states as in
 * the Outreach API reference (`prospect.custom1`, `sequenceState`); HubSpot notes and associations as in the HubSpot
 * CRM API (engagements, associations v4).
 */
import { project as projectCalendly } from '../../gyms/calendly/seed';
import { projectHubSpot } from '../../gyms/hubspot/seed';
import { project as projectOutreach } from '../../gyms/outreach/seed';
import { leadIdFor } from '../../gyms/salesnav/seed';
import type { Company, Person, World } from '../../seeds/world';
import { TemplateError, type InstanceContext, type Template } from './kit';
import { DAY_MS, addMs, hubspotRow, jq, jqList, outreachProspectRows, prospectFixture, salesnavRow, spokenDate } from './_gym-rows';

const SLUG = 'closed-lost-trigger-revival';
/** Account Executives (deal and account owners, each with a mailbox and a secret Executive briefing). */
const AES = ['1003', '1004', '1008', '1009', '1010', '1011'];
/** Scenario days (weekdays of March 2026) and the UTC hour of the clock. */
const DAYS = ['2026-03-03', '2026-03-05', '2026-03-10', '2026-03-12', '2026-03-17', '2026-03-19', '2026-03-24', '2026-03-26'];
const HOURS = ['14', '15', '16'];
const SEQUENCE = 'Closed-lost revival';
const BRIEFING = 'Executive briefing (60 min)';
const DISCOVERY = 'Discovery Call (30 min)';
/** Sales Navigator seniorities at Vice President level or above. */
const VP_PLUS = ['Vice President', 'CXO', 'Owner / Partner'];
/** HubSpot lifecycle stages of a contact a cold revival may sequence (R14: no customers, no open deals). */
const EARLY = ['lead', 'marketingqualifiedlead', 'salesqualifiedlead'];
const LIVE = ['active', 'pending', 'paused'];
const PLANS = ['Growth plan', 'Team rollout', 'Analytics suite', 'Annual platform'];

type Trigger = 'funding' | 'leadership' | 'intent';
type Row = { id: string; attributes: Record<string, unknown>; relationships: Record<string, { data: { type?: string; id: string } | null }> };

/** How a rep words a trigger (oracle text) and the tokens a note or personalization must carry (jq `test`, "i"). */
const TRIGGER: Record<Trigger, { label: string; text: (c: Company) => string; pattern: string }> = {
	funding: {
		label: 'funding in the last 12 months',
		text: (c) => `Congrats on the new funding round at ${c.name}`,
		pattern: 'fund|rais|round|series|investment|capital'
	},
	leadership: {
		label: 'a senior leadership change',
		text: (c) => `Saw the senior leadership change at ${c.name}`,
		pattern: 'leader|executive|appoint|hire|chief|new head|\\bcro\\b'
	},
	intent: {
		label: 'High buyer intent',
		text: (c) => `${c.name} shows high buyer intent on our category`,
		pattern: 'intent|interest|research|evaluat'
	}
};

/** Memoized projections of the template world (pure). */
const memo = new WeakMap<World, { hs: ReturnType<typeof projectHubSpot>['state']; or: Record<string, Row[]>; cal: ReturnType<typeof projectCalendly> }>();
function projections(world: World) {
	let m = memo.get(world);
	if (!m)
		memo.set(world, (m = { hs: projectHubSpot(world).state, or: projectOutreach(world) as unknown as Record<string, Row[]>, cal: projectCalendly(world) }));
	return m;
}

function build(ctx: InstanceContext) {
	const { world } = ctx;
	const { hs, or, cal } = projections(world);
	const hsCompany = new Map(hs.companies.map((c) => [c.id, c]));
	const hsContact = new Map(hs.contacts.map((c) => [c.id, c]));
	const orAccounts = new Set(or.accounts!.map((a) => a.id));
	const prospectById = new Map(or.prospects!.map((p) => [p.id, p]));
	const statesOf = (pid: string) => or.sequenceStates!.filter((s) => s.relationships.prospect?.data?.id === pid);
	const sequenceId = or.sequences!.find((s) => s.attributes.name === SEQUENCE)!.id;
	const seededDealCompanies = new Set(hs.associations.filter((a) => a.fromObjectType === 'deals' && a.toObjectType === 'companies').map((a) => a.toObjectId));
	const kinds = new Map<string, Set<string>>();
	for (const a of world.anomalies) for (const id of a.personIds) kinds.set(id, new Set([...(kinds.get(id) ?? []), a.kind]));
	const planted = (p: Person, kind: string) => kinds.get(p.id)?.has(kind) ?? false;
	const plain = (p: Person, allowed: string[] = []) => [...(kinds.get(p.id) ?? [])].every((k) => allowed.includes(k));

	/** Outreach may email them and the exclusive sequence may take them (never in it before, not live elsewhere). */
	const emailable = (p: Person) => {
		if (p.emailStatus !== 'ok') return false;
		const pr = prospectById.get(p.id);
		if (pr && (pr.attributes.optedOut || pr.attributes.emailOptedOut)) return false;
		return !statesOf(p.id).some((s) => LIVE.includes(String(s.attributes.state)) || s.relationships.sequence?.data?.id === sequenceId);
	};
	const stageOf = (p: Person) => String(hsContact.get(p.id)?.properties.lifecyclestage ?? '');
	/** A deal contact of ours at `c`: a HubSpot contact shown at that company, below VP, lead to SQL, emailable. */
	const ourContact = (p: Person, c: Company) =>
		p.inHubspot &&
		p.previous === null &&
		!VP_PLUS.includes(p.seniority) &&
		EARLY.includes(stageOf(p)) &&
		hsContact.get(p.id)?.properties.company === c.name &&
		emailable(p);
	const staff = (c: Company) => world.people.filter((p) => p.companyId === c.id);
	/** The AE's accounts a revival may touch: owned in HubSpot, in Outreach, not a customer, no seeded deal. */
	const territory = (ae: string) => (c: Company) =>
		hsCompany.get(c.id)?.properties.hubspot_owner_id === ae &&
		hsCompany.get(c.id)?.properties.lifecyclestage !== 'customer' &&
		orAccounts.has(c.id) &&
		!seededDealCompanies.has(c.id);

	/** The revival of an account: our contact, the one VP+ in their function, a decoy decision maker. */
	const revival = (c: Company, o: Person) => {
		const vps = staff(c).filter((v) => v.function === o.function && VP_PLUS.includes(v.seniority));
		if (vps.length !== 1) return null;
		const vp = vps[0]!;
		if (vp.inHubspot || vp.previous !== null || !emailable(vp) || !plain(vp)) return null;
		// Decoy decision makers: a VP+ of another function or a Director of the same one; else any other Director.
		const others = staff(c).filter((d) => d.id !== vp.id && d.id !== o.id && d.previous === null && [...VP_PLUS, 'Director'].includes(d.seniority));
		const strong = others.filter(
			(d) => (VP_PLUS.includes(d.seniority) && d.function !== o.function) || (d.seniority === 'Director' && d.function === o.function)
		);
		const decoys = strong.length ? strong : others;
		return decoys.length ? { vp, decoys } : null;
	};
	const revivable = world.companies.filter((c) =>
		AES.some((ae) => territory(ae)(c) && staff(c).some((o) => ourContact(o, c) && plain(o, ['dormant']) && revival(c, o)))
	);
	const coA = ctx.cycle('revived-account', revivable);
	const aeId = String(hsCompany.get(coA.id)!.properties.hubspot_owner_id);
	const ae = ctx.user(aeId);
	const aeName = `${ae.firstName} ${ae.lastName}`;
	const mine = territory(aeId);
	const original = ctx.pick('original', staff(coA), (o) => ourContact(o, coA) && plain(o, ['dormant']) && revival(coA, o) !== null);
	const { vp, decoys } = revival(coA, original)!;
	const decoy = ctx.pick('decoy', decoys);

	// The leaver: a planted job changer whose HubSpot contact still shows their former employer, one of the AE's.
	const leaver = ctx.pick('leaver', ctx.anomalyPeople('job_changer'), (p) => {
		if (!p.previous || p.previous.companyId === p.companyId || p.previous.companyId === coA.id || !p.inHubspot) return false;
		const old = ctx.company(p.previous.companyId);
		return (
			plain(p, ['job_changer']) &&
			hsContact.get(p.id)?.properties.company === old.name &&
			hsCompany.get(old.id)?.properties.hubspot_owner_id === aeId &&
			!seededDealCompanies.has(old.id)
		);
	});
	const coL = ctx.company(leaver.previous!.companyId);
	const newCo = ctx.company(leaver.companyId);
	const used = new Set([coA.id, coL.id, newCo.id]);
	// The Medium-intent account and the out-of-scope deal's account, each with an emailable contact of ours.
	const contactAt = (label: string, not: Set<string>) => {
		const c = ctx.pick(
			`${label}-account`,
			world.companies,
			(x) => mine(x) && !not.has(x.id) && staff(x).some((p) => ourContact(p, x) && plain(p, ['dormant']))
		);
		const dormant = staff(c).filter((p) => ourContact(p, c) && plain(p, ['dormant']) && planted(p, 'dormant'));
		const p = dormant.length ? ctx.pick(`${label}-contact`, dormant) : ctx.pick(`${label}-contact`, staff(c), (x) => ourContact(x, c) && plain(x, ['dormant']));
		not.add(c.id);
		return { c, p };
	};
	const { c: coN, p: contactN } = contactAt('medium', used);
	const { c: coW, p: contactW } = contactAt('out-of-scope', used);

	// ---- the clock and the deals' close dates
	const day = ctx.cycle('day', DAYS);
	const clock = `${day}T${ctx.pick('hour', HOURS)}:00:00.000Z`;
	const dateRng = ctx.rng('close-dates');
	const closed = (daysAgo: number) => `${addMs(clock, -daysAgo * DAY_MS).slice(0, 10)}T00:00:00.000Z`;
	const reasons = ctx.rng('reasons');
	const inReason = () => reasons.pick(['No decision', 'No budget']);
	const outOfScope = ctx.pick('out-of-scope', ['too-recent', 'too-old', 'competitor'] as const);
	const wDeal =
		outOfScope === 'too-recent'
			? { closedate: closed(dateRng.int(110, 140)), reason: inReason(), why: 'lost only about 4 months ago' }
			: outOfScope === 'too-old'
				? { closedate: closed(dateRng.int(610, 660)), reason: inReason(), why: 'lost about 21 months ago' }
				: { closedate: closed(dateRng.int(220, 420)), reason: 'Went with a competitor', why: 'lost to a competitor' };

	// ---- the triggers (Sales Navigator flags): one kind for the revived account, any for the leaver's and W's.
	const kindA = ctx.pick('trigger', ['funding', 'leadership', 'intent'] as Trigger[]);
	const kindL = ctx.pick('leaver-trigger', ['funding', 'leadership', 'intent'] as Trigger[]);
	const kindW = ctx.pick('out-of-scope-trigger', ['funding', 'leadership', 'intent'] as Trigger[]);
	const snAccount = (c: Company, kind: Trigger | 'medium') => {
		const row = salesnavRow<Record<string, unknown>>(world, 'accounts', c.id);
		const quiet = (i: string) => (i === 'high' ? 'medium' : i);
		return {
			...row,
			buyerIntent: kind === 'intent' ? 'high' : kind === 'medium' ? 'medium' : quiet(String(row.buyerIntent)),
			funding12m: kind === 'funding',
			seniorLeadershipChange3m: kind === 'leadership',
			news: []
		};
	};

	// ---- HubSpot fixtures: the four Closed lost deals of the AE, each on its company and our contact.
	const plans = ctx.rng('plans').shuffle([...PLANS]);
	const amounts = ctx.rng('amounts');
	const deal = (label: string, c: Company, plan: string, closedate: string, reason: string) => {
		const row = hubspotRow<{ id: string; properties: Record<string, string | null>; createdAt: string; updatedAt: string }>('deals', '300005');
		const id = ctx.fixtureId(label);
		const created = addMs(closedate, -amounts.int(45, 120) * DAY_MS);
		row.id = id;
		row.properties = {
			...row.properties,
			dealname: `${c.name} – ${plan}`,
			dealstage: 'closedlost',
			amount: String(amounts.int(15, 80) * 1000),
			closedate,
			dealtype: 'newbusiness',
			hubspot_owner_id: aeId,
			hs_is_closed_won: 'false',
			closed_lost_reason: reason,
			createdate: created,
			hs_lastmodifieddate: closedate,
			hs_object_id: id
		};
		row.createdAt = created;
		row.updatedAt = closedate;
		return row;
	};
	const dealA = deal('deal-revived', coA, plans[0]!, closed(dateRng.int(200, 500)), inReason());
	const dealL = deal('deal-leaver', coL, plans[1]!, closed(dateRng.int(200, 500)), inReason());
	const dealN = deal('deal-medium', coN, plans[2]!, closed(dateRng.int(200, 500)), inReason());
	const dealW = deal('deal-out-of-scope', coW, plans[3]!, wDeal.closedate, wDeal.reason);
	const assoc = (dealId: string, to: 'companies' | 'contacts', toId: string) => {
		const typeId = to === 'companies' ? 341 : 3;
		return {
			id: `${typeId}:${dealId}:${toId}`,
			fromObjectType: 'deals',
			fromObjectId: dealId,
			toObjectType: to,
			toObjectId: toId,
			associationCategory: 'HUBSPOT_DEFINED',
			associationTypeId: typeId
		};
	};
	const associations = (
		[
			[dealA, coA, original],
			[dealL, coL, leaver],
			[dealN, coN, contactN],
			[dealW, coW, contactW]
		] as const
	).flatMap(([d, c, p]) => [assoc(d.id, 'companies', c.id), assoc(d.id, 'contacts', p.id)]);

	// ---- Outreach fixtures: the prospects the seed lacks (our contacts, the leaver at the old address, the
	// revived account's decision makers as the data provider imported them).
	const prospects: Record<string, unknown>[] = [];
	const emailAddresses: Record<string, unknown>[] = [];
	const prospectOf = (p: Person, label: string): string => {
		if (p.inOutreach) return p.id;
		const id = ctx.fixtureId(`prospect-${label}`);
		const rows = outreachProspectRows(world, p.id, { prospect: id, emailAddress: (order) => ctx.fixtureId(`email-${label}-${order}`) });
		prospects.push(...rows.prospects);
		emailAddresses.push(...rows.emailAddresses);
		return id;
	};
	const leaverRows = prospectFixture({
		id: ctx.fixtureId('prospect-leaver'),
		emailAddressId: ctx.fixtureId('email-leaver'),
		firstName: leaver.firstName,
		lastName: leaver.lastName,
		email: leaver.previous!.workEmail,
		title: leaver.previous!.title,
		company: coL.name,
		accountId: orAccounts.has(coL.id) ? coL.id : null,
		linkedInUrl: leaver.linkedinUrl,
		phone: leaver.phone,
		timeZone: leaver.geo.timeZone,
		ownerId: aeId,
		stageId: '402001',
		createdAt: addMs(dealL.createdAt, -20 * DAY_MS),
		touchedAt: String(dealL.properties.closedate)
	});
	prospects.push(leaverRows.prospect);
	emailAddresses.push(leaverRows.emailAddress);
	const pid = {
		leaver: String(leaverRows.prospect.id),
		original: prospectOf(original, 'original'),
		vp: prospectOf(vp, 'vp'),
		decoy: prospectOf(decoy, 'decoy'),
		medium: prospectOf(contactN, 'medium'),
		outOfScope: prospectOf(contactW, 'out-of-scope')
	};
	const decisionMakers = staff(coA).filter(
		(d) => ![vp.id, decoy.id, original.id].includes(d.id) && d.emailStatus === 'ok' && [...VP_PLUS, 'Director'].includes(d.seniority)
	);
	for (const [i, d] of decisionMakers.entries()) prospectOf(d, `decision-maker-${i}`);

	const mailbox = or.mailboxes!.find((m) => m.relationships.user?.data?.id === aeId)!;
	const otherMailbox = or.mailboxes!.find((m) => m.relationships.user?.data?.id === '1012')!;
	const mailboxEmail = String(mailbox.attributes.email);
	const calUser = cal.users.find((u) => u.email === ae.email);
	const typeOf = (name: string, owner = calUser?.uri) => cal.event_types.find((t) => t.profile?.owner === owner && t.name === name);
	const briefing = typeOf(BRIEFING);
	const discovery = typeOf(DISCOVERY);
	const otherBriefing = cal.event_types.find((t) => t.name === BRIEFING && t.profile?.owner !== calUser?.uri);
	if (!briefing || !discovery || !otherBriefing || !briefing.secret)
		throw new TemplateError(`${SLUG}@${ctx.seed}: ${aeName} lacks a secret ${BRIEFING} or a ${DISCOVERY}`);

	// ---- verifier building blocks
	const name = (p: Person) => `${p.firstName} ${p.lastName}`;
	const trigger = TRIGGER[kindA];
	const vpEmail = vp.workEmail.toLowerCase();
	const contactsWith = (email: string) => `[.hubspot.contacts[] | select((.properties.email // "" | ascii_downcase) == ${jq(email)})]`;
	/** jq: bodies (lower case) of the notes created during the run and associated with records `$ids` of `type`. */
	const newNotesOn = (type: string, ids: string) =>
		`(${ids}) as $ids | ([$initial.hubspot.notes[].id]) as $old | ([.hubspot.associations[] | select((.fromObjectType == "notes" and .toObjectType == ${jq(type)} and (.toObjectId | IN($ids[]))) or (.fromObjectType == ${jq(type)} and (.fromObjectId | IN($ids[])) and .toObjectType == "notes")) | if .fromObjectType == "notes" then .fromObjectId else .toObjectId end]) as $n | [.hubspot.notes[] | select((.id | IN($n[])) and ((.id as $i | $old | index($i)) | not)) | .properties.hs_note_body // "" | ascii_downcase]`;
	const vpContactQ = `${contactsWith(vpEmail)} as $c | ($c | map(.id)) as $ids | ($c | length) == 1 and ((([.hubspot.associations[] | select((.fromObjectType == "contacts" and (.fromObjectId | IN($ids[])) and .toObjectType == "companies" and .toObjectId == ${jq(coA.id)}) or (.fromObjectType == "companies" and .fromObjectId == ${jq(coA.id)} and .toObjectType == "contacts" and (.toObjectId | IN($ids[]))))] | length) > 0) or $c[0].properties.company == ${jq(coA.name)})`;
	const prospectQ = (id: string) => `[.outreach.prospects[] | select(.id == ${jq(id)})] | first`;
	const enrolledQ = (id: string) =>
		`[.outreach.sequenceStates[] | select(.relationships.prospect.data.id == ${jq(id)} and .relationships.sequence.data.id == ${jq(sequenceId)} and (.attributes.state | IN(${LIVE.map(jq).join(', ')}))) | .relationships.mailbox.data.id]`;
	/** Sequence states created during the run for prospects that are `p` (by an address or by name). */
	const newStatesOf = (p: Person) =>
		`[.outreach.prospects[] | select(((.attributes.emails // [] | map(ascii_downcase) | index(${jq(p.workEmail.toLowerCase())})) != null) or ((.attributes.emails // [] | map(ascii_downcase) | index(${jq((p.previous?.workEmail ?? p.workEmail).toLowerCase())})) != null) or (.attributes.firstName == ${jq(p.firstName)} and .attributes.lastName == ${jq(p.lastName)})) | .id] as $mine | ([$initial.outreach.sequenceStates[].id]) as $old | [.outreach.sequenceStates[] | select((.relationships.prospect.data.id | IN($mine[])) and ((.id as $i | $old | index($i)) | not))] | length`;
	const briefingLink = `([.calendly.event_types[] | select(.uri == ${jq(briefing.uri)}) | .scheduling_url] | first)`;
	const dealFacts = `[.hubspot.deals[] | {id, stage: .properties.dealstage, owner: .properties.hubspot_owner_id, reason: .properties.closed_lost_reason, close: .properties.closedate, amount: .properties.amount, pipeline: .properties.pipeline}]`;
	const leaverNoteQ = `${newNotesOn('deals', jqList([dealL.id]))} | map(select(contains(${jq(leaver.lastName.toLowerCase())}) and (contains(${jq(newCo.name.toLowerCase())}) or test("left|no longer|moved|depart|joined|now at|gone"; "i")))) | length > 0`;

	// ---- mutant building blocks
	const setCustom = (id: string, field: string, v: string | null) =>
		`.outreach.prospects |= map(if .id == ${jq(id)} then ${v === null ? `del(.attributes.${field})` : `.attributes.${field} = ${jq(v)}`} else . end)`;
	const cloneState = (id: string, stateId: string) =>
		`.outreach.sequenceStates += [(.outreach.sequenceStates[] | select(.relationships.prospect.data.id == ${jq(pid.vp)} and .relationships.sequence.data.id == ${jq(sequenceId)}) | .id = ${jq(stateId)} | .relationships.prospect.data.id = ${jq(id)})]`;
	const dropStates = (id: string) => `.outreach.sequenceStates |= map(select(.relationships.prospect.data.id != ${jq(id)}))`;
	const vpContactId = `(${contactsWith(vpEmail)} | first | .id)`;
	const newNoteIds = `([$initial.hubspot.notes[].id]) as $old | [.hubspot.notes[] | select((.id as $i | $old | index($i)) | not) | .id]`;

	const vpNote = `${trigger.text(coA)}: ${name(vp)} is ${vp.title}, same function as ${name(original)}; reviving "${dealA.properties.dealname}".`;
	const leaverNote = `${name(leaver)} has left ${coL.name} and is now at ${newCo.name}; revival on hold until the account is re-mapped.`;

	const dealsInWindow = `6 to 18 months ago`;
	return {
		title: `Closed-lost revival for ${aeName} (${spokenDate(clock, ae.timeZone)}): ${coA.name} has a trigger`,
		goal:
			`"${dealA.properties.dealname}" (${trigger.label}) is revived: ${name(vp)} (${vp.title}, ${vp.function}, like ${name(original)}) is a new HubSpot contact at ${coA.name} with a note on the trigger; ` +
			`${name(original)} and ${name(vp)} are in "${SEQUENCE}" from ${mailboxEmail} with the trigger in Custom Field 1, and ${name(vp)} has ${aeName}'s ${BRIEFING} link in Custom Field 2 (${name(original)} none). ` +
			`"${dealL.properties.dealname}" has a note that ${name(leaver)} left for ${newCo.name}, nobody sequenced; "${dealN.properties.dealname}" (Medium intent, no trigger) and "${dealW.properties.dealname}" (${wDeal.why}) untouched; no deal changed.`,
		prompt: [
			`Closed-lost revival time. Take my HubSpot deals that were lost ${dealsInWindow} (by close date) with the reason "No decision" or "No budget".`,
			`For each of those accounts, check Sales Navigator for a trigger: funding in the last 12 months, a senior leadership change in the last 3 months, or High buyer intent. No trigger, no action.`,
			`Where there is a trigger:`,
			`- check that our contact on the deal is still at the company. If they have left, hold that account: just add a note on the deal saying who left and where they went;`,
			`- otherwise, find the Vice President or above in the same function as our contact (Sales Navigator) and add them to HubSpot as a new contact at the company, with a note about the trigger. Our data provider has already put the account's decision makers into Outreach, with their emails;`,
			`- enroll our contact and that VP in the Outreach sequence "${SEQUENCE}" from my mailbox, with the trigger in Custom Field 1 (our personalization field);`,
			`- give the VP the link to my ${BRIEFING} in Calendly in Custom Field 2 (our booking link field).`,
			`Don't reopen or create any deal: that happens once a meeting is booked.`
		].join('\n'),
		start_path: '/hubspot/deals',
		actors: { hubspot: aeId, salesnav: aeId, calendly: aeId, outreach: aeId },
		clock,
		fixtures: {
			hubspot: { deals: [dealA, dealL, dealN, dealW], associations },
			salesnav: { accounts: [snAccount(coA, kindA), snAccount(coL, kindL), snAccount(coN, 'medium'), snAccount(coW, kindW)] },
			outreach: { prospects, emailAddresses }
		},
		steps: [
			{
				platform: 'hubspot' as const,
				objective: `Find ${aeName}'s deals lost 6–18 months ago to "No decision" or "No budget": "${dealA.properties.dealname}", "${dealL.properties.dealname}" and "${dealN.properties.dealname}" ("${dealW.properties.dealname}" is out: ${wDeal.why}).`,
				actions: [
					{ goto: `/hubspot/deals/${dealL.id}` },
					{ wait_for: { role: 'heading', name: String(dealL.properties.dealname) } },
					{ click: { role: 'button', name: 'Note' } },
					{ fill: { role: 'textbox', name: 'Note', value: leaverNote } },
					{ click: { role: 'button', name: 'Save note' } },
					{ wait_for: { text: leaverNote } }
				],
				verifiers: [
					{
						id: 'leaver-deal-note',
						description: `A new note on "${dealL.properties.dealname}" says that ${name(leaver)} left (or names ${newCo.name})`,
						query: leaverNoteQ,
						op: 'eq' as const,
						expected: true
					},
					{
						id: 'deals-unchanged',
						description: 'No deal was reopened, changed or created (notes aside)',
						query: `${dealFacts} == ($initial | ${dealFacts})`,
						op: 'eq' as const,
						expected: true,
						weight: 0,
						holds_at_reset: true as const
					}
				]
			},
			{
				platform: 'salesnav' as const,
				objective: `Triggers: ${coA.name} (${trigger.label}), ${coL.name} (${TRIGGER[kindL].label}), ${coN.name} (Medium intent: none). ${name(leaver)} is now at ${newCo.name}; ${name(original)} is still at ${coA.name} (${original.function}), whose VP+ in ${original.function} is ${name(vp)}.`,
				actions: [
					{ goto: `/salesnav/lead/${leadIdFor(leaver.id)}` },
					{ wait_for: { role: 'heading', name: name(leaver) } },
					{ goto: `/salesnav/company/${coA.id}` },
					{ wait_for: { role: 'button', name: `Add to map ${name(vp)}` } }
				],
				verifiers: [
					{
						id: 'vp-contact',
						description: `Exactly one HubSpot contact ${vpEmail} (${name(vp)}, the VP+ in ${original.function}), at ${coA.name}`,
						query: vpContactQ,
						op: 'eq' as const,
						expected: true
					},
					{
						id: 'decoy-not-added',
						description: `${name(decoy)} (${decoy.seniority}, ${decoy.function}) was not added to HubSpot`,
						query: `${contactsWith(decoy.workEmail.toLowerCase())} | length`,
						op: 'eq' as const,
						expected: decoy.inHubspot ? 1 : 0,
						weight: 0,
						holds_at_reset: true as const
					}
				]
			},
			{
				platform: 'hubspot' as const,
				objective: `Add ${name(vp)} at ${coA.name} with a note on the trigger.`,
				actions: [
					{ goto: `/hubspot/companies/${coA.id}` },
					{ wait_for: { role: 'heading', name: coA.name } },
					{ click: { role: 'button', name: 'Add contacts' } },
					{ click: { role: 'tab', name: 'Create new' } },
					{ fill: { label: 'Email', value: vp.workEmail } },
					{ fill: { label: 'First name', value: vp.firstName } },
					{ fill: { label: 'Last name', value: vp.lastName } },
					{ fill: { label: 'Job title', value: vp.title } },
					{ click: { role: 'button', name: 'Create' } },
					{ click: { role: 'link', name: name(vp) } },
					{ wait_for: { role: 'heading', name: name(vp) } },
					{ click: { role: 'button', name: 'Note' } },
					{ fill: { role: 'textbox', name: 'Note', value: vpNote } },
					{ click: { role: 'button', name: 'Save note' } },
					{ wait_for: { text: vpNote } }
				],
				verifiers: [
					{
						id: 'vp-trigger-note',
						description: `A new note on ${name(vp)}'s contact names the trigger (${trigger.label})`,
						query: `${newNotesOn('contacts', `[${contactsWith(vpEmail)}[].id]`)} | map(select(test(${jq(trigger.pattern)}; "i"))) | length > 0`,
						op: 'eq' as const,
						expected: true
					},
					{
						id: 'one-new-contact',
						description: 'Exactly one contact was added to HubSpot (the VP; nobody at the other accounts)',
						query: `([$initial.hubspot.contacts[].id]) as $old | [.hubspot.contacts[] | select((.id as $i | $old | index($i)) | not)] | length`,
						op: 'eq' as const,
						expected: 1
					}
				]
			},
			{
				platform: 'calendly' as const,
				objective: `Copy the link of ${aeName}'s ${BRIEFING} (secret: VP-level invitees only).`,
				actions: [
					{ goto: '/calendly/scheduling' },
					{ click: { role: 'button', name: `Copy link: ${BRIEFING}` } },
					{ wait_for: { text: `Link copied: ${briefing.scheduling_url}` } }
				],
				verifiers: [
					{
						id: 'vp-briefing-link',
						description: `${name(vp)}'s Custom Field 2 is the link of ${aeName}'s ${BRIEFING} (read from Calendly)`,
						query: `${briefingLink} as $link | (${prospectQ(pid.vp)} | .attributes.custom2) == $link`,
						op: 'eq' as const,
						expected: true
					},
					{
						id: 'original-no-briefing',
						description: `${name(original)} (${original.seniority}) did not get the VP-only ${BRIEFING} link`,
						query: `${briefingLink} as $link | (${prospectQ(pid.original)} | .attributes.custom2) != $link`,
						op: 'eq' as const,
						expected: true,
						weight: 0,
						holds_at_reset: true as const
					}
				]
			},
			{
				platform: 'outreach' as const,
				objective: `Personalize and enroll ${name(original)} and ${name(vp)} in "${SEQUENCE}" from ${mailboxEmail}.`,
				actions: [
					{ goto: `/outreach/prospects/${pid.vp}` },
					{ click: { role: 'button', name: 'Show all custom fields' } },
					{ click: { role: 'button', name: 'Edit Custom Field 1' } },
					{ fill: { label: 'Custom Field 1', value: trigger.text(coA) } },
					{ click: { role: 'button', name: 'Edit Custom Field 2' } },
					{ fill: { label: 'Custom Field 2', value: briefing.scheduling_url } },
					{ click: { role: 'button', name: 'Save' } },
					{ wait_for: { text: 'Custom fields saved' } },
					{ goto: `/outreach/prospects/${pid.original}` },
					{ click: { role: 'button', name: 'Show all custom fields' } },
					{ click: { role: 'button', name: 'Edit Custom Field 1' } },
					{ fill: { label: 'Custom Field 1', value: trigger.text(coA) } },
					{ click: { role: 'button', name: 'Save' } },
					{ wait_for: { text: 'Custom fields saved' } },
					{ goto: '/outreach/prospects' },
					...[original, vp].flatMap((p) => [
						{ fill: { role: 'searchbox', name: 'Search prospects', value: p.workEmail } },
						{ click: { role: 'button', name: 'Search' } },
						{ click: { role: 'checkbox', name: `Select ${name(p)}` } }
					]),
					{ click: { role: 'button', name: 'Add to sequence' } },
					{ click: { role: 'combobox', name: 'Sequence' } },
					{ click: { role: 'option', name: SEQUENCE } },
					{ click: { role: 'combobox', name: 'Mailbox' } },
					{ click: { role: 'option', name: mailboxEmail } },
					{ click: { role: 'button', name: 'Add' } },
					{ wait_for: { text: '2 added, 0 skipped' } }
				],
				verifiers: [
					...(
						[
							['vp', pid.vp, vp],
							['original', pid.original, original]
						] as const
					).flatMap(([key, id, p]) => [
						{
							id: `${key}-enrolled`,
							description: `${name(p)} is in "${SEQUENCE}" from ${mailboxEmail}`,
							query: enrolledQ(id),
							op: 'eq' as const,
							expected: [mailbox.id]
						},
						{
							id: `${key}-personalization`,
							description: `${name(p)}'s Custom Field 1 names the trigger (${trigger.label})`,
							query: `${prospectQ(id)} | .attributes.custom1 // "" | test(${jq(trigger.pattern)}; "i")`,
							op: 'eq' as const,
							expected: true
						}
					]),
					...(
						[
							['leaver', leaver, 'left the company'],
							['medium', contactN, 'Medium intent: no trigger'],
							['out-of-scope', contactW, wDeal.why],
							['decoy', decoy, `${decoy.seniority} in ${decoy.function}`]
						] as const
					).map(([key, p, why]) => ({
						id: `${key}-not-sequenced`,
						description: `${name(p)} (${why}) got no new sequence state`,
						query: newStatesOf(p),
						op: 'eq' as const,
						expected: 0,
						weight: 0,
						holds_at_reset: true as const
					}))
				]
			}
		],
		mutants: [
			{
				id: 'decoy-as-vp',
				description: `adds ${name(decoy)} (${decoy.seniority}, ${decoy.function}) instead of ${name(vp)}`,
				kind: 'decoy' as const,
				patch: `.hubspot.contacts |= map(if (.properties.email // "" | ascii_downcase) == ${jq(vpEmail)} then .properties.email = ${jq(decoy.workEmail)} | .properties.firstname = ${jq(decoy.firstName)} | .properties.lastname = ${jq(decoy.lastName)} else . end)`
			},
			{
				id: 'extra-contact',
				description: `also adds ${name(decoy)} to HubSpot`,
				kind: 'collateral' as const,
				patch: `.hubspot.contacts += [(${contactsWith(vpEmail)} | first) | .id = "999901" | .properties.email = ${jq(decoy.workEmail)}]`
			},
			{
				id: 'leaver-no-note',
				description: `holds ${coL.name} but leaves no note on the deal`,
				kind: 'step_skipped' as const,
				patch: `.hubspot.associations |= map(select((.fromObjectType == "notes" and .toObjectType == "deals" and .toObjectId == ${jq(dealL.id)}) | not))`
			},
			{
				id: 'leaver-sequenced',
				description: `enrolls ${name(leaver)} at the old ${coL.name} address`,
				kind: 'stale_data' as const,
				patch: cloneState(pid.leaver, '999902')
			},
			{
				id: 'medium-intent-revived',
				description: `revives ${coN.name} on Medium buyer intent (not a trigger)`,
				kind: 'decoy' as const,
				patch: cloneState(pid.medium, '999903')
			},
			{
				id: 'out-of-scope-revived',
				description: `revives "${dealW.properties.dealname}" (${wDeal.why})`,
				kind: 'decoy' as const,
				patch: cloneState(pid.outOfScope, '999904')
			},
			{
				id: 'decoy-sequenced',
				description: `enrolls ${name(decoy)} as well`,
				kind: 'decoy' as const,
				patch: cloneState(pid.decoy, '999905')
			},
			{
				id: 'colleague-mailbox',
				description: `enrolls ${name(vp)} from the sequence owner's mailbox`,
				kind: 'wrong_owner' as const,
				patch: `.outreach.sequenceStates |= map(if .relationships.prospect.data.id == ${jq(pid.vp)} then .relationships.mailbox.data.id = ${jq(otherMailbox.id)} else . end)`
			},
			{
				id: 'original-not-enrolled',
				description: `enrolls only the VP, not ${name(original)}`,
				kind: 'partial' as const,
				patch: dropStates(pid.original)
			},
			{
				id: 'briefing-to-original',
				description: `gives ${name(original)} the VP-only ${BRIEFING} link too`,
				kind: 'compliance_skipped' as const,
				patch: setCustom(pid.original, 'custom2', briefing.scheduling_url)
			},
			{
				id: 'discovery-link',
				description: `gives ${name(vp)} the ${DISCOVERY} link instead of the ${BRIEFING}`,
				kind: 'decoy' as const,
				patch: setCustom(pid.vp, 'custom2', discovery.scheduling_url)
			},
			{
				id: 'colleague-briefing',
				description: `gives ${name(vp)} another AE's ${BRIEFING} link`,
				kind: 'wrong_owner' as const,
				patch: setCustom(pid.vp, 'custom2', otherBriefing.scheduling_url)
			},
			{
				id: 'generic-personalization',
				description: `writes "just checking in" for ${name(original)} instead of the trigger`,
				kind: 'wrong_value' as const,
				patch: setCustom(pid.original, 'custom1', 'Just checking in')
			},
			{
				id: 'vp-personalization-missing',
				description: `leaves ${name(vp)}'s Custom Field 1 empty`,
				kind: 'step_skipped' as const,
				patch: setCustom(pid.vp, 'custom1', null)
			},
			{
				id: 'vp-note-missing',
				description: `adds ${name(vp)} without the note on the trigger`,
				kind: 'required_missing' as const,
				patch: `${vpContactId} as $c | .hubspot.associations |= map(select((.fromObjectType == "notes" and .toObjectType == "contacts" and .toObjectId == $c) | not))`
			},
			{
				id: 'deal-reopened',
				description: `reopens "${dealA.properties.dealname}"`,
				kind: 'collateral' as const,
				patch: `.hubspot.deals |= map(if .id == ${jq(dealA.id)} then .properties.dealstage = "appointmentscheduled" else . end)`
			}
		],
		alternatives: [
			{
				id: 'other-wording',
				description: 'words the notes and the personalization differently',
				patch: `${newNoteIds} as $new | .hubspot.notes |= map(if (.id | IN($new[])) then .properties.hs_note_body = (if (.properties.hs_note_body | test(${jq(leaver.lastName)})) then ${jq(`<p>${leaver.firstName} ${leaver.lastName} moved on; joined ${newCo.name}</p>`)} else ${jq(`<p>Trigger: ${TRIGGER[kindA].label}</p>`)} end) else . end) | ${setCustom(pid.vp, 'custom1', TRIGGER[kindA].label)} | ${setCustom(pid.original, 'custom1', `Re: ${TRIGGER[kindA].label}`)}`
			},
			{
				id: 'vp-from-contacts-index',
				description: `creates ${name(vp)} from the contacts index with the company name instead of the company association`,
				patch: `${vpContactId} as $c | .hubspot.associations |= map(select(((.fromObjectType == "contacts" and .fromObjectId == $c and .toObjectType == "companies") or (.fromObjectType == "companies" and .toObjectType == "contacts" and .toObjectId == $c)) | not)) | .hubspot.contacts |= map(if .id == $c then .properties.company = ${jq(coA.name)} else . end)`
			}
		]
	};
}

const template: Template = {
	meta: {
		slug: SLUG,
		version: 1,
		title: 'Closed-lost revival on a Sales Navigator trigger: the VP in the original function, the secret Executive briefing link',
		platforms: ['hubspot', 'salesnav', 'calendly', 'outreach'],
		category: 'outbound',
		business_function: 'dormant lead re-engagement',
		anomalies: ['job_changer'],
		traps: ['left_account', 'secret_event', 'signal_threshold', 'deal_window', 'persona_function'],
		pinned: [1, 2, 3, 4]
	},
	build
};

export default template;
