/**
 * The text of `GET /__salesgym/state` assembled from each gym's `exportJson` (gyms/kit/export-json.ts), whose
 * unchanged tables come from memory as UTF-8 canonical JSON bytes, instead of re-reading every table and
 * re-serializing the whole ~10 MB document: the same bytes as `canonicalJson(exportRun(ctx).state)` (sw/run.ts),
 * because canonical JSON is compositional (the canonical text of an object with sorted keys is its members'
 * canonical texts joined in key order) and the document's keys are spliced here in sorted order.
 * Pure of Service Worker globals so that Node tests can run it over fake-indexeddb.
 */
import { canonicalJson } from '../verifier/canonical';
import { EXPORT_FORMAT, EXPORT_VERSION, joinRunParts, RunError, type RunContext, type StateExport } from './run';

/** The keys of a {@link StateExport}, sorted by code unit as canonical JSON writes them. */
export const STATE_EXPORT_KEYS = [
	'clock',
	'events',
	'format',
	'gyms',
	'meta',
	'run_id',
	'seed',
	'task_id',
	'version'
] as const satisfies readonly (keyof StateExport)[];

const encoder = new TextEncoder();

/** Code-unit order, as `Array.prototype.sort` without a comparator (and canonical JSON's key order). */
const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The canonical export of the current run as UTF-8 bytes, or null when a gym has no `exportJson` (then use
 * `exportRun(ctx).json`).
 * @returns exactly the bytes of `canonicalJson(exportRun(ctx).state)`.
 * @throws RunError 409 when no run is initialized or the gyms disagree on the run (as `exportRun`).
 */
export async function exportRunBytes(ctx: RunContext): Promise<Uint8Array<ArrayBuffer> | null> {
	if (ctx.gyms.some((g) => !g.exportJson)) return null;
	const parts = await Promise.all(ctx.gyms.map(async (g) => [g.name, await g.exportJson!().catch(() => null)] as const));
	const { first, meta, events, clock } = joinRunParts(parts);
	const chunks: Uint8Array[] = [];
	const text = (s: string): void => {
		chunks.push(encoder.encode(s));
	};
	const scalar: Omit<StateExport, 'gyms' | 'events' | 'meta'> = {
		clock,
		format: EXPORT_FORMAT,
		run_id: first.meta.run_id,
		seed: first.meta.seed,
		task_id: first.meta.task_id,
		version: EXPORT_VERSION
	};
	for (const [i, key] of STATE_EXPORT_KEYS.entries()) {
		text(`${i === 0 ? '{' : ','}${JSON.stringify(key)}:`);
		if (key === 'events') text(canonicalJson(events));
		else if (key === 'meta') text(canonicalJson(meta));
		else if (key === 'gyms') spliceGyms(parts, chunks, text);
		else text(JSON.stringify(scalar[key]));
	}
	text('}');
	return concat(chunks);
}

/**
 * The `tables` query parameter of `GET /__salesgym/state`: comma-separated `<gym>.<table>` names, or `<gym>.*` for
 * every table of a gym, e.g. `hubspot.contacts,outreach.*`.
 * @returns gym name → its table names (`'*'`: all), or undefined when the parameter is absent.
 * @throws RunError 400 naming the first entry that is not `<gym>.<table>` or names a gym the build does not serve.
 */
export function parseTables(query: URLSearchParams, gyms: readonly string[]): Map<string, Set<string> | '*'> | undefined {
	const raw = query.get('tables');
	if (raw === null) return undefined;
	const out = new Map<string, Set<string> | '*'>();
	for (const entry of raw.split(',').filter((s) => s.length > 0)) {
		const dot = entry.indexOf('.');
		const gym = entry.slice(0, dot);
		const table = entry.slice(dot + 1);
		if (dot <= 0 || table.length === 0) throw new RunError(400, `tables: "${entry}" is not <gym>.<table> or <gym>.*`);
		if (!gyms.includes(gym)) throw new RunError(400, `tables: "${entry}" names no gym of this build (${gyms.join(', ')})`);
		const cur = out.get(gym);
		if (table === '*' || cur === '*') out.set(gym, '*');
		else out.set(gym, new Set([...(cur ?? []), table]));
	}
	return out;
}

/** Keys of the {@link exportViewBytes} document, in canonical order. */
const VIEW_KEYS = ['clock', 'events', 'gyms'] as const;

/**
 * `GET /__salesgym/state?tables=…`: the verifier's view of the current run over a few tables, as UTF-8 canonical
 * JSON `{clock, events, gyms}`: `gyms` has every gym's key with only the tables `only` asks of it (unknown table
 * names are ignored; a gym not in `only` has `{}`), `events` and `clock` as in the whole export, and no `meta` (a
 * deferred gym's id counters are known only once its tables are projected). For a harness that needs a few tables
 * of the ~10 MB export (the mutant proof of a play): a gym none of whose tables is asked is not projected.
 * @returns the bytes, or null when a gym has no `exportJson`.
 * @throws RunError 409 when no run is initialized or the gyms disagree on the run (as `exportRun`).
 */
export async function exportViewBytes(ctx: RunContext, only: ReadonlyMap<string, ReadonlySet<string> | '*'>): Promise<Uint8Array<ArrayBuffer> | null> {
	if (ctx.gyms.some((g) => !g.exportJson)) return null;
	const tablesOf = (gym: string): string[] | undefined => {
		const want = only.get(gym);
		return want === '*' ? undefined : [...(want ?? [])];
	};
	const parts = await Promise.all(ctx.gyms.map(async (g) => [g.name, await g.exportJson!(tablesOf(g.name)).catch(() => null)] as const));
	const { events, clock } = joinRunParts(parts);
	const chunks: Uint8Array[] = [];
	const text = (s: string): void => {
		chunks.push(encoder.encode(s));
	};
	for (const [i, key] of VIEW_KEYS.entries()) {
		text(`${i === 0 ? '{' : ','}${JSON.stringify(key)}:`);
		if (key === 'events') text(canonicalJson(events));
		else if (key === 'clock') text(JSON.stringify(clock));
		else spliceGyms(parts, chunks, text);
	}
	text('}');
	return concat(chunks);
}

/** Appends the canonical JSON of `{<gym>: {<table>: rows}}` (gyms and tables in code-unit order) to `chunks`. */
function spliceGyms(
	parts: readonly (readonly [string, { tables: Record<string, Uint8Array> } | null])[],
	chunks: Uint8Array[],
	text: (s: string) => void
): void {
	const gyms = parts.map(([name, p]) => [name, p!.tables] as const).sort(([a], [b]) => byCodeUnit(a, b));
	text('{');
	for (const [g, [name, tables]] of gyms.entries()) {
		text(`${g === 0 ? '' : ','}${JSON.stringify(name)}:{`);
		for (const [t, table] of Object.keys(tables).sort(byCodeUnit).entries()) {
			text(`${t === 0 ? '' : ','}${JSON.stringify(table)}:`);
			chunks.push(tables[table]!);
		}
		text('}');
	}
	text('}');
}

/** The chunks joined into one buffer. */
function concat(chunks: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
	const out = new Uint8Array(new ArrayBuffer(chunks.reduce((n, c) => n + c.length, 0)));
	let at = 0;
	for (const c of chunks) {
		out.set(c, at);
		at += c.length;
	}
	return out;
}

/** Answer of `GET /__salesgym/state?digest=sha256`: the export's hash without its ~10 MB. */
export interface ExportDigest {
	/** Lower-case hex SHA-256 of the export's UTF-8 bytes (what `GET /__salesgym/state` answers). */
	sha256: string;
	/** Size of the export, bytes. */
	bytes: number;
}

/** The {@link ExportDigest} of an export's bytes (WebCrypto, as in the page). */
export async function exportDigest(bytes: Uint8Array<ArrayBuffer>): Promise<ExportDigest> {
	const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
	return { sha256: [...digest].map((b) => b.toString(16).padStart(2, '0')).join(''), bytes: bytes.length };
}
