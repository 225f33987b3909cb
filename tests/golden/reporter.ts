/**
 * Playwright reporter of `npm run golden`: collects the `golden` annotations of the passing golden-mode plays
 * (tests/plays/plays.spec.ts with SALESGYM_GOLDEN=write) and rewrites `tests/golden/<platform>.json`, and their
 * oracles' and UI alternatives' API calls (tests/plays/calls.ts) into `tests/golden/calls/<platform>.json` (a
 * blueprint or alternative not recorded in this run keeps its old calls).
 *
 * Per platform, the new file holds the recorded hashes, plus the old entries of blueprints that still exist
 * but were not recorded in this run (a failing play or a `--grep`/`SALESGYM_TASKS` subset keeps its old
 * entry, and is listed as not recorded); entries of blueprints that no longer exist are dropped. Keys are
 * sorted, two-space indented, with a trailing newline, so a regeneration without changes leaves the files
 * byte-identical. Prints one line per platform: recorded, changed, kept and dropped counts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { loadBlueprints } from '../../harness/blueprints';
import { GOLDEN_ANNOTATION, GOLDEN_DIR, GoldenRecord, goldenPath, platformOf, readGolden, type GoldenFile } from '../plays/golden';
import { alternativeKey, CALLS_ANNOTATION, CALLS_DIR, CallsRecord, callsPath, readCalls, type CallsFile } from '../plays/calls';

/** Writes the golden files at the end of a `npm run golden` run (see the module comment). */
export default class GoldenReporter implements Reporter {
	private readonly records = new Map<string, GoldenRecord>();
	private readonly calls = new Map<string, CallsRecord>();
	private readonly failed = new Set<string>();

	/** Keeps the record of a passing play; remembers the title of a failing one. */
	onTestEnd(test: TestCase, result: TestResult): void {
		const note = result.annotations.find((a) => a.type === GOLDEN_ANNOTATION) ?? test.annotations.find((a) => a.type === GOLDEN_ANNOTATION);
		const calls = result.annotations.find((a) => a.type === CALLS_ANNOTATION) ?? test.annotations.find((a) => a.type === CALLS_ANNOTATION);
		if (result.status === 'passed' && calls?.description) {
			const rec = CallsRecord.parse(JSON.parse(calls.description));
			this.calls.set(rec.id, rec);
		}
		if (result.status === 'passed' && note?.description) {
			const record = GoldenRecord.parse(JSON.parse(note.description));
			this.records.set(record.id, record);
			this.failed.delete(test.title);
		} else if (result.status !== 'passed' && result.status !== 'skipped') this.failed.add(test.title);
	}

	/** Rewrites the golden file of every platform that has blueprints. */
	onEnd(result: FullResult): void {
		const blueprints = loadBlueprints();
		const platforms = [...new Set(blueprints.map(platformOf))].sort();
		mkdirSync(GOLDEN_DIR, { recursive: true });
		mkdirSync(CALLS_DIR, { recursive: true });
		const lines: string[] = [];
		for (const platform of platforms) {
			const mine = blueprints.filter((b) => platformOf(b) === platform);
			const ids = mine.map((b) => b.id);
			let old: GoldenFile = {};
			try {
				old = readGolden(platform);
			} catch {
				// An unreadable file is replaced by what this run recorded.
			}
			const next: GoldenFile = {};
			let changed = 0;
			const kept: string[] = [];
			for (const id of [...ids].sort()) {
				const rec = this.records.get(id);
				if (rec) {
					next[id] = { initial: rec.initial, final: rec.final };
					if (old[id]?.initial !== rec.initial || old[id]?.final !== rec.final) changed++;
				} else if (old[id]) {
					next[id] = old[id]!;
					kept.push(id);
				} else kept.push(id);
			}
			const dropped = Object.keys(old).filter((id) => !ids.includes(id)).length;
			writeFileSync(goldenPath(platform), `${JSON.stringify(next, null, 2)}\n`);
			// The calls go with the hashes: a blueprint whose hashes were kept keeps its old calls.
			let oldCalls: CallsFile = {};
			try {
				oldCalls = readCalls(platform);
			} catch {
				// An unreadable file is replaced by what this run recorded.
			}
			const nextCalls: CallsFile = {};
			for (const bp of [...mine].sort((a, b) => (a.id < b.id ? -1 : 1))) {
				const keys = [bp.id, ...(bp.alternatives ?? []).filter((a) => a.steps !== undefined).map((a) => alternativeKey(bp.id, a.id))];
				for (const key of keys) {
					const rec = this.calls.get(key)?.calls ?? oldCalls[key];
					if (rec) nextCalls[key] = rec;
				}
			}
			// One call per line: reviewable, and small diffs when an oracle changes.
			const body = Object.entries(nextCalls)
				.map(([id, calls]) => `  ${JSON.stringify(id)}: [${calls.map((c) => `\n    ${JSON.stringify(c)}`).join(',')}${calls.length ? '\n  ' : ''}]`)
				.join(',\n');
			writeFileSync(callsPath(platform), `{\n${body}\n}\n`);
			const recorded = ids.length - kept.length;
			lines.push(
				`golden: ${goldenPath(platform)}: ${recorded}/${ids.length} recorded (${changed} changed), ${dropped} dropped` +
					(kept.length ? `; NOT recorded (old hash kept, or none): ${kept.join(', ')}` : '')
			);
		}
		if (this.failed.size) lines.push(`golden: ${this.failed.size} play(s) failed, their hashes were not recorded: ${[...this.failed].join('; ')}`);
		lines.push(`golden: run status ${result.status}`);
		process.stdout.write(`${lines.join('\n')}\n`);
	}

	/** Lets the list reporter print to the terminal too. */
	printsToStdio(): boolean {
		return false;
	}
}
