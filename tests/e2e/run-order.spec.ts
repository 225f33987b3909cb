/**
 * Run-wide order in the real browser: two gyms (Sales Navigator and HubSpot), each with its own IndexedDB database,
 * served by one Service Worker. The verifier's `$events` carry `run_seq`, so an inline assertion can say "the
 * Sales Navigator list write came before the HubSpot create", although both gyms' virtual clocks read the same
 * time (the old (at, gym, seq) order would put hubspot first every time), and it survives a Service Worker restart.
 */
import type { Page } from '@playwright/test';
import { pageFetch } from '../../harness/page';
import { expect, test } from './fixtures';
import { stopServiceWorker } from './journal';

/** A parsed JSON answer body (vendor shapes). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** One API call from the page (through the SW). @returns status and parsed JSON body. */
async function api(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: Json }> {
	const res = await pageFetch(page, { method, path, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
	return { status: res.status, json: res.text ? JSON.parse(res.text) : null };
}

/** Saves one lead (found in another lead list) to the first lead list of the acting seat. */
async function saveLeadToList(page: Page): Promise<string> {
	const lists = (await api(page, 'GET', '/api/salesnav/lists')).json.elements as { id: string; type: string; memberIds: string[] }[];
	const leadLists = lists.filter((l) => l.type === 'LEAD');
	const target = leadLists[0]!;
	const lead = leadLists.flatMap((l) => l.memberIds).find((m) => !target.memberIds.includes(m))!;
	const res = await api(page, 'POST', `/api/salesnav/lists/${target.id}/entries`, { leadIds: [lead] });
	expect(res.status).toBe(200);
	expect(res.json.added).toBe(1);
	return target.id;
}

async function createContact(page: Page, email: string): Promise<string> {
	const res = await api(page, 'POST', '/api/hubspot/crm/v3/objects/contacts', { properties: { email, firstname: 'Order' } });
	expect(res.status).toBe(201);
	return res.json.id as string;
}

const first = (gym: string, entity: string) => `($events | map(select(.gym == "${gym}" and .entity == "${entity}")) | first | .run_seq)`;
const ASSERTIONS = [
	{
		id: 'salesnav-first',
		description: 'the salesnav list write came before the hubspot create',
		query: `${first('salesnav', 'leadLists')} < ${first('hubspot', 'contacts')}`,
		op: 'truthy'
	},
	{
		id: 'same-clock',
		description: 'both gyms logged the same virtual time (the clock cannot tell the order)',
		query: '[$events[].at] | unique | length',
		op: 'eq',
		expected: 1
	},
	{ id: 'all-numbered', description: 'every event carries a run_seq', query: '[$events[] | .run_seq | numbers] | length == ($events | length)', op: 'truthy' }
];

test('$events order by run_seq across gyms: salesnav then hubspot passes; the other order fails', async ({ gym }) => {
	// Two sandbox resets (every gym bulk-loaded) and a whole-state import: over 60 s with two workers on two cores.
	test.setTimeout(120_000);
	await gym.open('/');
	await gym.reset({ run_id: 'order-1' });
	const list = await saveLeadToList(gym.page);
	const contact = await createContact(gym.page, 'order.first@example.com');
	const ok = await gym.verify({ run_id: 'order-1', assertions: ASSERTIONS });
	expect(ok.assertions.map((a) => [a.id, a.passed])).toEqual([
		['salesnav-first', true],
		['same-clock', true],
		['all-numbered', true]
	]);
	expect(ok.passed).toBe(true);
	const state = JSON.parse(await gym.exportState()) as {
		version: number;
		events: { gym: string; entity: string; id: string; run_seq: number }[];
		meta: Record<string, { run_seq: number; actor: string }>;
	};
	expect(state.version).toBe(2);
	expect(state.events.map((e) => [e.run_seq, e.gym, e.entity, e.entity === 'leads' ? 'lead' : e.id])).toEqual([
		[1, 'salesnav', 'leadLists', list],
		[2, 'salesnav', 'leads', 'lead'],
		[3, 'hubspot', 'contacts', contact]
	]);
	expect([state.meta.salesnav!.run_seq, state.meta.hubspot!.run_seq, state.meta.hubspot!.actor]).toEqual([2, 3, '1001']);

	// A second run doing the two in the other order: the same assertion fails, its reverse passes.
	await gym.reset({ run_id: 'order-2' });
	await createContact(gym.page, 'order.second@example.com');
	await saveLeadToList(gym.page);
	const reverse = {
		...ASSERTIONS[0]!,
		id: 'hubspot-first',
		description: 'the hubspot create came before the salesnav list write',
		query: `${first('hubspot', 'contacts')} < ${first('salesnav', 'leadLists')}`
	};
	const bad = await gym.verify({ run_id: 'order-2', assertions: [ASSERTIONS[0]!, reverse] });
	expect(bad.assertions.map((a) => [a.id, a.passed])).toEqual([
		['salesnav-first', false],
		['hubspot-first', true]
	]);
	expect(bad.passed).toBe(false);

	// PUT /__salesgym/state of the export works, and the run-wide order continues after it.
	const exported = await gym.exportState();
	await gym.importState(exported);
	await createContact(gym.page, 'order.third@example.com');
	const after = JSON.parse(await gym.exportState()) as { events: { run_seq: number; gym: string }[] };
	expect(after.events.map((e) => [e.run_seq, e.gym])).toEqual([
		[1, 'hubspot'],
		[2, 'salesnav'],
		[3, 'salesnav'],
		[4, 'hubspot']
	]);
});

test('after the Service Worker is stopped, the run-wide order continues from the gyms’ metas (no number repeats)', async ({ gym }) => {
	await gym.open('/');
	await gym.reset({ run_id: 'order-restart' });
	await saveLeadToList(gym.page);
	const status = await stopServiceWorker(gym.page);
	await createContact(gym.page, 'order.restart@example.com');
	expect(status()).toBe('running');
	const state = JSON.parse(await gym.exportState()) as { events: { run_seq: number; gym: string }[] };
	expect(state.events.map((e) => [e.run_seq, e.gym])).toEqual([
		[1, 'salesnav'],
		[2, 'salesnav'],
		[3, 'hubspot']
	]);
	expect((await gym.verify({ run_id: 'order-restart', assertions: [ASSERTIONS[0]!] })).passed).toBe(true);
});
