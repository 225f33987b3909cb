/**
 * Outreach gym state: the tables (name → row schema), the strict state schema (also the export shape) and the
 * blueprint fixture schema. The vendor constants and record schemas live in the page-safe `./contract`, re-exported
 * here so the gym's own modules keep one import for everything schema-shaped.
 */
import { z } from 'zod';
import { fixtureSchema } from '../export-schema';
import {
	Account,
	Mailbox,
	Mailing,
	Prospect,
	Sequence,
	SequenceState,
	SequenceStep,
	SequenceTemplate,
	Stage,
	Task,
	Template,
	User,
	Ruleset,
	EmailAddress,
	Call,
	CallDisposition,
	Snippet,
	Persona,
	type ResourceType
} from './contract';

export * from './contract';

// ---------------------------------------------------------------------------------------------- state

/** Table name → row schema. Table names are the JSON:API plural collection names (`/api/v2/<table>`). */
export const OUTREACH_TABLES = {
	users: User,
	mailboxes: Mailbox,
	stages: Stage,
	accounts: Account,
	prospects: Prospect,
	sequences: Sequence,
	sequenceSteps: SequenceStep,
	templates: Template,
	sequenceTemplates: SequenceTemplate,
	sequenceStates: SequenceState,
	mailings: Mailing,
	tasks: Task,
	rulesets: Ruleset,
	emailAddresses: EmailAddress,
	calls: Call,
	callDispositions: CallDisposition,
	snippets: Snippet,
	personas: Persona
} as const;
export type OutreachTable = keyof typeof OUTREACH_TABLES;
/** Table names in a fixed order. */
export const OUTREACH_TABLE_NAMES = Object.keys(OUTREACH_TABLES) as OutreachTable[];

/** The Outreach gym's state: one array per table, rows in numeric id order. Also its export shape. */
export const OutreachState = z.strictObject({
	users: z.array(User).describe('selling team users'),
	mailboxes: z.array(Mailbox).describe('one or more per user'),
	stages: z.array(Stage).describe('org stages'),
	accounts: z.array(Account).describe('companies'),
	prospects: z.array(Prospect).describe('people'),
	sequences: z.array(Sequence).describe('sequences'),
	sequenceSteps: z.array(SequenceStep).describe('steps of all sequences'),
	templates: z.array(Template).describe('email templates'),
	sequenceTemplates: z.array(SequenceTemplate).describe('step ↔ template links'),
	sequenceStates: z.array(SequenceState).describe('enrollments'),
	mailings: z.array(Mailing).describe('emails'),
	tasks: z.array(Task).describe('tasks'),
	rulesets: z.array(Ruleset).describe('enrollment rulesets'),
	emailAddresses: z.array(EmailAddress).describe('prospect email addresses with their bounce status'),
	calls: z.array(Call).describe('logged calls'),
	callDispositions: z.array(CallDisposition).describe('call dispositions'),
	snippets: z.array(Snippet).describe('email snippets'),
	personas: z.array(Persona).describe('buyer personas')
});
export type OutreachState = z.infer<typeof OutreachState>;

/**
 * A blueprint fixture for Outreach: rows added (or replaced by id) on top of the base projection, per table.
 * Same row shapes as the seed, validated the same way; fixture ids are ≥ 990000 (seeds/CONTRACT.md).
 */
export const OutreachFixture = fixtureSchema(OUTREACH_TABLES);
export type OutreachFixture = z.infer<typeof OutreachFixture>;

/** Table holding each resource type. */
export const TABLE_OF_TYPE: Record<ResourceType, OutreachTable> = {
	user: 'users',
	mailbox: 'mailboxes',
	stage: 'stages',
	account: 'accounts',
	prospect: 'prospects',
	sequence: 'sequences',
	sequenceStep: 'sequenceSteps',
	template: 'templates',
	sequenceTemplate: 'sequenceTemplates',
	sequenceState: 'sequenceStates',
	mailing: 'mailings',
	task: 'tasks',
	ruleset: 'rulesets',
	emailAddress: 'emailAddresses',
	call: 'calls',
	callDisposition: 'callDispositions',
	snippet: 'snippets',
	persona: 'personas'
};
