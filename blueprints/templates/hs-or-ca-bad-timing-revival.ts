/**
 * T3-03 hs-or-ca-bad-timing-revival (tier 3, HubSpot + Outreach + Calendly, outbound, dormant lead re-engagement).
 *
 * A rep revisits the contacts they parked as "Bad Timing": their own HubSpot contacts with lead status Bad Timing
 * whose last activity is more than 90 days old all go into a new static segment "Q2 revive". The ones we may email
 * then go into the Outreach sequence "Re-engage – 3 touch" from the rep's own mailbox, each with a single-use link
 * of the rep's Calendly Discovery Call of their own in Custom Field 2 (the team's "Booking link" field). The
 * segment and the sequenced set differ by design: the skipped stay in the segment. Per instance, the rep's Bad
 * Timing book is (fixtures on seeded people: owner, lead status, last activity date):
 * - two or three clean contacts, one of them last active 91 days ago (the edge that is in): segment, a link each,
 *   custom2, enrolled;
 * - an `opted_out` contact, unsubscribed from all email in HubSpot, whose Outreach prospect (a fixture: they were
 *   never in Outreach) does not carry the opt-out, so Outreach would take them: segment only (rules of engagement
 *   R6, HubSpot `hs_email_optout`);
 * - a `bounced` contact (their Outreach address bounced): segment only (R7; Outreach refuses them too);
 * - an `active_in_sequence` contact, active in a colleague's sequence: segment only, that sequence untouched (R8;
 *   "Re-engage – 3 touch" is exclusive, so Outreach refuses them too);
 * - a clean contact last active 89 days ago (the edge that is out): nothing.
 * The rep's seeded Bad Timing contacts are handed to a teammate (fixture: contact owner), so that book is exactly
 * the planted one; they and every other rep's Bad Timing contacts are decoys for "my".
 *
 * Verification: the segment is static (MANUAL, contacts) and holds exactly the five or six old contacts; each
 * eligible prospect's Custom Field 2 is the booking URL of a single-use link owned by the rep's Discovery Call
 * (Calendly `scheduling_links`: the causal artifact that proves the Calendly step came first), the links are
 * distinct; exactly the eligible prospects got a new state on the sequence, from the rep's mailbox; the skipped
 * got no new live state and the colleague's sequence keeps its state; the number of links equals the number of
 * eligible people (no spare links, non-gating). Links, prospects and states are matched by value, never by the
 * ids or URLs the tools hand out.
 *
 * Simplified from the catalogue: the scope is the rep's own contacts (the catalogue says "HubSpot contacts", which
 * in the seed is about 40 Bad Timing contacts of nine owners, over the 5–10 the parameters ask); everyone already
 * is an Outreach prospect (the Outreach replica has no screen that creates one). The Calendly replica's Scheduling
 * page gained "Create single-use link" for this template (Calendly Help Center, "Single-use links"; Calendly API v2
 * `POST /scheduling_links`). The oracle types each link it created into Outreach: the URL is the one the Scheduling
 * page shows (the oracle waits for that text first), which it can compute because the replica's link codes are
 * deterministic per run.
 */
import type { Template } from './kit';
import { TemplateError } from './kit';
import { zonedToUtc } from '../../gyms/calendly/tz';
import { DAY_MS, hubspotRow, hubspotTables, jq, jqList, outreachBulkAddToSequence, outreachProspectRows, outreachTables, spokenDate } from './_gym-rows';
import { ACTIVE_LIKE } from '../../gyms/outreach/api/sequencing';
import { project as projectCalendly, uuidFor } from '../../gyms/calendly/seed';
import { CALENDLY_WEB } from '../../gyms/calendly/contract';
import type { Person } from '../../seeds/world';

const SLUG = 'hs-or-ca-bad-timing-revival';
const SEGMENT = 'Q2 revive';
const SEQUENCE = 'Re-engage – 3 touch';
const DISCOVERY = 'Discovery Call (30 min)';
/** Acting reps, spread over seeds (SDRs and AEs in four zones), and the teammate who takes over their seeded Bad Timing contacts. */
const ACTORS = ['1001', '1008', '1002', '1003', '1011', '1009', '1004', '1010'];
const PEER: Record<string, string> = {
	'1001': '1002',
	'1002': '1001',
	'1003': '1008',
	'1008': '1009',
	'1009': '1008',
	'1011': '1003',
	'1004': '1010',
	'1010': '1004'
};
/** Scenario days: weekdays of March 2026. */
const DAYS = [
	'2026-03-03',
	'2026-03-04',
	'2026-03-05',
	'2026-03-10',
	'2026-03-11',
	'2026-03-12',
	'2026-03-16',
	'2026-03-17',
	'2026-03-18',
	'2026-03-19',
	'2026-03-24',
	'2026-03-25',
	'2026-03-26'
];
/** HubSpot lifecycle stages a cold re-engagement may target (never customers or open deals: R14). */
const EARLY = new Set(['subscriber', 'lead', 'marketingqualifiedlead']);
const MIN_MS = 60_000;
/** Everyone in the book was created before this (≥ 120 days before every scenario day), so a last activity 91–330 days back is possible. */
const CREATED_BEFORE = '2025-11-01T00:00:00.000Z';

type Row = { id: string; [k: string]: unknown };
type HsContact = Row & { properties: Record<string, string>; createdAt: string; updatedAt: string };
type OrProspect = Row & {
	attributes: Record<string, unknown> & {
		firstName: string;
		lastName: string;
		emails: string[];
		title: string | null;
		optedOut: boolean;
		emailOptedOut: boolean;
	};
	relationships: Record<string, { data: { type: string; id: string } | null }>;
};
type OrState = Row & {
	attributes: { state: string };
	relationships: { prospect: { data: { id: string } }; sequence: { data: { id: string } }; mailbox: { data: { id: string } } };
};
type OrEmail = Row & { attributes: { email: string; status: string | null }; relationships: { prospect?: { data: { id: string } | null } } };

/** The UTC instant (epoch ms) of the local wall time `hh:mm` on `date` in the IANA zone `tz` (the Calendly gym's `zonedToUtc`). */
function localToUtc(date: string, hhmm: string, tz: string): number {
	return zonedToUtc(tz, date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)));
}

/** The booking URL of the `n`-th single-use link a run creates for the event type of `slug` (the Calendly gym's code). */
function singleUseUrl(n: number, slug: string): string {
	const u = uuidFor(`run:scheduling_links:${n}`);
	return `${CALENDLY_WEB}/d/${u.slice(0, 4)}-${u.slice(9, 12)}-${u.slice(24, 28)}/${slug}`;
}

/** "A, B and C". */
function listOf(items: readonly string[]): string {
	return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** jq: a string with surrounding space, the scheme and a trailing slash removed (null for anything else). */
const NORM = `(if type == "string" then (trim | ltrimstr("https://") | ltrimstr("http://") | rtrimstr("/")) else null end)`;

const template: Template = {
	meta: {
		slug: SLUG,
		version: 1,
		title: 'Revive my Bad Timing contacts: a static segment, then Outreach with a single-use Calendly link each',
		platforms: ['hubspot', 'outreach', 'calendly'],
		category: 'outbound',
		business_function: 'dormant lead re-engagement',
		anomalies: ['opted_out', 'bounced', 'active_in_sequence', 'dormant'],
		traps: ['activity_window', 'opted_out_skip', 'bounced_skip', 'exclusive_seq', 'other_owner', 'single_use_link'],
		pinned: [1, 2, 3, 4, 5]
	},
	build(ctx) {
		const { world } = ctx;
		const hs = hubspotTables();
		const or = outreachTables(world);
		const cal = projectCalendly(world) as unknown as {
			users: { uri: string; email: string }[];
			event_types: { uri: string; name: string; slug: string; scheduling_url: string; active: boolean; profile: { owner: string } | null }[];
		};
		const contacts = new Map((hs.contacts as HsContact[]).map((c) => [c.id, c]));
		const prospects = new Map((or.prospects as OrProspect[]).map((p) => [p.id, p]));
		const states = or.sequenceStates as OrState[];
		const emails = or.emailAddresses as OrEmail[];
		const accounts = new Set((or.accounts as Row[]).map((a) => a.id));
		const seq = (or.sequences as (Row & { attributes: { name: string } })[]).find((s) => s.attributes.name === SEQUENCE)!;
		const mailboxes = or.mailboxes as (Row & { attributes: { email: string }; relationships: { user: { data: { id: string } } } })[];
		const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
		const names = new Map<string, number>();
		for (const p of world.people) names.set(name(p), (names.get(name(p)) ?? 0) + 1);
		const kinds = new Map<string, Set<string>>();
		for (const a of world.anomalies) for (const id of a.personIds) kinds.set(id, new Set([...(kinds.get(id) ?? []), a.kind]));
		const onlyKind = (p: Person, kind: string | null) => [...(kinds.get(p.id) ?? [])].every((k) => k === kind) && !p.previous;
		const statesOf = (id: string) => states.filter((s) => s.relationships.prospect.data.id === id);

		// The rep, the day and the time (08:30–10:30 in the rep's zone).
		const actor = ctx.cycle('actor', ACTORS);
		const me = ctx.user(actor);
		const zone = me.timeZone;
		const mailbox = mailboxes.find((m) => m.relationships.user.data.id === actor)!;
		const calUser = cal.users.find((u) => u.email === me.email);
		const typesOf = (uri: string | undefined) => cal.event_types.filter((t) => t.profile?.owner === uri);
		const discovery = typesOf(calUser?.uri).find((t) => t.name === DISCOVERY && t.active);
		const peer = PEER[actor]!;
		const peerDiscovery = typesOf(cal.users.find((u) => u.email === ctx.user(peer).email)?.uri).find((t) => t.name === DISCOVERY);
		if (!mailbox || !discovery || !peerDiscovery) throw new TemplateError(`${SLUG}@${ctx.seed}: ${name(me)} or ${peer} lacks a mailbox or a Discovery Call`);
		const decoyType = typesOf(calUser?.uri).find((t) => t.uri !== discovery.uri && t.active);
		const day = ctx.cycle('day', DAYS);
		const hhmm = ctx.rng('time').pick(['08:30', '08:45', '09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30']);
		const clockMs = localToUtc(day, hhmm, zone);
		const clock = new Date(clockMs).toISOString();
		const minutes = (label: string) => ctx.rng(`minutes:${label}`).int(30, 240) * MIN_MS;

		// Who may play which part.
		const contactOf = (p: Person) => contacts.get(p.id);
		const early = (p: Person) => EARLY.has(contactOf(p)?.properties.lifecyclestage ?? '');
		const oldEnough = (p: Person) => contactOf(p)!.createdAt < CREATED_BEFORE;
		const mineBefore = new Set(
			[...contacts.values()].filter((c) => c.properties.hubspot_owner_id === actor && c.properties.hs_lead_status === 'BAD_TIMING').map((c) => c.id)
		);
		const hsOk = (p: Person) => {
			const c = contactOf(p);
			return p.inHubspot && !!c && c.properties.email === p.workEmail && names.get(name(p)) === 1 && early(p) && oldEnough(p) && !mineBefore.has(p.id);
		};
		const neverReengaged = (p: Person) => !statesOf(p.id).some((s) => s.relationships.sequence.data.id === seq.id);
		const primaryStatus = (p: Person) =>
			emails.find((e) => e.relationships.prospect?.data?.id === p.id && e.attributes.email === p.workEmail)?.attributes.status ?? null;
		const clean = (p: Person) => {
			const pr = prospects.get(p.id);
			return (
				hsOk(p) &&
				onlyKind(p, null) &&
				p.inOutreach &&
				p.emailStatus === 'ok' &&
				contactOf(p)!.properties.hs_email_optout === 'false' &&
				pr !== undefined &&
				!pr.attributes.optedOut &&
				!pr.attributes.emailOptedOut &&
				pr.attributes.emails[0] === p.workEmail &&
				primaryStatus(p) === null &&
				!!pr.attributes.title &&
				!!pr.relationships.account?.data &&
				neverReengaged(p) &&
				!statesOf(p.id).some((s) => ACTIVE_LIKE.has(s.attributes.state))
			);
		};
		const k = ctx.rng('eligible').int(2, 3);
		const cleanPeople = ctx.pickMany('clean', world.people, k + 1, clean);
		const edgeIn = cleanPeople[0]!;
		const recent = cleanPeople[k]!;
		const eligible = cleanPeople.slice(0, k).sort((a, b) => (a.lastName < b.lastName ? -1 : a.lastName > b.lastName ? 1 : a.firstName < b.firstName ? -1 : 1));
		const optedOut = ctx.cycle(
			'opted-out',
			ctx.anomalyPeople('opted_out'),
			(p) => hsOk(p) && onlyKind(p, 'opted_out') && !p.inOutreach && contactOf(p)!.properties.hs_email_optout === 'true' && accounts.has(p.companyId)
		);
		const bounced = ctx.cycle('bounced', ctx.anomalyPeople('bounced'), (p) => {
			const pr = prospects.get(p.id);
			return (
				hsOk(p) &&
				onlyKind(p, 'bounced') &&
				contactOf(p)!.properties.hs_email_optout === 'false' &&
				pr !== undefined &&
				!pr.attributes.optedOut &&
				!pr.attributes.emailOptedOut &&
				pr.attributes.emails[0] === p.workEmail &&
				primaryStatus(p) === 'bounced' &&
				neverReengaged(p)
			);
		});
		const busy = ctx.cycle('active', ctx.anomalyPeople('active_in_sequence'), (p) => {
			const pr = prospects.get(p.id);
			return (
				hsOk(p) &&
				onlyKind(p, 'active_in_sequence') &&
				p.emailStatus === 'ok' &&
				contactOf(p)!.properties.hs_email_optout === 'false' &&
				pr !== undefined &&
				!pr.attributes.optedOut &&
				!pr.attributes.emailOptedOut &&
				pr.attributes.emails[0] === p.workEmail &&
				primaryStatus(p) === null &&
				neverReengaged(p) &&
				statesOf(p.id).some((s) => s.attributes.state === 'active')
			);
		});
		const busyStates = statesOf(busy.id).filter((s) => s.attributes.state === 'active');
		const busySequence = (or.sequences as (Row & { attributes: { name: string } })[]).find((s) => s.id === busyStates[0]!.relationships.sequence.data.id)!;

		// Last activity: 91 days (minus up to 4 h) for the edge that is in, 89 days (plus up to 4 h) for the one that is out,
		// 95–330 days for the others, and at least two weeks after the contact was created.
		const lastActivity = new Map<string, string>();
		const at = (p: Person, ms: number) => lastActivity.set(p.id, new Date(ms).toISOString());
		at(edgeIn, clockMs - 91 * DAY_MS - minutes(edgeIn.id));
		at(recent, clockMs - 89 * DAY_MS + minutes(recent.id));
		for (const p of [...eligible.filter((x) => x !== edgeIn), optedOut, bounced, busy]) {
			const age = Math.floor((clockMs - Date.parse(contactOf(p)!.createdAt)) / DAY_MS);
			at(p, clockMs - ctx.rng(`days:${p.id}`).int(95, Math.min(330, age - 14)) * DAY_MS - minutes(p.id));
		}
		const old = [...eligible, optedOut, bounced, busy];
		const book = [...old, recent];

		// HubSpot fixtures: the book as the rep's Bad Timing contacts; the rep's seeded Bad Timing contacts go to the teammate.
		const hsFixtures: HsContact[] = [
			...book.map((p) => {
				const c = hubspotRow<HsContact>('contacts', p.id);
				const last = lastActivity.get(p.id)!;
				return {
					...c,
					properties: {
						...c.properties,
						hubspot_owner_id: actor,
						hs_lead_status: 'BAD_TIMING',
						notes_last_updated: last,
						notes_last_contacted: last
					}
				};
			}),
			...[...mineBefore].sort().map((id) => {
				const c = hubspotRow<HsContact>('contacts', id);
				return { ...c, properties: { ...c.properties, hubspot_owner_id: peer } };
			})
		];

		// Outreach fixture: the opted-out contact's prospect, without the opt-out (it never reached Outreach).
		const optedOutRows = outreachProspectRows(world, optedOut.id, {
			prospect: ctx.fixtureId('opted-out-prospect'),
			emailAddress: (order) => ctx.fixtureId(`opted-out-email-${order}`)
		});
		const optedOutProspect = optedOutRows.prospects[0] as OrProspect;
		optedOutProspect.attributes = { ...optedOutProspect.attributes, optedOut: false, optedOutAt: null, emailOptedOut: false, emailsOptStatus: null };
		const optedOutEmails = optedOutRows.emailAddresses.map((e) => ({
			...e,
			attributes: { ...(e.attributes as Record<string, unknown>), status: null, statusChangedAt: null, unsubscribedAt: null }
		}));
		const pid = (p: Person) => (p === optedOut ? optedOutProspect.id : p.id);

		// Decoys for "my": another rep's Bad Timing contact last active more than 90 days ago.
		const cutoffMs = clockMs - 90 * DAY_MS;
		const fixtureIds = new Set(hsFixtures.map((c) => c.id));
		const teammate = [...contacts.values()]
			.map((c) => (fixtureIds.has(c.id) ? hsFixtures.find((f) => f.id === c.id)! : c))
			.filter(
				(c) =>
					c.properties.hs_lead_status === 'BAD_TIMING' &&
					c.properties.hubspot_owner_id !== actor &&
					!!c.properties.notes_last_updated &&
					Date.parse(c.properties.notes_last_updated) < cutoffMs
			)
			.map((c) => c.id)
			.sort()[0];
		if (!teammate) throw new TemplateError(`${SLUG}@${ctx.seed}: no other rep's Bad Timing contact`);
		const teammateName = `${contacts.get(teammate)!.properties.firstname} ${contacts.get(teammate)!.properties.lastname}`;

		// Expected values.
		const segmentIds = old.map((p) => p.id).sort();
		const eligiblePids = eligible.map(pid).sort();
		const watchedPids = book.map(pid);
		const links = eligible.map((_, i) => singleUseUrl(i + 1, discovery.slug));
		const otherMailbox = mailboxes.find((m) => m.relationships.user.data.id === (actor === '1009' ? '1012' : '1009'))!;

		const segQ = `[.hubspot.lists[] | select(.name == ${jq(SEGMENT)} and .archived == false)]`;
		const newStates = `(($initial.outreach.sequenceStates | map(.id)) as $old | [.outreach.sequenceStates[] | select((.id as $i | $old | index($i)) == null)])`;
		const newOnSeq = (pids: readonly string[]) =>
			`(${newStates} | map(select(.relationships.sequence.data.id == ${jq(seq.id)} and (.relationships.prospect.data.id | IN(${pids.map(jq).join(', ')})))))`;
		const custom2Of = (id: string) => `([.outreach.prospects[] | select(.id == ${jq(id)}) | .attributes.custom2 | ${NORM}] | first)`;
		const myLinks = `([.calendly.scheduling_links[] | select(.owner == ${jq(discovery.uri)}) | .booking_url | ${NORM}])`;
		const liveNew = (id: string) =>
			`${newStates} | map(select(.relationships.prospect.data.id == ${jq(id)} and (.attributes.state | IN("active", "pending", "paused")))) | length`;
		/** jq: one eligible person's new Re-engage state copied onto prospect `id` (a wrong enrollment). */
		const enrol = (id: string, stateId: string) =>
			`.outreach.sequenceStates += [${newOnSeq([eligiblePids[0]!])}[0] | .id = ${jq(stateId)} | .relationships.prospect.data.id = ${jq(id)}]`;
		const setCustom2 = (ids: readonly string[], value: string | null) =>
			`.outreach.prospects |= map(if .id | IN(${ids.map(jq).join(', ')}) then ${value === null ? 'del(.attributes.custom2)' : `.attributes.custom2 = ${jq(value)}`} else . end)`;
		const segmentList = `([${segQ}[] | .id])`;
		const addMember = (id: string) =>
			`${segmentList} as $l | .hubspot.list_memberships += [first(.hubspot.list_memberships[] | select(.listId == $l[0])) | .recordId = ${jq(id)}]`;
		const dropMembers = (ids: readonly string[]) => `.hubspot.list_memberships |= map(select((.recordId | IN(${ids.map(jq).join(', ')})) | not))`;

		const skipped: [Person, string, string][] = [
			[optedOut, 'opted-out', 'unsubscribed from all email in HubSpot'],
			[bounced, 'bounced', 'their email bounced'],
			[busy, 'active-elsewhere', `active in "${busySequence.attributes.name}"`]
		];

		return {
			title: `Revive ${name(me)}'s Bad Timing contacts into "${SEGMENT}" (${spokenDate(clock, zone)})`,
			goal:
				`The static segment "${SEGMENT}" holds ${old.map(name).join(', ')} (${name(me)}'s Bad Timing contacts last active more than 90 days ago; ${name(recent)} was active 89 days ago). ` +
				`${listOf(eligible.map(name))} are in "${SEQUENCE}" from ${mailbox.attributes.email}, each with a single-use link of ${name(me)}'s ${DISCOVERY} of their own in Custom Field 2; ` +
				`${name(optedOut)} (unsubscribed), ${name(bounced)} (bounced) and ${name(busy)} (active in "${busySequence.attributes.name}") are not sequenced.`,
			prompt:
				`Time to revisit last year's "bad timing" people. Find my HubSpot contacts with lead status Bad Timing whose last activity was more than 90 days ago, and add all of them to a new static segment "${SEGMENT}". ` +
				`Then enroll the ones we can email in the Outreach sequence "${SEQUENCE}" from my mailbox, each with their own single-use link to my Calendly ${DISCOVERY} in their Custom Field 2 (our "Booking link" field). ` +
				`Skip anyone who opted out, whose email bounced, or who is active in another sequence.`,
			start_path: '/hubspot/contacts',
			clock,
			actors: { hubspot: actor, outreach: actor, calendly: actor },
			fixtures: {
				hubspot: { contacts: hsFixtures },
				outreach: { prospects: [optedOutProspect], emailAddresses: optedOutEmails }
			} as never,
			steps: [
				{
					platform: 'hubspot',
					objective: `Put my Bad Timing contacts last active more than 90 days ago into the new static segment "${SEGMENT}".`,
					actions: [
						{ goto: '/hubspot/lists' },
						{ click: { role: 'button', name: 'Create segment' } },
						{ fill: { label: 'Segment name', value: SEGMENT } },
						{ click: { role: 'button', name: 'Create' } },
						{ wait_for: { role: 'heading', name: SEGMENT } },
						{ goto: '/hubspot/contacts' },
						{ click: { role: 'tab', name: 'My contacts' } },
						{ click: { role: 'combobox', name: 'Filter by Lead status' } },
						{ click: { role: 'option', name: 'Bad Timing' } },
						{ click: { role: 'combobox', name: 'Filter by Last activity date' } },
						{ click: { role: 'option', name: 'More than 90 days ago' } },
						...[...old]
							.sort((a, b) => (a.lastName < b.lastName ? -1 : 1))
							.flatMap((p) => [{ wait_for: { role: 'cell', name: p.workEmail } }, { check: { label: `Select ${name(p)}` } }]),
						{ click: { role: 'button', name: 'Add to segment' } },
						{ click: { role: 'combobox', name: 'Segment' } },
						{ click: { role: 'option', name: SEGMENT } },
						{ click: { role: 'button', name: 'Add' } },
						{ wait_for: { text: `Added ${old.length} contacts to the segment` } }
					],
					verifiers: [
						{
							id: 'segment-static',
							description: `One live segment "${SEGMENT}", static (MANUAL) and of contacts`,
							query: `${segQ} | map([.processingType, .objectTypeId])`,
							op: 'eq',
							expected: [['MANUAL', '0-1']]
						},
						{
							id: 'segment-members',
							description: `"${SEGMENT}" holds exactly ${name(me)}'s Bad Timing contacts last active more than 90 days ago, the ones skipped for sequencing included`,
							query: `${segmentList} as $ids | [.hubspot.list_memberships[] | select(.listId as $l | $ids | index($l)) | .recordId] | unique`,
							op: 'eq',
							expected: segmentIds
						}
					]
				},
				{
					platform: 'calendly',
					objective: `Create one single-use link of my ${DISCOVERY} for each of the ${eligible.length} people to enroll.`,
					actions: [
						{ goto: '/calendly/scheduling' },
						...links.flatMap((url) => [
							{ click: { role: 'button', name: `Create single-use link: ${DISCOVERY}` } },
							{ wait_for: { text: `Single-use link copied: ${url}` } }
						])
					],
					verifiers: [
						...eligible.map((p) => ({
							id: `booking-link-${p.lastName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
							description: `${name(p)}'s Custom Field 2 is a single-use link of ${name(me)}'s ${DISCOVERY}`,
							query: `${custom2Of(pid(p))} as $u | ${myLinks} | map(select(. == $u)) | length`,
							op: 'eq' as const,
							expected: 1
						})),
						{
							id: 'booking-links-distinct',
							description: `The ${eligible.length} people to enroll each have a link of their own`,
							query: `[${eligiblePids.map(custom2Of).join(', ')}] | map(select(. != null)) | unique | length`,
							op: 'eq',
							expected: eligible.length
						},
						{
							id: 'no-spare-links',
							description: `Exactly ${eligible.length} single-use links were created (one per person enrolled)`,
							query: `[.calendly.scheduling_links[]] | length`,
							op: 'eq',
							expected: eligible.length,
							gating: false
						}
					]
				},
				{
					platform: 'outreach',
					objective: `Set each one's Booking link (Custom Field 2) and add them to "${SEQUENCE}" from my mailbox; skip the opted-out, the bounced and the busy.`,
					actions: [
						...eligible.flatMap((p, i) => [
							{ goto: `/outreach/prospects/${pid(p)}` },
							{ wait_for: { role: 'heading', name: name(p) } },
							{ click: { role: 'button', name: 'Show all custom fields' } },
							{ click: { role: 'button', name: 'Edit Custom Field 2' } },
							{ fill: { label: 'Custom Field 2', value: links[i]! } },
							{ click: { role: 'button', name: 'Save' } },
							{ wait_for: { text: 'Custom fields saved' } }
						]),
						...outreachBulkAddToSequence(
							eligible.map((p) => ({ email: p.workEmail, name: name(p) })),
							SEQUENCE,
							mailbox.attributes.email,
							`${eligible.length} added`
						)
					],
					verifiers: [
						{
							id: 'enrolled-set',
							description: `Exactly ${listOf(eligible.map(name))} got a new state on "${SEQUENCE}" (among the Bad Timing book)`,
							query: `${newOnSeq(watchedPids)} | map(.relationships.prospect.data.id) | unique`,
							op: 'eq',
							expected: eligiblePids
						},
						{
							id: 'my-mailbox',
							description: `Their states send from ${mailbox.attributes.email}`,
							query: `${newOnSeq(eligiblePids)} | map(.relationships.mailbox.data.id) | unique`,
							op: 'eq',
							expected: [mailbox.id]
						},
						...skipped.map(([p, id, why]) => ({
							id: `${id}-not-sequenced`,
							description: `${name(p)} (${why}) got no new live sequence state`,
							query: liveNew(pid(p)),
							op: 'eq' as const,
							expected: 0,
							weight: 0,
							holds_at_reset: true as const
						})),
						{
							id: 'busy-sequence-kept',
							description: `${name(busy)} is still active in "${busySequence.attributes.name}" (never pulled out of a colleague's sequence)`,
							query: `[.outreach.sequenceStates[] | select(.id | IN(${busyStates.map((s) => jq(s.id)).join(', ')})) | .attributes.state]`,
							op: 'eq',
							expected: busyStates.map(() => 'active'),
							weight: 0,
							holds_at_reset: true
						}
					]
				}
			],
			mutants: [
				{
					id: 'segment-eligible-only',
					description: `leaves ${name(optedOut)}, ${name(bounced)} and ${name(busy)} out of the segment because they are not sequenced`,
					kind: 'partial',
					patch: dropMembers([optedOut.id, bounced.id, busy.id])
				},
				{
					id: 'segment-89-days',
					description: `also segments ${name(recent)}, last active 89 days ago`,
					kind: 'wrong_time',
					patch: addMember(recent.id)
				},
				{
					id: 'misses-91-days',
					description: `misses ${name(edgeIn)}, last active 91 days ago: not segmented, no link, not sequenced`,
					kind: 'wrong_time',
					patch: `([.outreach.prospects[] | select(.id == ${jq(pid(edgeIn))}) | .attributes.custom2] | first) as $u | .calendly.scheduling_links |= map(select(.booking_url != $u)) | ${dropMembers([edgeIn.id])} | ${setCustom2([pid(edgeIn)], null)} | .outreach.sequenceStates |= map(select((.relationships.prospect.data.id == ${jq(pid(edgeIn))} and .relationships.sequence.data.id == ${jq(seq.id)}) | not))`
				},
				{
					id: 'segment-teammate',
					description: `segments ${teammateName}, another rep's Bad Timing contact`,
					kind: 'wrong_owner',
					patch: addMember(teammate)
				},
				{
					id: 'segment-active-list',
					description: 'makes "Q2 revive" an active (dynamic) segment instead of a static one',
					kind: 'wrong_value',
					patch: `.hubspot.lists |= map(if .name == ${jq(SEGMENT)} then .processingType = "DYNAMIC" else . end)`
				},
				{
					id: 'no-segment',
					description: 'sequences the eligible people but builds no segment',
					kind: 'step_skipped',
					patch: `${segmentList} as $ids | .hubspot.list_memberships |= map(select(.listId as $l | $ids | index($l) | not)) | .hubspot.lists |= map(select(.name != ${jq(SEGMENT)}))`
				},
				{
					id: 'opted-out-sequenced',
					description: `sequences ${name(optedOut)}, unsubscribed in HubSpot (Outreach did not know)`,
					kind: 'opted_out_contacted',
					patch: enrol(pid(optedOut), '999901')
				},
				{
					id: 'bounced-sequenced',
					description: `sequences ${name(bounced)}, whose address bounced`,
					kind: 'bounced_contacted',
					patch: enrol(pid(bounced), '999902')
				},
				{
					id: 'busy-pulled-out',
					description: `finishes ${name(busy)}'s state in "${busySequence.attributes.name}" and sequences them`,
					kind: 'compliance_skipped',
					patch: `.outreach.sequenceStates |= map(if .id | IN(${busyStates.map((s) => jq(s.id)).join(', ')}) then .attributes.state = "finished" else . end) | ${enrol(pid(busy), '999903')}`
				},
				{
					id: 'recent-sequenced',
					description: `sequences ${name(recent)}, last active 89 days ago`,
					kind: 'decoy',
					patch: enrol(pid(recent), '999904')
				},
				{
					id: 'one-link-for-all',
					description: 'gives everyone the same single-use link',
					kind: 'wrong_value',
					patch: setCustom2(eligiblePids, links[0]!)
				},
				{
					id: 'public-link',
					description: `puts the ${DISCOVERY}'s public scheduling link in Custom Field 2 instead of single-use links`,
					kind: 'decoy',
					patch: setCustom2(eligiblePids, discovery.scheduling_url)
				},
				{
					id: 'colleague-event-type',
					description: `creates the links on ${name(ctx.user(peer))}'s ${DISCOVERY}`,
					kind: 'wrong_owner',
					patch: `.calendly.scheduling_links |= map(.owner = ${jq(peerDiscovery.uri)})`
				},
				...(decoyType
					? [
							{
								id: 'other-event-type',
								description: `creates the links on ${name(me)}'s ${decoyType.name}`,
								kind: 'decoy' as const,
								patch: `.calendly.scheduling_links |= map(.owner = ${jq(decoyType.uri)})`
							}
						]
					: []),
				{
					id: 'no-booking-link',
					description: 'sequences them without a Booking link',
					kind: 'step_skipped',
					patch: setCustom2(eligiblePids, null)
				},
				{
					id: 'sequence-owner-mailbox',
					description: `sends from ${otherMailbox.attributes.email}`,
					kind: 'wrong_owner',
					patch: `.outreach.sequenceStates |= map(if .relationships.sequence.data.id == ${jq(seq.id)} and (.relationships.prospect.data.id | IN(${eligiblePids.map(jq).join(', ')})) then .relationships.mailbox.data.id = ${jq(otherMailbox.id)} else . end)`
				},
				{
					id: 'hubspot-sequence',
					description: 'enrolls them in the HubSpot sequence of that name instead of Outreach',
					kind: 'wrong_tool',
					patch: `.outreach.sequenceStates |= map(select((.relationships.sequence.data.id == ${jq(seq.id)} and (.relationships.prospect.data.id | IN(${eligiblePids.map(jq).join(', ')}))) | not))`
				}
			],
			alternatives: [
				{
					id: 'links-handed-out-in-another-order',
					description: 'gives the same single-use links to the same people in another order',
					patch: `[${eligiblePids.map((id) => `(.outreach.prospects[] | select(.id == ${jq(id)}) | .attributes.custom2)`).join(', ')}] as $u | reduce range(0; ${eligiblePids.length}) as $i (.; .outreach.prospects |= map(if .id == (${jqList(eligiblePids)})[$i] then .attributes.custom2 = $u[($i + 1) % ${eligiblePids.length}] else . end))`
				},
				{
					id: 'links-without-scheme',
					description: 'types the links without "https://"',
					patch: `.outreach.prospects |= map(if .id | IN(${eligiblePids.map(jq).join(', ')}) then .attributes.custom2 |= ltrimstr("https://") else . end)`
				}
			]
		};
	}
};

export default template;
