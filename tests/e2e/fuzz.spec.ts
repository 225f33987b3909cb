/**
 * A short in-browser pass of the API fuzzer (harness/fuzz.ts): random and malformed calls generated from each
 * gym's route table go through the real Service Worker (`fetch` from a page it controls), so the answer is the
 * one a client gets, built by the SW's `new Response`. Never a 5xx, never a network error, and the export still
 * re-imports to the same hash.
 */
import { execFileSync } from 'node:child_process';
import { pageFetch } from '../../harness/page';
import { expect, test } from './fixtures';

const CALLS = 150;

test('fuzz through the Service Worker: never a 5xx, the export re-imports unchanged', async ({ gym }) => {
	test.setTimeout(180_000);
	await gym.open('/hubspot/contacts');
	await gym.reset({ run_id: 'fuzz-browser' });
	const doc = JSON.parse(await gym.exportState()) as { gyms: Record<string, unknown> };
	// The gyms' modules load in tsx, not in Playwright's loader: the generator runs there (ids of seed 1).
	const emitted = JSON.parse(
		execFileSync('npx', ['tsx', 'harness/fuzz.ts', '--emit', String(CALLS), '--seed', '3'], { encoding: 'utf8', maxBuffer: 1 << 28 })
	) as Record<string, { method: string; path: string; query: string; body: string | null }[]>;
	const failures: string[] = [];
	const statuses: Record<number, number> = {};
	for (const [name, calls] of Object.entries(emitted)) {
		if (!(name in doc.gyms)) continue;
		const g = { name };
		const results = await gym.page.evaluate(
			async ({ calls, base }) => {
				const out: { status: number; error?: string }[] = [];
				for (const c of calls) {
					try {
						const res = await fetch(`${base}${c.path}${c.query ? `?${c.query}` : ''}`, {
							method: c.method,
							...(c.body !== null && c.method !== 'GET' ? { body: c.body, headers: { 'content-type': 'application/json' } } : {}),
							signal: AbortSignal.timeout(10_000)
						});
						await res.text();
						out.push({ status: res.status });
					} catch (e) {
						out.push({ status: 0, error: String(e) });
					}
				}
				return out;
			},
			{ calls, base: `/api/${g.name}` }
		);
		results.forEach((r, i) => {
			statuses[r.status] = (statuses[r.status] ?? 0) + 1;
			if (r.status === 0 || r.status >= 500) failures.push(`${g.name} ${calls[i]!.method} ${calls[i]!.path}: ${r.status} ${r.error ?? ''}`);
		});
	}
	test.info().annotations.push({ type: 'statuses', description: JSON.stringify(statuses) });
	expect(failures).toEqual([]);
	const text = await gym.exportState();
	await gym.importState(text);
	expect(await gym.exportState()).toBe(text);
	expect((await pageFetch(gym.page, { method: 'GET', path: '/api/hubspot/crm/v3/objects/contacts?limit=1' })).status).toBe(200);
});
