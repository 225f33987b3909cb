/**
 * Test helpers of gym contract tests (vitest + fake-indexeddb): a gym over its own database, reset before each
 * test of the calling file, and request / export shorthands.
 */
import 'fake-indexeddb/auto';
import { beforeEach } from 'vitest';
import type { ApiRequest, ApiResponse, Gym, RunInit } from '../types';

/** Virtual start time of every test run, UTC ISO-8601 ms. */
export const T0 = '2026-03-02T14:30:00.000Z';

/** A parsed JSON answer body (tests read arbitrary vendor shapes). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** A response with a parsed JSON body. */
export type JsonResponse = ApiResponse & { body: Json };

/**
 * A gym made by `create` over database `name`, reset before each test of the calling file to `init`
 * (default: run `r`, no task, seed 1, clock {@link T0}).
 * @returns `{gym, db, call, snapshot}`: `call(method, path, body?, query?)` sends one request (`query` without `?`);
 *   `snapshot()` is the whole export as JSON text (byte-identical before/after = nothing changed).
 */
export function testGym<D>(create: (name: string) => { gym: Gym; db: D }, name: string, init: Partial<RunInit> = {}) {
	const { gym, db } = create(name);
	beforeEach(async () => {
		await gym.reset({ run_id: 'r', task_id: null, seed: 1, clock: T0, ...init });
	});
	const call = (method: string, path: string, body?: unknown, query = ''): Promise<JsonResponse> =>
		gym.handle({ method, path, query: new URLSearchParams(query), body } satisfies ApiRequest) as Promise<JsonResponse>;
	const snapshot = async () => JSON.stringify(await gym.exportState());
	return { gym, db, call, snapshot };
}
