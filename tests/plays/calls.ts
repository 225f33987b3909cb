/**
 * The API calls of an oracle play: every request the product's pages sent to a gym's REST API (`/api/<gym>/…`) that
 * may change state (any method but GET, HEAD and OPTIONS, less the POST endpoints that only read), in the order the pages sent them, with the body as sent
 * and the status the Service Worker answered. `npm run golden` records them per blueprint in
 * `tests/golden/calls/<platform>.json` next to the golden hashes. A gym commits state only on such a call (the
 * virtual clock ticks per committed write: gyms/types.ts `CLOCK_TICK_MS`), so replaying them in Node after the same
 * reset gives the final state of the play, byte for byte (tests/plays/replay.ts), which lets `npm run unit` prove
 * every blueprint's final state, verdict and mutants without a browser.
 */
import { join } from 'node:path';
import type { BrowserContext, Request } from '@playwright/test';
import { z } from 'zod';
import { GOLDEN_DIR, readGoldenData } from './golden';

/** One recorded API call: `[method, path with query, content type or null, body text or null, status]`. */
export const ApiCall = z.tuple([
	z.enum(['POST', 'PUT', 'PATCH', 'DELETE']).describe('HTTP method'),
	z
		.string()
		.regex(/^\/api\/[a-z]+\//, 'a gym API path: /api/<gym>/…')
		.describe('path and query string, e.g. /api/hubspot/crm/v3/objects/contacts?x=1'),
	z.string().nullable().describe('the Content-Type header as the page sent it (null: none)'),
	z.string().nullable().describe('the request body as the page sent it (null: none)'),
	z.number().int().min(100).max(599).describe('the status the Service Worker answered')
]);
export type ApiCall = z.infer<typeof ApiCall>;

/**
 * The key of an alternative's calls in a calls file: `<blueprint id>#<alternative id>` (an alternative with UI
 * `steps`, blueprints/schema.ts).
 */
export const alternativeKey = (id: string, alternative: string): string => `${id}#${alternative}`;

/** A calls file: blueprint id (or {@link alternativeKey}) → the calls of its oracle (or alternative), in send order. */
export const CallsFile = z.record(z.string(), z.array(ApiCall));
export type CallsFile = z.infer<typeof CallsFile>;

/** Annotation type a golden-mode play records `{id, platform, calls}` under (read by tests/golden/reporter.ts). */
export const CALLS_ANNOTATION = 'api-calls';

/** What a golden-mode play records (the annotation's JSON description); `id` is an {@link alternativeKey} for an alternative. */
export const CallsRecord = z.strictObject({ id: z.string(), platform: z.string(), calls: z.array(ApiCall) });
export type CallsRecord = z.infer<typeof CallsRecord>;

/** Folder of the calls files, relative to the repository root. */
export const CALLS_DIR = join(GOLDEN_DIR, 'calls');

/** Path of the calls file of `platform`. */
export const callsPath = (platform: string): string => join(CALLS_DIR, `${platform}.json`);

/**
 * Reads the calls file of `platform` (tests/plays/golden.ts `readGoldenData`).
 * @returns its entries, or `{}` when the file does not exist.
 * @throws Error naming the file and the first invalid paths when it is not valid JSON or not a {@link CallsFile}.
 */
export function readCalls(platform: string): CallsFile {
	return readGoldenData<CallsFile>(callsPath(platform), CallsFile, {});
}

/** Methods that never change a gym's state. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * POST endpoints that only read: HubSpot's CRM search (`…/search`) and batch reads (`…/batch/read`), as the HubSpot
 * CRM API reference defines them. Left out of the record to keep it small; a read that slipped in would be harmless.
 */
const POST_READS = /\/(?:search|batch\/read)$/;

/**
 * Starts recording the state-changing API calls of every page of `context` ({@link ApiCall}).
 * @returns `stop()`, which detaches the listener, waits for the answers of the calls still in flight and returns the
 *   calls in send order.
 * @throws (from `stop`) Error when a recorded call got no answer (the page closed or the request failed).
 */
export function recordApiCalls(context: BrowserContext): { stop(): Promise<ApiCall[]> } {
	const sent: { request: Request; method: string; path: string; type: string | null; body: string | null }[] = [];
	const onRequest = (request: Request): void => {
		const url = new URL(request.url());
		if (READS.has(request.method()) || !url.pathname.startsWith('/api/') || POST_READS.test(url.pathname)) return;
		const type = request.headers()['content-type'] ?? null;
		sent.push({ request, method: request.method(), path: url.pathname + url.search, type, body: request.postData() });
	};
	context.on('request', onRequest);
	return {
		async stop() {
			context.off('request', onRequest);
			const calls: ApiCall[] = [];
			for (const s of sent) {
				const response = await s.request.response();
				if (!response) throw new Error(`${s.method} ${s.path} got no answer (${s.request.failure()?.errorText ?? 'no response'})`);
				calls.push(ApiCall.parse([s.method, s.path, s.type, s.body, response.status()]));
			}
			return calls;
		}
	};
}
