import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blueprintHash, exportDataset, readDataset } from './dataset';
import { loadBlueprints } from './blueprints';
import { writeTrajectory } from './trajectory';

const TASK = loadBlueprints().find((b) => b.id === 'hubspot/update-lead-status-v1')!;
const PNG = (n: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.from(`frame ${n}`)]).toString('base64');
const obs = (n: number, shot: boolean) => ({
	url: `http://x/hubspot/contacts/${n}`,
	title: `T${n}`,
	axtree: `- button "B${n}" [id=e0000000${n}]`,
	prompt: TASK.prompt,
	tabs: [{ index: 0, url: `http://x/${n}`, title: `T${n}`, active: true }],
	viewport: { width: 1280, height: 800, device_scale_factor: 1 },
	marks: [{ id: `e0000000${n}`, role: 'button', name: `B${n}`, x: n, y: 2, width: 3, height: 4, in_viewport: true, hittable: true, disabled: false }],
	...(shot ? { screenshot: PNG(n) } : {})
});

/** A trajectory as the runner writes it: episode, reset, steps, result. */
function lines(runId: string, shot: boolean) {
	return [
		{
			type: 'episode',
			task_id: TASK.id,
			agent: 'pixel-oracle',
			attempt: 0,
			run_id: runId,
			max_steps: 50,
			reward_mode: 'binary',
			started_at: '2026-01-01T00:00:00.000Z'
		},
		{ type: 'reset', url: 'http://x/0', observation_digest: 'd0', ms: 900, seed: 1, clock: '2026-03-02T09:00:00.000Z', observation: obs(0, shot) },
		{
			type: 'step',
			step: 1,
			action: { click: { x: 5, y: 6 } },
			error: null,
			reward: 0,
			terminated: false,
			truncated: false,
			url: 'u',
			observation_digest: 'd1',
			agent_ms: 3,
			ms: 40,
			observation: obs(1, shot)
		},
		{
			type: 'step',
			step: 2,
			action: { done: {} },
			error: 'x',
			reward: 1,
			terminated: true,
			truncated: false,
			url: 'u',
			observation_digest: 'd2',
			agent_ms: 1,
			ms: 50,
			observation: obs(2, shot)
		},
		{
			type: 'result',
			passed: true,
			score: 1,
			reward: 1,
			steps: 2,
			terminated: true,
			truncated: false,
			first_failing_step: null,
			agent_error: null,
			ms: 1200,
			verify: { passed: true, score: 1, assertions: [] }
		}
	];
}

describe('trajectories → dataset → reader', () => {
	it('writes screenshots as PNG files beside the JSONL, and both layouts round-trip every step', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'salesgym-traj-'));
		const original = lines('run-a', true);
		await writeTrajectory(join(dir, 'hubspot__update-lead-status-v1__0.jsonl'), original);
		await writeTrajectory(join(dir, 'hubspot__update-lead-status-v1__1.jsonl'), lines('run-b', false));
		await writeTrajectory(join(dir, 'broken__0.jsonl'), [{ type: 'infra_error', try: 0, message: 'browser gone' }]);
		const written = readFileSync(join(dir, 'hubspot__update-lead-status-v1__0.jsonl'), 'utf8')
			.trim()
			.split('\n')
			.map((l) => JSON.parse(l));
		expect(written[2].observation.screenshot).toBe('hubspot__update-lead-status-v1__0/step-0001.png');
		expect(readFileSync(join(dir, 'hubspot__update-lead-status-v1__0', 'step-0001.png'))).toEqual(Buffer.from(PNG(1), 'base64'));
		expect(original[2]).toMatchObject({ observation: { screenshot: PNG(1) } }); // the lines given are not changed

		for (const format of ['jsonl', 'parquet-ready'] as const) {
			const out = mkdtempSync(join(tmpdir(), `salesgym-ds-${format}-`));
			const r = exportDataset({ inputs: [dir], out, format });
			expect(r).toMatchObject({ episodes: 2, steps: 6, skipped: [{ file: join(dir, 'broken__0.jsonl') }] });
			const { manifest, episodes } = readDataset(out);
			expect(manifest).toMatchObject({
				format: 'salesgym.dataset',
				layout: format,
				agents: ['pixel-oracle'],
				tasks: [{ task_id: TASK.id, blueprint_hash: blueprintHash(TASK), seeds: [1], episodes: 2 }],
				versions: { node: process.version }
			});
			expect(episodes.map((e) => [e.episode_id, e.passed, e.seed, e.blueprint_hash])).toEqual([
				['run-a', true, 1, blueprintHash(TASK)],
				['run-b', true, 1, blueprintHash(TASK)]
			]);
			const a = episodes[0]!;
			expect(a.verify).toEqual({ passed: true, score: 1, assertions: [] });
			// Every step comes back with its action, result, timings and full observation; screenshots byte for byte.
			const src = original.filter((l) => l.type === 'reset' || l.type === 'step') as {
				type: string;
				action?: unknown;
				error?: unknown;
				ms: number;
				observation: ReturnType<typeof obs>;
			}[];
			expect(a.steps_list.map((s) => s.step)).toEqual([0, 1, 2]);
			a.steps_list.forEach((s, i) => {
				const l = src[i]!;
				expect(s.action).toEqual(l.type === 'reset' ? null : l.action);
				expect(s.error).toEqual(l.type === 'reset' ? null : l.error);
				expect(s.ms).toBe(l.ms);
				const { screenshot, ...rest } = l.observation;
				const { screenshot: path, ...got } = s.observation;
				expect(got).toEqual(rest);
				expect(readFileSync(path as string)).toEqual(Buffer.from(screenshot!, 'base64'));
			});
			expect(episodes[1]!.steps_list[1]!.observation.screenshot).toBeUndefined();
			expect(existsSync(join(out, 'schema.json'))).toBe(format === 'parquet-ready');
			if (format === 'parquet-ready') {
				const schema = JSON.parse(readFileSync(join(out, 'schema.json'), 'utf8')) as { steps: Record<string, string> };
				for (const row of readFileSync(join(out, 'steps.jsonl'), 'utf8')
					.trim()
					.split('\n')
					.map((l) => JSON.parse(l) as Record<string, unknown>)) {
					expect(Object.keys(row)).toEqual(Object.keys(schema.steps));
					for (const v of Object.values(row)) expect(v === null || typeof v !== 'object').toBe(true);
				}
			}
		}
	});
});
