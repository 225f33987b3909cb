/**
 * Playwright reporter of the kill matrix: gathers the `mutants` and `alternative` annotations of the blueprint plays
 * (tests/plays/plays.spec.ts, tests/plays/mutants.ts) and, when the run played at least one blueprint, writes
 * `test-results/mutants.json` ({@link MutantsReport}) and prints one totals line. A run that played no blueprint
 * (another project) writes and prints nothing. Each `npm test` stage is its own Playwright run (and Playwright
 * empties `test-results/` when a run starts), so the file holds the blueprints of the last run's platform(s).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { ALTERNATIVE_ANNOTATION, MUTANTS_ANNOTATION, MUTANTS_REQUIRED, type AlternativeRecord, type MutantRecord } from './mutants';

/** Where the report goes, relative to the repository root. */
export const MUTANTS_REPORT = join('test-results', 'mutants.json');

/** One blueprint's row of the report. */
export interface BlueprintKills {
	platform: string;
	/** True when the blueprint has no mutants. */
	missing: boolean;
	/** Gating assertion ids, in report order. */
	gating: string[];
	/** Mutant id → its trap kind, whether it (wrongly) passed, the gating assertions it kills, a patch error. */
	mutants: Record<string, { kind: string; passed: boolean; killed: string[]; error?: string }>;
	/** Gating assertion ids no mutant kills. */
	unkilled: string[];
	/** Alternative id → its verdict (patch alternatives from the play, UI alternatives from their own tests). */
	alternatives: Record<string, { via: 'patch' | 'steps'; passed: boolean; score: number; error?: string }>;
	/** Time of the Node proof, ms. */
	ms: number;
}

/** The whole report: totals and the per-blueprint matrix. */
export interface MutantsReport {
	totals: {
		/** Blueprints played in the run. */
		blueprints: number;
		with_mutants: number;
		/** Blueprint ids without mutants. */
		missing: string[];
		/** Whether a blueprint without mutants fails its play (tests/plays/mutants.ts MUTANTS_REQUIRED). */
		required: boolean;
		mutants: number;
		/** Mutants that fail verification (their patch applied). */
		killing: number;
		/** killing / mutants (1 when there is none). */
		kill_rate: number;
		/** Gating assertions killed by at least one mutant, over the blueprints with mutants. */
		gating_covered: number;
		gating_total: number;
		alternatives: number;
		alternatives_passed: number;
	};
	blueprints: Record<string, BlueprintKills>;
}

/** Builds the report from the records (pure; sorted by blueprint id). */
export function buildReport(records: readonly MutantRecord[], alternatives: readonly AlternativeRecord[]): MutantsReport {
	const blueprints: Record<string, BlueprintKills> = {};
	for (const r of [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
		const m = r.matrix;
		blueprints[r.id] = {
			platform: r.platform,
			missing: r.missing,
			gating: m?.gating ?? [],
			mutants: Object.fromEntries(
				(m?.mutants ?? []).map((o) => [o.id, { kind: o.kind, passed: o.passed, killed: o.killed, ...(o.error === undefined ? {} : { error: o.error }) }])
			),
			unkilled: r.missing ? [] : (m?.unkilled ?? []),
			alternatives: Object.fromEntries(
				(m?.alternatives ?? []).map((a) => [
					a.id,
					{ via: 'patch' as const, passed: a.passed && a.score === 1, score: a.score, ...(a.error === undefined ? {} : { error: a.error }) }
				])
			),
			ms: m?.ms ?? 0
		};
	}
	for (const a of alternatives) {
		const row = blueprints[a.id];
		if (row) row.alternatives[a.alternative] = { via: 'steps', passed: a.passed && a.score === 1, score: a.score };
	}
	const rows = Object.values(blueprints);
	const withMutants = rows.filter((r) => !r.missing);
	const all = withMutants.flatMap((r) => Object.values(r.mutants));
	const killing = all.filter((m) => !m.passed && m.error === undefined).length;
	const alts = rows.flatMap((r) => Object.values(r.alternatives));
	return {
		totals: {
			blueprints: rows.length,
			with_mutants: withMutants.length,
			missing: Object.keys(blueprints).filter((id) => blueprints[id]!.missing),
			required: MUTANTS_REQUIRED,
			mutants: all.length,
			killing,
			kill_rate: all.length ? killing / all.length : 1,
			gating_covered: withMutants.reduce((n, r) => n + r.gating.length - r.unkilled.length, 0),
			gating_total: withMutants.reduce((n, r) => n + r.gating.length, 0),
			alternatives: alts.length,
			alternatives_passed: alts.filter((a) => a.passed).length
		},
		blueprints
	};
}

/** The totals as one line. */
export function totalsLine(t: MutantsReport['totals']): string {
	const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
	return (
		`mutants: ${t.with_mutants}/${t.blueprints} blueprints with mutants` +
		(t.missing.length ? ` (missing${t.required ? '' : ', not yet required'}: ${t.missing.join(', ')})` : '') +
		`; ${t.mutants} mutants, kill rate ${pct(t.kill_rate)} (${t.killing}/${t.mutants} fail verification)` +
		`; gating assertions killed ${t.gating_covered}/${t.gating_total}` +
		`; alternatives passing ${t.alternatives_passed}/${t.alternatives}; report ${MUTANTS_REPORT}`
	);
}

/** Writes the kill matrix at the end of a run that played blueprints (see the module comment). */
export default class MutantsReporter implements Reporter {
	private readonly records = new Map<string, MutantRecord>();
	private readonly alternatives = new Map<string, AlternativeRecord>();

	/** Keeps the last record of each play (a retry replaces the first attempt's). */
	onTestEnd(_test: TestCase, result: TestResult): void {
		for (const note of result.annotations) {
			if (!note.description) continue;
			if (note.type === MUTANTS_ANNOTATION) {
				const r = JSON.parse(note.description) as MutantRecord;
				this.records.set(r.id, r);
			} else if (note.type === ALTERNATIVE_ANNOTATION) {
				const a = JSON.parse(note.description) as AlternativeRecord;
				this.alternatives.set(`${a.id}#${a.alternative}`, a);
			}
		}
	}

	/** Writes `test-results/mutants.json` and prints the totals. */
	onEnd(): void {
		if (this.records.size === 0) return;
		const report = buildReport([...this.records.values()], [...this.alternatives.values()]);
		mkdirSync('test-results', { recursive: true });
		writeFileSync(MUTANTS_REPORT, `${JSON.stringify(report, null, 2)}\n`);
		process.stdout.write(`${totalsLine(report.totals)}\n`);
	}

	/** Lets the list reporter print to the terminal too. */
	printsToStdio(): boolean {
		return false;
	}
}
