/**
 * Playwright reporter of per-project times: when a run spans several projects (`npm test`'s `e2e` stage runs every
 * project but `slow` in one invocation), it prints one line per project at the end (tests, passed, failed, flaky,
 * skipped, test-seconds, and the span from the project's first test start to its last test end) and writes them
 * to `test-results/project-times.json` ({@link ProjectTimes}, or `SALESGYM_PROJECT_TIMES`), which
 * harness/test-stages.js reads to add one row per project under its stage. A run of one project prints and
 * writes the same (one row).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Where the report goes: `test-results/project-times.json`, or `SALESGYM_PROJECT_TIMES`. */
export const PROJECT_TIMES = process.env.SALESGYM_PROJECT_TIMES ?? join('test-results', 'project-times.json');

/** One project's figures (times in ms; a retried test counts once, with every try's time). */
export interface ProjectRow {
	project: string;
	tests: number;
	passed: number;
	failed: number;
	flaky: number;
	skipped: number;
	/** Sum of every try's duration, ms. */
	test_ms: number;
	/** First test start to last test end, ms (0 when none ran). */
	span_ms: number;
	/** Titles (`file › title`) of the failed tests, at most 20. */
	failures: string[];
}

/** The whole report: the run's status and wall, and one row per project in config order. */
export interface ProjectTimes {
	status: FullResult['status'];
	wall_ms: number;
	projects: ProjectRow[];
}

interface Acc {
	tests: Map<string, { test: TestCase; ms: number }>;
	start: number;
	end: number;
}

export default class ProjectTimesReporter implements Reporter {
	private readonly byProject = new Map<string, Acc>();
	private readonly order: string[] = [];

	onTestEnd(test: TestCase, result: TestResult): void {
		const project = test.parent.project()?.name ?? '';
		let acc = this.byProject.get(project);
		if (!acc) {
			acc = { tests: new Map(), start: Infinity, end: 0 };
			this.byProject.set(project, acc);
			this.order.push(project);
		}
		const t0 = result.startTime.getTime();
		if (result.status !== 'skipped') {
			acc.start = Math.min(acc.start, t0);
			acc.end = Math.max(acc.end, t0 + result.duration);
		}
		const prev = acc.tests.get(test.id);
		acc.tests.set(test.id, { test, ms: (prev?.ms ?? 0) + result.duration });
	}

	onEnd(result: FullResult): void {
		const projects: ProjectRow[] = this.order.map((project) => {
			const acc = this.byProject.get(project)!;
			const row: ProjectRow = { project, tests: 0, passed: 0, failed: 0, flaky: 0, skipped: 0, test_ms: 0, span_ms: 0, failures: [] };
			for (const { test, ms } of acc.tests.values()) {
				row.tests++;
				row.test_ms += ms;
				const outcome = test.outcome();
				if (outcome === 'expected') row.passed++;
				else if (outcome === 'flaky') row.flaky++;
				else if (outcome === 'skipped') row.skipped++;
				else {
					row.failed++;
					if (row.failures.length < 20) row.failures.push(`${test.location.file.split('/tests/').pop()} › ${test.title}`);
				}
			}
			row.span_ms = acc.end > acc.start ? acc.end - acc.start : 0;
			return row;
		});
		const report: ProjectTimes = { status: result.status, wall_ms: Math.round(result.duration), projects };
		mkdirSync(dirname(PROJECT_TIMES), { recursive: true });
		writeFileSync(PROJECT_TIMES, `${JSON.stringify(report, null, 2)}\n`);
		if (projects.length === 0) return;
		const lines = ['', 'per project: tests (passed/failed/flaky/skipped), test-seconds, span'];
		for (const p of projects)
			lines.push(
				`  ${p.project.padEnd(10)} ${String(p.tests).padStart(4)} (${p.passed}/${p.failed}/${p.flaky}/${p.skipped})  ${(p.test_ms / 1000).toFixed(1).padStart(7)} s  ${(p.span_ms / 1000).toFixed(1).padStart(7)} s${p.failed ? `  FAILED: ${p.failures.slice(0, 3).join('; ')}` : ''}`
			);
		process.stdout.write(`${lines.join('\n')}\n`);
	}

	printsToStdio(): boolean {
		return false;
	}
}
