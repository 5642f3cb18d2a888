// Whole-document analysis: split into statements, parse each (cached by text),
// evaluate in order with an environment of names (cached by text + the values of
// the names it read), and collect diagnostics with absolute offsets.
import type * as Ast from './ast';
import { Diagnostic, severityOf } from './diagnostics';
import { Binding, EvalResult, Environment, LocalDiagnostic, StatementEvaluator, Value, printValue } from './evaluate';
import { ParseResult, parseStatement } from './parser';
import { StatementChunk, splitStatements } from './statements';

/** Deeper bracket nesting than this is refused before parsing (the parser recurses). */
export const MAX_NESTING = 200;

export interface StatementAnalysis {
  index: number;
  chunk: StatementChunk;
  statement: Ast.Statement | null;
  /** null when the statement did not parse or has no expression. */
  result: EvalResult | null;
  /** Diagnostics relative to chunk.start, syntax errors included. */
  local: LocalDiagnostic[];
  /** The name this statement declares, if any (also for a declaration that failed to parse). */
  declaredName?: string;
  declaredNameSpan?: Ast.Span; // relative
  /** true when this declaration repeats an earlier name. */
  duplicate?: boolean;
}

export interface Declaration {
  name: string;
  statement: StatementAnalysis;
  /** Absolute offsets of the declared name. */
  start: number;
  end: number;
  value: Value | null;
}

export interface DocumentAnalysis {
  text: string;
  statements: StatementAnalysis[];
  diagnostics: Diagnostic[];
  declarations: Map<string, Declaration>;
}

/**
 * A copy that does not keep the whole document alive: V8's slices point into their parent
 * string, so a cache keyed by a statement's slice would retain every document version.
 */
const unslice = (s: string): string => (s.length < 13 ? s : (' ' + s).slice(1));

interface EvalCacheEntry {
  reads: [string, Binding | undefined][];
  result: EvalResult;
}

const DECL_NAME = /^(?:(?:const|constexpr|static|inline)\s+)*(?:auto\s+|[A-Za-z_][\w:]*\s*(?:<[^=;]*>)?\s+)?([A-Za-z_]\w*)\s*=(?!=)/;

const CAST = /^\(\s*(?:int64_t|uint64_t|int32_t|uint32_t|size_t|int|long|unsigned)\s*\)/;

/** How deep the parser would recurse: brackets, and runs of prefix operators and casts. */
function maxNesting(text: string): { brackets: number; prefix: number } {
  let d = 0;
  let max = 0;
  let prefixMax = 0;
  let prefixRun = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 45 || c === 43) {
      // '-' or '+': a run of them nests unary operators
      prefixMax = Math.max(prefixMax, ++prefixRun);
      continue;
    }
    if (c === 40 && (text.charCodeAt(i + 1) === 105 || text.charCodeAt(i + 1) === 117 || text.charCodeAt(i + 1) === 115 || text.charCodeAt(i + 1) === 108 || text.charCodeAt(i + 1) === 32)) {
      const m = CAST.exec(text.slice(i, i + 24));
      if (m) {
        prefixMax = Math.max(prefixMax, ++prefixRun);
        i += m[0].length - 1;
        continue;
      }
    }
    if (c > 32) prefixRun = 0;
    if (c === 40 || c === 91 || c === 123 || c === 60) max = Math.max(max, ++d);
    else if (c === 41 || c === 93 || c === 125 || c === 62) d = Math.max(0, d - 1);
  }
  return { brackets: max, prefix: prefixMax };
}

function tooDeep(text: string): LocalDiagnostic {
  return {
    start: 0,
    end: Math.min(text.length, 1),
    severity: 'error',
    code: 'limit-exceeded',
    message: `expression nested too deeply to analyse (thousands of operators in a chain); at most ${MAX_NESTING} levels of brackets or prefix operators, and chains the stack can hold, are analysed`,
  };
}

function tidyExpected(expected: string): string {
  // ohm lists every operator that could continue; lead with the punctuation that closes things.
  const items = expected.replace(/, or /g, ', ').replace(/^or /, '').split(/, (?=")|, (?=[a-z])/);
  const closers = items.filter((x) => /^"[);,>}\]]"$/.test(x));
  const keep = closers.length ? closers : items;
  const shown = keep.length > 6 ? [...keep.slice(0, 6), 'more'] : keep;
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}` : shown[0];
}

export class Analyzer {
  private parseCache = new Map<string, ParseResult>();
  private evalCache = new Map<string, EvalCacheEntry>();
  private previousBindings = new Map<string, Binding>();
  /** Counters for tests and benchmarks: how much work the last analyze() did. */
  stats = { parsed: 0, evaluated: 0, statements: 0 };

  parse(text: string): ParseResult {
    let r = this.parseCache.get(text);
    if (!r) {
      text = unslice(text);
      r = parseStatement(text);
      this.parsedCount++;
      this.parseCache.set(text, r);
    }
    this.usedParseKeys?.add(text);
    return r;
  }
  private usedParseKeys: Set<string> | undefined;
  private parsedCount = 0;

  analyze(text: string): DocumentAnalysis {
    this.parsedCount = 0;
    this.usedParseKeys = new Set();
    let evaluated = 0;
    const chunks = splitStatements(text);
    const bindings = new Map<string, Binding>();
    const declarations = new Map<string, Declaration>();
    const statements: StatementAnalysis[] = [];
    const diagnostics: Diagnostic[] = [];
    const usedEvalKeys = new Set<string>();

    const env: Environment = {
      lookup: (name) => bindings.get(name),
      names: () => bindings.keys(),
    };

    for (let index = 0; index < chunks.length; index++) {
      const chunk = chunks[index];
      const sa: StatementAnalysis = { index, chunk, statement: null, result: null, local: [] };
      statements.push(sa);
      if (chunk.preprocessor) continue;

      // -- parse
      const deep = maxNesting(chunk.text);
      const nesting = Math.max(deep.brackets, deep.prefix);
      let parsed: ParseResult | null = null;
      if (nesting > MAX_NESTING) {
        sa.local.push({
          start: 0,
          end: Math.min(chunk.text.length, 1),
          severity: 'error',
          code: 'limit-exceeded',
          message:
            deep.brackets > MAX_NESTING
              ? `brackets nested ${deep.brackets} deep; at most ${MAX_NESTING} levels are analysed`
              : `prefix operators (signs or casts) nested ${deep.prefix} deep; at most ${MAX_NESTING} levels are analysed`,
        });
      } else {
        try {
          parsed = this.parse(chunk.text + (chunk.terminated ? '' : ';'));
        } catch (e) {
          if (!(e instanceof RangeError)) throw e;
          parsed = null; // nested deeper than the parser's stack (e.g. 10,000 unary minus signs)
          sa.local.push(tooDeep(chunk.text));
        }
        if (parsed?.ok && !chunk.terminated) {
          const at = chunk.text.length;
          sa.local.push({
            start: Math.max(0, at - 1),
            end: at,
            severity: 'error',
            code: 'missing-semicolon',
            message: "expected ';' at the end of the statement",
            data: { insert: ';' },
          });
        } else if (parsed && !parsed.ok) {
          const at = Math.min(parsed.error.offset, chunk.text.length);
          // the range covers the offending token (up to the next blank or bracket)
          const m = /^[A-Za-z_0-9]+|^\S/.exec(chunk.text.slice(at));
          const end = at + (m ? m[0].length : 0);
          sa.local.push({
            start: at,
            end: Math.max(end, at),
            severity: 'error',
            code: 'syntax-error',
            message: `syntax error: expected ${tidyExpected(parsed.error.expected)}`,
          });
        }
      }

      if (parsed?.ok) {
        sa.statement = parsed.statement;
        if (parsed.statement.type === 'decl') {
          sa.declaredName = parsed.statement.name;
          sa.declaredNameSpan = parsed.statement.nameSpan;
        }
      } else {
        const m = DECL_NAME.exec(chunk.text);
        if (m) {
          sa.declaredName = m[1];
          const s = m.index + m[0].lastIndexOf(m[1], m[0].length - 1);
          sa.declaredNameSpan = { start: s, end: s + m[1].length };
        }
      }

      // -- evaluate (cached by text + what it read)
      const st = sa.statement;
      if (st && (st.type === 'decl' || st.type === 'expr' || st.type === 'assert')) {
        const key = chunk.text;
        const cached = this.evalCache.get(key);
        if (cached && cached.reads.every(([n, b]) => bindings.get(n) === b)) {
          sa.result = cached.result;
        } else {
          const reads = new Map<string, Binding | undefined>();
          let usedNames = false;
          const recording: Environment = {
            lookup: (n) => {
              const b = bindings.get(n);
              reads.set(n, b);
              return b;
            },
            names: () => {
              usedNames = true;
              return bindings.keys();
            },
          };
          try {
            sa.result = new StatementEvaluator(recording).run(st);
          } catch (e) {
            if (!(e instanceof RangeError)) throw e;
            // a left-nested chain too long to evaluate recursively (a 100,000-term sum)
            sa.result = { value: null, diagnostics: [tooDeep(chunk.text)], nodeValues: [], dependencies: [], tiles: [], offsets: [] };
            sa.statement = null; // features walk the tree recursively: leave it out
            usedNames = true; // not cached: the cached path would keep the tree
          }
          evaluated++;
          if (!usedNames) this.evalCache.set(unslice(key), { reads: [...reads], result: sa.result });
          else this.evalCache.delete(key);
        }
        usedEvalKeys.add(key);
        sa.local.push(...sa.result.diagnostics);
      }

      // -- bind
      if (sa.declaredName) {
        const name = sa.declaredName;
        const span = sa.declaredNameSpan!;
        const first = declarations.get(name);
        if (first) {
          sa.duplicate = true;
          sa.local.push({
            start: span.start,
            end: span.end,
            severity: 'error',
            code: 'duplicate-declaration',
            message: `'${name}' is already declared (line of the first declaration is related); C++ would reject the redefinition`,
            relatedNames: [{ name, message: `first declaration of '${name}'` }],
          });
        } else {
          const value = sa.result?.value ?? null;
          // Keep the old binding object when the value is unchanged, so dependents stay cached.
          const prev = this.previousBindings.get(name);
          const binding: Binding =
            prev && (prev.value === value || (prev.value && value && printValue(prev.value) === printValue(value))) ? prev : { value };
          bindings.set(name, binding);
          declarations.set(name, {
            name,
            statement: sa,
            start: chunk.start + span.start,
            end: chunk.start + span.end,
            value: binding.value,
          });
        }
      }
    }

    // -- absolute diagnostics, related locations resolved against the final declarations
    for (const sa of statements) {
      for (const d of sa.local) {
        const related = (d.relatedNames ?? [])
          .map((r) => {
            const decl = declarations.get(r.name);
            return decl ? { start: decl.start, end: decl.end, message: r.message } : undefined;
          })
          .filter((x): x is NonNullable<typeof x> => !!x);
        diagnostics.push({
          start: sa.chunk.start + d.start,
          end: sa.chunk.start + d.end,
          severity: d.severity ?? severityOf(d.code),
          code: d.code,
          message: d.message,
          related,
          data: d.data,
        });
      }
    }

    // Forget cache entries of statements that are gone, so memory follows the document.
    if (this.evalCache.size > usedEvalKeys.size * 2 + 1000) {
      for (const k of this.evalCache.keys()) if (!usedEvalKeys.has(k)) this.evalCache.delete(k);
    }
    const usedParse = this.usedParseKeys;
    if (this.parseCache.size > usedParse.size * 2 + 1000) {
      for (const k of this.parseCache.keys()) if (!usedParse.has(k)) this.parseCache.delete(k);
    }
    this.usedParseKeys = undefined;
    this.previousBindings = bindings;
    this.stats = { parsed: this.parsedCount, evaluated, statements: chunks.length };
    return { text, statements, diagnostics, declarations };
  }
}

/** One-shot analysis without caching across calls. */
export function analyze(text: string): DocumentAnalysis {
  return new Analyzer().analyze(text);
}
