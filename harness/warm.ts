/**
 * Warm environments (README "Warm environments"): a browser context (its IndexedDB, Service Worker, caches and
 * compiled code) is kept from one episode to the next and reset in place, which skips the context's creation, the
 * Service Worker's install and the full load of the seed. Reuse must never leak: after each in-place reset the
 * Service Worker compares every gym's database with the task's initial state as the projections compute it
 * (`GET /__salesgym/reset-check`, sw/reset-check.ts); a difference, or any failure of the in-place reset, recycles
 * the context (closed, and the episode starts in a fresh one), and is counted in {@link WarmStats}.
 *
 * The check is cheap because it reads only what may have changed: a {@link StoreWatch} listens to the browser's own
 * IndexedDB change notifications for the gym origin (Chrome DevTools Protocol `Storage.trackIndexedDBForStorageKey`
 * and its `Storage.indexedDBContentUpdated` events, which Chromium sends for every committed write to an object store,
 * whoever made it: the Service Worker, a page's raw `indexedDB` calls, a worker), and the check compares row by row
 * only the stores written since the last check; the others are compared by their primary keys (a cheap key read that
 * still sees a row added or removed). Without a watch (no CDP session), every table is compared row by row.
 */
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { z } from 'zod';
import { InfrastructureError } from './errors';
import { pageJson } from './page';
import { SEAL_HEADER } from '../sw/paths';

/** The answer of `GET /__salesgym/reset-check` (sw/reset-check.ts). */
export const ResetCheckResponse = z.strictObject({
	run_id: z.string(),
	task_id: z.string().nullable(),
	seed: z.number().int(),
	match: z.boolean(),
	state_sha256: z.string().regex(/^[0-9a-f]{64}$/),
	initial_sha256: z.string().regex(/^[0-9a-f]{64}$/),
	differing: z.array(z.string())
});
/** Parsed {@link ResetCheckResponse}. */
export type ResetCheckResponse = z.infer<typeof ResetCheckResponse>;

/** A reused context whose in-place reset did not give the task's initial state (or failed): it is recycled. */
export class ReuseMismatchError extends Error {}

/**
 * Asks the Service Worker whether the databases hold exactly the initial state of the run `runId`.
 * @param seal the current episode's secret (sealed episodes).
 * @param watch the context's store watch: only the stores it saw written since its last `take` are compared row by
 *   row (all of them without a watch, or when the watch broke).
 * @throws ReuseMismatchError when they do not (naming what differs) or the check names another run;
 *   InfrastructureError when the call fails or answers an unexpected shape.
 */
export async function assertInitialState(page: Page, runId: string, seal: string | undefined, watch?: StoreWatch): Promise<ResetCheckResponse> {
	const written = watch ? await watch.take() : null;
	const path = written === null ? '/__salesgym/reset-check' : `/__salesgym/reset-check?deep=${encodeURIComponent(written.join(','))}`;
	const body = await pageJson(page, 'GET', path, undefined, seal === undefined ? undefined : { [SEAL_HEADER]: seal });
	if (watch) {
		// A write that landed while the check read (after `take`) would otherwise reach the next episode unchecked.
		const late = (await watch.take()) ?? [];
		if (late.length > 0) throw new ReuseMismatchError(`IndexedDB was written during the reset check (${late.slice(0, 8).join(', ')})`);
	}
	const parsed = ResetCheckResponse.safeParse(body);
	if (!parsed.success) throw new InfrastructureError(`GET /__salesgym/reset-check answered an unexpected shape: ${parsed.error.issues[0]?.message}`);
	const check = parsed.data;
	if (check.run_id !== runId) throw new ReuseMismatchError(`the reset check saw run ${check.run_id}, not ${runId}`);
	if (!check.match)
		throw new ReuseMismatchError(
			`state ${check.state_sha256.slice(0, 12)} ≠ initial ${check.initial_sha256.slice(0, 12)} after the reset (${check.differing.slice(0, 8).join(', ')})`
		);
	return check;
}

/** The IndexedDB database name of a gym, e.g. `salesgym-hubspot` (gyms/registry.ts). */
const DB_PREFIX = 'salesgym-';

/**
 * The object stores of a browser context's gym databases written since the last {@link take}, as the browser reports
 * them (see the module docs). One per warm context, on its first page's CDP session (it dies with that page).
 */
export class StoreWatch {
	private written = new Set<string>();
	private broken = false;

	private constructor(private readonly session: CDPSession) {
		session.on('Storage.indexedDBContentUpdated', (e: { databaseName: string; objectStoreName: string }) => {
			if (e.databaseName.startsWith(DB_PREFIX)) this.written.add(`${e.databaseName.slice(DB_PREFIX.length)}.${e.objectStoreName}`);
			else this.written.add(`${e.databaseName}.${e.objectStoreName}`);
		});
	}

	/**
	 * Starts watching the IndexedDB of `origin` from `page`'s CDP session (Chromium only).
	 * @param origin e.g. `http://127.0.0.1:4173`.
	 * @returns null when the browser has no CDP (then the reset check reads every row).
	 */
	static async open(context: BrowserContext, page: Page, origin: string): Promise<StoreWatch | null> {
		try {
			const session = await context.newCDPSession(page);
			await session.send('Storage.trackIndexedDBForStorageKey', { storageKey: `${new URL(origin).origin}/` });
			return new StoreWatch(session);
		} catch {
			return null;
		}
	}

	/**
	 * The stores written since the last call, `<gym>.<store>` (e.g. `hubspot.contacts`), sorted; then forgets them.
	 * A CDP round trip first, so that every notification the browser sent before it is counted.
	 * @returns null when the session broke (its page closed): then the caller must check everything.
	 */
	async take(): Promise<string[] | null> {
		try {
			await this.session.send('Runtime.evaluate', { expression: '0' });
		} catch {
			this.broken = true;
		}
		const out = [...this.written].sort();
		this.written = new Set();
		return this.broken ? null : out;
	}

	/** Forgets what was written so far (the context was just loaded fresh: its state is trusted as it stands). */
	async mark(): Promise<void> {
		await this.take();
	}
}

/** Counters of context reuse, over a pool's or an env's life. */
export interface WarmStats {
	/** Episodes started in a new context. */
	fresh: number;
	/** Episodes started in a reused context, reset in place and checked. */
	warm: number;
	/** Contexts thrown away: a reset check that differed, an in-place reset that failed, or an episode that crashed. */
	recycled: number;
	/** Why the last {@link MAX_REASONS} recycles happened (first line of each). */
	reasons: string[];
}

/** Most recycle reasons kept in {@link WarmStats.reasons}. */
export const MAX_REASONS = 20;

/** New zeroed {@link WarmStats}. */
export function newWarmStats(): WarmStats {
	return { fresh: 0, warm: 0, recycled: 0, reasons: [] };
}

/** Adds one recycle with its reason to `stats`. */
export function countRecycle(stats: WarmStats, reason: string): void {
	stats.recycled++;
	stats.reasons.push(reason.split('\n')[0] ?? '');
	if (stats.reasons.length > MAX_REASONS) stats.reasons.shift();
}

/** A context kept warm between episodes: its one page (left where the last episode ended) and its seal. */
export interface WarmContext {
	browser: Browser;
	context: BrowserContext;
	page: Page;
	/** The secret the profile is sealed with (the last episode's), or undefined when it was not sealed. */
	secret: string | undefined;
	/** What the context was opened with (origin, viewport, zone, sealed): only an env asking the same may take it. */
	key: string;
	/** The context's IndexedDB watch (null: none, every reset check reads every row). */
	watch: StoreWatch | null;
}

/**
 * Warm contexts shared by the envs of a run (`runEpisodes` keeps one pool per run): an env takes one at its first
 * reset and gives it back at `close()` when its episode ended cleanly. At most `maxIdle` are kept idle (the rest are
 * closed). Not thread-safe across processes; within one event loop, take/give are synchronous.
 */
export class ContextPool {
	private readonly idle: WarmContext[] = [];
	/** Reuse counters of every env that used this pool. */
	readonly stats: WarmStats = newWarmStats();

	/** @param maxIdle most idle contexts kept (default 4). */
	constructor(private readonly maxIdle = 4) {}

	/** An idle context of `browser` opened with `key` (its page still open), or null. */
	take(browser: Browser, key: string): WarmContext | null {
		for (let i = this.idle.length - 1; i >= 0; i--) {
			const w = this.idle[i]!;
			if (w.browser !== browser || w.key !== key) continue;
			this.idle.splice(i, 1);
			if (browser.isConnected() && !w.page.isClosed()) return w;
			void w.context.close().catch(() => {});
		}
		return null;
	}

	/** Keeps `w` for a later episode (closes it when `maxIdle` are already idle). */
	give(w: WarmContext): void {
		if (this.idle.length >= this.maxIdle || !w.browser.isConnected()) {
			void w.context.close().catch(() => {});
			return;
		}
		this.idle.push(w);
	}

	/** Closes every idle context. */
	async close(): Promise<void> {
		const all = this.idle.splice(0);
		await Promise.all(all.map((w) => w.context.close().catch(() => {})));
	}
}
