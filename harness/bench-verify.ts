/**
 * Verifier benchmarks (issue 3 §9): `verify_20x1k`, `verify_20x10k`, `verify_20x50k` = 20 assertions from the
 * page's `fetch('/verify')` over a four-gym state whose HubSpot part is synthetic, 1k/10k/50k rows (80 %
 * contacts, 20 % companies; the other three gyms keep their seed), imported with `PUT /__salesgym/state`, after
 * warm-up. Also, printed: where the time goes (the verifier
 * worker's own `ms` vs the rest: SW export, serialization, messaging), the same program side by side in Node
 * through the verifier's jq (jq 1.8.2 to WebAssembly), through jq-web (a pre-1.7 jq development build in WebAssembly, the engine
 * before it) and through the native `jq` binary (ratio), and memory over 10,000 verifications alternating good
 * and bad filters (Node).
 */
import { loadavg } from 'node:os';
import type { Page } from '@playwright/test';
import { HUBSPOT_TABLES } from '../gyms/hubspot/schema';
import { createJqWebEngine, createNativeEngine, createNodeEngine, NATIVE_JQ } from '../verifier/node';
import { verificationInput } from '../verifier/prepare';
import type { AssertionInput, PlacedAssertion, StateExportDoc } from '../verifier/schema';
import { evaluate, inputDocument, jqProgram, type JqEngine } from '../verifier/verify';
import { zoneTables } from '../verifier/time';
import { InfrastructureError } from './errors';
import { pageJson } from './page';
import { percentile } from './stats';

/** Verify metrics and their synthetic state sizes (rows over contacts + companies). */
export const VERIFY_ROWS = { verify_20x1k: 1_000, verify_20x10k: 10_000, verify_20x50k: 50_000 } as const;
/** One of the verify metrics. */
export type VerifyMetric = keyof typeof VERIFY_ROWS;
/** Samples are capped for the largest state (each takes about a second), ms per sample × samples stays bounded. */
export const VERIFY_50K_MAX_SAMPLES = 15;
/** The run id of the synthetic export. */
export const BENCH_RUN_ID = 'bench-verify';
/** Virtual clock of the synthetic export. */
export const BENCH_CLOCK = '2026-03-02T14:30:00.000Z';

const OWNERS = ['1001', '1002', '1003', '1004', '1005'];

/** Row counts of the synthetic state: 80 % contacts, 20 % companies. */
export function splitRows(rows: number): { contacts: number; companies: number } {
	const companies = Math.max(1, Math.round(rows / 5));
	return { contacts: rows - companies, companies };
}

/** HubSpot tables the synthetic state leaves empty (the 20 assertions read contacts, companies and owners). */
const EMPTY_HUBSPOT_TABLES = HUBSPOT_TABLES.filter((t) => t !== 'contacts' && t !== 'companies' && t !== 'owners');

/**
 * A valid `salesgym.state` export with `rows` HubSpot rows: contacts `person<i>@example.com` at
 * `Company <i mod companies>`, owners round-robin, lifecycle stage lead/customer alternating; companies
 * `Company <j>` with `numberofemployees` = 10·j; HubSpot's other tables empty.
 * @param others the other gyms of the run as exported (`GET /__salesgym/state`): their tables and meta are
 *   kept as they are, so that the page verifies over a four-gym state (and `/verify` must prune to HubSpot's
 *   tables); default none (a HubSpot-only export).
 */
export function syntheticExport(rows: number, others?: Pick<StateExportDoc, 'gyms' | 'meta'>): StateExportDoc {
	const { contacts, companies } = splitRows(rows);
	const at = '2026-01-05T10:00:00.000Z';
	const rest = Object.fromEntries(Object.entries(others?.gyms ?? {}).filter(([g]) => g !== 'hubspot'));
	const restMeta = Object.fromEntries(Object.entries(others?.meta ?? {}).filter(([g]) => g !== 'hubspot'));
	return {
		format: 'salesgym.state',
		version: 2,
		run_id: BENCH_RUN_ID,
		task_id: null,
		seed: 1,
		clock: BENCH_CLOCK,
		gyms: {
			...rest,
			hubspot: {
				...Object.fromEntries(EMPTY_HUBSPOT_TABLES.map((t) => [t, []])),
				contacts: Array.from({ length: contacts }, (_, k) => {
					const i = k + 1;
					return {
						archived: false,
						createdAt: at,
						id: String(i),
						properties: {
							company: `Company ${i % companies}`,
							createdate: at,
							email: `person${i}@example.com`,
							firstname: `First${i}`,
							hs_object_id: String(i),
							hubspot_owner_id: OWNERS[i % OWNERS.length]!,
							jobtitle: i % 3 === 0 ? 'VP Sales' : 'Account Executive',
							lastmodifieddate: at,
							lastname: `Last${i}`,
							lifecyclestage: i % 2 === 0 ? 'lead' : 'customer'
						},
						updatedAt: at
					};
				}),
				companies: Array.from({ length: companies }, (_, k) => {
					const j = k + 1;
					return {
						archived: false,
						createdAt: at,
						id: String(100_000 + j),
						properties: { domain: `company${j}.example.com`, name: `Company ${j}`, numberofemployees: String(10 * j) },
						updatedAt: at
					};
				}),
				owners: OWNERS.map((id, k) => ({
					archived: false,
					createdAt: at,
					email: `owner${k}@example.com`,
					firstName: `Owner${k}`,
					id,
					lastName: 'Bench',
					teams: [],
					updatedAt: at,
					userId: 5000 + k
				}))
			}
		},
		events: [],
		meta: {
			...restMeta,
			hubspot: { clock: BENCH_CLOCK, next_ids: { companies: 100_001 + companies, contacts: contacts + 1 }, seq: 0, run_seq: 0, actor: '1001' }
		}
	};
}

/** The 20 assertions of the bench, all passing on {@link syntheticExport}(rows). Inline form (no step/platform). */
export function benchAssertions(rows: number): AssertionInput[] {
	const { contacts: C, companies: M } = splitRows(rows);
	const mid = Math.ceil(C / 2);
	const midCompany = Math.ceil(M / 2);
	const customers = Math.ceil(C / 2);
	const owner3 = Array.from({ length: C }, (_, k) => k + 1).filter((i) => OWNERS[i % OWNERS.length] === '1003').length;
	const employees = (10 * M * (M + 1)) / 2;
	const a = (id: string, query: string, op: AssertionInput['op'], expected?: unknown): AssertionInput => ({
		id,
		description: id,
		query,
		op,
		...(expected === undefined ? {} : { expected })
	});
	return [
		a('contacts-count', '.hubspot.contacts | length', 'eq', C),
		a('companies-count', '.hubspot.companies', 'count_eq', M),
		a('email-lookup', `.hubspot.contacts[] | select(.properties.email == "person${mid}@example.com") | .properties.firstname`, 'eq', `First${mid}`),
		a('customers', '[.hubspot.contacts[] | select(.properties.lifecyclestage == "customer")] | length', 'eq', customers),
		a('owner-1003', '[.hubspot.contacts[] | select(.properties.hubspot_owner_id == "1003")] | length', 'eq', owner3),
		a(
			'company-by-domain',
			`.hubspot.companies[] | select(.properties.domain == "company${midCompany}.example.com") | .properties.name`,
			'eq',
			`Company ${midCompany}`
		),
		a('employees-total', '[.hubspot.companies[] | .properties.numberofemployees | tonumber] | add', 'eq', employees),
		a('last-contact', '.hubspot.contacts[-1].id', 'eq', String(C)),
		a('first-email', '.hubspot.contacts[0].properties.email', 'matches', '^person1@example\\.com$'),
		a('stage-known', '.hubspot.contacts[1].properties.lifecyclestage', 'in', ['lead', 'customer', 'subscriber']),
		a('titles', '[.hubspot.contacts[].properties.jobtitle] | unique', 'contains', 'VP Sales'),
		a('stages', '[.hubspot.contacts[].properties.lifecyclestage] | unique', 'set_eq', ['customer', 'lead']),
		a('created-before-clock', '.hubspot.contacts[0].createdAt', 'before', BENCH_CLOCK),
		a('clock', '$now', 'after', '2026-03-02T00:00:00.000Z'),
		a('no-events', '$events | length', 'eq', 0),
		a('owners-unchanged', '.hubspot.owners | length', 'eq', 5),
		a('no-status', '.hubspot.contacts[0].properties.hs_lead_status', 'not_exists'),
		a('company-7', '[.hubspot.contacts[] | select(.properties.company == "Company 7")]', 'count_gte', 1),
		a('unique-emails', '[.hubspot.contacts[].properties.email] | length == (unique | length)', 'truthy'),
		a('weekday', '.hubspot.contacts[0].createdAt | weekday("America/New_York")', 'eq', 'Monday')
	];
}

function placed(xs: readonly AssertionInput[]): PlacedAssertion[] {
	return xs.map((x) => ({ weight: 1, gating: true, ...x, step: 0, platform: 'inline' }));
}

/** Samples of one verify metric: the fetch round trip and the worker's own evaluation time (`ms` of the verdict). */
export interface VerifySamples {
	/** `fetch('/verify')` + body read, ms. */
	total: number[];
	/** The verdict's `ms`: evaluation inside the verifier worker, ms. */
	worker: number[];
	/** The verdict's `timing.export_ms`: IndexedDB reads in the SW, ms. */
	export: number[];
	/** The verdict's `timing.prepare_ms`: serialization in the SW, ms. */
	prepare: number[];
	/** The machine's 1-minute load average (`os.loadavg()[0]`) when the samples started and when they ended (the machine may be shared). */
	load?: [number, number];
}

/**
 * Imports {@link syntheticExport}(rows) with `PUT /__salesgym/state` (the other gyms kept as the current run
 * has them: a four-gym state), checks once that the 20 assertions pass
 * (a broken verifier must not look fast), then times `samples` verifications after warm-up, from the page.
 * @param write the HubSpot contacts API path (`/api/hubspot/crm/v3/objects/contacts`): before each verification
 *   (untimed), PATCH one contact's `lastname` (a property no assertion reads) there, a different contact each time: every verification then sees a changed contacts
 *   table (80 % of the rows), which is exported, sent and parsed again (`verify_20x10k_write`).
 * @throws InfrastructureError when the import or a verification fails, or the verdict is not a pass.
 */
export async function benchVerifyPage(page: Page, rows: number, samples: number, warmup: number, write?: string): Promise<VerifySamples> {
	const current = (await pageJson(page, 'GET', '/__salesgym/state')) as Pick<StateExportDoc, 'gyms' | 'meta'>;
	await pageJson(page, 'PUT', '/__salesgym/state', syntheticExport(rows, current));
	const body = { run_id: BENCH_RUN_ID, assertions: benchAssertions(rows), timeout_ms: 120_000 };
	const first = (await pageJson(page, 'POST', '/verify', body)) as { passed?: boolean; assertions?: { id: string; passed: boolean; error?: string }[] };
	if (first.passed !== true) {
		const bad = (first.assertions ?? []).filter((x) => !x.passed).map((x) => `${x.id}${x.error ? ` (${x.error})` : ''}`);
		throw new InfrastructureError(`the bench's 20 assertions did not pass on ${rows} rows: ${bad.join(', ') || JSON.stringify(first).slice(0, 300)}`);
	}
	const loadStart = loadavg()[0]!;
	const r = await page.evaluate(
		async ({ body, total, warmup, contacts, path }) => {
			const out = { total: [] as number[], worker: [] as number[], export: [] as number[], prepare: [] as number[], error: null as string | null };
			for (let i = 0; i < total; i++) {
				if (contacts > 0) {
					const w = await fetch(`${path}/${(i % contacts) + 1}`, {
						method: 'PATCH',
						body: JSON.stringify({ properties: { lastname: `Written${i}` } }),
						headers: { 'content-type': 'application/json' }
					});
					if (!w.ok) {
						out.error = `PATCH contact answered ${w.status}: ${(await w.text()).slice(0, 300)}`;
						return out;
					}
				}
				const t = performance.now();
				const res = await fetch('/verify', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
				const text = await res.text();
				const dt = performance.now() - t;
				if (!res.ok) {
					out.error = `answered ${res.status}: ${text.slice(0, 300)}`;
					return out;
				}
				if (i >= warmup) {
					const v = JSON.parse(text) as { ms: number; timing?: { export_ms: number; prepare_ms: number } };
					out.total.push(dt);
					out.worker.push(v.ms);
					out.export.push(v.timing?.export_ms ?? 0);
					out.prepare.push(v.timing?.prepare_ms ?? 0);
				}
			}
			return out;
		},
		{ body: JSON.stringify(body), total: samples + warmup, warmup, contacts: write ? splitRows(rows).contacts : 0, path: write ?? '' }
	);
	if (r.error !== null) throw new InfrastructureError(`POST /verify ${r.error}`);
	return { total: r.total, worker: r.worker, export: r.export, prepare: r.prepare, load: [loadStart, loadavg()[0]!] };
}

/** Node-side reference timings of one size, ms (p50). */
export interface NodeTimings {
	/** Building the verifier input (pruning + canonical serialization), as the SW does. */
	serialize: number;
	/** The whole jq program through the verifier's jq (jq 1.8.2 to WebAssembly, the page's engine) in Node. */
	jq: number;
	/** The same program and document through jq-web 0.6.2 (a pre-1.7 jq development build in WebAssembly, the engine before) in Node. */
	jqWeb: number;
	/** The same program and document through the native jq binary; null when absent. */
	native: number | null;
	/** Input document size, bytes (UTF-16 code units). */
	bytes: number;
}

function p50(xs: number[]): number {
	return Math.round(percentile(xs, 50) * 100) / 100;
}

/**
 * Times, in Node, the pieces of one verification of {@link benchAssertions}(rows): serialization, and the one jq
 * program through the verifier's jq, jq-web and the native jq (when installed), side by side in one run.
 * `samples` runs each (after one warm-up).
 */
export async function nodeTimings(rows: number, samples: number, engine?: JqEngine, jqWeb?: JqEngine): Promise<NodeTimings> {
	const jq = engine ?? (await createNodeEngine());
	const web = jqWeb ?? (await createJqWebEngine());
	const native = createNativeEngine();
	const doc = syntheticExport(rows);
	const assertions = benchAssertions(rows);
	const queries = assertions.map((a) => a.query);
	const ser: number[] = [];
	let input = verificationInput(doc, queries, null);
	for (let i = 0; i <= samples; i++) {
		const t = performance.now();
		input = verificationInput(doc, queries, { hubspot: { owners: doc.gyms.hubspot!.owners! } });
		if (i) ser.push(performance.now() - t);
	}
	const text = inputDocument(input, zoneTables(queries));
	const program = jqProgram(assertions.map((a) => (a.op.startsWith('count_') ? { query: a.query, count: true } : a.query)));
	const time = (e: JqEngine) => {
		const xs: number[] = [];
		for (let i = 0; i <= samples; i++) {
			const t = performance.now();
			e.run(text, program);
			if (i) xs.push(performance.now() - t);
		}
		return p50(xs);
	};
	return { serialize: p50(ser), jq: time(jq), jqWeb: time(web), native: native ? time(native) : null, bytes: text.length };
}

/** Memory over many verifications, MB (RSS and V8 heap at the start and the end, after a GC when exposed). */
export interface MemoryReport {
	n: number;
	rssStartMb: number;
	rssEndMb: number;
	heapStartMb: number;
	heapEndMb: number;
	/** RSS at each quarter, MB. */
	rssQuartersMb: number[];
}

/**
 * Runs `n` verifications in Node alternating a good filter set and a bad one (a compile error, a runtime error,
 * a query with several outputs), and samples memory at each quarter.
 */
export async function benchVerifyMemory(n: number, engine?: JqEngine): Promise<MemoryReport> {
	const jq = engine ?? (await createNodeEngine());
	const state = JSON.stringify(syntheticExport(50).gyms);
	const good = placed(benchAssertions(50).slice(0, 5));
	const bad = placed([
		{ id: 'compile', description: 'd', query: '.hubspot.contacts[', op: 'eq', expected: 1 },
		{ id: 'runtime', description: 'd', query: '.hubspot.contacts[0].properties.email | tonumber', op: 'eq', expected: 1 },
		{ id: 'many', description: 'd', query: '.hubspot.contacts[].id', op: 'eq', expected: '1' }
	]);
	const mb = (x: number) => Math.round((x / 2 ** 20) * 10) / 10;
	const gc = (globalThis as { gc?: () => void }).gc;
	gc?.();
	const start = process.memoryUsage();
	const quarters: number[] = [];
	for (let i = 1; i <= n; i++) {
		const r = evaluate(jq, state, i % 2 ? good : bad);
		if (i % 2 === 1 && !r.passed) throw new Error('the good filter set failed');
		if (i % 2 === 0 && r.assertions.some((x) => x.passed)) throw new Error('a bad filter passed');
		if (i % Math.max(1, Math.floor(n / 4)) === 0) quarters.push(mb(process.memoryUsage().rss));
	}
	gc?.();
	const end = process.memoryUsage();
	return { n, rssStartMb: mb(start.rss), rssEndMb: mb(end.rss), heapStartMb: mb(start.heapUsed), heapEndMb: mb(end.heapUsed), rssQuartersMb: quarters };
}

/**
 * Formats the verify details: per size, page p50/p95, then p50 of where the time goes (SW export from IndexedDB,
 * SW serialization, jq in the worker, and the rest: messaging and copies), Node jq-web / native jq p50 of the same
 * program and document, and the page ÷ native ratio; then memory.
 */
export function formatVerifyDetails(rows: readonly { metric: VerifyMetric; page: VerifySamples; node: NodeTimings }[], memory: MemoryReport | null): string {
	const lines: string[][] = [
		[
			'metric',
			'rows',
			'MB',
			'page p50',
			'page p95',
			'SW export',
			'SW prepare',
			'worker jq',
			'messaging',
			'node jq 1.8.2',
			'node jq-web',
			'native jq',
			'page/native',
			'load'
		]
	];
	for (const r of rows) {
		const pageP50 = p50(r.page.total);
		const workerP50 = p50(r.page.worker);
		lines.push([
			r.metric,
			String(VERIFY_ROWS[r.metric]),
			(r.node.bytes / 2 ** 20).toFixed(2),
			pageP50.toFixed(1),
			(Math.round(percentile(r.page.total, 95) * 100) / 100).toFixed(1),
			p50(r.page.export).toFixed(1),
			p50(r.page.prepare).toFixed(1),
			workerP50.toFixed(1),
			(pageP50 - workerP50 - p50(r.page.export) - p50(r.page.prepare)).toFixed(1),
			r.node.jq.toFixed(1),
			r.node.jqWeb.toFixed(1),
			r.node.native === null ? 'n/a' : r.node.native.toFixed(1),
			r.node.native === null ? `skipped: ${NATIVE_JQ} not found` : `${(pageP50 / r.node.native).toFixed(2)}x`,
			r.page.load ? `${r.page.load[0].toFixed(1)}→${r.page.load[1].toFixed(1)}` : ''
		]);
	}
	const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
	let out = `${lines.map((l) => l.map((c, i) => (i < 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')).join('\n')}\n`;
	const ratio = verifyRatio(rows);
	if (ratio !== null) out += `verify_20x50k / verify_20x10k (page p50): ${ratio.toFixed(2)}x (linear in the rows up to ${VERIFY_RATIO_MAX}x)\n`;
	if (memory) {
		out += `verify memory (Node, ${memory.n} verifications alternating good/bad filters): rss ${memory.rssStartMb} → ${memory.rssEndMb} MB (quarters ${memory.rssQuartersMb.join(', ')}), heap ${memory.heapStartMb} → ${memory.heapEndMb} MB\n`;
	}
	return out;
}

/** The most `verify_20x50k` may cost over `verify_20x10k` (page p50) for the verification to count as linear in the rows (5× the rows, plus fixed costs' slack). */
export const VERIFY_RATIO_MAX = 5.5;

/**
 * `verify_20x50k` page p50 ÷ `verify_20x10k` page p50, 2 decimals.
 * @returns null unless both sizes were measured.
 */
export function verifyRatio(rows: readonly { metric: VerifyMetric; page: Pick<VerifySamples, 'total'> }[]): number | null {
	const big = rows.find((r) => r.metric === 'verify_20x50k');
	const small = rows.find((r) => r.metric === 'verify_20x10k');
	if (!big || !small || big.page.total.length === 0 || small.page.total.length === 0) return null;
	return Math.round((p50(big.page.total) / p50(small.page.total)) * 100) / 100;
}

/** One measured verify metric, as collected by the bench command. */
export interface VerifyDetailRow {
	metric: VerifyMetric;
	page: VerifySamples;
}

/** Verifications of the memory run. */
export const MEMORY_RUNS = 10_000;

/** Where one verify metric's time went, p50 ms (the `--json` file's `verify_breakdown`). */
export interface VerifyBreakdown {
	page_p50: number;
	page_p95: number;
	sw_export: number;
	sw_prepare: number;
	worker_jq: number;
	messaging: number;
	node_jq: number;
	node_jq_web: number;
	native_jq: number | null;
	state_mb: number;
	/** The 1-minute load average when the page samples started and ended (absent when not recorded). */
	load?: [number, number];
}

/** The {@link VerifyBreakdown} of each measured size. */
export function verifyBreakdown(
	rows: readonly { metric: VerifyMetric; page: VerifySamples; node: NodeTimings }[]
): Partial<Record<VerifyMetric, VerifyBreakdown>> {
	const out: Partial<Record<VerifyMetric, VerifyBreakdown>> = {};
	for (const r of rows) {
		const page = p50(r.page.total);
		const worker = p50(r.page.worker);
		out[r.metric] = {
			page_p50: page,
			page_p95: Math.round(percentile(r.page.total, 95) * 100) / 100,
			sw_export: p50(r.page.export),
			sw_prepare: p50(r.page.prepare),
			worker_jq: worker,
			messaging: Math.round((page - worker - p50(r.page.export) - p50(r.page.prepare)) * 100) / 100,
			node_jq: r.node.jq,
			node_jq_web: r.node.jqWeb,
			native_jq: r.node.native,
			state_mb: Math.round((r.node.bytes / 2 ** 20) * 100) / 100,
			...(r.page.load ? { load: r.page.load.map((x) => Math.round(x * 100) / 100) as [number, number] } : {})
		};
	}
	return out;
}

/**
 * The verify details printed after the bench table: Node timings per measured size (at most 10 samples each),
 * then the memory run ({@link MEMORY_RUNS} verifications).
 * @param progress receives progress lines.
 * @returns the text, the breakdown and the 50k ÷ 10k ratio ({@link verifyRatio}) for `--json`.
 */
export async function verifyDetails(
	rows: readonly VerifyDetailRow[],
	samples: number,
	progress: (text: string) => void
): Promise<{ text: string; breakdown: Partial<Record<VerifyMetric, VerifyBreakdown>>; ratio: number | null }> {
	const engine = await createNodeEngine();
	const web = await createJqWebEngine();
	const full: { metric: VerifyMetric; page: VerifySamples; node: NodeTimings }[] = [];
	for (const r of rows) {
		progress(`bench: ${r.metric} in Node (jq 1.8.2, jq-web and native jq)…\n`);
		full.push({ ...r, node: await nodeTimings(VERIFY_ROWS[r.metric], Math.min(samples, 10), engine, web) });
	}
	progress(`bench: verify memory (${MEMORY_RUNS} verifications in Node)…\n`);
	return { text: formatVerifyDetails(full, await benchVerifyMemory(MEMORY_RUNS, engine)), breakdown: verifyBreakdown(full), ratio: verifyRatio(full) };
}
