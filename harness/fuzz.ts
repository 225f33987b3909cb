/**
 * Seeded, bounded fuzzing of every gym's API and import, in Node over fake-indexeddb (`npm run fuzz`, and a small
 * size in `npm test`: harness/fuzz.spec.ts). The endpoints come from each gym's own route table
 * (`DefinedGym.routes`), so a route a gym adds is fuzzed without a hand list. Each call is random and mostly
 * malformed: bad JSON, wrong types, huge strings, unicode, unknown / negative / float ids, unknown keys, random
 * query parameters, other methods. The properties checked (a violation is a failure):
 * - never a 5xx, and every answer is one the Service Worker can send (`new Response`: a null-body status has no body);
 * - never a call slower than the bound (`boundMs`, wall time);
 * - a refused call (4xx) commits nothing (the gym's `seq` is unchanged);
 * - every `checkEvery` calls and at the end: the export passes the gym's own strict import check
 *   (`Gym.checkImport`: schema, references, values, keys, counters) and re-imports to the same canonical export;
 * - random imports: an invalid one is refused naming `gyms.<gym>:` and changes nothing; an accepted one exports back
 *   exactly what was imported.
 *
 * ```text
 * npx tsx harness/fuzz.ts [--calls 10000] [--seed 1] [--gym hubspot,...] [--bound-ms 5000] [--imports 20]
 * npx tsx harness/fuzz.ts --emit 150 [--seed 1]     # prints the requests as JSON, for the in-browser pass
 * ```
 * Prints per gym: calls, statuses by code, routes hit, imports, time, failures; exit 1 on any failure.
 */
import 'fake-indexeddb/auto';
import { performance } from 'node:perf_hooks';
import type { DefinedGym } from '../gyms/kit/define';
import { compilePath, NULL_BODY_STATUSES } from '../gyms/kit/router';
import type { ApiRequest, Gym, GymExport } from '../gyms/types';
import { canonicalJson } from '../verifier/canonical';
import { makeRng, type Rng } from './rng';

/** Options of one fuzz run. */
export interface FuzzOptions {
	/** API calls per gym. */
	calls: number;
	/** Seed of the generator (the same seed replays the same calls). */
	seed: number;
	/** Longest a call may take, ms (wall time), before it counts as a hang. */
	boundMs: number;
	/** Check the export and its re-import every this many calls. */
	checkEvery: number;
	/** Random imports per gym (half valid, half mutated). */
	imports: number;
}

/** Defaults of {@link FuzzOptions}. */
export const FUZZ_DEFAULTS: FuzzOptions = { calls: 10_000, seed: 1, boundMs: 5_000, checkEvery: 1_000, imports: 20 };

/** The outcome of fuzzing one gym. */
export interface FuzzReport {
	gym: string;
	calls: number;
	/** HTTP status → count. */
	statuses: Record<number, number>;
	/** Routes whose pattern a generated path matched, of all routes. */
	routesHit: number;
	routes: number;
	/** Imports tried, accepted, refused. */
	imports: { tried: number; accepted: number; refused: number };
	/** Wall time, ms. */
	ms: number;
	/** Every property violation, `<call n> <METHOD path>: what` (the first 50). */
	failures: string[];
	/** Count of all failures (may exceed `failures.length`). */
	failureCount: number;
}

type Pattern = { method: string; path: string | RegExp };

const WORDS = ['contacts', 'companies', 'deals', 'tasks', 'notes', 'emails', 'calls', 'meetings', 'owners', 'lists', 'default', 'x', 'prospects'];
const STRINGS = [
	'',
	' ',
	'0',
	'-1',
	'1.5',
	'1e309',
	'NaN',
	'null',
	'true',
	'9007199254740993',
	'190001.0',
	'%',
	'%E0%A4%A',
	'..',
	'ü',
	'名前',
	'👩🏽‍💻',
	'\u0000',
	'\uD800',
	'<script>alert(1)</script>',
	"'; DROP TABLE contacts; --",
	'a'.repeat(300),
	'IN_PROGRESS',
	'salesqualifiedlead',
	'EQ',
	'hs_object_id',
	'email',
	'a@b.co'
];
const KEYS = [
	'properties',
	'inputs',
	'filterGroups',
	'filters',
	'propertyName',
	'operator',
	'value',
	'values',
	'highValue',
	'limit',
	'after',
	'sorts',
	'query',
	'name',
	'email',
	'id',
	'ids',
	'associations',
	'types',
	'to',
	'associationCategory',
	'associationTypeId',
	'objectTypeId',
	'processingType',
	'listIds',
	'fields',
	'context',
	'contactId',
	'sequenceId',
	'senderEmail',
	'idProperty',
	'primaryObjectId',
	'objectIdToMerge',
	'firstname',
	'lastname',
	'lifecyclestage',
	'hs_lead_status',
	'hubspot_owner_id',
	'dealstage',
	'pipeline',
	'amount',
	'closedate',
	'hs_timestamp',
	'unknownKey',
	'__proto__'
];

/** Ids the generator draws path segments from: real ones (from the export), and hostile ones. */
function idPool(exp: GymExport): string[] {
	const real: string[] = [];
	for (const rows of Object.values(exp.tables)) {
		for (let i = 0; i < Math.min(rows.length, 5); i++) {
			const id = (rows[i] as { id?: unknown }).id;
			if (typeof id === 'string' || typeof id === 'number') real.push(String(id));
		}
	}
	return real;
}

/** A random JSON value of depth ≤ `depth` (wrong types, huge strings, unicode, unknown keys). */
function value(rng: Rng, depth: number, ids: readonly string[]): unknown {
	const r = rng.int(depth > 0 ? 12 : 8);
	switch (r) {
		case 0:
			return null;
		case 1:
			return rng.next() < 0.5;
		case 2:
			return rng.pick([0, -1, 1.5, 1e21, -0.0001, 2 ** 53 + 1, 100, 1000, 10_001]);
		case 3:
			return rng.pick(STRINGS);
		case 4:
			return rng.pick(ids.length ? ids : STRINGS);
		case 5:
			return rng.next() < 0.1 ? 'x'.repeat(70_000) : rng.pick(STRINGS) + rng.pick(STRINGS);
		case 6:
			return String(rng.int(1_000_000));
		case 7:
			return rng.pick(KEYS);
		case 8:
		case 9: {
			const o: Record<string, unknown> = {};
			const n = rng.int(4);
			for (let i = 0; i < n; i++) o[rng.pick(KEYS)] = value(rng, depth - 1, ids);
			return o;
		}
		default: {
			const n = rng.int(4);
			return Array.from({ length: n }, () => value(rng, depth - 1, ids));
		}
	}
}

/** Percent-encodes as a browser's URL parser does (a lone surrogate becomes U+FFFD). */
function enc(s: string): string {
	return encodeURIComponent(s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}

/** A segment for a capture group of kind `kind` (`\d+`, `[a-z]+`, or any segment). */
function segment(rng: Rng, kind: 'digits' | 'word' | 'any', ids: readonly string[]): string {
	const p = rng.next();
	if (kind === 'digits') return p < 0.5 && ids.length ? rng.pick(ids.filter((i) => /^\d+$/.test(i)).concat(['1'])) : String(rng.int(p < 0.8 ? 100 : 1e12));
	if (kind === 'word') return p < 0.8 ? rng.pick(WORDS) : enc(rng.pick(STRINGS)) || 'x';
	if (p < 0.5 && ids.length) return enc(rng.pick(ids));
	const s = rng.pick(STRINGS);
	return rng.next() < 0.3 ? s.replace(/[/?#]/g, '') || 'x' : enc(s) || 'x';
}

/**
 * A path for a route pattern: a `{param}` string, or a RegExp over the whole path built from literals, `\/`,
 * `\/?`, and the capture groups `([^/]+)`, `(\d+)`, `([a-z]+)` (what the gyms' route tables use).
 */
export function pathFor(rng: Rng, pattern: string | RegExp, ids: readonly string[]): string {
	if (typeof pattern === 'string') return pattern.replace(/\{[^}]+\}/g, () => segment(rng, 'any', ids));
	let src = pattern.source.replace(/^\^/, '').replace(/\$$/, '');
	let out = '';
	while (src.length) {
		const group = /^\(([^()]*)\)/.exec(src);
		if (group) {
			const body = group[1]!;
			out += segment(rng, body.includes('\\d') ? 'digits' : body.startsWith('[a-z]') ? 'word' : 'any', ids);
			src = src.slice(group[0].length);
		} else if (src.startsWith('\\/?')) {
			if (rng.next() < 0.5) out += '/';
			src = src.slice(3);
		} else if (src.startsWith('\\')) {
			out += src[1];
			src = src.slice(2);
		} else if (src.startsWith('/?')) {
			if (rng.next() < 0.5) out += '/';
			src = src.slice(2);
		} else {
			out += src[0];
			src = src.slice(1);
		}
	}
	return out;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const QUERY_KEYS = ['limit', 'after', 'properties', 'archived', 'associations', 'idProperty', 'count', 'offset', 'page', 'x', 'propertiesWithHistory'];

const PROPS = [
	'firstname',
	'lastname',
	'jobtitle',
	'email',
	'lifecyclestage',
	'hs_lead_status',
	'amount',
	'dealname',
	'dealstage',
	'name',
	'domain',
	'hs_task_subject',
	'hubspot_owner_id',
	'phone'
];
const OPERATORS = ['EQ', 'NEQ', 'LT', 'GT', 'IN', 'HAS_PROPERTY', 'CONTAINS_TOKEN', 'BETWEEN', 'NOT_IN', 'XX'];

/** A body close to a valid one (properties, a search, a batch), so that writes and searches really run. */
function plausible(rng: Rng, ids: readonly string[], path: string): unknown {
	const prop = () => rng.pick(PROPS);
	const val = () => (rng.next() < 0.3 ? `fuzz${rng.int(1e6)}@example.com` : rng.pick([...STRINGS, '1003', '1001', 'lead', '5000', 'appointmentscheduled']));
	const good: Record<string, () => string> = {
		firstname: () => rng.pick(['Ada', 'Zoë', '名前', 'O’Brien']),
		email: () => `fuzz${rng.int(1e6)}@example.com`,
		lifecyclestage: () => rng.pick(['lead', 'marketingqualifiedlead', 'salesqualifiedlead', 'customer']),
		hs_lead_status: () => rng.pick(['NEW', 'OPEN', 'IN_PROGRESS']),
		hubspot_owner_id: () => rng.pick(['1001', '1003', '1012']),
		amount: () => String(rng.int(100_000)),
		dealname: () => `Deal ${rng.int(1000)}`,
		name: () => `Company ${rng.int(1000)}`,
		hs_task_subject: () => 'Call back',
		jobtitle: () => rng.pick(['VP Sales', 'x'.repeat(rng.next() < 0.1 ? 65_537 : 10)])
	};
	const byType: Record<string, string[]> = {
		contacts: ['firstname', 'email', 'lifecyclestage', 'hs_lead_status', 'hubspot_owner_id', 'jobtitle'],
		deals: ['dealname', 'amount', 'hubspot_owner_id'],
		companies: ['name', 'hubspot_owner_id'],
		tasks: ['hs_task_subject', 'hubspot_owner_id']
	};
	const names0 = byType[/\/objects\/([a-z]+)/.exec(path)?.[1] ?? ''] ?? Object.keys(good);
	switch (rng.next() < 0.5 ? 0 : rng.int(4)) {
		case 0: {
			const names = Array.from({ length: 1 + rng.int(3) }, () => (rng.next() < 0.9 ? rng.pick(names0) : prop()));
			return { properties: Object.fromEntries(names.map((n) => [n, good[n] && rng.next() < 0.9 ? good[n]() : val()])) };
		}
		case 1:
			return {
				filterGroups: [
					{ filters: [{ propertyName: rng.pick([...PROPS, 'hs_object_id']), operator: rng.pick(OPERATORS), value: rng.pick([...ids, ...STRINGS]) }] }
				],
				limit: rng.pick([1, 10, 100, 200, 0, -1]),
				...(rng.next() < 0.3 ? { sorts: [rng.pick(PROPS)] } : {})
			};
		case 2:
			return {
				inputs: Array.from({ length: rng.int(3) }, () => (rng.next() < 0.5 ? { id: rng.pick(ids.length ? ids : ['1']) } : { properties: { [prop()]: val() } }))
			};
		default:
			return rng.pick([
				[...ids.slice(0, 3)],
				{ name: `List ${rng.int(100)}`, objectTypeId: '0-1', processingType: 'MANUAL' },
				{ contactId: rng.pick(ids.length ? ids : ['1']), sequenceId: '370001', senderEmail: 'maya.patel@salesgym.io' }
			]);
	}
}

/** One random request for a random route of `routes`. */
function request(rng: Rng, routes: readonly Pattern[], ids: readonly string[]): ApiRequest {
	const writes = routes.filter((r) => r.method !== 'GET');
	const route = writes.length && rng.next() < 0.4 ? rng.pick(writes) : rng.pick(routes);
	const method = rng.next() < 0.85 ? route.method : rng.pick(METHODS);
	let path = pathFor(rng, route.path, ids);
	if (rng.next() < 0.03) path = `${path}/${segment(rng, 'any', ids)}`;
	const query = new URLSearchParams();
	const nq = rng.next() < 0.6 ? 0 : rng.int(4);
	for (let i = 0; i < nq; i++) query.append(rng.pick(QUERY_KEYS), String(value(rng, 0, ids)));
	const req: ApiRequest = { method, path, query, body: undefined };
	const kind = rng.next();
	if (kind > 0.6) return { ...req, body: plausible(rng, ids, path) };
	if (kind < 0.08) return { ...req, bodyError: 'body is not valid JSON (Unexpected token } in JSON at position 7)' };
	if (kind < 0.2) return req;
	return { ...req, body: JSON.parse(JSON.stringify(value(rng, 3, ids)) ?? 'null') };
}

/**
 * `n` random requests for the route table `routes` (seeded), with ids drawn from `exp`: what the in-browser pass
 * sends through the Service Worker (tests/e2e/fuzz.spec.ts).
 * @returns requests as `{method, path (vendor path), query (without ?), body (JSON text, or a malformed text), }`.
 */
export function randomRequests(
	routes: readonly Pattern[],
	exp: GymExport,
	n: number,
	seed: number | string
): { method: string; path: string; query: string; body: string | null }[] {
	const rng = makeRng(seed);
	const ids = idPool(exp);
	return Array.from({ length: n }, () => {
		const r = request(rng, routes, ids);
		const body = r.bodyError !== undefined ? '{"properties": {' : r.body === undefined ? null : JSON.stringify(r.body);
		return { method: r.method, path: r.path, query: r.query.toString(), body };
	});
}

/** Resolves with the promise's value, or rejects after `ms`. */
function within<T>(p: Promise<T>, ms: number): Promise<T> {
	let timer: ReturnType<typeof setTimeout>;
	return Promise.race([
		p.finally(() => clearTimeout(timer)),
		new Promise<never>((_, fail) => {
			timer = setTimeout(() => fail(new Error(`no answer within ${ms} ms`)), ms);
		})
	]);
}

/** Whether the SW could send the answer: `new Response` refuses a body on a null-body status. */
function sendableBySw(status: number, body: unknown): string | null {
	if (!Number.isInteger(status) || status < 200 || status > 599) return `status ${status} is not a final HTTP status`;
	if (NULL_BODY_STATUSES.has(status) && body !== undefined) return `status ${status} with a body (the SW answers 500)`;
	try {
		JSON.stringify(body);
	} catch (e) {
		return `body is not JSON-serializable: ${(e as Error).message}`;
	}
	return null;
}

/** A mutation of an export for a random import: most are invalid, some keep it valid. */
function mutate(rng: Rng, exp: GymExport, ids: readonly string[]): GymExport {
	const doc = structuredClone(exp) as GymExport & Record<string, unknown>;
	const tables = Object.keys(doc.tables).filter((t) => doc.tables[t]!.length > 0);
	const r = rng.int(9);
	if (tables.length === 0 || r === 0) {
		doc.meta = { ...doc.meta, next_ids: { ...doc.meta.next_ids, [rng.pick(Object.keys(doc.tables).concat(['x']))]: rng.pick([1, 2, 0, -1, 1.5]) } };
		return doc;
	}
	const t = rng.pick(tables);
	const rows = doc.tables[t]!;
	const i = rng.int(rows.length);
	const row = rows[i] as Record<string, unknown>;
	const keys = Object.keys(row);
	switch (r) {
		case 1:
			rows.push(structuredClone(row));
			break;
		case 2:
			row[rng.pick(keys)] = value(rng, 1, ids);
			break;
		case 3:
			delete row[rng.pick(keys)];
			break;
		case 4:
			row[rng.pick(KEYS)] = value(rng, 1, ids);
			break;
		case 5: {
			const props = row.properties as Record<string, unknown> | undefined;
			if (props) props[rng.pick(Object.keys(props).concat(KEYS))] = value(rng, 0, ids);
			else row.id = value(rng, 0, ids);
			break;
		}
		case 6:
			(doc.tables as Record<string, unknown>)[rng.pick(['x', t.slice(0, -1)])] = [];
			break;
		case 7:
			doc.events = [
				...doc.events,
				{ ...(doc.events[0] ?? { seq: 1, run_seq: 1, at: doc.meta.clock, gym: 'x', method: 'POST', path: '/', status: 200, entity: t, id: '1' }), seq: 0 }
			];
			break;
		default:
			// A valid change: rows reversed (order must not matter), nothing else.
			doc.tables[t] = [...rows].reverse();
	}
	return doc;
}

/**
 * Fuzzes one gym (already reset to its run): `opts.calls` random calls, periodic export checks, random imports.
 * @returns the report (never throws for a gym misbehaving: that is a failure in the report).
 * @throws Error when `gym` has no route table (not built with the kit's defineGym).
 */
export async function fuzzGym(gym: Gym, opts: FuzzOptions): Promise<FuzzReport> {
	const routes = (gym as Partial<DefinedGym>).routes;
	if (!routes?.length) throw new Error(`${gym.name}: no route table to fuzz (DefinedGym.routes)`);
	const rng = makeRng(`${opts.seed}:${gym.name}`);
	const t0 = performance.now();
	const statuses: Record<number, number> = {};
	const hit = new Set<number>();
	const failures: string[] = [];
	let failureCount = 0;
	const fail = (text: string) => {
		failureCount++;
		if (failures.length < 50) failures.push(text);
	};
	let exp = await gym.exportState();
	let ids = idPool(exp);
	const seqOf = async () => (await gym.runMeta())?.seq ?? -1;

	const checkExport = async (where: string) => {
		exp = await gym.exportState();
		ids = idPool(exp);
		const before = canonicalJson(exp);
		try {
			gym.checkImport?.(exp);
			await gym.importState(exp);
		} catch (e) {
			fail(`${where}: the export fails its own import: ${(e as Error).message.slice(0, 300)}`);
			return;
		}
		const after = canonicalJson(await gym.exportState());
		if (after !== before) fail(`${where}: the re-imported export differs from the export`);
	};

	for (let n = 1; n <= opts.calls; n++) {
		const req = request(rng, routes, ids);
		routes.forEach((r, i) => {
			if (r.method === req.method && (typeof r.path === 'string' ? compilePath(r.path) : r.path).test(req.path)) hit.add(i);
		});
		const label = `#${n} ${req.method} ${req.path.slice(0, 120)}`;
		const seq0 = await seqOf();
		let status: number;
		try {
			const started = performance.now();
			const res = await within(gym.handle(req), opts.boundMs);
			const ms = performance.now() - started;
			status = res.status;
			if (ms > opts.boundMs) fail(`${label}: took ${Math.round(ms)} ms (bound ${opts.boundMs})`);
			if (status >= 500) fail(`${label}: ${status} ${JSON.stringify(res.body).slice(0, 300)}`);
			const why = sendableBySw(status, res.body);
			if (why) fail(`${label}: ${why}`);
		} catch (e) {
			status = 0;
			fail(`${label}: ${(e as Error).message}`);
		}
		statuses[status] = (statuses[status] ?? 0) + 1;
		if (status >= 400 && (await seqOf()) !== seq0) fail(`${label}: answered ${status} but committed a change`);
		if (n % opts.checkEvery === 0) await checkExport(`after call ${n}`);
	}
	await checkExport('after the last call');

	const imports = { tried: 0, accepted: 0, refused: 0 };
	for (let k = 0; k < opts.imports; k++) {
		const base = await gym.exportState();
		const before = canonicalJson(base);
		const doc = mutate(rng, base, ids);
		imports.tried++;
		try {
			await gym.importState(doc);
			imports.accepted++;
			const back = canonicalJson(await gym.exportState());
			// What was accepted is what is stored: the export equals the imported document (rows in id order).
			const sorted = canonicalJson(await (async () => (gym.checkImport ? gym.checkImport(doc) : doc))());
			if (back !== canonicalJson(JSON.parse(sorted)) && back !== before) fail(`import #${k}: accepted, but the export differs from what was imported`);
		} catch (e) {
			imports.refused++;
			const message = (e as Error).message;
			if (!message.startsWith(`gyms.${gym.name}: `)) fail(`import #${k}: refused without naming the path: ${message.slice(0, 200)}`);
			if (canonicalJson(await gym.exportState()) !== before) fail(`import #${k}: refused, but the state changed`);
		}
	}
	return {
		gym: gym.name,
		calls: opts.calls,
		statuses,
		routesHit: hit.size,
		routes: routes.length,
		imports,
		ms: Math.round(performance.now() - t0),
		failures,
		failureCount
	};
}

/** One report as text: calls, statuses by code, routes, imports, time, failures. */
export function formatReport(r: FuzzReport): string {
	const codes = Object.entries(r.statuses)
		.sort(([a], [b]) => Number(a) - Number(b))
		.map(([c, n]) => `${c}: ${n}`)
		.join(', ');
	const lines = [
		`${r.gym}: ${r.calls} calls in ${(r.ms / 1000).toFixed(1)} s; statuses {${codes}}; routes hit ${r.routesHit}/${r.routes}; imports ${r.imports.tried} (${r.imports.accepted} accepted, ${r.imports.refused} refused); failures ${r.failureCount}`
	];
	for (const f of r.failures) lines.push(`  FAIL ${f}`);
	return lines.join('\n');
}

async function main(argv: readonly string[]): Promise<number> {
	const { parseArgs } = await import('node:util');
	const { values } = parseArgs({
		args: [...argv],
		options: {
			calls: { type: 'string' },
			seed: { type: 'string' },
			gym: { type: 'string' },
			'bound-ms': { type: 'string' },
			imports: { type: 'string' },
			emit: { type: 'string' }
		},
		strict: true
	});
	const num = (v: string | undefined, d: number) => (v === undefined ? d : Number(v));
	const opts: FuzzOptions = {
		...FUZZ_DEFAULTS,
		calls: num(values.calls, FUZZ_DEFAULTS.calls),
		seed: num(values.seed, FUZZ_DEFAULTS.seed),
		boundMs: num(values['bound-ms'], FUZZ_DEFAULTS.boundMs),
		imports: num(values.imports, FUZZ_DEFAULTS.imports)
	};
	const { createGyms } = await import('../gyms/registry');
	const only = values.gym?.split(',');
	if (values.emit !== undefined) {
		// `--emit N`: print N requests per gym as JSON (gym → [{method, path, query, body}]), ids from seed 1.
		const out: Record<string, unknown> = {};
		for (const gym of createGyms().filter((g) => !only || only.includes(g.name))) {
			await gym.reset({ run_id: 'emit', task_id: null, seed: 1, clock: '2026-03-02T14:30:00.000Z' });
			out[gym.name] = randomRequests((gym as DefinedGym).routes, await gym.exportState(), Number(values.emit), `${opts.seed}:browser:${gym.name}`);
		}
		console.log(JSON.stringify(out));
		return 0;
	}
	let failed = 0;
	for (const gym of createGyms().filter((g) => !only || only.includes(g.name))) {
		await gym.reset({ run_id: `fuzz-${opts.seed}`, task_id: null, seed: 1, clock: '2026-03-02T14:30:00.000Z' });
		const report = await fuzzGym(gym, opts);
		console.log(formatReport(report));
		failed += report.failureCount;
	}
	console.log(failed === 0 ? 'fuzz: 0 failures' : `fuzz: ${failed} failures`);
	return failed === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === (await import('node:url')).pathToFileURL(process.argv[1]).href) process.exitCode = await main(process.argv.slice(2));
