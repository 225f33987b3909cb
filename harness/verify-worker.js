// Worker thread of `salesgym verify`: registers tsx, then evaluates the assertions it is given with the shared
// verifier (jq-web) and posts the evaluation back. Runs in a thread so that the CLI can enforce the time
// bound by terminating it (a runaway jq program cannot be interrupted otherwise).
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) });
const { createNodeEngine } = await import('../verifier/node.ts');
const { evaluate } = await import('../verifier/verify.ts');
const engine = await createNodeEngine();
parentPort.postMessage('ready');
const { input, assertions } = workerData;
parentPort.postMessage(evaluate(engine, input, assertions, () => performance.now()));
