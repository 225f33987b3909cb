import 'fake-indexeddb/auto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blueprints } from '../blueprints/registry';
import { createHubSpotGym } from '../gyms/hubspot';
import { HubSpotDb } from '../gyms/hubspot/db';
import { shippedSeeds } from '../gyms/registry';
import { exportRun, initRun, type RunContext } from '../sw/run';
import { splitExport } from '../verifier/merge';
import type { StateExportDoc } from '../verifier/schema';
import { main } from './cli';
import { InfrastructureError, UsageError } from './errors';
import { evaluateInThread, parseVerifyCli } from './verify-cli';

const TASK = 'hubspot/inbound-demo-request-v1';
const CONTACTS = '/crm/v3/objects/contacts';
const dir = mkdtempSync(join(tmpdir(), 'salesgym-verify-'));
let fresh: StateExportDoc;
let done: StateExportDoc;

async function exportOf(oracle: boolean): Promise<StateExportDoc> {
	const c: RunContext = { gyms: [createHubSpotGym(new HubSpotDb(`cli-${oracle}`))], blueprints: blueprints(), seeds: shippedSeeds() };
	await initRun(c, { task_id: TASK, run_id: 'cli-1' });
	if (oracle) {
		const hub = c.gyms[0]!;
		const props = {
			email: 'priya.raman@helixbio.com',
			firstname: 'Priya',
			lastname: 'Raman',
			company: 'Helix Biotech',
			jobtitle: 'Director of Revenue Operations',
			phone: '+1 617 555 0142',
			hubspot_owner_id: '1003'
		};
		const created = await hub.handle({ method: 'POST', path: CONTACTS, query: new URLSearchParams(), body: { properties: props } });
		const id = (created.body as { id: string }).id;
		await hub.handle({
			method: 'PATCH',
			path: `${CONTACTS}/${id}`,
			query: new URLSearchParams(),
			body: { properties: { lifecyclestage: 'salesqualifiedlead', hs_lead_status: 'IN_PROGRESS' } }
		});
	}
	return JSON.parse((await exportRun(c)).json) as StateExportDoc;
}

function file(name: string, content: unknown): string {
	const p = join(dir, name);
	writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content));
	return p;
}

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
	let out = '';
	let err = '';
	const code = await main(['verify', ...argv], { out: (t) => void (out += t), err: (t) => void (err += t) });
	return { code, out, err };
}

beforeAll(async () => {
	fresh = await exportOf(false);
	done = await exportOf(true);
});

describe('salesgym verify', () => {
	it('exit 0 and the verdict JSON for a passing export; exit 1 for a failing one', async () => {
		const pass = await cli('--task', TASK, '--state', file('done.json', done));
		expect(pass.code).toBe(0);
		expect(JSON.parse(pass.out)).toMatchObject({ run_id: 'cli-1', task_id: TASK, passed: true, score: 1 });
		expect(pass.err).toContain('passed (score 1.00)');
		const failing = await cli('--task', TASK, '--state', file('fresh.json', fresh));
		expect(failing.code).toBe(1);
		expect(JSON.parse(failing.out)).toMatchObject({ passed: false, first_failing_step: 0 });
		expect(failing.err).toContain('failing: contact-created-once');
	});

	it('a bare {gym: {table: rows}} state works too', async () => {
		expect((await cli('--task', TASK, '--state', file('bare.json', done.gyms))).code).toBe(0);
	});

	it('exit 2 with a clear message for bad input', async () => {
		const cases: [string[], string][] = [
			[['--state', file('x.json', done)], '--task is required'],
			[['--task', TASK], 'give --state FILE or --from URL'],
			[['--task', 'nope/x-v1', '--state', file('x.json', done)], 'unknown task "nope/x-v1"'],
			[['--task', TASK, '--state', join(dir, 'missing.json')], 'no such file'],
			[['--task', TASK, '--state', file('bad.json', '{"format": ')], 'not valid JSON'],
			[['--task', TASK, '--state', file('typo.json', { ...done, evnets: [] })], 'evnets'],
			[['--task', TASK, '--state', file('gymtypo.json', { hubspt: done.gyms.hubspot })], 'unknown "hubspt"'],
			[['--task', TASK, '--state', file('tabletypo.json', { hubspot: { ...done.gyms.hubspot, contactz: [] } })], 'unknown "hubspot.contactz"'],
			[['--task', TASK, '--state', file('other.json', { ...done, task_id: 'hubspot/other-v1' })], 'is a run of "hubspot/other-v1"'],
			[['--task', TASK, '--state', file('x.json', done), '--events', file('ev.json', [{ seq: 1 }])], 'not an array of events'],
			[['--task', TASK, '--state', file('x.json', done), '--timeout-ms', '0'], '--timeout-ms must be'],
			[['--task', TASK, '--state', file('x.json', done), '--stat', 'x'], "Unknown option '--stat'"]
		];
		for (const [argv, message] of cases) {
			const r = await cli(...argv);
			expect({ argv, code: r.code }).toEqual({ argv, code: 2 });
			expect(r.err).toContain(message);
		}
	});

	it('parses its options', () => {
		expect(parseVerifyCli(['--task', TASK, '--from', 'http://h/state/r/'])).toEqual({
			command: 'verify',
			task: TASK,
			state: undefined,
			initial: undefined,
			events: undefined,
			from: 'http://h/state/r/',
			timeoutMs: 5000
		});
		expect(() => parseVerifyCli(['--task', TASK, '--from', 'ftp://x'])).toThrowError(UsageError);
	});
});

describe('salesgym verify --from (gyms on separate origins)', () => {
	let server: Server;
	let base: string;
	const served = new Map<string, string>();
	beforeAll(async () => {
		server = createServer((req, res) => {
			const body = served.get(req.url ?? '');
			res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(body ?? '{"status":"error"}');
		});
		await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
		base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/state/cli-1/`;
	});
	afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

	it("fetches <url><gym>.json for the task's platforms: same verdict as the file", async () => {
		served.set('/state/cli-1/hubspot.json', JSON.stringify(splitExport(done)[0]));
		const viaUrl = await cli('--task', TASK, '--from', base);
		const viaFile = await cli('--task', TASK, '--state', file('done.json', done));
		expect(viaUrl.code).toBe(0);
		const strip = (t: string) => JSON.stringify({ ...JSON.parse(t), ms: 0, assertions: JSON.parse(t).assertions.map((a: object) => ({ ...a, ms: 0 })) });
		expect(strip(viaUrl.out)).toBe(strip(viaFile.out));
	});

	it('exit 3 when the store does not answer', async () => {
		served.clear();
		const r = await cli('--task', TASK, '--from', base);
		expect(r.code).toBe(3);
		expect(r.err).toContain('hubspot.json answered 404');
	});
});

describe('time bound in Node', () => {
	it('a runaway query is stopped after the bound: an infrastructure error, not a verdict', async () => {
		const runaway = {
			id: 'loop',
			description: 'd',
			query: 'reduce range(1e12) as $i (0; . + 1)',
			op: 'exists' as const,
			step: 0,
			platform: 'inline',
			weight: 1,
			gating: true
		};
		const t0 = performance.now();
		await expect(evaluateInThread({ state: '{}' }, [runaway], 300)).rejects.toThrowError(InfrastructureError);
		expect(performance.now() - t0).toBeLessThan(20_000);
		const ok = await evaluateInThread({ state: '{"a":1}' }, [{ ...runaway, query: '.a' }], 5000);
		expect(ok.passed).toBe(true);
	});
});

describe('the real binary (plain Node + tsx, no Vite)', () => {
	it('node harness/salesgym.js verify exits 0/1 and prints the verdict', async () => {
		const { spawnSync } = await import('node:child_process');
		const bin = new URL('./salesgym.js', import.meta.url).pathname;
		const pass = spawnSync(process.execPath, [bin, 'verify', '--task', TASK, '--state', file('done.json', done)], { encoding: 'utf8' });
		expect(pass.stderr).toContain('passed');
		expect(pass.status).toBe(0);
		expect(JSON.parse(pass.stdout).passed).toBe(true);
		const failing = spawnSync(process.execPath, [bin, 'verify', '--task', TASK, '--state', file('fresh.json', fresh)], { encoding: 'utf8' });
		expect(failing.status).toBe(1);
	});
});
