/**
 * T2-09 hs-or-optout-reconcile (tier 2, HubSpot + Outreach, inbound, personalized outreach & sequencing).
 *
 * The HubSpot → Outreach unsubscribe sync was down for a week: 2–3 contacts unsubscribed from all email in
 * HubSpot during the window (fixture: the seeded contact row with `hs_email_optout` "true", modified inside the
 * window), while their Outreach prospects are still live in a sequence. The rep must opt them out in Outreach
 * (which ends their live sequence states). Decoys: a contact modified inside the window who did NOT unsubscribe
 * (lead status change; their prospect is active too), a contact inside the window unsubscribed in both tools
 * already (nothing to do), and an Outreach look-alike: a prospect with a target's name at another company.
 *
 * Simplified from the catalogue: the catalogue reconciles both directions and both HubSpot records of a
 * duplicate. The HubSpot replica shows "Unsubscribed from all email" on the record but offers no screen that
 * writes `hs_email_optout` (HubSpot manages it through subscription preferences), so the HubSpot side is read
 * only and the reconciliation runs HubSpot → Outreach.
 */
import type { Template } from './kit';
import { addMs, DAY_MS, hubspotRow, hubspotTables, jq, jqList, localWeekday, outreachRow, outreachTables, spokenDate } from './_gym-rows';

/** The acting rep's zone (Maya Patel, the default actor): dates of the prompt are hers. */
const TZ = 'America/New_York';

type Row = { id: string; [k: string]: unknown };
type HsContact = Row & { properties: Record<string, string>; updatedAt: string };
type OrProspect = Row & {
	attributes: Record<string, unknown> & { firstName: string; lastName: string; emails: string[]; optedOut: boolean; company: string | null };
	relationships: Record<string, { data: { type: string; id: string } | null }>;
};
type OrState = Row & { attributes: { state: string }; relationships: { prospect: { data: { id: string } } } };

const template: Template = {
	meta: {
		slug: 'hs-or-optout-reconcile',
		version: 1,
		title: 'Reconcile HubSpot unsubscribes into Outreach after a broken sync',
		platforms: ['hubspot', 'outreach'],
		category: 'inbound',
		business_function: 'personalized outreach & sequencing',
		anomalies: ['opted_out', 'active_in_sequence', 'lookalike_name'],
		traps: ['sync_gap', 'lookalike_prospect', 'opt_in_forbidden'],
		pinned: [1, 2, 3]
	},
	build(ctx) {
		const { world } = ctx;
		const hs = hubspotTables();
		const or = outreachTables(world);
		const contacts = new Map((hs.contacts as HsContact[]).map((c) => [c.id, c]));
		const prospects = new Map((or.prospects as OrProspect[]).map((p) => [p.id, p]));
		const states = or.sequenceStates as OrState[];
		const activeOf = (pid: string) => states.filter((s) => s.relationships.prospect.data.id === pid && s.attributes.state === 'active');
		const names = new Map<string, number>();
		for (const p of world.people) names.set(`${p.firstName} ${p.lastName}`, (names.get(`${p.firstName} ${p.lastName}`) ?? 0) + 1);

		// Live in both tools, deliverable, active in exactly one Outreach sequence, a name unique in the world.
		const live = (id: string) => {
			const p = ctx.person(id);
			const c = contacts.get(id);
			const pr = prospects.get(id);
			return (
				p.inHubspot &&
				p.inOutreach &&
				p.emailStatus === 'ok' &&
				c?.properties.hs_email_optout === 'false' &&
				pr !== undefined &&
				!pr.attributes.optedOut &&
				!pr.attributes.emailOptedOut &&
				pr.attributes.emails[0] === p.workEmail &&
				activeOf(id).length === 1 &&
				names.get(`${p.firstName} ${p.lastName}`) === 1
			);
		};
		const pool = world.people.filter((p) => live(p.id));
		const k = ctx.rng('count').int(2, 3);
		const picked = ctx.pickMany('targets-and-decoy', pool, k + 1);
		const targets = picked.slice(0, k);
		const quiet = picked[k]!;
		const both = ctx.pick('already-consistent', world.people, (p) => {
			const c = contacts.get(p.id);
			const pr = prospects.get(p.id);
			return p.inHubspot && p.inOutreach && c?.properties.hs_email_optout === 'true' && pr !== undefined && pr.attributes.optedOut === true;
		});

		// The clock: a weekday 09:30–10:30 New York time between 2026-03-10 and 2026-03-20 (after the US DST switch).
		const days = ['2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-16', '2026-03-17', '2026-03-18', '2026-03-19', '2026-03-20'];
		const day = ctx.rng('day').pick(days);
		const clock = `${day}T${ctx.rng('hour').pick(['13:30', '13:45', '14:00', '14:15', '14:30'])}:00.000Z`;
		const windowStart = addMs(`${day}T04:00:00.000Z`, -7 * DAY_MS); // 00:00 New York, a week before
		const windowEnd = addMs(`${day}T04:00:00.000Z`, -1); // end of yesterday, New York
		const inWindow = (label: string) => addMs(windowStart, ctx.rng(`at:${label}`).int(1, 6) * DAY_MS + ctx.rng(`min:${label}`).int(9 * 60, 17 * 60) * 60_000);
		const d1 = spokenDate(windowStart, TZ);
		const d2 = spokenDate(windowEnd, TZ);
		if (localWeekday(clock, TZ) === 0 || localWeekday(clock, TZ) === 6) throw new Error('clock on a weekend');

		const modified = (c: HsContact, at: string, props: Record<string, string>): HsContact => ({
			...c,
			properties: { ...c.properties, ...props, lastmodifieddate: at },
			updatedAt: at
		});
		const hsFixtures: HsContact[] = [
			...targets.map((t) => modified(hubspotRow<HsContact>('contacts', t.id), inWindow(t.id), { hs_email_optout: 'true' })),
			modified(hubspotRow<HsContact>('contacts', quiet.id), inWindow(quiet.id), { hs_lead_status: 'CONNECTED' }),
			modified(hubspotRow<HsContact>('contacts', both.id), inWindow(both.id), {})
		];

		// The look-alike: a prospect with the first target's name at another Outreach account, live and not opted out.
		const twinOf = targets[0]!;
		const accounts = or.accounts as (Row & { attributes: { name: string; domain: string | null } })[];
		const targetAccount = prospects.get(twinOf.id)!.relationships.account?.data?.id;
		const otherAccount = ctx.pick('lookalike-account', accounts, (a) => a.id !== targetAccount && typeof a.attributes.domain === 'string');
		const twinId = ctx.fixtureId('lookalike-prospect');
		const twinEmail = `${twinOf.firstName}.${twinOf.lastName}`.toLowerCase().replace(/[^a-z.]/g, '') + `@${otherAccount.attributes.domain}`;
		const twinBase = outreachRow<OrProspect>(world, 'prospects', twinOf.id);
		const twin: OrProspect = {
			...twinBase,
			id: twinId,
			attributes: {
				...twinBase.attributes,
				emails: [twinEmail],
				company: otherAccount.attributes.name,
				linkedInUrl: `${twinOf.linkedinUrl}-2`,
				externalId: null,
				tags: []
			},
			relationships: {
				...twinBase.relationships,
				account: { data: { type: 'account', id: otherAccount.id } },
				stage: twinBase.relationships.stage ?? { data: null }
			}
		};

		const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
		const targetIds = targets.map((t) => t.id);
		const optedOut = (id: string) =>
			`([.outreach.prospects[] | select(.id == ${jq(id)})] | if length == 1 then (.[0].attributes.optedOut or .[0].attributes.emailOptedOut) else error("expected 1 prospect ${id}, got \\(length)") end)`;
		const LIVE = '("active","pending","paused")';
		// Who is opted out at the start (seed rows; the fixtures add the targets in HubSpot only, the look-alike is opted in).
		const hsOptedOut = [
			...new Set([...(hs.contacts as HsContact[]).filter((c) => c.properties.hs_email_optout === 'true').map((c) => c.id), ...targetIds])
		].sort();
		const orOptedOut = (or.prospects as OrProspect[])
			.filter((p) => p.attributes.optedOut || p.attributes.emailOptedOut)
			.map((p) => p.id)
			.sort();

		return {
			title: `Reconcile HubSpot unsubscribes from ${d1} to ${d2} into Outreach`,
			goal: `${targets.map(name).join(', ')} unsubscribed in HubSpot while the sync was down: they are opted out in Outreach and in no live sequence; nobody else is opted out or back in.`,
			prompt:
				`Our HubSpot → Outreach unsubscribe sync was broken from ${d1} through ${d2}, so contacts who unsubscribed from all email in HubSpot during that time may still be live in Outreach. ` +
				`Reconcile it: everyone who unsubscribed in HubSpot in that window must be opted out in Outreach, and nobody opted out may stay active in an Outreach sequence. ` +
				`Match people by email. Don't opt out anyone who hasn't unsubscribed, and don't opt anyone back in, in either tool.`,
			start_path: '/hubspot/contacts',
			clock,
			fixtures: { hubspot: { contacts: hsFixtures }, outreach: { prospects: [twin] } } as never,
			steps: [
				{
					platform: 'hubspot',
					objective: 'Find the contacts who unsubscribed from all email in HubSpot during the sync gap.',
					actions: [
						{ goto: `/hubspot/contacts/${targets[0]!.id}` },
						{ wait_for: { role: 'heading', name: name(targets[0]!) } },
						{ wait_for: { text: 'Unsubscribed from all email' } }
					],
					verifiers: [
						{
							id: 'hs-nobody-opted-in',
							description: 'No HubSpot contact that was unsubscribed at the start is subscribed again',
							query: `${jqList(hsOptedOut)} as $was | [.hubspot.contacts[] | select((.id as $i | $was | index($i)) != null and .properties.hs_email_optout != "true")] | length`,
							op: 'eq',
							expected: 0,
							weight: 0,
							holds_at_reset: true
						}
					]
				},
				{
					platform: 'outreach',
					objective: 'Opt each of them out in Outreach, which ends their live sequence states.',
					actions: targets.flatMap((t) => [
						{ goto: `/outreach/prospects/${t.id}` },
						{ wait_for: { role: 'heading', name: name(t) } },
						{ click: { role: 'button', name: 'Opt out' } },
						{ wait_for: { text: `${name(t)} opted out` } }
					]),
					verifiers: [
						...targets.map((t, i) => ({
							id: `opted-out-${i + 1}`,
							description: `${name(t)} (${t.workEmail}) is opted out in Outreach`,
							query: optedOut(t.id),
							op: 'eq' as const,
							expected: true
						})),
						{
							id: 'no-live-states',
							description: 'None of them is still active, pending or paused in an Outreach sequence',
							query: `[.outreach.sequenceStates[] | select((.relationships.prospect.data.id | IN(${targetIds.map(jq).join(', ')})) and (.attributes.state | IN${LIVE}))] | length`,
							op: 'eq',
							expected: 0
						},
						{
							id: 'nobody-else-opted-out',
							description: `Nobody else was opted out in Outreach (the look-alike ${name(twinOf)} at ${otherAccount.attributes.name} and ${name(quiet)}, who did not unsubscribe, included)`,
							query: `${jqList([...orOptedOut, ...targetIds])} as $ok | [.outreach.prospects[] | select(.attributes.optedOut or .attributes.emailOptedOut) | .id | select(. as $i | $ok | index($i) | not)] | length`,
							op: 'eq',
							expected: 0,
							weight: 0,
							holds_at_reset: true
						},
						{
							id: 'quiet-still-sequenced',
							description: `${name(quiet)} (modified in the window, not unsubscribed) is still active in their sequence`,
							query: `[.outreach.sequenceStates[] | select(.relationships.prospect.data.id == ${jq(quiet.id)} and .attributes.state == "active")] | length`,
							op: 'eq',
							expected: 1,
							weight: 0,
							holds_at_reset: true
						},
						{
							id: 'or-nobody-opted-in',
							description: 'No Outreach prospect that was opted out at the start is opted in again',
							query: `${jqList(orOptedOut)} as $was | [.outreach.prospects[] | select((.id as $i | $was | index($i)) != null and (.attributes.optedOut | not))] | length`,
							op: 'eq',
							expected: 0,
							weight: 0,
							holds_at_reset: true
						}
					]
				}
			],
			mutants: [
				...targets.map((t, i) => ({
					id: `missed-${i + 1}`,
					description: `misses ${name(t)}: left opted in and sequenced in Outreach`,
					kind: 'partial' as const,
					patch: `.outreach.prospects |= map(if .id == ${jq(t.id)} then .attributes.optedOut = false | .attributes.emailOptedOut = false | .attributes.optedOutAt = null else . end) | .outreach.sequenceStates |= map(if .relationships.prospect.data.id == ${jq(t.id)} and .attributes.state == "opted_out" then .attributes.state = "active" else . end)`
				})),
				{
					id: 'lookalike-instead',
					description: `opts out the look-alike ${name(twinOf)} at ${otherAccount.attributes.name} instead of the one who unsubscribed`,
					kind: 'decoy',
					patch: `.outreach.prospects |= map(if .id == ${jq(twinOf.id)} then .attributes.optedOut = false | .attributes.optedOutAt = null elif .id == ${jq(twinId)} then .attributes.optedOut = true else . end) | .outreach.sequenceStates |= map(if .relationships.prospect.data.id == ${jq(twinOf.id)} and .attributes.state == "opted_out" then .attributes.state = "active" else . end)`
				},
				{
					id: 'quiet-contact-too',
					description: `also opts out ${name(quiet)}, modified in the window but never unsubscribed`,
					kind: 'collateral',
					patch: `.outreach.prospects |= map(if .id == ${jq(quiet.id)} then .attributes.optedOut = true else . end) | .outreach.sequenceStates |= map(if .relationships.prospect.data.id == ${jq(quiet.id)} and .attributes.state == "active" then .attributes.state = "opted_out" else . end)`
				},
				{
					id: 'still-sequenced',
					description: 'flags them opted out but leaves their sequence states active',
					kind: 'compliance_skipped',
					patch: `.outreach.sequenceStates |= map(if (.relationships.prospect.data.id | IN(${targetIds.map(jq).join(', ')})) and .attributes.state == "opted_out" then .attributes.state = "active" else . end)`
				},
				{
					id: 'opted-back-in-outreach',
					description: `"reconciles" ${name(both)} the other way: opts them back in in Outreach`,
					kind: 'wrong_value',
					patch: `.outreach.prospects |= map(if .id == ${jq(both.id)} then .attributes.optedOut = false | .attributes.optedOutAt = null else . end)`
				},
				{
					id: 'opted-back-in-hubspot',
					description: `resubscribes ${name(both)} in HubSpot`,
					kind: 'wrong_tool',
					patch: `.hubspot.contacts |= map(if .id == ${jq(both.id)} then .properties.hs_email_optout = "false" else . end)`
				}
			]
		};
	}
};

export default template;
