/**
 * Cell text of the index tables and board cards: owners by name, enum and stage labels, USD amounts and
 * UTC dates, "--" for an empty value (as HubSpot shows it). Pure: no clock, no host time zone.
 */
import type { Owner } from '$lib/hubspot/client';
import type { CrmRecord, Pipeline } from '$lib/hubspot/crm';
import { EMPTY_CELL, formatDateTime, ownerLabel } from '$lib/hubspot/format';
import type { ColumnDef } from './config';

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const USD_CENTS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const DATE = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });

/** `"12000"` → "$12,000", `"5.5"` → "$5.50"; "--" for empty, the raw text when not a number. */
export function formatAmount(value: string | null | undefined): string {
	if (value === null || value === undefined || value === '') return EMPTY_CELL;
	const n = Number(value);
	if (!Number.isFinite(n)) return value;
	return (Number.isInteger(n) ? USD : USD_CENTS).format(n);
}

/** An ISO timestamp as a UTC calendar date, e.g. "Mar 2, 2026"; "--" for empty, the raw text when unparsable. */
export function formatDateUtc(iso: string | null | undefined): string {
	if (!iso) return EMPTY_CELL;
	const ms = Date.parse(iso);
	return Number.isNaN(ms) ? iso : DATE.format(ms);
}

/** Stage id → label over every pipeline (stage ids are unique across pipelines). */
export function stageLabels(pipelines: readonly Pipeline[]): Map<string, string> {
	return new Map(pipelines.flatMap((p) => p.stages.map((s) => [s.id, s.label] as const)));
}

/** What a cell needs besides the record. */
export interface CellContext {
	owners: readonly Owner[];
	stages: ReadonlyMap<string, string>;
	/** Contacts: contact id → primary company name (loaded after the rows). */
	primaryCompanies: ReadonlyMap<string, string>;
}

/** The text of `column` for `record` (the `name` column's text is the record name, rendered by the caller). */
export function cellText(column: ColumnDef, record: CrmRecord, ctx: CellContext): string {
	const raw = record.properties[column.property] ?? '';
	switch (column.kind) {
		case 'owner':
			return ownerLabel(raw, ctx.owners);
		case 'datetime':
			return formatDateTime(raw || (column.property === 'createdate' ? record.createdAt : ''));
		case 'date':
			return formatDateUtc(raw);
		case 'amount':
			return formatAmount(raw);
		case 'enum':
			return raw ? (column.options?.[raw] ?? raw) : EMPTY_CELL;
		case 'stage':
			return raw ? (ctx.stages.get(raw) ?? raw) : EMPTY_CELL;
		case 'primaryCompany':
			return ctx.primaryCompanies.get(record.id) ?? EMPTY_CELL;
		default:
			return raw || EMPTY_CELL;
	}
}
