/**
 * HubSpot projection of the seed world's sales-tool data: connected inboxes, sequences + enrollments, manual
 * lists (segments) + memberships, forms + past submissions. Pure and deterministic (seeded `rng`, no host clock).
 *
 * Consistency rules (checked by seed.spec.ts):
 * - sequences = the world's exclusive, enabled sequences that HubSpot runs (six of twelve; the rest live in Outreach);
 * - an enrollment exists only for a projected contact with the world enrollment in one of those sequences; at
 *   most one per contact; opted-out (`hs_email_optout=true`) and bounced contacts are never ACTIVE/PAUSED
 *   (UNENROLLED with reason UNSUBSCRIBED / BOUNCED);
 * - one owner (1008 Carlos Mendes, joined 2026-01-01) has no connected inbox: his live enrollments are PAUSED;
 * - list members and submission contacts are live projected contacts.
 */
import { rng } from '../../seeds/rng';
import { DAY_MS, isoPlus, type World } from '../../seeds/world';
import type {
	ConnectedInbox,
	CrmObject,
	Form,
	FormField,
	FormSubmission,
	List,
	ListMembership,
	Owner,
	Sequence,
	SequenceEnrollment,
	SequenceStep,
	Template
} from './schema';

/** First ids of the sales rows. Lists use HubSpot's small list ids. */
export const SALES_ID_BASE = { lists: 11, form_submissions: 390001, sequences: 370001, sequence_enrollments: 380001, inboxes: 60001 } as const;

/** The owner without a connected inbox (the "no connected inbox" blocking reason). */
export const OWNER_WITHOUT_INBOX = '1008';

/** World sequence keys HubSpot runs, with the template each email step sends (by template name). */
const HUBSPOT_SEQUENCES: Record<string, string> = {
	'vp-sales-cold': 'Cold intro – RevOps',
	'inbound-demo-follow-up': 'Demo follow-up',
	're-engage-3-touch': 'Re-engage – bad timing',
	'closed-lost-revival': 'Closed-lost revival',
	'job-changer': 'Champion moved',
	'outbound-revops': 'Meeting request'
};

const TASK_OF: Record<string, [SequenceStep['taskType'], string]> = {
	call: ['CALL', 'Call {{ contact.firstname }}'],
	task: ['TODO', 'Follow up with {{ contact.firstname }}'],
	linkedin_connect: ['LINKED_IN', 'Connect on LinkedIn'],
	linkedin_message: ['LINKED_IN', 'Send a LinkedIn message'],
	manual_email: ['EMAIL', 'Send a personal email']
};

/** Form GUIDs (fixed, so blueprints and links can name them). */
export const FORM_IDS = {
	contactUs: '5a2b1c3d-7e4f-4a10-9b20-000000000001',
	demo: '5a2b1c3d-7e4f-4a10-9b20-000000000002',
	webinar: '5a2b1c3d-7e4f-4a10-9b20-000000000003',
	newsletter: '5a2b1c3d-7e4f-4a10-9b20-000000000004'
} as const;

const field = (name: string, label: string, fieldType: FormField['fieldType'], required: boolean): FormField => ({
	objectTypeId: '0-1',
	name,
	label,
	required,
	hidden: false,
	fieldType
});

/** What the sales projection needs from the CRM projection. */
export interface SalesInputs {
	world: World;
	owners: Owner[];
	contacts: CrmObject[];
	templates: Template[];
}

/** The sales tables and their next ids. */
export interface SalesTables {
	inboxes: ConnectedInbox[];
	sequences: Sequence[];
	sequence_enrollments: SequenceEnrollment[];
	lists: List[];
	list_memberships: ListMembership[];
	forms: Form[];
	form_submissions: FormSubmission[];
	next_ids: Record<string, number>;
}

/** Projects the sales tables. Pure. */
export function projectSales({ world, owners, contacts, templates }: SalesInputs): SalesTables {
	const { epoch } = world;
	const r = rng('hubspot-sales', world.seed);
	const contactById = new Map(contacts.map((c) => [c.id, c]));
	const templateByName = new Map(templates.map((t) => [t.name, t.id]));

	const inboxes: ConnectedInbox[] = owners
		.filter((o) => o.id !== OWNER_WITHOUT_INBOX)
		.map((o, i) => ({
			id: String(SALES_ID_BASE.inboxes + i),
			ownerId: o.id,
			email: o.email,
			provider: i % 3 === 2 ? 'OFFICE365' : 'GMAIL',
			connectedAt: isoPlus(o.createdAt, DAY_MS)
		}));

	// ---- sequences ----
	const seqIdByKey = new Map<string, string>();
	const sequences: Sequence[] = world.sequences
		.filter((s) => s.key in HUBSPOT_SEQUENCES)
		.map((s, i) => {
			const id = String(SALES_ID_BASE.sequences + i);
			seqIdByKey.set(s.key, id);
			const templateId = templateByName.get(HUBSPOT_SEQUENCES[s.key]!) ?? null;
			const steps: SequenceStep[] = s.steps.map((kind, k) => {
				const [taskType, taskSubject] = TASK_OF[kind] ?? [null, null];
				return {
					stepOrder: k,
					delayMillis: k === 0 ? 0 : s.intervalDays * DAY_MS,
					actionType: kind === 'auto_email' ? 'SEND_TEMPLATE' : 'CREATE_TASK',
					templateId: kind === 'auto_email' || kind === 'manual_email' ? templateId : null,
					taskType: kind === 'auto_email' ? null : taskType,
					taskSubject: kind === 'auto_email' ? null : taskSubject
				};
			});
			return {
				id,
				name: s.name,
				userId: s.ownerId,
				folderId: s.key.startsWith('re-') || s.key.includes('revival') ? 'Re-engagement' : 'Prospecting',
				steps,
				createdAt: s.createdAt,
				updatedAt: s.createdAt,
				archived: false
			};
		});

	// ---- enrollments (one per contact; never live for opted-out / bounced contacts) ----
	const sequence_enrollments: SequenceEnrollment[] = [];
	for (const p of world.people) {
		const e = p.enrollment;
		if (!p.inHubspot || p.previous || !e) continue;
		const sequenceId = seqIdByKey.get(e.sequenceKey);
		const contact = contactById.get(p.id);
		if (!sequenceId || !contact) continue;
		const seq = sequences.find((s) => s.id === sequenceId)!;
		const sender = owners.find((o) => o.id === e.userId)!;
		let state: SequenceEnrollment['state'];
		let reason: SequenceEnrollment['unenrolledReason'] = null;
		if (p.emailStatus === 'opted_out' || e.state === 'opted_out') [state, reason] = ['UNENROLLED', 'UNSUBSCRIBED'];
		else if (p.emailStatus === 'bounced' || e.state === 'bounced') [state, reason] = ['UNENROLLED', 'BOUNCED'];
		else if (e.state === 'finished') [state, reason] = ['FINISHED', r.chance(0.4) ? 'REPLIED' : r.chance(0.3) ? 'MEETING_BOOKED' : null];
		else if (e.state === 'failed' || e.state === 'disabled') [state, reason] = ['UNENROLLED', 'MANUAL'];
		else state = e.state === 'paused' || e.userId === OWNER_WITHOUT_INBOX ? 'PAUSED' : 'ACTIVE';
		const currentStep = Math.min(e.stepsCompleted, seq.steps.length - 1);
		const updatedAt =
			state === 'ACTIVE'
				? e.enrolledAt
				: later(e.enrolledAt, isoPlus(e.enrolledAt, (currentStep + 1) * DAY_MS) > epoch ? epoch : isoPlus(e.enrolledAt, (currentStep + 1) * DAY_MS));
		sequence_enrollments.push({
			id: String(SALES_ID_BASE.sequence_enrollments + sequence_enrollments.length),
			sequenceId,
			contactId: p.id,
			toEmail: contact.properties.email ?? p.workEmail,
			senderEmail: sender.email,
			userId: sender.id,
			state,
			currentStep,
			unenrolledReason: reason,
			enrolledAt: e.enrolledAt,
			updatedAt
		});
	}

	// ---- lists (segments) ----
	const live = contacts.filter((c) => !c.archived && c.properties.email);
	const dormant = world.anomalies
		.filter((a) => a.kind === 'dormant')
		.flatMap((a) => a.personIds)
		.filter((id) => contactById.has(id));
	const subscribers = live.filter((c) => c.properties.lifecyclestage === 'subscriber');
	const execs = live.filter((c) => /^(VP|Chief|Head|Director)/.test(c.properties.jobtitle ?? ''));
	const customers = live.filter((c) => c.properties.lifecyclestage === 'customer');
	const LISTS: [string, string, CrmObject[] | string[], string][] = [
		['Dormant leads – Q1 re-engagement', '1009', dormant.slice(0, 12), isoPlus(epoch, -20 * DAY_MS)],
		['Webinar attendees – Feb 2026', '1012', r.shuffle(live.filter((c) => c.properties.lifecyclestage === 'lead')).slice(0, 18), isoPlus(epoch, -12 * DAY_MS)],
		['Exec contacts – target accounts', '1011', r.shuffle(execs).slice(0, 25), isoPlus(epoch, -45 * DAY_MS)],
		['Newsletter subscribers', '1012', subscribers, isoPlus(epoch, -120 * DAY_MS)],
		['Customer advisory board', '1005', r.shuffle(customers).slice(0, 8), isoPlus(epoch, -60 * DAY_MS)]
	];
	const lists: List[] = [];
	const list_memberships: ListMembership[] = [];
	LISTS.forEach(([name, createdById, members, createdAt], i) => {
		const id = String(SALES_ID_BASE.lists + i);
		const ids = members.map((m) => (typeof m === 'string' ? m : m.id)).sort((a, b) => Number(a) - Number(b));
		ids.forEach((recordId, k) => list_memberships.push({ id: `${id}:${recordId}`, listId: id, recordId, membershipTimestamp: isoPlus(createdAt, k * 60_000) }));
		lists.push({
			id,
			name,
			objectTypeId: '0-1',
			processingType: 'MANUAL',
			createdById,
			createdAt,
			updatedAt: isoPlus(createdAt, Math.max(0, ids.length - 1) * 60_000),
			archived: false
		});
	});

	// ---- forms + past submissions ----
	const formAt = '2025-02-03T15:00:00.000Z';
	const form = (id: string, name: string, fields: FormField[], thanks: string, submit: string): Form => ({
		id,
		name,
		formType: 'hubspot',
		fieldGroups: fields.map((f) => ({ groupType: 'default_group', richTextType: 'text', fields: [f] })),
		configuration: { postSubmitAction: { type: 'thank_you', value: thanks } },
		displayOptions: { submitButtonText: submit },
		createdAt: formAt,
		updatedAt: formAt,
		archived: false
	});
	const forms: Form[] = [
		form(
			FORM_IDS.contactUs,
			'Contact us',
			[
				field('email', 'Email', 'email', true),
				field('firstname', 'First name', 'single_line_text', true),
				field('lastname', 'Last name', 'single_line_text', false),
				field('company', 'Company name', 'single_line_text', false),
				field('message', 'Message', 'multi_line_text', false)
			],
			'Thanks for reaching out! We will get back to you within one business day.',
			'Submit'
		),
		form(
			FORM_IDS.demo,
			'Demo request',
			[
				field('email', 'Work email', 'email', true),
				field('firstname', 'First name', 'single_line_text', true),
				field('lastname', 'Last name', 'single_line_text', true),
				field('company', 'Company name', 'single_line_text', true),
				field('jobtitle', 'Job title', 'single_line_text', false),
				field('phone', 'Phone number', 'phone', false)
			],
			'Thanks! A member of our team will reach out to schedule your demo.',
			'Request a demo'
		),
		form(
			FORM_IDS.webinar,
			'Webinar registration – Pipeline Hygiene (Mar 12)',
			[
				field('email', 'Email', 'email', true),
				field('firstname', 'First name', 'single_line_text', true),
				field('lastname', 'Last name', 'single_line_text', true),
				field('company', 'Company name', 'single_line_text', false),
				field('jobtitle', 'Job title', 'single_line_text', false)
			],
			'You are registered! Check your inbox for the calendar invite.',
			'Register'
		),
		form(FORM_IDS.newsletter, 'Newsletter signup', [field('email', 'Email', 'email', true)], 'Thanks for subscribing!', 'Subscribe')
	];
	forms[0]!.fieldGroups[4]!.fields[0]!.required = false;
	const form_submissions: FormSubmission[] = [];
	const PAGES: Record<string, [string, string]> = {
		[FORM_IDS.contactUs]: ['https://www.salesgym.io/contact', 'Contact us | salesgym'],
		[FORM_IDS.demo]: ['https://www.salesgym.io/demo', 'Book a demo | salesgym'],
		[FORM_IDS.webinar]: ['https://www.salesgym.io/webinars/pipeline-hygiene', 'Webinar: Pipeline Hygiene | salesgym'],
		[FORM_IDS.newsletter]: ['https://www.salesgym.io/blog', 'Blog | salesgym']
	};
	const submitters = r.shuffle(live.filter((c) => c.createdAt >= '2025-06-01T00:00:00.000Z' && c.properties.hs_email_optout !== 'true')).slice(0, 60);
	const formOrder = [FORM_IDS.demo, FORM_IDS.contactUs, FORM_IDS.webinar, FORM_IDS.newsletter, FORM_IDS.demo, FORM_IDS.webinar];
	const subs = submitters.map((c, i) => {
		const f = forms.find((x) => x.id === formOrder[i % formOrder.length])!;
		const values = f.fieldGroups
			.flatMap((g) => g.fields)
			.flatMap((fd) => {
				const v = fd.name === 'message' ? 'Interested in pricing for our SDR team.' : c.properties[fd.name];
				return v ? [{ name: fd.name, value: v }] : [];
			});
		return { formId: f.id, submittedAt: c.createdAt, values, contactId: c.id };
	});
	subs.sort((a, b) => (a.submittedAt < b.submittedAt ? -1 : a.submittedAt > b.submittedAt ? 1 : Number(a.contactId) - Number(b.contactId)));
	subs.forEach((s, i) => {
		const [pageUri, pageName] = PAGES[s.formId]!;
		form_submissions.push({ id: String(SALES_ID_BASE.form_submissions + i), ...s, pageUri, pageName });
	});

	const next = (rows: { id: string }[], base: number) => rows.reduce((m, x) => Math.max(m, Number(x.id) + 1), base);
	return {
		inboxes,
		sequences,
		sequence_enrollments,
		lists,
		list_memberships,
		forms,
		form_submissions,
		next_ids: {
			lists: next(lists, SALES_ID_BASE.lists),
			form_submissions: next(form_submissions, SALES_ID_BASE.form_submissions),
			sequences: next(sequences, SALES_ID_BASE.sequences),
			sequence_enrollments: next(sequence_enrollments, SALES_ID_BASE.sequence_enrollments),
			inboxes: next(inboxes, SALES_ID_BASE.inboxes)
		}
	};
}

const later = (a: string, b: string) => (a > b ? a : b);
