/**
 * Static scan of jq queries for the tables they read, so that the Service Worker exports (and jq parses) only
 * those (issue 3 §9). A query is RESOLVED when every use of the state root (`.`, and `$initial` or any variable
 * bound to the root) is a path `.<gym>.<table>` (→ that table) or `.<gym>` (→ every table of that gym), and the
 * root object itself is never consumed whole (compared, iterated, serialized, returned, passed to a function
 * other than `length`/`keys`/`has`/`type`/`not`/`select`/`first`/`last`/`limit`/`isempty`/`range`). Anything the scan does
 * not understand (`def`, `..` on the root, `.["x"]`, destructuring, assignment on the root, an unknown token)
 * makes the query UNRESOLVED, and the caller reads every table. Pruning therefore never changes a verdict:
 * every gym stays present in the pruned state, with only its unread tables left out.
 */

/** Tables read by a set of queries: gym → table names, or `'*'` for all of that gym's tables; `all` when unresolved. */
export type TableNeeds = { all: true } | { all: false; gyms: Map<string, Set<string> | '*'> };

type Kind = 'root' | 'other';
type Tok =
	| { t: 'field'; v: string }
	| { t: 'dot' }
	| { t: 'recurse' }
	| { t: 'var'; v: string }
	| { t: 'ident'; v: string }
	| { t: 'num' }
	| { t: 'str'; parts: Tok[][] }
	| { t: 'fmt'; v: string }
	| { t: 'p'; v: string };

class Unresolved extends Error {}
const bail = (why: string): never => {
	throw new Unresolved(why);
};

const PUNCT = [
	'?//',
	'//=',
	'|=',
	'+=',
	'-=',
	'*=',
	'/=',
	'%=',
	'==',
	'!=',
	'<=',
	'>=',
	'//',
	'|',
	',',
	'(',
	')',
	'[',
	']',
	'{',
	'}',
	':',
	';',
	'?',
	'=',
	'<',
	'>',
	'+',
	'-',
	'*',
	'/',
	'%'
];
const IDENT = /[A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)*/y;

/** Tokenizes a jq program (strings with interpolations, fields, variables, punctuation; comments dropped). @throws Unresolved on anything unknown. */
function tokenize(src: string, start = 0, stopAtParen = false): { toks: Tok[]; end: number } {
	const toks: Tok[] = [];
	let i = start;
	let depth = 0;
	while (i < src.length) {
		const c = src[i]!;
		if (/\s/.test(c)) {
			i++;
			continue;
		}
		if (c === '#') {
			while (i < src.length && src[i] !== '\n') i++;
			continue;
		}
		if (stopAtParen) {
			if (c === '(') depth++;
			if (c === ')') {
				if (depth === 0) return { toks, end: i + 1 };
				depth--;
			}
		}
		if (c === '"') {
			const r = readString(src, i);
			toks.push(r.tok);
			i = r.end;
			continue;
		}
		if (c === '.') {
			if (src[i + 1] === '.') {
				toks.push({ t: 'recurse' });
				i += 2;
				continue;
			}
			IDENT.lastIndex = i + 1;
			const m = IDENT.exec(src);
			if (m && !m[0].includes('::')) {
				toks.push({ t: 'field', v: m[0] });
				i += 1 + m[0].length;
				continue;
			}
			if (src[i + 1] === '"') {
				const r = readString(src, i + 1);
				if (r.tok.t === 'str' && r.tok.parts.length === 0 && r.literal !== null) {
					toks.push({ t: 'field', v: r.literal });
					i = r.end;
					continue;
				}
				bail('computed field name');
			}
			toks.push({ t: 'dot' });
			i++;
			continue;
		}
		if (c === '$' || c === '@') {
			IDENT.lastIndex = i + 1;
			const m = IDENT.exec(src);
			if (!m) bail(`lone ${c}`);
			toks.push(c === '$' ? { t: 'var', v: m![0] } : { t: 'fmt', v: m![0] });
			i += 1 + m![0].length;
			continue;
		}
		if (/[0-9]/.test(c)) {
			const m = /[0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?|[0-9]+\.?/y;
			m.lastIndex = i;
			const r = m.exec(src)!;
			toks.push({ t: 'num' });
			i += r[0].length;
			continue;
		}
		IDENT.lastIndex = i;
		const id = IDENT.exec(src);
		if (id) {
			toks.push({ t: 'ident', v: id[0] });
			i += id[0].length;
			continue;
		}
		const p = PUNCT.find((x) => src.startsWith(x, i));
		if (!p) bail(`unknown character ${c}`);
		toks.push({ t: 'p', v: p! });
		i += p!.length;
	}
	if (stopAtParen) bail('unclosed interpolation');
	return { toks, end: i };
}

function readString(src: string, start: number): { tok: Tok; end: number; literal: string | null } {
	const parts: Tok[][] = [];
	let i = start + 1;
	let text = '';
	while (i < src.length) {
		const c = src[i]!;
		if (c === '"') {
			let literal: string | null = null;
			try {
				literal = parts.length ? null : (JSON.parse(`"${text}"`) as string);
			} catch {
				literal = null;
			}
			return { tok: { t: 'str', parts }, end: i + 1, literal };
		}
		if (c === '\\') {
			if (src[i + 1] === '(') {
				const r = tokenize(src, i + 2, true);
				parts.push(r.toks);
				i = r.end;
				continue;
			}
			text += src.slice(i, i + 2);
			i += 2;
			continue;
		}
		text += c;
		i++;
	}
	return bail('unterminated string');
}

/** Functions that may take the root as input without observing unread tables (they see only gym names, or pass it through). */
const ROOT_SAFE = new Set(['length', 'keys', 'keys_unsorted', 'type', 'not', 'has', 'empty', 'select', 'first', 'last', 'limit', 'isempty', 'range', 'now']);
/** Of those, the ones whose arguments are evaluated on the call's input (so a root input reaches them). */
const ARGS_ON_INPUT = new Set(['select', 'first', 'last', 'limit', 'isempty', 'has', 'range']);
const BINOPS = new Set(['//', '==', '!=', '<', '<=', '>', '>=', '+', '-', '*', '/', '%', 'and', 'or']);
const ASSIGN = new Set(['|=', '+=', '-=', '*=', '/=', '%=', '//=', '=']);

class Scan {
	pos = 0;
	constructor(
		private toks: Tok[],
		private gyms: ReadonlySet<string>,
		private reads: Map<string, Set<string> | '*'>
	) {}

	private peek(k = 0): Tok | undefined {
		return this.toks[this.pos + k];
	}
	private isP(v: string, k = 0): boolean {
		const t = this.peek(k);
		return t?.t === 'p' && t.v === v;
	}
	private isId(v: string): boolean {
		const t = this.peek();
		return t?.t === 'ident' && t.v === v;
	}
	private expectP(v: string): void {
		if (!this.isP(v)) bail(`expected ${v}`);
		this.pos++;
	}
	private expectId(v: string): void {
		if (!this.isId(v)) bail(`expected ${v}`);
		this.pos++;
	}

	private read(gym: string, table: string | null): void {
		const cur = this.reads.get(gym);
		if (table === null || cur === '*') return void this.reads.set(gym, '*');
		if (cur) cur.add(table);
		else this.reads.set(gym, new Set([table]));
	}

	/** Pipe := Seq ('|' Seq)* ; `Term as $x | Pipe` keeps the input. */
	pipe(input: Kind, vars: Map<string, Kind>, noComma = false): Kind {
		let cur = input;
		for (;;) {
			cur = this.seq(cur, vars, noComma);
			if (!this.isP('|')) return cur;
			this.pos++;
		}
	}

	/** Seq := Term (binop Term)* (',' …)* ; handles `Term as $x | …` and assignment. */
	private seq(input: Kind, vars: Map<string, Kind>, noComma: boolean): Kind {
		let out: Kind = 'other';
		for (;;) {
			let k = this.term(input, vars);
			if (this.isId('as')) {
				this.pos++;
				const v = this.peek();
				if (v?.t !== 'var') bail('destructuring');
				this.pos++;
				if (this.isP('?//')) bail('destructuring alternatives');
				this.expectP('|');
				const inner = new Map(vars).set((v as { v: string }).v, k);
				return this.pipe(input, inner, noComma);
			}
			for (;;) {
				const t = this.peek();
				const op = t?.t === 'p' ? t.v : t?.t === 'ident' ? t.v : null;
				if (op !== null && ASSIGN.has(op)) {
					if (input === 'root') bail('assignment on the root');
					this.pos++;
					this.term(input, vars);
					k = 'other';
					continue;
				}
				if (op === null || !BINOPS.has(op)) break;
				this.pos++;
				const rhs = this.term(input, vars);
				if (op === '//') k = k === 'root' || rhs === 'root' ? 'root' : 'other';
				else {
					if (k === 'root' || rhs === 'root') bail(`root used with ${op}`);
					k = 'other';
				}
			}
			if (k === 'root') out = 'root';
			if (noComma || !this.isP(',')) return out;
			this.pos++;
		}
	}

	/** A term with its postfix chain. @returns the kind of its output. */
	private term(input: Kind, vars: Map<string, Kind>): Kind {
		const t = this.peek();
		if (!t) bail('unexpected end');
		this.pos++;
		let k: Kind;
		switch (t!.t) {
			case 'num':
				k = 'other';
				break;
			case 'str':
				for (const part of (t as { parts: Tok[][] }).parts) this.sub(part, input, vars, true);
				k = 'other';
				break;
			case 'fmt':
				if (input === 'root') bail('format on the root');
				if (this.peek()?.t === 'str') return this.term(input, vars);
				k = 'other';
				break;
			case 'dot':
				k = input;
				break;
			case 'recurse':
				if (input === 'root') bail('.. on the root');
				k = 'other';
				break;
			case 'field':
				k = this.fieldOn(input, (t as { v: string }).v);
				break;
			case 'var': {
				const name = (t as { v: string }).v;
				k = name === 'initial' ? 'root' : (vars.get(name) ?? 'other');
				break;
			}
			case 'p': {
				const v = (t as { v: string }).v;
				if (v === '(') {
					k = this.pipe(input, vars);
					this.expectP(')');
				} else if (v === '[') {
					if (this.isP(']')) this.pos++;
					else {
						if (this.pipe(input, vars) === 'root') bail('root inside an array');
						this.expectP(']');
					}
					k = 'other';
				} else if (v === '{') {
					this.object(input, vars);
					k = 'other';
				} else if (v === '-') {
					if (this.term(input, vars) === 'root') bail('negated root');
					k = 'other';
				} else return bail(`unexpected ${v}`);
				break;
			}
			case 'ident':
				k = this.keyword((t as { v: string }).v, input, vars);
				break;
		}
		return this.postfix(k!, input, vars);
	}

	private fieldOn(on: Kind, name: string): Kind {
		if (on !== 'root') return 'other';
		if (!this.gyms.has(name)) return 'other'; // a key that no gym has: null either way
		const next = this.peek();
		if (next?.t === 'field') {
			this.pos++;
			this.read(name, next.v);
		} else this.read(name, null);
		return 'other';
	}

	private postfix(k: Kind, input: Kind, vars: Map<string, Kind>): Kind {
		for (;;) {
			const t = this.peek();
			if (t?.t === 'field') {
				this.pos++;
				k = this.fieldOn(k, t.v);
			} else if (t?.t === 'p' && t.v === '?') this.pos++;
			else if (t?.t === 'p' && t.v === '[') {
				if (k === 'root') bail('index on the root');
				this.pos++;
				if (!this.isP(']')) {
					if (!this.isP(':')) this.pipe(input, vars);
					if (this.isP(':')) {
						this.pos++;
						if (!this.isP(']')) this.pipe(input, vars);
					}
				}
				this.expectP(']');
				k = 'other';
			} else if (t?.t === 'dot' && this.peek(1)?.t === 'p' && (this.peek(1) as { v: string }).v === '[') {
				this.pos++; // `.a.[0]`
			} else if (t?.t === 'str' && k !== 'root') {
				this.pos++; // `."x"` handled by the tokenizer; a bare string after a term is a jq error anyway
			} else return k;
		}
	}

	private object(input: Kind, vars: Map<string, Kind>): void {
		if (this.isP('}')) return void this.pos++;
		for (;;) {
			const t = this.peek();
			if (!t) bail('unclosed object');
			this.pos++;
			let shorthand: string | null = null;
			if (t!.t === 'ident') shorthand = t!.v;
			else if (t!.t === 'var') {
				if ((t!.v === 'initial' || vars.get(t!.v) === 'root') && !this.isP(':')) bail('root in an object');
			} else if (t!.t === 'str') {
				for (const part of t!.parts) this.sub(part, input, vars, true);
				if (!this.isP(':')) bail('string key shorthand');
			} else if (t!.t === 'p' && t!.v === '(') {
				this.pipe(input, vars);
				this.expectP(')');
			} else if (t!.t === 'num' || t!.t === 'fmt') bail('unusual object key');
			else bail('unusual object key');
			if (this.isP(':')) {
				this.pos++;
				if (this.pipe(input, vars, true) === 'root') bail('root in an object');
			} else if (shorthand !== null) this.fieldOn(input, shorthand);
			if (this.isP(',')) {
				this.pos++;
				continue;
			}
			this.expectP('}');
			return;
		}
	}

	private keyword(v: string, input: Kind, vars: Map<string, Kind>): Kind {
		switch (v) {
			case 'def':
			case 'import':
			case 'include':
			case 'label':
			case 'foreach':
				return bail(v);
			case 'if': {
				let out: Kind = 'other';
				this.pipe(input, vars);
				this.expectId('then');
				if (this.pipe(input, vars) === 'root') out = 'root';
				while (this.isId('elif')) {
					this.pos++;
					this.pipe(input, vars);
					this.expectId('then');
					if (this.pipe(input, vars) === 'root') out = 'root';
				}
				if (this.isId('else')) {
					this.pos++;
					if (this.pipe(input, vars) === 'root') out = 'root';
				} else out = input === 'root' ? 'root' : out;
				this.expectId('end');
				return out;
			}
			case 'try': {
				const k = this.postfix(this.termNoPostfix(input, vars), input, vars);
				if (this.isId('catch')) {
					this.pos++;
					this.term('other', vars);
				}
				return k;
			}
			case 'reduce': {
				const src = this.term(input, vars);
				this.expectId('as');
				const name = this.peek();
				if (name?.t !== 'var') bail('destructuring');
				this.pos++;
				const inner = new Map(vars).set((name as { v: string }).v, src);
				this.expectP('(');
				if (this.pipe(input, inner) === 'root') bail('reduce from the root');
				this.expectP(';');
				this.pipe('other', inner);
				this.expectP(')');
				return 'other';
			}
			case 'null':
			case 'true':
			case 'false':
				return 'other';
			default: {
				if (['then', 'elif', 'else', 'end', 'as', 'catch', 'and', 'or', '__loc__'].includes(v)) return bail(`unexpected ${v}`);
				if (input === 'root' && !ROOT_SAFE.has(v)) bail(`${v} on the root`);
				let out: Kind = 'other';
				if (this.isP('(')) {
					this.pos++;
					const argInput: Kind = ARGS_ON_INPUT.has(v) ? input : 'other';
					for (;;) {
						const k = this.pipe(argInput, vars);
						if (k === 'root' && ['first', 'last', 'limit'].includes(v)) out = 'root';
						else if (k === 'root' && v !== 'select') bail(`root passed to ${v}`);
						if (this.isP(';')) {
							this.pos++;
							continue;
						}
						break;
					}
					this.expectP(')');
				}
				if (v === 'select') out = input;
				return out;
			}
		}
	}

	private termNoPostfix(input: Kind, vars: Map<string, Kind>): Kind {
		// `try` binds a postfix term; parsing the full term is equivalent for our purpose.
		return this.term(input, vars);
	}

	/** Analyzes an interpolation's tokens with the same input; a root value stringified is unresolved. */
	sub(toks: Tok[], input: Kind, vars: Map<string, Kind>, consumed: boolean): void {
		const s = new Scan(toks, this.gyms, this.reads);
		const k = s.pipe(input, vars);
		if (s.pos !== toks.length) bail('trailing tokens');
		if (consumed && k === 'root') bail('root stringified');
	}
}

/**
 * The tables one query reads.
 * @param gyms the gym names of the state (`hubspot`, …): only `.<gym>` paths count as table reads.
 * @returns `{all: false, gyms}` (possibly empty: the query reads no table) or `{all: true}` when unresolved.
 */
export function tablesRead(query: string, gyms: Iterable<string>): TableNeeds {
	const reads = new Map<string, Set<string> | '*'>();
	try {
		const { toks } = tokenize(query);
		const scan = new Scan(toks, new Set(gyms), reads);
		const out = scan.pipe('root', new Map());
		if (scan.pos !== toks.length) bail('trailing tokens');
		if (out === 'root') bail('returns the root');
	} catch (e) {
		if (e instanceof Unresolved) return { all: true };
		throw e;
	}
	return { all: false, gyms: reads };
}

/** The union of {@link tablesRead} over `queries`: `{all: true}` as soon as one query is unresolved. */
export function tablesReadBy(queries: readonly string[], gyms: Iterable<string>): TableNeeds {
	const names = [...gyms];
	const union = new Map<string, Set<string> | '*'>();
	for (const q of queries) {
		const r = tablesRead(q, names);
		if (r.all) return r;
		for (const [g, t] of r.gyms) {
			const cur = union.get(g);
			if (t === '*' || cur === '*') union.set(g, '*');
			else union.set(g, new Set([...(cur ?? []), ...t]));
		}
	}
	return { all: false, gyms: union };
}

/**
 * Prunes `{gym: {table: rows}}` to what `needs` names. Every gym stays (as `{}` when none of its tables is
 * read), so `keys`/`length` of the root are unchanged.
 */
export function pruneTables<T>(state: Record<string, Record<string, T>>, needs: TableNeeds): Record<string, Record<string, T>> {
	if (needs.all) return state;
	const out: Record<string, Record<string, T>> = {};
	for (const [gym, tables] of Object.entries(state)) {
		const want = needs.gyms.get(gym);
		if (want === '*') out[gym] = tables;
		else out[gym] = Object.fromEntries(Object.entries(tables).filter(([t]) => want?.has(t)));
	}
	return out;
}

/** The table list to pass to `Gym.exportState(tables)` for `gym`: undefined = all tables. */
export function tablesFor(needs: TableNeeds, gym: string): string[] | undefined {
	if (needs.all) return undefined;
	const want = needs.gyms.get(gym);
	if (want === '*') return undefined;
	return [...(want ?? [])].sort();
}
