/**
 * Calendly projection: the seed world → the gym's base tables (pure, deterministic), plus blueprint fixtures →
 * the initial state a reset loads (seeds/CONTRACT.md §3).
 *
 * Every resource is identified by its URI; the UUIDs are derived from world ids with {@link uuidFor}, so a
 * meeting's scheduled event URI is stable across runs and seeds' regenerations. Timestamps are the world's
 * (UTC ISO-8601, ms) written with microseconds, as Calendly sends them.
 */
import { seedProjection } from '../kit/seed-projection';
import { fnv1a, rng } from '../../seeds/rng';
import { DAY_MS, isoPlus, type Meeting, type Person, type World } from '../../seeds/world';
import { fixtureKey, memoPerWorld, mergeFixtureRows, parseFixtures } from '../kit/fixtures';
import type { InitialState } from '../store';
import type { RunInit } from '../types';
import { danglingRefDetails } from './integrity';
import {
	CALENDLY_API,
	CALENDLY_TABLE_NAMES,
	CALENDLY_WEB,
	CalendlyFixture,
	KIND_SHAPES,
	type AvailabilitySchedule,
	type CalendlyState,
	type CalendlyTable,
	type EventType,
	type EventTypeMembership,
	type EventTypeSettings,
	type Invitee,
	type KindDescription,
	type Organization,
	type OrganizationMembership,
	type RoutingForm,
	type RoutingFormSubmission,
	type ScheduledEvent,
	type User
} from './schema';

const HOUR = 3_600_000;
const MIN = 60_000;

/**
 * A deterministic lower-case UUID (8-4-4-4-12, version 4 and RFC variant bits set) for a label such as
 * `meeting:500001`. Not random: the same label always gives the same UUID.
 */
export function uuidFor(label: string): string {
	const hex = [0, 1, 2, 3].map((i) => fnv1a(`${label}#${i}`)).join('');
	const v = `4${hex.slice(13, 16)}`;
	const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16) + hex.slice(17, 20);
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${v}-${variant}-${hex.slice(20, 32)}`;
}

/** `https://api.calendly.com/<collection>/<uuidFor(label)>`. */
export const uriFor = (collection: string, label: string) => `${CALENDLY_API}/${collection}/${uuidFor(label)}`;

/** A world timestamp (`…00.000Z`) written with microseconds (`…00.000000Z`). */
export const micros = (iso: string) => `${iso.slice(0, 23)}000Z`;

/** URL slug of a name ("Sofia Rossi" → "sofia-rossi"). */
const slugify = (s: string) =>
	s
		.normalize('NFKD')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '');

const minIso = (...xs: string[]) => xs.reduce((a, b) => (b < a ? b : a));
const maxIso = (...xs: string[]) => xs.reduce((a, b) => (b > a ? b : a));

const COLORS = ['#0069ff', '#8247f5', '#17e885', '#ff4f00', '#e55cff', '#ffa600', '#00a2ff', '#ff758e'];

/** World meeting kind → Calendly kind description. */
const KIND_OF: Record<Meeting['kind'], KindDescription> = {
	one_on_one: 'One-on-One',
	round_robin: 'Round Robin',
	collective: 'Collective',
	group: 'Group'
};

type Question = EventType['custom_questions'][number];
const q = (position: number, name: string, type: Question['type'], required: boolean, answer_choices: string[] = []): Question => ({
	name,
	type,
	position,
	enabled: true,
	required,
	answer_choices,
	include_other: false
});
const QUESTIONS: Record<KindDescription, Question[]> = {
	'One-on-One': [
		q(0, 'What would you like to discuss?', 'text', false),
		q(1, 'Company size', 'single_select', true, ['1-50', '51-200', '201-1,000', '1,000+'])
	],
	'Round Robin': [
		q(0, 'Phone number', 'phone_number', false),
		q(1, 'Which tools do you use today?', 'multi_select', false, ['Salesforce', 'HubSpot', 'Outreach', 'Other'])
	],
	Collective: [q(0, 'Notes for the handoff', 'text', false)],
	Group: [q(0, 'Questions you would like answered', 'string', false)]
};

/**
 * Projects the world onto Calendly's base tables: rows in their wire shape, each table in `uri` order.
 * Pure and deterministic (same world → identical JSON). Cached per world object.
 */
export const project: (world: World) => CalendlyState = memoPerWorld(build);

/** The seed-only projection of a shipped seed: prebuilt when the build's file was provided, else {@link project} of its world (gyms/kit/prebuilt.ts). */
export const baseProjection: (seed: number) => CalendlyState = seedProjection('calendly', project);

function build(world: World): CalendlyState {
	const { epoch, seed } = world;
	const people = new Map(world.people.map((p) => [p.id, p]));
	const companies = new Map(world.companies.map((c) => [c.id, c]));
	const orgCreated = minIso(...world.users.map((u) => u.createdAt));
	const orgUri = uriFor('organizations', 'org');
	const organizations: Organization[] = [{ uri: orgUri, name: 'Salesgym', plan: 'teams', created_at: micros(orgCreated), updated_at: micros(orgCreated) }];

	// ---- users, memberships, availability
	const userUri = new Map(world.users.map((u) => [u.id, uriFor('users', `user:${u.id}`)]));
	const userSlug = new Map(world.users.map((u) => [u.id, slugify(`${u.firstName} ${u.lastName}`)]));
	const name = (id: string) => {
		const u = world.users.find((x) => x.id === id)!;
		return `${u.firstName} ${u.lastName}`;
	};
	const users: User[] = world.users.map((u) => ({
		uri: userUri.get(u.id)!,
		name: `${u.firstName} ${u.lastName}`,
		slug: userSlug.get(u.id)!,
		email: u.email.toLowerCase(),
		scheduling_url: `${CALENDLY_WEB}/${userSlug.get(u.id)}`,
		timezone: u.timeZone,
		avatar_url: null,
		current_organization: orgUri,
		created_at: micros(u.createdAt),
		updated_at: micros(u.createdAt)
	}));
	const managers = world.users.filter((u) => u.role === 'manager');
	const organization_memberships: OrganizationMembership[] = world.users.map((u) => ({
		uri: uriFor('organization_memberships', `membership:${u.id}`),
		role: u.id === managers[0]?.id ? 'owner' : u.role === 'manager' ? 'admin' : 'user',
		user: userUri.get(u.id)!,
		organization: orgUri,
		created_at: micros(u.createdAt),
		updated_at: micros(u.createdAt)
	}));
	const ra = rng('calendly/availability', seed);
	const day = (d: string) => isoPlus(epoch, Number(d) * DAY_MS).slice(0, 10);
	const availability_schedules: AvailabilitySchedule[] = [];
	for (const u of world.users) {
		const from = ra.pick(['08:00', '09:00', '09:00', '10:00']);
		const to = ra.pick(['16:00', '17:00', '17:00', '18:00']);
		const shortFriday = ra.chance(0.4);
		const rules: AvailabilitySchedule['rules'] = (['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const).map((wday) => ({
			type: 'wday' as const,
			wday,
			intervals:
				wday === 'saturday' || wday === 'sunday'
					? []
					: wday === 'friday' && shortFriday
						? [{ from, to: '13:00' }]
						: [
								{ from, to: '12:00' },
								{ from: '13:00', to }
							]
		}));
		rules.push({ type: 'date', date: day(String(ra.int(3, 20))), intervals: [] });
		if (ra.chance(0.5)) rules.push({ type: 'date', date: day(String(ra.int(21, 40))), intervals: [{ from: '10:00', to: '14:00' }] });
		availability_schedules.push({
			uri: uriFor('user_availability_schedules', `schedule:${u.id}:default`),
			default: true,
			name: 'Working hours',
			user: userUri.get(u.id)!,
			timezone: u.timeZone,
			rules
		});
		if (u.role === 'ae') {
			availability_schedules.push({
				uri: uriFor('user_availability_schedules', `schedule:${u.id}:demos`),
				default: false,
				name: 'Demo hours',
				user: userUri.get(u.id)!,
				timezone: u.timeZone,
				rules: (['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const).map((wday) => ({
					type: 'wday' as const,
					wday,
					intervals: ['tuesday', 'wednesday', 'thursday'].includes(wday) ? [{ from: '13:00', to: '17:00' }] : []
				}))
			});
		}
	}

	// ---- event types (from the meetings' kinds and hosts, plus secret / inactive / deleted / one-off ones)
	const event_types: EventType[] = [];
	const event_type_memberships: EventTypeMembership[] = [];
	const re = rng('calendly/event-types', seed);
	const typeByKey = new Map<string, EventType>();
	const addType = (
		key: string,
		o: {
			name: string;
			desc: KindDescription;
			duration: number;
			hosts: string[];
			slug: string;
			active?: boolean;
			secret?: boolean;
			deleted?: boolean;
			adhoc?: boolean;
			poll?: boolean;
			note?: string | null;
			created: string;
		}
	) => {
		const shape = KIND_SHAPES[o.desc];
		const team = shape.pooling_type !== null;
		const owner = o.hosts[0]!;
		const uri = uriFor('event_types', `event-type:${key}`);
		const et: EventType = {
			uri,
			name: o.name,
			active: o.active ?? true,
			slug: o.slug,
			scheduling_url: `${CALENDLY_WEB}/${team ? 'salesgym' : userSlug.get(owner)}/${o.slug}`,
			duration: o.duration,
			kind: shape.kind,
			pooling_type: shape.pooling_type,
			kind_description: o.desc,
			type: o.adhoc ? 'AdhocEventType' : 'StandardEventType',
			booking_method: o.poll ? 'poll' : 'instant',
			secret: o.secret ?? false,
			color: COLORS[event_types.length % COLORS.length]!,
			internal_note: o.note ?? null,
			description_plain: `${o.name} with the Salesgym team.`,
			profile: team ? { type: 'Team', name: 'Salesgym Sales', owner: orgUri } : { type: 'User', name: name(owner), owner: userUri.get(owner)! },
			custom_questions: QUESTIONS[o.desc],
			admin_managed: team,
			deleted_at: o.deleted ? micros(maxIso(o.created, isoPlus(epoch, -30 * DAY_MS))) : null,
			created_at: micros(o.created),
			updated_at: micros(o.deleted ? maxIso(o.created, isoPlus(epoch, -30 * DAY_MS)) : o.created)
		};
		event_types.push(et);
		typeByKey.set(key, et);
		for (const h of o.hosts) {
			event_type_memberships.push({
				uri: uriFor('event_type_memberships', `etm:${key}:${h}`),
				event_type: uri,
				member: userUri.get(h)!,
				priority: shape.pooling_type === 'round_robin' ? re.int(1, 4) : 2,
				created_at: micros(o.created),
				updated_at: micros(o.created)
			});
		}
		return et;
	};
	const hostsOf = (kind: Meeting['kind']) => [...new Set(world.meetings.filter((m) => m.kind === kind).flatMap((m) => m.hostIds))].sort();
	const typeKeyOf = (m: Meeting) =>
		m.kind === 'round_robin' ? `rr:${slugify(m.eventName)}` : `${m.kind}:${slugify(m.eventName)}:${[...m.hostIds].sort().join('+')}`;
	const createdOf = (hosts: string[]) => maxIso(...hosts.map((h) => world.users.find((u) => u.id === h)!.createdAt));
	for (const m of world.meetings) {
		const key = typeKeyOf(m);
		if (typeByKey.has(key)) continue;
		const hosts = m.kind === 'round_robin' ? hostsOf('round_robin') : [...m.hostIds].sort();
		const base = slugify(m.eventName.replace(/\(.*\)/, ''));
		const slug = m.kind === 'collective' ? `${base}-${hosts.map((h) => userSlug.get(h)!.split('-')[0]).join('-')}` : base;
		addType(key, { name: m.eventName, desc: KIND_OF[m.kind], duration: m.durationMin, hosts, slug, created: createdOf(hosts) });
	}
	// Every user has a one-on-one discovery call, even one who has no meeting yet.
	for (const u of world.users) {
		const m = world.meetings.find((x) => x.kind === 'one_on_one');
		const eventName = m?.eventName ?? 'Discovery Call (30 min)';
		const key = `one_on_one:${slugify(eventName)}:${u.id}`;
		if (!typeByKey.has(key))
			addType(key, {
				name: eventName,
				desc: 'One-on-One',
				duration: m?.durationMin ?? 30,
				hosts: [u.id],
				slug: slugify(eventName.replace(/\(.*\)/, '')),
				created: u.createdAt
			});
	}
	for (const u of world.users.filter((x) => x.role === 'ae')) {
		addType(`secret:${u.id}`, {
			name: 'Executive briefing (60 min)',
			desc: 'One-on-One',
			duration: 60,
			hosts: [u.id],
			slug: 'executive-briefing',
			secret: true,
			note: 'Share only with VP+ contacts; not on the booking page.',
			created: u.createdAt
		});
	}
	const ae = world.users.find((u) => u.role === 'ae') ?? world.users[0]!;
	const mgr = managers[0] ?? world.users[0]!;
	addType('inactive:old-demo', {
		name: 'Product demo – legacy (45 min)',
		desc: 'One-on-One',
		duration: 45,
		hosts: [ae.id],
		slug: 'product-demo-legacy',
		active: false,
		note: 'Replaced by the round robin mid-market demo.',
		created: ae.createdAt
	});
	addType('inactive:intro', {
		name: 'Intro call (15 min)',
		desc: 'One-on-One',
		duration: 15,
		hosts: [ae.id],
		slug: 'intro-call',
		active: false,
		deleted: true,
		created: ae.createdAt
	});
	addType('adhoc:qbr', {
		name: `Quarterly business review with ${mgr.firstName}`,
		desc: 'One-on-One',
		duration: 60,
		hosts: [mgr.id],
		slug: 'quarterly-business-review',
		adhoc: true,
		secret: true,
		created: mgr.createdAt
	});
	addType('poll:offsite', {
		name: 'Team offsite planning',
		desc: 'Group',
		duration: 90,
		hosts: [mgr.id],
		slug: 'team-offsite-planning',
		poll: true,
		active: false,
		created: mgr.createdAt
	});

	// ---- routing forms
	const sizeQ = {
		uuid: uuidFor('rf:inbound:size'),
		name: 'Company size',
		type: 'select' as const,
		required: true,
		answer_choices: ['1-50', '51-200', '201-1,000', '1,000+']
	};
	const inbound: RoutingForm = {
		uri: uriFor('routing_forms', 'rf:inbound'),
		organization: orgUri,
		name: 'Inbound demo request',
		status: 'published',
		questions: [
			{ uuid: uuidFor('rf:inbound:name'), name: 'Name', type: 'name', required: true, answer_choices: [] },
			{ uuid: uuidFor('rf:inbound:email'), name: 'Work email', type: 'email', required: true, answer_choices: [] },
			sizeQ,
			{ uuid: uuidFor('rf:inbound:why'), name: 'What brings you here?', type: 'textarea', required: false, answer_choices: [] }
		],
		created_at: micros(orgCreated),
		updated_at: micros(orgCreated)
	};
	const partner: RoutingForm = {
		uri: uriFor('routing_forms', 'rf:partner'),
		organization: orgUri,
		name: 'Partner inquiry',
		status: 'draft',
		questions: [
			{ uuid: uuidFor('rf:partner:name'), name: 'Name', type: 'name', required: true, answer_choices: [] },
			{ uuid: uuidFor('rf:partner:email'), name: 'Email', type: 'email', required: true, answer_choices: [] },
			{ uuid: uuidFor('rf:partner:type'), name: 'Partner type', type: 'radios', required: true, answer_choices: ['Reseller', 'Technology', 'Agency'] }
		],
		created_at: micros(orgCreated),
		updated_at: micros(orgCreated)
	};
	const routing_forms = [inbound, partner];
	const routing_form_submissions: RoutingFormSubmission[] = [];
	const noTracking = { utm_campaign: null, utm_source: null, utm_medium: null, utm_content: null, utm_term: null, salesforce_uuid: null };
	const sizeAnswer = (p: Person) => {
		const n = companies.get(p.companyId)?.employees ?? 10;
		return n <= 50 ? '1-50' : n <= 200 ? '51-200' : n <= 1000 ? '201-1,000' : '1,000+';
	};
	const submit = (label: string, p: Person, email: string, at: string, result: RoutingFormSubmission['result'], submitter: string | null) => {
		const row: RoutingFormSubmission = {
			uri: uriFor('routing_form_submissions', label),
			routing_form: inbound.uri,
			questions_and_answers: [
				{ question_uuid: inbound.questions[0]!.uuid, question: 'Name', answer: `${p.firstName} ${p.lastName}` },
				{ question_uuid: inbound.questions[1]!.uuid, question: 'Work email', answer: email },
				{ question_uuid: sizeQ.uuid, question: 'Company size', answer: sizeAnswer(p) }
			],
			tracking: { ...noTracking, utm_source: 'website', utm_medium: 'organic' },
			result,
			submitter,
			submitter_type: submitter ? 'Invitee' : null,
			created_at: micros(at),
			updated_at: micros(at)
		};
		routing_form_submissions.push(row);
		return row;
	};

	// ---- scheduled events and invitees
	const rm = rng('calendly/meetings', seed);
	const eventUri = (id: string) => uriFor('scheduled_events', `meeting:${id}`);
	const inviteeUri = (mid: string, pid: string) => `${eventUri(mid)}/invitees/${uuidFor(`invitee:${mid}:${pid}`)}`;
	const byId = new Map(world.meetings.map((m) => [m.id, m]));
	const oldOf = new Map(world.meetings.filter((m) => m.rescheduledToId).map((m) => [m.rescheduledToId!, m]));
	const sequences = new Map(world.sequences.map((s) => [s.key, s]));
	const scheduled_events: ScheduledEvent[] = [];
	const invitees: Invitee[] = [];
	for (const m of world.meetings) {
		const et = typeByKey.get(typeKeyOf(m))!;
		const start = m.startAt;
		const end = isoPlus(start, m.durationMin * MIN);
		const booked = minIso(m.bookedAt, isoPlus(start, -HOUR));
		const canceled = m.outcome === 'canceled' || m.outcome === 'rescheduled';
		const horizon = minIso(start, epoch);
		const next = m.rescheduledToId ? byId.get(m.rescheduledToId) : undefined;
		const nextBooked = next ? minIso(next.bookedAt, isoPlus(next.startAt, -HOUR)) : null;
		const cancelAt =
			nextBooked && nextBooked >= booked && nextBooked <= horizon ? nextBooked : isoPlus(booked, Math.floor((Date.parse(horizon) - Date.parse(booked)) * 0.6));
		const firstPerson = people.get(m.personIds[0]!);
		const cancellation = canceled
			? {
					canceled_by: m.canceledBy === 'invitee' && firstPerson ? `${firstPerson.firstName} ${firstPerson.lastName}` : name(m.hostIds[0]!),
					reason: m.cancelReason,
					canceler_type: m.canceledBy ?? 'host',
					created_at: micros(cancelAt)
				}
			: null;
		const locKind =
			m.kind === 'round_robin'
				? 'google_conference'
				: m.kind === 'collective'
					? 'microsoft_teams_conference'
					: m.kind === 'one_on_one' && rm.chance(0.2)
						? 'outbound_call'
						: 'zoom_conference';
		const location: ScheduledEvent['location'] =
			locKind === 'outbound_call'
				? { type: 'outbound_call', location: firstPerson?.phone ?? null, status: null, join_url: null }
				: {
						type: locKind,
						location: null,
						status: 'pushed',
						join_url:
							locKind === 'google_conference'
								? `https://meet.google.com/${fnv1a(`meet:${m.id}`).slice(0, 3)}-${fnv1a(`meet:${m.id}`).slice(3, 7)}-${fnv1a(`meet2:${m.id}`).slice(0, 3)}`
								: locKind === 'microsoft_teams_conference'
									? `https://teams.microsoft.com/l/meetup-join/${fnv1a(`teams:${m.id}`)}`
									: `https://zoom.us/j/${parseInt(fnv1a(`zoom:${m.id}`), 16)}`
					};
		const noShowAt = m.outcome === 'no_show' ? minIso(isoPlus(end, 10 * MIN), epoch) : null;
		const updated = maxIso(booked, cancellation ? cancelAt : booked, noShowAt ?? booked);
		const uri = eventUri(m.id);
		const hostUser = (h: string) => world.users.find((u) => u.id === h)!;
		scheduled_events.push({
			uri,
			name: m.eventName,
			status: canceled ? 'canceled' : 'active',
			start_time: micros(start),
			end_time: micros(end),
			event_type: et.uri,
			location,
			invitees_counter: { total: m.personIds.length, active: canceled ? 0 : m.personIds.length, limit: m.kind === 'group' ? 10 : 1 },
			event_memberships: m.hostIds.map((h) => ({ user: userUri.get(h)!, user_email: hostUser(h).email.toLowerCase(), user_name: name(h) })),
			event_guests: [],
			cancellation,
			calendar_event: {
				kind: hostUser(m.hostIds[0]!).timeZone.startsWith('Europe/') ? 'outlook' : 'google',
				external_id: fnv1a(`cal:${m.id}`) + fnv1a(`cal2:${m.id}`)
			},
			meeting_notes_plain: null,
			created_at: micros(booked),
			updated_at: micros(updated)
		});
		m.personIds.forEach((pid, j) => {
			const p = people.get(pid);
			if (!p) return;
			const iu = inviteeUri(m.id, pid);
			const old = oldOf.get(m.id);
			const enrollment = p.enrollment ? sequences.get(p.enrollment.sequenceKey) : undefined;
			const tracking = m.utmSource
				? {
						...noTracking,
						utm_source: m.utmSource,
						utm_medium: m.utmSource === 'outreach' ? 'email' : null,
						utm_campaign: m.utmSource === 'outreach' ? (enrollment?.key ?? null) : null
					}
				: noTracking;
			let submission: string | null = null;
			if (m.kind === 'round_robin' && !m.utmSource && j === 0 && !old) {
				submission = submit(
					`rfs:meeting:${m.id}`,
					p,
					j === 0 ? m.inviteeEmail : p.workEmail,
					isoPlus(booked, -2 * MIN),
					{ type: 'event_type', value: et.uri },
					iu
				).uri;
			}
			const answers = et.custom_questions
				.filter((x) => x.enabled)
				.map((x) => ({
					question: x.name,
					answer:
						x.type === 'single_select'
							? sizeAnswer(p)
							: x.type === 'multi_select'
								? rm.pick(x.answer_choices)
								: x.type === 'phone_number'
									? p.phone
									: rm.pick(['Pipeline visibility across teams', 'Forecast accuracy', 'Onboarding new reps faster', 'Pricing for 20 seats']),
					position: x.position
				}));
			invitees.push({
				uri: iu,
				email: (j === 0 ? m.inviteeEmail : p.workEmail).toLowerCase(),
				first_name: p.firstName,
				last_name: p.lastName,
				name: `${p.firstName} ${p.lastName}`,
				status: canceled ? 'canceled' : 'active',
				timezone: p.geo.timeZone,
				event: uri,
				questions_and_answers: answers,
				tracking,
				text_reminder_number: rm.chance(0.2) ? p.phone : null,
				rescheduled: m.outcome === 'rescheduled',
				old_invitee: old && old.personIds.includes(pid) ? inviteeUri(old.id, pid) : null,
				new_invitee: next && next.personIds.includes(pid) ? inviteeUri(next.id, pid) : null,
				cancel_url: `${CALENDLY_WEB}/cancellations/${uuidFor(`invitee:${m.id}:${pid}`)}`,
				reschedule_url: `${CALENDLY_WEB}/reschedulings/${uuidFor(`invitee:${m.id}:${pid}`)}`,
				routing_form_submission: submission,
				cancellation,
				payment: null,
				no_show: noShowAt ? { uri: uriFor('invitee_no_shows', `no-show:${m.id}:${pid}`), created_at: micros(noShowAt) } : null,
				reconfirmation: null,
				created_at: micros(booked),
				updated_at: micros(updated)
			});
		});
	}
	// Submissions routed to a message (too small for a demo): nobody booked.
	const rs = rng('calendly/routing', seed);
	const met = new Set(world.meetings.flatMap((m) => m.personIds));
	const small = world.people.filter((p) => !met.has(p.id) && (companies.get(p.companyId)?.employees ?? 0) <= 50);
	for (const p of rs.shuffle(small).slice(0, 8)) {
		const at = isoPlus(epoch, -rs.int(1, 60) * DAY_MS - rs.int(0, 23) * HOUR);
		submit(`rfs:message:${p.id}`, p, p.workEmail, at, { type: 'custom_message', value: 'Thanks! Our team will email you a product tour shortly.' }, null);
	}

	const byUri = (a: { uri: string }, b: { uri: string }) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0);
	return {
		organizations: organizations.sort(byUri),
		users: users.sort(byUri),
		organization_memberships: organization_memberships.sort(byUri),
		availability_schedules: availability_schedules.sort(byUri),
		event_types: event_types.sort(byUri),
		event_type_memberships: event_type_memberships.sort(byUri),
		scheduled_events: scheduled_events.sort(byUri),
		invitees: invitees.sort(byUri),
		routing_forms: routing_forms.sort(byUri),
		routing_form_submissions: routing_form_submissions.sort(byUri),
		event_type_settings: settingsOf(event_types, availability_schedules, event_type_memberships).sort(byUri),
		scheduling_links: [],
		webhook_subscriptions: [],
		booking_decisions: []
	};
}

/**
 * Booking limits of every event type (Calendly's defaults where the world says nothing: 4 hours minimum notice,
 * a rolling 60-day date range, 30-minute start increments): the round-robin demo has 15-minute increments, a
 * 15-minute after buffer and at most 4 demos per host per day; group types seat 10; each AE's secret executive
 * briefing uses their "Demo hours" schedule.
 */
function settingsOf(types: EventType[], schedules: AvailabilitySchedule[], memberships: EventTypeMembership[]): EventTypeSettings[] {
	return types.map((t) => {
		const rr = t.pooling_type === 'round_robin';
		const owner = memberships.find((m) => m.event_type === t.uri)?.member;
		const demoHours = t.secret && t.name.startsWith('Executive briefing') ? schedules.find((s) => s.user === owner && s.name === 'Demo hours') : undefined;
		return {
			uri: t.uri,
			availability_schedule: demoHours?.uri ?? null,
			start_increment: t.duration === 45 ? 15 : 30,
			buffer_before: 0,
			buffer_after: rr ? 15 : 0,
			minimum_notice: 240,
			max_events_per_day: rr ? 4 : null,
			period_days: 60,
			group_limit: t.kind === 'group' ? 10 : 1,
			round_robin_strategy: 'availability',
			created_at: t.created_at,
			updated_at: t.created_at
		};
	});
}

/**
 * The initial state of a run: the seed world's projection + the blueprint's Calendly fixtures (each row added,
 * or replacing the row with the same `uri`). Implements `GymStoreOptions.initial` (seeds/CONTRACT.md §3).
 * Calendly hands out UUIDs, not counters: `next_ids` is empty.
 * @throws Error `fixtures.calendly.<table>[i].<path>: <message>` for an invalid fixture row or a reference (URI)
 *   that resolves to no row; Error for an unshipped seed.
 */
export function initialState(init: Pick<RunInit, 'seed' | 'fixtures'>): InitialState {
	const base = baseProjection(init.seed);
	const fixtures = parseFixtures('calendly', CalendlyFixture, init.fixtures, 'dots');
	const merged = mergeFixtureRows<{ uri: string }>(
		CALENDLY_TABLE_NAMES,
		base as unknown as Record<string, { uri: string }[]>,
		fixtures as Record<string, { uri: string }[] | undefined>,
		(_t, r) => r.uri,
		() => (a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0)
	);
	const tables = merged.tables as Record<CalendlyTable, { uri: string }[]>;
	const fixtureIndex = merged.index;
	if (fixtureIndex.size) {
		for (const d of danglingRefDetails(tables as unknown as CalendlyState)) {
			const i = fixtureIndex.get(fixtureKey(d.table, d.uri));
			if (i !== undefined) throw new Error(`fixtures.calendly.${d.table}[${i}].${d.path}: ${d.target} does not exist`);
		}
	}
	return { tables: tables as unknown as Record<string, unknown[]>, next_ids: {} };
}
