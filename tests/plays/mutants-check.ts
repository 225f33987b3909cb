/**
 * `npm run mutants:check -- <dump dir> [blueprint id …]`: proves the blueprints' mutants and patch alternatives
 * over final states dumped by a replay run with `SALESGYM_MUTANTS_DUMP=<dump dir>` (tests/unit/replays.ts,
 * tests/plays/mutants.ts), in Node, without replaying again: for writing mutants. Prints, per blueprint, each
 * mutant's killed gating assertions and every problem; writes no report. Exit 1 when a problem is found, 2 on bad
 * usage (no directory, or a blueprint id asked for that has no dump there). The replays
 * remain the proof (they rebuild the state every run); a dump is only as fresh as the run that wrote it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { placedAssertions } from '../../blueprints/placed';
import { loadBlueprints } from '../../harness/blueprints';
import { canonicalJson } from '../../verifier/canonical';
import { matrixProblems, patchScope, proveMutants } from '../../verifier/mutants';
import { createNodeEngine } from '../../verifier/node';
import { pruneTables } from '../../verifier/tables';
import type { DumpedInput } from './mutants';

async function main(): Promise<number> {
	const [dir, ...ids] = process.argv.slice(2);
	if (!dir) {
		process.stderr.write('usage: npm run mutants:check -- <dump dir> [blueprint id …]\n');
		return 2;
	}
	if (!existsSync(dir) || !statSync(dir).isDirectory()) {
		process.stderr.write(`mutants:check: ${dir} is not a directory (dump one with SALESGYM_MUTANTS_DUMP=${dir}, README "Near-miss mutants")\n`);
		return 2;
	}
	const files = readdirSync(dir)
		.filter((f) => f.endsWith('.json'))
		.sort();
	// A dump's file name is its blueprint id with "/" as "--" (tests/plays/mutants.ts): an id asked for but not dumped is a typo or a missing dump.
	const absent = ids.filter((id) => !files.includes(`${id.replace('/', '--')}.json`));
	if (absent.length) {
		process.stderr.write(`mutants:check: no dump in ${dir} for ${absent.join(', ')}\n`);
		return 2;
	}
	const engine = await createNodeEngine();
	const byId = new Map(loadBlueprints().map((b) => [b.id, b]));
	let bad = 0;
	for (const file of files) {
		const dump = JSON.parse(readFileSync(join(dir, file), 'utf8')) as DumpedInput;
		if (ids.length && !ids.includes(dump.id)) continue;
		const bp = byId.get(dump.id);
		if (!bp) continue;
		const mutants = bp.mutants ?? [];
		const alts = (bp.alternatives ?? []).flatMap((a) => (a.patch === undefined ? [] : [{ id: a.id, patch: a.patch }]));
		if (!mutants.length && !alts.length) {
			process.stdout.write(`${bp.id}: no mutants\n`);
			continue;
		}
		const assertions = placedAssertions(bp);
		const needs = patchScope(
			assertions.map((a) => a.query),
			[...mutants, ...alts].map((m) => m.patch),
			Object.keys(dump.state)
		);
		const m = proveMutants(
			engine,
			{
				state: canonicalJson(pruneTables(dump.state, needs)),
				initial: canonicalJson(pruneTables(dump.initial, needs)),
				events: canonicalJson(dump.events),
				now: JSON.stringify(dump.now)
			},
			assertions,
			mutants,
			alts,
			() => performance.now(),
			{ gyms: Object.keys(dump.state) }
		);
		const problems = matrixProblems(bp.id, m);
		bad += problems.length;
		const lines = [`${bp.id}: ${m.mutants.length} mutants, ${m.gating.length - m.unkilled.length}/${m.gating.length} gating killed, ${m.ms} ms`];
		for (const o of m.mutants)
			lines.push(`  mutant ${o.id} (${o.kind}): ${o.error ? `ERROR ${o.error}` : o.passed ? 'PASSES' : `kills ${o.killed.join(', ')}`}`);
		for (const a of m.alternatives)
			lines.push(
				`  alternative ${a.id}: ${a.error ? `ERROR ${a.error}` : `passed ${a.passed}, score ${a.score}${a.failed.length ? `, failing ${a.failed.join(', ')}` : ''}`}`
			);
		for (const p of problems) lines.push(`  PROBLEM ${p}`);
		process.stdout.write(`${lines.join('\n')}\n`);
	}
	return bad ? 1 : 0;
}

process.exit(await main());
