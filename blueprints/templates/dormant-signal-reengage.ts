/**
 * Template `dormant-signal-reengage` (tier 4, outbound, dormant lead re-engagement): an Account Executive has six
 * HubSpot leads of theirs that went quiet 6+ months ago and wants the ones whose company now shows a buying signal
 * in Sales Navigator back in play. A lead gets re-engaged when their company shows funding in the last 12 months,
 * a senior leadership change in the last 3 months, or 1-year headcount growth of 20% or more, AND they are still
 * there, AND they may be emailed. Re-engaged leads go into the Outreach sequence "Re-engage – 3 touch" from the
 * AE's own mailbox with the signal in Custom Field 1 (the team's personalization field) and the AE's Calendly
 * Discovery Call link in Custom Field 2 (the booking link field), get lead status Open in HubSpot and are saved to
 * a new Sales Navigator lead list. The other branches:
 * - a lead who left the company (Sales Navigator shows another employer) is not sequenced; a note on their HubSpot
 *   contact records where they went (the rules of engagement R4 / R11: the decisive fact is the new company);
 * - a lead whose address hard-bounced is not sequenced again; their Outreach stage becomes Bad Contact Info (R7);
 * - an opted-out lead gets nothing (R6);
 * - a lead whose company shows no signal gets nothing (their company grew 19% in a year and more over two: the
 *   edge decoy of the 20% threshold).
 *
 * Bindings: the acting AE (a team member with a Discovery Call, a Product webinar and an Executive briefing in
 * Calendly: the decoy links), a clock day; two `dormant` leads of the manifest (lead or MQL, deliverable, no
 * activity for 6+ months) at companies with an Outreach account, one with a funding or leadership signal and one
 * with growth only (set to 21% in Sales Navigator); a `job_changer` whose OLD company (the one HubSpot still shows)
 * has a signal; an `opted_out` lead and a `bounced` prospect at signal companies; a `dormant` lead at a company
 * without any signal (Sales Navigator growth set to 19%). Fixtures: the six HubSpot contacts owned by the AE with
 * their last activity 6+ months back, the Outreach prospects of the two signal leads (never sequenced), the
 * bounced prospect's stage set back to Unresponsive (the bounce came after the stage was last set), and the two
 * Sales Navigator accounts with the growth edges.
 *
 * Simplified from the catalogue: (1) the prompt names the six dormant leads instead of letting the agent build
 * the "no activity for 6+ months" HubSpot filter; (2) the booking link is the AE's Discovery Call scheduling link
 * read in Calendly, not a single-use link (written when the Calendly replica had no screen for single-use links;
 * `hs-or-ca-bad-timing-revival` uses the one it has now);
 * (3) Sales Navigator shows funding and leadership changes as its "Funding events in past 12 months" and "Senior
 * leadership changes in last 3 months" flags, not dated events, so the date edges (89/92 days) are not planted,
 * only the growth edge (19%/21%); (4) the bounced address is not replaced (the Outreach replica's prospect screen
 * does not edit addresses): the bounce rule's stage change is the work.
 */
import { project as projectCalendly } from '../../gyms/calendly/seed';
import { projectHubSpot } from '../../gyms/hubspot/seed';
import { project as projectOutreach } from '../../gyms/outreach/seed';
import { leadIdFor, project as projectSalesNav } from '../../gyms/salesnav/seed';
import type { Company, Person } from '../../seeds/world';
import { TemplateError, type InstanceContext, type Template } from './kit';
import { DAY_MS, addMs, jq, prospectFixture, spokenDate } from './_gym-rows';

const SLUG = 'dormant-signal-reengage';
/** Account Executives with the three Calendly event types (the Discovery Call and two decoy links). */
const AES = ['1003', '1004', '1008', '1009', '1010', '1011'];
/** Scenario days (weekdays of March 2026) and UTC hours of the clock (business hours in Europe and the Americas). */
const DAYS = ['2026-03-03', '2026-03-05', '2026-03-10', '2026-03-12', '2026-03-17', '2026-03-19', '2026-03-24', '2026-03-26'];
const HOURS = ['14', '15', '16', '17'];
/** The Outreach sequence (exclusive, no duplicates) and its id in the seed. */
const SEQUENCE = 'Re-engage – 3 touch';
const SEQUENCE_ID = '403003';
/** Outreach stages of the seed. */
const STAGE = { cold: '402001', unresponsive: '402006', badContact: '402008' } as const;
/** Dormant = no activity for at least this long before the clock (ms): 6 months. */
const DORMANT_MS = 183 * DAY_MS;
/** HubSpot lifecycle stages a cold re-engagement may target (never customers or open deals: R14). */
const EARLY = ['lead', 'marketingqualifiedlead'];
const DISCOVERY = 'Discovery Call (30 min)';

type Signal = 'funding' | 'leadership' | 'growth';

/** The signals Sales Navigator shows for a world company (flags as the seed projects them, 1-year growth). */
function signalsOf(c: Company, growth = c.headcountGrowth1y): Signal[] {
	const out: Signal[] = [];
	if (c.funding) out.push('funding');
	if (c.leadershipChangeAt) out.push('leadership');
	if (growth >= 20) out.push('growth');
	return out;
}

/** The personalization line the oracle writes for a signal, and the pattern (jq `test`, case-insensitive) it must match. */
function signalText(kind: Signal, c: Company, growth: number): { text: string; pattern: string } {
	if (kind === 'funding') return { text: `Congrats on the new ${c.funding!.round} funding at ${c.name}`, pattern: 'fund|rais|series|seed|round' };
	if (kind === 'leadership') return { text: `Saw the leadership change at ${c.name}`, pattern: 'leader|chief|cro\\b|appoint|new head|executive' };
	return { text: `${c.name} grew its team ${growth}% over the last year`, pattern: 'grow|growth|headcount|hiring|team' };
}

function build(ctx: InstanceContext) {
	const { world } = ctx;
	const hs = projectHubSpot(world).state;
	const or = projectOutreach(world);
	const cal = projectCalendly(world);
	const sn = projectSalesNav(world);
	const day = ctx.pick('day', DAYS);
	const hour = ctx.pick('hour', HOURS);
	const clockMs = Date.parse(`${day}T${hour}:00:00.000Z`);
	const clock = new Date(clockMs).toISOString();
	const aeId = ctx.pick('ae', AES);
	const ae = ctx.user(aeId);
	const aeName = `${ae.firstName} ${ae.lastName}`;
	const mailbox = or.mailboxes.find((m) => m.relationships.user?.data?.id === aeId);
	const calUser = cal.users.find((u) => u.email === ae.email);
	const typeOf = (name: string) => cal.event_types.find((t) => t.profile?.owner === calUser?.uri && t.name.startsWith(name));
	const discovery = typeOf(DISCOVERY);
	const briefing = typeOf('Executive briefing');
	if (!mailbox || !calUser || !discovery || !briefing) throw new TemplateError(`${SLUG}@${ctx.seed}: ${aeName} lacks a mailbox or the Calendly event types`);

	const contacts = new Map(hs.contacts.map((c) => [c.id, c]));
	const orAccounts = new Set(or.accounts.map((a) => String(a.id)));
	const prospects = new Map(or.prospects.map((p) => [p.id, p]));
	const statesOf = (pid: string) => or.sequenceStates.filter((s) => s.relationships.prospect.data.id === pid);
	const early = (p: Person) => EARLY.includes(String(contacts.get(p.id)?.properties.lifecyclestage ?? ''));
	const quiet = (p: Person) => p.lastActivityAt !== null && Date.parse(p.lastActivityAt) <= clockMs - DORMANT_MS;
	// Each of the six plays one part: nobody who is also another planted kind (a dormant lead who also moved…).
	const kinds = new Map<string, Set<string>>();
	for (const a of world.anomalies) for (const id of a.personIds) kinds.set(id, new Set([...(kinds.get(id) ?? []), a.kind]));
	const only = (p: Person, kind: string) => [...(kinds.get(p.id) ?? [])].every((k) => k === kind || k === 'dormant') && (kind === 'job_changer' || !p.previous);
	const used = new Set<string>();
	const free = (companyId: string) => !used.has(companyId);
	const take = (p: Person, companyId = p.companyId) => {
		used.add(companyId);
		return p;
	};
	const co = (id: string) => ctx.company(id);
	const sequenceable = (p: Person) =>
		only(p, 'dormant') && p.inHubspot && !p.inOutreach && p.emailStatus === 'ok' && early(p) && quiet(p) && orAccounts.has(p.companyId) && !prospects.has(p.id);

	const dormant = ctx.anomalyPeople('dormant');
	const hot = take(ctx.pick('hot', dormant, (p) => sequenceable(p) && signalsOf(co(p.companyId)).some((s) => s !== 'growth')));
	const grower = take(
		ctx.pick('grower', dormant, (p) => sequenceable(p) && free(p.companyId) && !co(p.companyId).funding && !co(p.companyId).leadershipChangeAt)
	);
	const cold = take(
		ctx.pick(
			'no-signal',
			dormant,
			(p) =>
				only(p, 'dormant') &&
				p.inHubspot &&
				early(p) &&
				quiet(p) &&
				free(p.companyId) &&
				!co(p.companyId).funding &&
				!co(p.companyId).leadershipChangeAt &&
				p !== grower
		)
	);
	const leaver = ctx.pick('leaver', ctx.anomalyPeople('job_changer'), (p) => {
		const c = contacts.get(p.id);
		return (
			only(p, 'job_changer') &&
			!!p.previous &&
			p.emailStatus === 'ok' &&
			early(p) &&
			free(p.previous.companyId) &&
			free(p.companyId) &&
			signalsOf(co(p.previous.companyId)).length > 0 &&
			c?.properties.company === co(p.previous.companyId).name
		);
	});
	take(leaver, leaver.previous!.companyId);
	used.add(leaver.companyId);
	const optedOut = take(
		ctx.pick(
			'opted-out',
			ctx.anomalyPeople('opted_out'),
			(p) => only(p, 'opted_out') && p.inHubspot && early(p) && free(p.companyId) && signalsOf(co(p.companyId)).length > 0
		)
	);
	const bounced = take(
		ctx.pick('bounced', ctx.anomalyPeople('bounced'), (p) => {
			const pr = prospects.get(p.id);
			return (
				only(p, 'bounced') &&
				p.inHubspot &&
				early(p) &&
				free(p.companyId) &&
				signalsOf(co(p.companyId)).length > 0 &&
				!!pr &&
				!statesOf(p.id).some((s) => s.relationships.sequence.data.id === SEQUENCE_ID)
			);
		})
	);

	// Sales Navigator: the growth edges (21% is a signal, 19% with 34% over two years is not).
	const snAccount = (c: Company, sixMonths: number, oneYear: number, twoYears: number) => {
		const row = sn.accounts.find((a) => a.accountId === c.id);
		if (!row) throw new TemplateError(`${SLUG}@${ctx.seed}: no Sales Navigator account ${c.id}`);
		return { ...structuredClone(row), headcountGrowth: { sixMonths, oneYear, twoYears } };
	};
	const hotCo = co(hot.companyId);
	const growCo = co(grower.companyId);
	const coldCo = co(cold.companyId);
	const oldCo = co(leaver.previous!.companyId);
	const newCo = co(leaver.companyId);
	const hotKind: Signal = hotCo.funding ? 'funding' : 'leadership';
	const hotSignal = signalText(hotKind, hotCo, hotCo.headcountGrowth1y);
	const growSignal = signalText('growth', growCo, 21);

	// HubSpot: the six contacts are the AE's, quiet for 6+ months (the four non-dormant kinds get old activity dates).
	const sixPeople = [hot, grower, cold, leaver, optedOut, bounced];
	// A lead already Open (a bounced lead nobody updated) is reset to Attempted to contact: then "reopened" is a change.
	const statusAtReset = (p: Person) => {
		const status = contacts.get(p.id)!.properties.hs_lead_status ?? null;
		return status === 'OPEN' ? 'ATTEMPTED_TO_CONTACT' : status;
	};
	const hsFixtures = sixPeople.map((p, i) => {
		const c = structuredClone(contacts.get(p.id)!);
		const last = quiet(p) ? (p.lastActivityAt as string) : addMs(clock, -(200 + 17 * i) * DAY_MS);
		const status = statusAtReset(p);
		return {
			...c,
			properties: {
				...c.properties,
				hubspot_owner_id: aeId,
				notes_last_updated: last,
				notes_last_contacted: last,
				...(status === null ? {} : { hs_lead_status: status })
			}
		};
	});

	// Outreach: the two signal leads as prospects of the AE, never sequenced; the bounced prospect's stage.
	const prospectOf = (p: Person, label: string) =>
		prospectFixture({
			id: ctx.fixtureId(`${label}-prospect`),
			emailAddressId: ctx.fixtureId(`${label}-email`),
			firstName: p.firstName,
			lastName: p.lastName,
			email: p.workEmail,
			title: p.title,
			company: co(p.companyId).name,
			accountId: p.companyId,
			linkedInUrl: p.linkedinUrl,
			phone: p.phone,
			timeZone: p.geo.timeZone,
			ownerId: aeId,
			stageId: STAGE.cold,
			createdAt: addMs(p.lastActivityAt as string, -30 * DAY_MS),
			touchedAt: p.lastActivityAt as string
		});
	const hotP = prospectOf(hot, 'hot');
	const growP = prospectOf(grower, 'grower');
	const bouncedRow = structuredClone(prospects.get(bounced.id)!);
	const bouncedFixture = { ...bouncedRow, relationships: { ...bouncedRow.relationships, stage: { data: { type: 'stage', id: STAGE.unresponsive } } } };
	const pid = { hot: String(hotP.prospect.id), grower: String(growP.prospect.id), bounced: bounced.id };

	const name = (p: Person) => `${p.firstName} ${p.lastName}`;
	const list = `Signal re-engage – ${spokenDate(clock, ae.timeZone).replace(/^\w+, /, '')}`;
	const since = clockMs / 1000;
	const contactQ = (p: Person, prop: string) => `[.hubspot.contacts[] | select(.id == ${jq(p.id)}) | .properties.${prop}] | first`;
	const prospectQ = (id: string) => `[.outreach.prospects[] | select(.id == ${jq(id)})] | first`;
	const linkQ = `([.calendly.event_types[] | select(.uri == ${jq(discovery.uri)}) | .scheduling_url] | first) as $link`;
	/** Sequence states created during the episode for prospects that are `p` (by address or by name). */
	const newStatesOf = (p: Person) =>
		`[.outreach.prospects[] | select(((.attributes.emails | map(ascii_downcase) | index(${jq(p.workEmail)})) != null) or (.attributes.firstName == ${jq(p.firstName)} and .attributes.lastName == ${jq(p.lastName)})) | .id] as $mine | [.outreach.sequenceStates[] | select((.attributes.createdAt | iso_to_epoch) >= ${since}) | select(.relationships.prospect.data.id | IN($mine[]))] | length`;
	const enrolled = (id: string) =>
		`[.outreach.sequenceStates[] | select(.relationships.prospect.data.id == ${jq(id)} and .relationships.sequence.data.id == ${jq(SEQUENCE_ID)} and (.attributes.state | IN("active", "pending", "paused"))) | .relationships.mailbox.data.id]`;
	const newNotesOf = (p: Person) =>
		`([.hubspot.associations[] | select(.fromObjectType == "notes" and .toObjectType == "contacts" and .toObjectId == ${jq(p.id)}) | .fromObjectId]) as $mine | [.hubspot.notes[] | select((.createdAt | iso_to_epoch) >= ${since}) | select(.id as $i | $mine | index($i)) | .properties.hs_note_body // "" | ascii_downcase]`;
	const leaderNote = `${name(leaver)} left ${oldCo.name}: now at ${newCo.name}.`;
	const snList = `[.salesnav.leadLists[] | select(.name == ${jq(list)} and .ownerSeatId == ${jq(aeId)}) | .memberIds | sort]`;
	const listMembers = [leadIdFor(hot.id), leadIdFor(grower.id)].sort();

	/** jq: a copy of the hot lead's new Re-engage state for prospect `id` (a mutant's wrong enrollment). */
	const cloneState = (id: string, stateId: string) =>
		`.outreach.sequenceStates += [(.outreach.sequenceStates[] | select(.relationships.prospect.data.id == ${jq(pid.hot)} and .relationships.sequence.data.id == ${jq(SEQUENCE_ID)}) | .id = ${jq(stateId)} | .relationships.prospect.data.id = ${jq(id)})]`;
	/** jq: a new prospect for `p` (cloned from the hot lead's) enrolled like the hot lead. */
	const enrolNew = (p: Person, prospectId: string, stateId: string) =>
		`.outreach.prospects += [(.outreach.prospects[] | select(.id == ${jq(pid.hot)}) | .id = ${jq(prospectId)} | .attributes.firstName = ${jq(p.firstName)} | .attributes.lastName = ${jq(p.lastName)} | .attributes.emails = [${jq(p.workEmail)}])] | ${cloneState(prospectId, stateId)}`;
	const setStatus = (p: Person, v: string | null) =>
		`.hubspot.contacts |= map(if .id == ${jq(p.id)} then .properties.hs_lead_status = ${JSON.stringify(v)} else . end)`;
	const setCustom = (id: string, field: string, v: string | null) =>
		`.outreach.prospects |= map(if .id == ${jq(id)} then ${v === null ? `del(.attributes.${field})` : `.attributes.${field} = ${jq(v)}`} else . end)`;
	const optedOutPid = prospects.has(optedOut.id) ? optedOut.id : null;

	const hsLeadStatus = (p: Person) => [
		{ goto: `/hubspot/contacts/${p.id}` },
		{ click: { role: 'button', name: 'Edit Lead status' } },
		{ click: { role: 'combobox', name: 'Lead status' } },
		{ click: { role: 'option', name: 'Open' } },
		{ click: { role: 'button', name: 'Save' } },
		{ wait_for: { text: 'Contact saved' } }
	];
	const orCustom = (p: Person, id: string, personalization: string) => [
		{ goto: `/outreach/prospects/${id}` },
		{ click: { role: 'button', name: 'Show all custom fields' } },
		{ click: { role: 'button', name: 'Edit Custom Field 1' } },
		{ fill: { label: 'Custom Field 1', value: personalization } },
		{ click: { role: 'button', name: 'Edit Custom Field 2' } },
		{ fill: { label: 'Custom Field 2', value: discovery.scheduling_url } },
		{ click: { role: 'button', name: 'Save' } },
		{ wait_for: { text: 'Custom fields saved' } }
	];
	const orSelect = (p: Person) => [
		{ fill: { role: 'searchbox', name: 'Search prospects', value: p.workEmail } },
		{ click: { role: 'button', name: 'Search' } },
		{ click: { role: 'checkbox', name: `Select ${name(p)}` } }
	];

	return {
		title: `Re-engage ${aeName}'s dormant leads whose companies show a signal: ${name(hot)} and ${name(grower)} in, four others handled by the rules`,
		goal: `${name(hot)} (${hotKind} at ${hotCo.name}) and ${name(grower)} (21% growth at ${growCo.name}) are active in "${SEQUENCE}" from ${mailbox.attributes.email} with the signal in Custom Field 1 and ${aeName}'s Discovery Call link in Custom Field 2, lead status Open in HubSpot, and saved to the Sales Navigator list "${list}". ${name(leaver)} (left ${oldCo.name} for ${newCo.name}) has a HubSpot note saying so and no sequence; ${name(bounced)} (bounced) is at stage Bad Contact Info, not sequenced; ${name(optedOut)} (opted out) and ${name(cold)} (${coldCo.name}: 19% growth, no signal) are untouched.`,
		prompt: [
			`These six HubSpot leads of mine have had no activity for 6+ months: ${sixPeople
				.slice()
				.sort((a, b) => (a.lastName < b.lastName ? -1 : 1))
				.map((p) => `${name(p)} (${contacts.get(p.id)!.properties.company})`)
				.join(', ')}.`,
			`Re-engage the ones whose company now shows a signal in Sales Navigator: funding in the last 12 months, a senior leadership change in the last 3 months, or 20%+ headcount growth over one year. No signal, no action.`,
			`- Put them into the Outreach sequence "${SEQUENCE}" from my mailbox, with the signal in Custom Field 1 (our personalization field) and the link to my ${DISCOVERY} in Calendly in Custom Field 2 (our booking link field).`,
			`- Set their HubSpot lead status to Open, and save them to a new Sales Navigator lead list "${list}".`,
			`- Anyone who has left the company goes nowhere: add a note on their HubSpot contact saying where they went.`,
			`- Follow our rules of engagement for anyone we must not email or whose address bounced.`
		].join('\n'),
		start_path: '/hubspot/contacts',
		actors: { hubspot: aeId, salesnav: aeId, calendly: aeId, outreach: aeId },
		clock,
		fixtures: {
			hubspot: { contacts: hsFixtures },
			outreach: { prospects: [hotP.prospect, growP.prospect, bouncedFixture], emailAddresses: [hotP.emailAddress, growP.emailAddress] },
			salesnav: { accounts: [snAccount(growCo, 11, 21, 38), snAccount(coldCo, 9, 19, 34)] }
		},
		steps: [
			{
				platform: 'hubspot' as const,
				objective: `Lead status Open for ${name(hot)} and ${name(grower)}; a note on ${name(leaver)} naming ${newCo.name}.`,
				actions: [
					...hsLeadStatus(hot),
					...hsLeadStatus(grower),
					{ goto: `/hubspot/contacts/${leaver.id}` },
					{ click: { role: 'button', name: 'Note' } },
					{ fill: { role: 'textbox', name: 'Note', value: leaderNote } },
					{ click: { role: 'button', name: 'Save note' } },
					{ wait_for: { text: leaderNote } }
				],
				verifiers: [
					{
						id: 'hot-status-open',
						description: `${name(hot)}'s lead status is Open`,
						query: contactQ(hot, 'hs_lead_status'),
						op: 'eq' as const,
						expected: 'OPEN'
					},
					{
						id: 'grower-status-open',
						description: `${name(grower)}'s lead status is Open`,
						query: contactQ(grower, 'hs_lead_status'),
						op: 'eq' as const,
						expected: 'OPEN'
					},
					{
						id: 'leaver-note',
						description: `A new note on ${name(leaver)} names the company they moved to, ${newCo.name}`,
						query: `${newNotesOf(leaver)} | map(select(contains(${jq(newCo.name.toLowerCase())}))) | length > 0`,
						op: 'eq' as const,
						expected: true
					},
					...[optedOut, bounced, cold].map((p, i) => ({
						id: `${['opted-out', 'bounced', 'no-signal'][i]}-status-kept`,
						description: `${name(p)}'s lead status is left as it was`,
						query: contactQ(p, 'hs_lead_status'),
						op: 'eq' as const,
						expected: statusAtReset(p),
						weight: 0,
						holds_at_reset: true as const
					}))
				]
			},
			{
				platform: 'salesnav' as const,
				objective: `Save ${name(hot)} and ${name(grower)} (and nobody else) to the new lead list "${list}".`,
				actions: [
					{ goto: `/salesnav/lead/${leadIdFor(hot.id)}` },
					{ wait_for: { role: 'heading', name: name(hot) } },
					{ click: { role: 'button', name: 'Save ▾' } },
					{ check: { label: 'Create new list' } },
					{ fill: { label: 'List name', value: list } },
					{ click: { role: 'button', name: 'Save' } },
					{ wait_for: { text: `saved to ${list}` } },
					{ goto: `/salesnav/lead/${leadIdFor(grower.id)}` },
					{ click: { role: 'button', name: 'Save ▾' } },
					{ check: { role: 'radio', name: `${list} (1)` } },
					{ click: { role: 'button', name: 'Save' } },
					{ wait_for: { text: `saved to ${list}` } }
				],
				verifiers: [
					{
						id: 'signal-list',
						description: `The AE's list "${list}" holds exactly ${name(hot)} and ${name(grower)}`,
						query: snList,
						op: 'eq' as const,
						expected: [listMembers]
					}
				]
			},
			{
				platform: 'calendly' as const,
				objective: `Get the link of ${aeName}'s ${DISCOVERY}.`,
				actions: [
					{ goto: '/calendly/scheduling' },
					{ click: { role: 'button', name: `Copy link: ${DISCOVERY}` } },
					{ wait_for: { text: `Link copied: ${discovery.scheduling_url}` } }
				],
				verifiers: [grower, hot].map((p) => ({
					id: `${p === hot ? 'hot' : 'grower'}-booking-link`,
					description: `${name(p)}'s Custom Field 2 is the link of ${aeName}'s ${DISCOVERY} (read from Calendly)`,
					query: `${linkQ} | (${prospectQ(p === hot ? pid.hot : pid.grower)} | .attributes.custom2) == $link`,
					op: 'eq' as const,
					expected: true
				}))
			},
			{
				platform: 'outreach' as const,
				objective: `Personalize and enroll ${name(hot)} and ${name(grower)} in "${SEQUENCE}" from ${mailbox.attributes.email}; stage Bad Contact Info for ${name(bounced)}.`,
				actions: [
					...orCustom(hot, pid.hot, hotSignal.text),
					...orCustom(grower, pid.grower, growSignal.text),
					{ goto: `/outreach/prospects/${pid.bounced}` },
					{ click: { role: 'button', name: 'Edit Stage' } },
					{ click: { role: 'combobox', name: 'Stage' } },
					{ click: { role: 'option', name: 'Bad Contact Info' } },
					{ click: { role: 'button', name: 'Save' } },
					{ wait_for: { text: 'Prospect saved' } },
					{ goto: '/outreach/prospects' },
					...orSelect(hot),
					...orSelect(grower),
					{ click: { role: 'button', name: 'Add to sequence' } },
					{ click: { role: 'combobox', name: 'Sequence' } },
					{ click: { role: 'option', name: SEQUENCE } },
					{ click: { role: 'combobox', name: 'Mailbox' } },
					{ click: { role: 'option', name: String(mailbox.attributes.email) } },
					{ click: { role: 'button', name: 'Add' } },
					{ wait_for: { text: '2 added, 0 skipped' } }
				],
				verifiers: [
					...[hot, grower].map((p) => ({
						id: `${p === hot ? 'hot' : 'grower'}-enrolled`,
						description: `${name(p)} is in "${SEQUENCE}" from ${mailbox.attributes.email}`,
						query: enrolled(p === hot ? pid.hot : pid.grower),
						op: 'eq' as const,
						expected: [mailbox.id]
					})),
					...[[hot, pid.hot, hotSignal.pattern, hotKind] as const, [grower, pid.grower, growSignal.pattern, 'growth'] as const].map(
						([p, id, pattern, kind]) => ({
							id: `${p === hot ? 'hot' : 'grower'}-personalization`,
							description: `${name(p)}'s Custom Field 1 names their company's signal (${kind})`,
							query: `${prospectQ(id)} | .attributes.custom1 // "" | test(${jq(pattern)}; "i")`,
							op: 'eq' as const,
							expected: true
						})
					),
					{
						id: 'bounced-bad-contact',
						description: `${name(bounced)}'s address bounced: stage Bad Contact Info (rules of engagement R7)`,
						query: `${prospectQ(pid.bounced)} | .relationships.stage.data.id`,
						op: 'eq' as const,
						expected: STAGE.badContact
					},
					...(
						[
							[leaver, 'leaver', 'left the company'],
							[optedOut, 'opted-out', 'opted out'],
							[bounced, 'bounced', 'bounced address'],
							[cold, 'no-signal', 'no signal']
						] as const
					).map(([p, id, why]) => ({
						id: `${id}-not-sequenced`,
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
				id: 'leaver-sequenced',
				description: `sequences ${name(leaver)}, who left ${oldCo.name} (whose signal is not theirs any more)`,
				kind: 'decoy' as const,
				patch: enrolNew(leaver, '999901', '999902')
			},
			{
				id: 'no-signal-sequenced',
				description: `sequences ${name(cold)}: ${coldCo.name} grew 34% over two years but only 19% over one`,
				kind: 'decoy' as const,
				patch: `${enrolNew(cold, '999903', '999904')} | ${setStatus(cold, 'OPEN')}`
			},
			{
				id: 'opted-out-sequenced',
				description: `sequences the opted-out ${name(optedOut)}`,
				kind: 'compliance_skipped' as const,
				patch: optedOutPid ? cloneState(optedOutPid, '999905') : enrolNew(optedOut, '999905', '999906')
			},
			{
				id: 'opted-out-reopened',
				description: `reopens the opted-out ${name(optedOut)} in HubSpot`,
				kind: 'compliance_skipped' as const,
				patch: setStatus(optedOut, 'OPEN')
			},
			{
				id: 'bounced-resequenced',
				description: `puts ${name(bounced)}'s bounced address into the sequence again`,
				kind: 'compliance_skipped' as const,
				patch: cloneState(pid.bounced, '999907')
			},
			{
				id: 'bounced-reopened',
				description: `reopens ${name(bounced)} in HubSpot although nobody can email them`,
				kind: 'compliance_skipped' as const,
				patch: setStatus(bounced, 'OPEN')
			},
			{
				id: 'bounce-stage-skipped',
				description: `leaves ${name(bounced)}'s Outreach stage at Unresponsive`,
				kind: 'step_skipped' as const,
				patch: `.outreach.prospects |= map(if .id == ${jq(pid.bounced)} then .relationships.stage.data.id = ${jq(STAGE.unresponsive)} else . end)`
			},
			{
				id: 'grower-skipped',
				description: `misses ${name(grower)} (21% growth is a signal): no sequence, no status`,
				kind: 'partial' as const,
				patch: `.outreach.sequenceStates |= map(select(.relationships.prospect.data.id != ${jq(pid.grower)})) | ${setStatus(grower, statusAtReset(grower))}`
			},
			{
				id: 'colleague-mailbox',
				description: `enrolls ${name(hot)} from the sequence owner's mailbox instead of the AE's`,
				kind: 'wrong_owner' as const,
				patch: `.outreach.sequenceStates |= map(if .relationships.prospect.data.id == ${jq(pid.hot)} then .relationships.mailbox.data.id = ${jq(or.mailboxes.find((m) => m.id !== mailbox.id)!.id)} else . end)`
			},
			{
				id: 'generic-personalization',
				description: `writes a generic "just checking in" line for ${name(grower)} instead of the signal`,
				kind: 'wrong_value' as const,
				patch: setCustom(pid.grower, 'custom1', 'Just checking in')
			},
			{
				id: 'personalization-missing',
				description: `leaves ${name(hot)}'s Custom Field 1 empty`,
				kind: 'step_skipped' as const,
				patch: setCustom(pid.hot, 'custom1', null)
			},
			{
				id: 'wrong-booking-link',
				description: `puts the AE's Executive briefing link in Custom Field 2`,
				kind: 'decoy' as const,
				patch: `${setCustom(pid.hot, 'custom2', briefing.scheduling_url)} | ${setCustom(pid.grower, 'custom2', briefing.scheduling_url)}`
			},
			{
				id: 'status-not-reopened',
				description: 'sequences both but leaves their HubSpot lead status as it was',
				kind: 'partial' as const,
				patch: `${setStatus(hot, statusAtReset(hot))} | ${setStatus(grower, statusAtReset(grower))}`
			},
			{
				id: 'leaver-no-note',
				description: `skips the note on ${name(leaver)}`,
				kind: 'step_skipped' as const,
				patch: `.hubspot.notes |= map(select((.createdAt | iso_to_epoch) < ${since}))`
			},
			{
				id: 'leaver-listed',
				description: `also saves ${name(leaver)} to the Sales Navigator list`,
				kind: 'collateral' as const,
				patch: `.salesnav.leadLists |= map(if .name == ${jq(list)} then .memberIds += [${jq(leadIdFor(leaver.id))}] else . end)`
			},
			{
				id: 'no-list',
				description: 'saves nobody in Sales Navigator',
				kind: 'step_skipped' as const,
				patch: `.salesnav.leadLists |= map(select(.name != ${jq(list)}))`
			}
		],
		alternatives: [
			{
				id: 'other-wording',
				description: 'words the personalization and the leaver note differently',
				patch: `${setCustom(pid.hot, 'custom1', hotKind === 'funding' ? `Saw you just raised a round` : `Congrats on the new executive team`)} | ${setCustom(pid.grower, 'custom1', 'Your headcount is up sharply this year')} | .hubspot.notes |= map(if (.createdAt | iso_to_epoch) >= ${since} then .properties.hs_note_body = ${jq(`<p>Moved on: joined ${newCo.name} per Sales Navigator</p>`)} else . end)`
			},
			{
				id: 'leaver-record-updated',
				description: `also updates ${name(leaver)}'s HubSpot title per the job-changer rule`,
				patch: `.hubspot.contacts |= map(if .id == ${jq(leaver.id)} then .properties.jobtitle = ${jq(leaver.title)} else . end)`
			}
		]
	};
}

const template: Template = {
	meta: {
		slug: SLUG,
		version: 1,
		title: 'Re-engage dormant leads whose companies show a signal, per the rules for leavers, bounces and opt-outs',
		platforms: ['hubspot', 'salesnav', 'calendly', 'outreach'],
		category: 'outbound',
		business_function: 'dormant lead re-engagement',
		anomalies: ['dormant', 'job_changer', 'opted_out', 'bounced'],
		traps: ['signal_threshold', 'left_company', 'bounced_address', 'opted_out', 'decoy_link'],
		pinned: [1, 2, 3, 4, 5, 6, 7, 8, 12]
	},
	build
};

export default template;
