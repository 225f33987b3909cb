/**
 * Outreach's sequencing rules, enforced in the handlers (never only in the UI). Sources: Outreach OpenAPI
 * (`ruleset.sequenceExclusivity`, `ruleset.permitDuplicateProspects`, `sequence.transactional`, the
 * `sequenceStates/{id}/actions/finish|pause|resume` descriptions: finish and pause act on an *active* state only,
 * resume on a paused one), and Outreach's help articles "Sequence States Overview" (Pending = the sequence is
 * not enabled; Disabled = the sequence was disabled; a state counts as active unless finished or opted out),
 * "Can a prospect be added to a sequence if they are opted out?" (the block is per channel; `transactional`
 * bypasses it) and "Assigning Stages" (the ruleset sets the stage on add, bounce, opt-out, reply and finish).
 */
import type { Mailing, Prospect, Ruleset, Sequence, SequenceState, SequenceStep, Task } from '../contract';
import { renderTemplate, stepTaskType, type StepType } from '../contract';
import { RULESET_DEFAULT } from '../seed';
import { ValidationError, type Tx } from './tx';
import type { Row } from './jsonapi';
import { VIEWS } from './jsonapi';

const DAY_S = 86_400;

/** `t + seconds`, ISO ms. */
export const plus = (t: string, seconds: number): string => new Date(Date.parse(t) + seconds * 1000).toISOString();

/** States that count as "active in a sequence" (Outreach: everything but finished and opted out). */
export const ACTIVE_LIKE = new Set(['pending', 'active', 'paused', 'disabled', 'failed', 'bounced']);

/** Email step types (the channel an email opt-out blocks). */
const EMAIL_STEPS = new Set<StepType>(['auto_email', 'manual_email']);
/** Call step types. */
const CALL_STEPS = new Set<StepType>(['call']);

/**
 * Read view of sequenceStates: a paused state whose `autoResumeAt` is at or before the run's virtual clock reads
 * as active (the write that next touches it materializes the change, {@link resumeDue}).
 */
export function resumeView(clock: string) {
	return (row: Row): Row => {
		const a = row.attributes as SequenceState['attributes'];
		if (a.state !== 'paused' || !a.autoResumeAt || a.autoResumeAt > clock) return row;
		return { ...row, attributes: { ...a, state: 'active', pauseReason: null, autoResumeAt: null, stateChangedAt: a.autoResumeAt } };
	};
}
VIEWS.set('sequenceState', resumeView);

/** Materializes every due auto-resume (paused → active at its resume time), inside a write. */
export async function resumeDue(tx: Tx): Promise<void> {
	const view = resumeView(tx.at);
	for (const s of await tx.rows('sequenceStates')) {
		const v = view(s);
		if (v !== s) await tx.put('sequenceStates', { ...v, attributes: { ...v.attributes, updatedAt: tx.at } });
	}
}

/** The ruleset of a sequence (the org default when it names none). */
export async function rulesetOf(tx: Tx, seq: Sequence): Promise<Ruleset> {
	const id = seq.relationships.ruleset.data?.id ?? RULESET_DEFAULT;
	return (await tx.get('ruleset', id)) as unknown as Ruleset;
}

/** Steps of a sequence in order. */
export async function stepsOf(tx: Tx, sequenceId: string): Promise<SequenceStep[]> {
	return ((await tx.rows('sequenceSteps')) as unknown as SequenceStep[])
		.filter((s) => s.relationships.sequence.data.id === sequenceId)
		.sort((a, b) => a.attributes.order - b.attributes.order);
}

/** Whether the prospect may not receive `stepType` (per-channel opt-out), unless the sequence is transactional. */
function channelBlocked(p: Prospect, stepType: StepType): boolean {
	if (p.attributes.optedOut) return true;
	if (EMAIL_STEPS.has(stepType)) return p.attributes.emailOptedOut;
	if (CALL_STEPS.has(stepType)) return p.attributes.callOptedOut;
	return false;
}

/** Sets the prospect's stage to `stageId` (no-op when null or unchanged). */
async function setStage(tx: Tx, prospectId: string, stageId: string | null | undefined): Promise<void> {
	if (!stageId) return;
	const p = (await tx.get('prospect', prospectId)) as unknown as Prospect;
	if (p.relationships.stage.data?.id === stageId) return;
	await tx.put('prospects', {
		...p,
		attributes: { ...p.attributes, updatedAt: tx.at },
		relationships: { ...p.relationships, stage: { data: { type: 'stage', id: stageId } } }
	} as unknown as Row);
}

/** Why enrolling `prospect` in `seq` is refused, or null. Exclusivity, duplicates, opt-outs, bounces, mailbox. */
export async function enrollRefusal(tx: Tx, prospect: Prospect, seq: Sequence, mailbox: Row, steps: SequenceStep[]): Promise<ValidationError | null> {
	const rs = await rulesetOf(tx, seq);
	const states = ((await tx.rows('sequenceStates')) as unknown as SequenceState[]).filter((s) => s.relationships.prospect.data.id === prospect.id);
	const same = states.filter((s) => s.relationships.sequence.data.id === seq.id);
	const name = `${prospect.attributes.firstName} ${prospect.attributes.lastName}`.trim();
	const openSame = same.find((s) => ACTIVE_LIKE.has(s.attributes.state));
	if (openSame)
		return new ValidationError(
			`${name} is already active in sequence "${seq.attributes.name}" (sequenceState ${openSame.id}).`,
			'/data/relationships/prospect'
		);
	if (same.length && rs.attributes.permitDuplicateProspects === 'disallow')
		return new ValidationError(
			`${name} has already been in sequence "${seq.attributes.name}" and its ruleset does not permit duplicate prospects.`,
			'/data/relationships/prospect'
		);
	const otherActive = states.filter((s) => s.relationships.sequence.data.id !== seq.id && ACTIVE_LIKE.has(s.attributes.state));
	for (const s of otherActive) {
		const other = (await tx.get('sequence', s.relationships.sequence.data.id)) as unknown as Sequence;
		const ors = await rulesetOf(tx, other);
		const mine = rs.attributes.sequenceExclusivity;
		const theirs = ors.attributes.sequenceExclusivity;
		if (mine === 'all_sequences' || theirs === 'all_sequences' || (mine === 'exclusive_sequences' && theirs === 'exclusive_sequences'))
			return new ValidationError(
				`${name} is active in the exclusive sequence "${other.attributes.name}" and cannot be added to "${seq.attributes.name}".`,
				'/data/relationships/prospect'
			);
	}
	if (!seq.attributes.transactional) {
		if (prospect.attributes.optedOut) return new ValidationError(`${name} has opted out and cannot be added to a sequence.`, '/data/relationships/prospect');
		const hasEmail = steps.some((s) => EMAIL_STEPS.has(s.attributes.stepType));
		const hasCall = steps.some((s) => CALL_STEPS.has(s.attributes.stepType));
		if (prospect.attributes.emailOptedOut && hasEmail && rs.attributes.emailOptOutAction !== 'skip')
			return new ValidationError(`${name} has opted out of email and "${seq.attributes.name}" has email steps.`, '/data/relationships/prospect');
		if (prospect.attributes.callOptedOut && hasCall && rs.attributes.callOptOutAction !== 'skip')
			return new ValidationError(`${name} has opted out of calls and "${seq.attributes.name}" has call steps.`, '/data/relationships/prospect');
	}
	if (steps.some((s) => EMAIL_STEPS.has(s.attributes.stepType))) {
		const primary = prospect.attributes.emails[0];
		if (!primary) return new ValidationError(`${name} has no email address and "${seq.attributes.name}" has email steps.`, '/data/relationships/prospect');
		const addr = (await tx.rows('emailAddresses')).find((e) => e.relationships.prospect?.data?.id === prospect.id && e.attributes.email === primary);
		if (addr?.attributes.status === 'bounced') return new ValidationError(`${name}'s email address ${primary} has bounced.`, '/data/relationships/prospect');
	}
	if (mailbox.attributes.sendDisabled)
		return new ValidationError(
			`Mailbox ${String(mailbox.attributes.email)} has sending disabled; connect it before adding prospects.`,
			'/data/relationships/mailbox'
		);
	return null;
}

/**
 * Starts `step` (or the next one the prospect may receive) for `state`: an auto email becomes a `scheduled`
 * mailing at `interval` seconds from now (a `failed` state when its template leaves a variable unresolved); any
 * other step becomes an incomplete task due then. No step left = the state finishes (no reply) and the
 * ruleset's finished stage is set.
 * @returns the updated state row (already stored).
 */
export async function startStep(tx: Tx, state: SequenceState, seq: Sequence, steps: SequenceStep[], from: number): Promise<SequenceState> {
	const prospect = (await tx.get('prospect', state.relationships.prospect.data.id)) as unknown as Prospect;
	let i = from;
	while (i < steps.length && !seq.attributes.transactional && channelBlocked(prospect, steps[i]!.attributes.stepType)) i++;
	const step = steps[i];
	if (!step) {
		const done: SequenceState = {
			...state,
			attributes: { ...state.attributes, state: 'finished', stateChangedAt: tx.at, updatedAt: tx.at },
			relationships: { ...state.relationships, sequenceStep: state.relationships.sequenceStep }
		};
		await tx.put('sequenceStates', done as unknown as Row);
		await setStage(tx, prospect.id, (await rulesetOf(tx, seq)).relationships.finishedStage.data?.id);
		return done;
	}
	const due = plus(tx.at, i === from && from === 0 ? 0 : step.attributes.interval);
	const mailbox = await tx.get('mailbox', state.relationships.mailbox.data.id);
	const senderId = (mailbox.relationships.user?.data?.id ?? null) as string | null;
	let next: SequenceState = {
		...state,
		attributes: { ...state.attributes, updatedAt: tx.at },
		relationships: { ...state.relationships, sequenceStep: { data: { type: 'sequenceStep', id: step.id } } }
	};
	if (step.attributes.stepType === 'auto_email') {
		const link = (await tx.rows('sequenceTemplates')).find((t) => t.relationships.sequenceStep?.data?.id === step.id && t.attributes.enabled);
		const tpl = link ? await tx.find('template', link.relationships.template!.data!.id) : undefined;
		const account = prospect.relationships.account.data ? await tx.find('account', prospect.relationships.account.data.id) : undefined;
		const sender = senderId ? await tx.find('user', senderId) : undefined;
		const ctx = { prospect: prospect.attributes, account: (account?.attributes ?? null) as never, sender: (sender?.attributes ?? null) as never };
		const subject = renderTemplate(String(tpl?.attributes.subject ?? step.attributes.displayName), ctx);
		const body = renderTemplate(String(tpl?.attributes.bodyHtml ?? ''), ctx);
		const unresolved = [...new Set([...subject.unresolved, ...body.unresolved])];
		const failed = unresolved.length > 0;
		const mailing: Mailing = {
			type: 'mailing',
			id: tx.id('mailings'),
			attributes: {
				subject: subject.text,
				bodyHtml: body.text,
				bodyText: body.text
					.replace(/<[^>]+>/g, ' ')
					.replace(/\s+/g, ' ')
					.trim(),
				mailingType: 'sequence',
				state: failed ? 'failed' : 'scheduled',
				scheduledAt: failed ? null : due,
				deliveredAt: null,
				openedAt: null,
				openCount: 0,
				clickedAt: null,
				clickCount: 0,
				repliedAt: null,
				bouncedAt: null,
				errorReason: failed ? `Email could not be sent: the template has an unresolved variable ${unresolved.map((u) => `{{${u}}}`).join(', ')}.` : null,
				mailboxAddress: String(mailbox.attributes.email),
				trackLinks: tpl ? Boolean(tpl.attributes.trackLinks) : true,
				trackOpens: tpl ? Boolean(tpl.attributes.trackOpens) : true,
				followUpTaskType: null,
				createdAt: tx.at,
				updatedAt: tx.at
			},
			relationships: {
				prospect: { data: { type: 'prospect', id: prospect.id } },
				mailbox: { data: { type: 'mailbox', id: mailbox.id } },
				sequence: { data: { type: 'sequence', id: seq.id } },
				sequenceState: { data: { type: 'sequenceState', id: state.id } },
				sequenceStep: { data: { type: 'sequenceStep', id: step.id } },
				template: { data: tpl ? { type: 'template', id: tpl.id } : null }
			}
		};
		await tx.put('mailings', mailing as unknown as Row);
		if (failed)
			next = {
				...next,
				attributes: {
					...next.attributes,
					state: 'failed',
					stateChangedAt: tx.at,
					errorReason: mailing.attributes.errorReason,
					failureCount: next.attributes.failureCount + 1
				}
			};
	} else {
		const stepType = step.attributes.stepType;
		const task: Task = {
			type: 'task',
			id: tx.id('tasks'),
			attributes: {
				action: stepType === 'call' ? 'call' : stepType === 'manual_email' ? 'email' : 'action_item',
				state: 'incomplete',
				taskType: stepTaskType(step)!,
				dueAt: due,
				autoskipAt: step.attributes.taskAutoskipDelay ? plus(due, step.attributes.taskAutoskipDelay) : null,
				note: step.attributes.taskNote,
				completedAt: null,
				createdAt: tx.at,
				updatedAt: tx.at
			},
			relationships: {
				subject: { data: { type: 'prospect', id: prospect.id } },
				owner: { data: { type: 'user', id: senderId ?? '1001' } },
				sequenceState: { data: { type: 'sequenceState', id: state.id } },
				sequenceStep: { data: { type: 'sequenceStep', id: step.id } }
			}
		};
		await tx.put('tasks', task as unknown as Row);
	}
	await tx.put('sequenceStates', next as unknown as Row);
	return next;
}

/**
 * Removes the open work of a state: its scheduled / drafted mailings and its incomplete or pending tasks
 * (Outreach drops pending step work when a state finishes or is removed).
 */
export async function dropOpenWork(tx: Tx, stateId: string): Promise<void> {
	for (const m of await tx.rows('mailings'))
		if (m.relationships.sequenceState?.data?.id === stateId && (m.attributes.state === 'scheduled' || m.attributes.state === 'drafted'))
			await tx.del('mailings', m.id);
	for (const t of await tx.rows('tasks'))
		if (t.relationships.sequenceState?.data?.id === stateId && t.attributes.state !== 'complete') await tx.del('tasks', t.id);
}

/**
 * Detaches the work an enrollment leaves behind when it is removed (`DELETE /sequenceStates/{id}`): delivered or
 * otherwise sent mailings, completed tasks and logged calls keep their history but their `sequenceState`
 * relationship becomes `{data: null}`, so no stored row points at the deleted state (Outreach API v2 reference:
 * the mailing, task and call `sequenceState` relationships are nullable). Run after {@link dropOpenWork}.
 */
export async function detachFinishedWork(tx: Tx, stateId: string): Promise<void> {
	for (const table of ['mailings', 'tasks', 'calls'] as const)
		for (const r of await tx.rows(table))
			if (r.relationships.sequenceState?.data?.id === stateId)
				await tx.put(table, { ...r, relationships: { ...r.relationships, sequenceState: { data: null } } } as unknown as Row);
}

/**
 * Finishes a state: `finished` (or `opted_out`), its open work dropped, the ruleset's stage set (replied →
 * `repliedStage`, opted out → `optedOutStage`, otherwise `finishedStage`).
 */
export async function finishState(tx: Tx, state: SequenceState, how: 'no_reply' | 'replied' | 'opted_out' | 'manual'): Promise<SequenceState> {
	const seq = (await tx.get('sequence', state.relationships.sequence.data.id)) as unknown as Sequence;
	const rs = await rulesetOf(tx, seq);
	const done: SequenceState = {
		...state,
		attributes: {
			...state.attributes,
			state: how === 'opted_out' ? 'opted_out' : 'finished',
			stateChangedAt: tx.at,
			pauseReason: null,
			autoResumeAt: null,
			repliedAt: how === 'replied' ? tx.at : state.attributes.repliedAt,
			replyCount: state.attributes.replyCount + (how === 'replied' ? 1 : 0),
			updatedAt: tx.at
		}
	};
	await dropOpenWork(tx, state.id);
	await tx.put('sequenceStates', done as unknown as Row);
	const stage =
		how === 'replied'
			? rs.relationships.repliedStage
			: how === 'opted_out'
				? rs.relationships.optedOutStage
				: how === 'no_reply'
					? rs.relationships.finishedStage
					: null;
	await setStage(tx, state.relationships.prospect.data.id, stage?.data?.id);
	return done;
}

/** Advances a state past its current step (a completed task): the next step starts, or the state finishes. */
export async function advanceState(tx: Tx, state: SequenceState): Promise<SequenceState> {
	if (state.attributes.state !== 'active') return state;
	const seq = (await tx.get('sequence', state.relationships.sequence.data.id)) as unknown as Sequence;
	const steps = await stepsOf(tx, seq.id);
	const cur = steps.findIndex((s) => s.id === state.relationships.sequenceStep.data?.id);
	return startStep(tx, state, seq, steps, cur + 1);
}

/**
 * Opt-out effects (Outreach help "opted out"): every active-like state of a non-transactional sequence that
 * uses the opted-out channel becomes `opted_out`, its open work dropped, the ruleset's opted-out stage set.
 */
export async function applyOptOut(tx: Tx, p: Prospect): Promise<void> {
	for (const s of (await tx.rows('sequenceStates')) as unknown as SequenceState[]) {
		if (s.relationships.prospect.data.id !== p.id || !ACTIVE_LIKE.has(s.attributes.state)) continue;
		const seq = (await tx.get('sequence', s.relationships.sequence.data.id)) as unknown as Sequence;
		if (seq.attributes.transactional) continue;
		const steps = await stepsOf(tx, seq.id);
		if (p.attributes.optedOut || steps.some((st) => channelBlocked(p, st.attributes.stepType))) await finishState(tx, s, 'opted_out');
	}
}

/** One day in seconds (task snooze). */
export const SNOOZE_S = DAY_S;
