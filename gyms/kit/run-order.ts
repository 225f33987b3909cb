/**
 * Run-wide order: one sequence number, `run_seq`, shared by every gym of one deployment, so that `$events` can
 * say "the Sales Navigator list write came before the HubSpot create" although each gym has its own database
 * (one IndexedDB transaction cannot span two databases).
 *
 * How it stays right without a cross-database transaction
 * - The counter lives in memory ({@link RunOrder}); every gym of the deployment shares one instance
 *   ({@link RUN_ORDER}: the combined build serves all four gyms from one Service Worker, so one module).
 * - A write advances it synchronously inside its own rw transaction (no await between reading and bumping it),
 *   and persists the new value in the same transaction, in each event it logs (`GymEvent.run_seq`) and in the
 *   gym's run meta (`RunMeta.run_seq`). An aborted request may burn numbers: gaps are allowed, order is not
 *   broken, because a request that starts after another one's answer bumps the counter after it.
 * - Browsers stop idle Service Workers. After a restart (and after an import) the counter is unknown; the next
 *   request re-derives it as the max `run_seq` over the metas of the registered gyms before its transaction
 *   starts ({@link RunOrder.ready}). Every committed number is in some meta, so the next one is larger.
 * - A reset (every gym of the deployment resets together, `POST /__salesgym/run`) sets each gym's `run_seq` and
 *   the counter to 0: a run starts at 0 and its first write is 1.
 *
 * Gyms on separate origins (standalone deployments, one gym per origin) do not share memory or storage: there
 * `run_seq` is per origin and says nothing about the order between two origins. Cross-origin order is checked
 * through artifacts that carry from one gym to the next instead (see gyms/kit/README.md, "Run order").
 */
import type Dexie from 'dexie';
import type { RunMeta } from '../types';

/** The run-wide sequence counter of one deployment (see the module comment). */
export class RunOrder {
	private value: number | null = null;
	private generation = 0;
	private pending: Promise<void> | null = null;
	private readonly dbs = new Map<Dexie, (() => Promise<void>) | undefined>();

	/**
	 * Adds a gym database (with a `meta` table holding the `run` {@link RunMeta}) whose meta counts in {@link ready}.
	 * @param boot resolves once `db` holds its state (a database held in memory is rebuilt from its journal first,
	 * gyms/store.ts `GymStore.boot`); {@link ready} waits for it before reading the meta.
	 */
	register(db: Dexie, boot?: () => Promise<void>): void {
		this.dbs.set(db, boot);
	}

	/** Forgets the counter (after an import); the next {@link ready} re-derives it from the metas. */
	invalidate(): void {
		this.value = null;
		this.generation++;
	}

	/** Starts a run: the counter is 0 (a reset has set every gym's `run_seq` to 0). */
	reset(): void {
		this.value = 0;
		this.generation++;
	}

	/**
	 * Makes the counter known: when it is not (fresh start, after {@link invalidate}), reads the `run` meta of every
	 * registered database and takes the max `run_seq` (0 when none has one). Call before a write transaction starts.
	 */
	async ready(): Promise<void> {
		while (this.value === null) {
			this.pending ??= this.derive().finally(() => (this.pending = null));
			await this.pending;
		}
	}

	private async derive(): Promise<void> {
		const generation = this.generation;
		const metas = await Promise.all(
			[...this.dbs].map(async ([db, boot]) => {
				await boot?.();
				return (db.table('meta').get('run') as Promise<RunMeta | undefined>).catch(() => undefined);
			})
		);
		const max = metas.reduce((m, meta) => Math.max(m, meta?.run_seq ?? 0), 0);
		if (this.generation === generation && this.value === null) this.value = max;
	}

	/**
	 * The next run-wide number, advanced synchronously (call inside the write transaction, with no await before
	 * the write that persists it). Never at or below `floor` (the calling gym's own last `run_seq`), so a counter
	 * that was not made ready still orders the gym's own events.
	 */
	next(floor = 0): number {
		const n = Math.max(this.value ?? 0, floor) + 1;
		this.value = n;
		return n;
	}

	/** The last number handed out, or null when unknown (for tests). */
	peek(): number | null {
		return this.value;
	}
}

/** The counter shared by every gym of this deployment (all gyms this build serves live in one Service Worker). */
export const RUN_ORDER = new RunOrder();
