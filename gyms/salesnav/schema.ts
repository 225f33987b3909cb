/**
 * Sales Navigator gym state: the tables (name → row schema), the strict state schema (also the export shape) and the
 * blueprint fixture schema. The vendor constants and record schemas live in the page-safe `./contract`, re-exported
 * here so the gym's own modules keep one import for everything schema-shaped.
 */
import { z } from 'zod';
import { fixtureSchema } from '../export-schema';
import { Account, AccountList, Alert, InMailThread, Lead, LeadList, Note, SavedSearch, Seat } from './contract';

export * from './contract';

// ---------------------------------------------------------------------------------------------- state

export const SALESNAV_TABLES = {
	seats: Seat,
	leads: Lead,
	accounts: Account,
	leadLists: LeadList,
	accountLists: AccountList,
	savedSearches: SavedSearch,
	alerts: Alert,
	notes: Note,
	inmailThreads: InMailThread
} as const;
export type SalesNavTable = keyof typeof SALESNAV_TABLES;
export const SALESNAV_TABLE_NAMES = Object.keys(SALESNAV_TABLES) as SalesNavTable[];

/** Primary key field of each table. */
export const SALESNAV_KEYS: Record<SalesNavTable, string> = {
	seats: 'id',
	leads: 'leadId',
	accounts: 'accountId',
	leadLists: 'id',
	accountLists: 'id',
	savedSearches: 'id',
	alerts: 'id',
	notes: 'id',
	inmailThreads: 'id'
};

/** The Sales Navigator gym's state. Also its export shape. */
export const SalesNavState = z.strictObject({
	seats: z.array(Seat).describe('team seats'),
	leads: z.array(Lead).describe('people'),
	accounts: z.array(Account).describe('companies'),
	leadLists: z.array(LeadList).describe('lead lists of the team'),
	accountLists: z.array(AccountList).describe('account lists of the team'),
	savedSearches: z.array(SavedSearch).describe('saved searches of the team'),
	alerts: z.array(Alert).describe('alerts feeds'),
	notes: z.array(Note).describe('notes on leads and accounts'),
	inmailThreads: z.array(InMailThread).describe('InMail threads')
});
export type SalesNavState = z.infer<typeof SalesNavState>;

/**
 * A blueprint fixture for Sales Navigator: rows added (or replaced by primary key) on top of the base
 * projection, per table. Same row shapes as the seed, validated the same way.
 */
export const SalesNavFixture = fixtureSchema(SALESNAV_TABLES);
export type SalesNavFixture = z.infer<typeof SalesNavFixture>;
