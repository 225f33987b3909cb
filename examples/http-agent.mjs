#!/usr/bin/env node
// Example external agent over HTTP:
//   node examples/http-agent.mjs --port 8000 [--script my-actions.json] &
//   npx salesgym run --agent http:http://127.0.0.1:8000/act --task all
// salesgym POSTs each turn as JSON (header x-salesgym-episode: <run id>) and reads the action from the
// response body. One policy per episode, keyed by that header.
import { createServer } from 'node:http';
import { createPolicy, scriptArg } from './policy.mjs';

const portIndex = process.argv.indexOf('--port');
const port = Number(portIndex >= 0 ? process.argv[portIndex + 1] : (process.env.PORT ?? 8000));
const policies = new Map();

const server = createServer(async (req, res) => {
	if (req.method !== 'POST') {
		res.writeHead(405, { 'content-type': 'application/json' }).end('{"error":"POST a turn"}');
		return;
	}
	let body = '';
	for await (const chunk of req) body += chunk;
	const turn = JSON.parse(body);
	const episode = req.headers['x-salesgym-episode'] ?? turn.episode;
	if (!policies.has(episode)) policies.set(episode, createPolicy({ script: scriptArg() }));
	const action = policies.get(episode)(turn);
	if ('done' in action) policies.delete(episode);
	res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(action));
});
server.listen(port, '127.0.0.1', () => process.stdout.write(`http-agent listening on http://127.0.0.1:${port}/act\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
