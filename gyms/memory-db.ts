/**
 * In-memory IndexedDB for a gym's working database (gyms/store.ts "Journal"): each call gives Dexie its own
 * `IDBFactory` of fake-indexeddb (a pure-JS implementation of the W3C IndexedDB API, https://github.com/dumbmatter/fakeIndexedDB),
 * so that a first load's bulk write of thousands of seed rows costs memory copies, not one browser IndexedDB request per row.
 * Determinism: the library reads the host clock only for its events' `timeStamp` (`FakeEvent`), which neither Dexie nor
 * the gyms read; keys, rows and their order depend on the writes alone.
 */
import type { DBCore, DBCoreMutateRequest, DBCoreMutateResponse, DexieOptions, Middleware } from 'dexie';
import { IDBFactory, IDBKeyRange, IDBTransaction as FakeTransaction } from 'fake-indexeddb';

/** Dexie options over a new, empty in-memory `IDBFactory` (its databases live as long as this JS realm). */
export function memoryDbOptions(): Pick<DexieOptions, 'indexedDB' | 'IDBKeyRange'> {
	return { indexedDB: new IDBFactory(), IDBKeyRange };
}

/** Transactions whose bulk writes store the caller's row objects themselves ({@link shareRowsIn}). */
const sharing = new WeakSet<object>();

/**
 * Lets the bulk writes of {@link bulkWrites} in the fake-indexeddb transaction `idbtrans` (Dexie's `tx.idbtrans`)
 * store the caller's row objects as they are, without the structured clone. For rows that nothing ever changes in
 * place, whose owner keeps them as long as the database does (the store's cached initial rows, gyms/store.ts): the
 * library clones a stored value whenever it is read and replaces (never edits) a record on `put`, so no reader or
 * writer can reach the shared objects, and a first load keeps one copy of its seed rows instead of two. Writes of
 * fewer than {@link BULK_MIN_VALUES} rows, and every write of another transaction, are cloned as usual.
 * Not for rows a structured clone could refuse (functions, symbols): they are not checked.
 */
export function shareRowsIn(idbtrans: object): void {
	sharing.add(idbtrans);
}

/** Fewest values in one `add`/`put` for {@link bulkWrites} to write them in one request (smaller ones go row by row). */
export const BULK_MIN_VALUES = 32;

/**
 * The parts of fake-indexeddb 6.2.8's transaction and object store that one bulk request uses (its own `add` and
 * `put` use the same ones: `FDBObjectStore.add` → `transaction._execRequestAsync({operation: rawStore.storeRecord…})`).
 */
interface FakeInternals {
	_state: string;
	_rollbackLog: (() => void)[];
	_execRequestAsync(obj: { operation: () => unknown; source: unknown }): IDBRequest;
	objectStore(name: string): IDBObjectStore & {
		_rawObjectStore: {
			keyGenerator: unknown;
			storeRecord(record: { key: unknown; value: unknown }, noOverwrite: boolean, rollbackLog: (() => void)[]): unknown;
		};
	};
}

/**
 * A Dexie DBCore middleware (level -2: right above Dexie's IndexedDB adapter, below every other middleware, so the
 * read cache and the dirty tracking see the same `mutate` calls and results) that writes an `add` or `put` of at
 * least {@link BULK_MIN_VALUES} rows into a fake-indexeddb object store in ONE request instead of one request (and one
 * task of the library's scheduler) per row. Each row goes through the library's own insertion step
 * (`ObjectStore.storeRecord`: key from the key path, the key's validity, `add`'s no-overwrite rule, unique indexes,
 * the transaction's rollback log), after the structured clone that the IndexedDB spec requires of an inserted value
 * ("clone a value", W3C Indexed Database API 3.0 §5.6 "add or put"), except in a transaction given to
 * {@link shareRowsIn}. Applies only when the store has an inbound
 * string key path, no key generator, no explicit keys and every row holds its key; otherwise, and for any other
 * transaction (the browser's own IndexedDB), the request goes down unchanged.
 *
 * Failure: the first row the library refuses (e.g. `ConstraintError` for a key `add` finds taken) fails the request,
 * and the transaction aborts, undoing every row of it; Dexie's row-by-row path would report the refused rows in a
 * `BulkError` instead, which every bulk write of the gym stores also lets abort its transaction.
 * @returns the middleware, for `db.use(…)` before the database opens.
 */
export function bulkWrites(): Middleware<DBCore> {
	return {
		stack: 'dbcore',
		name: 'fake-idb-bulk-writes',
		level: -2,
		create(down) {
			return {
				...down,
				table(tableName) {
					const t = down.table(tableName);
					return {
						...t,
						mutate(req: DBCoreMutateRequest): Promise<DBCoreMutateResponse> {
							if ((req.type !== 'add' && req.type !== 'put') || req.keys !== undefined || req.values.length < BULK_MIN_VALUES) return t.mutate(req);
							const trans = req.trans as unknown;
							if (!(trans instanceof FakeTransaction)) return t.mutate(req);
							const fake = trans as unknown as FakeInternals;
							const store = fake.objectStore(tableName);
							const keyPath = store.keyPath;
							if (typeof keyPath !== 'string' || keyPath.includes('.') || store._rawObjectStore.keyGenerator !== null) return t.mutate(req);
							const values = req.values;
							if (!values.every((v) => typeof v === 'object' && v !== null && (v as Record<string, unknown>)[keyPath] !== undefined)) return t.mutate(req);
							const noOverwrite = req.type === 'add';
							return new Promise((resolve, reject) => {
								// The clones are made before the request, as `add` makes each one (with the transaction inactive), in
								// ONE structured clone of the array (a clone per row costs twice as much in Chromium: 90–110 against
								// 45–70 ms for HubSpot's 7,375 seed rows). Rows that share a nested object then share its clone,
								// which no reader can see: the library clones a value again whenever it is read.
								fake._state = 'inactive';
								let clones: readonly unknown[];
								try {
									clones = sharing.has(trans as object) ? values : structuredClone([...values]);
								} catch (e) {
									reject(e instanceof Error ? e : new Error(String(e)));
									return;
								} finally {
									fake._state = 'active';
								}
								const raw = store._rawObjectStore;
								const request = fake._execRequestAsync({
									operation: () => clones.map((value) => raw.storeRecord({ key: undefined, value }, noOverwrite, fake._rollbackLog)),
									source: store
								});
								request.onsuccess = () => {
									const results = request.result as unknown[];
									resolve({ numFailures: 0, failures: [], results, lastResult: results[results.length - 1] });
								};
								request.onerror = () => reject(request.error ?? new Error(`${req.type} of ${values.length} rows into ${tableName} failed`));
							});
						}
					};
				}
			};
		}
	};
}
