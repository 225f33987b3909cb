/**
 * Vitest reporter of the kill matrix: gathers the records that the replay proof of every blueprint
 * (tests/unit/replays.ts) puts in its tests' metadata ({@link ProofMeta}) and, when the run proved at least one
 * blueprint, writes `reports/mutants.json` ({@link MutantsReport}) and prints one totals line. A run that proved no
 * blueprint (other test files only) writes and prints nothing. The report lives outside `test-results/`, which
 * Playwright empties when its run starts (the `e2e` stage runs after `unit`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';
import { MUTANTS_REQUIRED, type AlternativeRecord, type MutantRecord } from './mutants';

/** What a replay test puts in its metadata (Vitest `task.meta`): the blueprint's kill matrix, or a UI alternative's verdict. */
export interface ProofMeta {
	mutants?: MutantRecord;
	alternative?: AlternativeRecord;
}

declare module 'vitest' {
	// eslint-disable-next-line @typescript-eslint/no-empty-object-type
	interface TaskMeta extends ProofMeta {}
}

/** Where the report goes, relative to the repository root: `reports/mutants.json`, or `SALESGYM_MUTANTS_REPORT`. */
export const MUTANTS_REPORT = process.env.SALESGYM_MUTANTS_REPORT ?? join('reports', 'mutants.json');

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
	/** Alternative id → its verdict (patch alternatives over the oracle's final state, UI alternatives over their own). */
	alternatives: Record<string, { via: 'patch' | 'steps'; passed: boolean; score: number; error?: string }>;
	/** Time of the Node proof, ms. */
	ms: number;
}

/** The whole report: totals and the per-blueprint matrix. */
export interface MutantsReport {
	totals: {
		/** Blueprints proven in the run. */
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

/** The totals as one line, naming the report's `path`. */
export function totalsLine(t: MutantsReport['totals'], path = MUTANTS_REPORT): string {
	const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
	return (
		`mutants: ${t.with_mutants}/${t.blueprints} blueprints with mutants` +
		(t.missing.length ? ` (missing${t.required ? '' : ', not yet required'}: ${t.missing.join(', ')})` : '') +
		`; ${t.mutants} mutants, kill rate ${pct(t.kill_rate)} (${t.killing}/${t.mutants} fail verification)` +
		`; gating assertions killed ${t.gating_covered}/${t.gating_total}` +
		`; alternatives passing ${t.alternatives_passed}/${t.alternatives}; report ${path}`
	);
}

/** Writes the kill matrix at the end of a run that proved blueprints (see the module comment). */
export default class MutantsReporter implements Reporter {
	private readonly records = new Map<string, MutantRecord>();
	private readonly alternatives = new Map<string, AlternativeRecord>();
	private readonly path: string;
	private readonly log: (line: string) => void;

	/**
	 * @param options.path where the report goes (default {@link MUTANTS_REPORT}); `options.log` prints the totals line
	 *   (default: to stdout). Vitest passes a reporter's options from its config entry `[path, options]`.
	 */
	constructor(options: { path?: string; log?: (line: string) => void } = {}) {
		this.path = options.path ?? MUTANTS_REPORT;
		this.log = options.log ?? ((line) => process.stdout.write(`${line}\n`));
	}

	/** Keeps each finished test's record (a retry replaces the first attempt's). */
	onTestCaseResult(testCase: TestCase): void {
		const meta = testCase.meta();
		if (meta.mutants) this.records.set(meta.mutants.id, meta.mutants);
		if (meta.alternative) this.alternatives.set(`${meta.alternative.id}#${meta.alternative.alternative}`, meta.alternative);
	}

	/** Writes `reports/mutants.json` and prints the totals. */
	onTestRunEnd(): void {
		if (this.records.size === 0) return;
		const report = buildReport([...this.records.values()], [...this.alternatives.values()]);
		mkdirSync(dirname(this.path), { recursive: true });
		writeFileSync(this.path, `${JSON.stringify(report, null, 2)}\n`);
		this.log(totalsLine(report.totals, this.path));
	}
}
