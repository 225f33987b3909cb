/**
 * The README's examples run, so they cannot go stale: the env example (TypeScript, through tsx), the Python
 * client example, the CLI synopsis (every verb and flag of `salesgym help` and back), the `run` example line,
 * and the external-agent actions and element ids.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCli, USAGE } from '../../harness/cli';
import { EnvAction } from '../../harness/pixel';
import { expect, test } from './fixtures';

const README = readFileSync('README.md', 'utf8');

/** The first fenced block of `lang` after the heading line `heading`. */
function block(heading: string, lang: string): string {
	const at = README.indexOf(`\n${heading}\n`);
	if (at < 0) throw new Error(`README has no heading ${heading}`);
	const m = new RegExp('```' + lang + '\\n([\\s\\S]*?)\\n\\s*```').exec(README.slice(at));
	if (!m) throw new Error(`no ${lang} block after ${heading}`);
	return m[1]!.replace(/^ {2}/gm, '');
}

test('the env example runs: an element action and a pixel action work, done ends the episode', async () => {
	test.setTimeout(120_000);
	const code = block('### Env API', 'ts').replace("from 'salesgym'", `from ${JSON.stringify(join(process.cwd(), 'harness', 'index.ts'))}`);
	const file = join(mkdtempSync(join(tmpdir(), 'salesgym-readme-')), 'env-example.mts');
	writeFileSync(file, `${code}\nconsole.log(JSON.stringify({ error: r.info.error, terminated: end.terminated, step: end.info.step }));\n`);
	const r = spawnSync('npx', ['tsx', file], { encoding: 'utf8', cwd: process.cwd() });
	expect(r.status, r.stderr).toBe(0);
	expect(JSON.parse(r.stdout.trim().split('\n').at(-1)!)).toEqual({ error: null, terminated: true, step: 3 });
});

test('the Python example runs', async () => {
	test.setTimeout(120_000);
	const python = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
	const r = spawnSync(python, ['-c', block('### Python client, MCP, Playwright MCP', 'python')], {
		encoding: 'utf8',
		env: { ...process.env, PYTHONPATH: join(process.cwd(), 'clients', 'python') }
	});
	expect(r.status, r.stderr).toBe(0);
});

test('the CLI synopsis matches salesgym help, and the run example parses', () => {
	const synopsis = block('## CLI: `salesgym`', 'text');
	const verbs = (text: string) => [...text.matchAll(/^\s*salesgym ([a-z-]+)/gm)].map((m) => m[1]!);
	expect(new Set(verbs(synopsis))).toEqual(new Set(verbs(USAGE)));
	const flags = (text: string) => new Set([...text.matchAll(/(?<![\w-])--[a-z][a-z-]*/g)].map((m) => m[0]));
	expect(flags(synopsis)).toEqual(flags(USAGE));
	const example = /\$ npx salesgym (run [^\n#]*)/.exec(README)![1]!.trim();
	const args = [...example.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!);
	expect(parseCli(args)).toMatchObject({ command: 'run', agent: 'oracle', workers: 2, out: 'runs/oracle' });
});

test('external-agent actions are valid actions and every element id in the README has 8 hex digits', () => {
	const answers = /The answer is one action, e\.g\. ([\s\S]*?)\n\(/.exec(README)![1]!;
	const actions = [...answers.matchAll(/`(\{[^`]*\})`/g)].map((m) => JSON.parse(m[1]!) as unknown);
	expect(actions.length).toBeGreaterThanOrEqual(5);
	for (const a of actions) expect(EnvAction.safeParse(a).success, JSON.stringify(a)).toBe(true);
	const ids = [...README.matchAll(/(?:\[id=|"id": "|#|with id )(e[0-9a-f]+)\b/g)].map((m) => m[1]!);
	expect(ids.length).toBeGreaterThan(3);
	for (const id of ids) expect(id).toMatch(/^e[0-9a-f]{8}$/);
	const turn = /\{"episode": [\s\S]*?\}\}\n/.exec(README)![0]!;
	for (const key of ['episode', 'task_id', 'step', 'error', 'observation']) expect(turn).toContain(`"${key}"`);
});
