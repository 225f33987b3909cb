import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { worldFor } from '../../seeds';
import { World } from '../../seeds/world';
import type { RunInit } from '../types';
import { SalesNavDb } from './db';
import { createSalesNavGym } from './index';
import { danglingRefs, futureOk, worldRefs } from './integrity';
import { ALERT_TYPES, INMAIL_STATUSES, Lead, SALESNAV_KEYS, SALESNAV_TABLE_NAMES, SalesNavState, SavedSearch } from './schema';
import { currentSeatUserId, initialState, leadIdFor, project } from './seed';
import { timestamps, undescribed } from '../schema-check';

const world = worldFor(1);
const tables = project(world);
const init = (fixtures?: unknown, run_id = 'r1'): RunInit => ({ run_id, task_id: null, seed: 1, clock: world.epoch, fixtures });
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

describe('salesnav schema', () => {
	it('describes every field (format, unit)', () => {
		expect(undescribed(SalesNavState)).toEqual([]);
	});

	it('accepts every projected row (already canonical) and rejects typos, bad enums and bad ids', () => {
		expect(JSON.stringify(SalesNavState.parse(tables))).toBe(JSON.stringify(tables));
		const lead = clone(tables.leads[0]!);
		expect(Lead.safeParse({ ...lead, degre: '1st' }).error?.issues[0]?.message).toMatch(/Unrecognized key: "degre"/);
		expect(Lead.safeParse({ ...lead, degree: 'first' }).error?.issues[0]?.path).toEqual(['degree']);
		expect(Lead.safeParse({ ...lead, seniority: 'VP' }).error?.issues[0]?.path).toEqual(['seniority']);
		expect(Lead.safeParse({ ...lead, leadId: 'urn:li:123' }).error?.issues[0]?.path).toEqual(['leadId']);
		const search = clone(tables.savedSearches[0]!);
		expect(SavedSearch.safeParse({ ...search, filters: [{ type: 'SENIORITY', values: [] }] }).success).toBe(false);
	});
});

describe('salesnav projection', () => {
	it('is deterministic: the same world (a separate parse) gives byte-identical JSON, whatever the host time zone', () => {
		const tz = process.env.TZ;
		process.env.TZ = 'Pacific/Kiritimati'; // UTC+14: any local-time leak would shift dates
		let again: typeof tables;
		try {
			again = project(World.parse(clone(world)));
		} finally {
			if (tz === undefined) delete process.env.TZ;
			else process.env.TZ = tz;
		}
		expect(again).not.toBe(tables);
		expect(JSON.stringify(again)).toBe(JSON.stringify(tables));
	});

	it('has every person as a lead and every company as an account, with the spec’s variety', () => {
		expect(tables.leads).toHaveLength(world.people.length);
		expect(tables.accounts).toHaveLength(world.companies.length);
		expect(new Set(tables.leads.map((l) => l.leadId)).size).toBe(tables.leads.length);
		expect(tables.seats).toHaveLength(world.users.length);
		expect(tables.seats.filter((s) => s.isCurrentUser).map((s) => s.id)).toEqual([currentSeatUserId(world)]);
		expect(tables.seats.some((s) => s.inmailBalance === 0)).toBe(true);
		expect(tables.seats.some((s) => !s.teamLinkEnabled)).toBe(true);
		for (const d of ['1st', '2nd', '3rd', 'out_of_network'] as const)
			expect(
				tables.leads.some((l) => l.degree === d),
				d
			).toBe(true);
		expect(tables.leads.filter((l) => l.teamLinkPaths.length).length).toBeGreaterThan(100);
		for (const k of [
			'changedJobs90d',
			'posted30d',
			'mentionedInNews30d',
			'followsYourCompany',
			'viewedYourProfile',
			'leftAccount',
			'openProfile',
			'saved'
		] as const) {
			expect(
				tables.leads.some((l) => l[k]),
				k
			).toBe(true);
		}
		expect(tables.leads.some((l) => l.invitationSentAt !== null)).toBe(true);
		expect(tables.accounts.some((a) => a.relationshipMap.length > 0)).toBe(true);
		expect(new Set(tables.leadLists.map((l) => l.ownerSeatId)).size).toBeGreaterThanOrEqual(8);
		expect(tables.leadLists.some((l) => l.sharedWith.length > 0)).toBe(true);
		expect(new Set(tables.savedSearches.map((s) => s.type))).toEqual(new Set(['lead', 'account']));
		expect(tables.savedSearches.some((s) => s.filters.some((f) => f.values.some((v) => v.selectionType === 'EXCLUDED')))).toBe(true);
		for (const t of ALERT_TYPES)
			expect(
				tables.alerts.some((a) => a.type === t),
				t
			).toBe(true);
		for (const s of INMAIL_STATUSES)
			expect(
				tables.inmailThreads.some((t) => t.inmailStatus === s),
				s
			).toBe(true);
		expect(tables.notes.some((n) => n.leadId) && tables.notes.some((n) => n.accountId)).toBe(true);
	});

	it('every reference and list membership resolves, and a broken one is reported', () => {
		expect(danglingRefs(tables)).toEqual([]);
		const list = tables.leadLists[0]!;
		const broken = { ...tables, leadLists: [{ ...list, memberIds: [...list.memberIds, leadIdFor('999999')] }, ...tables.leadLists.slice(1)] };
		expect(danglingRefs(broken)).toEqual([`leadLists/${list.id} memberIds.${list.memberIds.length} → leads/${leadIdFor('999999')}`]);
		const dropped = { ...tables, leadLists: tables.leadLists.slice(1) };
		expect(danglingRefs(dropped).some((d) => d.endsWith(`→ leadLists/${list.id}`))).toBe(true);
	});

	it('agrees with the world: current company and title (job changers show the NEW company), join keys', () => {
		const leads = new Map(tables.leads.map((l) => [l.leadId, l]));
		const domains = new Map(world.companies.map((c) => [c.id, c.domain]));
		for (const p of world.people) {
			const l = leads.get(leadIdFor(p.id))!;
			expect(l.linkedInUrl).toBe(p.linkedinUrl);
			expect(l.accountId).toBe(p.companyId);
			expect(l.currentTitle).toBe(p.title);
		}
		for (const a of world.anomalies.filter((x) => x.kind === 'job_changer')) {
			const p = world.people.find((x) => x.id === a.personIds[0])!;
			const l = leads.get(leadIdFor(p.id))!;
			expect(l.accountId, a.id).toBe(p.companyId);
			expect(l.pastPositions[0]?.accountId, a.id).toBe(p.previous!.companyId);
		}
		const refs = worldRefs(tables);
		for (const r of refs.filter((x) => x.kind === 'company')) expect(r.domain).toBe(domains.get(r.id));
		expect(
			refs
				.filter((r) => r.kind === 'user')
				.map((r) => r.email)
				.sort()
		).toEqual(world.users.map((u) => u.email.toLowerCase()).sort());
		const flagged = tables.leads.filter((l) => l.leftAccount);
		expect(flagged.every((l) => l.saved && l.pastPositions.length === 1)).toBe(true);
	});

	it('no timestamp lies after the epoch except the next InMail grant', () => {
		const late: string[] = [];
		for (const t of SALESNAV_TABLE_NAMES) {
			for (const row of tables[t] as unknown as Record<string, unknown>[]) {
				for (const [path, v] of timestamps(row))
					if (v > world.epoch && !futureOk(t, row, path)) late.push(`${t}/${String(row[SALESNAV_KEYS[t]])} ${path} ${v}`);
			}
		}
		expect(late).toEqual([]);
		expect(tables.seats[0]!.inmailCreditsRenewAt).toBe('2026-04-01T00:00:00.000Z');
	});
});

describe('salesnav fixtures', () => {
	it('adds rows by key, moves next_ids, rejects bad rows and dangling references with the path', () => {
		const list = { ...clone(tables.leadLists[0]!), id: '990001', name: 'Fixture list', memberIds: [] };
		const { tables: t, next_ids } = initialState(init({ leadLists: [list] }));
		expect((t.leadLists as { id: string }[]).at(-1)!.id).toBe('990001');
		expect(next_ids.leadLists).toBe(990002);
		expect(next_ids.alerts).toBe(Number(tables.alerts.at(-1)!.id) + 1);
		expect(() => initialState(init({ leadLists: [{ ...list, owner: '1001' }] }))).toThrow(/^fixtures\.salesnav\.leadLists\.0: Unrecognized key: "owner"/);
		expect(() => initialState(init({ leadLists: [{ ...list, memberIds: [leadIdFor('999999')] }] }))).toThrow(
			`fixtures.salesnav.leadLists[0].memberIds.0: leads ${leadIdFor('999999')} does not exist`
		);
	});
});

describe('salesnav gym lifecycle (fake-indexeddb)', () => {
	it('reset → export equals initialTables; a change is undone by the next reset; import round-trips; bad import writes nothing', async () => {
		const db = new SalesNavDb('salesnav-spec-1');
		const gym = createSalesNavGym(db);
		const counts = await gym.reset(init());
		expect(counts.leads).toBe(world.people.length);
		const exp = await gym.exportState();
		expect(exp.tables).toEqual(await gym.initialTables(init()));
		expect(JSON.stringify(exp.tables.alerts)).toBe(JSON.stringify(tables.alerts));
		const lead = clone(tables.leads[0]!);
		lead.saved = !lead.saved;
		await db.transaction('rw', db.leads, () => db.leads.put(lead));
		await gym.reset(init(undefined, 'r2'));
		expect((await gym.exportState()).tables).toEqual(exp.tables);

		const changed = clone(exp);
		changed.tables.notes = [];
		await gym.importState(changed);
		expect(JSON.stringify(await gym.exportState())).toBe(JSON.stringify(changed));
		const bad = clone(exp);
		(bad.tables.seats![0] as { inmailBalance: number }).inmailBalance = 151;
		await expect(gym.importState(bad)).rejects.toThrow(/^gyms\.salesnav: tables\.seats\.0\.inmailBalance: /);
		const dangling = clone(exp);
		dangling.tables.accounts = [];
		await expect(gym.importState(dangling)).rejects.toThrow(/a reference does not resolve/);
		expect(JSON.stringify(await gym.exportState())).toBe(JSON.stringify(changed));
	});

	it('answers every API request with a JSON 404', async () => {
		const gym = createSalesNavGym(new SalesNavDb('salesnav-spec-2'));
		expect(await gym.handle({ method: 'POST', path: '/sn/leads/search', query: new URLSearchParams(), body: {} })).toEqual({
			status: 404,
			body: { status: 404, serviceErrorCode: 0, code: 'NOT_FOUND', message: 'No route matches POST /sn/leads/search' }
		});
	});
});
