/**
 * T2-05 sn-or-post-personalization (tier 2, Sales Navigator + Outreach, outbound, personalized outreach &
 * sequencing).
 *
 * The rep's Sales Navigator list "My open prospects": 2–3 members posted on LinkedIn in the last 30 days (fixture:
 * their lead rows carry a recent post and an older one on another topic; the latest counts). The rep puts the
 * latest post's topic in the Outreach prospect's Custom Field 1 (the team's personalization field), tags them
 * "warm-post" and adds them to "VP Sales – Cold" from their own mailbox. One of the posters is already active in
 * another exclusive sequence: the field and the tag still apply, the enrollment must not happen (the ruleset
 * skips them; pulling them out of the other sequence is wrong). Decoys: list members whose last post is 35–55 days
 * old, and an Outreach look-alike prospect with a poster's name at another company.
 *
 * Simplified from the catalogue: no job-changer fixture (the Outreach account move is covered by other
 * templates); the list is the seat's seeded "My open prospects" with its posts rewritten by fixtures, so two seeds
 * differ by acting rep, posters, topics and dates.
 */
import type { Template } from './kit';
import { addMs, DAY_MS, jq, jqList, outreachTables, spokenDate } from './_gym-rows';
import { project as projectSalesNav } from '../../gyms/salesnav/seed';
import { ACTIVE_LIKE } from '../../gyms/outreach/api/sequencing';

type Row = { id: string; [k: string]: unknown };
type Lead = {
	leadId: string;
	linkedInUrl: string;
	firstName: string;
	lastName: string;
	posted30d: boolean;
	recentPosts: { postedAt: string; topic: string }[];
	[k: string]: unknown;
};
type OrProspect = Row & {
	attributes: Record<string, unknown> & {
		firstName: string;
		lastName: string;
		emails: string[];
		optedOut: boolean;
		linkedInUrl: string | null;
		tags: string[];
	};
	relationships: Record<string, { data: { type: string; id: string } | null }>;
};
type OrState = Row & { attributes: { state: string }; relationships: { prospect: { data: { id: string } }; sequence: { data: { id: string } } } };

/** The Outreach "VP Sales – Cold" sequence (exclusive ruleset) of the seed projection. */
const SEQUENCE = 'VP Sales – Cold';
const TAG = 'warm-post';
/** States in which Outreach counts a prospect as in a sequence (its exclusivity check). */
const LIVE = [...ACTIVE_LIKE];

const template: Template = {
	meta: {
		slug: 'sn-or-post-personalization',
		version: 1,
		title: 'Personalize and sequence the list members who posted on LinkedIn',
		platforms: ['salesnav', 'outreach'],
		category: 'outbound',
		business_function: 'personalized outreach & sequencing',
		anomalies: ['active_in_sequence', 'lookalike_name'],
		traps: ['exclusive_seq', 'latest_post', 'stale_post', 'lookalike_prospect'],
		pinned: [1, 2, 3]
	},
	build(ctx) {
		const { world } = ctx;
		const sn = projectSalesNav(world) as unknown as { leads: Lead[]; leadLists: { id: string; name: string; ownerSeatId: string; memberIds: string[] }[] };
		const or = outreachTables(world);
		const prospects = or.prospects as OrProspect[];
		const states = or.sequenceStates as OrState[];
		const sequences = or.sequences as (Row & { attributes: { name: string }; relationships: { ruleset: { data: { id: string } | null } } })[];
		const mailboxes = or.mailboxes as (Row & { attributes: { email: string }; relationships: { user: { data: { id: string } } } })[];
		const seq = sequences.find((s) => s.attributes.name === SEQUENCE)!;
		const exclusive = new Set(sequences.filter((s) => s.relationships.ruleset?.data?.id === seq.relationships.ruleset?.data?.id).map((s) => s.id));

		const actor = ctx.rng('actor').pick(['1001', '1002']);
		const user = ctx.user(actor);
		const mailbox = mailboxes.find((m) => m.relationships.user.data.id === actor)!;
		const list = sn.leadLists.find((l) => l.name === 'My open prospects' && l.ownerSeatId === actor)!;
		const leads = new Map(sn.leads.map((l) => [l.leadId, l]));
		const byUrl = new Map(prospects.map((p) => [p.attributes.linkedInUrl, p]));
		const nameCount = new Map<string, number>();
		for (const p of prospects)
			nameCount.set(`${p.attributes.firstName} ${p.attributes.lastName}`, (nameCount.get(`${p.attributes.firstName} ${p.attributes.lastName}`) ?? 0) + 1);
		const statesOf = (pid: string) => states.filter((s) => s.relationships.prospect.data.id === pid);

		// Members with a live, deliverable Outreach prospect of a unique name, never in the target sequence.
		const members = list.memberIds.map((id) => leads.get(id)!).filter(Boolean);
		const usable = members.filter((l) => {
			const p = byUrl.get(l.linkedInUrl);
			return (
				p !== undefined &&
				!p.attributes.optedOut &&
				!p.attributes.emailOptedOut &&
				nameCount.get(`${p.attributes.firstName} ${p.attributes.lastName}`) === 1 &&
				!statesOf(p.id).some((s) => s.relationships.sequence.data.id === seq.id)
			);
		});
		const inExclusive = (l: Lead) =>
			statesOf(byUrl.get(l.linkedInUrl)!.id).some((s) => LIVE.includes(s.attributes.state) && exclusive.has(s.relationships.sequence.data.id));
		const free = usable.filter((l) => !statesOf(byUrl.get(l.linkedInUrl)!.id).some((s) => LIVE.includes(s.attributes.state)));
		const blocked = ctx.pick('blocked-poster', usable, inExclusive);
		const k = ctx.rng('count').int(1, 2);
		const open = ctx.pickMany('open-posters', free, k + 2);
		const posters = [...open.slice(0, k), blocked];
		const stale = open.slice(k); // posted, but 35–55 days ago
		const sorted = [...posters].sort((a, b) => (a.lastName < b.lastName ? -1 : 1));

		// The clock: 2026-03-03..06, 09:00–10:00 in the rep's zone (both US zones are UTC-6/-5 before the DST switch).
		const day = ctx.rng('day').pick(['2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06']);
		const clock = `${day}T${actor === '1001' ? '14' : '15'}:${ctx.rng('minute').pick(['05', '20', '35', '50'])}:00.000Z`;
		const topics = ctx
			.rng('topics')
			.shuffle([
				'Pipeline forecasting',
				'Sales hiring',
				'Revenue operations',
				'AI in sales',
				'Outbound playbooks',
				'Customer retention',
				'Pricing strategy',
				'Sales enablement',
				'Data quality',
				'Partner ecosystems'
			]);
		const at = (label: string, minDays: number, maxDays: number) =>
			addMs(clock, -(ctx.rng(`days:${label}`).int(minDays, maxDays) * DAY_MS + ctx.rng(`mins:${label}`).int(30, 600) * 60_000));
		const latestTopic = new Map<string, string>();
		const olderTopic = new Map<string, string>();
		const leadFixtures: Lead[] = [];
		posters.forEach((l, i) => {
			const latest = topics[2 * i]!;
			const older = topics[2 * i + 1]!;
			latestTopic.set(l.leadId, latest);
			olderTopic.set(l.leadId, older);
			leadFixtures.push({
				...structuredClone(l),
				posted30d: true,
				recentPosts: [
					{ postedAt: at(`latest:${l.leadId}`, 2, 20), topic: latest },
					{ postedAt: at(`older:${l.leadId}`, 24, 29), topic: older }
				]
			});
		});
		stale.forEach((l, i) => {
			leadFixtures.push({ ...structuredClone(l), posted30d: false, recentPosts: [{ postedAt: at(`stale:${l.leadId}`, 35, 55), topic: topics[8 + (i % 2)]! }] });
		});
		// Every other member: no post in the last 30 days (the seed's own recent posters are moved back).
		for (const l of members) {
			if (posters.includes(l) || stale.includes(l)) continue;
			if (l.posted30d || l.recentPosts.some((p) => Date.parse(p.postedAt) > Date.parse(clock) - 30 * DAY_MS))
				leadFixtures.push({
					...structuredClone(l),
					posted30d: false,
					recentPosts: l.recentPosts.map((p) => ({ ...p, postedAt: at(`moved:${l.leadId}:${p.postedAt}`, 40, 90) }))
				});
		}

		// The look-alike: an Outreach prospect with the first poster's name at another account.
		const twinOf = posters[0]!;
		const twinBase = structuredClone(byUrl.get(twinOf.linkedInUrl)!);
		const accounts = or.accounts as (Row & { attributes: { name: string; domain: string | null } })[];
		const other = ctx.pick('lookalike-account', accounts, (a) => a.id !== twinBase.relationships.account?.data?.id && typeof a.attributes.domain === 'string');
		const twinId = ctx.fixtureId('lookalike-prospect');
		const twin: OrProspect = {
			...twinBase,
			id: twinId,
			attributes: {
				...twinBase.attributes,
				emails: [`${twinOf.firstName}.${twinOf.lastName}`.toLowerCase().replace(/[^a-z.]/g, '') + `@${other.attributes.domain}`],
				company: other.attributes.name,
				title: 'Office Manager',
				linkedInUrl: `${twinOf.linkedInUrl}-b`,
				externalId: null,
				tags: []
			},
			relationships: { ...twinBase.relationships, account: { data: { type: 'account', id: other.id } } }
		};

		const pid = (l: Lead) => byUrl.get(l.linkedInUrl)!.id;
		const name = (l: Lead) => `${l.firstName} ${l.lastName}`;
		const posterIds = posters.map(pid).sort();
		const enrolled = posters
			.filter((l) => l !== blocked)
			.map(pid)
			.sort();
		const memberPids = [...members.filter((l) => byUrl.has(l.linkedInUrl)).map(pid), twinId];
		const blockedLive = statesOf(pid(blocked)).find((s) => LIVE.includes(s.attributes.state))!;
		const prospect = (id: string) =>
			`([.outreach.prospects[] | select(.id == ${jq(id)})] | if length == 1 then .[0] else error("expected 1 prospect ${id}, got \\(length)") end)`;
		// States on the sequence that the seed already holds for list members (finished ones of earlier campaigns) are not new.
		const seeded = states
			.filter((st) => st.relationships.sequence.data.id === seq.id && memberPids.includes(st.relationships.prospect.data.id))
			.map((st) => st.id);
		const newStates = `[.outreach.sequenceStates[] | select(.relationships.sequence.data.id == ${jq(seq.id)} and (.relationships.prospect.data.id | IN(${memberPids.map(jq).join(', ')})) and (.id | IN(${seeded.map(jq).join(', ') || '"none"'}) | not))]`;
		const listMembers = [...list.memberIds].sort();

		// Oracle: each poster's Custom Field 1 on the prospect page, then the tag and the sequence in one bulk pass.
		const customActions = posters.flatMap((l) => [
			{ goto: `/outreach/prospects/${pid(l)}` },
			{ wait_for: { role: 'heading' as const, name: name(l) } },
			{ click: { role: 'button' as const, name: 'Show all custom fields' } },
			{ click: { role: 'button' as const, name: 'Edit Custom Field 1' } },
			{ fill: { label: 'Custom Field 1', value: latestTopic.get(l.leadId)! } },
			{ click: { role: 'button' as const, name: 'Save' } },
			{ wait_for: { text: 'Custom fields saved' } }
		]);
		const selectActions = sorted.flatMap((l) => [
			{ fill: { role: 'searchbox' as const, name: 'Search prospects', value: byUrl.get(l.linkedInUrl)!.attributes.emails[0]! } },
			{ click: { role: 'button' as const, name: 'Search' } },
			{ click: { role: 'checkbox' as const, name: `Select ${name(l)}` } }
		]);

		return {
			title: `Personalize and sequence ${user.firstName}'s recent LinkedIn posters (${spokenDate(clock, 'UTC')})`,
			goal: `${sorted.map(name).join(', ')} posted in the last 30 days: Custom Field 1 holds their latest post's topic, they carry the "${TAG}" tag, and all but ${name(blocked)} (active in an exclusive sequence) are in "${SEQUENCE}" from ${mailbox.attributes.email}.`,
			prompt:
				`Work the people on my Sales Navigator list "My open prospects" who posted on LinkedIn in the last 30 days. For each of them, in Outreach: ` +
				`put the topic of their latest post in Custom Field 1 (our personalization field), tag them "${TAG}", and add them to "${SEQUENCE}" from my mailbox. ` +
				`People who haven't posted in the last 30 days stay as they are. If someone is already active in a sequence, don't add them to this one and don't take them out of theirs, but still set the field and the tag.`,
			start_path: `/salesnav/lists/${list.id}`,
			clock,
			actors: { salesnav: actor, outreach: actor },
			fixtures: { salesnav: { leads: leadFixtures }, outreach: { prospects: [twin] } } as never,
			steps: [
				{
					platform: 'salesnav',
					objective: 'Find the list members who posted in the last 30 days and read their latest post.',
					actions: [{ wait_for: { role: 'heading', name: 'My open prospects' } }],
					verifiers: [
						{
							id: 'list-unchanged',
							description: 'The list keeps its members',
							query: `[.salesnav.leadLists[] | select(.id == ${jq(list.id)}) | .memberIds | sort] == [${jqList(listMembers)}]`,
							op: 'eq',
							expected: true,
							weight: 0,
							holds_at_reset: true
						}
					]
				},
				{
					platform: 'outreach',
					objective: 'Set the personalization field and the tag on each poster, and sequence the ones who are free.',
					actions: [
						...customActions,
						{ goto: '/outreach/prospects' },
						{ wait_for: { role: 'heading', name: 'Prospects' } },
						...selectActions,
						{ click: { role: 'button', name: 'Add tag' } },
						{ fill: { label: 'Tag name', value: TAG } },
						{ press: { label: 'Tag name', key: 'Enter' } },
						{ wait_for: { text: `Tag "${TAG}" added: ${posters.length} updated` } },
						{ click: { role: 'button', name: 'Add to sequence' } },
						{ click: { role: 'combobox', name: 'Sequence' } },
						{ click: { role: 'option', name: SEQUENCE } },
						{ click: { role: 'combobox', name: 'Mailbox' } },
						{ click: { role: 'option', name: mailbox.attributes.email } },
						{ click: { role: 'button', name: 'Add' } },
						{ wait_for: { role: 'list', name: 'Skipped prospects' } },
						{ wait_for: { text: `${enrolled.length} added, 1 skipped` } }
					],
					verifiers: [
						...posters.map((l, i) => ({
							id: `topic-${i + 1}`,
							description: `${name(l)}'s Custom Field 1 is the topic of their latest post`,
							query: `${prospect(pid(l))} | .attributes.custom1`,
							op: 'eq' as const,
							expected: latestTopic.get(l.leadId)!
						})),
						{
							id: 'tagged-set',
							description: `Exactly the recent posters carry the "${TAG}" tag`,
							query: `[.outreach.prospects[] | select(.attributes.tags | index(${jq(TAG)})) | .id] | sort`,
							op: 'eq',
							expected: posterIds
						},
						{
							id: 'enrolled-set',
							description: `Exactly the free posters got a new state on "${SEQUENCE}" (among the list's prospects and the look-alike)`,
							query: `${newStates} | map(.relationships.prospect.data.id) | unique`,
							op: 'eq',
							expected: enrolled
						},
						{
							id: 'my-mailbox',
							description: `Their states send from ${mailbox.attributes.email}`,
							query: `${newStates} | map(.relationships.mailbox.data.id) | unique`,
							op: 'eq',
							expected: [mailbox.id]
						},
						{
							id: 'blocked-stays',
							description: `${name(blocked)} stays active in their other sequence`,
							query: `[.outreach.sequenceStates[] | select(.id == ${jq(blockedLive.id)}) | .attributes.state]`,
							op: 'eq',
							expected: [blockedLive.attributes.state],
							weight: 0,
							holds_at_reset: true
						},
						{
							id: 'lookalike-untouched',
							description: `The other ${name(twinOf)} (at ${other.attributes.name}) has no personalization and no tag`,
							query: `${prospect(twinId)} | [.attributes.custom1, (.attributes.tags | length)]`,
							op: 'eq',
							expected: [null, 0],
							weight: 0,
							holds_at_reset: true
						}
					]
				}
			],
			mutants: [
				{
					id: 'older-post-topic',
					description: `takes ${name(posters[0]!)}'s older post instead of the latest`,
					kind: 'stale_data',
					patch: `.outreach.prospects |= map(if .id == ${jq(pid(posters[0]!))} then .attributes.custom1 = ${jq(olderTopic.get(posters[0]!.leadId)!)} else . end)`
				},
				...posters.map((l, i) => ({
					id: `missed-${i + 1}`,
					description: `misses ${name(l)}: no field, no tag${l === blocked ? '' : ', not sequenced'}`,
					kind: 'partial' as const,
					patch: `.outreach.prospects |= map(if .id == ${jq(pid(l))} then del(.attributes.custom1) | .attributes.tags -= [${jq(TAG)}] else . end) | .outreach.sequenceStates |= map(select((.relationships.prospect.data.id == ${jq(pid(l))} and .relationships.sequence.data.id == ${jq(seq.id)}) | not))`
				})),
				{
					id: 'stale-poster-too',
					description: `also works ${name(stale[0]!)}, whose last post is over 30 days old`,
					kind: 'decoy',
					patch: `.outreach.prospects |= map(if .id == ${jq(pid(stale[0]!))} then .attributes.tags += [${jq(TAG)}] | .attributes.custom1 = "x" else . end) | .outreach.sequenceStates += [(.outreach.sequenceStates[] | select(.relationships.sequence.data.id == ${jq(seq.id)} and .relationships.prospect.data.id == ${jq(enrolled[0]!)}) | .id = "999999" | .relationships.prospect.data.id = ${jq(pid(stale[0]!))})]`
				},
				{
					id: 'lookalike-instead',
					description: `personalizes and tags the look-alike ${name(twinOf)} at ${other.attributes.name} instead`,
					kind: 'decoy',
					patch: `.outreach.prospects |= map(if .id == ${jq(twinId)} then .attributes.custom1 = ${jq(latestTopic.get(twinOf.leadId)!)} | .attributes.tags = [${jq(TAG)}] elif .id == ${jq(pid(twinOf))} then del(.attributes.custom1) | .attributes.tags -= [${jq(TAG)}] else . end)`
				},
				{
					id: 'pulled-out-blocked',
					description: `finishes ${name(blocked)}'s other sequence and enrolls them anyway`,
					kind: 'collateral',
					patch: `.outreach.sequenceStates |= map(if .id == ${jq(blockedLive.id)} then .attributes.state = "finished" else . end) | .outreach.sequenceStates += [(.outreach.sequenceStates[] | select(.relationships.sequence.data.id == ${jq(seq.id)} and .relationships.prospect.data.id == ${jq(enrolled[0]!)}) | .id = "999998" | .relationships.prospect.data.id = ${jq(pid(blocked))})]`
				},
				{
					id: 'default-mailbox',
					description: 'sends from another rep’s mailbox',
					kind: 'wrong_owner',
					patch: `.outreach.sequenceStates |= map(if .relationships.sequence.data.id == ${jq(seq.id)} and (.relationships.prospect.data.id | IN(${enrolled.map(jq).join(', ')})) then .relationships.mailbox.data.id = ${jq(mailboxes.find((m) => m.id !== mailbox.id)!.id)} else . end)`
				},
				{
					id: 'list-pruned',
					description: 'removes the non-posters from the Sales Navigator list',
					kind: 'collateral',
					patch: `.salesnav.leadLists |= map(if .id == ${jq(list.id)} then .memberIds = ${jqList(posters.map((l) => l.leadId))} else . end)`
				}
			]
		};
	}
};

export default template;
