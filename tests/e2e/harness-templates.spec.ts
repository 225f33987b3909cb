/**
 * A template instance made on the fly is a real task: `salesgym run --task <slug>@<seed>` with a seed no file pins
 * instantiates the template in Node, resets the gym to it inline (the bundle does not ship it), and the oracle
 * passes it through the UI while doing nothing fails it. Runs the real CLI (tsx loads the templates and the seed
 * world, which Playwright's own loader cannot).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { oracleActions } from '../../harness/agents';
import { loadBlueprints } from '../../harness/blueprints';
import { expect, runCli as cli, test } from './fixtures';

// The generated instance with the shortest oracle stands for its template; its seed + 100 is pinned by no file.
const generated = loadBlueprints().filter((b) => b.template !== undefined);
const shortest = [...generated].sort((a, b) => oracleActions(a).length - oracleActions(b).length)[0];

test('salesgym run --task <slug>@<unpinned seed>: the oracle passes the on-the-fly instance, noop fails it', async () => {
	test.setTimeout(240_000);
	expect(shortest, 'the library has generated instances').toBeDefined();
	const { slug, seed } = shortest!.template!;
	const fresh = seed + 100;
	const spec = `${slug}@${fresh}`;
	const id = shortest!.id.replace(`-s${seed}-`, `-s${fresh}-`);
	expect(
		generated.some((b) => b.id === id),
		`${id} must not be a committed file`
	).toBe(false);
	const dir = mkdtempSync(join(tmpdir(), 'salesgym-tpl-'));
	const oracle = await cli(['run', '--agent', 'oracle', '--task', spec, '--json', join(dir, 'oracle.json')]);
	expect(oracle.code, oracle.err).toBe(0);
	expect(JSON.parse(readFileSync(join(dir, 'oracle.json'), 'utf8'))[0]).toMatchObject({ task_id: id, status: 'ok', passed: true, score: 1 });
	const noop = await cli(['run', '--agent', 'noop', '--task', spec, '--json', join(dir, 'noop.json')]);
	expect(noop.code, noop.err).toBe(0);
	expect(JSON.parse(readFileSync(join(dir, 'noop.json'), 'utf8'))[0]).toMatchObject({ task_id: id, status: 'ok', passed: false, score: 0 });
	const unknown = await cli(['run', '--agent', 'noop', '--task', 'no-such-template@3']);
	expect(unknown.code).toBe(2);
	expect(unknown.err).toMatch(/no template "no-such-template"/);
});
