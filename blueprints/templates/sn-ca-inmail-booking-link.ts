/**
 * T2-06 sn-ca-inmail-booking-link (tier 2, Sales Navigator + Calendly, outbound, personalized outreach &
 * sequencing).
 *
 * An account executive wants an out-of-network executive (a VP or C-level lead, 2nd or 3rd degree or out of
 * network, never messaged by anyone on the team) to book their secret "Executive briefing (60 min)" (rules of
 * engagement R9: VP/CXO invitees only). The rep's link lives only in the Calendly app (a secret event type is not
 * on the public booking page); the message goes out from Sales Navigator with a dictated subject and opens with the
 * account's recent signal, read from the rep's Sales Navigator alerts on the account (fixture alerts): either the
 * latest funding round (an older round is planted as a stale decoy) or the new Chief Revenue Officer (a funding
 * alert is planted as the other, unasked signal). The channel follows the lead's badges and the seat's credits
 * (LinkedIn Help, "Understand InMail credits in Sales Navigator" and "Open Profile messages": Open Profile
 * messages are free, any other message to a non-connection is an InMail of 1 credit, no credits → no InMail; R10).
 * Four branches, one per seed mod 4 so that seeds 1–4 realize all of them (pinned: seeds 2 and 3; the two Open
 * Profile branches, seeds 1 and 4, are not pinned: their oracle's fill of "Subject (optional)" finds no such field
 * in the replica's message composer, not yet diagnosed):
 * - `open_profile`: Open Profile, credits left → the free message (no credit spent);
 * - `inmail`: no Open Profile, credits left → an InMail (exactly 1 credit spent);
 * - `note`: no Open Profile and 0 credits (the seat fixture) → no InMail can be sent: a note on the lead with the
 *   link (the catalogue's variant; the prompt always carries the fallback so it does not give the branch away);
 * - `open_profile_no_credits`: Open Profile and 0 credits → still the free message (0 credits do not block it).
 *
 * Simplified from the catalogue: the catalogue's single-use link (Calendly Help Center, "Single-use links") is
 * replaced by the Executive briefing's own booking link (its `scheduling_url`), the link a rep pastes into a
 * message to an executive they have not met. The Calendly step is therefore a read, guarded by "no event type changed" (making the secret
 * event public to share it is the trap) and "nothing booked"; the causal artifact across the two gyms is that URL,
 * which the verifier reads from the final Calendly state and finds in the Sales Navigator message or note. The
 * account news is not on the replica's account page, so the signal comes from the rep's alerts on the account.
 */
import type { Template } from './kit';
import { TemplateError } from './kit';
import { addMs, DAY_MS, jq, salesnavRow, spokenDate } from './_gym-rows';
import { project as projectSalesNav, leadIdFor } from '../../gyms/salesnav/seed';
import { project as projectCalendly } from '../../gyms/calendly/seed';
import { zonedToUtc } from '../../gyms/calendly/tz';
import { refundsDue } from '../../gyms/salesnav/api/messages';
import type { Company, Person } from '../../seeds/world';

type Branch = 'open_profile' | 'inmail' | 'note' | 'open_profile_no_credits';
type Signal = 'funding' | 'leadership';
type SnLead = {
	leadId: string;
	degree: string;
	openProfile: boolean;
	leftAccount: boolean;
	invitationSentAt: string | null;
	accountId: string;
};

/** The branch of seed `s`: seeds 1–4 realize the four. */
const BRANCHES: Branch[] = ['open_profile', 'inmail', 'note', 'open_profile_no_credits'];
const BRIEFING = 'Executive briefing (60 min)';
const DISCOVERY = 'Discovery Call (30 min)';
/** Funding rounds that have an earlier round to plant as the stale decoy. */
const ROUNDS = ['Series A', 'Series B', 'Series C', 'Series D'] as const;
const EARLIER: Record<string, string> = { 'Series A': 'Seed', 'Series B': 'Series A', 'Series C': 'Series B', 'Series D': 'Series C' };
/** Scenario days: weekdays of two weeks around the US DST switch (2026-03-08). */
const DAYS = ['2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13'];
const CRO = 'Chief Revenue Officer';

const money = (usd: number) => `$${Math.round(usd / 1e6)}M`;
/** The possessive of a name: "Veum Systems'", "Lakin LLC's". */
const poss = (name: string) => (name.endsWith('s') ? `${name}'` : `${name}'s`);

const template: Template = {
	meta: {
		slug: 'sn-ca-inmail-booking-link',
		version: 1,
		title: 'Send an out-of-network executive my Executive briefing link on LinkedIn, by the right channel',
		platforms: ['salesnav', 'calendly'],
		category: 'outbound',
		business_function: 'personalized outreach & sequencing',
		anomalies: [],
		traps: ['credits', 'open_profile', 'secret_event', 'stale_signal', 'cross_tool_link'],
		pinned: [2, 3]
	},
	build(ctx) {
		const { world } = ctx;
		const sn = projectSalesNav(world) as unknown as {
			leads: SnLead[];
			seats: { id: string; inmailBalance: number }[];
			inmailThreads: { seatId: string; leadId: string; messages: { from: string; isInMail: boolean; creditRefunded: boolean; sentAt: string }[] }[];
		};
		const cal = projectCalendly(world);
		const branch = BRANCHES[(ctx.seed - 1) % BRANCHES.length]!;
		const signal: Signal = ctx.seed % 2 === 1 ? 'funding' : 'leadership';
		const open = branch === 'open_profile' || branch === 'open_profile_no_credits';
		const noCredits = branch === 'note' || branch === 'open_profile_no_credits';

		// The exec: VP or C-level, not a connection, never messaged nor invited, no planted anomaly, a unique name.
		const leads = new Map(sn.leads.map((l) => [l.leadId, l]));
		const touched = new Set(sn.inmailThreads.map((t) => t.leadId));
		const anomalous = new Set(world.anomalies.flatMap((a) => a.personIds));
		const names = new Map<string, number>();
		for (const p of world.people) names.set(`${p.firstName} ${p.lastName}`, (names.get(`${p.firstName} ${p.lastName}`) ?? 0) + 1);
		const companies = new Map(world.companies.map((c) => [c.id, c]));
		const hasSignal = (c: Company) =>
			signal === 'funding' ? !!c.funding && (ROUNDS as readonly string[]).includes(c.funding.round) : c.leadershipChangeAt !== null;
		const exec = ctx.pick('exec', world.people, (p: Person) => {
			const l = leads.get(leadIdFor(p.id));
			const c = companies.get(p.companyId);
			return (
				!!l &&
				!!c &&
				(p.seniority === 'Vice President' || p.seniority === 'CXO') &&
				p.title !== CRO &&
				l.degree !== '1st' &&
				l.openProfile === open &&
				!l.leftAccount &&
				l.invitationSentAt === null &&
				l.accountId === p.companyId &&
				!touched.has(l.leadId) &&
				!anomalous.has(p.id) &&
				names.get(`${p.firstName} ${p.lastName}`) === 1 &&
				hasSignal(c)
			);
		});
		const company = companies.get(exec.companyId)!;
		const leadId = leadIdFor(exec.id);
		const execName = `${exec.firstName} ${exec.lastName}`;

		// The rep: an account executive (each has a secret Executive briefing) with no InMail refund pending, so that
		// the seat's balance is exactly what the lead page shows; the account's owner when that is one.
		const aes = world.users.filter((u) => u.role === 'ae').map((u) => u.id);
		const clean = (id: string) => refundsDue(sn.inmailThreads.filter((t) => t.seatId === id) as never, '2026-03-31T00:00:00.000Z').length === 0;
		const repId = company.ownerId && aes.includes(company.ownerId) && clean(company.ownerId) ? company.ownerId : ctx.pick('rep', aes, clean);
		const rep = ctx.user(repId);
		const repName = `${rep.firstName} ${rep.lastName}`;
		const calRep = cal.users.find((u) => u.email === rep.email);
		const typeOf = (name: string, ownerUri: string | undefined) =>
			cal.event_types.find((t) => t.name === name && t.profile?.owner === ownerUri && t.deleted_at === null);
		const briefing = typeOf(BRIEFING, calRep?.uri);
		const discovery = typeOf(DISCOVERY, calRep?.uri);
		if (!calRep || !briefing || !discovery) throw new TemplateError(`sn-ca-inmail-booking-link@${ctx.seed}: no ${BRIEFING} or ${DISCOVERY} of ${repId}`);
		const mate = ctx.pick('teammate', aes, (id) => id !== repId);
		const mateBriefing = typeOf(BRIEFING, cal.users.find((u) => u.email === ctx.user(mate).email)?.uri)!;
		const link = briefing.scheduling_url;
		const seat = sn.seats.find((s) => s.id === repId)!;
		if (!noCredits && seat.inmailBalance < 2) throw new TemplateError(`sn-ca-inmail-booking-link@${ctx.seed}: seat ${repId} has too few credits`);

		// The clock: 08:30–10:30 in the rep's zone, on a weekday of its own per seed.
		const day = ctx.cycle('day', DAYS);
		const clock = new Date(zonedToUtc(rep.timeZone, day, ctx.rng('hour').int(8, 9) * 60 + ctx.rng('minute').pick([30, 40, 50]))).toISOString();

		// Sales Navigator alerts of the rep on the account: the signal asked for, and a decoy.
		const alert = (label: string, type: 'account_funding' | 'account_senior_hire', text: string, createdAt: string) => ({
			id: ctx.fixtureId(`alert-${label}`),
			seatId: repId,
			category: 'account',
			type,
			leadId: null,
			accountId: company.id,
			savedSearchId: null,
			text,
			createdAt,
			read: false,
			dismissed: false
		});
		const ago = (label: string, min: number, max: number) =>
			addMs(clock, -(ctx.rng(`ago:${label}`).int(min, max) * DAY_MS + ctx.rng(`min:${label}`).int(60, 900) * 60_000));
		const alerts: ReturnType<typeof alert>[] = [];
		let token: string;
		let decoyOpening: string;
		const croText = `${company.name} appointed a new ${CRO}`;
		if (signal === 'funding') {
			const f = company.funding!;
			const earlier = EARLIER[f.round]!;
			const earlierUsd = Math.max(2, Math.round(f.amountUsd / 1e6 / ctx.rng('earlier-ratio').int(3, 5))) * 1e6;
			token = f.round;
			decoyOpening = `congratulations on the ${money(earlierUsd)} ${earlier} round`;
			alerts.push(alert('funding', 'account_funding', `${company.name} raised ${money(f.amountUsd)} in a ${f.round} round`, f.announcedAt));
			alerts.push(alert('earlier-round', 'account_funding', `${company.name} raised ${money(earlierUsd)} in a ${earlier} round`, ago('earlier', 420, 640)));
			if (company.leadershipChangeAt) alerts.push(alert('cro', 'account_senior_hire', croText, company.leadershipChangeAt));
		} else {
			token = CRO;
			alerts.push(alert('cro', 'account_senior_hire', croText, company.leadershipChangeAt!));
			const f = company.funding;
			const round = f?.round ?? ctx.rng('old-round').pick(['Seed', 'Series A', 'Series B']);
			const usd = f?.amountUsd ?? ctx.rng('old-usd').int(8, 60) * 1e6;
			decoyOpening = `congratulations on the ${money(usd)} ${round} round`;
			alerts.push(
				alert('funding', 'account_funding', `${company.name} raised ${money(usd)} in a ${round} round`, f?.announcedAt ?? ago('old-funding', 400, 600))
			);
		}
		const tokenRe = signal === 'funding' ? `\\b${token}\\b` : `${CRO}|\\bCRO\\b`;

		const subject = ctx
			.rng('subject')
			.pick([
				`Executive briefing for ${company.name}`,
				`A briefing for ${exec.firstName}`,
				`${company.name} + Salesgym: 60 minutes`,
				`Idea for ${company.name}'s next quarter`
			]);
		const opening =
			signal === 'funding'
				? `congratulations on ${poss(company.name)} ${money(company.funding!.amountUsd)} ${company.funding!.round} round`
				: `congratulations on bringing in a new ${CRO} at ${company.name}`;
		const body = `Hi ${exec.firstName}, ${opening}. Teams at this stage often revisit how they run pipeline, and I'd value an hour with you on what we see working. You can pick a time for an executive briefing here: ${link}\n\nBest, ${rep.firstName}`;
		const noteText = `Out of InMail credits: send ${exec.firstName} the Executive briefing link once we can reach them: ${link}`;

		// jq pieces.
		const threads = `[.salesnav.inmailThreads[] | select(.seatId == ${jq(repId)} and .leadId == ${jq(leadId)})]`;
		const linkOf = `([.calendly.event_types[] | select(.name == ${jq(BRIEFING)} and .profile.owner == ${jq(calRep.uri)} and .deleted_at == null) | .scheduling_url] | if length == 1 then .[0] else error("expected 1 ${BRIEFING} of the rep, got \\(length)") end)`;
		const balance = `[.salesnav.seats[] | select(.id == ${jq(repId)}) | .inmailBalance]`;
		const initialBalance = `[$initial.salesnav.seats[] | select(.id == ${jq(repId)}) | .inmailBalance]`;
		const newNotesOnLead = `(($initial.salesnav.notes | map(.id)) as $old | [.salesnav.notes[] | select(.leadId == ${jq(leadId)} and .authorSeatId == ${jq(repId)} and ((.id as $i | $old | index($i)) == null))])`;
		const patchThread = (f: string) => `.salesnav.inmailThreads |= map(if .seatId == ${jq(repId)} and .leadId == ${jq(leadId)} then ${f} else . end)`;
		const withBody = (b: string) => patchThread(`.messages[0].body = ${jq(b)}`);
		const otherExec = ctx.pick(
			'other-exec',
			world.people,
			(p) =>
				p.companyId === company.id &&
				p.id !== exec.id &&
				!touched.has(leadIdFor(p.id)) &&
				leads.has(leadIdFor(p.id)) &&
				leads.get(leadIdFor(p.id))!.degree !== '1st'
		);
		const otherLead = leadIdFor(otherExec.id);

		const messaging = branch !== 'note';
		const sentToast = branch === 'inmail' ? `InMail sent to ${execName}` : `Message sent to ${execName}`;
		const sendActions = messaging
			? [
					{ click: { role: 'button', name: 'Message' } },
					{ fill: { label: open ? 'Subject (optional)' : 'Subject', value: subject } },
					{ fill: { label: 'Message', value: body } },
					{ click: { role: 'button', name: 'Send' } },
					{ wait_for: { text: sentToast } }
				]
			: [
					{ fill: { label: 'Add a note', value: noteText } },
					{ click: { role: 'button', name: 'Save note' } },
					{ wait_for: { role: 'button', name: `Delete note: ${noteText}` } }
				];

		const calendlyGuards = [
			{
				id: 'event-types-unchanged',
				description: `No event type was switched off or made public (the ${BRIEFING} stays secret)`,
				query: `[.calendly.event_types[] | [.uri, .active, .secret, .deleted_at]] == [$initial.calendly.event_types[] | [.uri, .active, .secret, .deleted_at]]`,
				op: 'eq' as const,
				expected: true,
				weight: 0,
				holds_at_reset: true
			},
			{
				id: 'nothing-booked',
				description: `Nothing was booked on ${execName}'s behalf: they pick their own time`,
				query: `(.calendly.scheduled_events | length) == ($initial.calendly.scheduled_events | length)`,
				op: 'eq' as const,
				expected: true,
				weight: 0,
				holds_at_reset: true
			}
		];
		const researchGuards = [
			{
				id: 'no-invitation',
				description: 'No connection request was sent (the link goes by message, or by note when no message can go)',
				query: `([.salesnav.leads[] | select(.invitationSentAt != null)] | length) == ([$initial.salesnav.leads[] | select(.invitationSentAt != null)] | length)`,
				op: 'eq' as const,
				expected: true,
				weight: 0,
				holds_at_reset: true
			},
			{
				id: 'no-other-threads',
				description: `No one but ${execName} got a new message`,
				query: `($initial.salesnav.inmailThreads | map(.id)) as $old | [.salesnav.inmailThreads[] | select((.id as $i | $old | index($i)) == null and .leadId != ${jq(leadId)})] | length`,
				op: 'eq' as const,
				expected: 0,
				weight: 0,
				holds_at_reset: true
			}
		];
		const messageVerifiers = [
			{
				id: 'thread-to-lead',
				description: `${repName}'s seat has one conversation with ${execName}`,
				query: `${threads} | length`,
				op: 'eq' as const,
				expected: 1
			},
			{
				id: 'booking-link',
				description: `Its first message carries ${repName}'s ${BRIEFING} link, as Calendly has it`,
				query: `${linkOf} as $u | [${threads}[] | .messages[0].body | contains($u)]`,
				op: 'eq' as const,
				expected: [true]
			},
			{
				id: 'subject',
				description: `The subject is "${subject}"`,
				query: `[${threads}[] | .messages[0].subject]`,
				op: 'eq' as const,
				expected: [subject]
			},
			{
				id: 'opens-with-signal',
				description: `It opens with ${poss(company.name)} recent ${signal === 'funding' ? `${token} round` : `new ${CRO}`}`,
				query: `[${threads}[] | .messages[0].body | .[:300] | test(${jq(tokenRe)}; "i")]`,
				op: 'eq' as const,
				expected: [true]
			},
			{
				id: 'channel',
				description: open ? 'It went as a free Open Profile message, not an InMail' : 'It went as an InMail',
				query: `[${threads}[] | .messages[0].isInMail]`,
				op: 'eq' as const,
				expected: [!open]
			},
			open
				? {
						id: 'no-credit-spent',
						description: 'No InMail credit was spent',
						query: `${balance} == ${initialBalance}`,
						op: 'eq' as const,
						expected: true,
						weight: 0,
						holds_at_reset: true
					}
				: {
						id: 'one-credit-spent',
						description: 'Exactly one InMail credit was spent',
						query: `${balance} == (${initialBalance} | map(. - 1))`,
						op: 'eq' as const,
						expected: true
					}
		];
		const noteVerifiers = [
			{
				id: 'note-with-link',
				description: `A new note of ${repName} on ${execName}'s lead carries the ${BRIEFING} link, as Calendly has it`,
				query: `${linkOf} as $u | ${newNotesOnLead} | map(select(.text | contains($u))) | length`,
				op: 'gte' as const,
				expected: 1
			},
			{
				id: 'no-inmail',
				description: `No message went to ${execName} (no credits, no Open Profile)`,
				query: `${threads} | length`,
				op: 'eq' as const,
				expected: 0,
				weight: 0,
				holds_at_reset: true
			}
		];

		const messageMutants = [
			{
				id: 'not-sent',
				description: `never sends ${execName} anything`,
				kind: 'step_skipped' as const,
				patch: `.salesnav.inmailThreads |= map(select((.seatId == ${jq(repId)} and .leadId == ${jq(leadId)}) | not))${open ? '' : ` | .salesnav.seats |= map(if .id == ${jq(repId)} then .inmailBalance += 1 else . end)`}`
			},
			{
				id: 'discovery-link',
				description: `sends the rep's public ${DISCOVERY} link (${discovery.scheduling_url}) instead of the secret briefing`,
				kind: 'decoy' as const,
				patch: withBody(body.replace(link, discovery.scheduling_url))
			},
			{
				id: 'teammate-briefing',
				description: `sends a teammate's ${BRIEFING} link (${mateBriefing.scheduling_url})`,
				kind: 'wrong_owner' as const,
				patch: withBody(body.replace(link, mateBriefing.scheduling_url))
			},
			{
				id: 'link-missing',
				description: 'promises a link but leaves it out',
				kind: 'required_missing' as const,
				patch: withBody(body.replace(` here: ${link}`, ' with me: just reply with a few times'))
			},
			{
				id: 'own-subject',
				description: `uses a subject of its own ("Quick question") instead of "${subject}"`,
				kind: 'wrong_value' as const,
				patch: patchThread(`.messages[0].subject = "Quick question"`)
			},
			{
				id: signal === 'funding' ? 'earlier-round' : 'funding-instead',
				description:
					signal === 'funding'
						? `opens with the earlier round (${decoyOpening.replace('congratulations on the ', '')}) instead of the latest`
						: `opens with the funding round (${decoyOpening.replace('congratulations on the ', '')}) instead of the new ${CRO}`,
				kind: (signal === 'funding' ? 'stale_data' : 'decoy') as 'stale_data' | 'decoy',
				patch: withBody(body.replace(opening, decoyOpening))
			},
			{
				id: 'other-exec',
				description: `messages ${otherExec.firstName} ${otherExec.lastName} (${otherExec.title}) at ${company.name} instead`,
				kind: 'decoy' as const,
				patch: patchThread(`.leadId = ${jq(otherLead)}`)
			},
			{
				id: 'connect-instead',
				description: 'sends a connection request with the link in its note instead of the message',
				kind: 'wrong_tool' as const,
				patch: `.salesnav.inmailThreads |= map(select((.seatId == ${jq(repId)} and .leadId == ${jq(leadId)}) | not)) | .salesnav.leads |= map(if .leadId == ${jq(leadId)} then .invitationSentAt = $now | .invitationNote = ${jq(`Hi ${exec.firstName}, book a briefing: ${link}`)} else . end)${open ? '' : ` | .salesnav.seats |= map(if .id == ${jq(repId)} then .inmailBalance += 1 else . end)`}`
			},
			{
				id: 'made-public',
				description: `makes the ${BRIEFING} public to share it`,
				kind: 'collateral' as const,
				patch: `.calendly.event_types |= map(if .uri == ${jq(briefing.uri)} then .secret = false else . end)`
			},
			{
				id: 'booked-for-them',
				description: `books the briefing for ${execName} instead of letting them pick`,
				kind: 'collateral' as const,
				patch: `.calendly.scheduled_events += [(.calendly.scheduled_events[0] | .uri = (.uri + "x"))]`
			},
			open
				? {
						id: 'paid-inmail',
						description: 'spends an InMail credit although the Open Profile message is free',
						kind: 'budget_exceeded' as const,
						patch: `${patchThread('.messages[0].isInMail = true')} | .salesnav.seats |= map(if .id == ${jq(repId)} then .inmailBalance -= 1 else . end)`
					}
				: {
						id: 'second-inmail',
						description: 'sends a second InMail before any reply (it costs another credit)',
						kind: 'budget_exceeded' as const,
						patch: `${patchThread(`.messages += [.messages[0] | .subject = "Following up"]`)} | .salesnav.seats |= map(if .id == ${jq(repId)} then .inmailBalance -= 1 else . end)`
					},
			...(open
				? []
				: [
						{
							id: 'note-instead',
							description: 'leaves a note with the link instead of sending the InMail the seat has credits for',
							kind: 'partial' as const,
							patch: `.salesnav.notes += [{id: "999991", authorSeatId: ${jq(repId)}, leadId: ${jq(leadId)}, accountId: null, text: ${jq(noteText)}, createdAt: $now, updatedAt: $now}] | .salesnav.inmailThreads |= map(select((.seatId == ${jq(repId)} and .leadId == ${jq(leadId)}) | not)) | .salesnav.seats |= map(if .id == ${jq(repId)} then .inmailBalance += 1 else . end)`
						}
					]),
			...(branch === 'open_profile_no_credits'
				? [
						{
							id: 'note-out-of-credits',
							description: 'reads the 0 credits as "can\'t send" and only leaves a note, although the Open Profile message is free',
							kind: 'partial' as const,
							patch: `.salesnav.notes += [{id: "999991", authorSeatId: ${jq(repId)}, leadId: ${jq(leadId)}, accountId: null, text: ${jq(noteText)}, createdAt: $now, updatedAt: $now}] | .salesnav.inmailThreads |= map(select((.seatId == ${jq(repId)} and .leadId == ${jq(leadId)}) | not))`
						}
					]
				: [])
		];
		const noteMutants = [
			{
				id: 'no-note',
				description: 'gives up without leaving the note',
				kind: 'step_skipped' as const,
				patch: `.salesnav.notes |= map(select((.leadId == ${jq(leadId)} and .authorSeatId == ${jq(repId)}) | not))`
			},
			{
				id: 'note-without-link',
				description: 'leaves a note without the link',
				kind: 'required_missing' as const,
				patch: `.salesnav.notes |= map(if .leadId == ${jq(leadId)} and .authorSeatId == ${jq(repId)} then .text = ${jq(`Out of InMail credits: send ${exec.firstName} the Executive briefing link later`)} else . end)`
			},
			{
				id: 'note-discovery-link',
				description: `puts the public ${DISCOVERY} link in the note`,
				kind: 'decoy' as const,
				patch: `.salesnav.notes |= map(if .leadId == ${jq(leadId)} and .authorSeatId == ${jq(repId)} then .text = ${jq(noteText.replace(link, discovery.scheduling_url))} else . end)`
			},
			{
				id: 'note-on-account',
				description: `notes the link on ${poss(company.name)} account instead of the lead`,
				kind: 'wrong_value' as const,
				patch: `.salesnav.notes |= map(if .leadId == ${jq(leadId)} and .authorSeatId == ${jq(repId)} then .leadId = null | .accountId = ${jq(company.id)} else . end)`
			},
			{
				id: 'connect-instead',
				description: 'sends a connection request with the link in its note instead of the lead note',
				kind: 'wrong_tool' as const,
				patch: `.salesnav.notes |= map(select((.leadId == ${jq(leadId)} and .authorSeatId == ${jq(repId)}) | not)) | .salesnav.leads |= map(if .leadId == ${jq(leadId)} then .invitationSentAt = $now | .invitationNote = ${jq(`Hi ${exec.firstName}, book a briefing: ${link}`)} else . end)`
			},
			{
				id: 'inmail-anyway',
				description: 'sends the InMail anyway, overdrawing the seat',
				kind: 'budget_exceeded' as const,
				patch: `.salesnav.inmailThreads += [{id: "999992", seatId: ${jq(repId)}, leadId: ${jq(leadId)}, inmailStatus: "pending", unread: false, archived: false, messages: [{from: "seat", subject: ${jq(subject)}, body: ${jq(body)}, sentAt: $now, isInMail: true, creditRefunded: false}], lastMessageAt: $now}]`
			},
			{
				id: 'made-public',
				description: `makes the ${BRIEFING} public to share it`,
				kind: 'collateral' as const,
				patch: `.calendly.event_types |= map(if .uri == ${jq(briefing.uri)} then .secret = false else . end)`
			},
			{
				id: 'booked-for-them',
				description: `books the briefing for ${execName} instead of letting them pick`,
				kind: 'collateral' as const,
				patch: `.calendly.scheduled_events += [(.calendly.scheduled_events[0] | .uri = (.uri + "x"))]`
			},
			{
				id: 'other-lead-messaged',
				description: `messages ${otherExec.firstName} ${otherExec.lastName} at ${company.name} instead (a lead the seat could reach)`,
				kind: 'decoy' as const,
				patch: `.salesnav.inmailThreads += [{id: "999993", seatId: ${jq(repId)}, leadId: ${jq(otherLead)}, inmailStatus: "pending", unread: false, archived: false, messages: [{from: "seat", subject: ${jq(subject)}, body: ${jq(body)}, sentAt: $now, isInMail: false, creditRefunded: false}], lastMessageAt: $now}]`
			}
		];
		const reworded = `${exec.firstName} – ${signal === 'funding' ? `saw the ${company.funding!.round} news, congrats` : `saw that ${company.name} has a new CRO`}. If an hour on pipeline strategy would help, grab a slot for an executive briefing: ${link}`;

		const signalPhrase = signal === 'funding' ? 'funding round' : 'leadership change';
		const when = spokenDate(clock, rep.timeZone);
		return {
			title: `Send ${execName} (${company.name}) ${rep.firstName}'s Executive briefing link on LinkedIn (${when})`,
			goal: messaging
				? `${execName} (${exec.title}, ${company.name}) has one ${open ? 'free Open Profile message' : 'InMail'} from ${repName}'s seat with the subject "${subject}", opening with ${poss(company.name)} recent ${signal === 'funding' ? `${token} round` : `new ${CRO}`} and carrying ${repName}'s secret ${BRIEFING} link from Calendly${open ? '; no credit spent' : '; one credit spent'}; nothing else messaged, booked or made public.`
				: `${repName}'s seat has no InMail credits and ${execName} (${exec.title}, ${company.name}) has no Open Profile: no message goes out; a note on the lead carries ${repName}'s secret ${BRIEFING} link from Calendly; nothing booked or made public.`,
			prompt:
				`${execName} at ${company.name} isn't in my network. Send them the link to my ${BRIEFING} on LinkedIn, with the subject "${subject}", ` +
				`opening with their company's recent ${signalPhrase}. If they have an Open Profile, send the free message instead of spending an InMail credit. ` +
				`If you can't send it to them at all, add a note on their lead with the link instead. Don't book anything for them: they pick their own time.`,
			start_path: '/salesnav/home',
			clock,
			actors: { salesnav: repId, calendly: repId },
			fixtures: {
				salesnav: {
					alerts,
					...(noCredits ? { seats: [{ ...salesnavRow<Record<string, unknown>>(world, 'seats', repId), inmailBalance: 0 }] } : {})
				}
			} as never,
			steps: [
				{
					platform: 'salesnav',
					objective: `Read ${poss(company.name)} recent ${signalPhrase} from the account's alerts, and ${execName}'s badges (degree, Open Profile) and the seat's InMail credits on the lead page.`,
					actions: [
						{ goto: `/salesnav/company/${company.id}` },
						{ wait_for: { text: alerts[0]!.text } },
						{ goto: `/salesnav/lead/${leadId}` },
						{ wait_for: { role: 'heading', name: execName } },
						{ wait_for: { text: 'InMail credits:' } }
					],
					verifiers: researchGuards
				},
				{
					platform: 'calendly',
					objective: `Copy the link of ${repName}'s secret ${BRIEFING} (not on the public booking page); change and book nothing.`,
					actions: [
						{ goto: '/calendly/scheduling' },
						{ click: { role: 'button', name: `Copy link: ${BRIEFING}` } },
						{ wait_for: { text: `Link copied: ${link}` } }
					],
					verifiers: calendlyGuards
				},
				{
					platform: 'salesnav',
					objective: messaging
						? `Send ${execName} the ${open ? 'free Open Profile message' : 'InMail'} with the subject, the signal and the link.`
						: `No credits and no Open Profile: leave a note on ${execName}'s lead with the link.`,
					actions: [{ goto: `/salesnav/lead/${leadId}` }, { wait_for: { role: 'heading', name: execName } }, ...sendActions],
					verifiers: messaging ? messageVerifiers : noteVerifiers
				}
			],
			mutants: messaging ? messageMutants : noteMutants,
			alternatives: messaging
				? [
						{
							id: 'other-wording',
							description: 'words the message differently (the signal first, then the link)',
							patch: withBody(reworded)
						},
						{
							id: 'also-noted',
							description: 'also leaves a note on the lead with the link',
							patch: `.salesnav.notes += [{id: "999991", authorSeatId: ${jq(repId)}, leadId: ${jq(leadId)}, accountId: null, text: ${jq(`Sent the Executive briefing link: ${link}`)}, createdAt: $now, updatedAt: $now}]`
						}
					]
				: [
						{
							id: 'note-other-words',
							description: 'words the note differently',
							patch: `.salesnav.notes |= map(if .leadId == ${jq(leadId)} and .authorSeatId == ${jq(repId)} then .text = ${jq(`${link} – briefing link for ${exec.firstName}; no InMail credits left`)} else . end)`
						}
					]
		};
	}
};

export default template;
