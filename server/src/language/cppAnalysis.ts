// The TLA inside a C++ document, analysed with the same evaluator as `.tla` files:
// constants are evaluated first, then `using` aliases, then every TLA expression in
// order; names that are not compile-time constants become symbolic integers. The result
// has the shape of a DocumentAnalysis, so hover and inlay hints serve both kinds of file.
//
// Incremental and bounded (limits.ts), as the `.tla` analysis is:
//   - an edit tokenizes again only the region it touched (cppSource.ts's retokenize);
//   - parses and evaluations are cached by their text (and, for an evaluation, the
//     bindings it read), in caches bounded by bytes, released with the analyzer;
//   - an expression nested too deep, too long, or deeper than the stack gets a
//     `limit-exceeded` diagnostic at its place; the rest of the file is still served;
//   - one call works at most `budgetMs` (ANALYSIS_BUDGET_MS): then it yields a partial
//     analysis (`complete: false`), and the next call continues where it stopped, reusing
//     everything already done.
import * as core from '../core';
import type { DocumentAnalysis, StatementAnalysis, Declaration } from './analysis';
import { entryBytes } from './analysis';
import { Diagnostic } from './diagnostics';
import { Binding, EvalResult, Environment, LocalDiagnostic, StatementEvaluator, Value, printValue } from './evaluate';
import { ParseResult, parseStatement } from './parser';
import { CppTokens, retokenize, scanTokens, tokenizeFrom } from './cppSource';
import { ANALYSIS_BUDGET_MS, CACHE_SLACK_BYTES, MAX_CPP_EXPRESSION_CHARS, limitMessages, nestingLimit, normalizeLineEnds } from '../limits';

/** Only these are certain in C++ (structure, not values), and they are warnings there. */
const CERTAIN_CODES = new Set(['rank-mismatch', 'depth-mismatch']);

export interface CppAnalysis extends DocumentAnalysis {
  /** false when the file neither includes a tla/ header nor mentions tla:: — then nothing is shown. */
  usesTla: boolean;
  /** false when the analysis yielded before the end of the file (call analyze again to continue). */
  complete: boolean;
}

interface EvalEntry {
  reads: [string, Binding | undefined][];
  result: EvalResult;
}

/** A map bounded by the bytes of its entries: the least recently used go first. */
class ByteCache<V> {
  private map = new Map<string, { value: V; bytes: number }>();
  bytes = 0;
  constructor(public maxBytes: number) {}
  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    // most recently used last
    this.map.delete(key);
    this.map.set(key, e);
    return e.value;
  }
  set(key: string, value: V): void {
    const old = this.map.get(key);
    if (old) {
      this.bytes -= old.bytes;
      this.map.delete(key);
    }
    const bytes = entryBytes(key);
    // a fresh copy: a slice would keep the whole document text alive
    this.map.set(key.length < 13 ? key : (' ' + key).slice(1), { value, bytes });
    this.bytes += bytes;
    this.trim();
  }
  delete(key: string): void {
    const old = this.map.get(key);
    if (old) {
      this.bytes -= old.bytes;
      this.map.delete(key);
    }
  }
  trim(): void {
    for (const [k, e] of this.map) {
      if (this.bytes <= this.maxBytes) break;
      this.map.delete(k);
      this.bytes -= e.bytes;
    }
  }
  get size(): number {
    return this.map.size;
  }
}

const limitDiagnostic = (message: string, length: number): LocalDiagnostic => ({
  start: 0,
  end: Math.min(length, 1),
  severity: 'information',
  code: 'limit-exceeded',
  message,
});

export class CppAnalyzer {
  private parseCache = new ByteCache<ParseResult>(CACHE_SLACK_BYTES);
  private evalCache = new ByteCache<EvalEntry>(CACHE_SLACK_BYTES);
  /** The previous text (line ends normalised) and its tokens, for the next edit. */
  private previous: { text: string; tokens: CppTokens } | undefined;
  /** Every binding the previous analysis made, by name: a binding of the same value is reused, so its dependents stay cached. */
  private previousBindings = new Map<string, Binding[]>();
  /** Time one call may work before it yields (tests set 0: one new evaluation a call). */
  budgetMs = ANALYSIS_BUDGET_MS;
  /** What the last analyze() did: characters tokenized again, expressions parsed and evaluated anew. */
  stats = { tokenized: 0, parsed: 0, evaluated: 0, expressions: 0 };

  /** Bytes held by the caches. */
  get cacheBytes(): number {
    return this.parseCache.bytes + this.evalCache.bytes;
  }

  private tokens(text: string): { tokens: CppTokens; tokenized: number } {
    const prev = this.previous;
    if (prev && prev.text === text) return { tokens: prev.tokens, tokenized: 0 };
    if (prev) {
      this.previous = undefined; // retokenize shifts the previous tokens: they are given up
      return retokenize(prev.text, prev.tokens, text);
    }
    const out: CppTokens = { tokens: [], includes: [] };
    tokenizeFrom(text, 0, true, out);
    return { tokens: out, tokenized: text.length };
  }

  analyze(original: string): CppAnalysis {
    try {
      return this.run(original);
    } catch (e) {
      // whatever went wrong, the next analysis starts afresh
      this.previous = undefined;
      this.previousBindings.clear();
      throw e;
    }
  }

  private run(original: string): CppAnalysis {
    const t0 = performance.now();
    const text = normalizeLineEnds(original);
    const { tokens, tokenized } = this.tokens(text);
    this.previous = { text, tokens };
    // the caches may hold what this text needs twice over, and some slack
    const max = 2 * entryBytes(text) + CACHE_SLACK_BYTES;
    this.parseCache.maxBytes = max;
    this.evalCache.maxBytes = max;
    this.parseCache.trim();
    this.evalCache.trim();

    const scan = scanTokens(tokens.tokens, tokens.includes.length > 0);
    const statements: StatementAnalysis[] = [];
    const declarations = new Map<string, Declaration>();
    const diagnostics: Diagnostic[] = [];
    const stats = { tokenized, parsed: 0, evaluated: 0, expressions: scan.expressions.length };
    this.stats = stats;
    if (!scan.mentionsTla) {
      this.previousBindings.clear();
      return { text: original, statements, diagnostics, declarations, usesTla: false, complete: true };
    }

    const bindings = new Map<string, Binding>();
    const made = new Map<string, Binding[]>();
    const symbols = new Map<string, Value>();
    const free = (n: string) => {
      let v = symbols.get(n);
      if (!v) symbols.set(n, (v = core.symbolicInt(n)));
      return v;
    };
    let paused: number | undefined; // offset where the analysis yielded

    /** Parses and evaluates one piece of the source; undefined when it is not TLA we understand. */
    const evaluate = (start: number, end: number, wrap: (src: string) => string, offsetInWrap: number): StatementAnalysis | undefined => {
      if (paused !== undefined) return undefined;
      const src = text.slice(start, end);
      const wrapped = wrap(src);
      const chunk = { start: start - offsetInWrap, end, text: wrapped, terminated: true, preprocessor: false };
      const limited = (message: string): StatementAnalysis => ({
        index: 0,
        chunk,
        statement: null,
        result: null,
        local: [{ ...limitDiagnostic(message, wrapped.length), start: offsetInWrap, end: offsetInWrap + Math.min(1, src.length) }],
      });
      if (src.length > MAX_CPP_EXPRESSION_CHARS) return limited(limitMessages.length(src.length));
      const deep = nestingLimit(wrapped);
      if (deep) return limited(deep);

      let parsed = this.parseCache.get(wrapped);
      let work = false;
      if (!parsed) {
        try {
          parsed = parseStatement(wrapped);
        } catch (e) {
          if (!(e instanceof RangeError)) throw e;
          return limited(limitMessages.stack()); // deeper than the parser's stack
        }
        this.parseCache.set(wrapped, parsed);
        stats.parsed++;
        work = true;
      }
      if (!parsed.ok) return undefined; // not TLA we understand: say nothing (clangd speaks for C++)
      const st = parsed.statement;

      let result: EvalResult;
      const cached = this.evalCache.get(wrapped);
      if (cached && cached.reads.every(([n, b]) => bindings.get(n) === b)) result = cached.result;
      else {
        const reads = new Map<string, Binding | undefined>();
        let usedNames = false;
        const env: Environment = {
          lookup: (n) => {
            const b = bindings.get(n);
            reads.set(n, b);
            return b;
          },
          names: () => {
            usedNames = true;
            return bindings.keys();
          },
          free,
        };
        try {
          result = new StatementEvaluator(env).run(st);
        } catch (e) {
          if (!(e instanceof RangeError)) throw e;
          this.evalCache.delete(wrapped);
          return limited(limitMessages.stack()); // a chain too long to evaluate recursively
        }
        stats.evaluated++;
        work = true;
        if (!usedNames) this.evalCache.set(wrapped, { reads: [...reads], result });
        else this.evalCache.delete(wrapped);
      }
      if (work && performance.now() - t0 > this.budgetMs) paused = end;
      return {
        index: 0,
        chunk,
        statement: st,
        result,
        local: result.diagnostics.filter((d) => CERTAIN_CODES.has(d.code)).map((d) => ({ ...d, severity: 'warning' as const })),
      };
    };

    const bind = (name: string, value: Value | null, sa: StatementAnalysis, nameStart: number, nameEnd: number) => {
      // the same value as a binding of the previous analysis: that binding, so its dependents stay cached
      const same = this.previousBindings.get(name)?.find((b) => b.value === value || (b.value && value && printValue(b.value) === printValue(value)));
      const binding = same ?? { value };
      bindings.set(name, binding);
      let list = made.get(name);
      if (!list) made.set(name, (list = []));
      list.push(binding);
      declarations.set(name, { name, statement: sa, start: nameStart, end: nameEnd, value: binding.value });
    };

    const limitedStatements: StatementAnalysis[] = [];
    for (const c of scan.constants) {
      const prefix = 'auto __c = ';
      const sa = evaluate(c.start, c.end, (s) => `${prefix}${s};`, prefix.length);
      if (sa && !sa.result) limitedStatements.push(sa);
      if (sa?.result?.value && sa.result.value.kind === 'int') bind(c.name, sa.result.value, sa, c.nameStart, c.nameEnd);
    }
    for (const a of scan.aliases) {
      const prefix = 'auto __a = ';
      // bound, not listed: the `{}` we add does not exist in the source, so no hint sits on it
      const sa = evaluate(a.start, a.end, (s) => `${prefix}${s}{};`, prefix.length);
      if (sa && !sa.result) limitedStatements.push(sa);
      if (sa?.result?.value) bind(a.name, sa.result.value, sa, a.nameStart, a.nameEnd);
    }
    for (const e of scan.expressions) {
      const sa = evaluate(e.start, e.end, (s) => `${s};`, 0);
      if (!sa) continue;
      statements.push(sa);
      if (e.boundName && sa.result?.value) bind(e.boundName, sa.result.value, sa, e.nameStart!, e.nameEnd!);
    }
    // limits met by constants and aliases: their diagnostics are listed with the statements (no hint, no value)
    for (const sa of limitedStatements) statements.push(sa);
    statements.sort((x, y) => x.chunk.start - y.chunk.start);
    statements.forEach((s, i) => (s.index = i));
    for (const s of statements) {
      for (const d of s.local) {
        diagnostics.push({ start: s.chunk.start + d.start, end: s.chunk.start + d.end, severity: d.severity ?? 'warning', code: d.code, message: d.message, related: [], data: d.data });
      }
    }
    if (paused !== undefined) {
      const at = Math.min(paused, original.length);
      diagnostics.push({ start: Math.max(0, at - 1), end: at, severity: 'information', code: 'limit-exceeded', message: limitMessages.budget(Math.round(performance.now() - t0)), related: [] });
      // a partial analysis adds its bindings to those the next call may reuse
      for (const [n, list] of made) this.previousBindings.set(n, [...new Set([...(this.previousBindings.get(n) ?? []), ...list])]);
    } else {
      // the bindings of a complete analysis are the ones the next edit can reuse
      this.previousBindings = made;
    }
    // alias type forms are value-initialised: their zero originShape is the alias's business, not a warning here
    return { text: original, statements, diagnostics, declarations, usesTla: true, complete: paused === undefined };
  }
}
