/**
 * The Outreach API v2 handlers and route table (paths relative to `/api/outreach`, standing for
 * `https://api.outreach.io/api/v2`). Reads are the generic JSON:API collection / member reads of jsonapi.ts;
 * writes follow the Outreach OpenAPI operations: POST/PATCH `prospects` and `accounts`; POST `sequenceStates`
 * (enroll), DELETE `sequenceStates/{id}`, `sequenceStates/{id}/actions/finish|pause|resume` (no PATCH: every
 * sequenceState attribute is read-only); `sequences/{id}/actions/activate|deactivate` (`enabled` is read-only);
 * POST `mailings` (no PATCH or DELETE); POST `tasks` and `tasks/{id}/actions/markComplete|snooze|reschedule|advance`;
 * POST `calls` (no PATCH); POST/PATCH `templates` and `snippets`. Action parameters come as `actionParams[name]=value` (deepObject query).
 */
import type { z } from 'zod';
import { bodyParser } from '../../kit/body';
import { readMeta } from '../../kit/read-cache';
import type { Route } from '../../kit/router';
import type { ApiRequest, ApiResponse } from '../../types';
import {
	AccountCreateBody,
	AccountUpdateBody,
	CallCreateBody,
	CUSTOM_FIELD_MAX_LENGTH,
	customFieldLabel,
	IsoTimestamp,
	isCustomField,
	MailingCreateBody,
	ProspectCreateBody,
	ProspectUpdateBody,
	ProspectWritable,
	renderTemplate,
	SequenceStateCreateBody,
	SnippetCreateBody,
	SnippetUpdateBody,
	TaskCreateBody,
	TemplateCreateBody,
	TemplateUpdateBody,
	type Account,
	type Prospect,
	type ResourceType,
	type Sequence,
	type SequenceState,
	type Task
} from '../contract';
import type { OutreachDb } from '../db';
import { RESOURCE_TYPES, TABLE_OF_TYPE } from '../schema';
import { OUTREACH_ERRORS, OutreachError } from './errors';
import './engagement';
import { getRow, listResponse, resourceResponse, type Row } from './jsonapi';
import {
	ACTIVE_LIKE,
	advanceState,
	applyOptOut,
	detachFinishedWork,
	dropOpenWork,
	enrollRefusal,
	finishState,
	plus,
	resumeDue,
	SNOOZE_S,
	startStep,
	stepsOf
} from './sequencing';
import { run, ValidationError, type Tx } from './tx';

const parse = bodyParser(OUTREACH_ERRORS.invalidBody);
type H = (db: OutreachDb, req: ApiRequest, ...p: string[]) => Promise<ApiResponse>;

/** The run clock for reads (409 before any run). */
async function clockOf(db: OutreachDb): Promise<string> {
	const meta = await readMeta(db);
	if (!meta) throw OUTREACH_ERRORS.noRun();
	return meta.clock;
}

/** An identifier's id as the stored string. */
const sid = (id: number | string): string => String(id);

/** `actionParams[name]` of the query, or undefined. */
const actionParam = (req: ApiRequest, name: string): string | undefined => req.query.get(`actionParams[${name}]`) ?? undefined;

/** Refuses query parameters other than `actionParams[…]`, include and fields on an action. @throws 400 */
function actionParams(req: ApiRequest, allowed: string[]): void {
	for (const k of req.query.keys()) {
		const m = /^actionParams\[([A-Za-z]+)\]$/.exec(k);
		if (m ? !allowed.includes(m[1]!) : k !== 'include' && !k.startsWith('fields['))
			throw new OutreachError(
				400,
				'badRequest',
				'Bad Request',
				`"${k}" is not a parameter of this action${allowed.length ? ` (actionParams: ${allowed.join(', ')})` : ''}`
			);
	}
}

/** Refuses a to-one relationship that names no row. @throws ValidationError 422 */
async function relTarget(tx: Tx, type: ResourceType, rel: { data: { id: number | string } | null } | undefined, pointer: string): Promise<Row | null> {
	if (!rel?.data) return null;
	const row = await tx.find(type, sid(rel.data.id));
	if (!row) throw new ValidationError(`${type} ${rel.data.id} does not exist.`, pointer);
	return row;
}

/** The 422 `validationDuplicateValueError` of an email another prospect has (Outreach: email_hash is unique). */
async function checkEmails(tx: Tx, emails: string[], self: string | null): Promise<void> {
	const seen = new Set<string>();
	for (const e of emails) {
		const low = e.toLowerCase();
		if (seen.has(low))
			throw new OutreachError(422, 'validationDuplicateValueError', 'Validation Duplicate Value Error', 'A Contact with this email_hash already exists.');
		seen.add(low);
	}
	for (const p of await tx.rows('prospects'))
		if (p.id !== self && (p.attributes.emails as string[]).some((x) => seen.has(x.toLowerCase())))
			throw new OutreachError(422, 'validationDuplicateValueError', 'Validation Duplicate Value Error', 'A Contact with this email_hash already exists.');
}

/** Rewrites a prospect's emailAddresses rows to match its `emails` (statuses kept by address). */
async function syncEmailAddresses(tx: Tx, p: Prospect): Promise<void> {
	const mine = (await tx.rows('emailAddresses')).filter((e) => e.relationships.prospect?.data?.id === p.id);
	const byEmail = new Map(mine.map((e) => [String(e.attributes.email), e]));
	const wanted = p.attributes.emails.map((e) => e.toLowerCase());
	for (const e of mine) if (!wanted.includes(String(e.attributes.email))) await tx.del('emailAddresses', e.id);
	for (const [order, email] of wanted.entries()) {
		const old = byEmail.get(email);
		if (old && old.attributes.order === order) continue;
		await tx.put(
			'emailAddresses',
			(old
				? { ...old, attributes: { ...old.attributes, order, updatedAt: tx.at } }
				: {
						type: 'emailAddress',
						id: tx.id('emailAddresses'),
						attributes: { email, emailType: 'work', order, status: null, statusChangedAt: null, unsubscribedAt: null, createdAt: tx.at, updatedAt: tx.at },
						relationships: { prospect: { data: { type: 'prospect', id: p.id } } }
					}) as Row
		);
	}
}

/** Writable prospect attributes of a request. */
type ProspectAttrs = Partial<z.infer<typeof ProspectWritable>>;

/**
 * Refuses a custom field value longer than 32000 characters before the body is parsed, with the field's pointer
 * (Outreach OpenAPI `prospect.customN`: `maxLength: 32000`; Outreach's help "Custom text field with configurable
 * max length": a value over the limit cannot be saved). The body parser's own `max` is the second guard.
 * @throws ValidationError 422 `validationError` "Custom Field 3 is too long (maximum is 32000 characters)."
 */
function refuseLongCustomFields(body: unknown): void {
	const attrs = (body as { data?: { attributes?: unknown } } | null)?.data?.attributes;
	if (!attrs || typeof attrs !== 'object') return;
	for (const [k, v] of Object.entries(attrs))
		if (isCustomField(k) && typeof v === 'string' && v.length > CUSTOM_FIELD_MAX_LENGTH)
			throw new ValidationError(
				`${customFieldLabel(k)} is too long (maximum is ${CUSTOM_FIELD_MAX_LENGTH} characters, got ${v.length}).`,
				`/data/attributes/${k}`
			);
}

/**
 * Applies writable prospect attributes (timeZone → timeZoneIana; optedOut stamps optedOutAt; a custom field set to
 * null or "" is cleared: removed from the stored row, so it is served null and the row is as if never set).
 */
function applyProspect(p: Prospect, a: ProspectAttrs, at: string): Prospect {
	const { timeZone, ...rest } = a as ProspectAttrs & { timeZone?: string | null };
	const next = { ...p.attributes, ...rest, updatedAt: at } as Prospect['attributes'];
	const bag = next as unknown as Record<string, unknown>;
	for (const k of Object.keys(rest)) if (isCustomField(k) && (bag[k] === null || bag[k] === '')) delete bag[k];
	if (rest.emails) next.emails = rest.emails.map((e) => e.toLowerCase());
	if (timeZone !== undefined) next.timeZoneIana = timeZone;
	if (rest.optedOut === true && !p.attributes.optedOut) next.optedOutAt = at;
	if (rest.optedOut === false) next.optedOutAt = null;
	if (rest.emailOptedOut !== undefined && rest.emailOptedOut !== p.attributes.emailOptedOut)
		next.emailsOptStatus = rest.emailOptedOut ? 'opted_out' : 'opted_in';
	return { ...p, attributes: next };
}

/** Relationship changes of a prospect / account write. */
async function applyRels(
	tx: Tx,
	row: Row,
	rels: Record<string, { data: { id: number | string } | null } | undefined> | undefined,
	types: Record<string, ResourceType>
): Promise<Row> {
	if (!rels) return row;
	const out = { ...row.relationships };
	for (const [name, rel] of Object.entries(rels)) {
		if (!rel) continue;
		const target = await relTarget(tx, types[name]!, rel, `/data/relationships/${name}`);
		out[name] = { data: target ? { type: types[name]!, id: target.id } : null };
	}
	return { ...row, relationships: out };
}

const createProspect: H = async (db, req) => {
	refuseLongCustomFields(req.body);
	const body = parse(ProspectCreateBody, req.body);
	return run(db, req, 201, async (tx) => {
		await resumeDue(tx);
		const a = body.data.attributes;
		await checkEmails(tx, a.emails ?? [], null);
		const blank: Prospect = {
			type: 'prospect',
			id: tx.id('prospects'),
			attributes: {
				firstName: '',
				lastName: '',
				emails: [],
				title: null,
				company: null,
				linkedInUrl: null,
				workPhones: [],
				mobilePhones: [],
				timeZoneIana: null,
				tags: [],
				optedOut: false,
				optedOutAt: null,
				emailOptedOut: false,
				emailsOptStatus: null,
				callOptedOut: false,
				engagedScore: 0,
				touchedAt: null,
				externalId: null,
				createdAt: tx.at,
				updatedAt: tx.at
			},
			relationships: { account: { data: null }, owner: { data: null }, stage: { data: null } }
		};
		const p = (await applyRels(tx, applyProspect(blank, a, tx.at) as unknown as Row, body.data.relationships, {
			account: 'account',
			owner: 'user',
			stage: 'stage'
		})) as unknown as Prospect;
		await tx.put('prospects', p as unknown as Row);
		await syncEmailAddresses(tx, p);
		return resourceResponse(db, req, p as unknown as Row, tx.at, 201);
	});
};

const updateProspect: H = async (db, req, id) => {
	refuseLongCustomFields(req.body);
	const body = parse(ProspectUpdateBody, req.body);
	if (sid(body.data.id) !== id) throw new ValidationError(`data.id ${body.data.id} does not match the path id ${id}.`, '/data/id');
	return run(db, req, 200, async (tx) => {
		await resumeDue(tx);
		const old = (await tx.get('prospect', id)) as unknown as Prospect;
		const a = body.data.attributes ?? {};
		if (a.emails) await checkEmails(tx, a.emails, id);
		const p = (await applyRels(tx, applyProspect(old, a, tx.at) as unknown as Row, body.data.relationships, {
			account: 'account',
			owner: 'user',
			stage: 'stage'
		})) as unknown as Prospect;
		await tx.put('prospects', p as unknown as Row);
		if (a.emails) await syncEmailAddresses(tx, p);
		const newlyOut =
			(p.attributes.optedOut && !old.attributes.optedOut) ||
			(p.attributes.emailOptedOut && !old.attributes.emailOptedOut) ||
			(p.attributes.callOptedOut && !old.attributes.callOptedOut);
		if (newlyOut) await applyOptOut(tx, p);
		return resourceResponse(db, req, (await tx.get('prospect', id)) as Row, tx.at);
	});
};

const createAccount: H = async (db, req) => {
	const body = parse(AccountCreateBody, req.body);
	return run(db, req, 201, async (tx) => {
		const a = body.data.attributes;
		const blank: Account = {
			type: 'account',
			id: tx.id('accounts'),
			attributes: {
				name: a.name,
				domain: '',
				websiteUrl: null,
				industry: null,
				numberOfEmployees: null,
				locality: null,
				linkedInUrl: null,
				tags: [],
				named: true,
				createdAt: tx.at,
				updatedAt: tx.at
			},
			relationships: { owner: { data: null } }
		};
		const row = await applyRels(
			tx,
			{ ...blank, attributes: { ...blank.attributes, ...a, domain: (a.domain ?? '').toLowerCase() } } as unknown as Row,
			body.data.relationships,
			{ owner: 'user' }
		);
		await tx.put('accounts', row);
		return resourceResponse(db, req, row, tx.at, 201);
	});
};

const updateAccount: H = async (db, req, id) => {
	const body = parse(AccountUpdateBody, req.body);
	if (sid(body.data.id) !== id) throw new ValidationError(`data.id ${body.data.id} does not match the path id ${id}.`, '/data/id');
	return run(db, req, 200, async (tx) => {
		const old = await tx.get('account', id);
		const row = await applyRels(tx, { ...old, attributes: { ...old.attributes, ...(body.data.attributes ?? {}), updatedAt: tx.at } }, body.data.relationships, {
			owner: 'user'
		});
		await tx.put('accounts', row);
		return resourceResponse(db, req, row, tx.at);
	});
};

/**
 * Defaults of a new template's attributes (replica, after the product's template editor): empty subject and body, no
 * tags, shared, not archived, open and link tracking on (Outreach tracks opens and clicks unless turned off), no
 * default recipients.
 */
const TEMPLATE_DEFAULTS = {
	subject: '',
	bodyHtml: '',
	tags: [] as string[],
	shareType: 'shared',
	archived: false,
	trackOpens: true,
	trackLinks: true,
	toRecipients: [] as string[],
	ccRecipients: [] as string[],
	bccRecipients: [] as string[]
};

/**
 * Creates a template (POST /templates, Outreach OpenAPI "Create a New Template"): `name` required; the other writable
 * attributes default to `TEMPLATE_DEFAULTS`; owner = the acting user unless given. @throws 422
 */
const createTemplate: H = async (db, req) => {
	const body = parse(TemplateCreateBody, req.body);
	return run(db, req, 201, async (tx) => {
		const row = await applyRels(
			tx,
			{
				type: 'template',
				id: tx.id('templates'),
				attributes: { ...TEMPLATE_DEFAULTS, ...body.data.attributes, createdAt: tx.at, updatedAt: tx.at },
				relationships: { owner: { data: tx.stamp.meta.actor ? { type: 'user', id: tx.stamp.meta.actor } : null } }
			} as Row,
			body.data.relationships,
			{ owner: 'user' }
		);
		await tx.put('templates', row);
		return resourceResponse(db, req, row, tx.at, 201);
	});
};

/** Updates a template (PATCH /templates/{id}): only the writable attributes and owner. @throws 404, 422 */
const updateTemplate: H = async (db, req, id) => {
	const body = parse(TemplateUpdateBody, req.body);
	if (sid(body.data.id) !== id) throw new ValidationError(`data.id ${body.data.id} does not match the path id ${id}.`, '/data/id');
	return run(db, req, 200, async (tx) => {
		const old = await tx.get('template', id);
		const row = await applyRels(tx, { ...old, attributes: { ...old.attributes, ...(body.data.attributes ?? {}), updatedAt: tx.at } }, body.data.relationships, {
			owner: 'user'
		});
		await tx.put('templates', row);
		return resourceResponse(db, req, row, tx.at);
	});
};

/**
 * Creates a snippet (POST /snippets, Outreach OpenAPI "Create a New Snippet"): `name` required; defaults body "",
 * shareType "private", no tags, owner = the acting user unless given. @throws 422
 */
const createSnippet: H = async (db, req) => {
	const body = parse(SnippetCreateBody, req.body);
	return run(db, req, 201, async (tx) => {
		const row = await applyRels(
			tx,
			{
				type: 'snippet',
				id: tx.id('snippets'),
				attributes: { bodyHtml: '', shareType: 'private', tags: [], ...body.data.attributes, createdAt: tx.at, updatedAt: tx.at },
				relationships: { owner: { data: tx.stamp.meta.actor ? { type: 'user', id: tx.stamp.meta.actor } : null } }
			} as Row,
			body.data.relationships,
			{ owner: 'user' }
		);
		await tx.put('snippets', row);
		return resourceResponse(db, req, row, tx.at, 201);
	});
};

/** Updates a snippet (PATCH /snippets/{id}): only the writable attributes and owner. @throws 404, 422 */
const updateSnippet: H = async (db, req, id) => {
	const body = parse(SnippetUpdateBody, req.body);
	if (sid(body.data.id) !== id) throw new ValidationError(`data.id ${body.data.id} does not match the path id ${id}.`, '/data/id');
	return run(db, req, 200, async (tx) => {
		const old = await tx.get('snippet', id);
		const row = await applyRels(tx, { ...old, attributes: { ...old.attributes, ...(body.data.attributes ?? {}), updatedAt: tx.at } }, body.data.relationships, {
			owner: 'user'
		});
		await tx.put('snippets', row);
		return resourceResponse(db, req, row, tx.at);
	});
};

/** Enrolls a prospect (POST /sequenceStates): the ruleset decides; the first step's work is created. */
const enroll: H = async (db, req) => {
	const body = parse(SequenceStateCreateBody, req.body);
	return run(db, req, 201, async (tx) => {
		await resumeDue(tx);
		const r = body.data.relationships;
		const prospect = (await relTarget(tx, 'prospect', r.prospect, '/data/relationships/prospect')) as unknown as Prospect | null;
		const seq = (await relTarget(tx, 'sequence', r.sequence, '/data/relationships/sequence')) as unknown as Sequence | null;
		const mailbox = await relTarget(tx, 'mailbox', r.mailbox, '/data/relationships/mailbox');
		if (!prospect) throw new ValidationError('A sequenceState needs a prospect.', '/data/relationships/prospect');
		if (!seq) throw new ValidationError('A sequenceState needs a sequence.', '/data/relationships/sequence');
		if (!mailbox) throw new ValidationError('A sequenceState needs a mailbox.', '/data/relationships/mailbox');
		const steps = await stepsOf(tx, seq.id);
		if (!steps.length) throw new ValidationError(`Sequence "${seq.attributes.name}" has no steps.`, '/data/relationships/sequence');
		let from = 0;
		if (r.sequenceStep?.data) {
			from = steps.findIndex((s) => s.id === sid(r.sequenceStep!.data!.id));
			if (from < 0)
				throw new ValidationError(
					`sequenceStep ${r.sequenceStep.data.id} is not a step of sequence "${seq.attributes.name}".`,
					'/data/relationships/sequenceStep'
				);
		}
		const refusal = await enrollRefusal(tx, prospect, seq, mailbox, steps);
		if (refusal) throw refusal;
		const enabled = seq.attributes.enabled;
		const meta = tx.stamp.meta;
		const state: SequenceState = {
			type: 'sequenceState',
			id: tx.id('sequenceStates'),
			attributes: {
				state: enabled ? 'active' : 'pending',
				stateChangedAt: tx.at,
				activeAt: enabled ? tx.at : null,
				pauseReason: null,
				autoResumeAt: null,
				errorReason: null,
				repliedAt: null,
				callCompletedAt: null,
				deliverCount: 0,
				openCount: 0,
				clickCount: 0,
				replyCount: 0,
				bounceCount: 0,
				failureCount: 0,
				createdAt: tx.at,
				updatedAt: tx.at
			},
			relationships: {
				prospect: { data: { type: 'prospect', id: prospect.id } },
				sequence: { data: { type: 'sequence', id: seq.id } },
				sequenceStep: { data: enabled ? null : { type: 'sequenceStep', id: steps[from]!.id } },
				mailbox: { data: { type: 'mailbox', id: mailbox.id } },
				account: { data: prospect.relationships.account.data },
				creator: { data: { type: 'user', id: meta.actor ?? '1001' } }
			}
		};
		const stored = enabled ? await startStep(tx, state, seq, steps, from) : state;
		if (!enabled) await tx.put('sequenceStates', state as unknown as Row);
		const rs = (await tx.get('ruleset', seq.relationships.ruleset.data?.id ?? '480001')) as Row;
		const started = (rs.relationships.startedStage?.data?.id ?? null) as string | null;
		const p = (await tx.get('prospect', prospect.id)) as unknown as Prospect;
		const cold = p.relationships.stage.data ? String((await tx.get('stage', p.relationships.stage.data.id)).attributes.name) === 'Cold' : true;
		if (started && cold)
			await tx.put('prospects', {
				...p,
				attributes: { ...p.attributes, updatedAt: tx.at },
				relationships: { ...p.relationships, stage: { data: { type: 'stage', id: started } } }
			} as unknown as Row);
		return resourceResponse(db, req, stored as unknown as Row, tx.at, 201);
	});
};

/** One sequenceState action. */
function stateAction(action: 'finish' | 'pause' | 'resume'): H {
	return async (db, req, id) => {
		actionParams(req, action === 'pause' ? ['autoResumeAt', 'pauseReason'] : []);
		const resumeAt = actionParam(req, 'autoResumeAt');
		if (resumeAt !== undefined && !IsoTimestamp.safeParse(resumeAt).success)
			throw new OutreachError(
				400,
				'badRequest',
				'Bad Request',
				`actionParams[autoResumeAt] must be a UTC ISO-8601 timestamp with milliseconds, got "${resumeAt}"`
			);
		return run(db, req, 200, async (tx) => {
			await resumeDue(tx);
			const s = (await tx.get('sequenceState', id)) as unknown as SequenceState;
			const st = s.attributes.state;
			if (action !== 'resume' && st !== 'active')
				throw new ValidationError(`Sequence state ${id} is ${st}: only an active sequence state can be ${action === 'finish' ? 'finished' : 'paused'}.`);
			if (action === 'resume' && st !== 'paused') throw new ValidationError(`Sequence state ${id} is ${st}: only a paused sequence state can be resumed.`);
			if (resumeAt !== undefined && resumeAt <= tx.at) throw new ValidationError(`actionParams[autoResumeAt] ${resumeAt} is not after now (${tx.at}).`);
			let next: SequenceState;
			if (action === 'finish') next = await finishState(tx, s, 'manual');
			else {
				next = {
					...s,
					attributes: {
						...s.attributes,
						state: action === 'pause' ? 'paused' : 'active',
						stateChangedAt: tx.at,
						pauseReason: action === 'pause' ? (actionParam(req, 'pauseReason') ?? 'manual') : null,
						autoResumeAt: action === 'pause' ? (resumeAt ?? null) : null,
						updatedAt: tx.at
					}
				};
				await tx.put('sequenceStates', next as unknown as Row);
			}
			return resourceResponse(db, req, next as unknown as Row, tx.at);
		});
	};
}

const removeState: H = async (db, req, id) =>
	run(db, req, 204, async (tx) => {
		await tx.get('sequenceState', id);
		await dropOpenWork(tx, id);
		await detachFinishedWork(tx, id);
		await tx.del('sequenceStates', id);
		return { status: 204 };
	});

/** Sequence activate / deactivate: pending states start, active ones are disabled (and back). */
function sequenceAction(on: boolean): H {
	return async (db, req, id) => {
		actionParams(req, []);
		return run(db, req, 200, async (tx) => {
			await resumeDue(tx);
			const seq = (await tx.get('sequence', id)) as unknown as Sequence;
			if (seq.attributes.enabled === on) return resourceResponse(db, req, seq as unknown as Row, tx.at);
			const next: Sequence = { ...seq, attributes: { ...seq.attributes, enabled: on, enabledAt: on ? tx.at : seq.attributes.enabledAt, updatedAt: tx.at } };
			await tx.put('sequences', next as unknown as Row);
			const steps = await stepsOf(tx, id);
			for (const s of (await tx.rows('sequenceStates')) as unknown as SequenceState[]) {
				if (s.relationships.sequence.data.id !== id) continue;
				if (on && s.attributes.state === 'pending') {
					const from = Math.max(
						0,
						steps.findIndex((x) => x.id === s.relationships.sequenceStep.data?.id)
					);
					await startStep(tx, { ...s, attributes: { ...s.attributes, state: 'active', activeAt: tx.at, stateChangedAt: tx.at } }, next, steps, from);
				} else if (on && s.attributes.state === 'disabled') {
					await tx.put('sequenceStates', { ...s, attributes: { ...s.attributes, state: 'active', stateChangedAt: tx.at, updatedAt: tx.at } } as unknown as Row);
				} else if (!on && s.attributes.state === 'active') {
					await tx.put('sequenceStates', {
						...s,
						attributes: { ...s.attributes, state: 'disabled', stateChangedAt: tx.at, updatedAt: tx.at }
					} as unknown as Row);
				}
			}
			return resourceResponse(db, req, next as unknown as Row, tx.at);
		});
	};
}

/** One-off email (POST /mailings): never to an opted-out, bounced or address-less prospect; variables must resolve. */
const createMailing: H = async (db, req) => {
	const body = parse(MailingCreateBody, req.body);
	return run(db, req, 201, async (tx) => {
		const a = body.data.attributes;
		const r = body.data.relationships;
		const p = (await relTarget(tx, 'prospect', r.prospect, '/data/relationships/prospect')) as unknown as Prospect | null;
		const mailbox = await relTarget(tx, 'mailbox', r.mailbox, '/data/relationships/mailbox');
		const tpl = await relTarget(tx, 'template', r.template, '/data/relationships/template');
		if (!p) throw new ValidationError('A mailing needs a prospect.', '/data/relationships/prospect');
		if (!mailbox) throw new ValidationError('A mailing needs a mailbox.', '/data/relationships/mailbox');
		const name = `${p.attributes.firstName} ${p.attributes.lastName}`.trim();
		if (p.attributes.optedOut || p.attributes.emailOptedOut) throw new ValidationError(`${name} has opted out of email.`, '/data/relationships/prospect');
		const to = p.attributes.emails[0];
		if (!to) throw new ValidationError(`${name} has no email address.`, '/data/relationships/prospect');
		const addr = (await tx.rows('emailAddresses')).find((e) => e.relationships.prospect?.data?.id === p.id && e.attributes.email === to);
		if (addr?.attributes.status === 'bounced') throw new ValidationError(`${name}'s email address ${to} has bounced.`, '/data/relationships/prospect');
		if (mailbox.attributes.sendDisabled)
			throw new ValidationError(`Mailbox ${String(mailbox.attributes.email)} has sending disabled.`, '/data/relationships/mailbox');
		const account = p.relationships.account.data ? await tx.find('account', p.relationships.account.data.id) : undefined;
		const senderId = mailbox.relationships.user?.data?.id;
		const sender = senderId ? await tx.find('user', senderId) : undefined;
		const ctx = { prospect: p.attributes, account: (account?.attributes ?? null) as never, sender: (sender?.attributes ?? null) as never };
		const subject = renderTemplate(a.subject, ctx);
		const html = renderTemplate(a.bodyHtml, ctx);
		const unresolved = [...new Set([...subject.unresolved, ...html.unresolved])];
		if (unresolved.length)
			throw new ValidationError(`The email has unresolved variables: ${unresolved.map((u) => `{{${u}}}`).join(', ')}.`, '/data/attributes/bodyHtml');
		const later = a.scheduledAt && a.scheduledAt > tx.at;
		const row: Row = {
			type: 'mailing',
			id: tx.id('mailings'),
			attributes: {
				subject: subject.text,
				bodyHtml: html.text,
				bodyText: html.text
					.replace(/<[^>]+>/g, ' ')
					.replace(/\s+/g, ' ')
					.trim(),
				mailingType: 'single',
				state: later ? 'scheduled' : 'delivered',
				scheduledAt: later ? a.scheduledAt! : tx.at,
				deliveredAt: later ? null : tx.at,
				openedAt: null,
				openCount: 0,
				clickedAt: null,
				clickCount: 0,
				repliedAt: null,
				bouncedAt: null,
				errorReason: null,
				mailboxAddress: String(mailbox.attributes.email),
				trackLinks: a.trackLinks ?? (tpl ? Boolean(tpl.attributes.trackLinks) : true),
				trackOpens: a.trackOpens ?? (tpl ? Boolean(tpl.attributes.trackOpens) : true),
				followUpTaskType: null,
				createdAt: tx.at,
				updatedAt: tx.at
			},
			relationships: {
				prospect: { data: { type: 'prospect', id: p.id } },
				mailbox: { data: { type: 'mailbox', id: mailbox.id } },
				sequence: { data: null },
				sequenceState: { data: null },
				sequenceStep: { data: null },
				template: { data: tpl ? { type: 'template', id: tpl.id } : null }
			}
		};
		await tx.put('mailings', row);
		if (!later) await tx.put('prospects', { ...p, attributes: { ...p.attributes, touchedAt: tx.at, updatedAt: tx.at } } as unknown as Row);
		return resourceResponse(db, req, row, tx.at, 201);
	});
};

const createTask: H = async (db, req) => {
	const body = parse(TaskCreateBody, req.body);
	return run(db, req, 201, async (tx) => {
		const a = body.data.attributes;
		const subj = body.data.relationships.subject.data;
		const subject = await tx.find(subj.type, sid(subj.id));
		if (!subject) throw new ValidationError(`${subj.type} ${subj.id} does not exist.`, '/data/relationships/subject');
		const owner = await relTarget(tx, 'user', body.data.relationships.owner, '/data/relationships/owner');
		if (!owner) throw new ValidationError('A task needs an owner.', '/data/relationships/owner');
		const row: Row = {
			type: 'task',
			id: tx.id('tasks'),
			attributes: {
				action: a.action,
				state: 'incomplete',
				taskType: 'manual',
				dueAt: a.dueAt,
				autoskipAt: null,
				note: a.note ?? null,
				completedAt: null,
				createdAt: tx.at,
				updatedAt: tx.at
			},
			relationships: {
				subject: { data: { type: subj.type, id: subject.id } },
				owner: { data: { type: 'user', id: owner.id } },
				sequenceState: { data: null },
				sequenceStep: { data: null }
			}
		};
		await tx.put('tasks', row);
		return resourceResponse(db, req, row, tx.at, 201);
	});
};

/** Completes a task and applies what it means to its sequence state (advance, finish no reply, finish replied). */
async function completeTask(tx: Tx, t: Task, how: 'advance' | 'no_reply' | 'replied', note?: string): Promise<Task> {
	if (t.attributes.state === 'complete') throw new ValidationError(`Task ${t.id} is already complete.`);
	const done: Task = { ...t, attributes: { ...t.attributes, state: 'complete', completedAt: tx.at, note: note ?? t.attributes.note, updatedAt: tx.at } };
	await tx.put('tasks', done as unknown as Row);
	const sid_ = t.relationships.sequenceState.data?.id;
	if (sid_) {
		let s = (await tx.get('sequenceState', sid_)) as unknown as SequenceState;
		if (t.attributes.action === 'call') {
			s = { ...s, attributes: { ...s.attributes, callCompletedAt: tx.at, updatedAt: tx.at } };
			await tx.put('sequenceStates', s as unknown as Row);
		}
		if (s.attributes.state === 'active' && s.relationships.sequenceStep.data?.id === t.relationships.sequenceStep.data?.id) {
			if (how === 'advance') await advanceState(tx, s);
			else await finishState(tx, s, how);
		}
	}
	return done;
}

function taskAction(action: 'markComplete' | 'snooze' | 'reschedule' | 'advance'): H {
	const allowed = { markComplete: ['completionAction', 'completionNote'], snooze: [], reschedule: ['dueAt'], advance: [] }[action];
	return async (db, req, id) => {
		actionParams(req, allowed);
		const dueAt = actionParam(req, 'dueAt');
		if (action === 'reschedule' && (dueAt === undefined || !IsoTimestamp.safeParse(dueAt).success))
			throw new OutreachError(
				400,
				'badRequest',
				'Bad Request',
				`actionParams[dueAt] is required: a UTC ISO-8601 timestamp with milliseconds${dueAt ? `, got "${dueAt}"` : ''}`
			);
		return run(db, req, 200, async (tx) => {
			await resumeDue(tx);
			const t = (await tx.get('task', id)) as unknown as Task;
			let next: Task;
			if (action === 'markComplete') {
				const ca = actionParam(req, 'completionAction');
				next = await completeTask(
					tx,
					t,
					ca === 'finish_no_reply' ? 'no_reply' : ca === 'finish_replied' ? 'replied' : 'advance',
					actionParam(req, 'completionNote')
				);
			} else if (action === 'advance') {
				if (!t.attributes.taskType.startsWith('sequence_step_'))
					throw new ValidationError(`Task ${id} is a ${t.attributes.taskType} task: only sequence step tasks can be advanced.`);
				next = await completeTask(tx, t, 'advance');
			} else {
				if (t.attributes.state === 'complete') throw new ValidationError(`Task ${id} is already complete.`);
				if (action === 'reschedule' && dueAt! < tx.at)
					throw new ValidationError(`A task cannot be rescheduled into the past (${dueAt} is before ${tx.at}).`, '/actionParams/dueAt');
				const due = action === 'snooze' ? plus(t.attributes.dueAt > tx.at ? t.attributes.dueAt : tx.at, SNOOZE_S) : dueAt!;
				next = { ...t, attributes: { ...t.attributes, dueAt: due, updatedAt: tx.at } };
				await tx.put('tasks', next as unknown as Row);
			}
			return resourceResponse(db, req, next as unknown as Row, tx.at);
		});
	};
}

/** Logs a call (POST /calls); with a call task, completes it and applies `sequenceAction`. */
const createCall: H = async (db, req) => {
	const body = parse(CallCreateBody, req.body);
	return run(db, req, 201, async (tx) => {
		await resumeDue(tx);
		const a = body.data.attributes;
		const r = body.data.relationships;
		const p = (await relTarget(tx, 'prospect', r.prospect, '/data/relationships/prospect')) as unknown as Prospect | null;
		if (!p) throw new ValidationError('A call needs a prospect.', '/data/relationships/prospect');
		if (p.attributes.callOptedOut || p.attributes.optedOut)
			throw new ValidationError(`${p.attributes.firstName} ${p.attributes.lastName} has opted out of calls.`, '/data/relationships/prospect');
		const disp = await relTarget(tx, 'callDisposition', r.callDisposition, '/data/relationships/callDisposition');
		const task = (await relTarget(tx, 'task', r.task, '/data/relationships/task')) as unknown as Task | null;
		const user = await relTarget(tx, 'user', r.user, '/data/relationships/user');
		if (task && task.attributes.action !== 'call') throw new ValidationError(`Task ${task.id} is not a call task.`, '/data/relationships/task');
		if (task && task.relationships.subject.data.id !== p.id)
			throw new ValidationError(`Task ${task.id} is about another prospect.`, '/data/relationships/task');
		if (disp && disp.attributes.outcome && disp.attributes.outcome !== a.outcome)
			throw new ValidationError(
				`The disposition "${String(disp.attributes.name)}" is for ${String(disp.attributes.outcome)} calls, not ${a.outcome} ones.`,
				'/data/relationships/callDisposition'
			);
		const sa = a.sequenceAction ?? null;
		const row: Row = {
			type: 'call',
			id: tx.id('calls'),
			attributes: {
				direction: a.direction ?? 'outbound',
				outcome: a.outcome,
				note: a.note ?? null,
				sequenceAction: sa,
				to: a.to ?? p.attributes.workPhones[0] ?? p.attributes.mobilePhones[0] ?? null,
				dialedAt: tx.at,
				answeredAt: a.outcome === 'Answered' ? tx.at : null,
				completedAt: tx.at,
				createdAt: tx.at,
				updatedAt: tx.at
			},
			relationships: {
				prospect: { data: { type: 'prospect', id: p.id } },
				user: { data: { type: 'user', id: user?.id ?? task?.relationships.owner.data.id ?? tx.stamp.meta.actor ?? '1001' } },
				callDisposition: { data: disp ? { type: 'callDisposition', id: disp.id } : null },
				task: { data: task ? { type: 'task', id: task.id } : null },
				sequence: { data: null },
				sequenceState: { data: task?.relationships.sequenceState.data ?? null },
				sequenceStep: { data: task?.relationships.sequenceStep.data ?? null }
			}
		};
		if (task?.relationships.sequenceState.data) {
			const s = await tx.get('sequenceState', task.relationships.sequenceState.data.id);
			row.relationships.sequence = { data: s.relationships.sequence!.data };
		}
		if (task)
			await completeTask(
				tx,
				task,
				sa === 'Finish - Replied' ? 'replied' : sa === 'Finish' || sa === 'Finish - No Reply' ? 'no_reply' : 'advance',
				a.note ?? undefined
			);
		await tx.put('calls', row);
		await tx.put('prospects', {
			...((await tx.get('prospect', p.id)) as Row),
			attributes: { ...((await tx.get('prospect', p.id)) as Row).attributes, touchedAt: tx.at, updatedAt: tx.at }
		});
		return resourceResponse(db, req, row, tx.at, 201);
	});
};

/** Collection path of each type (`/sequenceStates`). */
const plural = (t: ResourceType) => `/${TABLE_OF_TYPE[t]}`;

/** The Outreach route table (more specific paths first). */
export const OUTREACH_ROUTES: Route<OutreachDb>[] = [
	{ method: 'POST', path: '/prospects', handler: createProspect },
	{ method: 'PATCH', path: '/prospects/{id}', handler: updateProspect },
	{ method: 'POST', path: '/accounts', handler: createAccount },
	{ method: 'PATCH', path: '/accounts/{id}', handler: updateAccount },
	{ method: 'POST', path: '/templates', handler: createTemplate },
	{ method: 'PATCH', path: '/templates/{id}', handler: updateTemplate },
	{ method: 'POST', path: '/snippets', handler: createSnippet },
	{ method: 'PATCH', path: '/snippets/{id}', handler: updateSnippet },
	{ method: 'POST', path: '/sequenceStates', handler: enroll },
	{ method: 'DELETE', path: '/sequenceStates/{id}', handler: removeState },
	{ method: 'POST', path: '/sequenceStates/{id}/actions/finish', handler: stateAction('finish') },
	{ method: 'POST', path: '/sequenceStates/{id}/actions/pause', handler: stateAction('pause') },
	{ method: 'POST', path: '/sequenceStates/{id}/actions/resume', handler: stateAction('resume') },
	{ method: 'POST', path: '/sequences/{id}/actions/activate', handler: sequenceAction(true) },
	{ method: 'POST', path: '/sequences/{id}/actions/deactivate', handler: sequenceAction(false) },
	{ method: 'POST', path: '/mailings', handler: createMailing },
	{ method: 'POST', path: '/tasks', handler: createTask },
	{ method: 'POST', path: '/tasks/{id}/actions/markComplete', handler: taskAction('markComplete') },
	{ method: 'POST', path: '/tasks/{id}/actions/snooze', handler: taskAction('snooze') },
	{ method: 'POST', path: '/tasks/{id}/actions/reschedule', handler: taskAction('reschedule') },
	{ method: 'POST', path: '/tasks/{id}/actions/advance', handler: taskAction('advance') },
	{ method: 'POST', path: '/calls', handler: createCall },
	...RESOURCE_TYPES.flatMap((t): Route<OutreachDb>[] => [
		{ method: 'GET', path: plural(t), handler: async (db, req) => listResponse(db, req, t, await clockOf(db)) },
		{
			method: 'GET',
			path: `${plural(t)}/{id}`,
			handler: async (db, req, id) => {
				const clock = await clockOf(db);
				return resourceResponse(db, req, await getRow(db, t, id!), clock);
			}
		}
	])
];

/** Every served endpoint as `METHOD /path` (for the gym card and the vendor check). */
export const SERVED_ENDPOINTS = OUTREACH_ROUTES.map((r) => `${r.method} ${String(r.path)}`);

export { ACTIVE_LIKE };
