/**
 * The replay of recorded API calls in Node (tests/plays/replay.ts) and the calls' schema (tests/plays/calls.ts):
 * a request is built as the Service Worker builds it, a replay is deterministic, and a wrong call (another value,
 * another status) shows: the proof in tests/unit/replays.ts can fail.
 */
import { describe, expect, it } from 'vitest';
import { createGyms, shippedSeeds } from '../../gyms/registry';
import { loadBlueprints } from '../../harness/blueprints';
import type { RunContext } from '../../sw/run';
import { createNodeEngine } from '../../verifier/node';
import { ApiCall, CallsFile, type ApiCall as Call } from '../plays/calls';
import { apiRequestOf, replayCalls, replayVerdict, type Replayed } from '../plays/replay';

const all = loadBlueprints();
const bp = all.find((b) => b.id === 'hubspot/update-lead-status-v1')!;
const ctx: RunContext = { gyms: createGyms(), blueprints: new Map(all.map((b) => [b.id, b])), seeds: shippedSeeds() };

/** The lead-status change the task asks for, as the HubSpot contact record's inline edit sends it. */
const call = (status: string, answered = 200): Call => [
	'PATCH',
	'/api/hubspot/crm/v3/objects/contacts/990001',
	'application/json',
	JSON.stringify({ properties: { hs_lead_status: status } }),
	answered
];

async function verdictOf(replayed: Replayed): Promise<{ passed: boolean; score: number }> {
	return replayVerdict(await createNodeEngine(), bp, replayed);
}

describe('apiRequestOf', () => {
	it('splits the gym, the vendor path and the query, and parses the body as JSON', () => {
		const { gym, request } = apiRequestOf(['POST', '/api/outreach/prospects?include=account', 'application/vnd.api+json', '{"data":{"type":"prospect"}}', 201]);
		expect(gym).toBe('outreach');
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/prospects');
		expect(request.query.get('include')).toBe('account');
		expect(request.body).toEqual({ data: { type: 'prospect' } });
		expect(request.bodyError).toBeUndefined();
		expect(request.contentType).toBe('application/vnd.api+json');
	});

	it('an invalid JSON body becomes the body error the Service Worker reports; an empty one no body', () => {
		expect(apiRequestOf(['POST', '/api/hubspot/crm/v3/objects/contacts', 'application/json', '{"properties":', 400]).request.bodyError).toMatch(
			/^body is not valid JSON/
		);
		const empty = apiRequestOf(['DELETE', '/api/hubspot/crm/v3/objects/contacts/1', null, null, 204]).request;
		expect(empty.body).toBeUndefined();
		expect(empty.bodyError).toBeUndefined();
	});

	it('refuses a path outside /api/<gym>/', () => {
		expect(() => apiRequestOf(['POST', '/__salesgym/run', null, '{}', 200] as unknown as Call)).toThrow(/not a gym API path/);
	});
});

describe('ApiCall and CallsFile', () => {
	it('accept a recorded call and refuse a read, a control path, a missing field or an extra one', () => {
		expect(ApiCall.parse(call('CONNECTED'))).toEqual(call('CONNECTED'));
		expect(() => ApiCall.parse(['GET', '/api/hubspot/crm/v3/objects/contacts', null, null, 200])).toThrow();
		expect(() => ApiCall.parse(['POST', '/__salesgym/run', null, '{}', 200])).toThrow(/gym API path/);
		expect(() => ApiCall.parse(['PATCH', '/api/hubspot/x', null, 200])).toThrow();
		expect(() => ApiCall.parse([...call('CONNECTED'), 'extra'])).toThrow();
		expect(() => CallsFile.parse({ [bp.id]: [call('CONNECTED')] })).not.toThrow();
	});
});

describe('replayCalls', () => {
	it('the task’s change passes with score 1; the same calls again give byte-identical exports', async () => {
		const a = await replayCalls(ctx, bp, [call('CONNECTED')]);
		expect(a.statusMismatches).toEqual([]);
		expect(a.finalSha).not.toBe(a.initialSha);
		expect(await verdictOf(a)).toMatchObject({ passed: true, score: 1 });
		const b = await replayCalls(ctx, bp, [call('CONNECTED')]);
		expect(b.initialSha).toBe(a.initialSha);
		expect(b.finalSha).toBe(a.finalSha);
		expect(b.finalText === a.finalText).toBe(true);
	});

	it('no calls leave the initial state; another value leaves another state that fails; a refused call is a status mismatch', async () => {
		const right = await replayCalls(ctx, bp, [call('CONNECTED')]);
		const none = await replayCalls(ctx, bp, []);
		expect(none.finalSha).toBe(none.initialSha);
		expect(none.initialSha).toBe(right.initialSha);
		const wrong = await replayCalls(ctx, bp, [call('ATTEMPTED_TO_CONTACT')]);
		expect(wrong.finalSha).not.toBe(right.finalSha);
		expect((await verdictOf(wrong)).passed).toBe(false);
		const refused = await replayCalls(ctx, bp, [call('NOT_A_STATUS')]);
		expect(refused.statusMismatches).toEqual([expect.stringMatching(/^#0 PATCH \/api\/hubspot\/crm\/v3\/objects\/contacts\/990001: 400, recorded 200$/)]);
		expect(refused.finalSha).toBe(refused.initialSha);
	});
});
