/**
 * The reset check of a reused browser profile (README "Warm environments"): right after `POST /__salesgym/run`, the
 * state each gym's database holds is compared with the task's initial state as the gyms' pure projections compute
 * it (seed + the task's fixtures): by the gym store's `checkInitial` (each stored row's JSON against the
 * projection's, cached per state), or else table by table on canonical JSON (`Gym.initialTables`), plus the run
 * metadata and the event log. A database that a previous episode changed outside the API (a row written straight into IndexedDB,
 * which the delta reset's dirty tracking never saw) differs, and the harness then recycles the profile.
 *
 * Reading every row costs about a second on a loaded 2-core machine (the ~15,000 rows' deserialization), so the caller
 * may name in `deep` the tables to compare row by row; every other table is compared by its primary keys only
 * (which sees a row added or removed, not one changed in place). The harness names every object store that the
 * browser reported written since the last check (Chrome DevTools Protocol `Storage.indexedDBContentUpdated`, which
 * fires for every writer: the Service Worker, a page's raw `indexedDB` calls, a worker), harness/warm.ts.
 * Pure of Service Worker globals so that Node tests can run it over fake-indexeddb.
 */
import { canonicalJson } from '../verifier/canonical';
import { RunError, runInits, type RunContext } from './run';

/**
 * The `deep` query parameter of `GET /__salesgym/reset-check`: comma-separated `<gym>.<table>` names, e.g.
 * `hubspot.contacts,hubspot.meta` (names that are not data tables are ignored; empty = none).
 * @returns undefined when the parameter is absent (every table row by row).
 */
export function parseDeep(query: URLSearchParams): Set<string> | undefined {
	const raw = query.get('deep');
	if (raw === null) return undefined;
	return new Set(raw.split(',').filter((s) => s.length > 0));
}

/** What `GET /__salesgym/reset-check` answers. */
export interface ResetCheck {
	/** The current run. */
	run_id: string;
	/** The current task, or null for a sandbox run. */
	task_id: string | null;
	seed: number;
	/** True iff every gym's tables, metadata and events are exactly the task's initial state. */
	match: boolean;
	/** Hex SHA-256 of the state held: over each gym's digest of its rows (`Gym.checkInitial`), or its tables' canonical JSON. */
	state_sha256: string;
	/** Hex SHA-256 of the task's initial state, computed the same way from the projections. */
	initial_sha256: string;
	/** What differs, e.g. `hubspot.contacts` (a table), `hubspot.events`, `hubspot.meta.seq`; empty when `match`. */
	differing: string[];
}

/** Canonical JSON of a projection's table, cached by the (cached, never mutated) row array it came from. */
const expectedText = new WeakMap<readonly unknown[], string>();

async function sha256Hex(parts: readonly string[]): Promise<string> {
	const enc = new TextEncoder();
	const bytes = parts.map((p) => enc.encode(p));
	const all = new Uint8Array(bytes.reduce((n, b) => n + b.length + 1, 0));
	let at = 0;
	for (const b of bytes) {
		all.set(b, at);
		at += b.length + 1;
		all[at - 1] = 10;
	}
	const digest = await crypto.subtle.digest('SHA-256', all);
	return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Compares the databases with the current task's initial state (see the module docs).
 * @param deep `<gym>.<table>` names (e.g. `hubspot.contacts`) compared row by row; undefined = every table. A gym
 *   without `checkInitial` is always compared row by row.
 * @returns the verdict with both digests; `match: false` names what differs.
 * @throws RunError 409 when no run is initialized or the gyms disagree on the run; 404 when the run's task is not
 *   bundled; 400 when the run's seed is not shipped.
 */
export async function checkReset(ctx: RunContext, deep?: ReadonlySet<string>): Promise<ResetCheck> {
	const metas = await Promise.all(ctx.gyms.map((g) => g.runMeta()));
	const first = metas[0];
	if (!first || metas.some((m) => m === null)) throw new RunError(409, 'no run is initialized: POST /__salesgym/run first');
	const { run_id, task_id, seed } = first;
	const blueprint = task_id === null ? undefined : ctx.blueprints.get(task_id);
	if (task_id !== null && !blueprint) throw new RunError(404, `unknown task_id "${task_id}"`);
	const epoch = ctx.seeds.get(seed);
	if (epoch === undefined) throw new RunError(400, `seed ${seed} is not shipped`);
	const differing: string[] = [];
	const held: string[] = [];
	const initial: string[] = [];
	for (const [i, { gym, init }] of runInits(ctx, blueprint, run_id, seed, blueprint?.clock ?? epoch).entries()) {
		const meta = metas[i]!;
		const wantMeta = { run_id, task_id, seed, clock: init.clock, seq: 0, run_seq: 0, actor: init.actor };
		for (const [k, v] of Object.entries(wantMeta)) if (meta[k as keyof typeof meta] !== v) differing.push(`${gym.name}.meta.${k}`);
		if (gym.checkInitial) {
			// The store compares its rows with the projection's directly (no export, no canonical copy).
			const mine = deep === undefined ? undefined : new Set([...deep].filter((d) => d.startsWith(`${gym.name}.`)).map((d) => d.slice(gym.name.length + 1)));
			const check = await gym.checkInitial(init, mine);
			differing.push(...check.differing.map((t) => `${gym.name}.${t}`));
			held.push(gym.name, check.state_sha256);
			initial.push(gym.name, check.initial_sha256);
			continue;
		}
		const [expected, actual] = await Promise.all([gym.initialTables(init), gym.exportState()]);
		for (const name of [...new Set([...Object.keys(expected), ...Object.keys(actual.tables)])].sort()) {
			const rows = expected[name] ?? [];
			let want = expectedText.get(rows);
			if (want === undefined) {
				want = canonicalJson(rows);
				expectedText.set(rows, want);
			}
			const have = canonicalJson(actual.tables[name] ?? []);
			held.push(`${gym.name}.${name}`, have);
			initial.push(`${gym.name}.${name}`, want);
			if (have !== want) differing.push(`${gym.name}.${name}`);
		}
		if (actual.events.length > 0) differing.push(`${gym.name}.events`);
	}
	const [state_sha256, initial_sha256] = await Promise.all([sha256Hex(held), sha256Hex(initial)]);
	return { run_id, task_id, seed, match: differing.length === 0, state_sha256, initial_sha256, differing };
}
