/**
 * The shape every gym shares. A gym is a vendor-shaped REST API over its own IndexedDB database,
 * plus reset / export / import for the run lifecycle. Same shape for all four platforms.
 */
import type { GymJsonExport } from './kit/export-json';

/** A request routed to a gym, already stripped of the gym's base URL (`/api/<gym>`). */
export interface ApiRequest {
	/** Upper-case HTTP method. */
	method: string;
	/** Vendor path, e.g. `/crm/v3/objects/contacts/101`. */
	path: string;
	/** Query string parameters. */
	query: URLSearchParams;
	/** Parsed JSON body; `undefined` when there was none. */
	body: unknown;
	/** Set when the body was present but not valid JSON (the gym answers its vendor's 400). */
	bodyError?: string;
	/** The request's `Content-Type` header ('' when absent); undefined for in-process callers that set none. */
	contentType?: string;
}

/** A gym's answer; serialized as JSON by the Service Worker. `body` undefined = empty body (204). */
export interface ApiResponse {
	status: number;
	body?: unknown;
	headers?: Record<string, string>;
}

/** One state-changing API call, logged in the gym's database (the verifier's `$events`). */
export interface GymEvent {
	/** 1-based, per gym, in order of commit. */
	seq: number;
	/**
	 * Run-wide order over every gym of one deployment (one origin): 1-based, increasing in commit order, gaps
	 * allowed (gyms/kit/run-order.ts). Not comparable between gyms served on different origins.
	 */
	run_seq: number;
	/** Virtual time of the call, UTC ISO-8601 ms. */
	at: string;
	gym: string;
	method: string;
	/** Vendor path, e.g. `/crm/v3/objects/contacts`. */
	path: string;
	status: number;
	/** Object type changed, e.g. `contacts`. */
	entity: string;
	/** Id of the object changed. */
	id: string;
}

/**
 * Per-gym run metadata, persisted in the gym's database (never only in SW memory: browsers stop idle SWs).
 * The virtual clock starts at the blueprint's `clock` and advances {@link CLOCK_TICK_MS} per committed change.
 */
export interface RunMeta {
	key: 'run';
	run_id: string;
	task_id: string | null;
	seed: number;
	/** Current virtual time, UTC ISO-8601 ms. */
	clock: string;
	/** Number of committed state changes (= last event seq). */
	seq: number;
	/** The last run-wide sequence number this gym committed (0 after a reset; see GymEvent.run_seq). */
	run_seq: number;
	/** Next id per object type. */
	next_ids: Record<string, number>;
	/** The acting (logged-in) team user of this gym, a world user id, e.g. `"1001"`. */
	actor: string;
}

/** Virtual time that passes per committed state change, ms. Deterministic: no host clock is read. */
export const CLOCK_TICK_MS = 1000;

/** What a run initialization gives each gym. */
export interface RunInit {
	run_id: string;
	task_id: string | null;
	seed: number;
	/** Virtual start time, UTC ISO-8601 ms. */
	clock: string;
	/** The gym's fixtures from the blueprint (validated by the gym's fixture schema), if any. */
	fixtures?: unknown;
	/** The acting (logged-in) team user, a world user id; default `DEFAULT_ACTOR` ("1001") of seeds/team.ts. */
	actor?: string;
}

/** A gym's exported slice: its tables (rows in id order), meta and event log. */
export interface GymExport {
	tables: Record<string, unknown[]>;
	meta: RunMeta;
	events: GymEvent[];
}

/** The interface every gym implements. */
export interface Gym {
	/** Gym name as used in URLs and exports, e.g. `hubspot`. */
	readonly name: string;
	/**
	 * Resets the database to the seed + fixtures. `opts.defer`: a gym the run's task does not use; its rows are
	 * loaded at its first API request and, until then, exported from the projection (gyms/store.ts "deferred").
	 * @returns row counts per table (`{}` when deferred). @throws on invalid fixtures.
	 */
	reset(init: RunInit, opts?: { defer?: boolean }): Promise<Record<string, number>>;
	/**
	 * Opens the gym's databases ahead of their first use (a database held in memory is rebuilt from its journal then,
	 * gyms/store.ts `GymStore.boot`), writing nothing durable; memoized, and tried again by the next use after a
	 * failure. Optional: every other method opens what it needs itself. The run lifecycle calls it before computing
	 * a reset's initial tables, so that the browser creates the databases while the Service Worker projects.
	 */
	open?(): Promise<void>;
	/**
	 * Reads the state: every table, or only `tables` when given (unknown names are ignored; the verifier
	 * passes the tables its queries read). `meta` and `events` are always included.
	 * @throws Error when no run is initialized.
	 */
	exportState(tables?: readonly string[]): Promise<GymExport>;
	/**
	 * The tables right after `reset(init)` (the verifier's `$initial`), computed from the seed and fixtures
	 * without reading or writing the database; rows in the same canonical form and order as `exportState().tables`.
	 * @throws on invalid fixtures, like `reset`.
	 */
	initialTables(init: RunInit): Promise<Record<string, unknown[]>>;
	/**
	 * Compares the database with the initial state of `init` without exporting it (the reset check of a reused
	 * browser profile, sw/reset-check.ts): row by row for the tables in `deep` (all when undefined), by primary keys
	 * only for the others (gyms/store.ts `GymStore.checkInitial`). @returns the tables that differ (plus `events`
	 * when the log is not empty) and digests of both sides.
	 */
	checkInitial?(init: RunInit, deep?: ReadonlySet<string>): Promise<{ differing: string[]; state_sha256: string; initial_sha256: string }>;
	/** Replaces the whole state (one transaction). @throws on an invalid snapshot, leaving the state unchanged. */
	importState(snapshot: GymExport): Promise<Record<string, number>>;
	/**
	 * Validates a snapshot exactly as {@link importState} does, writing nothing (so that a multi-gym import checks
	 * every gym before it writes any). @returns the parsed snapshot. @throws Error naming the path, as importState.
	 */
	checkImport?(snapshot: GymExport): GymExport;
	/**
	 * The verifier's export: `exportState(tables)` with each table as the UTF-8 bytes of its canonical JSON, kept
	 * in memory while the table is unchanged (gyms/kit/export-json.ts). Optional: without it `/verify` serializes
	 * `exportState`. @throws Error when no run is initialized.
	 */
	exportJson?(tables?: readonly string[]): Promise<GymJsonExport>;
	/** Current run metadata, or null before the first reset. */
	runMeta(): Promise<RunMeta | null>;
	/**
	 * The run metadata as stored durably: the journal's copy for a gym held in memory (what a page could edit with
	 * raw IndexedDB calls, and what a restarted Service Worker would load), else {@link runMeta}'s. Null before the
	 * first reset.
	 */
	durableMeta?(): Promise<RunMeta | null>;
	/** Serves one API request. Never throws for bad input: answers the vendor's error shape. */
	handle(req: ApiRequest): Promise<ApiResponse>;
}

/**
 * A projected row standing for a world entity (seeds/world.ts), with the join keys as the gym stores them; what
 * each gym's `integrity.ts` `worldRefs()` returns for the cross-gym integrity test (`seeds/integrity.spec.ts`).
 */
export interface WorldRef {
	/** Table of the row. */
	table: string;
	/** The row's id in the gym (id, URI or lead id). */
	id: string;
	kind: 'person' | 'company' | 'user';
	/** Email as stored (lower case not guaranteed). */
	email?: string;
	/** Company domain, e.g. `acme.com`. */
	domain?: string;
	/** `https://www.linkedin.com/in/<slug>`. */
	linkedinUrl?: string;
	/** Domain of the person's company, as the gym links them. */
	companyDomain?: string;
}
