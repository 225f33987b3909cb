/**
 * Calendly importState: the values the API would refuse (integrity.ts `valueIssues`) are refused naming the path,
 * and nothing is written (the export is byte-identical).
 */
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { worldFor } from '../../seeds';
import type { GymExport } from '../types';
import { CalendlyDb } from './db';
import { createCalendlyGym } from './index';
import type { Invitee, ScheduledEvent, User, WebhookSubscription } from './schema';

const gym = createCalendlyGym(new CalendlyDb('calendly-import-spec'));
const world = worldFor(1);

beforeAll(async () => {
	await gym.reset({ run_id: 'calendly-import', task_id: null, seed: 1, clock: world.epoch });
});

/** Imports `bad` and expects the refusal `message`, with the export unchanged. */
async function refused(bad: GymExport, message: string): Promise<void> {
	const before = JSON.stringify(await gym.exportState());
	await expect(gym.importState(bad)).rejects.toThrow(message);
	expect(JSON.stringify(await gym.exportState())).toBe(before);
}

describe('Calendly importState: values the API refuses', () => {
	it('an active invitee beyond its meeting’s seats is refused, and nothing is written', async () => {
		const bad = structuredClone(await gym.exportState());
		const invitees = bad.tables.invitees as Invitee[];
		const events = new Map((bad.tables.scheduled_events as ScheduledEvent[]).map((e) => [e.uri, e]));
		const i = invitees.findIndex((inv) => inv.status === 'active' && events.get(inv.event)?.invitees_counter.limit === 1);
		expect(i).toBeGreaterThanOrEqual(0);
		invitees.push({ ...structuredClone(invitees[i]!), uri: `${invitees[i]!.uri.slice(0, -12)}ffffffffffff`, email: 'second.seat@example.com' });
		await refused(bad, `gyms.calendly: tables.invitees.${invitees.length - 1}.status: ${invitees[i]!.event} has 1 seat(s), all taken`);
	});

	it('two webhook subscriptions of one organization and user with one URL are refused (409 "Hook with this url already exists")', async () => {
		const me = (await gym.handle({ method: 'GET', path: '/users/me', query: new URLSearchParams(), body: undefined })).body as { resource: User };
		const res = await gym.handle({
			method: 'POST',
			path: '/webhook_subscriptions',
			query: new URLSearchParams(),
			body: {
				url: 'https://hooks.example.com/calendly',
				events: ['invitee.created'],
				organization: me.resource.current_organization,
				scope: 'user',
				user: me.resource.uri
			}
		});
		expect(res.status).toBe(201);
		const bad = structuredClone(await gym.exportState());
		const hooks = bad.tables.webhook_subscriptions as WebhookSubscription[];
		hooks.push({ ...structuredClone(hooks[0]!), uri: `${hooks[0]!.uri.slice(0, -12)}ffffffffffff` });
		await refused(bad, `gyms.calendly: tables.webhook_subscriptions.${hooks.length - 1}.callback_url: Hook with this url already exists`);
	});
});
