/**
 * Agents the harness can run. An agent sees observations and answers actions (the blueprint vocabulary);
 * the env executes them in the UI and the reward comes from `POST /verify`, never from the agent.
 *
 * Built in: `oracle` (the blueprint's actions), `noop`, `random[:seed]` (seeded clicks and fills from the
 * axtree), `noisy-oracle:<p>[:seed]` (each oracle action dropped or perturbed with probability p, seeded).
 * `pixel-oracle` (the oracle through the computer-use actions only, `harness/pixel-agent.ts`).
 * External: `cmd:<command>` (JSON lines over stdin/stdout) and `http:<url>` (POST the turn, read the action).
 *
 * Protocol of external agents, one turn per step:
 * - in (a stdin line, or the POST body): `{"episode": run_id, "task_id", "step": n, "observation": {url, title,
 *   axtree, prompt, tabs, viewport: {width, height, device_scale_factor}, screenshot?, marks?}, "error": <why the
 *   previous action failed, or null>}`
 * - out (a stdout line, or the response body): one action, an element action (e.g. `{"click": {"id": "e1a2b3c4"}}`)
 *   or a computer-use action (`harness/pixel.ts`: `{"click": {"x": 120, "y": 48}}`, `{"type": {"text": "hi"}}`,
 *   `{"key": {"keys": "ctrl+a"}}`, …), or `{"done": {}}`.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Page } from '@playwright/test';
import type { Action, Blueprint } from '../blueprints/schema';
import { ACTION_TIMEOUT_MS, describeAction, performAction } from './actions';
import { parseAxtreeElements, type ParsedElement } from './axtree';
import type { Observation } from './env';
import { UsageError } from './errors';
import { pixelOracle } from './pixel-agent';
import { makeRng, type Rng } from './rng';

export { ACTION_TIMEOUT_MS, describeAction, performAction };

/** How long an external agent may take to answer one turn, ms (override: `SALESGYM_AGENT_TIMEOUT_MS`). */
export const AGENT_TIMEOUT_MS = 60_000;

/** The agent itself failed (its process died, its server is unreachable): the episode ends and is verified as is. */
export class AgentError extends Error {
	override name = 'AgentError';
}

/** What an agent is told when an episode starts. */
export interface EpisodeContext {
	/** The task (agents other than the oracles should only use `prompt` from the observation). */
	blueprint: Blueprint;
	/** 0-based attempt of this task in the run (pass@k's sample index). */
	attempt: number;
	/** Run id of the episode. */
	runId: string;
}

/** One turn: what the agent sees before choosing an action. This is also the external agents' message. */
export interface AgentTurn {
	/** Run id. */
	episode: string;
	/** Task id. */
	task_id: string;
	/** Steps taken so far (0 on the first turn). */
	step: number;
	/** The observation. */
	observation: Observation;
	/** Why the previous action failed, or null. */
	error: string | null;
}

/** An agent's state during one episode. */
export interface AgentSession {
	/** Chooses the next action (any JSON: the env validates it). @throws AgentError when the agent cannot go on. */
	act(turn: AgentTurn): Promise<unknown>;
	/** Releases the agent's resources (a process, a connection). Never throws. */
	close(): Promise<void>;
}

/** An agent: a name (its CLI spec) and a session per episode. */
export interface Agent {
	/** The spec it was made from, e.g. `noisy-oracle:0.2`. */
	name: string;
	/** Starts an episode. @throws AgentError when the agent cannot start (e.g. its command is missing). */
	start(ctx: EpisodeContext): Promise<AgentSession>;
	/** Observation fields the agent needs whatever the run's options (e.g. `pixel-oracle` needs `marks`); the runner turns them on. */
	observe?: { marks?: boolean; screenshot?: boolean };
}

/** The oracle's actions for a blueprint: every step's actions in order, then `done`. */
export function oracleActions(blueprint: Pick<Blueprint, 'steps'>): Action[] {
	return [...blueprint.steps.flatMap((s) => s.actions), { done: {} }];
}

function scripted(actions: readonly unknown[]): AgentSession {
	let i = 0;
	return {
		async act() {
			return actions[i++] ?? { done: {} };
		},
		async close() {}
	};
}

/**
 * The oracle: plays the blueprint's actions, then `done`. Also usable directly on a page (`oracle.act(page,
 * blueprint)`), which is how the conformance tests run it.
 */
export const oracle: Agent & {
	/** Executes every step's actions on `page`; rejects with `step N action M (…): <error>`. */
	act(page: Page, blueprint: Blueprint, ctx?: unknown): Promise<void>;
} = {
	name: 'oracle',
	async start(ctx) {
		return scripted(oracleActions(ctx.blueprint));
	},
	async act(page, blueprint) {
		for (const [i, step] of blueprint.steps.entries()) {
			for (const [j, action] of step.actions.entries()) {
				try {
					await performAction(page, action);
				} catch (e) {
					throw new Error(`step ${i} action ${j} (${describeAction(action)}): ${(e as Error).message.split('\n')[0]}`, { cause: e });
				}
			}
		}
	}
};

/** Does nothing (`done` at once): the baseline whose score shows what a fresh reset already satisfies. */
export const noop: Agent = {
	name: 'noop',
	async start() {
		return scripted([{ done: {} }]);
	}
};

/** Words the random agent types. */
const WORDS = ['alpha', 'Priya', 'test@example.com', '42', 'Helix', 'x', 'Director', '+1 555 0100'];

/** Probability that the random agent says `done` on a turn. */
export const RANDOM_DONE_P = 0.08;

function randomAction(rng: Rng, elements: readonly ParsedElement[]): Action {
	const usable = elements.filter((e) => !e.disabled);
	if (usable.length === 0 || rng.next() < RANDOM_DONE_P) return { done: {} };
	const el = rng.pick(usable);
	switch (el.role) {
		case 'textbox':
		case 'searchbox':
			return { fill: { id: el.id, value: rng.pick(WORDS) } };
		case 'combobox':
		case 'listbox':
			return el.options.length > 0 ? { select: { id: el.id, option: rng.pick(el.options) } } : { click: { id: el.id } };
		case 'checkbox':
		case 'radio':
		case 'switch':
			return { check: { id: el.id, checked: rng.next() < 0.5 } };
		default:
			return { click: { id: el.id } };
	}
}

/**
 * `random[:seed]`: each turn, `done` with probability {@link RANDOM_DONE_P}, else a uniformly chosen enabled
 * element of the axtree: fill a text box with a word, select an option, toggle a checkbox or click. The
 * sequence depends only on (seed, task id, attempt) and what the page shows.
 */
export function randomAgent(seed = 0): Agent {
	return {
		name: seed === 0 ? 'random' : `random:${seed}`,
		async start(ctx) {
			const rng = makeRng(`random:${seed}:${ctx.blueprint.id}:${ctx.attempt}`);
			return {
				async act(turn) {
					return randomAction(rng, parseAxtreeElements(turn.observation.axtree));
				},
				async close() {}
			};
		}
	};
}

/** A value with one character changed (or `x` appended to an empty one): a typo. */
function typo(rng: Rng, value: string): string {
	if (value.length === 0) return 'x';
	const i = rng.int(value.length);
	const c = value[i] === 'x' ? 'y' : 'x';
	return value.slice(0, i) + c + value.slice(i + 1);
}

/**
 * Perturbs one oracle action: `fill` gets a typo, `select` another option of the same control when the axtree
 * lists one, `click` a different enabled element; other actions (goto, wait_for, …) are dropped instead.
 * @returns the perturbed action, or null to drop it.
 */
export function perturb(rng: Rng, action: Action, elements: readonly ParsedElement[]): Action | null {
	if ('fill' in action) return { fill: { ...action.fill, value: typo(rng, action.fill.value) } };
	if ('select' in action) {
		const sel = action.select;
		const control = elements.find((e) => (sel.label !== undefined && e.name === sel.label) || (sel.id !== undefined && e.id === sel.id));
		const others = control?.options.filter((o) => o !== sel.option) ?? [];
		return others.length > 0 ? { select: { ...sel, option: rng.pick(others) } } : null;
	}
	if ('click' in action) {
		const c = action.click;
		const others = elements.filter(
			(e) => !e.disabled && !(e.role === c.role && e.name === c.name) && e.id !== c.id && e.role !== 'textbox' && e.role !== 'combobox'
		);
		return others.length > 0 ? { click: { id: rng.pick(others).id } } : null;
	}
	return null;
}

/**
 * `noisy-oracle:p[:seed]`: the oracle where each action, with probability `p`, is dropped (half the time) or
 * perturbed ({@link perturb}). Seeded by (seed, task id, attempt), so a calibration run is reproducible.
 * @throws UsageError when p is not in [0, 1].
 */
export function noisyOracle(p: number, seed = 0): Agent {
	if (!(p >= 0 && p <= 1)) throw new UsageError(`noisy-oracle:p needs 0 <= p <= 1, got ${p}`);
	return {
		name: seed === 0 ? `noisy-oracle:${p}` : `noisy-oracle:${p}:${seed}`,
		async start(ctx) {
			const rng = makeRng(`noisy:${p}:${seed}:${ctx.blueprint.id}:${ctx.attempt}`);
			const plan = ctx.blueprint.steps.flatMap((s) => s.actions);
			let i = 0;
			return {
				async act(turn) {
					while (i < plan.length) {
						const action = plan[i++] as Action;
						if (rng.next() >= p) return action;
						if (rng.next() < 0.5) continue; // dropped
						const changed = perturb(rng, action, parseAxtreeElements(turn.observation.axtree));
						if (changed) return changed;
					}
					return { done: {} };
				},
				async close() {}
			};
		}
	};
}

function agentTimeout(): number {
	const v = Number(process.env.SALESGYM_AGENT_TIMEOUT_MS);
	return Number.isFinite(v) && v > 0 ? v : AGENT_TIMEOUT_MS;
}

/**
 * `cmd:<command>`: one process per episode (`sh -c <command>`, cwd = the current directory, env +
 * `SALESGYM_TASK_ID`, `SALESGYM_RUN_ID`, `SALESGYM_ATTEMPT`). Each turn is written to its stdin as one JSON line;
 * it answers one JSON line on stdout. Its stderr goes to ours, prefixed. A line that is not JSON becomes an
 * invalid action (an `info.error`, the episode goes on). Stdin is closed at the end of the episode; the process
 * is killed if it has not exited 2 s later.
 */
export function commandAgent(command: string): Agent {
	if (command.trim() === '') throw new UsageError('cmd: needs a command, e.g. cmd:"node examples/stdio-agent.mjs"');
	return {
		name: `cmd:${command}`,
		async start(ctx) {
			const child: ChildProcessWithoutNullStreams = spawn('sh', ['-c', command], {
				stdio: ['pipe', 'pipe', 'pipe'],
				env: { ...process.env, SALESGYM_TASK_ID: ctx.blueprint.id, SALESGYM_RUN_ID: ctx.runId, SALESGYM_ATTEMPT: String(ctx.attempt) }
			});
			const lines: string[] = [];
			const waiters: ((line: string | null) => void)[] = [];
			let exited: string | null = null;
			const rl = createInterface({ input: child.stdout });
			rl.on('line', (line) => {
				if (line.trim() === '') return;
				const w = waiters.shift();
				if (w) w(line);
				else lines.push(line);
			});
			child.stderr.on('data', (d: Buffer) => process.stderr.write(`[agent ${ctx.runId}] ${d.toString()}`));
			const onEnd = (why: string) => {
				exited ??= why;
				for (const w of waiters.splice(0)) w(null);
			};
			child.once('exit', (code, signal) => onEnd(`exited with ${signal ?? `code ${code}`}`));
			child.once('error', (e) => onEnd(`could not run: ${e.message}`));
			child.stdin.on('error', () => {});
			const nextLine = (): Promise<string | null> => {
				const queued = lines.shift();
				if (queued !== undefined) return Promise.resolve(queued);
				if (exited !== null) return Promise.resolve(null);
				return new Promise((ok, fail) => {
					const timer = setTimeout(() => fail(new AgentError(`agent "${command}" did not answer within ${agentTimeout()} ms`)), agentTimeout());
					waiters.push((l) => {
						clearTimeout(timer);
						ok(l);
					});
				});
			};
			return {
				async act(turn) {
					if (exited === null) child.stdin.write(`${JSON.stringify(turn)}\n`);
					const line = await nextLine();
					if (line === null) throw new AgentError(`agent "${command}" ${exited ?? 'closed its stdout'}`);
					try {
						return JSON.parse(line) as unknown;
					} catch {
						return { invalid_output: line.slice(0, 500) };
					}
				},
				async close() {
					rl.close();
					if (exited !== null) return;
					child.stdin.end();
					const done = new Promise<void>((ok) => child.once('exit', () => ok()));
					const timer = setTimeout(() => child.kill('SIGKILL'), 2_000);
					await done;
					clearTimeout(timer);
				}
			};
		}
	};
}

/**
 * `http:<url>`: each turn is POSTed to `url` as JSON (header `x-salesgym-episode: <run_id>`); the response body
 * is the action (JSON). A non-2xx answer or an unreachable server ends the episode as an agent error; a body
 * that is not JSON is an invalid action.
 * @throws UsageError when url is not http(s).
 */
export function httpAgent(url: string): Agent {
	if (!/^https?:\/\//.test(url)) throw new UsageError(`http: needs an http(s) URL, e.g. http:http://127.0.0.1:8000/act; got "${url}"`);
	return {
		name: `http:${url}`,
		async start() {
			return {
				async act(turn) {
					let res: Response;
					try {
						res = await fetch(url, {
							method: 'POST',
							headers: { 'content-type': 'application/json', 'x-salesgym-episode': turn.episode },
							body: JSON.stringify(turn),
							signal: AbortSignal.timeout(agentTimeout())
						});
					} catch (e) {
						throw new AgentError(`agent ${url} unreachable: ${(e as Error).message}`, { cause: e });
					}
					const text = await res.text();
					if (!res.ok) throw new AgentError(`agent ${url} answered ${res.status}: ${text.slice(0, 300)}`);
					try {
						return JSON.parse(text) as unknown;
					} catch {
						return { invalid_output: text.slice(0, 500) };
					}
				},
				async close() {}
			};
		}
	};
}

/** The built-in agent specs, for usage text. */
export const AGENT_SPECS = ['oracle', 'pixel-oracle', 'noop', 'random[:seed]', 'noisy-oracle:<p>[:seed]', 'cmd:<command>', 'http:<url>'] as const;

/**
 * Makes an agent from its CLI spec: `oracle`, `noop`, `random[:seed]`, `noisy-oracle:<p>[:seed]`,
 * `cmd:<command>`, `http:<url>`.
 * @throws UsageError for an unknown or malformed spec.
 */
export function agentByName(spec: string): Agent {
	if (spec === 'oracle') return oracle;
	if (spec === 'noop') return noop;
	if (spec === 'pixel-oracle') return pixelOracle;
	const [kind, ...rest] = spec.split(':');
	const arg = rest.join(':');
	const int = (s: string | undefined, what: string): number => {
		if (s === undefined || s === '') return 0;
		if (!/^\d+$/.test(s)) throw new UsageError(`${what} must be a non-negative integer, got "${s}"`);
		return Number(s);
	};
	if (kind === 'random') return randomAgent(int(rest[0], 'random:seed'));
	if (kind === 'noisy-oracle') {
		const p = Number(rest[0]);
		if (rest[0] === undefined || rest[0] === '' || !Number.isFinite(p))
			throw new UsageError(`noisy-oracle needs a probability, e.g. noisy-oracle:0.2; got "${spec}"`);
		return noisyOracle(p, int(rest[1], 'noisy-oracle seed'));
	}
	if (kind === 'cmd') return commandAgent(arg);
	if (kind === 'http') return httpAgent(arg);
	throw new UsageError(`unknown agent "${spec}". Known agents: ${AGENT_SPECS.join(', ')}`);
}
