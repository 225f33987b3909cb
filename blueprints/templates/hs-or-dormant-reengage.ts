/**
 * T2-13 hs-or-dormant-reengage (tier 2, HubSpot + Outreach, outbound, dormant lead re-engagement).
 *
 * The rep revives their dormant leads: HubSpot contacts they own at lifecycle stage Lead whose last activity is
 * more than six months before the clock. Each goes into the Outreach sequence "Re-engage – 3 touch" from the rep's
 * own mailbox, and their HubSpot lead status becomes Open. The dormant set is the seed's own (the manifest's
 * `dormant` leads of that rep) plus one or two fixture leads whose last activity is moved back 7–10 months; leads
 * that were never Outreach prospects get a prospect row (fixture). Decoys, all owned by the rep, Lead, dormant by
 * date unless said otherwise:
 * - a `bounced` lead (their work email bounced: Outreach state bounced, HubSpot bounce on the timeline): skipped,
 *   lead status untouched (rules of engagement R7: never sequence the same address again);
 * - an `opted_out` lead (unsubscribed from all email in HubSpot): skipped, lead status untouched (R6);
 * - a lead whose last activity is a week or two inside the six months: not dormant, untouched;
 * - other reps' dormant leads stay as they are.
 *
 * Simplified from the catalogue: the Outreach replica has no screen that creates a prospect, so every dormant lead
 * is already an Outreach prospect (fixture rows where the seed has none) and the "create the prospect if needed"
 * branch is not asked for; the job-changer branch (HubSpot and Outreach at different companies → a task instead)
 * is left to other templates.
 */
import type { Template } from './kit';
import { TemplateError } from './kit';
import { addMs, DAY_MS, hubspotRow, hubspotTables, jq, outreachBulkAddToSequence, outreachRow, outreachTables, spokenDate } from './_gym-rows';
import { ACTIVE_LIKE } from '../../gyms/outreach/api/sequencing';
import type { Person } from '../../seeds/world';

type Row = { id: string; [k: string]: unknown };
type HsContact = Row & { properties: Record<string, string>; createdAt: string; updatedAt: string };
type OrProspect = Row & {
	attributes: Record<string, unknown> & { firstName: string; lastName: string; emails: string[]; optedOut: boolean; emailOptedOut: boolean };
	relationships: Record<string, { data: { type: string; id: string } | null }>;
};
type OrState = Row & { attributes: { state: string }; relationships: { prospect: { data: { id: string } }; sequence: { data: { id: string } } } };

const SEQUENCE = 'Re-engage – 3 touch';

/** The instant \`iso\` as a date with its year in \`tz\`, e.g. "September 9, 2025". */
function longDate(iso: string, tz: string): string {
	return new Intl.DateTimeFormat('en-US', { timeZone: tz, year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso));
}

/** `iso` moved back `months` calendar months (UTC date arithmetic; the day of month is kept, ≤ 28 here). */
function monthsBefore(iso: string, months: number): string {
	const d = new Date(iso);
	d.setUTCMonth(d.getUTCMonth() - months);
	return d.toISOString();
}

const template: Template = {
	meta: {
		slug: 'hs-or-dormant-reengage',
		version: 1,
		title: 'Revive my dormant HubSpot leads in Outreach',
		platforms: ['hubspot', 'outreach'],
		category: 'outbound',
		business_function: 'dormant lead re-engagement',
		anomalies: ['dormant', 'bounced', 'opted_out'],
		traps: ['activity_window', 'bounced_skip', 'opted_out_skip', 'other_owner'],
		pinned: [1, 2, 3]
	},
	build(ctx) {
		const { world } = ctx;
		const hs = hubspotTables();
		const or = outreachTables(world);
		const contacts = new Map((hs.contacts as HsContact[]).map((c) => [c.id, c]));
		const prospects = new Map((or.prospects as OrProspect[]).map((p) => [p.id, p]));
		const states = or.sequenceStates as OrState[];
		const seq = (or.sequences as (Row & { attributes: { name: string } })[]).find((s) => s.attributes.name === SEQUENCE)!;
		const mailboxes = or.mailboxes as (Row & { attributes: { email: string }; relationships: { user: { data: { id: string } } } })[];
		const accounts = new Set((or.accounts as Row[]).map((a) => a.id));
		const anomalous = new Set(world.anomalies.flatMap((a) => a.personIds));
		const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
		const names = new Map<string, number>();
		for (const p of world.people) names.set(name(p), (names.get(name(p)) ?? 0) + 1);
		const statesOf = (id: string) => states.filter((s) => s.relationships.prospect.data.id === id);

		// Odd seeds act as Maya Patel (New York), even ones as Jordan Lee (Chicago).
		const actor = ctx.seed % 2 === 1 ? '1001' : '1002';
		const me = ctx.user(actor);
		const mailbox = mailboxes.find((m) => m.relationships.user.data.id === actor)!;
		const zone = actor === '1001' ? 'America/New_York' : 'America/Chicago';
		const days = ['2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13'];
		const day = days[(ctx.seed * 3 + ctx.rng('day').int(0, 2)) % days.length]!;
		const dst = day >= '2026-03-09';
		const clock = `${day}T${(actor === '1001' ? 15 : 16) - (dst ? 1 : 0)}:${ctx.rng('minute').pick(['10', '25', '40', '55'])}:00.000Z`;
		const cutoff = monthsBefore(clock, 6);

		const mineLeads = [...contacts.values()].filter((c) => c.properties.hubspot_owner_id === actor && c.properties.lifecyclestage === 'lead');
		if (mineLeads.some((c) => !c.properties.notes_last_updated))
			throw new TemplateError(`hs-or-dormant-reengage@${ctx.seed}: a lead of ${actor} has no last activity`);
		const near = (c: HsContact) => Math.abs(Date.parse(c.properties.notes_last_updated!) - Date.parse(cutoff)) < 5 * DAY_MS;
		if (mineLeads.some(near)) throw new TemplateError(`hs-or-dormant-reengage@${ctx.seed}: a lead of ${actor} was last active within 5 days of the cutoff`);
		const natural = mineLeads.filter((c) => c.properties.notes_last_updated! < cutoff).map((c) => ctx.person(c.id));

		// A clean lead: in both tools with the same email, deliverable, subscribed, no live Outreach state, a unique name.
		const clean = (p: Person) => {
			const c = contacts.get(p.id);
			const pr = prospects.get(p.id);
			return (
				p.inHubspot &&
				p.inOutreach &&
				!anomalous.has(p.id) &&
				p.emailStatus === 'ok' &&
				names.get(name(p)) === 1 &&
				c?.properties.email === p.workEmail &&
				c.properties.hs_email_optout === 'false' &&
				pr !== undefined &&
				!pr.attributes.optedOut &&
				!pr.attributes.emailOptedOut &&
				pr.attributes.emails[0] === p.workEmail &&
				!statesOf(p.id).some((s) => ACTIVE_LIKE.has(s.attributes.state) || s.relationships.sequence.data.id === seq.id)
			);
		};
		const k = ctx.rng('count').int(1, 2);
		const moved = ctx.pickMany(
			'planted-dormant-and-recent',
			world.people,
			k + 1,
			(p) => clean(p) && contacts.get(p.id)!.properties.notes_last_updated! >= cutoff
		);
		const planted = moved.slice(0, k);
		const recent = moved[k]!;
		const bounced = ctx.pick('bounced', ctx.anomalyPeople('bounced'), (p) => {
			const c = contacts.get(p.id);
			return (
				p.inHubspot &&
				p.inOutreach &&
				names.get(name(p)) === 1 &&
				c?.properties.email === p.workEmail &&
				c.properties.hs_email_optout === 'false' &&
				statesOf(p.id).some((s) => s.attributes.state === 'bounced')
			);
		});
		const optedOut = ctx.pick('opted-out', ctx.anomalyPeople('opted_out'), (p) => {
			const c = contacts.get(p.id);
			return p.inHubspot && names.get(name(p)) === 1 && c?.properties.hs_email_optout === 'true' && p.id !== bounced.id;
		});
		const eligible = [...natural, ...planted].sort((a, b) => (a.lastName < b.lastName ? -1 : 1));
		if (eligible.some((p) => names.get(name(p)) !== 1)) throw new TemplateError(`hs-or-dormant-reengage@${ctx.seed}: a dormant lead's name is not unique`);

		// HubSpot fixtures: the rep owns every one of them as a Lead; dormant ones were last active 7–10 months ago.
		const ago = (label: string, minDays: number, maxDays: number) =>
			addMs(cutoff, -(ctx.rng(`days:${label}`).int(minDays, maxDays) * DAY_MS + ctx.rng(`mins:${label}`).int(60, 600) * 60_000));
		const status = (c: HsContact) => (c.properties.hs_lead_status === 'OPEN' || !c.properties.hs_lead_status ? 'BAD_TIMING' : c.properties.hs_lead_status);
		const lead = (p: Person, lastActivity: string | null): HsContact => {
			const c = hubspotRow<HsContact>('contacts', p.id);
			const props: Record<string, string> = { ...c.properties, hubspot_owner_id: actor, lifecyclestage: 'lead', hs_lead_status: status(c) };
			if (lastActivity !== null) {
				props.notes_last_updated = lastActivity;
				props.notes_last_contacted = lastActivity;
			}
			return { ...c, properties: props };
		};
		const hsFixtures: HsContact[] = [
			...natural.map((p) => lead(p, null)),
			...planted.map((p) => lead(p, ago(p.id, 30, 120))),
			lead(recent, addMs(cutoff, ctx.rng('recent-days').int(7, 14) * DAY_MS)),
			lead(bounced, ago(bounced.id, 20, 90)),
			lead(optedOut, ago(optedOut.id, 20, 90))
		];
		const initialStatus = new Map(hsFixtures.map((c) => [c.id, c.properties.hs_lead_status!]));

		// Outreach fixtures: a prospect (fixture id) for each natural dormant lead the seed has none for.
		const pid = (p: Person) => (prospects.has(p.id) ? p.id : ctx.fixtureId(`prospect:${p.id}`));
		const base = outreachRow<OrProspect>(world, 'prospects', recent.id);
		const orFixtures: OrProspect[] = natural
			.filter((p) => !prospects.has(p.id))
			.map((p) => ({
				...base,
				id: pid(p),
				attributes: {
					...base.attributes,
					firstName: p.firstName,
					lastName: p.lastName,
					emails: [p.workEmail],
					title: p.title,
					company: world.companies.find((c) => c.id === p.companyId)?.name ?? null,
					linkedInUrl: p.linkedinUrl,
					workPhones: [p.phone],
					mobilePhones: [],
					timeZoneIana: p.geo.timeZone,
					tags: [],
					optedOut: false,
					optedOutAt: null,
					emailOptedOut: false,
					emailsOptStatus: null,
					callOptedOut: false,
					engagedScore: 0,
					touchedAt: contacts.get(p.id)!.properties.notes_last_updated!,
					externalId: p.id,
					createdAt: contacts.get(p.id)!.createdAt,
					updatedAt: contacts.get(p.id)!.properties.notes_last_updated!
				},
				relationships: {
					account: { data: accounts.has(p.companyId) ? { type: 'account', id: p.companyId } : null },
					owner: { data: { type: 'user', id: actor } },
					stage: base.relationships.stage ?? { data: null }
				}
			}));

		// HubSpot contact ids, and the Outreach prospect ids of the same people.
		const eligibleIds = eligible.map((p) => p.id).sort();
		const watched = [...eligible, recent, bounced, optedOut].map((p) => p.id);
		const eligiblePids = eligible.map(pid).sort();
		const watchedPids = [...eligible, recent, bounced, optedOut].map(pid);
		const seeded = states.filter((s) => s.relationships.sequence.data.id === seq.id && watchedPids.includes(s.relationships.prospect.data.id)).map((s) => s.id);
		const newStates = `[.outreach.sequenceStates[] | select(.relationships.sequence.data.id == ${jq(seq.id)} and (.relationships.prospect.data.id | IN(${watchedPids.map(jq).join(', ')})) and (.id | IN(${seeded.map(jq).join(', ') || '"none"'}) | not))]`;
		const others = [...contacts.values()]
			.filter(
				(c) =>
					c.properties.lifecyclestage === 'lead' &&
					c.properties.hubspot_owner_id !== actor &&
					(c.properties.notes_last_updated ?? '') < cutoff &&
					!watched.includes(c.id)
			)
			.map((c) => c.id)
			.sort();
		const otherStatus = Object.fromEntries(others.map((id) => [id, contacts.get(id)!.properties.hs_lead_status ?? null]));
		const statusOf = (ids: readonly string[]) =>
			`[.hubspot.contacts[] | select(.id | IN(${ids.map(jq).join(', ')})) | {key: .id, value: (.properties.hs_lead_status // null)}] | from_entries`;
		const otherMailbox = mailboxes.find((m) => m.id !== mailbox.id)!;
		const someState = `(.outreach.sequenceStates[] | select(.relationships.sequence.data.id == ${jq(seq.id)} and .relationships.prospect.data.id == ${jq(eligiblePids[0]!)}))`;

		return {
			title: `Revive ${me.firstName}'s dormant leads (${spokenDate(clock, 'UTC')})`,
			goal: `${eligible.map(name).join(', ')} (dormant Leads of ${name(me)}) are in "${SEQUENCE}" from ${mailbox.attributes.email} with HubSpot lead status Open; the bounced, the unsubscribed and the recently active leads are untouched.`,
			prompt:
				`Revive my dormant leads: the HubSpot contacts I own at lifecycle stage Lead with no activity in the last 6 months (since ${longDate(cutoff, zone)}). ` +
				`Put each of them in the Outreach sequence "${SEQUENCE}" from my mailbox and set their HubSpot lead status to Open. ` +
				`Skip anyone who unsubscribed or whose email bounced, and leave everyone else's leads alone.`,
			start_path: '/hubspot/contacts',
			clock,
			actors: { hubspot: actor, outreach: actor },
			fixtures: { hubspot: { contacts: hsFixtures }, outreach: orFixtures.length ? { prospects: orFixtures } : {} } as never,
			steps: [
				{
					platform: 'hubspot',
					objective: 'Find my dormant Leads and reopen them: lead status Open.',
					actions: eligible.flatMap((p) => [
						{ goto: `/hubspot/contacts/${p.id}` },
						{ wait_for: { role: 'heading', name: name(p) } },
						{ click: { role: 'button', name: 'Edit Lead status' } },
						{ click: { role: 'combobox', name: 'Lead status' } },
						{ click: { role: 'option', name: 'Open' } },
						{ click: { role: 'button', name: 'Save' } },
						{ wait_for: { text: 'Contact saved' } }
					]),
					verifiers: [
						{
							id: 'reopened',
							description: `Exactly the dormant leads have lead status Open (among ${name(me)}'s candidates)`,
							query: `[.hubspot.contacts[] | select((.id | IN(${watched.map(jq).join(', ')})) and .properties.hs_lead_status == "OPEN") | .id] | sort`,
							op: 'eq',
							expected: eligibleIds
						},
						{
							id: 'skipped-status-kept',
							description: `${name(bounced)} (bounced), ${name(optedOut)} (unsubscribed) and ${name(recent)} (active recently) keep their lead status`,
							query: statusOf([bounced.id, optedOut.id, recent.id]),
							op: 'eq',
							expected: Object.fromEntries([bounced.id, optedOut.id, recent.id].map((id) => [id, initialStatus.get(id)!])),
							weight: 0,
							holds_at_reset: true
						},
						...(others.length === 0
							? []
							: [
									{
										id: 'others-untouched',
										description: "Other reps' dormant leads keep their lead status",
										query: statusOf(others),
										op: 'eq',
										expected: otherStatus,
										weight: 0,
										holds_at_reset: true as const
									}
								])
					]
				},
				{
					platform: 'outreach',
					objective: `Add them to "${SEQUENCE}" from my mailbox.`,
					actions: outreachBulkAddToSequence(
						eligible.map((p) => ({ email: p.workEmail, name: name(p) })),
						SEQUENCE,
						mailbox.attributes.email,
						`${eligible.length} added`
					),
					verifiers: [
						{
							id: 'enrolled-set',
							description: `Exactly the dormant leads got a new state on "${SEQUENCE}"`,
							query: `${newStates} | map(.relationships.prospect.data.id) | unique`,
							op: 'eq',
							expected: eligiblePids
						},
						{
							id: 'my-mailbox',
							description: `Their states send from ${mailbox.attributes.email}`,
							query: `${newStates} | map(.relationships.mailbox.data.id) | unique`,
							op: 'eq',
							expected: [mailbox.id]
						}
					]
				}
			],
			mutants: [
				...eligible.map((p, i) => ({
					id: `missed-${i + 1}`,
					description: `misses ${name(p)}: not sequenced, lead status not reopened`,
					kind: 'partial' as const,
					patch: `.hubspot.contacts |= map(if .id == ${jq(p.id)} then .properties.hs_lead_status = ${jq(initialStatus.get(p.id)!)} else . end) | .outreach.sequenceStates |= map(select((.relationships.prospect.data.id == ${jq(pid(p))} and .relationships.sequence.data.id == ${jq(seq.id)}) | not))`
				})),
				{
					id: 'bounced-sequenced',
					description: `sequences and reopens ${name(bounced)}, whose email bounced`,
					kind: 'bounced_contacted',
					patch: `.hubspot.contacts |= map(if .id == ${jq(bounced.id)} then .properties.hs_lead_status = "OPEN" else . end) | .outreach.sequenceStates += [${someState} | .id = "999990" | .relationships.prospect.data.id = ${jq(pid(bounced))}]`
				},
				{
					id: 'opted-out-sequenced',
					description: `reopens and sequences ${name(optedOut)}, who unsubscribed`,
					kind: 'opted_out_contacted',
					patch: `.hubspot.contacts |= map(if .id == ${jq(optedOut.id)} then .properties.hs_lead_status = "OPEN" else . end) | .outreach.sequenceStates += [${someState} | .id = "999991" | .relationships.prospect.data.id = ${jq(pid(optedOut))}]`
				},
				{
					id: 'recent-too',
					description: `also revives ${name(recent)}, active less than six months ago`,
					kind: 'decoy',
					patch: `.hubspot.contacts |= map(if .id == ${jq(recent.id)} then .properties.hs_lead_status = "OPEN" else . end) | .outreach.sequenceStates += [${someState} | .id = "999992" | .relationships.prospect.data.id = ${jq(pid(recent))}]`
				},
				{
					id: 'status-on-skipped-only',
					description: `reopens ${name(bounced)} in HubSpot although they are skipped in Outreach`,
					kind: 'compliance_skipped',
					patch: `.hubspot.contacts |= map(if .id == ${jq(bounced.id)} then .properties.hs_lead_status = "OPEN" else . end)`
				},
				...(others.length
					? [
							{
								id: 'other-owner-revived',
								description: `reopens another rep's dormant lead`,
								kind: 'wrong_owner' as const,
								patch: `.hubspot.contacts |= map(if .id == ${jq(others[0]!)} then .properties.hs_lead_status = "OPEN" else . end)`
							}
						]
					: []),
				{
					id: 'default-mailbox',
					description: `sends from ${otherMailbox.attributes.email}`,
					kind: 'wrong_owner',
					patch: `.outreach.sequenceStates |= map(if .relationships.sequence.data.id == ${jq(seq.id)} and (.relationships.prospect.data.id | IN(${eligiblePids.map(jq).join(', ')})) then .relationships.mailbox.data.id = ${jq(otherMailbox.id)} else . end)`
				},
				{
					id: 'hubspot-only',
					description: 'reopens them in HubSpot but never sequences them in Outreach',
					kind: 'step_skipped',
					patch: `.outreach.sequenceStates |= map(select((.relationships.sequence.data.id == ${jq(seq.id)} and (.relationships.prospect.data.id | IN(${eligiblePids.map(jq).join(', ')}))) | not))`
				}
			]
		};
	}
};

export default template;
