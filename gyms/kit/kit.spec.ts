import 'fake-indexeddb/auto';
import { Dexie, type EntityTable } from 'dexie';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gymExportSchema } from '../export-schema';
import { GYM_STORE_TABLES } from '../store';
import type { ApiRequest, GymEvent, GymExport, RunMeta } from '../types';
import { bodyParser, zodMessage } from './body';
import { defineGym } from './define';
import { fixturePath, mergeFixtureRows, parseFixtures } from './fixtures';
import { compilePath, type ErrorAdapter } from './router';
import { RunOrder } from './run-order';
import { writer } from './write';

/** A toy gym: one table `items {id, name}`, errors `{code, message}`. */
class ToyDb extends Dexie {
	items!: EntityTable<{ id: string; name: string }, 'id'>;
	meta!: EntityTable<RunMeta, 'key'>;
	events!: EntityTable<GymEvent, 'seq'>;
	constructor(name: string) {
		super(name);
		this.version(1).stores({ items: 'id', ...GYM_STORE_TABLES });
	}
}
class ToyError extends Error {
	constructor(
		readonly status: number,
		readonly code: string,
		message: string
	) {
		super(message);
	}
}
const TOY_ERRORS: ErrorAdapter = {
	notFound: (req) => new ToyError(404, 'not_found', `${req.method} ${req.path}`),
	methodNotAllowed: (req) => new ToyError(405, 'method', `${req.method} ${req.path}`),
	badRequest: (m) => new ToyError(400, 'bad', m),
	invalidBody: (e) => new ToyError(422, 'invalid', zodMessage(e)),
	noRun: () => new ToyError(409, 'no_run', 'no run'),
	respond: (err, headers) =>
		err instanceof ToyError
			? { status: err.status, body: { code: err.code, message: err.message }, headers }
			: { status: 500, body: { code: 'internal', message: String(err) }, headers },
	headers: (_req, meta) => ({ 'x-toy-seq': String(meta?.seq ?? -1) })
};
const Item = z.strictObject({ id: z.string().describe('id'), name: z.string().min(1).describe('name') });
const ToyState = z.strictObject({ items: z.array(Item).describe('items') });
const parse = bodyParser(TOY_ERRORS.invalidBody);
const toyWriter = (order: RunOrder) => writer('toy', TOY_ERRORS.noRun, order);

function toyGym(dbName: string, order: RunOrder) {
	const db = new ToyDb(dbName);
	const { stampOf, commit } = toyWriter(order);
	const gym = defineGym({
		name: 'toy',
		db,
		tables: [{ name: 'items' }],
		initial: () => ({ tables: { items: [{ id: '1', name: 'one' }] }, next_ids: { items: 2 } }),
		exportSchema: gymExportSchema('toy', ToyState),
		order,
		errors: TOY_ERRORS,
		routes: [
			{ method: 'GET', path: '/items/{id}', handler: async (d, _req, id) => ({ status: 200, body: { id, item: (await d.items.get(id!)) ?? null } }) },
			{
				method: 'POST',
				path: '/items',
				handler: async (d, req) => {
					const body = parse(z.strictObject({ name: z.string().min(1), fail: z.boolean().optional() }), req.body);
					return d.transaction('rw', [d.items, d.meta, d.events], async () => {
						const stamp = await stampOf(d);
						const id = String(stamp.meta.next_ids.items);
						stamp.meta = { ...stamp.meta, next_ids: { items: Number(id) + 1 } };
						await d.items.put({ id, name: body.name });
						if (body.fail) throw new ToyError(400, 'bad', 'refused after a write');
						await commit(d, stamp, req, 201, 'items', [id]);
						return { status: 201, body: { id } };
					});
				}
			}
		]
	});
	const call = (method: string, path: string, body?: unknown, bodyError?: string) =>
		gym.handle({ method, path, query: new URLSearchParams(), body, ...(bodyError ? { bodyError } : {}) } satisfies ApiRequest);
	return { gym, db, call };
}
const init = (run_id = 'r') => ({ run_id, task_id: null, seed: 1, clock: '2026-03-02T14:30:00.000Z' });

describe('router', () => {
	it('compiles {param} patterns to one segment each and rejects a bad placeholder', () => {
		expect(compilePath('/lists/{listId}/entries').source).toBe('^\\/lists\\/([^/]+)\\/entries$');
		expect(compilePath('/a.b/{x}').test('/a.b/1')).toBe(true);
		expect(compilePath('/a.b/{x}').test('/aXb/1')).toBe(false);
		expect(compilePath('/a/{x}').test('/a/1/2')).toBe(false);
		expect(() => compilePath('/a/{1x}')).toThrow('route /a/{1x}: bad placeholder {1x}');
	});

	it('decodes params; 404 unknown path, 405 wrong method, 400 bad JSON or segment, in the gym envelope with its headers', async () => {
		const { gym, call } = toyGym('kit-router', new RunOrder());
		await gym.reset(init());
		expect(await call('GET', '/items/a%20b')).toEqual({ status: 200, body: { id: 'a b', item: null }, headers: { 'x-toy-seq': '0' } });
		expect(await call('GET', '/nope')).toEqual({ status: 404, body: { code: 'not_found', message: 'GET /nope' }, headers: { 'x-toy-seq': '0' } });
		expect(await call('DELETE', '/items/1')).toEqual({ status: 405, body: { code: 'method', message: 'DELETE /items/1' }, headers: { 'x-toy-seq': '0' } });
		expect((await call('GET', '/items/%E0%A4%A')).body).toEqual({ code: 'bad', message: 'malformed path segment "%E0%A4%A"' });
		expect((await call('POST', '/items', undefined, 'body is not valid JSON')).body).toEqual({ code: 'bad', message: 'body is not valid JSON' });
		expect(await call('POST', '/items', { nam: 'x' })).toMatchObject({
			status: 422,
			body: { code: 'invalid', message: 'name: Invalid input: expected string, received undefined; Unrecognized key: "nam"' }
		});
	});
});

describe('write protocol (kit/write.ts)', () => {
	it('a committed write ticks the clock and logs one event with seq and run_seq; a refused one writes nothing', async () => {
		const { gym, call } = toyGym('kit-write', new RunOrder());
		await gym.reset(init());
		const before = JSON.stringify(await gym.exportState());
		expect((await call('POST', '/items', { name: 'x', fail: true })).status).toBe(400);
		expect(JSON.stringify(await gym.exportState())).toBe(before);
		expect(await call('POST', '/items', { name: 'two' })).toMatchObject({ status: 201, body: { id: '2' } });
		const exp = await gym.exportState();
		expect(exp.meta).toMatchObject({ clock: '2026-03-02T14:30:01.000Z', seq: 1, run_seq: 1, next_ids: { items: 3 } });
		expect(exp.events).toEqual([
			{ seq: 1, run_seq: 1, at: '2026-03-02T14:30:00.000Z', gym: 'toy', method: 'POST', path: '/items', status: 201, entity: 'items', id: '2' }
		]);
		expect(exp.tables.items).toEqual([
			{ id: '1', name: 'one' },
			{ id: '2', name: 'two' }
		]);
	});

	it('a write before any run is the gym’s 409 and writes nothing', async () => {
		const { call, db } = toyGym('kit-norun', new RunOrder());
		expect(await call('POST', '/items', { name: 'x' })).toMatchObject({ status: 409, body: { code: 'no_run' } });
		expect(await db.items.count()).toBe(0);
	});

	it('run_seq is shared by two gyms, starts at 0 on reset, and survives a restart (re-derived from the metas)', async () => {
		const order = new RunOrder();
		const a = toyGym('kit-order-a', order);
		const b = toyGym('kit-order-b', order);
		await Promise.all([a.gym.reset(init()), b.gym.reset(init())]);
		await a.call('POST', '/items', { name: 'a1' });
		await b.call('POST', '/items', { name: 'b1' });
		await a.call('POST', '/items', { name: 'a2' });
		const seqs = async (g: typeof a) => (await g.gym.exportState()).events.map((e) => e.run_seq);
		expect([await seqs(a), await seqs(b)]).toEqual([[1, 3], [2]]);
		// A Service Worker restart: new gym instances over the same databases, a counter that knows nothing yet.
		const fresh = new RunOrder();
		const a2 = toyGym('kit-order-a', fresh);
		const b2 = toyGym('kit-order-b', fresh);
		expect(fresh.peek()).toBeNull();
		await b2.call('POST', '/items', { name: 'b2' });
		await a2.call('POST', '/items', { name: 'a3' });
		expect([await seqs(a2), await seqs(b2)]).toEqual([
			[1, 3, 5],
			[2, 4]
		]);
		expect((await b2.gym.runMeta())?.run_seq).toBe(4);
		// A reset of the run starts the order again.
		await Promise.all([a2.gym.reset(init('r2')), b2.gym.reset(init('r2'))]);
		await b2.call('POST', '/items', { name: 'b3' });
		expect(await seqs(b2)).toEqual([1]);
	});

	it('a restart after a refused write (a burnt number) leaves a gap, never a repeat', async () => {
		const order = new RunOrder();
		const a = toyGym('kit-gap', order);
		await a.gym.reset(init());
		await a.call('POST', '/items', { name: 'x' });
		order.next(); // a number taken by a request whose transaction then aborted
		await a.call('POST', '/items', { name: 'y' });
		expect((await a.gym.exportState()).events.map((e) => e.run_seq)).toEqual([1, 3]);
	});
});

describe('defineGym', () => {
	it('import: validated (strict schema, run_seq ≤ meta.run_seq) before writing; then the order is re-derived', async () => {
		const order = new RunOrder();
		const { gym, call } = toyGym('kit-import', order);
		await gym.reset(init());
		await call('POST', '/items', { name: 'two' });
		const exp = await gym.exportState();
		const bad: GymExport = { ...exp, events: exp.events.map((e) => ({ ...e, run_seq: 9 })) };
		await expect(gym.importState(bad)).rejects.toThrow('gyms.toy: events.0.run_seq: 9 is above meta.run_seq 1');
		await expect(gym.importState({ ...exp, tables: { items: [{ id: '1' }] } })).rejects.toThrow('gyms.toy: tables.items.0.name: ');
		expect(JSON.stringify(await gym.exportState())).toBe(JSON.stringify(exp));
		await gym.importState({ ...exp, meta: { ...exp.meta, run_seq: 40 } });
		expect(order.peek()).toBeNull();
		await call('POST', '/items', { name: 'three' });
		expect((await gym.exportState()).events.map((e) => e.run_seq)).toEqual([1, 41]);
	});

	it('serves the kit route GET /me (the actor of the run, from the seed world)', async () => {
		const { gym, call } = toyGym('kit-me', new RunOrder());
		await gym.reset({ ...init(), actor: '1004' });
		expect(await call('GET', '/me')).toEqual({
			status: 200,
			body: {
				id: '1004',
				email: 'daniel.okafor@salesgym.io',
				firstName: 'Daniel',
				lastName: 'Okafor',
				role: 'ae',
				title: 'Account Executive',
				timeZone: 'Europe/London'
			},
			headers: { 'x-toy-seq': '0' }
		});
		await gym.reset({ ...init(), actor: '1077' });
		expect((await call('GET', '/me')).status).toBe(404);
	});
});

describe('fixture merge (kit/fixtures.ts)', () => {
	const Fx = z.strictObject({ items: z.array(Item).optional() });
	it('writes the zod path in the gym’s style', () => {
		expect(() => parseFixtures('toy', Fx, { items: [{ id: '1' }] }, 'brackets')).toThrow(/^fixtures\.toy\.items\[0\]\.name: /);
		expect(() => parseFixtures('toy', Fx, { items: [{ id: '1' }] }, 'dots')).toThrow(/^fixtures\.toy\.items\.0\.name: /);
		expect(fixturePath('toy', [], 'dots')).toBe('fixtures.toy.');
	});
	it('replaces rows by key in place, appends new ones, indexes the fixture rows, keeps the seed’s table order', () => {
		const base = {
			b: [{ id: '1', v: 0 }],
			a: [
				{ id: '1', v: 0 },
				{ id: '2', v: 0 }
			]
		};
		const m = mergeFixtureRows(
			['a', 'b'],
			base,
			{
				a: [
					{ id: '3', v: 1 },
					{ id: '1', v: 1 }
				]
			},
			(_t, r) => r.id
		);
		expect(Object.keys(m.tables)).toEqual(['b', 'a']);
		expect(m.tables.a).toEqual([
			{ id: '1', v: 1 },
			{ id: '2', v: 0 },
			{ id: '3', v: 1 }
		]);
		expect(m.tables.b).toBe(base.b);
		expect([...m.index]).toEqual([
			['a\u00013', 0],
			['a\u00011', 1]
		]);
		const sorted = mergeFixtureRows(
			['a'],
			base,
			{ a: [{ id: '0', v: 1 }] },
			(_t, r) => r.id,
			() => (x, y) => Number(x.id) - Number(y.id)
		);
		expect(sorted.tables.a!.map((r) => r.id)).toEqual(['0', '1', '2']);
	});
});
