/**
 * `salesgym bench`: latency of the gym's control paths, measured where they run.
 * - Page metrics (`reset`, `api_roundtrip`, `verify`): timed with `performance.now()` inside the page around
 *   `fetch` + reading the body (the SW answers; `/verify` goes on to the page's verifier worker).
 * - jq metrics (`jq_1k`, `jq_10k`, `jq_50k`): the Node jq engine (`verifier/node.ts`) on synthetic states.
 * - harness metrics (`episodes_per_min_w1|w2|w4`, `context_memory_mb`, `memory_mb_w2|w4`, `context_recycles`,
 *   `reset_to_observation`, `reset_to_observation_fresh`): `harness/bench-harness.ts`.
 * Every metric drops {@link WARMUP} warm-up samples first.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { PREBUILT_GYMS } from '../seeds/prebuilt-files';
import type { Browser, Page } from '@playwright/test';
import { waitForSwReady } from './page';
import type { JqEngine } from '../verifier/verify';
import { InfrastructureError } from './errors';
import { pageJson, REQUEST_TIMEOUT_MS } from './page';
import { resetRun, verifySteps } from './runner';
import { loadBlueprints } from './blueprints';
import { summarizeSamples, type MetricSummary } from './stats';
import { benchCalendly, CALENDLY_METRICS } from './bench-calendly-page';
import { benchVerifyPage, VERIFY_50K_MAX_SAMPLES, VERIFY_ROWS, type VerifySamples } from './bench-verify';
import { benchFilterInteractive } from './bench-salesnav';

/** Metric names, in the order they are measured and printed. */
export const METRICS = [
	'reset',
	'reset_full_seed',
	'init_fresh_context',
	'init_fresh_context_all',
	'first_load_hubspot',
	'first_load_outreach',
	'first_load_calendly',
	'first_load_salesnav',
	'api_roundtrip',
	'sw_floor',
	'hubspot_api_get',
	'hubspot_search',
	'hubspot_index_interactive',
	'salesnav_search',
	'salesnav_filter_interactive',
	'calendly_available_times',
	'calendly_api_get',
	'calendly_booking_interactive',
	'outreach_api_get',
	'outreach_prospect_search',
	'outreach_prospects_interactive',
	'verify',
	'jq_1k',
	'jq_10k',
	'jq_50k',
	'verify_20x1k',
	'verify_20x10k',
	'verify_20x50k',
	'verify_20x10k_write',
	'episodes_per_min_w1',
	'episodes_per_min_w2',
	'episodes_per_min_w4',
	'context_memory_mb',
	'memory_mb_w2',
	'memory_mb_w4',
	'context_recycles',
	'reset_to_observation',
	'reset_to_observation_fresh'
] as const;
/** One of {@link METRICS}. */
export type MetricName = (typeof METRICS)[number];
/** Metrics measured in the page (need the server, Chromium and a working SW). */
export const PAGE_METRICS: readonly MetricName[] = [
	'reset',
	'reset_full_seed',
	'api_roundtrip',
	'hubspot_api_get',
	'hubspot_search',
	'hubspot_index_interactive',
	'salesnav_search',
	'salesnav_filter_interactive',
	'calendly_available_times',
	'calendly_api_get',
	'calendly_booking_interactive',
	'outreach_api_get',
	'outreach_prospect_search',
	'outreach_prospects_interactive',
	'verify',
	'verify_20x1k',
	'verify_20x10k',
	'verify_20x50k',
	'verify_20x10k_write'
];
/** Metrics that need a fresh browser context per sample. */
export const CONTEXT_METRICS: readonly MetricName[] = [
	'init_fresh_context',
	'init_fresh_context_all',
	'first_load_hubspot',
	'first_load_outreach',
	'first_load_calendly',
	'first_load_salesnav'
];
/** The gyms whose first load `first_load_<gym>` measures. */
export const FIRST_LOAD_GYMS = ['hubspot', 'outreach', 'calendly', 'salesnav'] as const;
/** Metrics on their own origin, not the gyms' (`sw_floor`: a bare Service Worker, harness/bench-sw-floor.ts). */
export const FLOOR_METRICS: readonly MetricName[] = ['sw_floor'];
/** Samples of `init_fresh_context` for `samples` requested (each one is a new profile: seconds, not ms). */
export function freshContextSamples(samples: number): number {
	return Math.max(3, Math.ceil(samples / 10));
}
/** jq metrics and their synthetic state sizes (contact rows). */
export const JQ_ROWS: Readonly<Partial<Record<MetricName, number>>> = { jq_1k: 1_000, jq_10k: 10_000, jq_50k: 50_000 };
/** The jq program timed by the jq metrics. */
export const JQ_FILTER = '[.hubspot.contacts[] | select(.properties.company == "C7")] | length';
/** Warm-up iterations per metric, not counted. */
export const WARMUP = 2;

/** Harness metrics (`harness/bench-harness.ts`): episode throughput, memory per context, env reset latency. */
export const HARNESS_METRICS: readonly MetricName[] = [
	'episodes_per_min_w1',
	'episodes_per_min_w2',
	'episodes_per_min_w4',
	'context_memory_mb',
	'memory_mb_w2',
	'memory_mb_w4',
	'context_recycles',
	'reset_to_observation',
	'reset_to_observation_fresh'
];

/** A metric that is one number rather than a distribution: `{value, n, unit}` (e.g. episodes/min, MB). */
export interface ValueSummary {
	/** The measured value, in `unit`, 2 decimals. */
	value: number;
	/** How many episodes or samples it is computed from. */
	n: number;
	/** e.g. `episodes/min`, `MB`. */
	unit: string;
	/**
	 * The machine's 1-minute load average (`os.loadavg()[0]`) when the measurement started and when it ended: the
	 * harness metrics depend on what else runs (quote it with them). Absent for metrics that do not record it.
	 */
	load?: [number, number];
}

/** Metric name → summary, the shape of the `--json` file. */
export type BenchReport = Partial<Record<MetricName, MetricSummary | ValueSummary>>;

/**
 * A synthetic export `{"hubspot":{"contacts":[…]}}` with `rows` contacts of 7 properties each (email,
 * firstname, lastname, company `C0`…`C9` round-robin, jobtitle, phone, lifecyclestage), in id order.
 * @returns the JSON text (about 195 bytes per row).
 */
export function syntheticState(rows: number): string {
	const contacts = Array.from({ length: rows }, (_, i) => ({
		id: String(i + 1),
		properties: {
			email: `person${i + 1}@example.com`,
			firstname: `First${i + 1}`,
			lastname: `Last${i + 1}`,
			company: `C${i % 10}`,
			jobtitle: i % 3 === 0 ? 'VP Sales' : 'Account Executive',
			phone: `+1-555-${String(i % 10_000).padStart(4, '0')}`,
			lifecyclestage: i % 2 === 0 ? 'lead' : 'customer'
		},
		createdAt: '2026-01-01T00:00:00.000Z',
		updatedAt: '2026-01-01T00:00:00.000Z',
		archived: false
	}));
	return JSON.stringify({ hubspot: { contacts } });
}

/** How many rows of {@link syntheticState}(rows) have company `C7`: what {@link JQ_FILTER} must print. */
export function expectedC7(rows: number): number {
	return rows > 7 ? Math.floor((rows - 8) / 10) + 1 : 0;
}

/**
 * Times `engine.run(state, JQ_FILTER)` on a synthetic state of `rows` rows, `samples` times (after {@link WARMUP}).
 * @returns durations, ms.
 * @throws Error when the engine's output is not the expected count (a broken engine must not look fast).
 */
export function benchJq(engine: JqEngine, rows: number, samples: number): number[] {
	const input = syntheticState(rows);
	const want = expectedC7(rows);
	const out: number[] = [];
	for (let i = 0; i < samples + WARMUP; i++) {
		const t = performance.now();
		const stdout = engine.run(input, JQ_FILTER);
		const dt = performance.now() - t;
		if (i === 0 && Number(stdout.trim()) !== want) {
			throw new Error(`jq printed ${JSON.stringify(stdout.slice(0, 100))} for ${rows} rows, expected ${want}`);
		}
		if (i >= WARMUP) out.push(dt);
	}
	return out;
}

/** One request repeated from the page by {@link measureInPage}. */
export interface TimedRequest {
	/** HTTP method. */
	method: string;
	/** Path on the gym origin. */
	path: string;
	/** JSON body, or absent. */
	json?: unknown;
}

/**
 * Sends `request` from the page `samples + WARMUP` times in sequence, timing each fetch + body read with the
 * page's `performance.now()`.
 * @returns the `samples` durations after warm-up, ms.
 * @throws InfrastructureError on the first non-2xx answer, a failed fetch, or one slower than REQUEST_TIMEOUT_MS.
 */
export async function measureInPage(page: Page, request: TimedRequest, samples: number): Promise<number[]> {
	const arg = {
		method: request.method,
		path: request.path,
		body: request.json === undefined ? null : JSON.stringify(request.json),
		total: samples + WARMUP,
		warmup: WARMUP,
		timeoutMs: REQUEST_TIMEOUT_MS
	};
	let r: { error: string | null; samples: number[] };
	try {
		r = await page.evaluate(async ({ method, path, body, total, warmup, timeoutMs }) => {
			const out: number[] = [];
			for (let i = 0; i < total; i++) {
				const init: RequestInit = body === null ? { method } : { method, body, headers: { 'content-type': 'application/json' } };
				init.signal = AbortSignal.timeout(timeoutMs);
				const t = performance.now();
				const res = await fetch(path, init);
				const text = await res.text();
				const dt = performance.now() - t;
				if (!res.ok) return { error: `answered ${res.status}: ${text.slice(0, 300)}`, samples: out };
				if (i >= warmup) out.push(dt);
			}
			return { error: null, samples: out };
		}, arg);
	} catch (e) {
		throw new InfrastructureError(`${request.method} ${request.path} from the page failed: ${(e as Error).message.split('\n')[0]}`, { cause: e });
	}
	if (r.error !== null) throw new InfrastructureError(`${request.method} ${request.path} ${r.error}`);
	return r.samples;
}

/** Path of the HubSpot contacts API served by the SW. */
export const CONTACTS_PATH = '/api/hubspot/crm/v3/objects/contacts';

/**
 * The search `hubspot_search` times: what the contacts index sends over the full seed (a quick filter, a
 * free-text query, newest first, the index columns, 25 a page), so every contact is read and tested.
 */
export const HUBSPOT_SEARCH_BODY = {
	filterGroups: [{ filters: [{ propertyName: 'lifecyclestage', operator: 'IN', values: ['lead', 'marketingqualifiedlead', 'salesqualifiedlead'] }] }],
	query: 'a',
	sorts: [{ propertyName: 'createdate', direction: 'DESCENDING' }],
	properties: ['email', 'firstname', 'lastname', 'phone', 'hubspot_owner_id', 'company', 'lifecyclestage', 'hs_lead_status', 'createdate'],
	limit: 25
} as const;

/**
 * The search `salesnav_search` times: a Lead search over the 3,000 seed leads with 4 filters, one of them an
 * exclude pill (Seniority level, Function, Company headcount, and Years in current position "Less than 1 year"
 * excluded), 25 a page with spotlight counts (target ≤15 ms p95 in the SW).
 */
export const SALESNAV_SEARCH_BODY = {
	filters: [
		{
			type: 'SENIORITY_LEVEL',
			values: [
				{ id: 'Director', text: 'Director', selectionType: 'INCLUDED' },
				{ id: 'Vice President', text: 'Vice President', selectionType: 'INCLUDED' }
			]
		},
		{
			type: 'FUNCTION',
			values: [
				{ id: 'Sales', text: 'Sales', selectionType: 'INCLUDED' },
				{ id: 'Operations', text: 'Operations', selectionType: 'INCLUDED' }
			]
		},
		{
			type: 'COMPANY_HEADCOUNT',
			values: [
				{ id: '51-200', text: '51-200', selectionType: 'INCLUDED' },
				{ id: '201-500', text: '201-500', selectionType: 'INCLUDED' },
				{ id: '501-1,000', text: '501-1,000', selectionType: 'INCLUDED' }
			]
		},
		{ type: 'YEARS_IN_CURRENT_POSITION', values: [{ id: 'Less than 1 year', text: 'Less than 1 year', selectionType: 'EXCLUDED' }] }
	],
	keywords: '',
	start: 0,
	count: 25
} as const;

/** Base path of the Outreach JSON:API v2 served by the SW. */
export const OUTREACH_PATH = '/api/outreach';

/**
 * The query `outreach_prospect_search` times: what the Prospects list sends for a search with two filters over the
 * full seed (free text, a stage range of ids, not opted out, newest touch first, `count=true`), so every prospect
 * is read and tested.
 */
export const OUTREACH_SEARCH_QUERY = 'filter[q]=a&filter[optedOut]=false&filter[touchedAt]=neg_inf..inf&sort=-touchedAt&count=true&page[size]=50';

/**
 * Id of an Outreach prospect to fetch: the first one listed.
 * @throws InfrastructureError when the API fails or lists none.
 */
export async function someProspectId(page: Page): Promise<string> {
	const list = (await pageJson(page, 'GET', `${OUTREACH_PATH}/prospects?page[size]=1`)) as { data?: { id?: unknown }[] };
	const first = list.data?.[0]?.id;
	if (typeof first !== 'number') throw new InfrastructureError(`GET ${OUTREACH_PATH}/prospects listed no prospect: ${JSON.stringify(list).slice(0, 200)}`);
	return String(first);
}

/**
 * Id of a contact to fetch: the first one listed, or one created for the bench when the seed has none.
 * @throws InfrastructureError when the API fails or answers without an id.
 */
export async function someContactId(page: Page): Promise<string> {
	const list = (await pageJson(page, 'GET', `${CONTACTS_PATH}?limit=1`)) as { results?: { id?: unknown }[] };
	const first = list.results?.[0]?.id;
	if (typeof first === 'string') return first;
	const created = (await pageJson(page, 'POST', CONTACTS_PATH, {
		properties: { email: 'bench@example.com', firstname: 'Bench', lastname: 'Mark' }
	})) as { id?: unknown };
	if (typeof created.id !== 'string') throw new InfrastructureError(`POST ${CONTACTS_PATH} answered no id: ${JSON.stringify(created).slice(0, 200)}`);
	return created.id;
}

/** Options of {@link benchPage}. */
export interface PageBenchOptions {
	/** A page on the gym origin, SW-controlled. */
	page: Page;
	/** Samples per metric (after warm-up). */
	samples: number;
	/** Task used for `reset` and `verify` (the first HubSpot task); `undefined` resets to the base seed and skips `verify`. */
	taskId: string | undefined;
	/** Which page metrics to measure. */
	metrics: readonly MetricName[];
	/** Called before each metric starts (progress). */
	onStart?: (metric: MetricName) => void;
	/** Receives the full samples of each `verify_20x*` metric (fetch time and the worker's own time), for the details table. */
	onVerifySamples?: (metric: keyof typeof VERIFY_ROWS, samples: VerifySamples) => void;
}

/**
 * Measures the page metrics: `reset` = `POST /__salesgym/run {task_id}`; `api_roundtrip` = `GET` one contact
 * through the SW (after a reset); `hubspot_api_get` = the same samples (one measurement), named for the HubSpot
 * gym's target (≤2 ms p50); `hubspot_search` = `POST …/contacts/search` {@link HUBSPOT_SEARCH_BODY} over the full
 * seed (target ≤10 ms p95); `hubspot_index_interactive` = navigation start → first table row interactive on the
 * contacts, companies and deals indexes ({@link benchIndexInteractive}, target ≤200 ms); `salesnav_search` = `POST
 * /api/salesnav/leads/search` {@link SALESNAV_SEARCH_BODY} (target ≤15 ms p95); `salesnav_filter_interactive` = a
 * filter pill added or removed on Lead search → new results on screen and interactive ({@link benchFilterInteractive},
 * target ≤200 ms p50); `calendly_available_times`,
 * `calendly_api_get`, `calendly_booking_interactive` on the base seed (bench-calendly-page.ts; targets ≤20 ms p95,
 * p50 ≤1.5× `sw_floor`, ≤200 ms p50);
 * `outreach_api_get` = `GET
 * /api/outreach/prospects/{id}` (target p50 ≤1.5× `sw_floor` of the same run); `outreach_prospect_search` = the
 * Prospects list's `GET /api/outreach/prospects?…` {@link OUTREACH_SEARCH_QUERY} (target ≤10 ms p95);
 * `outreach_prospects_interactive` = navigation start → first row interactive on `/outreach/prospects`
 * ({@link benchIndexInteractive} with {@link OUTREACH_INDEX}, target ≤200 ms p50); `verify` = `POST /verify {run_id, task_id}` after one reset to that task;
 * `verify_20x1k|10k|50k` = 20 inline assertions over a synthetic state imported with `PUT /__salesgym/state`
 * (bench-verify.ts; at most 15 samples at 50k rows).
 * @returns samples (ms) per measured metric.
 * @throws InfrastructureError when an endpoint fails; Error when `verify` is asked without a task.
 */
export async function benchPage(options: PageBenchOptions): Promise<Partial<Record<MetricName, number[]>>> {
	const { page, samples, taskId, metrics } = options;
	const out: Partial<Record<MetricName, number[]>> = {};
	if (metrics.includes('reset')) {
		options.onStart?.('reset');
		out.reset = await measureInPage(page, { method: 'POST', path: '/__salesgym/run', json: taskId === undefined ? {} : { task_id: taskId } }, samples);
	}
	if (metrics.includes('reset_full_seed')) {
		options.onStart?.('reset_full_seed');
		out.reset_full_seed = await benchResetAfterEpisodes(page, taskId, samples);
	}
	// `api_roundtrip` and `hubspot_api_get` are the same request (the second named for the HubSpot gym's target):
	// measured once, reported under each name asked for.
	const getMetrics = (['api_roundtrip', 'hubspot_api_get'] as const).filter((m) => metrics.includes(m));
	if (getMetrics.length > 0) {
		options.onStart?.(getMetrics[0]!);
		await resetRun(page, taskId, `bench-api-${Date.now()}`);
		const id = await someContactId(page);
		const get = await measureInPage(page, { method: 'GET', path: `${CONTACTS_PATH}/${encodeURIComponent(id)}` }, samples);
		for (const m of getMetrics) out[m] = get;
	}
	if (metrics.includes('hubspot_search')) {
		options.onStart?.('hubspot_search');
		await resetRun(page, taskId, `bench-hs-search-${Date.now()}`);
		out.hubspot_search = await measureInPage(page, { method: 'POST', path: `${CONTACTS_PATH}/search`, json: HUBSPOT_SEARCH_BODY }, samples);
	}
	if (metrics.includes('hubspot_index_interactive')) {
		options.onStart?.('hubspot_index_interactive');
		out.hubspot_index_interactive = await benchIndexInteractive(page, taskId, samples);
	}
	if (metrics.includes('salesnav_search')) {
		options.onStart?.('salesnav_search');
		await resetRun(page, taskId, `bench-sn-search-${Date.now()}`);
		out.salesnav_search = await measureInPage(page, { method: 'POST', path: '/api/salesnav/leads/search', json: SALESNAV_SEARCH_BODY }, samples);
	}
	if (metrics.includes('salesnav_filter_interactive')) {
		options.onStart?.('salesnav_filter_interactive');
		out.salesnav_filter_interactive = await benchFilterInteractive(page, taskId, samples);
	}
	if (CALENDLY_METRICS.some((m) => metrics.includes(m))) {
		const r = await benchCalendly(page, undefined, samples, WARMUP, metrics, measureInPage, options.onStart);
		Object.assign(out, r.samples);
	}
	if (metrics.includes('outreach_api_get')) {
		options.onStart?.('outreach_api_get');
		await resetRun(page, taskId, `bench-or-get-${Date.now()}`);
		const id = await someProspectId(page);
		out.outreach_api_get = await measureInPage(page, { method: 'GET', path: `${OUTREACH_PATH}/prospects/${id}` }, samples);
	}
	if (metrics.includes('outreach_prospect_search')) {
		options.onStart?.('outreach_prospect_search');
		await resetRun(page, taskId, `bench-or-search-${Date.now()}`);
		out.outreach_prospect_search = await measureInPage(page, { method: 'GET', path: `${OUTREACH_PATH}/prospects?${OUTREACH_SEARCH_QUERY}` }, samples);
	}
	if (metrics.includes('outreach_prospects_interactive')) {
		options.onStart?.('outreach_prospects_interactive');
		out.outreach_prospects_interactive = await benchIndexInteractive(page, taskId, samples, OUTREACH_INDEX, 'outreach_prospects_interactive');
	}
	if (metrics.includes('verify')) {
		options.onStart?.('verify');
		if (taskId === undefined) throw new Error('verify needs a HubSpot blueprint (blueprints/hubspot/*.json); none was found');
		const runId = `bench-verify-${Date.now()}`;
		await resetRun(page, taskId, runId);
		const bp = loadBlueprints().find((b) => b.id === taskId)!;
		out.verify = await measureInPage(page, { method: 'POST', path: '/verify', json: { run_id: runId, task_id: taskId, steps: verifySteps(bp) } }, samples);
	}
	for (const [metric, rows] of Object.entries(VERIFY_ROWS) as [keyof typeof VERIFY_ROWS, number][]) {
		if (!metrics.includes(metric)) continue;
		options.onStart?.(metric);
		const r = await benchVerifyPage(page, rows, rows >= 50_000 ? Math.min(samples, VERIFY_50K_MAX_SAMPLES) : samples, WARMUP);
		out[metric] = r.total;
		options.onVerifySamples?.(metric, r);
	}
	if (metrics.includes('verify_20x10k_write')) {
		options.onStart?.('verify_20x10k_write');
		out.verify_20x10k_write = (await benchVerifyPage(page, VERIFY_ROWS.verify_20x10k, samples, WARMUP, CONTACTS_PATH)).total;
	}
	return out;
}

/** The index screens `hubspot_index_interactive` loads, each over the full seed. */
export const INDEX_SCREENS = ['/hubspot/contacts', '/hubspot/companies', '/hubspot/deals'] as const;

/** Which screens an index-interactive metric loads and the selector of its first interactive row link. */
export interface IndexTarget {
	screens: readonly string[];
	/** CSS selector of a record link in the first rendered row (present only once the rows are rendered). */
	rowLink: string;
}
/** `hubspot_index_interactive`: the three HubSpot indexes (their table says `aria-busy="false"` once loaded). */
export const HUBSPOT_INDEX: IndexTarget = { screens: INDEX_SCREENS, rowLink: 'table[aria-busy="false"] tbody tr a[href]' };
/** `outreach_prospects_interactive`: the Outreach Prospects list (its table is rendered only once the rows are loaded). */
export const OUTREACH_INDEX: IndexTarget = { screens: ['/outreach/prospects'], rowLink: 'table[aria-label="Prospects"] tbody tr a[href]' };

/**
 * `hubspot_index_interactive`: for each sample, a full navigation to each of {@link INDEX_SCREENS} (after one
 * reset to the task's full seed), timed in the page from navigation start (`performance.now()` origin) to the
 * moment the first table row is visible and interactive: a MutationObserver installed before any page script
 * (`addInitScript`) records the first mutation after which the table is not `aria-busy` and its first row's
 * record link is laid out (rows are rendered by the client, so their handlers are attached).
 * Runs in a second tab of the bench context, so the bench page keeps no init script.
 * @param target the screens and the row-link selector (default: the three HubSpot indexes).
 * @param metric the metric's name, for errors.
 * @returns durations, ms: `samples` per screen, screens interleaved (screens × samples values).
 * @throws InfrastructureError when a screen does not render a row within 10 s.
 */
export async function benchIndexInteractive(
	page: Page,
	taskId: string | undefined,
	samples: number,
	target: IndexTarget = HUBSPOT_INDEX,
	metric = 'hubspot_index_interactive'
): Promise<number[]> {
	await resetRun(page, taskId, `bench-index-${Date.now()}`);
	const tab = await page.context().newPage();
	try {
		await tab.addInitScript((rowLink: string) => {
			// No named inner functions here: tsx would wrap them in a `__name()` helper the page does not have.
			const w = window as unknown as { __firstRowAt?: number };
			const observer = new MutationObserver(() => {
				const link = document.querySelector(rowLink);
				if (w.__firstRowAt === undefined && link && link.getBoundingClientRect().height > 0) {
					w.__firstRowAt = performance.now();
					observer.disconnect();
				}
			});
			observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
		}, target.rowLink);
		const out: number[] = [];
		for (let i = 0; i < samples + WARMUP; i++) {
			for (const path of target.screens) {
				await tab.goto(path, { waitUntil: 'commit' });
				let ms: number;
				try {
					ms = (await tab
						.waitForFunction(() => (window as unknown as { __firstRowAt?: number }).__firstRowAt, undefined, { timeout: 10_000 })
						.then((h) => h.jsonValue())) as number;
				} catch (e) {
					throw new InfrastructureError(`${metric}: ${path} rendered no row: ${(e as Error).message.split('\n')[0]}`, { cause: e });
				}
				if (i >= WARMUP) out.push(ms);
			}
		}
		return out;
	} finally {
		await tab.close().catch(() => {});
	}
}

/**
 * `reset_full_seed`: `samples` resets (after {@link WARMUP}) of every gym to the task's full seed, each right after
 * an "episode" that changed state through the API (creates a contact, patches 1–5 others), so that each reset
 * has rows to restore. Only the `POST /__salesgym/run` is timed, in the page.
 * @returns durations, ms.
 * @throws InfrastructureError when an episode's write or a reset fails.
 */
export async function benchResetAfterEpisodes(page: Page, taskId: string | undefined, samples: number): Promise<number[]> {
	const arg = { taskId: taskId ?? null, total: samples + WARMUP, warmup: WARMUP, contacts: CONTACTS_PATH };
	let r: { error: string | null; samples: number[] };
	try {
		r = await page.evaluate(async ({ taskId, total, warmup, contacts }) => {
			const json = { 'content-type': 'application/json' };
			const out: number[] = [];
			// No named inner functions here: tsx would wrap them in a `__name()` helper the page does not have.
			const task = taskId === null ? {} : { task_id: taskId };
			let res = await fetch('/__salesgym/run', { method: 'POST', headers: json, body: JSON.stringify({ ...task, run_id: 'bench-full-start' }) });
			if (!res.ok) return { error: `reset answered ${res.status}`, samples: out };
			const list = (await (await fetch(`${contacts}?limit=100`)).json()) as { results: { id: string }[] };
			const ids = list.results.map((c) => c.id);
			for (let i = 0; i < total; i++) {
				res = await fetch(contacts, {
					method: 'POST',
					headers: json,
					body: JSON.stringify({ properties: { email: `bench-${i}@example.com`, firstname: 'Bench', lifecyclestage: 'lead' } })
				});
				if (res.status !== 201) return { error: `episode create answered ${res.status}`, samples: out };
				for (let k = 0; k <= i % 5; k++) {
					res = await fetch(`${contacts}/${ids[(i * 7 + k) % ids.length]}`, {
						method: 'PATCH',
						headers: json,
						body: JSON.stringify({ properties: { hs_lead_status: k % 2 ? 'CONNECTED' : 'IN_PROGRESS' } })
					});
					if (!res.ok) return { error: `episode patch answered ${res.status}`, samples: out };
				}
				const t = performance.now();
				res = await fetch('/__salesgym/run', { method: 'POST', headers: json, body: JSON.stringify({ ...task, run_id: `bench-full-${i}` }) });
				await res.text();
				const dt = performance.now() - t;
				if (!res.ok) return { error: `reset answered ${res.status}`, samples: out };
				if (i >= warmup) out.push(dt);
			}
			return { error: null, samples: out };
		}, arg);
	} catch (e) {
		throw new InfrastructureError(`reset_full_seed failed in the page: ${(e as Error).message.split('\n')[0]}`, { cause: e });
	}
	if (r.error !== null) throw new InfrastructureError(`reset_full_seed: ${r.error}`);
	return r.samples;
}

/**
 * Parses a reset's `Server-Timing` header (`name;dur=<ms>[;desc=…]`, comma-separated) into name → ms; a header
 * without durations (an older build) gives `{}`.
 */
export function parseServerTiming(header: string | null): Record<string, number> {
	const out: Record<string, number> = {};
	for (const part of (header ?? '').split(',')) {
		const [name, ...params] = part.trim().split(';');
		const dur = params.map((p) => /^\s*dur=([0-9.]+)\s*$/.exec(p)?.[1]).find((d) => d !== undefined);
		if (name && dur !== undefined) out[name.trim()] = Number(dur);
	}
	return out;
}

/** One first reset of a fresh context: its time in the page (ms) and the SW's `Server-Timing` of it (name → ms). */
export interface FreshReset {
	ms: number;
	timing: Record<string, number>;
}

/**
 * `init_fresh_context`: in each of `samples` new browser contexts (empty IndexedDB, SW installed on first load of
 * `/`, which calls no gym API), the time of the first `POST /__salesgym/run` of `taskId` (the gyms of its platforms
 * parsed, projected and bulk-loaded; the others deferred), or of a sandbox run (`taskId` undefined: every gym
 * loaded). No warm-up: the first time is the point.
 * @returns durations, ms.
 * @throws InfrastructureError when a page does not load, the SW never takes control, or the reset fails.
 */
export async function benchFreshContext(browser: Browser, baseUrl: string, taskId: string | undefined, samples: number): Promise<number[]> {
	return (await benchFreshResets(browser, baseUrl, taskId, samples)).map((r) => r.ms);
}

/**
 * `init_fresh_context_all` and `first_load_<gym>`: fresh-context sandbox resets (every gym loaded), and from each
 * one's `Server-Timing`, per gym its prebuilt projection's load, its state's computation and its database write
 * (`first_load_<gym>`; the four gyms load in parallel, so each includes the others' contention).
 * @returns samples per metric, ms. @throws InfrastructureError as {@link benchFreshContext}.
 */
export async function benchFirstLoads(browser: Browser, baseUrl: string, samples: number): Promise<Partial<Record<MetricName, number[]>>> {
	const runs = await benchFreshResets(browser, baseUrl, undefined, samples);
	const out: Partial<Record<MetricName, number[]>> = { init_fresh_context_all: runs.map((r) => r.ms) };
	for (const gym of FIRST_LOAD_GYMS) {
		const v = runs.filter((r) => r.timing[`${gym}-reset`] !== undefined).map((r) => (r.timing[`${gym}-project`] ?? 0) + r.timing[`${gym}-reset`]!);
		if (v.length) out[`first_load_${gym}`] = v;
	}
	return out;
}

/** Fresh-context first resets of `taskId` (undefined = a sandbox run), with their `Server-Timing`. @throws InfrastructureError as {@link benchFreshContext}. */
export async function benchFreshResets(browser: Browser, baseUrl: string, taskId: string | undefined, samples: number): Promise<FreshReset[]> {
	const out: FreshReset[] = [];
	for (let i = 0; i < samples; i++) {
		const context = await browser.newContext({ baseURL: baseUrl });
		try {
			const page = await context.newPage();
			await page.goto('/');
			await waitForSwReady(page);
			const r = await page.evaluate(async (taskId) => {
				const t = performance.now();
				const res = await fetch('/__salesgym/run', {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify(taskId === null ? {} : { task_id: taskId })
				});
				const text = await res.text();
				return { ms: performance.now() - t, status: res.status, text: text.slice(0, 300), timing: res.headers.get('server-timing') };
			}, taskId ?? null);
			if (r.status !== 200) throw new InfrastructureError(`init_fresh_context: reset answered ${r.status}: ${r.text}`);
			out.push({ ms: r.ms, timing: parseServerTiming(r.timing) });
		} finally {
			await context.close().catch(() => {});
		}
	}
	return out;
}

/**
 * Sizes of what a first reset downloads, raw and gzipped, bytes: each prebuilt seed projection of the build (the
 * files the Service Worker fetches, `<gym>-<seed>.<hash>.json` under `build/_app/immutable/assets/`) and the built
 * Service Worker script.
 */
export interface SeedBytes {
	/** Per file: its name under `assets/` and its sizes. Empty when `build/` holds none. */
	projections: { file: string; bytes: number; gzipBytes: number }[];
	swBytes: number | null;
	swGzipBytes: number | null;
}

/** Measures {@link SeedBytes} of the build under `root` (the repository); a missing build gives no file and null sizes. */
export function seedBundleBytes(root: string): SeedBytes {
	const assets = `${root}/build/_app/immutable/assets`;
	const names = existsSync(assets)
		? readdirSync(assets).filter((f) => (PREBUILT_GYMS as readonly string[]).includes(/^([a-z]+)-\d+\.[^.]+\.json$/.exec(f)?.[1] ?? ''))
		: [];
	const projections = names.sort().map((file) => {
		const bytes = readFileSync(`${assets}/${file}`);
		return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
	});
	const swPath = `${root}/build/service-worker.js`;
	const sw = existsSync(swPath) ? readFileSync(swPath) : null;
	return { projections, swBytes: sw ? sw.length : null, swGzipBytes: sw ? gzipSync(sw, { level: 9 }).length : null };
}

/** One line describing {@link SeedBytes}, e.g. `prebuilt projections (files the Service Worker fetches): hubspot-1.….json 2.80 MB (… kB gzip), …; service-worker.js 1.63 MB (…)`. */
export function formatSeedBytes(b: SeedBytes): string {
	const kb = (n: number) => `${Math.round(n / 1000)} kB`;
	const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;
	const files = b.projections.map((p) => `${p.file} ${mb(p.bytes)} (${kb(p.gzipBytes)} gzip)`).join(', ') || 'none (no build)';
	return `prebuilt projections (files the Service Worker fetches): ${files}${b.swBytes === null ? '' : `; service-worker.js ${mb(b.swBytes)} (${kb(b.swGzipBytes!)} gzip)`}\n`;
}

/**
 * Summarizes every sample array of `samples` (ms).
 * @returns `{metric: {p50, p95, n, unit}}` in {@link METRICS} order.
 */
export function toReport(samples: Partial<Record<MetricName, number[]>>, values: Partial<Record<MetricName, ValueSummary>> = {}): BenchReport {
	const report: BenchReport = {};
	for (const m of METRICS) {
		const xs = samples[m];
		const v = values[m];
		if (xs && xs.length > 0) report[m] = summarizeSamples(xs);
		else if (v) report[m] = v;
	}
	return report;
}

/**
 * Merges `report` into the JSON object in `file` (created when missing): keys of `report` replace existing
 * ones, other keys (metrics added by later work) are kept; `extra` keys (e.g. `verify_breakdown`) are written too.
 * Writes 2-space-indented JSON and a newline.
 * @throws Error when the file exists but does not hold a JSON object.
 */
export async function mergeMetricsFile(file: string, report: BenchReport, extra: Record<string, unknown> = {}): Promise<void> {
	let existing: Record<string, unknown> = {};
	if (existsSync(file)) {
		const text = await readFile(file, 'utf8');
		let parsed: unknown;
		try {
			parsed = JSON.parse(text);
		} catch (e) {
			throw new Error(`${file} is not valid JSON (${(e as Error).message}); refusing to overwrite it`, { cause: e });
		}
		if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
			throw new Error(`${file} does not hold a JSON object; refusing to overwrite it`);
		existing = parsed as Record<string, unknown>;
	}
	await writeFile(file, `${JSON.stringify({ ...existing, ...report, ...extra }, null, 2)}\n`);
}

/**
 * Formats a report as aligned lines: `metric  p50  p95  n  unit`, with a header line.
 * @returns the text, ending with a newline.
 */
export function formatReport(report: BenchReport): string {
	const withLoad = METRICS.some((m) => {
		const s = report[m];
		return !!s && 'value' in s && s.load !== undefined;
	});
	const rows: string[][] = [['metric', 'p50', 'p95', 'n', 'unit', ...(withLoad ? ['load'] : [])]];
	for (const m of METRICS) {
		const s = report[m];
		if (s && 'value' in s) rows.push([m, s.value.toFixed(2), '', String(s.n), s.unit, s.load ? `${s.load[0].toFixed(1)}→${s.load[1].toFixed(1)}` : '']);
		else if (s) rows.push([m, s.p50.toFixed(2), s.p95.toFixed(2), String(s.n), s.unit]);
	}
	return formatTable(rows, [false, true, true, true, false]);
}

/**
 * Aligns rows into columns separated by two spaces.
 * @param rows cells per row; @param rightAlign per column, true to pad on the left (numbers).
 * @returns the lines joined with `\n`, with a trailing newline.
 */
export function formatTable(rows: readonly (readonly string[])[], rightAlign: readonly boolean[] = []): string {
	const widths: number[] = [];
	for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
	return rows
		.map((row) =>
			row
				.map((cell, i) => (rightAlign[i] ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
				.join('  ')
				.trimEnd()
		)
		.join('\n')
		.concat('\n');
}
