/**
 * The seal of an episode (README "Sealed episodes"). A harness seals a run by sending a secret of its own in the
 * {@link SEAL_HEADER} header of `POST /__salesgym/run`; from then on, in that browser profile, every control call
 * (`/__salesgym/*`, `/verify`, the demo's task file) must carry the same secret, or it is refused with the answer
 * of a path that does not exist (a 404; a navigation gets a plain "Page not found" page) and recorded as a
 * violation. The verdict of `POST /verify` reports the seal (`seal: {sealed, intact, violations}`), so that a run
 * whose seal broke is an infrastructure error for the harness, never a reward.
 *
 * A `POST /__salesgym/run` admitted with the secret may name the next episode's secret in {@link SEAL_NEXT_HEADER}
 * (a harness reusing the profile): the new run is sealed with that one, and the old one stops working.
 *
 * Only the secret's SHA-256 is stored (IndexedDB `salesgym-seal`, so that it survives the browser stopping the
 * Service Worker between requests). A run never sealed is open: everything works as in the offline demo.
 *
 * Violations (kinds):
 * - `control_without_secret`: a control call (fetch or navigation) without the secret, or with another one;
 * - `import`: `PUT /__salesgym/state` during a sealed run (with the secret it is carried out, but the state no
 *   longer comes from the product's UI alone);
 * - `write_outside_api`: a gym's run metadata (clock, event counters) changed without the Service Worker's API
 *   having written it, seen at `/verify` by comparing each gym's metadata with the ledger the Service Worker keeps
 *   after every API call (a raw row edit that leaves the metadata alone is not detected).
 */
import { Dexie, type EntityTable } from 'dexie';
import type { Gym, RunMeta } from '../gyms/types';

export { SEAL_HEADER, SEAL_NEXT_HEADER } from './paths';

/** Most violations kept in the record (the count goes on). */
export const MAX_VIOLATIONS = 50;

/** Kinds of {@link SealViolation}. */
export type SealViolationKind = 'control_without_secret' | 'import' | 'write_outside_api';

/** One breach of the seal: what was attempted (method and path of the request, or the gym whose state changed). */
export interface SealViolation {
	kind: SealViolationKind;
	/** HTTP method of the request, or `-` for `write_outside_api`. */
	method: string;
	/** Path of the request (no query), or the gym name for `write_outside_api`. */
	path: string;
	/** Human-readable detail, e.g. which counter differs. */
	detail?: string;
}

/** The seal as the verdict reports it. `intact` iff the run is sealed and nothing broke it. */
export interface SealReport {
	/** A harness sealed this run (its `POST /__salesgym/run` carried a secret). */
	sealed: boolean;
	/** Sealed and no violation. An open run is never intact. */
	intact: boolean;
	/** How many violations happened (the list keeps the first {@link MAX_VIOLATIONS}). */
	violation_count: number;
	violations: SealViolation[];
}

/** Per gym, its run metadata's counters as the Service Worker last left them. */
export type SealLedger = Record<string, { clock: string; seq: number; run_seq: number }>;

/** The stored seal. */
export interface SealRecord {
	key: 'seal';
	/** Hex SHA-256 of the secret. */
	secret_sha256: string;
	/** The run it sealed. */
	run_id: string;
	violation_count: number;
	violations: SealViolation[];
	ledger: SealLedger;
}

/** IndexedDB database of the seal, one per browser profile. */
export const SEAL_DB_NAME = 'salesgym-seal';

/** Dexie database of the seal (one table, one row). */
export class SealDb extends Dexie {
	seal!: EntityTable<SealRecord, 'key'>;
	constructor(name = SEAL_DB_NAME) {
		super(name);
		this.version(1).stores({ seal: 'key' });
	}
}

/** Hex SHA-256 of a string (Web Crypto; also in Node 20). */
export async function sha256Hex(text: string): Promise<string> {
	const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
	return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** True for a well-formed secret: 16–256 printable ASCII characters. */
export function isSecret(value: string | null): value is string {
	return value !== null && /^[\x21-\x7e]{16,256}$/.test(value);
}

function ledgerEntry(meta: RunMeta): SealLedger[string] {
	return { clock: meta.clock, seq: meta.seq, run_seq: meta.run_seq };
}

/**
 * The seal of this browser profile. Reads are cached in memory (a worker restart reads IndexedDB again);
 * writes go to IndexedDB first.
 */
export class Seal {
	private cached: Promise<SealRecord | null> | null = null;
	/** Writes of the record run one at a time, in call order (so the ledger only moves forward). */
	private queue: Promise<unknown> = Promise.resolve();

	constructor(private readonly db: SealDb = new SealDb()) {}

	private serial<T>(op: () => Promise<T>): Promise<T> {
		const next = this.queue.then(op, op);
		this.queue = next.catch(() => undefined);
		return next;
	}

	/** The stored seal, or null when no run was ever sealed here. */
	record(): Promise<SealRecord | null> {
		this.cached ??= this.db.seal.get('seal').then((r) => r ?? null);
		return this.cached;
	}

	/**
	 * Whether a request may use the control endpoints: always when no run is sealed; when one is, only with the
	 * seal's secret in {@link SEAL_HEADER}.
	 */
	async admits(secret: string | null): Promise<boolean> {
		const rec = await this.record();
		if (!rec) return true;
		return isSecret(secret) && (await sha256Hex(secret)) === rec.secret_sha256;
	}

	/** True when a run is sealed here. */
	async sealed(): Promise<boolean> {
		return (await this.record()) !== null;
	}

	/**
	 * Seals the run just initialized (or re-seals it after a harness reset): a fresh record, no violations, the
	 * gyms' metadata as the ledger.
	 * @param secret the harness's secret (checked by the caller with {@link isSecret}).
	 */
	begin(secret: string, runId: string, gyms: readonly Gym[]): Promise<void> {
		return this.serial(async () => {
			const rec: SealRecord = { key: 'seal', secret_sha256: await sha256Hex(secret), run_id: runId, violation_count: 0, violations: [], ledger: {} };
			for (const g of gyms) {
				const meta = await metaOf(g);
				if (meta) rec.ledger[g.name] = ledgerEntry(meta);
			}
			await this.db.seal.put(rec);
			this.cached = Promise.resolve(rec);
		});
	}

	/** Records a violation (no-op when no run is sealed). */
	violate(v: SealViolation): Promise<void> {
		return this.serial(() => this.violateNow(v));
	}

	private async violateNow(v: SealViolation): Promise<void> {
		const rec = await this.record();
		if (!rec) return;
		const next: SealRecord = {
			...rec,
			violation_count: rec.violation_count + 1,
			violations: rec.violations.length < MAX_VIOLATIONS ? [...rec.violations, v] : rec.violations
		};
		await this.db.seal.put(next);
		this.cached = Promise.resolve(next);
	}

	/** After the Service Worker's API served a call of `gym` (or imported it): its metadata becomes the ledger's. */
	witness(gym: Gym): Promise<void> {
		return this.serial(() => this.witnessNow(gym));
	}

	private async witnessNow(gym: Gym): Promise<void> {
		const rec = await this.record();
		if (!rec) return;
		const meta = await metaOf(gym);
		if (!meta) return;
		const entry = ledgerEntry(meta);
		const old = rec.ledger[gym.name];
		if (old && old.clock === entry.clock && old.seq === entry.seq && old.run_seq === entry.run_seq) return;
		const next: SealRecord = { ...rec, ledger: { ...rec.ledger, [gym.name]: entry } };
		await this.db.seal.put(next);
		this.cached = Promise.resolve(next);
	}

	/**
	 * The seal for the verdict: first compares every gym's metadata with the ledger (a difference is a
	 * `write_outside_api` violation, recorded), then reports.
	 */
	report(gyms: readonly Gym[]): Promise<SealReport> {
		return this.serial(() => this.reportNow(gyms));
	}

	private async reportNow(gyms: readonly Gym[]): Promise<SealReport> {
		const rec = await this.record();
		if (!rec) return { sealed: false, intact: false, violation_count: 0, violations: [] };
		for (const g of gyms) {
			const meta = await metaOf(g);
			const seen = rec.ledger[g.name];
			if (!meta || !seen) continue;
			const now = ledgerEntry(meta);
			const diff = (['clock', 'seq', 'run_seq'] as const).filter((k) => now[k] !== seen[k]);
			if (diff.length > 0) {
				await this.violateNow({
					kind: 'write_outside_api',
					method: '-',
					path: g.name,
					detail: diff.map((k) => `${k} ${JSON.stringify(seen[k])} → ${JSON.stringify(now[k])}`).join(', ')
				});
				await this.witnessNow(g);
			}
		}
		const final = (await this.record())!;
		return { sealed: true, intact: final.violation_count === 0, violation_count: final.violation_count, violations: final.violations };
	}
}

/**
 * The metadata the seal watches: the durable copy (a gym held in memory journals it before answering each call, so it
 * equals the in-memory one unless something wrote the journal outside the API), else the gym's run meta.
 */
function metaOf(gym: Gym): Promise<RunMeta | null> {
	return gym.durableMeta ? gym.durableMeta() : gym.runMeta();
}

/**
 * What a refused navigation gets: a plain "Page not found" document (status 404), nothing of salesgym's, no
 * script, no data.
 */
export function notFoundPage(): Response {
	const html =
		'<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
		'<title>Page not found</title></head><body><main><h1>Page not found</h1>' +
		'<p>The page you were looking for does not exist or was moved.</p></main></body></html>';
	return new Response(html, { status: 404, headers: { 'content-type': 'text/html;charset=utf-8', 'cache-control': 'no-store' } });
}
