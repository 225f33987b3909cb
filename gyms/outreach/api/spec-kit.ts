/**
 * What the Outreach contract tests share (vitest only): a test gym reset before each test on its own database, the
 * contract's answer parsers, and the refusal check every rule's test makes.
 */
import { expect } from 'vitest';
import { testGym, type Json } from '../../kit/test-gym';
import { CollectionAnswer, ErrorBody, ResourceAnswer, type ResourceType } from '../contract';
import type { ErrorObject } from '../envelope';
import { OutreachDb } from '../db';
import { createOutreachGym } from '../index';
import type { OutreachState } from '../schema';

/** `ResourceAnswer(t)` as a parser whose result is typed loosely for the assertions. */
export const RA = (t: ResourceType) => ({ parse: (b: unknown): Json => ResourceAnswer(t).parse(b) });
/** `CollectionAnswer(t)` as a parser whose result is typed loosely for the assertions. */
export const CA = (t: ResourceType) => ({ parse: (b: unknown): Json => CollectionAnswer(t).parse(b) });

/**
 * An Outreach test gym on the IndexedDB database `name` (fake-indexeddb), reset to seed 1 before each test.
 * @returns `call(method, path, body?, query?)` (the handler's answer), `snapshot()` (the export as JSON text),
 *   `state()` (the exported tables) and `refused(status, errId, run)`: runs `run`, expects that status and the first
 *   error's `id`, expects the export byte-identical afterwards, and returns the first error object.
 */
export function outreachSpecGym(name: string) {
	const { gym, call, snapshot } = testGym((n) => {
		const db = new OutreachDb(n);
		return { gym: createOutreachGym(db), db };
	}, name);
	const state = async (): Promise<OutreachState> => (await gym.exportState()).tables as unknown as OutreachState;
	async function refused(status: number, errId: string, run: () => Promise<{ status: number; body: Json }>): Promise<ErrorObject> {
		const before = await snapshot();
		const res = await run();
		expect(res.status, JSON.stringify(res.body)).toBe(status);
		const body = ErrorBody.parse(res.body);
		expect(body.errors[0]!.id).toBe(errId);
		expect(await snapshot()).toBe(before);
		return body.errors[0]!;
	}
	return { gym, call, snapshot, state, refused };
}
