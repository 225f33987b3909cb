/**
 * The exported-state store (README "Deployment"): nginx WebDAV at `/state/<run_id>/<gym>.json`. A gym PUTs
 * its part of a run's export there; any gym or harness GETs it. This is how `/verify` of a cross-gym task
 * sees the gyms that a standalone deployment does not serve (they run on other origins).
 *
 * Each stored document is a canonical {@link StateExport} restricted to ONE gym (its tables, its `meta` entry
 * and its events): exactly the shape `GET /__salesgym/state` answers, so it is also what the `states` of a
 * `/verify` request carry (issue 3's contract). Pure of SW globals: `fetch` and the store origin are passed
 * in, so the same functions run in the SW, in the page and in Node (harnesses, tests).
 */
import { canonicalJson } from '../verifier/canonical';
import { InitRequest, RunError, StateExportSchema, type StateExport } from './run';

/** Gym names the store accepts in a path (lowercase letters; nginx checks the same set). */
export const GYM_NAME_RE = /^[a-z]+$/;

/** Where the store is and how to reach it. */
export interface StoreOptions {
	/** Origin of the store, e.g. `http://127.0.0.1:8090` (no trailing slash). */
	origin: string;
	/** The `fetch` to use (the SW's, the page's or Node's). */
	fetch: typeof fetch;
}

/** One document written by {@link publishExports}. */
export interface Published {
	/** Gym name. */
	gym: string;
	/** Absolute URL written. */
	url: string;
	/** Size of the canonical JSON body, bytes (UTF-8). */
	bytes: number;
	/** The store's answer: 201 (created) or 204 (replaced). */
	status: number;
}

/**
 * URL of one gym's export for a run: `<origin>/state/<run_id>/<gym>.json`.
 * @param runId validated with the run_id pattern of `POST /__salesgym/run` (1–128 of `A-Za-z0-9._:-`, first alphanumeric).
 * @param gym lowercase letters only.
 * @throws RunError 400 when either does not match (so no path can leave `/state/<run_id>/`).
 */
export function stateUrl(origin: string, runId: string, gym: string): string {
	if (!InitRequest.shape.run_id.safeParse(runId).success)
		throw new RunError(400, `run_id "${runId}" cannot name a state-store path: 1-128 chars of letters, digits, . _ : -`);
	if (!GYM_NAME_RE.test(gym)) throw new RunError(400, `gym "${gym}" cannot name a state-store path: lowercase letters only`);
	return `${origin}/state/${runId}/${gym}.json`;
}

/**
 * One gym's part of a run's export: its tables, its `meta` entry, its events; run fields and `clock` (that
 * gym's own clock) as in the whole export. This is the document stored at `/state/<run_id>/<gym>.json`.
 * @throws RunError 409 when the export has no such gym.
 */
export function gymSlice(state: StateExport, gym: string): StateExport {
	const tables = state.gyms[gym];
	const meta = state.meta[gym];
	if (!tables || !meta) throw new RunError(409, `the export of run "${state.run_id}" has no gym "${gym}"`);
	return {
		...state,
		clock: meta.clock,
		gyms: { [gym]: tables },
		meta: { [gym]: meta },
		events: state.events.filter((e) => e.gym === gym)
	};
}

function networkError(what: string, url: string, e: unknown): RunError {
	return new RunError(502, `the state store is unreachable (${what} ${url}): ${e instanceof Error ? e.message : String(e)}`);
}

async function messageOf(res: Response): Promise<string> {
	const text = await res.text().catch(() => '');
	try {
		const body = JSON.parse(text) as { message?: unknown };
		if (typeof body.message === 'string') return body.message;
	} catch {
		// not JSON: quote the start of the text
	}
	return text.slice(0, 200);
}

/**
 * Publishes this origin's part of a run: PUTs {@link gymSlice} of `state` for each of `gyms`, as canonical
 * JSON (`content-type: application/json`), to {@link stateUrl}. Gyms are written one after another, in order.
 * @returns what was written, in `gyms` order.
 * @throws RunError 502 when the store cannot be reached or refuses a PUT (e.g. 403 for a gym this origin may
 *   not write, 413 over the size limit), naming the URL and the store's message; 409 when `state` lacks a gym.
 */
export async function publishExports(state: StateExport, gyms: readonly string[], opts: StoreOptions): Promise<Published[]> {
	const out: Published[] = [];
	for (const gym of gyms) {
		const url = stateUrl(opts.origin, state.run_id, gym);
		const body = canonicalJson(gymSlice(state, gym));
		let res: Response;
		try {
			res = await opts.fetch(url, { method: 'PUT', body, headers: { 'content-type': 'application/json' } });
		} catch (e) {
			throw networkError('PUT', url, e);
		}
		if (res.status !== 201 && res.status !== 204) throw new RunError(502, `the state store refused PUT ${url}: ${res.status} ${await messageOf(res)}`);
		await res.body?.cancel();
		out.push({ gym, url, bytes: new TextEncoder().encode(body).byteLength, status: res.status });
	}
	return out;
}

/** A peer export that is not in the store yet: `fetchExport` throws it so callers can tell it apart. */
export class MissingExportError extends RunError {
	constructor(
		readonly gym: string,
		readonly url: string,
		runId: string
	) {
		super(
			409,
			`no export of gym "${gym}" for run "${runId}" at ${url}: publish it first (POST /__salesgym/publish, or POST /verify, on the ${gym} deployment)`
		);
	}
}

/**
 * Reads one gym's export of a run from the store and checks it: a valid export, of that run, holding
 * exactly that gym.
 * @throws MissingExportError (RunError 409) on a 404; RunError 502 when the store is unreachable, answers
 *   another status, or holds a document that is not a valid export of `runId` and `gym`.
 */
export async function fetchExport(runId: string, gym: string, opts: StoreOptions): Promise<StateExport> {
	const url = stateUrl(opts.origin, runId, gym);
	let res: Response;
	try {
		res = await opts.fetch(url, { method: 'GET', headers: { accept: 'application/json' } });
	} catch (e) {
		throw networkError('GET', url, e);
	}
	if (res.status === 404) {
		await res.body?.cancel();
		throw new MissingExportError(gym, url, runId);
	}
	if (res.status !== 200) throw new RunError(502, `the state store answered ${res.status} to GET ${url}: ${await messageOf(res)}`);
	let doc: unknown;
	try {
		doc = JSON.parse(await res.text());
	} catch (e) {
		throw new RunError(502, `the state store returned a non-JSON document at ${url}: ${(e as Error).message}`);
	}
	const parsed = StateExportSchema.safeParse(doc);
	if (!parsed.success) {
		const issue = parsed.error.issues[0];
		throw new RunError(502, `${url} is not a state export: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
	}
	const state = parsed.data as StateExport;
	if (state.run_id !== runId) throw new RunError(502, `${url} holds run "${state.run_id}", not "${runId}"`);
	const names = Object.keys(state.gyms);
	if (names.length !== 1 || names[0] !== gym || !state.meta[gym]) throw new RunError(502, `${url} must hold gym "${gym}" alone, not [${names.join(', ')}]`);
	return state;
}

/** The platforms of `platforms` that `served` does not include, in order, without duplicates. */
export function peerPlatforms(platforms: readonly string[], served: readonly string[]): string[] {
	return [...new Set(platforms.filter((p) => !served.includes(p)))];
}

/**
 * Reads the exports of a run's gyms that this deployment does not serve (all at once).
 * @param platforms the blueprint's `platforms`; @param served the gyms of this deployment.
 * @returns one export per peer platform, in `platforms` order (empty when this deployment serves them all).
 * @throws RunError 409 listing EVERY missing peer export (and how to publish it); 502 as {@link fetchExport}.
 */
export async function fetchPeerExports(runId: string, platforms: readonly string[], served: readonly string[], opts: StoreOptions): Promise<StateExport[]> {
	const peers = peerPlatforms(platforms, served);
	const results = await Promise.allSettled(peers.map((gym) => fetchExport(runId, gym, opts)));
	const missing = results.flatMap((r) => (r.status === 'rejected' && r.reason instanceof MissingExportError ? [r.reason] : []));
	const other = results.find((r) => r.status === 'rejected' && !(r.reason instanceof MissingExportError));
	if (other?.status === 'rejected') throw other.reason;
	if (missing.length === 1) throw missing[0]!;
	if (missing.length > 1) {
		throw new RunError(
			409,
			`run "${runId}" lacks the exports of ${missing.map((m) => `"${m.gym}" (${m.url})`).join(', ')}: publish each first (POST /__salesgym/publish, or POST /verify, on its deployment)`
		);
	}
	return results.map((r) => (r as PromiseFulfilledResult<StateExport>).value);
}

/**
 * Parses a store location as a harness gives it (`salesgym verify --from http://host:8081/state/<run_id>/`).
 * @returns the store origin and the run id, for {@link fetchPeerExports} (with `served` = `[]` to read every
 *   platform of a task); merge the result with `verifier/merge.ts`'s `mergeExports`.
 * @throws RunError 400 when it is not `http(s)://host[:port]/state/<run_id>[/]` with a valid run id.
 */
export function parseStoreLocation(location: string): { origin: string; runId: string } {
	const m = /^(https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?)\/state\/([^/]+)\/?$/.exec(location);
	if (!m || !InitRequest.shape.run_id.safeParse(m[2]).success) {
		throw new RunError(400, `"${location}" is not a state-store location such as http://127.0.0.1:8081/state/<run_id>/`);
	}
	return { origin: m[1]!, runId: m[2]! };
}
