/**
 * `salesgym mcp --task ID`: a Model Context Protocol server over stdio (JSON-RPC 2.0, one message a line, per
 * the MCP specification's stdio transport) whose tools are the env's actions plus `reset` and
 * `get_observation`. Methods: `initialize`, `notifications/initialized`, `ping`, `tools/list`, `tools/call`.
 *
 * Each action tool takes the action's fields as its arguments (`goto` takes `{path}`; `click {role, name}` or `click {x, y}`, `fill
 * {label, value}`, `type {text}`, `key {keys}`, `done {answer?}`, …; see `harness/pixel.ts` and the blueprint
 * schema) and answers the step: a text content with `{reward, terminated, truncated, error, step, observation}`
 * (the observation without its screenshot) and, when the observation has a screenshot, an image content
 * (`image/png`). The first tool call resets the episode when `reset` was not called. A tool call whose action
 * is invalid answers `isError: true` with why; an unknown tool or method is a JSON-RPC error.
 */
import { createInterface } from 'node:readline';
import { z } from 'zod';
import type { Observation, SalesgymEnv, StepResult } from './env';
import { EnvAction } from './pixel';

/** Protocol revisions this server speaks (the newest first); an `initialize` asking for another gets the newest. */
export const MCP_PROTOCOL_VERSIONS = ['2025-06-18', '2025-03-26', '2024-11-05'] as const;

/** One MCP tool as `tools/list` answers it. */
export interface McpTool {
	name: string;
	description: string;
	inputSchema: Record<string, unknown>;
}

function schemaOf(s: z.ZodType): Record<string, unknown> {
	const j = z.toJSONSchema(s, { unrepresentable: 'any' }) as Record<string, unknown>;
	delete j.$schema;
	return j;
}

/**
 * The tools: one per action verb of {@link EnvAction} (a verb with an element form and a coordinate form, e.g.
 * `click`, gets both as `anyOf`), then `reset` and `get_observation`.
 */
export function mcpTools(): McpTool[] {
	const byVerb = new Map<string, z.ZodType[]>();
	const collect = (s: z.ZodType): void => {
		const def = (s as unknown as { def: { type: string; options?: z.ZodType[]; shape?: Record<string, z.ZodType> } }).def;
		if (def.type === 'union') for (const o of def.options ?? []) collect(o);
		else if (def.type === 'object' && def.shape) for (const [k, v] of Object.entries(def.shape)) byVerb.set(k, [...(byVerb.get(k) ?? []), v]);
	};
	collect(EnvAction);
	const tools: McpTool[] = [...byVerb.entries()].map(([verb, schemas]) => {
		const one = schemas.length === 1 ? schemaOf(schemas[0]!) : { anyOf: schemas.map(schemaOf) };
		// MCP tool arguments are an object: a verb whose value is not one (`goto "/path"`) takes `{path}`.
		const inputSchema =
			one.type === 'object'
				? one
				: one.anyOf
					? { type: 'object', ...one }
					: { type: 'object', properties: { path: one }, required: ['path'], additionalProperties: false };
		return { name: verb, description: `salesgym action \`${verb}\`: one env step with {"${verb}": arguments}`, inputSchema };
	});
	tools.push(
		{
			name: 'reset',
			description: 'Start a new episode of the task (fresh browser context, the gym reset to the task); answers the observation.',
			inputSchema: { type: 'object', properties: {}, additionalProperties: false }
		},
		{
			name: 'get_observation',
			description: 'The current observation (axtree, url, tabs, viewport, marks, screenshot when on).',
			inputSchema: { type: 'object', properties: {}, additionalProperties: false }
		}
	);
	return tools;
}

type Content = { type: 'text'; text: string } | { type: 'image'; data: string; mimeType: 'image/png' };

function observationContent(extra: Record<string, unknown>, o: Observation): Content[] {
	const { screenshot, ...rest } = o;
	const out: Content[] = [{ type: 'text', text: JSON.stringify({ ...extra, observation: rest }) }];
	if (screenshot) out.push({ type: 'image', data: screenshot, mimeType: 'image/png' });
	return out;
}

/** A JSON-RPC message handler over one env: answers a request, or null for a notification. */
export function mcpHandler(env: SalesgymEnv, info: { name: string; version: string }): (msg: unknown) => Promise<object | null> {
	let last: Observation | null = null;
	const ensure = async (): Promise<Observation> => last ?? (last = (await env.reset()).observation);
	return async (msg) => {
		const m = msg as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: Record<string, unknown> };
		const isRequest = m !== null && typeof m === 'object' && 'id' in m && m.id !== null;
		const reply = (result: unknown) => ({ jsonrpc: '2.0', id: m.id, result });
		const fail = (code: number, message: string) => ({ jsonrpc: '2.0', id: isRequest ? m.id : null, error: { code, message } });
		if (m === null || typeof m !== 'object' || m.jsonrpc !== '2.0' || typeof m.method !== 'string') return fail(-32600, 'invalid request');
		if (!isRequest) return null; // notifications (initialized, cancelled): nothing to answer
		switch (m.method) {
			case 'initialize': {
				const asked = m.params?.protocolVersion;
				const version = (MCP_PROTOCOL_VERSIONS as readonly unknown[]).includes(asked) ? (asked as string) : MCP_PROTOCOL_VERSIONS[0];
				return reply({ protocolVersion: version, capabilities: { tools: { listChanged: false } }, serverInfo: info, instructions: env.blueprint.prompt });
			}
			case 'ping':
				return reply({});
			case 'tools/list':
				return reply({ tools: mcpTools() });
			case 'tools/call': {
				const name = m.params?.name;
				const args = m.params?.arguments ?? {};
				if (typeof name !== 'string' || !mcpTools().some((t) => t.name === name)) return fail(-32602, `unknown tool ${JSON.stringify(name)}`);
				if (name === 'reset') {
					const r = await env.reset();
					last = r.observation;
					return reply({ content: observationContent({ step: 0 }, r.observation) });
				}
				if (name === 'get_observation') return reply({ content: observationContent({}, await ensure()) });
				await ensure();
				const value = name === 'goto' && typeof args === 'object' && args !== null && 'path' in args ? (args as { path: unknown }).path : args;
				const r: StepResult = await env.step({ [name]: value });
				last = r.observation;
				return reply({
					content: observationContent(
						{
							reward: r.reward,
							terminated: r.terminated,
							truncated: r.truncated,
							error: r.info.error,
							step: r.info.step,
							...(r.info.verify ? { verify: r.info.verify } : {})
						},
						r.observation
					),
					isError: r.info.error !== null
				});
			}
			default:
				return fail(-32601, `method not found: ${m.method}`);
		}
	};
}

/**
 * Serves MCP over stdio until stdin ends: one JSON-RPC message a line in, one answer a line out (stdout holds
 * nothing else; logs go to stderr). A line that is not JSON answers a parse error (-32700). An exception in a
 * tool (an infrastructure error) answers -32603 with its message.
 */
export async function serveMcpStdio(
	env: SalesgymEnv,
	info: { name: string; version: string },
	io = { input: process.stdin, output: process.stdout }
): Promise<void> {
	const handle = mcpHandler(env, info);
	const rl = createInterface({ input: io.input });
	let chain: Promise<void> = Promise.resolve();
	for await (const line of rl) {
		if (line.trim() === '') continue;
		chain = chain.then(async () => {
			let msg: unknown;
			try {
				msg = JSON.parse(line) as unknown;
			} catch {
				io.output.write(`${JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } })}\n`);
				return;
			}
			const answer = await handle(msg).catch((e: unknown) => ({
				jsonrpc: '2.0',
				id: (msg as { id?: unknown }).id ?? null,
				error: { code: -32603, message: e instanceof Error ? e.message : String(e) }
			}));
			if (answer) io.output.write(`${JSON.stringify(answer)}\n`);
		});
	}
	await chain;
}
