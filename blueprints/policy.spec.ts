import { describe, expect, it } from 'vitest';
import { worldFor } from '../seeds';
import { initialState } from '../gyms/calendly/seed';
import { policyMarkdown, RULES, TEAM } from './policy';

describe('Rules of Engagement', () => {
	it("lists the seed world's team with their real names and zones", () => {
		const users = worldFor(1).users;
		expect(TEAM.map((m) => m.id).sort()).toEqual(users.map((u) => u.id).sort());
		for (const m of TEAM) {
			const u = users.find((x) => x.id === m.id)!;
			expect(`${u.firstName} ${u.lastName}`).toBe(m.name);
			expect(u.timeZone).toBe(m.zone);
		}
	});

	it('numbers the rules R1… in order, and the Markdown carries every clause', () => {
		expect(RULES.map((r) => r.id)).toEqual(RULES.map((_, i) => `R${i + 1}`));
		const md = policyMarkdown();
		for (const r of RULES) for (const c of r.clauses) expect(md).toContain(`- ${c}`);
		for (const m of TEAM) expect(md).toContain(`| ${m.id} | ${m.name} |`);
	});

	it('names only event types that exist in the Calendly seed, active', () => {
		const types = initialState({ seed: 1, fixtures: undefined }).tables.event_types as { name: string; active: boolean }[];
		const quoted = [...policyMarkdown().matchAll(/"([^"]+ \(\d+ min\))"/g)].map((m) => m[1]!);
		expect(quoted.length).toBeGreaterThanOrEqual(3);
		for (const name of quoted)
			expect(
				types.some((t) => t.name === name && t.active),
				name
			).toBe(true);
	});
});
