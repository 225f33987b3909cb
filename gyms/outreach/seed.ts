/**
 * Outreach projection: the seed world → the gym's base tables (pure, deterministic), plus blueprint fixtures →
 * the initial state a reset loads (seeds/CONTRACT.md §3).
 *
 * Ids (seeds/CONTRACT.md §2): users, accounts and prospects reuse the world's user, company and person ids;
 * Outreach-owned rows use 4xxxxx sub-ranges ({@link ID_BASE}). Randomness comes only from `rng(label, seed)`.
 */
import { rng } from '../../seeds/rng';
import { seedProjection } from '../kit/seed-projection';
import { DAY_MS, isoPlus, type Company, type Person, type World } from '../../seeds/world';
import { fixtureKey, memoPerWorld, mergeFixtureRows, parseFixtures } from '../kit/fixtures';
import type { InitialState } from '../store';
import type { RunInit } from '../types';
import { danglingRefDetails } from './integrity';
import {
	DEFAULT_STAGES,
	OUTREACH_TABLE_NAMES,
	OutreachFixture,
	STEP_LABELS,
	stepTaskType,
	TASK_STEP_KINDS,
	type TaskStepKind,
	type Account,
	type CallDisposition,
	type EmailAddress,
	type Persona,
	type Ruleset,
	type Snippet,
	type Mailbox,
	type Mailing,
	type MailingState,
	type OutreachState,
	type OutreachTable,
	type Prospect,
	type Sequence,
	type SequenceState,
	type SequenceStep,
	type SequenceTemplate,
	type Stage,
	type StepType,
	type Task,
	type Template,
	type User
} from './schema';

/** First id of each Outreach-owned row type (the n-th row gets base + n, n from 1). */
export const ID_BASE = {
	mailboxes: 401000,
	stages: 402000,
	sequences: 403000,
	sequenceSteps: 404000,
	templates: 405000,
	sequenceTemplates: 406000,
	sequenceStates: 410000,
	mailings: 420000,
	tasks: 450000,
	rulesets: 480000,
	emailAddresses: 470000,
	calls: 460000,
	callDispositions: 481000,
	snippets: 482000,
	personas: 483000
} as const;

const HOUR = 3_600_000;
const MIN = 60_000;

/**
 * World step kind → Outreach `stepType` and, for a LinkedIn step, the task kind its `displayName` and tasks carry
 * (Outreach OpenAPI `sequenceStep.stepType` has only auto_email, manual_email, call and task: LinkedIn steps are
 * task steps whose tasks have a `sequence_step_linkedin_*` `taskType`).
 */
const STEP_TYPE: Record<World['sequences'][number]['steps'][number], { stepType: StepType; kind: TaskStepKind | null }> = {
	auto_email: { stepType: 'auto_email', kind: null },
	manual_email: { stepType: 'manual_email', kind: null },
	call: { stepType: 'call', kind: null },
	task: { stepType: 'task', kind: null },
	linkedin_connect: { stepType: 'task', kind: 'sequence_step_linkedin_send_connection_request' },
	linkedin_message: { stepType: 'task', kind: 'sequence_step_linkedin_send_message' }
};

/** The note on the tasks a step creates, by step type or task kind. */
const TASK_NOTE: Record<StepType | TaskStepKind, string | null> = {
	auto_email: null,
	manual_email: 'Personalize the first line with something from their LinkedIn activity, then send.',
	call: 'Call {{first_name}}: reference the email about {{account.name}}; leave a voicemail if no answer.',
	task: 'Research {{account.name}}: recent news, funding, open roles. Add one line to the prospect notes.',
	sequence_step_linkedin_send_connection_request: 'Send a connection request with a short note (≤300 characters).',
	sequence_step_linkedin_send_message: 'Send a LinkedIn message following up on the connection.',
	sequence_step_linkedin_view_profile: 'View their LinkedIn profile.',
	sequence_step_linkedin_interact_with_post: 'Like or comment on a recent post.',
	sequence_step_linkedin_other: 'LinkedIn touch of your choice.',
	sequence_step_sms: 'Send a short SMS.'
};

const STAGE_COLORS = ['#9e9e9e', '#2196f3', '#00bcd4', '#4caf50', '#f44336', '#ff9800', '#795548', '#607d8b'];

const OPENERS = [
	'Quick question about {{account.name}}',
	'{{first_name}}, idea for your team',
	'Saw the news at {{account.name}}',
	'Pipeline visibility at {{account.name}}',
	'Worth a 15-minute chat?',
	'How {{account.name}} could cut ramp time'
];

const BOUNCE_REASON = '550 5.1.1 The email account that you tried to reach does not exist.';
const FAIL_REASON = 'Email could not be sent: the template has an unresolved variable {{custom1}}.';

type Tables = OutreachState;

/** `{data: {type, id}}`. */
const rel = <T extends string>(type: T, id: string) => ({ data: { type, id } });
/** `{data: {type, id}}` or `{data: null}`. */
const relOrNull = <T extends string>(type: T, id: string | null | undefined) => ({ data: id ? { type, id } : null });

/** Latest of ISO timestamps (they compare as text). */
const maxIso = (...xs: string[]) => xs.reduce((a, b) => (b > a ? b : a));
/** Earliest of ISO timestamps. */
const minIso = (...xs: string[]) => xs.reduce((a, b) => (b < a ? b : a));

/** Tracking and default recipients of every seeded template: opens and links tracked (Outreach's default), no recipients. */
const TEMPLATE_TRACKING = { trackOpens: true, trackLinks: true, toRecipients: [], ccRecipients: [], bccRecipients: [] };

/** Fills `{{variables}}` of a template for one prospect and sender. */
function render(text: string, p: Person, company: Company | undefined, sender: World['users'][number]): string {
	return text
		.replaceAll('{{first_name}}', p.firstName)
		.replaceAll('{{last_name}}', p.lastName)
		.replaceAll('{{account.name}}', company?.name ?? 'your team')
		.replaceAll('{{title}}', p.title)
		.replaceAll('{{sender.first_name}}', sender.firstName);
}

/** Plain text of a simple HTML body. */
const htmlToText = (html: string) =>
	html
		.replace(/<br\s*\/?>/g, '\n')
		.replace(/<\/p>\s*<p>/g, '\n\n')
		.replace(/<[^>]+>/g, '');

/**
 * Projects the world onto Outreach's base tables: rows in their wire shape, each table in id order.
 * Pure and deterministic (same world → identical JSON). Cached per world object.
 * @returns the tables `users, mailboxes, stages, accounts, prospects, sequences, sequenceSteps, templates,
 *   sequenceTemplates, sequenceStates, mailings, tasks`.
 */
export const project: (world: World) => Tables = memoPerWorld(build);

/** The seed-only projection of a shipped seed: prebuilt when the build's file was provided, else {@link project} of its world (gyms/kit/prebuilt.ts). */
export const baseProjection: (seed: number) => Tables = seedProjection('outreach', project);

function build(world: World): Tables {
	const { epoch, seed } = world;
	const users = new Map(world.users.map((u) => [u.id, u]));
	const companies = new Map(world.companies.map((c) => [c.id, c]));
	const orgCreated = minIso(...world.users.map((u) => u.createdAt));

	// ---- users, mailboxes, stages
	const userRows: User[] = world.users.map((u) => ({
		type: 'user',
		id: u.id,
		attributes: {
			email: u.email.toLowerCase(),
			firstName: u.firstName,
			lastName: u.lastName,
			name: `${u.firstName} ${u.lastName}`,
			username: u.email.split('@')[0]!.toLowerCase(),
			title: u.title,
			locked: false,
			createdAt: u.createdAt,
			updatedAt: u.createdAt
		},
		relationships: {}
	}));
	const mailboxOf = new Map<string, Mailbox>();
	const mailboxes: Mailbox[] = world.users.map((u, i) => {
		const row: Mailbox = {
			type: 'mailbox',
			id: String(ID_BASE.mailboxes + i + 1),
			attributes: {
				email: u.email.toLowerCase(),
				sendDisabled: false,
				sendErroredAt: null,
				maxEmailsPerDay: u.role === 'sdr' ? 200 : u.role === 'ae' ? 100 : 50,
				createdAt: u.createdAt,
				updatedAt: u.createdAt
			},
			relationships: { user: rel('user', u.id) }
		};
		mailboxOf.set(u.id, row);
		return row;
	});
	const stages: Stage[] = DEFAULT_STAGES.map((name, i) => ({
		type: 'stage',
		id: String(ID_BASE.stages + i + 1),
		attributes: { name, order: i + 1, color: STAGE_COLORS[i]!, createdAt: orgCreated, updatedAt: orgCreated },
		relationships: {}
	}));
	const stageId = (name: (typeof DEFAULT_STAGES)[number]) => String(ID_BASE.stages + DEFAULT_STAGES.indexOf(name) + 1);

	// ---- sequences, steps, templates
	const seqRows: Sequence[] = [];
	const stepRows: SequenceStep[] = [];
	const templates: Template[] = [];
	const seqTemplates: SequenceTemplate[] = [];
	const seqByKey = new Map<string, { row: Sequence; steps: SequenceStep[]; templateOf: Map<string, Template>; world: World['sequences'][number] }>();
	const r0 = rng('outreach/sequences', seed);
	world.sequences.forEach((s, si) => {
		const id = String(ID_BASE.sequences + si + 1);
		const steps: SequenceStep[] = [];
		const templateOf = new Map<string, Template>();
		let firstSubject: string | null = null;
		s.steps.forEach((kind, k) => {
			const { stepType, kind: taskKind } = STEP_TYPE[kind];
			const step: SequenceStep = {
				type: 'sequenceStep',
				id: String(ID_BASE.sequenceSteps + stepRows.length + 1),
				attributes: {
					stepType,
					order: k + 1,
					interval: k === 0 ? 0 : s.intervalDays * 86_400,
					date: null,
					displayName: `Step ${k + 1} (${taskKind ? TASK_STEP_KINDS[taskKind] : STEP_LABELS[stepType]})`,
					taskNote: TASK_NOTE[taskKind ?? stepType],
					taskAutoskipDelay: stepType === 'call' || (stepType === 'task' && !taskKind) ? 3 * 86_400 : null,
					createdAt: s.createdAt,
					updatedAt: s.createdAt
				},
				relationships: { sequence: rel('sequence', id) }
			};
			stepRows.push(step);
			steps.push(step);
			if (stepType === 'auto_email' || stepType === 'manual_email') {
				const isReply = firstSubject !== null;
				firstSubject ??= r0.pick(OPENERS);
				const subject = isReply ? `Re: ${firstSubject}` : firstSubject;
				const body = isReply
					? `<p>Hi {{first_name}},</p><p>Floating this back up: would a short call next week make sense for {{account.name}}?</p><p>{{sender.first_name}}</p>`
					: `<p>Hi {{first_name}},</p><p>Teams like {{account.name}} use us to see every deal’s next step in one place. As {{title}}, is that on your radar this quarter?</p><p>Best,<br>{{sender.first_name}}</p>`;
				const tpl: Template = {
					type: 'template',
					id: String(ID_BASE.templates + templates.length + 1),
					attributes: {
						name: `${s.name} – Step ${k + 1}`,
						subject,
						bodyHtml: body,
						tags: [s.key],
						shareType: 'shared',
						archived: false,
						...TEMPLATE_TRACKING,
						createdAt: s.createdAt,
						updatedAt: s.createdAt
					},
					relationships: { owner: relOrNull('user', s.ownerId) }
				};
				templates.push(tpl);
				templateOf.set(step.id, tpl);
				seqTemplates.push({
					type: 'sequenceTemplate',
					id: String(ID_BASE.sequenceTemplates + seqTemplates.length + 1),
					attributes: { isReply, enabled: true, createdAt: s.createdAt, updatedAt: s.createdAt },
					relationships: { sequenceStep: rel('sequenceStep', step.id), template: rel('template', tpl.id) }
				});
			}
		});
		const row: Sequence = {
			type: 'sequence',
			id,
			attributes: {
				name: s.name,
				description: s.exclusive ? 'Exclusive: a prospect may be active in only this sequence.' : null,
				enabled: s.enabled,
				transactional: false,
				enabledAt: s.enabled ? s.createdAt : null,
				locked: false,
				sequenceType: 'interval',
				shareType: si % 5 === 4 ? 'private' : 'shared',
				primaryReplyAction: 'finish',
				maxActivations: 500,
				throttleMaxAddsPerDay: si % 3 === 0 ? 100 : null,
				throttlePaused: false,
				sequenceStepCount: s.steps.length,
				durationInDays: s.intervalDays * (s.steps.length - 1),
				tags: s.exclusive ? ['exclusive'] : [],
				deliverCount: 0,
				openCount: 0,
				clickCount: 0,
				replyCount: 0,
				positiveReplyCount: 0,
				negativeReplyCount: 0,
				neutralReplyCount: 0,
				bounceCount: 0,
				optOutCount: 0,
				failureCount: 0,
				createdAt: s.createdAt,
				updatedAt: s.createdAt
			},
			relationships: { owner: relOrNull('user', s.ownerId), ruleset: rel('ruleset', s.exclusive ? RULESET_EXCLUSIVE : RULESET_DEFAULT) }
		};
		seqRows.push(row);
		seqByKey.set(s.key, { row, steps, templateOf, world: s });
	});
	// Stand-alone templates (one-off emails), one archived.
	const owner0 = world.users.find((u) => u.role === 'manager') ?? world.users[0]!;
	for (const [name, subject, body, archived] of [
		[
			'Meeting follow-up',
			'Great speaking today, {{first_name}}',
			'<p>Hi {{first_name}},</p><p>Thanks for the time today. As promised, here is a recap for {{account.name}}.</p><p>{{sender.first_name}}</p>',
			false
		],
		[
			'Book a time (Calendly)',
			'A time that works for you',
			'<p>Hi {{first_name}},</p><p>Pick any slot that suits you: <a href="https://calendly.com/team/discovery-call?utm_source=outreach">calendly.com/team/discovery-call</a></p>',
			false
		],
		[
			'Breakup email',
			'Should I close your file?',
			'<p>Hi {{first_name}},</p><p>I have not heard back, so I will assume the timing is off. Reply "later" and I will check in next quarter.</p>',
			false
		],
		['Old intro (2024)', 'Introducing our platform', '<p>Hi {{first_name}},</p><p>Our legacy intro.</p>', true]
	] as const) {
		templates.push({
			type: 'template',
			id: String(ID_BASE.templates + templates.length + 1),
			attributes: {
				name,
				subject,
				bodyHtml: body,
				tags: [],
				shareType: 'shared',
				archived,
				...TEMPLATE_TRACKING,
				createdAt: orgCreated,
				updatedAt: orgCreated
			},
			relationships: { owner: relOrNull('user', owner0.id) }
		});
	}

	// ---- prospects and accounts
	const people = world.people.filter((p) => p.inOutreach);
	// Accounts: the companies the world puts in Outreach, plus any employer of a prospect (never dangling).
	const accountIds = new Set([...world.companies.filter((c) => c.inOutreach).map((c) => c.id), ...people.map((p) => p.companyId)]);
	const accounts: Account[] = world.companies
		.filter((c) => accountIds.has(c.id))
		.map((c) => ({
			type: 'account',
			id: c.id,
			attributes: {
				name: c.name,
				domain: c.domain.toLowerCase(),
				websiteUrl: c.website,
				industry: c.industry,
				numberOfEmployees: c.employees,
				locality: `${c.hq.city}, ${c.hq.country}`,
				linkedInUrl: c.linkedinUrl,
				tags: c.buyerIntent === 'high' ? ['high-intent'] : [],
				named: c.ownerId !== null,
				createdAt: c.createdAt,
				updatedAt: c.createdAt
			},
			relationships: { owner: relOrNull('user', c.ownerId) }
		}));

	// ---- enrollments: states, mailings, tasks
	const states: SequenceState[] = [];
	const mailings: Mailing[] = [];
	const tasks: Task[] = [];
	const repliedPeople = new Set<string>();
	const engagement = new Map<string, number>();
	const rm = rng('outreach/mailings', seed);
	const addTask = (t: Omit<Task, 'type' | 'id'>) => tasks.push({ type: 'task', id: String(ID_BASE.tasks + tasks.length + 1), ...t });
	const bump = (pid: string, n: number) => engagement.set(pid, (engagement.get(pid) ?? 0) + n);
	/** Latest touch of ours per prospect (a mailing delivered, a task completed): `touchedAt` is never before it. */
	const lastTouch = new Map<string, string>();
	const touch = (pid: string, at: string | null) => {
		if (at && at > (lastTouch.get(pid) ?? '')) lastTouch.set(pid, at);
	};

	for (const p of people) {
		const e = p.enrollment;
		if (!e) continue;
		const seq = seqByKey.get(e.sequenceKey);
		if (!seq) continue; // dangling world reference: reported by the world's own integrity test
		const sender = users.get(e.userId)!;
		const mailbox = mailboxOf.get(e.userId)!;
		const company = companies.get(p.companyId);
		const total = seq.steps.length;
		const firstEmail = seq.steps.findIndex((s) => s.attributes.stepType.endsWith('email'));
		let n = e.state === 'pending' ? 0 : Math.min(e.stepsCompleted, total);
		// A bounce, a failure or an unsubscribe happens on an email: make sure one was sent.
		if ((e.state === 'bounced' || e.state === 'failed' || e.state === 'opted_out') && firstEmail >= 0 && n <= firstEmail) n = firstEmail + 1;
		const intervalMs = seq.world.intervalDays * DAY_MS;
		// Completed steps happen between enrollment and the person's last touch (an hour before it), spaced by the
		// sequence interval, compressed when it does not fit. When the world's last touch leaves less than a day per
		// step, they spread up to the epoch instead, and `touchedAt` moves to the last of them.
		const enrolledMs = Date.parse(e.enrolledAt);
		const lastMs = Date.parse(minIso(p.lastActivityAt ?? epoch, epoch)) - HOUR;
		const horizon = lastMs - enrolledMs >= (n - 1) * DAY_MS ? lastMs : Math.max(enrolledMs, Date.parse(epoch) - HOUR);
		const span = n > 1 ? Math.min(intervalMs, Math.floor((horizon - Date.parse(e.enrolledAt)) / (n - 1))) : intervalMs;
		const past = (k: number) => isoPlus(e.enrolledAt, k * span);
		const stateId = String(ID_BASE.sequenceStates + states.length + 1);
		const replied = e.state === 'finished' && (['sql', 'opportunity', 'customer'].includes(p.stage) || rm.chance(0.35));
		const counters = { deliverCount: 0, openCount: 0, clickCount: 0, replyCount: 0, bounceCount: 0, failureCount: 0 };
		let lastCall: string | null = null;
		let repliedAt: string | null = null;

		for (let k = 0; k < n; k++) {
			const step = seq.steps[k]!;
			const at = past(k);
			const st = step.attributes.stepType;
			if (st === 'auto_email' || st === 'manual_email') {
				const last = k === n - 1 || seq.steps.slice(k + 1, n).every((s) => !s.attributes.stepType.endsWith('email'));
				let state: MailingState = 'delivered';
				if (last && e.state === 'bounced') state = 'bounced';
				else if (last && e.state === 'failed') state = 'failed';
				else if (last && replied) state = 'replied';
				else
					state = rm.weighted([
						['delivered', 50],
						['opened', 50]
					] as const);
				const clicked = (state === 'opened' && rm.chance(0.25)) || (last && e.state === 'opted_out');
				if (last && e.state === 'opted_out') state = 'opened';
				const delivered = state !== 'bounced' && state !== 'failed';
				const opened = state === 'opened' || state === 'replied';
				const openCount = opened ? rm.int(1, 4) : 0;
				const tpl = seq.templateOf.get(step.id)!;
				const bodyHtml = render(tpl.attributes.bodyHtml, p, company, sender);
				const rAt = state === 'replied' ? isoPlus(at, rm.int(1, 30) * HOUR) : null;
				const repliedAtClamped = rAt && rAt > epoch ? isoPlus(epoch, -MIN) : rAt;
				if (repliedAtClamped) repliedAt = repliedAtClamped;
				mailings.push({
					type: 'mailing',
					id: String(ID_BASE.mailings + mailings.length + 1),
					attributes: {
						subject: render(tpl.attributes.subject, p, company, sender),
						bodyHtml,
						bodyText: htmlToText(bodyHtml),
						mailingType: 'sequence',
						state,
						scheduledAt: at,
						deliveredAt: delivered ? isoPlus(at, MIN) : null,
						openedAt: opened ? minIso(isoPlus(at, rm.int(5, 600) * MIN), repliedAtClamped ?? epoch) : null,
						openCount,
						clickedAt: clicked ? minIso(isoPlus(at, rm.int(10, 700) * MIN), epoch) : null,
						clickCount: clicked ? rm.int(1, 3) : 0,
						repliedAt: repliedAtClamped,
						bouncedAt: state === 'bounced' ? isoPlus(at, 2 * MIN) : null,
						errorReason: state === 'bounced' ? BOUNCE_REASON : state === 'failed' ? FAIL_REASON : null,
						mailboxAddress: mailbox.attributes.email,
						trackLinks: true,
						trackOpens: true,
						followUpTaskType: null,
						createdAt: at,
						updatedAt: maxIso(at, repliedAtClamped ?? at)
					},
					relationships: {
						prospect: rel('prospect', p.id),
						mailbox: rel('mailbox', mailbox.id),
						sequence: rel('sequence', seq.row.id),
						sequenceState: rel('sequenceState', stateId),
						sequenceStep: rel('sequenceStep', step.id),
						template: rel('template', tpl.id)
					}
				});
				counters.deliverCount += delivered ? 1 : 0;
				counters.openCount += opened ? 1 : 0;
				counters.clickCount += clicked ? 1 : 0;
				counters.replyCount += state === 'replied' ? 1 : 0;
				counters.bounceCount += state === 'bounced' ? 1 : 0;
				counters.failureCount += state === 'failed' ? 1 : 0;
				touch(p.id, delivered ? isoPlus(at, MIN) : at);
				bump(p.id, openCount + (clicked ? 3 : 0) + (state === 'replied' ? 10 : 0));
			} else {
				const taskType = stepTaskType(step)!;
				const done = isoPlus(at, rm.int(5, 50) * MIN);
				if (st === 'call') lastCall = done;
				addTask({
					attributes: {
						action: st === 'call' ? 'call' : 'action_item',
						state: 'complete',
						taskType,
						dueAt: at,
						autoskipAt: null,
						note: step.attributes.taskNote,
						completedAt: done,
						createdAt: at,
						updatedAt: done
					},
					relationships: {
						subject: rel('prospect', p.id),
						owner: rel('user', e.userId),
						sequenceState: rel('sequenceState', stateId),
						sequenceStep: rel('sequenceStep', step.id)
					}
				});
				touch(p.id, done);
			}
		}
		if (replied) repliedPeople.add(p.id);

		// The next step of a running enrollment: a scheduled auto email, or a task due.
		const next = n < total ? seq.steps[n]! : null;
		if (next && (e.state === 'active' || e.state === 'paused')) {
			const due = isoPlus(e.enrolledAt, n * intervalMs);
			if (next.attributes.stepType === 'auto_email') {
				if (e.state === 'active') {
					const at = due > epoch ? due : isoPlus(epoch, rm.int(1, 48) * HOUR);
					const tpl = seq.templateOf.get(next.id)!;
					const bodyHtml = render(tpl.attributes.bodyHtml, p, company, sender);
					mailings.push({
						type: 'mailing',
						id: String(ID_BASE.mailings + mailings.length + 1),
						attributes: {
							subject: render(tpl.attributes.subject, p, company, sender),
							bodyHtml,
							bodyText: htmlToText(bodyHtml),
							mailingType: 'sequence',
							state: 'scheduled',
							scheduledAt: at,
							deliveredAt: null,
							openedAt: null,
							openCount: 0,
							clickedAt: null,
							clickCount: 0,
							repliedAt: null,
							bouncedAt: null,
							errorReason: null,
							mailboxAddress: mailbox.attributes.email,
							trackLinks: true,
							trackOpens: true,
							followUpTaskType: null,
							createdAt: n > 0 ? past(n - 1) : e.enrolledAt,
							updatedAt: n > 0 ? past(n - 1) : e.enrolledAt
						},
						relationships: {
							prospect: rel('prospect', p.id),
							mailbox: rel('mailbox', mailbox.id),
							sequence: rel('sequence', seq.row.id),
							sequenceState: rel('sequenceState', stateId),
							sequenceStep: rel('sequenceStep', next.id),
							template: rel('template', tpl.id)
						}
					});
				}
			} else if (e.state === 'active') {
				const st = next.attributes.stepType;
				const dueAt = maxIso(due, isoPlus(epoch, -12 * DAY_MS));
				addTask({
					attributes: {
						action: st === 'call' ? 'call' : st === 'manual_email' ? 'email' : 'action_item',
						state: dueAt > epoch ? 'pending' : 'incomplete',
						taskType: stepTaskType(next)!,
						dueAt,
						autoskipAt: next.attributes.taskAutoskipDelay ? isoPlus(dueAt, next.attributes.taskAutoskipDelay * 1000) : null,
						note: next.attributes.taskNote,
						completedAt: null,
						createdAt: minIso(dueAt, n > 0 ? past(n - 1) : e.enrolledAt),
						updatedAt: minIso(dueAt, n > 0 ? past(n - 1) : e.enrolledAt)
					},
					relationships: {
						subject: rel('prospect', p.id),
						owner: rel('user', e.userId),
						sequenceState: rel('sequenceState', stateId),
						sequenceStep: rel('sequenceStep', next.id)
					}
				});
			}
		}

		const lastDone = n > 0 ? past(n - 1) : e.enrolledAt;
		const changedAt = e.state === 'paused' ? minIso(isoPlus(lastDone, DAY_MS), epoch) : e.state === 'finished' && repliedAt ? repliedAt : lastDone;
		const current =
			e.state === 'pending'
				? null
				: e.state === 'active' || e.state === 'paused' || e.state === 'disabled'
					? seq.steps[Math.min(n, total - 1)]!
					: seq.steps[Math.max(n - 1, 0)]!;
		states.push({
			type: 'sequenceState',
			id: stateId,
			attributes: {
				state: e.state,
				stateChangedAt: changedAt,
				activeAt: e.state === 'pending' ? null : e.enrolledAt,
				pauseReason: e.state === 'paused' ? rm.pick(['ooto', 'manual']) : null,
				autoResumeAt: null,
				errorReason: e.state === 'failed' ? FAIL_REASON : null,
				repliedAt,
				callCompletedAt: lastCall,
				...counters,
				createdAt: e.enrolledAt,
				updatedAt: changedAt
			},
			relationships: {
				prospect: rel('prospect', p.id),
				sequence: rel('sequence', seq.row.id),
				sequenceStep: relOrNull('sequenceStep', current?.id),
				mailbox: rel('mailbox', mailbox.id),
				account: relOrNull('account', accountIds.has(p.companyId) ? p.companyId : null),
				creator: relOrNull('user', e.userId)
			}
		});
		const sa = seq.row.attributes;
		sa.deliverCount += counters.deliverCount;
		sa.openCount += counters.openCount;
		sa.clickCount += counters.clickCount;
		sa.replyCount += counters.replyCount;
		sa.bounceCount += counters.bounceCount;
		sa.failureCount += counters.failureCount;
		sa.optOutCount += e.state === 'opted_out' ? 1 : 0;
		if (counters.replyCount) {
			const tone = rm.weighted([
				['positiveReplyCount', 5],
				['neutralReplyCount', 3],
				['negativeReplyCount', 2]
			] as const);
			sa[tone] += counters.replyCount;
		}
	}

	// ---- one-off mailings and follow-up / manual tasks
	const rt = rng('outreach/tasks', seed);
	for (const p of people) {
		const owner = p.ownerId ?? p.enrollment?.userId ?? null;
		if (!owner || !users.has(owner)) continue;
		if (repliedPeople.has(p.id)) {
			const dueAt = isoPlus(epoch, rt.int(-3, 4) * DAY_MS + rt.int(0, 8) * HOUR);
			const done = rt.chance(0.3) && dueAt <= epoch;
			addTask({
				attributes: {
					action: rt.pick(['call', 'email'] as const),
					state: done ? 'complete' : dueAt > epoch ? 'pending' : 'incomplete',
					taskType: 'follow_up',
					dueAt,
					autoskipAt: null,
					note: 'Replied to the sequence: follow up and propose a meeting.',
					completedAt: done ? dueAt : null,
					createdAt: minIso(dueAt, isoPlus(epoch, -4 * DAY_MS)),
					updatedAt: done ? dueAt : minIso(dueAt, isoPlus(epoch, -4 * DAY_MS))
				},
				relationships: {
					subject: rel('prospect', p.id),
					owner: rel('user', owner),
					sequenceState: relOrNull('sequenceState', null),
					sequenceStep: relOrNull('sequenceStep', null)
				}
			});
			if (done) touch(p.id, dueAt);
		}
		if (['sql', 'opportunity', 'customer'].includes(p.stage) && p.emailStatus === 'ok' && rt.chance(0.25)) {
			const sender = users.get(owner)!;
			const mb = mailboxOf.get(owner)!;
			const drafted = rt.chance(0.15);
			const at = minIso(isoPlus(p.lastActivityAt ?? p.createdAt, -HOUR), isoPlus(epoch, -HOUR));
			const state: MailingState = drafted
				? 'drafted'
				: rt.weighted([
						['delivered', 3],
						['opened', 4],
						['replied', 2]
					] as const);
			const tpl = templates[templates.length - 4]!;
			const bodyHtml = render(tpl.attributes.bodyHtml, p, companies.get(p.companyId), sender);
			const replyAt = state === 'replied' ? minIso(isoPlus(at, 3 * HOUR), epoch) : null;
			const sentAt = drafted ? null : minIso(isoPlus(at, MIN), epoch);
			touch(p.id, sentAt);
			mailings.push({
				type: 'mailing',
				id: String(ID_BASE.mailings + mailings.length + 1),
				attributes: {
					subject: render(tpl.attributes.subject, p, companies.get(p.companyId), sender),
					bodyHtml,
					bodyText: htmlToText(bodyHtml),
					mailingType: 'single',
					state,
					scheduledAt: drafted ? null : at,
					deliveredAt: sentAt,
					openedAt: state === 'opened' || state === 'replied' ? minIso(isoPlus(at, 30 * MIN), replyAt ?? epoch) : null,
					openCount: state === 'opened' || state === 'replied' ? 1 : 0,
					clickedAt: null,
					clickCount: 0,
					repliedAt: replyAt,
					bouncedAt: null,
					errorReason: null,
					mailboxAddress: mb.attributes.email,
					trackLinks: true,
					trackOpens: true,
					followUpTaskType: state === 'delivered' ? 'no_reply' : null,
					createdAt: at,
					updatedAt: replyAt ?? at
				},
				relationships: {
					prospect: rel('prospect', p.id),
					mailbox: rel('mailbox', mb.id),
					sequence: relOrNull('sequence', null),
					sequenceState: relOrNull('sequenceState', null),
					sequenceStep: relOrNull('sequenceStep', null),
					template: rel('template', tpl.id)
				}
			});
			if (state === 'replied') bump(p.id, 10);
		}
	}
	// Account research tasks for named accounts (subject = account).
	for (const a of accounts.filter((x) => x.relationships.owner.data).slice(0, 20)) {
		const dueAt = isoPlus(epoch, rt.int(-5, 10) * DAY_MS);
		addTask({
			attributes: {
				action: 'action_item',
				state: dueAt > epoch ? 'pending' : 'incomplete',
				taskType: 'manual',
				dueAt,
				autoskipAt: null,
				note: `Account plan for ${a.attributes.name}: map the buying committee before the QBR.`,
				completedAt: null,
				createdAt: minIso(dueAt, isoPlus(epoch, -7 * DAY_MS)),
				updatedAt: minIso(dueAt, isoPlus(epoch, -7 * DAY_MS))
			},
			relationships: {
				subject: rel('account', a.id),
				owner: rel('user', a.relationships.owner.data!.id),
				sequenceState: relOrNull('sequenceState', null),
				sequenceStep: relOrNull('sequenceStep', null)
			}
		});
	}

	const stateOf = new Map(states.map((s) => [s.relationships.prospect.data.id, s]));
	const rp = rng('outreach/prospects', seed);
	const sixMonthsAgo = isoPlus(epoch, -182 * DAY_MS);
	const prospects: Prospect[] = people.map((p) => {
		const company = companies.get(p.companyId);
		const s = stateOf.get(p.id)?.attributes.state ?? null;
		const optedOut = p.emailStatus === 'opted_out' || s === 'opted_out';
		const stage: (typeof DEFAULT_STAGES)[number] =
			p.emailStatus === 'bounced' || s === 'bounced'
				? 'Bad Contact Info'
				: optedOut
					? 'Do Not Contact'
					: repliedPeople.has(p.id)
						? ['sql', 'opportunity', 'customer'].includes(p.stage)
							? 'Interested'
							: 'Replied'
						: s === 'active' || s === 'paused' || s === 'pending'
							? 'Approaching'
							: s === 'finished'
								? 'Unresponsive'
								: !p.lastActivityAt || p.lastActivityAt < sixMonthsAgo
									? 'Cold'
									: 'Approaching';
		const mobile = rp.chance(0.25);
		const tags = [
			...(p.seniority === 'CXO' || p.seniority === 'Vice President' ? ['exec'] : []),
			...(rp.chance(0.2) ? ['salesnav'] : []),
			...(p.stage === 'mql' ? ['inbound'] : [])
		];
		const ours = lastTouch.get(p.id);
		const touched = p.lastActivityAt && ours ? maxIso(p.lastActivityAt, ours) : (p.lastActivityAt ?? ours ?? null);
		return {
			type: 'prospect',
			id: p.id,
			attributes: {
				firstName: p.firstName,
				lastName: p.lastName,
				emails: [p.workEmail.toLowerCase()],
				title: p.title,
				company: company?.name ?? null,
				linkedInUrl: p.linkedinUrl,
				workPhones: mobile ? [] : [p.phone],
				mobilePhones: mobile ? [p.phone] : [],
				timeZoneIana: p.geo.timeZone,
				tags,
				optedOut,
				optedOutAt: optedOut ? (touched ?? p.createdAt) : null,
				emailOptedOut: optedOut,
				emailsOptStatus: optedOut ? 'opted_out' : rp.chance(0.3) ? 'opted_in' : null,
				callOptedOut: false,
				engagedScore: Math.min(100, engagement.get(p.id) ?? 0),
				touchedAt: touched,
				externalId: p.inHubspot ? p.id : null,
				createdAt: p.createdAt,
				updatedAt: maxIso(p.createdAt, touched ?? p.createdAt)
			},
			relationships: {
				account: relOrNull('account', accountIds.has(p.companyId) ? p.companyId : null),
				owner: relOrNull('user', p.ownerId && users.has(p.ownerId) ? p.ownerId : null),
				stage: rel('stage', stageId(stage))
			}
		};
	});

	// ---- rulesets, email addresses, dispositions, snippets, personas (calls start empty)
	const rulesets: Ruleset[] = [
		ruleset(RULESET_DEFAULT, 'Default ruleset', 'none', orgCreated, stageId),
		ruleset(RULESET_EXCLUSIVE, 'Exclusive outbound', 'all_sequences', orgCreated, stageId)
	];
	const bouncedProspects = new Set(mailings.filter((m) => m.attributes.state === 'bounced').map((m) => m.relationships.prospect.data.id));
	const emailAddresses: EmailAddress[] = [];
	for (const p of prospects)
		p.attributes.emails.forEach((email, order) => {
			const bounced = order === 0 && bouncedProspects.has(p.id);
			const at = bounced
				? (mailings.find((m) => m.relationships.prospect.data.id === p.id && m.attributes.bouncedAt)?.attributes.bouncedAt ?? p.attributes.updatedAt)
				: null;
			emailAddresses.push({
				type: 'emailAddress',
				id: String(ID_BASE.emailAddresses + emailAddresses.length + 1),
				attributes: {
					email,
					emailType: 'work',
					order,
					status: bounced ? 'bounced' : null,
					statusChangedAt: at,
					unsubscribedAt: null,
					createdAt: p.attributes.createdAt,
					updatedAt: at ?? p.attributes.createdAt
				},
				relationships: { prospect: rel('prospect', p.id) }
			});
		});
	const callDispositions: CallDisposition[] = CALL_DISPOSITIONS.map(([name, outcome], i) => ({
		type: 'callDisposition',
		id: String(ID_BASE.callDispositions + i + 1),
		attributes: { name, order: i + 1, outcome, createdAt: orgCreated, updatedAt: orgCreated },
		relationships: {}
	}));
	const snippets: Snippet[] = SNIPPETS.map(([name, bodyHtml], i) => ({
		type: 'snippet',
		id: String(ID_BASE.snippets + i + 1),
		attributes: { name, bodyHtml, shareType: 'shared', tags: [], createdAt: orgCreated, updatedAt: orgCreated },
		relationships: { owner: relOrNull('user', owner0.id) }
	}));
	const personas: Persona[] = PERSONAS.map(([name, description], i) => ({
		type: 'persona',
		id: String(ID_BASE.personas + i + 1),
		attributes: { name, description, createdAt: orgCreated, updatedAt: orgCreated },
		relationships: {}
	}));

	return {
		users: userRows,
		mailboxes,
		stages,
		accounts,
		prospects,
		sequences: seqRows,
		sequenceSteps: stepRows,
		templates,
		sequenceTemplates: seqTemplates,
		sequenceStates: states,
		mailings,
		tasks,
		rulesets,
		emailAddresses,
		calls: [],
		callDispositions,
		snippets,
		personas
	};
}

/** Id of the org default ruleset (exclusivity none, duplicates disallowed) and of the exclusive one. */
export const RULESET_DEFAULT = String(ID_BASE.rulesets + 1);
export const RULESET_EXCLUSIVE = String(ID_BASE.rulesets + 2);

/** Call dispositions of the org, in order, with the outcome each implies. */
const CALL_DISPOSITIONS: [string, 'Answered' | 'Not Answered'][] = [
	['Connected - Interested', 'Answered'],
	['Connected - Not Interested', 'Answered'],
	['Meeting Booked', 'Answered'],
	['Left Voicemail', 'Not Answered'],
	['No Answer', 'Not Answered'],
	['Wrong Number', 'Not Answered'],
	['Gatekeeper', 'Answered']
];
const SNIPPETS: [string, string][] = [
	['Calendar link', '<p>Grab any time that suits you here: https://calendly.com/{{sender.first_name}}</p>'],
	['Case study', '<p>Here is how a team like {{account.name}} cut their ramp time in half.</p>'],
	['Sign-off', '<p>Best,<br>{{sender.first_name}}</p>']
];
const PERSONAS: [string, string][] = [
	['Economic buyer', 'Owns the budget: VP and C-level.'],
	['Champion', 'Day-to-day owner who sells internally.'],
	['Technical evaluator', 'Checks security and integration.']
];

/** A ruleset row: Outreach defaults (duplicates disallowed) with the org's stage automation. */
function ruleset(
	id: string,
	name: string,
	exclusivity: Ruleset['attributes']['sequenceExclusivity'],
	at: string,
	stageId: (n: (typeof DEFAULT_STAGES)[number]) => string
): Ruleset {
	return {
		type: 'ruleset',
		id,
		attributes: {
			name,
			sequenceExclusivity: exclusivity,
			permitDuplicateProspects: 'disallow',
			emailOptOutAction: null,
			callOptOutAction: null,
			includeUnsubscribeLinks: true,
			minimumProspectTouchedInterval: null,
			createdAt: at,
			updatedAt: at
		},
		relationships: {
			owner: { data: null },
			bouncedStage: rel('stage', stageId('Bad Contact Info')),
			optedOutStage: rel('stage', stageId('Do Not Contact')),
			repliedStage: rel('stage', stageId('Replied')),
			startedStage: rel('stage', stageId('Approaching')),
			finishedStage: rel('stage', stageId('Unresponsive'))
		}
	};
}

/** Numeric-string id order. */
export const byNumericId = (a: { id: string }, b: { id: string }) => Number(a.id) - Number(b.id);

/**
 * The initial state of a run: the seed world's projection + the blueprint's Outreach fixtures (each row added,
 * or replacing the row with the same id). Implements `GymStoreOptions.initial` (seeds/CONTRACT.md §3).
 * @throws Error `fixtures.outreach.<table>[i].<path>: <message>` for an invalid fixture row, a reference
 *   (relationship) that resolves to no row, or a fixture row that breaks an Outreach invariant (see
 *   {@link checkInvariants}); Error for an unshipped seed.
 */
export function initialState(init: Pick<RunInit, 'seed' | 'fixtures'>): InitialState {
	const base = baseProjection(init.seed);
	const fixtures = parseFixtures('outreach', OutreachFixture, init.fixtures, 'dots');
	const merged = mergeFixtureRows<{ id: string }>(
		OUTREACH_TABLE_NAMES,
		base as unknown as Record<string, { id: string }[]>,
		fixtures as Record<string, { id: string }[] | undefined>,
		(_t, r) => r.id,
		() => byNumericId
	);
	const tables = merged.tables as Record<OutreachTable, { id: string }[]>;
	const fixtureIndex = merged.index;
	if (fixtureIndex.size) {
		for (const d of danglingRefDetails(tables as unknown as OutreachState)) {
			const i = fixtureIndex.get(fixtureKey(d.table, d.id));
			if (i !== undefined) throw new Error(`fixtures.outreach.${d.table}[${i}].${d.path}: ${d.targetTable} ${d.targetId} does not exist`);
		}
		checkInvariants(tables as unknown as OutreachState, fixtureIndex);
	}
	const next_ids: Record<string, number> = {};
	for (const t of OUTREACH_TABLE_NAMES) {
		const max = tables[t].reduce((m, r) => Math.max(m, Number(r.id)), 0);
		next_ids[t] = Math.max(max + 1, t in ID_BASE ? ID_BASE[t as keyof typeof ID_BASE] + 1 : 1);
	}
	return { tables: tables as unknown as Record<string, unknown[]>, next_ids };
}

/**
 * Outreach's invariants, checked on fixture rows: a prospect email belongs to one prospect (Outreach's 422
 * "A Contact with this email_hash already exists."), and a prospect has at most one unfinished state per sequence
 * ("already active in this sequence").
 * @param fixtureIndex `"<table>\u0001<id>"` → index of the row in the fixture table.
 * @throws Error `fixtures.outreach.<table>[i].<path>: <message>`.
 */
function checkInvariants(t: OutreachState, fixtureIndex: Map<string, number>): void {
	const isFixture = (table: string, id: string) => fixtureIndex.has(fixtureKey(table, id));
	const emailOwner = new Map<string, string>();
	for (const p of t.prospects) if (!isFixture('prospects', p.id)) for (const e of p.attributes.emails) emailOwner.set(e.toLowerCase(), p.id);
	for (const p of t.prospects) {
		const i = fixtureIndex.get(fixtureKey('prospects', p.id));
		if (i === undefined) continue;
		p.attributes.emails.forEach((e, j) => {
			const owner = emailOwner.get(e.toLowerCase());
			if (owner !== undefined && owner !== p.id)
				throw new Error(`fixtures.outreach.prospects[${i}].attributes.emails.${j}: A Contact with this email_hash already exists. (prospect ${owner})`);
			emailOwner.set(e.toLowerCase(), p.id);
		});
	}
	const running = new Map<string, string>();
	const open = (s: OutreachState['sequenceStates'][number]) => s.attributes.state !== 'finished';
	for (const s of t.sequenceStates) {
		if (!open(s) || isFixture('sequenceStates', s.id)) continue;
		running.set(`${s.relationships.prospect.data.id}/${s.relationships.sequence.data.id}`, s.id);
	}
	for (const s of t.sequenceStates) {
		const i = fixtureIndex.get(fixtureKey('sequenceStates', s.id));
		if (i === undefined || !open(s)) continue;
		const key = `${s.relationships.prospect.data.id}/${s.relationships.sequence.data.id}`;
		const other = running.get(key);
		if (other !== undefined && other !== s.id)
			throw new Error(
				`fixtures.outreach.sequenceStates[${i}].relationships.prospect.data.id: prospect ${s.relationships.prospect.data.id} is already in sequence ${s.relationships.sequence.data.id} (sequenceState ${other}, not finished)`
			);
		running.set(key, s.id);
	}
}
