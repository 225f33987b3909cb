/**
 * Calendly benchmarks, measured in the page through the Service Worker (wired into harness/bench.ts):
 * - `calendly_available_times`: `GET /api/calendly/event_type_available_times` for the seed's round-robin event type
 *   (the seed's has 6 hosts in different zones; the target is stated for 4) over 7 days starting a day after the run's now (target ≤20 ms p95);
 * - `calendly_api_get`: `GET /api/calendly/event_types/{uuid}` of one event type, a plain read (target p50 ≤1.5× the
 *   `sw_floor` of the same run);
 * - `calendly_booking_interactive`: navigation start → the booking page's first available day button laid out and
 *   enabled (the month's times have loaded), on `/calendly/book/<uuid>` of the acting user's one-on-one type
 *   (target ≤200 ms p50), timed as `hubspot_index_interactive` is (a MutationObserver installed before any page
 *   script, in a second tab).
 */
import type { Page } from '@playwright/test';
import { z } from 'zod';
import { InfrastructureError } from './errors';
import { pageJson } from './page';
import { resetRun } from './runner';

/** The Calendly metric names, in measuring order. */
export const CALENDLY_METRICS = ['calendly_available_times', 'calendly_api_get', 'calendly_booking_interactive'] as const;
/** One of {@link CALENDLY_METRICS}. */
export type CalendlyMetric = (typeof CALENDLY_METRICS)[number];

/** Event types the benchmarks use: the round-robin one with its host count, and the acting user's first one-on-one. */
interface BenchTypes {
	roundRobin: { uuid: string; hosts: number };
	oneOnOne: string;
	clock: string;
}

type TimedRequest = { method: 'GET'; path: string };

const TypeRow = z.looseObject({
	uri: z.string(),
	kind_description: z.string(),
	active: z.boolean(),
	pooling_type: z.string().nullable()
});
const Types = z.looseObject({ collection: z.array(TypeRow) });

/** Reads the run's now and the two event types through the gym's API. @throws InfrastructureError when the seed lacks them. */
async function benchTypes(page: Page): Promise<BenchTypes> {
	const base = '/api/calendly';
	const get = async <T extends z.ZodType>(schema: T, path: string): Promise<z.infer<T>> => schema.parse(await pageJson(page, 'GET', `${base}${path}`));
	const clock = (await get(z.looseObject({ clock: z.string() }), '/clock')).clock;
	const me = (await get(z.looseObject({ resource: z.looseObject({ uri: z.string(), current_organization: z.string() }) }), '/users/me')).resource;
	const org = (await get(Types, `/event_types?organization=${encodeURIComponent(me.current_organization)}&count=100`)).collection;
	const uuid = (uri: string) => uri.slice(uri.lastIndexOf('/') + 1);
	let rr: { uuid: string; hosts: number } | undefined;
	for (const t of org.filter((x) => x.pooling_type === 'round_robin' && x.active)) {
		const hosts = (await get(z.looseObject({ collection: z.array(z.unknown()) }), `/event_type_memberships?event_type=${encodeURIComponent(t.uri)}`)).collection
			.length;
		if (!rr || hosts > rr.hosts) rr = { uuid: uuid(t.uri), hosts };
	}
	const mine = (await get(Types, `/event_types?user=${encodeURIComponent(me.uri)}`)).collection.find((t) => t.kind_description === 'One-on-One' && t.active);
	if (!rr || !mine) throw new InfrastructureError('calendly bench: the seed has no active round-robin or one-on-one event type');
	return { roundRobin: rr, oneOnOne: uuid(mine.uri), clock };
}

/**
 * Measures the Calendly metrics asked for, after one reset to the base seed (`taskId` undefined) or the task's.
 * @param measure the bench's in-page request timer (harness/bench.ts `measureInPage`).
 * @returns samples (ms) per metric measured, and the round robin's host count (for the report).
 * @throws InfrastructureError when a request fails or the booking page shows no available day within 10 s.
 */
export async function benchCalendly(
	page: Page,
	taskId: string | undefined,
	samples: number,
	warmup: number,
	metrics: readonly string[],
	measure: (page: Page, request: TimedRequest, samples: number) => Promise<number[]>,
	onStart?: (metric: CalendlyMetric) => void
): Promise<{ samples: Partial<Record<CalendlyMetric, number[]>>; roundRobinHosts: number }> {
	const out: Partial<Record<CalendlyMetric, number[]>> = {};
	await resetRun(page, taskId, `bench-calendly-${Date.now()}`);
	const types = await benchTypes(page);
	if (metrics.includes('calendly_available_times')) {
		onStart?.('calendly_available_times');
		const from = Date.parse(types.clock) + 86_400_000;
		const q = new URLSearchParams({
			event_type: `https://api.calendly.com/event_types/${types.roundRobin.uuid}`,
			start_time: new Date(from).toISOString(),
			end_time: new Date(from + 7 * 86_400_000).toISOString()
		});
		out.calendly_available_times = await measure(page, { method: 'GET', path: `/api/calendly/event_type_available_times?${q}` }, samples);
	}
	if (metrics.includes('calendly_api_get')) {
		onStart?.('calendly_api_get');
		out.calendly_api_get = await measure(page, { method: 'GET', path: `/api/calendly/event_types/${types.oneOnOne}` }, samples);
	}
	if (metrics.includes('calendly_booking_interactive')) {
		onStart?.('calendly_booking_interactive');
		out.calendly_booking_interactive = await bookingInteractive(page, `/calendly/book/${types.oneOnOne}`, samples, warmup);
	}
	return { samples: out, roundRobinHosts: types.roundRobin.hosts };
}

/** `calendly_booking_interactive`: see the module doc. @returns durations, ms. */
async function bookingInteractive(page: Page, path: string, samples: number, warmup: number): Promise<number[]> {
	const tab = await page.context().newPage();
	try {
		await tab.addInitScript(() => {
			// No named inner functions here: tsx would wrap them in a `__name()` helper the page does not have.
			const w = window as unknown as { __dayAt?: number };
			const observer = new MutationObserver(() => {
				const day = document.querySelector('button[aria-label$=" - Times available"]:not([disabled])');
				if (w.__dayAt === undefined && day && day.getBoundingClientRect().height > 0) {
					w.__dayAt = performance.now();
					observer.disconnect();
				}
			});
			observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled', 'aria-label'] });
		});
		const out: number[] = [];
		for (let i = 0; i < samples + warmup; i++) {
			await tab.goto(path, { waitUntil: 'commit' });
			let ms: number;
			try {
				ms = (await tab
					.waitForFunction(() => (window as unknown as { __dayAt?: number }).__dayAt, undefined, { timeout: 10_000 })
					.then((h) => h.jsonValue())) as number;
			} catch (e) {
				throw new InfrastructureError(`calendly_booking_interactive: ${path} showed no available day: ${(e as Error).message.split('\n')[0]}`, { cause: e });
			}
			if (i >= warmup) out.push(ms);
		}
		return out;
	} finally {
		await tab.close().catch(() => {});
	}
}
