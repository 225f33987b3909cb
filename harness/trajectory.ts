/**
 * Trajectory files on disk: one JSONL per episode (`runner.ts` TrajectoryLine, one JSON object a line) whose
 * `reset` and `step` lines carry the full observation; a screenshot is not inlined but written as a PNG file
 * beside the JSONL, `<name>/step-0003.png` (the reset is step 0), and the line's `observation.screenshot` is
 * that path, relative to the JSONL's folder.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Observation } from './env';

/** An observation as a trajectory holds it: in memory `screenshot` is base64 PNG; on disk, the PNG's relative path. */
export type TrajectoryObservation = Omit<Observation, 'screenshot'> & { screenshot?: string };

/** Folder of a trajectory's screenshots, relative to its folder: `hubspot__x-v1__0.jsonl` → `hubspot__x-v1__0`. */
export function screenshotDir(trajectoryFile: string): string {
	return basename(trajectoryFile).replace(/\.jsonl$/, '');
}

/** File name of the screenshot after step `n` (0 = reset): `step-0003.png`. */
export function screenshotName(step: number): string {
	return `step-${String(step).padStart(4, '0')}.png`;
}

/**
 * Writes a trajectory: screenshots (base64 in `observation.screenshot`) to PNG files in {@link screenshotDir},
 * then the lines as JSONL with those observations pointing at their files. The lines given are not changed.
 * @param file path of the `.jsonl` to write; @param lines the episode's lines, in order.
 * @throws the file system's Error when it cannot write.
 */
export async function writeTrajectory(file: string, lines: readonly object[]): Promise<void> {
	const dir = screenshotDir(file);
	let madeDir = false;
	const out: string[] = [];
	for (const line of lines) {
		const l = line as { type?: unknown; step?: unknown; observation?: TrajectoryObservation };
		const shot = l.observation?.screenshot;
		if (l.observation && typeof shot === 'string') {
			if (!madeDir) {
				await mkdir(join(dirname(file), dir), { recursive: true });
				madeDir = true;
			}
			const name = `${dir}/${screenshotName(l.type === 'step' && typeof l.step === 'number' ? l.step : 0)}`;
			await writeFile(join(dirname(file), name), Buffer.from(shot, 'base64'));
			out.push(JSON.stringify({ ...l, observation: { ...l.observation, screenshot: name } }));
		} else out.push(JSON.stringify(line));
	}
	await writeFile(file, `${out.join('\n')}\n`);
}
