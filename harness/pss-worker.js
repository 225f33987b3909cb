// Worker thread of harness/pss.ts `startPssSampler`: samples the summed PSS of the descendants of `rootPid` every
// `periodMs` and, when told 'stop', takes one last sample and posts `{peakKb, n}` (peakKb null when /proc is not
// readable). Registers tsx to share `descendantsPssKb` with the main thread.
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) });
const { descendantsPssKb } = await import('./pss.ts');
/** @type {{ rootPid: number, periodMs: number }} */
const { rootPid, periodMs } = workerData;
/** @type {number | null} */
let peakKb = null;
let n = 0;
const sample = () => {
	const kb = descendantsPssKb(rootPid);
	if (kb === null) return;
	peakKb = Math.max(peakKb ?? 0, kb);
	n++;
};
sample();
const timer = setInterval(sample, periodMs);
parentPort?.on('message', () => {
	clearInterval(timer);
	sample();
	parentPort?.postMessage({ peakKb, n });
});
