/**
 * Test helpers of the HubSpot API contract tests (vitest + fake-indexeddb): a gym over its own database,
 * reset to seed 1 before each test, and request / export shorthands.
 */
import 'fake-indexeddb/auto';
import { beforeEach } from 'vitest';
import type { ApiRequest, ApiResponse, Gym } from '../../types';
import { HubSpotDb } from '../db';
import { createHubSpotGym } from '../index';

/** Virtual start time of every test run. */
export const T0 = '2026-03-02T14:30:00.000Z';

/** A parsed JSON answer body (tests read arbitrary vendor shapes). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** A gym over database `name`, reset (seed 1, clock {@link T0}) before each test of the calling file. */
export function testGym(name: string) {
	const db = new HubSpotDb(name);
	const gym: Gym = createHubSpotGym(db);
	beforeEach(async () => {
		await gym.reset({ run_id: 'r', task_id: null, seed: 1, clock: T0 });
	});
	/** Sends one request; `query` is a query string without `?`. */
	const call = (method: string, path: string, body?: unknown, query = ''): Promise<ApiResponse & { body: Json }> =>
		gym.handle({ method, path, query: new URLSearchParams(query), body } satisfies ApiRequest) as Promise<ApiResponse & { body: Json }>;
	/** The whole export as JSON text (tables, meta, events): byte-identical before/after = nothing changed. */
	const snapshot = async () => JSON.stringify(await gym.exportState());
	return { gym, db, call, snapshot };
}
