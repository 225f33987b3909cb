/**
 * Which tables each page's verifier worker already holds parsed (its jq keeps them between verifications:
 * verifier/jq-engine.ts), so that `/verify` sends only the tables whose bytes changed since that worker last saw
 * them. A table's version is the identity of its bytes in the export (gyms/kit/export-json.ts keeps one bytes
 * object per table while the table is unwritten): the same object, the same version id.
 *
 * Ids count from 0 in each Service Worker instance, from nothing on the host (no clock, no randomness). A page's worker
 * can outlive the SW that fed it, so an id may repeat across instances; that is safe because the worker trusts an id
 * only for what was sent to it: a sent table is always parsed and its id then names that value, and a table is sent
 * held only after this SW instance sent it to that worker (its ledger starts empty).
 */
import type { StateTableSpan, VerifyInput } from '../verifier/verify';
import type { TableLedger } from '../verifier/prepare';

const versions = new WeakMap<Uint8Array, string>();
let nextVersion = 0;

/**
 * The version id of a table's bytes: `v<n>`, the same for the same bytes object.
 * @param bytes a table's canonical JSON (UTF-8), as the export keeps it.
 */
export function versionOf(bytes: Uint8Array): string {
	let id = versions.get(bytes);
	if (id === undefined) {
		id = `v${nextVersion++}`;
		versions.set(bytes, id);
	}
	return id;
}

/**
 * One page's ledger, mirroring what its worker's jq keeps (verifier/jq-engine.ts): each table key (`state gym.table`,
 * `initial gym.table`) → the version last sent or held under it; a version is held while some key points at it.
 */
export class PageTables implements TableLedger {
	private readonly keys = new Map<string, string>();
	private readonly refs = new Map<string, number>();

	/** {@link versionOf}. */
	idOf(bytes: Uint8Array): string {
		return versionOf(bytes);
	}

	/** Whether the page's worker holds version `id` (under any key). */
	holds(id: string): boolean {
		return (this.refs.get(id) ?? 0) > 0;
	}

	/**
	 * After a verification the worker answered: it holds every table of the input at the input's version, and nothing
	 * the input did not name (verifier/jq-engine.ts releases those keys).
	 * @param input the verification's input (`tables` and `initialTables`, as sw/verify.ts built it).
	 */
	record(input: Pick<VerifyInput, 'tables' | 'initialTables' | 'initial'>): void {
		const named = new Set<string>();
		const set = (kind: string, spans: readonly StateTableSpan[] | undefined) => {
			for (const t of spans ?? []) {
				const key = `${kind} ${t.gym}.${t.table}`;
				named.add(key);
				if (t.id === undefined) {
					// An unversioned table under this key: the worker keeps no version there any more.
					this.drop(key);
					continue;
				}
				const old = this.keys.get(key);
				if (old === t.id) continue;
				this.refs.set(t.id, (this.refs.get(t.id) ?? 0) + 1);
				if (old !== undefined) {
					const n = this.refs.get(old)! - 1;
					if (n > 0) this.refs.set(old, n);
					else this.refs.delete(old);
				}
				this.keys.set(key, t.id);
			}
		};
		set('initial', typeof input.initial === 'object' ? input.initialTables : undefined);
		set('state', input.tables);
		for (const key of [...this.keys.keys()]) if (!named.has(key)) this.drop(key);
	}

	/** Forgets the version held under `key` (the version stays held while another key points at it). */
	private drop(key: string): void {
		const id = this.keys.get(key);
		if (id === undefined) return;
		this.keys.delete(key);
		const n = this.refs.get(id)! - 1;
		if (n > 0) this.refs.set(id, n);
		else this.refs.delete(id);
	}

	/** After a verification that failed or was refused (the worker may have been restarted): assume it holds nothing. */
	clear(): void {
		this.keys.clear();
		this.refs.clear();
	}

	/** Versions held. */
	get size(): number {
		return this.refs.size;
	}
}

/** How many pages' ledgers the SW keeps (the least recently used is dropped; its page then gets every table again). */
export const MAX_PAGES = 8;

/** Ledgers by page (`FetchEvent.clientId`), least recently used first. */
const pages = new Map<string, PageTables>();

/** The ledger of page `clientId` (created on first use; the {@link MAX_PAGES} most recently used are kept). */
export function pageTables(clientId: string): PageTables {
	let ledger = pages.get(clientId);
	if (ledger) pages.delete(clientId);
	else ledger = new PageTables();
	pages.set(clientId, ledger);
	while (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!);
	return ledger;
}
