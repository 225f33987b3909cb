/**
 * The signed-in HubSpot user: `GET /api/hubspot/me` → `{id, email, firstName, lastName, role, title, timeZone}`,
 * the run's acting user (a team member of the seed world, the owner id of "My contacts"). The answer is
 * checked with a strict schema, so a renamed or missing field fails loudly instead of showing a blank menu.
 */
import { z } from 'zod';
import { request, type ApiResult } from './client';

/** The acting user, as `GET /me` answers it. */
export const Me = z.strictObject({
	id: z.string().describe('Team user id; in HubSpot also the owner id, e.g. "1001"'),
	email: z.string().describe('Login email, e.g. maya.patel@salesgym.io'),
	firstName: z.string().describe('Given name'),
	lastName: z.string().describe('Family name'),
	role: z.string().describe('Team role: sdr, ae or manager'),
	title: z.string().describe('Job title, e.g. Account Executive'),
	timeZone: z.string().describe('IANA time zone of the user, e.g. America/New_York')
});
export type Me = z.infer<typeof Me>;

/** Labels of the team roles in the account menu. */
export const ROLE_LABELS: Record<string, string> = { sdr: 'Sales development rep', ae: 'Account executive', manager: 'Sales manager' };

/**
 * Reads the signed-in user.
 * @returns the user, or the API's error (409 before a run exists); a body of another shape is a 200 turned into
 *   an error result with category `VALIDATION_ERROR` naming the bad field.
 */
export async function getMe(): Promise<ApiResult<Me>> {
	const r = await request<unknown>('GET', '/me');
	if (!r.ok) return r;
	const parsed = Me.safeParse(r.data);
	if (parsed.success) return { ok: true, data: parsed.data };
	return {
		ok: false,
		status: 200,
		error: {
			status: 'error',
			message: `GET /me answered an unexpected shape: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
			category: 'VALIDATION_ERROR'
		}
	};
}
