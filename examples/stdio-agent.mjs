#!/usr/bin/env node
// Example external agent over stdin/stdout (JSON lines):
//   npx salesgym run --agent cmd:"node examples/stdio-agent.mjs" --task all
//   npx salesgym run --agent cmd:"node examples/stdio-agent.mjs --script my-actions.json" --task hubspot/x-v1
// salesgym starts one process per episode, writes one turn per line to its stdin and reads one action per line
// from its stdout. Anything else goes to stderr. Stdin closes when the episode ends.
import { createInterface } from 'node:readline';
import { createPolicy, scriptArg } from './policy.mjs';

const policy = createPolicy({ script: scriptArg() });
for await (const line of createInterface({ input: process.stdin })) {
	if (line.trim() === '') continue;
	const turn = JSON.parse(line);
	if (turn.error) process.stderr.write(`step ${turn.step}: previous action failed: ${turn.error}\n`);
	process.stdout.write(`${JSON.stringify(policy(turn))}\n`);
}
