/**
 * Verifier lint: textual patterns that make a verifier lie, caught before a blueprint ships. It runs wherever
 * assertions are parsed: the `Blueprint` schema (so every loader: `harness/blueprints.ts`, the SW's
 * `blueprints/registry.ts`, `salesgym run|verify|calibrate`) and `VerifyRequest`'s inline assertions (`POST
 * /verify`, without `literal-date`). The semantic rule that catches every spelling of these (a weighted
 * assertion must fail on the task's initial state) is `semantic.ts`. Each rule names the failure it prevents:
 * - `default-to-falsy`: `// 0` or `// false` on an asserted value turns "missing" into a plausible value.
 * - `substring-on-number`: `tostring | contains/test/startswith…` on a number, or contains/matches over a
 *   `tostring`ed value: `12000` "contains" `"200"`.
 * - `unguarded-all-any`: `all`/`any` over an array that may be empty is vacuously true/false; guard it with a
 *   `length` test (`length > 0 and all(...)`).
 * - `literal-date`: a date or year written into a query or an expected value that neither the blueprint's
 *   clock nor its fixtures contain (use `$now`, `add_duration`, or the fixture's own value).
 * - `host-dependent`: `now`, `localtime`, `strflocaltime`, `mktime`, `gmtime`, `env`, `$ENV`, `input`,
 *   `halt`, `halt_error`, `debug`, `stderr`, `input_filename`: the host's clock, zone or process, not the run.
 */
import type { AssertionInput } from './schema';

/** One lint finding. */
export interface LintIssue {
	/** The assertion's id. */
	id: string;
	rule: 'default-to-falsy' | 'substring-on-number' | 'unguarded-all-any' | 'literal-date' | 'host-dependent';
	message: string;
}

/** What the lint knows about the blueprint: its clock and fixtures (dates they contain are allowed). */
export interface LintContext {
	/** The blueprint's clock, UTC ISO-8601. */
	clock: string;
	/** The blueprint's fixtures (any JSON); every date in them is allowed. */
	fixtures?: unknown;
}

const DATE_RE = /\b((?:19|20)\d{2})-(\d{2})-(\d{2})/g;

/** Removes comments (jq `#` to end of line, outside strings) so they do not trigger rules. */
function stripComments(q: string): string {
	let out = '';
	let inStr = false;
	for (let i = 0; i < q.length; i++) {
		const c = q[i]!;
		if (inStr) {
			out += c;
			if (c === '\\') out += q[++i] ?? '';
			else if (c === '"') inStr = false;
			continue;
		}
		if (c === '"') inStr = true;
		if (c === '#') {
			while (i < q.length && q[i] !== '\n') i++;
			out += '\n';
			continue;
		}
		out += c;
	}
	return out;
}

/** The string literals of a jq program (interpolations left as is). */
function stringLiterals(q: string): string[] {
	return [...q.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
}

/**
 * Lints one assertion.
 * @returns the issues found (empty when clean).
 */
export function lintAssertion(a: Pick<AssertionInput, 'id' | 'query' | 'op' | 'expected'>, ctx: LintContext): LintIssue[] {
	const issues: LintIssue[] = [];
	const q = stripComments(a.query);
	const add = (rule: LintIssue['rule'], message: string) => issues.push({ id: a.id, rule, message });

	if (/\/\/\s*(?:0+(?:\.0*)?|false)(?![\w.])/.test(q))
		add('default-to-falsy', '`// 0` or `// false` makes a missing value look like a real 0/false; let it be null and assert on it');

	if (/\btostring\s*\|\s*(?:contains|test|startswith|endswith|ltrimstr|rtrimstr|index|indices|match|inside|ascii_downcase)\b/.test(q)) {
		add('substring-on-number', 'substring test on a stringified value: compare numbers with eq/gt/lt/approx');
	} else if (['contains', 'not_contains', 'matches'].includes(a.op) && /\b(?:tostring|tojson)\s*\)?\s*$/.test(q.trim())) {
		add('substring-on-number', `"${a.op}" over a tostring'ed value: compare numbers with eq/gt/lt/approx`);
	}

	if (/(?<![\w$])(?:all|any)\b/.test(q) && !/\blength\s*(?:>\s*0|>=\s*1|!=\s*0|>\s*[1-9]|>=\s*[1-9])/.test(q)) {
		add('unguarded-all-any', '`all`/`any` over a possibly empty array is vacuous; add a `length > 0` guard');
	}

	const hostFns = q
		.replace(/"(?:[^"\\]|\\.)*"/g, '""')
		.match(/(?<![\w$.])(?:now|localtime|strflocaltime|mktime|gmtime|env|input|inputs|halt|halt_error|debug|stderr|input_filename)(?![\w])|\$ENV\b/g);
	if (hostFns) add('host-dependent', `${[...new Set(hostFns)].join(', ')} depend on the host, not the run; use $now and the date helpers`);

	const allowedDates = new Set<string>();
	const allowedYears = new Set<string>();
	for (const text of [ctx.clock, JSON.stringify(ctx.fixtures ?? null)]) {
		for (const m of text.matchAll(DATE_RE)) {
			allowedDates.add(m[0]);
			allowedYears.add(m[1]!);
		}
	}
	const texts = [
		...stringLiterals(q),
		...(typeof a.expected === 'string' ? [a.expected] : []),
		...(Array.isArray(a.expected) ? a.expected.filter((x): x is string => typeof x === 'string') : [])
	];
	for (const t of texts) {
		for (const m of t.matchAll(DATE_RE))
			if (!allowedDates.has(m[0]))
				add('literal-date', `date ${m[0]} is not the blueprint's clock nor a fixture's date; derive it from $now (add_duration, local_date)`);
		const year = /^\s*((?:19|20)\d{2})\s*$/.exec(t);
		if (year && !allowedYears.has(year[1]!)) add('literal-date', `year ${year[1]} is not the blueprint's clock's year`);
	}
	return issues;
}

/**
 * Lints every assertion of a blueprint (steps' `verifiers`).
 * @returns all issues, in step order.
 */
export function lintBlueprint(bp: {
	clock: string;
	fixtures?: unknown;
	steps: readonly { verifiers: readonly Pick<AssertionInput, 'id' | 'query' | 'op' | 'expected'>[] }[];
}): LintIssue[] {
	return bp.steps.flatMap((s) => s.verifiers.flatMap((a) => lintAssertion(a, { clock: bp.clock, fixtures: bp.fixtures })));
}
