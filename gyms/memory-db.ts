/**
 * In-memory IndexedDB for a gym's working database (gyms/store.ts "Journal"): each call gives Dexie its own
 * `IDBFactory` of fake-indexeddb (a pure-JS implementation of the W3C IndexedDB API, https://github.com/dumbmatter/fakeIndexedDB),
 * so that a first load's bulk write of thousands of seed rows costs memory copies, not one browser IndexedDB request per row.
 * Determinism: the library reads the host clock only for its events' `timeStamp` (`FakeEvent`), which neither Dexie nor
 * the gyms read; keys, rows and their order depend on the writes alone.
 */
import type { DexieOptions } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';

/** Dexie options over a new, empty in-memory `IDBFactory` (its databases live as long as this JS realm). */
export function memoryDbOptions(): Pick<DexieOptions, 'indexedDB' | 'IDBKeyRange'> {
	return { indexedDB: new IDBFactory(), IDBKeyRange };
}
