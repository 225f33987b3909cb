/**
 * The Calendly vendor check: it finds a missing field, a type that differs and an enum value the spec does not
 * have; on Calendly's real OpenAPI document (folder in SALESGYM_VENDOR_SPECS, when set) the served contract
 * conforms and every listed exception is really absent from the spec.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CALENDLY_SPEC_FILE, NEWER_THAN_SPEC, checkVendor, compareWithSpec, readSpec } from './vendor-check';

const specDir = process.env.SALESGYM_VENDOR_SPECS;
const hasSpec = !!specDir && existsSync(join(specDir, CALENDLY_SPEC_FILE));

const fakeSpec = {
	paths: { '/users/me': { get: {} }, '/users/{uuid}': { get: {} } },
	components: {
		schemas: {
			User: {
				type: 'object',
				properties: {
					uri: { type: 'string' },
					name: { type: 'integer' },
					email: { type: 'string' },
					scheduling_url: { type: 'string' },
					timezone: { type: 'string' },
					avatar_url: { type: 'string', nullable: true },
					created_at: { type: 'string' },
					updated_at: { type: 'string' },
					current_organization: { type: 'string' }
				}
			},
			InviteeNoShow: { type: 'object', properties: { uri: { type: 'string' }, invitee: { type: 'string' }, created_at: { type: 'string' } } },
			Pagination: {
				type: 'object',
				properties: {
					count: { type: 'number' },
					next_page: { type: 'string' },
					previous_page: { type: 'string' },
					next_page_token: { type: 'string' },
					previous_page_token: { type: 'string' }
				}
			},
			EventTypeAvailableTime: {
				type: 'object',
				properties: {
					status: { type: 'string', enum: ['busy'] },
					invitees_remaining: { type: 'number' },
					start_time: { type: 'string' },
					scheduling_url: { type: 'string' }
				}
			}
		}
	}
};

describe('calendly vendor check', () => {
	it('reports a field missing from the spec, a type that differs and an enum value the spec lacks; integer fits number', () => {
		const { mismatches } = compareWithSpec(fakeSpec);
		const at = (p: string) => mismatches.filter((m) => m.path === p).map((m) => m.message);
		expect(at('users.slug')).toEqual(['not in spec']);
		expect(at('users.name')[0]).toMatch(/type differs: served string, spec integer/);
		expect(at('event_type_available_times.status')[0]).toMatch(/"available" not in the spec's enum/);
		expect(at('invitee_no_shows.uri')).toEqual([]);
		expect(at('pagination.count')).toEqual([]); // served integer, spec number
		expect(mismatches.some((m) => m.path === 'GET /scheduled_events' && m.message === 'endpoint not in spec')).toBe(true);
		expect(mismatches.some((m) => m.path === 'GET /users/me')).toBe(false);
	});

	it('skips with a message when the spec file is absent', async () => {
		const r = await checkVendor('/nonexistent-spec-dir');
		expect(r).toMatchObject({ gym: 'calendly', spec: null, mismatches: [] });
		expect(r.skipped).toMatch(/not found/);
	});

	it.skipIf(!hasSpec)('conforms to Calendly’s OpenAPI; each listed exception is really absent from it', async () => {
		const r = await checkVendor(specDir!);
		expect(r.mismatches).toEqual([]);
		expect(r.endpoints).toBeGreaterThan(20);
		expect(r.fields).toBeGreaterThan(200);
		const { raw } = compareWithSpec(readSpec(specDir!)!.spec);
		for (const path of Object.keys(NEWER_THAN_SPEC)) expect(raw.map((m) => m.path)).toContain(path);
	});
});
