import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { blueprints } from '../blueprints/registry';
import { setupOf, type TaskSetup } from '../blueprints/setups';
import { HubSpotDb } from '../gyms/hubspot/db';
import { createHubSpotGym } from '../gyms/hubspot';
import { shippedSeeds } from '../gyms/registry';
import { InlineTaskDb, InlineTasks } from './inline-task';
import { currentRun, exportRun, initRun, RunError, type RunContext } from './run';

let n = 0;
const SHIPPED = 'hubspot/inbound-demo-request-v1';

function shippedSetup(id: string): TaskSetup {
	return setupOf(blueprints().get(id)!) as TaskSetup;
}

/** A task the bundle does not ship: the shipped one under another id, another clock and prompt. */
function inlineSetup(): TaskSetup {
	return { ...shippedSetup(SHIPPED), id: 't1/inline-demo-s7-v1', clock: '2026-03-04T15:00:00.000Z', prompt: 'An instance made on the fly.' };
}

function ctx(remembered: TaskSetup[] = []): RunContext {
	return {
		gyms: [createHubSpotGym(new HubSpotDb(`test-inline-${n++}`))],
		blueprints: new Map(blueprints()),
		seeds: shippedSeeds(),
		rememberTask: async (t) => void remembered.push(t)
	};
}

describe('inline tasks (POST /__salesgym/run {task})', () => {
	it('resets to an inline task that the bundle does not ship, at its clock, and remembers it', async () => {
		const kept: TaskSetup[] = [];
		const c = ctx(kept);
		const info = await initRun(c, { task: inlineSetup(), run_id: 'in-1' });
		expect(info).toMatchObject({ run_id: 'in-1', task_id: 't1/inline-demo-s7-v1', clock: '2026-03-04T15:00:00.000Z' });
		expect(kept.map((t) => t.id)).toEqual(['t1/inline-demo-s7-v1']);
		expect(c.blueprints.get('t1/inline-demo-s7-v1')).toMatchObject({ prompt: 'An instance made on the fly.' });
		expect(await currentRun(c)).toMatchObject({ task_id: 't1/inline-demo-s7-v1' });
	});

	it('the same setup as a bundled task is that task; a different one under a shipped id is refused (409) and changes nothing', async () => {
		const c = ctx();
		await initRun(c, { task_id: SHIPPED, run_id: 'in-2' });
		const before = (await exportRun(c)).text;
		await expect(initRun(c, { task: shippedSetup(SHIPPED), run_id: 'in-3' })).resolves.toMatchObject({ task_id: SHIPPED });
		await initRun(c, { task_id: SHIPPED, run_id: 'in-2' });
		const changed = { ...shippedSetup(SHIPPED), prompt: 'something else' };
		await expect(initRun(c, { task: changed, run_id: 'in-4' })).rejects.toMatchObject({ status: 409 });
		expect((await exportRun(c)).text).toBe(before);
	});

	it('refuses an invalid setup (400, naming the path) and a task_id that names another task', async () => {
		const c = ctx();
		const bad = { ...inlineSetup(), steps: [] } as unknown as TaskSetup;
		await expect(initRun(c, { task: bad })).rejects.toThrow(/task: .*steps/);
		await expect(initRun(c, { task: { ...inlineSetup(), clock: 'tomorrow' } })).rejects.toThrow(/task: clock/);
		const err = await initRun(c, { task: inlineSetup(), task_id: SHIPPED }).catch((e: unknown) => e);
		expect(err).toBeInstanceOf(RunError);
		expect((err as RunError).status).toBe(400);
		expect(c.blueprints.has('t1/inline-demo-s7-v1')).toBe(false);
	});

	it('the stored inline task outlives the worker: a new worker restores it, a bundled id is never replaced', async () => {
		const db = new InlineTaskDb(`test-inline-db-${n++}`);
		await new InlineTasks(db).remember(inlineSetup());
		const tasks = new Map<string, unknown>(blueprints());
		await new InlineTasks(db).restore(tasks);
		expect(tasks.get('t1/inline-demo-s7-v1')).toMatchObject({ clock: '2026-03-04T15:00:00.000Z' });
		await new InlineTasks(db).remember({ ...shippedSetup(SHIPPED), prompt: 'tampered' });
		const again = new Map<string, unknown>(blueprints());
		await new InlineTasks(db).restore(again);
		expect((again.get(SHIPPED) as TaskSetup).prompt).toBe(shippedSetup(SHIPPED).prompt);
	});
});
