/**
 * Object-type rules the API enforces on every write (create, update, batch, upsert), after property
 * validation (`validate.ts`). Pure functions: the engine gathers what they need from the database.
 *
 * - **Lifecycle stage** (contacts, companies; platforms.md §2.1): through the API it only moves forward in
 *   the order subscriber → lead → marketingqualifiedlead → salesqualifiedlead → opportunity → customer →
 *   evangelist → other. Vendor behaviour (HubSpot developer forum, "Update Lifecycle Stage Using API",
 *   integrate.hubspot.com/t/update-lifecycle-stage-using-api/1333, answered by HubSpot staff): a backward
 *   value is answered with success but NOT applied; to go back, set `""` first (a separate request), then
 *   the earlier stage. The gym does the same: the request succeeds, every other property is applied and
 *   `lifecyclestage` keeps its value. Entering a stage stamps `hs_lifecyclestage_<stage>_date` (first time).
 * - **Deals**: `dealname`, `pipeline`, `dealstage` are required (REQUIRED_PROPERTY); the stage must belong to the
 *   pipeline (INVALID_OPTION on `dealstage`); moving to a closed-lost stage (closed, probability 0) needs
 *   `closed_lost_reason` (in the request or already set); the gym sets `hs_is_closed`, `hs_is_closed_won` and
 *   `hs_deal_stage_probability` from the stage metadata.
 * - **Companies**: `domain` is stored lower-case without scheme, `www.`, path or port.
 * - **Engagements** (tasks, notes, emails, calls, meetings): `hs_timestamp` is required (HubSpot's engagement
 *   guides list it as required); tasks default to `NOT_STARTED` and get `hs_task_completion_date` when COMPLETED.
 * - **Emails**: an email that is SENT or SCHEDULED may not carry an unresolved personalization token
 *   (`{{ … }}` or `[[MISSING TOKEN …]]`) in `hs_email_subject` / `hs_email_text` (UNRESOLVED_TOKEN); an
 *   outgoing (`EMAIL`) email that is SENT may not be associated with a contact who opted out
 *   (`hs_email_optout=true`, OPTED_OUT_CONTACT).
 */
import { UNRESOLVED_TOKEN_RE } from '../tokens';
import { LIFECYCLE_STAGES, type Pipeline } from '../schema';
import { ENGAGEMENT_TYPES, type ObjectType } from '../properties';
import type { PropertyError } from './errors';

/** Index of a lifecycle stage in HubSpot's order (-1 for "" or an unknown value). */
export function lifecycleIndex(stage: string | undefined): number {
	return stage ? (LIFECYCLE_STAGES as readonly string[]).indexOf(stage) : -1;
}

/** Sets `hs_lifecyclestage_<stage>_date` (in `props`) the first time the stage in `changed` is entered, as HubSpot does. */
export function stampLifecycle(props: Record<string, string>, changed: Readonly<Record<string, string>>, at: string): void {
	const stage = changed.lifecyclestage;
	if (stage && !props[`hs_lifecyclestage_${stage}_date`]) props[`hs_lifecyclestage_${stage}_date`] = at;
}

/** A contact an email is associated with (for the opt-out rule). */
export interface Recipient {
	id: string;
	email: string;
	optedOut: boolean;
}

/** What a rule sees: the record before (null on create), the validated changes, the virtual time, the pipelines. */
export interface RuleInput {
	type: ObjectType;
	before: Readonly<Record<string, string>> | null;
	changes: Record<string, string>;
	at: string;
	pipelines: readonly Pipeline[];
	/** Contacts the record is (or will be) associated with; only needed for emails. */
	recipients?: readonly Recipient[];
}

const required = (name: string, message = `${name} is required`): PropertyError => ({ error: 'REQUIRED_PROPERTY', name, message });

/**
 * Applies the type rules to a write.
 * @returns the full property map to store (before + changes + computed properties, `""` values removed) and
 *   the rule violations (empty when the write is valid). Never mutates its input.
 */
export function applyRules(input: RuleInput): { properties: Record<string, string>; errors: PropertyError[] } {
	const { type, before, at } = input;
	const changes = { ...input.changes };
	const errors: PropertyError[] = [];

	if (type === 'contacts' || type === 'companies') {
		const from = lifecycleIndex(before?.lifecyclestage);
		const to = lifecycleIndex(changes.lifecyclestage);
		if (from >= 0 && to >= 0 && to < from) delete changes.lifecyclestage;
	}
	if (type === 'companies' && changes.domain) changes.domain = normalizeDomain(changes.domain);

	const merged: Record<string, string> = { ...before };
	for (const [k, v] of Object.entries(changes)) {
		if (v === '') delete merged[k];
		else merged[k] = v;
	}
	if (type === 'contacts' || type === 'companies') stampLifecycle(merged, changes, at);

	if (type === 'deals') dealRules(input, changes, merged, errors);
	if (ENGAGEMENT_TYPES.includes(type)) {
		if (!merged.hs_timestamp) errors.push(required('hs_timestamp', 'hs_timestamp is required: the time of the activity (tasks: the due date)'));
	}
	if (type === 'tasks') {
		if (!merged.hs_task_status) merged.hs_task_status = 'NOT_STARTED';
		if (merged.hs_task_status === 'COMPLETED') merged.hs_task_completion_date ??= at;
		else delete merged.hs_task_completion_date;
	}
	if (type === 'emails') emailRules(input, merged, errors);
	return { properties: merged, errors };
}

function dealRules(input: RuleInput, changes: Record<string, string>, merged: Record<string, string>, errors: PropertyError[]): void {
	for (const name of ['dealname', 'pipeline', 'dealstage']) if (!merged[name]) errors.push(required(name));
	const pipeline = input.pipelines.find((p) => p.id === merged.pipeline);
	if (!pipeline || !merged.dealstage) return;
	const stage = pipeline.stages.find((s) => s.id === merged.dealstage);
	if (!stage) {
		errors.push({
			error: 'INVALID_OPTION',
			name: 'dealstage',
			message: `${merged.dealstage} was not one of the allowed options: [${pipeline.stages.map((s) => s.id).join(', ')}] of pipeline ${pipeline.id}`
		});
		return;
	}
	const closed = stage.metadata.isClosed === 'true';
	const probability = Number(stage.metadata.probability);
	const stageChanged = input.before === null || 'dealstage' in changes || 'pipeline' in changes;
	if (stageChanged && closed && probability === 0 && !merged.closed_lost_reason)
		errors.push(required('closed_lost_reason', `closed_lost_reason is required to move a deal to ${stage.label}`));
	merged.hs_is_closed = String(closed);
	merged.hs_is_closed_won = String(closed && probability >= 1);
	merged.hs_deal_stage_probability = stage.metadata.probability;
}

function emailRules(input: RuleInput, merged: Record<string, string>, errors: PropertyError[]): void {
	const status = merged.hs_email_status;
	if (status !== 'SENT' && status !== 'SCHEDULED') return;
	for (const name of ['hs_email_subject', 'hs_email_text']) {
		const token = UNRESOLVED_TOKEN_RE.exec(merged[name] ?? '');
		if (token)
			errors.push({
				error: 'UNRESOLVED_TOKEN',
				name,
				message: `${name} contains an unresolved personalization token (${token[0]}…); resolve it before sending`
			});
	}
	if (status !== 'SENT' || (merged.hs_email_direction ?? 'EMAIL') !== 'EMAIL') return;
	const statusChanged = input.before === null || input.before.hs_email_status !== 'SENT';
	if (!statusChanged) return;
	for (const r of input.recipients ?? []) {
		if (r.optedOut)
			errors.push({
				error: 'OPTED_OUT_CONTACT',
				name: 'hs_email_optout',
				message: `Cannot send email to contact ${r.id} (${r.email}): the contact has unsubscribed from all email (hs_email_optout=true)`
			});
	}
}

/** `HTTPS://www.Acme.com/pricing` → `acme.com` (HubSpot's stored company domain). */
export function normalizeDomain(value: string): string {
	return value
		.trim()
		.toLowerCase()
		.replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
		.replace(/^www\./, '')
		.replace(/[/?#:].*$/, '');
}
